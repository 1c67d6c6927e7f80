"""Measurements on the Graph page: mark nodes as measured in one or more experiments, see whether the
graph explains them, the clashing cores, and the cheapest repairs, each applied (and undone) with a click."""

from __future__ import annotations

from typing import TYPE_CHECKING

import streamlit as st

from engine.workspace.session import ranked_repairs
from ui.graph_view import build_view, show_graph, value_text
from ui.guard import guard
from ui.panels import edge_name, node_name
from ui.text import md

if TYPE_CHECKING:
    from engine.model.graph import Experiment, Graph, InconsistentCore, Labelling, RepairSet
    from engine.workspace.session import WorkspaceSession

QUANTITY_MEASURES = {"increasing": "up", "decreasing": "down", "stable": "stable",
                     "not increasing": "not up", "not decreasing": "not down"}
STATE_MEASURES = {"active": "on", "inactive": "off"}
_NEW = "(a new experiment)"
MAX_REPAIRS_SHOWN = 10


def observations_panel(session: WorkspaceSession) -> None:
    st.markdown("**Measurements** — mark what an experiment measured; the solver says whether the graph "
                "explains it and, if not, the smallest clashes and the cheapest repairs.")
    _measure_form(session)
    checked = [c for c in session.checks.values() if c.consistent is not None]
    if len(checked) > 1:
        explained = sum(bool(c.consistent) for c in checked)
        st.markdown(f"**{explained} of {len(checked)} experiments** are explained by the graph.")
    if session.applied_repair is not None:
        _undo_box(session)
    for number, experiment in enumerate(session.experiments):
        _experiment_box(session, experiment, number)


def _measure_form(session: WorkspaceSession) -> None:
    graph = session.graph
    if not graph.nodes:
        st.caption("Add nodes first.")
        return
    names = [e.name for e in session.experiments]
    if st.session_state.get("measure_experiment") not in (*names, _NEW):
        st.session_state.pop("measure_experiment", None)  # deleted, or renamed by undo: no stale choice
    pick_col, new_col = st.columns(2)
    experiment = pick_col.selectbox("Experiment", [*names, _NEW], key="measure_experiment")
    if not st.session_state.get("measure_new_name", "").strip():
        st.session_state["measure_new_name"] = _unused_name(names)
    new_col.text_input("New experiment's name", key="measure_new_name", disabled=experiment != _NEW,
                       max_chars=120, help="Measured under the scenario's current interventions.")
    node_col, value_col = st.columns(2)
    node_id = node_col.selectbox("Measured node", graph.node_ids(), key="measure_node",
                                 format_func=lambda i: node_name(graph, i))
    measures = QUANTITY_MEASURES if graph.node(node_id).kind == "quantity" else STATE_MEASURES
    value = value_col.segmented_control("Measured", list(measures), format_func=measures.get,
                                        key=f"measure_value_{graph.node(node_id).kind}")
    why_not = "Choose what was measured (up, down, …) first." if value is None else None
    mark_col, hint_col = st.columns([1, 3])
    mark_col.button("Mark measured", key="measure_mark", disabled=value is None, help=why_not,
                    on_click=_mark, args=(session, node_id, value))
    if why_not:
        hint_col.caption(why_not)
    error = st.session_state.pop("measure_error", None)
    if error:
        st.warning(md(error))


def _unused_name(names: list[str]) -> str:
    number = len(names) + 1
    while f"experiment {number}" in names:
        number += 1
    return f"experiment {number}"


def _mark(session: WorkspaceSession, node_id: str, value: str) -> None:
    """Mark the measurement in the experiment chosen; a new one becomes the chosen experiment, so the
    selector names it and the next mark goes to it unless the user picks another (a callback: it runs
    before the widgets are drawn again, when their values may still be set)."""
    from engine.model.graph import GraphError

    chosen = st.session_state.get("measure_experiment", _NEW)
    name = st.session_state.get("measure_new_name", "").strip() if chosen == _NEW else chosen
    if chosen == _NEW and name in {e.name for e in session.experiments}:
        st.session_state["measure_error"] = (f"An experiment called “{name}” exists: choose it under Experiment, "
                                             "or give the new one another name.")
        return
    try:
        session.observe(name, node_id, value)
    except GraphError as exc:
        st.session_state["measure_error"] = f"Could not mark the measurement: {exc}"
        return
    st.session_state["measure_experiment"] = name
    st.session_state.pop("measure_new_name", None)
    for kind in ("quantity", "state"):  # the next value is chosen afresh (set, not dropped: the browser follows)
        st.session_state[f"measure_value_{kind}"] = None


def _undo_box(session: WorkspaceSession) -> None:
    applied = session.applied_repair
    info_col, undo_col = st.columns([4, 1])
    info_col.info(f"Applied: {md(applied.description)}")
    if undo_col.button("Undo this repair", key="repair_undo"):
        with guard("Undoing the repair"):
            session.undo_repair()
            st.rerun()


