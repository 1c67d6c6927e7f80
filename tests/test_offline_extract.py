"""Rule-based extraction over hand-written sentences: what crosses constructions (negation, hedges,
abbreviations, anaphors, chains, members of classes, junk). The cases of each construction family are in
test_extract_<family>.py.
"""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from engine.__main__ import main
from engine.model.annotations import format_annotation, interpret
from engine.reading.rules import extract_annotations, find_abbreviations

from claim_sets import assert_finds, lines


@pytest.mark.parametrize("sentence", [
    "Rapamycin did not alter BDNF expression.",
    "Rapamycin did not increase BDNF expression.",
    "Lithium failed to reduce tau phosphorylation.",
    "Neither memantine nor donepezil reduced amyloid load.",
    "Neither mutation of the Zorin residue nor removal of the last 14 amino acids of the Pomb subunit prevented "
    "formation of Velk1 complexes.",  # the whole "neither ... nor" before the verb, however long
    "Tau phosphorylation was not inhibited by lithium.",
    "BDNF cannot activate TrkB in these cells.",
    "Aβ levels were increased.",
    "The increased levels of cortisol were measured.",
    "Microglia are found in the brain.",
    "Treatment with rapamycin (8 h) was performed.",
    "We sought to suppress their activity.",
    "GSK3 is involved in the regulation of glycogen synthesis.",
    "Cortisol was increased in wild-type mice.",
    "Tau levels decreased over the years.",
    "Insulin is a regulator of glucose.",
    "Ethanol had no detrimental effect on memory.",
    "Microglia play an important role in neuroinflammation.",
    "Ketamine was ineffective in reducing suicidal ideation.",
    "Risk factors for dementia were studied.",
    "A recent study blocking the conversion of testosterone found improvement.",
    "Cathepsins operate through signaling pathways to trigger apoptosis.",
    "IL-1 activates various cell types.",
    "Insulin increases several key factors.",
    "The kinases involved in tau phosphorylation were studied.",
    "The mice show increased anxiety.",
    "Phosphorylation of CREB at Ser133 was measured.",
    "The receptor promotes phagocytosis.",
    "These drugs reduce anxiety.",
    "In the hippocampus, synaptic density was reduced.",
    "ASK1 is a member of the mitogen-activated protein kinase kinase kinase family.",
    "Velk1 binds glycogen synthase kinase 3β and cyclin-dependent kinase 5 (cdk5), and neuronal receptors.",
    "Nicotine acts on calmodulin-dependent protein kinase II (CaMKII) and protein kinase C.",
    "Velk1 binds Pomb-induced kinase-1 and neuronal receptors.",
    "We identified two deubiquitinating enzymes, including USP14.",
    "Plaque formation precedes neurofibrillary tangle formation.",
    "Expression varies depending on the cell type.",
    "The mutant had more potent activity as an ATF6 inhibitor.",
    "BDNF is expressed in the hippocampus.",
    "ASyn phosphorylation, or at least elevated levels of phosphorylated ASyn, contributes to PD.",
    "Processes that disturb protein folding in the ER cause ER stress.",
    "Apart from striatum decreased levels of GABA have been found in cortex.",
    "Their chronic treatment reduced pathological tau in the brain.",
    "Together with apoptotic protease activating factor 1 (Apaf-1), caspase-9 forms the apoptosome.",
    "Mecamylamine was developed 60 years ago and marketed as a ganglionic blocker.",
])
def test_no_claim(sentence: str) -> None:
    assert lines(sentence) == set()


def test_not_only_is_no_negation() -> None:
    assert "[change=increase] Aβ ==CAUSE=> [change=increase] oxidative stress" in lines(
        "Aβ not only increases oxidative stress but also impairs memory.")


def test_coordinated_nominal_heads_keep_their_own_direction() -> None:
    found = lines("We saw a down-regulation of PPP2R2A expression and reduction in PP2A activity by ApoE4.")
    assert "[change=increase] ApoE4 ==CAUSE=> [change=increase] PP2A" not in found


def test_an_object_is_not_the_next_clause_subject() -> None:
    found = lines("Scopolamine impaired accuracy or latency and cholinergic agonists improved accuracy.")
    assert "[change=increase] cholinergic agonists ==CAUSE=> [change=increase] accuracy" in found
    assert not any(line.startswith("[change=increase] latency") for line in found)


def test_references_and_times_are_no_entities() -> None:
    found = lines("Nicotine effects were blocked by DHβE but not by MLA, an α7 receptor antagonist (Table 5).")
    assert not any("Table" in line for line in found)
    found = lines("Rapamycin reduced tau levels in treated mice (Table 5).")
    assert found == {"[change=increase] Rapamycin ==CAUSE=> [change=decrease] tau"}


def test_an_unresolved_class_noun_is_no_entity() -> None:
    found = lines("Metformin lowers glucose. The kinase then phosphorylates ACC.")
    assert found == {"[change=increase] Metformin ==CAUSE=> [change=decrease] glucose"}


def test_an_excluded_alternative_is_no_cause() -> None:
    found = lines("Overexpression of MEF2A, but not MEF2C, suppressed dendritic growth.")
    assert found == {"[change=increase] MEF2A ==CAUSE=> [change=decrease] dendritic growth"}


def test_hedged_claims_are_kept_at_lower_confidence() -> None:
    plain = extract_annotations("Trehalose enhances autophagy.")
    hedged = extract_annotations("Trehalose may enhance autophagy.")
    suggested = extract_annotations("These data suggest that trehalose enhances autophagy.")
    assert len(plain) == len(hedged) == len(suggested) == 1
    assert not plain[0].hedged and hedged[0].hedged and suggested[0].hedged
    assert hedged[0].confidence < plain[0].confidence
    # the authors' view over the clause they embed
    for view in ("We think that activation of trehalase should be responsible for autophagy.",
                 "We believe that trehalose enhances autophagy."):
        found = extract_annotations(view)
        assert len(found) == 1 and found[0].hedged, view


def test_abbreviations_defined_in_the_text_link_to_long_forms() -> None:
    assert find_abbreviations("Amyloid beta (Aβ) and tumor necrosis factor alpha (TNF-α) rise; "
                              "ROS (reactive oxygen species) too.") == {
        "Aβ": "Amyloid beta", "TNF-α": "tumor necrosis factor alpha", "ROS": "reactive oxygen species"}
    # a member's number or Greek letter may be missing from the long form
    assert find_abbreviations("We blocked death-associated protein kinase (DAPK1) and tumour necrosis "
                              "factor (TNF-α).") == {"DAPK1": "death-associated protein kinase",
                                                     "TNF-α": "tumour necrosis factor"}
    [a] = extract_annotations("Aβ increases TNF-α release.", {"Aβ": "amyloid beta"})
    assert a.subject == "amyloid beta" and a.subject_aliases == ["Aβ"]
    annotations = extract_annotations("Brain-derived neurotrophic factor (BDNF) promotes neuronal survival.")
    assert annotations[0].subject_aliases == ["BDNF"]


