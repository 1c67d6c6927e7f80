"""Bracketed statistical reports dropped before reading (engine.reading.language.statistics), and
what both readers then read. The drug and outcome names are invented."""

from __future__ import annotations

import pytest

from engine.reading.language.statistics import without_statistics
from engine.reading.parse.reader import read_sentence
from engine.reading.rules import extract_annotations


@pytest.mark.parametrize("text, expected", [
    # a p-value, a confidence interval, a ratio: the report goes, with the space before it
    ("Velk use was associated with a higher risk of falls (HR: 1.58; 95% CI: 1.24-2.02, P<0.001), "
     "fractures (HR 1.7) and death.",
     "Velk use was associated with a higher risk of falls, fractures and death."),
    ("Scores fell after Tarp (p = 0.04 and p < 0.001).", "Scores fell after Tarp."),
    ("a strong association (r = -.36, p<.001)", "a strong association"),
    ("In all patients (n = 38) scores fell.", "In all patients scores fell."),
    ("higher with Tarp (71% vs 61%) than with Velk", "higher with Tarp than with Velk"),
    ("stimulated STAT3 (Mann–Whitney U=0, Z=-2.309, P=0.021) and Velk", "stimulated STAT3 and Velk"),
    # a group with other words says more than numbers
    ("lower [odds ratio (OR) 0.93 per 10 mm Hg increase in pulse pressure, 95% CI 0.89-0.98]",
     "lower [odds ratio (OR) 0.93 per 10 mm Hg increase in pulse pressure, 95% CI 0.89-0.98]"),
    ("reduced it (p = 0.04 for Velk-mediated tau phosphorylation)",
     "reduced it (p = 0.04 for Velk-mediated tau phosphorylation)"),
    ("(adjusted odds ratio = 2.08, 95% CI = 1.68-2.56) in Velk users", "in Velk users"),
    # short forms, names with brackets and brackets with other words stay
    ("interleukin-6 (IL-6) and p53 (p53) and Lp(a) and Ser(473)",
     "interleukin-6 (IL-6) and p53 (p53) and Lp(a) and Ser(473)"),
    ("scored higher (48% correct answers) than", "scored higher (48% correct answers) than"),
    ("the kinase (Fig. 2) and the drug (Tarp)", "the kinase (Fig. 2) and the drug (Tarp)"),
    # citations and isotopes are no reports
    ("lowers glucose [43] in mice (81, 174, 188) since 1996 (24)", "lowers glucose [43] in mice (81, 174, 188) since 1996 (24)"),
    ("a second scan of (18)F decay (14)C-EF3", "a second scan of (18)F decay (14)C-EF3"),
    ("the majority (75%) of cases", "the majority of cases"),
    # an unbalanced bracket: nothing after it is touched
    ("fell (p < 0.01 here", "fell (p < 0.01 here"),
    ("no brackets at all", "no brackets at all"),
])
def test_without_statistics(text: str, expected: str) -> None:
    assert without_statistics(text) == expected


def _pairs(annotations) -> set[tuple[str, str]]:
    return {(a.subject.lower(), a.object.lower()) for a in annotations}


def test_both_readers_read_outcomes_past_their_statistics() -> None:
    plain = "Zorimab use was associated with an increased risk of stroke and heart failure."
    sentence = ("Zorimab use was associated with an increased risk of stroke (HR: 1.74; 95% CI: 1.39-2.19, "
                "P<0.001) and heart failure (HR: 1.71; 95% CI: 1.27-2.30, P<0.001).")
    for read in (extract_annotations, read_sentence):
        assert _pairs(read(sentence)) == _pairs(read(plain)), read.__module__
    assert ("zorimab use", "heart failure") in _pairs(read_sentence(sentence))
    # the claims still cite the sentence as written
    assert all(a.text == sentence for a in extract_annotations(sentence))
