"""A coordinated "it" / "they" subject read as the earlier clause's subject: exact claim sets on
invented sentences."""

from __future__ import annotations

import pytest
from parse_reader_helpers import lines

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
