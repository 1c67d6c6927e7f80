"""Whether a name meets itself in the other spelling, British or American ("tumour" and "tumor").

The pairs of ``bench/spelling_pairs.toml`` were written from general medical English, not from any
question or paper here; the tune half was looked at while writing the rules of
``engine/reading/language/spelling.py``, the held-out half was written after them. For each pair:

- **keys**: the two spellings share ``term_key`` and ``identity_key``, so names in them are one entity;
- **grounding**: where either spelling grounds in the built lexicon, both ground to the same identifier.

``--answers`` also asks every HBP and PubMedQA question whose source or target holds a word of a pair
in its own spelling and in the other one, each on its library; of those answered in their own
spelling, the share answered with the same sign in the other, per half of the question sets.

    HF_HUB_OFFLINE=1 .venv/bin/python bench/spelling_variants.py [--answers] [--record]
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

PAIRS = REPO / "bench" / "spelling_pairs.toml"
HALVES = {"tune": "tune", "held_out": "held-out"}


def load_pairs() -> dict[str, list[tuple[str, str]]]:
    table = tomllib.loads(PAIRS.read_text(encoding="utf-8"))
    return {half: [tuple(pair) for pair in table[key]] for key, half in HALVES.items()}


def keys_meet(british: str, american: str) -> bool:
    from engine.assembly.identity import identity_key
    from engine.reading.language.text import term_key

    return term_key(british) == term_key(american) and identity_key(british) == identity_key(american)


def grounded_alike(british: str, american: str) -> bool | None:
    """Both spellings ground to one identifier (None where neither grounds)."""
    from engine.assembly.grounding import ground

    found = [ground(british), ground(american)]
    if not any(found):
        return None
    return all(found) and found[0][0].key == found[1][0].key


def respelled(text: str, other: dict[str, str]) -> str:
    """``text`` with each word of a pair in its other spelling."""
    return re.sub(r"[A-Za-z]+", lambda m: other.get(m.group().lower(), m.group()), text)


def same_answers(pairs: list[tuple[str, str]]) -> dict[str, list[bool]]:
    """Per half, for each question with a word of a pair in its ends that is answered as written: the
    same answer in the other spelling?"""
    from engine.pipeline import ask
    from engine.settings import Settings
    from retrieval.index import PaperIndex

    other = {b: a for b, a in pairs} | {a: b for b, a in pairs}
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
    parser.add_argument("--answers", action="store_true", help="ask the questions with such words in both spellings")
    parser.add_argument("--record", action="store_true", help="write the figures to bench/results")
    args = parser.parse_args()
    pairs = load_pairs()
    keys = {half: [keys_meet(b, a) for b, a in found] for half, found in pairs.items()}
    grounded = {half: [g for b, a in found if (g := grounded_alike(b, a)) is not None] for half, found in pairs.items()}
    for half in pairs:
        print(f"{half}: keys meet {sum(keys[half])}/{len(keys[half])}, "
              f"grounded alike {sum(grounded[half])}/{len(grounded[half])}; "
              f"apart: {[b for (b, _), met in zip(pairs[half], keys[half]) if not met]}")
    figures = [_figure("British and American spellings sharing a name key", keys, "pairs"),
               _figure("... grounded alike, where either grounds", grounded, "pairs")]
    if args.answers:
        same = same_answers(pairs["tune"] + pairs["held-out"])
        print("same answer in both spellings: " + "  ".join(f"{h} {sum(m)}/{len(m)}" for h, m in same.items()))
        figures[0]["note"] += ("; questions with such a word answered alike in the other spelling: "
                               + " / ".join(f"{sum(m)} of {len(m)}" for m in same.values()))
    if args.record:
        write_results("spelling_variants", "Grounding",
                      ".venv/bin/python bench/spelling_variants.py --answers --record", figures)
    return 0


def _figure(name: str, marks: dict[str, list[bool]], counted: str) -> dict:
    """A share on the whole and on each half, as a percentage."""
    shares = [sum(m) / len(m) if m else None for m in (marks["tune"] + marks["held-out"], marks["tune"], marks["held-out"])]
    return {"figure": name, **parts(*shares, 100), "unit": "%",
            "note": f"{len(marks['tune'])} / {len(marks['held-out'])} {counted}"}


if __name__ == "__main__":
    sys.exit(main())
