"""How often the readers read a causal claim from what an abstract concludes.

PubMedQA-L's 1,000 abstracts each end in their authors' conclusion (``LONG_ANSWER``), the sentences a
result is most plainly stated in. For each abstract, both readers read the conclusion's sentences as
the library does (``bench/pubmedqa_library.document_sentences``, the abstract's own abbreviations)
and the abstract counts when either reader reads a claim from one of them (every claim is signed: an
effect named without a change is a state the cause brings about, "X is a risk factor for Y"). The abstracts of
``bench/pubmedqa_questions.jsonl`` are left out (they were chosen for stating a direction), and the
rest are split into halves by a hash of the PMID (``bench/splits.py``); the share is given for
conclusions of every kind and for those whose question PubMedQA answers "yes".

A reading-coverage figure only: it counts claims, right or wrong (``bench/faithfulness.py`` and
``bench/extract_eval.py`` measure whether they are right).

    .venv/bin/python bench/conclusions.py [--record] [--examples N]
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from bench.pubmedqa_library import document_sentences, load_pubmedqa  # noqa: E402
from bench.qa_eval import PUBMEDQA_QUESTIONS  # noqa: E402
from bench.results import parts, write_results  # noqa: E402
from bench.splits import pmid_half  # noqa: E402
from engine.reading.parse.reader import read_passage  # noqa: E402
from engine.reading.rules import extract_annotations, find_abbreviations  # noqa: E402

HALVES = ("tune", "held-out")


def conclusion_read(entry: dict) -> tuple[bool, list[str]]:
    """Whether a claim is read from the abstract's conclusion, and the conclusion's sentences."""
    sentences = document_sentences(entry)
    conclusion = document_sentences({"CONTEXTS": [], "LONG_ANSWER": entry.get("LONG_ANSWER") or ""})
    first = len(sentences) - len(conclusion)
    abbreviations = find_abbreviations(" ".join(sentences))
    before = max(first - 1, 0)  # the parse reader reads a sentence with the one before it (anaphora)
    parsed = read_passage(sentences[before:])
    for index in range(first, len(sentences)):
        if parsed[index - before] or extract_annotations(sentences[index], abbreviations):
            return True, conclusion
    return False, conclusion


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--record", action="store_true", help="write the figures to bench/results")
    parser.add_argument("--examples", type=int, default=0,
                        help="print N conclusions of the tune half answered 'yes' that yield no claim")
    args = parser.parse_args()
    asked = {json.loads(line)["pmid"] for line in PUBMEDQA_QUESTIONS.read_text().splitlines() if line.strip()}
    read: dict[tuple[str, bool], list[bool]] = {(half, yes): [] for half in HALVES for yes in (False, True)}
    missed = []
    for pmid, entry in sorted(load_pubmedqa().items()):
        if pmid in asked:
            continue
        found, conclusion = conclusion_read(entry)
        yes = entry.get("final_decision") == "yes"
        read[(pmid_half(pmid), yes)].append(found)
        if not found and yes and pmid_half(pmid) == "tune":
            missed.append(" ".join(conclusion))

    def share(half: str, only_yes: bool) -> float:
        marks = read[(half, True)] + ([] if only_yes else read[(half, False)])
        return sum(marks) / len(marks)

    def whole(only_yes: bool) -> float:
        marks = [m for (half, yes), ms in read.items() if yes or not only_yes for m in ms]
        return sum(marks) / len(marks)

    for only_yes in (False, True):
        print(f"{'answered yes' if only_yes else 'every conclusion':18} " + "  ".join(
            f"{half} {100 * share(half, only_yes):.1f} %" for half in HALVES))
    for text in random.Random(0).sample(missed, min(args.examples, len(missed))):
        print("-", text)
    if args.record:
        write_results("conclusions", "Extraction", ".venv/bin/python bench/conclusions.py --record", [
            {"figure": "PubMedQA conclusions a causal claim is read from", **parts(
                whole(False), share("tune", False), share("held-out", False), 100), "unit": "%",
             "note": f"{sum(len(m) for m in read.values())} abstracts outside the question set"},
            {"figure": "the same, questions answered 'yes'", **parts(
                whole(True), share("tune", True), share("held-out", True), 100), "unit": "%"},
        ])
    return 0


if __name__ == "__main__":
    sys.exit(main())
