"""Questions in words on a learned graph: "Is X a cause of Y?", "Which variables does Y depend on?",
"Which of X -> Y, Y -> X, no relation?", answered from the graph and its stability.

The rule is the Ask page's: answer only what the evidence carries, otherwise abstain ("uncertain") and
say why. Here the evidence is the graph plus its subsample stability: an edge counts only if it is
stable (found in at least ``stable_threshold`` of the resamples) and, for a direction, if its marks are
too; an absence counts only if the pair is joined in fewer than 1 − ``stable_threshold`` of the
resamples. Without resamples (stability turned off) every edge counts, and the explanation says the
answer rests on a single run.
"""

from __future__ import annotations

import re
from collections import deque

from engine.discovery.errors import DiscoveryError
from engine.discovery.knowledge import normalise_name
from engine.discovery.questions import QuestionAnswer, _check_variables
from engine.discovery.run import DiscoveredEdge, DiscoveryResult
from engine.model.graph import Graph

_DEFAULT_THRESHOLD = 0.6


def direction_settled(result: DiscoveryResult, edge: DiscoveredEdge) -> bool:
    """Whether the answers below take ``edge``'s direction as settled (the Data page draws it so)."""
    return _Evidence(result).settled_direction(edge)


def settled_graph(result: DiscoveryResult) -> Graph:
    """The learned graph as the answers read it: a directed edge whose direction is not settled (its
    marks not stable over the resamples) is drawn without an arrow, as the answers leave it open."""
    evidence = _Evidence(result)
    graph = result.to_graph()
    edges = [edge if found.type != "directed" or evidence.settled_direction(found)
             else edge.model_copy(update={"orientation": "undirected"})
             for found, edge in zip(result.edges, graph.edges, strict=True)]
    return graph.model_copy(update={"edges": edges})


class _Evidence:
    """The graph's edges sorted into what an answer may rest on."""

    def __init__(self, result: DiscoveryResult):
        self.result = result
        self.threshold = result.stable_threshold or _DEFAULT_THRESHOLD
        self.has_stability = result.bootstrap_runs > 0
        self.edges = {frozenset((e.source, e.target)): e for e in result.edges}
        self.absent = {frozenset((a, b)): share for a, b, share in result.absent_frequency}

    def stable(self, edge: DiscoveredEdge) -> bool:
        return not self.has_stability or (edge.stability or 0.0) >= self.threshold

    def settled_direction(self, edge: DiscoveredEdge) -> bool:
        """A directed edge whose direction is as reliable as the evidence goes."""
        if edge.type != "directed":
            return False
        if edge.oriented_by == "literature":
            return True  # the user chose to take the literature's direction for an edge the data left open
        return not self.has_stability or (edge.orientation_stability or 0.0) >= self.threshold

    def absence_stable(self, x: str, y: str) -> bool:
        return self.absent.get(frozenset((x, y)), 0.0) < 1.0 - self.threshold

    def children(self, node: str, settled: bool) -> list[str]:
        """Targets of edges out of ``node``: settled ones, or any edge that might point away from it."""
        found = []
        for edge in self.result.edges:
            if node not in (edge.source, edge.target):
                continue
            other = edge.target if edge.source == node else edge.source
            if settled:
                if edge.source == node and self.stable(edge) and self.settled_direction(edge):
                    found.append(other)
            elif not (edge.type == "directed" and edge.target == node and self.settled_direction(edge)) \
                    and edge.type != "bidirected":
                found.append(other)
        return found

    def reaches(self, x: str, y: str, settled: bool) -> list[str] | None:
        """A path x -> ... -> y along settled (or possible) directed edges, or None."""
        previous: dict[str, str | None] = {x: None}
        queue = deque([x])
        while queue:
            node = queue.popleft()
            if node == y:
                path = [y]
                while previous[path[-1]] is not None:
                    path.append(previous[path[-1]])  # type: ignore[arg-type]
                return path[::-1]
            for other in self.children(node, settled):
                if other not in previous:
                    previous[other] = node
                    queue.append(other)
        return None

    def basis(self) -> str:
        if self.has_stability:
            return (f" (stability over {self.result.bootstrap_runs} subsamples; an edge counts when found in at "
                    f"least {self.threshold:.0%} of them)")
        return " (a single run: stability was turned off, so an unstable edge cannot be told apart)"


def cause(result: DiscoveryResult, x: str, y: str) -> QuestionAnswer:
    """Is ``x`` a cause of ``y`` (directly or through other variables of the table)?"""
    _check_variables(result, [x, y])
    evidence = _Evidence(result)
    question = f"Is {x} a cause of {y}?"
    path = evidence.reaches(x, y, settled=True)
    if path:
        return QuestionAnswer(level="cause", question=question, answer="yes", witnesses=path,
                              explanation=f"the graph has the path {' -> '.join(path)}{evidence.basis()}")
    possible = evidence.reaches(x, y, settled=False)
    if possible is None and evidence.absence_stable(x, y):
        return QuestionAnswer(level="cause", question=question, answer="no",
                              explanation=f"no path from {x} to {y} is possible under any orientation the graph "
                                          f"allows{evidence.basis()}")
    if possible:
        why = (f"a path {' -> '.join(possible)} is possible, but some of its edges are unstable or their direction "
               "is left open by the data")
    else:
        share = evidence.absent.get(frozenset((x, y)), 0.0)
        why = f"the graph has no path, but {share:.0%} of the subsamples join {x} and {y} directly"
    return QuestionAnswer(level="cause", question=question, answer="uncertain", witnesses=possible or [],
                          explanation=f"not sure: {why}{evidence.basis()}")


