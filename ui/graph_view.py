"""Drawing a labelled graph with streamlit-agraph (vis-network in an iframe).

Colours follow DESIGN §8: a quantity is blue while increasing, red while decreasing and neutral when
stable; a state is grey, dark when active and pale when inactive, with a ●/○ mark. A label that is only
possible (not certain) is drawn pale with a dashed border. Edges: colour and arrow head give the sign
(green arrow +, red bar −), dashes the relation (solid influence, dashed triggers); an edge a user made
is purple, a contested one orange (both signs drawn, bent apart), one from data teal, one that only
one reader found ("possible") pale, thin and dotted, and an undirected one has no arrow. Nodes whose
label changed with the last change get a thick amber border and say what they were; a node that no
scenario labels (a column of a table) shows its name and a neutral ◇.

Text goes to vis-network only as node and edge *labels*, which it paints on a canvas. Titles (hover
tooltips) are left out on purpose: agraph 0.0.45 assigns a title to ``innerHTML`` and opens it as a URL
on double click, so any title would be a script-injection path for labels read from papers.
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from dataclasses import dataclass

from streamlit_agraph import Edge as AgraphEdge
from streamlit_agraph import Node as AgraphNode
from streamlit_agraph import _agraph

from engine.explain.drawing import (
    BOX_MARGIN,
    BOX_MAX_WIDTH,
    NODE_FONT,
    VALUE_MARKS,
    Layout,
    box_size,
    edge_bend,
    edge_caption,
    layered_layout,
    node_caption,
    value_text,
)
from engine.model.graph import Contrast, Edge, Graph, Labelling, Node, NodeLabel

_QUANTITY_FILL = {"increasing": "#2563eb", "decreasing": "#dc2626", "stable": "#f5f5f4"}
_QUANTITY_FILL_POSSIBLE = {"increasing": "#93c5fd", "decreasing": "#fca5a5", "stable": "#f5f5f4"}
_STATE_FILL = {"active": "#6b7280", "inactive": "#e5e7eb"}
_UNLABELLED_FILL = "#ffffff"
_DARK_TEXT, _LIGHT_TEXT = "#111827", "#ffffff"
_CHANGED_BORDER = "#f59e0b"

_SIGN_COLOUR = {1: "#15803d", -1: "#b91c1c"}
_USER_COLOUR = "#7c3aed"
_CONTESTED_COLOUR = "#ea580c"
_DATA_COLOUR = "#0d9488"
_POSSIBLE_COLOUR = {1: "#86b89a", -1: "#d99a9a"}

# Text sizes are in drawing units; on screen they are multiplied by the zoom that fits the drawing
# into its frame, which the layout keeps at MIN_TEXT_PX / NODE_FONT or more for a frame DRAWING_WIDTH_PX
# wide (the Ask and Graph pages draw across the page).
EDGE_FONT = 20
MIN_TEXT_PX = 13
DRAWING_WIDTH_PX = 1000
MAX_HEIGHT_PX = 900


@dataclass(frozen=True)
class GraphView:
    nodes: list[AgraphNode]
    edges: list[AgraphEdge]
    config: dict


def _node_style(node: Node, label: NodeLabel | None) -> tuple[str, str, bool]:
    """(fill, font colour, dashed border)."""
    if label is None:
        return _UNLABELLED_FILL, _DARK_TEXT, False
    if node.kind == "state":
        fill = _STATE_FILL.get(label.label, _UNLABELLED_FILL)
        return fill, _LIGHT_TEXT if label.label == "active" else _DARK_TEXT, not label.certain
    fills = _QUANTITY_FILL if label.certain else _QUANTITY_FILL_POSSIBLE
    fill = fills.get(label.label, _UNLABELLED_FILL)
    dark_fill = label.certain and label.label in ("increasing", "decreasing")
    return fill, _LIGHT_TEXT if dark_fill else _DARK_TEXT, not label.certain


def _edge_colour(edge: Edge) -> str:
    if edge.origin == "user" or edge.status == "asserted-by-user":
        return _USER_COLOUR
    if edge.status == "contested":
        return _CONTESTED_COLOUR
    if edge.origin == "data":
        return _DATA_COLOUR
    if edge.status == "possible":
        return _POSSIBLE_COLOUR[edge.sign]
    return _SIGN_COLOUR[edge.sign]


def _edge_dashes(edge: Edge) -> list[int] | bool:
    if edge.orientation != "directed":
        return [2, 4]
    if edge.status == "possible":
        return [3, 6]
    return [10, 5] if edge.relation == "triggers" else False


def build_view(
    graph: Graph,
    labelling: Labelling | None = None,
    contrast: Contrast | None = None,
    height: int = 240,
    emphasised_edges: frozenset[str] = frozenset(),
    shown: list[str] | None = None,
    width_px: int = DRAWING_WIDTH_PX,
    edges: list[Edge] | None = None,
) -> GraphView:
    """The agraph nodes, edges and options for the nodes ``shown`` (default: all) and ``edges``
    (default: all edges between them); ``emphasised_edges`` (the answer's paths) are drawn wider.

    Nodes are placed by ``layered_layout`` (no physics): the same structure is always drawn the same
    way. ``height`` is the least height; the drawing grows taller when its columns need it, so that the
    fitted zoom keeps text at least ``MIN_TEXT_PX`` high in a frame ``width_px`` wide; a rank taller
    than ``MAX_HEIGHT_PX`` at that zoom is set in several columns.
    """
    present = set(graph.node_ids())
    node_ids = [n for n in (shown if shown is not None else graph.node_ids()) if n in present]
    layout = _layout(graph, node_ids, max_width=width_px * NODE_FONT / MIN_TEXT_PX,
                     max_height=MAX_HEIGHT_PX * NODE_FONT / MIN_TEXT_PX)
    labels = labelling.labels if labelling is not None else {}
    changes = {change.node: change for change in (contrast.changes if contrast else [])}
    question_nodes = set(graph.sources) | set(graph.targets)
    by_id = {node.id: node for node in graph.nodes}
    nodes = [
        _agraph_node(by_id[node_id], labels.get(node_id), changes.get(node_id), node_id in question_nodes,
                     layout.positions[node_id])
        for node_id in node_ids
    ]
    inside = set(node_ids)
    drawn = [edge for edge in (graph.edges if edges is None else edges)
             if edge.source in inside and edge.target in inside]
    parallel: Counter[frozenset[str]] = Counter()
    agraph_edges = []
    sizes = {node_id: box_size(by_id[node_id]) for node_id in node_ids}
    for edge in drawn:
        pair = frozenset((edge.source, edge.target))
        bend = edge_bend(layout.positions, sizes, edge.source, edge.target)
        agraph_edges.append(_agraph_edge(edge, edge.id in emphasised_edges, parallel[pair], bend))
        parallel[pair] += 1
    # The zoom the drawing is meant to fit at: what the width allows, and no more than keeps it within
    # MAX_HEIGHT_PX, unless that would make text smaller than MIN_TEXT_PX (a folded drawing is taller).
    legible = MIN_TEXT_PX / NODE_FONT
    scale = min(1.0, width_px / max(layout.width, 1.0), max(MAX_HEIGHT_PX / max(layout.height, 1.0), legible))
    fitted_height = int(layout.height * scale + 60)
    config = {
        "height": f"{max(height, fitted_height)}px",
        "width": "100%",
        "interaction": {"hover": True, "navigationButtons": False, "zoomView": True, "dragView": True},
        "physics": {"enabled": False},  # positions come from the layout; each edge sets its own curve
    }
    return GraphView(nodes=nodes, edges=agraph_edges, config=config)


_LAYOUTS: dict[tuple, Layout] = {}
_LAYOUTS_KEPT = 64


def _layout(graph: Graph, node_ids: list[str], max_width: float, max_height: float) -> Layout:
    """The layered layout, kept per structure: a toggle changes labels only, so it redraws without
    laying out again."""
    names = {node.id: node.label for node in graph.nodes}
    key = (tuple((n, names[n]) for n in node_ids), tuple((e.source, e.target) for e in graph.edges),
           tuple(graph.sources), tuple(graph.targets), max_width, max_height)
    if key not in _LAYOUTS:
        if len(_LAYOUTS) >= _LAYOUTS_KEPT:
            _LAYOUTS.clear()
        by_id = {node.id: node for node in graph.nodes}
        sizes = {node_id: box_size(by_id[node_id]) for node_id in node_ids}
        _LAYOUTS[key] = layered_layout(graph, node_ids, sizes, max_width, max_height)
    return _LAYOUTS[key]


def _agraph_node(node: Node, label: NodeLabel | None, change, in_question: bool,
                 position: tuple[float, float]) -> AgraphNode:
    fill, font_colour, dashed = _node_style(node, label)
    border = _CHANGED_BORDER if change else ("#111827" if in_question else "#6b7280")
    drawn = AgraphNode(
        id=node.id,
        label=node_caption(node, label, change.before if change else None, change is not None),
        shape="box" if node.kind == "quantity" else "ellipse",
        color={"background": fill, "border": border, "highlight": {"background": fill, "border": "#000000"}},
        font={"color": font_colour, "size": NODE_FONT, "multi": False},
        borderWidth=5 if change else (3 if in_question else 1),
        shapeProperties={"borderDashes": [6, 4] if dashed else False},
        widthConstraint={"maximum": BOX_MAX_WIDTH},
        margin=BOX_MARGIN,
        x=position[0],
        y=position[1],
    )
    # agraph defaults the title to the id; ids of imported graphs are arbitrary text (see above).
    del drawn.title
    return drawn


def _agraph_edge(edge: Edge, emphasised: bool, parallel_index: int, bend: float = 0.0) -> AgraphEdge:
    """One edge; an edge parallel to an earlier one between the same two nodes (the two sides of a
    contested sign, or a feedback pair) is bent further, so both stay visible, and one that would run
    through a node between its ends is bent around it (``bend``, from ``edge_bend``)."""
    colour = _edge_colour(edge)
    directed = edge.orientation == "directed"
    return AgraphEdge(
        source=edge.source,
        target=edge.target,
        id=edge.id,
        label=edge_caption(edge),
        color={"color": colour, "highlight": colour, "opacity": 0.75 if edge.status == "possible" else 1.0},
        font={"color": colour, "size": EDGE_FONT, "strokeWidth": 5, "strokeColor": "#ffffff", "align": "top"},
        width=(1.5 + 2.5 * edge.confidence) * (2 if emphasised else 1) * (0.6 if edge.status == "possible" else 1),
        dashes=_edge_dashes(edge),
        arrows={"to": {"enabled": directed, "type": "arrow" if edge.sign > 0 else "bar"}},
        smooth={"enabled": True, "type": "curvedCW", "roundness": max(0.1, bend) + 0.25 * parallel_index},
    )


def show_graph(view: GraphView, key: str) -> str | None:
    """Draw the graph; returns the id of the node last clicked (``None`` before any click).

    agraph's own wrapper passes no widget key, so its iframe would be rebuilt (and the selection
    lost) whenever the data changes. Here the key is stable while the drawn nodes and edges stay the
    same, so a relabel redraws in place; when they change (an edit, a regulator added) the key changes
    and a fresh drawing is fitted to its frame, which an in-place update would not do.
    """
    data = json.dumps({"nodes": [n.to_dict() for n in view.nodes], "edges": [e.to_dict() for e in view.edges]})
    drawn = hashlib.sha1(json.dumps([[n.id, n.x, n.y] for n in view.nodes] + [e.id for e in view.edges]).encode())
    return _agraph(data=data, config=json.dumps(view.config), key=f"{key}_{drawn.hexdigest()[:12]}", default=None)


def legend_markdown() -> str:
    return (
        "**Nodes** — quantity (box): :blue-background[▲ up] increasing, :red-background[▼ down] decreasing, "
        "■ stable · state (oval): ● active (dark grey) / ○ inactive (pale grey) · “▲■? may”, pale fill, "
        "dashed border: possibly any of these · “· set”: set from outside (the scenario) · ◇ not labelled "
        "(no scenario, e.g. a column of a table) · "
        "black border: the question's cause or effect · thick amber border: changed by your last change "
        "(says what it was).  \n"
        "**Edges** — :green[→ +] promotes, :red[⊣ −] inhibits · solid: influence, dashed: triggers · "
        "thin, pale and dotted with “?”: possible (read by one reader only, or stated only hedged) · :orange[orange: contested] "
        "(papers disagree on the sign; both signs drawn, + and −) · :violet[purple, “yours”: drawn by you] · "
        "teal: learned from data · no arrow: direction undecided · wider: on a path the answer explains.  \n"
        "**Moving around** — scroll to zoom, drag the background to pan, drag a node to move it; click a "
        "node for its evidence."
    )
