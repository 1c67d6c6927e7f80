"""Entity spans: determiners trimmed, compounds kept, amounts and changes read off the name,
hyphenated names kept whole, short forms in parentheses kept as aliases, states without change."""

from __future__ import annotations

import pytest

from engine.parse_reader import read_sentence, with_abbreviations
from engine.parse_reader.nlp import parser
from parse_reader_helpers import lines

UP, DOWN = "[change=increase]", "[change=decrease]"


def test_hyphenated_names_stay_one_token() -> None:
    assert [t.text for t in parser()("TNF-alpha-induced NF-kappaB activation")] == \
        ["TNF-alpha-induced", "NF-kappaB", "activation"]


@pytest.mark.parametrize("sentence, expected", [
    ("The serum amyloid protein increases the expression of hepatic lipase.",
     {f"{UP} serum amyloid protein ==CAUSE=> {UP} hepatic lipase"}),
    ("High cortisol levels cause hypertension.", {f"{UP} cortisol ==CAUSE=> hypertension"}),
    ("Vitamin D prevents rickets.", {f"{UP} Vitamin D ==CAUSE=> {DOWN} rickets"}),
    ("The phosphorylation of tau increases its aggregation.", set()),
    # a slash joins the parts of one name
    ("Zinc activates the histidine/aspartate kinase.",
     {f"{UP} Zinc ==CAUSE=> {UP} histidine/aspartate kinase"}),
])
def test_entity_spans(sentence: str, expected: set[str]) -> None:
    assert lines(sentence) == expected


def test_short_form_in_parentheses_is_an_alias() -> None:
    found = read_sentence("Brain natriuretic peptide (BNP) reduced blood pressure.")
    assert [(a.subject, a.subject_aliases) for a in found] == [("Brain natriuretic peptide", ["BNP"])]


def test_document_abbreviations_become_aliases() -> None:
    found = read_sentence("BNP reduced blood pressure.", {"BNP": "brain natriuretic peptide"})
    assert [(a.subject, a.subject_aliases) for a in found] == [("BNP", ["brain natriuretic peptide"])]
    assert with_abbreviations(found, None) == found


@pytest.mark.parametrize("sentence, expected", [
    # a member denied in its phrase names no side; "neither ... nor" names none
    ("In these cells, neither leptin nor resistin increased glucose uptake.", set()),
    ("Leptin reduced neither glucagon nor cortisol.", set()),
    ("The structural change, but not the oligomerization itself, impairs insulin clearance.", set()),
    # a decrease adjective before a list describes every member without a change word of its own
    ("Metformin treatment resulted in decreased glucagon secretion, hepatic gluconeogenesis, and lipid synthesis.",
     {f"{UP} Metformin ==CAUSE=> {DOWN} glucagon secretion", f"{UP} Metformin ==CAUSE=> {DOWN} hepatic gluconeogenesis",
      f"{UP} Metformin ==CAUSE=> {DOWN} lipid synthesis"}),
    # "treatment of <hosts> with X": X is given, the hosts are where
    ("Chronic treatment of obese rats with the agonist lowered blood pressure.",
     {f"{UP} agonist ==CAUSE=> {DOWN} blood pressure"}),
])
def test_denied_distributed_and_given(sentence: str, expected: set[str]) -> None:
    assert lines(sentence) == expected
