"""Causal verbs read from the dependency parse: exact claim sets on invented sentences."""

from __future__ import annotations

import pytest
from parse_reader_helpers import lines

UP, DOWN = "[change=increase]", "[change=decrease]"


@pytest.mark.parametrize("sentence, expected", [
    # active verb, subject and object
    ("Melatonin suppresses cortical gliosis.", {f"{UP} Melatonin ==CAUSE=> {DOWN} cortical gliosis"}),
    # passive with an agent; coordinated agents each cause
    ("Ferritin is induced by hepcidin and interleukin-9.",
     {f"{UP} hepcidin ==CAUSE=> {UP} Ferritin", f"{UP} interleukin-9 ==CAUSE=> {UP} Ferritin"}),
    # coordinated objects; words of amount left out of the name
    ("Resveratrol reduced glucagon levels and hepatic lipogenesis.",
     {f"{UP} Resveratrol ==CAUSE=> {DOWN} glucagon", f"{UP} Resveratrol ==CAUSE=> {DOWN} hepatic lipogenesis"}),
    # a phrasal verb needs its particle, and reads its object's change
    ("Chronic stress leads to reduced hippocampal neurogenesis.",
     {f"{UP} Chronic stress ==CAUSE=> {DOWN} hippocampal neurogenesis"}),
    ("Chronic stress leads the field.", set()),
    # a verb whose object is the cause is turned round
    ("Axon regrowth requires kinesin.", {f"{UP} kinesin ==CAUSE=> {UP} Axon regrowth"}),
    # a relative clause's subject is the noun it describes, through an apposition
    ("Sestrin, a small protein that inhibits lipid synthesis, was measured.",
     {f"{UP} Sestrin ==CAUSE=> {DOWN} lipid synthesis"}),
    # a signing adverb signs an unsigned verb; without one there is no claim
    ("Galanin negatively regulates food intake.", {f"{UP} Galanin ==CAUSE=> {DOWN} food intake"}),
    ("Galanin regulates food intake.", set()),
    # an embedded verb shares its subject
    ("Ghrelin was shown to stimulate gastric motility.", {f"{UP} Ghrelin ==CAUSE=> {UP} gastric motility"}),
    # a participle after its noun: the noun is the effect, the agent the cause
    ("Gliosis induced by kainate spreads quickly.", {f"{UP} kainate ==CAUSE=> {UP} Gliosis"}),
    # the object is the modified form, not the protein ("up-regulated X acetylation")
    ("Nocodazole up-regulated tubulin acetylation.", {f"{UP} Nocodazole ==CAUSE=> {UP} tubulin acetylation"}),
    # a modifying verb changes its object's modification, not its amount
    ("PP2A dephosphorylates the receptor.", {f"{UP} PP2A ==CAUSE=> {DOWN} receptor phosphorylation"}),
    ("Insulin is ubiquitylated through K63 linkages by the ligase.",
     {f"{UP} ligase ==CAUSE=> {UP} Insulin ubiquitination"}),
    ("Insulin can be ubiquitylated by both K48 and K63 linkages.", set()),
    # the treated hosts are not a cause, nor is a noun inside an "in" phrase
    ("Transgenic mice reduced food intake.", set()),
    ("Given that in animal models of obesity reducing leptin levels attenuates insulin resistance, there is interest.",
     set()),
    # a pronoun names nothing
    ("It strongly inhibits renin secretion.", set()),
    # a noun set beside a clause renames its event: what "an effect that ..." does is not its host's
    ("In obesity, the acetylation of leptin is reduced — an effect that might contribute to the resistance of leptin.",
     set()),
])
def test_verb_claims(sentence: str, expected: set[str]) -> None:
    assert lines(sentence) == expected


@pytest.mark.parametrize("sentence, expected", [
    # "respectively" pairs the members off in order
    ("Aspirin and ibuprofen lowered fever and pain, respectively.",
     {f"{UP} Aspirin ==CAUSE=> {DOWN} fever", f"{UP} ibuprofen ==CAUSE=> {DOWN} pain"}),
    # counts that differ (a member the phrase reading missed) pair nothing
    ("Aspirin and ibuprofen lowered fever, pain and swelling, respectively.", set()),
    ("Activation of AMPK, SIRT1 and PKA are respectively responsible for glucose uptake and lipolysis.", set()),
])
def test_respectively_pairs_members_in_order(sentence: str, expected: set[str]) -> None:
    assert lines(sentence) == expected
