""""X protects Y from decline": what X keeps from falling is Y, so X raises Y (keeps more of it).

A verb of shielding ("protect", "preserve", "shield", "save") whose particle object is a bare noun
of falling ("from decline", "against loss", "from degradation") names no entity there: the fall is
the protected object's own. With a fall of something named ("from loss of Z", "from memory loss"),
or any other danger ("from toxicity"), the particle object stays the effect.
"""

from __future__ import annotations

from pathlib import Path

from spacy.tokens import Token

from engine.reading.language.data_files import word_set

_WORDS = Path(__file__).with_name("words.toml")
_SHIELDING_LEMMAS = word_set(_WORDS, "_shielding_lemmas")
_FALL_NOUNS = word_set(_WORDS, "_fall_nouns")


def shielded(verb: Token, effect_heads: list[Token], sign: int) -> tuple[list[Token], int]:
    """(effect heads, sign) with a bare fall turned into a rise of the protected object."""
    if verb.lemma_.lower() not in _SHIELDING_LEMMAS or not effect_heads \
            or not all(_bare_fall(head) for head in effect_heads):
        return effect_heads, sign
    protected = [c for c in verb.children if c.dep_ == "dobj"]
    return (protected, 1) if protected else (effect_heads, sign)


def _bare_fall(head: Token) -> bool:
    """"from decline", not "from loss of Z" nor "from memory loss" (the fall of a thing named)."""
    return head.lower_ in _FALL_NOUNS and not any(c.dep_ in ("prep", "compound", "nmod") for c in head.children)
