"""Workspaces that never overwrite by surprise: naming, the saved scenario and view, and two
sessions saving the same workspace. Run on SQLite and on a real PostgreSQL server."""

from __future__ import annotations

import pytest

from app_graphs import smoking_graph
from engine.workspace import edits
from engine.workspace.session import WorkspaceSession, WorkspaceView
from engine.workspace.storage import WorkspaceExists


def test_a_new_graph_is_unsaved_and_named_after_its_question(store):
    session = WorkspaceSession.start(smoking_graph(), store=store)
    assert session.name is None and session.display_name == smoking_graph().question
    session.edit("added tau", lambda g: edits.add_node(g, "tau"))
    assert store.list() == []


def test_save_as_never_writes_onto_another_workspace(store):
    first = WorkspaceSession.start(smoking_graph(), store=store)
    first.save_as("first")
    second = WorkspaceSession.start(smoking_graph().model_copy(update={"question": "another"}), store=store)
    with pytest.raises(WorkspaceExists, match="already exists"):
        second.save_as("first")
    assert second.name is None and store.load("first").question == smoking_graph().question
    assert [v.version for v in store.versions("first")] == [1]
    second.save_as("first", replace=True)  # only an explicit choice saves onto it, as a new version
    assert store.load("first").question == "another" and len(store.versions("first")) == 2
    first.save_as("first")  # saving the workspace one is on is no surprise; here it is a stale save
    assert first.conflict is not None and store.load("first").question == "another"


def test_reopening_restores_the_scenario_contrast_and_view(store):
    session = WorkspaceSession.start(smoking_graph(), store=store)
    session.save_as("demo")
    session.set_intervention("smoking", "inactive")
    session.set_intervention("exercise", "increasing")
    session.view = WorkspaceView(selected_node="oxidative_stress")
    session.save_view()

    reopened = WorkspaceSession.open(store, "demo")
    assert reopened.scenario.interventions == {"smoking": "inactive", "exercise": "increasing"}
    assert reopened.labelling.labels["neuronal_death"].label == "decreasing"
    assert reopened.last_change == "exercise set increasing" and reopened.contrast == session.contrast
    assert reopened.view.selected_node == "oxidative_stress"
    assert reopened.question_scenario == session.question_scenario
    reopened.reset_scenario()  # the question's premise came back too
    assert reopened.scenario.interventions == {"smoking": "active"}


def test_two_sessions_editing_one_workspace_lose_nothing(store):
    WorkspaceSession.start(smoking_graph(), store=store).save_as("shared")
    alice, bob = WorkspaceSession.open(store, "shared"), WorkspaceSession.open(store, "shared")
    alice.edit("added tau", lambda g: edits.add_node(g, "tau"))
    bob.edit("added apoE", lambda g: edits.add_node(g, "apoE"))
    assert alice.conflict is None
    assert bob.conflict is not None and "another session" in bob.autosave_error
    assert store.load("shared").has_node("tau") and not store.load("shared").has_node("apoe")
    history = {v.version: v for v in store.versions("shared")}
    assert history[bob.conflict.kept].kept_aside and store.load_version("shared", bob.conflict.kept).has_node("apoe")

    bob.take_latest()  # continue from Alice's version; Bob's edit stays in the history
    assert bob.graph.has_node("tau") and not bob.graph.has_node("apoe") and bob.conflict is None
    bob.edit("added BDNF", lambda g: edits.add_node(g, "BDNF"))
    assert bob.conflict is None and store.load("shared").has_node("bdnf") and store.load("shared").has_node("tau")

    alice.edit("added IL-6", lambda g: edits.add_node(g, "IL-6"))  # now Alice is behind
    assert alice.conflict is not None
    alice.restore_version(alice.conflict.kept)  # she chooses hers: current again, as a new version
    assert store.load("shared").has_node("il_6") and alice.conflict is None
    assert {v.version for v in store.versions("shared")} == set(range(1, len(store.versions("shared")) + 1))


def test_measurements_repairs_and_their_undo(store):
    session = WorkspaceSession.start(smoking_graph(), store=store)
    session.save_as("measured")
    session.observe("lab 1", "neuronal_death", "decreasing")
    check = session.checks["lab 1"]
    assert check.consistent is False and check.cores
    flip = next(s for s in check.repairs if [(r.action, r.target) for r in s.repairs] ==
                [("flip_edge", "oxidative_stress+>neuronal_death")])
    session.apply_repair("lab 1", flip)
    assert session.checks["lab 1"].consistent is True
    assert session.labelling.labels["neuronal_death"].label == "decreasing"  # relabelled
    assert store.load("measured").edge("oxidative_stress->neuronal_death").sign == -1
    session.undo_repair()
    assert session.graph == smoking_graph() and session.checks["lab 1"].consistent is False

    distrust = next(s for s in session.checks["lab 1"].repairs if s.repairs[0].action == "distrust_observation")
    session.apply_repair("lab 1", distrust)
    assert session.experiments[0].scenario.observations == {} and "lab 1" not in session.checks
    session.undo_repair()
    assert session.experiments[0].scenario.observations == {"neuronal_death": "decreasing"}

    # a second experiment, measured under other interventions, is checked on the same graph
    session.set_intervention("smoking", "inactive")
    session.observe("lab 2", "oxidative_stress", "not increasing")
    assert session.checks["lab 2"].consistent is True and session.checks["lab 1"].consistent is False
    reopened = WorkspaceSession.open(store, "measured")  # saved with the workspace, checked on opening
    assert [e.name for e in reopened.experiments] == ["lab 1", "lab 2"]
    assert reopened.experiments[1].scenario.interventions == {"smoking": "inactive"}
    assert reopened.checks["lab 2"].consistent and not reopened.checks["lab 1"].consistent


def test_restoring_a_version_brings_back_its_scenario_and_measurements(store):
    session = WorkspaceSession.start(smoking_graph(), store=store)
    session.save_as("versions")
    session.observe("lab", "neuronal_death", "decreasing")
    measured = store.current_version("versions")
    session.set_intervention("smoking", "inactive")
    session.delete_experiment("lab")
    assert session.experiments == [] and session.checks == {}
    session.restore_version(measured)
    assert session.scenario.interventions == {"smoking": "active"}
    assert [e.name for e in session.experiments] == ["lab"] and session.checks["lab"].consistent is False
