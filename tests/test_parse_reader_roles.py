"""Claims through roles and effects: agent nouns, effect nouns with a signed adjective, 'required for'."""

from __future__ import annotations

import pytest
from parse_reader_helpers import lines

UP, DOWN = "[change=increase]", "[change=decrease]"


@pytest.mark.parametrize("sentence, expected", [
    ("Lithium is a potent inhibitor of GSK3.", {f"{UP} Lithium ==CAUSE=> {DOWN} GSK3"}),
    ("Lithium, an inhibitor of GSK3, reduced tau phosphorylation.",
     {f"{UP} Lithium ==CAUSE=> {DOWN} GSK3", f"{UP} Lithium ==CAUSE=> {DOWN} tau phosphorylation"}),
    ("Sirtuin is not an activator of p53.", set()),
    # the target named before the role noun; the bearer after it, but not a reference or a short form
    ("Zorimab is a Velk1 inhibitor.", {f"{UP} Zorimab ==CAUSE=> {DOWN} Velk1"}),
    ("Treatment with harmine, a DYRK1A inhibitor, upregulated neprilysin in fibroblasts.",
     {f"{UP} harmine ==CAUSE=> {DOWN} DYRK1A"}),
    ("Rapamycin, an mTOR inhibitor, lowered Velk1 accumulation.",
     {f"{UP} Rapamycin ==CAUSE=> {DOWN} mTOR", f"{UP} Rapamycin ==CAUSE=> {DOWN} Velk1 accumulation"}),
    ("Zorimab is not a Velk1 inhibitor.", set()),
    ("Ghrelin has a protective effect on dopaminergic neurons.",
     {f"{UP} Ghrelin ==CAUSE=> {UP} dopaminergic neurons"}),
    ("The inhibitory effect of adenosine on glutamate release was shown.",
     {f"{UP} adenosine ==CAUSE=> {DOWN} glutamate release"}),
    ("Autophagy is required for axon growth.", {f"{UP} Autophagy ==CAUSE=> {UP} axon growth"}),
    ("Insulin is essential for glucose uptake.", {f"{UP} Insulin ==CAUSE=> {UP} glucose uptake"}),
    # "protects (Y) against / from Z" lowers Z
    ("Estrogen protects neurons against oxidative stress.", {f"{UP} Estrogen ==CAUSE=> {DOWN} oxidative stress"}),
])
def test_role_claims(sentence: str, expected: set[str]) -> None:
    assert lines(sentence) == expected
