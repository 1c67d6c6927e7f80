"""What else an experiment's measurements imply: the certain labels that bear on them.

Once the graph explains an experiment, every node neither measured nor set has a label; in a large
graph most are "stable" only because nothing reaches them, which says nothing about the experiment.
A node bears on the measurements when it is joined to a measured node by a directed path (a cause of
what was measured, or an effect of it) and something brings its label about (the label has a
justifying edge).
"""

from __future__ import annotations

import networkx as nx

from engine.model.graph import Graph, NodeLabel, Scenario


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
