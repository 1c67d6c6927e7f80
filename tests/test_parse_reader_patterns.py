"""The parse reader's constructions written as dependency patterns (engine/reading/parse/patterns.toml):
each pattern matches its example sentence, and the reader reads that sentence's claim through it."""

from __future__ import annotations

import pytest

from engine.reading.parse import patterns
from engine.reading.parse.nlp import parsed
from parse_reader_helpers import lines


def _doc(sentence: str):
    return next(parsed([sentence]))[1]


@pytest.mark.parametrize("name", patterns.construction_names())
def test_each_pattern_matches_its_example(name):
    found = patterns.matches(_doc(patterns.example(name)), name)
    assert found and all(found[0].values())


def test_the_association_pattern_names_the_word_its_particle_and_its_object():
    [match] = patterns.matches(_doc(patterns.example("associated_with")), "associated_with")
    assert (match["associating"].text, match["particle"].text, match["object"].text) == ("associated", "with", "risk")


def test_each_associating_word_is_matched_with_its_own_object_in_the_order_of_the_sentence():
    doc = _doc("Smoking was linked to higher tau and associated with lower BDNF.")
    found = [(m["associating"].text, m["object"].text) for m in patterns.matches(doc, "associated_with")]
    assert found == [("linked", "tau"), ("associated", "BDNF")]


def test_an_association_with_no_object_is_no_match():
    assert patterns.matches(_doc("These two changes were closely associated."), "associated_with") == []


def test_the_association_example_is_read_as_a_claim():
    assert lines(patterns.example("associated_with")) == {
        "[change=increase] coffee intake ==CAUSE=> [change=decrease] dementia"}


def test_the_route_pattern_names_the_preposition_and_the_noun_it_names():
    [match] = patterns.matches(_doc(patterns.example("route")), "route")
    assert (match["preposition"].text, match["route"].text) == ("via", "receptors")


def test_a_route_through_a_clause_is_no_match():
    # "through activating Z" names a means (a gerund), not a route noun
    assert patterns.matches(_doc("Nicotine raises dopamine release through activating α7 receptors."), "route") == []


def test_the_route_example_is_read_as_the_route_raising_what_the_verb_raises():
    assert "[change=increase] α7 receptors ==CAUSE=> [change=increase] dopamine release" \
        in lines(patterns.example("route"))
