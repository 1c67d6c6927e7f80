"""How clinical abstracts state results, read by both readers: a risk "for" an outcome, the odds or
prevalence of an outcome (the outcome itself), a group "at increased risk" (compared with those without
what it has), a signed association noun, "effective in reducing", an effect on a change, a harm
improved or given a good effect, a good thing or a harm
worsened ("worse asthma control", "poor survival", "worse pain"), a duration prolonged, less
or more of a thing, the reference of a comparison (no agent), a curated name that opens with a word
of change ("low back pain"), the control of a condition ("glycaemic control"), a group with more of a
quantity ("patients with higher BMI"), an effective treatment, and a question, which states nothing."""

from __future__ import annotations

import pytest

from engine.reading.parse import read_sentence
from engine.reading.rules import extract_annotations
from tests.claim_sets import lines as rule_lines
from tests.parse_reader_helpers import grounded_with, lines as parse_lines

UP, DOWN = "[change=increase]", "[change=decrease]"


def test_a_risk_for_an_outcome_is_the_outcome() -> None:
    sentence = "Chronic insomnia was associated with an increased risk for hip fractures."
    assert parse_lines(sentence) == rule_lines(sentence) == {f"Chronic insomnia ==CAUSE=> {UP} hip fractures"}
    assert parse_lines("Statin use was associated with a lower risk for sepsis.") == \
        {f"{UP} Statin use ==CAUSE=> {DOWN} sepsis"}


@pytest.mark.parametrize("sentence, expected", [
    ("Zorimab reduced the odds of readmission.", {f"{UP} Zorimab ==CAUSE=> {DOWN} readmission"}),
    ("Zorimab reduced the prevalence of anemia.", {f"{UP} Zorimab ==CAUSE=> {DOWN} anemia"}),
    ("Zorimab lowered the occurrence of seizures.", {f"{UP} Zorimab ==CAUSE=> {DOWN} seizures"}),
    ("Zorimab lessened the intensity of nausea.", {f"{UP} Zorimab ==CAUSE=> {DOWN} nausea"}),
])
def test_the_chance_or_spread_of_an_outcome_is_the_outcome(sentence: str, expected: set[str]) -> None:
    assert parse_lines(sentence) == rule_lines(sentence) == expected


@pytest.mark.parametrize("sentence, expected", [
    ("Patients who develop neuropathy are at increased risk of foot ulcers.",
     {f"neuropathy ==CAUSE=> {UP} foot ulcers"}),
    ("Patients with diabetes are at higher risk of stroke.", {"diabetes ==CAUSE=> stroke"}),
    ("Smokers are at increased risk of periodontitis.", {"smoking ==CAUSE=> periodontitis"}),
    ("Smokers were at higher risk of periodontitis than nonsmokers.", {"smoking ==CAUSE=> periodontitis"}),
    # a reference that is no absence of the group's condition says nothing of it
    ("Patients with diabetes were at higher risk of stroke than patients with hypertension.", set()),
    # denied, or a group that names nothing
    ("Patients with diabetes were not at higher risk of stroke.", set()),
    ("Patients with the mutation are at increased risk of stroke.", set()),
])
def test_a_group_at_risk(sentence: str, expected: set[str]) -> None:
    assert parse_lines(sentence) == expected


@pytest.mark.parametrize("sentence", [
    # without a reference group, a difference may be a count, a change over time or a subgroup's
    "Bone density was lower for children with asthma.",
    "Bone density fell in children with asthma.",
    "In all, 83 of 177 patients with vertigo had recurrent hearing loss.",
    "Adults with functional limitations experienced a significant increase in herbal medicine use.",
])
def test_other_differences_need_their_reference_named(sentence: str) -> None:
    assert parse_lines(sentence) == set()


