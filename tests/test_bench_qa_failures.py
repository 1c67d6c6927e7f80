"""bench/qa_failures.py: the stage at which a gold step's sentence is lost (invented names)."""

from __future__ import annotations

import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.qa_failures import STEPS_JOINED, question_stage, step_stage  # noqa: E402

SENTENCE = "Zorin raises velkin in the cortex."


def _seen(**parts) -> dict:
    seen = {"index": {SENTENCE}, "retrieved": set(), "annotations": defaultdict(list),
            "pruned": defaultdict(list), "edges": defaultdict(list)}
    seen.update(parts)
    return seen


def test_each_stage_of_a_gold_step() -> None:
    step = ("zorin", "velkin")
    assert step_stage(step, "A sentence of no passage.", _seen()) == "1 not in index"
    assert step_stage(step, SENTENCE, _seen()) == "2 not retrieved"
    retrieved = {SENTENCE}
    assert step_stage(step, SENTENCE, _seen(retrieved=retrieved)) == "3 reader: no claim at all"
    other = {SENTENCE: ["[change=increase] zorin ==CAUSE=> [change=increase] cortex"]}
    assert step_stage(step, SENTENCE, _seen(retrieved=retrieved, annotations=other)) == "3 reader: no claim X -> Y"
    line = "[change=increase] Zorin ==CAUSE=> [change=increase] velkin levels"
    read = {SENTENCE: [line]}
    pruned = {SENTENCE: [(line, "the sentence states no direction of change")]}
    assert step_stage(step, SENTENCE, _seen(retrieved=retrieved, annotations=read, pruned=pruned)) \
        == "4 pruned: the sentence states no direction of change"
    edges = {SENTENCE: [(["Zorin", "ZRN"], ["velkin"])]}
    assert step_stage(step, SENTENCE, _seen(retrieved=retrieved, annotations=read, edges=edges)) == "5 edge in graph"


def test_the_best_gold_path_decides_and_all_edges_found_is_a_merge_question() -> None:
    assert question_stage([["2 not retrieved", "5 edge in graph"], ["3 reader: no claim at all", "5 edge in graph"]]) \
        == ("3 reader: no claim at all", ["3 reader: no claim at all", "5 edge in graph"])
    assert question_stage([["5 edge in graph", "5 edge in graph"]])[0] == STEPS_JOINED
