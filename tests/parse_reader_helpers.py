"""Shared helper of the parse reader's tests: the exact set of proto-role lines read from a sentence."""

from __future__ import annotations

from engine.model.annotations import format_annotation
from engine.reading.parse import read_sentence


def lines(sentence: str) -> set[str]:
    return {format_annotation(a) for a in read_sentence(sentence)}
