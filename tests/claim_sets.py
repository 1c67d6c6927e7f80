"""Claim sets read by the rule reader, compared exactly: the extraction tests share these."""

from __future__ import annotations

from engine.model.annotations import format_annotation
from engine.reading.rules import extract_annotations


def lines(sentence: str, abbreviations: dict[str, str] | None = None) -> set[str]:
    """The proto-role lines the rule reader finds in ``sentence``."""
    return {format_annotation(a) for a in extract_annotations(sentence, abbreviations)}


def assert_finds(sentence: str, expected: set[str]) -> None:
    """Exactly the expected annotations are found: none missing, none extra."""
    found = lines(sentence)
    assert found == expected, f"missing {sorted(expected - found)}; extra {sorted(found - expected)}"
