"""Offline question analysis: causal phrasings give sources and targets, others are abstained on."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.questions import analyze
from engine.questions.analyze import analyze_question
from engine.reading.language.data_files import data_file


@pytest.mark.parametrize("question, sources, targets", [
    ("How does amyloid beta impact tau phosphorylation?", ["amyloid beta"], ["tau phosphorylation"]),
    ("How does smoking affect the risk of lung cancer?", ["smoking"], ["lung cancer"]),
    ("How do insulin levels influence glucose uptake in neurons?", ["insulin"], ["glucose uptake in neurons"]),
    ("How does mTOR regulate autophagy", ["mTOR"], ["autophagy"]),
    ("What is the effect of BDNF on synaptic plasticity?", ["BDNF"], ["synaptic plasticity"]),
    ("What are the effects of rapamycin on autophagy?", ["rapamycin"], ["autophagy"]),
    ("What impact does sleep deprivation have on amyloid clearance?", ["sleep deprivation"], ["amyloid clearance"]),
    ("Why does chronic stress lead to hippocampal atrophy?", ["chronic stress"], ["hippocampal atrophy"]),
    ("What role does microglia play in Alzheimer's disease?", ["microglia"], ["Alzheimer's disease"]),
    ("Is APOE4 linked to amyloid deposition?", ["APOE4"], ["amyloid deposition"]),
    ("Is obesity associated with type 2 diabetes?", ["obesity"], ["type 2 diabetes"]),
    ("How do GSK-3β and CDK5 regulate tau hyperphosphorylation?", ["GSK-3β", "CDK5"], ["tau hyperphosphorylation"]),
    ("What is the relationship between sleep and amyloid clearance?", ["sleep"], ["amyloid clearance"]),
    ("Through which mechanisms does exercise reduce cognitive decline?", ["exercise"], ["cognitive decline"]),
    ("How does TNF-α affect the blood-brain barrier?", ["TNF-α"], ["blood-brain barrier"]),
    ("How does methylene blue impact autophagosome?", ["methylene blue"], ["autophagosome"]),
    # passives name the effect first
    ("How is colon cancer affected by bezafibrate?", ["bezafibrate"], ["colon cancer"]),
    ("How can tau phosphorylation be regulated by GSK3 and CDK5?", ["GSK3", "CDK5"], ["tau phosphorylation"]),
    ("Is amyloid clearance impaired by sleep deprivation?", ["sleep deprivation"], ["amyloid clearance"]),
    ("Effect of metformin on tau phosphorylation", ["metformin"], ["tau phosphorylation"]),
    ("bezafibrate → colon cancer", ["bezafibrate"], ["colon cancer"]),
    # what is given, not the giving; a treatment *of* a disease is kept whole
    ("How does the use of ropivacaine affect postoperative pain?", ["ropivacaine"], ["postoperative pain"]),
    ("How does exposure to lead affect IQ?", ["lead"], ["IQ"]),
    ("How does treatment of hypertension affect stroke?", ["treatment of hypertension"], ["stroke"]),
    # a title asking after its colon: the question read on its own, the title for its pronoun
    ("Social exclusion: do they influence suicide mortality?", ["Social exclusion"], ["suicide mortality"]),
    ("Undescended testes: does age at orchiopexy affect survival?", ["age at orchiopexy"], ["survival"]),
    ("Early discharge: does it adversely affect quality of care?", ["Early discharge"], ["quality of care"]),
    ("Does confined placental mosaicism account for adverse outcomes?", ["confined placental mosaicism"],
     ["adverse outcomes"]),
])
def test_causal_questions(question: str, sources: list[str], targets: list[str]) -> None:
    analysis = analyze_question(question)
    assert not analysis.abstained, analysis.reason
    assert (analysis.sources, analysis.targets) == (sources, targets)


@pytest.mark.parametrize("question, sources, targets, context", [
    ("Does peritoneal dialysis affect halitosis in patients with end-stage renal disease?",
     ["peritoneal dialysis"], ["halitosis"], "in patients with end-stage renal disease"),
    ("How does metformin affect mortality in patients with diabetes and hypertension?",
     ["metformin"], ["mortality"], "in patients with diabetes and hypertension"),
    ("How does smoking in pregnant women affect birth weight?", ["smoking"], ["birth weight"], "in pregnant women"),
    ("How do insulin levels influence glucose uptake in neurons?", ["insulin"], ["glucose uptake in neurons"], ""),
])
def test_the_people_a_question_asks_about_are_its_context_not_a_name(
        question: str, sources: list[str], targets: list[str], context: str) -> None:
    analysis = analyze_question(question)
    assert (analysis.sources, analysis.targets, analysis.context) == (sources, targets, context)


@pytest.mark.parametrize("question, sources, targets, change", [
    ("What happens to blood pressure when cortisol rises?", ["cortisol"], ["blood pressure"], "increase"),
    ("What happens to autophagy when mTOR is inhibited?", ["mTOR"], ["autophagy"], "decrease"),
    ("What happens to dopamine release if nicotine levels fall?", ["nicotine"], ["dopamine release"], "decrease"),
    ("How do reduced insulin levels affect glucose uptake?", ["insulin"], ["glucose uptake"], "decrease"),
    ("Does nicotine increase dopamine release?", ["nicotine"], ["dopamine release"], "increase"),
    ("Can metformin reduce the risk of dementia?", ["metformin"], ["dementia"], "increase"),
    ("How does loss of PINK1 affect mitophagy?", ["PINK1"], ["mitophagy"], "decrease"),
    ("How does tau phosphorylation affect microtubules?", ["tau phosphorylation"], ["microtubules"], None),
])
def test_source_change(question: str, sources: list[str], targets: list[str], change: str | None) -> None:
    analysis = analyze_question(question)
    assert (analysis.sources, analysis.targets, analysis.source_change) == (sources, targets, change)


@pytest.mark.parametrize("question", [
    "Increased Patient Risk: Does It Work?",  # a verb of change inside the title is no question's verb
    "Nerve block: does the elicited motor response predict the success rate?",
    "What is BDNF?", "Who discovered tau?", "How many neurons are in the brain?", "Define autophagy.",
    "When was donepezil approved?", "Tell me about microglia", "", "   ",
])
def test_non_causal_questions_are_abstained_on(question: str) -> None:
    analysis = analyze_question(question)
    assert analysis.abstained and analysis.reason and not analysis.sources and not analysis.targets


def test_open_questions_name_one_side_with_a_reason() -> None:
    causes = analyze_question("What causes neuroinflammation?")
    assert (causes.sources, causes.targets, causes.abstained) == ([], ["neuroinflammation"], False)
    assert "causes of the target" in causes.reason


def test_same_entity_on_both_sides_is_abstained_on() -> None:
    assert analyze_question("How does tau affect tau?").abstained


PHRASINGS = data_file(Path(analyze.__file__).with_name("questions.toml"))["phrasing"]


@pytest.mark.parametrize("index", range(len(PHRASINGS)), ids=lambda i: PHRASINGS[i]["example"])
def test_each_phrasing_reads_its_example_before_any_other(index):
    # questions.toml is an ordered table: its example is matched by no phrasing above it
    example = PHRASINGS[index]["example"]
    body = example.rstrip("?.! ")
    first = next(k for k, (pattern, _) in enumerate(analyze._COMPILED) if pattern.match(body))
    assert first == index
    assert not analyze_question(example).abstained


def test_a_question_phrasing_is_no_input_of_the_reader_version() -> None:
    """Editing how questions are read must not re-read every library's sentences."""
    from engine.reading.parse.store import reader_sources

    assert Path(analyze.__file__).parent not in {path.parent for path in reader_sources()}
