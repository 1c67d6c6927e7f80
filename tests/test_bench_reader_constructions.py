"""bench/reader_constructions.py: what a construction adds is what goes without it and no other
reading states. The names are invented."""

from __future__ import annotations

import inspect
import re

from bench.reader_constructions import (
    FAMILIES, added, parse_reading, rules_reading, without_parse_family, without_rule_construction)
from engine.model.annotations import parse_annotation
from engine.reading.parse import reader as parse_reader
from engine.reading.parse.nlp import parsed
from engine.reading.rules import reader as rule_reader

LOWERS = "[change=increase] Velk1 ==CAUSE=> [change=decrease] Tarp"
RAISES = "[change=increase] Pomb ==CAUSE=> [change=increase] Zorin"


def claims(*lines: str) -> list:
    return [parse_annotation(line) for line in lines]


def test_a_lost_claim_counts_alone_only_where_no_other_reading_states_it():
    whole = {"first.": claims(LOWERS), "second.": claims(RAISES), "third.": claims(RAISES)}
    without = {"first.": [], "second.": [], "third.": claims(RAISES)}
    other = {"first.": claims(LOWERS), "second.": [], "third.": []}
    found = added(whole, without, other, examples=5)
    assert found["claims_lost"] == 2  # the third sentence's claim stays without the construction
    assert found["read_by_nothing_else"] == 1  # the other reader states the first
    assert found["examples"] == [{"sentence": "second.", "claim": RAISES}]


def test_reading_without_a_construction_leaves_the_readers_whole():
    constructions = rule_reader.CONSTRUCTIONS
    assert rules_reading(["Velk1 reduces Tarp."])["Velk1 reduces Tarp."]
    assert without_rule_construction("change_verb", ["Velk1 reduces Tarp."]) == {"Velk1 reduces Tarp.": []}
    assert rule_reader.CONSTRUCTIONS is constructions
    sentence = "Velk1 reduces Tarp."
    docs = [(sentence, text, doc) for text, doc in parsed([sentence])]
    family = parse_reader.verb_claims
    assert parse_reading(docs)[sentence] and without_parse_family("verb_claims", docs) == {sentence: []}
    assert parse_reader.verb_claims is family


def test_the_families_are_those_the_parse_reader_pools():
    pooled = set(re.findall(r"(\w+_claims)\(doc\)", inspect.getsource(parse_reader.read_doc)))
    assert pooled == set(FAMILIES)
