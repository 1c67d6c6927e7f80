"""Solver latency: first labelling, relabel after a toggle, and a full re-ground, on random graphs.

Two series of random QPT graphs (a quarter of the nodes states, the rest quantities, random signs):

- ``random`` (the series the targets were set on): about ``--degree`` incoming edges per node from
  anywhere, so cycles and nodes pushed both ways (ambiguity) are common (~40% of nodes ambiguous);
- ``pipeline``: shaped like the graphs the question pipeline builds (``python -m engine ask``): grown
  outwards from the question's sources, each further node reached by one edge from an earlier node,
  plus cross links up to ``--pipeline-degree`` edges per node, a tenth of them pointing backwards
  (the odd feedback loop). On four real pipeline graphs (12–40 nodes, mean out-degree 0.9–1.2, 1
  of 116 nodes ambiguous) and the smoking example (10 nodes, 16 edges, 1 ambiguous) ambiguity is far
  rarer than in the ``random`` series.

Measured in the same run, same graph, same scenarios:

- first: building a ``Reasoner`` and labelling the default scenario (the question's sources
  intervened on), median over ``--first-runs`` fresh reasoners. The reasoner labels it with a
  program grounded for that scenario alone while it grounds the switchable program in a background
  thread; ``ready`` is the time from the start until that program is grounded (toggles from then
  on are re-solves). Each run waits for it before the next starts, untimed, so runs never overlap;
- toggle: one intervention switched on, off or changed, then ``label`` on the same reasoner
  (externals re-assigned, re-solve only);
- reground: the switchable program grounded afresh (a new ``Reasoner``, waited for) and labelled
  under the same toggled scenario: what a toggle would cost without multi-shot solving;
- once: ``label_graph`` on the same toggled scenario, a program grounded for that scenario alone
  (the cheapest labelling from scratch, which cannot be re-solved for another scenario).

Wall-clock medians are the figures; the process's CPU time (all threads: clasp searches in its own
thread, and a reasoner grounds its switchable program in another) is printed beside them because a
shared machine's load inflates wall time. A first labelling's CPU time leaves out that background
grounding, which starts after its answer.

``--possible-share F`` marks that share of each graph's edges "possible" (read by one reader only),
which the solver treats as a choice (``engine/solver/qpt_possible.lp``): the cost of that choice. The
graphs and toggles are the same as without it.

Usage: ``python bench/relabel.py [--series random pipeline] [--sizes 50 500 5000] [--toggles 25]
[--reground-runs 10] [--first-runs 5] [--degree 1.5] [--pipeline-degree 1.2] [--possible-share 0]
[--seed 7] [--json]``
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

from bench.results import write_results  # noqa: E402
from engine.model.graph import Edge, Graph, Node, Scenario, edge_id  # noqa: E402
from engine.solver.reasoner import Reasoner, label_graph  # noqa: E402


def random_graph(n: int, degree: float, rng: random.Random, source_share: float = 0.05) -> Graph:
    """A random graph of allowed QPT shapes; some nodes marked as the question's sources."""
    kinds = ["state" if rng.random() < 0.25 else "quantity" for _ in range(n)]
    nodes = [Node(id=f"n{i}", label=f"node {i}", kind=kinds[i]) for i in range(n)]  # type: ignore[arg-type]
    edges: dict[str, Edge] = {}
    for target in range(n):
        for _ in range(rng.randint(0, int(2 * degree))):
            source = rng.randrange(n)
            if source == target:
                continue
            relation = "influence" if kinds[source] == kinds[target] == "quantity" else "triggers"
            sign = 1 if kinds[source] == kinds[target] == "state" else rng.choice((1, -1))
            eid = edge_id(f"n{source}", relation, sign, f"n{target}")
            edges[eid] = Edge(id=eid, source=f"n{source}", target=f"n{target}", relation=relation, sign=sign)  # type: ignore[arg-type]
    sources = [f"n{i}" for i in rng.sample(range(n), max(1, int(source_share * n)))]
    return Graph(nodes=nodes, edges=list(edges.values()), sources=sources).validate_shapes()


