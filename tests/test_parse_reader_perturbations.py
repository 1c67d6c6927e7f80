"""Loss- and gain-of-function experiments: the experiment's effect belongs to the entity."""

from __future__ import annotations

import pytest
from parse_reader_helpers import lines

UP, DOWN = "[change=increase]", "[change=decrease]"


@pytest.mark.parametrize("sentence, expected", [
    # knocking out X prevents Y: less X, less Y (X raises Y), never "X lowers Y"
    ("Knocking out the Nrf7 gene prevents plaque formation.", {f"{DOWN} Nrf7 gene ==CAUSE=> {DOWN} plaque formation"}),
    ("Silencing of Rab9 increased the secretion of exosomes.", {f"{DOWN} Rab9 ==CAUSE=> {UP} exosomes secretion"}),
    ("Deleting Kif5 reduces axonal transport.", {f"{DOWN} Kif5 ==CAUSE=> {DOWN} axonal transport"}),
    ("Minimising the radiation dose can prevent xerostomia.",
     {f"{DOWN} radiation dose ==CAUSE=> {DOWN} xerostomia"}),
    ("Limiting salt intake lowered blood pressure.", {f"{DOWN} salt intake ==CAUSE=> {DOWN} blood pressure"}),
    # nouns of loss and of addition
    # a condition that rises is a state, written without a change
    ("Loss of Sirt6 accelerates bone aging.", {f"{DOWN} Sirt6 ==CAUSE=> bone aging"}),
    ("Overexpression of Arc decreased the number of synapses.", {f"{UP} Arc ==CAUSE=> {DOWN} synapses"}),
    ("Pten knockdown enhances axon regeneration.", {f"{DOWN} Pten ==CAUSE=> {UP} axon regeneration"}),
    # a change adjective on the cause
    ("Elevated homocysteine causes endothelial dysfunction.", {f"{UP} homocysteine ==CAUSE=> {UP} endothelial dysfunction"}),
    ("Reduced melatonin worsens sleep quality.", {f"{DOWN} melatonin ==CAUSE=> {DOWN} sleep quality"}),
])
def test_perturbation_claims(sentence: str, expected: set[str]) -> None:
    assert lines(sentence) == expected
