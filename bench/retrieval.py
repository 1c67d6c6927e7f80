"""Retrieval benchmark on BEIR SciFact: quality, build throughput, query latency and peak memory.

    HF_HUB_OFFLINE=1 .venv/bin/python bench/retrieval.py                  # test split, all three modes
    HF_HUB_OFFLINE=1 .venv/bin/python bench/retrieval.py --split train    # the split used for tuning
    HF_HUB_OFFLINE=1 .venv/bin/python bench/retrieval.py --rebuild        # re-embed and re-time the build
    HF_HUB_OFFLINE=1 .venv/bin/python bench/retrieval.py --split train --index /tmp/scifact-v2 \
        --reuse-vectors data/bench/scifact   # rebuild, embedding only texts not embedded there (the
                                             # same folder as --index works too: an in-place upgrade)
    HF_HUB_OFFLINE=1 .venv/bin/python bench/retrieval.py --faiss-check    # only: flat vs HNSW at the threshold
    HF_HUB_OFFLINE=1 .venv/bin/python bench/retrieval.py --hbp            # only: time the default corpus build

The SciFact index (the embedding cache) lives under the data dir, outside git; it is built in a child
process so that the reported serving memory is that of a process which only opened the index.
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

import numpy as np
from threadpoolctl import ThreadpoolController

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from bench.results import write_results  # noqa: E402
from engine.settings import Settings  # noqa: E402
from retrieval.embeddings import Embedder, ProgressCallback  # noqa: E402
from retrieval.evaluation import evaluate, read_qrels, read_queries  # noqa: E402
from retrieval.index import EXACT_SEARCH_LIMIT, PaperIndex, corpus_hash, read_manifest  # noqa: E402
from retrieval.stored import index_file, stored_documents  # noqa: E402
from retrieval.ingest import ingest_paths  # noqa: E402

DEFAULT_DATA = REPO.parent / "shared" / "data" / "scifact"
BUILD_STATS = "bench_build.json"


def peak_rss_mib() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


class StoredVectors(Embedder):
    """Serves the vectors of sentences already embedded by the same model in another index folder (of any
    format version) and embeds only the texts not found there: a format change that keeps the sentence
    vectors (format 2 added title vectors) then rebuilds SciFact in minutes instead of an hour."""

    def __init__(self, model_name: str, folder: Path) -> None:
        super().__init__(model_name)
        sentences = [s for d in stored_documents(folder) for s in d.sentences]
        vectors = np.load(index_file(folder, "vectors.npy"))
        if len(vectors) != len(sentences):
            raise SystemExit(f"{folder}: {len(vectors)} vectors for {len(sentences)} sentences; cannot reuse them")
        self._stored = dict(zip(sentences, vectors, strict=True))
        self.embedded = 0

    def embed(self, texts: Sequence[str], progress: ProgressCallback | None = None) -> np.ndarray:
        missing = list(dict.fromkeys(t for t in texts if t not in self._stored))
        if missing:
            self._stored.update(zip(missing, super().embed(missing, progress=progress), strict=True))
            self.embedded += len(missing)
        return np.stack([self._stored[t] for t in texts]) if texts else np.zeros((0, self.dimension), np.float32)


def build(data: Path, index_dir: Path, model: str, reuse: Path | None = None) -> None:
    """Embed and index the SciFact corpus; write timing and memory beside the index."""
    started = time.perf_counter()
    documents = ingest_paths([data / "corpus.jsonl"]).documents
    ingested = time.perf_counter()
    embedder = StoredVectors(model, reuse) if reuse is not None else None
    index = PaperIndex.build(documents, index_dir, model, embedder=embedder)
    finished = time.perf_counter()
    stats = {
        "documents": index.manifest.documents,
        "passages": index.manifest.passages,
        "ingest_s": round(ingested - started, 1),
        "build_s": round(finished - ingested, 1),
        "passages_per_s": round(index.manifest.passages / (finished - ingested), 1),
        "peak_rss_mib": round(peak_rss_mib()),
    }
    if embedder is not None:  # the build time then says nothing about embedding throughput
        stats.update(reused_vectors_from=str(reuse), texts_embedded=embedder.embedded)
        del stats["passages_per_s"]
    (index_dir / BUILD_STATS).write_text(json.dumps(stats, indent=2))


def ensure_built(data: Path, index_dir: Path, model: str, rebuild: bool, reuse: Path | None = None) -> dict:
    current = False
    if not rebuild and (index_dir / BUILD_STATS).is_file():
        try:
            manifest = read_manifest(index_dir)
            documents = ingest_paths([data / "corpus.jsonl"]).documents
            current = manifest.embedding_model == model and manifest.content_hash == corpus_hash(documents)
        except FileNotFoundError:
            current = False
    if not current:
        print(f"building the SciFact index in {index_dir} (embedding every sentence) ...", file=sys.stderr)
        reuse_args = ["--reuse-vectors", str(reuse)] if reuse is not None else []
        subprocess.run([sys.executable, __file__, "--build-only", "--data", str(data), "--index", str(index_dir),
                        *reuse_args], check=True)
    return json.loads((index_dir / BUILD_STATS).read_text())


def quality(data: Path, index_dir: Path, split: str, modes: list[str], runs: int) -> dict:
    queries = read_queries(data / "beir" / "queries.jsonl")
    qrels = read_qrels(data / "beir" / "qrels" / f"{split}.beir.tsv")
    index = PaperIndex.open(index_dir)
    results = {}
    for mode in modes:
        repeats = [evaluate(index, queries, qrels, mode=mode) for _ in range(runs)]
        first = repeats[0]
        results[mode] = {
            "queries": first.queries,
            "ndcg@10": round(first.ndcg_at_10, 4),
            "recall@100": round(first.recall_at_100, 4),
            "latency_median_ms": round(float(np.median([r.latency_median_ms for r in repeats])), 1),
            "latency_p95_ms": round(float(np.median([r.latency_p95_ms for r in repeats])), 1),
            "cpu_median_ms": round(float(np.median([r.cpu_median_ms for r in repeats])), 1),
        }
        print(f"{split} {mode}: {results[mode]}", file=sys.stderr)
    return results


def faiss_check(dimension: int = 384, sizes: tuple[int, ...] = (50_000, EXACT_SEARCH_LIMIT, 2 * EXACT_SEARCH_LIMIT)) -> dict:
    """Per-query time of exact (flat) and HNSW search on random unit vectors, and HNSW recall@100."""
    from retrieval.index import HNSW_EF_SEARCH, make_flat_index, make_hnsw_index

    generator = np.random.default_rng(0)
    report = {}
    for size in sizes:
        vectors = generator.standard_normal((size, dimension), dtype=np.float32)
        vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
        queries = vectors[generator.choice(size, 50, replace=False)] + 0.3 * generator.standard_normal((50, dimension), dtype=np.float32)
        queries /= np.linalg.norm(queries, axis=1, keepdims=True)
        flat = make_flat_index(vectors)
        entry = {"flat": _time_queries(flat, queries)}
        if size == EXACT_SEARCH_LIMIT:
            started = time.perf_counter()
            hnsw = make_hnsw_index(vectors)
            entry["hnsw_build_s"] = round(time.perf_counter() - started, 1)
            hnsw.hnsw.efSearch = HNSW_EF_SEARCH
            entry["hnsw"] = _time_queries(hnsw, queries)
            _, exact = flat.search(queries, 100)
            _, approximate = hnsw.search(queries, 100)
            entry["hnsw_recall@100"] = round(float(np.mean([
                len(set(a) & set(e)) / 100 for a, e in zip(approximate, exact, strict=True)
            ])), 3)
        report[size] = entry
        print(f"faiss {size}: {entry}", file=sys.stderr)
        del vectors
    return report


def _recall(exact_index, approximate_index, queries: np.ndarray, k: int) -> float:
    _, exact = exact_index.search(queries, k)
    _, approximate = approximate_index.search(queries, k)
    return round(float(np.mean([len(set(a) & set(e)) / k for a, e in zip(approximate, exact, strict=True)])), 3)


def faiss_real_recall(data: Path, index_dir: Path) -> dict:
    """HNSW against exact search on real data: the SciFact sentence vectors and the test claims."""
    from retrieval.index import HNSW_EF_SEARCH, make_flat_index, make_hnsw_index

    index = PaperIndex.open(index_dir)
    texts = list(read_queries(data / "beir" / "queries.jsonl").values())[:300]
    queries = index.embedder.embed(texts)
    vectors = np.load(index_file(index_dir, "vectors.npy"))
    flat = make_flat_index(vectors)
    started = time.perf_counter()
    hnsw = make_hnsw_index(vectors)
    report = {"passages": len(vectors), "hnsw_build_s": round(time.perf_counter() - started, 1)}
    report["flat"] = _time_queries(flat, queries)
    for ef_search in sorted({HNSW_EF_SEARCH, 256, 512}):
        hnsw.hnsw.efSearch = ef_search
        report[f"hnsw_ef{ef_search}"] = {
            **_time_queries(hnsw, queries),
            "recall@100": _recall(flat, hnsw, queries, 100),
            "recall@300": _recall(flat, hnsw, queries, 300),
        }
    print(f"faiss on SciFact vectors: {report}", file=sys.stderr)
    return report


def _time_queries(index, queries: np.ndarray) -> dict:
    """Median wall and CPU milliseconds per single-query search, single-threaded as PaperIndex runs it."""
    wall, cpu = [], []
    with ThreadpoolController().limit(limits=1):
        for query in queries:
            started, cpu_started = time.perf_counter(), time.process_time()
            index.search(query[None, :], 300)
            wall.append(time.perf_counter() - started)
            cpu.append(time.process_time() - cpu_started)
    return {"wall_ms": round(float(np.median(wall)) * 1000, 2), "cpu_ms": round(float(np.median(cpu)) * 1000, 2)}


def hbp_build(model: str) -> dict:
    """Wall time of `python -m corpus build` into a fresh folder (a child process, as ./causeway runs it)."""
    with tempfile.TemporaryDirectory() as folder:
        started = time.perf_counter()
        subprocess.run([sys.executable, "-m", "corpus", "build", "--index", folder], cwd=REPO, check=True)
        built = time.perf_counter() - started
        started = time.perf_counter()
        subprocess.run([sys.executable, "-m", "corpus", "ensure", "--index", folder], cwd=REPO, check=True)
        ensured = time.perf_counter() - started
        manifest = read_manifest(Path(folder))
    return {"build_s": round(built, 1), "ensure_noop_s": round(ensured, 2),
            "documents": manifest.documents, "passages": manifest.passages, "model": model}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA, help="the SciFact folder")
    parser.add_argument("--index", type=Path, help="index folder (default: DATA_DIR/bench/scifact)")
    parser.add_argument("--split", default="test", choices=["test", "train"])
    parser.add_argument("--modes", nargs="+", default=["bm25", "dense", "hybrid"])
    parser.add_argument("--runs", type=int, default=3, help="repeats of the query set for the latency medians")
    parser.add_argument("--rebuild", action="store_true")
    parser.add_argument("--reuse-vectors", type=Path, metavar="DIR",
                        help="when building, take sentence vectors from this index folder (same model) instead of re-embedding them")
    parser.add_argument("--faiss-check", action="store_true")
    parser.add_argument("--hbp", action="store_true")
    parser.add_argument("--build-only", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()

    settings = Settings()
    model = settings.embedding_model
    index_dir = args.index or settings.data_dir / "bench" / "scifact"
    if args.build_only:
        build(args.data, index_dir, model, args.reuse_vectors)
        return 0
    if not args.faiss_check and not args.hbp and not (args.data / "corpus.jsonl").is_file():
        print(f"SciFact not found in {args.data}; pass --data", file=sys.stderr)
        return 1
    report: dict = {"model": model}
    if args.faiss_check:
        report["faiss_real"] = faiss_real_recall(args.data, index_dir)
        report["faiss_random"] = faiss_check()
    elif args.hbp:
        report["hbp_default_corpus"] = hbp_build(model)
    else:
        report["build"] = ensure_built(args.data, index_dir, model, args.rebuild, args.reuse_vectors)
        report[args.split] = quality(args.data, index_dir, args.split, args.modes, args.runs)
        report["serving_peak_rss_mib"] = round(peak_rss_mib())
        if (args.data, args.index, args.split) == (DEFAULT_DATA, None, "test") and "hybrid" in args.modes:
            record_figures(report["test"]["hybrid"])
    print(json.dumps(report, indent=2))
    return 0


def record_figures(hybrid: dict) -> None:
    """The test claims' hybrid figures, on record in bench/results/retrieval.json (BENCHMARKS.md)."""
    write_results("retrieval", "Retrieval", ".venv/bin/python bench/retrieval.py", [
        {"figure": "SciFact hybrid nDCG@10, 300 test claims", "value": hybrid["ndcg@10"], "decimals": 3,
         "target": {"at_least": 0.74}},
        {"figure": "SciFact hybrid Recall@100, 300 test claims", "value": hybrid["recall@100"], "decimals": 3},
    ])


if __name__ == "__main__":
    sys.exit(main())
