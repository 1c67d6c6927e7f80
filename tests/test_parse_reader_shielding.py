""""X protects Y from decline": X raises Y. Exact claim sets on invented sentences."""

from __future__ import annotations

import pytest
from parse_reader_helpers import lines

UP, DOWN = "[change=increase]", "[change=decrease]"


@pytest.mark.parametrize("sentence, expected", [
    # a bare fall is the protected object's own
    ("Clusterin protects the lysosome from age-related decline.", {f"{UP} Clusterin ==CAUSE=> {UP} lysosome"}),
    ("Exercise preserves muscle mass against age-related loss.", {f"{UP} Exercise ==CAUSE=> {UP} muscle mass"}),
    # a fall of something named, or another danger, stays the effect
    ("Statins protect neurons from loss of BDNF.", {f"{UP} Statins ==CAUSE=> {UP} BDNF"}),
    ("Vitamin E protects neurons from oxidative damage.", {f"{UP} Vitamin E ==CAUSE=> {DOWN} oxidative damage"}),
    ("Estrogen protected neurons from memory loss.", {f"{UP} Estrogen ==CAUSE=> {DOWN} memory loss"}),
    ("Estrogen protected mice from memory loss.", {f"{UP} Estrogen ==CAUSE=> {DOWN} memory loss"}),
])
def test_protected_from_a_fall(sentence, expected):
    assert lines(sentence) == expected