def test_a_long_form_whose_initials_spell_the_short_form_is_taken_whole() -> None:
    # the shortest tail whose letters spell "VOP" is one word; the words' initials spell all of it
    assert find_abbreviations("Women with velkic organ prolapse (VOP) were seen.") == {"VOP": "velkic organ prolapse"}
    assert find_abbreviations("The Zorin Spinal Velk Association (ZSVA) scale.") == {
        "ZSVA": "Zorin Spinal Velk Association"}
    # without such words the shortest tail stands
    assert find_abbreviations("Patients on zorodialysis (ZD) were seen.") == {"ZD": "zorodialysis"}


def test_a_long_form_split_by_a_line_break_hyphen_is_joined_again() -> None:
    # text taken from a PDF keeps a word split at the end of a line: "transcrip- tion"
    assert find_abbreviations("the mTORC1- suppressed transcrip- tion factor EB (TFEB) rose") == {
        "TFEB": "transcription factor EB"}
    assert find_abbreviations("inhibits the phos- phoinositide 3-kinase (PI3K)") == {"PI3K": "phosphoinositide 3-kinase"}
    # two words that are words on their own are an author's compound, whose hyphen stays
    assert find_abbreviations("the extracellular signal- regulated kinase (ERK) rose") == {
        "ERK": "extracellular signal-regulated kinase"}


def test_a_defined_long_form_holding_and_is_one_name() -> None:
    # the "and" inside a long form joins no list: one object, named whole, with its short form
    [a] = extract_annotations("Zorbicin reduced the signal regulator and activator of transcription 9 (SRAT9).")
    assert (a.object, a.object_aliases, a.object_change) == (
        "signal regulator and activator of transcription 9", ["SRAT9"], "decrease")
    # a short form that lists several keeps the list
    found = extract_annotations("Zorbicin reduced zeta and theta receptors (ZR, TR).")
    assert sorted(a.object for a in found) == ["theta receptors", "zeta"]


def test_a_short_form_after_a_name_holding_another_is_an_alias() -> None:
    # "(GRE)-binding" is undone inside the name, and the outer short form still names it
    found = extract_annotations("Active Plk7 phosphorylates the transcription factor glucose response element (GRE)-binding "
                                "protein (GREBP), which leads to gene expression.")
    assert any(a.object == "glucose response element-binding protein phosphorylation"
               and a.object_aliases == ["GREBP phosphorylation"] for a in found)


def test_a_bracketed_symbol_names_a_described_gene_product() -> None:
    [a] = extract_annotations("The glutamate transporter (Slc9x) reduces excitotoxicity.")
    assert a.subject == "glutamate transporter" and a.subject_aliases == ["Slc9x"]
    # not after a name that is no gene product, nor a bracket that is no symbol
    [a] = extract_annotations("Hippocampal neurons (N2a) reduce memory.")
    assert a.subject_aliases == []
    [a] = extract_annotations("The glutamate transporter (2010) reduces excitotoxicity.")
    assert a.subject_aliases == []


def test_a_long_form_does_not_reach_back_over_a_clause() -> None:
    # letters found in order across a clause are no definition: no long form rather than a wrong one
    assert find_abbreviations("Plaques are clumps of small fragments named after beta-amyloid (Abeta).") == {}
    assert find_abbreviations("All agreed that the amyloid peptide (APT) is toxic.") == {"APT": "amyloid peptide"}
    assert find_abbreviations("The cytokine known as tumour necrosis factor (TNF) rises.") == {
        "TNF": "tumour necrosis factor"}
    # nor across an infinitive: the letters of "Zp40" lie in order from "ZRP" on
    assert find_abbreviations("ZRP undergoes cleavage to give peptide 40 (Zp40).") == {}
    assert find_abbreviations("The precursor is cut to release zeta peptide 40 (ZP40).") == {"ZP40": "zeta peptide 40"}


def test_a_disease_defined_with_its_short_form_stays_a_state() -> None:
    # (what patients with it show is an association, no claim: tests/test_extract_states.py)
    assert extract_annotations("Patients with vascular dementia (VaD) showed an increase in KLF9.") == []
    [b] = extract_annotations("Vascular dementia (VaD) lowers KLF9.")
    assert format_annotation(b) == "Vascular dementia ==CAUSE=> [change=decrease] KLF9"
    assert b.subject_aliases == ["VaD"]
    [c] = extract_annotations("Glial growth factor (GGF) raises KLF9.")
    assert format_annotation(c) == "[change=increase] Glial growth factor ==CAUSE=> [change=increase] KLF9"


def test_a_gerund_after_by_in_the_subject_is_part_of_the_cause() -> None:
    lines = [format_annotation(a) for a in extract_annotations("Inhibiting KLF9 by deleting its promoter causes gliosis.")]
    assert sorted(lines) == ["[change=decrease] KLF9 ==CAUSE=> [change=increase] gliosis",
                             "promoter deficiency ==CAUSE=> [change=increase] gliosis"]
    lines = [format_annotation(a) for a in extract_annotations(
        "Inhibiting KLF9 by genetically deleting parts of the ZNF12 complex causes gliosis.")]
    assert "[change=decrease] KLF9 ==CAUSE=> [change=increase] gliosis" in lines
    assert not any(line.startswith("[change=increase]") for line in lines)
    lines = [format_annotation(a) for a in extract_annotations("Raising KLF9 by blocking ZNF12 lowers gliosis.")]
    assert "[change=decrease] ZNF12 ==CAUSE=> [change=decrease] gliosis" in lines
    assert not any(line.startswith("[change=increase] ZNF12") for line in lines)


def test_a_gerund_change_made_with_a_tool_is_a_cause_too() -> None:
    lines = sorted(format_annotation(a) for a in extract_annotations(
        "Blocking KLF9 with a peptide increases gliosis."))
    assert lines == ["[change=decrease] KLF9 ==CAUSE=> [change=increase] gliosis",
                     "[change=increase] peptide ==CAUSE=> [change=increase] gliosis"]


def test_a_signed_regulation_of_y_by_x_is_a_claim() -> None:
    [a] = extract_annotations("These data show a negative feedback regulation of KLF9 by ZNF12.")
    assert format_annotation(a) == "[change=increase] ZNF12 ==CAUSE=> [change=decrease] KLF9"
    [b] = extract_annotations("We saw positive regulation of KLF9 by ZNF12.")
    assert format_annotation(b) == "[change=increase] ZNF12 ==CAUSE=> [change=increase] KLF9"
    assert not extract_annotations("The regulation of KLF9 by ZNF12 is complex.")


