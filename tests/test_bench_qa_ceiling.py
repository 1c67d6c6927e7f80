"""bench/qa_ceiling.py: whether the readers state a gold step from its own sentences (invented names)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.qa_ceiling import question_reading, step_reading  # noqa: E402


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
