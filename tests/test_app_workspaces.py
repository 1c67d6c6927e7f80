"""AppTest: workspaces in the sidebar — save, reopen after a reload, rename, delete, import."""

from __future__ import annotations

from app_graphs import smoking_graph
from app_harness import assert_clean, labels, messages, new_app, open_graph_page, page_path, store_for


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
    from engine.export import to_graphml

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
