""""D stimulates S via K": K, the route the effect takes, raises S.

A raising verb ("stimulate", "activate", "increase", "induce", ...) with a "via" / "through" phrase
that names an entity (not a change of one: "through inhibition of Z" is read by ``means``) says
that S rises through K's action: K raises S. Whether D raises K is left unread: "via K" says only
that D acts through K (K may be D's receptor, carrier or a kinase D switches on), and for a lowering
verb the sign of K's own effect is open ("D lowers S via K": K may lower S, or D may block K that
S needs), so lowering verbs give no route claim. Vague routes ("via an unclear mechanism", "through
this pathway") name nothing.
"""

from __future__ import annotations

from spacy.tokens import Doc, Token

from engine.entities import non_entity_reason
from engine.language import lexicon
from engine.parse_reader import modality
from engine.parse_reader.claims import NOMINAL_CONFIDENCE, Claim, pairs
from engine.parse_reader.phrases import Side, side_of, sides

ROUTE_PREPOSITIONS = frozenset({"via", "through"})
_VAGUE_ROUTES = frozenset({"mechanism", "mechanisms", "route", "routes", "way", "ways", "manner", "means",
                           "pathway", "pathways", "action", "actions", "effect", "effects", "interaction",
                           "interactions", "process", "processes", "step", "steps", "fashion"})
# Carriers a substance travels by ("through the bloodstream", "via the diet"): no actor.
_CARRIERS = frozenset({"blood", "bloodstream", "circulation", "diet", "food", "water", "air", "barrier",
                       "membrane", "membranes", "vector", "vectors", "virus", "injection", "life", "lifespan"})


def route_claims(doc: Doc) -> list[Claim]:
    claims: list[Claim] = []
    for preposition in doc:
        if preposition.dep_ != "prep" or preposition.lower_ not in ROUTE_PREPOSITIONS:
            continue
        verb = preposition.head
        if verb.lemma_.lower() not in lexicon.INCREASE_VERBS or modality.negated(verb) or modality.questioned(verb):
            continue
        effects = [s for head in _raised(verb) for s in sides(head)]
        for noun in (c for c in preposition.children if c.dep_ == "pobj" and c.pos_ in ("NOUN", "PROPN")):
            route = _route(noun, doc.text)
            if route is not None:
                claims += pairs([route], 1, effects, modality.hedged(verb), NOMINAL_CONFIDENCE)
    return claims


def _raised(verb: Token) -> list[Token]:
    """What the verb raises: its object, or the subject of a passive."""
    if any(c.dep_ in ("nsubjpass", "auxpass") for c in verb.children):
        return [c for c in verb.children if c.dep_ == "nsubjpass"]
    return [c for c in verb.children if c.dep_ == "dobj"]


def _route(noun: Token, text: str) -> Side | None:
    """The entity a route noun names, unchanged (a change of it is a means, not a route)."""
    lower = noun.lower_
    if lower in lexicon.INCREASE_HEADS or lower in lexicon.DECREASE_HEADS or lower in lexicon.DEFICIENCY_HEADS \
            or lower in lexicon.MODIFICATION_NOUNS or lower in lexicon.PROCESS_NOUNS or lower in lexicon.HOST_NOUNS or lower in _CARRIERS \
            or lower in lexicon.LINKAGE_WORDS:
        return None
    if lower in _VAGUE_ROUTES and not any(c.dep_ == "compound" for c in noun.lefts):
        return None
    side = side_of(noun)
    if side is None or side.direction < 0 or side.state or non_entity_reason(side.name, text) is not None:
        return None
    return side