@pytest.mark.parametrize("sentence, expected", [
    ("Blood pressure showed an inverse relationship with the prevalence of migraine.",
     {f"{UP} Blood pressure ==CAUSE=> {DOWN} migraine"}),
    ("We found a positive correlation between ferritin and insulin resistance.",
     {f"{UP} ferritin ==CAUSE=> {UP} insulin resistance"}),
    # unsigned, denied or only studied: no claim
    ("We examined the association between coffee intake and gout.", set()),
    ("There was no inverse correlation between ferritin and insulin resistance.", set()),
])
def test_a_signed_association_noun(sentence: str, expected: set[str]) -> None:
    assert parse_lines(sentence) == expected


@pytest.fixture
def curated() -> None:
    with grounded_with([
        ("low back pain", "MESH", "D017116", "Low Back Pain"),
        ("increased bone resorption", "MESH", "D010014", "Osteolysis"),
        ("decreased appetite", "HP", "HP:0004396", "Decreased appetite"),
        ("heart rate", "MESH", "D006339", "Heart Rate"),
        ("physical activity", "EFO", "0003940", "physical activity"),
        ("mortality rate", "MESH", "D009026", "Mortality"),
        ("prepulse inhibition", "MESH", "D000079802", "Prepulse Inhibition"),
        ("zorin deficiency", "MESH", "D900003", "Zorin Deficiency"),
    ]):
        yield


@pytest.mark.parametrize("sentence, expected", [
    # the change word is in the curated name itself: no decrease of back pain
    ("Exercise reduced low back pain.", {f"{UP} Exercise ==CAUSE=> {DOWN} low back pain"}),
    # the parser may hang "low" on "back": the name still runs to "pain"
    ("Acupuncture reduced chronic low back pain.", {f"{UP} Acupuncture ==CAUSE=> {DOWN} chronic low back pain"}),
    ("Pulse pressure was inversely associated with the risk of low back pain.",
     {f"{UP} Pulse pressure ==CAUSE=> {DOWN} low back pain"}),
    # another name of a condition that states a change, and a phenotype's name, stay changes
    ("Ovariectomy caused increased bone resorption.", {f"{UP} Ovariectomy ==CAUSE=> {UP} bone resorption"}),
    ("Cisplatin caused decreased appetite.", {f"{UP} Cisplatin ==CAUSE=> {DOWN} appetite"}),
])
def test_a_curated_name_keeps_its_word_of_change(curated, sentence: str, expected: set[str]) -> None:
    assert parse_lines(sentence) == expected
    assert rule_lines(sentence) == expected


@pytest.mark.parametrize("sentence, expected", [
    # a curated name that ends in a word of amount keeps it: heart rate is no amount of the heart
    ("Exercise increased heart rate.", {f"{UP} Exercise ==CAUSE=> {UP} heart rate"}),
    ("Increasing physical activity improved insulin sensitivity.",
     {f"{UP} physical activity ==CAUSE=> {UP} insulin sensitivity"}),
    # a curated name without the word, and a name no resource holds, are amounts of what they name
    ("Sepsis raised the mortality rate.", {f"{UP} Sepsis ==CAUSE=> {UP} mortality"}),
    ("Stress raised cortisol levels.", {f"{UP} Stress ==CAUSE=> {UP} cortisol"}),
])
def test_a_curated_name_keeps_its_word_of_amount(curated, sentence: str, expected: set[str]) -> None:
    assert parse_lines(sentence) == expected
    assert rule_lines(sentence) == expected


@pytest.mark.parametrize("sentence, expected", [
    # a curated name that ends in a word of loss or change is the state itself, not a change of the rest
    ("Apomorphine impaired prepulse inhibition.", {f"{UP} Apomorphine ==CAUSE=> {DOWN} prepulse inhibition"}),
    ("Velkamide caused zorin deficiency.", {f"{UP} Velkamide ==CAUSE=> zorin deficiency"}),
    # a name no resource holds is a change of what it names
    ("Velkamide caused Tarp deficiency.", {f"{UP} Velkamide ==CAUSE=> {DOWN} Tarp"}),
])
def test_a_curated_name_keeps_its_word_of_loss(curated, sentence: str, expected: set[str]) -> None:
    assert parse_lines(sentence) == expected
    assert rule_lines(sentence) == expected


