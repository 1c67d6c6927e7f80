"""``python -m engine extract ("SENTENCE" | --input FILE.jsonl) [--backend offline|openai] [--one-reader] [--json]``.

Prints the proto-role annotations found in each sentence, read as the pipeline reads a passage
(``engine.pipeline.extract``): by the backend's reader (the rule reader offline, the language model
with ``--backend openai``) and, unless ``--one-reader`` or the settings turn the cross-check off, by
the dependency-parse reader too, each claim marked with the readers that found it
(``engine.assembly.agreement.cross_check``). A claim two readers find and its sentence states
without a hedge is *supported*; any other is *possible*, drawn and worded apart in an answer.

The input sentences are read as one text: an abbreviation defined in one counts for all. JSONL in
(one object per line with a ``sentence`` field) gives JSONL out: the same objects with an
``annotations`` list of ``{subject, subject_change, object, object_change, text}`` (plus confidence,
hedged, aliases and ``readers``; cross-checked, also ``agreed`` and ``status``).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from engine.backends import BackendError, ExtractedClaim, get_backend
from engine.model.annotations import Annotation, format_annotation
from engine.model.graph import Graph
from engine.pipeline import Retrieved, defined_in, extract
from engine.assembly.agreement import LLM, PARSE, RULES, establishes
from engine.reading.parse.store import ClaimStore
from engine.settings import Settings
from retrieval.index import Passage

READER_NAMES = {RULES: "rule reader", PARSE: "parse reader", LLM: "language model"}


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("extract", help="proto-role annotations of sentences, read as the pipeline reads",
                                   description=__doc__.splitlines()[0])
    parser.add_argument("sentence", nargs="?", help="one sentence to read")
    parser.add_argument("--input", type=Path, help="JSONL file, one object with 'sentence' per line")
    parser.add_argument("--backend", choices=("offline", "openai"), default="offline")
    parser.add_argument("--one-reader", action="store_true",
                        help="read with the backend's reader only (no parse reader, no cross-check)")
    parser.add_argument("--json", action="store_true", help="print JSON (JSONL for --input)")
    parser.set_defaults(func=run)


def read(sentences: list[str], settings: Settings) -> list[list[ExtractedClaim]] | str:
    """Each sentence's claims as the pipeline reads them, each with its readers; a message instead
    when the backend fails. Each sentence is a passage of its own (the cross-check pairs claims by
    sentence), all sharing the definitions the whole text makes."""
    definitions = defined_in(" ".join(sentences))
    retrieved = [Retrieved(passage=Passage(doc_id=_doc_id(i), title="", sentence=sentence, sentence_index=i, score=0.0),
                           query="", round=0) for i, sentence in enumerate(sentences)]
    store = ClaimStore(None) if settings.pipeline.cross_check else None  # in memory: parses what it is asked
    try:
        claims = extract(get_backend(settings), retrieved, Graph(), {_doc_id(i): definitions
                                                                     for i in range(len(sentences))}, store)
    except BackendError as exc:
        return f"error: {exc}"
    found: list[list[ExtractedClaim]] = [[] for _ in sentences]
    for claim in claims:
        found[int(claim.evidence.doc_id.removeprefix("sentence "))].append(claim)
    return found


def _doc_id(number: int) -> str:
    return f"sentence {number}"


def agreed(claim: ExtractedClaim) -> bool:
    return len(claim.evidence.readers) >= 2


def status(claim: ExtractedClaim) -> str:
    """What a cross-checked claim's edge would be drawn as (``mark_possible``): supported where two
    readers found it and it is not hedged, possible otherwise."""
    evidence = claim.evidence.model_copy(update={"hedged": claim.annotation.hedged})  # as Integrate files it
    return "supported" if agreed(claim) and establishes(evidence) else "possible"


def _as_dict(claim: ExtractedClaim, cross_checked: bool) -> dict:
    """The annotation's fields and its readers; where the readers were cross-checked, whether they
    agree and what the claim's edge would be drawn as."""
    fields = claim.annotation.model_dump(include={"subject", "subject_change", "object", "object_change", "text",
                                                  "confidence", "hedged", "subject_aliases", "object_aliases"})
    fields["readers"] = claim.evidence.readers
    if cross_checked:
        fields.update(agreed=agreed(claim), status=status(claim))
    return fields


def _marked(claim: ExtractedClaim, cross_checked: bool) -> str:
    annotation: Annotation = claim.annotation
    notes = [f"confidence {annotation.confidence}"] + (["hedged"] if annotation.hedged else [])
    if cross_checked:
        readers = claim.evidence.readers
        notes.append("both readers agree" if agreed(claim) else
                     f"{READER_NAMES.get(readers[0], readers[0]) if readers else 'one reader'} only")
        notes.append(status(claim))
    return f"  {format_annotation(annotation)}   ({', '.join(notes)})"


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
    settings = Settings()
    cross_checked = settings.pipeline.cross_check and not args.one_reader
    settings = settings.model_copy(update={
        "backend": args.backend,
        "pipeline": settings.pipeline.model_copy(update={"cross_check": cross_checked}),
    })
    found = read([record["sentence"] for record in records], settings)
    if isinstance(found, str):
        print(found, file=sys.stderr)
        return 2
    for record, claims in zip(records, found):
        if args.json or args.input is not None:
            annotations = [_as_dict(claim, cross_checked) for claim in claims]
            print(json.dumps({**record, "annotations": annotations}, ensure_ascii=False))
        else:
            print(record["sentence"])
            if not claims:
                print("  (no causal claim found)")
            for claim in claims:
                print(_marked(claim, cross_checked))
    for problem in problems:
        print(problem, file=sys.stderr)
    return 1 if problems else 0
