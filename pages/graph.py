"""Graph page: edit the graph, set the scenario, undo/redo; labels and answer follow every change."""

from __future__ import annotations

import streamlit as st

from engine.workspace import edits
from engine.model.graph import Graph
from engine.workspace.session import WorkspaceSession
from ui import panels, state
from ui.guard import guard
from ui.navigation import ensure_entry_point
from ui.observations import observations_panel
from ui.text import md
from ui.workspaces import export_buttons

KINDS = ["quantity", "state"]
RELATIONS = ["influence", "triggers"]
SIGNS = {1: "+ (promotes)", -1: "− (inhibits)"}
LABELS_OPEN_UP_TO = 12  # nodes; a larger labels table starts folded


def _start_empty() -> None:
    state.start_session(Graph())


def _edit(session: WorkspaceSession, description: str, change) -> None:
    """Run one edit from a form; a refused edit is reported and changes nothing."""
    with guard(description):
        session.edit(description, change)
        st.rerun()


def history_bar(session: WorkspaceSession) -> None:
    undo_col, redo_col, note_col = st.columns([1, 1, 6])
    if undo_col.button("↶ Undo", disabled=not session.history.can_undo, key="graph_undo"):
        session.undo()
        st.rerun()
    if redo_col.button("↷ Redo", disabled=not session.history.can_redo, key="graph_redo"):
        session.redo()
        st.rerun()
    name = f"workspace **{md(session.name)}**" if session.name else "an unsaved graph"
    note_col.caption(f"Editing {name}: {len(session.graph.nodes)} nodes, {len(session.graph.edges)} edges.")


def node_editor(session: WorkspaceSession) -> None:
    graph = session.graph
    with st.form("add_node", clear_on_submit=True):
        st.markdown("**Add a node**")
        label_col, kind_col = st.columns([3, 1])
        label = label_col.text_input("Label", max_chars=200, key="node_add_label")
        kind = kind_col.selectbox("Kind", KINDS, key="node_add_kind")
        if st.form_submit_button("Add node"):
            _edit(session, f"added {kind} {label!r}", lambda g: edits.add_node(g, label, kind))
    if not graph.nodes:
        return
    ids = graph.node_ids()
    with st.form("change_node"):
        st.markdown("**Change a node**")
        node_id = st.selectbox("Node", ids, format_func=lambda i: panels.node_name(graph, i), key="node_pick")
        new_label = st.text_input("New label (to rename)", max_chars=200, key="node_new_label")
        rename_col, retype_col, delete_col = st.columns(3)
        if rename_col.form_submit_button("Rename"):
            _edit(session, f"renamed {panels.node_name(graph, node_id)!r} to {new_label!r}",
                  lambda g: edits.rename_node(g, node_id, new_label))
        if retype_col.form_submit_button("Switch quantity ⇄ state"):
            new_kind = "state" if graph.node(node_id).kind == "quantity" else "quantity"
            _edit(session, f"made {panels.node_name(graph, node_id)!r} a {new_kind}",
                  lambda g: edits.retype_node(g, node_id, new_kind))
        if delete_col.form_submit_button("Delete node and its edges"):
            _edit(session, f"deleted {panels.node_name(graph, node_id)!r}", lambda g: edits.delete_node(g, node_id))


def question_editor(session: WorkspaceSession) -> None:
    """Which nodes the question asks about: its causes (set from outside by default) and effects."""
    graph = session.graph
    if not graph.nodes:
        return
    ids = graph.node_ids()
    name = lambda i: panels.node_name(graph, i)  # noqa: E731
    with st.form("question_roles"):
        st.markdown("**The question** — how do its causes impact its effects?")
        sources = st.multiselect("Causes (sources, set from outside by default)", ids, default=graph.sources,
                                 format_func=name, key="question_sources")
        targets = st.multiselect("Effects (targets, what the answer explains)", ids, default=graph.targets,
                                 format_func=name, key="question_targets")
        if st.form_submit_button("Apply"):
            causes = ", ".join(map(name, sources)) or "none"
            effects = ", ".join(map(name, targets)) or "none"
            _edit(session, f"question: causes {causes}; effects {effects}",
                  lambda g: edits.set_targets(edits.set_sources(g, sources), targets))


