"""Checking measurements that contradict a graph: seconds for the whole check (labels under the
measurement, minimum-cost repairs and minimal inconsistent cores), and the size of the cores.

    HF_HUB_OFFLINE=1 .venv/bin/python bench/observations.py [--sizes 50 500] [--checks 8] [--json]

On the benchmark graphs of bench/relabel.py (pipeline-like and random, degree 2), with the question's
sources set, each check measures one node at a value the graph cannot give it: a direction it cannot
take, or, for a node that certainly moves, "stable" or the uncertain "not up" / "not down" that
rules its one direction out (those clash with the path that moves it, so their cores hold edges).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.relabel import pipeline_graph, random_graph  # noqa: E402
from bench.results import write_results  # noqa: E402
from engine.model.graph import Graph, NodeLabel, Scenario  # noqa: E402
from engine.solver.reasoner import Reasoner  # noqa: E402

_RULING_OUT = {"increasing": "not increasing", "decreasing": "not decreasing"}


def contradictions(graph: Graph, labels: dict[str, NodeLabel], rng: random.Random, count: int) -> list[tuple[str, str]]:
    """Measurements the graph cannot explain, half of them against a certain change."""
    impossible, against_change = [], []
    for node_id, label in labels.items():
        if label.intervened or graph.node(node_id).kind != "quantity":
            continue
        impossible += [(node_id, v) for v in ("increasing", "decreasing") if v not in label.possible]
        if label.certain and label.label in _RULING_OUT:
            against_change += [(node_id, "stable"), (node_id, _RULING_OUT[label.label])]
    rng.shuffle(impossible)
    rng.shuffle(against_change)
    return against_change[: count // 2] + impossible[: count - min(len(against_change), count // 2)]


def bench(graph: Graph, checks: int, rng: random.Random) -> dict:
    reasoner = Reasoner(graph, time_limit_s=60)
    scenario = Scenario.default_for(graph)
    labels = reasoner.label(scenario).labels
    seconds, cores, core_sizes, unfinished = [], [], [], []
    for node_id, value in contradictions(graph, labels, rng, checks):
        started = time.perf_counter()
        checked = reasoner.label(Scenario(interventions=scenario.interventions, observations={node_id: value}))
        seconds.append(time.perf_counter() - started)
        assert checked.consistent is False, (node_id, value)
        cores.append(len(checked.cores))
        core_sizes += [len(core.edges) + len(core.observations) for core in checked.cores]
        if checked.status != "ok" or "stopped" in checked.message:
            unfinished.append(f"{node_id}={value}: {checked.message}")
    return {
        "nodes": len(graph.nodes), "edges": len(graph.edges), "checks": len(seconds),
        "median_s": round(statistics.median(seconds), 3), "max_s": round(max(seconds), 3),
        "cores_per_check": statistics.median(cores), "median_core_size": statistics.median(core_sizes),
        "max_core_size": max(core_sizes), "unfinished": unfinished,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[50, 500])
    parser.add_argument("--checks", type=int, default=8)
    parser.add_argument("--seed", type=int, default=2)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    results = []
    for size in args.sizes:
        for make in (pipeline_graph, random_graph):
            rng = random.Random(args.seed)
            results.append({"graph": make.__name__, **bench(make(size, 2.0, rng), args.checks, rng)})
    if (args.sizes, args.checks, args.seed) == ([50, 500], 8, 2):  # the default run is the one on record
        row = next(r for r in results if r["graph"] == "pipeline_graph" and r["nodes"] >= 500)
        write_results("observations", "Solver", ".venv/bin/python bench/observations.py", [
            {"figure": "measurement check with cores and repairs, 500-node pipeline graph", "value": row["median_s"],
             "unit": "s", "decimals": 2, "note": f"median of {row['checks']}; slowest {row['max_s']:.1f} s"},
        ])
    if args.json:
        print(json.dumps(results, indent=2))
        return
    for row in results:
        print(" ".join(f"{key}={value}" for key, value in row.items()))


if __name__ == "__main__":
    main()
