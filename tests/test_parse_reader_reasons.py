"""A change and its stated reason (engine/reading/parse/reasons.py), the agent after a place, and a
host's change told by an intransitive verb: exact claim sets on invented sentences."""

from __future__ import annotations

import pytest
from parse_reader_helpers import lines

UP, DOWN = "[change=increase]", "[change=decrease]"


@pytest.mark.parametrize("sentence, expected", [
    # the reason of a passive or intransitive change, however it is opened
    ("Tarp levels were reduced due to Velk1 deficiency.", {f"Velk1 deficiency ==CAUSE=> {DOWN} Tarp"}),
    ("Tau phosphorylation increased as a result of GSK3 activation.",
     {f"{UP} GSK3 activation ==CAUSE=> {UP} Tau phosphorylation"}),
    ("Tarp was upregulated as a consequence of Velk1 haploinsufficiency.",
     {f"{UP} Velk1 haploinsufficiency ==CAUSE=> {UP} Tarp"}),
    ("Tarp declined owing to reduced Velk1.", {f"{DOWN} Velk1 ==CAUSE=> {DOWN} Tarp"}),
    ("Tarp levels fell because of the loss of Velk1.", {f"{DOWN} Velk1 ==CAUSE=> {DOWN} Tarp"}),
    ("Tarp is elevated due to the increased Velk1 activity.", {f"{UP} Velk1 ==CAUSE=> {UP} Tarp"}),
    ("Tarp decreased in response to zorimab.", {f"{UP} zorimab ==CAUSE=> {DOWN} Tarp"}),
    # a passive read as a copula and its participle
    ("Autophagy was impaired as a result of reduced Zorp.", {f"{DOWN} Zorp ==CAUSE=> {DOWN} Autophagy"}),
    # a reason that renames an event, a need, a denied change: no claim of the reason
    ("Tarp was reduced due to its toxic effect.", set()),
    ("Tarp is required for autophagy in response to Velk1.", {f"{UP} Tarp ==CAUSE=> {UP} autophagy"}),
    ("Tarp was not reduced due to Velk1 deficiency.", set()),
    # a noun of change and its reason, also hung on the changed thing's noun
    ("The reduction in Tarp levels due to Velk1 was small.", {f"{UP} Velk1 ==CAUSE=> {DOWN} Tarp"}),
    ("We saw a significant increase in Tarp expression with aging.", {f"aging ==CAUSE=> {UP} Tarp"}),
    # a condition that names a treatment, an experiment or a state; not a time, a dose or a host
    ("Tarp fell after zorimab treatment.", {f"{UP} zorimab ==CAUSE=> {DOWN} Tarp"}),
    ("Tarp levels increased after hypoxia.", {f"hypoxia ==CAUSE=> {UP} Tarp"}),
    ("A reduction in plasma Tarp levels was observed following treatment with zorimab.",
     {f"{UP} zorimab ==CAUSE=> {DOWN} plasma Tarp"}),
    ("Tarp increased after 24 h.", set()),
    ("Tarp increased with AD.", set()),
    ("Tarp was reduced in TPR50 mice with age.", {f"{UP} age ==CAUSE=> {DOWN} Tarp"}),
    ("This enhancement declined with age.", set()),
    ("The activity of Tarp appears to decline with age.", {f"{UP} age ==CAUSE=> {DOWN} Tarp"}),
    # the reason of an active verb says why it acts, not what it changes
    ("Zorimab lowers Tarp because of its solubility.", {f"{UP} Zorimab ==CAUSE=> {DOWN} Tarp"}),
])
def test_reasons(sentence: str, expected: set[str]) -> None:
    assert lines(sentence) == expected


@pytest.mark.parametrize("sentence, expected", [
    # the agent of a passive that the parser hung on the place before it
    ("Tarp expression was strongly induced in astrocytes by Velk1 and Pomb.",
     {f"{UP} Velk1 ==CAUSE=> {UP} Tarp", f"{UP} Pomb ==CAUSE=> {UP} Tarp"}),
    ("Tarp was increased in mice by 50%.", set()),
    # "self administration" is a behaviour, not a drug given
    ("Nicotine self administration is also reduced in rats by zorimab.",
     {f"{UP} zorimab ==CAUSE=> {DOWN} Nicotine self administration"}),
])
def test_agents_and_behaviours(sentence: str, expected: set[str]) -> None:
    assert lines(sentence) == expected


@pytest.mark.parametrize("sentence, expected", [
    # a marked host's change told by a verb that is never causal ("fell", "dropped")
    ("In Velk1 KO neurons, Tarp levels fell.", {f"Velk1 deficiency ==CAUSE=> {DOWN} Tarp"}),
    ("Tarp levels dropped in Velk1-deficient mice.", {f"Velk1 deficiency ==CAUSE=> {DOWN} Tarp"}),
])
def test_intransitive_host_changes(sentence: str, expected: set[str]) -> None:
    assert lines(sentence) == expected


@pytest.mark.parametrize("sentence, expected", [
    # an experiment on an entity in a clause of time: its loss or gain read forwards
    ("When Velk1 is silenced, Tarp levels rise.", {f"{DOWN} Velk1 ==CAUSE=> {UP} Tarp"}),
    ("We found that when Mab2 was depleted, there was an accumulation of Tarp.", {f"{DOWN} Mab2 ==CAUSE=> {UP} Tarp"}),
    ("Tarp levels rise if Velk1 is silenced.", {f"{DOWN} Velk1 ==CAUSE=> {UP} Tarp"}),
    ("When Mab2 receptors are activated, Tarp release is inhibited.",
     {f"{UP} Mab2 receptors ==CAUSE=> {DOWN} Tarp release"}),
    # no experiment, a denied one, or a host treated: no claim of this kind
    ("When Velk1 is present, Tarp levels rise.", set()),
    ("When Velk1 is not silenced, Tarp levels rise.", set()),
])
def test_experiment_in_a_clause_of_time(sentence: str, expected: set[str]) -> None:
    assert lines(sentence) == expected
