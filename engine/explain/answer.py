"""The cited explanation of a labelled graph (DESIGN §5 step 8).

``explain`` turns a graph and its labelling into statements, each following ONE labelled path from a
question source to a question target and citing the evidence of that path's edges as ``[n]``. The
numbered references are built from the edges' own evidence, so a citation can only point at a sentence
that Verify accepted from the index: a citation outside the index cannot be produced.

The answer leads with a one-line summary (the target's label), then states the best-evidenced
mechanisms through intermediate nodes, step by step, and the direct edge apart and briefly; a chain
through hubs or diseases is stated, as such, only when the graph holds no mechanism
(``engine.explain.mechanism`` chooses and ranks the routes). ``Statement.kind`` says which is which.

Certain labels are worded as facts ("Pin1 decreases"), possible ones as possibilities ("Pin1 may
decrease or stay stable"); a step that one paper alone states says so ("(one paper only)"), as the
solver never takes such a finding as certain (``engine.model.graph.is_tentative``). A claim read by one
reader only, or stated only hedged (a possible edge), is worded as a suggestion, and what follows
from it on its route as conditional ("and if so ..."), so no statement resting on it reads as certain.
With a ``Contrast`` the answer also says which labels change between two scenarios and why. The function needs no index and no solver: the app calls it after every edit.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

import networkx as nx
from pydantic import BaseModel, Field

from engine.explain.mechanism import MAX_ROUTE_EDGES, UNSTATABLE_ROUTES, Route, Routes, find_routes
from engine.model.graph import Contrast, Edge, Graph, Labelling, Node, NodeLabel, is_tentative

MAX_PATH_EDGES = MAX_ROUTE_EDGES
CITATIONS_PER_EDGE = 2


class Reference(BaseModel):
    n: int
    doc_id: str
    title: str = ""


class Step(BaseModel):
    """One edge of a statement: the claim "source → target" with the sentences it cites."""

    edge: str
    source: str
    target: str
    citations: list[int] = Field(default_factory=list)
    sentences: list[str] = Field(default_factory=list, description="the cited evidence sentences")


# summary: the target's label in one line; mechanism: a route through specific intermediate nodes;
# direct: the direct source → target edge; chain: a route only through hubs or diseases, stated when
# there is no mechanism; path: any other route (older answers); contrast, note: no route.
StatementKind = Literal["summary", "mechanism", "direct", "chain", "path", "contrast", "note"]


class Statement(BaseModel):
    kind: StatementKind
    text: str
    path: list[str] = Field(default_factory=list, description="node ids, source first")
    edges: list[str] = Field(default_factory=list)
    citations: list[int] = Field(default_factory=list)
    steps: list[Step] = Field(default_factory=list)
    certain: bool = Field(True, description="False when a step is possible or contested, or a label on it uncertain")
    broad: list[str] = Field(default_factory=list, description="hub or disease nodes on the route (engine.explain.mechanism)")


class Answer(BaseModel):
    statements: list[Statement] = Field(default_factory=list)
    references: list[Reference] = Field(default_factory=list)
    text: str = ""


@dataclass
class _Citer:
    """Numbers documents in order of first citation."""

    references: list[Reference]
    by_doc: dict[str, int]

    def cite(self, edge: Edge) -> tuple[list[int], list[str]]:
        numbers: list[int] = []
        sentences: list[str] = []
        seen_docs: set[str] = set()
        for evidence in sorted(edge.evidence, key=lambda e: -e.score):
            if evidence.doc_id in seen_docs:
                continue
            seen_docs.add(evidence.doc_id)
            n = self.by_doc.get(evidence.doc_id)
            if n is None:
                n = len(self.references) + 1
                self.by_doc[evidence.doc_id] = n
                self.references.append(Reference(n=n, doc_id=evidence.doc_id, title=evidence.title))
            numbers.append(n)
            sentences.append(evidence.sentence)
            if len(numbers) == CITATIONS_PER_EDGE:
                break
        return numbers, sentences


def explain(graph: Graph, labelling: Labelling, contrast: Contrast | None = None) -> Answer:
    """The cited explanation of ``graph`` under ``labelling`` (and the change a contrast makes)."""
    citer = _Citer(references=[], by_doc={})
    nodes = {node.id: node for node in graph.nodes}
    labels = labelling.labels if labelling.status == "ok" else {}
    statements: list[Statement] = []
    if labelling.status != "ok":
        statements.append(Statement(
            kind="note",
            text=f"The solver gave no labelling ({labelling.message or labelling.status}); "
                 "the paths are shown without their changes.",
        ))

    routes = find_routes(graph)
    if routes:
        summary = _summary_statement(routes, nodes, labels, citer)
        if summary is not None:
            statements.append(summary)
        statements += [_route_statement("mechanism", route, nodes, labels, citer) for route in routes.mechanisms]
        statements += [_direct_statement(route, nodes, citer) for route in routes.direct]
        if routes.chain is not None:
            statements.append(_route_statement("chain", routes.chain, nodes, labels, citer))
    else:
        statements.append(Statement(kind="note", text=_no_path_text(graph, nodes)))

    if contrast is not None:
        statements.extend(_contrast_statements(graph, contrast, nodes, citer))

    return Answer(statements=statements, references=citer.references, text=_render(statements, citer.references))


# --- wording ---------------------------------------------------------------------------------

_QUANTITY_CERTAIN = {"increasing": "increases", "decreasing": "decreases", "stable": "stays stable"}
_QUANTITY_POSSIBLE = {"increasing": "increase", "decreasing": "decrease", "stable": "stay stable"}
_STATE_CERTAIN = {"active": "becomes active", "inactive": "stays inactive"}
_STATE_POSSIBLE = {"active": "become active", "inactive": "stay inactive"}
_SET_TO = {"increasing": "increase", "decreasing": "decrease", "stable": "stay stable",
           "active": "be active", "inactive": "be inactive"}
_VALUE_ORDER = ("increasing", "decreasing", "stable", "active", "inactive")


def label_phrase(node: Node, label: NodeLabel | None) -> str:
    """'increases' where certain, 'may increase or stay stable' where only possible."""
    if label is None:
        return "has no label"
    certain_words = _STATE_CERTAIN if node.kind == "state" else _QUANTITY_CERTAIN
    possible_words = _STATE_POSSIBLE if node.kind == "state" else _QUANTITY_POSSIBLE
    possible = [v for v in _VALUE_ORDER if v in set(label.possible) | {label.label}]
    if label.certain or len(possible) <= 1:
        return certain_words.get(label.label, label.label)
    words = [possible_words[v] for v in possible if v in possible_words]
    return "may " + (" or ".join(words) if len(words) == 2 else ", ".join(words[:-1]) + " or " + words[-1])


def edge_verb(edge: Edge, source: Node, target: Node) -> str:
    """How an edge acts, in words that never claim a node's label (that is label_phrase's job)."""
    if edge.relation == "influence":
        return f"{source.label} raises {target.label}" if edge.sign > 0 else f"{source.label} lowers {target.label}"
    if source.kind == "state" and target.kind == "quantity":
        # "with": what the state's trigger says, whether papers found the change under the state
        # ("Tarp is lower in AD brains") or showed the state causing it
        return f"{target.label} {'rises' if edge.sign > 0 else 'falls'} with {source.label}"
    if source.kind == "quantity":
        direction = "a rise" if edge.sign > 0 else "a fall"
        return f"{direction} in {source.label} brings about {target.label}"
    return f"{source.label} brings about {target.label}"


def _cite_text(numbers: list[int]) -> str:
    return "".join(f"[{n}]" for n in numbers)


def _step(edge: Edge, nodes: dict[str, Node], citer: _Citer) -> tuple[Step, str]:
    """One edge in words with its citations; a possible edge is worded as a suggestion (of one reading,
    or of papers that state it only hedged)."""
    numbers, sentences = citer.cite(edge)
    words = edge_verb(edge, nodes[edge.source], nodes[edge.target])
    if edge.status == "possible":
        hedged = edge.evidence and all(evidence.hedged for evidence in edge.evidence)
        words = f"{'the cited papers only suggest that' if hedged else 'one reading suggests'} {words}"
    if numbers:
        words += f" {_cite_text(numbers)}"
    elif edge.origin == "user":
        words += " (asserted by the user, no citation)"
    elif edge.origin == "data":
        words += " (learned from data, no citation)"
    else:
        words += " (no evidence recorded)"
    if edge.status == "possible":
        words += ", possibly"
    elif edge.status == "contested":
        words += " (contested)"
    elif is_tentative(edge):
        words += " (one paper only)"
    step = Step(edge=edge.id, source=edge.source, target=edge.target, citations=numbers, sentences=sentences)
    return step, words


def _opening(node: Node, label: NodeLabel | None) -> str:
    if label is None:
        return f"starting from {node.label}"
    if label.intervened:
        return f"with {node.label} set to {_SET_TO.get(label.label, label.label)}"
    return f"as {node.label} {label_phrase(node, label)}"


def _hedged(edge: Edge) -> bool:
    """A step that cannot carry a statement read as certain."""
    return edge.status in ("possible", "contested")


def _through(route: Route) -> str:
    """How a mechanism is introduced: as a possibility when a step of it rests on one reading."""
    return "Possibly through" if any(_hedged(edge) for edge in route.edges) else "Through"


def _route_statement(
    kind: Literal["mechanism", "chain"], route: Route, nodes: dict[str, Node], labels: dict[str, NodeLabel],
    citer: _Citer,
) -> Statement:
    """A route of two or more steps, each cited, with the label each step brings about. After a
    possible or contested step the consequences are conditional ("and if so ...")."""
    start = nodes[route.edges[0].source]
    clauses: list[str] = []
    steps: list[Step] = []
    hedged = False
    for edge in route.edges:
        step, words = _step(edge, nodes, citer)
        steps.append(step)
        hedged = hedged or _hedged(edge)
        target = nodes[edge.target]
        if labels:
            words += f", {'and if so' if hedged else 'so'} {target.label} {label_phrase(target, labels.get(target.id))}"
        clauses.append(words)
    via = ", then ".join(nodes[node].label for node in route.intermediates)
    named = "; ".join(f"{nodes[node].label}, {reason}" for node, reason in route.broad)
    if kind == "chain":
        lead = f"Only through {via} ({named}), which names no specific mechanism"
    elif route.broad:  # through a hub: the graph holds no route that avoids one
        lead = f"{_through(route)} {via} ({named}, so this may be one route of many)"
    else:
        lead = f"{_through(route)} {via}"
    if kind == "mechanism" and all(_hedged(edge) for edge in route.edges):
        lead += " (no step of it established)"
    opening = _opening(start, labels.get(start.id)) if labels else "along this path"
    text = f"{lead}: {opening}, " + "; ".join(clauses) + "."
    return _statement_along(kind, text, route, steps, certain=not hedged and _labels_certain(route, labels))


def _direct_statement(route: Route, nodes: dict[str, Node], citer: _Citer) -> Statement:
    """The direct source → target edge, briefly: the summary carries the target's label."""
    step, words = _step(route.edges[0], nodes, citer)
    return _statement_along("direct", f"Directly, {words}.", route, [step], certain=not _hedged(route.edges[0]))


