"""Whether the offline question analysis reads a question the same when a scientist asks it in other
words.

Each question of the HBP and PubMedQA sets names its source and target. It is asked again in each of
``PHRASINGS``: a passive, the effect of X on Y without a verb, yes/no questions with a verb of change,
the people asked about after the target, an exposure before the source, an association, an arrow. The
phrasings were written from general English before this benchmark was first run, not from any
question. A phrasing is read alike when the analysis gives the sources and targets that "How does X
affect Y?" gives for the same names (and asks about no other people than the phrasing names). The
halves are each set's own (``bench/qa_eval.py``'s split), reported apart; nothing here is tuned on
either.

``--answers RECORDS`` also asks every answered question of a ``bench/qa_eval.py --out`` file again in
each phrasing, through the whole pipeline on ``--index``, and counts the answers with the same sign.

    .venv/bin/python bench/question_phrasings.py [--record]
        [--answers RECORDS --questions FILE --index DIR]
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from bench.qa_eval import DEFAULT_QUESTIONS, PUBMEDQA_QUESTIONS, half_of, load_questions  # noqa: E402
from bench.results import parts, write_results  # noqa: E402
from engine.questions.analyze import analyze_question  # noqa: E402

CANONICAL = "How does {s} affect {t}?"
PEOPLE = "in patients with diabetes"
PHRASINGS = {
    "passive": "How is {t} affected by {s}?",
    "effect of, no verb": "Effect of {s} on {t}",
    "yes/no, a verb of change": "Does {s} ameliorate {t}?",
    "yes/no, a verb of time": "Can {s} delay {t}?",
    "the people asked about": "How does {s} affect {t} " + PEOPLE + "?",
    "an exposure before the source": "How does the use of {s} influence {t}?",
    "an association": "Is there an association between {s} and {t}?",
    "an arrow": "{s} -> {t}",
}


def reading(question: str) -> tuple[list[str], list[str], str] | None:
    analysis = analyze_question(question)
    if analysis.abstained or not analysis.sources or not analysis.targets:
        return None
    return [s.lower() for s in analysis.sources], [t.lower() for t in analysis.targets], analysis.context


def read_alike(item: dict, phrasing: str) -> bool:
    canonical = reading(CANONICAL.format(s=item["source"], t=item["target"]))
    found = reading(phrasing.format(s=item["source"], t=item["target"]))
    if canonical is None or found is None:
        return canonical is None and found is None
    people = PEOPLE if PEOPLE in phrasing else canonical[2]
    return found[:2] == canonical[:2] and found[2] == people


def same_answers(records: Path, questions: Path, index_dir: Path) -> dict[str, list[bool]]:
    """Per half, for each answered question of ``records`` and each phrasing: the same signed answer?"""
    from engine.pipeline import ask
    from engine.settings import Settings
    from retrieval.index import PaperIndex
    from bench.qa_eval import answering_target, predicted_sign

    settings = Settings()
    index = PaperIndex.open(index_dir, settings.embedding_model)
    answered = {r["id"]: r["predicted"] for r in json.loads(records.read_text())["records"] if r["answered"]}
    same: dict[str, list[bool]] = {"tune": [], "held-out": []}
    for item in load_questions(questions):
        if item["id"] not in answered:
            continue
        for phrasing in PHRASINGS.values():
            result = ask(phrasing.format(s=item["source"], t=item["target"]), index, settings)
            sign = None if result.abstained else predicted_sign(result.labelling, answering_target(result.graph))[0]
            same[half_of(item)].append(sign == answered[item["id"]])
    return same


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--record", action="store_true", help="write the figures to bench/results")
    parser.add_argument("--answers", type=Path, help="a bench/qa_eval.py --out file: ask its answered questions again")
    parser.add_argument("--questions", type=Path, default=PUBMEDQA_QUESTIONS)
    parser.add_argument("--index", type=Path, default=REPO / "data" / "pubmedqa-index")
    args = parser.parse_args()
    if args.answers:
        same = same_answers(args.answers, args.questions, args.index)
        print("same answer: " + "  ".join(f"{half} {sum(m)}/{len(m)}" for half, m in same.items()))
        return 0
    items = [q for path in (DEFAULT_QUESTIONS, PUBMEDQA_QUESTIONS) for q in load_questions(path)
             if isinstance(q.get("source"), str) and isinstance(q.get("target"), str)]
    halves = {"tune": [], "held-out": []}
    for name, phrasing in PHRASINGS.items():
        alike = {half: [read_alike(q, phrasing) for q in items if half_of(q) == half] for half in halves}
        for half, marks in alike.items():
            halves[half] += marks
        print(f"{name:32} " + "  ".join(f"{half} {sum(m)}/{len(m)}" for half, m in alike.items()))
    shares = {half: sum(marks) / len(marks) for half, marks in halves.items()}
    whole = sum(sum(m) for m in halves.values()) / sum(len(m) for m in halves.values())
    print(f"read alike: {100 * whole:.1f} % (tune {100 * shares['tune']:.1f} %, "
          f"held-out {100 * shares['held-out']:.1f} %) of {len(items)} questions in {len(PHRASINGS)} phrasings")
    if args.record:
        write_results("question_phrasings", "Questions", ".venv/bin/python bench/question_phrasings.py --record", [
            {"figure": "questions read alike in 8 other phrasings (HBP and PubMedQA names)",
             **parts(whole, shares["tune"], shares["held-out"], 100), "unit": "%",
             "note": f"{len(items)} questions; as 'How does X affect Y?' reads them"}])
    return 0


if __name__ == "__main__":
    sys.exit(main())
