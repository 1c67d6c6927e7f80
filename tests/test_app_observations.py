"""AppTest: measurements on the Graph page — the check, the clashes, the ranked repairs, apply and undo."""

from __future__ import annotations

import re

import pytest

from app_graphs import smoking_graph
from app_harness import assert_clean, labels, markdown_text, new_app, open_graph_page, plain


@pytest.fixture
def app(monkeypatch, tmp_path):
    return open_graph_page(new_app(monkeypatch, tmp_path), tmp_path, smoking_graph())


def test_a_measurement_shows_cores_and_repairs_and_applying_one_relabels(app):
    app.selectbox(key="measure_node").set_value("neuronal_death").run()
    app.segmented_control(key="measure_value_quantity").set_value("decreasing").run()
    app.button(key="measure_mark").click().run()
    assert_clean(app)
    text = markdown_text(app)
    assert "| neuronal death | down | ▲ increasing |" in plain(text)
    assert any("cannot explain" in w.value for w in app.warning)
    assert "measured neuronal death down — no edge of the graph can bring this about" in plain(text)
    repairs = [plain(str(m.value)) for m in app.markdown if re.match(r"\d+\\\. ", str(m.value))]
    assert repairs[0].startswith("1. distrust the measurement of neuronal death")  # overturns no evidence
    assert any("flip the sign of oxidative stress → neuronal death" in r for r in repairs)
    flip = next(i for i, r in enumerate(repairs, 1) if "flip the sign of oxidative stress → neuronal death" in r)
    app.button(key=f"repair_apply_0_{flip}").click().run()
    assert_clean(app)
    assert labels(app)["neuronal death"] == "▼ decreasing"
    assert any("explains these measurements" in s.value for s in app.success)
    app.button(key="repair_undo").click().run()
    assert labels(app)["neuronal death"] == "▲ increasing"
    assert any("cannot explain" in w.value for w in app.warning)


def test_two_experiments_are_checked_on_one_graph(app):
    app.selectbox(key="measure_node").set_value("oxidative_stress").run()
    app.segmented_control(key="measure_value_quantity").set_value("not decreasing").run()
    app.button(key="measure_mark").click().run()
    assert_clean(app)
    # explained: what else must then hold, given the measurement
    assert any("Then, certainly: neuronal death ▲ increasing" in plain(str(c.value)) for c in app.caption)
    app.selectbox(key="measure_experiment").set_value("(a new experiment)").run()
    app.text_input(key="measure_new_name").input("knockdown")
    app.selectbox(key="measure_node").set_value("neuronal_death").run()
    app.segmented_control(key="measure_value_quantity").set_value("stable").run()
    app.button(key="measure_mark").click().run()
    assert_clean(app)
    assert "**1 of 2 experiments** are explained by the graph." in markdown_text(app)
    assert "**knockdown** — measured under: smoking active" in plain(markdown_text(app))
