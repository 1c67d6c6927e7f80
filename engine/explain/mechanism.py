"""Which source → target routes of a graph an answer states, and in what order (DESIGN §5 step 8).

A *route* is one simple directed path from a question source to a question target. The direct edge
(one step) is stated apart and briefly; a route of two or more steps names the intermediate nodes
through which the source acts and is a *mechanism* unless an intermediate is disease-like. A route
through a disease is a *chain*: it joins claims that were made about different things ("X raises
Alzheimer's disease", "Alzheimer's disease lowers Y") and names no specific process, so an answer
offers it only when the graph holds nothing better, worded as such. A route through a hub (a
crossroads of the graph) is a mechanism of a lower tier: offered only when no route avoids every hub,
and worded with the hub named as such.

Three things never make a route, because they leave it without a determinate meaning: an intermediate
named only by generic words ("compound", "protein", "kinase activity": it joins claims about different
things that share a class word); a contested step (papers disagree on its sign, so the route's sign is
undetermined; such an edge is stated apart when it is the direct one); and a chain through a disease
that rests on a single reading (see ``chain_is_established``). Nor does a route that passes through
the thing one of its ends is a form of, other than next to that end ("O-GlcNAcylation lowers tau
aggregation, which ... raises tau, which raises Syk, which raises tau phosphorylation" explains tau's
phosphorylation by tau itself). Next to the end it is a step of the mechanism (LRRK2 raises
alpha-synuclein, which aggregates); another form of the same thing is an entity of its own (see
``engine.assembly.identity``) and may come anywhere. A route of more than MAX_POSSIBLE_STEPS
possible steps is not offered either: more such steps in a row hold all together less often than not.
Where a dispute alone keeps every route out, the answer still names the nearest one, both sides of
the dispute cited (``disputed_route``): papers that disagree are not papers that say nothing.

Routes are ranked by the evidence of their steps. A step's strength is the number of distinct papers
that state it (further sentences of the same paper count half: they repeat one group's finding),
scaled by how far the step can be trusted: supported (or asserted by the user) 1, possible (read by
one reader only, or stated only hedged) 1/2, contested (papers disagree on the sign) 1/4, and by the edge's confidence. A
route costs the sum of 1 / strength over its steps, like resistances in series: a chain is as weak as
its weak links and every further step adds cost; a possible step adds POSSIBLE_STEP_COST besides, so
a route of established steps ranks before every route with a possible step, and one possible step
before two, whatever their papers. A state intermediate (a condition such as "TIMP-2
deficiency", not an amount) adds half a step: it may be the mechanism, but a quantity says more. An
intermediate joined to much of the graph adds the share it touches (see HUB_SHARE).
"""

from __future__ import annotations

import heapq
import re
from collections.abc import Iterator
from dataclasses import dataclass
from itertools import islice

import networkx as nx

from engine.assembly.identity import entity_key, identity_key
from engine.reading.language.lexicon import CLASS_WORDS
from engine.model.graph import Edge, EdgeStatus, Graph, Node

MAX_ROUTE_EDGES = 6
MAX_MECHANISMS = 3
MAX_CANDIDATES = 40  # routes read at most per (source, target) pair
# A claim drawn as possible (one reader, or hedged) is supported by its sentence 86.9 % of the time
# (bench/faithfulness.py at 15dc4b9): four in a row all hold 57 % of the time, five 50 %, so a route
# of more is no more likely right than wrong. (Two, the bound before, cost HBP answers that were right:
# tune 38 → 41 answered, 30 → 33 right; held-out 30 → 32, 22 → 23.)
MAX_POSSIBLE_STEPS = 4
# The rules above in words, for whoever says why a graph offers no route to state (the answer, and
# the pipeline when it abstains).
UNSTATABLE_ROUTES = ("through a disease or a generic word, across a step whose sign the papers dispute, "
                     f"or on more than {MAX_POSSIBLE_STEPS} claims drawn by one reader")

