"""What may become a node (engine.assembly.entities): invented sentences and names, by rule group."""

from __future__ import annotations

import pytest

from engine.assembly.entities import non_entity_reason


def _dropped(name: str, sentence: str, reason: str) -> None:
    found = non_entity_reason(name, sentence)
    assert found is not None and reason in found, (name, found)


@pytest.mark.parametrize(("name", "sentence", "reason"), [
    ("Hallorby", "Hallorby and colleagues showed that Velk1 raises Zorin.", "citation"),
    ("Prensk", "Prensk et al. found that Velk1 lowers Zorin.", "citation"),
    ("colleagues", "", "citation"),
    ("Food", "The Food and Drug Administration approved quarzinib, which lowers Zorin.", "organisation"),
    ("Hallorby", "As Hallorby (2019) reported, Velk1 raises Zorin.", "citation"),
    ("Prensk et", "", "citation"),
    ("ZD.Its", "", "fragment"),
    ("pathological", "", "describing word"),
    ("well-known", "", "describing word"),
    ("fibrillize", "", "verb"),
    ("raising", "Velk1, raising Zorin, ...", "verb"),
    ("idea", "", "generic"),
    ("acute treatment", "", "generic"),
    ("conformational change", "", "generic"),
    ("cytoplasmic and nuclear pathways", "", "generic"),
    ("disease brains", "", "preparation"),
    ("tective effects", "These pro- tective effects of Velk1 ...", "split by a line break"),
    ("autophagosomal and lysosomal", "", "describing words alone"),
    ("wild-type protein", "", "generic"),
])
def test_citations_fragments_and_lone_words(name: str, sentence: str, reason: str) -> None:
    _dropped(name, sentence, reason)


@pytest.mark.parametrize(("name", "sentence"), [
    ("aging", "Aging raises Zorin."), ("smoking", ""), ("rapamycin treatment", ""), ("chronic stress", ""),
    ("nuclear Velk1", ""), ("Velk1 and Zorin", ""), ("protective effects", "These protective effects of Velk1"),
])
def test_names_beside_the_new_filters_stay(name: str, sentence: str) -> None:
    assert non_entity_reason(name, sentence) is None


@pytest.mark.parametrize(("name", "reason"), [
    ("time-dependent increase", "change of something unsaid"), ("endocytic up-regulation", "change of something unsaid"),
    ("formation", "process of something unsaid"), ("hyperphosphorylation", "process of something unsaid"),
    ("uptake", "process of something unsaid"),
])
def test_a_change_or_a_process_of_something_unsaid(name: str, reason: str) -> None:
    _dropped(name, "", reason)


@pytest.mark.parametrize("name", ["Zorin reduction", "Velk1 exposure", "autophagy", "Zorin phosphorylation"])
def test_a_change_or_a_process_of_a_named_thing_stays(name: str) -> None:
    assert non_entity_reason(name, "") is None


def test_an_adjective_that_names_its_noun_is_an_entity() -> None:
    # a reader that cut "cognitive deficits" to a fall of "cognitive" read a fall of cognition
    assert non_entity_reason("cognitive", "Quarzin caused cognitive deficits.") is None


@pytest.mark.parametrize("name", ["Fig. 4B", "Figs 7C", "Figure 2", "Supplementary Fig. S3", "Table 1", "EV5A",
                                  "EV2", "Q", "z"])
def test_figure_and_panel_labels(name: str) -> None:
    _dropped(name, "", "figure" if len(name) > 1 else "single letter")


@pytest.mark.parametrize(("name", "reason"), [
    ("2A", "number"), ("1,250", "number"), ("2-5", "number"), ("3-chloro-6", "cut at a number"),
    ("kDa", "unit"), ("µM", "unit"), ("3.5 fold", "quantity"), ("12 h exposure to Zorin", "quantity"),
    ("h exposure to 40nM Zorin", "quantity"), ("40nM Zorin", "quantity"), ("~20 min", "quantity"),
    ("soluble 7", "cut at a number"), ("Zorin only 12", "cut at a number"), ("Velk1 of 3", "cut at a number"),
])
def test_numbers_units_and_quantities(name: str, reason: str) -> None:
    _dropped(name, "", reason)


@pytest.mark.parametrize(("name", "sentence"), [
    ("T153", ""), ("Ser396", ""),
    ("K29", "Zorin is built from K29-linked chains of ubiquitin."),
    ("K29", "Velk1 forms K29 and K33 chains on Zorin."),
    ("S77", "Velk1 phosphorylates Zorin at S77."),
])
def test_residues(name: str, sentence: str) -> None:
    _dropped(name, sentence, "residue")


