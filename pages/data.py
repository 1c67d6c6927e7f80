"""Data page: learn a signed graph from a CSV, compare it with the literature graph, merge it in."""

from __future__ import annotations

import streamlit as st

from engine.discovery.algorithms import METHODS, TESTS, AlgorithmOptions
from engine.discovery.compare import GraphComparison, compare_graphs, merge_graphs
from engine.discovery.errors import DiscoveryError
from engine.model import Graph
from ui import panels, state
from ui.graph_view import build_view, show_graph
from ui.navigation import ensure_entry_point, page
from ui.guard import describe, guard
from ui.text import md

METHOD_NAMES = {
    "pc": "PC (constraint-based)",
    "fci": "FCI (allows hidden confounders)",
    "ges": "GES (score-based)",
    "lingam": "DirectLiNGAM (linear, non-Gaussian)",
}
_TABLE = "causeway_data_table"
_RESULT = "causeway_data_result"


def _read_upload() -> None:
    """Parse the uploaded CSV once per file; problems are shown, never raised."""
    from engine.discovery.tables import read_table

    upload = st.file_uploader("A CSV table: one column per variable, one row per sample", type=["csv", "tsv", "txt"],
                              key="data_upload")
    if upload is None:
        st.session_state.pop(_TABLE, None)
        st.session_state.pop(_RESULT, None)
        return
    loaded = st.session_state.get(_TABLE)
    if loaded is not None and loaded[0] == upload.file_id:
        return
    st.session_state.pop(_RESULT, None)
    try:
        table = read_table(upload.getvalue(), state.settings().discovery)
    except DiscoveryError as exc:
        st.session_state.pop(_TABLE, None)
        st.error(f"Could not read {md(upload.name)}: {md(describe(exc))}")
        return
    st.session_state[_TABLE] = (upload.file_id, upload.name, table)


def _table_summary(name: str, table) -> None:
    st.markdown(f"**{md(name)}**: {table.n_rows} rows × {len(table.columns)} columns ({table.kind} data).")
    for note in table.notes:
        st.caption(md(note))
    for column, reason in table.dropped_columns.items():
        st.caption(f"Column {md(column)} left out: {md(reason)}")
    with st.expander("First rows"):
        st.dataframe(table.data.head(20))


def _options_form(table) -> None:
    session = state.session()
    with st.form("discovery_form"):
        columns = st.multiselect("Columns to use", table.columns, default=table.columns)
        method_col, test_col, alpha_col = st.columns(3)
        method = method_col.selectbox("Algorithm", METHODS, format_func=METHOD_NAMES.get, key="discovery_method")
        test = test_col.selectbox("Independence test (PC, FCI)", [None, *TESTS],
                                  format_func=lambda t: "default for the data" if t is None else t)
        alpha = alpha_col.number_input("Significance level α", min_value=0.001, max_value=0.5, value=0.05,
                                       step=0.01, format="%.3f")
        boot_col, limit_col, background_col = st.columns(3)
        bootstrap = boot_col.number_input("Bootstrap resamples (stability)", min_value=0, max_value=100, value=0)
        time_limit = limit_col.number_input("Time limit (s)", min_value=5.0, max_value=3600.0,
                                            value=float(state.settings().discovery.time_limit_s))
        use_literature = background_col.selectbox(
            "Literature graph as background", ["no", "orient", "require"],
            format_func={"no": "not used", "orient": "forbid reversed edges",
                         "require": "require its edges"}.get,
            disabled=session is None or not session.graph.edges,
            help="Edges of the current graph whose ends match columns by name.")
        submitted = st.form_submit_button("Discover", type="primary")
    if not submitted:
        return
    if len(columns) < 2:
        st.warning("Choose at least two columns.")
        return
    from engine.discovery.knowledge import knowledge_from_literature
    from engine.discovery.run import discover

    selected = table.select(columns)
    background = None
    if use_literature != "no" and session is not None:
        background = knowledge_from_literature(session.graph, selected.columns, use=use_literature)
    progress = st.progress(0.0, text=f"Running {METHOD_NAMES[method]}…")

    def on_progress(event) -> None:
        fraction = event.done / event.total if event.total else 0.0
        progress.progress(min(max(fraction, 0.0), 1.0), text=md(event.message))

    options = AlgorithmOptions(method=method, test=test, alpha=alpha)
    try:
        result = discover(selected, options=options, background=background, bootstrap=int(bootstrap),
                          settings=state.settings().discovery, time_limit_s=float(time_limit),
                          progress=on_progress)
    except DiscoveryError as exc:
        progress.empty()
        st.error(f"Discovery failed: {md(describe(exc))}")
        return
    progress.empty()
    st.session_state[_RESULT] = result


