"""Workspaces: CRUD, version history, and that no failed or bad save ever loses a saved graph."""

from __future__ import annotations

import sqlite3
import threading
from datetime import UTC, datetime
from pathlib import Path

import pytest

from engine.model.graph import Edge, Evidence, Graph, GraphError, Node
from engine.settings import Settings
from engine.workspace.storage import WorkspaceError, WorkspaceExists, WorkspaceNotFound, WorkspaceStore


def _graph(question: str = "How does A affect B?", extra_nodes: int = 0) -> Graph:
    nodes = [Node(id="a", label="A"), Node(id="b", label="B")]
    nodes += [Node(id=f"n{i}", label=f"N{i}") for i in range(extra_nodes)]
    return Graph(question=question, nodes=nodes, edges=[Edge(id="a+>b", source="a", target="b")],
                 sources=["a"], targets=["b"]).validate_shapes()


def test_save_load_list(store: WorkspaceStore) -> None:
    assert store.list() == []
    store.save("smoking", _graph())
    store.save("diabetes", _graph("How does insulin affect glucose?", extra_nodes=2))
    assert store.load("smoking") == _graph()
    listed = {info.name: info for info in store.list()}
    assert set(listed) == {"smoking", "diabetes"}
    assert (listed["diabetes"].node_count, listed["diabetes"].edge_count) == (4, 1)
    assert listed["smoking"].updated_at.tzinfo is not None
    assert abs((datetime.now(UTC) - listed["smoking"].updated_at).total_seconds()) < 60
    assert store.list()[0].name == "diabetes"  # most recently updated first
    assert store.exists("smoking") and not store.exists("nothing")


def test_save_is_an_upsert_with_history(store: WorkspaceStore) -> None:
    store.save("w", _graph("first"))
    store.save("w", _graph("first"))  # unchanged: no new version
    store.save("w", _graph("second"), note="edited the question")
    assert store.load("w").question == "second"
    versions = store.versions("w")
    assert [v.version for v in versions] == [2, 1]
    assert versions[0].note == "edited the question"
    assert store.load_version("w", 1).question == "first"
    assert [info.version for info in store.list()] == [2]


def test_restore_keeps_everything(store: WorkspaceStore) -> None:
    store.save("w", _graph("first"))
    store.save("w", _graph("second"))
    restored = store.restore("w", 1)
    assert restored.graph.question == "first" and store.load("w").question == "first"
    assert [v.version for v in store.versions("w")] == [3, 2, 1]
    assert store.load_version("w", 2).question == "second"
    with pytest.raises(WorkspaceNotFound, match="no version 9"):
        store.restore("w", 9)


def test_invalid_graph_is_refused_and_previous_kept(store: WorkspaceStore) -> None:
    store.save("w", _graph())
    broken = _graph()
    broken.edges[0].target = "missing"  # pydantic models are mutable: validation must happen at save
    with pytest.raises(GraphError, match="unknown node 'missing'"):
        store.save("w", broken)
    not_json_safe = _graph()
    not_json_safe.edges[0].evidence = [Evidence(doc_id="d", sentence="s")]
    not_json_safe.edges[0].evidence[0].score = float("nan")  # assignment skips the model's finite check
    with pytest.raises(GraphError, match="round trip"):
        store.save("w", not_json_safe)
    with pytest.raises(GraphError, match="only a Graph"):
        store.save("w", {"nodes": []})  # type: ignore[arg-type]
    assert store.load("w") == _graph()
    assert len(store.versions("w")) == 1


def test_failed_database_write_keeps_the_last_good_graph(tmp_path: Path) -> None:
    path = tmp_path / "w.db"
    store = WorkspaceStore(f"sqlite:///{path}")
    store.save("w", _graph("good"))
    quick = WorkspaceStore(f"sqlite:///{path}", lock_timeout_s=0.2)
    # Another program holds the write lock: the save must fail cleanly, not half-write.
    locker = sqlite3.connect(path, timeout=0.1)
    locker.execute("BEGIN IMMEDIATE")
    with pytest.raises(WorkspaceError, match="failed: database is locked"):
        quick.save("w", _graph("never written"))
    locker.rollback()
    locker.close()
    assert store.load("w").question == "good"
    assert [v.version for v in store.versions("w")] == [1]
    store.close()
    quick.close()


