"""What a drawing of a graph shows and where (the app's view and the HTML export share it).

Captions: a node's name, then its label in a few characters ("▲ up", "● active · set", "▲■? may"),
and "was …" after a change. Box sizes: estimated from the name and the widest value line, never from
the current label, so that a relabelled node keeps its place.

Positions: a layered drawing, ranks from the graph's edges, left to right from the question's sources.
They come from the structure alone (which nodes are drawn and how edges join them), never from labels
or a physics simulation, so a node keeps its place when a toggle changes the labels. The steps
are the usual ones for layered drawings: break cycles, rank by longest path, order each rank to cut
crossings (barycentre sweeps), then place ranks as columns.

When the columns would be wider than the space given, they are folded into bands, one under another,
each still read left to right: legible labels matter more than one unbroken line of ranks.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import networkx as nx

from engine.model.graph import Edge, Graph, Node, NodeLabel

VALUE_MARKS = {"increasing": "▲", "decreasing": "▼", "stable": "■", "active": "●", "inactive": "○"}
NEUTRAL_MARK = "◇"  # a node no scenario labels (e.g. a column of a table)
NODE_FONT = 18  # drawing units
# A node's box: text wraps at BOX_MAX_WIDTH (the box's widest, margins included). Sizes for the layout
# are estimated from the name and the widest value line, never from the current label, so that a
# relabelled node keeps its place; CHAR_WIDTH is a generous mean glyph width of the sans-serif font.
BOX_MAX_WIDTH = 150
BOX_MARGIN = 8
CHAR_WIDTH = 0.56 * NODE_FONT
LINE_HEIGHT = 1.2 * NODE_FONT
VALUE_LINE_CHARS = 10

_SHORT_VALUES = {"increasing": "up", "decreasing": "down", "stable": "stable", "active": "active",
                 "inactive": "inactive"}


def short_value(label: NodeLabel | None) -> str:
    """The label as the drawing shows it under a node's name: "▲ up", "▲■? may", "● active · set";
    the labels table and the evidence panel spell it out (``value_text``)."""
    if label is None:
        return NEUTRAL_MARK
    if not label.certain:
        text = f"{_marks(label)} may"
    else:
        text = f"{VALUE_MARKS[label.label]} {_SHORT_VALUES[label.label]}"
    return text + (" · set" if label.intervened else "")


def value_text(label: NodeLabel | None) -> str:
    """A label spelt out, as the app's tables and the exports word it: "▲ increasing", "▲? possibly
    increasing / stable", "● active (set)"."""
    if label is None:
        return "unlabelled"
    text = f"{VALUE_MARKS[label.label]} {label.label}"
    if not label.certain:
        text = f"{VALUE_MARKS[label.label]}? possibly {' / '.join(label.possible)}"
    if label.intervened:
        text += " (set)"
    return text


def _marks(label: NodeLabel) -> str:
    return VALUE_MARKS[label.label] if label.certain else "".join(VALUE_MARKS[v] for v in label.possible) + "?"


def node_caption(node: Node, label: NodeLabel | None, before: NodeLabel | None, changed: bool) -> str:
    """The node's name, then its label; a node no scenario labels (a discovered column) gets a neutral
    mark instead of a word; a node the last change relabelled says what it was."""
    lines = [node.label, short_value(label)]
    if changed:
        lines.append(f"was {_marks(before)}" if before is not None else "new")
    return "\n".join(lines)


def edge_caption(edge: Edge) -> str:
    """The sign, and a short word where the colour alone would not say it: "yours" for an edge the user
    drew, "?" for one read by one reader only. (A contested pair is orange, one + and one −; an edge
    from data is teal: the legend says so, and short captions fit between the columns.)"""
    text = "+" if edge.sign > 0 else "−"
    if edge.origin == "user" or edge.status == "asserted-by-user":
        return text + " yours"
    if edge.status == "possible":
        return text + " ?"
    return text


