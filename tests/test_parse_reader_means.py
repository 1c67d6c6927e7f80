"""Claims stated as the means of another claim ("X clears Y by activating Z"), and member numbers kept
in names ("caspase 9"): exact claim sets on invented sentences."""

from __future__ import annotations

import pytest
from parse_reader_helpers import lines

from spacy.tokens import Doc

from engine.model.annotations import format_annotation
from engine.reading.parse import read_sentence
from engine.reading.parse.parsing import parser
from engine.reading.parse.reader import read_doc

UP, DOWN = "[change=increase]", "[change=decrease]"


@pytest.mark.parametrize("sentence, expected", [
    # a gerund of means is done by the clause's subject; coordinated gerunds each
    ("Metformin clears tau from cultured neurons by promoting autophagy, downregulating mTORC1 and inducing "
     "cathepsin B in lysosomes.",
     {f"{UP} Metformin ==CAUSE=> {DOWN} tau",
      f"{UP} Metformin ==CAUSE=> {UP} autophagy", f"{UP} Metformin ==CAUSE=> {DOWN} mTORC1",
      f"{UP} Metformin ==CAUSE=> {UP} cathepsin B"}),
    ("Lithium improves memory via increasing the levels of BDNF.",
     {f"{UP} Lithium ==CAUSE=> {UP} memory", f"{UP} Lithium ==CAUSE=> {UP} BDNF"}),
    # a noun of means that names what it acts on
    ("AMPK enhances autophagy through inhibition of mTOR.",
     {f"{UP} AMPK ==CAUSE=> {UP} autophagy", f"{UP} AMPK ==CAUSE=> {DOWN} mTOR"}),
    # through a relative clause's noun
    ("Sestrin, which in turn promotes autophagy through the phosphorylation of ULK2, was studied.",
     {f"{UP} Sestrin ==CAUSE=> {UP} autophagy", f"{UP} Sestrin ==CAUSE=> {UP} ULK2 phosphorylation"}),
    # a participle clause after its verb says what the subject does next
    ("Calpain cleaves p35, thereby activating CDK5.",
     {f"{UP} Calpain ==CAUSE=> {UP} CDK5", f"{UP} Calpain ==CAUSE=> {UP} p35 cleavage"}),
    ("Exercise raises BDNF, IGF1 and VEGF, lowering cortisol.",
     {f"{UP} Exercise ==CAUSE=> {UP} BDNF", f"{UP} Exercise ==CAUSE=> {UP} IGF1",
      f"{UP} Exercise ==CAUSE=> {UP} VEGF", f"{UP} Exercise ==CAUSE=> {DOWN} cortisol"}),
    # an argument is no entity
    ("Beta4 is present in the ganglia, supporting the view that it drives craving.", set()),
    # a list in brackets is its own clauses, not the verb's object; a gerund before a name is an
    # experiment on it
    ("Overexpressing SIRT2 had a similar effect in old mice, reducing the frailty phenotype (delaying paralysis, "
     "increasing motor neuron density in the spinal cord, decreasing gliosis) and decreasing tau levels.",
     {f"{UP} SIRT2 ==CAUSE=> {DOWN} frailty phenotype", f"{UP} SIRT2 ==CAUSE=> {DOWN} tau"}),
    ("ATF4 can also bind to the promoter region of proapoptotic PUMA, increasing its expression as well as "
     "transcriptionally down-regulating MCL-1.", {f"{UP} ATF4 ==CAUSE=> {DOWN} MCL-1"}),
    # a participle that the parser hangs on a list of nouns continues the clause's verbs
    ("Probucol (a lipid-lowering drug) removes tau from neuronal cell lines by promoting autophagy, upregulating "
     "sestrin 2, ATG7 and LC3, downregulating mTORC1 and inducing lysosomal cathepsin D; these actions involve SIRT3.",
     {f"{UP} Probucol ==CAUSE=> {DOWN} tau",
      f"{UP} Probucol ==CAUSE=> {UP} autophagy", f"{UP} Probucol ==CAUSE=> {UP} sestrin 2",
      f"{UP} Probucol ==CAUSE=> {UP} ATG7", f"{UP} Probucol ==CAUSE=> {UP} LC3",
      f"{UP} Probucol ==CAUSE=> {DOWN} mTORC1", f"{UP} Probucol ==CAUSE=> {UP} lysosomal cathepsin D"}),
    # what the subject does besides, and by what means
    ("Quercetin protected the neurons in addition to accelerating the removal of huntingtin by repressing GSK3.",
     {f"{UP} Quercetin ==CAUSE=> {DOWN} huntingtin", f"{UP} Quercetin ==CAUSE=> {DOWN} GSK3"}),
    # a member number belongs to the name
    ("Sirtuin 3 protects neurons through inhibiting caspase 9.", {f"{UP} Sirtuin 3 ==CAUSE=> {DOWN} caspase 9"}),
    # ... also where the model hung it on the next word
    ("Active caspase 1 proteolytically activates pro-IL-18.", {f"{UP} Active caspase 1 ==CAUSE=> {UP} pro-IL-18"}),
    ("Nicorandil reduced Aβ 42 levels.", {f"{UP} Nicorandil ==CAUSE=> {DOWN} Aβ 42"}),
    # the clause's negation reaches its means; a passive clause names no doer; a means that names
    # nothing it acts on gives no claim
    ("Zinc did not protect neurons by inhibiting calpain.", set()),
    ("Neurons are protected by inhibiting calpain.", set()),
    ("Zinc reduces oxidative stress by a new mechanism.", {f"{UP} Zinc ==CAUSE=> {DOWN} oxidative stress"}),
    ("Zinc reduces oxidative stress through the direct action of glutathione.",
     {f"{UP} Zinc ==CAUSE=> {DOWN} oxidative stress"}),
    # a verb of reporting does no means ("Recent work" is no doer); the verb it reports does
    ("Recent work suggests that zinc impairs gene transcription by decreasing CREB production.",
     {f"{UP} zinc ==CAUSE=> {DOWN} gene transcription", f"{UP} zinc ==CAUSE=> {DOWN} CREB production"}),
    # a verb joined to a means with a subject of its own is a clause of its own, no means
    ("Velk1 may confer neuroprotection by enhancing clearance of Tarp and, conversely, deregulation of Velk1 "
     "may lead to Pomb degeneration.",
     {f"{UP} Velk1 ==CAUSE=> {UP} neuroprotection", f"{UP} Velk1 ==CAUSE=> {UP} Tarp clearance",
      f"{UP} Velk1 deregulation ==CAUSE=> {UP} Pomb degeneration"}),
    # a verb's present form ends a subject, it is no name (the verb, which the model tagged a noun, is read)
    ("TRK-3 may link receptor action with calcium signaling, because TRK-3 phosphorylates inositol receptors "
     "through its activation of LYN.",
     {f"{UP} TRK-3 ==CAUSE=> {UP} inositol receptors phosphorylation", f"{UP} TRK-3 ==CAUSE=> {UP} LYN"}),
])
def test_means_claims(sentence: str, expected: set[str]) -> None:
    assert lines(sentence) == expected


