"""The question's view of a graph (DESIGN §5 step 8, §8): which nodes a drawing shows by default.

A graph built for "How does X affect Y?" holds many side-causes of Y that do not bear on the question.
The default drawing shows the nodes on source → target paths, those of the routes the answer states
first (its mechanisms, the direct edge, or the chain it names; ``engine.explain.mechanism``), so that every
node the answer names is drawn; the other nodes joined to them by an
edge are listed apart as *regulators*, best-evidenced first, and a page may expand any of them into
the drawing. A graph with no source → target path shows its sources and targets with their best
neighbours instead, so that the reader still sees where the search got to.

A disease's edges are followed and drawn only where the disease is a source (or on a route the answer
states): what changes with a disease is no step of another question's mechanism, and drawn beside one
it would crowd the regulators out and read as a cause.

The pages (Ask, Graph) and the HTML export all call ``question_focus``; nothing here draws.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import networkx as nx

from engine.explain.mechanism import find_routes, is_disease_like
from engine.model.graph import Edge, Graph

MAX_FOCUS_NODES = 15
MAX_FOCUS_PATH_EDGES = 4


@dataclass(frozen=True)
class QuestionFocus:
    """Node ids to draw by default, and the other nodes next to them, listed apart."""

    shown: list[str] = field(default_factory=list)
    regulators: list[str] = field(default_factory=list)
    on_paths: bool = False  # True when ``shown`` holds source → target paths
    # Edges between shown nodes left undrawn: a disease's own edges where the disease is no source and
    # the answer states no route along them.
    hidden_edges: frozenset[str] = frozenset()

    def with_expanded(self, node_ids: list[str]) -> list[str]:
        """The drawn nodes once the reader has expanded some regulators (order kept, no repeats)."""
        return list(dict.fromkeys([*self.shown, *node_ids]))

    def drawn_edges(self, graph: Graph, node_ids: list[str] | None = None) -> list[Edge]:
        """The edges between ``node_ids`` (default: the shown nodes) that are drawn; a regulator the
        reader expanded into the drawing brings all its edges."""
        inside = set(self.shown if node_ids is None else node_ids)
        default = set(self.shown)
        return [edge for edge in graph.edges if edge.source in inside and edge.target in inside
                and not (edge.id in self.hidden_edges and edge.source in default)]


def question_focus(graph: Graph, max_nodes: int = MAX_FOCUS_NODES) -> QuestionFocus:
    """The default view of ``graph``: its source → target paths, at most ``max_nodes`` nodes.

    A graph without sources or targets (an uploaded or hand-drawn one) is shown whole.
    """
    if not graph.sources or not graph.targets:
        return QuestionFocus(shown=graph.node_ids())
    diseases = _diseases_not_asked_about(graph)
    digraph = _evidence_digraph(graph, diseases)
    routes = find_routes(graph)
    stated_routes = [*routes.mechanisms, *routes.direct, *([routes.chain] if routes.chain else [])]
    shown = _path_nodes(digraph, graph.sources, graph.targets, max_nodes, [route.nodes for route in stated_routes])
    on_paths = bool(shown)
    if not shown:
        shown = _ends_and_neighbours(digraph, graph.sources + graph.targets, max_nodes)
    stated_edges = {edge.id for route in stated_routes for edge in route.edges}
    hidden = frozenset(edge.id for edge in graph.edges if edge.source in diseases and edge.id not in stated_edges)
    return QuestionFocus(shown=shown, regulators=_regulators(graph, shown), on_paths=on_paths, hidden_edges=hidden)


def _diseases_not_asked_about(graph: Graph) -> set[str]:
    """The disease-like nodes that are no source of the question."""
    return {node.id for node in graph.nodes if is_disease_like(node)} - set(graph.sources)


def _edge_cost(edge: Edge) -> float:
    """Better-evidenced edges are cheaper, so their paths are drawn first when space runs out."""
    cost = 1.0 + (1.0 - edge.confidence)
    if edge.status == "contested":
        cost += 1.0
    return cost + 1.0 / (1 + len(edge.evidence))


def _evidence_digraph(graph: Graph, diseases: set[str]) -> nx.DiGraph:
    """The directed edges a drawing may follow. What goes with a disease ("Tarp is lower in AD brains")
    bears on a question about the disease, not on one that merely passes through it: a disease's own
    edges (``diseases``, those no source) are followed only from a source (the answer's stated routes
    are drawn whatever they pass)."""
    digraph = nx.DiGraph()
    digraph.add_nodes_from(graph.node_ids())
    for edge in graph.edges:
        if edge.orientation != "directed" or edge.source == edge.target or edge.source in diseases:
            continue
        cost = _edge_cost(edge)
        if not digraph.has_edge(edge.source, edge.target) or cost < digraph[edge.source][edge.target]["weight"]:
            digraph.add_edge(edge.source, edge.target, weight=cost)
    return digraph


def _path_nodes(
    digraph: nx.DiGraph, sources: list[str], targets: list[str], max_nodes: int, stated: list[list[str]],
) -> list[str]:
    """Nodes of the ``stated`` paths, then of the cheapest simple source → target paths, whole paths
    added while they fit."""
    paths: list[tuple[float, list[str]]] = []
    for source in sources:
        for target in targets:
            if source == target or not nx.has_path(digraph, source, target):
                continue
            for path in nx.shortest_simple_paths(digraph, source, target, weight="weight"):
                if len(path) - 1 > MAX_FOCUS_PATH_EDGES or len(paths) >= 50:
                    break
                paths.append((nx.path_weight(digraph, path, "weight"), path))
    shown: list[str] = []
    for path in [*stated, *(path for _, path in sorted(paths, key=lambda item: item[0]))]:
        new = [node for node in path if node not in shown]
        if len(shown) + len(new) > max_nodes:
            continue
        shown.extend(new)
    return shown


def _ends_and_neighbours(digraph: nx.DiGraph, ends: list[str], max_nodes: int) -> list[str]:
    shown = list(dict.fromkeys(end for end in ends if end in digraph))
    neighbours = sorted(
        {(data["weight"], other) for end in shown
         for other, data in [*((n, digraph[end][n]) for n in digraph.successors(end)),
                             *((n, digraph[n][end]) for n in digraph.predecessors(end))]}
    )
    for _, other in neighbours:
        if len(shown) >= max_nodes:
            break
        if other not in shown:
            shown.append(other)
    return shown


def _regulators(graph: Graph, shown: list[str]) -> list[str]:
    """Nodes one edge away from the drawing, with the most evidence first."""
    inside = set(shown)
    weight: dict[str, int] = {}
    for edge in graph.edges:
        for near, far in ((edge.source, edge.target), (edge.target, edge.source)):
            if near in inside and far not in inside:
                weight[far] = weight.get(far, 0) + max(1, len(edge.evidence))
    return sorted(weight, key=lambda node_id: (-weight[node_id], node_id))
