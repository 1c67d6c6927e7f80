"""Exports: GraphML that reads back, an offline HTML page that never turns text into markup, Markdown."""

from __future__ import annotations

import json
import re
import shutil
from html.parser import HTMLParser
from pathlib import Path

import networkx as nx
import pytest
from markdown_it import MarkdownIt

from engine.explain.answer import Answer, Reference, Statement
from engine.explain.export import escape_markdown, from_graphml, to_graphml, to_html, to_markdown
from engine.model.graph import Edge, Evidence, Graph, GraphError, Labelling, MergedName, Node, NodeLabel, edge_id

XSS = "<img src=x onerror=alert(1)>"
SCRIPT_BREAKOUT = "</script><script>alert(2)</script>"
MARKDOWN_LINK = "[click](javascript:alert(3)) ![i](http://x/y.png) **bold**"


def _graph() -> Graph:
    nodes = [
        Node(id="smoking", label="smoking", kind="state"),
        Node(id="evil", label=XSS, aliases=[SCRIPT_BREAKOUT, MARKDOWN_LINK]),
        Node(id="bp", label="blood pressure"),
    ]
    evidence = Evidence(doc_id="pmid:1 <b>", title=f"Title {XSS}", sentence=f"{XSS} raises {MARKDOWN_LINK} | a & b",
                        score=0.7, query="smoking")
    edges = [
        Edge(id=edge_id("smoking", "triggers", 1, "evil"), source="smoking", target="evil", relation="triggers",
             evidence=[evidence]),
        Edge(id=edge_id("evil", "influence", -1, "bp"), source="evil", target="bp", sign=-1, status="contested",
             weight=-0.4),
        Edge(id=edge_id("evil", "influence", 1, "bp"), source="evil", target="bp", origin="user",
             status="asserted-by-user", confidence=0.5),
    ]
    return Graph(question=f"How does smoking affect {XSS}?", nodes=nodes, edges=edges, sources=["smoking"],
                 targets=["bp"]).validate_shapes()


def _labelling() -> Labelling:
    return Labelling(labels={
        "smoking": NodeLabel(label="active", certain=True, possible=["active"], intervened=True),
        "evil": NodeLabel(label="increasing", certain=True, possible=["increasing"],
                          justification=["smoking+>>evil"]),
        "bp": NodeLabel(label="stable", certain=False, possible=["increasing", "decreasing", "stable"],
                        justification=["evil->bp", "evil+>bp"]),
    })


