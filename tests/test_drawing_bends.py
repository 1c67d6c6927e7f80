"""An edge across ranks is bent around a node drawn between its ends, not drawn through it (issue 43)."""

from __future__ import annotations

from engine.explain.drawing import MAX_BEND, box_size, edge_bend, layered_layout
from engine.model.graph import Edge, Graph, Node, edge_id
from ui.graph_view import build_view


def _chain_with_shortcut() -> Graph:
    nodes = [Node(id=n, label=n.upper()) for n in "abc"]
    edges = [Edge(id=edge_id(s, "influence", 1, t), source=s, target=t) for s, t in ("ab", "bc", "ac")]
    return Graph(nodes=nodes, edges=edges, sources=["a"], targets=["c"]).validate_shapes()


def test_the_shortcut_across_a_rank_is_bent_and_the_steps_are_not() -> None:
    graph = _chain_with_shortcut()
    sizes = {node.id: box_size(node) for node in graph.nodes}
    layout = layered_layout(graph, ["a", "b", "c"], sizes, max_width=5000)
    assert layout.positions["a"][1] == layout.positions["b"][1] == layout.positions["c"][1]  # one straight row
    assert edge_bend(layout.positions, sizes, "a", "b") == 0.0
    assert edge_bend(layout.positions, sizes, "b", "c") == 0.0
    bend = edge_bend(layout.positions, sizes, "a", "c")
    assert 0.0 < bend <= MAX_BEND
    # the curve's middle (about bend × length / 2 off the line) clears the box of B
    length = layout.positions["c"][0] - layout.positions["a"][0]
    assert bend * length / 2 > sizes["b"][1] / 2


def test_the_app_drawing_bends_the_shortcut() -> None:
    view = build_view(_chain_with_shortcut())
    roundness = {edge.id: edge.smooth["roundness"] for edge in view.edges}
    assert roundness["a+>c"] > roundness["a+>b"] == roundness["b+>c"] == 0.1