def box_size(node: Node) -> tuple[float, float]:
    """The box the layout leaves for a node: its name wrapped as the drawing wraps it, a value line
    and a "was …" line, whatever its label is now."""
    inner = BOX_MAX_WIDTH - 2 * BOX_MARGIN
    lines, current = [], ""
    for word in node.label.split():
        candidate = f"{current} {word}".strip()
        if current and len(candidate) * CHAR_WIDTH > inner:
            lines.append(current)
            candidate = word
        current = candidate
    lines.append(current)
    text_width = max([len(line) * CHAR_WIDTH for line in lines] + [VALUE_LINE_CHARS * CHAR_WIDTH])
    width = min(BOX_MAX_WIDTH, text_width + 2 * BOX_MARGIN) if " " in node.label else text_width + 2 * BOX_MARGIN
    return width, (len(lines) + 2) * LINE_HEIGHT + 2 * BOX_MARGIN



MAX_BEND = 0.8  # the most an edge is bent to pass a node in its way (a curve's roundness)
_BEND_CLEARANCE = 20.0  # drawing units between a bent edge and the box it passes


def edge_bend(positions: dict[str, tuple[float, float]], sizes: dict[str, tuple[float, float]],
              source: str, target: str) -> float:
    """How much to bend the edge source → target (the roundness of its curve, 0 for none) so that it
    does not run straight through a node drawn between its ends, as an edge across several ranks would."""
    (x0, y0), (x1, y1) = positions[source], positions[target]
    length = math.hypot(x1 - x0, y1 - y0)
    if length == 0:
        return 0.0
    needed = 0.0
    for node, (x, y) in positions.items():
        if node in (source, target):
            continue
        width, height = sizes[node]
        # the point of the segment nearest the box's centre, and whether it lies in the box
        t = max(0.0, min(1.0, ((x - x0) * (x1 - x0) + (y - y0) * (y1 - y0)) / length ** 2))
        px, py = x0 + t * (x1 - x0), y0 + t * (y1 - y0)
        if 0.05 < t < 0.95 and abs(px - x) <= width / 2 and abs(py - y) <= height / 2:
            # a curve's middle lies about roundness × length / 2 off the straight line
            needed = max(needed, 2 * (max(width, height) / 2 + _BEND_CLEARANCE) / length)
    return min(MAX_BEND, needed)


@dataclass(frozen=True)
class Spacing:
    """Gaps between node boxes, in drawing units (a node's text is about 18 units high)."""

    column_gap: float = 70.0  # between two columns: room for an arrow and its caption
    row_gap: float = 26.0  # between two boxes in one column
    band_gap: float = 90.0  # between two bands of a folded drawing
    split_gap: float = 24.0  # between the columns of one rank set in several


Size = tuple[float, float]  # a node box's width and height in drawing units


@dataclass(frozen=True)
class Layout:
    positions: dict[str, tuple[float, float]]
    ranks: dict[str, int]
    bands: int  # 1 unless a long chain of ranks was folded
    width: float  # extent of the drawing, node boxes included
    height: float


def layered_layout(graph: Graph, node_ids: list[str], sizes: dict[str, Size], max_width: float,
                   max_height: float = float("inf"), spacing: Spacing = Spacing()) -> Layout:
    """Positions (box centres) for ``node_ids`` (a subset of the graph's nodes, in the order given),
    whose boxes have the ``sizes`` given; a rank taller than ``max_height`` is set in several columns
    side by side, and ranks wider together than ``max_width`` are folded into bands."""
    digraph, joined = _ranking_digraph(graph, node_ids)
    connected = [n for n in node_ids if n in joined]
    isolated = [n for n in node_ids if n not in joined]
    linked = set(connected)  # a question node with no drawn edge is placed with the isolated ones
    ranks = _ranks(digraph.subgraph(connected).copy(), [s for s in graph.sources if s in linked],
                   [t for t in graph.targets if t in linked])
    columns = _split_tall(_ordered_columns(digraph, connected, ranks), sizes, max_height, spacing)
    bands = _bands(columns, sizes, max_width, spacing)
    positions = _place(bands, sizes, spacing)
    positions.update(_grid_below(isolated, positions, sizes, max(len(bands[0]) if bands else 0, 3), spacing))
    for node in isolated:
        ranks[node] = 0
    return Layout(positions=positions, ranks=ranks, bands=len(bands), **_extent(positions, sizes))


