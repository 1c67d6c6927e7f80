"""The app in Debian's Chromium, used as a new user would (DESIGN §8, issue 4).

Each test starts from a fresh browser context against one app server for the module. Screenshots go
to tests/artifacts/ (ignored by git). Timings measured here (first page served, relabel after a toggle)
are written to tests/artifacts/app_timings.json for BENCHMARKS.md.
"""

from __future__ import annotations

import json
import re
import statistics
import time
from pathlib import Path

import pytest

from app_graphs import smoking_graph
from browser_support import ARTIFACTS, ask_first_example, go_to, import_graph, settle, upload_chain_table

pytestmark = pytest.mark.browser

XSS_LABEL = "<img src=x onerror=alert(1)>"
TIMINGS_FILE = ARTIFACTS / "app_timings.json"
ASK_TIMEOUT_MS = 240_000

# Runs in the page: click a segmented-control option, then time (a) the moment the labels table
# shows the expected label for the node and (b) the moment the graph's canvas pixels change.
RELABEL_TIMING_JS = """
async ([container, option, node, expected]) => {
  const canvasNow = () => {
    const frame = document.querySelector('iframe[title="streamlit_agraph.agraph"]');
    return frame && frame.contentDocument && frame.contentDocument.querySelector('canvas');
  };
  while (!canvasNow()) await new Promise(r => setTimeout(r, 20));
  const canvas = canvasNow();
  const before = canvas.toDataURL();
  const button = [...document.querySelectorAll(container + ' button')]
      .find(b => b.innerText.trim() === option);
  const labelShown = () => [...document.querySelectorAll('[data-testid="stMarkdownContainer"] table tr')].some(
      r => r.cells.length > 2 && r.cells[0].innerText.trim() === node && r.cells[2].innerText.trim() === expected);
  const t0 = performance.now();
  const table = new Promise(resolve => {
    const observer = new MutationObserver(() => {
      if (labelShown()) { observer.disconnect(); resolve(performance.now() - t0); }
    });
    observer.observe(document.body, {subtree: true, childList: true, characterData: true});
  });
  const graph = new Promise(resolve => {
    const poll = () => canvas.toDataURL() !== before ? resolve(performance.now() - t0) : requestAnimationFrame(poll);
    requestAnimationFrame(poll);
  });
  button.click();
  return [await table, await graph];
}
"""


# --- helpers -------------------------------------------------------------------------------------

def _record_timing(name: str, value: object) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    timings = json.loads(TIMINGS_FILE.read_text()) if TIMINGS_FILE.exists() else {}
    timings[name] = value
    TIMINGS_FILE.write_text(json.dumps(timings, indent=2))


def _open_labels(page) -> None:
    """Unfold the labels table where the page starts it folded (a large graph)."""
    fold = page.locator("details").filter(has=page.locator("summary", has_text="Labels of all")).first
    if fold.count() and fold.get_attribute("open") is None:
        fold.locator("summary").click()
        fold.locator("table").first.wait_for()


def _label_rows(page) -> list[list[str]]:
    """The labels table's rows: node, role, label, changed."""
    _open_labels(page)
    table = page.get_by_test_id("stMarkdownContainer").locator("table").filter(has_text="changed").first
    rows = table.locator("tbody tr")
    return [rows.nth(i).locator("td").all_inner_texts() for i in range(rows.count())]


def _labels(page) -> dict[str, str]:
    return {row[0].strip(): row[2].strip() for row in _label_rows(page)}


def _roles(page) -> dict[str, str]:
    return {row[0].strip(): row[1].strip() for row in _label_rows(page)}


def _open_example_graph(page, folder: Path) -> None:
    """Import the smoking example through the sidebar, as a user would, and open the Graph page."""
    graph_file = folder / "smoking.json"
    graph_file.write_text(smoking_graph().to_json())
    import_graph(page, graph_file)
    go_to(page, "Graph")
    page.wait_for_selector('iframe[title="streamlit_agraph.agraph"]')
    settle(page)


def _choose(page, container: str, text: str) -> None:
    """Pick the selectbox option that starts with ``text`` by typing it, as a keyboard user would."""
    box = page.locator(f"{container} input")
    box.click()
    box.fill(text)
    page.get_by_role("option").filter(has_text=text).first.click()


