"""A coordinated "it" / "they" subject read as the earlier clause's subject, and a possessive "its" /
"their" as the molecule it stands for: exact claim sets on invented sentences."""

from __future__ import annotations

import pytest
from parse_reader_helpers import grounded_with, lines

UP, DOWN = "[change=increase]", "[change=decrease]"


@pytest.mark.parametrize("sentence, expected", [
    # the pronoun and its means take the passive clause's subject
    ("Sirtuin 5 is activated by exercise-induced increases in NAD, and it drives mitophagy by inhibiting "
     "mTORC2, inducing FOXO4 and activating BNIP3.",
     {f"{UP} NAD ==CAUSE=> {UP} Sirtuin 5", f"{UP} exercise ==CAUSE=> {UP} NAD",
      f"{UP} Sirtuin 5 ==CAUSE=> {UP} mitophagy", f"{UP} Sirtuin 5 ==CAUSE=> {DOWN} mTORC2",
      f"{UP} Sirtuin 5 ==CAUSE=> {UP} FOXO4", f"{UP} Sirtuin 5 ==CAUSE=> {UP} BNIP3"}),
    # an active clause's subject
    ("Klotho binds FGF23, and it suppresses calcitriol.",
     {f"{UP} Klotho ==CAUSE=> {DOWN} calcitriol"}),
    # "they" agrees with a list
    ("Ketones and lactate are taken up by neurons, and they increase BDNF.",
     {f"{UP} Ketones ==CAUSE=> {UP} BDNF", f"{UP} lactate ==CAUSE=> {UP} BDNF"}),
    # a pronoun that does not agree in number, or a clause of its own, is left unread
    ("Ketones are taken up by neurons, and it increases BDNF.", set()),
    ("Klotho binds FGF23. It suppresses calcitriol.", set()),
    # an amount or a change is no antecedent: "it" may as well be the agent
    ("The expression of TLR4 was lowered by curcumin, and it also decreased IL-6.",
     {f"{UP} curcumin ==CAUSE=> {DOWN} TLR4"}),
    # with no agent beside it, an amount subject is the antecedent (as in the rule reader)
    ("The expression of TLR4 raises IL-6, and it also lowers IL-10.",
     {f"{UP} TLR4 ==CAUSE=> {UP} IL-6", f"{UP} TLR4 ==CAUSE=> {DOWN} IL-10"}),
])
def test_coordinated_pronoun_subject(sentence, expected):
    assert lines(sentence) == expected


@pytest.mark.parametrize("sentence, expected", [
    # what the doer's process acts on
    ("Methylation of Velk1 suppresses its aggregation.",
     {f"{UP} Velk1 Methylation ==CAUSE=> {DOWN} Velk1 aggregation"}),
    # the nearest molecule named before it that is no doer, through an amount ("its expression")
    ("Mab2 binds the promoter of Velk1, increasing its expression.", {f"{UP} Mab2 ==CAUSE=> {UP} Velk1"}),
    # a relative clause's doer is the noun it hangs on, so "its" is the other molecule
    ("Velk1 is phosphorylated by Mab2, which inhibits its activity.",
     {f"{UP} Mab2 ==CAUSE=> {UP} Velk1 phosphorylation", f"{UP} Mab2 ==CAUSE=> {DOWN} Velk1"}),
    # a noun of another number is passed over
    ("Kest2 clears Velk1 by activating microglia and promoting its phagocytosis.",
     {f"{UP} Kest2 ==CAUSE=> {DOWN} Velk1", f"{UP} Kest2 ==CAUSE=> {UP} microglia",
      f"{UP} Kest2 ==CAUSE=> {UP} Velk1 phagocytosis"}),
    # in the subject of a coordinated clause: the earlier clause's subject
    ("Kest2 degrades Velk1, and its loss raises Velk1.",
     {f"{UP} Kest2 ==CAUSE=> {DOWN} Velk1", f"{UP} Kest2 loss ==CAUSE=> {UP} Velk1"}),
    # "whose" stands for the noun its relative clause hangs on, if that names a molecule
    ("Mab2 phosphorylates Velk1, whose aggregation is reduced by Kest2.",
     {f"{UP} Mab2 ==CAUSE=> {UP} Velk1 phosphorylation", f"{UP} Kest2 ==CAUSE=> {DOWN} Velk1 aggregation"}),
    ("Mab2 binds the neurons, whose aggregation is reduced by Kest2.", set()),
    # a pointing noun that agrees ends the search; a bare capital abbreviation may be a disease
    ("Mab2 binds these molecules, increasing their activation.", set()),
    ("Mab2 binds ZD, increasing its expression.", set()),
])
def test_possessive_stands_for_a_molecule_in_the_sentence(sentence, expected):
    assert lines(sentence) == expected


def test_possessive_antecedent_known_by_its_curated_grounding():
    sentence = "Mab2 binds the promoter of zorin, increasing its expression."
    assert lines(sentence) == set()  # lower case and unknown: no symbol, no molecule
    with grounded_with([("zorin", "HGNC", "99999", "ZORIN")]):
        assert lines(sentence) == {f"{UP} Mab2 ==CAUSE=> {UP} zorin"}
