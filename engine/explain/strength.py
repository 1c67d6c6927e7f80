"""The strength of an edge's evidence in words: "one paper states that", "three papers agree that".

The solver never takes a finding of one paper as certain (``engine.model.graph.is_tentative``), so a
label resting on such a step comes out possible ("may decrease or stay stable"). A scientist reads that
as a doubt about the effect itself; what it means is that the finding is unreplicated. The answer
therefore says how many papers state each step, and words the label as the step's direction
(``engine.explain.answer``). A step read by one reader only, or stated only hedged, stays a suggestion.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.model.graph import Edge, papers_stating

_NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def count_word(n: int) -> str:
    """'one', 'two', ... 'ten', then digits."""
    return _NUMBER_WORDS[n] if 0 <= n < len(_NUMBER_WORDS) else str(n)


def cite_text(numbers: Sequence[int]) -> str:
    return "".join(f"[{n}]" for n in numbers)


def suggested_by(edge: Edge) -> str:
    """Who suggests a possible edge: papers that state it only hedged, or one reader's reading."""
    hedged = edge.evidence and all(evidence.hedged for evidence in edge.evidence)
    return "the cited papers only suggest" if hedged else "one reading suggests"


def stated(edge: Edge, claim: str, numbers: Sequence[int]) -> str:
    """The claim with who states it and its citations: "one paper states that A raises B [1]", "three
    papers agree that A raises B, among them [1][2]"; a possible edge as a suggestion; an edge without
    a cited sentence says where it comes from."""
    if not numbers:
        return f"{claim} {_uncited(edge)}"
    cites = cite_text(numbers)
    if edge.status == "possible":
        return f"{suggested_by(edge)} that {claim} {cites}"
    papers = papers_stating(edge)
    if papers <= 1:
        return f"one paper states that {claim} {cites}"
    if papers > len(numbers):
        return f"{count_word(papers)} papers agree that {claim}, among them {cites}"
    return f"{count_word(papers)} papers agree that {claim} {cites}"


def side(edge: Edge, claim: str, numbers: Sequence[int]) -> str:
    """One side of a dispute: "one paper states that A raises B [1]", "two papers state that ..."."""
    if not numbers:
        return f"{claim} {_uncited(edge)}"
    papers = max(1, papers_stating(edge))
    verb = "states" if papers == 1 else "state"
    return f"{count_word(papers)} paper{'s' if papers > 1 else ''} {verb} that {claim} {cite_text(numbers)}"


def _uncited(edge: Edge) -> str:
    if edge.origin == "user":
        return "(asserted by the user, no citation)"
    if edge.origin == "data":
        return "(learned from data, no citation)"
    return "(no evidence recorded)"


def single_paper(edge: Edge) -> bool:
    """A literature finding that one paper alone states (tentative for the solver), read by both readers."""
    return edge.origin == "literature" and edge.status in ("supported", "contested") and papers_stating(edge) == 1


def route_basis(edges: Sequence[Edge]) -> str:
    """What a route of two or more steps rests on, for a summary: "each step stated by one paper",
    "each step stated by two papers or more", "one step stated by two papers or more, one stated by one
    paper", "each step only suggested". Steps without a cited sentence (a user's, the data's) are not
    counted."""
    several = sum(edge.origin == "literature" and edge.status == "supported" and papers_stating(edge) >= 2
                  for edge in edges)
    single = sum(single_paper(edge) for edge in edges)
    suggested = sum(edge.status == "possible" for edge in edges)
    kinds = [(n, words) for n, words in ((several, "stated by two papers or more"), (single, "stated by one paper"),
                                         (suggested, "only suggested")) if n]
    if len(kinds) == 1 and kinds[0][0] == len(edges):
        return f"each step {kinds[0][1]}"
    parts = [f"{count_word(n)} {words}" for n, words in kinds]
    if parts:
        parts[0] = parts[0].replace(" ", " step" + ("s" if kinds[0][0] > 1 else "") + " ", 1)
    return ", ".join(parts)


def edge_basis(edge: Edge, cited: int = 0) -> str:
    """What one edge rests on, for a summary: "as one paper states", "as three papers agree" ("...,
    among them" where fewer than all of them are ``cited``)."""
    if edge.status == "possible":
        return f"as {suggested_by(edge)}"
    if edge.origin == "user":
        return "as the user asserts"
    if edge.origin == "data":
        return "as learned from data"
    papers = papers_stating(edge)
    if papers == 0:
        return ""
    if papers == 1:
        return "as one paper states"
    return f"as {count_word(papers)} papers agree" + (", among them" if 0 < cited < papers else "")
