"""Page sections shared by Ask and Graph: the labelled graph, the answer, evidence, scenario, contrast."""

from __future__ import annotations

from typing import TYPE_CHECKING

import streamlit as st

from engine.explain.focus import QuestionFocus, question_focus
from engine.explain.render import answer_markdown, answer_view, cited_text, document_name, plain_text, score_text
from engine.model.graph import Edge, Graph, Node
from ui import state
from ui.graph_view import build_view, legend_markdown, show_graph, value_text
from ui.text import md

if TYPE_CHECKING:
    from engine.explain.answer import Answer
    from engine.workspace.session import WorkspaceSession

_NOT_SET = "(not set)"
CONTRAST_LINES = 12


def node_name(graph: Graph, node_id: str) -> str:
    return graph.node(node_id).label if graph.has_node(node_id) else node_id


def edge_name(graph: Graph, edge: Edge) -> str:
    """"A → B (influence +)", with what the drawing shows by colour said in words."""
    arrow, sign = ("→", "+") if edge.sign > 0 else ("⊣", "−")
    if edge.origin == "user" or edge.status == "asserted-by-user":
        sign += " (yours)"
    elif edge.status in ("contested", "possible"):
        sign += f" {edge.status}"
    elif edge.origin == "data":
        sign += " data"
    return f"{node_name(graph, edge.source)} {arrow} {node_name(graph, edge.target)} ({edge.relation} {sign})"


def status_messages(session: WorkspaceSession) -> None:
    """The solver's or the autosave's problems, stated where the user looks."""
    labelling = session.labelling
    if labelling.status == "timeout":
        st.warning(f"The solver stopped at its time limit: {md(labelling.message)} Labels are not shown; "
                   "raise the limit in Settings or simplify the graph.")
    elif labelling.status == "unsatisfiable":
        st.warning(f"The solver found no consistent labelling: {md(labelling.message)}")
    if labelling.consistent is False:
        st.warning("The observations cannot all hold in this graph; see the suggested repairs.")
    if session.autosave_error:
        st.warning(md(session.autosave_error))


def labelled_graph(session: WorkspaceSession, key: str, height: int = 240, in_fragment: bool = False) -> None:
    """Draw the question's view of the session's graph and remember the node the user clicks.

    By default only the nodes on source → target paths are drawn; the other regulators found are
    listed under the drawing and any of them can be added to it. Inside a fragment a new click reruns
    the whole page, so the evidence panel outside it follows.
    """
    graph = session.graph
    if not graph.nodes:
        st.info("The graph is empty. Add nodes on the Graph page.")
        return
    focus = question_focus(graph)
    shown = _drawn_nodes(graph, focus, key)
    answer_edges = frozenset(e for statement in session.answer.statements for e in statement.edges)
    view = build_view(graph, session.labelling, session.contrast if session.last_change else None, height,
                      emphasised_edges=answer_edges, shown=shown,
                      edges=None if shown is None else focus.drawn_edges(graph, shown))
    clicked = show_graph(view, key=key)
    last_key = f"{key}__last_click"
    if clicked != st.session_state.get(last_key):
        st.session_state[last_key] = clicked
        if clicked is not None:
            state.select_node(clicked)
            if in_fragment:
                st.rerun(scope="app")


def _drawn_nodes(graph: Graph, focus: QuestionFocus, key: str) -> list[str] | None:
    """The nodes to draw: the focus, with the regulators the reader added; ``None`` for all of them."""
    if len(focus.shown) == len(graph.nodes):
        return None
    whole_key, added_key = f"{key}__whole", f"{key}__regulators"
    # Options follow the graph, which edits change: keep only choices that are still offered.
    st.session_state[added_key] = [r for r in st.session_state.get(added_key, []) if r in focus.regulators]
    whole = st.session_state.get(whole_key, False)
    where = ("the nodes on paths from the question's causes to its effects" if focus.on_paths else
             "the question's causes and effects with their nearest neighbours (no path joins them yet)")
    st.caption(f"Drawing {where}: {len(focus.shown)} of {len(graph.nodes)} nodes."
               if not whole else f"Drawing the whole graph: {len(graph.nodes)} nodes.")
    regulators_col, whole_col = st.columns([3, 1])
    if focus.regulators:
        regulators_col.multiselect(
            f"Other regulators found ({len(focus.regulators)}, most evidence first): add to the drawing",
            focus.regulators, key=added_key, format_func=lambda i: node_name(graph, i), disabled=whole)
    whole_col.toggle("Draw the whole graph", key=whole_key)
    if st.session_state[whole_key]:
        return None
    return focus.with_expanded(st.session_state[added_key])