def test_a_to_b_conversion_is_one_name() -> None:
    lines = [format_annotation(a) for a in extract_annotations(
        "KLF9 speeds up the M1 to M2 transition, which lowers gliosis.")]
    assert "[change=increase] M1 to M2 transition ==CAUSE=> [change=decrease] gliosis" in lines
    lines = [format_annotation(a) for a in extract_annotations("ZNF12 accelerates the R1 to R2 conversion.")]
    assert lines == ["[change=increase] ZNF12 ==CAUSE=> [change=increase] R1 to R2 conversion"]


def test_which_after_a_clause_ending_in_its_own_change_is_that_change() -> None:
    [a] = extract_annotations("ZNF12 levels are markedly reduced, which contributes to increased KLF9.")
    assert format_annotation(a) == "[change=decrease] ZNF12 ==CAUSE=> [change=increase] KLF9"
    [b] = extract_annotations("ZNF12 levels were reduced, which induces gliosis.")
    assert format_annotation(b) == "[change=decrease] ZNF12 ==CAUSE=> [change=increase] gliosis"
    [c] = extract_annotations("ZNF12 is elevated, which leads to gliosis.")
    assert format_annotation(c) == "[change=increase] ZNF12 ==CAUSE=> [change=increase] gliosis"


def test_combined_with_ends_a_name() -> None:
    [a] = extract_annotations("Gliosis results from impaired KLF9 signalling combined with ageing.")
    assert a.subject == "KLF9 signalling" and a.subject_change == "decrease"


def test_which_after_a_negated_verb_is_the_failure_not_its_object() -> None:
    for sentence in ("The mutant receptor fails to activate glia, which leads to fibril deposition.",
                     "KLF9 does not activate glia, which leads to fibril deposition."):
        assert extract_annotations(sentence) == []
    lines = [format_annotation(a) for a in extract_annotations(
        "KLF9 activates glia, which leads to fibril deposition.")]
    assert "[change=increase] glia ==CAUSE=> [change=increase] fibril deposition" in lines


def test_expression_is_a_weak_claim() -> None:
    [a] = extract_annotations("Reactive astrocytes express GFAP.")
    assert a.confidence <= 0.5


def test_taking_part_states_no_direction() -> None:
    # "involved / implicated in", "participates in" say that X takes part, not which way it acts
    assert extract_annotations("Calpain is involved in neuronal apoptosis.") == []
    assert extract_annotations("Calpain has been implicated in several neuropathies.") == []
    assert extract_annotations("Calpain participates in neuronal apoptosis.") == []
    # ... and still give the subject a later predicate takes up
    assert [format_annotation(a) for a in extract_annotations(
        "Calpain is involved in apoptosis and increases caspase-3 activity.")] == [
        "[change=increase] Calpain ==CAUSE=> [change=increase] caspase-3"]


def test_association_needs_a_named_change_and_is_weak() -> None:
    [a] = extract_annotations("Smoking is associated with reduced lung function.")
    assert a.hedged and a.confidence <= 0.5
    assert not extract_annotations("Smoking is associated with emphysema.")
    assert not extract_annotations("The variants associated with increased risk were sequenced.")
    assert not extract_annotations("Cognitive decline was associated with statin treatment.")
    assert not extract_annotations("Fatigue was not associated with reduced sleep quality.")
    assert not extract_annotations("Fatigue was correlated with sleep quality.")


def test_a_correlation_with_a_trailing_change_head_is_weak() -> None:
    found = extract_annotations("Increased levels of Krt9 correlate to lipophagy induction.")
    assert [(a.subject, a.object, a.object_change) for a in found] == [("Krt9", "lipophagy", "increase")]
    assert found[0].confidence < 0.5
    # an unsigned object still claims nothing
    assert lines("Increased levels of Krt9 correlate to lipophagy rates.") == set()
def test_a_correlation_with_a_rise_named_after_its_thing_is_a_weak_claim() -> None:
    [a] = extract_annotations("Raised cortisol levels correlate to osteoclast activation.")
    assert a.hedged and a.confidence <= 0.5
    assert format_annotation(a) == "[change=increase] cortisol ==CAUSE=> [change=increase] osteoclast"
    [b] = extract_annotations("Leptin correlated with appetite stimulation.")
    assert format_annotation(b) == "[change=increase] Leptin ==CAUSE=> [change=increase] appetite"
    assert not extract_annotations("Fatigue correlates to sleep quality.")
    assert not extract_annotations("Fatigue is associated to sleep stimulation.")


def test_chains_give_their_steps_only() -> None:
    # the far pair of a chain is no claim, within a sentence or across two
    found = {(a.subject, a.object) for a in extract_annotations("Insulin activates AKT, which in turn inhibits GSK3.")}
    assert found == {("Insulin", "AKT"), ("AKT", "GSK3")}
    assert not any(a.subject == "Lithium" and "tau" in a.object for a in extract_annotations(
        "Lithium inhibits GSK3. GSK3 increases tau phosphorylation."))


def test_no_claim_when_which_is_ambiguous() -> None:
    # "which" is neurogenesis (more of it impairs memory) or its decrease (less of it does): no
    # chain and no claim of the relative clause; after a rise both readings agree
    assert_finds("Elevated glucocorticoids decrease neurogenesis, which impairs memory.", {
        "[change=increase] glucocorticoids ==CAUSE=> [change=decrease] neurogenesis"})
    assert_finds("Glucocorticoids increase Velox levels, which impairs memory.", {
        "[change=increase] Glucocorticoids ==CAUSE=> [change=increase] Velox",
        "[change=increase] Velox ==CAUSE=> [change=decrease] memory"})


def test_junk_agents_are_dropped() -> None:
    found = lines("Cdk5 enhances STAT3 activation by binding to the promoter.")
    assert not any(line.startswith("[change=increase] binding") for line in found)
    found = lines("Compound 12 was identified as a selective PDE4 inhibitor (IC50 = 40 nM).")
    assert not any("IC50" in line for line in found)
    found = lines("Two compounds that inhibit MMP-9 reduced neuronal death.")
    assert not any("Two" in line for line in found)
    found = lines("Inhibition of calpain by calpeptin reduced spectrin cleavage.")
    assert "[change=decrease] calpeptin ==CAUSE=> [change=decrease] spectrin cleavage" not in found


def test_no_short_form_is_dropped_before_a_verb() -> None:
    found = lines("Soluble Abeta (sAbeta)-induces NLRP3 activation.")
    assert not any("Abeta-induces" in line for line in found)


def test_a_time_state_is_no_cause_of_an_active_verb() -> None:
    found = lines("Netrin-1 is required for axon guidance and also promotes neurite outgrowth after injury.")
    assert "[change=increase] Netrin-1 ==CAUSE=> [change=increase] neurite outgrowth" in found
    assert not any(line.startswith("injury") for line in found)


