"""Data page: learn a signed graph from a CSV, ask it questions, compare it with the literature graph, merge it in."""

from __future__ import annotations

import streamlit as st

from engine.discovery.algorithms import METHODS, TESTS, AlgorithmOptions
from engine.discovery.ask import direction_settled, settled_graph
from engine.discovery.compare import GraphComparison, compare_graphs, merge_with_report
from engine.discovery.errors import DiscoveryError
from engine.model.graph import Graph
from ui import panels, state
from ui.graph_view import build_view, show_graph
from ui.guard import describe, guard
from ui.navigation import ensure_entry_point, page
from ui.text import md

METHOD_NAMES = {
    "auto": "Causeway default (chosen on held-out benchmark data)",
    "pc": "PC (constraint-based)",
    "fci": "FCI (allows hidden confounders)",
    "ges": "GES (score-based)",
    "boss": "BOSS (permutation-based)",
    "grasp": "GRaSP (permutation-based)",
    "lingam": "DirectLiNGAM (linear, non-Gaussian)",
    "cdnod": "CD-NOD (needs a condition column)",
}
LITERATURE_USES = {
    "no": "not used",
    "hint": "orient open edges as the literature does",
    "orient": "forbid reversed edges",
    "require": "require its edges",
}
_NO_CONDITION = "(none)"
_TABLE = "causeway_data_table"
_RESULT = "causeway_data_result"
_LITERATURE = "causeway_data_literature"  # the literature graph the result is compared with (kept across a merge)
_MERGE_REPORT = "causeway_data_merge_report"
_ANSWER = "causeway_data_answer"


def _read_upload() -> None:
    """Parse the uploaded CSV once per file and missing-cell choice; problems are shown, never raised."""
    from engine.discovery.tables import read_table

    upload = st.file_uploader("A CSV table: one column per variable, one row per sample", type=["csv", "tsv", "txt"],
                              key="data_upload")
    missing = st.radio("Rows with empty cells", ["drop", "impute"], horizontal=True, key="data_missing",
                       format_func={"drop": "leave the row out", "impute": "impute the empty cells"}.get)
    if upload is None:
        for key in (_TABLE, _RESULT, _ANSWER):
            st.session_state.pop(key, None)
        return
    loaded = st.session_state.get(_TABLE)
    if loaded is not None and loaded[0] == (upload.file_id, missing):
        return
    for key in (_RESULT, _ANSWER):
        st.session_state.pop(key, None)
    try:
        table = read_table(upload.getvalue(), state.settings().discovery, missing=missing)
    except DiscoveryError as exc:
        st.session_state.pop(_TABLE, None)
        st.error(f"Could not read {md(upload.name)}: {md(describe(exc))}")
        return
    st.session_state[_TABLE] = ((upload.file_id, missing), upload.name, table)


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
    settings = state.settings().discovery
    with st.form("discovery_form"):
        columns = st.multiselect("Columns to use", table.columns, default=table.columns)
        method_col, test_col, alpha_col = st.columns(3)
        method = method_col.selectbox("Algorithm", ["auto", *METHODS], format_func=METHOD_NAMES.get,
                                      key="discovery_method")
        test = test_col.selectbox("Independence test (PC, FCI, CD-NOD)", [None, *TESTS],
                                  format_func=lambda t: "default for the data" if t is None else t)
        alpha = alpha_col.number_input("Significance level α", min_value=0.001, max_value=0.5, value=0.05,
                                       step=0.01, format="%.3f")
        condition = st.selectbox(
            "Condition, batch or site column", [_NO_CONDITION, *table.columns], key="data_condition",
            help="Rows measured under different conditions (interventions, batches, sites): the column is not a "
                 "variable of the graph; CD-NOD uses it to find which mechanisms change and to orient edges.")
        boot_col, limit_col, background_col = st.columns(3)
        resamples = boot_col.number_input(
            "Stability resamples (0 = off, faster)", min_value=0, max_value=200,
            value=int(settings.stability_resamples), key="data_resamples",
            help=f"Each resample reruns the search on {settings.subsample_fraction:.0%} of the rows; an edge found "
                 f"in at least {settings.stable_threshold:.0%} of them is stable.")
        time_limit = limit_col.number_input("Time limit (s)", min_value=5.0, max_value=3600.0,
                                            value=float(settings.time_limit_s))
        use_literature = background_col.selectbox(
            "Literature graph as prior knowledge", list(LITERATURE_USES), format_func=LITERATURE_USES.get,
            disabled=session is None or not session.graph.edges, key="data_literature_use",
            help="Edges of the current graph whose ends match columns by name.")
        submitted = st.form_submit_button("Discover", type="primary")
    if not submitted:
        return
    chosen = [c for c in columns if c != condition]
    if len(chosen) < 2:
        st.warning("Choose at least two columns besides the condition column.")
        return
    _run(table, chosen, condition, AlgorithmOptions(method=method, test=test, alpha=alpha), int(resamples),
         float(time_limit), use_literature)


