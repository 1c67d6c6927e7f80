"""Literature graph versus data graph: verdicts by alias matching, and a merge that keeps origins."""

from __future__ import annotations

from engine.discovery.compare import compare_graphs, merge_graphs
from engine.discovery.knowledge import knowledge_from_literature, match_columns
from engine.model.graph import Edge, Graph, Node, edge_id


def _edge(source: str, target: str, sign: int, origin: str = "literature", orientation: str = "directed",
          relation: str = "influence") -> Edge:
    return Edge(id=edge_id(source, relation, sign, target), source=source, target=target, sign=sign,
                relation=relation, origin=origin, orientation=orientation, weight=None if origin == "literature" else 0.3)


def literature() -> Graph:
    nodes = [
        Node(id="cortisol", label="Cortisol", aliases=["CORT"]),
        Node(id="blood_pressure", label="blood pressure", aliases=["BP"]),
        Node(id="heart_rate", label="heart rate"),
        Node(id="stress", label="stress"),
        Node(id="sleep", label="sleep duration"),
        Node(id="smoking", label="smoking", kind="state"),
    ]
    edges = [
        _edge("cortisol", "blood_pressure", 1),      # data agree
        _edge("stress", "cortisol", 1),             # data give the opposite sign
        _edge("heart_rate", "blood_pressure", 1),   # data point the other way
        _edge("sleep", "stress", -1),               # data leave direction open, same sign
        _edge("sleep", "heart_rate", -1),           # data find no edge
        _edge("smoking", "heart_rate", 1, relation="triggers"),  # smoking is not a column
    ]
    return Graph(nodes=nodes, edges=edges).validate_shapes()


def data() -> Graph:
    nodes = [Node(id=i, label=label, origin="data") for i, label in [
        ("cort", "cort"), ("bp", "B.P."), ("heart_rate", "Heart-Rate"), ("stress", "stress"),
        ("sleep_duration", "sleep_duration"), ("coffee", "coffee"),
    ]]
    edges = [
        _edge("cort", "bp", 1, "data"),
        _edge("stress", "cort", -1, "data"),
        _edge("bp", "heart_rate", 1, "data"),
        _edge("sleep_duration", "stress", -1, "data", orientation="undirected"),
        _edge("coffee", "heart_rate", 1, "data"),
    ]
    return Graph(nodes=nodes, edges=edges).validate_shapes()


def test_nodes_match_by_label_alias_and_lenient_spelling() -> None:
    comparison = compare_graphs(literature(), data())
    assert comparison.node_matches == {
        "cort": "cortisol", "bp": "blood_pressure", "heart_rate": "heart_rate", "stress": "stress",
        "sleep_duration": "sleep",
    }
    assert comparison.unmatched_data_nodes == ["coffee"]


def test_every_verdict_is_found() -> None:
    comparison = compare_graphs(literature(), data())
    verdicts = {(m.literature_edge, m.data_edge): m.verdict for m in comparison.matches}
    assert verdicts[("cortisol+>blood_pressure", "cort+>bp")] == "agree"
    assert verdicts[("stress+>cortisol", "stress->cort")] == "opposite_sign"
    assert verdicts[("heart_rate+>blood_pressure", "bp+>heart_rate")] == "opposite_direction"
    assert verdicts[("sleep->stress", "sleep_duration->stress")] == "undecided_in_data"
    assert verdicts[("sleep->heart_rate", None)] == "only_literature"
    assert verdicts[("smoking+>>heart_rate", None)] == "not_in_data"
    assert verdicts[(None, "coffee+>heart_rate")] == "only_data"
    assert len(comparison.agreements) == 2 and len(comparison.conflicts) == 2
    assert "2 agreement(s), 2 conflict(s)" in comparison.summary()


def test_merge_keeps_origins_and_marks_conflicts_contested() -> None:
    merged = merge_graphs(literature(), data())
    by_id = {e.id: e for e in merged.edges}
    assert by_id["cortisol+>blood_pressure"].origin == "literature"
    assert by_id["cortisol+>blood_pressure@data"].origin == "data"  # agreement kept from both sources
    assert by_id["stress+>cortisol"].status == "contested" and by_id["stress->cortisol"].status == "contested"
    assert by_id["heart_rate+>blood_pressure"].status == "contested"
    assert by_id["blood_pressure+>heart_rate"].origin == "data"
    assert by_id["sleep->stress@data"].orientation == "undirected"
    assert merged.node("coffee").origin == "data"
    assert "cort" in merged.node("cortisol").aliases
    assert len(merged.nodes) == len(literature().nodes) + 1


def test_literature_edges_become_background_knowledge_on_matching_columns() -> None:
    columns = ["CORT", "bp", "heart rate", "stress"]
    assert match_columns(literature(), columns) == {
        "cortisol": "CORT", "blood_pressure": "bp", "heart_rate": "heart rate", "stress": "stress",
    }
    orient = knowledge_from_literature(literature(), columns)
    assert sorted(orient.forbidden) == [("CORT", "stress"), ("bp", "CORT"), ("bp", "heart rate")]
    require = knowledge_from_literature(literature(), columns, use="require")
    assert ("CORT", "bp") in require.required and not require.forbidden