class _Elements(HTMLParser):
    """Every element and attribute the browser would build from the page's markup."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[str] = []
        self.attributes: list[tuple[str, str | None]] = []
        self.scripts: list[str] = []
        self.text: list[str] = []
        self._in_script = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        self.attributes += attrs
        self._in_script = tag == "script"

    def handle_endtag(self, tag: str) -> None:
        self._in_script = False

    def handle_data(self, data: str) -> None:
        (self.scripts if self._in_script else self.text).append(data)


def _parse(html: str) -> _Elements:
    parser = _Elements()
    parser.feed(html)
    parser.close()
    return parser


# --- GraphML ---------------------------------------------------------------------------------------


def test_graphml_round_trip_with_labelling() -> None:
    graph = _graph()
    text = to_graphml(graph, _labelling())
    assert from_graphml(text) == graph
    # Readable by other tools: networkx sees the structure and the labelling as attributes.
    parsed = nx.parse_graphml(text, force_multigraph=True)
    assert set(parsed.nodes) == {"smoking", "evil", "bp"}
    assert parsed.nodes["evil"]["label"] == XSS
    assert parsed.nodes["bp"]["value"] == "stable" and parsed.nodes["bp"]["certain"] is False
    assert json.loads(parsed.nodes["bp"]["possible"]) == ["increasing", "decreasing", "stable"]
    assert {key for _, _, key in parsed.edges(keys=True)} == {e.id for e in graph.edges}
    assert parsed.edges["evil", "bp", "evil->bp"]["sign"] == -1


def test_graphml_from_another_tool_gets_defaults() -> None:
    foreign = nx.MultiDiGraph()
    foreign.add_node("a", kind="state")
    foreign.add_node("b")
    foreign.add_edge("a", "b", key="e1")
    foreign.add_edge("b", "c", key="e2", sign=-1)
    graph = from_graphml("\n".join(nx.generate_graphml(foreign)))
    assert [n.label for n in graph.nodes] == ["a", "b", "c"]
    assert graph.edge("e1").relation == "triggers" and graph.edge("e2").relation == "influence"
    assert graph.edge("e2").sign == -1


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("<graphml", "not valid XML"),
        ('<!DOCTYPE x [<!ENTITY a "aaaa">]><graphml>&a;</graphml>', "DTD or entities"),
        ("<graphml xmlns='http://graphml.graphdrawing.org/xmlns'><graph edgedefault='undirected'>"
         "<node id='a'/></graph></graphml>", "undirected"),
    ],
)
def test_bad_graphml_is_a_clear_error(text: str, message: str) -> None:
    with pytest.raises(GraphError, match=message):
        from_graphml(text)


def test_graphml_edges_without_ids_get_conventional_ids_and_weight_signs() -> None:
    foreign = nx.DiGraph()
    foreign.add_edge("a", "b", weight=-0.5)
    foreign.add_edge("b", "c")
    graph = from_graphml("\n".join(nx.generate_graphml(foreign)))
    assert [(e.id, e.sign, e.weight) for e in graph.edges] == [("a->b", -1, -0.5), ("b+>c", 1, None)]


def test_graphml_edge_without_target_is_refused() -> None:
    text = ("<graphml xmlns='http://graphml.graphdrawing.org/xmlns'><graph edgedefault='directed'>"
            "<node id='a'/><edge id='e9' source='a'/></graph></graphml>")
    with pytest.raises(GraphError, match="GraphML edge e9 lacks a source or a target"):
        from_graphml(text)


def test_graphml_with_a_bad_value_names_the_edge() -> None:
    foreign = nx.MultiDiGraph()
    foreign.add_edge("a", "b", key="e1", sign=3)
    with pytest.raises(GraphError, match="GraphML edge e1 \\(a → b\\)"):
        from_graphml("\n".join(nx.generate_graphml(foreign)))


@pytest.mark.parametrize("export", [to_graphml, to_html, to_markdown])
def test_exporting_an_invalid_graph_is_a_graph_error(export: object) -> None:
    graph = _graph()
    graph.edges[0].target = "missing"  # models are mutable; exports validate before writing
    with pytest.raises(GraphError, match="unknown node 'missing'"):
        export(graph)  # type: ignore[operator]


# --- HTML ------------------------------------------------------------------------------------------


def test_html_shows_every_text_as_text() -> None:
    graph = _graph()
    html = to_html(graph, _labelling())
    page = _parse(html)
    assert "img" not in page.tags
    assert not any(name.startswith("on") for name, _ in page.attributes)
    # Visible text carries the label verbatim (escaped in the markup, unescaped by the parser).
    assert any(XSS in chunk for chunk in page.text)
    assert page.tags.count("script") == 2  # the inlined library and the page's own script
    # No user text can close the script element early.
    data_script = page.scripts[-1]
    assert "</script" not in data_script and "<img" not in data_script
    nodes = json.loads(re.search(r"new vis\.DataSet\((\[.*?\])\.map", data_script).group(1))
    by_id = {node["id"]: node for node in nodes}
    assert by_id["evil"]["label"].startswith(XSS)
    assert SCRIPT_BREAKOUT in by_id["evil"]["title"]
    # Tooltips are filled with textContent, never innerHTML.
    assert "textContent = item.title" in data_script and "innerHTML" not in data_script


def test_html_needs_no_network() -> None:
    html = to_html(_graph())
    page = _parse(html)
    remote = [value for name, value in page.attributes if name in ("src", "href") and value]
    assert remote == []
    assert "default-src 'none'" in html  # the page's CSP forbids loading anything
    assert len(page.scripts[0]) > 100_000  # vis-network itself is inlined


def test_html_reports_a_labelling_that_is_not_ok() -> None:
    html = to_html(_graph(), Labelling(status="timeout", message=f"could not decide in time {XSS}"))
    assert "Labelling timeout: could not decide in time &lt;img" in html


def test_html_encodes_labels_and_edge_styles() -> None:
    html = to_html(_graph(), _labelling())
    edges = json.loads(re.search(r"var edges = new vis\.DataSet\((\[.*?\])\.map", html).group(1))
    by_id = {edge["id"]: edge for edge in edges}
    assert by_id["smoking+>>evil"]["dashes"] is True  # triggers dashed
    assert by_id["evil->bp"]["label"] == "−" and by_id["evil->bp"]["color"] == "#ea580c"  # contested: orange
    assert by_id["evil+>bp"]["label"] == "+ yours"
    # the two edges between evil and bp are bent apart
    assert by_id["evil->bp"]["smooth"]["roundness"] != by_id["evil+>bp"]["smooth"]["roundness"]
    nodes = json.loads(re.search(r"var nodes = new vis\.DataSet\((\[.*?\])\.map", html).group(1))
    by_node = {n["id"]: n for n in nodes}
    assert by_node["bp"]["label"] == "blood pressure\n▲▼■? may"
    # laid out left to right from the source, text at the app's size, no physics to move it
    assert by_node["smoking"]["x"] < by_node["evil"]["x"] < by_node["bp"]["x"]
    assert by_node["bp"]["font"]["size"] >= 18
    assert '"physics": {"enabled": false}' in html


def test_html_carries_the_answer_references_and_evidence() -> None:
    graph = _graph()
    upload = Evidence(doc_id="/srv/data/uploads/notes.pdf", title="", sentence="Smoking harms.", readers=["rules"])
    marked = Evidence(doc_id="123", title="Ageing in &lt;i&gt;C. elegans&lt;/i&gt;", sentence="BP rises.",
                      readers=["rules", "parse"])
    graph.edges[0] = graph.edges[0].model_copy(update={"evidence": [upload, marked], "status": "possible"})
    graph.nodes[2] = graph.nodes[2].model_copy(update={"merged": [MergedName(name="BP", reason="abbreviation")]})
    answer = Answer(
        statements=[Statement(kind="summary", text="In short: smoking raises blood pressure [1]."),
                    Statement(kind="path", text="Smoking triggers it [1], which lowers blood pressure [2].")],
        references=[Reference(n=1, doc_id="123", title="Ageing in &lt;i&gt;C. elegans&lt;/i&gt;")],
    )
    html = to_html(graph, _labelling(), answer=answer)
    page = _parse(html)
    text = " ".join(page.text)
    flat = "".join(page.text)
    assert "In short: smoking raises blood pressure [1]." in flat
    assert "Smoking triggers it [1], which lowers blood pressure [2]." in flat
    # each marker of the answer links to its entry in the references, which links to PubMed
    assert '<a href="#ref-1">[1]</a>' in html and 'id="ref-1"' in html
    assert '<a href="https://pubmed.ncbi.nlm.nih.gov/123/">PMID 123</a>' in html
    assert "Ageing in C. elegans — PMID 123" in flat  # markup in titles becomes plain text
    assert "[2] notes.pdf" in text and "/srv/data" not in html  # an upload is named by its file name
    assert "read by rules, parse" in text
    edges = json.loads(re.search(r"var edges = new vis\.DataSet\((\[.*?\])\.map", html).group(1))
    possible = next(edge for edge in edges if edge["id"] == "smoking+>>evil")
    assert possible["label"] == "+ ?" and possible["dashes"] == [3, 6]
    nodes = json.loads(re.search(r"var nodes = new vis\.DataSet\((\[.*?\])\.map", html).group(1))
    assert "merged: BP (abbreviation)" in next(n for n in nodes if n["id"] == "bp")["title"]


@pytest.mark.browser
def test_html_in_a_real_browser_runs_no_injected_code(tmp_path: Path) -> None:
    chromium = shutil.which("chromium") or ("/usr/bin/chromium" if Path("/usr/bin/chromium").exists() else None)
    if chromium is None:
        pytest.skip("Chromium is not installed")
    sync_api = pytest.importorskip("playwright.sync_api")
    page_file = tmp_path / "graph.html"
    page_file.write_text(to_html(_graph(), _labelling()), "utf-8")
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
        page = browser.new_page()
        dialogs: list[str] = []
        requests: list[str] = []
        errors: list[str] = []
        page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
        page.on("request", lambda request: requests.append(request.url))
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(page_file.as_uri())
        page.wait_for_function("() => document.querySelector('#graph canvas') !== null")
        page.wait_for_function("() => network.getPositions()['evil'] !== undefined")
        # Hover the XSS node so vis-network shows its tooltip.
        point = page.evaluate("() => network.canvasToDOM(network.getPositions(['evil'])['evil'])")
        box = page.locator("#graph").bounding_box()
        page.mouse.move(box["x"] + point["x"], box["y"] + point["y"])
        page.wait_for_selector(".vis-tooltip .tip", state="visible")
        tooltip = page.inner_text(".vis-tooltip .tip")
        images = page.evaluate("() => document.querySelectorAll('img').length")
        browser.close()
    assert XSS in tooltip
    assert images == 0 and dialogs == [] and errors == []
    assert requests == [page_file.as_uri()]


# --- Markdown --------------------------------------------------------------------------------------


def _text_answer(*texts: str) -> Answer:
    return Answer(statements=[Statement(kind="mechanism", text=text) for text in texts],
                  references=[Reference(n=1, doc_id="pmid:1 <b>", title="t")])


def test_markdown_report_contents() -> None:
    report = to_markdown(_graph(), _labelling(), answer=_text_answer("Smoking raises it [1].", "Second paragraph."))
    assert report.startswith("# How does smoking affect")
    assert "## Answer" in report and "Smoking raises it \\[1\\]." in report
    # an uncertain label is worded as the app's labels table words it, never as one value
    assert "| blood pressure | quantity | ■? possibly increasing / decreasing / stable | — |" in report
    assert "= stable" not in report
    assert "influence − (contested" in report
    assert "## References" in report and "pmid:1" in report


def test_markdown_user_text_cannot_inject_markup() -> None:
    report = to_markdown(_graph(), _labelling(), answer=_text_answer(f"{XSS} {MARKDOWN_LINK}", "1. === ", "- item"))
    rendered = MarkdownIt("commonmark").enable("table").render(report)
    for tag in ("<img", "<a ", "<script", "<strong>bold", "<ol", "<b>"):
        assert tag not in rendered, tag
    # The text is still all there, as text.
    assert "&lt;img src=x onerror=alert(1)&gt;" in rendered
    assert "[click](javascript:alert(3))" in rendered
    # One table of three node rows: the "|" in the aliases did not add cells.
    assert rendered.count("<tr>") == 4 and rendered.count("<td>") == 12


@pytest.mark.parametrize(
    "text",
    ["<b>x</b>", "[a](b)", "*a* _b_ `c`", "1. one", "- two", "+ three", "# four", "> five", "a | b", "&amp;",
     "~~s~~", "line\nbreak", "<http://x.y>", "===", "\\*"],
)
def test_escape_markdown_renders_to_the_same_text(text: str) -> None:
    rendered = MarkdownIt("commonmark").render(escape_markdown(text))
    assert rendered.startswith("<p>") and rendered.count("<") == 2  # one paragraph, nothing else
    expected = " ".join(text.split()).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    assert rendered == f"<p>{expected}</p>\n"


# --- one answer in the app and both exports ----------------------------------------------------------


def _answered_graph() -> tuple[Graph, Labelling, Answer]:
    """A mechanism, the direct edge, a summary and a contrast, from ``explain`` itself."""
    from engine.explain.answer import explain
    from engine.model.graph import Contrast, LabelChange

    def edge(source: str, target: str, sign: int, doc: str) -> Edge:
        return Edge(id=edge_id(source, "influence", sign, target), source=source, target=target, sign=sign,
                    evidence=[Evidence(doc_id=doc, title=f"Paper {doc}", sentence=f"{source} acts on {target}.")])

    graph = Graph(question="How does A affect C?", nodes=[Node(id=n, label=n.upper()) for n in "abc"],
                  edges=[edge("a", "b", 1, "11"), edge("b", "c", -1, "22"), edge("a", "c", -1, "33")],
                  sources=["a"], targets=["c"]).validate_shapes()
    labelling = Labelling(labels={
        "a": NodeLabel(label="increasing", certain=True, possible=["increasing"], intervened=True),
        "b": NodeLabel(label="increasing", certain=True, possible=["increasing"], justification=["a+>b"]),
        "c": NodeLabel(label="decreasing", certain=False, possible=["decreasing", "stable"], justification=["b->c"]),
    })
    contrast = Contrast(changes=[LabelChange(node="c", before=NodeLabel(label="stable", certain=True, possible=["stable"]),
                                             after=labelling.labels["c"])])
    return graph, labelling, explain(graph, labelling, contrast)


def _markdown_text(markdown: str) -> str:
    return "".join(_parse(MarkdownIt("commonmark").render(markdown)).text)


def test_the_app_and_both_exports_show_every_statement_of_the_answer() -> None:
    from engine.explain.render import answer_markdown, answer_view
    from ui.text import md

    graph, labelling, answer = _answered_graph()
    kinds = {statement.kind for statement in answer.statements}
    assert {"summary", "mechanism", "direct", "contrast"} <= kinds
    app = _markdown_text(answer_markdown(answer_view(answer), md))
    page = "".join(_parse(to_html(graph, labelling, answer=answer)).text)
    report = _markdown_text(to_markdown(graph, labelling, answer=answer))
    for statement in answer.statements:
        assert statement.text in app
        assert statement.text in page, statement.kind
        assert statement.text in report, statement.kind
    assert "PMID 11" in report and "pubmed.ncbi.nlm.nih.gov/11/" in to_markdown(graph, labelling, answer=answer)


def test_a_statement_kind_or_field_added_later_is_shown_not_dropped() -> None:
    from engine.explain.render import answer_html, answer_markdown, answer_view

    class LaterStatement(Statement):
        strength: str = ""

    later = LaterStatement.model_construct(kind="evidence-weight", text="Two papers state it [1].", path=[], edges=[],
                                           citations=[1], steps=[], certain=True, broad=[],
                                           strength="strong: two independent papers")
    answer = Answer.model_construct(statements=[later], references=[Reference(n=1, doc_id="7", title="T")], text="")
    view = answer_view(answer)
    assert view.statements[0].role == "item"
    assert view.statements[0].details == (("strength", "strong: two independent papers"),)
    html = answer_html(view)
    assert "Two papers state it" in html and "strong: two independent papers" in html
    assert "strong: two independent papers" in answer_markdown(view, escape_markdown)


def test_a_bracketed_number_that_is_no_reference_stays_text() -> None:
    from engine.explain.render import answer_view

    answer = Answer(statements=[Statement(kind="mechanism", text="IL[6] raises X [1].")],
                    references=[Reference(n=1, doc_id="9")])
    pieces = answer_view(answer).statements[0].pieces
    assert [piece.cite for piece in pieces] == [None, 1, None]
    assert pieces[0].text == "IL[6] raises X "


def test_evidence_in_both_exports_reads_without_pdf_line_breaks() -> None:
    graph = _graph()
    broken = Evidence(doc_id="5", title="T", sentence="Smoking raises tau phos- phorylation.")
    graph.edges[0] = graph.edges[0].model_copy(update={"evidence": [broken]})
    assert "tau phosphorylation" in "".join(_parse(to_html(graph, _labelling())).text)
    assert "tau phosphorylation" in to_markdown(graph, _labelling()) and "phos- " not in to_markdown(graph, _labelling())