def test_rename_and_delete(store: WorkspaceStore) -> None:
    store.save("old", _graph("one"))
    store.save("other", _graph("two"))
    with pytest.raises(WorkspaceExists, match="'other' already exists"):
        store.rename("old", "other")
    store.rename("old", "  new  ")
    assert store.load("new").question == "one"
    assert len(store.versions("new")) == 1
    with pytest.raises(WorkspaceNotFound, match="no workspace named 'old'"):
        store.load("old")
    store.delete("new")
    assert [info.name for info in store.list()] == ["other"]
    with pytest.raises(WorkspaceNotFound):
        store.versions("new")
    with pytest.raises(WorkspaceNotFound):
        store.delete("new")
    # The deleted workspace's versions went with it: a new one of that name starts at 1.
    store.save("new", _graph("three"))
    assert [v.version for v in store.versions("new")] == [1]


@pytest.mark.parametrize("name", ["", "   ", "x" * 201])
def test_bad_names(store: WorkspaceStore, name: str) -> None:
    with pytest.raises(WorkspaceError, match="name"):
        store.save(name, _graph())


def test_stored_graph_that_no_longer_validates_is_reported(tmp_path: Path) -> None:
    path = tmp_path / "w.db"
    store = WorkspaceStore(f"sqlite:///{path}")
    store.save("w", _graph())
    with sqlite3.connect(path) as connection:
        connection.execute("UPDATE causeway_workspaces SET graph_json = '{\"schema_version\": 99}'")
    with pytest.raises(WorkspaceError, match="workspace 'w' holds a graph that no longer validates"):
        store.load("w")
    assert store.load_version("w", 1) == _graph()  # the history still has it
    store.close()


def test_persists_across_store_objects(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'w.db'}"
    first = WorkspaceStore(url)
    first.save("w", _graph())
    first.close()
    second = WorkspaceStore(url)
    assert second.load("w") == _graph()
    second.close()


def test_default_url_comes_from_settings(tmp_path: Path) -> None:
    settings = Settings(data_dir=tmp_path / "data")
    store = WorkspaceStore(settings.resolved_database_url)
    store.save("w", _graph())
    assert (tmp_path / "data" / "workspaces.db").is_file()
    store.close()


def test_in_memory_database_is_shared_by_threads() -> None:
    store = WorkspaceStore("sqlite://")
    store.save("w", _graph())
    seen: list[Graph] = []
    reader = threading.Thread(target=lambda: seen.append(store.load("w")))
    reader.start()
    reader.join()
    assert seen == [_graph()]


def test_bad_url_is_a_clear_error() -> None:
    with pytest.raises(WorkspaceError, match="not a database URL"):
        WorkspaceStore("no url at all")
    with pytest.raises(WorkspaceError, match="cannot use database"):
        WorkspaceStore("nosuchdialect://user:secret@host/db")


def test_password_is_not_shown_in_errors() -> None:
    with pytest.raises(WorkspaceError) as caught:
        WorkspaceStore("nosuchdialect://user:secret@host/db")
    assert "secret" not in str(caught.value)