def edge_editor(session: WorkspaceSession) -> None:
    graph = session.graph
    if len(graph.nodes) < 2:
        st.caption("Add at least two nodes to draw an edge.")
        return
    ids = graph.node_ids()
    name = lambda i: panels.node_name(graph, i)  # noqa: E731
    with st.form("add_edge", clear_on_submit=True):
        st.markdown("**Add an edge** (yours: drawn purple, cited as asserted by you)")
        source_col, target_col = st.columns(2)
        source = source_col.selectbox("From", ids, format_func=name, key="edge_add_source")
        target = target_col.selectbox("To", ids, index=1, format_func=name, key="edge_add_target")
        relation_col, sign_col = st.columns(2)
        relation = relation_col.selectbox("Relation", RELATIONS, key="edge_add_relation",
                                          help="influence joins two quantities; triggers goes into or out of a state")
        sign = sign_col.radio("Sign", list(SIGNS), format_func=SIGNS.get, horizontal=True, key="edge_add_sign")
        if st.form_submit_button("Add edge"):
            _edit(session, f"added edge {name(source)} → {name(target)}",
                  lambda g: edits.add_edge(g, source, target, sign=sign, relation=relation))
    if not graph.edges:
        return
    edges = {edge.id: edge for edge in graph.edges}
    with st.form("change_edge"):
        st.markdown("**Change an edge**")
        # Nothing chosen at first: a button must never act on an edge the user did not pick.
        edge_id = st.selectbox("Edge", list(edges), index=None, placeholder="Choose an edge",
                               format_func=lambda e: panels.edge_name(graph, edges[e]), key="edge_pick")
        new_target = st.selectbox("New target (to retarget)", ids, index=None, placeholder="Choose a node",
                                  format_func=name, key="edge_new_target")
        flip_col, retarget_col, delete_col = st.columns(3)
        flip = flip_col.form_submit_button("Flip sign")
        retarget = retarget_col.form_submit_button("Retarget")
        delete = delete_col.form_submit_button("Delete edge")
    if (flip or retarget or delete) and edge_id not in edges:
        st.warning("Choose the edge to change first.")
    elif flip:
        edge = edges[edge_id]
        _edit(session, f"flipped the sign of {panels.edge_name(graph, edge)}",
              lambda g: edits.set_edge_sign(g, edge_id, -edge.sign))
    elif retarget and new_target is None:
        st.warning("Choose the new target first.")
    elif retarget:
        _edit(session, f"retargeted {panels.edge_name(graph, edges[edge_id])} to {name(new_target)}",
              lambda g: edits.retarget_edge(g, edge_id, target=new_target))
    elif delete:
        _edit(session, f"deleted {panels.edge_name(graph, edges[edge_id])}", lambda g: edits.delete_edge(g, edge_id))


def render() -> None:
    st.title("Graph")
    session = state.session()
    if session is None:
        st.info("No graph yet: ask a question on the Ask page, open or import a workspace in the sidebar, "
                "or start from an empty graph.")
        st.button("Start an empty graph", on_click=_start_empty)
        return
    history_bar(session)
    panels.scenario_extras(session, key="graph_page")
    live_view()
    evidence_tab, measure_tab, nodes_tab, edges_tab, export_tab = st.tabs(
        ["Evidence", "Measurements", "Edit nodes", "Edit edges", "Export"])
    with evidence_tab:
        panels.evidence_panel(session, key="graph_page")
    with measure_tab:
        observations_panel(session)
    with nodes_tab:
        node_editor(session)
        question_editor(session)
    with edges_tab:
        edge_editor(session)
    with export_tab:
        export_buttons(session)
    panels.legend()


@st.fragment
def live_view() -> None:
    """The graph, the scenario and what follows from it. A toggle reruns only this fragment, and the
    fragment is kept to few elements (each is a message to the browser), which keeps relabelling fast;
    edits rerun the whole page."""
    with guard("Relabelling"):
        session = state.session()
        if session is None:
            return
        panels.status_messages(session)
        panels.labelled_graph(session, key="graph_page_graph", in_fragment=True)
        scenario_col, labels_col = st.columns(2)
        with scenario_col:
            panels.intervention_toggles(session, key="graph_page")
            panels.contrast_section(session)
        with labels_col:
            # A long table would push the answer and the edit tabs far down the page.
            count = len(session.graph.nodes)
            with st.expander(f"Labels of all {count} nodes", expanded=count <= LABELS_OPEN_UP_TO):
                panels.labels_table(session)
        with st.container(key="graph_page_answer"):
            panels.answer_section(session.answer)


ensure_entry_point()
with guard("The Graph page"):
    render()