STATUS_WEIGHT: dict[EdgeStatus, float] = {
    "supported": 1.0, "asserted-by-user": 1.0, "possible": 0.5, "contested": 0.25,
}
SAME_PAPER_SENTENCE_WEIGHT = 0.5
STATE_INTERMEDIATE_COST = 0.5
# A route through a hub sorts after every route without one, and a route through a disease after
# both (its cost is raised this much per such node), so the search meets the tiers in order. Within a
# tier, each possible step raises the cost by POSSIBLE_STEP_COST (at most MAX_POSSIBLE_STEPS of them,
# so they never reach the next tier): established routes first, then those with one possible step.
POSSIBLE_STEP_COST = 10.0
HUB_INTERMEDIATE_COST = 100.0
DISEASE_INTERMEDIATE_COST = 10_000.0

# A hub: a node joined to at least half of the graph's other linked nodes (HUB_SHARE), and to at
# least HUB_MIN_NEIGHBOURS. Through such a crossroads nearly any two nodes connect, so a chain through
# it says no more than that the graph is dense there. The bar is high on purpose: a question graph
# is grown around its ends and the nodes it queried, so a true intermediate (a kinase the papers
# discuss at length) often has many neighbours too; below the bar, connectedness only lowers a
# mechanism's rank (CONNECTEDNESS_COST per intermediate, times the share of the graph it touches).
# The floor keeps a small graph's ordinary nodes (three neighbours in a graph of five) from counting.
HUB_SHARE = 0.5
HUB_MIN_NEIGHBOURS = 5
CONNECTEDNESS_COST = 1.0

# Head words that name a clinical condition rather than an entity or process that could mediate an
# effect: "Alzheimer's disease", "cognitive impairment", "tauopathy", "neurodegeneration". Matched,
# or the medical suffix -opathy, on the head of each of a node's names (its label, aliases and
# merged names): the last word before any "of" phrase, so "disease-related proteins" and "etiology of
# cardiovascular diseases" are not diseases, while "pathology of AD" is.
DISORDER_HEADS = frozenset({
    "disease", "diseases", "disorder", "disorders", "syndrome", "syndromes", "dementia", "pathology",
    "pathologies", "pathogenesis", "neurodegeneration", "degeneration", "cancer", "cancers", "tumor",
    "tumors", "tumour", "tumours", "carcinoma", "impairment", "decline",
})
_WORD = re.compile(r"[a-z]+")
DISEASE_REASON = "a disease or clinical state"

_FILLERS = frozenset({"the", "a", "an", "this", "these", "that", "such", "its", "their", "other", "certain",
                      "various", "specific", "of"})
_NAME_WORD = re.compile(r"[a-z0-9]+")


@dataclass(frozen=True)
class Route:
    """One source → target path: its edges in order, its cost, and the intermediates that make it a
    chain rather than a mechanism (hub or disease-like nodes, each with the reason)."""

    edges: tuple[Edge, ...]
    cost: float
    broad: tuple[tuple[str, str], ...] = ()  # (node id, why: see broad_reasons)
    diseases: tuple[str, ...] = ()  # those of ``broad`` that are disease-like

    @property
    def nodes(self) -> list[str]:
        return [self.edges[0].source] + [edge.target for edge in self.edges]

    @property
    def intermediates(self) -> list[str]:
        return self.nodes[1:-1]

    @property
    def is_mechanism(self) -> bool:
        return len(self.edges) >= 2 and not self.diseases

    @property
    def tier(self) -> int:
        """0: no hub or disease on the way; 1: through a hub; 2: through a disease (a chain)."""
        return 2 if self.diseases else 1 if self.broad else 0


@dataclass(frozen=True)
class Routes:
    """What an answer states: the direct edges, the best mechanisms (of the best tier present), and
    (only when there is no mechanism) the best chain through a disease."""

    direct: list[Route]
    mechanisms: list[Route]
    chain: Route | None

    def __bool__(self) -> bool:
        return bool(self.direct or self.mechanisms or self.chain)


