"""Discovery default chosen on held-out data: a suite of tables with known graphs, split before choosing.

Suite (names fixed by this script, split before any run):
- bnlearn samples (10,000 discrete rows): asia, cancer, earthquake, survey, sachs, child, insurance,
  alarm, against their true DAGs (../shared/data/bnlearn);
- Sachs 2005 flow cytometry: the 853 observational cells and all 7,466 cells, against the 18-edge
  consensus graph (cdt);
- synthetic tables drawn with a seed (``synthetic_table``): linear Gaussian, linear non-Gaussian and
  non-linear, 5-50 variables, 200-10,000 rows, every other one with hidden confounders.

Split: within each family (bnlearn, Sachs, each synthetic kind), a ``random.Random(SPLIT_SEED)``
shuffle puts half of the sets (rounded down) in the selection part and the rest in the held-out part.
The default rule (``engine/discovery/default_rule.json``) is chosen on the selection part only: for each
group of tables (discrete; continuous Gaussian; continuous non-Gaussian, from ``profile_table``) the
configuration with the lowest mean SHD over the group's selection sets (ties: higher oriented F1). The
held-out part then compares the rule with every causal-learn default (each search with causal-learn's
own default settings).

Scoring (``bench/discovery.py``'s ``score``): SHD against the true DAG over the observed variables
(missing + extra adjacencies + shared adjacencies not oriented as in the truth), skeleton F1, oriented
F1. A run past the time limit gives no graph and is scored as the empty graph; a configuration that cannot
apply to a table (LiNGAM on discrete data, discrete tests on continuous data) is left out of that set's
comparisons.

    .venv/bin/python bench/discovery_heldout.py --data /work/shared/data --out /tmp/heldout.json [--time-limit 60] [--jobs 2]
    .venv/bin/python bench/discovery_heldout.py --summarise /tmp/heldout.json [--write-rule]
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass
from pathlib import Path

import numpy as np
import pandas as pd

REPO_ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO_ROOT))
sys.path.insert(0, str(REPO_ROOT / "bench"))

from discovery import SACHS_NAMES, read_cdt_target, read_tetrad, score  # noqa: E402

from engine.discovery.algorithms import AlgorithmOptions, describe_options  # noqa: E402
from engine.discovery.defaults import GROUPS, RULE_PATH, profile_table  # noqa: E402
from engine.discovery.errors import DiscoveryError, DiscoveryTimeout  # noqa: E402
from engine.discovery.run import discover  # noqa: E402
from engine.discovery.tables import TableResult, read_table  # noqa: E402
from engine.discovery.worker import DiscoveryWorker  # noqa: E402
from engine.settings import DiscoverySettings  # noqa: E402
from bench.results import write_results  # noqa: E402

SPLIT_SEED = 2026
# Each search with causal-learn's own defaults (PC and FCI: fisherz; GES: BIC; BOSS, GRaSP: BIC from
# the covariance; DirectLiNGAM: pwling).
CAUSAL_LEARN_DEFAULTS = {
    "PC fisherz": {"method": "pc", "test": "fisherz"},
    "FCI fisherz": {"method": "fci", "test": "fisherz"},
    "GES bic": {"method": "ges", "score": "bic"},
    "BOSS bic": {"method": "boss", "score": "bic"},
    "GRaSP bic": {"method": "grasp", "score": "bic"},
    "DirectLiNGAM": {"method": "lingam"},
}
# Further candidates for the rule: the discrete tests and score.
CANDIDATES = {
    **CAUSAL_LEARN_DEFAULTS,
    "PC gsq": {"method": "pc", "test": "gsq"},
    "FCI gsq": {"method": "fci", "test": "gsq"},
    "GES bdeu": {"method": "ges", "score": "bdeu"},
    "BOSS bdeu": {"method": "boss", "score": "bdeu"},
    "GRaSP bdeu": {"method": "grasp", "score": "bdeu"},
}
SYNTHETIC_KINDS = ("linear-gaussian", "linear-non-gaussian", "non-linear")
SYNTHETIC_PER_KIND = 6
SIZES_VARIABLES = (5, 10, 20, 30, 50)
SIZES_ROWS = (200, 1000, 3000, 10000)


@dataclass
class Dataset:
    name: str
    family: str
    table: TableResult
    truth: set[tuple[str, str]]
    part: str = ""


@dataclass
class Run:
    dataset: str
    family: str
    part: str
    group: str
    configuration: str
    status: str  # ok | timeout | not applicable | error
    shd: int | None = None
    skeleton_f1: float | None = None
    oriented_f1: float | None = None
    seconds: float | None = None
    edges: int | None = None
    message: str = ""


# --- the suite ----------------------------------------------------------------------------------

def synthetic_table(kind: str, variables: int, rows: int, hidden: int, seed: int) -> tuple[TableResult, set]:
    """A random DAG over ``variables`` observed (+ ``hidden`` latent) nodes and ``rows`` samples.

    Edges: a random order, each forward pair with probability 2 / (variables - 1) (about two neighbours
    per node); weights ±U(0.5, 1.5). Each latent node is a parent of two random observed nodes and is then
    dropped, so the truth is the DAG among the observed nodes. Every node is scaled to unit variance
    before its children read it, so variance does not grow along the order. Noise: Gaussian (linear
    Gaussian, non-linear) or, per node, uniform or a centred exponential (linear non-Gaussian). Non-linear
    mechanisms: tanh, sin(1.5x) or x² − 1 per edge.
    """
    rng = np.random.default_rng(seed)
    total = variables + hidden
    order = rng.permutation(variables)
    weights = np.zeros((total, total))
    probability = min(0.6, 2.0 / max(variables - 1, 1))
    for i in range(variables):
        for j in range(i + 1, variables):
            if rng.random() < probability:
                weights[order[i], order[j]] = rng.choice([-1, 1]) * rng.uniform(0.5, 1.5)
    for h in range(variables, total):
        for child in rng.choice(variables, 2, replace=False):
            weights[h, child] = rng.choice([-1, 1]) * rng.uniform(0.5, 1.5)
    functions = rng.integers(0, 3, size=(total, total))
    values = np.zeros((rows, total))
    for node in [*range(variables, total), *order]:
        if kind == "linear-non-gaussian":
            noise = rng.uniform(-1.7, 1.7, rows) if node % 2 else rng.exponential(1.0, rows) - 1.0
        else:
            noise = rng.normal(size=rows)
        signal = np.zeros(rows)
        for parent in np.nonzero(weights[:, node])[0]:
            x = values[:, parent]
            if kind == "non-linear":
                x = (np.tanh(x), np.sin(1.5 * x), x**2 - 1.0)[functions[parent, node]]
            signal += weights[parent, node] * x
        column = signal + noise
        values[:, node] = (column - column.mean()) / column.std()
    names = [f"V{k + 1}" for k in range(variables)]
    frame = pd.DataFrame(values[:, :variables], columns=names)
    truth = {(names[a], names[b]) for a, b in zip(*np.nonzero(weights[:variables, :variables]))}
    return read_table(frame.to_csv(index=False).encode()), truth


def build_suite(data: Path) -> list[Dataset]:
    suite: list[Dataset] = []
    for name in ("asia", "cancer", "earthquake", "survey", "sachs", "child", "insurance", "alarm"):
        suite.append(Dataset(f"bnlearn {name}", "bnlearn", read_table(data / "bnlearn" / "data" / f"{name}.txt"),
                             read_tetrad(data / "bnlearn" / "truth_dag_graph" / f"{name}.graph.txt")))
    cdt = read_cdt_target(data / "sachs" / "cyto_full_target.csv")
    suite.append(Dataset("sachs 853", "sachs", read_table(data / "sachs" / "cd3cd28_observational_853.csv"), cdt))
    suite.append(Dataset("sachs 7466", "sachs", read_table(data / "sachs" / "cyto_full_data.csv"), cdt))
    sizes = random.Random(SPLIT_SEED)
    for kind in SYNTHETIC_KINDS:
        for k in range(SYNTHETIC_PER_KIND):
            variables, rows = sizes.choice(SIZES_VARIABLES), sizes.choice(SIZES_ROWS)
            hidden = 0 if k % 2 == 0 else max(1, variables // 10)
            seed = 1000 * (SYNTHETIC_KINDS.index(kind) + 1) + k
            table, truth = synthetic_table(kind, variables, rows, hidden, seed)
            name = f"{kind} p{variables} n{rows}{f' h{hidden}' if hidden else ''} s{seed}"
            suite.append(Dataset(name, kind, table, truth))
    return split(suite)


def split(suite: list[Dataset]) -> list[Dataset]:
    """Half of each family (rounded down) to selection, the rest held out, by a seeded shuffle."""
    shuffler = random.Random(SPLIT_SEED)
    for family in dict.fromkeys(d.family for d in suite):
        members = [d for d in suite if d.family == family]
        shuffler.shuffle(members)
        for position, dataset in enumerate(members):
            dataset.part = "selection" if position < len(members) // 2 else "held-out"
    return suite


# --- running ----------------------------------------------------------------------------------

def run_configuration(dataset: Dataset, label: str, configuration: dict, limit: float, worker: DiscoveryWorker,
                      group: str) -> Run:
    base = Run(dataset.name, dataset.family, dataset.part, group, label, "ok")
    options = AlgorithmOptions(**configuration)
    try:
        result = discover(dataset.table, options=options, bootstrap=0,
                          settings=DiscoverySettings(time_limit_s=limit), worker=worker)
    except DiscoveryTimeout:
        shd, skeleton, oriented = score([], dataset.truth)
        return Run(**{**asdict(base), "status": "timeout", "shd": shd, "skeleton_f1": skeleton,
                      "oriented_f1": oriented, "seconds": limit, "edges": 0, "message": f"over {limit:g} s"})
    except DiscoveryError as exc:
        applicable = "needs" in str(exc) or "meaningless" in str(exc)
        return Run(**{**asdict(base), "status": "not applicable" if applicable else "error", "message": str(exc)[:200]})
    shd, skeleton, oriented = score([(e.source, e.target, e.type) for e in result.edges], dataset.truth)
    return Run(**{**asdict(base), "shd": shd, "skeleton_f1": round(skeleton, 3), "oriented_f1": round(oriented, 3),
                  "seconds": round(result.seconds, 2), "edges": len(result.edges)})


def run_suite(suite: list[Dataset], limit: float, jobs: int) -> list[Run]:
    groups = {d.name: profile_table(d.table).group for d in suite}
    work = [(d, label, conf) for d in suite for label, conf in CANDIDATES.items()]
    local = threading.local()
    workers: list[DiscoveryWorker] = []

    def execute(item) -> Run:
        dataset, label, configuration = item
        if not hasattr(local, "worker"):
            local.worker = DiscoveryWorker()
            workers.append(local.worker)
        run = run_configuration(dataset, label, configuration, limit, local.worker, groups[dataset.name])
        print(f"{run.part:9s} {dataset.name:42s} {label:13s} {run.status:14s} "
              f"SHD {run.shd} {run.seconds}", flush=True)
        return run

    with ThreadPoolExecutor(max_workers=jobs) as pool:
        runs = list(pool.map(execute, work))
    for worker in workers:
        worker.close()
    return runs


# --- choosing and reporting --------------------------------------------------------------------

def _mean(values: list[float]) -> float:
    return sum(values) / len(values) if values else float("nan")


def choose_rule(runs: list[dict]) -> dict:
    """Per group, the candidate with the lowest mean SHD over the group's selection sets where it applies
    to all of them (ties: higher mean oriented F1)."""
    chosen: dict[str, dict] = {}
    evidence: dict[str, str] = {}
    for group in GROUPS:
        selection = [r for r in runs if r["part"] == "selection" and r["group"] == group]
        sets = {r["dataset"] for r in selection}
        if not sets:
            continue
        ranked = []
        for label in CANDIDATES:
            mine = [r for r in selection if r["configuration"] == label and r["status"] in ("ok", "timeout")]
            if len(mine) == len(sets):
                ranked.append((_mean([r["shd"] for r in mine]), -_mean([r["oriented_f1"] for r in mine]), label))
        ranked.sort()
        best = ranked[0][2]
        chosen[group] = CANDIDATES[best]
        evidence[group] = f"{best}: mean SHD {ranked[0][0]:.2f} over {len(sets)} selection set(s)"
    fallback = chosen.get("gaussian") or chosen.get("non-gaussian")
    for group in GROUPS:  # a group with no selection set borrows the nearest group's choice
        chosen.setdefault(group, fallback if group != "discrete" else {"method": "pc", "test": "gsq"})
    return {
        "chosen_on": f"selection part of bench/discovery_heldout.py (split seed {SPLIT_SEED}); lowest mean SHD per group",
        "evidence": evidence,
        "groups": chosen,
        "condition_test": {"discrete": "gsq", "gaussian": "fisherz", "non-gaussian": "fisherz"},
    }


def label_of(configuration: dict) -> str:
    return next(label for label, conf in CANDIDATES.items() if conf == configuration)


def default_runs(runs: list[dict], rule: dict) -> list[dict]:
    """The rule's run on each set: the chosen candidate's run (the main graph is the same search)."""
    picked = []
    for run in runs:
        if run["configuration"] == label_of(rule["groups"][run["group"]]):
            picked.append({**run, "configuration": "Causeway default", "chosen": run["configuration"]})
    return picked


def comparison_table(runs: list[dict], part: str) -> list[str]:
    mine = {r["dataset"]: r for r in runs if r["configuration"] == "Causeway default" and r["part"] == part}
    lines = [f"| causal-learn default | sets where it applies | its mean SHD | default's mean SHD | "
             f"its oriented F1 | default's oriented F1 | its skeleton F1 | default's skeleton F1 |",
             "|---|---:|---:|---:|---:|---:|---:|---:|"]
    for label in CAUSAL_LEARN_DEFAULTS:
        theirs = [r for r in runs if r["configuration"] == label and r["part"] == part and r["status"] in ("ok", "timeout")]
        ours = [mine[r["dataset"]] for r in theirs]
        lines.append(
            f"| {label} | {len(theirs)} | {_mean([r['shd'] for r in theirs]):.2f} | {_mean([r['shd'] for r in ours]):.2f} | "
            f"{_mean([r['oriented_f1'] for r in theirs]):.3f} | {_mean([r['oriented_f1'] for r in ours]):.3f} | "
            f"{_mean([r['skeleton_f1'] for r in theirs]):.3f} | {_mean([r['skeleton_f1'] for r in ours]):.3f} |")
    return lines


def record_figures(runs: list[dict]) -> None:
    """The default against every causal-learn default on the held-out sets, on record in
    bench/results/discovery_heldout.json (BENCHMARKS.md): the target is the best of them that ran on every set."""
    mine = [r for r in runs if r["configuration"] == "Causeway default" and r["part"] == "held-out"]
    full = {}
    for label in CAUSAL_LEARN_DEFAULTS:
        theirs = [r for r in runs if r["configuration"] == label and r["part"] == "held-out" and r["status"] in ("ok", "timeout")]
        if len(theirs) == len(mine):
            full[label] = (_mean([r["shd"] for r in theirs]), _mean([r["oriented_f1"] for r in theirs]))
    best_shd = min(full, key=lambda label: full[label][0])
    best_f1 = max(full, key=lambda label: full[label][1])
    command = "OMP_NUM_THREADS=1 .venv/bin/python bench/discovery_heldout.py --data D --time-limit 60 --jobs 2"
    write_results("discovery_heldout", "Discovery", command, [
        {"figure": "discovery default on the held-out sets, mean SHD", "held_out": _mean([r["shd"] for r in mine]),
         "decimals": 2, "target": {"at_most": full[best_shd][0], "note": f"best single causal-learn default ({best_shd})"}},
        {"figure": "discovery default on the held-out sets, oriented F1",
         "held_out": _mean([r["oriented_f1"] for r in mine]), "decimals": 3,
         "target": {"at_least": full[best_f1][1], "note": f"best single causal-learn default ({best_f1})"}},
    ])


def per_set_table(runs: list[dict], part: str) -> list[str]:
    labels = [*CAUSAL_LEARN_DEFAULTS, "Causeway default"]
    lines = ["| set | group | truth edges | " + " | ".join(labels) + " | default's configuration, seconds |",
             "|---|---|---:|" + "---:|" * len(labels) + "---|"]
    for dataset in dict.fromkeys(r["dataset"] for r in runs if r["part"] == part):
        cells = {r["configuration"]: r for r in runs if r["dataset"] == dataset}
        default = cells["Causeway default"]
        def cell(label: str) -> str:
            run = cells.get(label)
            if run is None or run["status"] not in ("ok", "timeout"):
                return "n/a"
            return f"{run['shd']}{' (timeout)' if run['status'] == 'timeout' else ''}"
        chosen = default["chosen"]
        lines.append(f"| {dataset} | {default['group']} | {default.get('truth_edges', '')} | "
                     + " | ".join(cell(label) for label in labels)
                     + f" | {chosen}, {default['seconds']:.1f} s{' (timeout)' if default['status'] == 'timeout' else ''} |")
    return lines


def summarise(payload: dict) -> str:
    runs, rule = payload["runs"], payload["rule"]
    runs = runs + default_runs(runs, rule)
    for run in runs:
        run["truth_edges"] = payload["truth_edges"][run["dataset"]]
    lines = ["Rule chosen on the selection part: " + "; ".join(f"{g} → {e}" for g, e in rule["evidence"].items()), ""]
    for part in ("held-out", "selection"):
        lines += [f"**{part}** — mean SHD / oriented F1 / skeleton F1 of each causal-learn default against the "
                  "Causeway default on the same sets:", "", *comparison_table(runs, part), "",
                  f"Per set ({part}), SHD:", "", *per_set_table(runs, part), ""]
    return "\n".join(lines)


# The nine condition files of Sachs et al. 2005, in their published order, and their row counts; the
# full file stacks them in this order (the counts sum to 7,466, and change points of the column means
# fall at these boundaries: 1,755, 2,666, 3,389, 4,199, 4,998, 5,846, 6,759; the first, at 853, is
# weaker because ICAM-2 co-stimulation changes little).
SACHS_BLOCKS = [("cd3cd28", 853), ("cd3cd28+icam2", 902), ("cd3cd28+aktinhib", 911), ("cd3cd28+g0076", 723),
                ("cd3cd28+psitect", 810), ("cd3cd28+u0126", 799), ("cd3cd28+ly", 848), ("pma", 913),
                ("b2camp", 707)]


def sachs_with_condition(data: Path) -> TableResult:
    """The full Sachs table with a condition column derived from its row blocks (see SACHS_BLOCKS)."""
    frame = pd.read_csv(data / "sachs" / "cyto_full_data.csv")
    if len(frame) != sum(size for _, size in SACHS_BLOCKS):
        raise SystemExit("the Sachs file does not have the expected 7,466 rows")
    frame["condition"] = [name for name, size in SACHS_BLOCKS for _ in range(size)]
    return read_table(frame.to_csv(index=False).encode()).with_condition("condition")


def sachs_report(data: Path, limit: float) -> str:
    """Skeleton and oriented F1 on the full Sachs file: PC fisherz, the default, and with the condition."""
    cdt = read_cdt_target(data / "sachs" / "cyto_full_target.csv")
    cmu = read_tetrad(data / "sachs" / "cmu_sachs.2005.ground.truth.graph.txt", SACHS_NAMES)
    plain = read_table(data / "sachs" / "cyto_full_data.csv")
    conditioned = sachs_with_condition(data)
    variants = [("PC fisherz (causal-learn default)", plain, {"method": "pc", "test": "fisherz"}),
                ("Causeway default, no condition", plain, {"method": "auto"}),
                ("Causeway default, condition column marked", conditioned, {"method": "auto"})]
    lines = ["| variant | search | edges | skeleton F1 cdt 18 / cmu 20 | oriented F1 cdt 18 / cmu 20 | SHD cdt / cmu | seconds |",
             "|---|---|---:|---|---|---|---:|"]
    with DiscoveryWorker() as worker:
        for label, table, configuration in variants:
            result = discover(table, options=AlgorithmOptions(**configuration), bootstrap=0,
                              settings=DiscoverySettings(time_limit_s=limit), worker=worker)
            edges = [(e.source, e.target, e.type) for e in result.edges]
            (s1, k1, o1), (s2, k2, o2) = score(edges, cdt), score(edges, cmu)
            lines.append(f"| {label} | {describe_options(result.options)} | "
                         f"{len(edges)} | {k1:.3f} / {k2:.3f} | {o1:.3f} / {o2:.3f} | {s1} / {s2} | {result.seconds:.1f} |")
    return "\n".join(lines)


def stability_pass(payload: dict, suite: list[Dataset], limit: float) -> list[str]:
    """The default as shipped (stability on) on each held-out set: seconds, resamples finished, and the
    share of stable and of unstable edges that are true adjacencies."""
    rule = payload["rule"]
    lines = ["| held-out set | configuration | seconds | resamples | stable edges: true / all | unstable edges: true / all |",
             "|---|---|---:|---:|---|---|"]
    totals = [0, 0, 0, 0]
    with DiscoveryWorker() as worker:
        for dataset in suite:
            if dataset.part != "held-out":
                continue
            settings = DiscoverySettings(time_limit_s=limit)
            try:
                result = discover(dataset.table, settings=settings, worker=worker)
            except DiscoveryTimeout:
                lines.append(f"| {dataset.name} | {label_of(rule['groups'][profile_table(dataset.table).group])} | "
                             f"over {limit:g} (time limit message) | 0 | – | – |")
                continue
            skeleton = {frozenset(e) for e in dataset.truth}
            stable = [e for e in result.edges if e.stable]
            unstable = [e for e in result.edges if e.stable is False]
            true_stable = sum(frozenset((e.source, e.target)) in skeleton for e in stable)
            true_unstable = sum(frozenset((e.source, e.target)) in skeleton for e in unstable)
            totals = [totals[0] + true_stable, totals[1] + len(stable), totals[2] + true_unstable, totals[3] + len(unstable)]
            lines.append(f"| {dataset.name} | {describe_options(result.options)} | "
                         f"{result.seconds:.1f} | {result.bootstrap_runs} | {true_stable} / {len(stable)} | "
                         f"{true_unstable} / {len(unstable)} |")
            print(lines[-1], flush=True)
    lines.append(f"| all | | | | {totals[0]} / {totals[1]} ({totals[0] / max(totals[1], 1):.2f}) | "
                 f"{totals[2]} / {totals[3]} ({totals[2] / max(totals[3], 1):.2f}) |")
    return lines


def true_relation(truth: set[tuple[str, str]], x: str, y: str) -> str:
    """The answer the true DAG gives to "which of x -> y, y -> x, no relation" (ancestry, not adjacency)."""
    def reaches(a: str, b: str) -> bool:
        seen, frontier = {a}, [a]
        while frontier:
            node = frontier.pop()
            for s, t in truth:
                if s == node and t not in seen:
                    if t == b:
                        return True
                    seen.add(t)
                    frontier.append(t)
        return False
    if reaches(x, y):
        return f"{x} -> {y}"
    return f"{y} -> {x}" if reaches(y, x) else "no relation"


def questions_pass(suite: list[Dataset], limit: float, pairs_per_set: int = 30) -> list[str]:
    """Multiple-choice relation questions on each held-out set, answered by ``engine.discovery.ask.relation``
    from the default graph with stability on, and from the same graph read without stability (the
    single-run answer). Pairs: a seeded sample of up to ``pairs_per_set`` column pairs per set."""
    from engine.discovery.ask import relation

    lines = ["| held-out set | pairs | with stability: answered / right | single run: answered / right |",
             "|---|---:|---|---|"]
    totals = [0, 0, 0, 0, 0]
    sampler = random.Random(SPLIT_SEED)
    with DiscoveryWorker() as worker:
        for dataset in suite:
            if dataset.part != "held-out":
                continue
            try:
                result = discover(dataset.table, settings=DiscoverySettings(time_limit_s=limit), worker=worker)
            except DiscoveryTimeout:
                lines.append(f"| {dataset.name} | – | time limit | time limit |")
                continue
            single = result.model_copy(update={"bootstrap_runs": 0, "absent_frequency": []})
            columns = dataset.table.columns
            pairs = [(a, b) for i, a in enumerate(columns) for b in columns[i + 1:]]
            pairs = sampler.sample(pairs, min(pairs_per_set, len(pairs)))
            counts = [0, 0, 0, 0]
            for x, y in pairs:
                truth = true_relation(dataset.truth, x, y)
                for k, graph in enumerate((result, single)):
                    choice = relation(graph, x, y).choice
                    counts[2 * k] += choice is not None
                    counts[2 * k + 1] += choice == truth
            totals = [t + c for t, c in zip(totals, [len(pairs), *counts])]
            lines.append(f"| {dataset.name} | {len(pairs)} | {counts[0]} / {counts[1]} | {counts[2]} / {counts[3]} |")
            print(lines[-1], flush=True)
    n, a1, r1, a2, r2 = totals
    lines.append(f"| all | {n} | {a1} / {r1} (answered {a1 / n:.0%}, right {r1 / max(a1, 1):.0%} of answered) | "
                 f"{a2} / {r2} (answered {a2 / n:.0%}, right {r2 / max(a2, 1):.0%} of answered) |")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=REPO_ROOT.parent / "shared" / "data")
    parser.add_argument("--time-limit", type=float, default=60.0)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--out", type=Path, default=Path("/tmp/discovery-heldout.json"))
    parser.add_argument("--summarise", type=Path, help="print the tables of an earlier run and stop")
    parser.add_argument("--write-rule", action="store_true", help="write the chosen rule to " + str(RULE_PATH))
    parser.add_argument("--sachs", action="store_true", help="only the full-Sachs report (uses the current rule)")
    parser.add_argument("--stability", type=Path, metavar="RUN_JSON",
                        help="only the default with stability on, on the held-out sets of the suite")
    parser.add_argument("--questions", action="store_true", help="only the relation questions on the held-out sets")
    args = parser.parse_args()
    if args.questions:
        print("\n".join(questions_pass(build_suite(args.data), args.time_limit)))
        return
    if args.sachs:
        print(sachs_report(args.data, args.time_limit))
        return
    if args.stability:
        print("\n".join(stability_pass(json.loads(args.stability.read_text()), build_suite(args.data), args.time_limit)))
        return
    if args.summarise:
        payload = json.loads(args.summarise.read_text())
    else:
        suite = build_suite(args.data)
        for dataset in suite:
            print(f"{dataset.part:9s} {dataset.name:42s} {profile_table(dataset.table).group:12s} "
                  f"{dataset.table.n_rows} rows, {len(dataset.truth)} true edges", flush=True)
        started = time.monotonic()
        runs = [asdict(r) for r in run_suite(suite, args.time_limit, args.jobs)]
        payload = {"runs": runs, "rule": choose_rule(runs), "time_limit_s": args.time_limit,
                   "truth_edges": {d.name: len(d.truth) for d in suite},
                   "wall_seconds": round(time.monotonic() - started, 1)}
        args.out.write_text(json.dumps(payload, indent=1))
        print(f"wrote {args.out}")
        if (args.data, args.time_limit) == (REPO_ROOT.parent / "shared" / "data", 60.0):
            record_figures(payload["runs"])
    if args.write_rule:
        RULE_PATH.write_text(json.dumps(payload["rule"], indent=2) + "\n")
        print(f"wrote {RULE_PATH}")
    print(summarise(payload))


if __name__ == "__main__":
    main()