def _result_section(result) -> None:
    graph = result.to_graph()
    st.subheader("Discovered graph")
    st.caption(f"{METHOD_NAMES[result.method]} on {result.rows_used} rows in {result.seconds:.1f} s: "
               f"{len(result.edges)} edges. Edge sign and weight come from the data (regression or LiNGAM "
               "coefficients); an edge without an arrow has an undecided direction.")
    for note in result.notes:
        st.caption(md(note))
    for violation in result.violations:
        st.warning(md(str(getattr(violation, "message", violation))))
    if not graph.edges:
        st.warning("The algorithm found no edge between the chosen columns at this significance level.")
    if graph.nodes:
        show_graph(build_view(graph, height=420), key="data_graph")
    st.table([{
        "from": e.source, "to": e.target, "type": e.type, "marks": e.endpoints,
        "sign": ("+" if e.sign > 0 else "−") if e.sign_defined else "n/a",
        "weight": "" if e.weight is None else f"{e.weight:+.3f}",
        "stability": "" if e.stability is None else f"{e.stability:.0%}",
    } for e in result.edges])
    _compare_and_merge(graph)


def _compare_and_merge(data_graph: Graph) -> None:
    session = state.session()
    st.subheader("Compared with the literature graph")
    if session is None or not session.graph.nodes:
        st.caption("No literature graph is open: ask a question first, or use the discovered graph as is.")
        if st.button("Open the discovered graph for editing", key="data_open_graph", disabled=not data_graph.nodes):
            state.start_session(data_graph)
            st.switch_page(page("graph"))
        return
    comparison = compare_graphs(session.graph, data_graph)
    _comparison_tables(comparison)
    if st.button("Merge into the current graph", key="data_merge", type="primary"):
        session.replace_graph("merged the graph learned from data", merge_graphs(session.graph, data_graph))
        st.success("Merged. Edges from data are drawn teal; edges both sources agree on keep their evidence.")
        st.rerun()


def _comparison_tables(comparison: GraphComparison) -> None:
    st.markdown(md(comparison.summary()))
    if comparison.unmatched_data_nodes:
        st.caption("Columns with no node of that name in the literature graph: "
                   + md(", ".join(comparison.unmatched_data_nodes)))
    sections = [("Agreements", comparison.agreements), ("Conflicts", comparison.conflicts),
                ("Only in the literature", comparison.only_literature), ("Only in the data", comparison.only_data)]
    for title, matches in sections:
        if matches:
            with st.expander(f"{title} ({len(matches)})", expanded=title == "Conflicts"):
                st.markdown("\n".join(f"- {md(match.message)}" for match in matches))


def render() -> None:
    st.title("Data")
    st.caption("Upload measurements to learn a signed causal graph with causal-learn, then compare it with "
               "the graph built from the papers and merge it in. Every edge keeps its origin.")
    _read_upload()
    loaded = st.session_state.get(_TABLE)
    if loaded is None:
        return
    _, name, table = loaded
    _table_summary(name, table)
    _options_form(table)
    result = st.session_state.get(_RESULT)
    if result is not None:
        _result_section(result)
    session = state.session()
    if session is not None and session.last_change.startswith("merged"):
        panels.contrast_section(session)


ensure_entry_point()
with guard("The Data page"):
    render()
