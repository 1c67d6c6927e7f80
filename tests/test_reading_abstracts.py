"""Constructions that abstracts use to state results, read by the parse reader (and, where the
construction lives there, the rule reader). Every sentence is invented; names are placeholders or
common symbols, so that no test is written from a benchmark sentence."""

from __future__ import annotations

import pytest

from engine.assembly.identity import identity_key
from engine.model.annotations import format_annotation
from engine.reading.parse import read_passage, read_sentence
from engine.reading.rules.reader import extract_annotations
from tests.parse_reader_helpers import lines

UP, DOWN = "[change=increase]", "[change=decrease]"


def _hedged(sentence: str) -> dict[str, bool]:
    return {format_annotation(a): a.hedged for a in read_sentence(sentence)}


# -- every coordinated object, each with its own amount ------------------------------------------

@pytest.mark.parametrize("sentence, expected", [
    # an apposed list after a bare name is a list ("A, B and C"), each member an object
    ("Velkumab reduced LDL cholesterol, apolipoprotein B and lipoprotein(a).",
     {f"{UP} Velkumab ==CAUSE=> {DOWN} LDL cholesterol", f"{UP} Velkumab ==CAUSE=> {DOWN} apolipoprotein B",
      f"{UP} Velkumab ==CAUSE=> {DOWN} lipoprotein(a)"}),
])
def test_every_coordinated_object_is_read(sentence: str, expected: set[str]) -> None:
    assert lines(sentence) == expected


# Constructions the rule reader reads alone: the parse reader's repairs for them changed the claims of
# one to three of 16,927 library sentences, all read by the rule reader too (docs/decisions.md,
# 2026-12-02), and were removed.
@pytest.mark.parametrize("sentence, expected", [
    # a short form in brackets between a name and a role noun ends no phrase
    ("A zorin deacetylase (ZDAC) inhibitor increased Tarp acetylation.",
     {f"{DOWN} zorin deacetylase ==CAUSE=> {UP} Tarp acetylation"}),
    # the participle of a modification after a verb of change is its object's adjective
    ("Velk1 reduces phosphorylated tau.", {f"{UP} Velk1 ==CAUSE=> {DOWN} phosphorylated tau"}),
    # a relative clause's verb the tagger reads as an adjective
    ("Other compounds include Pomb (Box 1), which elevated levels of Tarp.", {f"{UP} Pomb ==CAUSE=> {UP} Tarp"}),
    # objects each with its own amount
    ("Drug D reduced LDL-C by 55%, apoB by 56% and Lp(a) by 19%.",
     {f"{UP} Drug D ==CAUSE=> {DOWN} LDL-C", f"{UP} Drug D ==CAUSE=> {DOWN} apoB",
      f"{UP} Drug D ==CAUSE=> {DOWN} Lp(a)"}),
    ("Zorimab lowered serum ferritin by 30 percent, hepcidin by 2-fold, and transferrin by 12%.",
     {f"{UP} Zorimab ==CAUSE=> {DOWN} serum ferritin", f"{UP} Zorimab ==CAUSE=> {DOWN} hepcidin",
      f"{UP} Zorimab ==CAUSE=> {DOWN} transferrin"}),
])
def test_the_rule_reader_reads_what_the_parse_reader_leaves_to_it(sentence: str, expected: set[str]) -> None:
    assert {format_annotation(a) for a in extract_annotations(sentence)} == expected


def test_two_verbs_each_with_an_amount_keep_their_own_signs() -> None:
    found = lines("Drug D reduced LDL-C by 55% and increased HDL-C by 10%.")
    assert found == {f"{UP} Drug D ==CAUSE=> {DOWN} LDL-C", f"{UP} Drug D ==CAUSE=> {UP} HDL-C"}


def test_a_passive_amount_is_left_as_it_is() -> None:
    assert lines("LDL-C was reduced by 50% by drug D.") == {f"{UP} drug D ==CAUSE=> {DOWN} LDL-C"}


# -- names that end in a bracketed letter --------------------------------------------------------

