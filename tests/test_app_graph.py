"""AppTest: the Graph page — scenario toggles, every edit, undo/redo, autosave and safe text."""

from __future__ import annotations

import re

import pytest

from app_graphs import smoking_graph
from engine.model.graph import MergedName
from app_harness import (
    assert_clean,
    label_rows,
    labels,
    markdown_text,
    new_app,
    open_graph_page,
    page_path,
    plain,
    store_for,
)


@pytest.fixture
def app(monkeypatch, tmp_path):
    return open_graph_page(new_app(monkeypatch, tmp_path), tmp_path, smoking_graph())


def _submit(app, form_button_label: str):
    next(b for b in app.button if b.label == form_button_label).click().run()
    return app


def test_question_scenario_labels_the_path(app):
    shown = labels(app)
    assert shown["smoking"].startswith("● active")
    assert shown["oxidative stress"] == "▲ increasing"
    assert shown["neuronal death"] == "▲ increasing"
    assert shown["exercise"] == "■ stable"


def test_toggling_the_source_relabels_and_explains_the_contrast(app):
    app.segmented_control(key="graph_page_set_smoking").set_value("inactive").run()
    assert_clean(app)
    shown = labels(app)
    assert shown["neuronal death"] == "■ stable"
    changed = {row["node"]: row["changed"] for row in label_rows(app)}
    assert changed["neuronal death"] == "was ▲ increasing"
    assert changed["exercise"] == ""
    text = markdown_text(app)
    assert "smoking set inactive" in text
    assert "neuronal death" in text and "before, it increases" in text.replace("\\", "")


def test_setting_another_quantity_reaches_its_descendants(app):
    app.selectbox(key="graph_page_other_node").set_value("oxidative_stress").run()
    app.segmented_control(key="graph_page_other_set_oxidative_stress").set_value("decreasing").run()
    assert_clean(app)
    assert labels(app)["neuronal death"] == "▼ decreasing"
    app.button(key="graph_page_reset").click().run()
    assert labels(app)["neuronal death"] == "▲ increasing"


def test_flipping_an_edge_sign_flips_the_downstream_label_and_autosaves(app, tmp_path):
    app.selectbox(key="edge_pick").set_value("oxidative_stress+>neuronal_death")
    _submit(app, "Flip sign")
    assert_clean(app)
    assert labels(app)["neuronal death"] == "▼ decreasing"
    saved = store_for(tmp_path).load("demo")
    flipped = [e for e in saved.edges if e.source == "oxidative_stress" and e.target == "neuronal_death"]
    assert [e.sign for e in flipped] == [-1] and flipped[0].status == "asserted-by-user"
    app.button(key="graph_undo").click().run()
    assert labels(app)["neuronal death"] == "▲ increasing"
    assert store_for(tmp_path).load("demo").edge("oxidative_stress+>neuronal_death").sign == 1
    app.button(key="graph_redo").click().run()
    assert labels(app)["neuronal death"] == "▼ decreasing"


def test_question_editor_changes_the_causes_and_the_effects(app, tmp_path):
    app.multiselect(key="question_sources").set_value(["exercise"])
    app.multiselect(key="question_targets").set_value(["neuronal_death", "oxidative_stress"])
    _submit(app, "Apply")
    assert_clean(app)
    shown = labels(app)
    assert shown["exercise"].startswith("▲ increasing") and shown["smoking"] == "○ inactive"
    assert shown["neuronal death"] == "▼ decreasing"
    saved = store_for(tmp_path).load("demo")
    assert saved.sources == ["exercise"] and saved.targets == ["neuronal_death", "oxidative_stress"]
    assert "causes exercise; effects neuronal death, oxidative stress" in plain(markdown_text(app))
    app.button(key="graph_undo").click().run()
    assert labels(app)["neuronal death"] == "▲ increasing"


def test_node_edits_add_rename_retype_delete(app, tmp_path):
    app.text_input(key="node_add_label").input("microglial activation")
    _submit(app, "Add node")
    assert_clean(app)
    assert labels(app)["microglial activation"] == "■ stable"

    app.selectbox(key="node_pick").set_value("microglial_activation")
    app.text_input(key="node_new_label").input("microglia activation")
    _submit(app, "Rename")
    assert_clean(app)
    assert "microglia activation" in labels(app)

    app.selectbox(key="node_pick").set_value("microglial_activation")
    _submit(app, "Switch quantity ⇄ state")
    assert_clean(app)
    assert labels(app)["microglia activation"] == "○ inactive"
    assert store_for(tmp_path).load("demo").node("microglial_activation").kind == "state"

    app.selectbox(key="node_pick").set_value("microglial_activation")
    _submit(app, "Delete node and its edges")
    assert_clean(app)
    assert "microglia activation" not in labels(app)


