"""What each repair of the parse reader's parse changes (``engine.reading.parse.nlp.REPAIRS``).

    HF_HUB_OFFLINE=1 .venv/bin/python bench/reader_repairs.py [--json] [--examples N]

Every sentence of the default library (``data/index``, the sentences the reader was written from) and
of the 1,000 PubMedQA abstracts (``../shared/data/pubmedqa``, read by no one while writing it) is
parsed and read once with every repair, noting which repairs changed the parse. Then, for each repair,
only the sentences where it changed the parse are read again without it. Per repair and library: the
sentences where it fires, those whose claims change without it, the claims read only with it, and how
many of those the rule reader reads anyway (the pipeline reads with both, so such a claim stays in
the graph without the repair, stated by one reader instead of two). A repair that changes the claims
of one sentence in thousands is a repair for one sentence.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from bench.pubmedqa_library import PUBMEDQA, document_sentences  # noqa: E402
from engine.model.annotations import format_annotation, parse_annotation  # noqa: E402
from engine.reading.parse import nlp, reader  # noqa: E402
from engine.assembly.agreement import same_claim  # noqa: E402
from engine.reading.rules.reader import extract_annotations  # noqa: E402
from engine.settings import Settings  # noqa: E402
from retrieval.index import PaperIndex  # noqa: E402


def library_sentences() -> dict[str, list[str]]:
    index = PaperIndex.open(Settings().resolved_index_dir)
    abstracts = json.loads(PUBMEDQA.read_text(encoding="utf-8"))
    return {"HBP library": [s for d in index.documents() for s in d.sentences],
            "PubMedQA": [s for entry in abstracts.values() for s in document_sentences(entry)]}


def _parse_signature(doc) -> list[tuple]:
    return [(t.text, t.head.i, t.dep_, t.pos_, t.tag_) for t in doc]


def read_all(texts: list[str], skipped=None, fired: dict | None = None) -> list[list[str]]:
    """Each text's claims, read with every repair but ``skipped``; ``fired`` gathers, per repair, the
    positions of the texts whose parse it changed."""
    claims = []
    for position, doc in enumerate(nlp.parser().pipe((reader.as_meant(t) for t in texts), batch_size=64)):
        for repair in nlp.REPAIRS:
            if repair is skipped:
                continue
            before = _parse_signature(doc) if fired is not None else None
            doc = repair(doc) or doc
            if fired is not None and _parse_signature(doc) != before:
                fired.setdefault(repair.__name__, set()).add(position)
        claims.append(sorted(format_annotation(a) for a in reader.read_doc(doc, doc.text)))
    return claims


def repair_effects(texts: list[str], examples: int) -> dict[str, dict]:
    fired: dict[str, set[int]] = {}
    with_all = read_all(texts, fired=fired)
    effects = {}
    for repair in nlp.REPAIRS:
        positions = sorted(fired.get(repair.__name__, ()))
        without = dict(zip(positions, read_all([texts[p] for p in positions], skipped=repair)))
        changed = [p for p in positions if without[p] != with_all[p]]
        only_with = {p: [line for line in with_all[p] if line not in without[p]] for p in changed}
        effects[repair.__name__] = {
            "fires": len(positions), "claims_change": len(changed),
            "claims_only_with_it": sum(len(lines) for lines in only_with.values()),
            "of_which_the_rule_reader_reads": sum(_rule_reader_reads(texts[p], lines) for p, lines in only_with.items()),
            "examples": [{"sentence": texts[p], "with": with_all[p], "without": without[p]} for p in changed[:examples]],
        }
    return effects


def _rule_reader_reads(sentence: str, lines: list[str]) -> int:
    """How many of the claims ``lines`` the rule reader reads in ``sentence`` (read once)."""
    read = extract_annotations(sentence)
    return sum(any(same_claim(parse_annotation(line, sentence), other) for other in read) for line in lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print one JSON object, with examples")
    parser.add_argument("--examples", type=int, default=5, help="changed sentences kept per repair (--json)")
    args = parser.parse_args(argv)
    report = {name: {"sentences": len(texts), "repairs": repair_effects(texts, args.examples)}
              for name, texts in library_sentences().items()}
    if args.json:
        print(json.dumps(report, indent=1, ensure_ascii=False))
        return 0
    for name, part in report.items():
        print(f"{name}: {part['sentences']:,} sentences")
        print(f"  {'repair':40} fires  claims change  claims only with it  (rule reader reads)")
        for repair, effect in part["repairs"].items():
            print(f"  {repair:40} {effect['fires']:5}  {effect['claims_change']:13}  "
                  f"{effect['claims_only_with_it']:19}  ({effect['of_which_the_rule_reader_reads']})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
