"""Experiments that remove, block or add an entity: "knocking out X", "silencing of X", "deleting X",
"overexpressing X". The experiment's effect belongs to the entity with the sign of the experiment:
"knocking out BACE1 prevents Abeta generation" says that less BACE1 gives less Abeta, so BACE1 raises
Abeta (a loss-of-function result read forwards).
"""

from __future__ import annotations

from pathlib import Path

from spacy.tokens import Token

from engine.reading.language import lexicon
from engine.reading.language.data_files import word_set

_WORDS = Path(__file__).with_name("words.toml")

_REMOVING_PARTICLES = word_set(_WORDS, "_removing_particles")
_REMOVING_LEMMAS = word_set(_WORDS, "_removing_lemmas")
_ADDING_LEMMAS = word_set(_WORDS, "_adding_lemmas")


def perturbed(head: Token) -> tuple[Token, int] | None:
    """(the entity's head token, -1 for a removal / +1 for an addition) when ``head`` is a gerund
    of a perturbation, or a gerund noun "silencing of X"; None otherwise."""
    if head.tag_ != "VBG" and not head.lower_.endswith("ing"):
        return None
    sign = direction(head)
    if sign == 0:
        return None
    for child in head.children:
        if child.dep_ == "dobj":
            return child, sign
        if child.dep_ == "prep" and child.lower_ == "of":
            objects = [t for t in child.children if t.dep_ == "pobj"]
            if objects:
                return objects[0], sign
    return None


def direction(gerund: Token) -> int:
    """-1 for a gerund of removal, +1 for one of addition, 0 for any other word; a gerund the tagger
    left unlemmatised is read off its letters (``_word_direction``)."""
    lemma = gerund.lemma_.lower()
    particles = {c.lower_ for c in gerund.children if c.dep_ == "prt"}
    if any((lemma, p) in _REMOVING_PARTICLES for p in particles):
        return -1
    if particles:
        return 0
    if lemma in _REMOVING_LEMMAS or gerund.lower_ in lexicon.DEFICIENCY_HEADS:
        return -1
    if lemma in _ADDING_LEMMAS:
        return 1
    return _word_direction(gerund.text)


def _word_direction(word: str) -> int:
    """The direction of a gerund read off its letters, for one the tagger took for an adjective and
    left unlemmatised ("Overexpressing SIRT2 had ...")."""
    lower = word.lower()
    if not lower.endswith("ing"):
        return 0
    for lemma in (lower[:-3], lower[:-3] + "e"):
        if lemma in _REMOVING_LEMMAS:
            return -1
        if lemma in _ADDING_LEMMAS:
            return 1
    return 0