def step_strength(edge: Edge) -> float:
    """Distinct papers stating the edge (further sentences of a paper count half), times its status
    and confidence weights."""
    papers = {evidence.doc_id for evidence in edge.evidence}
    sentences = {(evidence.doc_id, evidence.sentence) for evidence in edge.evidence}
    if papers:
        count = len(papers) + SAME_PAPER_SENTENCE_WEIGHT * (len(sentences) - len(papers))
    else:  # a user's or the data's edge stands for one finding; a literature claim without a sentence less
        count = 0.5 if edge.origin == "literature" else 1.0
    return count * STATUS_WEIGHT[edge.status] * max(edge.confidence, 0.05)


def step_cost(edge: Edge) -> float:
    return 1.0 / step_strength(edge)


def other_sides(graph: Graph, edge: Edge) -> list[Edge]:
    """The other side of a contested edge: the directed edges between the same two nodes with the
    opposite sign (Integrate keeps both, each with its citations), strongest first; none for an edge
    that is not contested."""
    if edge.status != "contested":
        return []
    opposite = [other for other in graph.edges if other.source == edge.source and other.target == edge.target
                and other.sign != edge.sign and other.orientation == "directed"]
    return sorted(opposite, key=lambda other: (step_cost(other), other.id))


def is_disease_like(node: Node) -> bool:
    """A node named as a clinical condition (a disorder head word in any of its names)."""
    names = [node.label, *node.aliases, *(merged.name for merged in node.merged)]
    for name in names:
        words = _WORD.findall(re.split(r"\bof\b", name.lower())[0])
        if words and (words[-1] in DISORDER_HEADS or words[-1].endswith(("opathy", "opathies"))):
            return True
    return False


def is_generic(node: Node) -> bool:
    """A node whose label is made only of class words (see CLASS_WORDS), besides articles and the like."""
    words = [word for word in _NAME_WORD.findall(node.label.lower()) if word not in _FILLERS]
    return bool(words) and all(word in CLASS_WORDS or word.removesuffix("s") in CLASS_WORDS for word in words)


def is_established(edge: Edge) -> bool:
    """Drawn by both readers (supported) or asserted by the user."""
    return edge.status in ("supported", "asserted-by-user")


def chain_is_established(route: Route) -> bool:
    """A chain through a disease joins claims made about different things; it is offered only when
    each of those claims is established, never on a single reading."""
    return all(is_established(edge) for edge in route.edges)


def possible_steps(route: Route) -> int:
    return sum(edge.status == "possible" for edge in route.edges)


def connectedness(graph: Graph) -> dict[str, float]:
    """Node id → the share of the graph's other linked nodes it is joined to (0 to 1)."""
    neighbours: dict[str, set[str]] = {}
    for edge in graph.edges:
        if edge.source != edge.target:
            neighbours.setdefault(edge.source, set()).add(edge.target)
            neighbours.setdefault(edge.target, set()).add(edge.source)
    others = max(1, len(neighbours) - 1)
    return {node: len(near) / others for node, near in neighbours.items()}


def hubs(graph: Graph) -> dict[str, int]:
    """Hub node id → its number of distinct neighbours (see HUB_SHARE)."""
    share = connectedness(graph)
    others = max(1, len(share) - 1)
    counts = {node: round(part * others) for node, part in share.items()}
    return {node: count for node, count in counts.items() if count >= HUB_MIN_NEIGHBOURS and share[node] >= HUB_SHARE}


def broad_reasons(graph: Graph) -> dict[str, str]:
    """Node id → why it is a poor intermediate: a disease, or a hub."""
    reasons = {node_id: f"a hub, linked to {count} nodes" for node_id, count in hubs(graph).items()}
    for node in graph.nodes:
        if is_disease_like(node):
            reasons[node.id] = DISEASE_REASON
    return reasons


def best_edges(graph: Graph) -> dict[tuple[str, str], Edge]:
    """Per (source, target) pair the directed edge with the strongest evidence, an established one
    before any other."""
    best: dict[tuple[str, str], tuple[bool, float, str, Edge]] = {}
    for edge in graph.edges:
        if edge.orientation != "directed" or edge.source == edge.target:
            continue
        key, ranked = (edge.source, edge.target), (not is_established(edge), step_cost(edge), edge.id, edge)
        if key not in best or ranked[:3] < best[key][:3]:
            best[key] = ranked
    return {key: ranked[-1] for key, ranked in best.items()}


