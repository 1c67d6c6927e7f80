"""``python -m engine extract ("SENTENCE" | --input FILE.jsonl) [--backend offline|openai] [--json]``.

Prints the proto-role annotations found in each sentence. JSONL in (one object per line with a
``sentence`` field) gives JSONL out: the same objects with an ``annotations`` list of
``{subject, subject_change, object, object_change, text}`` (plus confidence, hedged and aliases).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from engine.model.annotations import Annotation, format_annotation
from engine.backends import extract_sentences
from engine.settings import Settings


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("extract", help="proto-role annotations of sentences",
                                   description=__doc__.splitlines()[0])
    parser.add_argument("sentence", nargs="?", help="one sentence to read")
    parser.add_argument("--input", type=Path, help="JSONL file, one object with 'sentence' per line")
    parser.add_argument("--backend", choices=("offline", "openai"), default="offline")
    parser.add_argument("--json", action="store_true", help="print JSON (JSONL for --input)")
    parser.set_defaults(func=run)


def _as_dict(annotation: Annotation) -> dict:
    return annotation.model_dump(include={"subject", "subject_change", "object", "object_change",
                                          "text", "confidence", "hedged", "subject_aliases",
                                          "object_aliases"})


def _read_jsonl(path: Path) -> tuple[list[dict], list[str]]:
    """Objects with a sentence, and one message per unusable line (line number and why)."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        return [], [f"cannot read {path}: {exc}"]
    records: list[dict] = []
    problems: list[str] = []
    for number, line in enumerate(text.split("\n"), start=1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except json.JSONDecodeError as exc:
            problems.append(f"{path}:{number}: not valid JSON ({exc.msg})")
            continue
        if not isinstance(record, dict) or not isinstance(record.get("sentence"), str):
            problems.append(f"{path}:{number}: expected an object with a 'sentence' string")
            continue
        records.append(record)
    return records, problems


def run(args: argparse.Namespace) -> int:
    if (args.sentence is None) == (args.input is None):
        print("give either one SENTENCE or --input FILE.jsonl", file=sys.stderr)
        return 2
    problems: list[str] = []
    if args.input is not None:
        records, problems = _read_jsonl(args.input)
    else:
        records = [{"sentence": args.sentence}]
    sentences = [record["sentence"] for record in records]
    found = extract_sentences(sentences, Settings(), backend=args.backend)
    if isinstance(found, str):
        print(found, file=sys.stderr)
        return 2
    for record, annotations in zip(records, found):
        if args.json or args.input is not None:
            out = dict(record)
            out["annotations"] = [_as_dict(a) for a in annotations]
            print(json.dumps(out, ensure_ascii=False))
        else:
            print(record["sentence"])
            if not annotations:
                print("  (no causal claim found)")
            for annotation in annotations:
                hedge = ", hedged" if annotation.hedged else ""
                print(f"  {format_annotation(annotation)}   (confidence {annotation.confidence}{hedge})")
    for problem in problems:
        print(problem, file=sys.stderr)
    return 1 if problems else 0
