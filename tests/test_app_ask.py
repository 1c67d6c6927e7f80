"""AppTest: the Ask page — examples, the pipeline on a small real index, abstention, missing index."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from app_harness import assert_clean, labels, markdown_text, messages, new_app, page_path
from engine.settings import Settings
from retrieval.documents import Document
from retrieval.index import PaperIndex

FIXTURE = Path(__file__).parent / "fixtures" / "pipeline" / "documents.jsonl"
QUESTION = "How does chronic stress impact hippocampal neurogenesis?"


@pytest.fixture(scope="module")
def fixture_index(tmp_path_factory) -> Path:
    """A real PaperIndex (embeddings, FAISS, BM25) over the four hand-written pipeline documents."""
    index_dir = tmp_path_factory.mktemp("index")
    documents = [Document(**json.loads(line)) for line in FIXTURE.read_text().splitlines() if line.strip()]
    PaperIndex.build(documents, index_dir, Settings().embedding_model)
    return index_dir


def _ask(app, question: str):
    app.text_input(key="ask_question").input(question)
    next(b for b in app.button if b.label == "Ask").click().run(timeout=180)
    return app


def test_example_button_fills_the_question(monkeypatch, tmp_path):
    app = new_app(monkeypatch, tmp_path)
    app.run()
    assert_clean(app)
    examples = [b for b in app.button if b.label.startswith("How does")]
    assert len(examples) >= 3
    examples[1].click().run()
    assert app.text_input(key="ask_question").value == examples[1].label


def test_empty_question_is_a_warning(monkeypatch, tmp_path):
    app = new_app(monkeypatch, tmp_path)
    app.run()
    _ask(app, "   ")
    assert not app.exception and not app.error
    assert "Type a question first" in messages(app)


def test_missing_index_is_explained(monkeypatch, tmp_path):
    app = new_app(monkeypatch, tmp_path, index_dir=tmp_path / "no-index-here")
    app.run()
    _ask(app, QUESTION)
    assert not app.exception
    assert "No paper index yet" in messages(app) and "Corpus page" in messages(app)


def test_question_gives_a_labelled_cited_graph(monkeypatch, tmp_path, fixture_index):
    app = new_app(monkeypatch, tmp_path, index_dir=fixture_index)
    app.run()
    _ask(app, QUESTION)
    assert_clean(app)
    caption = next(str(c.value) for c in app.caption if str(c.value).startswith("Graph:"))
    assert int(caption.split()[1]) >= 3, caption
    text = markdown_text(app)
    assert "**References**" in text and "\\[1\\]" in text  # cited statements and a reference list
    assert any(e.label.startswith("Trace") for e in app.expander)

    app.switch_page(page_path("graph")).run()
    assert_clean(app)
    # one fixture paper states each step: the label leans down without being certain
    assert labels(app)["hippocampal neurogenesis"].endswith("possibly decreasing / stable")


def test_non_causal_question_abstains_with_a_reason(monkeypatch, tmp_path, fixture_index):
    app = new_app(monkeypatch, tmp_path, index_dir=fixture_index)
    app.run()
    _ask(app, "What is the capital of France?")
    assert not app.exception and not app.error
    assert "did not build a causal graph" in messages(app)


def test_a_question_naming_one_side_lists_the_stated_causes(monkeypatch, tmp_path, fixture_index):
    app = new_app(monkeypatch, tmp_path, index_dir=fixture_index)
    app.run()
    _ask(app, "What causes hippocampal neurogenesis?")
    assert_clean(app)
    text = markdown_text(app)
    assert "direct cause of hippocampal neurogenesis" in text and "\\[1\\]" in text
    app.switch_page(page_path("graph")).run()
    assert_clean(app)


def test_unreachable_endpoint_is_a_clear_error(monkeypatch, tmp_path, fixture_index):
    monkeypatch.setenv("CAUSEWAY_BACKEND", "openai")
    monkeypatch.setenv("CAUSEWAY_LLM__BASE_URL", "http://127.0.0.1:9/v1")  # nothing listens on port 9
    monkeypatch.setenv("CAUSEWAY_LLM__API_KEY", "sk-never-used")
    monkeypatch.setenv("CAUSEWAY_LLM__MAX_RETRIES", "0")
    app = new_app(monkeypatch, tmp_path, index_dir=fixture_index)
    app.run()
    _ask(app, QUESTION)
    assert not app.exception
    shown = messages(app)
    assert "Could not answer the question" in shown and "connection failed" in shown
    assert "sk-never-used" not in shown


def test_a_question_over_500_characters_is_kept_and_refused_with_a_message(monkeypatch, tmp_path):
    app = new_app(monkeypatch, tmp_path)
    app.run()
    long_question = "How does amyloid beta affect tau phosphorylation " + "in the hippocampus of aged mice " * 20
    assert len(long_question.strip()) > 500
    _ask(app, long_question)
    assert not app.exception and not app.error
    assert "characters long" in messages(app) and "up to 500" in messages(app)
    assert "Type a question first" not in messages(app)
    assert app.text_input(key="ask_question").value == long_question  # kept in the box, not emptied


def test_an_example_replaces_a_typed_question_only_when_asked_to(monkeypatch, tmp_path):
    app = new_app(monkeypatch, tmp_path)
    app.run()
    app.text_input(key="ask_question").input("How does my own cause affect my own effect?").run()
    app.button(key="ask_example_1").click().run()
    assert_clean(app)
    assert app.text_input(key="ask_question").value == "How does my own cause affect my own effect?"
    assert "Replace your question with the example" in markdown_text(app).replace("\\", "")
    app.button(key="ask_replace_no").click().run()
    assert app.text_input(key="ask_question").value == "How does my own cause affect my own effect?"
    app.button(key="ask_example_1").click().run()
    app.button(key="ask_replace_yes").click().run()
    assert app.text_input(key="ask_question").value == app.button(key="ask_example_1").label
    assert "Replace your question" not in markdown_text(app).replace("\\", "")


def test_after_a_reload_the_ask_page_shows_the_workspace_on_screen(monkeypatch, tmp_path):
    from app_graphs import smoking_graph
    from app_harness import store_for

    store_for(tmp_path).save("demo", smoking_graph())
    app = new_app(monkeypatch, tmp_path)
    app.query_params["workspace"] = "demo"  # what a reload of a workspace's page keeps
    app.run()
    assert_clean(app)
    captions = " ".join(str(c.value) for c in app.caption).replace("\\", "")
    assert "On screen: workspace **demo**" in captions
    assert "In short: when smoking becomes active" in markdown_text(app).replace("\\", "")
