"""bench/spelling_variants.py: its pairs and how it respells a question."""

from __future__ import annotations

from bench.spelling_variants import load_pairs, respelled


def test_the_pairs_are_two_halves_of_distinct_spellings() -> None:
    pairs = load_pairs()
    assert set(pairs) == {"tune", "held-out"} and all(pairs.values())
    assert not set(pairs["tune"]) & set(pairs["held-out"])
    assert all(british != american for half in pairs.values() for british, american in half)


def test_a_question_is_respelled_word_by_word_either_way() -> None:
    other = {"tumour": "tumor", "tumor": "tumour", "glycaemic": "glycemic", "glycemic": "glycaemic"}
    assert respelled("How does tumour growth affect glycemic control?", other) == \
        "How does tumor growth affect glycaemic control?"
    assert respelled("How does Velk1 affect Tarp?", other) == "How does Velk1 affect Tarp?"
