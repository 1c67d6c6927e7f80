"""Export a graph (and optionally its labelling) to GraphML, a standalone HTML page and Markdown.

All three formats carry text from users and papers, which is untrusted:

- GraphML goes through networkx's writer (XML-escaped); lists and evidence travel as JSON strings so
  ``from_graphml`` can rebuild the same ``Graph``. Reading uses defusedxml first, so an uploaded file
  with entity tricks is refused instead of expanded.
- HTML uses pyvis to lay out the vis-network data and its bundled vis-network library, inlined, so the
  page needs no network. The page itself comes from a small template here rendered with Jinja
  autoescaping, because pyvis's stock page loads Bootstrap from a CDN and writes node ids into menus
  unescaped. Graph data reaches the script only through ``tojson`` (``<``, ``>``, ``&`` and quotes are
  \\u-escaped), and every tooltip is turned into a DOM element filled through ``textContent``, so a label
  such as ``<img src=x onerror=alert(1)>`` is shown as text whatever vis-network does with titles.
- Markdown escapes every character that could start markup (links, images, emphasis, raw HTML, table
  cells) in user text.
"""

from __future__ import annotations

import html
import io
import json
import re
from collections import Counter
from importlib import resources
from pathlib import PurePath
from typing import TYPE_CHECKING, Any

import networkx as nx
from defusedxml import DTDForbidden, EntitiesForbidden, ExternalReferenceForbidden
from defusedxml.ElementTree import ParseError
from defusedxml.ElementTree import fromstring as safe_xml_fromstring
from jinja2 import Environment
from markupsafe import Markup
from pydantic import ValidationError
from pyvis.network import Network

from engine.model import Edge, Evidence, Graph, GraphError, Labelling, Node, NodeLabel, edge_id

if TYPE_CHECKING:
    from engine.answer import Answer

GRAPHML_FORMAT = "causeway-graph"

_ARROWS = {"increasing": "↑", "decreasing": "↓", "stable": "=", "active": "●", "inactive": "○"}
_SIGN_TEXT = {1: "+", -1: "−"}

# Colours follow the app (DESIGN §8): quantities blue when increasing, red when decreasing, neutral when
# stable or unlabelled; states grey. Edge colour is the sign, dashes the relation.
_QUANTITY_COLOURS = {"increasing": "#4a90d9", "decreasing": "#d9534f", "stable": "#e8e8e8"}
_QUANTITY_UNLABELLED = "#cfe2f3"
_STATE_COLOURS = {"active": "#9e9e9e", "inactive": "#eeeeee"}
_STATE_UNLABELLED = "#d6d6d6"
_SIGN_COLOURS = {1: "#2e7d32", -1: "#c62828"}


# --- text from papers ----------------------------------------------------------------------------

_TAG = re.compile(r"</?[A-Za-z][A-Za-z0-9]*(?:\s[^<>]*)?/?>")


def plain_text(text: str) -> str:
    """A title as a reader should see it: PubMed titles carry inline markup, sometimes escaped once or
    twice (``&lt;i&gt;C. elegans&lt;/i&gt;``); entities are decoded and tags dropped, keeping their words."""
    for _ in range(3):
        decoded = html.unescape(text)
        if decoded == text:
            break
        text = decoded
    return " ".join(_TAG.sub("", text).split())