def test_a_caused_change_keeps_its_cause_over_a_condition() -> None:
    # the verb's subject causes the change; the state after it is when, not what
    found = lines("Mutations in PLX4 cause impairment of lipid transport pathways with ageing [12].")
    assert "PLX4 mutation ==CAUSE=> [change=decrease] lipid transport" in found
    assert not any(line.startswith("ageing") for line in found)
    found = lines("ATF9 is shown to induce transcriptional activation of KRN2 during hypoxia [7].")
    assert "[change=increase] ATF9 ==CAUSE=> [change=increase] KRN2" in found
    assert not any(line.startswith("hypoxia") for line in found)


def test_an_incidence_needs_a_signed_head_and_keeps_a_verbs_cause() -> None:
    assert lines("The frequency of rash with velomide was recorded.") == set()
    assert lines("There was no increased risk of gout with drenolol.") == set()
    found = lines("Velomide caused an increased risk of gout with age.")
    assert "[change=increase] Velomide ==CAUSE=> [change=increase] gout" in found
    assert not any(line.startswith("age") for line in found)


def test_only_verbs_of_making_name_a_precursor() -> None:
    assert lines("Velomin was reduced from day 3 on.") == set()
    assert lines("Velomin synthesized from day 3 on was measured.") == set()


def test_a_treatment_of_carriers_or_a_denied_use_claims_nothing() -> None:
    assert lines("Velomide was used for the treatment of cells.") == set()
    assert lines("Velomide was not approved for the treatment of gout.") == set()


def test_a_participle_before_a_name_after_and_is_no_verb_of_the_copula_subject() -> None:
    found = lines("Velomin is linked to loss of Krt9 and enhanced production of reactive nitrogen species.")
    assert not any(line.startswith("[change=increase] Velomin") and "nitrogen" in line for line in found)


def test_responding_carriers_are_no_cause() -> None:
    found = lines("Glioma cells upregulate Krt9 in response to IL-9.")
    assert not any(line.startswith("[change=increase] Glioma") for line in found)
    # without a stimulus the carriers stay the subject
    assert "[change=increase] Astrocytes ==CAUSE=> [change=increase] IL-9" in lines(
        "Astrocytes secrete IL-9 in the hippocampus.")


def test_that_after_a_noun_of_content_is_no_anaphor() -> None:
    found = lines("Oxidation of beta-velomin can cause misfolding. There is a suggestion that "
                  "beta-velomin, although normally kept within cells, may be released by ischemia.")
    assert "ischemia ==CAUSE=> [change=increase] beta-velomin" in found
    assert not any(line.startswith("ischemia") and "Oxidation" in line for line in found)


def test_a_state_during_a_gerund_is_no_cause() -> None:
    assert lines("Velomide acts by preserving ATP synthesis during cardiac hypoxia (Ruiz, 2004).") == set()


def test_passive_patient_is_not_the_relative_agent() -> None:
    found = lines("The rise in cytosolic calcium evoked by glutamate was blunted by memantine.")
    assert "[change=increase] memantine ==CAUSE=> [change=decrease] cytosolic calcium" in found
    assert not any("memantine ==CAUSE=> [change=decrease] glutamate" in line for line in found)


def test_nested_change_gives_one_sign() -> None:
    found = lines("A marked reduction in the accumulation of lipofuscin was seen after treatment with rapamycin.")
    assert found == {"[change=increase] rapamycin ==CAUSE=> [change=decrease] lipofuscin"}


def test_compound_scope_and_models_of_rescue() -> None:
    found = lines("Obesity is associated with reduced AMPK-mediated lipolysis, a chronic inflammation and impaired insulin signalling.")
    assert "[change=increase] AMPK ==CAUSE=> [change=increase] lipolysis" in found
    assert not any(line.startswith("[change=decrease] AMPK") for line in found)
    assert not any(line.startswith("[change=increase] AMPK") and "insulin" in line for line in found)
    found = lines("We then tested whether we could restore object memory in APP transgenic mice.")
    assert not any(line.startswith("[change=increase] APP") for line in found)
    found = lines("Fourth, statins and anomalies of ApoE are associated with reduced cholesterol synthesis.")
    assert "[change=increase] statins ==CAUSE=> [change=decrease] cholesterol synthesis" in found
    assert not any("Fourth" in line for line in found)
    found = lines("Genetic mutations and anomalies of PSEN1 are associated with deficient mitophagy.")
    assert not any(line.startswith("genetic") or line.startswith("Genetic") for line in found)


@pytest.mark.parametrize("sentence, expected", [
    # an indirect question states no claim, as the parse reader reads it
    ("To determine whether vitamin D supplementation increases Tregs frequency.", set()),
    ("The aim was to find out if polyp formation is associated with increased expression of VEGF.", set()),
    ("We asked whether lithium reduces tau phosphorylation.", set()),
    # the question ends at its comma; a clause the sentence states after it is read
    ("To test whether HSPGs mediate seeding, we used sodium chlorate, which inhibited seeding.",
     {"[change=increase] sodium chlorate ==CAUSE=> [change=decrease] seeding"}),
    ("Whether lithium reduces tau phosphorylation is unknown, but we show that GSK3 raises tau phosphorylation.",
     {"[change=increase] GSK3 ==CAUSE=> [change=increase] tau phosphorylation"}),
    # nor does a clause that a denied finding reports, however the finding is denied
    ("We found no evidence that lithium reduces tau phosphorylation.", set()),
    ("Previous studies failed to show that lithium reduces tau phosphorylation.", set()),
    ("It was not confirmed that lithium reduces tau phosphorylation.", set()),
    ("We found no evidence that diabetes is a risk factor for stroke.", set()),
    # a negation that is no denial of the finding
    ("It is not surprising to observe that lithium reduces tau phosphorylation.",
     {"[change=increase] lithium ==CAUSE=> [change=decrease] tau phosphorylation"}),
])
def test_an_indirect_question_states_no_claim(sentence: str, expected: set[str]) -> None:
    assert_finds(sentence, expected)


def test_silencing_tools_are_no_cause() -> None:
    for sentence in ("Inhibition of Atg7 by siRNA increased p62 levels.",
                     "Transfection of individual siRNAs blocked SUMOylation.",
                     "Knockdown of Atg7 with shRNA increased p62 accumulation."):
        assert not any("siRNA" in line or "shRNA" in line for line in lines(sentence))
    assert lines("Inhibition of Atg7 by siRNA increased p62 levels.") == {
        "[change=decrease] Atg7 ==CAUSE=> [change=increase] p62"}


