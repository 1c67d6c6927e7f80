"""The default HBP corpus: reading the package data, and `ensure`/`build` on small stand-in corpora
(the real 5,371-sentence build is timed in bench/retrieval.py --hbp, not here)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

import corpus.build as corpus_build
import retrieval.index
from corpus.__main__ import main as corpus_main
from corpus.hbp import CorpusError, corpus_label, load_documents
from retrieval.documents import Document
from retrieval.embeddings import DEFAULT_MODEL, Embedder, resolve_model
from retrieval.index import FORMAT_VERSION, PaperIndex, read_manifest
from retrieval.stored import READABLE_FORMATS, index_file

REPO = Path(__file__).resolve().parent.parent

SMALL_CORPUS = [
    Document(id="1001", title="Tau aggregation", sentences=["Phosphorylated tau forms paired helical filaments."]),
    Document(id="1002", title="Amyloid and synapses", sentences=["Amyloid-beta oligomers impair long-term potentiation."]),
]


@pytest.fixture(scope="module")
def hbp_documents() -> list[Document]:
    return load_documents()


def test_one_document_per_paper_with_distinct_evidence(hbp_documents: list[Document]) -> None:
    assert 350 <= len(hbp_documents) <= 450
    ids = [d.id for d in hbp_documents]
    assert len(set(ids)) == len(ids)
    assert sum(d.id.isdigit() for d in hbp_documents) >= len(hbp_documents) - 5  # PubMed ids
    assert 5000 <= sum(len(d.sentences) for d in hbp_documents) <= 6000
    for document in hbp_documents:
        assert document.title and document.sentences
        assert len(set(document.sentences)) == len(document.sentences)
        assert "CC BY 4.0" in document.source and "hbp-knowledge" in document.source


def test_known_paper_and_sentence(hbp_documents: list[Document]) -> None:
    by_id = {d.id: d for d in hbp_documents}
    paper = by_id["30046111"]
    assert paper.title == "Functional aspects of meningeal lymphatics in ageing and Alzheimer's disease."
    assert any("meninges" in s for s in paper.sentences)


def test_reading_does_not_import_the_bel_libraries() -> None:
    code = "import sys; from corpus.hbp import load_documents; load_documents(); " \
           "sys.exit(1 if {'pybel', 'bel_repository', 'hbp_knowledge'} & set(sys.modules) else 0)"
    assert subprocess.run([sys.executable, "-c", code], cwd=REPO).returncode == 0


def test_unreadable_source_is_a_clear_error(tmp_path: Path) -> None:
    broken = tmp_path / "_cache.bel.json"
    broken.write_text('{"links": [')
    with pytest.raises(CorpusError, match="cannot read the HBP knowledge graph"):
        load_documents(broken)


@pytest.fixture(scope="module")
def loaded_models() -> dict[str, Embedder]:
    return {}


@pytest.fixture(autouse=True)
def reuse_loaded_models(monkeypatch: pytest.MonkeyPatch, loaded_models: dict[str, Embedder]) -> None:
    """Load each model once per module instead of once per index built (loading takes seconds)."""

    def shared(model_name: str) -> Embedder:
        return loaded_models.setdefault(model_name, Embedder(model_name))

    monkeypatch.setattr(retrieval.index, "Embedder", shared)


@pytest.fixture()
def small_corpus(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Stand in a two-paper corpus for the HBP one, and record what ensure says."""
    monkeypatch.setattr(corpus_build, "load_documents", lambda: SMALL_CORPUS)
    return []