def test_user_edge_add_and_retarget_and_delete(app):
    app.selectbox(key="edge_add_source").set_value("exercise")
    app.selectbox(key="edge_add_target").set_value("neuronal_death")
    app.radio(key="edge_add_sign").set_value(-1)
    _submit(app, "Add edge")
    assert_clean(app)
    assert "exercise ⊣ neuronal death (influence − (yours))" in app.selectbox(key="edge_pick").options
    app.selectbox(key="graph_page_other_node").set_value("exercise").run()
    app.segmented_control(key="graph_page_other_set_exercise").set_value("increasing").run()
    # smoking raises neuronal death, exercise now lowers it directly and through oxidative stress.
    assert labels(app)["neuronal death"] == "■? possibly increasing / decreasing / stable"

    app.selectbox(key="edge_pick").set_value("exercise->neuronal_death")
    app.selectbox(key="edge_new_target").set_value("smoking")
    _submit(app, "Retarget")
    assert_clean(app)  # quantity → state becomes a trigger
    app.selectbox(key="edge_pick").set_value("exercise->>smoking")
    _submit(app, "Delete edge")
    assert_clean(app)
    assert len(app.selectbox(key="edge_pick").options) == 3
    # Exercise still lowers oxidative stress against smoking: ambiguous until it is no longer set.
    assert labels(app)["oxidative stress"].startswith("■? possibly")
    app.button(key="graph_page_reset").click().run()
    assert labels(app)["neuronal death"] == "▲ increasing"


def test_refused_edit_is_a_message_and_changes_nothing(app, tmp_path):
    app.text_input(key="node_add_label").input("oxidative stress")  # already a node
    _submit(app, "Add node")
    assert not app.exception
    assert any("already exists" in e.value for e in app.error)
    assert len(store_for(tmp_path).load("demo").nodes) == 4
    assert len(labels(app)) == 4


def test_markup_in_labels_is_shown_as_text(app):
    app.selectbox(key="node_pick").set_value("exercise")
    app.text_input(key="node_new_label").input("<img src=x onerror=alert(1)>")
    _submit(app, "Rename")
    assert_clean(app)
    assert "<img src=x onerror=alert(1)>" in labels(app)
    shown_as_markdown = [str(e.value) for e in [*app.markdown, *app.caption] if "img src" in str(e.value)]
    assert shown_as_markdown  # the rename is reported, and the label appears in the contrast
    for value in shown_as_markdown:
        # Every "<" is backslash-escaped, so markdown renders it as a character, never as a tag.
        assert re.search(r"(?<!\\)<", value) is None, value
    assert not app.get("html")


def test_empty_session_offers_a_start(monkeypatch, tmp_path):
    app = new_app(monkeypatch, tmp_path)
    app.switch_page(page_path("graph")).run()
    assert_clean(app)
    assert any("No graph yet" in i.value for i in app.info)
    app.button[-1].click().run()
    assert_clean(app)
    app.text_input(key="node_add_label").input("tau")
    _submit(app, "Add node")
    assert labels(app) == {"tau": "■ stable"}


def test_selected_node_and_picked_edge_show_their_evidence(app):
    app.session_state["causeway_selected_node"] = "neuronal_death"  # what a click on the graph sets
    app.run()
    assert_clean(app)
    text = plain(markdown_text(app))
    assert "#### neuronal death" in text
    assert "Justified by" in text
    assert "> Oxidative stress promotes neuronal death." in text
    assert "Paper pmid:2" in plain(" ".join(str(c.value) for c in app.caption))

    app.selectbox(key="graph_page_edge_pick").set_value("exercise->oxidative_stress").run()
    assert "> Exercise reduces oxidative stress." in plain(markdown_text(app))


def test_solver_time_limit_is_a_warning(monkeypatch, tmp_path):
    monkeypatch.setenv("CAUSEWAY_SOLVER__TIME_LIMIT_S", "0.000001")
    app = open_graph_page(new_app(monkeypatch, tmp_path), tmp_path, smoking_graph())
    assert "stopped at its time limit" in plain(" ".join(w.value for w in app.warning))
    assert set(labels(app).values()) == {"unlabelled"}


