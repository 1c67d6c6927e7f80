"""Workspaces and measurements in Debian's Chromium (issue 16, parts 2 and 3): a new question never
saves onto another workspace, a reload restores the scenario, two browser sessions saving one
workspace both keep their edits, and a measurement shows repairs that relabel when applied.
Screenshots go to tests/artifacts/."""

from __future__ import annotations

import re

import pytest

from browser_support import ARTIFACTS, first_example, go_to, settle, wait_idle
from engine.workspace.storage import WorkspaceStore
from test_app_browser import ASK_TIMEOUT_MS, _labels, _open_example_graph, _pick

pytestmark = pytest.mark.browser


def _store(app_server) -> WorkspaceStore:
    return WorkspaceStore(f"sqlite:///{app_server.data_dir / 'workspaces.db'}")


def _save_as(page, name: str) -> None:
    sidebar = page.get_by_test_id("stSidebar")
    sidebar.locator(".st-key-workspace_save_name input").fill(name)
    sidebar.get_by_role("button", name="Save workspace").click()
    settle(page)


def _shot(page, name: str, height: int = 2000) -> None:
    """The whole page: Streamlit scrolls inside its main block, so the window is made tall enough."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    size = page.viewport_size
    page.set_viewport_size({"width": size["width"], "height": height})
    page.wait_for_timeout(300)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)
    page.set_viewport_size(size)


def test_save_then_a_new_question_then_save_never_touches_the_first(app_server, page, tmp_path):
    if not (app_server.index_dir / "manifest.json").exists():
        pytest.skip(f"no default index in {app_server.index_dir}: run `python -m corpus ensure`")
    _open_example_graph(page, tmp_path)
    _save_as(page, "first")
    store = _store(app_server)
    first = store.load("first")

    go_to(page, "Ask")
    example = first_example(page)
    question = example.inner_text()
    example.click()
    settle(page)
    page.get_by_role("button", name="Ask", exact=True).click()
    settle(page, timeout_ms=ASK_TIMEOUT_MS)
    sidebar = page.get_by_test_id("stSidebar")
    # The sidebar names the workspace on screen: the new question's, not saved yet.
    assert f"On screen: {question} — not saved yet" in sidebar.inner_text()
    assert sidebar.locator(".st-key-workspace_save_name input").input_value() == question
    assert "workspace=" not in page.url
    _shot(page, "workspace_new_question_unsaved")
    sidebar.get_by_role("button", name="Save workspace").click()
    settle(page)
    assert sorted(info.name for info in store.list()) == sorted(["first", question])
    assert store.load("first") == first and len(store.versions("first")) == 1

    # Typing the first one's name is refused until the box is ticked.
    _save_as(page, "first")
    assert "already exists and was left as it is" in sidebar.inner_text()
    assert store.load("first") == first
    _shot(page, "workspace_save_refused")


def test_reload_restores_the_scenario(page, tmp_path):
    _open_example_graph(page, tmp_path)
    _save_as(page, "scenario demo")
    page.locator(".st-key-graph_page_set_smoking button", has_text=re.compile("^inactive$")).click()
    settle(page)
    assert _labels(page)["neuronal death"] == "■ stable"
    page.reload()
    wait_idle(page)
    assert _labels(page)["smoking"] == "○ inactive (set)"
    assert _labels(page)["neuronal death"] == "■ stable"
    assert "Last change: smoking set inactive" in page.get_by_test_id("stMain").inner_text()
    assert "On screen: scenario demo" in page.get_by_test_id("stSidebar").inner_text()
    _shot(page, "workspace_reload_restores_scenario")


def test_two_sessions_saving_one_workspace_keep_both_edits(app_server, browser, page, tmp_path):
    _open_example_graph(page, tmp_path)
    _save_as(page, "shared")
    url = page.url
    other_context = browser.new_context(viewport={"width": 1500, "height": 1100})
    other = other_context.new_page()
    other.set_default_timeout(30_000)
    try:
        other.goto(url)
        wait_idle(other)
        for tab, label in ((page, "tau"), (other, "apoE")):
            tab.get_by_role("tab", name="Edit nodes").click()
            tab.locator(".st-key-node_add_label input").fill(label)
            tab.get_by_role("button", name="Add node").click()
            settle(tab)
        sidebar = other.get_by_test_id("stSidebar")
        assert "was saved in another session" in sidebar.inner_text()
        store = _store(app_server)
        assert store.load("shared").has_node("tau") and not store.load("shared").has_node("apoe")
        kept = [v for v in store.versions("shared") if v.kept_aside]
        assert len(kept) == 1 and store.load_version("shared", kept[0].version).has_node("apoe")
        _shot(other, "workspace_concurrent_save_conflict")
        sidebar.get_by_role("button", name=re.compile(r"^Make mine \(v\d+\) current$")).click()
        settle(other)
        assert store.load("shared").has_node("apoe") and not store.load("shared").has_node("tau")
        assert any(store.load_version("shared", v.version).has_node("tau") for v in store.versions("shared"))
        sidebar.get_by_text("History").click()
        _shot(other, "workspace_concurrent_history")
    finally:
        other_context.close()


def test_a_measurement_shows_a_repair_and_applying_it_relabels(page, tmp_path):
    _open_example_graph(page, tmp_path)
    page.get_by_role("tab", name="Measurements").click()
    _pick(page, page.locator(".st-key-measure_node input"), re.compile("^neuronal death$"))
    page.locator(".st-key-measure_value_quantity button", has_text=re.compile("^not up$")).click()
    settle(page)
    page.get_by_role("button", name="Mark measured").click()
    settle(page)
    main = page.get_by_test_id("stMain")
    assert "The graph cannot explain these measurements." in main.inner_text()
    assert ("measured neuronal death not up against oxidative stress → neuronal death (influence +); "
            "smoking → oxidative stress (triggers +)") in main.inner_text()
    page.wait_for_selector('iframe[title="streamlit_agraph.agraph"] >> nth=1')  # the clash, drawn
    wait_idle(page)
    repair = main.get_by_text(re.compile(r"^\d+\. flip the sign of oxidative stress → neuronal death"))
    _shot(page, "measurement_repairs", height=2500)
    rank = int(repair.inner_text().split(".")[0])
    page.locator(f".st-key-repair_apply_0_{rank} button").click()
    settle(page)
    assert _labels(page)["neuronal death"] == "▼ decreasing"
    assert "The graph explains these measurements." in main.inner_text()
    _shot(page, "measurement_repair_applied")
    page.get_by_role("button", name="Undo this repair").click()
    settle(page)
    assert _labels(page)["neuronal death"] == "▲ increasing"
