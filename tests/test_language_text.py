"""Lenient name matching and abbreviation rules of engine.reading.language.text."""

from __future__ import annotations

import pytest

from engine.reading.language.text import is_abbreviation_of, normalise_term, state_core, term_key, terms_match


def test_normalise_term() -> None:
    assert normalise_term("Amyloid-β (1–42)") == "amyloid beta 1 42"
    assert normalise_term("Alzheimer's disease") == "alzheimer disease"
    assert normalise_term("tau’s phosphorylation") == "tau phosphorylation"
    assert normalise_term("TNF-α") == "tnf alpha"


@pytest.mark.parametrize("a, b", [
    ("amyloid-beta", "Amyloid β"), ("GSK-3β", "GSK3B"), ("NF-κB", "NFKB"), ("proteins", "Protein"),
    ("TNF", "tumor necrosis factor"), ("Aβ", "amyloid beta"), ("ROS", "reactive oxygen species"),
    ("AD", "Alzheimer's disease"), ("GSK3", "GSK3B"), ("TNF", "TNF-α"),
    ("autophagy", "autophagy induction"), ("protein aggregates", "ubiquitinated protein aggregates"),
    ("Oxidative Stress", "oxidative stress"), ("GSK3B", "GSK-3β phosphorylation"),
    ("cognition", "cognitive"), ("Neurons", "neuronal"), ("inflammation", "inflammatory response"),
])
def test_terms_that_match(a: str, b: str) -> None:
    assert terms_match(a, b) and terms_match(b, a)


@pytest.mark.parametrize("a, b", [
    ("MAPT", "tau"), ("ATG5", "ATG7"), ("protein", "tau protein"), ("APP", "amyloid beta"),
    ("memory", "BDNF"), ("IL6", "IL1B"), ("cell", "cell death"), ("PD", "Alzheimer's disease"),
    ("activation", "activity"), ("synapse", "synaptic"), ("neurotoxicity", "neuronal"),
])
def test_terms_that_do_not_match(a: str, b: str) -> None:
    assert not terms_match(a, b)


def test_aliases_are_consulted() -> None:
    assert terms_match("tau", "MAPT", b_aliases=["tau protein"])
    assert not terms_match("tau", "MAPT", b_aliases=["MAP2"])


def test_abbreviation_rule_needs_every_content_word() -> None:
    assert is_abbreviation_of("BDNF", "brain-derived neurotrophic factor")
    assert not is_abbreviation_of("BF", "brain-derived neurotrophic factor")
    assert not is_abbreviation_of("two words", "two words here")


def test_state_core() -> None:
    assert state_core("XBP1 deficiency") == ("XBP1", -1)
    assert state_core("LRRK2 mutation") == ("LRRK2", 1)
    assert state_core("smoking") == ("smoking", 1)
    assert term_key("Proteins") == "protein"