def test_a_bracketed_letter_stays_part_of_the_name() -> None:
    found = lines("Inhibition of PCSK9 results in reductions of plasma lipoprotein (a) levels.")
    assert found == {f"{DOWN} PCSK9 ==CAUSE=> {DOWN} plasma lipoprotein (a)"}


def test_the_rule_reader_keeps_the_bracketed_letter_too() -> None:
    found = {format_annotation(a) for a in extract_annotations(
        "Inhibition of PCSK9 results in reductions of plasma lipoprotein (a) levels.")}
    assert any(line.endswith(f"{DOWN} plasma lipoprotein (a)") for line in found)


@pytest.mark.parametrize("sentence", ["Drug D reduced (a) plasma glucose and (b) insulin.",
                                      "As shown in panel (a), drug D reduced plasma glucose."])
def test_a_list_mark_or_a_panel_is_no_name(sentence: str) -> None:
    for found in (lines(sentence), {format_annotation(a) for a in extract_annotations(sentence)}):
        assert not any("(a)" in line or "(b)" in line for line in found)


# -- dose-response -------------------------------------------------------------------------------

def test_a_change_with_an_increasing_dose_is_caused_by_the_dose() -> None:
    found = _hedged("Serum H decreased with increasing folate dose.")
    assert found == {f"{UP} folate dose ==CAUSE=> {DOWN} Serum H": False}


def test_a_change_with_a_falling_amount_turns_the_cause() -> None:
    found = _hedged("Blood pressure increased with decreasing potassium intake.")
    # an intake goes with the change where it was observed: a possible claim
    assert found == {f"{DOWN} potassium intake ==CAUSE=> {UP} Blood pressure": True}


# -- associations: possible claims ----------------------------------------------------------------

@pytest.mark.parametrize("sentence, expected", [
    ("Therapy T was associated with a 65% reduction in the risk of disease D.",
     f"{UP} Therapy T ==CAUSE=> {DOWN} disease D"),
    ("Higher fibre intake was associated with lower risk of stroke.",
     f"{UP} fibre intake ==CAUSE=> {DOWN} stroke"),
    ("Serum Q levels were inversely associated with fracture risk.",
     f"{UP} Serum Q ==CAUSE=> {DOWN} fracture"),
])
def test_an_observed_association_is_a_possible_claim(sentence: str, expected: str) -> None:
    assert _hedged(sentence) == {expected: True}


@pytest.mark.parametrize("sentence", [
    "Serum Q levels were associated with stroke.",  # no change named, no sign
    "Therapy T was not associated with a lower risk of disease D.",  # denied
    "The changes associated with reduced Q were examined.",  # a phrase naming changes
    "No inhibition of Q binding was associated with reduced P.",  # a denied subject
    "Drug D was associated with significant cognitive benefits.",  # benefits name no entity
])
def test_an_association_without_a_signed_change_claims_nothing(sentence: str) -> None:
    assert lines(sentence) == set()


def test_an_intervention_stays_an_established_claim() -> None:
    assert _hedged("Therapy T reduced the risk of disease D by 65%.") == {f"{UP} Therapy T ==CAUSE=> {DOWN} disease D": False}


# -- "in response to": a condition where the change has its cause ----------------------------------

def test_in_response_to_is_a_condition_of_a_change_with_its_own_cause() -> None:
    sentence = "The mutations result in enhanced suppression of Q in response to ionizing radiation."
    for found in (lines(sentence), {format_annotation(a) for a in extract_annotations(sentence)}):
        assert not any("radiation" in line or "response" in line for line in found)
        assert any(line.endswith(f"{DOWN} Q") for line in found)


# -- modification statements ---------------------------------------------------------------------

@pytest.mark.parametrize("sentence, expected", [
    ("Kinase K phosphorylates P.", f"{UP} Kinase K ==CAUSE=> {UP} P phosphorylation"),
    ("K hyperphosphorylates P.", f"{UP} K ==CAUSE=> {UP} P phosphorylation"),
    ("Protease C cleaves P at D421.", f"{UP} Protease C ==CAUSE=> {UP} P cleavage"),
    ("P is cleaved by protease C at Asp421.", f"{UP} protease C ==CAUSE=> {UP} P cleavage"),
    # a residue named first belongs to the protein after "of"
    ("Kinase K phosphorylates Ser71 of P.", f"{UP} Kinase K ==CAUSE=> {UP} P phosphorylation"),
])
def test_a_modification_raises_the_form_of_its_object(sentence: str, expected: str) -> None:
    assert lines(sentence) == {expected}
    assert expected in {format_annotation(a) for a in extract_annotations(sentence)}