def legend() -> None:
    with st.expander("Legend"):
        st.markdown(legend_markdown())


def labels_table(session: WorkspaceSession) -> None:
    """Every node's label as text (also what browser tests and screen readers read): the question's
    nodes first, then what the last change changed, then what moves, then the stable rest.

    A markdown table rather than st.table: it renders several times faster in the browser, which
    matters for the relabel latency after a toggle.
    """
    graph, labels = session.graph, session.labelling.labels
    changed = {c.node: c for c in (session.contrast.changes if session.contrast and session.last_change else [])}

    def role(node_id: str) -> str:
        return "source" if node_id in graph.sources else ("target" if node_id in graph.targets else "")

    def order(node: Node) -> tuple:
        label = labels.get(node.id)
        moving = label is not None and label.label not in ("stable", "inactive")
        return ({"source": 0, "target": 1}.get(role(node.id), 2), node.id not in changed, not moving)

    lines = ["| node | role | label | changed |", "|---|---|---|---|"]
    for node in sorted(graph.nodes, key=order):
        change = changed.get(node.id)
        was = f"was {value_text(change.before)}" if change and change.before else ("new" if change else "")
        label = md(value_text(labels.get(node.id)))
        lines.append(f"| {md(node.label)} | {role(node.id)} | {f'**{label}**' if change else label} | {md(was)} |")
    st.markdown("\n".join(lines))


def answer_section(answer: Answer) -> None:
    """The explanation and its references, as one block (fewer elements make reruns faster); written
    by the same function as the exports' answers, so the app and a downloaded file say the same."""
    if not answer.statements:
        st.info("No explanation yet.")
        return
    st.markdown(answer_markdown(answer_view(answer), md))


def reference_text(doc_id: str, title: str) -> str:
    """"Title — PMID link" as markdown; an untitled upload is named by its file name, never its path."""
    title = md(plain_text(title))
    if doc_id.isdigit():
        return f"{title or '(untitled)'} — {doc_link(doc_id)}"
    name = md(document_name(doc_id))
    return f"{title} — {name}" if title else name


def doc_link(doc_id: str) -> str:
    """A PubMed id becomes a link to its PubMed page; any other id is named as ``document_name`` does."""
    if doc_id.isdigit():
        return f"[PMID {doc_id}](https://pubmed.ncbi.nlm.nih.gov/{doc_id}/)"
    return md(document_name(doc_id))


_STATUS_TEXT = {
    "supported": "supported",
    "possible": "possible: read by one reader only, or stated only hedged",
    "contested": "contested: papers disagree on its sign",
    "asserted-by-user": "asserted by you",
}


def _edge_evidence(graph: Graph, edge: Edge) -> None:
    st.markdown(f"**{md(edge_name(graph, edge))}** — origin {edge.origin}, {_STATUS_TEXT[edge.status]}, "
                f"confidence {edge.confidence:.2f}" + (f", weight {edge.weight:+.3f}" if edge.weight is not None else ""))
    if not edge.evidence:
        st.caption("No evidence sentence: " + ("asserted by you." if edge.origin == "user" else
                                               "learned from data." if edge.origin == "data" else "none recorded."))
    for evidence in edge.evidence:
        st.markdown(f"> {md(cited_text(evidence))}")
        details = [reference_text(evidence.doc_id, evidence.title), score_text(evidence.score)]
        if evidence.readers:
            details.append(f"read by {md(', '.join(evidence.readers))}")
        st.caption(" · ".join(detail for detail in details if detail))
    if edge.status == "contested":
        other_side = [e for e in graph.edges if {e.source, e.target} == {edge.source, edge.target}
                      and e.id != edge.id and e.sign != edge.sign]
        for other in other_side:
            st.caption(f"The other side: {md(edge_name(graph, other))}, "
                       f"{len(other.evidence)} sentence(s) — pick it under “Inspect an edge”.")


