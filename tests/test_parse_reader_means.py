"""Claims stated as the means of another claim ("X clears Y by activating Z"), and member numbers kept
in names ("caspase 9"): exact claim sets on invented sentences."""

from __future__ import annotations

import pytest
from parse_reader_helpers import lines

from engine.parse_reader import read_sentence

UP, DOWN = "[change=increase]", "[change=decrease]"


@pytest.mark.parametrize("sentence, expected", [
    # a gerund of means is done by the clause's subject; coordinated gerunds each
    ("Metformin clears tau from cultured neurons by promoting autophagy, downregulating mTORC1 and inducing "
     "cathepsin D.",
     {f"{UP} Metformin ==CAUSE=> {UP} autophagy", f"{UP} Metformin ==CAUSE=> {DOWN} mTORC1",
      f"{UP} Metformin ==CAUSE=> {UP} cathepsin D."}),
    ("Lithium improves memory via increasing the levels of BDNF.",
     {f"{UP} Lithium ==CAUSE=> {UP} memory", f"{UP} Lithium ==CAUSE=> {UP} BDNF"}),
    # a noun of means that names what it acts on
    ("AMPK enhances autophagy through inhibition of mTOR.",
     {f"{UP} AMPK ==CAUSE=> {UP} autophagy", f"{UP} AMPK ==CAUSE=> {DOWN} mTOR"}),
    # through a relative clause's noun
    ("Sestrin, which in turn promotes autophagy through the phosphorylation of ULK2, was studied.",
     {f"{UP} Sestrin ==CAUSE=> {UP} autophagy", f"{UP} Sestrin ==CAUSE=> {UP} ULK2 phosphorylation"}),
    # a participle clause marked as the consequence; unmarked, it may be a mere circumstance
    ("Calpain cleaves p35, thereby activating CDK5.", {f"{UP} Calpain ==CAUSE=> {UP} CDK5"}),
    ("Calpain cleaves p35, activating CDK5.", set()),
    # a member number belongs to the name
    ("Sirtuin 3 protects neurons through inhibiting caspase 9.", {f"{UP} Sirtuin 3 ==CAUSE=> {DOWN} caspase 9"}),
    # the clause's negation reaches its means; a passive clause names no doer; a means that names
    # nothing it acts on gives no claim
    ("Zinc did not protect neurons by inhibiting calpain.", set()),
    ("Neurons are protected by inhibiting calpain.", set()),
    ("Zinc reduces oxidative stress by a new mechanism.", {f"{UP} Zinc ==CAUSE=> {DOWN} oxidative stress"}),
    ("Zinc reduces oxidative stress through the direct action of glutathione.",
     {f"{UP} Zinc ==CAUSE=> {DOWN} oxidative stress"}),
    # a verb of reporting does no means
    ("Recent work suggests that zinc impairs gene transcription by decreasing CREB production.", set()),
    # a verb's present form ends a subject, it is no name
    ("TRK-3 may link receptor action with calcium signaling, because TRK-3 phosphorylates inositol receptors "
     "through its activation of LYN.", set()),
])
def test_means_claims(sentence: str, expected: set[str]) -> None:
    assert lines(sentence) == expected


def test_means_share_the_hedge_of_their_clause() -> None:
    claims = read_sentence("Lithium may improve memory via increasing the levels of BDNF.")
    assert {c.object for c in claims} == {"memory", "BDNF"}
    assert all(c.hedged for c in claims)