def find_routes(graph: Graph, max_mechanisms: int = MAX_MECHANISMS, max_edges: int = MAX_ROUTE_EDGES) -> Routes:
    """The direct edges, the ``max_mechanisms`` best mechanisms (each with an intermediate that no
    better one names), and the best chain when there is no mechanism."""
    best = best_edges(graph)
    direct = [_route((best[(s, t)],), {}, step_cost(best[(s, t)]))
              for s in graph.sources for t in graph.targets if (s, t) in best]
    reasons = broad_reasons(graph)
    digraph = _route_graph(graph, best, reasons)

    mechanisms: list[Route] = []
    chain: Route | None = None
    named: set[str] = set()
    # Cheapest first, lazily: the tiers come in order, so the first route of a worse tier than the
    # mechanisms found ends them; a route through a disease is the chain when there is no mechanism.
    for route in islice(_routes(graph, digraph, best, reasons, max_edges), MAX_CANDIDATES):
        if len(mechanisms) == max_mechanisms or (mechanisms and route.tier > mechanisms[0].tier):
            break
        if possible_steps(route) > MAX_POSSIBLE_STEPS:
            continue
        if not route.is_mechanism:
            if chain_is_established(route):
                chain = route
                break
            continue
        if set(route.intermediates) <= named:
            continue  # says nothing an earlier, better mechanism did not
        mechanisms.append(route)
        named |= set(route.intermediates)
    return Routes(direct=sorted(direct, key=lambda r: r.cost), mechanisms=mechanisms, chain=chain)


def disputed_route(graph: Graph, max_edges: int = MAX_ROUTE_EDGES) -> Route | None:
    """For a graph whose ends ``find_routes`` links by no route: the cheapest mechanism that only a
    dispute keeps from an answer (a step whose sign papers disagree on, nothing else that rules a route
    out), so that the answer can say the papers disagree rather than that they are silent. None
    where every route is ruled out otherwise (too many suggested steps, a disease, a generic word):
    those steps are as likely misread as not, and no answer shows them."""
    best = best_edges(graph)
    reasons = broad_reasons(graph)
    digraph = _route_graph(graph, best, reasons, disputed=True)
    for route in islice(_routes(graph, digraph, best, reasons, max_edges), MAX_CANDIDATES):
        if route.is_mechanism and possible_steps(route) <= MAX_POSSIBLE_STEPS and \
                any(edge.status == "contested" for edge in route.edges):
            return route
    return None


def disputed_steps(graph: Graph, route: Route | None) -> list[str]:
    """The contested steps of ``route`` in words, "from A to B" (none without a route)."""
    labels = {node.id: node.label for node in graph.nodes}
    return [f"from {labels[edge.source]} to {labels[edge.target]}"
            for edge in (route.edges if route else ()) if edge.status == "contested"]


def _route_graph(graph: Graph, best: dict[tuple[str, str], Edge], reasons: dict[str, str],
                 disputed: bool = False) -> nx.DiGraph:
    """The steps a route of two or more may take, each weighted by its cost (see the module's doc):
    no direct edge, no end passed on the way, no contested step (unless ``disputed``), no generic
    intermediate, no return to the thing an end is a form of."""
    kinds = graph.kinds()
    connected = connectedness(graph)
    ends = set(graph.sources) | set(graph.targets)
    generic = {node.id for node in graph.nodes if node.id not in ends and is_generic(node)}
    names = {node.id: frozenset(map(identity_key, [node.label, *node.aliases])) for node in graph.nodes}
    own = _own_things(graph)
    digraph = nx.DiGraph()
    for (source, target), edge in best.items():
        if source in graph.targets or target in graph.sources:
            continue  # a route runs from a source to a target without passing another end
        if source in graph.sources and target in graph.targets:
            continue  # the direct edge is stated apart
        if (edge.status == "contested" and not disputed) or source in generic or target in generic:
            continue
        if _turns_back(source, target, graph, names, own):
            continue
        penalty = 0.0 if target in ends else _intermediate_cost(target, kinds, reasons, connected)
        penalty += POSSIBLE_STEP_COST if edge.status == "possible" else 0.0
        digraph.add_edge(source, target, weight=step_cost(edge) + penalty)
    return digraph