@pytest.mark.parametrize("sentence, expected", [
    # the tool's target after "against", "targeting", "to": less of the target
    ("An siRNA against Rab7 blocked lysosomal fusion.",
     "[change=decrease] Rab7 ==CAUSE=> [change=decrease] lysosomal fusion"),
    ("Lysosomal fusion was blocked by siRNA against Rab7.",
     "[change=decrease] Rab7 ==CAUSE=> [change=decrease] Lysosomal fusion"),
    ("An shRNA targeting TFEB lowered cathepsin D levels.",
     "[change=decrease] TFEB ==CAUSE=> [change=decrease] cathepsin D"),
    ("Morpholinos to sox10 prevented pigment formation.",
     "[change=decrease] sox10 ==CAUSE=> [change=decrease] pigment formation"),
    # a transfected tool: the transfection is the means, the tool names the target
    ("Transfection of Rab7 siRNA reduced lysosomal fusion.",
     "[change=decrease] Rab7 ==CAUSE=> [change=decrease] lysosomal fusion"),
    ("Transfection with siRNA against Rab7 reduced lysosomal fusion.",
     "[change=decrease] Rab7 ==CAUSE=> [change=decrease] lysosomal fusion"),
    ("Transfection of TFEB increased lysosome biogenesis.",
     "[change=increase] TFEB ==CAUSE=> [change=increase] lysosome biogenesis"),
    # antibodies given as a cause block their target
    ("Antibodies against IL-17 reduced neutrophil infiltration.",
     "[change=decrease] IL-17 ==CAUSE=> [change=decrease] neutrophil infiltration"),
    ("Neutralizing antibodies to IL-17 lowered neutrophil infiltration.",
     "[change=decrease] IL-17 ==CAUSE=> [change=decrease] neutrophil infiltration"),
])
def test_tools_and_antibodies_lower_their_target(sentence: str, expected: str) -> None:
    assert lines(sentence) == {expected}


def test_raised_antibodies_are_no_blocked_target() -> None:
    assert lines("Vaccination raised antibodies against the spike protein.") == {
        "[change=increase] Vaccination ==CAUSE=> [change=increase] antibodies"}


@pytest.mark.parametrize("sentence, expected", [
    # the examples after a relative clause about a bare class name its members: they are the
    # agents of the clause's verb and of the main verb
    ("Compounds that inhibit GSK3, such as lithium and valproate, lower tau phosphorylation.",
     {"[change=increase] lithium ==CAUSE=> [change=decrease] GSK3",
      "[change=increase] valproate ==CAUSE=> [change=decrease] GSK3",
      "[change=increase] lithium ==CAUSE=> [change=decrease] tau phosphorylation",
      "[change=increase] valproate ==CAUSE=> [change=decrease] tau phosphorylation",
      "[change=decrease] GSK3 ==CAUSE=> [change=decrease] tau phosphorylation"}),
    ("Several agents that stimulate mitophagy, including urolithin A, have been described.",
     {"[change=increase] urolithin A ==CAUSE=> [change=increase] mitophagy"}),
    ("Kinases that phosphorylate tau, such as GSK3 and CDK5, promote aggregation.",
     {"[change=increase] GSK3 ==CAUSE=> [change=increase] tau phosphorylation",
      "[change=increase] CDK5 ==CAUSE=> [change=increase] tau phosphorylation",
      "[change=increase] GSK3 ==CAUSE=> [change=increase] aggregation",
      "[change=increase] CDK5 ==CAUSE=> [change=increase] aggregation"}),
])
def test_members_after_a_class_relative_clause_are_its_agents(sentence: str, expected: set[str]) -> None:
    assert_finds(sentence, expected)
    assert not any("mitophagy ==CAUSE=>" in line or "GSK3 ==CAUSE=> [change=increase] lithium" in line
                   for line in lines(sentence))


def test_members_named_after_the_main_object_belong_to_the_relative_class() -> None:
    # "including D" after the main object names drugs of the subject's class, not a pathology
    found = lines("Drugs that induce autophagy reduce amyloid pathology, including temsirolimus and trehalose.")
    assert found >= {"[change=increase] autophagy ==CAUSE=> [change=decrease] amyloid pathology",
                     "[change=increase] temsirolimus ==CAUSE=> [change=decrease] amyloid pathology",
                     "[change=increase] trehalose ==CAUSE=> [change=decrease] amyloid pathology",
                     "[change=increase] temsirolimus ==CAUSE=> [change=increase] autophagy",
                     "[change=increase] trehalose ==CAUSE=> [change=increase] autophagy"}
    assert not any("==CAUSE=> [change=decrease] temsirolimus" in line for line in found)
    # a lower-case plural after the object is a kind of the object
    assert lines("Drugs that inhibit GSK3 reduce tau pathology, including tangles.") == {
        "[change=decrease] GSK3 ==CAUSE=> [change=decrease] tau pathology",
        "[change=decrease] GSK3 ==CAUSE=> [change=decrease] tangles"}


def test_examples_of_a_common_plural_object_stay_with_the_object() -> None:
    # a named object: the example is one of the enzymes
    assert lines("Enzymes that activate Notch, such as ADAM10, promote differentiation.") >= {
        "[change=increase] ADAM10 ==CAUSE=> [change=increase] Notch",
        "[change=increase] ADAM10 ==CAUSE=> [change=increase] differentiation"}
    # "receptors, such as Notch": Notch is one of the receptors activated, not one of the enzymes
    # (what the enzymes do acts on differentiation through the activated receptor)
    assert lines("Enzymes that activate receptors, such as Notch, promote differentiation.") == {
        "[change=increase] Notch ==CAUSE=> [change=increase] differentiation"}


@pytest.mark.parametrize("sentence, expected", [
    # members set off by commas after a class subject act as the class does, whatever the tense
    ("Antioxidants, such as vitamin C and resveratrol, reduced lipid peroxidation.",
     {"[change=increase] vitamin C ==CAUSE=> [change=decrease] lipid peroxidation",
      "[change=increase] resveratrol ==CAUSE=> [change=decrease] lipid peroxidation",
      "[change=increase] Antioxidants ==CAUSE=> [change=decrease] lipid peroxidation"}),
    ("Proteasome inhibitors, such as bortezomib and MG132, increased ER stress.",
     {"[change=increase] bortezomib ==CAUSE=> [change=decrease] Proteasome",
      "[change=increase] MG132 ==CAUSE=> [change=decrease] Proteasome",
      "[change=increase] bortezomib ==CAUSE=> [change=increase] ER stress",
      "[change=increase] MG132 ==CAUSE=> [change=increase] ER stress",
      "[change=decrease] Proteasome ==CAUSE=> [change=increase] ER stress"}),
    ("Inhibitors, such as bortezomib and MG132, increased ER stress.",
     {"[change=increase] bortezomib ==CAUSE=> [change=increase] ER stress",
      "[change=increase] MG132 ==CAUSE=> [change=increase] ER stress"}),
])
def test_members_apposed_with_such_as_are_agents(sentence: str, expected: set[str]) -> None:
    assert_finds(sentence, expected)


