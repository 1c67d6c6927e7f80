"""Claims stated through a role or an effect rather than a causal verb: "X is an inhibitor of Y",
"X, an activator of Y, ...", "X has a protective effect on Y", "the inhibitory effect of X on Y",
"X is required / essential for Y"."""

from __future__ import annotations

from spacy.tokens import Doc, Token

from engine.language import lexicon
from engine.parse_reader import modality
from engine.parse_reader.claims import NOMINAL_CONFIDENCE, Claim, pairs, respective
from engine.parse_reader.phrases import sides

_AGENT_ENDINGS = ("or", "ors", "ist", "ists", "er", "ers")
_EFFECT_PREPS = frozenset({"on", "in", "against", "toward", "towards"})


def role_claims(doc: Doc) -> list[Claim]:
    claims: list[Claim] = []
    for token in doc:
        if token.pos_ in ("NOUN", "PROPN"):
            claims += _agent_noun_claims(token) + _effect_noun_claims(token)
        claims += _needed_for_claims(token)
    return claims


def _agent_sign(noun: Token) -> int:
    word = noun.lower_
    if not word.endswith(_AGENT_ENDINGS):
        return 0
    return -1 if word in lexicon.DECREASE_HEADS else 1 if word in lexicon.INCREASE_HEADS else 0


def _bearer(noun: Token) -> tuple[list[Token], Token] | None:
    """Who holds the role, and the predicate the claim hangs on: the subject of "is a(n) ..." or the
    noun an apposition renames."""
    if noun.dep_ == "attr" and noun.head.lemma_ == "be":
        return [c for c in noun.head.children if c.dep_ == "nsubj"], noun.head
    if noun.dep_ == "appos":
        predicate = noun.head
        while predicate.dep_ != "ROOT" and not predicate.tag_.startswith("VB"):
            predicate = predicate.head
        return [noun.head], predicate
    return None


def _valid(predicate: Token) -> bool:
    return not modality.negated(predicate) and not modality.questioned(predicate)


def _agent_noun_claims(noun: Token) -> list[Claim]:
    """"X is an inhibitor of Y": X lowers Y."""
    sign, bearer = _agent_sign(noun), _bearer(noun)
    if sign == 0 or bearer is None or not _valid(bearer[1]):
        return []
    targets = _prep_objects(noun, ("of",))
    causes = [s for head in bearer[0] for s in sides(head)]
    effects = [s for t in targets for s in sides(t)]
    return pairs(causes, sign, effects, modality.hedged(bearer[1]), NOMINAL_CONFIDENCE)


def _effect_noun_claims(noun: Token) -> list[Claim]:
    """"X has a protective effect on Y", "the inhibitory effect of X on Y"."""
    if noun.lower_ not in lexicon.EFFECT_NOUNS:
        return []
    signs = [lexicon.EFFECT_ADJECTIVES[c.lower_] for c in noun.lefts
             if c.dep_ == "amod" and c.lower_ in lexicon.EFFECT_ADJECTIVES]
    if not signs:
        return []
    of_objects = _prep_objects(noun, ("of",))
    holders = [noun, *of_objects]
    targets = [(p.lower_, g) for h in holders for p in h.children if p.dep_ == "prep" and p.lower_ in _EFFECT_PREPS
               for g in p.children if g.dep_ == "pobj"]
    predicate = noun.head
    if of_objects:
        cause_heads = of_objects
    elif noun.dep_ == "dobj" and noun.head.lower_ in lexicon.EFFECT_VERBS:
        cause_heads = [c for c in noun.head.children if c.dep_ == "nsubj"]
    else:
        return []
    if not _valid(predicate):
        return []
    causes = [s for head in cause_heads for s in sides(head)]
    claims: list[Claim] = []
    for prep, target in targets:
        sign = -1 if prep == "against" else signs[0]
        claims += pairs(causes, sign, sides(target), modality.hedged(predicate), NOMINAL_CONFIDENCE)
    return claims


def _needed_for_claims(word: Token) -> list[Claim]:
    """"X is required / essential for Y": X raises Y."""
    if word.lower_ not in lexicon.NEEDED_FOR:
        return []
    if word.dep_ == "acomp" and word.head.lemma_ == "be":
        predicate = word.head
        subjects = [c for c in predicate.children if c.dep_ == "nsubj"]
    elif word.tag_ == "VBN":
        predicate = word
        subjects = [c for c in word.children if c.dep_ == "nsubjpass"]
    else:
        return []
    if not subjects or not _valid(predicate):
        return []
    targets = _prep_objects(word, ("for",))
    causes = [s for head in subjects for s in sides(head)]
    return pairs(causes, 1, [s for t in targets for s in sides(t)], modality.hedged(predicate),
                 NOMINAL_CONFIDENCE, respective(predicate))


def _prep_objects(head: Token, prepositions: tuple[str, ...]) -> list[Token]:
    return [g for c in head.children if c.dep_ == "prep" and c.lower_ in prepositions
            for g in c.children if g.dep_ == "pobj"]
