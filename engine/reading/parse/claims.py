"""A claim as the parse reader finds it (a cause side, a sign, an effect side) and its annotation.

The reader finds claims in its own terms; ``to_annotation`` writes each one as the proto-role
``Annotation`` that every reader shares (DESIGN §3): the cause with its change, the effect with the
change the claim gives it. A condition (a state word such as "disease") that rises is written
without a change, as a state; one that falls keeps the change, since a state cannot fall.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeVar

from spacy.tokens import Token

from engine.model.annotations import Annotation, Change
from engine.reading.parse.phrases import Side

PLAIN_CONFIDENCE = 0.9
NOMINAL_CONFIDENCE = 0.8
HEDGED_CONFIDENCE = 0.6
T = TypeVar("T")
U = TypeVar("U")


@dataclass(frozen=True)
class Claim:
    cause: Side
    sign: int
    effect: Side
    hedged: bool = False
    confidence: float = PLAIN_CONFIDENCE


def to_annotation(claim: Claim, text: str) -> Annotation:
    effect_direction = claim.sign * claim.effect.direction
    return Annotation(
        subject=claim.cause.name, subject_change=_change(claim.cause.direction, claim.cause.state),
        object=claim.effect.name, object_change=_change(effect_direction, claim.effect.state),
        text=text, confidence=HEDGED_CONFIDENCE if claim.hedged else claim.confidence,
        hedged=claim.hedged, subject_aliases=list(claim.cause.aliases),
        object_aliases=list(claim.effect.aliases),
    )


def _change(direction: int, state: bool) -> Change | None:
    if state and direction > 0:
        return None
    return "increase" if direction > 0 else "decrease"


def pairs(causes: list[Side], sign: int, effects: list[Side], hedged: bool,
          confidence: float = PLAIN_CONFIDENCE, respectively: bool = False) -> list[Claim]:
    """One claim per cause and effect of a coordinated phrase (``matched``); a side never causes
    itself."""
    return [Claim(cause=c, sign=sign, effect=e, hedged=hedged, confidence=confidence)
            for c, e in matched(causes, effects, respectively) if c.name.lower() != e.name.lower()]


def matched(causes: list[T], effects: list[U], respectively: bool) -> list[tuple[T, U]]:
    """Every cause with every effect; with ``respectively`` ("A and B raise X and Y, respectively")
    the members pair off in order, and counts that differ (a member the phrase reading missed)
    leave no pairing one can trust."""
    if respectively and max(len(causes), len(effects)) > 1:
        return list(zip(causes, effects)) if len(causes) == len(effects) else []
    return [(c, e) for c in causes for e in effects]


def respective(predicate: Token) -> bool:
    """"... are respectively responsible for ...", "... raise X and Y, respectively"."""
    return any(c.lower_ == "respectively" for c in predicate.children)
