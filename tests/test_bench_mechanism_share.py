"""bench/mechanism_share.py judges what an answer does with the mechanisms its graph holds."""

from __future__ import annotations

import sys
from pathlib import Path

from engine.model.graph import Edge, Evidence, Graph, Node, edge_id
from engine.solver.reasoner import label_graph

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))
from mechanism_share import judge  # noqa: E402


def _edge(source: str, target: str, papers: int = 1) -> Edge:
    return Edge(id=edge_id(source, "influence", 1, target), source=source, target=target,
                evidence=[Evidence(doc_id=f"{source}{target}{i}", sentence=f"{source} raises {target}.")
                          for i in range(papers)])


def _graph(edges: list[Edge], labels: dict[str, str]) -> Graph:
    ids = sorted({end for edge in edges for end in (edge.source, edge.target)})
    return Graph(nodes=[Node(id=i, label=labels.get(i, i)) for i in ids], edges=edges,
                 sources=["x"], targets=["y"]).validate_shapes()


def test_a_mechanism_beside_a_direct_edge_is_stated_and_leads() -> None:
    graph = _graph([_edge("x", "y", papers=4), _edge("x", "m"), _edge("m", "y")], {})
    assert judge(graph, label_graph(graph)) == {
        "holds": True, "stated": True, "leads": True, "summary_through_intermediate": False}


def test_a_disease_chain_is_no_mechanism_held() -> None:
    graph = _graph([_edge("x", "d"), _edge("d", "y")], {"d": "Vell disease"})
    judged = judge(graph, label_graph(graph))
    assert not judged["holds"] and not judged["stated"] and not judged["leads"]
