"""The drawing of a graph: layered layout ranked from the graph, stable positions, edge styles."""

from __future__ import annotations

import random
import sys
from pathlib import Path

from app_graphs import smoking_graph
from engine.model.graph import Edge, Evidence, Graph, Node, Scenario, edge_id
from engine.solver.reasoner import label_graph
from engine.explain.drawing import BOX_MAX_WIDTH, NEUTRAL_MARK, NODE_FONT, box_size
from ui.graph_view import MIN_TEXT_PX, build_view, legend_markdown
from engine.explain.drawing import layered_layout

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))
from relabel import pipeline_graph  # noqa: E402


def _positions(view) -> dict[str, tuple[float, float]]:
    return {node.id: (node.x, node.y) for node in view.nodes}


def _chain(n: int, extra: list[tuple[int, int]] = ()) -> Graph:
    nodes = [Node(id=f"v{i}", label=f"quantity {i}") for i in range(n)]
    pairs = [(i, i + 1) for i in range(n - 1)] + list(extra)
    edges = [Edge(id=edge_id(f"v{a}", "influence", 1, f"v{b}"), source=f"v{a}", target=f"v{b}") for a, b in pairs]
    return Graph(nodes=nodes, edges=edges, sources=["v0"], targets=[f"v{n - 1}"]).validate_shapes()


def test_ranks_run_left_to_right_from_sources_to_targets():
    graph = smoking_graph()
    x = {node: position[0] for node, position in _positions(build_view(graph)).items()}
    assert x["smoking"] < x["oxidative_stress"] < x["neuronal_death"]
    # exercise only feeds oxidative stress: drawn in the column just before it, not after it
    assert x["exercise"] < x["oxidative_stress"]


def test_a_feedback_loop_does_not_reverse_the_ranks():
    graph = _chain(4, extra=[(3, 1)])  # v3 feeds back into v1
    sizes = {node.id: box_size(node) for node in graph.nodes}
    layout = layered_layout(graph, graph.node_ids(), sizes, max_width=5000)
    assert [layout.ranks[f"v{i}"] for i in range(4)] == [0, 1, 2, 3]


def test_positions_do_not_move_when_labels_change():
    graph = smoking_graph()
    active = label_graph(graph, Scenario(interventions={"smoking": "active"}))
    inactive = label_graph(graph, Scenario(interventions={"smoking": "inactive"}))
    before, after = build_view(graph, active), build_view(graph, inactive)
    assert [n.label for n in before.nodes] != [n.label for n in after.nodes]
    assert _positions(before) == _positions(after)


def test_boxes_in_a_column_do_not_overlap():
    graph = pipeline_graph(60, 1.2, random.Random(3))
    view = build_view(graph)
    sizes = {node.id: box_size(node) for node in graph.nodes}
    by_column: dict[float, list[tuple[float, str]]] = {}
    for node in view.nodes:
        by_column.setdefault(node.x, []).append((node.y, node.id))
    for column in by_column.values():
        column.sort()
        for (y1, a), (y2, b) in zip(column, column[1:], strict=False):
            assert y2 - y1 >= (sizes[a][1] + sizes[b][1]) / 2, (a, b)


def test_graphs_up_to_sixty_nodes_fit_the_frame_at_a_legible_zoom():
    """The layout keeps the fitted zoom at MIN_TEXT_PX / NODE_FONT or more in a 1,040 px frame (the
    browser tests measure the same on screen)."""
    for seed in range(5):
        for n in (20, 40, 60):
            graph = pipeline_graph(n, 1.2, random.Random(seed))
            sizes = {node.id: box_size(node) for node in graph.nodes}
            layout = layered_layout(graph, graph.node_ids(), sizes, max_width=1040 * NODE_FONT / MIN_TEXT_PX)
            assert layout.width <= 1040 * NODE_FONT / 12, (seed, n, layout.bands, layout.width)


def test_long_names_wrap_within_the_widest_box():
    node = Node(id="x", label="glycogen synthase kinase 3 beta activity in hippocampal neurons")
    width, height = box_size(node)
    assert width <= BOX_MAX_WIDTH
    assert height > box_size(Node(id="y", label="tau"))[1]


def test_unlabelled_columns_show_their_name_and_a_neutral_mark():
    graph = Graph(nodes=[Node(id="praf", label="praf", origin="data"), Node(id="pmek", label="pmek", origin="data")],
                  edges=[Edge(id="e", source="praf", target="pmek", origin="data", orientation="undirected")])
    view = build_view(graph)
    assert [node.label for node in view.nodes] == [f"praf\n{NEUTRAL_MARK}", f"pmek\n{NEUTRAL_MARK}"]
    assert view.edges[0].label == "+"
    assert view.edges[0].arrows["to"]["enabled"] is False


def test_possible_and_contested_edges_are_drawn_apart():
    evidence = [Evidence(doc_id="1", sentence="A raises B.", readers=["rules"])]
    graph = Graph(
        nodes=[Node(id="a", label="A"), Node(id="b", label="B"), Node(id="c", label="C")],
        edges=[
            Edge(id="a+b", source="a", target="b", sign=1, status="contested", evidence=evidence),
            Edge(id="a-b", source="a", target="b", sign=-1, status="contested", evidence=evidence),
            Edge(id="b+c", source="b", target="c", sign=1, status="possible", evidence=evidence),
        ],
    ).validate_shapes()
    edges = {edge.id: edge for edge in build_view(graph).edges}
    assert edges["a+b"].smooth["roundness"] != edges["a-b"].smooth["roundness"]  # both sides visible
    assert edges["a+b"].label.startswith("+") and edges["a-b"].label.startswith("−")
    assert edges["b+c"].dashes and edges["b+c"].label == "+ ?"
    assert edges["b+c"].color["color"] != edges["a+b"].color["color"]
    legend = legend_markdown()
    assert "possible" in legend and "contested" in legend and "◇" in legend


def test_only_the_nodes_shown_are_drawn():
    graph = smoking_graph()
    view = build_view(graph, shown=["smoking", "oxidative_stress", "neuronal_death"])
    assert {node.id for node in view.nodes} == {"smoking", "oxidative_stress", "neuronal_death"}
    assert all(edge.source != "exercise" for edge in view.edges)


def test_a_hub_with_many_regulators_is_set_in_several_columns():
    hub = [Node(id="x", label="amyloid beta"), Node(id="y", label="tau phosphorylation")]
    side = [Node(id=f"r{i}", label=f"regulator number {i}") for i in range(38)]
    edges = [Edge(id="x+>y", source="x", target="y")] + [
        Edge(id=f"r{i}+>y", source=f"r{i}", target="y") for i in range(38)]
    graph = Graph(nodes=hub + side, edges=edges, sources=["x"], targets=["y"]).validate_shapes()
    view = build_view(graph)
    columns = {node.x for node in view.nodes if node.id.startswith("r")}
    assert len(columns) > 1
    assert int(view.config["height"].removesuffix("px")) <= 1000  # not a column 38 boxes tall
    xs = {node.id: node.x for node in view.nodes}
    assert max(xs[f"r{i}"] for i in range(38)) < xs["y"]


def test_a_question_node_without_a_drawn_edge_is_placed_apart() -> None:
    # a part of a graph (one clash of measurements) can hold the question's target with no edge to it
    graph = Graph(nodes=[Node(id=n, label=n) for n in ("a", "b", "y")],
                  edges=[Edge(id=edge_id("a", "influence", 1, "b"), source="a", target="b")],
                  sources=["a"], targets=["y"]).validate_shapes()
    view = build_view(graph)
    assert {node.id for node in view.nodes} == {"a", "b", "y"}
