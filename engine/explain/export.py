"""Export a graph (and optionally its labelling) to GraphML, a standalone HTML page and Markdown.

All three formats carry text from users and papers, which is untrusted:

- GraphML goes through networkx's writer (XML-escaped); lists and evidence travel as JSON strings so
  ``from_graphml`` can rebuild the same ``Graph``. Reading uses defusedxml first, so an uploaded file
  with entity tricks is refused instead of expanded.
- HTML inlines the vis-network library bundled with pyvis, so the page needs no network; nodes are
  placed as in the app (``engine.explain.drawing``). The page comes from a small template here rendered with
  Jinja autoescaping (pyvis's stock page loads Bootstrap from a CDN and writes node ids into menus
  unescaped). Graph data reaches the script only through ``tojson`` (``<``, ``>``, ``&`` and quotes are
  \\u-escaped), and every tooltip is turned into a DOM element filled through ``textContent``, so a label
  such as ``<img src=x onerror=alert(1)>`` is shown as text whatever vis-network does with titles.
- Markdown escapes every character that could start markup (links, images, emphasis, raw HTML, table
  cells) in user text.
"""

from __future__ import annotations

import io
import json
import re
from collections import Counter
from importlib import resources
from typing import TYPE_CHECKING, Any

import networkx as nx
from defusedxml import DTDForbidden, EntitiesForbidden, ExternalReferenceForbidden
from defusedxml.ElementTree import ParseError
from defusedxml.ElementTree import fromstring as safe_xml_fromstring
from jinja2 import Environment
from markupsafe import Markup
from pydantic import ValidationError

from engine.explain.drawing import (
    BOX_MARGIN,
    BOX_MAX_WIDTH,
    NODE_FONT,
    box_size,
    edge_bend,
    edge_caption,
    layered_layout,
    node_caption,
    value_text,
)
from engine.explain.focus import QuestionFocus, question_focus
from engine.explain.render import (
    PUBMED_URL,
    answer_html,
    answer_markdown,
    answer_view,
    cited_text,
    document_name,
    plain_text,
)
from engine.model.graph import Edge, Evidence, Graph, GraphError, Labelling, Node, NodeLabel, edge_id

if TYPE_CHECKING:
    from engine.explain.answer import Answer

GRAPHML_FORMAT = "causeway-graph"

_ARROWS = {"increasing": "↑", "decreasing": "↓", "stable": "=", "active": "●", "inactive": "○"}
_SIGN_TEXT = {1: "+", -1: "−"}

# Colours follow the app (DESIGN §8): quantities blue when increasing, red when decreasing, neutral when
# stable or unlabelled; states grey. Edge colour is the sign, dashes the relation.
_QUANTITY_COLOURS = {"increasing": "#2563eb", "decreasing": "#dc2626", "stable": "#f5f5f4"}
_QUANTITY_UNLABELLED = "#cfe2f3"
_STATE_COLOURS = {"active": "#6b7280", "inactive": "#e5e7eb"}
_STATE_UNLABELLED = "#d6d6d6"
_SIGN_COLOURS = {1: "#15803d", -1: "#b91c1c"}
_POSSIBLE_COLOURS = {1: "#86b89a", -1: "#d99a9a"}
_CONTESTED_COLOUR = "#ea580c"
_USER_COLOUR = "#7c3aed"


# --- a graph with its answer --------------------------------------------------------------------

ANSWERED_FORMAT = "causeway-answered-graph"


def to_answered_json(graph: Graph, labelling: Labelling, answer: Answer) -> str:
    """One JSON file holding a graph, its labelling and its answer (what ``engine ask --out`` writes), so
    that ``engine export`` can write the same files as the app's download buttons."""
    return json.dumps({"format": ANSWERED_FORMAT, "graph": graph.model_dump(mode="json"),
                       "labelling": labelling.model_dump(mode="json"), "answer": answer.model_dump(mode="json")},
                      ensure_ascii=False, indent=2)


