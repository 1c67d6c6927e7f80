"""Columns matched to literature nodes through the grounder where their names differ (issue 43)."""

from __future__ import annotations

import pytest

from engine.discovery.compare import compare_graphs, match_nodes
from engine.model.graph import Edge, Graph, GroundingRef, Node, edge_id


def _literature() -> Graph:
    raf = Node(id="raf1", label="RAF1", groundings=[GroundingRef(namespace="HGNC", id="9829", name="RAF1")])
    erk = Node(id="mapk1", label="MAPK1", groundings=[GroundingRef(namespace="HGNC", id="6871", name="MAPK1")])
    return Graph(nodes=[raf, erk], edges=[Edge(id=edge_id("raf1", "influence", 1, "mapk1"), source="raf1",
                                              target="mapk1")]).validate_shapes()


def _data(*columns: str) -> Graph:
    nodes = [Node(id=c.lower().replace("-", "_").replace(" ", "_"), label=c, origin="data") for c in columns]
    edge = Edge(id=edge_id(nodes[0].id, "influence", 1, nodes[1].id), source=nodes[0].id, target=nodes[1].id,
                origin="data")
    return Graph(nodes=nodes, edges=[edge]).validate_shapes()


def test_a_column_named_otherwise_meets_its_node_through_the_grounder() -> None:
    from engine.assembly.grounding import ground

    if not ground("c-Raf"):
        pytest.skip("no grounding lexicon built (python -m corpus ensure builds it)")
    data = _data("c-Raf", "p42 MAPK")
    assert match_nodes(_literature(), data) == {"c_raf": "raf1", "p42_mapk": "mapk1"}
    assert compare_graphs(_literature(), data).counts() == {"agree": 1}


def test_names_still_match_first_and_an_ungrounded_literature_graph_needs_no_grounder() -> None:
    plain = _literature().model_copy(update={"nodes": [n.model_copy(update={"groundings": []})
                                                       for n in _literature().nodes]})
    assert match_nodes(plain, _data("RAF1", "MAPK1")) == {"raf1": "raf1", "mapk1": "mapk1"}
    assert match_nodes(plain, _data("c-Raf", "p42 MAPK")) == {}