def evidence_panel(session: WorkspaceSession, key: str) -> None:
    """Evidence and justification for the clicked node, and for any edge picked from the list."""
    graph, labels = session.graph, session.labelling.labels
    node_id = state.selected_node()
    if node_id is not None and graph.has_node(node_id):
        node = graph.node(node_id)
        label = labels.get(node_id)
        st.markdown(f"#### {md(node.label)}")
        st.caption(f"{node.kind} · id {md(node.id)} · origin {node.origin}"
                   + (f" · also called {md(', '.join(node.aliases))}" if node.aliases else ""))
        if node.merged:
            st.caption("Names merged into it: " + "; ".join(
                f"{md(merged.name)} ({md(merged.reason)})" for merged in node.merged))
        st.markdown(f"Label: **{md(value_text(label))}**"
                    + (f" — possible: {', '.join(label.possible)}" if label and not label.certain else ""))
        if label is not None and label.intervened:
            st.caption("Set directly in the scenario: its incoming edges are ignored (do-operator).")
        justification = [graph.edge(e) for e in (label.justification if label else []) if _has_edge(graph, e)]
        if justification:
            st.markdown("**Justified by**")
            for edge in justification:
                _edge_evidence(graph, edge)
        elif label is not None and not label.intervened:
            st.caption("No incoming change reaches it, so nothing justifies a change.")
        outgoing = graph.out_edges(node_id)
        if outgoing:
            with st.expander(f"Its {len(outgoing)} outgoing edge(s)"):
                for edge in outgoing:
                    _edge_evidence(graph, edge)
    else:
        st.caption("Click a node in the graph to see its evidence and why it has its label.")
    if graph.edges:
        edges = {edge.id: edge for edge in graph.edges}
        picked = st.selectbox("Inspect an edge", [None, *edges], key=f"{key}_edge_pick",
                              format_func=lambda e: "(choose an edge)" if e is None else edge_name(graph, edges[e]))
        if picked is not None and picked in edges:
            _edge_evidence(graph, edges[picked])


def _has_edge(graph: Graph, edge_id: str) -> bool:
    return any(edge.id == edge_id for edge in graph.edges)


def intervention_toggles(session: WorkspaceSession, key: str) -> None:
    """The question's sources and every node set from outside, each with its setting."""
    graph = session.graph
    st.markdown("**Scenario** — nodes set from outside (interventions); everything else follows.")
    for node in graph.nodes:
        if node.id in graph.sources or node.id in session.scenario.interventions:
            _intervention_control(session, node, key)


def scenario_extras(session: WorkspaceSession, key: str) -> None:
    """Set any other node, or go back to the question's scenario."""
    graph = session.graph
    interventions = session.scenario.interventions
    others = [n for n in graph.nodes if n.id not in graph.sources and n.id not in interventions]
    picker_col, reset_col, _ = st.columns([1, 1, 2])
    if others:
        with picker_col.popover("Set another node"):
            picked = st.selectbox("Node", [n.id for n in others], key=f"{key}_other_node",
                                  format_func=lambda i: node_name(graph, i))
            if picked is not None:
                _intervention_control(session, graph.node(picked), f"{key}_other")
    if reset_col.button("Back to the question's scenario", key=f"{key}_reset"):
        session.reset_scenario()
        st.rerun()


def _intervention_control(session: WorkspaceSession, node: Node, key: str) -> None:
    options = (["increasing", "decreasing", "stable"] if node.kind == "quantity" else ["active", "inactive"])
    current = session.scenario.interventions.get(node.id, _NOT_SET)
    widget_key = f"{key}_set_{node.id}"
    # The widget mirrors the scenario, which undo or another page may have changed meanwhile.
    st.session_state[widget_key] = current

    def apply() -> None:
        chosen = st.session_state.get(widget_key) or _NOT_SET
        session.set_intervention(node.id, None if chosen == _NOT_SET else chosen)

    st.segmented_control(
        md(node.label), [_NOT_SET, *options], key=widget_key, on_change=apply,
        help="A source of the question" if node.id in session.graph.sources else None,
    )


def contrast_section(session: WorkspaceSession) -> None:
    """What the last change did to the labels, node by node (one block)."""
    if not session.last_change:
        return
    changes = session.contrast.changes if session.contrast else []
    lines = [f"**Last change:** {md(session.last_change)}\n"]
    lines += [
        f"- {md(node_name(session.graph, change.node))}: {md(value_text(change.before))} → "
        f"**{md(value_text(change.after))}**"
        for change in changes[:CONTRAST_LINES]
    ]
    if len(changes) > CONTRAST_LINES:
        lines.append(f"- … and {len(changes) - CONTRAST_LINES} more (see the labels table)")
    if not changes:
        lines.append("No label changed.")
    st.markdown("\n".join(lines))
