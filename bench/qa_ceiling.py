"""How many HBP questions the readers could answer at all: each gold step read from its own sentences.

    HF_HUB_OFFLINE=1 .venv/bin/python bench/qa_ceiling.py [--questions FILE] [--records QA.json]
        [--judged FILE]

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

How the steps no reader states are stated at all is judged by hand in ``bench/qa_step_statedness.jsonl``
(``--judged``): every such step of both halves' questions at ``822f02e`` (the held-out half's for this
estimate only, with no reader change after it), one object per evidence sentence with a ``step_key`` of
(X, Y, sign, sentence), keyed as the faithfulness verdicts are (``faithfulness.claim_key``), a ``kind``
and a short note, and no sentence text. The kinds, from the easiest to read to what a faithful reader
does not read (``KINDS``): ``stated`` (one clause or nominalisation states the signed change between the
two names), ``named otherwise`` (stated, of a form of the gold entity or under another name: "the
phosphorylation of X" for X, a kinase's signalling for a complex it is part of), ``discourse`` (stated
only across clauses or sentences: an anaphor, a chain, a relative clause, a class whose members are
listed), ``convention`` (stated, with the other sign than the curators': an inhibitory phosphorylation
or a removal they signed +1, a deficiency's effect signed as the entity's own; a faithful reader reads
the sentence's sign) and ``implicit`` (a definition, a role, an involvement or association,
co-occurrence, or an inference the text does not state). From it the report gives, per half, the share
of questions a perfect reader of each kind and every easier one would make stated along a gold path
(``ideal_readers``). It is an estimate, not a bound: better reading can also open routes off the gold
paths (the pipeline answers some questions by such routes today; with ``--records`` they are added as
``..., or answered now``).
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

from bench.faithfulness import claim_key  # noqa: E402
from bench.qa_eval import DEFAULT_QUESTIONS, question_half  # noqa: E402
from bench.qa_failures import gold_statements  # noqa: E402
from bench.results import parts, write_results  # noqa: E402
from engine.model.annotations import Annotation, interpret  # noqa: E402
from engine.assembly.lowering import lowered_core  # noqa: E402
from engine.reading.language.text import terms_match  # noqa: E402

READERS = ("rules", "parse")
JUDGED_FILE = REPO / "bench" / "qa_step_statedness.jsonl"
KINDS = ("stated", "named otherwise", "discourse", "convention", "implicit")


@cache
def _readings(sentence: str) -> dict[str, list[Annotation]]:
    from engine.reading.rules.reader import extract_annotations
    from engine.reading.parse import read_sentence

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


def load_judged(path: Path) -> dict[str, str]:
    """step_key → kind, from the hand judgement (empty when the file is absent)."""
    if not path.exists():
        return {}
    rows = (json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip())
    return {row["step_key"]: row["kind"] for row in rows}


def step_kind(x: str, y: str, evidence: list[tuple[str, int]], judged: dict[str, str]) -> str:
    """``read`` when a reader states the step, else the easiest judged kind among its sentences, or
    ``unjudged``."""
    if "stated" in step_reading(x, y, evidence).values():
        return "read"
    kinds = [judged[key] for sentence, sign in evidence if (key := claim_key(x, y, sign, sentence)) in judged]
    return min(kinds, key=KINDS.index) if kinds else "unjudged"


def ideal_readers(questions: list[dict], statements: dict, judged: dict[str, str],
                  answered: dict[str, bool]) -> dict[str, float | int] | None:
    """Share of ``questions`` with a gold path whose every step is read now or of a judged kind no
    harder than each kind in turn (None when none of their unread steps is judged)."""
    paths = {q["id"]: [[step_kind(x, y, statements.get((x, y), []), judged)
                        for x, y in zip(path["nodes"], path["nodes"][1:])] for path in q["gold_paths"]]
             for q in questions}
    if not any(kind in KINDS for steps in paths.values() for path in steps for kind in path):
        return None
    shares: dict[str, float | int] = {}
    for depth in range(len(KINDS) + 1):
        allowed = {"read", *KINDS[:depth]}
        stated = {qid for qid, steps in paths.items() if any(set(path) <= allowed for path in steps)}
        name = "read now" if depth == 0 else f"a perfect reader up to '{KINDS[depth - 1]}'"
        shares[name] = round(len(stated) / len(questions), 3)
        if answered:
            shares[f"{name}, or answered now"] = round(
                len(stated | {qid for qid in paths if answered.get(qid)}) / len(questions), 3)
    unjudged = sum(kind == "unjudged" for steps in paths.values() for path in steps for kind in path)
    shares["unjudged steps"] = unjudged
    return shares


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
    parser.add_argument("--judged", type=Path, default=JUDGED_FILE, help="hand judgement of the unread steps")
    args = parser.parse_args()
    answered = ({r["id"]: r["answered"] for r in json.loads(args.records.read_text())["records"]}
                if args.records else {})
    statements = gold_statements()
    judged = load_judged(args.judged)
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
        ideal = ideal_readers(chosen, statements, judged, answered)
        if ideal is not None:
            report[half]["ideal_readers"] = ideal
    print(json.dumps(report, indent=1))
    if (args.questions, args.judged) == (DEFAULT_QUESTIONS, JUDGED_FILE) \
            and all("ideal_readers" in report[half] for half in ("tune", "held-out")):
        record_figures(report)
    return 0


def record_figures(report: dict) -> None:
    """The estimate's shares, on record in bench/results/qa_ceiling.json (BENCHMARKS.md)."""
    def of(name: str) -> dict:
        return parts(None, report["tune"]["ideal_readers"][name], report["held-out"]["ideal_readers"][name], 100)

    write_results("qa_ceiling", "Questions", ".venv/bin/python bench/qa_ceiling.py --records F.json", [
        {"figure": "HBP questions the readers state along a gold path", **of("read now"), "unit": "%"},
        {"figure": "the same for a perfect reader of single-clause statements",
         **of("a perfect reader up to 'stated'"), "unit": "%", "note": "estimate; unread gold steps judged by hand"},
        {"figure": "the same for a perfect reader of discourse too", **of("a perfect reader up to 'discourse'"),
         "unit": "%", "note": "estimate"},
    ])


if __name__ == "__main__":
    sys.exit(main())
