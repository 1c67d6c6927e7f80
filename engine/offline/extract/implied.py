"""Claims a sentence implies: one step of a stated chain ("X activates Y, which inhibits Z" gives X
inhibits Z) and the means of a result, at lower confidence.
"""

from __future__ import annotations

from engine.annotations import Annotation
from engine.language.text import term_key


_CHAIN_CONFIDENCE = 0.8


def chains(annotations: list[Annotation], sentence_of: list[int]) -> list[Annotation]:
    """Two-step causal chains stated in one sentence give the indirect claim: "X inhibits Y,
    leading to loss of Z" / "X activates Y, which increases Z" also say that X acts on Z.

    Only one step of composition, only within a sentence, and only where the effect of the first
    claim has the same name as the cause of the second.
    """
    chained: list[Annotation] = []
    for first, first_sentence in zip(annotations, sentence_of):
        link = term_key(first.object)
        for second, second_sentence in zip(annotations, sentence_of):
            if second is first or second_sentence != first_sentence or term_key(second.subject) != link:
                continue
            if term_key(second.object) == term_key(first.subject):
                continue
            composed = _compose(first, second)
            if composed is not None:
                chained.append(composed)
    return chained


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
                confidence=round(min(how.confidence, result.confidence) * _CHAIN_CONFIDENCE, 3),
                hedged=how.hedged or result.hedged, subject_aliases=how.object_aliases,
                object_aliases=result.object_aliases, subject_state_of=how.object_state_of,
                object_state_of=result.object_state_of))
    return found


def _compose(first: Annotation, second: Annotation) -> Annotation | None:
    """The claim "first.subject → second.object" through the shared middle term, or None unless
    the middle term's change in the first claim is the one the second claim starts from. Where
    they disagree ("X lowers Y, which impairs Z") "which" may be Y or the lowering of Y, and the
    two readings give opposite signs, so no chain is drawn."""
    middle_out, middle_in = first.object_change, second.subject_change
    if middle_out is not None and middle_in is not None:
        agree = middle_out == middle_in
    elif middle_out is None:
        # A state brought about counts as its increase (or is itself the second claim's state).
        agree = middle_in in (None, "increase")
    else:
        agree = middle_out == "increase"  # less of a quantity says nothing of the state it triggers
    if not agree:
        return None
    return Annotation(subject=first.subject, subject_change=first.subject_change,
                      object=second.object, object_change=second.object_change, text=first.text,
                      confidence=round(min(first.confidence, second.confidence) * _CHAIN_CONFIDENCE, 3),
                      hedged=first.hedged or second.hedged, subject_aliases=first.subject_aliases,
                      object_aliases=second.object_aliases, subject_state_of=first.subject_state_of,
                      object_state_of=second.object_state_of)
