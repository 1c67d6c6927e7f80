"""Reference numbers typeset as superscripts are no part of a name, for either reader."""

import pytest

from engine.reading.rules.tokens import drop_reference_numbers


@pytest.mark.parametrize(("text", "read"), [
    ("Quarzin restores autophagy 12,14 .", "Quarzin restores autophagy ."),
    ("Quarzin restores mitophagy 3,10,20–23 (Box 2).", "Quarzin restores mitophagy (Box 2)."),
    ("as in Velk1 mice 128 . Then", "as in Velk1 mice . Then"),
    ("disrupts sensorimotor gating78,79 and", "disrupts sensorimotor gating and"),
])
def test_reference_numbers_are_dropped(text: str, read: str) -> None:
    assert drop_reference_numbers(text) == read


@pytest.mark.parametrize("text", [
    "Caspase 3 cleaves tau.", "residues 277–283 form a hairpin", "about 500,000 cells died",
    "mice aged 12 , 18 and 24 months", "linked to chromosome 17.", "activates sirt1.",
])
def test_numbers_that_belong_to_the_text_stay(text: str) -> None:
    assert drop_reference_numbers(text) == text

