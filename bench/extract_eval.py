"""Extraction benchmark on the curated HBP statements (``../shared/data/hbp/relations_dev.jsonl``).

For every statement the offline extractor reads the evidence sentence. A statement is *linked* when
one extracted annotation has a subject matching the statement's subject and an object matching its
object under ``engine.offline.text.terms_match`` (names of states "X deficiency" / "X mutation" are
compared through their entity X). The *sign* of a linked annotation is the sign of its edge
(``engine.annotations.interpret``) times the direction of any state it names (a deficiency of X moves
X down), and times -1 when the gold names a lowering agent ("proteasome inhibitors") that the
extractor read as less of its target ("proteasome"); the highest-confidence linking annotation is the
one scored. Figures are given for the
statements whose names occur verbatim in their sentence (``names_in_sentence``) and for all.

Precision is measured on random samples of extracted annotations (from the verbatim set's sentences)
judged by hand: ``--write-sample N`` appends a fresh seeded draw of N not yet judged annotations as a
new round to ``bench/extract_precision_sample.jsonl`` (one object per line with ``sentence_key``,
``annotation``, ``correct``, ``note``, ``round``; the key is ``sentence_key(sentence)``, so the
third-party sentences stay in ``../shared/data`` and are looked up from there). Each round's precision is reported as judged (on
the extractor version it was drawn from) and over the annotations the current extractor still
produces; only the latest round is an unbiased sample of the current output.

    .venv/bin/python bench/extract_eval.py [--data PATH] [--runs 3] [--json]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from engine.annotations import Annotation, format_annotation, interpret  # noqa: E402
from engine.offline.extract import extract_annotations  # noqa: E402
from engine.offline.text import state_core, terms_match  # noqa: E402

DEFAULT_DATA = REPO.parent / "shared" / "data" / "hbp" / "relations_dev.jsonl"
SAMPLE_FILE = REPO / "bench" / "extract_precision_sample.jsonl"


def sentence_key(sentence: str) -> str:
    """A short stable key for a dev sentence, stored in the judged sample instead of its text."""
    return hashlib.sha256(sentence.encode()).hexdigest()[:16]


def half(pmid: str) -> str:
    """The split a statement belongs to: "tune" or "held-out", by a stable hash of its paper's PMID."""
    return "tune" if int(hashlib.sha256(pmid.encode()).hexdigest(), 16) % 2 == 0 else "held-out"


def _names(term: str, aliases: list[str]) -> tuple[list[str], int]:
    core, direction = state_core(term)
    return [core, *(state_core(a)[0] for a in aliases)], direction


def annotation_sign(annotation: Annotation) -> int:
    """Sign of the annotation's claim about its subject's entity and object's entity."""
    sign = interpret(annotation).sign
    sign *= state_core(annotation.subject)[1] * state_core(annotation.object)[1]
    return sign


_LOWERING_ROLES = ("inhibitor", "inhibitors", "antagonist", "antagonists", "blocker", "blockers")


def role_direction(gold_name: str, extracted_name: str) -> int:
    """-1 when the gold names an agent that lowers X ("proteasome inhibitors") and the extractor
    named X itself (it reads "X inhibitors" as less X): the same claim, opposite signs."""
    gold_words = gold_name.lower().split()
    if gold_words and gold_words[-1] in _LOWERING_ROLES and \
            not any(w in _LOWERING_ROLES for w in extracted_name.lower().split()):
        return -1
    return 1


def statement_sign(annotation: Annotation, subject: str, obj: str) -> int:
    """The sign of an annotation read as a claim about the gold statement's two names."""
    return annotation_sign(annotation) * role_direction(subject, annotation.subject) \
        * role_direction(obj, annotation.object)


def link(annotations: list[Annotation], subject: str, obj: str) -> Annotation | None:
    best: Annotation | None = None
    for a in annotations:
        s_names, _ = _names(a.subject, a.subject_aliases)
        o_names, _ = _names(a.object, a.object_aliases)
        if terms_match(s_names[0], subject, s_names[1:]) and terms_match(o_names[0], obj, o_names[1:]):
            if best is None or a.confidence > best.confidence:
                best = a
    return best