def test_which_in_turn_carries_the_lowered_object_forward() -> None:
    # less ERK (what "this" did) lowers CREB phosphorylation: ERK raises it
    assert lines("This lowers ERK activity, which in turn reduces CREB phosphorylation.") == {
        "[change=decrease] ERK ==CAUSE=> [change=decrease] CREB phosphorylation"}


def test_treated_carriers_are_no_cause() -> None:
    found = lines("Caspase-3 activity increased sharply after treatment of PC12 cells with staurosporine.")
    assert found == {"[change=increase] staurosporine ==CAUSE=> [change=increase] Caspase-3"}


def test_a_list_of_classes_is_no_apposition() -> None:
    found = lines("Statin drugs, antioxidants and vitamins, which lowered mortality, were compared.")
    assert not any(line.startswith("[change=increase] antioxidants ==CAUSE=> [change=decrease] Statin")
                   for line in found)
    assert lines("Lithium alone almost abolished GSK3 activity.") == {
        "[change=increase] Lithium ==CAUSE=> [change=decrease] GSK3"}


def test_a_comma_list_before_a_new_clause_is_not_an_object() -> None:
    found = lines("During stress-induced autophagy, portions of the ER and protein aggregates are engulfed.")
    assert not any("portions" in line or "protein aggregates" in line for line in found)


def test_resolved_anaphora_lower_the_confidence() -> None:
    first, second = extract_annotations("Baclofen reduced spasticity. It also increased drowsiness.")
    assert second.subject == "Baclofen" and second.confidence < first.confidence


def test_anaphora_reach_back_one_sentence_only() -> None:
    found = lines("Baclofen reduced spasticity. Patients were followed for a year. It increased drowsiness.")
    assert not any("drowsiness" in line for line in found)


def test_signs_follow_interpretation() -> None:
    [a] = extract_annotations("XBP1 ablation increases autophagy.")
    assert (a.subject, interpret(a).relation, interpret(a).sign) == ("XBP1 deficiency", "triggers", 1)
    [b] = extract_annotations("Lithium inhibits GSK3.")
    assert (interpret(b).relation, interpret(b).sign) == ("influence", -1)


def test_annotations_carry_their_sentence() -> None:
    sentence = "Cortisol increases blood pressure."
    assert all(a.text == sentence for a in extract_annotations(sentence))


def test_runtime_per_sentence() -> None:
    sentence = ("Conversely, treatment with rapamycin (an mTOR inhibitor, 20 nM), a well-known autophagy "
                "inducer (12), increased the clearance of LC3-II and reduced alpha-synuclein aggregation "
                "at 48 h in SH-SY5Y cells and primary cortical neurons.")
    start = time.perf_counter()
    for _ in range(200):
        extract_annotations(sentence)
    assert (time.perf_counter() - start) / 200 < 0.01  # generous bound; the benchmark measures ~0.3 ms


