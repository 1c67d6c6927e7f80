"""Group comparisons, as clinical abstracts state results, read by the parse reader
(engine/reading/parse/comparisons.py). Every sentence is invented; names are placeholders or common
words, so that no test is written from a benchmark sentence.

Each test holds a sentence that the reader did not read before comparisons were read; a test of a
comparison that must not be read pairs it with the same sentence against a control group, which is."""

from __future__ import annotations

import pytest

from engine.model.annotations import format_annotation
from engine.reading.parse import read_sentence

UP, DOWN = "[change=increase]", "[change=decrease]"


def read(sentence: str) -> set[tuple[str, bool]]:
    """Each line read from the sentence, with whether it is hedged (a possible claim)."""
    return {(format_annotation(a), a.hedged) for a in read_sentence(sentence)}


# -- a group given an agent, compared with a control: a supported claim -----------------------------

@pytest.mark.parametrize("sentence, expected", [
    ("Serum Q was significantly higher in the drug D arm than in the placebo arm.",
     f"{UP} drug D ==CAUSE=> {UP} Serum Q"),
    ("Blood loss increased by 45% in the drug D group compared with placebo.",
     f"{UP} drug D ==CAUSE=> {UP} Blood loss"),
    ("Patients in the zorumab group had lower serum ferritin than those in the placebo group.",
     f"{UP} zorumab ==CAUSE=> {DOWN} serum ferritin"),
    ("Patients receiving velkumab were less likely to develop sepsis than patients receiving placebo.",
     f"{UP} velkumab ==CAUSE=> {DOWN} sepsis"),
    ("Mice treated with zorumab were three times as likely as untreated mice to develop fibrosis.",
     f"{UP} zorumab ==CAUSE=> {UP} fibrosis"),
    ("Patients who received velkumab were less likely to develop sepsis than those who received placebo.",
     f"{UP} velkumab ==CAUSE=> {DOWN} sepsis"),
    ("Mortality was lower with drug D than with placebo.", f"{UP} drug D ==CAUSE=> {DOWN} Mortality"),
    ("The incidence of nausea was higher on zorumab than on placebo.", f"{UP} zorumab ==CAUSE=> {UP} nausea"),
    ("Compared with the placebo group, the zorumab group had lower serum Q.",
     f"{UP} zorumab ==CAUSE=> {DOWN} serum Q"),
])
def test_a_treated_group_against_a_control_is_a_supported_claim(sentence: str, expected: str) -> None:
    assert read(sentence) == {(expected, False)}


def test_a_group_showing_changes_against_placebo_gives_each_change() -> None:
    found = read("The zorumab group showed reduced pain and enhanced healing compared with the placebo group.")
    assert found == {(f"{UP} zorumab ==CAUSE=> {DOWN} pain", False),
                     (f"{UP} zorumab ==CAUSE=> {UP} healing", False)}


@pytest.mark.parametrize("sentence, expected", [
    ("Serum Q was lower in the statin group compared with the non-statin group.",
     f"{UP} statin ==CAUSE=> {DOWN} Serum Q"),
    ("Serum Q was higher in the ENBD group than in the no-ENBD group.", f"{UP} ENBD ==CAUSE=> {UP} Serum Q"),
    ("The zorumab group showed reduced pain compared with the control group.", f"{UP} zorumab ==CAUSE=> {DOWN} pain"),
])
def test_a_group_named_after_an_agent_against_controls_or_non_users_is_a_possible_claim(
        sentence: str, expected: str) -> None:
    """Users and non-users of a drug, or cases and controls, may have been observed, not assigned."""
    assert read(sentence) == {(expected, True)}


def test_a_likelihood_of_a_treated_group_implies_the_untreated_as_its_reference() -> None:
    assert read("X-treated mice were twice as likely to develop Y.") == {(f"{UP} X ==CAUSE=> {UP} Y", False)}


@pytest.mark.parametrize("sentence, expected", [
    ("Relapse occurred in 2.4% of the vitamin K group and 10.1% of the placebo group.",
     f"{UP} vitamin K ==CAUSE=> {DOWN} Relapse"),
    ("The prevalence of gout was 3% (4 of 130) in the zorumab group and 9% (12 of 131) in the placebo group.",
     f"{UP} zorumab ==CAUSE=> {DOWN} gout"),
    ("Serum Q was 30% in the zorumab group and 10% in the placebo group.",
     f"{UP} zorumab ==CAUSE=> {UP} Serum Q"),
])
def test_the_shares_of_a_treated_group_and_of_a_control_give_the_sign(sentence: str, expected: str) -> None:
    assert read(sentence) == {(expected, False)}


