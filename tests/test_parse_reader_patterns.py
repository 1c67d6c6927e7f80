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


# The roles the families read a word's sides by: subject, object, agent, the object of a preposition,
# each written up from the word of the role; the word it is the role of is the head of its last node.

def _roles(sentence: str, name: str) -> list[tuple[str, ...]]:
    """Each match of the role ``name`` as (the word it is of, its nodes' words from the top down)."""
    return [(match[list(match)[-1]].head.text, *(word.text for word in reversed(match.values())))
            for match in patterns.matches(_doc(sentence), name)]


def test_the_subject_and_object_patterns_name_the_verb_and_its_sides():
    assert _roles(patterns.example("subject"), "subject") == [("increases", "Nicotine")]
    assert _roles(patterns.example("object"), "object") == [("increases", "release")]


def test_the_subject_pattern_names_a_passive_subject_too():
    assert _roles(patterns.example("agent"), "subject") == [("phosphorylated", "Tau")]


def test_the_agent_patterns_name_the_object_of_by_on_the_verb_or_on_the_place_before_it():
    assert _roles(patterns.example("agent"), "agent") == [("phosphorylated", "by", "GSK3")]
    assert _roles(patterns.example("agent_after_place"), "agent_after_place") == [
        ("induced", "in", "astrocytes", "by", "LPS")]
    assert _roles(patterns.example("agent_after_place"), "agent") == []


def test_the_preposition_object_pattern_names_each_preposition_of_each_word_from_the_top_down():
    assert _roles("Chronic stress leads to loss of neurons in mice.", "preposition_object") == [
        ("leads", "to", "loss"), ("loss", "of", "neurons"), ("loss", "in", "mice")]


def test_anchored_gives_only_the_matches_of_the_word_asked_about():
    doc = _doc("Insulin raises glucose uptake, and leptin lowers food intake.")
    raising, lowering = doc[1], doc[7]
    assert [w.text for w in patterns.objects(raising)] == ["uptake"]
    assert [w.text for w in patterns.objects(lowering)] == ["intake"]
    assert [w.text for w in patterns.subjects(lowering, "nsubj")] == ["leptin"]
    assert patterns.subjects(lowering, "nsubjpass") == []


def test_objects_after_keeps_the_order_of_the_sentence_across_prepositions():
    doc = _doc("Chronic stress leads to loss of neurons in mice.")
    assert [w.text for w in patterns.objects_after(doc[4], "in", "of")] == ["neurons", "mice"]


def test_matches_kept_with_a_parse_leave_it_serialisable():
    doc = _doc(patterns.example("subject"))
    patterns.matches(doc, "subject")
    assert doc.to_bytes()


@pytest.mark.parametrize("name, claim", [
    ("subject", "[change=increase] Nicotine ==CAUSE=> [change=increase] dopamine release"),
    ("agent", "[change=increase] GSK3 ==CAUSE=> [change=increase] Tau phosphorylation"),
    ("agent_after_place", "[change=increase] LPS ==CAUSE=> [change=increase] IL-6"),
    ("preposition_object", "[change=increase] Chronic stress ==CAUSE=> [change=increase] neuronal loss"),
])
def test_each_role_example_is_read_as_the_verb_claim(name, claim):
    assert lines(patterns.example(name)) == {claim}


_VARIED = [
    "Tau is phosphorylated by GSK3 and CDK5 in neurons of aged mice.",
    "Insulin raises glucose uptake, and leptin, which is made by adipocytes, lowers food intake in rats.",
    "BDNF protects neurons against oxidative stress and leads to increased survival of cells from donors.",
    "IL-6 was induced in astrocytes by LPS, whereas inhibition of NF-kB by BAY11 reduced it.",
]


@pytest.mark.parametrize("sentence", _VARIED)
def test_the_roles_of_each_word_are_its_labelled_children_in_the_order_of_the_sentence(sentence):
    # the walks the role patterns replaced, word by word: the patterns must name the same words
    doc = _doc(sentence)
    for word in doc:
        assert patterns.subjects(word, "nsubj", "nsubjpass", "csubj") == [
            c for c in word.children if c.dep_ in ("nsubj", "nsubjpass", "csubj")]
        assert patterns.objects(word) == [c for c in word.children if c.dep_ == "dobj"]
        assert patterns.objects_after(word, "of", "in", "by", "from", "against", "to") == [
            g for c in word.children if c.dep_ == "prep" and c.lower_ in ("of", "in", "by", "from", "against", "to")
            for g in c.children if g.dep_ == "pobj"]
        assert patterns.governed(word, "agent", "agent") == [
            g for c in word.children if c.dep_ == "agent" for g in c.children if g.dep_ == "pobj"]