def test_cli_sentence_and_jsonl(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["extract", "Lithium inhibits GSK3.", "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["annotations"][0]["object"] == "GSK3"
    source = tmp_path / "in.jsonl"
    source.write_text('{"sentence": "Cortisol increases blood pressure.", "id": 7}\nnot json\n'
                      '{"text": "no sentence"}\n', encoding="utf-8")
    assert main(["extract", "--input", str(source)]) == 1
    done = capsys.readouterr()
    [row] = [json.loads(line) for line in done.out.splitlines()]
    assert row["id"] == 7 and row["annotations"][0]["subject"] == "Cortisol"
    assert set(row["annotations"][0]) >= {"subject", "subject_change", "object", "object_change", "text"}
    assert "in.jsonl:2: not valid JSON" in done.err and "in.jsonl:3:" in done.err
    assert main(["extract"]) == 2 and "SENTENCE" in capsys.readouterr().err
    assert main(["extract", "Cortisol increases blood pressure."]) == 0
    assert "[change=increase] Cortisol ==CAUSE=> [change=increase] blood pressure" in capsys.readouterr().out


def test_dev_slice_smoke(shared_data: Path) -> None:
    """A small slice of real sentences: extraction runs and finds claims in most of them."""
    rows = [json.loads(line) for line in
            (shared_data / "hbp" / "relations_dev.jsonl").read_text(encoding="utf-8").split("\n")[:60] if line]
    with_claims = sum(1 for row in rows if extract_annotations(row["sentence"]))
    assert with_claims >= len(rows) // 3


def test_in_after_a_process_names_a_place_not_what_changed() -> None:
    # "an increase in Y": Y changed; "X accumulation in neurons": neurons are where X accumulated.
    assert lines("An increase in caspase activity was seen after staurosporine treatment.") == {
        "[change=increase] staurosporine ==CAUSE=> [change=increase] caspase"}
    assert lines("Quercetin lowered lipid accumulation in hepatocytes and reduced fibrosis in HD mice.") == {
        "[change=increase] Quercetin ==CAUSE=> [change=decrease] lipid accumulation in hepatocytes",
        "[change=increase] Quercetin ==CAUSE=> [change=decrease] fibrosis"}
    assert not any("astrocytes" in line.split("==CAUSE=>")[1]
                   for line in lines("Cholesterol accumulation in astrocytes rose after hypoxia."))


def test_a_coordinated_predicate_is_no_agent_of_the_nominal_before_it() -> None:
    # "reduced glucose levels" is metformin's next predicate, not a second agent inhibiting AMPK.
    assert lines("Metformin prevented the inhibition of AMPK by palmitate, reduced glucose levels and "
                 "improved memory.") == {
        "[change=increase] Metformin ==CAUSE=> [change=increase] AMPK",
        "[change=increase] palmitate ==CAUSE=> [change=decrease] AMPK",
        "[change=increase] Metformin ==CAUSE=> [change=decrease] glucose",
        "[change=increase] Metformin ==CAUSE=> [change=increase] memory"}


@pytest.mark.parametrize("sentence, expected", [
    # members listed in brackets after a class act (or are acted on) as the class is
    ("Tricyclic compounds (imipramine, clomipramine and desipramine) enhance mitophagy.",
     {"[change=increase] imipramine ==CAUSE=> [change=increase] mitophagy",
      "[change=increase] clomipramine ==CAUSE=> [change=increase] mitophagy",
      "[change=increase] desipramine ==CAUSE=> [change=increase] mitophagy",
      "[change=increase] Tricyclic compounds ==CAUSE=> [change=increase] mitophagy"}),
    ("The antipsychotic drugs (haloperidol and clozapine) are inducers of mitophagy.",
     {"[change=increase] haloperidol ==CAUSE=> [change=increase] mitophagy",
      "[change=increase] clozapine ==CAUSE=> [change=increase] mitophagy",
      "[change=increase] antipsychotic drugs ==CAUSE=> [change=increase] mitophagy"}),
    ("Kinase inhibitors (e.g., dasatinib) enhance mitophagy.",
     {"[change=increase] dasatinib ==CAUSE=> [change=increase] mitophagy"}),
    ("Mitophagy is enhanced by tricyclic compounds (imipramine and desipramine).",
     {"[change=increase] imipramine ==CAUSE=> [change=increase] Mitophagy",
      "[change=increase] desipramine ==CAUSE=> [change=increase] Mitophagy",
      "[change=increase] tricyclic compounds ==CAUSE=> [change=increase] Mitophagy"}),
    ("Rapamycin reduces inflammatory cytokines (IL-6 and TNF).",
     {"[change=increase] Rapamycin ==CAUSE=> [change=decrease] IL-6",
      "[change=increase] Rapamycin ==CAUSE=> [change=decrease] TNF",
      "[change=increase] Rapamycin ==CAUSE=> [change=decrease] inflammatory cytokines"}),
])
def test_members_in_brackets_after_a_class_share_its_claims(sentence: str, expected: set[str]) -> None:
    assert_finds(sentence, expected)


@pytest.mark.parametrize("sentence, not_agents", [
    # a short form, a citation, a measurement or a changed class is no list of members
    ("Tricyclic compounds (TCAs) enhance mitophagy.", {"TCAs"}),
    ("Tricyclic compounds (Smith and Jones, 2010) enhance mitophagy.", {"Smith", "Jones"}),
    ("Loss of kinases (PINK1 and LRRK2) impairs mitophagy.", {"PINK1", "LRRK2"}),
    ("Cytokine levels (IL-6 and TNF) rise after injury.", {"IL-6", "TNF"}),
])
def test_brackets_that_list_no_members_add_no_agents(sentence: str, not_agents: set[str]) -> None:
    agents = {a.subject for a in extract_annotations(sentence)}
    assert not agents & not_agents, f"{sorted(agents & not_agents)} read as members in {sentence!r}"


@pytest.mark.parametrize("sentence, expected", [
    # words of the mutation's kind do not hide whose mutation it is
    ("Familial mutations in PSEN1 increase amyloid production.",
     "PSEN1 mutation ==CAUSE=> [change=increase] amyloid production"),
    ("Missense mutations of LRRK2 have been shown to impair mitophagy in patient cells.",
     "LRRK2 mutation ==CAUSE=> [change=decrease] mitophagy"),
    # "the X pathway" of a process names the process
    ("Mutations in VPS35 impair the autophagy pathway.",
     "VPS35 mutation ==CAUSE=> [change=decrease] autophagy"),
])
def test_mutation_kinds_and_process_pathways(sentence: str, expected: str) -> None:
    assert expected in lines(sentence)


def test_a_gene_before_mutations_is_still_their_owner() -> None:
    assert lines("Tau mutations in neurons impair mitophagy.") == {
        "Tau mutation ==CAUSE=> [change=decrease] mitophagy"}


@pytest.mark.parametrize("sentence, expected, wrong", [
    # members of a role class or of the agent after "by" do not take the subject's change word
    ("Blockers of L-type calcium channels, such as nifedipine, lower blood pressure.",
     "[change=increase] nifedipine ==CAUSE=> [change=decrease] blood pressure",
     "[change=decrease] nifedipine ==CAUSE=> [change=decrease] blood pressure"),
    ("Inhibition of mTOR by specific inhibitors, such as torin1, induces autophagy.",
     "[change=increase] torin1 ==CAUSE=> [change=increase] autophagy",
     "[change=decrease] torin1 ==CAUSE=> [change=increase] autophagy"),
    # members of the changed class itself share its change
    ("Loss of cytokines, such as IL-6, impairs regeneration.",
     "[change=decrease] IL-6 ==CAUSE=> [change=decrease] regeneration",
     "[change=increase] IL-6 ==CAUSE=> [change=decrease] regeneration"),
    ("Reserpine causes depletion of dopamine and other amines like histamine.",
     "[change=increase] Reserpine ==CAUSE=> [change=decrease] histamine",
     "[change=increase] Reserpine ==CAUSE=> [change=increase] histamine"),
])
def test_example_members_take_the_change_of_their_own_class(sentence: str, expected: str, wrong: str) -> None:
    found = lines(sentence)
    assert expected in found and wrong not in found, sorted(found)


def test_a_phrase_of_an_earlier_clause_is_no_conjunct_subject() -> None:
    # "the control of growth" belongs to the clause of "is"; only "activated Rheb" inhibits
    found = lines("Rheb is a key protein in the control of growth and activated Rheb inhibits autophagy.")
    assert found == {"[change=increase] Rheb ==CAUSE=> [change=decrease] autophagy"}
    # a clause opened by "that" keeps its coordinated subject
    assert lines("It is known that IL-6 and TNF reduce neurogenesis.") == {
        "[change=increase] IL-6 ==CAUSE=> [change=decrease] neurogenesis",
        "[change=increase] TNF ==CAUSE=> [change=decrease] neurogenesis"}


@pytest.mark.parametrize("sentence, expected", [
    # an aside between free-standing dashes reads as one between commas
    ("A second kinase \u2014 DAPK1 \u2014 increases tau phosphorylation.",
     "[change=increase] DAPK1 ==CAUSE=> [change=increase] tau phosphorylation"),
    ("Rapamycin \u2013 an mTOR inhibitor \u2013 increases autophagy.",
     "[change=increase] Rapamycin ==CAUSE=> [change=decrease] mTOR"),
    # a name apposed to "another ..." is the subject; "in response to" ends the object
    ("Another ion channel, TRPV1, has also been shown to promote NLRP1 activation in response to heat.",
     "[change=increase] TRPV1 ==CAUSE=> [change=increase] NLRP1"),
])
def test_dash_asides_and_apposed_names(sentence: str, expected: str) -> None:
    found = lines(sentence)
    assert expected in found, sorted(found)


@pytest.mark.parametrize("sentence, expected", [
    # a predicate role noun reaches past an aside to its subject: examples of a class, or an apposition
    ("Several statins, including simvastatin and lovastatin, are activators of mitophagy.",
     {"[change=increase] simvastatin ==CAUSE=> [change=increase] mitophagy",
      "[change=increase] lovastatin ==CAUSE=> [change=increase] mitophagy"}),
    ("Lithium, a mood stabiliser, is an inhibitor of GSK3.",
     {"[change=increase] Lithium ==CAUSE=> [change=decrease] GSK3"}),
])
def test_predicate_role_nouns_past_an_aside(sentence: str, expected: set[str]) -> None:
    found = lines(sentence)
    assert expected <= found, sorted(found)


@pytest.mark.parametrize("sentence, expected", [
    # a systematic chemical name keeps its locants, commas and brackets
    ("Dosing with 3-bromo-5-(2-thienyl)-pyrazine lowered glucose.",
     {"[change=increase] 3-bromo-5-(2-thienyl)-pyrazine ==CAUSE=> [change=decrease] glucose"}),
    ("Exposure to 2,4'-dinitro-biphenyl increased necrosis.",
     {"[change=increase] 2,4'-dinitro-biphenyl ==CAUSE=> [change=increase] necrosis"}),
    # commas between names and brackets after them still part them
    ("IL-2, IL-10 and CCL5 were raised by zymosan (Table 1).",
     {"[change=increase] zymosan ==CAUSE=> [change=increase] IL-2",
      "[change=increase] zymosan ==CAUSE=> [change=increase] IL-10",
      "[change=increase] zymosan ==CAUSE=> [change=increase] CCL5"}),
])
def test_chemical_names_are_one_word(sentence: str, expected: set[str]) -> None:
    assert_finds(sentence, expected)


@pytest.mark.parametrize("sentence, expected", [
    # a lone modifier coordinated before a named kind of cell shares its head
    ("Naive and memory B cells reduce IL-10.",
     {"[change=increase] Naive and memory B cells ==CAUSE=> [change=decrease] IL-10"}),
    ("Resident and effector NK cells were increased by IL-21.",
     {"[change=increase] IL-21 ==CAUSE=> [change=increase] Resident and effector NK cells"}),
    # two causes stay two: no symbol opens the second name, or no kind is named
    ("Obesity and type 2 diabetes increase inflammation.",
     {"Obesity ==CAUSE=> [change=increase] inflammation",
      "type 2 diabetes ==CAUSE=> [change=increase] inflammation"}),
    ("Exercise and plasma BDNF levels increase memory.",
     {"[change=increase] Exercise ==CAUSE=> [change=increase] memory",
      "[change=increase] plasma BDNF ==CAUSE=> [change=increase] memory"}),
])
def test_coordinated_modifiers_share_a_named_head(sentence: str, expected: set[str]) -> None:
    assert_finds(sentence, expected)


@pytest.mark.parametrize("sentence, expected", [
    # a substitution before "transgenic" describes the carriers; the transgene stays the cause
    ("Loss of spines was increased in R406W transgenic mice.", set()),
    ("Loss of spines was increased in APP transgenic mice.",
     {"[change=increase] APP ==CAUSE=> [change=decrease] spines"}),
])
def test_a_substitution_names_no_transgene(sentence: str, expected: set[str]) -> None:
    assert_finds(sentence, expected)


@pytest.mark.parametrize("sentence", [
    "Trehalose is thought to enhance autophagy.",
    "Trehalose is often considered to enhance autophagy.",
    "Trehalose has been postulated to enhance autophagy.",
    "Trehalose tended to enhance autophagy.",
])
def test_a_reported_view_is_hedged(sentence: str) -> None:
    assert [(a.subject, a.object, a.hedged) for a in extract_annotations(sentence)] == [
        ("Trehalose", "autophagy", True)]


@pytest.mark.parametrize("sentence, expected", [
    ("In a multicentre, parallel group, double blind, randomized trial, 347 patients were enrolled.", set()),
    ("The median volume of right strokes was approximately double the median volume of left strokes.", set()),
    ("CDK5 knock down increased Rac activity in triple transgenic Alzheimer's mice.",
     {"[change=increase] CDK5 knock down ==CAUSE=> [change=increase] Rac"}),
    ("Inhibition of CIP2A by bortezomib was shown in triple negative breast cancer cells.",
     {"[change=increase] bortezomib ==CAUSE=> [change=decrease] CIP2A"}),
])
def test_double_and_triple_before_a_word_are_no_verbs(sentence: str, expected: set[str]) -> None:
    assert_finds(sentence, expected)


def test_double_after_a_modal_is_a_verb() -> None:
    assert [(a.subject, a.object) for a in extract_annotations("Smoking may double the risk of stroke.")] == [
        ("Smoking", "stroke")]



@pytest.mark.parametrize("sentence, expected", [
    # the change before "of either ... or" / "of both ... and" is each member's
    ("Knockdown of either RelB or p50 diminished YKL-40 expression.",
     {"[change=decrease] RelB ==CAUSE=> [change=decrease] YKL-40",
      "[change=decrease] p50 ==CAUSE=> [change=decrease] YKL-40"}),
    ("Silencing of both MARK1 and MARK2 blocked tau phosphorylation.",
     {"[change=decrease] MARK1 ==CAUSE=> [change=decrease] tau phosphorylation",
      "[change=decrease] MARK2 ==CAUSE=> [change=decrease] tau phosphorylation"}),
])
def test_a_change_of_either_or_both_members(sentence: str, expected: set[str]) -> None:
    assert_finds(sentence, expected)


@pytest.mark.parametrize("sentence, expected", [
    # a change word on a head of change is shared by every member after "of"
    ("Lithium led to decreased induction of cytokines and chemokines.",
     {"[change=increase] Lithium ==CAUSE=> [change=decrease] cytokines",
      "[change=increase] Lithium ==CAUSE=> [change=decrease] chemokines"}),
    ("Lithium led to increased inhibition of cytokines and chemokines.",
     {"[change=increase] Lithium ==CAUSE=> [change=decrease] cytokines",
      "[change=increase] Lithium ==CAUSE=> [change=decrease] chemokines"}),
    # a harm keeps its worth with its short form after it
    ("Alcohol had a favorable effect on the risk of acute myocardial infarction (MI).",
     {"[change=increase] Alcohol ==CAUSE=> [change=decrease] acute myocardial infarction"}),
])
def test_a_change_on_a_change_and_a_harm_with_its_short_form(sentence: str, expected: set[str]) -> None:
    assert_finds(sentence, expected)


@pytest.mark.parametrize("sentence, expected", [
    ("Variants of TREM2 increase the risk of developing AD.", ("TREM2 mutation", "AD")),
    ("ART is associated with an increased risk of developing cardiovascular disease.", ("ART", "cardiovascular disease")),
])
def test_the_risk_of_developing_a_condition_is_of_the_condition(sentence: str, expected: tuple[str, str]) -> None:
    assert [(a.subject, a.object) for a in extract_annotations(sentence)] == [expected]


@pytest.mark.parametrize("sentence, expected", [
    # (an impairment of a thing is less of it)
    ("Hallucinations were associated with greater cognitive and functional impairments.",
     ("Hallucinations", "cognitive and functional", "decrease")),
    ("Psychotic disturbances were correlated with poor social and functional outcomes.",
     ("Psychotic disturbances", "social and functional outcomes", "decrease")),
])
def test_a_lone_adjective_after_a_word_of_degree_shares_the_next_noun(sentence: str, expected: tuple[str, str, str]) -> None:
    """"greater cognitive and functional impairments": "cognitive" is no name of its own."""
    assert [(a.subject, a.object, a.object_change) for a in extract_annotations(sentence)] == [expected]