def _labels_certain(route: Route, labels: dict[str, NodeLabel]) -> bool:
    return bool(labels) and all(labels.get(node) is not None and labels[node].certain for node in route.nodes)


def _cited_numbers(steps: list[Step]) -> list[int]:
    return sorted({n for step in steps for n in step.citations})


def _statement_along(kind: StatementKind, text: str, route: Route, steps: list[Step], certain: bool) -> Statement:
    """A statement along one route: its nodes, edges and citations follow from the route and steps."""
    return Statement(
        kind=kind,
        text=text,
        path=route.nodes,
        edges=[edge.id for edge in route.edges],
        citations=_cited_numbers(steps),
        steps=steps,
        certain=certain,
        broad=[node for node, _ in route.broad],
    )


def _summary_route(routes: Routes) -> Route:
    """The route the summary cites: the best-evidenced of the best mechanism and the direct edge,
    one without possible or contested steps first; the chain only when there is nothing else."""
    candidates = [*routes.mechanisms[:1], *routes.direct[:1]] or [routes.chain]
    return min(candidates, key=lambda route: (any(_hedged(e) for e in route.edges), route.cost))


def _summary_statement(
    routes: Routes, nodes: dict[str, Node], labels: dict[str, NodeLabel], citer: _Citer,
) -> Statement | None:
    """One line: the target's label when the source changes as the scenario sets it."""
    if not labels:
        return None
    route = _summary_route(routes)
    source, target = nodes[route.nodes[0]], nodes[route.nodes[-1]]
    steps = []
    for edge in route.edges:
        numbers, sentences = citer.cite(edge)
        steps.append(Step(edge=edge.id, source=edge.source, target=edge.target, citations=numbers, sentences=sentences))
    via = ", then ".join(nodes[node].label for node in route.intermediates)
    if route.diseases:
        how = f", but only through {via}, which names no specific mechanism"
    elif via:
        how = f", {_through(route).lower()} {via}"
    else:
        how = ""
    target_label = labels.get(target.id)
    text = (
        f"In short: when {source.label} {label_phrase(source, labels.get(source.id))}, "
        f"{target.label} {label_phrase(target, target_label)}{how} "
        f"{_cite_text(_cited_numbers(steps))}".rstrip() + "."
    )
    certain = target_label is not None and target_label.certain and not any(_hedged(e) for e in route.edges)
    return _statement_along("summary", text, route, steps, certain=certain)


