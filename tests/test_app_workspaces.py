"""AppTest: workspaces in the sidebar — save, reopen after a reload, rename, delete, import."""

from __future__ import annotations

from app_graphs import smoking_graph
from app_harness import (
    assert_clean,
    labels,
    markdown_text,
    messages,
    new_app,
    plain,
    open_graph_page,
    page_path,
    store_for,
)


def _graph_page_with_empty_graph(monkeypatch, tmp_path):
    app = new_app(monkeypatch, tmp_path)
    app.switch_page(page_path("graph")).run()
    app.button[-1].click().run()  # "Start an empty graph"
    app.text_input(key="node_add_label").input("amyloid beta")
    next(b for b in app.button if b.label == "Add node").click().run()
    assert_clean(app)
    return app


def _save_as(app, name: str):
    app.text_input(key="workspace_save_name").input(name)
    next(b for b in app.button if b.label == "Save workspace").click().run()
    assert_clean(app)
    return app


def test_save_then_reload_reopens_the_workspace(monkeypatch, tmp_path):
    app = _save_as(_graph_page_with_empty_graph(monkeypatch, tmp_path), "alpha")
    assert [info.name for info in store_for(tmp_path).list()] == ["alpha"]
    assert app.query_params["workspace"] in (["alpha"], "alpha")  # the URL names it, for reloads

    # Later edits autosave under the name.
    app.text_input(key="node_add_label").input("tau")
    next(b for b in app.button if b.label == "Add node").click().run()
    assert sorted(n.label for n in store_for(tmp_path).load("alpha").nodes) == ["amyloid beta", "tau"]

    reloaded = new_app(monkeypatch, tmp_path)  # a browser reload: new session, same URL
    reloaded.query_params["workspace"] = "alpha"
    reloaded.switch_page(page_path("graph")).run()
    assert_clean(reloaded)
    assert set(labels(reloaded)) == {"amyloid beta", "tau"}


def test_stale_workspace_link_is_a_warning(monkeypatch, tmp_path):
    app = new_app(monkeypatch, tmp_path)
    app.query_params["workspace"] = "gone"
    app.run()
    assert not app.exception
    assert any("gone" in w.value for w in app.warning)


def test_rename_and_delete(monkeypatch, tmp_path):
    app = open_graph_page(new_app(monkeypatch, tmp_path), tmp_path, smoking_graph(), name="first")
    app.selectbox(key="workspace_pick").set_value("first").run()
    app.text_input(key="workspace_new_name").input("second")
    app.button(key="workspace_rename").click().run()
    assert_clean(app)
    assert [info.name for info in store_for(tmp_path).list()] == ["second"]
    assert any("second" in str(c.value) for c in app.sidebar.caption)

    app.selectbox(key="workspace_pick").set_value("second").run()
    app.button(key="workspace_delete").click().run()
    assert_clean(app)
    assert store_for(tmp_path).list() == []


def test_import_json_and_refuse_a_bad_file(monkeypatch, tmp_path):
    app = new_app(monkeypatch, tmp_path)
    app.switch_page(page_path("graph")).run()
    app.file_uploader(key="workspace_import").upload("broken.json", b'{"nodes": [{"id": 1}]', "application/json").run()
    app.button(key="workspace_import_go").click().run()
    assert not app.exception
    assert app.error and "broken.json" in messages(app)

    data = smoking_graph().to_json().encode()
    app.file_uploader(key="workspace_import").upload("smoking.json", data, "application/json").run()
    app.button(key="workspace_import_go").click().run()
    assert_clean(app)
    assert set(labels(app)) == {"smoking", "oxidative stress", "neuronal death", "exercise"}


def test_exports_are_offered(monkeypatch, tmp_path):
    app = open_graph_page(new_app(monkeypatch, tmp_path), tmp_path, smoking_graph())
    assert {b.label for b in app.get("download_button")} >= {"JSON", "GraphML", "HTML page", "Markdown"}


def test_import_graphml(monkeypatch, tmp_path):
    from engine.explain.export import to_graphml

    app = new_app(monkeypatch, tmp_path)
    app.switch_page(page_path("graph")).run()
    data = to_graphml(smoking_graph()).encode()
    app.file_uploader(key="workspace_import").upload("smoking.graphml", data, "application/xml").run()
    app.button(key="workspace_import_go").click().run()
    assert_clean(app)
    assert labels(app)["neuronal death"] == "▲ increasing"


def test_history_lists_each_change_and_restores_an_earlier_version(monkeypatch, tmp_path):
    app = open_graph_page(new_app(monkeypatch, tmp_path), tmp_path, smoking_graph(), name="first")
    assert any("earlier versions will be listed" in str(c.value) for c in app.sidebar.caption)
    app.selectbox(key="edge_pick").set_value("oxidative_stress+>neuronal_death")
    next(b for b in app.button if b.label == "Flip sign").click().run()
    assert labels(app)["neuronal death"] == "▼ decreasing"

    history = app.selectbox(key="workspace_version")
    assert history.options[0].startswith("v2 ·") and "flipped the sign" in history.options[0]
    assert app.button(key="workspace_restore").disabled  # the latest is already current
    history.set_value(1).run()
    app.button(key="workspace_restore").click().run()
    assert_clean(app)
    assert labels(app)["neuronal death"] == "▲ increasing"
    store = store_for(tmp_path)
    notes = [(v.version, v.note) for v in store.versions("first")]
    assert notes[0] == (3, "restored version 1") and notes[1][0] == 2 and "flipped the sign" in notes[1][1]
    assert store.load("first").edge("oxidative_stress+>neuronal_death").sign == 1


