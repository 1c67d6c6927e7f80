"""What an experiment's measurements imply, and what a clash with them involves.

``bearing_predictions``: the certain labels that bear on the measurements.

Once the graph explains an experiment, every node neither measured nor set has a label; in a large
graph most are "stable" only because nothing reaches them, which says nothing about the experiment.
A node bears on the measurements when it is joined to a measured node by a directed path (a cause of
what was measured, or an effect of it) and something brings its label about (the label has a
justifying edge).
"""

from __future__ import annotations

import networkx as nx

from engine.model.graph import Graph, InconsistentCore, NodeLabel, Scenario

MAX_CLASH_EDGES = 40  # a drawing of more would not be read


def bearing_predictions(graph: Graph, scenario: Scenario, labels: dict[str, NodeLabel]) -> list[tuple[str, NodeLabel]]:
    """(node id, label) for the certain labels that bear on ``scenario``'s measurements, in graph order."""
    digraph = nx.DiGraph()
    digraph.add_nodes_from(node.id for node in graph.nodes)
    digraph.add_edges_from((edge.source, edge.target) for edge in graph.edges)
    joined: set[str] = set()
    for measured in scenario.observations:
        if measured in digraph:
            joined |= nx.ancestors(digraph, measured) | nx.descendants(digraph, measured)
    fixed = set(scenario.observations) | set(scenario.interventions)
    return [(node.id, labels[node.id]) for node in graph.nodes
            if node.id in joined and node.id not in fixed and node.id in labels
            and labels[node.id].certain and labels[node.id].justification]


def clash_edges(graph: Graph, labels: dict[str, NodeLabel], core: InconsistentCore) -> list[str]:
    """The edges to draw for one clash: the core's own edges, and the chains that bring about what the
    graph predicts for the core's measured nodes (each label's justifying edges, followed back to the
    interventions). A core with no edge of its own (nothing in the graph can bring the measured value
    about) is then drawn with the chain whose prediction the measurement contradicts, not as a lone node."""
    edges = {edge.id: edge for edge in graph.edges}
    chosen = [e for e in core.edges if e in edges]
    seen_nodes: set[str] = set()
    queue = list(core.observations)
    while queue and len(chosen) < MAX_CLASH_EDGES:
        node = queue.pop(0)
        if node in seen_nodes or node not in labels:
            continue
        seen_nodes.add(node)
        for edge_id in labels[node].justification:
            if edge_id in edges and edge_id not in chosen:
                chosen.append(edge_id)
                queue.append(edges[edge_id].source)
    return chosen[:MAX_CLASH_EDGES]
