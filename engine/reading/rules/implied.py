"""Claims a sentence implies: the means of a result, at lower confidence.

A stated chain ("X activates Y, which inhibits Z") gives its steps only, each read where it is
stated (X activates Y; Y inhibits Z); the far pair (X inhibits Z) is no claim of the sentence, and
the graph joins the steps into the route.
"""

from __future__ import annotations

from engine.model.annotations import Annotation
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
                subject=how.object, subject_change=how.object_change, object=result.object,
                object_change=result.object_change, text=result.text,
                confidence=round(min(how.confidence, result.confidence) * _MEANS_CONFIDENCE, 3),
                hedged=how.hedged or result.hedged, subject_aliases=how.object_aliases,
                object_aliases=result.object_aliases, subject_state_of=how.object_state_of,
                object_state_of=result.object_state_of))
    return found
