"""The shared lexicon's word tests."""

from __future__ import annotations

import pytest

from engine.reading.language.lexicon import amount_word


@pytest.mark.parametrize("word", ["50", "2-fold", "1.7-fold", "10mM", "10µM", "24h", "50%"])
def test_amounts(word: str) -> None:
    assert amount_word(word)


@pytest.mark.parametrize("word", ["17-AAG", "3-MA", "6-OHDA", "20S", "4R", "3-methyladenine", "5E2", "4OH-GTS-21"])
def test_names_that_open_with_a_digit(word: str) -> None:
    assert not amount_word(word)