def _mentions(annotations: list[Annotation], name: str, side: str) -> bool:
    for a in annotations:
        term, aliases = (a.subject, a.subject_aliases) if side == "subject" else (a.object, a.object_aliases)
        names, _ = _names(term, aliases)
        if terms_match(names[0], name, names[1:]):
            return True
    return False


def failure_kind(annotations: list[Annotation], subject: str, obj: str) -> str:
    """Why a statement was not linked: what the extractor found of its two ends."""
    if not annotations:
        return "no annotation in the sentence"
    if link(annotations, obj, subject) is not None:
        return "found reversed"
    has_subject = _mentions(annotations, subject, "subject") or _mentions(annotations, subject, "object")
    has_object = _mentions(annotations, obj, "object") or _mentions(annotations, obj, "subject")
    if has_subject and has_object:
        return "both ends found, in different claims"
    if has_subject:
        return "only the subject found"
    if has_object:
        return "only the object found"
    return "annotations, but neither end"


def evaluate(rows: list[dict], extracted: dict[str, list[Annotation]]) -> dict:
    linked = correct = 0
    failures: Counter = Counter()
    for row in rows:
        hit = link(extracted[row["sentence"]], row["subject"]["name"], row["object"]["name"])
        if hit is None:
            failures[failure_kind(extracted[row["sentence"]], row["subject"]["name"],
                                  row["object"]["name"])] += 1
        if hit is not None:
            linked += 1
            correct += statement_sign(hit, row["subject"]["name"], row["object"]["name"]) == row["sign"]
    n = len(rows)
    sentences = {row["sentence"] for row in rows}
    return {
        "statements": n,
        "linked": linked,
        "linked_share": round(linked / n, 4) if n else 0.0,
        "sign_accuracy": round(correct / linked, 4) if linked else 0.0,
        "sentences": len(sentences),
        "sentences_with_annotations": sum(1 for s in sentences if extracted[s]),
        "annotations_per_sentence": round(sum(len(extracted[s]) for s in sentences) / len(sentences), 3),
        "unlinked_kinds": dict(failures.most_common()),
    }


def precision(extracted: dict[str, list[Annotation]], sample_file: Path) -> dict | None:
    if not sample_file.exists():
        return None
    judged = [json.loads(line) for line in sample_file.read_text(encoding="utf-8").split("\n") if line.strip()]
    by_key = {sentence_key(sentence): found for sentence, found in extracted.items()}
    report: dict = {}
    for round_ in sorted({j.get("round", 1) for j in judged}):
        batch = [j for j in judged if j.get("round", 1) == round_ and j["correct"] is not None]
        scored = [j for j in batch
                  if j["annotation"] in {format_annotation(a) for a in by_key.get(j["sentence_key"], [])}]
        good = sum(1 for j in scored if j["correct"])
        report[f"round {round_}"] = {
            "judged": len(batch), "judged_precision": round(sum(j["correct"] for j in batch) / len(batch), 4)
            if batch else 0.0, "still_produced": len(scored),
            "precision_of_still_produced": round(good / len(scored), 4) if scored else 0.0}
    return report


