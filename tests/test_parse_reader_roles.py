"""Claims through roles and effects: agent nouns, effect nouns with a signed adjective, 'required for'."""

from __future__ import annotations

import pytest
from parse_reader_helpers import lines

from engine.reading.parse.reader import read_sentence

UP, DOWN = "[change=increase]", "[change=decrease]"


@pytest.mark.parametrize("sentence, expected", [
    # a verb that gives its subject the role after "as"
    ("Klotho acts as an inhibitor of insulin signaling.", {f"{UP} Klotho ==CAUSE=> {DOWN} insulin signaling"}),
    ("Nrf2 serves as an activator of Tarp.", {f"{UP} Nrf2 ==CAUSE=> {UP} Tarp"}),
    ("Nrf2 did not act as an activator of Tarp.", set()),
    ("Lithium is a potent inhibitor of GSK3.", {f"{UP} Lithium ==CAUSE=> {DOWN} GSK3"}),
    ("Lithium, an inhibitor of GSK3, reduced tau phosphorylation.",
     {f"{UP} Lithium ==CAUSE=> {DOWN} GSK3", f"{UP} Lithium ==CAUSE=> {DOWN} tau phosphorylation"}),
    ("Sirtuin is not an activator of p53.", set()),
    # a compound participle opening the long form of a short form the sentence defines is a name
    ("Defective pomb-mediated autophagy (PMA), a type of autophagy, plays a significant role in aggregate formation.",
     set()),
    ("Pomb-mediated autophagy rises.", {f"{UP} Pomb ==CAUSE=> {UP} autophagy"}),
    # a plural role renames the members it follows, never one common noun the parser hung it on
    ("Zorp and Kelp, both activators of Tarp, were increased.",
     {f"{UP} Zorp ==CAUSE=> {UP} Tarp", f"{UP} Kelp ==CAUSE=> {UP} Tarp"}),
    ("Mice show memory impairment, which is associated with increased levels of p25 and p35, both activators "
     "of cyclin-dependent protein kinase 5 (CDK5), and enhanced calpain I activity.", set()),
    # the target named before the role noun; the bearer after it, but not a reference or a short form
    ("Zorimab is a Velk1 inhibitor.", {f"{UP} Zorimab ==CAUSE=> {DOWN} Velk1"}),
    ("Treatment with harmine, a DYRK1A inhibitor, upregulated neprilysin in fibroblasts.",
     {f"{UP} harmine ==CAUSE=> {DOWN} DYRK1A", f"{UP} harmine ==CAUSE=> {UP} neprilysin"}),
    ("Rapamycin, an mTOR inhibitor, lowered Velk1 accumulation.",
     {f"{UP} Rapamycin ==CAUSE=> {DOWN} mTOR", f"{UP} Rapamycin ==CAUSE=> {DOWN} Velk1 accumulation"}),
    ("Zorimab is not a Velk1 inhibitor.", set()),
    # where a drug comes from describes the drug, not its target
    ("A bacterial Tarp activator raised Pomb expression.", {f"{UP} Tarp activator ==CAUSE=> {UP} Pomb"}),
    ("Ghrelin has a protective effect on dopaminergic neurons.",
     {f"{UP} Ghrelin ==CAUSE=> {UP} dopaminergic neurons"}),
    ("The inhibitory effect of adenosine on glutamate release was shown.",
     {f"{UP} adenosine ==CAUSE=> {DOWN} glutamate release"}),
    ("Autophagy is required for axon growth.", {f"{UP} Autophagy ==CAUSE=> {UP} axon growth"}),
    ("Insulin is essential for glucose uptake.", {f"{UP} Insulin ==CAUSE=> {UP} glucose uptake"}),
    # "protects (Y) against / from Z" lowers Z
    ("Estrogen protects neurons against oxidative stress.", {f"{UP} Estrogen ==CAUSE=> {DOWN} oxidative stress"}),
    # a regulator is signed only by a signing adjective
    ("PTEN is a negative regulator of Akt.", {f"{UP} PTEN ==CAUSE=> {DOWN} Akt"}),
    ("Sestrin is a positive regulator of autophagy.", {f"{UP} Sestrin ==CAUSE=> {UP} autophagy"}),
    ("PTEN is a key regulator of Akt.", set()),
    # a drug named right after its role: the drug is the name, the role its own claim
    ("The Tarp inhibitor zorimab reduced Pomb phosphorylation.",
     {f"{UP} zorimab ==CAUSE=> {DOWN} Pomb phosphorylation", f"{UP} zorimab ==CAUSE=> {DOWN} Tarp"}),
    ("The Tarp-specific agonist Zorimab induces phosphorylation of Pomb.",
     {f"{UP} Zorimab ==CAUSE=> {UP} Pomb phosphorylation", f"{UP} Zorimab ==CAUSE=> {UP} Tarp"}),
    ("We tested Tarp inhibitor III on Pomb production.", set()),
    ("Cotinine is a positive allosteric modulator.", set()),
    # haploinsufficiency is a deficiency
    ("Haploinsufficiency of KANSL1 is sufficient to cause the syndrome.", {f"{DOWN} KANSL1 ==CAUSE=> syndrome"}),
    ("Mitophagy is dependent on Parkin.", {f"{UP} Parkin ==CAUSE=> {UP} Mitophagy"}),
    ("Mitophagy is not dependent on Parkin.", set()),
    # the doer of a verb after "sufficient to", "able to" is the copula's subject
    ("TFEB is sufficient to induce autophagy.", {f"{UP} TFEB ==CAUSE=> {UP} autophagy"}),
    ("Rapamycin is able to reduce tau levels.", {f"{UP} Rapamycin ==CAUSE=> {DOWN} tau"}),
    # ... and of one after "has the ability to"; not after "lacks" or a denied "have"
    ("Pomb has the ability to inhibit Tarp in neurons.", {f"{UP} Pomb ==CAUSE=> {DOWN} Tarp"}),
    ("Pomb does not have the capacity to inhibit Tarp in neurons.", set()),
    ("Pomb lacks the ability to inhibit Tarp.", set()),
    # a count or a class as the subject names no bearer: the names set after the role do
    ("Two of the drugs are GSK3 inhibitors (lithium and tideglusib).",
     {f"{UP} lithium ==CAUSE=> {DOWN} GSK3", f"{UP} tideglusib ==CAUSE=> {DOWN} GSK3"}),
    ("Both compounds are potent HDAC inhibitors, such as trichostatin A and vorinostat.",
     {f"{UP} trichostatin A ==CAUSE=> {DOWN} HDAC", f"{UP} vorinostat ==CAUSE=> {DOWN} HDAC"}),
    # changes named as examples of an effect, each with its own direction; not the host it is seen in
    ("We found that zorimab has several positive effects in mice, including improvement of spatial learning "
     "and a reduction of Tarp load.",
     {f"{UP} zorimab ==CAUSE=> {UP} spatial learning", f"{UP} zorimab ==CAUSE=> {DOWN} Tarp load"}),
    # a relative clause hung on what a role is of describes the role's bearer
    ("Treatment with zorimab, a mediator of inflammation that promotes cleavage of Tarp, raised Pomb.",
     {f"{UP} zorimab ==CAUSE=> {UP} Tarp cleavage", f"{UP} zorimab ==CAUSE=> {UP} Pomb"}),
    # "on" hung on the verb after the effect noun still says what the effect is on; not on a culture
    ("Treatment with fasudil reversed the stimulatory effects of Dkk1 on Aβ production (Fig. 3g).",
     {f"{UP} Dkk1 ==CAUSE=> {UP} Aβ production"}),
    ("Velk1, a Tarp antagonist, showed neuroprotective effect on mouse and rat primary cell culture.",
     {f"{UP} Velk1 ==CAUSE=> {DOWN} Tarp"}),
])
def test_role_claims(sentence: str, expected: set[str]) -> None:
    assert lines(sentence) == expected