@pytest.mark.parametrize("sentence, expected", [
    ("Acupuncture was more effective in reducing nausea than sham treatment.",
     {f"{UP} Acupuncture ==CAUSE=> {DOWN} nausea"}),
    ("Exercise was effective at improving sleep quality.", {f"{UP} Exercise ==CAUSE=> {UP} sleep quality"}),
    # denied on the copula, or no adjective of efficacy
    ("Exercise was not effective in reducing pain.", set()),
    ("Exercise was important in reducing pain.", set()),
])
def test_effective_in_doing_is_doing(sentence: str, expected: set[str]) -> None:
    assert parse_lines(sentence) == expected


@pytest.mark.parametrize("sentence", [
    "Exercise is a promising strategy to reduce fatigue.",
    "Exercise may be a useful tool for reducing fatigue.",
    "Exercise offers promise as a means of reducing fatigue.",
    "Exercise is an effective way to reduce fatigue.",
    "Exercise can be an effective tool in reducing fatigue.",
])
def test_a_means_put_forward_is_a_hedged_claim(sentence: str) -> None:
    found = read_sentence(sentence)
    assert [(a.subject, a.object, a.object_change, a.hedged) for a in found] == [("Exercise", "fatigue", "decrease", True)]
    # the noun of means does nothing itself; the rule reader reads no such construction
    assert rule_lines(sentence) == set()


@pytest.mark.parametrize("sentence", [
    "Exercise is not an effective way to reduce fatigue.",
    "Whether exercise is a way to reduce fatigue is unclear.",
    "We developed a method to reduce fatigue.",
    "One strategy to reduce fatigue is exercise.",
])
def test_a_means_denied_asked_or_unnamed_is_no_claim(sentence: str) -> None:
    assert parse_lines(sentence) == rule_lines(sentence) == set()


@pytest.mark.parametrize("sentence, expected", [
    # a disease or an abnormal phenotype (nausea: MeSH, the same as HP's) is improved by lowering it
    ("Acupuncture improved nausea.", {f"{UP} Acupuncture ==CAUSE=> {DOWN} nausea"}),
    ("Metoclopramide improved symptoms.", {f"{UP} Metoclopramide ==CAUSE=> {DOWN} symptoms"}),
    # MeSH's "Pain, Postoperative" is under "Pain", which only HP's "Pain" (its equivalent) puts under
    # the phenotypic abnormalities
    ("Acupuncture improved postoperative pain.", {f"{UP} Acupuncture ==CAUSE=> {DOWN} postoperative pain"}),
    # a good thing is raised
    ("Exercise improved sleep quality.", {f"{UP} Exercise ==CAUSE=> {UP} sleep quality"}),
])
def test_improving_a_harm_lowers_it(sentence: str, expected: set[str]) -> None:
    assert parse_lines(sentence) == expected
    assert rule_lines(sentence) == expected


@pytest.mark.parametrize("sentence, expected", [
    # an improvement of a harm is less of it, of a good thing more of it
    ("Treatment with zorumab resulted in a significant improvement in symptoms.",
     {f"{UP} zorumab ==CAUSE=> {DOWN} symptoms"}),
    ("Zorumab led to improvements in pain.", {f"{UP} Zorumab ==CAUSE=> {DOWN} pain"}),
    ("Zorumab caused an improvement in memory.", {f"{UP} Zorumab ==CAUSE=> {UP} memory"}),
    ("Zorumab produced an amelioration of memory.", {f"{UP} Zorumab ==CAUSE=> {UP} memory"}),
    ("Improvement of pain by zorumab was seen.", {f"{UP} zorumab ==CAUSE=> {DOWN} pain"}),
])
def test_an_improvement_of_a_harm_lowers_it(sentence: str, expected: set[str]) -> None:
    assert parse_lines(sentence) == expected
    assert rule_lines(sentence) == expected