def pipeline_graph(n: int, degree: float, rng: random.Random, source_share: float = 0.01) -> Graph:
    """A graph grown from its sources like a pipeline graph: node i > k hangs off one earlier node,
    then cross links bring the edge count to about ``degree`` × n, a tenth of them backwards."""
    kinds = ["state" if rng.random() < 0.25 else "quantity" for _ in range(n)]
    nodes = [Node(id=f"n{i}", label=f"node {i}", kind=kinds[i]) for i in range(n)]  # type: ignore[arg-type]
    roots = max(1, int(source_share * n))
    pairs = [(rng.randrange(i), i) for i in range(roots, n)]
    while len(pairs) < degree * n:
        a, b = sorted(rng.sample(range(n), 2))
        pairs.append((b, a) if rng.random() < 0.1 else (a, b))
    edges: dict[str, Edge] = {}
    for source, target in pairs:
        relation = "influence" if kinds[source] == kinds[target] == "quantity" else "triggers"
        sign = 1 if kinds[source] == kinds[target] == "state" else rng.choice((1, -1))
        eid = edge_id(f"n{source}", relation, sign, f"n{target}")
        edges[eid] = Edge(id=eid, source=f"n{source}", target=f"n{target}", relation=relation, sign=sign)  # type: ignore[arg-type]
    sources = [f"n{i}" for i in range(roots)]
    return Graph(nodes=nodes, edges=list(edges.values()), sources=sources).validate_shapes()


def with_possible_edges(graph: Graph, share: float, seed: int) -> Graph:
    """``graph`` with a random ``share`` of its edges marked possible (its own generator, so the
    graph and toggle draws stay those of a run without it)."""
    if share <= 0:
        return graph
    rng = random.Random(seed)
    edges = [edge.model_copy(update={"status": "possible"}) if rng.random() < share else edge for edge in graph.edges]
    return graph.model_copy(update={"edges": edges})


def toggled(graph: Graph, scenario: Scenario, rng: random.Random) -> Scenario:
    """Switch one node's intervention: off if set, otherwise on with a random value."""
    node = rng.choice(graph.nodes)
    interventions = dict(scenario.interventions)
    if node.id in interventions:
        del interventions[node.id]
    else:
        values = ("increasing", "decreasing", "stable") if node.kind == "quantity" else ("active", "inactive")
        interventions[node.id] = rng.choice(values)
    return Scenario(interventions=interventions)


def ms(seconds: float) -> float:
    return round(seconds * 1000, 2)


