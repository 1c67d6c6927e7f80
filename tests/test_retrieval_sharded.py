"""The sharded index: shards searched through one library IVF-PQ index (or, as libraries were built
before, each through its own) give the unsharded index's answers where IVF scans every list (a small
corpus), reopen through PaperIndex.open, and grow by new shards."""

from __future__ import annotations

import itertools
from pathlib import Path

import numpy as np
import pytest

from retrieval.documents import Document
from retrieval.embeddings import DEFAULT_MODEL, Embedder
from retrieval.index import PaperIndex, index_problem, verify_index
from retrieval.stored import index_file
from retrieval import sharded as sharded_module
from retrieval.sharded import ShardedPaperIndex, build_sharded, shard_folder

AGENTS = ["Kinase AB1", "Cytokine QL7", "Peptide ZR2", "Lipid MX4", "Enzyme TT9", "Hormone GV3"]
TARGETS = ["neurite growth", "astrocyte swelling", "synaptic vesicle release", "myelin repair",
           "microglial migration", "lysosomal acidity", "axonal transport"]
VERBS = ["raises", "lowers", "does not change", "doubles"]
QUERIES = ["what lowers myelin repair", "Kinase AB1 and axonal transport", "microglia moving toward plaques",
           "hormone effects on vesicle release", "lysosome pH"]


def _library() -> list[Document]:
    """Invented papers: each states how one agent acts on several targets."""
    documents = []
    for number, (agent, verb) in enumerate(itertools.product(AGENTS, VERBS)):
        targets = TARGETS[number % 3:] + TARGETS[: number % 3]
        sentences = [f"In cultured cells {agent} {verb} {target} within {number + 2} hours." for target in targets[:4]]
        sentences.append(f"Blocking {agent} reversed the effect in {number + 5} of 12 animals.")
        documents.append(Document(id=f"P{number:03d}", title=f"{agent} and {targets[0]}", sentences=sentences))
    return documents


class RememberingEmbedder(Embedder):
    """Embeds each text once for the whole module (every index here holds the same sentences)."""

    def __init__(self) -> None:
        super().__init__(DEFAULT_MODEL)
        self._seen: dict[str, np.ndarray] = {}

    def embed(self, texts, progress=None) -> np.ndarray:
        missing = [t for t in dict.fromkeys(texts) if t not in self._seen]
        if missing:
            self._seen.update(zip(missing, super().embed(missing), strict=True))
        return np.stack([self._seen[t] for t in texts]) if texts else np.zeros((0, 384), np.float32)


@pytest.fixture(scope="module")
def embedder() -> Embedder:
    return RememberingEmbedder()


@pytest.fixture(scope="module")
def exact(tmp_path_factory: pytest.TempPathFactory, embedder: Embedder) -> PaperIndex:
    return PaperIndex.build(_library(), tmp_path_factory.mktemp("exact"), DEFAULT_MODEL, embedder=embedder)


# "one quantizer": one IVF-PQ index for the library; "per shard": each shard's own (older libraries)
LAYOUTS = {"one quantizer": True, "per shard": False}


@pytest.fixture(params=list(LAYOUTS))
def sharded(request: pytest.FixtureRequest, tmp_path: Path, embedder: Embedder) -> ShardedPaperIndex:
    # about 40 passages per shard, all under IVF-PQ (no size threshold)
    return build_sharded(_library(), tmp_path / "sharded", embedder, shard_passages=40, ivf_min_passages=0,
                         one_quantizer=LAYOUTS[request.param])


def _answers(index: PaperIndex, query: str, mode: str) -> list[tuple[str, int, float]]:
    return [(p.doc_id, p.sentence_index, round(p.score, 5)) for p in index.search(query, k=10, mode=mode)]