@pytest.mark.parametrize("sentence, expected", [
    # a word of worsening lowers a good thing and raises a harm (a curated one, "nausea", or a word
    # of harm), as one of betterment raises a good thing and lowers a harm
    ("Zorumab worsened asthma control.", {f"{UP} Zorumab ==CAUSE=> {DOWN} asthma control"}),
    ("Zorumab worsened nausea.", {f"{UP} Zorumab ==CAUSE=> {UP} nausea"}),
    ("Zorumab was associated with worse asthma control.", {f"{UP} Zorumab ==CAUSE=> {DOWN} asthma control"}),
    ("Zorumab was associated with worse pain.", {f"{UP} Zorumab ==CAUSE=> {UP} pain"}),
    ("Zorumab was associated with poor survival.", {f"{UP} Zorumab ==CAUSE=> {DOWN} survival"}),
    ("Zorumab was associated with improved depressive symptoms.",
     {f"{UP} Zorumab ==CAUSE=> {DOWN} depressive symptoms"}),
    # the remedy of a harm is a good thing
    ("Zorumab was associated with better pain control.", {f"{UP} Zorumab ==CAUSE=> {UP} pain control"}),
])
def test_worsening_lowers_a_good_thing_and_raises_a_harm(sentence: str, expected: set[str]) -> None:
    assert parse_lines(sentence) == expected
    assert rule_lines(sentence) == expected


@pytest.mark.parametrize("sentence, expected", [
    # each conjunct is weighed on its own: more of a harm, less of a good thing
    ("Poor sleep quality and fractures raise Tarp levels.",
     {f"{DOWN} sleep quality ==CAUSE=> {UP} Tarp", f"{UP} fractures ==CAUSE=> {UP} Tarp"}),
    ("Zorumab use was associated with poor survival and disease progression.",
     {f"{UP} Zorumab use ==CAUSE=> {DOWN} survival", f"{UP} Zorumab use ==CAUSE=> {UP} disease progression"}),
])
def test_a_word_of_worse_weighs_each_conjunct(sentence: str, expected: set[str]) -> None:
    assert parse_lines(sentence) == expected


def test_the_rule_reader_weighs_each_conjunct_too() -> None:
    assert rule_lines("Poor sleep quality and fractures raise Tarp levels.") == \
        {f"{DOWN} sleep quality ==CAUSE=> {UP} Tarp", f"{UP} fractures ==CAUSE=> {UP} Tarp"}


@pytest.mark.parametrize("sentence, expected", [
    ("Sleep quality was worse in patients with schizophrenia than in healthy controls.",
     {f"schizophrenia ==CAUSE=> {DOWN} Sleep quality"}),
    ("Pain was worse in patients with schizophrenia than in healthy controls.",
     {f"schizophrenia ==CAUSE=> {UP} Pain"}),
])
def test_worse_in_a_condition_than_without_it(sentence: str, expected: set[str]) -> None:
    assert parse_lines(sentence) == expected


@pytest.mark.parametrize("sentence, expected", [
    ("Zorumab prolonged survival.", {f"{UP} Zorumab ==CAUSE=> {UP} survival"}),
    ("Zorumab shortened hospital stay.", {f"{UP} Zorumab ==CAUSE=> {DOWN} hospital stay"}),
])
def test_a_duration_lengthened_or_shortened(sentence: str, expected: set[str]) -> None:
    assert parse_lines(sentence) == expected
    assert rule_lines(sentence) == expected


@pytest.mark.parametrize("sentence, expected", [
    # "decline" is a noun of change, no adjective: the name starts after its preposition
    ("Zorumab caused a decline in memory.", {f"{UP} Zorumab ==CAUSE=> {DOWN} memory"}),
    ("Zorumab prevented the decline in renal function.", {f"{UP} Zorumab ==CAUSE=> {UP} renal function"}),
])
def test_a_decline_in_a_thing(sentence: str, expected: set[str]) -> None:
    assert parse_lines(sentence) == expected
    assert rule_lines(sentence) == expected


