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
