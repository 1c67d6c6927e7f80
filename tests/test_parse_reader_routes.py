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