def _no_path_text(graph: Graph, nodes: dict[str, Node]) -> str:
    names = lambda ids: ", ".join(nodes[i].label for i in ids if i in nodes) or "none"  # noqa: E731
    digraph = nx.DiGraph((e.source, e.target) for e in graph.edges if e.orientation == "directed")
    lengths = [nx.shortest_path_length(digraph, s, t) for s in graph.sources for t in graph.targets
               if s in digraph and t in digraph and nx.has_path(digraph, s, t)]
    if lengths and min(lengths) <= MAX_PATH_EDGES:
        return (
            f"The sources ({names(graph.sources)}) reach the targets ({names(graph.targets)}) only by routes "
            f"that state no mechanism: {UNSTATABLE_ROUTES}. The graph shows them, but this answer does not "
            "explain the effect through them."
        )
    if lengths:
        return (
            f"The sources ({names(graph.sources)}) reach the targets ({names(graph.targets)}) only through "
            f"chains of more than {MAX_PATH_EDGES} steps, too long to state as an explanation: each step is "
            "one more chance of a misread sentence, so a label of the targets rests on a weak chain."
        )
    return (
        f"No directed path links the sources ({names(graph.sources)}) to the targets "
        f"({names(graph.targets)}) in this graph, so the papers read give no causal account of the effect."
    )


