"""AppTest: the Settings page's literature-on-demand fields, and the Ask page's progress for fetching."""

from __future__ import annotations

import logging

from app_harness import assert_clean, new_app, page_path

NCBI_KEY = "ncbi-key-0123456789abcdef"


def test_pubmed_settings_apply_for_the_session_and_the_key_stays_secret(monkeypatch, tmp_path, caplog):
    caplog.set_level(logging.DEBUG)
    app = new_app(monkeypatch, tmp_path)
    app.switch_page(page_path("settings")).run()
    assert_clean(app)
    assert app.session_state["causeway_settings"].pubmed.enabled is False  # off unless turned on
    app.checkbox(key="settings_pubmed").check()
    app.text_input(key="settings_pubmed_url").input("http://127.0.0.1:9/entrez/eutils")
    app.text_input(key="settings_pubmed_email").input("me@example.org")
    app.text_input(key="settings_pubmed_key").input(NCBI_KEY)
    app.number_input(key="settings_pubmed_cap").set_value(12)
    next(b for b in app.button if b.label == "Apply for this session").click().run()
    assert_clean(app)
    pubmed = app.session_state["causeway_settings"].pubmed
    assert (pubmed.enabled, pubmed.base_url, pubmed.email, pubmed.max_abstracts_per_question) == (
        True, "http://127.0.0.1:9/entrez/eutils", "me@example.org", 12)
    assert pubmed.api_key.get_secret_value() == NCBI_KEY
    assert app.session_state["settings_pubmed_key"] == ""
    assert NCBI_KEY not in str({key: app.session_state[key] for key in app.session_state})
    assert NCBI_KEY not in caplog.text
    for path in tmp_path.rglob("*"):
        if path.is_file():
            assert NCBI_KEY.encode() not in path.read_bytes(), path


def test_a_bad_eutilities_url_is_refused(monkeypatch, tmp_path):
    app = new_app(monkeypatch, tmp_path)
    app.switch_page(page_path("settings")).run()
    app.checkbox(key="settings_pubmed").check()
    app.text_input(key="settings_pubmed_url").input("eutils.example")
    next(b for b in app.button if b.label == "Apply for this session").click().run()
    assert any("E-utilities base URL must start with http" in e.value for e in app.error)
    assert app.session_state["causeway_settings"].pubmed.enabled is False


def test_fetching_shows_as_the_start_of_its_round():
    from pages.ask import progress_fraction, progress_text
    from engine.pipeline import ProgressEvent

    assert progress_fraction("fetch", 2, 5) == progress_fraction("discover", 2, 5)
    event = ProgressEvent(step="fetch", round=1, message="searching PubMed for 2 of 3 queries the library answers poorly")
    assert progress_text(event, 5) == "Round 1 of 5 · fetch: searching PubMed for 2 of 3 queries the library answers poorly"


def test_the_corpus_page_lists_fetched_papers_with_query_and_date(monkeypatch, tmp_path):
    from engine.settings import Settings
    from retrieval.documents import Document
    from retrieval.index import PaperIndex
    from retrieval.pubmed.records import fetched_source

    title = "Lithium <b>inhibits</b> GSK3 in neurons"
    documents = [
        Document(id="111", title="A local paper", sentences=["Complement C3 deficiency reduces synapse loss."]),
        Document(id="222", title=title, sentences=["Lithium inhibits GSK3 activity in cultured neurons."],
                 source=fetched_source("lithium GSK3", "2026-12-01")),
    ]
    PaperIndex.build(documents, tmp_path / "index", Settings().embedding_model)
    app = new_app(monkeypatch, tmp_path, index_dir=tmp_path / "index")
    app.switch_page(page_path("corpus")).run()
    assert_clean(app)
    assert any(s.value == "Fetched from PubMed (1)" for s in app.subheader)
    table = app.dataframe[0].value
    assert table.to_dict("records") == [{"PMID": "222", "title": title, "query": "lithium GSK3", "fetched": "2026-12-01"}]