def bench_size(graph: Graph, toggles: int, reground_runs: int, first_runs: int, rng: random.Random) -> dict:
    n = len(graph.nodes)
    first_s, first_cpu_s, ready_s = [], [], []
    reasoner: Reasoner | None = None
    for _ in range(first_runs):
        del reasoner  # tearing down the previous reasoner's clingo state is not part of the next one's time
        start, start_cpu = time.perf_counter(), time.process_time()
        reasoner = Reasoner(graph, time_limit_s=60)
        first = reasoner.label()
        first_s.append(time.perf_counter() - start)
        first_cpu_s.append(time.process_time() - start_cpu)
        if first.status != "ok":
            raise SystemExit(f"{n} nodes: first labelling {first.status}: {first.message}")
        reasoner.wait_for_grounding()
        ready_s.append(time.perf_counter() - start)

    scenario = Scenario.default_for(graph)
    toggle_s, toggle_cpu_s, reground_s, reground_cpu_s, once_s, uncertain = [], [], [], [], [], []
    for i in range(toggles):
        scenario = toggled(graph, scenario, rng)
        start, start_cpu = time.perf_counter(), time.process_time()
        labelling = reasoner.label(scenario)
        toggle_s.append(time.perf_counter() - start)
        toggle_cpu_s.append(time.process_time() - start_cpu)
        if labelling.status != "ok":
            raise SystemExit(f"{n} nodes: toggle {i} {labelling.status}: {labelling.message}")
        uncertain.append(sum(not label.certain for label in labelling.labels.values()))
        if i < reground_runs:
            start, start_cpu = time.perf_counter(), time.process_time()
            fresh_reasoner = Reasoner(graph, time_limit_s=60)
            fresh_reasoner.wait_for_grounding()
            fresh = fresh_reasoner.label(scenario)
            reground_s.append(time.perf_counter() - start)
            reground_cpu_s.append(time.process_time() - start_cpu)
            del fresh_reasoner  # its teardown is timed neither here nor in the next toggle
            start = time.perf_counter()
            once = label_graph(graph, scenario, time_limit_s=60)
            once_s.append(time.perf_counter() - start)
            if fresh.labels != labelling.labels or once.labels != labelling.labels:
                raise SystemExit(f"{n} nodes: a labelling from scratch differs from the toggled one")
    toggle_median = statistics.median(toggle_s)
    reground_median = statistics.median(reground_s)
    once_median = statistics.median(once_s)
    return {
        "nodes": n,
        "edges": len(graph.edges),
        "first_labelling_ms": ms(statistics.median(first_s)),
        "first_labelling_cpu_ms": ms(statistics.median(first_cpu_s)),
        "ready_ms": ms(statistics.median(ready_s)),
        "toggle_median_ms": ms(toggle_median),
        "toggle_p90_ms": ms(sorted(toggle_s)[int(0.9 * (len(toggle_s) - 1))]),
        "toggle_cpu_median_ms": ms(statistics.median(toggle_cpu_s)),
        "toggles": len(toggle_s),
        "reground_median_ms": ms(reground_median),
        "reground_cpu_median_ms": ms(statistics.median(reground_cpu_s)),
        "reground_runs": len(reground_s),
        "speedup": round(reground_median / toggle_median, 1),
        "once_median_ms": ms(once_median),
        "speedup_over_once": round(once_median / toggle_median, 1),
        "median_uncertain_nodes": statistics.median(uncertain),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--series", nargs="+", choices=["random", "pipeline"], default=["random", "pipeline"])
    parser.add_argument("--sizes", type=int, nargs="+", default=[50, 500, 5000])
    parser.add_argument("--degree", type=float, default=1.5, help="random series: mean incoming edges per node")
    parser.add_argument("--pipeline-degree", type=float, default=1.2, help="pipeline series: edges per node")
    parser.add_argument("--toggles", type=int, default=25)
    parser.add_argument("--reground-runs", type=int, default=10)
    parser.add_argument("--first-runs", type=int, default=5, help="fresh reasoners timed for the first labelling")
    parser.add_argument("--possible-share", type=float, default=0.0, help="share of edges marked possible")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    rows = []
    for series in args.series:
        # the random series draws from its own generator seeded as before, so its graphs and
        # toggles are those of earlier runs whatever other series run beside it
        rng = random.Random(args.seed)
        for n in args.sizes:
            graph = random_graph(n, args.degree, rng) if series == "random" else pipeline_graph(n, args.pipeline_degree, rng)
            graph = with_possible_edges(graph, args.possible_share, args.seed + n)
            rows.append({"series": series, "possible_share": args.possible_share, **bench_size(graph, args.toggles, args.reground_runs, args.first_runs, rng)})
    if args.json:
        print(json.dumps(rows, indent=2))
    else:
        header = list(rows[0])
        print(" | ".join(header))
        for row in rows:
            print(" | ".join(str(row[key]) for key in header))
    record_figures(rows, args, parser.parse_args([]))
    return 0


def record_figures(rows: list[dict], args: argparse.Namespace, defaults: argparse.Namespace) -> None:
    """The figures with targets, on record (BENCHMARKS.md) after the default run or the tentative-edge run."""
    row = {(r["series"], r["nodes"]): r for r in rows}
    if vars(args) | {"json": False} == vars(defaults) | {"json": False}:
        write_results("relabel", "Solver", ".venv/bin/python bench/relabel.py", [
            {"figure": "toggle relabel, 500 nodes", "value": row["random", 500]["toggle_median_ms"], "unit": "ms",
             "decimals": 2, "target": {"at_most": 5}, "note": "random series, median of 25 toggles"},
            {"figure": "first labelling, 5,000 nodes", "value": row["random", 5000]["first_labelling_ms"],
             "unit": "ms", "decimals": 0, "target": {"at_most": 300}, "note": "random series, median of 5"},
        ])
    elif (args.series, args.sizes, args.possible_share) == (["pipeline"], [40, 500], 0.9):
        command = ".venv/bin/python bench/relabel.py --series pipeline --sizes 40 500 --possible-share 0.9"
        write_results("relabel_tentative", "Solver", command, [
            {"figure": "toggle relabel, 500 nodes, 90 % of edges tentative", "value": row["pipeline", 500]["toggle_median_ms"],
             "unit": "ms", "decimals": 2, "target": {"at_most": 5}},
        ])


if __name__ == "__main__":
    sys.exit(main())