def _run(table, columns: list[str], condition: str, options: AlgorithmOptions, resamples: int, time_limit: float,
         use_literature: str) -> None:
    from engine.discovery.knowledge import knowledge_from_literature
    from engine.discovery.priors import apply_literature_hints
    from engine.discovery.run import discover

    session = state.session()
    literature = session.graph if session is not None and session.graph.edges and use_literature != "no" else None
    progress = st.progress(0.0, text=f"Running {METHOD_NAMES[options.method]}…")

    def on_progress(event) -> None:
        fraction = event.done / event.total if event.total else 0.0
        progress.progress(min(max(fraction, 0.0), 1.0), text=md(event.message))

    try:
        keep = [*columns, condition] if condition != _NO_CONDITION else columns
        selected = table.select(keep).with_condition(None if condition == _NO_CONDITION else condition)
        background = None
        if literature is not None and use_literature in ("orient", "require"):
            background = knowledge_from_literature(literature, selected.columns, use=use_literature)  # type: ignore[arg-type]
        result = discover(selected, options=options, background=background, bootstrap=resamples,
                          settings=state.settings().discovery, time_limit_s=time_limit, progress=on_progress)
        if literature is not None and use_literature == "hint":
            result, _ = apply_literature_hints(result, literature)
    except DiscoveryError as exc:
        progress.empty()
        st.error(f"Discovery failed: {md(describe(exc))}")
        return
    progress.empty()
    st.session_state[_RESULT] = result
    st.session_state.pop(_ANSWER, None)
    st.session_state.pop(_MERGE_REPORT, None)
    # The comparison is with the literature graph as it is now, also after the result is merged into it.
    st.session_state[_LITERATURE] = session.graph.model_copy(deep=True) if session is not None else None


def _result_section(result) -> None:
    st.subheader("Discovered graph")
    name = METHOD_NAMES.get(result.method, result.method)
    st.caption(f"{md(name)} on {result.rows_used} rows in {result.seconds:.1f} s: {len(result.edges)} edges. "
               "Edge sign and weight come from the data (regression or LiNGAM coefficients), not from a known "
               "truth; an edge without an arrow has an undecided direction.")
    for note in result.notes:
        st.caption(md(note))
    for violation in result.violations:
        st.warning(md(str(getattr(violation, "message", violation))))
    shown = result
    if result.bootstrap_runs:
        stable = sum(1 for e in result.edges if e.stable)
        settled = sum(1 for e in result.edges if e.type == "directed" and direction_settled(result, e))
        st.caption(f"Stability over {result.bootstrap_runs} subsamples: {stable} of {len(result.edges)} edges are "
                   f"found in at least {result.stable_threshold:.0%} of them (unstable edges are drawn thin), and "
                   f"{settled} directed edges keep their direction in as many; an edge whose direction does not is "
                   "drawn without an arrow, as “Ask the table” leaves its direction open.")
        if st.toggle("Draw stable edges only", key="data_stable_only"):
            shown = result.model_copy(update={"edges": [e for e in result.edges if e.stable]})
    if not result.edges:
        st.warning("The algorithm found no edge between the chosen columns at this significance level.")
    graph = settled_graph(shown)
    if graph.nodes:
        show_graph(build_view(graph, height=420), key="data_graph")
    literature = st.session_state.get(_LITERATURE)
    if literature is not None and literature.edges:
        from engine.discovery.priors import with_literature_verdicts

        result = with_literature_verdicts(result, literature)
    st.table([_edge_row(result, e) for e in result.edges])
    _score_against_truth(result)
    _questions(result)
    _compare_and_merge(result.to_graph())


_DIRECTIONS = {
    "directed": "→ directed",
    "undirected": "— undirected: the data leave the direction open",
    "bidirected": "↔ bidirected: a hidden common cause",
    "partial": "o→ partly directed: not out of the target, maybe out of the source",
}


def _edge_row(result, edge) -> dict[str, str]:
    """One row of the edge table. st.table reads cells as Markdown, so each is escaped: a lone "+" would
    be a list bullet and "---" a rule."""
    direction = _DIRECTIONS[edge.type]
    if edge.oriented_by == "literature":
        direction += " (direction from the literature)"
    elif edge.type == "directed" and not direction_settled(result, edge):
        direction += ", but not stable over the subsamples: left open"
    row = {
        "from": md(edge.source), "to": md(edge.target), "marks": md(edge.endpoints), "direction": md(direction),
        "sign": md(("+" if edge.sign > 0 else "−") if edge.sign_defined else "n/a"),
        "weight": "" if edge.weight is None else md(f"{edge.weight:+.3f}"),
    }
    if edge.stability is not None:
        row["edge found in"] = md(f"{edge.stability:.0%}{'' if edge.stable else ' (unstable)'}")
        row["same direction in"] = md(f"{edge.orientation_stability or 0.0:.0%}")
    if edge.literature is not None:
        row["literature"] = edge.literature
    return row


