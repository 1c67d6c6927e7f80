"""Grounded spans of a text: Gilda's NER (longest known term from each word, stop words skipped) over the
lexicon, so a reader can take an entity's boundaries from a name the grounder knows ("Inhibition of
PCSK9 also results in reductions of plasma lipoprotein (a) levels": PCSK9, lipoprotein (a))."""

from __future__ import annotations

from dataclasses import dataclass

from engine.assembly.grounding.lexicon import Grounding, Lexicon, as_groundings


@dataclass(frozen=True)
class Span:
    """``text[start:end]`` names what ``groundings`` identify (best first)."""

    start: int
    end: int
    text: str
    groundings: tuple[Grounding, ...]


def find_spans(text: str, lexicon: Lexicon) -> list[Span]:
    """The grounded spans of ``text``, in order, none overlapping."""
    from gilda.ner import annotate

    if not text or not text.strip():
        return []
    found = annotate(text, grounder=lexicon.grounder)
    return [Span(a.start, a.end, text[a.start:a.end], as_groundings(a.matches)) for a in found]
