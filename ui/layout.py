"""A layered drawing of a graph: ranks from the graph's edges, left to right from the question's sources.

Positions come from the structure alone (which nodes are drawn and how edges join them), never from
labels or a physics simulation, so a node keeps its place when a toggle changes the labels. The steps
are the usual ones for layered drawings: break cycles, rank by longest path, order each rank to cut
crossings (barycentre sweeps), then place ranks as columns.

When the columns would be wider than the space given, the same ranks are laid top to bottom instead
if that is narrower: legible labels matter more than the direction.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

import networkx as nx

from engine.model import Graph

Direction = Literal["LR", "UD"]


@dataclass(frozen=True)
class Spacing:
    """Distances in drawing units (a node's text is ``font`` units high)."""

    node_width: float = 190.0  # the widest box a wrapped label makes
    node_height: float = 80.0  # three lines of text with the box's margin
    rank_gap: float = 250.0  # centre to centre of two columns (left to right)
    row_gap: float = 100.0  # centre to centre of two nodes in one column
    ud_rank_gap: float = 150.0  # centre to centre of two rows (top to bottom)
    ud_col_gap: float = 210.0


@dataclass(frozen=True)
class Layout:
    positions: dict[str, tuple[float, float]]
    ranks: dict[str, int]
    direction: Direction
    width: float  # extent of the drawing, node boxes included
    height: float


def layered_layout(graph: Graph, node_ids: list[str], max_width: float, spacing: Spacing = Spacing()) -> Layout:
    """Positions for ``node_ids`` (a subset of the graph's nodes, in the order given)."""
    digraph, joined = _ranking_digraph(graph, node_ids)
    connected = [n for n in node_ids if n in joined]
    isolated = [n for n in node_ids if n not in joined]
    ranks = _ranks(digraph.subgraph(connected).copy(), [s for s in graph.sources if s in digraph],
                   [t for t in graph.targets if t in digraph])
    columns = _ordered_columns(digraph, connected, ranks)
    lr_width = (len(columns) - 1) * spacing.rank_gap + spacing.node_width if columns else 0.0
    ud_width = (max((len(c) for c in columns), default=1) - 1) * spacing.ud_col_gap + spacing.node_width
    direction: Direction = "LR" if lr_width <= max_width or lr_width <= ud_width else "UD"
    positions = _place(columns, direction, spacing)
    positions.update(_grid_below(isolated, positions, max(len(columns), 3), direction, spacing))
    for node in isolated:
        ranks[node] = 0
    return Layout(positions=positions, ranks=ranks, direction=direction, **_extent(positions, spacing))


def _ranking_digraph(graph: Graph, node_ids: list[str]) -> tuple[nx.DiGraph, set[str]]:
    """The drawn nodes and the edges that rank them, and the drawn nodes with any edge at all.

    An edge into a source does not rank it (the question sets sources from outside), self-loops are
    left out, and an edge whose direction is undecided ranks its ends in the order stored."""
    inside = set(node_ids)
    sources = set(graph.sources)
    digraph = nx.DiGraph()
    digraph.add_nodes_from(node_ids)
    joined: set[str] = set()
    for edge in graph.edges:
        if edge.source in inside and edge.target in inside and edge.source != edge.target:
            joined.update((edge.source, edge.target))
            if edge.target not in sources:
                digraph.add_edge(edge.source, edge.target)
    return digraph, joined


def _break_cycles(digraph: nx.DiGraph, sources: list[str]) -> nx.DiGraph:
    """Remove, from each cycle, the edge that points furthest back from the sources."""
    depth = _depth_from(digraph, sources)
    acyclic = digraph.copy()
    while True:
        try:
            cycle = nx.find_cycle(acyclic)
        except nx.NetworkXNoCycle:
            return acyclic
        back = max(cycle, key=lambda edge: (depth.get(edge[0], 0) - depth.get(edge[1], 0), str(edge)))
        acyclic.remove_edge(back[0], back[1])


def _depth_from(digraph: nx.DiGraph, sources: list[str]) -> dict[str, int]:
    roots = sources or [n for n in digraph if digraph.in_degree(n) == 0] or list(digraph)[:1]
    depth: dict[str, int] = {}
    for root in roots:
        for node, distance in nx.single_source_shortest_path_length(digraph, root).items():
            depth[node] = min(distance, depth.get(node, distance))
    return depth


def _ranks(digraph: nx.DiGraph, sources: list[str], targets: list[str]) -> dict[str, int]:
    """Longest-path ranks: sources first, the question's targets in one column, and a node that only
    feeds others placed just before the first of them (not far off at the left edge)."""
    acyclic = _break_cycles(digraph, sources)
    order = list(nx.topological_sort(acyclic))
    rank: dict[str, int] = {}
    for node in order:
        rank[node] = max((rank[p] + 1 for p in acyclic.predecessors(node)), default=0)
    for node in reversed(order):
        if node not in sources and acyclic.in_degree(node) == 0 and acyclic.out_degree(node) > 0:
            rank[node] = max(0, min(rank[s] for s in acyclic.successors(node)) - 1)
    if targets:
        last = max(rank[t] for t in targets)
        for target in targets:
            if not any(nx.has_path(acyclic, target, other) for other in targets if other != target):
                rank[target] = last
        for node in order:
            rank[node] = max([rank[node], *(rank[p] + 1 for p in acyclic.predecessors(node))])
    return rank


def _ordered_columns(digraph: nx.DiGraph, nodes: list[str], ranks: dict[str, int], sweeps: int = 4) -> list[list[str]]:
    """Nodes grouped by rank, each column ordered by the mean place of its neighbours (barycentre)."""
    if not nodes:
        return []
    columns: list[list[str]] = [[] for _ in range(max(ranks[n] for n in nodes) + 1)]
    for node in nodes:
        columns[ranks[node]].append(node)
    columns = [column for column in columns if column]
    neighbours = {n: set(digraph.predecessors(n)) | set(digraph.successors(n)) for n in nodes}
    for sweep in range(sweeps):
        indices = range(1, len(columns)) if sweep % 2 == 0 else range(len(columns) - 2, -1, -1)
        for index in indices:
            reference = columns[index - 1] if sweep % 2 == 0 else columns[index + 1]
            place = {node: (i + 0.5) / len(reference) for i, node in enumerate(reference)}
            columns[index] = _by_barycentre(columns[index], neighbours, place)
    return columns


def _by_barycentre(column: list[str], neighbours: dict[str, set[str]], place: dict[str, float]) -> list[str]:
    def key(item: tuple[int, str]) -> float:
        index, node = item
        near = [place[n] for n in neighbours[node] if n in place]
        return sum(near) / len(near) if near else (index + 0.5) / len(column)

    return [node for _, node in sorted(enumerate(column), key=key)]


def _place(columns: list[list[str]], direction: Direction, spacing: Spacing) -> dict[str, tuple[float, float]]:
    positions: dict[str, tuple[float, float]] = {}
    for rank, column in enumerate(columns):
        for index, node in enumerate(column):
            offset = index - (len(column) - 1) / 2
            if direction == "LR":
                positions[node] = (rank * spacing.rank_gap, offset * spacing.row_gap)
            else:
                positions[node] = (offset * spacing.ud_col_gap, rank * spacing.ud_rank_gap)
    return positions


def _grid_below(nodes: list[str], placed: dict[str, tuple[float, float]], per_row: int, direction: Direction,
                spacing: Spacing) -> dict[str, tuple[float, float]]:
    """Nodes without an edge, in rows under the drawing (columns aligned with its ranks)."""
    if not nodes:
        return {}
    column_gap = spacing.rank_gap if direction == "LR" else spacing.ud_col_gap
    left = min((x for x, _ in placed.values()), default=0.0)
    top = max((y for _, y in placed.values()), default=-spacing.row_gap) + spacing.row_gap * 1.3
    return {node: (left + (i % per_row) * column_gap, top + (i // per_row) * spacing.row_gap)
            for i, node in enumerate(nodes)}


def _extent(positions: dict[str, tuple[float, float]], spacing: Spacing) -> dict[str, float]:
    if not positions:
        return {"width": 0.0, "height": 0.0}
    xs = [x for x, _ in positions.values()]
    ys = [y for _, y in positions.values()]
    return {"width": max(xs) - min(xs) + spacing.node_width, "height": max(ys) - min(ys) + spacing.node_height}
