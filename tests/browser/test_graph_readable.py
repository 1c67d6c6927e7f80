"""Graphs a person can read (issue 16 part 1; the focused default view of issue 15), in Chromium.

The text height on screen is measured from the drawing itself: the zoom vis-network chose when it fitted
the graph into its frame, times each node's font size. Screenshots go to tests/artifacts/, the
measurements to tests/artifacts/graph_legibility.json.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from browser_support import ARTIFACTS, REPO_ROOT, ask_first_example, first_example, go_to, import_graph, probe_drawing, settle

pytestmark = pytest.mark.browser

MIN_TEXT_PX = 12.0
MAX_FOCUS_NODES = 15
ASK_TIMEOUT_MS = 240_000
MEASURES = ARTIFACTS / "graph_legibility.json"
SHARED_DATA = Path(os.environ.get("CAUSEWAY_SHARED_DATA", REPO_ROOT.parent / "shared" / "data"))
SACHS_TABLE = SHARED_DATA / "sachs" / "cd3cd28_observational_853.csv"


def _record(name: str, drawing: dict) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    measures = json.loads(MEASURES.read_text()) if MEASURES.exists() else {}
    measures[name] = {"nodes": drawing["nodes"], "zoom": round(drawing["scale"], 3),
                      "min_node_text_px": round(min(drawing["text_px"]), 1),
                      "min_edge_text_px": round(min(drawing["edge_text_px"], default=0), 1),
                      "canvas_px": drawing["canvas"]}
    MEASURES.write_text(json.dumps(measures, indent=2))


def _assert_legible(drawing: dict) -> None:
    assert drawing["nodes"] > 0
    assert min(drawing["text_px"]) >= MIN_TEXT_PX, drawing
    assert drawing["inside"], "a node lies outside the frame at the default zoom"
    assert drawing["navigation_buttons"] == 0, "navigation buttons would cover nodes"


def test_first_page_says_what_the_library_holds(app_server, page):
    if not (app_server.index_dir / "manifest.json").exists():
        pytest.skip(f"no default index in {app_server.index_dir}")
    manifest = json.loads((app_server.index_dir / "manifest.json").read_text())
    note = page.get_by_test_id("stAlert").first.inner_text()
    assert f"{manifest['documents']:,}" in note and "Corpus" in note, note


def test_example_question_draws_its_paths_legibly(app_server, page):
    if not (app_server.index_dir / "manifest.json").exists():
        pytest.skip(f"no default index in {app_server.index_dir}: run `python -m corpus ensure`")
    question = ask_first_example(page, ASK_TIMEOUT_MS)
    assert not page.get_by_test_id("stAlertContentError").count(), question
    drawing = probe_drawing(page)
    page.screenshot(path=str(ARTIFACTS / "example_question_default_view.png"), full_page=True)
    _record("example question, default view", drawing)
    _assert_legible(drawing)
    assert drawing["nodes"] <= MAX_FOCUS_NODES, drawing["nodes"]
    caption = page.get_by_text("Drawing the nodes on paths").first.inner_text()
    assert f"{drawing['nodes']} of" in caption, caption

    # Expanding every listed regulator draws more nodes, and the text stays legible up to 60 nodes.
    page.get_by_text("Draw the whole graph").first.click()
    settle(page)
    whole = probe_drawing(page)
    page.screenshot(path=str(ARTIFACTS / "example_question_whole_graph.png"), full_page=True)
    _record("example question, whole graph", whole)
    assert whole["nodes"] > drawing["nodes"]
    if whole["nodes"] <= 60:
        _assert_legible(whole)


def test_sachs_discovery_graph_is_legible(page, tmp_path):
    if not SACHS_TABLE.exists():
        pytest.skip(f"the Sachs data is not at {SACHS_TABLE} (set CAUSEWAY_SHARED_DATA)")
    from engine.discovery.run import discover
    from engine.discovery.tables import read_table

    graph = discover(read_table(SACHS_TABLE), method="pc").to_graph()
    graph_file = tmp_path / "sachs.json"
    graph_file.write_text(graph.to_json())
    import_graph(page, graph_file)
    go_to(page, "Graph")
    drawing = probe_drawing(page)
    page.screenshot(path=str(ARTIFACTS / "sachs_discovery_graph.png"), full_page=True)
    _record("Sachs discovery graph (PC)", drawing)
    _assert_legible(drawing)
    assert drawing["nodes"] == len(graph.nodes) == 11
    # Each node shows its column's name.
    assert sorted(label.split("\n")[0] for label in drawing["labels"]) == sorted(n.label for n in graph.nodes)


def test_example_answer_names_an_intermediate_node(app_server, page):
    """Reads the answer's structured statements: some mechanism runs through a node between the
    question's cause and effect, and its text names that node."""
    if not (app_server.index_dir / "manifest.json").exists():
        pytest.skip(f"no default index in {app_server.index_dir}")
    from engine.pipeline import ask
    from engine.settings import Settings
    from retrieval.index import PaperIndex

    question = first_example(page).inner_text()
    settings = Settings()
    result = ask(question, PaperIndex.open(app_server.index_dir, embedding_model=settings.embedding_model), settings)
    mechanisms = [s for s in result.answer.statements if s.kind == "mechanism" and len(s.path) >= 3]
    assert mechanisms, (question, [s.path for s in result.answer.statements])
    middle = {result.graph.node(node_id).label for s in mechanisms for node_id in s.path[1:-1]}
    assert any(label in s.text for s in mechanisms for label in middle), middle