def test_shards_use_ivfpq_and_reopen_behind_paper_index(sharded: ShardedPaperIndex, embedder: Embedder) -> None:
    assert sharded.shard_count == 3
    one_quantizer = bool(sharded.manifest.ivf)
    assert {shard.manifest.dense_index for shard in sharded.shards} == ({"shared"} if one_quantizer else {"ivfpq"})
    if one_quantizer:  # every passage is in the library's one index, under its shard's number and row
        assert sharded.library_ivf.ntotal == sharded.manifest.passages
        assert all(shard.dense is None for shard in sharded.shards)
    reopened = PaperIndex.open(sharded.index_dir, DEFAULT_MODEL, embedder=embedder)
    assert isinstance(reopened, ShardedPaperIndex) and reopened.shard_count == 3
    assert len(reopened) == len(_library()) == reopened.manifest.documents
    assert reopened.document("P017").title == _library()[17].title
    assert index_problem(sharded.index_dir, DEFAULT_MODEL) is None


@pytest.mark.parametrize("query", QUERIES)
def test_dense_search_over_ivfpq_shards_equals_the_exact_index(exact: PaperIndex, sharded: ShardedPaperIndex, query: str) -> None:
    assert _answers(sharded, query, "dense") == _answers(exact, query, "dense")
    assert [h.doc_id for h in sharded.rank_documents(query, k=5, mode="dense")] == [
        h.doc_id for h in exact.rank_documents(query, k=5, mode="dense")]


@pytest.mark.parametrize("layout", list(LAYOUTS))
def test_one_ivfpq_shard_equals_the_exact_index_in_every_mode(
    exact: PaperIndex, tmp_path: Path, embedder: Embedder, layout: str
) -> None:
    single = build_sharded(_library(), tmp_path / "one", embedder, shard_passages=10_000, ivf_min_passages=0,
                           one_quantizer=LAYOUTS[layout])
    assert single.shard_count == 1
    assert single.shards[0].manifest.dense_index == ("shared" if LAYOUTS[layout] else "ivfpq")
    for query in QUERIES:
        for mode in ("hybrid", "bm25", "dense"):
            assert _answers(single, query, mode) == _answers(exact, query, mode)


def test_queries_searched_together_across_shards_find_what_each_finds_alone(sharded: ShardedPaperIndex) -> None:
    for query, found in zip(QUERIES, sharded.search_many(QUERIES, k=10)):
        assert [(p.doc_id, p.sentence_index) for p in found] == [
            (p.doc_id, p.sentence_index) for p in sharded.search(query, k=10)]


def test_hybrid_search_across_shards_keeps_the_exact_top_documents(exact: PaperIndex, sharded: ShardedPaperIndex) -> None:
    # BM25 statistics are per shard, so fused scores differ slightly; the best documents stay
    for query in QUERIES:
        top_exact = {h.doc_id for h in exact.rank_documents(query, k=5)}
        top_sharded = {h.doc_id for h in sharded.rank_documents(query, k=5)}
        assert len(top_exact & top_sharded) >= 4, query


