"""The cited explanation of a labelled graph (DESIGN §5 step 8).

``explain`` turns a graph and its labelling into statements, each following ONE labelled path from a
question source to a question target and citing the evidence of that path's edges as ``[n]``. The
numbered references are built from the edges' own evidence, so a citation can only point at a sentence
that Verify accepted from the index: a citation outside the index cannot be produced.

The answer leads with a one-line summary (the target's label), then states the best-evidenced
mechanisms through intermediate nodes, step by step, and the direct edge apart and briefly; a chain
through hubs or diseases is stated, as such, only when the graph holds no mechanism
(``engine.explain.mechanism`` chooses and ranks the routes). ``Statement.kind`` says which is which.

Each step says how strongly the papers state it (``engine.explain.strength``): "one paper states that",
"three papers agree that", and for a contested edge both sides, each cited ("papers disagree: one paper
states that A raises B [1]; two papers state that A lowers B [2][3]"). The solver never takes one
paper's finding as certain (``engine.model.graph.is_tentative``), so a label resting on such a step is
only possible ("may decrease or stay stable"); as that doubt is the step's, already said, the label is
worded as the direction the route gives ("so B decreases"). A label the solver leaves open because
influences compete is worded as such, with the competing claims cited ("may increase, decrease or stay
stable, as influences compete: ..."). A claim read by one reader only, or stated only hedged (a possible
edge), is worded as a suggestion, and what follows from it on its route as conditional ("and if so
..."). ``Statement.certain`` stays the solver's verdict, and ``Statement.doubts`` says what weakens it.
With a ``Contrast`` the answer also says which labels change between two scenarios and why. The
function needs no index and no solver: the app calls it after every edit.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from typing import Literal

import networkx as nx
from pydantic import BaseModel, Field

from engine.explain.mechanism import (
    MAX_ROUTE_EDGES, UNSTATABLE_ROUTES, Route, Routes, disputed_route, disputed_steps, find_routes, other_sides,
    step_cost,
)
from engine.explain.number import agreeing, is_plural
from engine.explain.one_sided import MAX_INFLUENCES, one_sided_edges, one_sided_lead, one_sided_missing
from engine.explain.strength import cite_text, edge_basis, route_basis, side, single_paper, stated
from engine.model.graph import (
    Contrast, Edge, EdgeStatus, Graph, Labelling, Node, NodeLabel, is_tentative, papers_stating,
)

MAX_PATH_EDGES = MAX_ROUTE_EDGES
CITATIONS_PER_EDGE = 2
MAX_COMPETING = 2  # competing influences named per node


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
    sign: int = Field(1, description="the edge's sign, +1 or -1")
    status: EdgeStatus = "supported"
    papers: int = Field(0, description="distinct papers whose sentences state the edge")


# summary: the target's label in one line; mechanism: a route through specific intermediate nodes;
# direct: the direct source → target edge; chain: a route only through hubs or diseases, stated when
# there is no mechanism; path: any other route (older answers); contrast, note: no route.
StatementKind = Literal["summary", "mechanism", "direct", "chain", "path", "contrast", "note"]
# What weakens a statement: a step one paper alone states; a step only suggested (one reader, or
# hedged); a step whose sign papers dispute; a label on the path that competing influences leave
# open; a label left open for another reason (no label, or open upstream).
Doubt = Literal["one paper", "suggested", "contested", "competing", "open"]
_DOUBT_ORDER: tuple[Doubt, ...] = ("one paper", "suggested", "contested", "competing", "open")


class Statement(BaseModel):
    kind: StatementKind
    text: str
    path: list[str] = Field(default_factory=list, description="node ids, source first")
    edges: list[str] = Field(default_factory=list)
    citations: list[int] = Field(default_factory=list, description="every number the text cites")
    steps: list[Step] = Field(default_factory=list)
    certain: bool = Field(True, description="False when a step is possible or contested, or a label on it uncertain")
    broad: list[str] = Field(default_factory=list, description="hub or disease nodes on the route (engine.explain.mechanism)")
    opposing: list[Step] = Field(default_factory=list, description=(
        "cited edges that push against the path: the other side of a contested step (same ends, opposite "
        "sign) and competing influences into a node of the path; not steps of the path"))
    doubts: list[Doubt] = Field(default_factory=list, description="what weakens the statement (see Doubt)")


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
    writer = _Writer(graph, nodes, labels, citer)
    statements: list[Statement] = []
    if labelling.status != "ok":
        statements.append(Statement(
            kind="note",
            text=f"The solver gave no labelling ({labelling.message or labelling.status}); "
                 "the paths are shown without their changes.",
        ))

    routes = find_routes(graph)
    if routes:
        summary = _summary_statement(routes, writer)
        if summary is not None:
            statements.append(summary)
        statements += [_route_statement("mechanism", route, writer) for route in routes.mechanisms]
        statements += [_direct_statement(route, writer) for route in routes.direct]
        if routes.chain is not None:
            statements.append(_route_statement("chain", routes.chain, writer))
    elif bool(graph.sources) != bool(graph.targets):
        statements += _one_sided_statements(graph, one_sided_edges(graph), writer)
    else:
        statements.append(Statement(kind="note", text=_no_path_text(graph, nodes)))
        if (disputed := disputed_route(graph)) is not None:
            statements.append(_disputed_statement(disputed, writer))

    if contrast is not None:
        statements.extend(_contrast_statements(graph, contrast, writer))

    return Answer(statements=statements, references=citer.references, text=_render(statements, citer.references))


# --- wording ---------------------------------------------------------------------------------

_QUANTITY_CERTAIN = {"increasing": "increases", "decreasing": "decreases", "stable": "stays stable"}
_QUANTITY_POSSIBLE = {"increasing": "increase", "decreasing": "decrease", "stable": "stay stable"}
_STATE_CERTAIN = {"active": "becomes active", "inactive": "stays inactive"}
_STATE_POSSIBLE = {"active": "become active", "inactive": "stay inactive"}
_SET_TO = {"increasing": "increase", "decreasing": "decrease", "stable": "stay stable",
           "active": "be active", "inactive": "be inactive"}
_VALUE_ORDER = ("increasing", "decreasing", "stable", "active", "inactive")
# The way a value moves what it acts on (the solver's contributions, engine/solver/qpt.lp point 2):
# an edge pushes its target by its sign times this.
_DIRECTION = {"increasing": 1, "decreasing": -1, "active": 1}


def label_phrase(node: Node, label: NodeLabel | None) -> str:
    """'increases' where certain, 'may increase or stay stable' where only possible."""
    if label is None:
        return agreeing("has no label", node.label)
    certain_words = _STATE_CERTAIN if node.kind == "state" else _QUANTITY_CERTAIN
    possible_words = _STATE_POSSIBLE if node.kind == "state" else _QUANTITY_POSSIBLE
    possible = [v for v in _VALUE_ORDER if v in set(label.possible) | {label.label}]
    if label.certain or len(possible) <= 1:
        return agreeing(certain_words.get(label.label, label.label), node.label)
    words = [possible_words[v] for v in possible if v in possible_words]
    return "may " + (" or ".join(words) if len(words) == 2 else ", ".join(words[:-1]) + " or " + words[-1])


def edge_verb(edge: Edge, source: Node, target: Node) -> str:
    """How an edge acts, in words that never claim a node's label (that is label_phrase's job)."""
    if edge.relation == "influence":
        return f"{source.label} {agreeing('raises' if edge.sign > 0 else 'lowers', source.label)} {target.label}"
    if source.kind == "state" and target.kind == "quantity":
        # "with": what the state's trigger says, whether papers found the change under the state
        # ("Tarp is lower in AD brains") or showed the state causing it
        return f"{target.label} {agreeing('rises' if edge.sign > 0 else 'falls', target.label)} with {source.label}"
    if source.kind == "quantity":
        direction = "a rise" if edge.sign > 0 else "a fall"
        return f"{direction} in {source.label} brings about {target.label}"
    return f"{source.label} {agreeing('brings about', source.label)} {target.label}"


def value_after(edge: Edge, target: Node, value: str | None) -> str | None:
    """The value ``edge`` gives its target when its source takes ``value`` and nothing else acts on
    the target (None where the source's value is unknown)."""
    if value is None:
        return None
    push = edge.sign * _DIRECTION.get(value, 0)
    if target.kind == "state":
        return "active" if push > 0 else "inactive"
    return "increasing" if push > 0 else "decreasing" if push < 0 else "stable"


@dataclass
class _LabelWords:
    """A node's label as a statement words it, what weakens it, and any competing claims (cited)."""

    phrase: str
    doubts: list[Doubt] = field(default_factory=list)
    competing: list[Step] = field(default_factory=list)
    competing_text: str = ""  # "influences compete: one paper states that B lowers Y [3]"


@dataclass
class _Writer:
    """Words edges and labels of one graph, numbering citations as it goes."""

    graph: Graph
    nodes: dict[str, Node]
    labels: dict[str, NodeLabel]
    citer: _Citer

    def __post_init__(self) -> None:
        self.incoming: dict[str, list[Edge]] = defaultdict(list)
        for edge in self.graph.edges:
            if edge.orientation == "directed" and edge.source in self.nodes:
                self.incoming[edge.target].append(edge)

    def step(self, edge: Edge) -> Step:
        numbers, sentences = self.citer.cite(edge)
        return Step(edge=edge.id, source=edge.source, target=edge.target, citations=numbers, sentences=sentences,
                    sign=edge.sign, status=edge.status, papers=papers_stating(edge))

    def verb(self, edge: Edge) -> str:
        return edge_verb(edge, self.nodes[edge.source], self.nodes[edge.target])

    def claim(self, edge: Edge) -> tuple[Step, str, list[Step]]:
        """One edge in words, with who states it and its citations; a contested edge with its other
        side, cited too (returned apart: it is no step of the path)."""
        step = self.step(edge)
        others = [other for other in other_sides(self.graph, edge) if other.source in self.nodes][:1]
        if others:
            other = self.step(others[0])
            text = (f"{_dispute(step, other)}: {side(edge, self.verb(edge), step.citations)}; "
                    f"{side(others[0], self.verb(others[0]), other.citations)}")
            return step, text, [other]
        text = stated(edge, self.verb(edge), step.citations)
        return step, text + (" (contested)" if edge.status == "contested" else ""), []

    def follows(self, node: Node, expected: str | None, path_edge: Edge, resting: bool) -> _LabelWords:
        """``node``'s label at the end of ``path_edge`` on a route that gives it ``expected``;
        ``resting``: a step of the route so far is tentative (one paper, or only suggested)."""
        label = self.labels.get(node.id)
        if label is None:
            return _LabelWords("has no label", ["open"])
        possible = {*label.possible, label.label}
        if label.certain or len(possible) <= 1:
            return _LabelWords(label_phrase(node, label))
        neutral = "inactive" if node.kind == "state" else "stable"
        if resting and expected not in (None, neutral) and possible <= {expected, neutral}:
            # open only because a step rests on one paper or one reading, which its words say
            return _LabelWords(agreeing((_STATE_CERTAIN if node.kind == "state" else _QUANTITY_CERTAIN)[expected],
                                        node.label))
        against = self.pushes_against(node, label, expected, path_edge)
        if not against:
            return _LabelWords(label_phrase(node, label), ["open"])
        said = [self.claim(edge) for edge in against]
        return _LabelWords(label_phrase(node, label), ["competing"],
                           [s for step, _, other in said for s in (step, *other)],
                           "influences compete: " + "; ".join(text for _, text, _ in said))

    def pushes_against(self, node: Node, label: NodeLabel, expected: str | None, path_edge: Edge) -> list[Edge]:
        """The edges into ``node`` (other than the path's) that can push it against the route's
        direction, in force in some resolution (the label's justification), strongest first."""
        direction = _DIRECTION.get(expected or "", 0)
        if node.kind == "state" or direction == 0:
            return []
        against = []
        for edge in self.incoming.get(node.id, []):
            source = self.labels.get(edge.source)
            unused = bool(label.justification) and edge.id not in label.justification  # in force in no resolution
            if edge.id == path_edge.id or source is None or unused:
                continue
            if any(edge.sign * _DIRECTION.get(value, 0) == -direction for value in {*source.possible, source.label}):
                against.append(edge)
        return sorted(against, key=lambda edge: (step_cost(edge), edge.id))[:MAX_COMPETING]


def _dispute(step: Step, other: Step) -> str:
    """How two sides of a contested step disagree: papers against papers, or the same papers read both
    ways (sentences of one paper read with opposite signs: a misreading, or two settings)."""
    if set(step.citations) != set(other.citations):
        return "papers disagree"
    return "one paper is read both ways" if len(step.citations) == 1 else "the same papers are read both ways"


def _hedged(edge: Edge) -> bool:
    """A step that cannot carry a statement read as certain."""
    return edge.status in ("possible", "contested")


def _edge_doubts(edges: tuple[Edge, ...] | list[Edge]) -> list[Doubt]:
    doubts: list[Doubt] = []
    if any(single_paper(edge) and edge.status == "supported" for edge in edges):
        doubts.append("one paper")
    if any(edge.status == "possible" for edge in edges):
        doubts.append("suggested")
    if any(edge.status == "contested" for edge in edges):
        doubts.append("contested")
    return doubts


def _ordered(doubts: list[Doubt]) -> list[Doubt]:
    return [doubt for doubt in _DOUBT_ORDER if doubt in doubts]


def _start_value(label: NodeLabel | None) -> str | None:
    return label.label if label is not None and (label.certain or label.intervened) else None


def _opening(node: Node, label: NodeLabel | None) -> str:
    if label is None:
        return f"starting from {node.label}"
    if label.intervened:
        return f"with {node.label} set to {_SET_TO.get(label.label, label.label)}"
    return f"as {node.label} {label_phrase(node, label)}"


def _through(route: Route) -> str:
    """How a mechanism is introduced: as a possibility when a step of it rests on one reading."""
    return "Possibly through" if any(_hedged(edge) for edge in route.edges) else "Through"


def _route_statement(kind: Literal["mechanism", "chain"], route: Route, writer: _Writer) -> Statement:
    """A route of two or more steps, each with who states it and its citations, and the label each
    step brings about. After a possible or contested step the consequences are conditional ("and if
    so ...")."""
    nodes, labels = writer.nodes, writer.labels
    start = nodes[route.edges[0].source]
    expected = _start_value(labels.get(start.id))
    clauses: list[str] = []
    steps: list[Step] = []
    opposing: list[Step] = []
    doubts = _edge_doubts(route.edges)
    hedged = resting = False
    for edge in route.edges:
        step, words, other = writer.claim(edge)
        steps.append(step)
        opposing += other
        hedged, resting = hedged or _hedged(edge), resting or is_tentative(edge)
        target = nodes[edge.target]
        expected = value_after(edge, target, expected)
        if labels:
            said = writer.follows(target, expected, edge, resting)
            words += f", {'and if so' if hedged else 'so'} {target.label} {said.phrase}"
            words += f", as {said.competing_text}" if said.competing_text else ""
            opposing += said.competing
            doubts += said.doubts
            if labels.get(target.id) is not None and labels[target.id].certain:
                expected = labels[target.id].label
        clauses.append(words)
    opening = _opening(start, labels.get(start.id)) if labels else "along this path"
    text = f"{_route_lead(kind, route, nodes)}: {opening}, "
    return _statement_along(kind, text + "; ".join(clauses) + ".", route, steps,
                            certain=not hedged and _labels_certain(route, labels), opposing=opposing, doubts=doubts)


def _route_lead(kind: Literal["mechanism", "chain"], route: Route, nodes: dict[str, Node]) -> str:
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
    return lead


def _direct_statement(route: Route, writer: _Writer) -> Statement:
    """The direct source → target edge, briefly: the summary carries the target's label."""
    step, words, other = writer.claim(route.edges[0])
    return _statement_along("direct", f"Directly, {words}.", route, [step], certain=not _hedged(route.edges[0]),
                            opposing=other, doubts=_edge_doubts(route.edges))


def _one_sided_statements(graph: Graph, edges: list[Edge], writer: _Writer) -> list[Statement]:
    """A question that names one side only: each direct influence stated on its side, a statement of its
    own (the two sides of a contested one together), after a line saying how many there are."""
    if not edges:
        return [Statement(kind="note", text=one_sided_missing(graph))]
    statements: list[Statement] = []
    said: set[str] = set()
    for edge in edges:
        if edge.id in said or len(statements) == MAX_INFLUENCES:
            continue
        step, words, other = writer.claim(edge)
        said |= {edge.id, *(side_step.edge for side_step in other)}
        route = Route(edges=(edge,), cost=step_cost(edge))
        statements.append(_statement_along("direct", f"{words[:1].upper()}{words[1:]}.", route, [step],
                                           certain=not _hedged(edge), opposing=other, doubts=_edge_doubts([edge])))
    stated_pairs = len({(edge.source, edge.target) for edge in edges})
    return [Statement(kind="note", text=one_sided_lead(graph, len(statements), stated_pairs)), *statements]


def _labels_certain(route: Route, labels: dict[str, NodeLabel]) -> bool:
    return bool(labels) and all(labels.get(node) is not None and labels[node].certain for node in route.nodes)


def _cited_numbers(steps: list[Step]) -> list[int]:
    return sorted({n for step in steps for n in step.citations})


def _statement_along(
    kind: StatementKind, text: str, route: Route, steps: list[Step], certain: bool,
    opposing: list[Step] | None = None, doubts: list[Doubt] | None = None,
) -> Statement:
    """A statement along one route: its nodes, edges and citations follow from the route and steps
    (and the opposing edges it cites)."""
    opposing = opposing or []
    return Statement(
        kind=kind,
        text=text,
        path=route.nodes,
        edges=[edge.id for edge in route.edges],
        citations=_cited_numbers(steps + opposing),
        steps=steps,
        certain=certain,
        broad=[node for node, _ in route.broad],
        opposing=opposing,
        doubts=_ordered(doubts or []),
    )


def _summary_route(routes: Routes) -> Route:
    """The route the summary cites: the best-evidenced of the best mechanism and the direct edge,
    one without possible or contested steps first; the chain only when there is nothing else."""
    candidates = [*routes.mechanisms[:1], *routes.direct[:1]] or [routes.chain]
    return min(candidates, key=lambda route: (any(_hedged(e) for e in route.edges), route.cost))


def _summary_statement(routes: Routes, writer: _Writer) -> Statement | None:
    """One line: the target's label when the source changes as the scenario sets it, and what the
    route it follows rests on."""
    nodes, labels = writer.nodes, writer.labels
    if not labels:
        return None
    route = _summary_route(routes)
    source, target = nodes[route.nodes[0]], nodes[route.nodes[-1]]
    opening = f"In short: when {standing_name(source, nodes)} {label_phrase(source, labels.get(source.id))}, " \
              f"{standing_name(target, nodes)}"
    if len(route.edges) == 1 and other_sides(writer.graph, route.edges[0]):  # a contested direct edge
        step, words, other = writer.claim(route.edges[0])
        text = f"{opening} {label_phrase(target, labels.get(target.id))}, as {words}."
        return _summary_along(route, text, [step], other, ["contested"], labels)
    steps = [writer.step(edge) for edge in route.edges]
    expected = _start_value(labels.get(source.id))
    for edge in route.edges:
        expected = value_after(edge, nodes[edge.target], expected)
    said = writer.follows(target, expected, route.edges[-1], any(is_tentative(edge) for edge in route.edges))
    numbers = _cited_numbers(steps)
    basis = edge_basis(route.edges[0], len(numbers)) if len(route.edges) == 1 else route_basis(route.edges)
    text = f"{opening} {said.phrase}{_summary_how(route, nodes)}{', ' + basis if basis else ''} " \
           f"{cite_text(numbers)}".rstrip()
    text += f"; {said.competing_text}." if said.competing_text else "."
    return _summary_along(route, text, steps, said.competing, _edge_doubts(route.edges) + said.doubts, labels)


def standing_name(node: Node, nodes: dict[str, Node]) -> str:
    """A node's label, and the question's concept it answers for where it is not that concept itself
    ("neuroinflammation, a kind or part of inflammation (Gene Ontology: ...),")."""
    link = node.answers_for
    if link is None or link.node not in nodes:
        return node.label
    relation = link.relation.removeprefix("is ")
    return f"{node.label} ({relation} {nodes[link.node].label}, by {link.source})"


def _summary_how(route: Route, nodes: dict[str, Node]) -> str:
    via = ", then ".join(nodes[node].label for node in route.intermediates)
    if route.diseases:
        return f", but only through {via}, which names no specific mechanism"
    return f", {_through(route).lower()} {via}" if via else ""


def _summary_along(
    route: Route, text: str, steps: list[Step], opposing: list[Step], doubts: list[Doubt],
    labels: dict[str, NodeLabel],
) -> Statement:
    target_label = labels.get(route.nodes[-1])
    certain = target_label is not None and target_label.certain and not any(_hedged(e) for e in route.edges)
    return _statement_along("summary", text, route, steps, certain=certain, opposing=opposing, doubts=doubts)


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


def _disputed_statement(route: Route, writer: _Writer) -> Statement:
    """The nearest route that only a dispute keeps from the answer, each step cited and both sides of
    each disputed step: papers that disagree are not papers that say nothing."""
    nodes = writer.nodes
    said = [writer.claim(edge) for edge in route.edges]
    disputed = disputed_steps(writer.graph, route)
    text = (f"The nearest route, {' → '.join(nodes[node].label for node in route.nodes)}, is not stated as an "
            f"explanation: the papers give its step{'s' if len(disputed) > 1 else ''} {' and '.join(disputed)} "
            "both signs. Its steps: "
            + "; ".join(words for _, words, _ in said) + ".")
    return _statement_along("note", text, route, [step for step, _, _ in said], certain=False,
                            opposing=[other for _, _, others in said for other in others],
                            doubts=_edge_doubts(route.edges))


def _contrast_statements(graph: Graph, contrast: Contrast, writer: _Writer) -> list[Statement]:
    statements: list[Statement] = []
    nodes = writer.nodes
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
        opposing: list[Step] = []
        if change.after is not None and change.after.intervened:
            reason = "it is set directly in the new scenario"
        else:
            reasons = []
            for edge_id in (change.after.justification if change.after else []):
                edge = edges.get(edge_id)
                if edge is None or edge.source not in nodes:
                    continue
                step, words, other = writer.claim(edge)
                steps.append(step)
                opposing += other
                reasons.append(words)
            unreached = "no change reaches it" + (" any more" if before else "")
            reason = "; ".join(reasons) if reasons else unreached
        if before is None:
            text = f"{node.label} {agreeing('is', node.label)} new to the graph and {after}, because {reason}."
        else:
            text = f"In the new scenario {node.label} {after} " \
                   f"(before, {'they' if is_plural(node.label) else 'it'} {before}), because {reason}."
        statements.append(Statement(
            kind="contrast",
            text=text,
            path=[change.node],
            edges=[step.edge for step in steps],
            citations=_cited_numbers(steps + opposing),
            steps=steps,
            opposing=opposing,
            doubts=_ordered(_edge_doubts([edges[step.edge] for step in steps])),
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
