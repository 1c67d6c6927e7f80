"""Scale benchmark: the sharded IVF-PQ index against the exact one, the Ray build's throughput, and
index figures at growing sizes.

    # quality: SciFact claims on a sharded IVF-PQ index built from the vectors of an exact index
    HF_HUB_OFFLINE=1 .venv/bin/python bench/scale.py quality --exact DIR [--data ../shared/data/scifact] [--shards 2]
    # throughput: sentences per second and peak memory, building the same sharded library from gzipped
    # PubMed XML files in one process (1 and 2 PyTorch threads) and on Ray Data (1 and 2 actors)
    HF_HUB_OFFLINE=1 .venv/bin/python bench/scale.py throughput --documents 600 --files 4 --rounds 2 [--record]
    # curve: build time (index only), disk, serving memory and query latency at each size
    HF_HUB_OFFLINE=1 .venv/bin/python bench/scale.py curve --exact DIR --sizes 10000 100000 1000000
    # check: the figures of issue 40 on real sentences only (no copies), from the stored vectors of
    # exact index folders of real corpora (HBP evidence, PubMedQA), real corpora without an index
    # (SciFact) and the definitions and notes of ontologies, these two embedded once into --cache
    HF_HUB_OFFLINE=1 .venv/bin/python bench/scale.py check --passages 200000 --json \
        --vectors data/index data/pubmedqa-index --texts ../shared/data/scifact/corpus.jsonl \
        --ontologies hp.obo .venv/lib/python3.11/site-packages/export/famplex.obo --cache /tmp/scale-vectors \
        [--count] [--cached-only] [--ray-documents 200] [--made-to 1000000 --scratch DIR]
    # --made-to N tops the real passages up to N with made ones, each mixing two real passages
    # (top_up_with_made: vector and text both mixed, never a copy); such figures are recorded apart

``quality`` and ``curve`` embed nothing: they reuse the sentence vectors of an exact index folder
(built by bench/retrieval.py) and recover each title vector from the stored document vector (a
document vector is unit(unit(mean of sentences) + title), so title = 2 (d.m) d - m, exactly). Where
``curve`` needs more passages than the folder holds it adds copies of its documents whose vectors are
the real ones plus seeded Gaussian noise (sigma ``--noise`` per dimension, then re-normalised), with the
same text; build throughput is only measured by ``throughput``, on real text.

The check's passages and questions (real text, made passages, tuning questions) are read by
``bench/scale_sources.py``; the timed builds of ``throughput`` run in ``bench/scale_throughput.py``.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from bench.results import write_results  # noqa: E402
from engine.assembly.grounding.build import own_peak_mib  # noqa: E402
from retrieval.documents import Document  # noqa: E402
from retrieval.embeddings import Embedder, ProgressCallback  # noqa: E402
from retrieval.evaluation import evaluate, read_qrels, read_queries  # noqa: E402
from retrieval.index import PaperIndex  # noqa: E402
from retrieval.stored import index_file, stored_documents  # noqa: E402

from bench.scale_sources import (  # noqa: E402
    QUERY_SETS, SHARED, StoredIndexVectors, StoredVectorsOf, VectorCache, default_ontologies, read_default_model,
    real_documents, real_queries, top_up_with_made,
)
from bench.scale_throughput import BUILDS, THROUGHPUT_FILES, record_throughput, throughput  # noqa: E402

DEFAULT_DATA = SHARED / "scifact"


# ---------------------------------------------------------------------- quality


def quality(exact_dir: Path, data: Path, shards: int, grid: Sequence[str] = ()) -> dict:
    from retrieval.sharded import build_sharded

    exact = PaperIndex.open(exact_dir)
    documents = exact.documents()
    with tempfile.TemporaryDirectory() as folder:
        started = time.perf_counter()
        sharded = build_sharded(documents, Path(folder), StoredIndexVectors(exact_dir, documents),
                                shard_passages=-(-exact.manifest.passages // shards), ivf_min_passages=0)
        report: dict = {"passages": exact.manifest.passages, "documents": len(documents),
                        "shards": sharded.shard_count, "sharded_build_s_without_embedding": round(time.perf_counter() - started, 1)}
        queries = read_queries(data / "beir" / "queries.jsonl")
        qrels = read_qrels(data / "beir" / "qrels" / "test.beir.tsv")
        present = {d.id for d in documents}
        qrels = {q: {d: r for d, r in rel.items() if d in present} for q, rel in qrels.items()}
        qrels = {q: rel for q, rel in qrels.items() if rel}
        halves: dict[str, dict] = {"half_a": {}, "half_b": {}}
        for q, rel in qrels.items():  # fixed halves by the claim id's parity, for a second look
            halves["half_a" if int(q) % 2 else "half_b"][q] = rel
        for label, index in (("exact", exact), ("sharded_ivfpq", sharded)):
            results = {name: evaluate(index, queries, part, mode="hybrid") for name, part in halves.items()}
            for name, result in results.items():
                report[f"{name}_{label}"] = {"queries": result.queries, "ndcg@10": round(result.ndcg_at_10, 4),
                                             "recall@100": round(result.recall_at_100, 4),
                                             "latency_median_ms": round(result.latency_median_ms, 1),
                                             "latency_p95_ms": round(result.latency_p95_ms, 1)}
                print(name, label, report[f"{name}_{label}"], file=sys.stderr)
            count = sum(r.queries for r in results.values())  # both metrics are means over queries
            report[f"all_{label}"] = {
                "queries": count,
                "ndcg@10": round(sum(r.ndcg_at_10 * r.queries for r in results.values()) / count, 4),
                "recall@100": round(sum(r.recall_at_100 * r.queries for r in results.values()) / count, 4)}
        report["dense_recall@100_vs_exact"] = dense_recall(exact, sharded, [queries[q] for q in qrels])
        if grid:
            report["grid"] = quality_grid(sharded, queries, qrels, grid)
    return report


def exact_from_cache(corpus: Path, cache: Path, out: Path) -> dict:
    """An exact one-folder index of ``corpus`` (JSONL, read as bench/retrieval.py reads it) from the
    vectors ``check --cache`` keeps, embedding nothing: the exact index ``quality`` compares with.
    Every sentence and title must be in the cache."""
    from retrieval.ingest import ingest_paths

    model = read_default_model()
    documents = ingest_paths([corpus]).documents
    cached = VectorCache(cache, model).load()
    missing = {t for d in documents for t in [*d.sentences, *([d.title] if d.title.strip() else [])]} - cached.keys()
    if missing:
        raise SystemExit(f"{len(missing)} texts of {corpus} are not in {cache}: run check with --texts {corpus} first")
    index = PaperIndex.build(documents, out, model, embedder=StoredVectorsOf([], model_name=model, extra=cached))
    return {"passages": index.manifest.passages, "documents": index.manifest.documents, "dense": index.manifest.dense_index}


def quality_grid(sharded, queries: dict[str, str], qrels: dict, settings: Sequence[str]) -> dict:
    """Hybrid nDCG@10 and Recall@100 of the sharded library with its library IVF-PQ at each
    "REFINE:PROBES" setting (as ``probe_grid`` sets them), on the same build."""
    import faiss

    from retrieval import library_ivf

    ivf = faiss.extract_index_ivf(sharded.library_ivf)
    saved = ivf.nprobe, library_ivf.LIBRARY_REFINE
    found = {"lists": int(ivf.nlist), "default": f"{library_ivf.LIBRARY_REFINE}:{ivf.nprobe}"}
    try:
        for setting in settings:
            library_ivf.LIBRARY_REFINE, ivf.nprobe = (int(part) for part in setting.split(":"))
            result = evaluate(sharded, queries, qrels, mode="hybrid")
            found[setting] = {"ndcg@10": round(result.ndcg_at_10, 4), "recall@100": round(result.recall_at_100, 4),
                              "latency_median_ms": round(result.latency_median_ms, 1)}
            print("quality", setting, found[setting], file=sys.stderr)
    finally:
        ivf.nprobe, library_ivf.LIBRARY_REFINE = saved
    return found


def dense_recall(exact: PaperIndex, sharded, texts: list[str], k: int = 100) -> float:
    """Share of the exact top-``k`` passages by cosine that the shards' IVF-PQ search (with its exact
    re-ranking) returns in its top ``k``."""
    vectors = np.load(index_file(exact.index_dir, "vectors.npy"))
    shares = []
    for text in texts:
        query = exact.embedder.embed_query(text)
        truth = set(np.argsort(-(vectors @ query))[:k].tolist())
        shares.append(len(sharded_dense_top(sharded, query, k) & truth) / k)
    return round(float(np.mean(shares)), 4)


def recall_grid(exact_dir: Path, data: Path, shards: int, split: str, settings: list[str]) -> dict:
    """Dense Recall@100 against exact search for each "REFINE:MIN_PROBES" setting, on ``split`` claims
    (no judgements needed: the exact top 100 is the reference), so settings are chosen on train claims."""
    import faiss

    from retrieval import ivfpq
    from retrieval import sharded as sharded_module

    exact = PaperIndex.open(exact_dir)
    documents = exact.documents()
    queries = read_queries(data / "beir" / "queries.jsonl")
    claims = [queries[q] for q in read_qrels(data / "beir" / "qrels" / f"{split}.beir.tsv")][:300]
    report = {"split": split, "queries": len(claims)}
    with tempfile.TemporaryDirectory() as folder:
        index = sharded_module.build_sharded(documents, Path(folder), StoredIndexVectors(exact_dir, documents),
                                             shard_passages=-(-exact.manifest.passages // shards), ivf_min_passages=0)
        for setting in settings:
            refine, probes = (int(part) for part in setting.split(":"))
            ivfpq.IVF_REFINE = refine
            for shard in index.shards:
                ivf = faiss.extract_index_ivf(shard.dense)
                ivf.nprobe = min(ivf.nlist, max(probes, int(ivf.nlist * ivfpq.IVF_PROBE_SHARE)))
            report[setting] = dense_recall(exact, index, claims)
            print(split, setting, report[setting], file=sys.stderr)
    return report


# ---------------------------------------------------------------------- throughput


# The builds compared, each in a fresh process of its own: PyTorch threads for one process, embedding
# actors (one PyTorch thread each) for Ray. One process on one thread against Ray's two one-thread
# workers is the like-for-like comparison; one process on two threads uses both cores its own way.
# ---------------------------------------------------------------------- lexical across shards


class _ConstantVectors(Embedder):
    """One fixed unit vector for every text: for BM25-only runs, which never read a vector."""

    def embed(self, texts: Sequence[str], progress: ProgressCallback | None = None) -> np.ndarray:
        rows = np.zeros((len(texts), 384), np.float32)
        rows[:, 0] = 1
        return rows

    def embed_queries(self, queries: Sequence[str]) -> np.ndarray:
        return self.embed(queries)


def lexical(data: Path, shards: int) -> dict:
    """BM25-only nDCG@10 on the SciFact test claims: one index, and ``shards`` shards scored with the
    library's term statistics. Nothing is embedded (BM25 reads no vector)."""
    from retrieval.ingest import ingest_paths
    from retrieval.sharded import build_sharded

    documents = ingest_paths([data / "corpus.jsonl"]).documents
    queries = read_queries(data / "beir" / "queries.jsonl")
    qrels = read_qrels(data / "beir" / "qrels" / "test.beir.tsv")
    embedder = _ConstantVectors(read_default_model())
    passages = sum(len(d.sentences) for d in documents)
    report: dict = {"passages": passages}
    with tempfile.TemporaryDirectory() as folder:
        one = PaperIndex.build(documents, Path(folder) / "one", embedder.model_name, embedder=embedder)
        split = build_sharded(documents, Path(folder) / "split", embedder, shard_passages=-(-passages // shards),
                              ivf_min_passages=10**12)
        for label, index in (("one_index", one), (f"{split.shard_count}_shards", split)):
            result = evaluate(index, queries, qrels, mode="bm25")
            report[label] = {"ndcg@10": round(result.ndcg_at_10, 4), "recall@100": round(result.recall_at_100, 4)}
    return report


def exact_truth(vectors: np.ndarray, queries: np.ndarray, k: int) -> list[set[int]]:
    scores = queries @ vectors.T
    return [set(np.argpartition(-row, k)[:k].tolist()) for row in scores]


def sharded_dense_top(index, query: np.ndarray, k: int) -> set[int]:
    """The library's ``k`` nearest passages as the search finds them (``ShardedPaperIndex.dense_rows``:
    one probe of the library's IVF-PQ, or each shard's own for an older library), numbered as if the
    shards' passages were one list."""
    found, offset = set(), 0
    for shard, rows in zip(index.shards, index.dense_rows(query, k), strict=True):
        found.update((offset + rows).tolist())
        offset += shard.manifest.passages
    return found


def probe_grid(index, query_vectors: np.ndarray, truth: list[set[int]], settings: list[str]) -> dict:
    """Dense Recall@100 and time per query of the library's one IVF-PQ search for each
    "REFINE:PROBES" setting (REFINE 1: the IVF-PQ order as it is, no exact re-ranking worth the name)."""
    import faiss

    from retrieval import library_ivf

    ivf = faiss.extract_index_ivf(index.library_ivf)
    saved = ivf.nprobe, library_ivf.LIBRARY_REFINE
    grid = {"lists": int(ivf.nlist)}
    try:
        for setting in settings:
            library_ivf.LIBRARY_REFINE, ivf.nprobe = (int(part) for part in setting.split(":"))
            wall, cpu = time.perf_counter(), time.process_time()
            shares = [len(sharded_dense_top(index, q, 100) & t) / 100 for q, t in zip(query_vectors, truth, strict=True)]
            grid[setting] = {"recall_at_100": round(float(np.mean(shares)), 4),
                             "dense_ms_per_query": round((time.perf_counter() - wall) * 1000 / len(truth), 2),
                             "dense_cpu_ms_per_query": round((time.process_time() - cpu) * 1000 / len(truth), 2)}
            print("probes", setting, grid[setting], file=sys.stderr)
    finally:
        ivf.nprobe, library_ivf.LIBRARY_REFINE = saved
    return grid


def check(folders: list[Path], passages: int, shards: int, data: Path, query_count: int, ray_documents: int,
          one_quantizer: bool = True, grid: list[str] | None = None, corpora: Sequence[Path] = (),
          ontologies: Sequence[Path] = (), cache: Path | None = None, cached_only: bool = False,
          made_to: int = 0, scratch: Path | None = None, query_set: str = "check", keep: Path | None = None) -> dict:
    """The figures of issue 40 on real passages (``real_documents``), topped up with made ones
    (``top_up_with_made``) to ``made_to`` passages when given; the index is built under ``scratch``
    and removed afterwards, or kept in ``keep`` (a new folder: its ``index``) for later serving runs."""
    from retrieval.sharded import build_sharded

    documents, embedder, made = real_documents(folders, passages, corpora, ontologies, cache, cached_only=cached_only)
    topped = {}
    if made_to:
        documents, topped = top_up_with_made(documents, embedder, made_to)
    total = sum(len(d.sentences) for d in documents)
    texts = real_queries(data, query_count, query_set)
    report: dict = {"passages": total, "documents": len(documents),
                    "real_passages_only": not topped.get("passages_made"), **topped, "queries": len(texts),
                    "query_set": query_set,
                    "passages_by_source": made["sources"],
                    **{key: made[key] for key in ("embedding", "left_out_without_cached_vectors") if key in made}}
    report["load_average"] = {"before_build": round(os.getloadavg()[0], 2)}
    if keep is not None:
        keep.mkdir(parents=True)
    with (contextlib.nullcontext(str(keep)) if keep is not None else tempfile.TemporaryDirectory(dir=scratch or "/tmp")) as folder:
        started, cpu = time.perf_counter(), time.process_time()
        index = build_sharded(documents, Path(folder) / "index", embedder, shard_passages=-(-total // shards),
                              one_quantizer=one_quantizer)
        report["build_seconds"] = round(time.perf_counter() - started, 1)
        report["build_cpu_seconds"] = round(time.process_time() - cpu, 1)
        report["one_quantizer"] = bool(index.manifest.ivf)
        report["build_note"] = "index build from stored vectors: embedding not included"
        report["shards"] = index.shard_count
        report["dense"] = sorted({shard.manifest.dense_index for shard in index.shards})
        report["disk_bytes_per_passage"] = disk_per_passage(Path(folder) / "index", total)
        report["load_average"]["after_build"] = round(os.getloadavg()[0], 2)
        vectors = np.vstack([shard.columns()[1] for shard in index.shards])
        query_vectors = embedder.embed_queries(texts)
        truth = exact_truth(vectors, query_vectors, 100)
        shares = [len(sharded_dense_top(index, q, 100) & t) / 100 for q, t in zip(query_vectors, truth, strict=True)]
        report["recall_at_100"] = round(float(np.mean(shares)), 4)
        if grid and index.manifest.ivf:
            report["probe_grid"] = probe_grid(index, query_vectors, truth, grid)
        del index, vectors
        report["load_average"]["before_serving"] = round(os.getloadavg()[0], 2)
        report.update(_run_json(["check-serve", str(Path(folder) / "index"), json.dumps(texts)]))
        report["load_average"]["after_serving"] = round(os.getloadavg()[0], 2)
    report["ray_speedup"] = None
    if ray_documents:
        runs = throughput(data / "corpus.jsonl", ray_documents, THROUGHPUT_FILES, ["one_process_1_thread", "ray_2_workers"])
        report["ray_speedup"] = runs["ray_speedup"]
        report["ray_runs"] = runs
    return report


def disk_per_passage(index_dir: Path, passages: int) -> dict[str, float]:
    """Bytes on disk per passage of each part of the shards (summed over shards)."""
    parts: dict[str, int] = {}
    for file in index_dir.rglob("*"):
        if file.is_file() and "generation-" in str(file):
            inside = file.relative_to(next(p for p in file.parents if p.name.startswith("generation-")))
            parts[inside.parts[0]] = parts.get(inside.parts[0], 0) + file.stat().st_size
        elif file.is_file() and file.parent.name.startswith("ivf-"):  # the library's one IVF-PQ index
            part = "ivf/lists-*.faiss" if file.name.startswith("lists-") else f"ivf/{file.name}"
            parts[part] = parts.get(part, 0) + file.stat().st_size
    return {name: round(size / passages, 1) for name, size in sorted(parts.items())}


def _run_json(arguments: list[str]) -> dict:
    done = subprocess.run([sys.executable, __file__, *arguments], stdout=subprocess.PIPE, text=True, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def check_serve(folder: Path, texts: list[str]) -> None:
    """In a fresh process: open the index (timed), then hybrid queries one at a time."""
    started = time.perf_counter()
    index = PaperIndex.open(folder)
    opened = time.perf_counter() - started
    rss_open = sum(_rss_parts_mib().values())
    index.search(texts[0])  # the model is loaded (its files read) before the reads are counted
    read_before = _bytes_read()
    latencies = _search_latencies(index, texts)
    print(json.dumps({"open_seconds": round(opened, 2), "rss_after_open_mib": round(rss_open),
                      "rss_mib": round(own_peak_mib()), "rss_after_queries_mib": _rss_parts_mib(),
                      # what the queries copied in with read calls (rows read by positional reads, not
                      # mapped: retrieval/paging.py), from the page cache or the disk
                      "queries_read_mib": round((_bytes_read() - read_before) / 2**20), "queries_read_over": len(texts) + 1,
                      "query_p50_ms": round(statistics.median(latencies), 1),
                      "query_p95_ms": round(float(np.percentile(latencies, 95)), 1)}))


def _bytes_read() -> int:
    """Bytes this process has read with read calls so far (/proc/self/io rchar; 0 where absent)."""
    io = Path("/proc/self/io")
    fields = dict(line.split(":", 1) for line in io.read_text().splitlines()) if io.exists() else {}
    return int(fields.get("rchar", 0))


def _rss_parts_mib() -> dict[str, int]:
    """This process's resident memory now, by kind: anonymous (its own allocations) and file-backed
    (pages of memory-mapped files such as the shards' vectors, which the kernel can drop and read again)."""
    status = Path("/proc/self/status").read_text().splitlines()
    fields = dict(line.split(":", 1) for line in status if line.startswith(("RssAnon", "RssFile", "RssShmem")))
    return {name.removeprefix("Rss").lower(): round(int(value.split()[0]) / 1024) for name, value in fields.items()}


SOURCE_OPTIONS = ("--vectors", "--texts", "--ontologies", "--cache")


def _without_options(arguments: list[str], options: Sequence[str]) -> list[str]:
    """The arguments without ``options`` and the values after each."""
    kept, dropping = [], False
    for argument in arguments:
        if argument.startswith("--"):
            dropping = argument in options
        if not dropping:
            kept.append(argument)
    return kept


def _without_sources(arguments: list[str]) -> list[str]:
    """The arguments without the source options and their paths (the sources of a made check's command
    are those of the real-text one: the command with them would not fit BENCHMARKS.md's cell)."""
    return _without_options(arguments, SOURCE_OPTIONS)


# Options that change no recorded figure (where the index is built, whether it is kept, extra settings
# measured beside the defaults): left out of the recorded command, which BENCHMARKS.md shows in a
# cell of 200 characters at most; docs/scale.md gives the whole command.
UNRECORDED_OPTIONS = ("--scratch", "--keep-index", "--grid")


def _short_paths(arguments: list[str]) -> list[str]:
    """The arguments without the output flags (--json, --record) and ``UNRECORDED_OPTIONS`` with their
    values, and with paths outside the repository cut to ".../NAME": BENCHMARKS.md's cells are short;
    docs/scale.md gives the whole command."""
    return [f".../{Path(argument).name}" if "/" in argument and not argument.startswith(("bench/", "data/")) else argument
            for argument in _without_options(arguments, UNRECORDED_OPTIONS) if argument not in ("--json", "--record")]


def record_check(report: dict, command: str) -> None:
    """The check's figures, on record in bench/results/scale.json (BENCHMARKS.md); with made passages in
    bench/results/scale_PASSAGES.json, each figure named with the real and made counts."""
    made = report.get("passages_made")
    size = (f"{report['passages']:,} passages ({report['passages_real']:,} real, {made:,} made by mixing two real ones), "
            f"{report['shards']} shards" if made else f"{report['passages']:,} real passages, {report['shards']} shards")
    figures = [
        {"figure": "sharded IVF-PQ dense Recall@100 against exact search", "value": report["recall_at_100"],
         # the check's own questions are held out: the settings were chosen on --query-set tune
         **({"held_out": report["recall_at_100"]} if report.get("query_set", "check") == "check" else {}),
         "decimals": 3, "target": {"at_least": 0.95},
         "note": f"{size}; {report['queries']} real questions, held out"},
        {"figure": "index build from stored vectors (no embedding)", "value": report["build_seconds"], "unit": "s",
         "note": size},
        {"figure": "open the index, fresh process", "value": report["open_seconds"], "unit": "s", "decimals": 2,
         "target": {"at_most": 10}, "note": size},
        {"figure": "serving process peak RSS (model loaded)", "value": report["rss_mib"], "unit": "MiB",
         "decimals": 0, "target": {"at_most": 1024}, "note": f"{report['rss_after_open_mib']} MiB after opening"},
        {"figure": "hybrid query latency, median", "value": report["query_p50_ms"], "unit": "ms", "note": size},
        {"figure": "hybrid query latency, 95th percentile", "value": report["query_p95_ms"], "unit": "ms", "note": size},
    ]
    if report.get("ray_speedup") is not None:
        figures.append({"figure": "Ray build, 2 workers over one process", "value": report["ray_speedup"],
                        "unit": "x", "decimals": 2, "target": {"at_least": 1.3}})
    if made:
        suffix = f", {report['passages']:,} passages ({report['passages_real']:,} real, {made:,} made by mixing)"
        figures = [{**figure, "figure": figure["figure"] + suffix} for figure in figures]
    write_results(f"scale_{report['passages']}" if made else "scale", "Scale", command, figures)


# ---------------------------------------------------------------------- scaling curve


def curve(exact_dir: Path, sizes: list[int], noise: float, data: Path) -> dict:
    base = stored_documents(exact_dir)
    texts = list(read_queries(data / "beir" / "queries.jsonl").values())[:100]
    report = {}
    for size in sizes:
        with tempfile.TemporaryDirectory() as folder:
            entry = json.loads(subprocess.run(
                [sys.executable, __file__, "curve-build", str(exact_dir), folder, str(size), str(noise)],
                stdout=subprocess.PIPE, text=True, check=True).stdout.strip().splitlines()[-1])
            serving = json.loads(subprocess.run(
                [sys.executable, __file__, "curve-serve", folder, json.dumps(texts)],
                stdout=subprocess.PIPE, text=True, check=True).stdout.strip().splitlines()[-1])
            report[size] = {**entry, **serving}
            print("curve", size, report[size], file=sys.stderr)
    del base
    return report


def grown_documents(base: list[Document], size: int) -> list[Document]:
    """``base`` and as many renamed copies of it as reach ``size`` passages."""
    out, passages, copy = [], 0, 0
    while passages < size:
        for document in base:
            out.append(document if copy == 0 else document.model_copy(update={"id": f"{document.id}~{copy}"}))
            passages += len(document.sentences)
            if passages >= size:
                break
        copy += 1
    return out


def curve_build(exact_dir: Path, folder: Path, size: int, noise: float) -> None:
    from retrieval.sharded import IVF_MIN_PASSAGES, build_sharded

    base = stored_documents(exact_dir)
    documents = grown_documents(base, size)
    copies = [d for d in documents if "~" in d.id]
    embedder = StoredIndexVectors(exact_dir, base)
    if copies:
        # copies share their texts with the originals; their vectors are perturbed per copy
        embedder = _PerturbedCopies(embedder, noise)
    started = time.perf_counter()
    index = build_sharded(documents, folder, embedder, shard_passages=500_000, ivf_min_passages=IVF_MIN_PASSAGES)
    elapsed = time.perf_counter() - started
    print(json.dumps({"passages": index.manifest.passages, "shards": index.shard_count,
                      "dense": sorted({s.manifest.dense_index for s in index.shards}),
                      "index_build_s": round(elapsed, 1), "disk_mb": round(index.disk_bytes() / 1e6, 1),
                      "perturbed_copies": len(copies)}))


class _PerturbedCopies(Embedder):
    """Each call after the first text repeats gets the stored vectors plus fresh seeded noise."""

    def __init__(self, stored: StoredIndexVectors, noise: float) -> None:
        super().__init__(stored.model_name)
        self._stored = stored
        self._noise = noise
        self._generator = np.random.default_rng(1)

    def embed(self, texts: Sequence[str], progress: ProgressCallback | None = None) -> np.ndarray:
        rows = self._stored.embed(texts)
        seen: set[str] = set()
        repeated = np.array([t in seen or seen.add(t) for t in texts])  # type: ignore[func-returns-value]
        noisy = rows + self._generator.normal(0, self._noise, rows.shape).astype(np.float32)
        noisy /= np.linalg.norm(noisy, axis=1, keepdims=True)
        return np.where(repeated[:, None], noisy, rows)


def _search_latencies(index: PaperIndex, texts: list[str]) -> list[float]:
    """Milliseconds per search of each text, after a first search has loaded the model."""
    index.search(texts[0])
    latencies = []
    for text in texts:
        started = time.perf_counter()
        index.search(text, k=10)
        latencies.append((time.perf_counter() - started) * 1000)
    return latencies


def curve_serve(folder: Path, texts: list[str]) -> None:
    index = PaperIndex.open(folder)
    latencies = _search_latencies(index, texts)
    print(json.dumps({"serving_peak_rss_mib": round(own_peak_mib()),
                      "latency_median_ms": round(statistics.median(latencies), 1),
                      "latency_p95_ms": round(float(np.percentile(latencies, 95)), 1)}))


def record_quality(report: dict) -> None:
    """The sharded index against the exact one, on record in bench/results/scale.json (BENCHMARKS.md)."""
    exact, sharded = report["all_exact"]["ndcg@10"], report["all_sharded_ivfpq"]["ndcg@10"]
    command = ".venv/bin/python bench/scale.py quality --exact FULL --shards 2"
    write_results("scale_quality", "Scale", command, [
        {"figure": "sharded IVF-PQ minus exact, hybrid nDCG@10, SciFact", "value": sharded - exact, "decimals": 4,
         "signed": True, "target": {"at_least": -0.01, "at_most": 0.01},
         "note": f"{sharded:.4f} vs {exact:.4f}; {report['passages']:,} passages, {report['shards']} shards"},
        {"figure": "sharded IVF-PQ dense Recall@100 against exact, test claims",
         "value": report["dense_recall@100_vs_exact"], "decimals": 4, "target": {"at_least": 0.95}},
    ])


def main() -> int:
    if len(sys.argv) > 1 and sys.argv[1] == "curve-build":
        curve_build(Path(sys.argv[2]), Path(sys.argv[3]), int(sys.argv[4]), float(sys.argv[5]))
        return 0
    if len(sys.argv) > 1 and sys.argv[1] == "check-serve":
        check_serve(Path(sys.argv[2]), json.loads(sys.argv[3]))
        return 0
    if len(sys.argv) > 1 and sys.argv[1] == "curve-serve":
        curve_serve(Path(sys.argv[2]), json.loads(sys.argv[3]))
        return 0
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    q = commands.add_parser("quality")
    q.add_argument("--exact", type=Path, required=True, help="an exact SciFact index folder (bench/retrieval.py)")
    q.add_argument("--data", type=Path, default=DEFAULT_DATA)
    q.add_argument("--shards", type=int, default=2)
    q.add_argument("--grid", nargs="*", default=[], help="REFINE:PROBES settings of the library IVF-PQ to score too")
    e = commands.add_parser("exact-from-cache", help="an exact index for quality, from check's vector cache")
    e.add_argument("--texts", type=Path, default=DEFAULT_DATA / "corpus.jsonl")
    e.add_argument("--cache", type=Path, required=True)
    e.add_argument("--out", type=Path, required=True)
    r = commands.add_parser("recall")
    r.add_argument("--exact", type=Path, required=True)
    r.add_argument("--data", type=Path, default=DEFAULT_DATA)
    r.add_argument("--shards", type=int, default=2)
    r.add_argument("--split", default="train", choices=["train", "test"])
    r.add_argument("--settings", nargs="+", default=["4:32", "8:32", "4:64", "8:64"], help="REFINE:MIN_PROBES")
    t = commands.add_parser("throughput")
    t.add_argument("--input", type=Path, default=DEFAULT_DATA / "corpus.jsonl")
    t.add_argument("--documents", type=int, default=600)
    t.add_argument("--files", type=int, default=THROUGHPUT_FILES, help="gzipped PubMed XML files to write them in")
    t.add_argument("--builds", nargs="+", choices=list(BUILDS), default=list(BUILDS))
    t.add_argument("--rounds", type=int, default=1, help="runs of each build, interleaved")
    t.add_argument("--fixed", action="store_true", help="also time each build on one abstract per file (its fixed cost)")
    t.add_argument("--record", action="store_true", help="write bench/results/scale_throughput.json")
    c = commands.add_parser("curve")
    c.add_argument("--exact", type=Path, required=True)
    c.add_argument("--data", type=Path, default=DEFAULT_DATA)
    c.add_argument("--sizes", type=int, nargs="+", default=[10_000, 100_000, 1_000_000])
    c.add_argument("--noise", type=float, default=0.01)
    lx = commands.add_parser("lexical")
    lx.add_argument("--data", type=Path, default=DEFAULT_DATA)
    lx.add_argument("--shards", type=int, default=2)
    k = commands.add_parser("check")
    k.add_argument("--passages", type=int, default=60_000)
    k.add_argument("--vectors", type=Path, nargs="*", default=[], help="exact index folders of real corpora")
    k.add_argument("--texts", type=Path, nargs="*", default=[],
                   help="JSONL corpora with no index here (e.g. ../shared/data/scifact/corpus.jsonl): embedded")
    k.add_argument("--ontologies", type=Path, nargs="*", default=None,
                   help="OBO ontology files whose definitions and notes are added, embedded; "
                        "with no path, the ontologies packaged in the venv (default_ontologies)")
    k.add_argument("--cache", type=Path, help="folder that keeps the vectors of --texts and --ontologies between runs")
    k.add_argument("--count", action="store_true", help="only count the real passages by source (nothing embedded)")
    k.add_argument("--cached-only", action="store_true",
                   help="take --texts and --ontologies documents only where --cache holds their vectors (embed nothing)")
    k.add_argument("--shards", type=int, default=2)
    k.add_argument("--queries", type=int, default=300)
    k.add_argument("--query-set", choices=QUERY_SETS, default="check",
                   help="check: the check's own questions (held out); tune: others from the same sources, "
                        "for choosing settings (real_queries)")
    k.add_argument("--ray-documents", type=int, default=0, help="documents for the Ray speed-up (0: not measured)")
    k.add_argument("--data", type=Path, default=DEFAULT_DATA)
    k.add_argument("--json", action="store_true", help="print only the JSON object")
    k.add_argument("--record", action="store_true", help="write bench/results/scale.json")
    k.add_argument("--per-shard-quantizers", action="store_true",
                   help="build as libraries were built before: an IVF-PQ index per shard")
    k.add_argument("--grid", nargs="*", default=[], help="REFINE:PROBES settings of the library IVF-PQ to measure")
    k.add_argument("--made-to", type=int, default=0,
                   help="top the real passages up to this many with made ones, each mixing two real passages "
                        "(top_up_with_made); recorded apart from the real-text figures")
    k.add_argument("--scratch", type=Path, help="folder for the built index (default /tmp)")
    k.add_argument("--keep-index", type=Path,
                   help="build the index in this new folder and keep it (serve it again with check-serve)")
    args = parser.parse_args()
    if args.command == "check":
        ontologies = [] if args.ontologies is None else args.ontologies or default_ontologies()
        if args.count:
            _, _, made = real_documents(args.vectors, args.passages, args.texts, ontologies, embed=False)
            print(json.dumps(made, indent=2))
            return 0
        if args.record and args.query_set != "check":
            parser.error("--record takes the check's own questions only (--query-set check)")
        report = check(args.vectors, args.passages, args.shards, args.data, args.queries, args.ray_documents,
                       not args.per_shard_quantizers, args.grid, args.texts, ontologies, args.cache, args.cached_only,
                       args.made_to, args.scratch, args.query_set, args.keep_index)
        if args.record:
            command = "HF_HUB_OFFLINE=1 .venv/bin/python " + " ".join(_short_paths(sys.argv))
            if args.made_to:
                command = ("HF_HUB_OFFLINE=1 .venv/bin/python " + " ".join(_short_paths(_without_sources(sys.argv)))
                           + " (the sources of scale.json's command)")
            record_check(report, command)
        print(json.dumps(report) if args.json else json.dumps(report, indent=2))
        return 0
    if args.command == "exact-from-cache":
        print(json.dumps(exact_from_cache(args.texts, args.cache, args.out)))
        return 0
    if args.command == "lexical":
        print(json.dumps(lexical(args.data, args.shards), indent=2))
        return 0
    if args.command == "quality":
        report = quality(args.exact, args.data, args.shards, args.grid)
        if (args.data, args.shards) == (DEFAULT_DATA, 2):
            record_quality(report)
    elif args.command == "recall":
        report = recall_grid(args.exact, args.data, args.shards, args.split, args.settings)
    elif args.command == "throughput":
        report = throughput(args.input, args.documents, args.files, args.builds, args.rounds, args.fixed)
        if args.record:
            record_throughput(report, "HF_HUB_OFFLINE=1 .venv/bin/python " + " ".join(sys.argv))
    else:
        report = curve(args.exact, args.sizes, args.noise, args.data)
    print(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
