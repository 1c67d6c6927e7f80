"""bench/name_variants.py: its pairs and how it rewrites a question."""

from __future__ import annotations

from bench.name_variants import load_pairs, respelled, word_swaps


def test_each_kind_has_two_halves_of_distinct_names() -> None:
    for pairs in load_pairs().values():
        assert set(pairs) == {"tune", "held-out"} and all(pairs.values())
        assert not set(pairs["tune"]) & set(pairs["held-out"])
        assert all(first != second for half in pairs.values() for first, second in half)


def test_the_words_a_pair_differs_in_swap_both_ways() -> None:
    assert word_swaps([("hepatic injury", "liver injury"), ("tumour", "tumor")]) == {
        "hepatic": "liver", "liver": "hepatic", "tumour": "tumor", "tumor": "tumour"}


def test_a_question_is_respelled_word_by_word_either_way() -> None:
    other = {"tumour": "tumor", "tumor": "tumour", "glycaemic": "glycemic", "glycemic": "glycaemic"}
    assert respelled("How does tumour growth affect glycemic control?", other) == \
        "How does tumor growth affect glycaemic control?"
    assert respelled("How does Velk1 affect Tarp?", other) == "How does Velk1 affect Tarp?"
