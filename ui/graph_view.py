"""Drawing a labelled graph with streamlit-agraph (vis-network in an iframe).

Colours follow DESIGN §8: a quantity is blue while increasing, red while decreasing and neutral when
stable; a state is grey, dark when active and pale when inactive, with a ●/○ mark. A label that is only
possible (not certain) is drawn pale with a dashed border. Edges: colour and arrow head give the sign
(green arrow +, red bar −), dashes the relation (solid influence, dashed triggers); an edge a user made
is purple, a contested one orange, one from data teal, and an undirected one has no arrow. Nodes whose
label changed with the last change get a thick amber border and say what they were.

Text goes to vis-network only as node and edge *labels*, which it paints on a canvas. Titles (hover
tooltips) are left out on purpose: agraph 0.0.45 assigns a title to ``innerHTML`` and opens it as a URL
on double click, so any title would be a script-injection path for labels read from papers.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from streamlit_agraph import Edge as AgraphEdge
from streamlit_agraph import Node as AgraphNode
from streamlit_agraph import _agraph

from engine.model import Contrast, Edge, Graph, Labelling, Node, NodeLabel

VALUE_MARKS = {"increasing": "▲", "decreasing": "▼", "stable": "■", "active": "●", "inactive": "○"}

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
LAYERED_MAX_NODES = 15


@dataclass(frozen=True)
class GraphView:
    nodes: list[AgraphNode]
    edges: list[AgraphEdge]
    config: dict


def value_text(label: NodeLabel | None) -> str:
    """"▲ increasing", "▲? may increase or stay stable", "● active (set)" ..."""
    if label is None:
        return "unlabelled"
    text = f"{VALUE_MARKS[label.label]} {label.label}"
    if not label.certain:
        text = f"{VALUE_MARKS[label.label]}? possibly {' / '.join(label.possible)}"
    if label.intervened:
        text += " (set)"
    return text


def node_caption(node: Node, label: NodeLabel | None, before: NodeLabel | None, changed: bool) -> str:
    lines = [node.label, value_text(label)]
    if changed:
        lines.append(f"was {value_text(before)}" if before is not None else "new")
    return "\n".join(lines)


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


def edge_caption(edge: Edge) -> str:
    text = "+" if edge.sign > 0 else "−"
    if edge.origin == "user" or edge.status == "asserted-by-user":
        text += " (yours)"
    elif edge.status == "contested":
        text += " contested"
    elif edge.origin == "data":
        text += " data"
    return text


def _edge_colour(edge: Edge) -> str:
    if edge.origin == "user" or edge.status == "asserted-by-user":
        return _USER_COLOUR
    if edge.status == "contested":
        return _CONTESTED_COLOUR
    if edge.origin == "data":
        return _DATA_COLOUR
    return _SIGN_COLOUR[edge.sign]


def build_view(
    graph: Graph,
    labelling: Labelling | None = None,
    contrast: Contrast | None = None,
    height: int = 500,
    emphasised_edges: frozenset[str] = frozenset(),
) -> GraphView:
    """The agraph nodes, edges and options; ``emphasised_edges`` (the answer's paths) are drawn wider."""
    labels = labelling.labels if labelling is not None else {}
    changes = {change.node: change for change in (contrast.changes if contrast else [])}
    question_nodes = set(graph.sources) | set(graph.targets)
    nodes: list[AgraphNode] = []
    for node in graph.nodes:
        label = labels.get(node.id)
        change = changes.get(node.id)
        fill, font_colour, dashed = _node_style(node, label)
        border = _CHANGED_BORDER if change else ("#111827" if node.id in question_nodes else "#6b7280")
        nodes.append(AgraphNode(
            id=node.id,
            label=node_caption(node, label, change.before if change else None, change is not None),
            shape="box" if node.kind == "quantity" else "ellipse",
            color={"background": fill, "border": border,
                   "highlight": {"background": fill, "border": "#000000"}},
            font={"color": font_colour, "size": 16 if node.id in question_nodes else 14, "multi": False},
            borderWidth=5 if change else (3 if node.id in question_nodes else 1),
            shapeProperties={"borderDashes": [6, 4] if dashed else False},
            margin=10,
        ))
        # agraph defaults the title to the id; ids of imported graphs are arbitrary text (see above).
        del nodes[-1].title
    edges = []
    for edge in graph.edges:
        colour = _edge_colour(edge)
        directed = edge.orientation == "directed"
        edges.append(AgraphEdge(
            source=edge.source,
            target=edge.target,
            id=edge.id,
            label=edge_caption(edge),
            color={"color": colour, "highlight": colour},
            font={"color": colour, "size": 15, "strokeWidth": 4, "align": "top"},
            width=(1.5 + 2.5 * edge.confidence) * (2 if edge.id in emphasised_edges else 1),
            dashes=[8, 5] if edge.relation == "triggers" else (not directed and [2, 4]) or False,
            arrows={"to": {"enabled": directed, "type": "arrow" if edge.sign > 0 else "bar"}},
            smooth={"enabled": True, "type": "curvedCW", "roundness": 0.12},
        ))
    config = {
        "height": f"{height}px",
        "width": "100%",
        "interaction": {"hover": True, "navigationButtons": True, "zoomView": True},
        **(_layered_layout() if len(graph.nodes) <= LAYERED_MAX_NODES else _force_layout()),
    }
    return GraphView(nodes=nodes, edges=edges, config=config)


def _layered_layout() -> dict:
    """Small graphs read best left to right, sources first; no physics, so nodes stay put on relabel."""
    return {
        "physics": {"enabled": False},
        "layout": {"hierarchical": {
            "enabled": True, "direction": "LR", "sortMethod": "directed", "shakeTowards": "roots",
            "levelSeparation": 250, "nodeSpacing": 100,
        }},
    }


def _force_layout() -> dict:
    """Larger graphs: a force layout (a fixed seed, so the same graph is drawn the same way)."""
    return {
        "physics": {
            "enabled": True,
            "solver": "forceAtlas2Based",
            "forceAtlas2Based": {"gravitationalConstant": -80, "springLength": 140, "avoidOverlap": 0.5},
            "stabilization": {"enabled": True, "iterations": 300, "fit": True},
            "minVelocity": 1.5,
        },
        "layout": {"randomSeed": 7, "improvedLayout": True},
    }


def show_graph(view: GraphView, key: str) -> str | None:
    """Draw the graph; returns the id of the node last clicked (``None`` before any click).

    agraph's own wrapper passes no widget key, so its iframe would be rebuilt (and the selection
    lost) whenever the data changes; calling its component with a stable key keeps one iframe that
    redraws in place.
    """
    data = json.dumps({"nodes": [n.to_dict() for n in view.nodes], "edges": [e.to_dict() for e in view.edges]})
    return _agraph(data=data, config=json.dumps(view.config), key=key, default=None)


def legend_markdown() -> str:
    return (
        "**Nodes** — quantity (box): :blue-background[▲ increasing] :red-background[▼ decreasing] "
        "■ stable · state (oval): ● active / ○ inactive · pale with dashed border: only possibly · "
        "thick amber border: changed by your last change (says what it was).  \n"
        "**Edges** — :green[→ +] promotes, :red[⊣ −] inhibits · solid: influence, dashed: triggers · "
        ":violet[purple: made by you] · :orange[orange: contested] · teal: from data · no arrow: "
        "direction undecided."
    )
