"""Mechanism answers: on saved question graphs, how often the answer states a mechanism the graph holds.

    HF_HUB_OFFLINE=1 .venv/bin/python bench/qa_eval.py --graphs DIR ...   # saves ID.json per answered question
    .venv/bin/python bench/mechanism_share.py DIR [--json]

For each saved graph and labelling, ``engine.explain.answer.explain`` writes the answer afresh, so two answer
writers (say, two checkouts: copy this file and ``engine/explain/mechanism.py`` into the other) can be
compared on the very same graphs. A *mechanism* is a source → target route of two or more steps none
of whose intermediate nodes is disease-like (``engine.explain.mechanism.is_disease_like``); the graph
*holds* one when ``engine.explain.mechanism.find_routes`` finds one. Figures, over the questions
whose graph holds a mechanism, per half of qa_eval's split:

- stated: some route statement of the answer (kind mechanism, or path in older answers) follows a
  mechanism;
- leads: the first route statement after the summary follows a mechanism (rather than the direct
  edge or a chain through a hub or disease);
- summary through an intermediate: the summary's own route has an intermediate node.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "bench"))

from engine.explain.answer import explain  # noqa: E402
from engine.explain.mechanism import find_routes, is_disease_like  # noqa: E402
from engine.model.graph import Graph, Labelling  # noqa: E402
from qa_eval import question_half  # noqa: E402

ROUTE_KINDS = frozenset({"path", "mechanism", "direct", "chain"})


def judge(graph: Graph, labelling: Labelling) -> dict[str, bool]:
    """What one answer does with the mechanisms its graph holds."""
    diseases = {node.id for node in graph.nodes if is_disease_like(node)}
    statements = explain(graph, labelling).statements

    def is_mechanism(path: list[str]) -> bool:
        return len(path) >= 3 and not diseases & set(path[1:-1])

    routes = [s for s in statements if s.kind in ROUTE_KINDS]
    summary = next((s for s in statements if s.kind == "summary"), None)
    return {
        "holds": bool(find_routes(graph, max_mechanisms=1).mechanisms),
        "stated": any(is_mechanism(s.path) for s in routes),
        "leads": bool(routes) and is_mechanism(routes[0].path),
        "summary_through_intermediate": summary is not None and len(summary.path) >= 3,
    }


def summarise(judged: dict[str, dict[str, bool]]) -> dict:
    holding = {qid: j for qid, j in judged.items() if j["holds"]}
    figures = {"answered_graphs": len(judged), "holding_a_mechanism": len(holding)}
    for key in ("stated", "leads", "summary_through_intermediate"):
        figures[f"{key}_share"] = round(sum(j[key] for j in holding.values()) / len(holding), 3) if holding else None
    return figures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("graphs", type=Path, help="the --graphs folder of a qa_eval run")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    judged = {}
    for path in sorted(args.graphs.glob("*.json")):
        saved = json.loads(path.read_text())
        judged[path.stem] = judge(Graph.model_validate(saved["graph"]), Labelling.model_validate(saved["labelling"]))
    if not judged:
        print(f"no saved graphs in {args.graphs}", file=sys.stderr)
        return 2
    report = {"all": summarise(judged)}
    for half in ("tune", "held-out"):
        report[half] = summarise({qid: j for qid, j in judged.items() if question_half(qid) == half})
    print(json.dumps(report, indent=2) if args.json else "\n".join(f"{k}: {v}" for k, v in report.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