@pytest.mark.parametrize("sentence, expected", [
    # a role in a change says the change's direction: a role in reducing Y lowers Y
    ("Zorin plays a role in reducing inflammation.", {f"{UP} Zorin ==CAUSE=> {DOWN} inflammation"}),
    ("Zorin has a key role in the reduction of inflammation.", {f"{UP} Zorin ==CAUSE=> {DOWN} inflammation"}),
    ("Zorin plays a key role in promoting tau aggregation.", {f"{UP} Zorin ==CAUSE=> {UP} tau aggregation"}),
    # a role in a thing states no direction, nor does a role denied or studied
    ("Zorin plays a role in inflammation.", set()),
    ("Zorin plays no role in reducing inflammation.", set()),
    ("The role of zorin in reducing inflammation was examined.", set()),
])
def test_a_role_in_a_change_is_signed_by_the_change(sentence: str, expected: set[str]) -> None:
    assert lines(sentence) == expected


@pytest.mark.parametrize("sentence, expected", [
    # a role after a raising verb's "to be" is its subject's: stated, or hedged with the verb
    ("Zorin has been shown to be a potent inhibitor of cell growth.", {f"{UP} Zorin ==CAUSE=> {DOWN} cell growth"}),
    ("Zorin is known to be an activator of Velk1.", {f"{UP} Zorin ==CAUSE=> {UP} Velk1"}),
    ("Zorin was not found to be an inhibitor of Velk1.", set()),
])
def test_a_role_after_a_raising_verb(sentence: str, expected: set[str]) -> None:
    assert lines(sentence) == expected


def test_a_role_after_a_verb_of_seeming_is_hedged() -> None:
    [claim] = read_sentence("Zorin appears to be an inhibitor of Velk1.")
    assert claim.subject == "Zorin" and claim.object == "Velk1" and claim.hedged