def test_ensure_builds_when_missing_then_is_a_no_op(tmp_path: Path, small_corpus: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    index_dir = tmp_path / "index"
    manifest, action = corpus_build.ensure_index(index_dir, DEFAULT_MODEL, say=small_corpus.append)
    assert action == "built" and manifest.documents == 2 and manifest.corpus == corpus_label()
    assert "no paper index" in small_corpus[0]

    def no_build(*args, **kwargs):
        raise AssertionError("ensure rebuilt a valid index")

    monkeypatch.setattr(corpus_build.PaperIndex, "build", no_build)
    again, action = corpus_build.ensure_index(index_dir, DEFAULT_MODEL, say=small_corpus.append)
    assert action == "ready" and again == manifest


def test_ensure_leaves_a_users_library_alone(tmp_path: Path, small_corpus: list[str]) -> None:
    user = [Document(id="u1", title="My paper", sentences=["Coffee raises alertness."])]
    PaperIndex.build(user, tmp_path / "index", DEFAULT_MODEL)
    manifest, action = corpus_build.ensure_index(tmp_path / "index", DEFAULT_MODEL, say=small_corpus.append)
    assert action == "ready" and manifest.documents == 1


def test_ensure_re_embeds_stored_documents_when_the_model_changes(tmp_path: Path, small_corpus: list[str]) -> None:
    user = [Document(id="u1", title="My paper", sentences=["Coffee raises alertness."])]
    PaperIndex.build(user, tmp_path / "index", DEFAULT_MODEL, corpus="my library")
    # The same model files named by path count as a different model setting.
    other = resolve_model(DEFAULT_MODEL)
    manifest, action = corpus_build.ensure_index(tmp_path / "index", other, say=small_corpus.append)
    assert action == "re-embedded"
    assert manifest.embedding_model == other and manifest.documents == 1 and manifest.corpus == "my library"
    assert any("was embedded with 'all-MiniLM-L6-v2'" in message for message in small_corpus)
    assert PaperIndex.open(tmp_path / "index", other).search("caffeine and wakefulness", k=1)[0].doc_id == "u1"


def test_ensure_re_embeds_a_users_library_written_in_an_older_format(tmp_path: Path, small_corpus: list[str]) -> None:
    user = [Document(id="u1", title="My paper", sentences=["Coffee raises alertness."])]
    PaperIndex.build(user, tmp_path / "index", DEFAULT_MODEL, corpus="my library")
    manifest_path = tmp_path / "index" / "manifest.json"
    old = json.loads(manifest_path.read_text(encoding="utf-8"))
    unreadable = min(READABLE_FORMATS) - 1  # format 2, the one before, is still read as it is
    manifest_path.write_text(json.dumps({**old, "format_version": unreadable}), encoding="utf-8")
    manifest, action = corpus_build.ensure_index(tmp_path / "index", DEFAULT_MODEL, say=small_corpus.append)
    assert action == "re-embedded" and manifest.corpus == "my library" and manifest.documents == 1
    assert manifest.format_version == FORMAT_VERSION
    assert any(f"has format {unreadable}" in message for message in small_corpus)
    assert PaperIndex.open(tmp_path / "index", DEFAULT_MODEL).search("caffeine and wakefulness", k=1)[0].doc_id == "u1"


def test_ensure_rebuilds_after_a_package_upgrade(tmp_path: Path, small_corpus: list[str]) -> None:
    PaperIndex.build(SMALL_CORPUS[:1], tmp_path / "index", DEFAULT_MODEL, corpus="hbp-knowledge 0.0.1")
    manifest, action = corpus_build.ensure_index(tmp_path / "index", DEFAULT_MODEL, say=small_corpus.append)
    assert action == "rebuilt" and manifest.documents == 2 and manifest.corpus == corpus_label()


def test_ensure_rebuilds_a_damaged_index(tmp_path: Path, small_corpus: list[str]) -> None:
    PaperIndex.build(SMALL_CORPUS, tmp_path / "index", DEFAULT_MODEL, corpus=corpus_label())
    index_file(tmp_path / "index", "documents.parquet").unlink()
    _, action = corpus_build.ensure_index(tmp_path / "index", DEFAULT_MODEL, say=small_corpus.append)
    assert action == "built"
    assert "incomplete" in small_corpus[0]
    assert read_manifest(tmp_path / "index").documents == 2


def test_cli_ensure_reports_and_fails_cleanly(tmp_path: Path, small_corpus: list[str],
                                             capsys: pytest.CaptureFixture[str]) -> None:
    assert corpus_main(["ensure", "--index", str(tmp_path / "index")]) == 0
    assert "paper index built: 2 documents" in capsys.readouterr().err
    assert corpus_main(["ensure", "--index", str(tmp_path / "index")]) == 0
    assert "paper index ready" in capsys.readouterr().err
    blocked = tmp_path / "a-file"
    blocked.write_text("not a folder")
    assert corpus_main(["build", "--index", str(blocked)]) == 1
    err = capsys.readouterr().err
    assert err.strip().splitlines()[-1].startswith(f"error: the paper index in {blocked} could not be prepared")
    assert "Traceback" not in err


def test_set_up_builds_the_lexicon_before_it_reads_the_library(monkeypatch: pytest.MonkeyPatch,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    # the parse reader reads names with the lexicon: a library read before it would be read again
    import corpus.__main__ as corpus_cli
    from engine.assembly.grounding import LexiconError

    calls: list[str] = []

    def index(index_dir: Path, model: str, say) -> tuple[SimpleNamespace, str]:
        calls.append("index")
        return SimpleNamespace(documents=2, passages=2, embedding_model=model), "ready"

    def lexicon(directory: Path, say) -> None:
        calls.append("lexicon")

    def no_lexicon(directory: Path, say) -> None:
        calls.append("lexicon")
        raise LexiconError("stand-in: no resources")

    monkeypatch.setattr(corpus_cli, "ensure_index", index)
    monkeypatch.setattr(corpus_cli, "ensure_lexicon", lexicon)
    assert corpus_main(["ensure"]) == 0
    assert calls == ["lexicon", "index"]
    # a lexicon that cannot be built is said, and the index is still prepared
    calls.clear()
    monkeypatch.setattr(corpus_cli, "ensure_lexicon", no_lexicon)
    assert corpus_main(["ensure"]) == 1
    err = capsys.readouterr().err
    assert calls == ["lexicon", "index"]
    assert "the grounding lexicon could not be built: stand-in: no resources" in err and "paper index ready" in err


def test_ensure_refuses_to_replace_a_library_whose_documents_are_damaged(tmp_path: Path, small_corpus: list[str],
                                                                         capsys: pytest.CaptureFixture[str]) -> None:
    user = [Document(id="u1", title="My paper", sentences=["Coffee raises alertness."])]
    PaperIndex.build(user, tmp_path / "index", DEFAULT_MODEL, corpus=corpus_label())
    documents = index_file(tmp_path / "index", "documents.parquet")
    data = documents.read_bytes()
    documents.write_bytes(data[:20] + b"\xff\xfe" + data[30:])  # garbled and shorter
    before = documents.read_bytes()
    assert corpus_main(["ensure", "--index", str(tmp_path / "index")]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert "documents.parquet is damaged" in err[-1] and "backup" in err[-1] and "Traceback" not in "".join(err)
    assert documents.read_bytes() == before  # the user's paper is still there to be saved