Column = tuple[list[str], float]  # the nodes of a column, and the gap before it (within a band)


def _split_tall(columns: list[list[str]], sizes: dict[str, Size], max_height: float,
                spacing: Spacing) -> list[Column]:
    """Each rank as one column, or as several narrowly spaced ones when it is taller than
    ``max_height`` (a hub with many regulators), in its order, split evenly."""
    split: list[Column] = []
    for column in columns:
        height = _span([sizes[n][1] for n in column], spacing.row_gap)
        pieces = min(len(column), math.ceil(height / max_height)) if height > max_height else 1
        per_piece = math.ceil(len(column) / pieces)
        for index in range(0, len(column), per_piece):
            split.append((column[index:index + per_piece], spacing.column_gap if index == 0 else spacing.split_gap))
    return split


def _bands(columns: list[Column], sizes: dict[str, Size], max_width: float, spacing: Spacing) -> list[list[Column]]:
    """Consecutive columns grouped into bands no wider than ``max_width`` (a long chain of ranks is
    folded, like a line of text, rather than shrunk until its labels cannot be read)."""
    bands: list[list[Column]] = []
    width = 0.0
    for column in columns:
        column_width = max(sizes[n][0] for n in column[0])
        if bands and width + column[1] + column_width <= max_width:
            bands[-1].append(column)
            width += column[1] + column_width
        else:
            bands.append([column])
            width = column_width
    return bands


def _span(lengths: list[float], gap: float) -> float:
    """The length of boxes laid in a line with ``gap`` between them."""
    return sum(lengths) + gap * max(len(lengths) - 1, 0)


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


def _place(bands: list[list[Column]], sizes: dict[str, Size], spacing: Spacing) -> dict[str, tuple[float, float]]:
    """Columns side by side, each centred on its band's middle line; bands one under another."""
    positions: dict[str, tuple[float, float]] = {}
    top = 0.0
    for band in bands:
        heights = [_span([sizes[n][1] for n in nodes], spacing.row_gap) for nodes, _ in band]
        middle = top + max(heights) / 2
        left = 0.0
        for index, ((nodes, gap), height) in enumerate(zip(band, heights, strict=True)):
            left += gap if index else 0.0
            depth = max(sizes[n][0] for n in nodes)
            y = middle - height / 2
            for node in nodes:
                positions[node] = (left + depth / 2, y + sizes[node][1] / 2)
                y += sizes[node][1] + spacing.row_gap
            left += depth
        top += max(heights) + spacing.band_gap
    return positions


def _grid_below(nodes: list[str], placed: dict[str, tuple[float, float]], sizes: dict[str, Size], per_row: int,
                spacing: Spacing) -> dict[str, tuple[float, float]]:
    """Nodes without an edge, in rows of ``per_row`` under the drawing, in a grid of the widest box."""
    if not nodes:
        return {}
    cell_width = max(sizes[n][0] for n in nodes) + spacing.column_gap / 2
    cell_height = max(sizes[n][1] for n in nodes) + spacing.row_gap
    left = min((x - sizes[n][0] / 2 for n, (x, _) in placed.items()), default=0.0)
    top = max((y + sizes[n][1] / 2 for n, (_, y) in placed.items()), default=0.0) + spacing.row_gap * 2
    return {node: (left + (i % per_row + 0.5) * cell_width, top + (i // per_row + 0.5) * cell_height)
            for i, node in enumerate(nodes)}


def _extent(positions: dict[str, tuple[float, float]], sizes: dict[str, Size]) -> dict[str, float]:
    if not positions:
        return {"width": 0.0, "height": 0.0}
    left = min(x - sizes[n][0] / 2 for n, (x, _) in positions.items())
    right = max(x + sizes[n][0] / 2 for n, (x, _) in positions.items())
    top = min(y - sizes[n][1] / 2 for n, (_, y) in positions.items())
    bottom = max(y + sizes[n][1] / 2 for n, (_, y) in positions.items())
    return {"width": right - left, "height": bottom - top}
