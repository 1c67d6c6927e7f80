"""Node audit: the graphs of a few questions, with every node's merged names, for judging by hand.

    HF_HUB_OFFLINE=1 .venv/bin/python bench/node_audit.py [--questions bench/node_audit_questions.txt]
        [--index DIR] --out FILE.md

For each question (one a line; the default file holds ten written for this audit, none from the HBP
question file) it asks the pipeline with the default settings and writes the graph's nodes: label,
kind, the names filed under it with the reason (``Node.merged``; aliases without a reason for graphs
made before reasons were kept) and the claims pruned as non-entities. A person then marks which nodes
are not entities and which merged names are not the same entity; BENCHMARKS.md records the counts.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))


def node_lines(graph) -> list[str]:
    lines = []
    for node in graph.nodes:
        reasons = {m.name: m.reason for m in getattr(node, "merged", [])}
        merged = [f"{name} ({reasons.get(name, 'no reason kept')})" for name in node.aliases]
        lines.append(f"- {node.label} [{node.kind}]" + (": " + "; ".join(merged) if merged else ""))
    return lines


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--questions", type=Path, default=REPO / "bench" / "node_audit_questions.txt")
    parser.add_argument("--index", type=Path, default=None)
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args()
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    from engine.pipeline import ask
    from engine.settings import Settings
    from retrieval.index import PaperIndex

    settings = Settings()
    index = PaperIndex.open(args.index or settings.resolved_index_dir, settings.embedding_model)
    out = []
    for question in [q.strip() for q in args.questions.read_text().splitlines() if q.strip()]:
        result = ask(question, index, settings)
        graph = result.graph
        out += [f"## {question}", "", f"answered: {not result.abstained}; {len(graph.nodes)} nodes, "
                f"{len(graph.edges)} edges", "", *node_lines(graph), ""]
        junk = [p for p in result.trace.pruned if "is not an entity" in p.reason]
        if junk:
            out += ["pruned as non-entities:", *sorted({f"- {p.reason}" for p in junk}), ""]
        print(question, len(graph.nodes), file=sys.stderr)
    args.out.write_text("\n".join(out) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
