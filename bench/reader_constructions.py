"""What each construction of the two readers adds to what the pipeline reads (both readers, pooled).

    HF_HUB_OFFLINE=1 .venv/bin/python bench/reader_constructions.py [--json] [--examples N]

Every sentence of the default library (``data/index``) and of the PubMedQA abstracts outside the
held-out questions' papers is read by both readers once whole, then once without each construction:
each rule-reader construction of ``engine/reading/rules/constructions.toml`` and each construction
family of the parse reader (``FAMILIES``, the readings ``parse.reader.read_doc`` pools). Per
construction: the claims that go without it, and of those the claims that nothing else reads, neither
the other reader nor the same reader's other constructions (``same_claim``). A construction whose
claims all stay is one the pipeline does not need; the examples (``--json``) show what the others
alone read, to judge by reading. The readers' size (``bench/reader_size.py``) goes down only by
removing what adds nothing right.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from bench.pubmedqa_library import document_sentences, load_pubmedqa  # noqa: E402
from engine.assembly.agreement import same_claim  # noqa: E402
from engine.model.annotations import Annotation, format_annotation  # noqa: E402
from engine.reading.parse import reader as parse_reader  # noqa: E402
from engine.reading.parse.nlp import parsed  # noqa: E402
from engine.reading.rules import reader as rule_reader  # noqa: E402
from engine.reading.rules.reader import extract_annotations  # noqa: E402
from engine.settings import Settings  # noqa: E402
from retrieval.index import PaperIndex  # noqa: E402

QUESTIONS = REPO / "bench" / "pubmedqa_questions.jsonl"
# The parse reader's construction families, as ``read_doc`` pools them.
FAMILIES = ("verb_claims", "means_claims", "misread_claims", "nominal_claims", "role_claims", "route_claims",
            "instrument_claims", "host_claims", "reason_claims", "experiment_clause_claims",
            "association_claims", "comparison_claims", "resting_claims")

Reading = dict[str, list[Annotation]]


def sentences() -> list[str]:
    """The library's sentences and those of the PubMedQA abstracts whose questions are tuned on."""
    index = PaperIndex.open(Settings().resolved_index_dir)
    held_out = {json.loads(line)["pmid"] for line in QUESTIONS.read_text().splitlines()
                if line.strip() and json.loads(line)["half"] != "tune"}
    abstracts = load_pubmedqa()
    found = [s for d in index.documents() for s in d.sentences]
    found += [s for pmid, entry in abstracts.items() if pmid not in held_out for s in document_sentences(entry)]
    return list(dict.fromkeys(found))


def rules_reading(texts: list[str]) -> Reading:
    return {text: extract_annotations(text) for text in texts}


def parse_reading(docs: list[tuple[str, str, object]]) -> Reading:
    return {sentence: parse_reader.read_doc(doc, text) for sentence, text, doc in docs}


def without_rule_construction(name: str, texts: list[str]) -> Reading:
    kept = rule_reader.CONSTRUCTIONS
    rule_reader.CONSTRUCTIONS = tuple(c for c in kept if c.name != name)
    try:
        return rules_reading(texts)
    finally:
        rule_reader.CONSTRUCTIONS = kept


def without_parse_family(name: str, docs: list[tuple[str, str, object]]) -> Reading:
    kept = getattr(parse_reader, name)
    setattr(parse_reader, name, lambda doc: [])
    try:
        return parse_reading(docs)
    finally:
        setattr(parse_reader, name, kept)


def added(whole: Reading, without: Reading, other: Reading, examples: int) -> dict:
    """The claims of ``whole`` that go ``without`` the construction, and those nothing else reads."""
    lost, alone = 0, []
    for sentence, read in whole.items():
        left = without[sentence]
        kept = {format_annotation(a) for a in left}
        for claim in read:
            if format_annotation(claim) in kept:
                continue
            lost += 1
            if not any(same_claim(claim, b) for b in (*left, *other[sentence])):
                alone.append((sentence, format_annotation(claim)))
    return {"claims_lost": lost, "read_by_nothing_else": len(alone),
            "examples": [{"sentence": s, "claim": c} for s, c in alone[:examples]]}


def report(examples: int) -> dict:
    texts = sentences()
    docs = [(sentence, text, doc) for sentence, (text, doc) in
            zip(texts, parsed(parse_reader.as_meant(s) for s in texts))]
    rules, parse = rules_reading(texts), parse_reading(docs)
    per: dict[str, dict] = {}
    for construction in rule_reader.CONSTRUCTIONS:
        per[f"rules: {construction.name}"] = added(rules, without_rule_construction(construction.name, texts),
                                                   parse, examples)
    for family in FAMILIES:
        per[f"parse: {family}"] = added(parse, without_parse_family(family, docs), rules, examples)
    return {"sentences": len(texts), "constructions": per}


def _print(found: dict, show: Callable[[str], None] = print) -> None:
    show(f"{found['sentences']:,} sentences")
    show(f"  {'construction':38} claims lost  read by nothing else")
    for name, effect in found["constructions"].items():
        show(f"  {name:38} {effect['claims_lost']:11,}  {effect['read_by_nothing_else']:20,}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print one JSON object, with examples")
    parser.add_argument("--examples", type=int, default=10, help="claims only a construction reads, kept (--json)")
    args = parser.parse_args(argv)
    found = report(args.examples)
    if args.json:
        print(json.dumps(found, indent=1, ensure_ascii=False))
    else:
        _print(found)
    return 0


if __name__ == "__main__":
    sys.exit(main())
