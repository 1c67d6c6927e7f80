"""What a personal pronoun subject may stand for, one rule for both readers: "it" stands for one
noun, "they" for a plural or a list; a word of amount or change named beside an agent is no
antecedent ("the expression of X was lowered by D, and it ...": "it" is as likely D as the amount),
so the pronoun is left unread.
"""

from __future__ import annotations

from pathlib import Path

from engine.reading.language import lexicon
from engine.reading.language.data_files import word_set

_WORDS = Path(__file__).with_name("words.toml")

SINGULAR = word_set(_WORDS, "singular")
PLURAL = word_set(_WORDS, "plural")
PERSONAL = SINGULAR | PLURAL


def agrees(pronoun: str, plural: bool) -> bool:
    """Does ``pronoun`` agree in number with an antecedent that is ``plural`` (or singular)?"""
    return (pronoun.lower() in PLURAL) == plural


def amount_or_change(word: str) -> bool:
    """A head that names an amount or a change of something: beside an agent, no pronoun's antecedent."""
    lower = word.lower()
    return lower in lexicon.QUANTITY_WORDS or lower in lexicon.INCREASE_HEADS or lower in lexicon.DECREASE_HEADS \
        or lower in lexicon.DEFICIENCY_HEADS
