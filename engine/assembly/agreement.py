"""Precision by agreement: a claim two independent readers find in the same sentence is supported;
a claim only one reader finds, or one its sentence states only hedged, is *possible* (drawn and worded
apart, never shown as supported).

Two annotations of one sentence state the same claim when they give the same signed effect of one
entity on another (``claim_sign``: the edge sign times the direction of each end's name) and their
ends match leniently (``ends_match``): the same name by ``terms_match`` (which takes one name
contained in the other) or through an alias. A name that states a lowering of an entity ("synapse
loss", "Hsp90 inhibitors", "X deficiency") is that entity moved the other way, as Integrate reads it:
"A raises synapse loss" and "A lowers synapses" are one claim.
"""

from __future__ import annotations

from collections import defaultdict

from engine.model.annotations import Annotation, interpret
from engine.backends.base import ExtractedClaim
from engine.model.graph import Evidence, Graph
from engine.reading.language.text import state_core, terms_match
from engine.assembly.lowering import lowered_core

# Whoever read a claim: the hand-written rules (engine.reading.rules), the dependency-parse reader
# (engine.reading.parse) and a language model (the openai backend).
RULES, PARSE, LLM = "rules", "parse", "llm"


def entity_named(term: str) -> tuple[str, int]:
    """The entity a claim's end is about and the way the name moves it: a deficiency, mutation or
    lowering name is about its core ("X deficiency", "X inhibitors", "loss of X": X, -1); any other
    name is its own entity, +1."""
    core, direction = state_core(term)
    lowered = lowered_core(core)
    return (lowered, -direction) if lowered else (core, direction)


def claim_sign(annotation: Annotation) -> int:
    """The sign of the claim about its two entities: the edge's sign (DESIGN §3) times the direction
    each end's name moves its entity (``entity_named``)."""
    return interpret(annotation).sign * entity_named(annotation.subject)[1] * entity_named(annotation.object)[1]


def ends_match(a: str, a_aliases: list[str], b: str, b_aliases: list[str]) -> bool:
    """The same entity: the names (or the entity a state or lowering names) match by ``terms_match``
    (same key, abbreviation, symbol family, or every word of one in the other: "BACE1" ~ "BACE1
    gene"), or through an alias. A shared last word alone is not enough ("tau phosphorylation" is not
    "GSK3 phosphorylation")."""
    return terms_match(entity_named(a)[0], entity_named(b)[0], a_aliases, b_aliases)


def same_claim(a: Annotation, b: Annotation) -> bool:
    return claim_sign(a) == claim_sign(b) and \
        ends_match(a.subject, a.subject_aliases, b.subject, b.subject_aliases) and \
        ends_match(a.object, a.object_aliases, b.object, b.object_aliases)


def agreeing(first: list[Annotation], second: list[Annotation]) -> list[Annotation]:
    """The annotations of ``first`` that some annotation of ``second`` states too (one sentence)."""
    return [a for a in first if any(same_claim(a, b) for b in second)]


def union(first: list[Annotation], second: list[Annotation]) -> list[Annotation]:
    """``first`` and whatever of ``second`` states a claim ``first`` does not (one sentence)."""
    return first + [b for b in second if not any(same_claim(a, b) for a in first)]


def cross_check(first: list[ExtractedClaim], second: list[ExtractedClaim]) -> list[ExtractedClaim]:
    """Both readers' claims, sentence by sentence: a claim of ``first`` that ``second`` also states
    carries both readers and is hedged if either reading is (the second's copy is dropped); every other
    claim carries its own reader. Each claim's ``evidence.readers`` names its reader on the way in."""
    by_sentence: dict[tuple[str, str], list[ExtractedClaim]] = defaultdict(list)
    for claim in second:
        by_sentence[(claim.evidence.doc_id, claim.evidence.sentence)].append(claim)
    matched: set[int] = set()
    checked: list[ExtractedClaim] = []
    for claim in first:
        others = by_sentence.get((claim.evidence.doc_id, claim.evidence.sentence), [])
        hits = [o for o in others if same_claim(claim.annotation, o.annotation)]
        matched.update(id(o) for o in hits)
        readers = sorted({*claim.evidence.readers, *(r for o in hits for r in o.evidence.readers)})
        claim = _named_through_before(claim, hits)
        if any(o.annotation.hedged for o in hits) and not claim.annotation.hedged:  # a hedge either reader read
            claim = claim.model_copy(update={"annotation": claim.annotation.model_copy(update={"hedged": True})})
        checked.append(_with_readers(claim, readers))
    return checked + [c for c in second if id(c) not in matched]


def _named_through_before(claim: ExtractedClaim, hits: list[ExtractedClaim]) -> ExtractedClaim:
    """The claim as a reader that named its "the mutations" after the antecedent in the sentence
    before read it (with that sentence): the same claim, its entity named."""
    resolved = next((o for o in hits if o.annotation.named_before), None)
    if resolved is None or claim.annotation.named_before:
        return claim
    annotation = resolved.annotation.model_copy(update={"hedged": claim.annotation.hedged or resolved.annotation.hedged})
    return claim.model_copy(update={"annotation": annotation,
                                    "evidence": claim.evidence.model_copy(update={"before": resolved.evidence.before})})


def _with_readers(claim: ExtractedClaim, readers: list[str]) -> ExtractedClaim:
    return claim.model_copy(update={"evidence": claim.evidence.model_copy(update={"readers": readers})})


def with_reader(claims: list[ExtractedClaim], reader: str) -> list[ExtractedClaim]:
    return [_with_readers(c, [reader]) for c in claims]


def establishes(evidence: Evidence) -> bool:
    """A sentence that can make an edge established: two readers agree on it (evidence whose readers
    are unknown, from an older graph, counts as agreed) and it states the claim without a hedge."""
    return (len(evidence.readers) >= 2 or not evidence.readers) and not evidence.hedged


def mark_possible(graph: Graph) -> Graph:
    """Literature edges none of whose sentences ``establishes`` them become "possible" (a contested
    edge stays contested)."""
    edges = []
    for edge in graph.edges:
        if edge.origin == "literature" and edge.status == "supported" and edge.evidence and \
                not any(establishes(e) for e in edge.evidence):
            edge = edge.model_copy(update={"status": "possible"})
        edges.append(edge)
    return graph.model_copy(update={"edges": edges})