def write_sample(extracted: dict[str, list[Annotation]], rows: list[dict], size: int, seed: int) -> None:
    """Append a fresh random draw (a new round, correct=None) to the judged file."""
    judged = [json.loads(line) for line in SAMPLE_FILE.read_text(encoding="utf-8").split("\n")
              if line.strip()] if SAMPLE_FILE.exists() else []
    seen = {(j["sentence_key"], j["annotation"]) for j in judged}
    round_ = max((j.get("round", 1) for j in judged), default=0) + 1
    pool = sorted({(sentence_key(row["sentence"]), format_annotation(a)) for row in rows
                   for a in extracted[row["sentence"]]} - seen)
    random.Random(seed + round_).shuffle(pool)
    with SAMPLE_FILE.open("a", encoding="utf-8") as out:
        for key, line in pool[:size]:
            out.write(json.dumps({"sentence_key": key, "annotation": line, "correct": None,
                                  "note": "", "round": round_}, ensure_ascii=False) + "\n")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--runs", type=int, default=3, help="timing runs (median reported)")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--write-sample", type=int, metavar="N", default=0,
                        help="draw N annotations from the verbatim set to judge by hand (overwrites)")
    parser.add_argument("--failures", type=Path, help="write the tune half's unlinked or wrongly signed verbatim statements here")
    args = parser.parse_args(argv)
    if not args.data.exists():
        print(f"data file {args.data} not found", file=sys.stderr)
        return 2
    rows = [json.loads(line) for line in args.data.read_text(encoding="utf-8").split("\n") if line.strip()]
    sentences = sorted({row["sentence"] for row in rows})
    timings = []
    extracted: dict[str, list[Annotation]] = {}
    for _ in range(max(1, args.runs)):
        start = time.perf_counter()
        extracted = {s: extract_annotations(s) for s in sentences}
        timings.append((time.perf_counter() - start) / len(sentences) * 1000)
    verbatim = [row for row in rows if row["names_in_sentence"]]
    report = {
        "verbatim": evaluate(verbatim, extracted),
        "all": evaluate(rows, extracted),
        "halves": {f"{part} {name}": evaluate([r for r in subset if half(r["pmid"]) == name], extracted)
                   for part, subset in (("verbatim", verbatim), ("all", rows))
                   for name in ("tune", "held-out")},
        "ms_per_sentence_median": round(statistics.median(timings), 3),
        "ms_per_sentence_runs": [round(t, 3) for t in timings],
        "mean_sentence_chars": round(statistics.mean(len(s) for s in sentences), 1),
        "precision_sample": precision(extracted, SAMPLE_FILE),
    }
    if args.write_sample:
        write_sample(extracted, verbatim, args.write_sample, seed=7)
    if args.failures:
        with args.failures.open("w") as out:
            for row in verbatim:
                if half(row["pmid"]) != "tune":
                    continue  # failures are read on the tune half only
                hit = link(extracted[row["sentence"]], row["subject"]["name"], row["object"]["name"])
                if hit is None or statement_sign(hit, row["subject"]["name"], row["object"]["name"]) \
                        != row["sign"]:
                    out.write(json.dumps({
                        "kind": "unlinked" if hit is None else "wrong sign",
                        "gold": f'{row["subject"]["name"]} {row["sign"]:+d} {row["object"]["name"]}',
                        "sentence": row["sentence"],
                        "extracted": [format_annotation(a) for a in extracted[row["sentence"]]],
                    }, ensure_ascii=False) + "\n")
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        for part in ("verbatim", "all"):
            r = report[part]
            print(f"{part:9s} statements {r['statements']:5d}  linked {r['linked_share']:.1%}  "
                  f"sign accuracy {r['sign_accuracy']:.3f}  annotations/sentence "
                  f"{r['annotations_per_sentence']}")
            print("          unlinked: " + "; ".join(f"{k} {v}" for k, v in r["unlinked_kinds"].items()))
            for name in ("tune", "held-out"):
                h = report["halves"][f"{part} {name}"]
                print(f"  {name:8s} statements {h['statements']:5d}  linked {h['linked_share']:.1%}  "
                      f"sign accuracy {h['sign_accuracy']:.3f}")
        print(f"median {report['ms_per_sentence_median']} ms per sentence "
              f"(runs {report['ms_per_sentence_runs']}; {len(sentences)} sentences, "
              f"mean {report['mean_sentence_chars']} chars)")
        for name, p in (report["precision_sample"] or {}).items():
            print(f"hand-judged sample {name}: precision {p['judged_precision']:.3f} over "
                  f"{p['judged']} judged; {p['still_produced']} still produced, precision "
                  f"{p['precision_of_still_produced']:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
