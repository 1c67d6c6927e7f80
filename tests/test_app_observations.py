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


def test_then_certainly_lists_only_nodes_that_bear_on_the_measurement(app):
    app.selectbox(key="measure_node").set_value("oxidative_stress").run()
    app.segmented_control(key="measure_value_quantity").set_value("not decreasing").run()
    app.button(key="measure_mark").click().run()
    said = [plain(str(c.value)) for c in app.caption if "Then, certainly" in plain(str(c.value))]
    assert said == ["Then, certainly: neuronal death ▲ increasing"]  # not "exercise ■ stable": nothing moves it


def test_the_next_mark_goes_to_the_experiment_the_user_chose(app):
    app.selectbox(key="measure_node").set_value("oxidative_stress").run()
    app.segmented_control(key="measure_value_quantity").set_value("increasing").run()
    app.button(key="measure_mark").click().run()
    assert_clean(app)
    # the selector now names the experiment just made, and the next name offered is a new one
    assert app.selectbox(key="measure_experiment").value == "experiment 1"
    assert app.text_input(key="measure_new_name").value == "experiment 2"
    app.selectbox(key="measure_node").set_value("neuronal_death").run()
    app.segmented_control(key="measure_value_quantity").set_value("increasing").run()
    app.button(key="measure_mark").click().run()  # still experiment 1, as the selector says
    assert "**experiment 1**" in markdown_text(app) and "experiment 2" not in markdown_text(app)
    app.selectbox(key="measure_experiment").set_value("(a new experiment)").run()
    app.segmented_control(key="measure_value_quantity").set_value("decreasing").run()
    app.button(key="measure_mark").click().run()
    assert_clean(app)
    assert "**experiment 2**" in markdown_text(app)
    assert app.selectbox(key="measure_experiment").value == "experiment 2"


def test_a_new_experiment_named_as_an_existing_one_is_refused_with_a_message(app):
    app.selectbox(key="measure_node").set_value("oxidative_stress").run()
    app.segmented_control(key="measure_value_quantity").set_value("increasing").run()
    app.button(key="measure_mark").click().run()
    app.selectbox(key="measure_experiment").set_value("(a new experiment)").run()
    app.text_input(key="measure_new_name").input("experiment 1")
    app.segmented_control(key="measure_value_quantity").set_value("decreasing").run()
    app.button(key="measure_mark").click().run()
    assert_clean(app)
    assert any("An experiment called “experiment 1” exists" in plain(str(w.value)) for w in app.warning)
    assert "| oxidative stress | up |" in plain(markdown_text(app))  # the first mark stands, not overwritten
    assert "| oxidative stress | down |" not in plain(markdown_text(app))


def test_mark_measured_greyed_out_says_why(app):
    button = app.button(key="measure_mark")
    assert button.disabled and "Choose what was measured" in (button.help or "")
    assert any("Choose what was measured" in plain(str(c.value)) for c in app.caption)


def test_a_clash_is_drawn_with_the_chain_whose_prediction_it_contradicts():
    from engine.explain.predictions import clash_edges
    from engine.workspace.session import WorkspaceSession

    session = WorkspaceSession.start(smoking_graph())
    session.observe("knockdown", "neuronal_death", "decreasing")
    check = session.checks["knockdown"]
    core = check.cores[0]
    assert core.edges == []  # nothing in the graph can lower neuronal death: the core names no edge
    assert clash_edges(session.graph, check.labels, core) == [
        "oxidative_stress+>neuronal_death", "smoking+>>oxidative_stress"]  # not a lone node
