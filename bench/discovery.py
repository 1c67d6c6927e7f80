"""Discovery benchmark: causal-learn algorithms with default settings, and Causeway's default per data type.

Data (see ../shared/data/README.md): Sachs 2005 flow cytometry (7,466 rows, and its first 853
observational rows), scored against the 18-edge consensus graph (cdt) and the 20-edge CMU graph; bnlearn
samples asia, child, insurance, alarm (10,000 discrete rows) against their true DAGs.

Metrics against the true DAG: SHD (missing + extra adjacencies, plus shared adjacencies whose learned
marks are not the true direction: reversed, undirected, bidirected or partial each count 1), skeleton F1,
oriented-edge F1 (learned directed edges that match a true directed edge), seconds (median over
--repeats runs for runs under 30 s; each thread reuses one warm worker process, so start-up is not
counted, but the pickling of the table to the worker is).

    .venv/bin/python bench/discovery.py [--time-limit 150] [--repeats 3] [--jobs 2] [--out data/bench/discovery.json]
    .venv/bin/python bench/discovery.py --summarise data/bench/discovery.json   # the Markdown tables only
    .venv/bin/python bench/discovery.py --signs 20   # sign accuracy on synthetic signed linear graphs

Averages are per dataset (a Sachs dataset's score is the mean over its two consensus graphs). The
"best single causal-learn default" is the one configuration, among those that ran on all six datasets,
with the lowest mean SHD; Causeway's default is compared with it on the same datasets.
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import sys
import threading
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO_ROOT))

from engine.discovery.algorithms import AlgorithmOptions  # noqa: E402
from engine.discovery.errors import DiscoveryError, DiscoveryTimeout  # noqa: E402
from engine.discovery.run import discover  # noqa: E402
from engine.discovery.tables import TableResult, read_table  # noqa: E402
from engine.discovery.worker import DiscoveryWorker  # noqa: E402
from engine.settings import DiscoverySettings  # noqa: E402

DATA = REPO_ROOT.parent / "shared" / "data"
# The CMU graph names the Sachs proteins by their short names; the data columns name the measured forms.
SACHS_NAMES = {
    "raf": "praf", "mek": "pmek", "plc": "plcg", "pip2": "PIP2", "pip3": "PIP3", "erk": "p44/42",
    "akt": "pakts473", "pka": "PKA", "pkc": "PKC", "p38": "P38", "jnk": "pjnk",
}
# (label, method, test or score); "auto" = Causeway's default rule (engine.discovery.defaults).
CAUSAL_LEARN_DEFAULTS = [
    ("PC fisherz", "pc", {"test": "fisherz"}),
    ("PC chisq", "pc", {"test": "chisq"}),
    ("PC gsq", "pc", {"test": "gsq"}),
    ("PC kci", "pc", {"test": "kci"}),
    ("FCI fisherz", "fci", {"test": "fisherz"}),
    ("GES bic", "ges", {"score": "bic"}),
    ("DirectLiNGAM", "lingam", {}),
]
EXTRA = [
    ("GES bdeu", "ges", {"score": "bdeu"}),
    ("FCI gsq", "fci", {"test": "gsq"}),
]
CAUSEWAY = ("Causeway default", "auto", {})


@dataclass
class Row:
    dataset: str
    kind: str  # the table's data type: continuous or discrete
    truth: str
    algorithm: str
    status: str  # ok | timeout | not applicable | error
    message: str = ""
    shd: int | None = None
    skeleton_f1: float | None = None
    oriented_f1: float | None = None
    seconds: float | None = None
    edges: int | None = None


def read_tetrad(path: Path, rename: dict[str, str] | None = None) -> set[tuple[str, str]]:
    edges: set[tuple[str, str]] = set()
    for line in path.read_text().splitlines():
        found = re.match(r"\s*\d+\.\s+(\S+)\s+-->\s+(\S+)", line)
        if found:
            a, b = found.groups()
            edges.add(((rename or {}).get(a, a), (rename or {}).get(b, b)))
    return edges


def read_cdt_target(path: Path) -> set[tuple[str, str]]:
    lines = path.read_text().splitlines()[1:]
    return {tuple(part.strip().strip('"') for part in line.split(",")) for line in lines if line.strip()}  # type: ignore[misc]


def f1(found: set, truth: set) -> float:
    hits = len(found & truth)
    if not found or not truth or not hits:
        return 0.0
    precision, recall = hits / len(found), hits / len(truth)
    return 2 * precision * recall / (precision + recall)


def score(edges: list[tuple[str, str, str]], truth: set[tuple[str, str]]) -> tuple[int, float, float]:
    learned_skeleton = {frozenset((a, b)) for a, b, _ in edges}
    true_skeleton = {frozenset(e) for e in truth}
    directed = {(a, b) for a, b, kind in edges if kind == "directed"}
    shd = len(learned_skeleton ^ true_skeleton)
    for a, b, kind in edges:
        if frozenset((a, b)) in true_skeleton and not (kind == "directed" and (a, b) in truth):
            shd += 1
    return shd, f1(learned_skeleton, true_skeleton), f1(directed, truth)


def run_one(table: TableResult, method: str, extra: dict, limit: float, repeats: int, worker: DiscoveryWorker):
    options = AlgorithmOptions(method=method, **extra)  # type: ignore[arg-type]
    times, result = [], None
    for _ in range(repeats):
        result = discover(table, options=options, bootstrap=0, settings=DiscoverySettings(time_limit_s=limit),
                          worker=worker)
        times.append(result.seconds)
        if result.seconds > 30:
            break
    return result, statistics.median(times)


def _mean(values: list[float]) -> float:
    return sum(values) / len(values)


def per_dataset(rows: list[dict]) -> dict[tuple[str, str], dict[str, float | str]]:
    """(algorithm, dataset) → mean over truths of each metric, or the status when it did not run."""
    cells: dict[tuple[str, str], dict[str, float | str]] = {}
    keys = sorted({(r["algorithm"], r["dataset"]) for r in rows})
    for key in keys:
        group = [r for r in rows if (r["algorithm"], r["dataset"]) == key]
        if group[0]["status"] != "ok":
            cells[key] = {"status": group[0]["status"]}
            continue
        cells[key] = {
            "status": "ok",
            "shd": _mean([r["shd"] for r in group]),
            "skeleton_f1": _mean([r["skeleton_f1"] for r in group]),
            "oriented_f1": _mean([r["oriented_f1"] for r in group]),
            "seconds": group[0]["seconds"],
        }
    return cells


def summarise(rows: list[dict]) -> str:
    datasets = list(dict.fromkeys(r["dataset"] for r in rows))
    algorithms = list(dict.fromkeys(r["algorithm"] for r in rows))
    lines = ["| dataset | truth | algorithm | SHD | skeleton F1 | oriented F1 | seconds | edges | note |",
             "|---|---|---|---:|---:|---:|---:|---:|---|"]
    for r in rows:
        if r["status"] == "ok":
            lines.append(f"| {r['dataset']} | {r['truth']} | {r['algorithm']} | {r['shd']} | {r['skeleton_f1']:.3f} | "
                         f"{r['oriented_f1']:.3f} | {r['seconds']:.1f} | {r['edges']} | {_short(r['message'])} |")
        else:
            lines.append(f"| {r['dataset']} | {r['truth']} | {r['algorithm']} | – | – | – | – | – | "
                         f"{r['status']}: {_short(r['message'])} |")
    cells = per_dataset(rows)
    lines += ["", "Means per dataset (Sachs: mean of its two consensus graphs); n = datasets completed:", "",
              "| algorithm | n | mean SHD | mean skeleton F1 | mean oriented F1 | median seconds |",
              "|---|---:|---:|---:|---:|---:|"]
    complete: list[str] = []
    for algorithm in algorithms:
        done = [cells[(algorithm, d)] for d in datasets if cells.get((algorithm, d), {}).get("status") == "ok"]
        if not done:
            lines.append(f"| {algorithm} | 0 | – | – | – | – |")
            continue
        if len(done) == len(datasets):
            complete.append(algorithm)
        lines.append(f"| {algorithm} | {len(done)} | {_mean([c['shd'] for c in done]):.2f} | "
                     f"{_mean([c['skeleton_f1'] for c in done]):.3f} | {_mean([c['oriented_f1'] for c in done]):.3f} | "
                     f"{statistics.median([c['seconds'] for c in done]):.1f} |")
    kinds = {r["dataset"]: r["kind"] for r in rows}
    groups = [("all", datasets)] + [
        (kind, [d for d in datasets if kinds[d] == kind]) for kind in ("continuous", "discrete")
    ]
    lines += ["", "Causeway's default against the best single causal-learn default (lowest mean SHD among the "
                  "configurations that ran on every dataset of the group):", "",
              "| datasets | best causal-learn default | its mean SHD / skeleton F1 / oriented F1 | "
              "Causeway default mean SHD / skeleton F1 / oriented F1 |", "|---|---|---|---|"]
    defaults = {label for label, _, _ in CAUSAL_LEARN_DEFAULTS}
    for group, members in groups:
        finished = [a for a in defaults | {CAUSEWAY[0]}
                    if members and all(cells.get((a, d), {}).get("status") == "ok" for d in members)]
        baselines = [a for a in finished if a in defaults]
        if not baselines or CAUSEWAY[0] not in finished:
            continue
        def means(algorithm: str) -> str:
            return " / ".join(f"{_mean([cells[(algorithm, d)][m] for d in members]):.3f}"
                              for m in ("shd", "skeleton_f1", "oriented_f1"))
        best = min(baselines, key=lambda a: _mean([cells[(a, d)]["shd"] for d in members]))
        lines.append(f"| {group} ({len(members)}) | {best} | {means(best)} | {means(CAUSEWAY[0])} |")
    return "\n".join(lines)


def _short(message: str) -> str:
    if "treats the discrete" in message:
        return "discrete data treated as continuous"
    if "subsample" in message:
        return "KCI on a 500-row subsample"
    if "needs discrete" in message:
        return "needs discrete data"
    if "meaningless" in message:
        return "LiNGAM on discrete data is meaningless"
    return message.replace("|", "/")[:80]


def synthetic_signs(worker: DiscoveryWorker, seeds: int, nodes: int = 10, rows: int = 1000) -> str:
    """Sign accuracy on random linear-Gaussian DAGs with known signed weights (no real data has signed truth).

    Each seed draws a DAG over ``nodes`` variables (edge probability 0.25 in a random order), weights
    ±U(0.5, 1.5), unit Gaussian noise, ``rows`` samples. For every learned adjacency that is a true
    edge, the learned sign is compared with the true weight's sign.
    """
    import numpy as np
    import pandas as pd

    lines = ["| method | adjacencies scored | sign accuracy | skeleton F1 (mean) |", "|---|---:|---:|---:|"]
    for method in ("pc", "ges", "lingam"):
        right = total = 0
        f1s = []
        for seed in range(seeds):
            rng = np.random.default_rng(seed)
            order = rng.permutation(nodes)
            weights = np.zeros((nodes, nodes))
            for i in range(nodes):
                for j in range(i + 1, nodes):
                    if rng.random() < 0.25:
                        weights[order[i], order[j]] = rng.choice([-1, 1]) * rng.uniform(0.5, 1.5)
            values = np.zeros((rows, nodes))
            for k in order:
                noise = rng.normal(size=rows) if method != "lingam" else rng.uniform(-1.7, 1.7, size=rows)
                values[:, k] = values @ weights[:, k] + noise
            names = [f"V{k}" for k in range(nodes)]
            table = read_table(pd.DataFrame(values, columns=names).to_csv(index=False).encode())
            result = discover(table, method, bootstrap=0, worker=worker)  # type: ignore[arg-type]
            truth = {(names[a], names[b]) for a, b in zip(*np.nonzero(weights))}
            f1s.append(f1({frozenset((e.source, e.target)) for e in result.edges}, {frozenset(t) for t in truth}))
            for edge in result.edges:
                for a, b in ((edge.source, edge.target), (edge.target, edge.source)):
                    if (a, b) in truth:
                        total += 1
                        right += int(np.sign(weights[names.index(a), names.index(b)]) == edge.sign)
        label = {"pc": "PC fisherz", "ges": "GES bic", "lingam": "DirectLiNGAM (uniform noise)"}[method]
        lines.append(f"| {label} | {total} | {right / max(total, 1):.3f} | {_mean(f1s):.3f} |")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--time-limit", type=float, default=120.0)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--datasets", nargs="*", default=None)
    parser.add_argument("--out", type=Path, default=REPO_ROOT / "data" / "bench" / "discovery.json")
    parser.add_argument("--summarise", type=Path, help="print the Markdown summary of an earlier run and stop")
    parser.add_argument("--signs", type=int, metavar="SEEDS", help="only the synthetic sign benchmark, over SEEDS graphs")
    args = parser.parse_args()
    if args.summarise:
        print(summarise(json.loads(args.summarise.read_text())))
        return
    if args.signs:
        with DiscoveryWorker() as worker:
            print(synthetic_signs(worker, args.signs))
        return

    full = read_table(DATA / "sachs" / "cyto_full_data.csv")
    observational = read_table(DATA / "sachs" / "cd3cd28_observational_853.csv")
    cdt = read_cdt_target(DATA / "sachs" / "cyto_full_target.csv")
    cmu = read_tetrad(DATA / "sachs" / "cmu_sachs.2005.ground.truth.graph.txt", SACHS_NAMES)
    datasets: list[tuple[str, TableResult, dict[str, set]]] = [
        ("sachs 7466", full, {"cdt 18": cdt, "cmu 20": cmu}),
        ("sachs 853", observational, {"cdt 18": cdt, "cmu 20": cmu}),
    ]
    for name in ("asia", "child", "insurance", "alarm"):
        datasets.append((name, read_table(DATA / "bnlearn" / "data" / f"{name}.txt"),
                         {"dag": read_tetrad(DATA / "bnlearn" / "truth_dag_graph" / f"{name}.graph.txt")}))
    if args.datasets:
        datasets = [d for d in datasets if d[0] in args.datasets]

    jobs = [(d, a) for d in datasets for a in [*CAUSAL_LEARN_DEFAULTS, *EXTRA, CAUSEWAY]]

    local = threading.local()
    workers: list[DiscoveryWorker] = []

    def execute(job) -> list[Row]:
        (name, table, truths), (label, method, extra) = job
        if not hasattr(local, "worker"):
            local.worker = DiscoveryWorker()
            workers.append(local.worker)
        try:
            result, seconds = run_one(table, method, extra, args.time_limit, args.repeats, local.worker)
        except DiscoveryTimeout:
            print(f"{name:12s} {label:18s} timeout", flush=True)
            return [Row(name, table.kind, t, label, "timeout", f"over {args.time_limit:g} s") for t in truths]
        except DiscoveryError as exc:
            status = "not applicable" if "needs" in str(exc) or "meaningless" in str(exc) else "error"
            return [Row(name, table.kind, t, label, status, str(exc)) for t in truths]
        edges = [(e.source, e.target, e.type) for e in result.edges]
        rows = []
        for truth_name, truth in truths.items():
            shd, skeleton, oriented = score(edges, truth)
            rows.append(Row(name, table.kind, truth_name, label, "ok", "; ".join(n for n in result.notes if "treats" in n or "KCI" in n),
                            shd, round(skeleton, 3), round(oriented, 3), round(seconds, 2), len(edges)))
        print(f"{name:12s} {label:18s} {rows[0].seconds:7.1f}s SHD {rows[0].shd}", flush=True)
        return rows

    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        rows = [row for rows in pool.map(execute, jobs) for row in rows]
    for worker in workers:
        worker.close()
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps([asdict(r) for r in rows], indent=1))
    print(summarise([asdict(r) for r in rows]))
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
