"""bench/qa_ceiling.py: whether the readers state a gold step from its own sentences (invented names)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.faithfulness import claim_key  # noqa: E402
from bench.qa_ceiling import ideal_readers, question_reading, step_kind, step_reading  # noqa: E402


def test_a_step_is_stated_only_with_the_gold_sign() -> None:
    evidence = [("Zorin strongly increases velkin levels in cultured neurons.", 1)]
    assert "stated" in step_reading("zorin", "velkin", evidence).values()
    turned = [(sentence, -sign) for sentence, sign in evidence]
    assert "stated" not in step_reading("zorin", "velkin", turned).values()
    assert set(step_reading("zorin", "cortex", evidence).values()) == {"not stated"}


def test_a_lowering_name_turns_the_sign_as_integrate_reads_it() -> None:
    evidence = [("Knockout of zorin strongly increases velkin levels in cultured neurons.", -1)]
    assert "stated" in step_reading("zorin", "velkin", evidence).values()


def test_a_question_is_stated_when_every_step_of_one_gold_path_is() -> None:
    statements = {("zorin", "velkin"): [("Zorin strongly increases velkin levels in cultured neurons.", 1)],
                  ("velkin", "tarbin"): [("Velkin markedly reduces tarbin expression in the cortex.", -1)]}
    question = {"gold_paths": [{"nodes": ["zorin", "velkin", "tarbin"]}]}
    stated, steps = question_reading(question, statements)
    assert stated and [(s["x"], s["y"]) for s in steps] == [("zorin", "velkin"), ("velkin", "tarbin")]
    missing = {("zorin", "velkin"): statements[("zorin", "velkin")]}
    assert question_reading(question, missing)[0] is False


_READ = ("Zorin strongly increases velkin levels in cultured neurons.", 1)
_DISCOURSE = ("These actions of velkin involve the tarbin pathway.", 1)
_IMPLICIT = ("Velkin is a marker of tarbin-positive cells.", 1)


def test_a_step_no_reader_states_takes_the_easiest_kind_judged_of_its_sentences() -> None:
    judged = {claim_key("velkin", "tarbin", *reversed(_DISCOURSE)): "discourse",
              claim_key("velkin", "tarbin", *reversed(_IMPLICIT)): "implicit"}
    assert step_kind("zorin", "velkin", [_READ], judged) == "read"
    assert step_kind("velkin", "tarbin", [_IMPLICIT, _DISCOURSE], judged) == "discourse"
    assert step_kind("velkin", "tarbin", [_IMPLICIT], judged) == "implicit"
    assert step_kind("velkin", "tarbin", [("Velkin was measured.", 1)], judged) == "unjudged"


def test_ideal_readers_grow_the_stated_share_kind_by_kind() -> None:
    convention = ("Velkin removes morin from the cortex.", 1)
    statements = {("zorin", "velkin"): [_READ], ("velkin", "tarbin"): [_DISCOURSE], ("velkin", "morin"): [convention]}
    judged = {claim_key("velkin", "tarbin", *reversed(_DISCOURSE)): "discourse",
              claim_key("velkin", "morin", *reversed(convention)): "convention"}
    questions = [{"id": "q1", "gold_paths": [{"nodes": ["zorin", "velkin", "tarbin"]}]},
                 {"id": "q2", "gold_paths": [{"nodes": ["zorin", "velkin"]}]},
                 {"id": "q3", "gold_paths": [{"nodes": ["zorin", "velkin", "morin"]}]},
                 {"id": "q4", "gold_paths": [{"nodes": ["zorin", "tarbin"]}]}]
    shares = ideal_readers(questions, statements, judged, {"q1": True})
    assert shares["read now"] == 0.25 and shares["read now, or answered now"] == 0.5
    assert shares["a perfect reader up to 'named otherwise'"] == 0.25
    assert shares["a perfect reader up to 'discourse'"] == 0.5  # a faithful reader: not the curators' sign
    assert shares["a perfect reader up to 'convention'"] == 0.75
    assert shares["a perfect reader up to 'implicit'"] == 0.75  # q4's step has no statement at all
    assert shares["unjudged steps"] == 1
    assert ideal_readers(questions, statements, {}, {}) is None  # nothing judged: no estimate