@pytest.mark.parametrize("sentence, expected", [
    # what an effect rests on: the effect's owner changes what the means names
    ("These actions of zorimab involve activation of VELK1.", {f"{UP} zorimab ==CAUSE=> {UP} VELK1"}),
    ("The effects of zorimab rely on increased Tarp synthesis.", {f"{UP} zorimab ==CAUSE=> {UP} Tarp synthesis"}),
    ("The protective effect of zorimab is mediated by inhibition of VELK1.",
     {f"{UP} zorimab ==CAUSE=> {DOWN} VELK1", f"{DOWN} VELK1 ==CAUSE=> {UP} protective effect"}),
    # a means that names no change says not whether the owner raises it or blocks it; a denial holds
    ("The effect of zorimab is mediated by the VELK1 receptor.", set()),
    ("The effect of zorimab was not mediated by inhibition of VELK1.", set()),
])
def test_what_an_effect_rests_on(sentence: str, expected: set[str]) -> None:
    assert lines(sentence) == expected


def test_means_share_the_hedge_of_their_clause() -> None:
    claims = read_sentence("Lithium may improve memory via increasing the levels of BDNF.")
    assert {c.object for c in claims} == {"memory", "BDNF"}
    assert all(c.hedged for c in claims)


def test_a_change_complement_hung_on_the_verb_completes_the_change() -> None:
    """"Zinc induced deficits in glycine" as the parser sometimes gives it: "in glycine" on the verb."""
    doc = Doc(parser().vocab, words=["Zinc", "induced", "deficits", "in", "glycine", "."],
              heads=[1, 1, 1, 1, 3, 1], deps=["nsubj", "ROOT", "dobj", "prep", "pobj", "punct"],
              pos=["NOUN", "VERB", "NOUN", "ADP", "NOUN", "PUNCT"], tags=["NN", "VBD", "NNS", "IN", "NN", "."],
              lemmas=["zinc", "induce", "deficit", "in", "glycine", "."])
    assert {format_annotation(a) for a in read_doc(doc)} == {f"{UP} Zinc ==CAUSE=> {DOWN} glycine"}