def depends_on(result: DiscoveryResult, y: str) -> QuestionAnswer:
    """Which variables does ``y`` depend on? Its stable direct causes, and the neighbours left open."""
    _check_variables(result, [y])
    evidence = _Evidence(result)
    question = f"Which variables does {y} depend on?"
    causes, open_, unstable, effects = [], [], [], []
    for edge in result.edges:
        if y not in (edge.source, edge.target):
            continue
        other = edge.target if edge.source == y else edge.source
        if not evidence.stable(edge):
            unstable.append(other)
        elif evidence.settled_direction(edge):
            (causes if edge.target == y else effects).append(other)
        else:
            open_.append(other)
    parts = []
    if causes:
        parts.append(f"{y} depends directly on {', '.join(causes)}")
    if open_:
        parts.append(f"{', '.join(open_)} {'is' if len(open_) == 1 else 'are'} linked to {y} but the direction is "
                     "not settled")
    if unstable:
        parts.append(f"{', '.join(unstable)} {'is' if len(unstable) == 1 else 'are'} linked only in some subsamples "
                     "(unstable)")
    if effects:
        parts.append(f"{', '.join(effects)} depend{'s' if len(effects) == 1 else ''} on {y}, not the other way")
    if not parts:
        parts.append(f"no variable of the table is linked to {y}")
    answer = "yes" if causes else ("uncertain" if open_ or unstable else "no")
    return QuestionAnswer(level="depends_on", question=question, answer=answer, witnesses=causes,  # type: ignore[arg-type]
                          explanation="; ".join(parts) + evidence.basis())


def relation(result: DiscoveryResult, x: str, y: str) -> QuestionAnswer:
    """Which of "X -> Y", "Y -> X", "no relation" holds (a cause through any path), or abstain."""
    forward, backward = cause(result, x, y), cause(result, y, x)
    question = f"Which holds: {x} -> {y}, {y} -> {x}, or no causal relation?"
    if forward.answer == "yes" and backward.answer == "no":
        choice, answer = f"{x} -> {y}", "yes"
    elif backward.answer == "yes" and forward.answer == "no":
        choice, answer = f"{y} -> {x}", "yes"
    elif forward.answer == backward.answer == "no":
        choice, answer = "no relation", "yes"
    else:
        choice, answer = None, "uncertain"
    explanation = f"{forward.explanation}; and {backward.explanation}" if answer == "uncertain" else (
        forward.explanation if choice == f"{x} -> {y}" else backward.explanation if choice != "no relation"
        else f"neither can cause the other: {forward.explanation}")
    return QuestionAnswer(level="relation", question=question, answer=answer, choice=choice,  # type: ignore[arg-type]
                          explanation=explanation, witnesses=forward.witnesses or backward.witnesses)


_PATTERNS = [
    (re.compile(r"^\s*(?:is|does)\s+(?P<x>.+?)\s+(?:a\s+cause\s+of|cause|affect|influence)\s+(?P<y>.+?)\s*\??\s*$", re.I),
     "cause"),
    (re.compile(r"^\s*(?:which|what)\s+(?:variables|columns|factors)?\s*(?:does|do)\s+(?P<y>.+?)\s+depends?\s+on\s*\??\s*$",
                re.I), "depends_on"),
    (re.compile(r"^\s*what\s+(?:causes|drives|affects)\s+(?P<y>.+?)\s*\??\s*$", re.I), "depends_on"),
]


def ask(result: DiscoveryResult, text: str) -> QuestionAnswer:
    """Answer a question typed in words; refuse with the forms understood when it matches none."""
    names = {normalise_name(v): v for v in result.variables}
    for pattern, kind in _PATTERNS:
        found = pattern.match(text)
        if not found:
            continue
        picked = {key: names.get(normalise_name(value)) for key, value in found.groupdict().items()}
        unknown = [found.group(key) for key, value in picked.items() if value is None]
        if unknown:
            raise DiscoveryError(f"{', '.join(map(repr, unknown))} is not a column of the table "
                                 f"({', '.join(result.variables)})")
        if kind == "cause":
            return cause(result, picked["x"], picked["y"])  # type: ignore[arg-type]
        return depends_on(result, picked["y"])  # type: ignore[arg-type]
    raise DiscoveryError('ask "Is X a cause of Y?" or "Which variables does Y depend on?", with X and Y column names')
