"""The PubMedQA question set: "How does X affect Y?" from the directed PubMedQA-L questions answered "yes".

    .venv/bin/python bench/pubmedqa_questions.py [--check] [--show]

Written before any run of the pipeline on it, in three transparent steps:

1. ``candidates``: every question of ``../shared/data/pubmedqa/ori_pqal.json`` whose ``final_decision``
   is "yes" and whose wording holds a direction verb (``DIRECTION``: reduce, increase, improve, lower,
   raise, prevent, protect, ...), found by a regular expression.
2. The hand judgement of each candidate, read with its abstract (bench/pubmedqa_judgements.py): kept,
   with the cause X and effect Y named as a scientist would, or left out with the reason.
3. ``questions``: one record per kept candidate, written to bench/pubmedqa_questions.jsonl.

Each record: ``id`` (``pqa-PMID``), ``pmid``, ``question`` ("How does X affect Y?", "do" for a plural
X), ``source`` (X), ``target`` (Y), ``expected_sign``, ``original`` (the PubMedQA question), ``sentences`` (indices into
the abstract's sentences as ``pubmedqa_library.document_sentences`` splits them, which are the
PubMedQA index's sentence indices; the text itself stays in ../shared/data), ``judged_note`` and
``half``.

Sign convention: ``expected_sign`` is the direction of Y's change when X increases; for a treatment,
an exposure or a condition X, when X is given or present (+1: Y rises, -1: Y falls). "Improve" is
read on Y as named: "improves tinnitus" is -1 on tinnitus, "improves survival" +1 on survival.

The split (``half``): a third of the questions is held out, chosen by a fixed hash of the PMID
(``held_out``: the SHA-256 of the PMID as a number, modulo 3, is 0), decided before any run. Diagnosis
looks only at the tune half; the held-out half shows whether a fix generalises.

``--check`` verifies that the file on disk is what the judgements give (and fails otherwise);
``--show`` prints each kept question with its stating sentences, for reading.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from bench.pubmedqa_judgements import KEPT, LEFT_OUT  # noqa: E402
from bench.pubmedqa_library import PUBMEDQA, document_sentences, load_pubmedqa  # noqa: E402

QUESTIONS_FILE = REPO / "bench" / "pubmedqa_questions.jsonl"
DIRECTION = re.compile(
    r"\b(reduc|decreas|lower|diminish|increas|rais|elevat|improv|enhanc|worsen|prevent|protect|attenuat"
    r"|inhibit|exacerbat|shorten|impair|promot)\w*", re.IGNORECASE)


def candidates(data: dict[str, dict]) -> list[str]:
    """The PMIDs of the questions answered "yes" whose wording holds a direction verb, in file order."""
    return [pmid for pmid, entry in data.items()
            if entry.get("final_decision") == "yes" and DIRECTION.search(entry["QUESTION"])]


def held_out(pmid: str) -> bool:
    """The fixed split: a PMID is held out when its SHA-256, read as a number, is divisible by 3."""
    return int(hashlib.sha256(pmid.encode()).hexdigest(), 16) % 3 == 0


def wording(source: str, target: str) -> str:
    """ "How does X affect Y?", with "do" where X's head noun (before any "of") is plural."""
    head = source.split(" of ")[0].split()[-1]
    plural = head.endswith("s") and not head.endswith(("ss", "is", "us"))
    return f"How {'do' if plural else 'does'} {source} affect {target}?"


def half(pmid: str) -> str:
    return "held-out" if held_out(pmid) else "tune"


def questions(data: dict[str, dict]) -> list[dict]:
    """The question records of the kept candidates; a candidate without a judgement, a judgement of no
    candidate, or a sentence index outside its abstract is an error."""
    proposed = candidates(data)
    unjudged = [p for p in proposed if p not in KEPT and p not in LEFT_OUT]
    stray = sorted((set(KEPT) | set(LEFT_OUT)) - set(proposed))
    if unjudged or stray or set(KEPT) & set(LEFT_OUT):
        raise ValueError(f"judgements out of step: unjudged {unjudged}, of no candidate {stray}, "
                         f"both kept and left out {sorted(set(KEPT) & set(LEFT_OUT))}")
    records = []
    for pmid in proposed:
        if pmid not in KEPT:
            continue
        kept = KEPT[pmid]
        count = len(document_sentences(data[pmid]))
        if kept.expected_sign not in (1, -1) or not kept.sentences or max(kept.sentences) >= count:
            raise ValueError(f"{pmid}: sign {kept.expected_sign} or sentences {kept.sentences} out of range "
                             f"(the abstract has {count} sentences)")
        records.append({
            "id": f"pqa-{pmid}", "pmid": pmid, "question": wording(kept.source, kept.target),
            "source": kept.source, "target": kept.target, "expected_sign": kept.expected_sign,
            "original": data[pmid]["QUESTION"], "sentences": list(kept.sentences),
            "judged_note": kept.note, "half": half(pmid)})
    return records


def render(records: list[dict]) -> str:
    return "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=PUBMEDQA)
    parser.add_argument("--out", type=Path, default=QUESTIONS_FILE)
    parser.add_argument("--check", action="store_true", help="fail when the file differs from the judgements")
    parser.add_argument("--show", action="store_true", help="print each question with its stating sentences")
    args = parser.parse_args()
    data = load_pubmedqa(args.data)
    records = questions(data)
    if args.show:
        for r in records:
            sentences = document_sentences(data[r["pmid"]])
            print(f"{r['id']} [{r['half']}] {r['question']} ({r['expected_sign']:+d})")
            for i in r["sentences"]:
                print(f"    [{i}] {sentences[i]}")
        return 0
    text = render(records)
    counts = {h: sum(r["half"] == h for r in records) for h in ("tune", "held-out")}
    summary = (f"{len(candidates(data))} candidates, {len(records)} kept ({counts['tune']} tune, "
               f"{counts['held-out']} held-out), {len(LEFT_OUT)} left out")
    if args.check:
        if not args.out.is_file() or args.out.read_text(encoding="utf-8") != text:
            print(f"error: {args.out} differs from the judgements; run without --check", file=sys.stderr)
            return 1
        print(f"{args.out} is current: {summary}", file=sys.stderr)
        return 0
    args.out.write_text(text, encoding="utf-8")
    print(f"wrote {args.out}: {summary}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
