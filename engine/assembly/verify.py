"""Verify (DESIGN §5 step 5): keep a claim only when its own sentence supports it.

A claim is supported when the sentence it was read from mentions both of its ends (under any of their
names: the term as extracted, an abbreviation the text defines, or the entity a deficiency state is
about) and states a direction (a causal verb, a nominalised change, a change participle or adjective
from the extractor's lexicon). Names are compared with the extractor's lenient ``terms_match``. This is
what keeps a language model from adding an edge whose evidence does not say it; for the offline
extractor, which reads its terms from the sentence, it is a safety net.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from pydantic import BaseModel

from engine.model.annotations import StateOf
from engine.backends.base import ExtractedClaim
from engine.reading.language import lexicon
from engine.reading.language.text import terms_match

_TOKEN = re.compile(r"[^\s,;:()\[\]{}\"]+")

_DIRECTION_WORDS = frozenset(lexicon.VERB_FORMS) | frozenset(lexicon.NOMINAL_TRIGGERS) \
    | lexicon.DECREASE_HEADS | lexicon.INCREASE_HEADS | lexicon.DEFICIENCY_HEADS \
    | lexicon.INCREASE_ADJECTIVES | lexicon.DECREASE_ADJECTIVES
_DIRECTION_SUFFIXES = tuple(f"-{suffix}" for suffix in lexicon.COMPOUND_SUFFIXES) \
    + tuple(f"-{head}" for head in lexicon.DEFICIENCY_HEADS)

_SIGNED_NOUNS = lexicon.EFFECT_NOUNS | lexicon.SIGNABLE_ROLES


class VerifyResult(BaseModel):
    kept: list[ExtractedClaim]
    pruned: list[tuple[ExtractedClaim, str]]


def _tokens(sentence: str) -> list[str]:
    return [t.strip(".") for t in _TOKEN.findall(sentence) if t.strip(".")]


# Typeset hyphens and dashes ("mHtt‐dependent", "Aβ1–42") read as the plain hyphen.
_HYPHENS = str.maketrans({"\u2010": "-", "\u2011": "-", "\u2012": "-", "\u2013": "-", "\u2212": "-"})


def mentions(sentence: str, names: Iterable[str]) -> bool:
    """Does ``sentence`` name the entity under one of ``names``? A name also counts inside a
    hyphenated compound ("TDP-43" in "TDP-43-depleted cells", "mHtt" in "mHtt-dependent")."""
    sentence = sentence.translate(_HYPHENS)
    readings = [_tokens(sentence)]
    if "-" in sentence:
        readings.append(_tokens(sentence.replace("-", " ")))
    for name in names:
        if not name.strip():
            continue
        if terms_match(name, sentence):  # every word of the name occurs in the sentence
            return True
        width = len(name.split()) + 1
        for tokens in readings:
            for size in range(1, width + 1):
                for start in range(0, max(0, len(tokens) - size) + 1):
                    if terms_match(name, " ".join(tokens[start:start + size])):
                        return True
    return False


def states_direction(sentence: str) -> bool:
    """Does the sentence use a word that states an increase or a decrease, or a signed pair: an
    adverb with a verb that alone leaves the sign open ("negatively regulates"), a correlation with
    its sign ("inversely correlated", "correlates negatively"), a signed adjective with an effect or
    role noun ("a protective effect", "a negative regulator"), a risk factor (the extractor's signed
    readings, so that what it signs is not pruned as unsigned)?"""
    tokens = _tokens(sentence.lower())
    for token, following in zip(tokens, [*tokens[1:], ""]):
        if token in _DIRECTION_WORDS or token.endswith(_DIRECTION_SUFFIXES):
            return True
        if token in lexicon.SIGNING_ADVERBS and following in lexicon.SIGNABLE_VERBS:
            return True
        if lexicon.ASSOCIATED_WITH & {token, following} and lexicon.CORRELATION_SIGNS.keys() & {token, following}:
            return True
        if token in lexicon.EFFECT_ADJECTIVES and following in _SIGNED_NOUNS:
            return True
        if token == "risk" and following in lexicon.RISK_FACTOR_HEADS:
            return True
    return False


def _names(term: str, aliases: list[str], state_of: StateOf | None) -> list[str]:
    """The names a side may go by in its sentence: "X deficiency" is stated as "mice lacking X"."""
    return [term, *aliases] + ([state_of.entity] if state_of else [])


def check_claim(claim: ExtractedClaim) -> str | None:
    """None when the claim's sentence supports it, else why it does not."""
    a, sentence = claim.annotation, claim.evidence.sentence
    if not mentions(sentence, _names(a.subject, a.subject_aliases, a.subject_state_of)):
        return f"the sentence does not mention the cause {a.subject!r}"
    if not mentions(sentence, _names(a.object, a.object_aliases, a.object_state_of)):
        return f"the sentence does not mention the effect {a.object!r}"
    if not states_direction(sentence):
        return "the sentence states no direction of change"
    return None


def verify(claims: list[ExtractedClaim]) -> VerifyResult:
    kept: list[ExtractedClaim] = []
    pruned: list[tuple[ExtractedClaim, str]] = []
    for claim in claims:
        reason = check_claim(claim)
        if reason is None:
            kept.append(claim)
        else:
            pruned.append((claim, reason))
    return VerifyResult(kept=kept, pruned=pruned)