def test_an_exception_is_no_agent() -> None:
    found = read("Serum Q values were higher in the zorumab group than in the placebo group, with the exception of Z.")
    assert found == {(f"{UP} zorumab ==CAUSE=> {UP} Serum Q values", False)}


def test_a_hedged_comparison_stays_hedged() -> None:
    assert read("Serum Q may be lower in the zorumab group than in the placebo group.") \
        == {(f"{UP} zorumab ==CAUSE=> {DOWN} Serum Q", True)}


# -- a group that has a condition or a habit: observed, a possible claim ------------------------------

@pytest.mark.parametrize("sentence, expected", [
    ("Y was higher in obese subjects than in healthy controls.", f"obesity ==CAUSE=> {UP} Y"),
    ("Serum Q was lower in obese subjects than in lean subjects.", f"obesity ==CAUSE=> {DOWN} Serum Q"),
    ("Serum Q was significantly higher in smokers than in non-smokers.", f"smoking ==CAUSE=> {UP} Serum Q"),
    ("Clinic residents were twice as likely as nonclinic residents to receive daily analgesia.",
     f"{UP} Clinic ==CAUSE=> {UP} daily analgesia"),
    ("Compared with nonanemic patients, those with anemia were more likely to have sepsis.",
     f"anemia ==CAUSE=> {UP} sepsis"),
    ("Serum Q was higher in patients with vitiligo than in controls (21.6 +/- 13.3 vs. 13.1 +/- 4.9 mg/l).",
     f"{UP} vitiligo ==CAUSE=> {UP} Serum Q"),
])
def test_a_group_defined_by_what_it_has_gives_a_possible_claim(sentence: str, expected: str) -> None:
    assert read(sentence) == {(expected, True)}


@pytest.mark.parametrize("sentence, expected", [
    ("Q levels were higher in the plasma of obese subjects than in lean controls.",
     (f"obesity ==CAUSE=> {UP} Q", True)),
    ("Q was higher in the serum of zorumab-treated mice than in vehicle-treated mice.",
     (f"{UP} zorumab ==CAUSE=> {UP} Q", False)),
    # any body fluid, tissue or cell MeSH's anatomy tree names, not a word list
    ("Q was higher in the tears of obese subjects than in lean controls.",
     (f"obesity ==CAUSE=> {UP} Q", True)),
])
def test_a_change_in_what_is_sampled_from_a_group_is_the_groups(sentence: str, expected: tuple[str, bool]) -> None:
    assert read(sentence) == {expected}


# -- a reference group that is not the absence of the agent: nothing --------------------------------

@pytest.mark.parametrize("control, other", [
    ("Serum Q was lower in the statin group than in the placebo group.",
     "Serum Q was lower in the statin group than in the aspirin group."),
    ("Serum Q was lower in the zorumab group than in the control group.",
     "Serum Q was lower in the zorumab group."),
    ("Serum Q was lower in the zorumab group than in the control group.",
     "Serum Q was lower in the zorumab group than in the control group at baseline."),
    ("Serum Q was lower in the zorumab group than in the control group.",
     "Serum Q was not lower in the zorumab group than in the control group."),
    ("Serum Q was higher in the zorumab group than in the control group.",
     "Serum Q was higher in the zorumab group than in healthy controls."),
    ("Serum Q was lower in obese subjects than in healthy controls.",
     "Serum Q was lower in obese subjects than in diabetic subjects."),
    ("Mice given X were three times as likely as mice given placebo to develop Y.",
     "Mice given X were three times as likely as mice given Z to develop Y."),
    ("Serum Q was 30% in the zorumab group and 10% in the placebo group.",
     "Serum Q fell by 30% in the zorumab group and by 10% in the placebo group."),
    ("Serum Q was higher with zorumab than with placebo.", "Serum Q was higher with zorumab than with aspirin."),
])
def test_only_a_control_reference_is_read(control: str, other: str) -> None:
    assert read(control)
    assert read(other) == set()


@pytest.mark.parametrize("unnamed", ["intervention", "responder", "first"])
def test_a_group_named_after_no_agent_is_not_read(unnamed: str) -> None:
    assert read("Serum Q was lower in the zorumab group than in the placebo group.")
    assert read(f"Serum Q was lower in the {unnamed} group than in the placebo group.") == set()
