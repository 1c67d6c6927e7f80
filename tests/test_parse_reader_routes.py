""""D stimulates S via K": K raises S. Exact claim sets on invented sentences."""

from __future__ import annotations

import pytest
from parse_reader_helpers import lines

UP, DOWN = "[change=increase]", "[change=decrease]"


@pytest.mark.parametrize("sentence, expected", [
    # the named route raises what the verb raises; D -> K is not claimed
    ("Ginsenoside can stimulate PGC1a via AMPK.",
     {f"{UP} Ginsenoside ==CAUSE=> {UP} PGC1a", f"{UP} AMPK ==CAUSE=> {UP} PGC1a"}),
    ("Zinc activates microglia through TLR2.",
     {f"{UP} Zinc ==CAUSE=> {UP} microglia", f"{UP} TLR2 ==CAUSE=> {UP} microglia"}),
    # a lowering verb leaves the route's sign open
    ("Curcumin reduces tau via HSP70.", {f"{UP} Curcumin ==CAUSE=> {DOWN} tau"}),
    # a change of something is a means, not a route; vague routes and carriers name nothing
    ("Lithium activates autophagy through inhibition of IMPase.",
     {f"{UP} Lithium ==CAUSE=> {UP} autophagy", f"{UP} Lithium ==CAUSE=> {DOWN} IMPase"}),
    ("Levels of BDNF increase via an unclear mechanism.", set()),
    ("The drug increases survival through the bloodstream.", {f"{UP} drug ==CAUSE=> {UP} survival"}),
    # a denied clause gives no route
    ("Ginsenoside did not stimulate PGC1a via AMPK.", set()),
])
def test_named_route(sentence, expected):
    assert lines(sentence) == expected


@pytest.mark.parametrize("sentence, expected", [
    # what is needed ("mediated via"), a form changed, a process or a vague route names no raising route
    ("The benefit of exercise is mediated via irisin.", set()),
    ("Resveratrol activates autophagy via a gain-of-function mechanism.",
     {f"{UP} Resveratrol ==CAUSE=> {UP} autophagy"}),
    ("Clozapine activates autophagy via an mTOR-independent pathway.",
     {f"{UP} Clozapine ==CAUSE=> {UP} autophagy"}),
    ("Serotonin is generated from tryptophan through hydroxylation.",  # the source, not the process
     {f"{UP} tryptophan ==CAUSE=> {UP} Serotonin"}),
    ("Clozapine activates autophagy via the AMPK-ULK1 pathway.",
     {f"{UP} Clozapine ==CAUSE=> {UP} autophagy", f"{UP} AMPK-ULK1 pathway ==CAUSE=> {UP} autophagy"}),
    # a pathway named after members the parse keeps apart: each member
    ("Activation of the D1 receptor raises GluA1 levels in cortical neurons via the PKA and ERK signaling cascades.",
     {f"{UP} D1 receptor ==CAUSE=> {UP} GluA1", f"{UP} PKA ==CAUSE=> {UP} GluA1", f"{UP} ERK ==CAUSE=> {UP} GluA1"}),
])
def test_no_route(sentence, expected):
    assert lines(sentence) == expected
