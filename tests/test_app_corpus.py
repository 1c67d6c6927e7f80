"""AppTest: the Corpus page — what is indexed, its credit, uploads with a per-file report."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from app_harness import assert_clean, messages, new_app, page_path, plain
from engine.settings import Settings
from retrieval.documents import Document
from retrieval.index import PaperIndex

FIXTURE = Path(__file__).parent / "fixtures" / "pipeline" / "documents.jsonl"
PAPER = (b"Microglia and synapses\n\nActivated microglia engulf synapses in the ageing hippocampus. "
         b"Complement C3 deficiency reduces synapse loss in mice.\n")


@pytest.fixture(scope="module")
def built_index(tmp_path_factory) -> Path:
    index_dir = tmp_path_factory.mktemp("corpus-index")
    documents = [Document(**json.loads(line)) for line in FIXTURE.read_text().splitlines() if line.strip()]
    PaperIndex.build(documents, index_dir, Settings().embedding_model)
    return index_dir


@pytest.fixture
def corpus_page(monkeypatch, tmp_path, built_index):
    index_dir = tmp_path / "index"
    shutil.copytree(built_index, index_dir)  # each test may add to its own copy
    app = new_app(monkeypatch, tmp_path, index_dir=index_dir)
    app.switch_page(page_path("corpus")).run()
    assert_clean(app)
    return app


def test_shows_what_is_indexed_and_credits_the_source(corpus_page):
    metrics = {m.label: m.value for m in corpus_page.metric}
    assert metrics["Documents"] == "4"
    assert metrics["Embedding model"] == Settings().embedding_model
    text = " ".join(str(m.value) for m in corpus_page.markdown)
    assert "Human Brain Pharmacome" in text and "CC BY 4.0" in text


def test_upload_adds_good_files_and_reports_bad_ones(corpus_page, tmp_path):
    uploader = corpus_page.file_uploader(key="corpus_upload")
    uploader.upload("microglia.txt", PAPER, "text/plain")
    uploader.upload("broken.pdf", b"%PDF-1.4 this is not really a pdf", "application/pdf")
    corpus_page.run()
    corpus_page.button(key="corpus_add").click().run(timeout=120)
    assert not corpus_page.exception
    shown = messages(corpus_page) + plain(" ".join(str(s.value) for s in corpus_page.success))
    assert "Added 1 document(s)" in shown and "Microglia and synapses" in shown
    report = corpus_page.table[0].value
    assert list(report["file"]) == ["broken.pdf"] and report["why"][0]
    assert {m.label: m.value for m in corpus_page.metric}["Documents"] == "5"
    assert (tmp_path / "uploads" / "microglia.txt").read_bytes() == PAPER

    corpus_page.button(key="corpus_add").click().run(timeout=120)  # the same files again
    assert "already indexed" in messages(corpus_page)


def test_missing_index_offers_to_build_it(monkeypatch, tmp_path):
    app = new_app(monkeypatch, tmp_path, index_dir=tmp_path / "none")
    app.switch_page(page_path("corpus")).run()
    assert not app.exception
    assert "No paper index yet" in messages(app)
    assert app.button(key="corpus_build")


def test_papers_another_program_added_show_on_the_next_run(corpus_page, tmp_path):
    command_line = PaperIndex.open(tmp_path / "index")  # e.g. `python -m retrieval add` beside the app
    command_line.add_documents([Document(id="cli-1", title="Added from the command line",
                                         sentences=["Ketamine rapidly raises BDNF in the prefrontal cortex."])])
    corpus_page.run()
    assert_clean(corpus_page)
    assert {m.label: m.value for m in corpus_page.metric}["Documents"] == "5"


def test_a_file_that_is_not_utf8_is_added_with_a_caveat_naming_it(corpus_page):
    uploader = corpus_page.file_uploader(key="corpus_upload")
    uploader.upload("latin.txt", "Caf\u00e9 extracts raise BDNF in the hippocampus of aged rats.".encode("latin-1"),
                    "text/plain")
    corpus_page.run()
    corpus_page.button(key="corpus_add").click().run(timeout=120)
    assert not corpus_page.exception
    caveats = corpus_page.table[0].value
    assert list(caveats["file"]) == ["latin.txt"] and "UTF-8" in caveats["caveat"][0]