def read_graph_json(text: str) -> tuple[Graph, Labelling | None, Answer | None]:
    """A graph JSON file: either a bare graph (the app's JSON download), whose labelling and answer are
    then ``None``, or a graph with its answer (``to_answered_json``). Raises GraphError saying what is wrong."""
    from engine.explain.answer import Answer

    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise GraphError(f"not valid JSON: {exc}") from exc
    if not (isinstance(data, dict) and data.get("format") == ANSWERED_FORMAT):
        return Graph.from_dict(data), None, None
    graph = Graph.from_dict(data.get("graph"))
    try:
        return graph, Labelling.model_validate(data.get("labelling") or {}), Answer.model_validate(data.get("answer") or {})
    except ValidationError as exc:
        raise GraphError(f"the answer saved with the graph: {_first_error(exc)}") from exc


# --- GraphML -------------------------------------------------------------------------------------


def to_graphml(graph: Graph, labelling: Labelling | None = None) -> str:
    """GraphML text of the graph; the labelling, if given, adds value/certain/possible per node.

    Lists and evidence are JSON (ASCII-escaped, so lossless). XML 1.0 cannot hold most control
    characters: they are dropped from ids, labels and the question, and a carriage return reads back
    as a newline.
    """
    graph.validate_shapes()
    multigraph = nx.MultiDiGraph(
        format=GRAPHML_FORMAT,
        schema_version=graph.schema_version,
        question=_xml_safe(graph.question),
        sources=json.dumps([_xml_safe(s) for s in graph.sources]),
        targets=json.dumps([_xml_safe(t) for t in graph.targets]),
    )
    labels = labelling.labels if labelling is not None else {}
    for node in graph.nodes:
        attributes: dict[str, Any] = {
            "label": _xml_safe(node.label),
            "kind": node.kind,
            "aliases": json.dumps(node.aliases),
            "origin": node.origin,
        }
        if node.id in labels:
            attributes.update(_label_attributes(labels[node.id]))
        multigraph.add_node(_xml_safe(node.id), **attributes)
    for index, edge in enumerate(graph.edges):
        attributes = {
            "index": index,
            "relation": edge.relation,
            "sign": edge.sign,
            "status": edge.status,
            "origin": edge.origin,
            "confidence": edge.confidence,
            "orientation": edge.orientation,
            "evidence": json.dumps([e.model_dump() for e in edge.evidence]),
        }
        if edge.weight is not None:
            attributes["weight"] = edge.weight
        multigraph.add_edge(
            _xml_safe(edge.source), _xml_safe(edge.target), key=_xml_safe(edge.id), **attributes
        )
    buffer = io.BytesIO()
    nx.write_graphml(multigraph, buffer, encoding="utf-8", prettyprint=True)
    return buffer.getvalue().decode("utf-8")


