"""The PubMedQA question set: candidates, judgements, the fixed split, the library's sentences and
bench/qa_eval.py's loader for other question files (invented entries; the real file where present)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench import pubmedqa_questions as pq  # noqa: E402
from bench.pubmedqa_judgements import Kept  # noqa: E402
from bench.pubmedqa_library import document_record, document_sentences, load_pubmedqa  # noqa: E402
from bench.qa_eval import half_of, load_questions, summarise_halves  # noqa: E402

QUESTIONS_FILE = Path(pq.__file__).resolve().parent / "pubmedqa_questions.jsonl"


def _entry(question: str, decision: str = "yes") -> dict:
    return {"QUESTION": question, "CONTEXTS": ["Zorin was given to mice. Pelt fell by half."],
            "LONG_ANSWER": "Zorin lowers pelt.", "final_decision": decision}


def test_candidates_are_directed_questions_answered_yes() -> None:
    data = {"1": _entry("Does zorin reduce pelt in mice?"), "2": _entry("Does zorin reduce pelt?", "no"),
            "3": _entry("Is zorin linked to pelt?"), "4": _entry("Can velkin be prevented?", "yes"),
            "5": _entry("Does quarz increase velkin?", "maybe")}
    assert pq.candidates(data) == ["1", "4"]


def test_a_candidate_without_a_judgement_stops_the_set(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pq, "KEPT", {"1": Kept("zorin", "pelt", -1, (1,), "")})
    monkeypatch.setattr(pq, "LEFT_OUT", {})
    data = {"1": _entry("Does zorin reduce pelt?"), "2": _entry("Does quarz improve velkin?")}
    with pytest.raises(ValueError, match="unjudged \\['2'\\]"):
        pq.questions(data)
    monkeypatch.setattr(pq, "LEFT_OUT", {"2": "names no effect"})
    (record,) = pq.questions(data)
    assert record["question"] == "How does zorin affect pelt?" and record["expected_sign"] == -1
    assert record["sentences"] == [1] and record["half"] == pq.half("1")


def test_a_stating_sentence_outside_the_abstract_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pq, "KEPT", {"1": Kept("zorin", "pelt", -1, (3,), "")})
    monkeypatch.setattr(pq, "LEFT_OUT", {})
    with pytest.raises(ValueError, match="out of range"):
        pq.questions({"1": _entry("Does zorin reduce pelt?")})


def test_the_question_agrees_with_a_plural_cause() -> None:
    assert pq.wording("statins", "atrial fibrillation") == "How do statins affect atrial fibrillation?"
    assert pq.wording("osteoporosis", "pain") == "How does osteoporosis affect pain?"
    assert pq.wording("restriction of R-rated movies", "smoking") == (
        "How does restriction of R-rated movies affect smoking?")


def test_the_split_is_fixed_and_holds_out_about_a_third() -> None:
    pmids = [str(10_000_000 + i) for i in range(3000)]
    share = sum(pq.held_out(p) for p in pmids) / len(pmids)
    assert 0.30 < share < 0.37
    # the same PMID always falls in the same half (values fixed when the set was written)
    assert [pq.half(p) for p in ("24237112", "10808977", "18565233", "15597845")] == [
        "held-out", "tune", "held-out", "tune"]


def test_the_library_reads_contexts_then_the_conclusion() -> None:
    entry = _entry("Does zorin reduce pelt?")
    assert document_sentences(entry) == ["Zorin was given to mice.", "Pelt fell by half.", "Zorin lowers pelt."]
    assert document_record("7", entry) == {"id": "7", "title": "Does zorin reduce pelt?",
                                           "sentences": document_sentences(entry)}


def test_the_loader_defaults_gold_paths_and_refuses_a_bad_line(tmp_path: Path) -> None:
    path = tmp_path / "q.jsonl"
    lines = [{"id": "a", "question": "How does zorin affect pelt?", "expected_sign": -1, "half": "held-out"},
             {"id": "b", "question": "x?", "expected_sign": 1}]
    path.write_text(json.dumps(lines[0]) + "\n\n" + json.dumps(lines[1]) + "\n")
    first, second = load_questions(path)
    assert first["gold_paths"] == [] and half_of(first) == "held-out"
    assert half_of(second) in ("tune", "held-out")
    path.write_text(json.dumps({"id": "a", "question": "q?", "expected_sign": 0}) + "\n")
    with pytest.raises(SystemExit, match="line 1"):
        load_questions(path)
    path.write_text("{not json\n")
    with pytest.raises(SystemExit, match="malformed JSON"):
        load_questions(path)


def test_halves_come_from_the_records_and_overlap_only_from_gold_paths() -> None:
    def record(qid: str, half: str, answered: bool, predicted: int = 0) -> dict:
        base = {"id": qid, "half": half, "answered": answered, "expected": 1, "seconds": 1.0,
                "search_seconds": 0.1, "cpu_seconds": 1.0}
        if answered:
            base.update(predicted=predicted, certain=True, overlap=None, exact=None, checks={})
        return base

    summary = summarise_halves([record("a", "tune", True, 1), record("b", "tune", False),
                                record("c", "held-out", True, -1)])
    assert summary["tune"]["answered_share"] == 0.5 and summary["tune"]["sign_accuracy_on_answered"] == 1.0
    assert summary["held-out"]["sign_accuracy_on_answered"] == 0.0
    assert summary["path_overlap_mean"] is None


def test_the_committed_set_is_what_the_judgements_give(shared_data: Path) -> None:
    data = load_pubmedqa(shared_data / "pubmedqa" / "ori_pqal.json")
    records = pq.questions(data)
    assert QUESTIONS_FILE.read_text(encoding="utf-8") == pq.render(records)
    assert all(r["half"] == ("held-out" if pq.held_out(r["pmid"]) else "tune") for r in records)
    assert len(pq.candidates(data)) == len(pq.KEPT) + len(pq.LEFT_OUT)
    held = sum(r["half"] == "held-out" for r in records) / len(records)
    assert 0.25 < held < 0.40
    assert not any(s in QUESTIONS_FILE.read_text() for r in records
                   for s in document_sentences(data[r["pmid"]]) if len(s) > 60)  # no abstract text


def test_failures_follow_the_stating_sentences_and_their_furthest_stage(tmp_path: Path) -> None:
    from bench.pubmedqa_failures import question_stage, stating_sentences, unanswered
    from bench.qa_failures import STEPS_JOINED

    documents = {"7": ["Zorin was given.", "Pelt fell.", "Zorin lowers pelt."]}
    question = {"id": "pqa-7", "pmid": "7", "sentences": [2, 5], "half": "tune"}
    assert stating_sentences(question, documents) == ["Zorin lowers pelt."]
    assert question_stage(["2 not retrieved", "3 reader: no claim at all"]) == "3 reader: no claim at all"
    assert question_stage(["3 reader: no claim at all", "3 reader: no claim X -> Y"]) == "3 reader: no claim X -> Y"
    assert question_stage(["5 edge in graph", "2 not retrieved"]) == STEPS_JOINED
    records = tmp_path / "qa.json"
    records.write_text(json.dumps({"records": [{"id": "pqa-7", "answered": False}, {"id": "pqa-8", "answered": True}]}))
    assert unanswered(records, [question, {"id": "pqa-8", "half": "tune"}], "tune") == [question]
    assert unanswered(records, [question], "held-out") == []


def test_an_answer_cites_a_stating_sentence_only_through_its_stated_path() -> None:
    from types import SimpleNamespace

    from bench.pubmedqa_failures import cites_stating

    def result(kind: str, sentence: str) -> SimpleNamespace:
        step = SimpleNamespace(sentences=[sentence])
        return SimpleNamespace(answer=SimpleNamespace(statements=[SimpleNamespace(kind=kind, steps=[step])]))

    assert cites_stating(result("direct", "Zorin lowers pelt."), ["Zorin lowers pelt."])
    assert not cites_stating(result("direct", "Zorin was given."), ["Zorin lowers pelt."])
    assert not cites_stating(result("doubt", "Zorin lowers pelt."), ["Zorin lowers pelt."])
