"""Literature on demand through the whole pipeline (issue 42), against a stand-in E-utilities server on
127.0.0.1 (bench/eutils_standin.py) serving a few hundred real PubMedQA-L abstracts. No network.

The local library starts unrelated: three PubMedQA abstracts on other subjects. The question's own
abstract is among those the stand-in serves; asked with fetching on, the question is answered from
what came back, cited like any other paper."""

from __future__ import annotations

import json
import logging
import shutil
import socket
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.eutils_standin import StandIn, articles_from_pubmedqa  # noqa: E402
from bench.pubmedqa_library import document_sentences  # noqa: E402
from engine.ondemand import OnDemand  # noqa: E402
from engine.pipeline import ask  # noqa: E402
from engine.reading.parse.store import in_order, read_library, store_for  # noqa: E402
from engine.settings import Settings  # noqa: E402
from retrieval.documents import Document  # noqa: E402
from retrieval.index import PaperIndex  # noqa: E402
from retrieval.pubmed.records import fetched_papers  # noqa: E402

pytestmark = pytest.mark.slow

ABSTRACTS = 300
QUESTION = "How does edaravone affect ovarian damage?"
PMID = "23899611"
UNRELATED = ("10808977", "24237112", "27592038")  # mammography, Medicaid, tinnitus
KEY = "ncbi-test-key-7f3a9c"


