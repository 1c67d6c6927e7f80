"""Shared helpers of the parse reader's tests: the exact set of proto-role lines read from a sentence,
and a small grounding lexicon to read it with."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager

from engine.assembly import grounding
from engine.assembly.grounding.lexicon import Lexicon
from engine.model.annotations import format_annotation
from engine.reading.parse import read_sentence


def lines(sentence: str) -> set[str]:
    return {format_annotation(a) for a in read_sentence(sentence)}


@contextmanager
def grounded_with(rows: Iterable[tuple[str, str, str, str]]) -> Iterator[None]:
    """Ground with a lexicon of (text, namespace, id, standard name) rows alone while the block runs."""
    grounding.use_lexicon(Lexicon.from_rows(rows))
    try:
        yield
    finally:
        grounding.use_lexicon(None)