def _score_against_truth(result) -> None:
    """Score the learned graph against a known graph the user uploads (an edge list or Tetrad text)."""
    from engine.discovery.scoring import read_truth, score_edges

    with st.expander("Score against a known graph"):
        upload = st.file_uploader("A known graph: one edge a line (“A -> B” or “A,B”), or Tetrad graph text",
                                  type=["txt", "csv", "tsv", "graph"], key="data_truth")
        if upload is None:
            st.caption("SHD, skeleton F1 and oriented F1, as in the project's discovery benchmark, and the edges "
                       "missed, extra, reversed or left unoriented.")
            return
        try:
            truth = read_truth(upload.getvalue().decode("utf-8"))
        except UnicodeDecodeError:
            st.error(f"Could not read {md(upload.name)}: not UTF-8 text.")
            return
        except DiscoveryError as exc:
            st.error(f"Could not read {md(upload.name)}: {md(describe(exc))}")
            return
        score = score_edges([(e.source, e.target, e.type) for e in result.edges], truth, result.variables)
        shd_col, skeleton_col, oriented_col = st.columns(3)
        shd_col.metric("SHD", score.shd)
        skeleton_col.metric("Skeleton F1", f"{score.skeleton_f1:.3f}")
        oriented_col.metric("Oriented F1", f"{score.oriented_f1:.3f}")
        st.caption(md(score.summary()))
        if score.unmatched_names:
            st.warning("Names in the known graph that are no column (their edges count as missed): "
                       + md(", ".join(score.unmatched_names)))
        lines = [f"- missed: {md(a)} → {md(b)}" for a, b in score.missed]
        lines += [f"- extra: {md(a)} {md(_MARKS[kind])} {md(b)}" for a, b, kind in score.extra]
        lines += [f"- reversed: {md(a)} → {md(b)} learned as {md(b)} → {md(a)}" for a, b in score.reversed]
        lines += [f"- not oriented: {md(a)} → {md(b)} learned {kind}" for a, b, kind in score.unoriented]
        if lines:
            st.markdown("\n".join(lines))


_MARKS = {"directed": "→", "undirected": "—", "bidirected": "↔", "partial": "o→"}


def _questions(result) -> None:
    from engine.discovery.ask import ask

    st.subheader("Ask the table")
    with st.form("data_question_form"):
        text = st.text_input("A question in words", key="data_question",
                             placeholder=f"Is {result.variables[0]} a cause of {result.variables[-1]}? · "
                                         f"Which variables does {result.variables[-1]} depend on?")
        asked = st.form_submit_button("Answer")
    if asked:
        try:
            st.session_state[_ANSWER] = ask(result, text)
        except DiscoveryError as exc:
            st.session_state.pop(_ANSWER, None)
            st.warning(md(describe(exc)))
    answer = st.session_state.get(_ANSWER)
    if answer is not None:
        word = {"yes": "Yes", "no": "No", "uncertain": "Not sure (abstaining)"}.get(answer.answer or "", "")
        st.markdown(f"**{md(answer.question)}** {md(word)}")
        st.caption(md(answer.explanation))


def _compare_and_merge(data_graph: Graph) -> None:
    session = state.session()
    literature = st.session_state.get(_LITERATURE)
    st.subheader("Compared with the literature graph")
    if session is None or literature is None or not literature.nodes:
        st.caption("No literature graph was open when this graph was learned: ask a question first, or use the "
                   "discovered graph as is.")
        if st.button("Open the discovered graph for editing", key="data_open_graph", disabled=not data_graph.nodes):
            state.start_session(data_graph)
            st.switch_page(page("graph"))
        return
    _comparison_tables(compare_graphs(literature, data_graph))
    report = st.session_state.get(_MERGE_REPORT)
    if report is not None:
        st.success(md(report.summary()) + " Edges from data are drawn teal; each edge keeps its origin.")
        return
    if st.button("Merge into the current graph", key="data_merge", type="primary"):
        merged, report = merge_with_report(session.graph, data_graph)
        session.replace_graph("merged the graph learned from data", merged)
        st.session_state[_MERGE_REPORT] = report
        st.rerun()


def _comparison_tables(comparison: GraphComparison) -> None:
    st.markdown(md(comparison.summary()))
    if comparison.unmatched_data_nodes:
        st.caption("Columns that match no node of the literature graph, by name or by what they ground to: "
                   + md(", ".join(comparison.unmatched_data_nodes)))
    sections = [("Agreements", comparison.agreements), ("Conflicts", comparison.conflicts),
                ("Only in the literature", comparison.only_literature), ("Only in the data", comparison.only_data)]
    for title, matches in sections:
        if matches:
            with st.expander(f"{title} ({len(matches)})", expanded=title == "Conflicts"):
                st.markdown("\n".join(f"- {md(match.message)}" for match in matches))


def render() -> None:
    st.title("Data")
    st.caption("Upload measurements to learn a signed causal graph with causal-learn, ask it questions, compare "
               "it with the graph built from the papers and merge it in. Every edge keeps its origin.")
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