@pytest.mark.parametrize("sentence, expected", [
    # "less" and "more" before a name say how much of it, as "fewer" and "greater" do
    ("Patients receiving zorumab had less pain than those receiving placebo.",
     {f"{UP} zorumab ==CAUSE=> {DOWN} pain"}),
    ("Zorumab caused less weight gain.", {f"{UP} Zorumab ==CAUSE=> {DOWN} weight gain"}),
    ("Mice lacking TREM2 displayed more plaques.", {f"TREM2 deficiency ==CAUSE=> {UP} plaques"}),
])
def test_less_or_more_of_a_thing(sentence: str, expected: set[str]) -> None:
    assert parse_lines(sentence) == expected
    assert rule_lines(sentence) == expected


@pytest.mark.parametrize("sentence", [
    "Zorumab was superior to placebo in reducing pain.",
    "Zorumab was more effective than placebo in reducing pain.",
])
def test_what_a_drug_is_compared_with_does_nothing(sentence: str) -> None:
    assert all(not line.startswith(f"{UP} placebo") for line in rule_lines(sentence) | parse_lines(sentence))


@pytest.mark.parametrize("sentence, expected", [
    # a good effect on a harm lowers it, as improving it does; a bad one on a good thing lowers that
    ("Aspirin had a favourable effect on pain.", {f"{UP} Aspirin ==CAUSE=> {DOWN} pain"}),
    ("Lithium has a protective effect on neuronal death.", {f"{UP} Lithium ==CAUSE=> {DOWN} neuronal death"}),
    ("Physiotherapy had a beneficial effect on tinnitus complaints.",
     {f"{UP} Physiotherapy ==CAUSE=> {DOWN} tinnitus complaints"}),
    ("Alcohol has a harmful effect on memory.", {f"{UP} Alcohol ==CAUSE=> {DOWN} memory"}),
    ("Exercise has a beneficial effect on memory.", {f"{UP} Exercise ==CAUSE=> {UP} memory"}),
    # "positive" values an effect on a curated condition, and signs one on anything else
    ("Physiotherapy had a positive effect on tinnitus.", {f"{UP} Physiotherapy ==CAUSE=> {DOWN} tinnitus"}),
    # ... also where the name says how the condition shows
    ("Physiotherapy had a positive effect on tinnitus complaints.",
     {f"{UP} Physiotherapy ==CAUSE=> {DOWN} tinnitus complaints"}),
    ("Yoga had a positive effect on migraine symptoms.", {f"{UP} Yoga ==CAUSE=> {DOWN} migraine symptoms"}),
    ("Bcl-2 has a negative effect on apoptosis.", {f"{UP} Bcl-2 ==CAUSE=> {DOWN} apoptosis"}),
    ("Bcl-2 has a positive effect on apoptosis.", {f"{UP} Bcl-2 ==CAUSE=> {UP} apoptosis"}),
])
def test_a_good_or_bad_effect_on_a_harm(sentence: str, expected: set[str]) -> None:
    assert parse_lines(sentence) == expected
    assert rule_lines(sentence) == expected


@pytest.mark.parametrize("sentence", [
    "Our study does not show a protective effect of aspirin on memory.",
    "We did not find a beneficial effect of exercise on memory in older adults.",
])
def test_an_effect_of_a_thing_denied_by_its_verb(sentence: str) -> None:
    assert rule_lines(sentence) == parse_lines(sentence) == set()


@pytest.mark.parametrize("sentence, expected", [
    # an unsigned effect signed by the change it is on
    ("We found a significant effect of statins on the reduction of mortality.",
     {f"{UP} statins ==CAUSE=> {DOWN} mortality"}),
    ("Statins had a significant effect on reducing mortality.", {f"{UP} Statins ==CAUSE=> {DOWN} mortality"}),
    # denied, or named as what was studied
    ("Statins had no effect on reducing mortality.", set()),
    ("The effect of age on tau accumulation was examined.", set()),
    ("To determine the impact of screening on mortality reduction, we followed 500 patients.", set()),
    # an unsigned effect on a thing, not a change, says nothing
    ("Statins had a significant effect on mortality.", set()),
])
def test_an_effect_on_a_change(sentence: str, expected: set[str]) -> None:
    assert parse_lines(sentence) == expected


