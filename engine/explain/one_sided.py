"""The answer to a question that names one side only ("What causes neuroinflammation?", "What does
TNF-α induce?"): the direct influences the papers state into its targets, or out of its sources,
best evidenced first, each cited. No route is asked for and no label is read: with no cause set to
change, the solver has nothing to carry to the targets."""

from __future__ import annotations

from engine.explain.mechanism import step_cost
from engine.model.graph import Edge, Graph

MAX_INFLUENCES = 8


def one_sided_edges(graph: Graph) -> list[Edge]:
    """The directed edges into the targets of a question without sources (or out of the sources of one
    without targets), best evidenced first; none for a question with both sides."""
    if bool(graph.sources) == bool(graph.targets):
        return []
    ends, into = (set(graph.targets), True) if graph.targets else (set(graph.sources), False)
    edges = [edge for edge in graph.edges
             if edge.orientation == "directed" and (edge.target if into else edge.source) in ends]
    return sorted(edges, key=lambda edge: (step_cost(edge), edge.id))


def one_sided_lead(graph: Graph, shown: int, stated: int) -> str:
    kind = ("cause" if graph.targets else "effect") + ("s" if stated > 1 else "")
    what = f"direct {kind} of {_named_side(graph)}"
    if shown < stated:
        return f"The papers read state {stated} {what}; the {shown} best evidenced:"
    return f"The papers read state {stated} {what}:"


def one_sided_missing(graph: Graph) -> str:
    what = "a cause" if graph.targets else "an effect"
    return f"No sentence of the papers read states {what} of {_named_side(graph)}."


def _named_side(graph: Graph) -> str:
    named = set(graph.targets or graph.sources)
    return ", ".join(node.label for node in graph.nodes if node.id in named)
