"""engine.workspace.session.WorkspaceSession: the UI-free state behind the Graph page."""

from __future__ import annotations

import pytest

from app_graphs import smoking_graph
from engine.workspace import edits
from engine.model.graph import GraphError, Scenario
from engine.workspace.session import WorkspaceSession
from engine.workspace.storage import WorkspaceStore


@pytest.fixture
def session() -> WorkspaceSession:
    return WorkspaceSession.start(smoking_graph())


def _label(session: WorkspaceSession, node_id: str) -> str:
    return session.labelling.labels[node_id].label


def test_start_labels_the_question_scenario(session):
    assert session.scenario.interventions == {"smoking": "active"}
    assert _label(session, "neuronal_death") == "increasing"
    assert session.contrast is None and session.last_change == ""
    assert "neuronal death increases" in session.answer.text


def test_toggle_relabels_with_contrast_and_new_answer(session):
    before = session.answer.text
    session.set_intervention("smoking", "inactive")
    assert _label(session, "neuronal_death") == "stable"
    changed = {c.node for c in session.contrast.changes}
    assert changed == {"smoking", "oxidative_stress", "neuronal_death"}
    assert session.answer.text != before and "before, it increases" in session.answer.text
    with pytest.raises(GraphError, match="quantity"):
        session.set_intervention("exercise", "inactive")


def test_intervention_values_are_checked(session):
    with pytest.raises(GraphError, match="state"):
        session.set_intervention("smoking", "increasing")
    session.set_intervention("exercise", "increasing")
    assert session.labelling.labels["oxidative_stress"].certain is False
    session.set_intervention("exercise", None)
    assert _label(session, "oxidative_stress") == "increasing"


def test_edit_undo_redo(session):
    session.edit("flip", lambda g: edits.set_edge_sign(g, "oxidative_stress+>neuronal_death", -1))
    assert _label(session, "neuronal_death") == "decreasing"
    assert session.undo() and _label(session, "neuronal_death") == "increasing"
    assert session.redo() and _label(session, "neuronal_death") == "decreasing"
    assert not session.redo()


def test_refused_edit_leaves_everything_as_it_was(session):
    graph, labelling = session.graph, session.labelling
    with pytest.raises(GraphError):
        session.edit("bad", lambda g: edits.add_edge(g, "smoking", "smoking"))
    assert session.graph is graph and session.labelling is labelling
    assert not session.history.can_undo


def test_interventions_on_deleted_or_retyped_nodes_are_dropped(session):
    session.set_intervention("exercise", "increasing")
    session.edit("retype", lambda g: edits.retype_node(g, "exercise", "state"))
    assert "exercise" not in session.scenario.interventions
    session.edit("delete", lambda g: edits.delete_node(g, "smoking"))
    assert session.scenario.interventions == {}
    assert _label(session, "neuronal_death") == "stable"


def test_reset_goes_back_to_the_question_premise():
    graph = smoking_graph()
    premise = Scenario(interventions={"smoking": "active", "exercise": "decreasing"})
    session = WorkspaceSession.start(graph, scenario=premise)
    session.set_intervention("exercise", None)
    session.set_intervention("smoking", "inactive")
    session.reset_scenario()
    assert session.scenario.interventions == {"smoking": "active", "exercise": "decreasing"}


def test_after_a_reset_the_answer_keeps_no_old_change_notes(tmp_path):
    store = WorkspaceStore(f"sqlite:///{tmp_path / 'w.db'}")
    session = WorkspaceSession.start(smoking_graph(), scenario=Scenario(interventions={"smoking": "active"}),
                                     store=store, name="demo")
    session.set_intervention("smoking", "inactive")
    assert any(s.kind == "contrast" for s in session.answer.statements)  # a toggle says what it changed
    session.reset_scenario()
    assert session.contrast is not None and session.contrast.changes  # the change panel still lists them
    assert not any(s.kind == "contrast" or "before, it" in s.text for s in session.answer.statements)
    reopened = WorkspaceSession.open(store, "demo")
    assert not any(s.kind == "contrast" for s in reopened.answer.statements)


def test_autosave_after_each_change(tmp_path):
    store = WorkspaceStore(f"sqlite:///{tmp_path / 'w.db'}")
    session = WorkspaceSession.start(smoking_graph(), store=store)
    session.edit("unsaved", lambda g: edits.add_node(g, "tau"))
    assert store.list() == []  # no name yet: nothing is written
    session.save_as("  demo ")
    assert session.name == "demo" and store.load("demo").has_node("tau")
    session.edit("rename", lambda g: edits.rename_node(g, "tau", "tau protein"))
    assert store.load("demo").node("tau").label == "tau protein"
    session.undo()
    assert store.load("demo").node("tau").label == "tau"
    with pytest.raises(GraphError, match="name"):
        session.save_as("   ")


def test_time_limit_gives_a_timeout_labelling(session):
    session.set_time_limit(1e-6)
    session.set_intervention("smoking", "inactive")
    assert session.labelling.status == "timeout"
    assert session.labelling.message and not session.labelling.labels


def test_changing_the_question_causes_sets_and_releases_them(session):
    session.edit("causes", lambda g: edits.set_sources(g, ["exercise"]))
    # The new cause starts set as the question would put it; the old one is no longer set.
    assert session.scenario.interventions == {"exercise": "increasing"}
    assert _label(session, "neuronal_death") == "decreasing"
    assert "neuronal death decreases" in session.answer.text
    session.set_intervention("exercise", None)  # a kept cause keeps what the user set it to
    session.edit("effects", lambda g: edits.set_targets(g, ["oxidative_stress"]))
    assert session.scenario.interventions == {}
    session.reset_scenario()  # the question's scenario now means its new causes, not smoking
    assert session.scenario.interventions == {"exercise": "increasing"}
    session.undo()
    session.undo()  # back to the question's own causes: smoking set again, exercise released
    assert session.scenario.interventions == {"smoking": "active"}
    assert _label(session, "neuronal_death") == "increasing"


def test_each_change_is_a_noted_version_and_a_version_can_be_restored(tmp_path):
    store = WorkspaceStore(f"sqlite:///{tmp_path / 'w.db'}")
    session = WorkspaceSession.start(smoking_graph(), store=store)
    with pytest.raises(GraphError, match="saved workspace"):
        session.restore_version(1)
    session.save_as("demo")
    session.edit("added tau", lambda g: edits.add_node(g, "tau"))
    session.edit("flipped the sign", lambda g: edits.set_edge_sign(g, "oxidative_stress+>neuronal_death", -1))
    assert [(v.version, v.note) for v in store.versions("demo")] == [
        (3, "flipped the sign"), (2, "added tau"), (1, "saved as 'demo'")]
    assert [v.version for v in store.versions("demo", limit=2)] == [3, 2]

    session.restore_version(1)
    assert not session.graph.has_node("tau") and _label(session, "neuronal_death") == "increasing"
    assert store.load("demo") == session.graph
    assert [(v.version, v.note) for v in store.versions("demo")][0] == (4, "restored version 1")
    assert session.undo() and session.graph.has_node("tau")  # undoable like any edit
    assert store.load("demo").has_node("tau")
    with pytest.raises(GraphError, match="no version 9"):
        session.restore_version(9)
    assert session.graph.has_node("tau")


def test_the_app_watches_no_files():
    """A file watcher over the repository watched .venv, data/ and the index and overflowed inotify."""
    import tomllib
    from pathlib import Path

    config = tomllib.loads((Path(__file__).resolve().parent.parent / ".streamlit" / "config.toml").read_text())
    assert config["server"]["fileWatcherType"] == "none"