def test_adding_papers_writes_a_new_shard(sharded: ShardedPaperIndex, embedder: Embedder,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    # (small shards are merged once there are COMPACT_SMALL_SHARDS of them: tests/test_retrieval_updates.py)
    monkeypatch.setattr(sharded_module, "COMPACT_SMALL_SHARDS", 99)
    new = Document(id="N1", title="Sleep and glymphatic flow", sentences=["Deep sleep widens the interstitial space of the cortex."])
    report = sharded.add_documents([new, _library()[0]])
    assert report.added == ["N1"] and [d.doc_id for d in report.duplicates] == ["P000"]
    assert sharded.shard_count == 4 and sharded.manifest.documents == len(_library()) + 1
    assert sharded.search("sleep enlarges the space between brain cells", k=1)[0].doc_id == "N1"
    reopened = PaperIndex.open(sharded.index_dir, DEFAULT_MODEL, embedder=embedder)
    assert reopened.shard_count == 4 and reopened.has_document("N1")


def test_a_missing_shard_is_reported(sharded: ShardedPaperIndex) -> None:
    index_file(shard_folder(sharded.index_dir, "00001"), "vectors.npy").unlink()
    problem = index_problem(sharded.index_dir, DEFAULT_MODEL)
    assert problem is not None and "shard 00001" in problem and "vectors.npy" in problem


def test_a_moved_library_opens_and_answers_as_before(tmp_path: Path, embedder: Embedder) -> None:
    # the merged lists file is found beside the index file, not at the path it was written to
    built = build_sharded(_library(), tmp_path / "before", embedder, shard_passages=40, ivf_min_passages=0)
    expected = {query: _answers(built, query, "dense") for query in QUERIES}
    del built
    (tmp_path / "before").rename(tmp_path / "after")
    moved = PaperIndex.open(tmp_path / "after", DEFAULT_MODEL, embedder=embedder)
    assert moved.manifest.ivf and index_problem(tmp_path / "after", DEFAULT_MODEL) is None
    assert {query: _answers(moved, query, "dense") for query in QUERIES} == expected


def test_a_damaged_library_lists_file_is_reported(tmp_path: Path, embedder: Embedder) -> None:
    built = build_sharded(_library(), tmp_path / "lib", embedder, shard_passages=40, ivf_min_passages=0)
    data = tmp_path / "lib" / built.manifest.ivf / "merged.ivfdata"
    data.write_bytes(data.read_bytes()[:-8])
    problem = index_problem(tmp_path / "lib", DEFAULT_MODEL)
    assert problem is not None and "merged.ivfdata" in problem and "bytes" in problem


def test_check_reports_a_library_lists_file_with_one_byte_changed(tmp_path: Path, embedder: Embedder) -> None:
    # the size stays, so opening does not notice: `check` compares the SHA-256 the manifest recorded
    built = build_sharded(_library(), tmp_path / "lib", embedder, shard_passages=40, ivf_min_passages=0)
    assert verify_index(tmp_path / "lib") == ([], [])
    data = tmp_path / "lib" / built.manifest.ivf / "merged.ivfdata"
    content = bytearray(data.read_bytes())
    content[len(content) // 2] ^= 0xFF
    data.write_bytes(bytes(content))
    assert index_problem(tmp_path / "lib", DEFAULT_MODEL) is None
    problems, _ = verify_index(tmp_path / "lib")
    assert len(problems) == 1 and str(data) in problems[0] and "SHA-256 differs" in problems[0]


def test_an_older_library_grows_a_shared_shard_and_keeps_its_own(tmp_path: Path, embedder: Embedder,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    # a library built with a quantizer per shard opens as it is; an addition large enough for IVF-PQ
    # starts the library's one index beside the older shards, and both are searched
    monkeypatch.setattr(sharded_module, "COMPACT_SMALL_SHARDS", 99)
    monkeypatch.setattr(sharded_module, "IVF_MIN_PASSAGES", 0)
    older = build_sharded(_library(), tmp_path / "older", embedder, shard_passages=40, ivf_min_passages=0,
                          one_quantizer=False)
    assert not older.manifest.ivf
    new = [Document(id=f"N{i}", title="Sleep and glymphatic flow",
                    sentences=[f"Deep sleep widens the interstitial space of cortex area {i}.",
                               f"Clearance of peptide {i} rose during slow-wave sleep."]) for i in range(20)]
    older.add_documents(new)
    reopened = PaperIndex.open(tmp_path / "older", DEFAULT_MODEL, embedder=embedder)
    kinds = [shard.manifest.dense_index for shard in reopened.shards]
    assert kinds == ["ivfpq"] * 3 + ["shared"] and reopened.manifest.ivf
    assert reopened.library_ivf.ntotal == 40
    assert reopened.search("sleep enlarges the space between brain cells", k=1, mode="dense")[0].doc_id.startswith("N")
    assert reopened.search("what lowers myelin repair", k=1, mode="dense")[0].doc_id.startswith("P")
