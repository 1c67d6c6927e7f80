"""Predicates whose sign depends on their object: "normalizes / rescues / restores impaired X",
"rescues the loss of X" raise X; "rescues neuronal death" and "improves memory deficits" lower a
harm; "restores X" and "improves X" raise X. A worsening verb turns each: "worsens pain" raises
pain, "worsens asthma control" lowers it.

A marked object (an adjective or noun of decrease: "impaired X", "loss of X", "X deficits") is
already read by ``phrases`` as X moving down, so the restoring verb lowers that fall (sign -1) and X
rises; so does a harm ("death", "toxicity", or a disease or abnormal phenotype a curated resource
names: "nausea") it lowers. An unmarked good is raised (sign +1).
"""

from __future__ import annotations

from pathlib import Path

from spacy.tokens import Token

from engine.reading.language import lexicon
from engine.reading.language.data_files import word_set
from engine.reading.parse.phrases import Side, names_a_harm_side

_WORDS = Path(__file__).with_name("words.toml")

_RETURNING_VERBS = word_set(_WORDS, "_returning_verbs")
RESTORING_LEMMAS = lexicon.RESTORING_VERBS | lexicon.IMPROVING_VERBS | lexicon.WORSENING_VERBS | _RETURNING_VERBS


def is_restoring(verb: Token) -> bool:
    return verb.lemma_.lower() in RESTORING_LEMMAS


def restoring_sign(verb: Token, effect_head: Token, effect: Side) -> int:
    sign = -1 if names_a_harm_side(effect_head, effect) else 1  # also "repairs the damaged axons"
    if verb.lemma_.lower() in lexicon.WORSENING_VERBS:
        # an effect is as good or bad as what has it: "worsens the effects of METH" raises them
        return 1 if effect_head.lower_ in lexicon.EFFECT_NOUNS else -sign
    return sign


_LEVEL_WORDS = word_set(_WORDS, "_level_words")


def converts(verb: Token) -> bool:
    """"FKBP12 restored the oligomer to its monomeric state": "to" a form or state, not a level, is a
    conversion of X into another thing, which says no rise of X."""
    targets = [g for c in verb.children if c.dep_ == "prep" and c.lower_ == "to"
               for g in c.children if g.dep_ == "pobj"]
    return any(t.lower_ not in _LEVEL_WORDS and not any(k.lower_ in _LEVEL_WORDS for k in t.subtree) for t in targets)
