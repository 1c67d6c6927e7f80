"""bench/reader_disagreements.py: two readings of one pair with opposite signs are opposed, whatever
name each gives a lowered entity. The names are invented."""

from __future__ import annotations

from bench.reader_disagreements import opposed
from engine.model.annotations import parse_annotation


def claims(*lines: str) -> list:
    return [parse_annotation(line) for line in lines]


def test_opposite_signs_on_one_pair_are_opposed():
    rules = claims("[change=increase] Velk1 ==CAUSE=> [change=decrease] Tarp")
    parse = claims("[change=increase] Velk1 ==CAUSE=> [change=increase] Tarp",
                   "[change=increase] Velk1 ==CAUSE=> [change=increase] Pomb")
    assert [(a.object, b.object) for a, b in opposed(rules, parse)] == [("Tarp", "Tarp")]


def test_one_claim_named_two_ways_is_not_opposed():
    # "Velk1 deficiency raises Tarp" is "Velk1 lowers Tarp" named from the deficiency
    rules = claims("Velk1 deficiency ==CAUSE=> [change=increase] Tarp")
    parse = claims("[change=increase] Velk1 ==CAUSE=> [change=decrease] Tarp")
    assert opposed(rules, parse) == []