def document_name(doc_id: str) -> str:
    """How a document is named to a reader: a PubMed id as "PMID n", an uploaded file (whose id is its
    path on the server) by its file name, anything else as it is."""
    if doc_id.isdigit():
        return f"PMID {doc_id}"
    if "/" in doc_id or "\\" in doc_id:
        return PurePath(doc_id.replace("\\", "/")).name
    return doc_id


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
  body { font-family: system-ui, sans-serif; margin: 1.5rem; color: #222; }
  #graph { width: 100%; height: 640px; border: 1px solid #ccc; }
  .tip { white-space: pre-wrap; max-width: 32rem; font-size: 0.85rem; }
  table { border-collapse: collapse; margin-top: 1rem; }
  td, th { border: 1px solid #ddd; padding: 0.25rem 0.5rem; vertical-align: top; text-align: left; }
  .legend span { margin-right: 1.2rem; }
</style>
</head>
<body>
<h1>{{ heading }}</h1>
{% if sources or targets %}<p>Sources: {{ sources }} · Targets: {{ targets }}</p>{% endif %}
{% if labelling_note %}<p><strong>{{ labelling_note }}</strong></p>{% endif %}
<p class="legend">
  <span>quantity: ↑ increasing (blue), ↓ decreasing (red), = stable</span>
  <span>state (box): ● active, ○ inactive</span>
  <span>edge: green +, red −; solid influence, dashed triggers; “?” contested, “user” asserted by you</span>
  <span>a trailing “?” on a node label: not certain</span>
</p>
<div id="graph"></div>
<h2>Edges and evidence</h2>
<table>
<tr><th>Edge</th><th>Relation</th><th>Status</th><th>Evidence</th></tr>
{% for row in rows %}<tr><td>{{ row.pair }}</td><td>{{ row.relation }}</td><td>{{ row.status }}</td>
<td>{% for cite in row.evidence %}<p>“{{ cite.sentence }}” — {{ cite.title }} ({{ cite.doc_id }})</p>{% endfor %}</td></tr>
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


def to_html(graph: Graph, labelling: Labelling | None = None, heading: str = "") -> str:
    """A standalone HTML page drawing the graph with vis-network (inlined: works offline), followed by
    a table of every edge with its evidence; ``heading`` defaults to the graph's question."""
    graph.validate_shapes()
    network = Network(directed=True, height="640px", width="100%")
    network.barnes_hut(gravity=-6000, spring_length=160)
    labels = labelling.labels if labelling is not None else {}
    for node in graph.nodes:
        network.add_node(node.id, **_vis_node(node, labels.get(node.id), graph))
    parallel: Counter[tuple[str, str]] = Counter()
    for edge in graph.edges:
        pair = (edge.source, edge.target)
        options = _vis_edge(edge, graph, parallel[pair])
        parallel[pair] += 1
        network.add_edge(edge.source, edge.target, **options)
    nodes, edges, _, _, _, options_json = network.get_network_data()
    options = json.loads(options_json)
    options["interaction"].update({"hover": True, "tooltipDelay": 150})

    environment = Environment(autoescape=True)
    vis_dir = resources.files("pyvis") / "templates" / "lib" / "vis-9.1.2"
    node_labels = {node.id: node.label for node in graph.nodes}
    return environment.from_string(_PAGE_TEMPLATE).render(
        heading=heading or graph.question or "Causeway graph",
        sources=", ".join(node_labels.get(s, s) for s in graph.sources),
        targets=", ".join(node_labels.get(t, t) for t in graph.targets),
        labelling_note=(
            f"Labelling {labelling.status}: {labelling.message}"
            if labelling is not None and labelling.status != "ok" else ""
        ),
        vis_css=_no_closing_tag((vis_dir / "vis-network.css").read_text("utf-8"), "style"),
        vis_js=_no_closing_tag((vis_dir / "vis-network.min.js").read_text("utf-8"), "script"),
        nodes=nodes,
        edges=edges,
        options=options,
        rows=[_edge_row(edge, node_labels) for edge in graph.edges],
    )


def _no_closing_tag(library: str, tag: str) -> Markup:
    """Mark the bundled library as safe to inline, after checking it cannot end its own element."""
    if f"</{tag}" in library.lower():
        raise RuntimeError(f"bundled vis-network {tag} contains '</{tag}'; it cannot be inlined")
    return Markup(library)


def _value_mark(label: NodeLabel | None) -> str:
    if label is None:
        return ""
    mark = _ARROWS[label.label]
    return mark if label.certain else f"{mark}?"


def _vis_node(node: Node, label: NodeLabel | None, graph: Graph) -> dict[str, Any]:
    mark = _value_mark(label)
    if node.kind == "quantity":
        colour = _QUANTITY_COLOURS[label.label] if label is not None else _QUANTITY_UNLABELLED
        shape = "ellipse"
    else:
        colour = _STATE_COLOURS[label.label] if label is not None else _STATE_UNLABELLED
        shape = "box"
    role = "source" if node.id in graph.sources else "target" if node.id in graph.targets else ""
    tooltip = [node.label, f"{node.kind} · id {node.id} · from {node.origin}"]
    if role:
        tooltip.append(f"question {role}")
    if node.aliases:
        tooltip.append("also called: " + "; ".join(node.aliases))
    if label is not None:
        certainty = "certain" if label.certain else "possible: " + ", ".join(label.possible)
        tooltip.append(f"label: {label.label} ({certainty})" + (" — set by intervention" if label.intervened else ""))
        if label.justification:
            tooltip.append("because of: " + ", ".join(label.justification))
    return {
        "label": f"{node.label} {mark}".strip(),
        "title": "\n".join(tooltip),
        "shape": shape,
        "color": colour,
        "borderWidth": 3 if role else 1,
        "shapeProperties": {"borderDashes": label is not None and not label.certain},
    }


def _vis_edge(edge: Edge, graph: Graph, parallel_index: int) -> dict[str, Any]:
    text = _SIGN_TEXT[edge.sign]
    if edge.status == "contested":
        text += " ?"
    if edge.status == "asserted-by-user" or edge.origin == "user":
        text += " user"
    tooltip = [
        f"{graph.node(edge.source).label} → {graph.node(edge.target).label}",
        f"{edge.relation} {_SIGN_TEXT[edge.sign]} · {edge.status} · from {edge.origin} · "
        f"confidence {edge.confidence:.2f}",
    ]
    for number, evidence in enumerate(edge.evidence, start=1):
        tooltip.append(f"[{number}] “{evidence.sentence}” — {evidence.title} ({evidence.doc_id})")
    options: dict[str, Any] = {
        "id": edge.id,
        "label": text,
        "title": "\n".join(tooltip),
        "color": _SIGN_COLOURS[edge.sign],
        "dashes": edge.relation == "triggers",
        "width": 1 if edge.status == "contested" else 2,
    }
    if parallel_index:
        # Parallel edges (e.g. opposing influences) would be drawn on top of each other.
        options["smooth"] = {"enabled": True, "type": "curvedCW", "roundness": 0.2 * parallel_index}
    return options


def _edge_row(edge: Edge, node_labels: dict[str, str]) -> dict[str, Any]:
    return {
        "pair": f"{node_labels[edge.source]} → {node_labels[edge.target]}",
        "relation": f"{edge.relation} {_SIGN_TEXT[edge.sign]}",
        "status": f"{edge.status} ({edge.origin})",
        "evidence": edge.evidence,
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


def to_markdown(graph: Graph, labelling: Labelling | None = None, answer_text: str = "") -> str:
    """A readable report: the question, the answer, the nodes with labels, the edges with citations.

    ``answer_text`` is shown as plain, escaped text: it is generated from paper sentences and may
    carry their markup.
    """
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
    if answer_text.strip():
        lines += ["## Answer", ""]
        for paragraph in answer_text.splitlines():
            if paragraph.strip():
                lines += [escape_markdown(paragraph), ""]

    lines += ["## Nodes", "", "| Node | Kind | Label | Certain | Aliases |", "|---|---|---|---|---|"]
    for node in graph.nodes:
        label = labels.get(node.id)
        value = f"{_ARROWS[label.label]} {label.label}" if label else "—"
        certain = ("yes" if label.certain else "no: " + ", ".join(label.possible)) if label else "—"
        aliases = "; ".join(escape_markdown(alias) for alias in node.aliases) or "—"
        lines.append(f"| {names[node.id]} | {node.kind} | {value} | {certain} | {aliases} |")
    lines.append("")

    lines += ["## Edges", ""]
    if not graph.edges:
        lines += ["No edges.", ""]
    references: dict[tuple[str, str], int] = {}
    for edge in graph.edges:
        lines.append(
            f"- **{names[edge.source]}** → **{names[edge.target]}**: {edge.relation} "
            f"{_SIGN_TEXT[edge.sign]} ({edge.status}, from {edge.origin}, "
            f"confidence {edge.confidence:.2f})"
        )
        for evidence in edge.evidence:
            key = (evidence.doc_id, evidence.title)
            number = references.setdefault(key, len(references) + 1)
            lines.append(f"  - “{escape_markdown(evidence.sentence)}” \\[{number}\\]")
    lines.append("")
    if references:
        lines += ["## References", ""]
        for (doc_id, title), number in references.items():
            lines.append(f"- \\[{number}\\] {escape_markdown(title) or 'untitled'} ({escape_markdown(doc_id)})")
        lines.append("")
    return "\n".join(lines)