def test_a_question_states_nothing() -> None:
    assert parse_lines("Do health behaviors have an impact on the reduction of medical resource use?") == set()
    assert parse_lines("Does exercise reduce low back pain?") == set()


@pytest.mark.parametrize("sentence, expected", [
    # a noun that names its change, and what it went with: a possible claim, the change's cause the partner
    ("We found an improved survival associated with cardiologist care.",
     {f"{UP} cardiologist care ==CAUSE=> {UP} survival"}),
    ("We observed increased mortality associated with zorin use.", {f"{UP} zorin use ==CAUSE=> {UP} mortality"}),
    # a noun of no change, or a denied one, says nothing
    ("The changes associated with AD were studied.", set()),
    ("No increase in mortality associated with smoking was seen.", set()),
])
def test_a_change_associated_with_a_partner(sentence: str, expected: set[str]) -> None:
    assert parse_lines(sentence) == expected


@pytest.mark.parametrize("sentence, expected", [
    ("Smoking was associated with gains in body weight.", {f"Smoking ==CAUSE=> {UP} body weight"}),
    ("Drug D produced improvements in memory.", {f"{UP} Drug D ==CAUSE=> {UP} memory"}),
])
def test_plural_nouns_of_change(sentence: str, expected: set[str]) -> None:
    assert parse_lines(sentence) == rule_lines(sentence) == expected


@pytest.mark.parametrize("sentence, expected", [
    # the agent of a participle says who gave the subject; it is not the subject
    ("Education delivered by nurses reduced anxiety.", {f"{UP} Education ==CAUSE=> {DOWN} anxiety"}),
    ("Inflammation induced by zorin reduced memory.",
     {f"{UP} zorin ==CAUSE=> {UP} Inflammation", f"{UP} Inflammation ==CAUSE=> {DOWN} memory"}),
])
def test_the_agent_of_a_participle_is_not_the_subject(sentence: str, expected: set[str]) -> None:
    assert parse_lines(sentence) == rule_lines(sentence) == expected


@pytest.mark.parametrize("sentence, expected", [
    # a risk factor is observed with more of the outcome: a possible claim, in both readers
    ("Diabetes is a risk factor for Alzheimer's disease.", {"Diabetes ==CAUSE=> Alzheimer's disease"}),
    ("Age and smoking were independent risk factors for mortality.",
     {f"{UP} Age ==CAUSE=> {UP} mortality", f"smoking ==CAUSE=> {UP} mortality"}),
    ("Diabetes is not a risk factor for Alzheimer's disease.", set()),
])
def test_a_risk_factor_is_a_possible_claim(sentence: str, expected: set[str]) -> None:
    assert parse_lines(sentence) == rule_lines(sentence) == expected
    assert all(a.hedged for a in extract_annotations(sentence))


@pytest.mark.parametrize("sentence, expected", [
    ("Increased aortic stiffness is an independent risk factor of velkitis.",
     {f"{UP} aortic stiffness ==CAUSE=> velkitis"}),
    ("Exercise is a protective factor against dementia.", {f"{UP} Exercise ==CAUSE=> {DOWN} dementia"}),
    ("Risk factors for stroke were examined.", set()),
])
def test_a_factor_of_an_outcome_in_the_parse_reader(sentence: str, expected: set[str]) -> None:
    assert parse_lines(sentence) == expected