def _import(app, graph, file_name: str):
    """Open a new graph as a new question would: a new, unsaved workspace."""
    app.file_uploader(key="workspace_import").upload(file_name, graph.to_json().encode(), "application/json").run()
    app.button(key="workspace_import_go").click().run()
    assert_clean(app)
    return app


def test_save_then_a_new_question_then_save_never_touches_the_first(monkeypatch, tmp_path):
    app = new_app(monkeypatch, tmp_path)
    app.switch_page(page_path("graph")).run()
    app = _save_as(_import(app, smoking_graph(), "smoking.json"), "first")
    other = smoking_graph().model_copy(update={"question": "How does exercise affect neuronal death?"})
    _import(app, other, "exercise.json")
    # The sidebar names the new, unsaved workspace after its question and suggests that name.
    captions = plain(" ".join(str(c.value) for c in app.sidebar.caption))
    assert "How does exercise affect neuronal death?" in captions and "not saved yet" in captions
    assert app.text_input(key="workspace_save_name").value == "How does exercise affect neuronal death?"
    next(b for b in app.button if b.label == "Save workspace").click().run()
    store = store_for(tmp_path)
    assert sorted(i.name for i in store.list()) == ["How does exercise affect neuronal death?", "first"]
    assert store.load("first").question == smoking_graph().question and len(store.versions("first")) == 1

    # Typing the first one's name is refused with a clear message; only the explicit choice saves onto it.
    _import(app, other.model_copy(update={"question": "a third"}), "third.json")
    app.text_input(key="workspace_save_name").input("first")
    next(b for b in app.button if b.label == "Save workspace").click().run()
    assert "already exists" in messages(app) and len(store.versions("first")) == 1
    app.checkbox(key="workspace_replace").check()
    next(b for b in app.button if b.label == "Save workspace").click().run()
    assert_clean(app)
    assert store.load("first").question == "a third" and len(store.versions("first")) == 2


def test_reload_restores_the_scenario(monkeypatch, tmp_path):
    app = open_graph_page(new_app(monkeypatch, tmp_path), tmp_path, smoking_graph(), name="first")
    app.segmented_control(key="graph_page_set_smoking").set_value("inactive").run()
    assert labels(app)["neuronal death"] == "■ stable"
    reloaded = new_app(monkeypatch, tmp_path)
    reloaded.query_params["workspace"] = "first"
    reloaded.switch_page(page_path("graph")).run()
    assert_clean(reloaded)
    assert "stable" in labels(reloaded)["neuronal death"]
    assert "smoking set inactive" in markdown_text(reloaded)  # the last change's contrast is back


def test_a_stale_save_in_the_sidebar_offers_both_versions(monkeypatch, tmp_path):
    from engine.workspace import edits

    app = open_graph_page(new_app(monkeypatch, tmp_path), tmp_path, smoking_graph(), name="shared")
    store = store_for(tmp_path)
    store.save("shared", edits.add_node(smoking_graph(), "tau"), note="another browser's edit", based_on=1)
    app.text_input(key="node_add_label").input("apoE")
    next(b for b in app.button if b.label == "Add node").click().run()
    assert "saved in another session" in messages(app)
    assert store.load("shared").has_node("tau") and not store.load("shared").has_node("apoe")
    app.button(key="workspace_take_latest").click().run()
    assert_clean(app)
    assert set(labels(app)) >= {"tau"} and "apoE" not in labels(app)
    kept = [v for v in store.versions("shared") if v.kept_aside]
    assert len(kept) == 1 and store.load_version("shared", kept[0].version).has_node("apoe")


def test_the_saved_workspaces_picker_follows_the_workspace_on_screen(monkeypatch, tmp_path):
    app = open_graph_page(new_app(monkeypatch, tmp_path), tmp_path, smoking_graph(), name="first")
    assert app.selectbox(key="workspace_pick").value == "first"
    _import(app, smoking_graph().model_copy(update={"question": "another question"}), "another.json")
    assert app.selectbox(key="workspace_pick").value is None  # the new one is unsaved
    _save_as(app, "second")
    assert app.selectbox(key="workspace_pick").value == "second"


def test_a_team_database_round_trip_through_the_app(monkeypatch, tmp_path, postgres_server):
    """CAUSEWAY_DATABASE_URL set to a real PostgreSQL server: save, edit, reload, as on SQLite."""
    from engine.workspace.storage import WorkspaceStore

    url = postgres_server.new_database()
    monkeypatch.setenv("CAUSEWAY_DATABASE_URL", url)
    app = new_app(monkeypatch, tmp_path)
    app.switch_page(page_path("graph")).run()
    _save_as(_import(app, smoking_graph(), "smoking.json"), "team graph")
    app.segmented_control(key="graph_page_set_smoking").set_value("inactive").run()
    store = WorkspaceStore(url)
    assert [info.name for info in store.list()] == ["team graph"] and len(store.versions("team graph")) == 2
    assert not (tmp_path / "workspaces.db").exists()  # nothing went to the default SQLite file

    reloaded = new_app(monkeypatch, tmp_path)
    reloaded.query_params["workspace"] = "team graph"
    reloaded.switch_page(page_path("graph")).run()
    assert_clean(reloaded)
    assert labels(reloaded)["neuronal death"] == "■ stable"
    store.close()