@pytest.mark.parametrize(("name", "sentence", "reason"), [
    ("Q4A lysosomal export", "Velk1 raised wild-type but not Zorin-R2E/Q4A lysosomal export.", "cut from"),
    ("elk1", "Velk1 raises Zorin.", "cut from"),
    ("and Zorin", "", "function word"), ("Zorin of", "", "function word"), ("of Velk1 release", "", "function word"),
    ("nuclear and a rise of Zorin", "", "article"),
])
def test_fragments_cut_from_longer_text(name: str, sentence: str, reason: str) -> None:
    _dropped(name, sentence, reason)


@pytest.mark.parametrize(("name", "reason"), [
    ("elderly donors", "cohort"), ("Velkosis patients", "cohort"), ("healthy volunteers", "cohort"),
    ("Zorin-null mice", "model organism"), ("rodent models of stroke", "model organism"),
    ("HX12 cell line", "model organism"), ("primary glial cultures", "preparation"),
    ("spinal cord extract", "preparation"), ("frozen brain extracts", "preparation"),
    ("cortical slices", "preparation"), ("overnight incubation", "step"), ("Zorin extracts pre-incubation", "step"),
    ("later times", "time"), ("age", "time"), ("share of cells taking up dye", "measure"),
    ("propensity of Zorin", "measure"), ("Velk1 synaptic target", "role"),
    ("a recent functional imaging study", "step"), ("Velk1 trial", "step"),
])
def test_head_nouns_that_name_no_entity(name: str, reason: str) -> None:
    _dropped(name, "", reason)


def test_a_mutation_that_names_an_animal_line() -> None:
    _dropped("A12T", "Velkamine improved memory in A12T transgenic mice.", "animal line")
    assert non_entity_reason("A12T", "The A12T substitution raises Zorin aggregation.") is None


@pytest.mark.parametrize("name", [
    "order", "important roles", "these effects", "levels", "Meanwhile", "unknown cofactors", "disease",
    "kinase", "a novel compound", "effector", "accumulation", "production", "upregulation", "difference",
    "deficits", "specific fragments", "Direct interaction", "inhibitors", "protease inhibitors",
    "receptor agonists", "mRNA", "the transcripts", "Administration", "Repeated doses", "daily injections", "use",
    "Chronic exposure", "range",
])
def test_generic_words(name: str) -> None:
    _dropped(name, "", "generic")


@pytest.mark.parametrize(("name", "sentence"), [
    ("Velk1", "Hallorby and colleagues showed that Velk1 raises Zorin."),
    ("VLK2", "VLK2 kinase activity raises Zorin."),  # a symbol the tagger may call an organisation
    ("p53", ""), ("A1", ""), ("Zorin-β", ""), ("Ca2+", ""),
    ("Hallorby body formation", "Hallorby body formation raises Zorin."),  # an eponym in a longer name
    ("mitochondrial dysfunction", ""), ("cognitive decline", ""), ("neuroinflammation", ""), ("ageing", ""),
    ("P301L", ""), ("zorimab administration", ""), ("Velk1 injection", ""),
    # capitalised molecule names that the English pipeline tags as persons
    ("Tau", "Tau binds microtubules and Tau raises Zorin."),
    ("Akt", "Akt phosphorylates Velk1, and Akt raises Zorin."),
    ("Quarzin", "Quarzin lowers Velk1 in neurons."),
    # real names beside the rules above: numbers, letters, class and change words inside a name
    ("PP2A", ""), ("protein phosphatase 2A", ""), ("IL-1beta", ""), ("p62", ""), ("tau", ""),
    ("A beta 42", ""), ("Fyn", ""), ("mTORC1", ""), ("autophagy", ""), ("neuronal death", ""),
    ("TNF-alpha", ""), ("5-HT", ""), ("H2O2", ""), ("ApoE4", ""), ("microglia", ""),
    ("alpha-synuclein aggregation", ""), ("caspase 3", ""), ("caspase-1", ""), ("14-3-3 proteins", ""),
    ("1-methyl-4-phenyl-1,2,3,6-tetrahydropyridine", ""), ("protein kinase", ""), ("Zorin accumulation", ""),
    ("aggregation", ""), ("memory T cells", ""), ("tubastatin A", ""), ("vitamin D", ""),
    ("Velk1 release from neurons", ""), ("export of Zorin", ""), ("cognitive deficits in aged mice", ""),
    ("green tea extract", ""), ("14-3-3", ""), ("velkotransferase family 12", ""), ("quarzin a", ""), ("vertebrate target of velkamycin", ""), ("vertebrate target of velkamycin complex 1", ""), ("nicotine treatment", ""), ("phagocytic capacity", ""),
    ("K29", "Velk1 raises K29 in glia."),  # no residue reading in the sentence
    ("Q4A", "Q4A raises Zorin release."),
    ("p27", "Velk5/p27 raises Zorin."), ("Velk3 inhibitors", "Cdc9/Velk3 inhibitors lower Zorin."),  # a slash joins names
    ("AGE", ""), ("AGEs", ""), ("reaction time", ""),
])
def test_entities_pass(name: str, sentence: str) -> None:
    assert non_entity_reason(name, sentence) is None
