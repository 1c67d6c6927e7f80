"""bench/scale.py throughput: the same sharded library built from gzipped PubMed XML files in one process
(1 and 2 PyTorch threads) and on Ray Data (1 and 2 embedding actors), each build timed in a process of
its own (this module run as ``child``), its CPU and peak memory those of its process tree.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from bench.results import write_results  # noqa: E402
from bench.scale_sources import read_default_model  # noqa: E402
from engine.assembly.grounding.build import own_peak_mib  # noqa: E402
from retrieval.documents import Document  # noqa: E402
from retrieval.embeddings import Embedder  # noqa: E402


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


if __name__ == "__main__" and sys.argv[1:2] == ["child"]:
    child(sys.argv[2:])
