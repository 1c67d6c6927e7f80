"""The question's default view: nodes on source → target paths, other neighbours listed apart."""

from __future__ import annotations

from engine.explain.focus import QuestionFocus, question_focus
from engine.model.graph import Edge, Evidence, Graph, Node, edge_id


def _edge(source: str, target: str, sign: int = 1, sentences: int = 1) -> Edge:
    return Edge(
        id=edge_id(source, "influence", sign, target), source=source, target=target, sign=sign,
        evidence=[Evidence(doc_id=f"{source}-{target}-{i}", sentence=f"{source} affects {target}.")
                  for i in range(sentences)],
    )


def _graph(edges: list[Edge], sources: list[str], targets: list[str]) -> Graph:
    ids = sorted({end for edge in edges for end in (edge.source, edge.target)} | set(sources) | set(targets))
    return Graph(nodes=[Node(id=i, label=i) for i in ids], edges=edges,
                 sources=sources, targets=targets).validate_shapes()


def test_star_of_side_causes_is_listed_apart_not_drawn():
    side = [_edge(f"side{i}", "y", sentences=i % 3 + 1) for i in range(30)]
    graph = _graph([_edge("x", "m"), _edge("m", "y"), *side], ["x"], ["y"])
    focus = question_focus(graph)
    assert focus.on_paths
    assert focus.shown == ["x", "m", "y"]
    assert set(focus.regulators) == {f"side{i}" for i in range(30)}
    # Best-evidenced regulators first: three sentences before one.
    assert focus.regulators[0].startswith("side") and int(focus.regulators[0][4:]) % 3 == 2
    assert focus.with_expanded(["side2", "x"]) == ["x", "m", "y", "side2"]


def test_paths_are_added_whole_and_cheapest_first_within_the_limit():
    edges = [_edge("x", "a", sentences=3), _edge("a", "y", sentences=3),
             _edge("x", "b"), _edge("b", "c"), _edge("c", "y")]
    focus = question_focus(_graph(edges, ["x"], ["y"]), max_nodes=4)
    assert focus.shown == ["x", "a", "y"]  # the 4-node path x-b-c-y does not fit beside it
    assert set(focus.regulators) == {"b", "c"}


def test_paths_longer_than_four_steps_are_not_a_focus():
    edges = [_edge("x", "a"), _edge("a", "b"), _edge("b", "c"), _edge("c", "d"), _edge("d", "y"),
             _edge("e", "y")]
    focus = question_focus(_graph(edges, ["x"], ["y"]), max_nodes=3)
    assert not focus.on_paths
    assert focus.shown[:2] == ["x", "y"] and len(focus.shown) == 3


def test_graph_without_question_is_shown_whole():
    graph = _graph([_edge("a", "b"), _edge("b", "c")], [], [])
    assert question_focus(graph).shown == ["a", "b", "c"]
    assert question_focus(graph).regulators == []


def test_the_routes_the_answer_states_are_drawn_first():
    # The mechanism through k (its intermediate named by the answer) is drawn although two cheaper
    # paths through the hub h fill the space the limit leaves.
    spokes = [_edge(f"s{i}", "h") for i in range(8)]
    edges = [_edge("x", "h", sentences=5), _edge("h", "y", sentences=5), _edge("h", "a", sentences=5),
             _edge("a", "y", sentences=5), _edge("x", "k"), _edge("k", "y"), *spokes]
    focus = question_focus(_graph(edges, ["x"], ["y"]), max_nodes=4)
    assert focus.on_paths
    assert focus.shown[:3] == ["x", "k", "y"]


def test_a_diseases_edges_are_drawn_only_where_the_disease_is_a_source():
    edges = [_edge("x", "a"), _edge("kestin", "y", sentences=3), _edge("b", "y")]
    graph = _with_disease(_graph(edges, ["x"], ["y"]), "kestin")
    focus = question_focus(graph)
    assert "kestin" not in focus.shown and "kestin" in focus.regulators
    assert focus.shown == ["x", "y", "a", "b"]
    asked = question_focus(graph.model_copy(update={"sources": ["kestin"]}))
    assert asked.on_paths and asked.shown == ["kestin", "y"]


def test_a_diseases_edges_between_drawn_nodes_are_left_undrawn():
    # "kestin" is drawn beside the target (y → Kestin disease); its own edge to b, another drawn
    # neighbour (what changes with the disease), is not drawn
    edges = [_edge("x", "a"), _edge("y", "kestin", sentences=3), _edge("kestin", "b", sentences=3),
             _edge("b", "y", sentences=2)]
    graph = _with_disease(_graph(edges, ["x"], ["y"]), "kestin")
    focus = question_focus(graph)
    drawn = {(e.source, e.target) for e in focus.drawn_edges(graph)}
    assert {"kestin", "b"} <= set(focus.shown)
    assert ("y", "kestin") in drawn and ("b", "y") in drawn and ("kestin", "b") not in drawn


def test_a_regulator_the_reader_expands_brings_all_its_edges():
    edges = [_edge("x", "y"), _edge("kestin", "y")]
    graph = _graph(edges, ["x"], ["y"])
    hidden = QuestionFocus(shown=["x", "y"], regulators=["kestin"], hidden_edges=frozenset({edges[1].id}))
    assert {(e.source, e.target) for e in hidden.drawn_edges(graph, ["x", "y", "kestin"])} == \
        {("x", "y"), ("kestin", "y")}


def _with_disease(graph: Graph, node_id: str) -> Graph:
    """``graph`` with ``node_id`` named as a disease (a state)."""
    return graph.model_copy(update={"nodes": [
        n.model_copy(update={"label": "Kestin disease", "kind": "state"}) if n.id == node_id else n
        for n in graph.nodes]})