def test_a_residue_in_a_part_of_a_protein_is_the_protein_s() -> None:
    assert lines("Kinase K phosphorylates Ser71 in the catalytic site of P.") == {
        f"{UP} Kinase K ==CAUSE=> {UP} P phosphorylation"}
    # not a place of another kind, nor a verb that modifies nothing
    assert lines("Kinase K phosphorylates Ser71 in neurons of mice.") == {
        f"{UP} Kinase K ==CAUSE=> {UP} Ser71 phosphorylation"}
    assert lines("Kinase K increases Ser71 of P.") == {f"{UP} Kinase K ==CAUSE=> {UP} Ser71"}


def test_the_phosphorylation_of_p_by_k_is_the_same_form_node() -> None:
    (nominal,) = read_sentence("Phosphorylation of P by K was observed.")
    (verbal,) = read_sentence("Kinase K phosphorylates P.")
    assert identity_key(nominal.object) == identity_key(verbal.object) == identity_key("phosphorylated P")
    assert identity_key(verbal.object) != identity_key("P")  # a form of P, linked by its name, never P


def test_what_a_cleavage_generates_is_generated_by_the_protease() -> None:
    found = {format_annotation(a) for a in extract_annotations("Precursor P is cleaved by protease C to generate peptide A.")}
    assert f"{UP} protease C ==CAUSE=> {UP} peptide A" in found
    assert not any(line.startswith(f"{UP} Precursor P ==CAUSE=>") for line in found)


def test_a_product_cleaved_from_its_source_is_no_cleavage_form() -> None:
    found = lines("Peptide A is cleaved from precursor P by protease C.")
    assert not any("cleavage" in line for line in found)


# -- a definite noun resolved to its one antecedent in the sentence before --------------------------

def _passage(*sentences: str) -> list[set[str]]:
    return [{format_annotation(a) for a in found} for found in read_passage(list(sentences))]


@pytest.mark.parametrize("before, expected", [
    ("Truncating VELK1 mutations were found in tumour cells.", f"{UP} VELK1 mutations ==CAUSE=> {DOWN} p61"),
    ("We found truncating mutations in VELK1 in tumours.", f"{UP} VELK1 mutations ==CAUSE=> {DOWN} p61"),
])
def test_the_mutations_are_those_named_before(before: str, expected: str) -> None:
    _, found = _passage(before, "The mutations result in enhanced suppression of p61.")
    assert found == {expected}
    (annotation,) = read_passage([before, "The mutations result in enhanced suppression of p61."])[1]
    assert annotation.subject_state_of is not None and annotation.subject_state_of.entity == "VELK1"
    assert "mutations" in annotation.subject_aliases  # the sentence's own word, for Verify


def test_this_kinase_is_the_kinase_named_before() -> None:
    _, found = _passage("We studied the kinase GSK3 in neurons.", "This kinase phosphorylates tau.")
    assert found == {f"{UP} GSK3 ==CAUSE=> {UP} tau phosphorylation"}


@pytest.mark.parametrize("before", [
    "Mutations in VELK1 and mutations in TARP2 were found.",  # two antecedents: none chosen
    "Tumours were sequenced.",  # none
])
def test_an_anaphor_without_one_antecedent_is_left_as_read(before: str) -> None:
    _, found = _passage(before, "The mutations result in enhanced suppression of p61.")
    assert not any("VELK1" in line or "TARP2" in line for line in found)


def test_a_passage_reads_each_sentence_as_alone_where_nothing_points_back() -> None:
    sentences = ["Drug D reduced LDL-C.", "Kinase K phosphorylates P."]
    assert _passage(*sentences) == [lines(s) for s in sentences]