def _contrast_statements(
    graph: Graph, contrast: Contrast, nodes: dict[str, Node], citer: _Citer,
) -> list[Statement]:
    statements: list[Statement] = []
    edges = {edge.id: edge for edge in graph.edges}
    for change in contrast.changes:
        node = nodes.get(change.node)
        if node is None:
            continue
        before = label_phrase(node, change.before) if change.before else None  # None: the edit added it
        after = label_phrase(node, change.after) if change.after else "has no label"
        if before == after:
            continue
        steps: list[Step] = []
        if change.after is not None and change.after.intervened:
            reason = "it is set directly in the new scenario"
        else:
            reasons = []
            for edge_id in (change.after.justification if change.after else []):
                edge = edges.get(edge_id)
                if edge is None or edge.source not in nodes:
                    continue
                step, words = _step(edge, nodes, citer)
                steps.append(step)
                reasons.append(words)
            unreached = "no change reaches it" + (" any more" if before else "")
            reason = "; ".join(reasons) if reasons else unreached
        if before is None:
            text = f"{node.label} is new to the graph and {after}, because {reason}."
        else:
            text = f"In the new scenario {node.label} {after} (before, it {before}), because {reason}."
        statements.append(Statement(
            kind="contrast",
            text=text,
            path=[change.node],
            edges=[step.edge for step in steps],
            citations=_cited_numbers(steps),
            steps=steps,
        ))
    if not statements:
        statements.append(Statement(kind="note", text="The new scenario changes no label in this graph."))
    return statements


def _render(statements: list[Statement], references: list[Reference]) -> str:
    body = "\n".join(statement.text for statement in statements)
    if not references:
        return body
    listed = "\n".join(
        f"[{ref.n}] {ref.title} ({ref.doc_id})" if ref.title else f"[{ref.n}] {ref.doc_id}" for ref in references
    )
    return f"{body}\n\nReferences\n{listed}"