def _own_things(graph: Graph) -> dict[str, frozenset[str]]:
    """End id → the keys of the things the end is a form of ("tau" for "tau phosphorylation"; none for
    an end that names a thing itself)."""
    ends = {node.id: node for node in graph.nodes if node.id in graph.sources or node.id in graph.targets}
    return {end_id: frozenset(key for name in [node.label, *node.aliases]
                              if (key := entity_key(name)) and key != identity_key(name))
            for end_id, node in ends.items()}


def _turns_back(start: str, end: str, graph: Graph, names: dict[str, frozenset[str]],
                own: dict[str, frozenset[str]]) -> bool:
    """Whether the step start → end reaches the thing a question source is a form of other than
    straight from that source, or leaves the thing a target is a form of other than straight into it."""
    if end not in own and any(names[end] & own.get(source, frozenset()) for source in graph.sources if source != start):
        return True
    return start not in own and any(names[start] & own.get(target, frozenset())
                                    for target in graph.targets if target != end)


def _intermediate_cost(
    node_id: str, kinds: dict[str, str], reasons: dict[str, str], connected: dict[str, float],
) -> float:
    if node_id in reasons:
        return DISEASE_INTERMEDIATE_COST if reasons[node_id] == DISEASE_REASON else HUB_INTERMEDIATE_COST
    state = STATE_INTERMEDIATE_COST if kinds.get(node_id) == "state" else 0.0
    return state + CONNECTEDNESS_COST * connected.get(node_id, 0.0)


def _route(edges: tuple[Edge, ...], reasons: dict[str, str], cost: float) -> Route:
    middle = [edge.target for edge in edges[:-1]]
    broad = tuple((node, reasons[node]) for node in middle if node in reasons)
    diseases = tuple(node for node, reason in broad if reason == DISEASE_REASON)
    return Route(edges=edges, cost=cost, broad=broad, diseases=diseases)


def _routes(
    graph: Graph, digraph: nx.DiGraph, best: dict[tuple[str, str], Edge], reasons: dict[str, str], max_edges: int,
) -> Iterator[Route]:
    """Routes of 2..max_edges steps over every (source, target) pair, cheapest first (Yen's simple
    paths per pair, merged), produced only as far as they are read."""
    per_pair = [
        _pair_routes(digraph, source, target, best, reasons, max_edges)
        for source in graph.sources for target in graph.targets
        if source != target and source in digraph and target in digraph
    ]
    return heapq.merge(*per_pair, key=lambda route: route.cost)


def _pair_routes(
    digraph: nx.DiGraph, source: str, target: str, best: dict[tuple[str, str], Edge], reasons: dict[str, str],
    max_edges: int,
) -> Iterator[Route]:
    corridor = _corridor(digraph, source, target, max_edges)
    if target not in corridor:
        return
    for path in islice(nx.shortest_simple_paths(corridor, source, target, weight="weight"), MAX_CANDIDATES):
        if len(path) - 1 > max_edges:
            continue
        edges = tuple(best[(a, b)] for a, b in zip(path, path[1:]))
        yield _route(edges, reasons, nx.path_weight(digraph, path, "weight"))


def _corridor(digraph: nx.DiGraph, source: str, target: str, max_edges: int) -> nx.DiGraph:
    """The part of ``digraph`` that a route of at most ``max_edges`` steps can use: nodes within reach
    of the source and of the target whose two distances sum to at most ``max_edges``. A large graph
    (one a user built) shrinks to the few nodes between the question's ends, so the path search stays
    fast after every edit."""
    ahead = nx.single_source_shortest_path_length(digraph, source, cutoff=max_edges)
    behind = nx.single_source_shortest_path_length(digraph.reverse(copy=False), target, cutoff=max_edges)
    return digraph.subgraph([n for n in ahead if n in behind and ahead[n] + behind[n] <= max_edges])