def _pick(page, box, option: re.Pattern[str], attempts: int = 5) -> None:
    """Open the selectbox ``box`` and choose ``option``. The graph component may rerun the page just
    after it settles (its first value), which closes an open list, so the choice is retried until
    the box shows it."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    for _ in range(attempts):
        box.click()
        try:
            page.get_by_role("option").filter(has_text=option).click(timeout=2_000)
        except PlaywrightTimeout:
            continue
        settle(page)
        if option.search(box.input_value()):
            return
    raise AssertionError(f"could not choose {option.pattern!r} in {attempts} attempts")


def _explanation(page) -> str:
    return page.locator(".st-key-graph_page_answer").inner_text()


# --- tests ---------------------------------------------------------------------------------------

def test_first_page_served_within_five_seconds(app_server, page):
    # The first test of the module: the server was started for it, and the page fixture has just
    # loaded the Ask page and waited until its script run finished.
    rendered_s = time.monotonic() - app_server.started
    _record_timing("first_page_served_s", round(app_server.first_page_s, 2))
    _record_timing("first_page_rendered_s", round(rendered_s, 2))
    assert page.locator("h1").first.inner_text() == "Ask"
    assert app_server.first_page_s < 5.0


def test_ask_an_example_then_toggle_the_source(app_server, page):
    if not (app_server.index_dir / "manifest.json").exists():
        pytest.skip(f"no default index in {app_server.index_dir}: run `python -m corpus ensure`")
    question = ask_first_example(page, ASK_TIMEOUT_MS)
    assert not page.get_by_test_id("stAlertContentError").count(), question
    caption = page.get_by_text(re.compile(r"^Graph: \d+ nodes")).inner_text()
    assert int(re.search(r"(\d+) nodes", caption).group(1)) >= 3, caption
    page.wait_for_selector('iframe[title="streamlit_agraph.agraph"]')
    body = page.get_by_test_id("stMain").inner_text()
    assert re.search(r"\[\d+\]", body), "the answer cites no reference"
    assert "References" in body
    page.screenshot(path=str(ARTIFACTS / "ask_answer.png"), full_page=True)

    go_to(page, "Graph")
    before, roles = _labels(page), _roles(page)
    target = next(node for node, role in roles.items() if role == "target")
    answer_before = _explanation(page)
    source = next(node for node, role in roles.items() if role == "source")
    current = before[source].split()[1]  # "▲ increasing (set)" → "increasing"
    flip = {"increasing": "decreasing", "decreasing": "increasing", "active": "inactive", "inactive": "active"}
    control = page.locator('[class*="st-key-graph_page_set_"]').first
    control.locator("button", has_text=re.compile(f"^{flip[current]}$")).click()
    settle(page)
    after = _labels(page)
    assert after[target] != before[target], (target, before[target])
    assert _explanation(page) != answer_before


def test_toggle_relabels_fast_and_edge_flip_reaches_downstream(page, tmp_path):
    _open_example_graph(page, tmp_path)
    assert _labels(page)["neuronal death"] == "▲ increasing"

    container = ".st-key-graph_page_set_smoking"
    samples = []
    for option, expected in [("inactive", "■ stable"), ("active", "▲ increasing")] * 5:
        table_ms, canvas_ms = page.evaluate(RELABEL_TIMING_JS, [container, option, "neuronal death", expected])
        samples.append({"table_ms": round(table_ms, 1), "graph_ms": round(canvas_ms, 1)})
        settle(page)
    table_median = statistics.median(s["table_ms"] for s in samples)
    graph_median = statistics.median(s["graph_ms"] for s in samples)
    _record_timing("relabel_after_toggle", {"median_table_ms": table_median, "median_graph_ms": graph_median,
                                            "samples": samples})
    # The target is 300 ms; BENCHMARKS.md has the figures and the machine load they were taken under.
    # The bound is twice that because test machines are shared and busy; it still catches the
    # regressions seen while building this (full garbage collections per rerun: 1.2 s).
    assert table_median < 600 and graph_median < 600, samples

    page.get_by_role("tab", name="Edit edges").click()
    _choose(page, ".st-key-edge_pick", "oxidative stress → neuronal death")
    page.get_by_role("button", name="Flip sign").click()
    settle(page)
    assert _labels(page)["neuronal death"] == "▼ decreasing"
    assert _labels(page)["oxidative stress"] == "▲ increasing"


def test_save_reload_and_find_the_workspace(page, tmp_path):
    _open_example_graph(page, tmp_path)
    page.get_by_role("tab", name="Edit nodes").click()
    page.locator(".st-key-node_add_label input").fill("microglial activation")
    page.get_by_role("button", name="Add node").click()
    settle(page)
    sidebar = page.get_by_test_id("stSidebar")
    sidebar.locator(".st-key-workspace_save_name input").fill("browser demo")
    sidebar.get_by_role("button", name="Save workspace").click()
    settle(page)
    assert "workspace=browser+demo" in page.url or "workspace=browser%20demo" in page.url
    before = _labels(page)

    page.reload()
    settle(page)
    assert page.locator("h1").first.inner_text() == "Graph"
    assert _labels(page) == before
    assert "microglial activation" in before
    assert "browser demo" in sidebar.inner_text()

    # Every change is a version: restoring the first one takes a later addition away again.
    page.get_by_role("tab", name="Edit nodes").click()
    page.locator(".st-key-node_add_label input").fill("astrocyte reactivity")
    page.get_by_role("button", name="Add node").click()
    settle(page)
    assert "astrocyte reactivity" in _labels(page)
    sidebar.get_by_text("History").click()
    _pick(page, sidebar.locator(".st-key-workspace_version input"), re.compile(r"^v1 ·"))
    sidebar.get_by_role("button", name="Restore this version").click()
    settle(page)
    assert _labels(page) == before


def test_markup_in_a_label_stays_text(page, tmp_path):
    graph = smoking_graph()
    graph.nodes[3] = graph.nodes[3].model_copy(update={"label": XSS_LABEL})
    graph_file = tmp_path / "xss.json"
    graph_file.write_text(graph.to_json())
    import_graph(page, graph_file)
    go_to(page, "Graph")
    assert XSS_LABEL in _labels(page)
    page.get_by_role("tab", name="Edit nodes").click()
    assert page.get_by_text(XSS_LABEL).count() >= 1
    frame = page.frame_locator('iframe[title="streamlit_agraph.agraph"]')
    assert frame.locator("img[src=x]").count() == 0
    assert page.locator("img[src=x]").count() == 0

    # The exported standalone page shows it as text too.
    page.get_by_role("tab", name="Export").click()
    with page.expect_download() as download:
        page.get_by_role("button", name="HTML page").click()
    exported = Path(download.value.path()).read_text()
    viewer = page.context.new_page()
    viewer.set_content(exported)
    viewer.wait_for_timeout(500)
    assert viewer.locator("img[src=x]").count() == 0
    viewer.close()
    assert page.dialogs == [], page.dialogs


def test_upload_a_csv_and_see_the_discovered_graph(page, tmp_path):
    upload_chain_table(page, tmp_path)
    _choose(page, ".st-key-discovery_method", "DirectLiNGAM")
    page.get_by_role("button", name="Discover").click()
    settle(page, timeout_ms=180_000)
    assert page.get_by_role("heading", name="Discovered graph").count() == 1
    page.wait_for_selector('iframe[title="streamlit_agraph.agraph"]')
    rows = page.get_by_test_id("stTable").first.locator("tbody tr").all_inner_texts()
    assert any("exercise" in r and "oxidative stress" in r and "−" in r for r in rows), rows


def test_clicking_a_node_opens_its_evidence(page, tmp_path):
    _open_example_graph(page, tmp_path)
    page.get_by_role("tab", name="Evidence").click()
    box = page.locator('iframe[title="streamlit_agraph.agraph"]').bounding_box()
    heading = page.get_by_test_id("stMain").locator("h4")
    # vis-network draws on a canvas, so the test clicks across it, as a user hunting for a node would.
    # A click on a node reruns the page; wait for that before the next click, or clicks pile up.
    found, shown = False, ""
    for y in range(int(box["height"] * 0.3), int(box["height"] * 0.7), 12):
        for x in range(20, int(box["width"]) - 20, 20):
            page.mouse.click(box["x"] + x, box["y"] + y)
            page.wait_for_timeout(40)
            now = heading.first.inner_text() if heading.count() else ""
            if now != shown:
                settle(page)
                shown = heading.first.inner_text() if heading.count() else ""
                found = shown == "neuronal death"
            if found:
                break
        if found:
            break
    assert found, "no click on the graph selected the node 'neuronal death'"
    settle(page)
    panel = page.get_by_role("tabpanel").filter(visible=True).first.inner_text()
    assert "Justified by" in panel
    assert "Oxidative stress promotes neuronal death." in panel
    assert "Paper pmid:2" in panel
