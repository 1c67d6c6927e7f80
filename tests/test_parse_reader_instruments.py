"""The tool of an experiment (engine/reading/parse/instruments.py): exact claim sets on invented sentences."""

from __future__ import annotations

import pytest
from parse_reader_helpers import lines

from engine.reading.parse.parsing import parser

UP, DOWN = "[change=increase]", "[change=decrease]"


@pytest.mark.parametrize("sentence, expected", [
    # a change noun's tool
    ("Inhibition of Velk1 with zorimab was confirmed in neurons.", {f"{UP} zorimab ==CAUSE=> {DOWN} Velk1"}),
    ("Activation of Tarp using quorentin was reported.", {f"{UP} quorentin ==CAUSE=> {UP} Tarp"}),
    ("We found that Syk inhibition with BAY61-3606 induced CREB phosphorylation.",
     {f"{UP} BAY61-3606 ==CAUSE=> {DOWN} Syk", f"{DOWN} Syk ==CAUSE=> {UP} CREB phosphorylation"}),
    # a relative clause after the tool is no part of its name
    ("Inhibition of Tarp with zorimab that binds its pocket was toxic.", {f"{UP} zorimab ==CAUSE=> {DOWN} Tarp"}),
    # an experiment verb's passive: its tool after "with" (not a companion, not a verb of amount)
    ("Autophagy was induced with zorimab in these cells.", {f"{UP} zorimab ==CAUSE=> {UP} Autophagy"}),
    ("Tarp levels were reduced with zorimab.", set()),
    ("Tarp levels were reduced with age.", {f"{UP} age ==CAUSE=> {DOWN} Tarp"}),  # a condition (reasons.py), not a tool
    # a gerund's tool
    ("Blocking the proteasome with epoxomicin was toxic to neurons.",
     {f"{UP} epoxomicin ==CAUSE=> {DOWN} proteasome"}),
    # not a partner, not a change a verb brings about, not a change used as a tool, not a purpose
    ("Inhibition of the interaction with heparin was weak.", set()),
    ("Zorin caused a marked inhibition of Tarp responses with Velk1 receptors.",
     {f"{UP} Zorin ==CAUSE=> {DOWN} Tarp responses"}),
    ("Autophagy is the route for degrading proteins with long half-lives.", set()),
])
def test_instrument_claims(sentence: str, expected: set[str]) -> None:
    assert lines(sentence) == expected


def test_a_hyphen_between_digits_keeps_a_name_whole() -> None:
    words = [t.text for t in parser()("Treatment with BAY61-3606 lowered Aβ1-42 in 10-20 mice.")]
    assert {"BAY61-3606", "Aβ1-42", "10-20"} <= set(words)