def _annotated_graph():
    """The smoking graph with what Integrate and the readers record: a merged name, the readers of a
    sentence, a title with markup escaped as PubMed writes it, and an uploaded paper's server path."""
    graph = smoking_graph()
    death = graph.node("neuronal_death").model_copy(update={"merged": [
        MergedName(name="neuron loss", reason="curated synonym")]})
    edge = graph.edge("oxidative_stress+>neuronal_death")
    evidence = edge.evidence[0].model_copy(update={
        "readers": ["rules", "parse"], "title": "Stress in &lt;i&gt;Caenorhabditis elegans&lt;/i&gt; neurons",
    })
    upload = evidence.model_copy(update={"doc_id": "/srv/causeway/data/uploads/my-paper.pdf", "title": ""})
    nodes = [death if n.id == "neuronal_death" else n for n in graph.nodes]
    edges = [e.model_copy(update={"evidence": [evidence, upload]}) if e.id == edge.id else e for e in graph.edges]
    return graph.model_copy(update={"nodes": nodes, "edges": edges})


def test_evidence_names_merged_names_readers_and_plain_titles(monkeypatch, tmp_path):
    app = open_graph_page(new_app(monkeypatch, tmp_path), tmp_path, _annotated_graph())
    app.session_state["causeway_selected_node"] = "neuronal_death"
    app.run()
    assert_clean(app)
    captions = plain(" ".join(str(c.value) for c in app.caption))
    assert "Names merged into it: neuron loss (curated synonym)" in captions
    assert "read by rules, parse" in captions
    assert "Stress in Caenorhabditis elegans neurons" in captions
    assert "&lt;" not in captions and "<i>" not in captions
    assert "my-paper.pdf" in captions and "/srv/causeway" not in captions


def test_regulators_are_listed_and_can_be_drawn(app):
    assert "3 of 4 nodes" in plain(" ".join(str(c.value) for c in app.caption))
    regulators = app.multiselect(key="graph_page_graph__regulators")
    assert regulators.options == ["exercise"]
    regulators.set_value(["exercise"]).run()
    assert_clean(app)
    assert app.multiselect(key="graph_page_graph__regulators").value == ["exercise"]


def test_change_an_edge_preselects_nothing_that_one_click_deletes(app):
    assert app.selectbox(key="edge_pick").value is None
    edges_before = len(app.selectbox(key="edge_pick").options)
    _submit(app, "Delete edge")
    assert_clean(app)
    assert len(app.selectbox(key="edge_pick").options) == edges_before
    assert any("Choose the edge to change first" in plain(str(w.value)) for w in app.warning)


def test_a_self_loop_is_refused_by_the_labels_the_user_sees(monkeypatch, tmp_path):
    graph = smoking_graph()
    graph.nodes[1] = graph.nodes[1].model_copy(update={"label": "reactive oxygen species"})
    app = open_graph_page(new_app(monkeypatch, tmp_path), tmp_path, graph)
    app.selectbox(key="edge_add_source").set_value("oxidative_stress")
    app.selectbox(key="edge_add_target").set_value("oxidative_stress")
    _submit(app, "Add edge")
    said = " ".join(plain(str(m.value)) for m in [*app.error, *app.warning])
    assert "'reactive oxygen species' to itself" in said and "oxidative_stress" not in said


def test_a_long_labels_table_is_folded_away_from_the_answer(monkeypatch, tmp_path):
    from engine.model.graph import Node

    graph = smoking_graph()
    graph = graph.model_copy(update={"nodes": [*graph.nodes, *(Node(id=f"extra_{i}", label=f"extra {i}") for i in range(20))]})
    app = open_graph_page(new_app(monkeypatch, tmp_path), tmp_path, graph)
    assert_clean(app)
    folded = [e for e in app.expander if e.label.startswith("Labels of all")]
    assert folded and folded[0].label == "Labels of all 24 nodes"
    assert labels(app)["neuronal death"] == "▲ increasing"  # still there, inside the fold


def test_evidence_reads_without_pdf_line_breaks_and_shows_no_empty_score(monkeypatch, tmp_path):
    from engine.model.graph import Evidence

    graph = smoking_graph()
    broken = Evidence(doc_id="123", title="A PDF", sentence="Exercise reduces oxidative stress and tau phos- phorylation.")
    graph.edges[2] = graph.edges[2].model_copy(update={"evidence": [broken]})
    app = open_graph_page(new_app(monkeypatch, tmp_path), tmp_path, graph)
    app.selectbox(key="graph_page_edge_pick").set_value(graph.edges[2].id).run()
    assert_clean(app)
    assert "> Exercise reduces oxidative stress and tau phosphorylation." in plain(markdown_text(app))
    captions = plain(" ".join(str(c.value) for c in app.caption))
    assert "PMID 123" in captions and "score 0.00" not in captions and "retrieval score" not in captions
