"""Claims inside noun phrases: agents after "by", compound participles."""

from __future__ import annotations

import pytest
from parse_reader_helpers import lines

UP, DOWN = "[change=increase]", "[change=decrease]"


@pytest.mark.parametrize("sentence, expected", [
    # "inhibition of X by Y" as a subject: Y lowers X, and less X gives the verb's effect
    ("Inhibition of calpain by curcumin reduces spine loss.",
     {f"{UP} curcumin ==CAUSE=> {DOWN} calpain", f"{DOWN} calpain ==CAUSE=> {DOWN} spine loss"}),
    # "by" under the noun itself
    ("The phosphorylation of tau by CDK5 was studied.", {f"{UP} CDK5 ==CAUSE=> {UP} tau phosphorylation"}),
    # a modification noun with its agent names the modified thing
    ("The acetylation of histones by CBP was measured.", {f"{UP} CBP ==CAUSE=> {UP} histones acetylation"}),
    # compound participles: X-induced Y, X-suppressed Y
    ("Glutamate-induced excitotoxicity was studied.", {f"{UP} Glutamate ==CAUSE=> {UP} excitotoxicity"}),
    # ... also where the tagger took the participle for a name before the phrase it describes
    ("Tarp-mediated Pomb degradation was enhanced by zorimab.",
     {f"{UP} Tarp ==CAUSE=> {UP} Pomb degradation", f"{UP} zorimab ==CAUSE=> {UP} Pomb degradation"}),
    ("They measured IL4-suppressed chemotaxis.", {f"{UP} IL4 ==CAUSE=> {DOWN} chemotaxis"}),
    # a participle on a change head: the change is of what the head governs
    ("Leptin-mediated activation of microglia was seen.", {f"{UP} Leptin ==CAUSE=> {UP} microglia"}),
    # the agent of a lost modification is the modifier: CBP acetylates p53
    ("The substitution causes a loss of acetylation of p53 by CBP.",
     {f"{UP} CBP ==CAUSE=> {UP} p53 acetylation", f"{UP} substitution ==CAUSE=> {DOWN} p53 acetylation"}),
    # a compound participle before a class noun and its member mark is part of that name
    ("Ouabain blocks calcium-dependent kinase IV in astrocytes.",
     {f"{UP} Ouabain ==CAUSE=> {DOWN} calcium-dependent kinase IV"}),
    ("Lactate-activated potassium channels lower excitability.",
     {f"{UP} Lactate-activated potassium channels ==CAUSE=> {DOWN} excitability"}),
    # ... also with the member mark joined by a hyphen
    ("Zorimab blocks PTEN-induced kinase-1 in neurons.", {f"{UP} Zorimab ==CAUSE=> {DOWN} PTEN-induced kinase-1"}),
    # a dimension before "-dependent" describes the change; it causes nothing
    ("Stage-dependent loss of myelin was prevented by biotin.",
     {f"{UP} biotin ==CAUSE=> {UP} myelin"}),
    ("Copper-dependent loss of myelin was prevented by biotin.",
     {f"{UP} Copper ==CAUSE=> {DOWN} myelin", f"{UP} biotin ==CAUSE=> {UP} myelin"}),
    # no agent, no claim
    ("The acetylation of histones was measured.", set()),
    # the words of the cause set before a compound participle are its name
    ("Inhibition of caspase-2 confers resistance to Zorin stress-induced apoptosis.",
     {f"{UP} Zorin stress ==CAUSE=> {UP} apoptosis"}),
    # a participle on the way something happens, or on a host, changes nothing
    ("The phosphorylation of NF-kB in Abeta-stimulated microglial cells was inhibited by vitamin D2.",
     {f"{UP} vitamin D2 ==CAUSE=> {DOWN} NF-kB phosphorylation"}),
    ("MAP2 acetylation can occur in a cysteine-dependent auto-regulatory manner.", set()),
    # nor an amount after "by"
    ("In the brain, Pomb can increase high-affinity nicotine binding by nearly fourfold relative to age-matched "
     "controls.", {f"{UP} Pomb ==CAUSE=> {UP} high-affinity nicotine binding"}),
    # a place before "-dependent" says where, not what causes
    ("Velk1 rescued hippocampus-dependent memory in mice.", {f"{UP} Velk1 ==CAUSE=> {UP} memory"}),
    # "re-activation" is activation done again
    ("Re-activation of Tarp reduced Pomb.", {f"{UP} Tarp ==CAUSE=> {DOWN} Pomb"}),
    # a change that says no way ("alterations") and a method's tool after "by" ("staining by antibodies")
    ("Velk1 had no impact upon the isolation-induced alterations in Tarp expression.", set()),
    ("Wang et al. showed similar staining of cortical neurons by Tarp and Pomb antibodies.", set()),
    # the agent after "by" does what the noun names; an adjective before it is another claim's
    ("We observed that anatabine inhibited NFκB activation by TNFα in cells.",
     {f"{UP} TNFα ==CAUSE=> {UP} NFκB activation"}),
    # changes named after their thing are its state
    ("These findings strongly suggest that DISC1 alterations may increase the risk of schizophrenia.",
     {"[change=increase] DISC1 alterations ==CAUSE=> schizophrenia"}),
    ("Velk1 causes subtle changes in Tarp kinetics.", set()),
])
def test_nominal_claims(sentence: str, expected: set[str]) -> None:
    assert lines(sentence) == expected


@pytest.mark.parametrize("sentence, claim", [
    # a change before "X-mediated Y" is the whole phrase's: X still mediates Y
    ("Impaired dynein-mediated trafficking was seen in these cells.", f"{UP} dynein ==CAUSE=> {UP} trafficking"),
    ("Mutations of PSEN1 are associated with reduced lysosomal v-ATPase-mediated acidification.",
     f"{UP} v-ATPase ==CAUSE=> {UP} acidification"),
])
def test_a_change_before_a_compound_participle_is_not_its_claims(sentence: str, claim: str) -> None:
    cause = claim.split(" ==CAUSE=> ")[0]
    assert {line for line in lines(sentence) if line.startswith(cause)} == {claim}


def test_an_agent_hung_on_what_a_change_is_of_is_read_once() -> None:
    # "by Y" parsed under X in "suppression of X by Y": the change noun reads it, X's own reading is none
    assert {line for line in lines("The suppression of the cholinergic system by zorin proteins stabilizes circuits.")
            if line.startswith(f"{UP} zorin")} == {f"{UP} zorin proteins ==CAUSE=> {DOWN} cholinergic system"}