def _experiment_box(session: WorkspaceSession, experiment: Experiment, number: int) -> None:
    graph, scenario = session.graph, experiment.scenario
    with st.container(border=True, key=f"experiment_{number}"):
        setting = ", ".join(f"{md(node_name(graph, n))} {v}" for n, v in scenario.interventions.items()) or "nothing set"
        st.markdown(f"**{md(experiment.name)}** — measured under: {setting}")
        check = session.checks.get(experiment.name)
        lines = ["| node | measured | the graph gives |", "|---|---|---|"]
        for node_id, measured in scenario.observations.items():
            predicted = check.labels.get(node_id) if check is not None else None
            lines.append(f"| {md(node_name(graph, node_id))} | {_measure_text(measured)} | {md(value_text(predicted))} |")
        st.markdown("\n".join(lines) if scenario.observations else "No measurements yet.")
        _experiment_actions(session, experiment, number)
        if check is None:
            return
        if check.status == "timeout":
            st.warning(f"Not decided in time: {md(check.message)}")
        if check.consistent:
            st.success("The graph explains these measurements.")
            _predictions(graph, experiment, check)
            return
        if check.consistent is False:
            st.warning("The graph cannot explain these measurements.")
            _cores(graph, scenario.observations, check.cores)
            _core_drawing(graph, check, number)
            _repairs(session, experiment, check, number)


def _predictions(graph: Graph, experiment: Experiment, check: Labelling) -> None:
    """What else must hold given the measurements (iggy's predictions): the certain labels of the
    nodes that bear on them (``engine.explain.predictions``)."""
    from engine.explain.predictions import bearing_predictions

    certain = bearing_predictions(graph, experiment.scenario, check.labels)
    if certain:
        st.caption("Then, certainly: " + "; ".join(f"{md(node_name(graph, n))} {md(value_text(label))}"
                                                   for n, label in certain))


def _experiment_actions(session: WorkspaceSession, experiment: Experiment, number: int) -> None:
    graph = session.graph
    forget_col, rescenario_col, delete_col = st.columns(3)
    with forget_col.popover("Forget a measurement", disabled=not experiment.scenario.observations):
        node_id = st.selectbox("Node", list(experiment.scenario.observations), key=f"forget_node_{number}",
                               format_func=lambda i: node_name(graph, i))
        if st.button("Forget it", key=f"forget_{number}"):
            session.observe(experiment.name, node_id, None)
            st.rerun()
    if rescenario_col.button("Measured under the current scenario", key=f"rescenario_{number}",
                             help="Take the interventions now set in the scenario for this experiment."):
        session.remeasure_under_scenario(experiment.name)
        st.rerun()
    if delete_col.button("Delete experiment", key=f"experiment_delete_{number}"):
        session.delete_experiment(experiment.name)
        st.rerun()


def _measure_text(value: str) -> str:
    return QUANTITY_MEASURES.get(value) or STATE_MEASURES[value]


def _cores(graph: Graph, observations: dict[str, str], cores: list[InconsistentCore]) -> None:
    """Each minimal clash: the measurements and the edges that cannot all hold together."""
    lines = ["**What clashes** (smallest sets; drop any one element and the rest can hold):"]
    for core in cores:
        measured = ", ".join(f"{md(node_name(graph, n))} {_measure_text(observations[n])}" for n in core.observations)
        edges = "; ".join(md(edge_name(graph, graph.edge(e))) for e in core.edges)
        lines.append(f"- measured {measured} " + (f"against {edges}" if edges else
                                                  "— no edge of the graph can bring this about"))
    st.markdown("\n".join(lines))


def _core_drawing(graph: Graph, check: Labelling, number: int) -> None:
    """One clash drawn on the graph: its measured nodes, its edges (drawn wide) and the chains that bring
    about what the graph predicts for them, labelled as the graph predicts them under the experiment's
    interventions."""
    if not check.cores:
        return
    picked = st.selectbox("Draw a clash on the graph", range(len(check.cores)), key=f"core_pick_{number}",
                          format_func=lambda i: f"clash {i + 1}")
    from engine.explain.predictions import clash_edges

    core = check.cores[picked if picked is not None else 0]
    drawn = set(clash_edges(graph, check.labels, core))
    shown = set(core.observations) | {end for e in drawn for end in (graph.edge(e).source, graph.edge(e).target)}
    part = graph.model_copy(update={
        "nodes": [n for n in graph.nodes if n.id in shown],
        "edges": [e for e in graph.edges if e.id in drawn],
        "sources": [n for n in graph.sources if n in shown],
        "targets": [n for n in graph.targets if n in shown],
    })
    show_graph(build_view(part, check, height=260, emphasised_edges=frozenset(core.edges)),
               key=f"core_graph_{number}")


def _repairs(session: WorkspaceSession, experiment: Experiment, check: Labelling, number: int) -> None:
    graph = session.graph
    ranked = ranked_repairs(graph, check.repairs)
    if not ranked:
        return
    st.markdown("**Cheapest repairs**, those that overturn the least evidence first:")
    for rank, repair_set in enumerate(ranked[:MAX_REPAIRS_SHOWN], 1):
        text_col, apply_col = st.columns([5, 1])
        text_col.markdown(f"{rank}\\. {_repair_text(graph, repair_set)}")  # a rank, not a list
        if apply_col.button("Apply", key=f"repair_apply_{number}_{rank}"):
            with guard("Applying the repair"):
                session.apply_repair(experiment.name, repair_set)
                st.rerun()
    if len(ranked) > MAX_REPAIRS_SHOWN:
        st.caption(f"… and {len(ranked) - MAX_REPAIRS_SHOWN} more of the same cost.")


def _repair_text(graph: Graph, repair_set: RepairSet) -> str:
    parts = []
    for repair in repair_set.repairs:
        if repair.action == "distrust_observation":
            parts.append(f"distrust the measurement of {md(node_name(graph, repair.target))}")
        else:
            edge = graph.edge(repair.target)
            verb = "flip the sign of" if repair.action == "flip_edge" else "remove"
            cited = f" ({len(edge.evidence)} sentence{'s' if len(edge.evidence) != 1 else ''})"
            parts.append(f"{verb} {md(edge_name(graph, edge))}{cited}")
    return "; ".join(parts)
