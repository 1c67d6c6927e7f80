"""Whether a name meets itself written another way: in British or American spelling ("tumour",
"tumor"), or with an organ's adjective for its noun ("hepatic injury", "liver injury").

The pairs of ``bench/name_variants.toml`` were written from general medical English, not from any
question or paper here; that file says, for each kind, what its tune half was written after and
looked at with, and that its held-out half was never used to change the reader. For each pair:

- **key**: the two names share ``identity_key``, so Integrate makes them one entity;
- **grounding**: where either name grounds in the built lexicon, both ground to the same identifier.

``--answers`` also asks every HBP and PubMedQA question whose source or target holds a word of a pair
as written and with that word in its other form, each on its library; of those answered as written,
the share answered with the same sign the other way, per half of the question sets.

    HF_HUB_OFFLINE=1 .venv/bin/python bench/name_variants.py [--answers] [--record]
"""

from __future__ import annotations

import argparse
import re
import sys
import tomllib
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from bench.qa_eval import (  # noqa: E402
    DEFAULT_QUESTIONS, PUBMEDQA_INDEX, PUBMEDQA_QUESTIONS, answering_target, half_of, load_questions,
    predicted_sign)
from bench.results import parts, write_results  # noqa: E402

PAIRS = REPO / "bench" / "name_variants.toml"
HALVES = {"tune": "tune", "held_out": "held-out"}
KINDS = {"spelling": "British/American spellings", "organ": "organ adjective and noun",
         "plural": "irregular plural and singular"}


def load_pairs() -> dict[str, dict[str, list[tuple[str, str]]]]:
    """Per kind, per half, the pairs of names."""
    table = tomllib.loads(PAIRS.read_text(encoding="utf-8"))
    return {kind: {half: [tuple(pair) for pair in table[kind][key]] for key, half in HALVES.items()}
            for kind in KINDS}


def keys_meet(first: str, second: str) -> bool:
    from engine.assembly.identity import identity_key

    return identity_key(first) == identity_key(second)


def grounded_alike(first: str, second: str) -> bool | None:
    """Both names ground to one identifier (None where neither grounds)."""
    from engine.assembly.grounding import ground

    found = [ground(first), ground(second)]
    if not any(found):
        return None
    return all(found) and found[0][0].key == found[1][0].key


def word_swaps(pairs: list[tuple[str, str]]) -> dict[str, str]:
    """Each word in which the two names of a pair differ, to its other form, both ways."""
    swaps = {}
    for first, second in pairs:
        for a, b in zip(first.lower().split(), second.lower().split()):
            if a != b:
                swaps |= {a: b, b: a}
    return swaps


def respelled(text: str, other: dict[str, str]) -> str:
    """``text`` with each word of a pair in its other form."""
    return re.sub(r"[A-Za-z]+", lambda m: other.get(m.group().lower(), m.group()), text)


def same_answers(pairs: list[tuple[str, str]]) -> dict[str, list[bool]]:
    """Per half, for each question with a word of a pair in its ends that is answered as written: the
    same answer with that word the other way?"""
    from engine.pipeline import ask
    from engine.settings import Settings
    from retrieval.index import PaperIndex

    other = word_swaps(pairs)
    settings = Settings()
    same: dict[str, list[bool]] = {"tune": [], "held-out": []}
    for questions, index_dir in ((DEFAULT_QUESTIONS, settings.resolved_index_dir), (PUBMEDQA_QUESTIONS, PUBMEDQA_INDEX)):
        index = PaperIndex.open(index_dir, settings.embedding_model)
        for item in load_questions(questions):
            ends = f"{item['source']} {item['target']}"
            if respelled(ends, other) == ends:
                continue
            signs = []
            for question in (item["question"], respelled(item["question"], other)):
                result = ask(question, index, settings)
                signs.append(None if result.abstained
                             else predicted_sign(result.labelling, answering_target(result.graph))[0])
            print(f"{item['id']}: {item['question']} -> {signs}")
            if signs[0] is not None:
                same[half_of(item)].append(signs[0] == signs[1])
    return same


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--answers", action="store_true", help="ask the questions with such words both ways")
    parser.add_argument("--record", action="store_true", help="write the figures to bench/results")
    args = parser.parse_args()
    figures = []
    for kind, pairs in load_pairs().items():
        keys = {half: [keys_meet(*pair) for pair in found] for half, found in pairs.items()}
        grounded = {half: [g for pair in found if (g := grounded_alike(*pair)) is not None]
                    for half, found in pairs.items()}
        for half in pairs:
            print(f"{kind} {half}: keys meet {sum(keys[half])}/{len(keys[half])}, grounded alike "
                  f"{sum(grounded[half])}/{len(grounded[half])}; apart: "
                  f"{[pair[0] for pair, met in zip(pairs[half], keys[half]) if not met]}")
        figure = _figure(f"{KINDS[kind]} sharing a name key", keys, "pairs")
        figure["note"] += "; grounded alike " + _counts(grounded)
        if args.answers:
            same = same_answers(pairs["tune"] + pairs["held-out"])
            figure["note"] += "; answers alike the other way " + _counts(same)
        print(figure["note"])
        figures.append(figure)
    if args.record:
        write_results("name_variants", "Grounding", ".venv/bin/python bench/name_variants.py --answers --record",
                      figures)
    return 0


def _counts(marks: dict[str, list[bool]]) -> str:
    return ", ".join(f"{sum(m)}/{len(m)}" for m in marks.values())


def _figure(name: str, marks: dict[str, list[bool]], counted: str) -> dict:
    """A share on the whole and on each half, as a percentage."""
    shares = [sum(m) / len(m) if m else None for m in (marks["tune"] + marks["held-out"], marks["tune"], marks["held-out"])]
    return {"figure": name, **parts(*shares, 100), "unit": "%",
            "note": f"{len(marks['tune'])} / {len(marks['held-out'])} {counted}"}


if __name__ == "__main__":
    sys.exit(main())