@pytest.mark.parametrize("sentence, expected", [
    # verbs of a multiple, and adjectives of more or less that abstracts use of outcomes
    ("Zorin halved the incidence of stroke.", {f"{UP} Zorin ==CAUSE=> {DOWN} stroke"}),
    ("Zorin doubled velkin levels.", {f"{UP} Zorin ==CAUSE=> {UP} velkin"}),
    ("Zorin was associated with longer survival.", {f"{UP} Zorin ==CAUSE=> {UP} survival"}),
    ("Exercise was associated with poorer sleep quality.", {f"{UP} Exercise ==CAUSE=> {DOWN} sleep quality"}),
])
def test_words_of_more_and_less_in_abstracts(sentence: str, expected: set[str]) -> None:
    assert parse_lines(sentence) == rule_lines(sentence) == expected


@pytest.mark.parametrize("sentence, expected", [
    # a name the sentence gives a short form keeps its word of change: a condition, not a fall
    ("Impaired fasting glucose (IFG) is associated with increased mortality.",
     {f"{UP} Impaired fasting glucose ==CAUSE=> {UP} mortality"}),
    ("Impaired fasting glucose is associated with increased mortality.",
     {f"{DOWN} fasting glucose ==CAUSE=> {UP} mortality"}),
])
def test_a_defined_name_keeps_its_word_of_change(sentence: str, expected: set[str]) -> None:
    assert parse_lines(sentence) == rule_lines(sentence) == expected


@pytest.mark.parametrize("sentence, expected", [
    # the control of a quantity or a condition is an outcome: improving it raises it, whatever it controls
    ("The telemedicine system improved glycaemic control in both groups.",
     {f"{UP} telemedicine system ==CAUSE=> {UP} glycaemic control"}),
    ("The intervention improved asthma control.", {f"{UP} intervention ==CAUSE=> {UP} asthma control"}),
    ("Chemotherapy improves both survival and disease control.",
     {f"{UP} Chemotherapy ==CAUSE=> {UP} survival", f"{UP} Chemotherapy ==CAUSE=> {UP} disease control"}),
    ("Acupuncture improved pain relief.", {f"{UP} Acupuncture ==CAUSE=> {UP} pain relief"}),
    # a verb, the open-signed control of or by something, and an experimental control name no outcome
    ("GSK3 and CDK5 control tau phosphorylation.", set()),
    ("Kinases control tau phosphorylation.", set()),
    ("Drug X increased tau compared with the respective control.", {f"{UP} Drug X ==CAUSE=> {UP} tau"}),
])
def test_the_control_of_a_condition_is_an_outcome(sentence: str, expected: set[str]) -> None:
    assert parse_lines(sentence) == expected
    assert rule_lines(sentence) == expected


def test_control_by_a_regulator_is_no_outcome() -> None:
    sentence = "miR-155 is an inducible miRNA under transcriptional control by NF-kB."
    assert not any("control" in line for line in parse_lines(sentence) | rule_lines(sentence))


@pytest.mark.parametrize("sentence, expected", [
    # a group with more or less of a quantity is compared with those with less or more of it: a gradient
    ("Patients with higher BMI had higher mortality.", {f"{UP} BMI ==CAUSE=> {UP} mortality"}),
    ("Mortality was higher in patients with elevated troponin.", {f"{UP} troponin ==CAUSE=> {UP} Mortality"}),
    ("Individuals in the low FPG group had a significantly reduced risk of stroke.",
     {f"{DOWN} FPG ==CAUSE=> {DOWN} stroke"}),
    # a dose group is no level of a quantity, and a change before treatment compares nothing
    ("Mortality was lower in the high-dose group.", set()),
    ("Patients with higher BMI had higher mortality at baseline.", set()),
])
def test_a_group_with_more_of_a_quantity(sentence: str, expected: set[str]) -> None:
    assert parse_lines(sentence) == expected


def test_who_is_people_not_the_drug_before_it() -> None:
    # the parser hangs "who develop" on "AIs"; "who" is the patients
    sentence = "Patients on AIs who develop osteoporosis are at increased risk of bone fracture."
    assert parse_lines(sentence) == {f"{UP} osteoporosis ==CAUSE=> {UP} bone fracture"}


