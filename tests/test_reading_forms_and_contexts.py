"""Both readers on constructions that change what a claim says: a bracketed form of a thing, and
(below) contexts that change who acts. Each case gives the exact claim set of each reader, read from
an invented sentence: none missing and none extra."""

from __future__ import annotations

import pytest
from claim_sets import lines as rule_lines
from parse_reader_helpers import lines as parse_lines

UP, DOWN = "[change=increase]", "[change=decrease]"

CASES = [
    # a bracket opening with a participle of form names that form ("X (truncated ...)" is truncated X)
    ("Expression of huntingtin (cleaved at Asp-586 by caspase-6) caused synaptic dysfunction.",
     {f"{UP} cleaved huntingtin ==CAUSE=> {UP} synaptic dysfunction"},
     {f"{UP} cleaved huntingtin ==CAUSE=> {UP} synaptic dysfunction"}),
    # "insoluble forms of X" are insoluble X; "several forms of X" are X
    ("Lithium promotes the degradation of insoluble forms of synuclein.",
     {f"{UP} Lithium ==CAUSE=> {DOWN} insoluble synuclein"},
     {f"{UP} Lithium ==CAUSE=> {DOWN} insoluble synuclein"}),
    ("Lithium lowered several forms of synuclein.",
     {f"{UP} Lithium ==CAUSE=> {DOWN} synuclein"},
     {f"{UP} Lithium ==CAUSE=> {DOWN} synuclein"}),
    # a bare name before "NAME PROCESS" may share the process or not: it is left out (a process of
    # an entity, its release or translocation, is not its amount)
    ("Interferons lower IL-33 and IL-25 release.",
     {f"{UP} Interferons ==CAUSE=> {DOWN} IL-25 release"},
     {f"{UP} Interferons ==CAUSE=> {DOWN} IL-25 release"}),
    ("Lithium reduced ERK and Akt translocation.",
     {f"{UP} Lithium ==CAUSE=> {DOWN} Akt translocation"},
     {f"{UP} Lithium ==CAUSE=> {DOWN} Akt translocation"}),
    # "A, but not B or C PROCESS": the contrast names the process A undergoes as well (its
    # localization, not its amount); the excluded members name nothing
    ("Knockdown of PKD1 increased wild-type (WT) Nrf2, but not Nrf2-S40A or Nrf2-T80A nuclear localization (Fig. 3).",
     {f"{DOWN} PKD1 ==CAUSE=> {UP} wild-type Nrf2 nuclear localization"},
     {f"{DOWN} PKD1 ==CAUSE=> {UP} wild-type Nrf2 nuclear localization"}),
    # ... unless the first member names a process of its own
    ("Inhibiting NLRP1 reduces the maturation of IL-33, but not IL-25 secretion.",
     {f"{DOWN} NLRP1 ==CAUSE=> {DOWN} IL-33 maturation"}, {f"{DOWN} NLRP1 ==CAUSE=> {DOWN} IL-33 maturation"}),
    ("Inhibiting NLRP1 reduces IL-33 production, but not IL-25 secretion.",
     {f"{DOWN} NLRP1 ==CAUSE=> {DOWN} IL-33 production"}, {f"{DOWN} NLRP1 ==CAUSE=> {DOWN} IL-33 production"}),
    ("Lithium, but not valproate or carbamazepine, increased BDNF.",
     {f"{UP} Lithium ==CAUSE=> {UP} BDNF"}, {f"{UP} Lithium ==CAUSE=> {UP} BDNF"}),
    # a bracket of another kind leaves the name as it is
    ("Expression of huntingtin (Htt) caused synaptic dysfunction.",
     {f"{UP} huntingtin ==CAUSE=> {UP} synaptic dysfunction"},
     {f"{UP} huntingtin ==CAUSE=> {UP} synaptic dysfunction"}),
    # in a sentence that removes X by experiment, "X-mediated Y" names the removal's effect with no
    # sign one can trust: no claim from the compound
    ("In PKD1-depleted cells, PKD1-mediated Nrf2 export was lost.", set(), set()),
    ("In contrast, in PKD1 knockdown neurons, Nrf2 moved to the nucleus, pointing to PKD1-dependent Nrf2 export.",
     set(), set()),
    ("Nrf2 accumulated in PKD1-depleted cells, indicating PKD1-mediated Nrf2 export.", set(),
     {f"PKD1 deficiency ==CAUSE=> {UP} Nrf2"}),  # the host's change is stated; the compound stays unread
    # a claim said to hold "depending on" an unnamed condition leaves open where it holds: none
    ("Depending on the cell type, lithium increased BDNF.", set(), set()),
    ("Lithium increased BDNF, depending on the cell type.", set(), set()),
    ("Lithium increased BDNF. Depending on the dose, it may lower or raise IL-6.",
     {f"{UP} Lithium ==CAUSE=> {UP} BDNF"}, {f"{UP} Lithium ==CAUSE=> {UP} BDNF"}),
    ("Lithium increased BDNF in a dose-dependent manner.",
     {f"{UP} Lithium ==CAUSE=> {UP} BDNF"}, {f"{UP} Lithium ==CAUSE=> {UP} BDNF"}),
    ("PKD1-mediated Nrf2 export was enhanced by lithium.",
     {f"{UP} PKD1 ==CAUSE=> {UP} Nrf2 export", f"{UP} lithium ==CAUSE=> {UP} Nrf2 export"},
     {f"{UP} lithium ==CAUSE=> {UP} Nrf2 export"}),
    # "the toxic effects of X" are X's toxicity, the most specific harm named first
    ("Tarp attenuated the toxic effects of Velk1 in neurons.",
     {f"{UP} Tarp ==CAUSE=> {DOWN} Velk1 toxicity"},
     {f"{UP} Tarp ==CAUSE=> {DOWN} Velk1 toxicity"}),
    ("Tarp abolished the deleterious neurotoxic effects of Velk1.",
     {f"{UP} Tarp ==CAUSE=> {DOWN} Velk1 neurotoxicity"},
     {f"{UP} Tarp ==CAUSE=> {DOWN} Velk1 neurotoxicity"}),
    # the effects of X that act are X
    ("The combined effect of Velk1 and Tarp reduced the Pomb load.",
     {f"{UP} Velk1 ==CAUSE=> {DOWN} Pomb load", f"{UP} Tarp ==CAUSE=> {DOWN} Pomb load"},
     {f"{UP} Velk1 ==CAUSE=> {DOWN} Pomb load"}),
    ("The trapping effect of Velk1 led to decreases in autophagy.",
     {f"{UP} Velk1 ==CAUSE=> {DOWN} autophagy"},
     {f"{UP} Velk1 ==CAUSE=> {DOWN} autophagy"}),
    # the effects of X that something else changes are not X: blocking Pomb says that Velk1 acts
    # through Pomb, not that Pomb raises Velk1
    ("The neuroprotective effects of Velk1 are blocked by inhibitors of Pomb.",
     {f"{DOWN} Pomb ==CAUSE=> {DOWN} neuroprotective effects of Velk1"},
     {f"{DOWN} Pomb ==CAUSE=> {DOWN} neuroprotective effects"}),
]


@pytest.mark.parametrize(("sentence", "rules", "parse"), CASES, ids=[c[0][:40] for c in CASES])
def test_both_readers(sentence: str, rules: set[str], parse: set[str]) -> None:
    assert rule_lines(sentence) == rules
    assert parse_lines(sentence) == parse


def test_a_phrase_under_a_verb_of_view_is_hedged_in_both_readers() -> None:
    from engine.reading.rules import extract_annotations
    from engine.reading.parse import read_sentence
    sentence = "These data suggest an involvement of PKD1 in lithium-induced Nrf2 export."
    for annotations in (extract_annotations(sentence), read_sentence(sentence)):
        assert [(a.subject, a.object, a.hedged) for a in annotations] == [("lithium", "Nrf2 export", True)]
