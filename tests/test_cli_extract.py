"""``python -m engine extract`` reads as the pipeline does: the rule reader and the parse reader,
cross-checked, each claim marked with its readers and what its edge would be drawn as. Invented names."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.__main__ import main
from engine.backends import BackendError
from engine.assembly.agreement import same_claim
from engine.reading.parse.reader import read_sentence
from engine.reading.rules import extract_annotations

AGREED = "Zorin levels were reduced by Velk1 overexpression."
RULES_ONLY = "Velk1-mediated suppression of Zorin was observed in neurons."
PARSE_ONLY = "Zorin expression declined after Velk1 treatment."
HEDGED = "Velk1 may increase Zorin production."


def _rows(tmp_path: Path, sentences: list[str], *flags: str, capsys: pytest.CaptureFixture[str]) -> list[dict]:
    source = tmp_path / "in.jsonl"
    source.write_text("".join(json.dumps({"sentence": s, "n": i}) + "\n" for i, s in enumerate(sentences)),
                      encoding="utf-8")
    assert main(["extract", "--input", str(source), *flags]) == 0
    return [json.loads(line) for line in capsys.readouterr().out.splitlines()]


def test_each_claim_carries_its_readers_and_what_it_would_be_drawn_as(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rows = _rows(tmp_path, [AGREED, RULES_ONLY, PARSE_ONLY, HEDGED], capsys=capsys)
    assert [row["n"] for row in rows] == [0, 1, 2, 3]
    marks = [[(a["subject"], a["object_change"], a["readers"], a["agreed"], a["status"]) for a in row["annotations"]]
             for row in rows]
    assert marks[0] == [("Velk1", "decrease", ["parse", "rules"], True, "supported")]
    assert marks[1] == [("Velk1", "decrease", ["rules"], False, "possible")]
    assert marks[2] == [("Velk1", "decrease", ["parse"], False, "possible")]
    # both readers read the hedged claim, yet it is only possible (Integrate files it hedged)
    [hedged] = rows[3]["annotations"]
    assert hedged["agreed"] and hedged["hedged"] and hedged["status"] == "possible"


def test_the_claims_are_those_of_both_readers_marked_where_they_agree(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    sentences = [AGREED, RULES_ONLY, PARSE_ONLY, "Knockdown of Velk1 attenuated the loss of Zorin.",
                 "The increase in Zorin induced by Velk1 was blocked."]
    rows = _rows(tmp_path, sentences, capsys=capsys)
    for sentence, row in zip(sentences, rows):
        rules, parse = extract_annotations(sentence), read_sentence(sentence)
        shown = row["annotations"]
        for reader, found in (("rules", rules), ("parse", parse)):
            for annotation in found:
                other = parse if reader == "rules" else rules
                match = [a for a in shown if a["subject"].lower() == annotation.subject.lower()
                         and a["object"].lower() == annotation.object.lower()]
                assert match, (sentence, reader, annotation)
                assert (reader in match[0]["readers"]) and \
                    match[0]["agreed"] == any(same_claim(annotation, o) for o in other)


def test_the_text_output_marks_agreement(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["extract", AGREED]) == 0
    out = capsys.readouterr().out
    assert "Velk1 ==CAUSE=> [change=decrease] Zorin" in out and "both readers agree, supported" in out
    assert main(["extract", PARSE_ONLY]) == 0
    assert "parse reader only, possible" in capsys.readouterr().out
    assert main(["extract", RULES_ONLY]) == 0
    assert "rule reader only, possible" in capsys.readouterr().out


def test_one_reader_reads_with_the_rule_reader_alone(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rows = _rows(tmp_path, [AGREED, PARSE_ONLY], "--one-reader", capsys=capsys)
    assert [a["readers"] for a in rows[0]["annotations"]] == [["rules"]]
    assert "agreed" not in rows[0]["annotations"][0] and "status" not in rows[0]["annotations"][0]
    assert rows[1]["annotations"] == []  # only the parse reader reads it
    assert main(["extract", AGREED, "--one-reader"]) == 0
    out = capsys.readouterr().out
    assert "Velk1 ==CAUSE=>" in out and "agree" not in out and "supported" not in out


def test_a_definition_in_one_sentence_names_an_end_in_another(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rows = _rows(tmp_path, ["Kestin receptor (KR) activation lowers Zorin.", "KR also raises Velk1 sensitivity."],
                 capsys=capsys)
    [claim] = rows[1]["annotations"]
    assert "KR" in [claim["subject"], *claim["subject_aliases"]] and claim["agreed"]


def test_a_backend_failure_is_one_line_and_exit_2(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    class Failing:
        name = "openai"

        def extract(self, *args: object) -> list:
            raise BackendError("the endpoint did not answer")

    monkeypatch.setattr("engine.cli.extract.get_backend", lambda settings: Failing())
    assert main(["extract", AGREED]) == 2
    err = capsys.readouterr().err
    assert err.strip() == "error: the endpoint did not answer"