@pytest.mark.parametrize("sentence, parsed, ruled", [
    # a treatment said to work lowers what it treats (the rule reader writes it as its role's lowering)
    ("Memantine is an effective treatment for Alzheimer's disease.",
     {f"{UP} Memantine ==CAUSE=> {DOWN} Alzheimer's disease"}, {f"{DOWN} Memantine ==CAUSE=> Alzheimer's disease"}),
    ("Memantine is effective in the treatment of Alzheimer's disease.",
     {f"{UP} Memantine ==CAUSE=> {DOWN} Alzheimer's disease"}, {f"{DOWN} Memantine ==CAUSE=> Alzheimer's disease"}),
    ("Acupuncture and massage are effective treatments for chronic low back pain.",
     {f"{UP} Acupuncture ==CAUSE=> {DOWN} chronic low back pain", f"{UP} massage ==CAUSE=> {DOWN} chronic low back pain"},
     {f"{UP} Acupuncture ==CAUSE=> {DOWN} chronic low back pain", f"{UP} massage ==CAUSE=> {DOWN} chronic low back pain"}),
    # a treatment not said to work, or said not to, states no effect
    ("Memantine is not an effective treatment for Alzheimer's disease.", set(), set()),
    ("Memantine may be a promising therapy for Alzheimer's disease.", set(), set()),
    ("Memantine was ineffective in the treatment of Alzheimer's disease.", set(), set()),
])
def test_an_effective_treatment_lowers_what_it_treats(sentence: str, parsed: set[str], ruled: set[str]) -> None:
    assert parse_lines(sentence) == parsed
    assert rule_lines(sentence) == ruled


def test_people_treated_are_treated_for_what_they_have() -> None:
    # "Aromatase inhibitors" lower breast cancer: their lowering is read as less aromatase
    sentence = "Aromatase inhibitors are an effective treatment for postmenopausal women with breast cancer."
    assert not any("women" in line for line in parse_lines(sentence) | rule_lines(sentence))
    assert rule_lines(sentence) == {f"{UP} Aromatase ==CAUSE=> breast cancer"}


@pytest.mark.parametrize("sentence, expected", [
    # people treated "in", and what they have hung on the treatment by the parser
    ("Zorimab is an effective adjuvant therapy in infants with sepsis.", {f"{UP} Zorimab ==CAUSE=> {DOWN} sepsis"}),
    ("Zorectomy is a highly effective treatment for obese patients with type 2 diabetes.",
     {f"{UP} Zorectomy ==CAUSE=> {DOWN} type 2 diabetes"}),
    ("Zorimab is an effective treatment in the clinic.", set()),
])
def test_people_treated_in_a_place_or_with_a_condition(sentence: str, expected: set[str]) -> None:
    assert parse_lines(sentence) == expected


@pytest.mark.parametrize("sentence, expected", [
    # what works against or for a harm lowers it, and for people, lowers what they have
    ("Ketamine is effective against depression.", {f"{UP} Ketamine ==CAUSE=> {DOWN} depression"}),
    ("Yoga is beneficial for anxiety.", {f"{UP} Yoga ==CAUSE=> {DOWN} anxiety"}),
    ("Dilation is effective for patients with dysphagia.", {f"{UP} Dilation ==CAUSE=> {DOWN} dysphagia"}),
    ("Ketamine is effective in patients with depression.", {f"{UP} Ketamine ==CAUSE=> {DOWN} depression"}),
    ("Velkin is protective against excitotoxicity.", {f"{UP} Velkin ==CAUSE=> {DOWN} excitotoxicity"}),
    # a good, a change named, a test's value, or a denial: no claim
    ("Exercise is beneficial for memory.", set()),
    ("Orlistat is effective for weight loss.", set()),
    ("MRI was valuable for benign lesions.", set()),
    ("Ketamine was not effective against depression.", set()),
])
def test_what_works_against_a_harm_lowers_it(sentence: str, expected: set[str]) -> None:
    assert parse_lines(sentence) == expected