@pytest.fixture(scope="module")
def pubmedqa(shared_data: Path) -> dict[str, dict]:
    path = shared_data / "pubmedqa" / "ori_pqal.json"
    if not path.is_file():
        pytest.skip(f"{path} is absent")
    return json.loads(path.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def served(pubmedqa) -> dict[str, dict]:
    """A few hundred abstracts, the question's own among them."""
    chosen = dict(list(pubmedqa.items())[:ABSTRACTS])
    chosen[PMID] = pubmedqa[PMID]
    return chosen


@pytest.fixture()
def standin(served):
    server = StandIn(articles_from_pubmedqa(served))
    server.url = server.start()
    yield server
    server.stop()


def document(pmid: str, entry: dict) -> Document:
    return Document(id=pmid, title=entry["QUESTION"], sentences=document_sentences(entry), source="local file")


@pytest.fixture(scope="module")
def seed(tmp_path_factory, pubmedqa) -> PaperIndex:
    """The unrelated library, built and read by the parse reader once."""
    folder = tmp_path_factory.mktemp("seed") / "index"
    index = PaperIndex.build([document(p, pubmedqa[p]) for p in UNRELATED], folder, Settings().embedding_model)
    read_library(folder, [d.sentences for d in index.documents()], say=lambda _: None)
    return index


def library(seed: PaperIndex, folder: Path) -> PaperIndex:
    shutil.copytree(seed.index_dir, folder / "index")
    return PaperIndex.open(folder / "index", embedder=seed.embedder)


def settings_for(folder: Path, url: str, **pubmed) -> Settings:
    return Settings(data_dir=folder, index_dir=folder / "index",
                    pubmed={"enabled": True, "base_url": url, "backoff_s": 0.01, **pubmed})


def cited(result) -> set[str]:
    return {evidence.doc_id for edge in result.graph.edges for evidence in edge.evidence}


def test_a_question_is_answered_from_an_unrelated_library_by_fetching(seed, standin, tmp_path):
    index = library(seed, tmp_path)
    offline = ask(QUESTION, index, Settings(data_dir=tmp_path, index_dir=tmp_path / "index"))
    assert offline.abstained and offline.trace.pubmed is None and not standin.calls  # off: nothing changes

    result = ask(QUESTION, index, settings_for(tmp_path, standin.url))
    assert not result.abstained, result.reason
    pubmed = result.trace.pubmed
    assert PMID in pubmed.added and PMID in cited(result)
    assert pubmed.calls == len(standin.calls) > 0
    first = pubmed.records[0]
    assert first.round == 1 and first.query == "edaravone ovarian damage" and PMID in first.new
    assert set(pubmed.seconds) == {"search and fetch", "embed", "read"}
    assert "fetch" in result.trace.seconds
    # in the library for good, read by the parse reader, listed as fetched with its query and date
    reopened = PaperIndex.open(tmp_path / "index", embedder=seed.embedder)
    fetched = reopened.document(PMID)
    assert not store_for(reopened.index_dir).missing(in_order(fetched.sentences))
    rows = {row["PMID"]: row for row in fetched_papers(reopened.documents())}
    assert rows[PMID]["query"] == "edaravone ovarian damage" and len(rows[PMID]["fetched"]) == 10
    assert not set(UNRELATED) & set(rows)


def test_the_same_question_again_makes_no_call(seed, standin, tmp_path):
    index = library(seed, tmp_path)
    settings = settings_for(tmp_path, standin.url)
    ask(QUESTION, index, settings)
    calls = len(standin.calls)
    again = ask(QUESTION, index, settings)
    assert len(standin.calls) == calls and again.trace.pubmed.calls == 0 and not again.abstained
    # a fresh library with the same cache: the abstracts come from the cache, still no call
    fresh_folder = tmp_path / "fresh"
    fresh = library(seed, fresh_folder)
    from_cache = ask(QUESTION, fresh, settings.model_copy(update={"index_dir": fresh_folder / "index"}))
    assert len(standin.calls) == calls and not from_cache.abstained
    assert PMID in from_cache.trace.pubmed.added and from_cache.trace.pubmed.records[0].from_cache


def test_the_service_down_answers_from_the_local_library_with_a_note(seed, pubmedqa, tmp_path):
    index = library(seed, tmp_path)
    index.add_documents([document(PMID, pubmedqa[PMID])])
    with socket.socket() as probe:  # a port nothing listens on
        probe.bind(("127.0.0.1", 0))
        url = f"http://127.0.0.1:{probe.getsockname()[1]}/entrez/eutils"
    # every query counts as poorly answered, so each round would ask PubMed
    result = ask(QUESTION, index, settings_for(tmp_path, url, good_passages=1000, max_retries=1))
    assert not result.abstained and PMID in cited(result)
    note = result.trace.pubmed.note
    assert note == ("PubMed E-utilities could not be reached (ConnectError): answered from the local "
                    "library only.")
    assert result.answer.text.endswith(note) and not result.trace.pubmed.added
    assert len(result.trace.pubmed.records) >= 1  # tried once, then not again in later rounds


def test_a_malformed_record_is_skipped_with_a_message(seed, standin, tmp_path):
    standin.malformed = {PMID}
    result = ask(QUESTION, library(seed, tmp_path), settings_for(tmp_path, standin.url))
    assert result.abstained and PMID not in result.trace.pubmed.added
    assert any("malformed XML" in problem for problem in result.trace.pubmed.problems)


def test_the_key_is_absent_from_logs_and_files(seed, standin, tmp_path, caplog, capsys):
    caplog.set_level(logging.DEBUG)
    result = ask(QUESTION, library(seed, tmp_path), settings_for(tmp_path, standin.url, api_key=KEY,
                                                                  email="me@example.org"))
    assert all(params.get("api_key") == KEY for _, params, _ in standin.calls)  # it was used
    captured = capsys.readouterr()
    assert caplog.text and KEY not in caplog.text + captured.out + captured.err
    assert KEY not in result.model_dump_json()
    files = [path for path in tmp_path.rglob("*") if path.is_file()]
    assert any(path.name == "queries.jsonl" for path in files)
    for path in files:
        assert KEY.encode() not in path.read_bytes(), path


def test_an_abstract_fetched_again_or_changed_replaces_the_old_one(seed, standin, tmp_path):
    index = library(seed, tmp_path)
    query = ["edaravone ovarian damage"]
    first = OnDemand(settings_for(tmp_path, standin.url, cache_dir=tmp_path / "cache-1"), index)
    assert first.round(1, query, say=lambda _: None) and PMID in first.trace.added
    size = len(index)
    again = OnDemand(settings_for(tmp_path, standin.url, cache_dir=tmp_path / "cache-2", good_passages=1000), index)
    assert not again.round(1, query, say=lambda _: None)  # the same version: not added twice
    assert len(index) == size and again.trace.calls == 2
    standin.revise(PMID, "A sentence added in a corrected version of the abstract.")
    changed = OnDemand(settings_for(tmp_path, standin.url, cache_dir=tmp_path / "cache-3", good_passages=1000), index)
    assert changed.round(1, query, say=lambda _: None)
    reopened = PaperIndex.open(tmp_path / "index", embedder=seed.embedder)
    for each in (index, reopened):
        assert len(each) == size and [d.id for d in each.documents()].count(PMID) == 1
        assert each.document(PMID).sentences[-1] == "A sentence added in a corrected version of the abstract."
    assert index.search("corrected version of the abstract", k=1)[0].doc_id == PMID
