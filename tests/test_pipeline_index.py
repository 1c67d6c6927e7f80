"""A full ask through the real PaperIndex (hybrid search) built over the fixture corpus."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from engine.pipeline import ask
from engine.settings import Settings
from retrieval.documents import Document
from retrieval.index import PaperIndex

FIXTURE = Path(__file__).parent / "fixtures" / "pipeline" / "documents.jsonl"


@pytest.fixture(scope="module")
def index(tmp_path_factory: pytest.TempPathFactory) -> PaperIndex:
    documents = [Document(**json.loads(line)) for line in FIXTURE.read_text().splitlines() if line.strip()]
    settings = Settings()
    return PaperIndex.build(documents, tmp_path_factory.mktemp("index"), settings.embedding_model)


@pytest.mark.slow
def test_ask_over_the_real_index_answers_with_citations_from_it(index: PaperIndex) -> None:
    outcome = ask("How does chronic stress impact hippocampal neurogenesis?", index, Settings())
    assert not outcome.abstained, outcome.reason
    assert outcome.labelling.labels["hippocampal_neurogenesis"].possible == ("decreasing", "stable")  # one paper a step
    assert outcome.answer.references
    assert all(index.has_document(ref.doc_id) for ref in outcome.answer.references)
    cited = {int(n) for n in re.findall(r"\[(\d+)\]", outcome.answer.text)}
    assert cited == {ref.n for ref in outcome.answer.references}


@pytest.mark.slow
def test_ask_command_prints_the_json_object(index: PaperIndex, capsys: pytest.CaptureFixture[str]) -> None:
    from engine.__main__ import main

    code = main(["ask", "How does chronic stress impact hippocampal neurogenesis?", "--index", str(index.index_dir),
                 "--json"])
    assert code == 0
    data = json.loads(capsys.readouterr().out)
    for key in ("question", "abstained", "reason", "sources", "targets", "graph", "labelling", "answer",
                "references", "trace"):
        assert key in data
    assert data["labelling"]["hippocampal_neurogenesis"] == {
        "label": "stable", "certain": False, "possible": ["decreasing", "stable"]}
    assert {ref["doc_id"] for ref in data["references"]} <= {"fx-stress-1", "fx-bdnf-2"}
