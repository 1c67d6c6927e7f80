"""bench/qa_eval.py: why an unanswered question was lost, read from the result's graph (invented names)."""

from __future__ import annotations

import sys
from pathlib import Path
from types import SimpleNamespace

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.qa_eval import failure_kind  # noqa: E402
from engine.model import Edge, Graph, Node, edge_id  # noqa: E402


def _result(edges: list[tuple[str, str]]) -> SimpleNamespace:
    names = ["zorin", "velkin", "pelt", "quarz"]
    graph = Graph(
        question="How does zorin impact pelt?",
        nodes=[Node(id=name, label=name) for name in names],
        edges=[Edge(id=edge_id(s, "influence", 1, t), source=s, target=t, relation="influence", sign=1)
               for s, t in edges],
        sources=["zorin"], targets=["pelt"],
    )
    return SimpleNamespace(analysis=SimpleNamespace(abstained=False), graph=graph)


def test_a_chain_the_answer_cannot_state_is_told_apart_from_no_chain() -> None:
    assert failure_kind(_result([("zorin", "velkin"), ("velkin", "pelt")])) == (
        "a chain links the ends, but no route the answer can state")
    assert failure_kind(_result([("zorin", "velkin"), ("quarz", "pelt")])) == (
        "both ends have claims but no chain meets")
    assert failure_kind(_result([("zorin", "velkin")])) == "no evidenced claim on the target"