# Characters XML 1.0 documents cannot contain at all, even escaped.
_XML_FORBIDDEN = re.compile("[^\x09\x0a\x0d\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def _xml_safe(text: str) -> str:
    return _XML_FORBIDDEN.sub("", text)


def _label_attributes(label: NodeLabel) -> dict[str, Any]:
    return {
        "value": label.label,
        "certain": label.certain,
        "possible": json.dumps(label.possible),
        "justification": json.dumps([_xml_safe(j) for j in label.justification]),
        "intervened": label.intervened,
    }


def from_graphml(text: str | bytes) -> Graph:
    """Read GraphML back into a validated Graph; raises GraphError saying what is wrong.

    Files written by ``to_graphml`` come back exactly. GraphML from other tools is read leniently:
    a missing label is the node id, a missing kind is quantity, a missing relation is the one the node
    kinds allow, a missing sign is +.
    """
    try:
        root = safe_xml_fromstring(text)
    except (DTDForbidden, EntitiesForbidden, ExternalReferenceForbidden) as exc:
        raise GraphError(f"GraphML refused: it declares a DTD or entities ({exc})") from exc
    except ParseError as exc:
        raise GraphError(f"not valid XML: {exc}") from exc
    for element in root.iter():
        # networkx would invent a node called "None" for a missing end.
        if element.tag.rsplit("}", 1)[-1] == "edge" and not (element.get("source") and element.get("target")):
            raise GraphError(f"GraphML edge {element.get('id') or ''} lacks a source or a target".replace("  ", " "))
    try:
        multigraph = nx.parse_graphml(text, force_multigraph=True)
    except (nx.NetworkXError, ValueError, KeyError) as exc:
        raise GraphError(f"not valid GraphML: {exc}") from exc
    if not multigraph.is_directed():
        raise GraphError("GraphML graph is undirected; a causal graph needs directed edges")

    nodes = [_node_from_graphml(str(node_id), data) for node_id, data in multigraph.nodes(data=True)]
    kinds = {node.id: node.kind for node in nodes}
    indexed_edges: list[tuple[int, Edge]] = []
    for position, (source, target, key, data) in enumerate(multigraph.edges(keys=True, data=True)):
        # networkx numbers edges that had no id in the file; those get the conventional id instead.
        given_id = key if isinstance(key, str) else None
        edge = _edge_from_graphml(str(source), str(target), given_id, data, kinds)
        order = data.get("index")
        indexed_edges.append((order if isinstance(order, int) else position, edge))
    indexed_edges.sort(key=lambda pair: pair[0])

    meta = multigraph.graph
    version = meta.get("schema_version", None)
    if isinstance(version, str) and version.strip().isdigit():
        version = int(version)
    payload: dict[str, Any] = {
        "question": str(meta.get("question", "")),
        "sources": _json_list(meta.get("sources"), "graph sources"),
        "targets": _json_list(meta.get("targets"), "graph targets"),
        "nodes": [node.model_dump() for node in nodes],
        "edges": [edge.model_dump() for _, edge in indexed_edges],
    }
    if version is not None:
        payload["schema_version"] = version
    return Graph.from_dict(payload)


def _node_from_graphml(node_id: str, data: dict[str, Any]) -> Node:
    try:
        return Node(
            id=node_id,
            label=str(data.get("label", node_id)),
            kind=data.get("kind", "quantity"),
            aliases=_json_list(data.get("aliases"), f"aliases of node {node_id!r}"),
            origin=data.get("origin", "literature"),
        )
    except ValidationError as exc:
        raise GraphError(f"GraphML node {node_id!r}: {_first_error(exc)}") from exc


def _edge_from_graphml(
    source: str, target: str, given_id: str | None, data: dict[str, Any], kinds: dict[str, str]
) -> Edge:
    relation = data.get("relation") or (
        "influence" if (kinds.get(source), kinds.get(target)) == ("quantity", "quantity") else "triggers"
    )
    where = f"GraphML edge {given_id or ''} ({source} → {target})".replace("edge  (", "edge (")
    try:
        # Without a sign, a negative weight (as discovery tools write) means a negative edge.
        weight = data.get("weight")
        default_sign = -1 if isinstance(weight, int | float) and weight < 0 else 1
        sign = int(data.get("sign", default_sign))
        evidence = [Evidence.model_validate(item) for item in _json_list(data.get("evidence"), where)]
        fields: dict[str, Any] = {
            "id": given_id or edge_id(source, relation, sign, target),
            "source": source,
            "target": target,
            "relation": relation,
            "sign": sign,
            "evidence": evidence,
        }
        for name in ("origin", "status", "confidence", "orientation", "weight"):
            if name in data:
                fields[name] = data[name]
        return Edge(**fields)
    except ValidationError as exc:
        raise GraphError(f"{where}: {_first_error(exc)}") from exc
    except (TypeError, ValueError) as exc:
        raise GraphError(f"{where}: {exc}") from exc


def _json_list(value: Any, what: str) -> list[Any]:
    if value is None or value == "":
        return []
    try:
        parsed = json.loads(value) if isinstance(value, str) else value
    except json.JSONDecodeError as exc:
        raise GraphError(f"{what}: expected a JSON list, got {value!r}") from exc
    if not isinstance(parsed, list):
        raise GraphError(f"{what}: expected a JSON list, got {value!r}")
    return parsed


def _first_error(exc: ValidationError) -> str:
    first = exc.errors()[0]
    where = ".".join(str(part) for part in first["loc"])
    return f"{where}: {first['msg']}" if where else first["msg"]


# --- HTML ----------------------------------------------------------------------------------------

_PAGE_TEMPLATE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy"
      content="default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:">
<title>{{ heading }}</title>
<style>{{ vis_css }}</style>
<script>{{ vis_js }}</script>
<style>
  body { font-family: system-ui, sans-serif; margin: 1.5rem auto; max-width: 72rem; padding: 0 1rem;
         color: #1f2937; line-height: 1.45; }
  #graph { width: 100%; height: {{ graph_height }}px; border: 1px solid #d1d5db; border-radius: 6px; }
  .tip { white-space: pre-wrap; max-width: 32rem; font-size: 0.9rem; }
  table { border-collapse: collapse; margin-top: 1rem; width: 100%; }
  td, th { border: 1px solid #e5e7eb; padding: 0.35rem 0.6rem; vertical-align: top; text-align: left; }
  .legend { font-size: 0.92rem; color: #374151; }
  .legend span { margin-right: 1.2rem; display: inline-block; }
  .muted { color: #6b7280; font-size: 0.9rem; }
  blockquote { margin: 0.3rem 0; padding-left: 0.7rem; border-left: 3px solid #d1d5db; }
</style>
</head>
<body>
<h1>{{ heading }}</h1>
{% if sources or targets %}<p>Causes (sources): <strong>{{ sources }}</strong> · Effects (targets): <strong>{{ targets }}</strong></p>{% endif %}
{% if labelling_note %}<p><strong>{{ labelling_note }}</strong></p>{% endif %}
{% if answer %}<h2>Answer</h2>
<div id="answer">{{ answer }}</div>
{% endif %}
<h2>Graph</h2>
<p class="muted">{{ drawn_note }} Drag to move, scroll to zoom; point at a node or an edge for its details.</p>
<div id="graph"></div>
<p class="legend">
  <span>quantity (box): ▲ up (blue) · ▼ down (red) · ■ stable</span>
  <span>state (oval): ● active (dark grey) · ○ inactive (pale grey)</span>
  <span>“?” and a dashed border: only possibly so</span>
  <span>edges: green → promotes (+), red ⊣ inhibits (−); solid influence, dashed triggers</span>
  <span>thin, pale, dotted “?”: possible (read by one reader only, or stated only hedged)</span>
  <span>orange: contested, papers disagree on the sign (both signs drawn)</span>
  <span>purple “yours”: drawn by the user</span>
</p>
{% if regulators %}<p class="muted">Other regulators found, not drawn: {{ regulators }}.</p>{% endif %}
{% if references %}<h2>References</h2>
<ol>{% for ref in references %}<li value="{{ ref.n }}" id="ref-{{ ref.n }}">{{ ref.title }} — {% if ref.url %}<a href="{{ ref.url }}">{{ ref.name }}</a>{% else %}{{ ref.name }}{% endif %}</li>{% endfor %}</ol>{% endif %}
<h2>Edges and evidence</h2>
<table>
<tr><th>Edge</th><th>Relation</th><th>Status</th><th>Evidence</th></tr>
{% for row in rows %}<tr><td>{{ row.pair }}</td><td>{{ row.relation }}</td><td>{{ row.status }}</td>
<td>{% for cite in row.evidence %}<blockquote>“{{ cite.sentence }}”</blockquote>
<p class="muted">{{ cite.source }}{% if cite.readers %} · read by {{ cite.readers }}{% endif %}</p>{% endfor %}</td></tr>
{% endfor %}</table>
<script>
  // Tooltips become elements filled with textContent: text from papers and users is never markup.
  function asTextTooltip(item) {
    if (typeof item.title === "string") {
      var box = document.createElement("div");
      box.className = "tip";
      box.textContent = item.title;
      item.title = box;
    }
    return item;
  }
  var nodes = new vis.DataSet({{ nodes|tojson }}.map(asTextTooltip));
  var edges = new vis.DataSet({{ edges|tojson }}.map(asTextTooltip));
  var network = new vis.Network(
    document.getElementById("graph"), {nodes: nodes, edges: edges}, {{ options|tojson }});
</script>
</body>
</html>
"""

# The page's drawing is about this wide on a laptop screen (the body is at most 72rem wide).
_PAGE_DRAWING_PX = 1100
_PAGE_DRAWING_MAX_HEIGHT_PX = 900
_MIN_TEXT_PX = 13


def to_html(graph: Graph, labelling: Labelling | None = None, heading: str = "", answer: Answer | None = None) -> str:
    """A standalone page a colleague can read offline: the answer, the question's view of the graph
    (vis-network inlined, nodes placed by ``layered_layout`` with legible text), the references, and
    every edge with its evidence sentences; ``heading`` defaults to the graph's question."""
    graph.validate_shapes()
    focus = question_focus(graph)
    sizes = {node_id: box_size(graph.node(node_id)) for node_id in focus.shown}
    layout = layered_layout(graph, focus.shown, sizes, max_width=_PAGE_DRAWING_PX * NODE_FONT / _MIN_TEXT_PX,
                            max_height=_PAGE_DRAWING_MAX_HEIGHT_PX * NODE_FONT / _MIN_TEXT_PX)
    labels = labelling.labels if labelling is not None else {}
    nodes = [_vis_node(graph.node(n), labels.get(n), graph, layout.positions[n]) for n in focus.shown]
    parallel: Counter[frozenset[str]] = Counter()
    edges = []
    for edge in focus.drawn_edges(graph):
        pair = frozenset((edge.source, edge.target))
        edges.append(_vis_edge(edge, graph, parallel[pair], edge_bend(layout.positions, sizes, edge.source, edge.target)))
        parallel[pair] += 1
    scale = min(1.0, _PAGE_DRAWING_PX / layout.width) if layout.width else 1.0
    node_labels = {node.id: node.label for node in graph.nodes}
    citer = _References(answer)
    environment = Environment(autoescape=True)
    vis_dir = resources.files("pyvis") / "templates" / "lib" / "vis-9.1.2"
    return environment.from_string(_PAGE_TEMPLATE).render(
        heading=heading or graph.question or "Causeway graph",
        sources=", ".join(node_labels.get(s, s) for s in graph.sources),
        targets=", ".join(node_labels.get(t, t) for t in graph.targets),
        labelling_note=(
            f"Labelling {labelling.status}: {labelling.message}"
            if labelling is not None and labelling.status != "ok" else ""
        ),
        answer=answer_html(answer_view(answer)),
        drawn_note=_drawn_note(graph, focus),
        regulators=", ".join(node_labels[r] for r in focus.regulators),
        graph_height=int(max(300, layout.height * scale + 60)),
        vis_css=_no_closing_tag((vis_dir / "vis-network.css").read_text("utf-8"), "style"),
        vis_js=_no_closing_tag((vis_dir / "vis-network.min.js").read_text("utf-8"), "script"),
        nodes=nodes,
        edges=edges,
        options={
            "physics": {"enabled": False},
            "interaction": {"hover": True, "tooltipDelay": 150, "navigationButtons": False},
            "edges": {"smooth": {"enabled": True, "type": "curvedCW", "roundness": 0.1}},
        },
        references=citer.listed(),
        rows=[_edge_row(edge, node_labels, citer) for edge in graph.edges],
    )


def _drawn_note(graph: Graph, focus: QuestionFocus) -> str:
    if len(focus.shown) == len(graph.nodes):
        return f"All {len(graph.nodes)} nodes."
    if focus.on_paths:
        return f"The {len(focus.shown)} nodes on paths from the causes to the effects, of {len(graph.nodes)}."
    return f"The causes and effects with their nearest neighbours ({len(focus.shown)} of {len(graph.nodes)} nodes)."


class _References:
    """Reference numbers: the answer's own, then new ones for documents only the edge table cites."""

    def __init__(self, answer: Answer | None) -> None:
        self.numbers: dict[str, int] = {}
        self.titles: dict[str, str] = {}
        for ref in answer.references if answer is not None else []:
            self.numbers[ref.doc_id] = ref.n
            self.titles[ref.doc_id] = ref.title

    def cite(self, evidence: Evidence) -> int:
        if evidence.doc_id not in self.numbers:
            self.numbers[evidence.doc_id] = max(self.numbers.values(), default=0) + 1
            self.titles[evidence.doc_id] = evidence.title
        return self.numbers[evidence.doc_id]

    def listed(self) -> list[dict[str, Any]]:
        return [{"n": n, "title": plain_text(self.titles[doc]) or "(untitled)", "name": document_name(doc),
                 "url": PUBMED_URL.format(doc) if doc.isdigit() else ""}
                for doc, n in sorted(self.numbers.items(), key=lambda item: item[1])]


def _no_closing_tag(library: str, tag: str) -> Markup:
    """Mark the bundled library as safe to inline, after checking it cannot end its own element."""
    if f"</{tag}" in library.lower():
        raise RuntimeError(f"bundled vis-network {tag} contains '</{tag}'; it cannot be inlined")
    return Markup(library)


def _vis_node(node: Node, label: NodeLabel | None, graph: Graph, position: tuple[float, float]) -> dict[str, Any]:
    if node.kind == "quantity":
        colour = _QUANTITY_COLOURS[label.label] if label is not None else _QUANTITY_UNLABELLED
        shape = "box"
    else:
        colour = _STATE_COLOURS[label.label] if label is not None else _STATE_UNLABELLED
        shape = "ellipse"
    dark = label is not None and label.certain and label.label in ("increasing", "decreasing", "active")
    role = "source" if node.id in graph.sources else "target" if node.id in graph.targets else ""
    tooltip = [node.label, f"{node.kind} · id {node.id} · from {node.origin}"]
    if role:
        tooltip.append(f"question {role}")
    if node.aliases:
        tooltip.append("also called: " + "; ".join(node.aliases))
    if node.merged:
        tooltip.append("merged: " + "; ".join(f"{m.name} ({m.reason})" for m in node.merged))
    if label is not None:
        certainty = "certain" if label.certain else "possible: " + ", ".join(label.possible)
        tooltip.append(f"label: {label.label} ({certainty})" + (" — set by intervention" if label.intervened else ""))
        if label.justification:
            tooltip.append("because of: " + ", ".join(label.justification))
    return {
        "id": node.id,
        "label": node_caption(node, label, None, False),
        "title": "\n".join(tooltip),
        "shape": shape,
        "color": {"background": colour, "border": "#111827" if role else "#6b7280"},
        "font": {"size": NODE_FONT, "color": "#ffffff" if dark else "#111827"},
        "widthConstraint": {"maximum": BOX_MAX_WIDTH},
        "margin": BOX_MARGIN,
        "borderWidth": 3 if role else 1,
        "shapeProperties": {"borderDashes": [6, 4] if label is not None and not label.certain else False},
        "x": position[0],
        "y": position[1],
    }


def _vis_edge(edge: Edge, graph: Graph, parallel_index: int, bend: float = 0.0) -> dict[str, Any]:
    tooltip = [
        f"{graph.node(edge.source).label} → {graph.node(edge.target).label}",
        f"{edge.relation} {_SIGN_TEXT[edge.sign]} · {edge.status} · from {edge.origin} · "
        f"confidence {edge.confidence:.2f}",
    ]
    for number, evidence in enumerate(edge.evidence, start=1):
        tooltip.append(f"[{number}] “{cited_text(evidence)}” — {plain_text(evidence.title)} "
                       f"({document_name(evidence.doc_id)})")
    possible = edge.status == "possible"
    colour = (_CONTESTED_COLOUR if edge.status == "contested" else
              _USER_COLOUR if edge.origin == "user" or edge.status == "asserted-by-user" else
              _POSSIBLE_COLOURS[edge.sign] if possible else _SIGN_COLOURS[edge.sign])
    return {
        "id": edge.id,
        "from": edge.source,
        "to": edge.target,
        "label": edge_caption(edge),
        "title": "\n".join(tooltip),
        "color": colour,
        "font": {"size": 20, "color": colour, "strokeWidth": 5, "strokeColor": "#ffffff", "align": "top"},
        "dashes": [3, 6] if possible else edge.relation == "triggers",
        "width": 1.2 if possible else 2.5,
        "arrows": {"to": {"enabled": edge.orientation == "directed", "type": "arrow" if edge.sign > 0 else "bar"}},
        # Parallel edges (the two sides of a contested sign) would be drawn on top of each other, and an
        # edge across ranks through the node between its ends: both are bent apart.
        "smooth": {"enabled": True, "type": "curvedCW", "roundness": max(0.1, bend) + 0.25 * parallel_index},
    }


def _edge_row(edge: Edge, node_labels: dict[str, str], citer: _References) -> dict[str, Any]:
    return {
        "pair": f"{node_labels[edge.source]} → {node_labels[edge.target]}",
        "relation": f"{edge.relation} {_SIGN_TEXT[edge.sign]}",
        "status": f"{edge.status} ({edge.origin})",
        "evidence": [{
            "sentence": cited_text(evidence),
            "source": f"[{citer.cite(evidence)}] {plain_text(evidence.title) or document_name(evidence.doc_id)}",
            "readers": ", ".join(evidence.readers),
        } for evidence in edge.evidence],
    }


# --- Markdown ------------------------------------------------------------------------------------

# Characters that open inline Markdown anywhere in a line: emphasis, code, links and images (through
# "["), strikethrough, table cells, headings. "<", ">" and "&" become entities, which every renderer
# shows as text, so no raw HTML or autolink can form.
_MARKDOWN_SPECIAL = set("\\`*_[]|~#")
_HTML_ENTITIES = {"<": "&lt;", ">": "&gt;", "&": "&amp;"}
# At the start of a line, these also open lists, quotes, breaks or headings.
_LINE_START = re.compile(r"^(\d+)([.)])|^([-+=])")


def escape_markdown(text: str) -> str:
    """User or paper text as literal, single-line Markdown: no links, images, emphasis or HTML."""
    out = []
    for char in " ".join(text.split()):
        if char in _HTML_ENTITIES:
            out.append(_HTML_ENTITIES[char])
        elif char in _MARKDOWN_SPECIAL:
            out.append("\\" + char)
        else:
            out.append(char)
    return _LINE_START.sub(
        lambda m: f"{m.group(1)}\\{m.group(2)}" if m.group(1) else f"\\{m.group(3)}", "".join(out)
    )


def to_markdown(graph: Graph, labelling: Labelling | None = None, answer: Answer | None = None) -> str:
    """A readable report: the question, the answer (as the app shows it), the nodes with their labels
    worded as the app words them, the edges with citations, and one numbered list of references (the
    answer's numbers first, then the documents only the edges cite)."""
    graph.validate_shapes()
    labels = labelling.labels if labelling is not None else {}
    names = {node.id: escape_markdown(node.label) for node in graph.nodes}
    lines = [f"# {escape_markdown(graph.question) or 'Causeway graph'}", ""]
    if graph.sources or graph.targets:
        lines.append("**Sources:** " + (", ".join(names[s] for s in graph.sources) or "none"))
        lines.append("")
        lines.append("**Targets:** " + (", ".join(names[t] for t in graph.targets) or "none"))
        lines.append("")
    if labelling is not None and labelling.status != "ok":
        lines += [f"**Labelling:** {labelling.status}: {escape_markdown(labelling.message)}", ""]
    view = answer_view(answer)
    if view.statements:
        lines += ["## Answer", "", answer_markdown(view, escape_markdown, with_references=False), ""]

    lines += ["## Nodes", "", "| Node | Kind | Label | Aliases |", "|---|---|---|---|"]
    for node in graph.nodes:
        label = labels.get(node.id)
        value = escape_markdown(value_text(label)) if label else "—"
        aliases = "; ".join(escape_markdown(alias) for alias in node.aliases) or "—"
        lines.append(f"| {names[node.id]} | {node.kind} | {value} | {aliases} |")
    lines.append("")

    lines += ["## Edges", ""]
    if not graph.edges:
        lines += ["No edges.", ""]
    citer = _References(answer)
    for edge in graph.edges:
        lines.append(
            f"- **{names[edge.source]}** → **{names[edge.target]}**: {edge.relation} "
            f"{_SIGN_TEXT[edge.sign]} ({edge.status}, from {edge.origin}, "
            f"confidence {edge.confidence:.2f})"
        )
        for evidence in edge.evidence:
            lines.append(f"  - “{escape_markdown(cited_text(evidence))}” \\[{citer.cite(evidence)}\\]")
    lines.append("")
    references = citer.listed()
    if references:
        lines += ["## References", ""]
        for ref in references:
            name = escape_markdown(ref["name"])
            linked = f"[{name}]({ref['url']})" if ref["url"] else name
            lines.append(f"- \\[{ref['n']}\\] {escape_markdown(ref['title'])} ({linked})")
        lines.append("")
    return "\n".join(lines)
