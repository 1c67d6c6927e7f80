"""Claims a sentence implies: the means of a result, at lower confidence.

A stated chain ("X activates Y, which inhibits Z") gives its steps only, each read where it is
stated (X activates Y; Y inhibits Z); the far pair (X inhibits Z) is no claim of the sentence, and
the graph joins the steps into the route.
"""

from __future__ import annotations

from engine.model.annotations import Annotation, interpret
from engine.reading.language.text import term_key


_MEANS_CONFIDENCE = 0.8


def means_claims(means: list[Annotation], results: list[Annotation]) -> list[Annotation]:
    """"X reduces Y by inhibiting Z": the change of Z is how Y changes, so Z acts on Y (less Z,
    less Y). Both claims share their subject X; the new claim joins their objects."""
    found: list[Annotation] = []
    for how in means:
        for result in results:
            if term_key(how.object) == term_key(result.object):
                continue
            found.append(Annotation(
                subject=how.object, subject_change=_means_change(how, result), object=result.object,
                object_change=result.object_change, text=result.text,
                confidence=round(min(how.confidence, result.confidence) * _MEANS_CONFIDENCE, 3),
                hedged=how.hedged or result.hedged, subject_aliases=how.object_aliases,
                object_aliases=result.object_aliases, subject_state_of=how.object_state_of,
                object_state_of=result.object_state_of))
    return found


def _means_change(how: Annotation, result: Annotation) -> str | None:
    """The change of the means' object in the claim it implies. Where the result names a state ("X
    reduces injury by suppressing Z"), the claim triggers the state with a sign, not a change: Z acts on
    the state as X does through Z (X lowers Z and lowers injury: more Z, more injury)."""
    if result.object_change is not None or how.object_change is None:
        return how.object_change
    sign = interpret(result).sign * interpret(how).sign
    return "increase" if sign == 1 else "decrease"
