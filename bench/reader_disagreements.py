"""Where the two readers read one claim with opposite signs: the sentences in which the rule reader and
the parse reader join the same two entities with opposite signs (``claim_sign``, which reads "X
deficiency" or "X inhibitors" as X moved down). The same entity is one identity key
(``engine.reading.language.text.term_key`` of the entity a name is about), stricter than the lenient
match that joins readings (which takes "Aβ" for "Aβ phagocytosis"). At most one of the two readings is
right, so each is a reading error to look at. A tool for finding errors, no figure: it prints the
sentences, over the library and the PubMedQA abstracts of the tuned questions
(``bench/reader_constructions.sentences``; the held-out questions' abstracts are left out).

    .venv/bin/python bench/reader_disagreements.py [--limit N]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from bench.reader_constructions import sentences  # noqa: E402
from engine.assembly.agreement import claim_sign, entity_named  # noqa: E402
from engine.model.annotations import Annotation, format_annotation  # noqa: E402
from engine.reading.language.text import term_key  # noqa: E402
from engine.reading.parse import read_sentences  # noqa: E402
from engine.reading.rules.reader import extract_annotations  # noqa: E402


def opposed(first: list[Annotation], second: list[Annotation]) -> list[tuple[Annotation, Annotation]]:
    """The pairs of one sentence's readings that join the same two entities with opposite signs."""
    return [(a, b) for a in first for b in second if claim_sign(a) != claim_sign(b)
            and _entity(a.subject) == _entity(b.subject) and _entity(a.object) == _entity(b.object)]


def _entity(name: str) -> str:
    return term_key(entity_named(name)[0])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--limit", type=int, default=0, help="read only the first N sentences")
    args = parser.parse_args()
    texts = sentences()
    texts = texts[:args.limit] if args.limit else texts
    found = 0
    for text, parsed in zip(texts, read_sentences(texts)):
        pairs = opposed(extract_annotations(text), parsed)
        if pairs:
            found += 1
            print(text)
            for rules, parse in pairs:
                print(f"  rules {format_annotation(rules)}\n  parse {format_annotation(parse)}")
    print(f"{found} of {len(texts)} sentences read with opposite signs by the two readers")
    return 0


if __name__ == "__main__":
    sys.exit(main())
