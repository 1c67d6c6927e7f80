"""AppTest: the Data page — CSV upload, discovery, bad files, comparison and merge."""

from __future__ import annotations

import numpy as np
import pytest

from app_graphs import smoking_graph
from app_harness import assert_clean, messages, new_app, open_graph_page, page_path


def chain_csv(rows: int = 400, seed: int = 1) -> bytes:
    """oxidative stress → neuronal death, exercise → oxidative stress (−), with uniform noise."""
    rng = np.random.default_rng(seed)
    exercise = rng.uniform(-1, 1, rows)
    stress = -1.5 * exercise + rng.uniform(-1, 1, rows)
    death = 2.0 * stress + rng.uniform(-1, 1, rows)
    lines = ["exercise,oxidative stress,neuronal death"]
    lines += [f"{a:.5f},{b:.5f},{c:.5f}" for a, b, c in zip(exercise, stress, death, strict=True)]
    return ("\n".join(lines) + "\n").encode()


def _upload(app, name: str, data: bytes, mime: str = "text/csv"):
    app.file_uploader(key="data_upload").upload(name, data, mime).run()
    return app


def _discover(app, method: str = "lingam"):
    app.selectbox(key="discovery_method").set_value(method)
    next(b for b in app.button if b.label == "Discover").click().run(timeout=120)
    return app


@pytest.fixture
def data_page(monkeypatch, tmp_path):
    app = new_app(monkeypatch, tmp_path)
    app.switch_page(page_path("data")).run()
    assert_clean(app)
    return app


def test_uploaded_csv_gives_a_signed_discovered_graph(data_page):
    app = _upload(data_page, "chain.csv", chain_csv())
    assert_clean(app)
    assert any("400 rows × 3 columns" in str(m.value) for m in app.markdown)
    _discover(app)
    assert_clean(app)
    edges = app.table[0].value
    found = {(a, b): sign for a, b, sign in zip(edges["from"], edges["to"], edges["sign"], strict=True)}
    assert found.get(("exercise", "oxidative stress")) == "−"
    assert found.get(("oxidative stress", "neuronal death")) == "+"


def test_unreadable_table_is_a_clear_error(data_page):
    app = _upload(data_page, "bad.csv", b"\x00\x01\x02 not a table")
    assert not app.exception
    assert app.error and "bad.csv" in messages(app) and "binary" in messages(app)


def test_one_column_is_refused_with_a_message(data_page):
    app = _upload(data_page, "one.csv", b"a\n1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n")
    assert not app.exception
    assert app.error or app.warning
    assert "one.csv" in messages(app)


def test_discovered_graph_merges_into_the_literature_graph(monkeypatch, tmp_path):
    app = open_graph_page(new_app(monkeypatch, tmp_path), tmp_path, smoking_graph())
    app.switch_page(page_path("data")).run()
    _upload(app, "chain.csv", chain_csv())
    _discover(app)
    assert_clean(app)
    app.button(key="data_merge").click().run()
    assert_clean(app)
    app.switch_page(page_path("graph")).run()
    assert_clean(app)
    origins = [o for o in app.selectbox(key="edge_pick").options if "data" in o]
    assert origins, app.selectbox(key="edge_pick").options