def test_concurrent_saves_lose_nothing(store: WorkspaceStore, tmp_path: Path) -> None:
    """Streamlit reruns save from several threads; every distinct save must become a version."""
    errors: list[BaseException] = []

    def saver(worker: int) -> None:
        try:
            for step in range(10):
                store.save("shared", _graph(f"worker {worker} step {step}"))
                store.list()
        except BaseException as exc:  # noqa: BLE001 - collected and asserted below
            errors.append(exc)

    threads = [threading.Thread(target=saver, args=(worker,)) for worker in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    versions = store.versions("shared")
    assert sorted(v.version for v in versions) == list(range(1, 41))
    questions = {store.load_version("shared", v.version).question for v in versions}
    assert len(questions) == 40


def test_state_and_view_are_saved_with_the_workspace(store: WorkspaceStore) -> None:
    state = {"scenario": {"interventions": {"a": "decreasing"}, "observations": {}}, "last_change": "a set"}
    store.save("w", _graph(), state=state)
    store.save_view("w", {"selected_node": "b"})
    current = store.snapshot("w")
    assert (current.version, current.state, current.view) == (1, state, {"selected_node": "b"})
    # A new state alone is a new version; the view is not versioned and stays.
    changed = {**state, "scenario": {"interventions": {"a": "increasing"}, "observations": {}}}
    assert store.save("w", _graph(), state=changed).version == 2
    assert store.save("w", _graph(), state=changed).version == 2  # unchanged: no version
    assert store.snapshot("w").view == {"selected_node": "b"}
    assert store.snapshot("w", 1).state == state and store.snapshot("w", 1).view is None
    with pytest.raises(GraphError, match="not plain JSON"):
        store.save("w", _graph(), state={"x": float("nan")})
    assert store.snapshot("w").state == changed


def test_a_new_workspace_never_overwrites_another(store: WorkspaceStore) -> None:
    store.save("w", _graph("first"), new=True)
    with pytest.raises(WorkspaceExists, match="already exists"):
        store.save("w", _graph("second"), new=True)
    assert store.load("w").question == "first"
    assert [v.version for v in store.versions("w")] == [1]


def test_a_stale_save_is_kept_aside_not_made_current(store: WorkspaceStore) -> None:
    """Two sessions open version 1; the second to save neither drops the first's edit nor wins silently."""
    store.save("w", _graph("opened"))
    first = store.save("w", _graph("first session's edit"), based_on=1)
    assert (first.version, first.current) == (2, True)
    second = store.save("w", _graph("second session's edit"), based_on=1)
    assert (second.version, second.current, second.latest) == (3, False, 2)
    assert store.load("w").question == "first session's edit"  # still current
    history = {v.version: v for v in store.versions("w")}
    assert history[3].kept_aside and "made from v1 while v2" in history[3].note
    assert store.load_version("w", 3).question == "second session's edit"  # both kept
    assert store.current_version("w") == 2
    # Choosing the kept-aside version makes it current, as a new version.
    assert store.restore("w", 3).version == 4 and store.load("w").question == "second session's edit"
    with pytest.raises(WorkspaceNotFound, match="deleted meanwhile"):
        store.save("gone", _graph(), based_on=1)


def test_an_older_database_gains_the_new_columns(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    with sqlite3.connect(path) as connection:  # the tables as the first release created them
        connection.executescript("""
            CREATE TABLE causeway_workspaces (id INTEGER PRIMARY KEY, name VARCHAR(200) UNIQUE, graph_json TEXT,
                version INTEGER, node_count INTEGER, edge_count INTEGER, created_at DATETIME, updated_at DATETIME);
            CREATE TABLE causeway_workspace_versions (id INTEGER PRIMARY KEY, workspace_id INTEGER, version INTEGER,
                graph_json TEXT, node_count INTEGER, edge_count INTEGER, note VARCHAR(500), saved_at DATETIME,
                UNIQUE (workspace_id, version));
        """)
        text = _graph("old").to_json(indent=None)
        connection.execute("INSERT INTO causeway_workspaces VALUES (1, 'old', ?, 1, 2, 1, '2025-01-01', '2025-01-01')",
                           (text,))
        connection.execute("INSERT INTO causeway_workspace_versions VALUES (1, 1, 1, ?, 2, 1, '', '2025-01-01')",
                           (text,))
    store = WorkspaceStore(f"sqlite:///{path}")
    old = store.snapshot("old")
    assert (old.graph.question, old.state, old.view) == ("old", None, None)
    assert not store.versions("old")[0].kept_aside
    store.save("old", _graph("new"), state={"scenario": {}}, based_on=1)
    assert store.snapshot("old").state == {"scenario": {}}
    store.close()


def test_a_new_state_alone_keeps_the_graph_of_its_version(store: WorkspaceStore) -> None:
    store.save("w", _graph("first"), state={"scenario": 1})
    store.save("w", _graph("second"), state={"scenario": 1})
    assert store.save_state("w", {"scenario": 2}, based_on=2, note="toggled").version == 3
    assert store.snapshot("w").graph.question == "second" and store.snapshot("w").state == {"scenario": 2}
    stale = store.save_state("w", {"scenario": 3}, based_on=1)  # made from version 1: kept aside
    assert not stale.current and store.snapshot("w", stale.version).graph.question == "first"
    assert store.snapshot("w").state == {"scenario": 2}
