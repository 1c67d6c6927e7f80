"""How many HBP questions the readers could answer at all: each gold step read from its own sentences.

    HF_HUB_OFFLINE=1 .venv/bin/python bench/qa_ceiling.py [--questions FILE] [--records QA.json]

A question of bench/qa_eval.py is answerable along its gold path only if each step X → Y of that path
is stated by one of its evidence sentences (the curated statements of the ``hbp-knowledge`` package).
Here each such sentence is read alone, by the rule reader and by the parse reader, and a step counts
as stated when a claim names a cause matching X and an effect matching Y (``terms_match``) with the
gold sign, a lowering name read as Integrate reads it ("NLRP3 knockout" is less NLRP3). A question whose some gold path has every step stated is *stated*; the share of stated
questions is a ceiling for retrieval and graph building along gold paths (other routes may exist, so
it bounds neither the pipeline nor the readers). With ``--records`` (a ``bench/qa_eval.py --out``
file) the stated questions are split into answered and not: the unanswered stated ones are lost to
retrieval, pruning or joining, not to reading. Figures are given per half; only the tune half should
be read question by question.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from functools import cache
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from bench.qa_eval import DEFAULT_QUESTIONS, question_half  # noqa: E402
from bench.qa_failures import gold_statements  # noqa: E402
from engine.annotations import Annotation, interpret  # noqa: E402
from engine.lowering import lowered_core  # noqa: E402
from engine.language.text import terms_match  # noqa: E402

READERS = ("rules", "parse")


@cache
def _readings(sentence: str) -> dict[str, list[Annotation]]:
    from engine.offline.extract.reader import extract_annotations
    from engine.parse_reader import read_sentence

    return {"rules": list(extract_annotations(sentence)), "parse": list(read_sentence(sentence))}


def _as_integrated(name: str) -> tuple[str, int]:
    """The entity a claim's end is about and the sign its name turns, as Integrate reads it: a
    lowering name ("X knockout", "inhibition of X") is X with the sign turned."""
    core = lowered_core(name)
    return (name, 1) if core is None else (core, -1)


def step_reading(x: str, y: str, evidence: list[tuple[str, int]]) -> dict[str, str]:
    """Per reader: ``stated`` (some sentence gives X → Y with the gold sign), ``wrong sign`` or ``not stated``."""
    found = {}
    for reader in READERS:
        verdicts = {"not stated"}
        for sentence, sign in evidence:
            for claim in _readings(sentence)[reader]:
                (cause, turn_cause), (effect, turn_effect) = map(_as_integrated, (claim.subject, claim.object))
                if terms_match(x, cause) and terms_match(y, effect):
                    claim_sign = interpret(claim).sign * turn_cause * turn_effect
                    verdicts.add("stated" if claim_sign == sign else "wrong sign")
        found[reader] = min(verdicts, key=("stated", "wrong sign", "not stated").index)
    return found


def question_reading(question: dict, statements: dict) -> tuple[bool, list[dict]]:
    """Whether some gold path has every step stated by either reader, and the best path's steps."""
    best: list[dict] = []
    for path in question["gold_paths"]:
        steps = [{"x": x, "y": y, **step_reading(x, y, statements.get((x, y), []))}
                 for x, y in zip(path["nodes"], path["nodes"][1:])]
        stated = sum("stated" in (s["rules"], s["parse"]) for s in steps)
        if not best or stated > sum("stated" in (s["rules"], s["parse"]) for s in best):
            best = steps
        if stated == len(steps):
            return True, steps
    return False, best


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--questions", type=Path, default=DEFAULT_QUESTIONS)
    parser.add_argument("--records", type=Path, default=None, help="a bench/qa_eval.py --out file")
    args = parser.parse_args()
    answered = ({r["id"]: r["answered"] for r in json.loads(args.records.read_text())["records"]}
                if args.records else {})
    statements = gold_statements()
    questions = [json.loads(line) for line in args.questions.read_text().splitlines() if line.strip()]
    report: dict = {}
    for half in ("tune", "held-out"):
        chosen = [q for q in questions if question_half(q["id"]) == half]
        counts, steps = Counter(), Counter()
        for question in chosen:
            stated, path = question_reading(question, statements)
            counts["stated"] += stated
            if question["id"] in answered:
                counts[f"{'stated' if stated else 'not stated'}, {'answered' if answered[question['id']] else 'unanswered'}"] += 1
            for step in path:
                steps["either reader"] += "stated" in (step["rules"], step["parse"])
                steps.update(f"{reader}: {step[reader]}" for reader in READERS)
            steps["steps"] += len(path)
        report[half] = {"questions": len(chosen), "stated_share": round(counts["stated"] / len(chosen), 3),
                        "questions_by_kind": dict(sorted(counts.items())), "best_path_steps": dict(sorted(steps.items()))}
    print(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
