"""Property tests: the clingo reasoner against a separately written reference on random graphs.

The reference below shares no code with engine/qpt.lp or engine/solver/reasoner.py. It enumerates every
assignment of values to the free nodes of a small graph and keeps those that (1) respect each
node's incoming contributions (DESIGN §4 points 2 and 3) and (2) are founded: starting from the
interventions and the unchanged nodes, a change counts as explained only when an incoming edge
from an already explained node pushes it that way, repeated to a fixpoint; every change must end
up explained (point 4). For acyclic graphs a second reference propagates forwards in topological
order, branching on ambiguous nodes, where foundedness holds by construction.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.model.graph import Edge, Graph, Node, Scenario, edge_id
from engine.solver.reasoner import Reasoner, label_graph

QUANTITY = ("increasing", "decreasing", "stable")
STATE = ("active", "inactive")
DIRECTION = {"increasing": 1, "decreasing": -1}


# --- reference semantics --------------------------------------------------------------------------
def push(edge: Edge, kinds: dict[str, str], values: dict[str, str]) -> int:
    """What ``edge`` does to its target under ``values``: +1 / -1 for a quantity target (pushed up
    or down), 1 for a state target it switches on, 0 for nothing."""
    source = values[edge.source]
    if kinds[edge.target] == "quantity":
        if kinds[edge.source] == "quantity":
            return edge.sign * DIRECTION.get(source, 0)
        return edge.sign if source == "active" else 0
    if kinds[edge.source] == "quantity":
        return 1 if DIRECTION.get(source) == edge.sign else 0
    return 1 if source == "active" else 0


def agrees(value: str, pushes: set[int], kind: str) -> bool:
    if kind == "state":
        return (value == "active") == (1 in pushes)
    if pushes == {1}:
        return value == "increasing"
    if pushes == {-1}:
        return value == "decreasing"
    if not pushes:
        return value == "stable"
    return True  # pushed both ways: ambiguous, any resolution


def supports(edge: Edge, kinds: dict[str, str], values: dict[str, str]) -> bool:
    """Whether ``edge`` pushes its target towards the target's current (changed) value."""
    wanted = {"increasing": 1, "decreasing": -1, "active": 1}.get(values[edge.target])
    return wanted is not None and push(edge, kinds, values) == wanted


def founded(graph: Graph, values: dict[str, str], intervened: set[str], edges: list[Edge]) -> bool:
    kinds = graph.kinds()
    explained = set(intervened) | {n for n, v in values.items() if v in ("stable", "inactive")}
    grew = True
    while grew:
        grew = False
        for edge in edges:
            if edge.target not in explained and edge.source in explained and supports(edge, kinds, values):
                explained.add(edge.target)
                grew = True
    return len(explained) == len(values)


def reference_labellings(graph: Graph, interventions: dict[str, str]) -> Iterator[dict[str, str]]:
    kinds = graph.kinds()
    edges = [e for e in graph.edges if e.orientation == "directed"]
    free = [n.id for n in graph.nodes if n.id not in interventions]
    domains = [QUANTITY if kinds[n] == "quantity" else STATE for n in free]
    for choice in itertools.product(*domains):
        values = {**interventions, **dict(zip(free, choice))}
        if all(
            agrees(values[n], {push(e, kinds, values) for e in edges if e.target == n} - {0}, kinds[n])
            for n in free
        ) and founded(graph, values, set(interventions), edges):
            yield values


def forward_labellings(graph: Graph, interventions: dict[str, str], order: list[str]) -> Iterator[dict[str, str]]:
    """Acyclic graphs only: label nodes in topological ``order``, branching where ambiguous."""
    kinds = graph.kinds()

    def extend(values: dict[str, str], rest: list[str]) -> Iterator[dict[str, str]]:
        if not rest:
            yield dict(values)
            return
        node, tail = rest[0], rest[1:]
        if node in interventions:
            options = [interventions[node]]
        else:
            pushes = {push(e, kinds, values) for e in graph.edges if e.target == node} - {0}
            domain = QUANTITY if kinds[node] == "quantity" else STATE
            options = [v for v in domain if agrees(v, pushes, kinds[node])]
        for option in options:
            values[node] = option
            yield from extend(values, tail)
        values.pop(node, None)

    yield from extend({}, order)


def reference_summary(graph: Graph, labellings: list[dict[str, str]]) -> tuple[dict[str, set[str]], dict[tuple[str, str], set[str]]]:
    """Possible values per node and, per (node, value), the edges that justify it somewhere."""
    kinds = graph.kinds()
    possible: dict[str, set[str]] = {n.id: set() for n in graph.nodes}
    justifying: dict[tuple[str, str], set[str]] = {}
    for values in labellings:
        for node, value in values.items():
            possible[node].add(value)
        for edge in graph.edges:
            # a change is justified by the edges pushing it that way; an ambiguous quantity resolved
            # stable by all the edges that push it at all (their pushes cancel)
            target_value = values[edge.target]
            if push(edge, kinds, values) != 0 and (target_value == "stable" or supports(edge, kinds, values)):
                justifying.setdefault((edge.target, target_value), set()).add(edge.id)
    return possible, justifying


# --- random graphs ----------------------------------------------------------------------------
@st.composite
def graphs_and_scenarios(
    draw: st.DrawFn, acyclic: bool, max_nodes: int = 6, max_edges: int = 18
) -> tuple[Graph, Scenario]:
    n = draw(st.integers(3, max_nodes))
    kinds = draw(st.lists(st.sampled_from(["quantity", "quantity", "quantity", "state"]), min_size=n, max_size=n))
    names = [f"{'s' if kind == 'state' else 'q'}{i}" for i, kind in enumerate(kinds)]
    pairs = [(i, j) for i in range(n) for j in range(n) if i != j and (i < j or not acyclic)]
    # dense enough that nodes pushed both ways (ambiguity) and loops are common
    chosen = draw(st.lists(st.sampled_from(pairs), min_size=min(n, len(pairs), max_edges),
                           max_size=min(3 * n, max_edges), unique=True))
    edges = []
    for i, j in chosen:
        relation = "influence" if kinds[i] == kinds[j] == "quantity" else "triggers"
        sign = 1 if kinds[i] == kinds[j] == "state" else draw(st.sampled_from([1, -1]))
        edges.append(Edge(id=edge_id(names[i], relation, sign, names[j]), source=names[i], target=names[j],
                          relation=relation, sign=sign))
    graph = Graph(nodes=[Node(id=name, label=name, kind=kind) for name, kind in zip(names, kinds)],  # type: ignore[arg-type]
                  edges=edges).validate_shapes()
    intervened = draw(st.lists(st.sampled_from(names), min_size=1, max_size=3, unique=True))
    moving = ("increasing", "decreasing", "increasing", "decreasing", "stable")  # mostly changes
    interventions = {
        name: draw(st.sampled_from(moving if graph.node(name).kind == "quantity" else STATE))
        for name in intervened
    }
    return graph, Scenario(interventions=interventions)


def assert_matches_reference(graph: Graph, scenario: Scenario, labellings: list[dict[str, str]]) -> None:
    reasoner = Reasoner(graph)
    assert reasoner.wait_for_grounding(60)
    labelling = reasoner.label(scenario)  # the switchable program, as a toggle solves it
    # a program grounded for this scenario alone (a first labelling) must say exactly the same
    assert label_graph(graph, scenario) == labelling
    if not labellings:
        assert labelling.status == "unsatisfiable"
        return
    assert labelling.status == "ok", labelling.message
    possible, justifying = reference_summary(graph, labellings)
    for node_id, label in labelling.labels.items():
        assert set(label.possible) == possible[node_id], node_id
        assert label.certain == (len(possible[node_id]) == 1)
        expected = set() if label.intervened else set().union(
            *(justifying.get((node_id, value), set()) for value in label.possible)
        )
        assert set(label.justification) == expected, (node_id, label.possible)


PROPERTY = settings(max_examples=100, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow])


@PROPERTY
@given(graphs_and_scenarios(acyclic=True))
def test_acyclic_graphs_match_forward_propagation(case: tuple[Graph, Scenario]) -> None:
    graph, scenario = case
    order = [n.id for n in graph.nodes]  # edges only go from lower to higher index
    forward = list(forward_labellings(graph, scenario.interventions, order))
    exhaustive = list(reference_labellings(graph, scenario.interventions))
    # the two references agree with each other, then the solver agrees with them
    assert sorted(map(sorted_items, forward)) == sorted(map(sorted_items, exhaustive))
    assert_matches_reference(graph, scenario, exhaustive)


@PROPERTY
@given(graphs_and_scenarios(acyclic=False))
def test_cyclic_graphs_match_exhaustive_reference(case: tuple[Graph, Scenario]) -> None:
    graph, scenario = case
    assert_matches_reference(graph, scenario, list(reference_labellings(graph, scenario.interventions)))


@settings(max_examples=40, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(graphs_and_scenarios(acyclic=False, max_nodes=5), st.data())
def test_observation_consistency_and_conditioned_labels(case: tuple[Graph, Scenario], data: st.DataObject) -> None:
    graph, scenario = case
    observed = data.draw(st.lists(st.sampled_from(graph.node_ids()), min_size=1, max_size=2, unique=True))
    observations = {
        n: data.draw(st.sampled_from(QUANTITY if graph.node(n).kind == "quantity" else STATE)) for n in observed
    }
    labellings = list(reference_labellings(graph, scenario.interventions))
    matching = [v for v in labellings if all(v[n] == value for n, value in observations.items())]
    labelling = Reasoner(graph).label(Scenario(interventions=scenario.interventions, observations=observations))
    assert labelling.consistent == bool(matching)
    possible, _ = reference_summary(graph, matching or labellings)
    assert {n: set(label.possible) for n, label in labelling.labels.items()} == possible
    assert (labelling.repairs == []) == bool(matching)


def scenarios_of(graph: Graph) -> st.SearchStrategy[Scenario]:
    """Any interventions on a graph's nodes, sometimes with an observation."""
    def values(node_id: str) -> st.SearchStrategy[str]:
        return st.sampled_from(QUANTITY if graph.node(node_id).kind == "quantity" else STATE)

    nodes = graph.node_ids()
    intervened = st.lists(st.sampled_from(nodes), max_size=3, unique=True)
    observed = st.lists(st.sampled_from(nodes), max_size=1)
    return st.tuples(intervened, observed).flatmap(lambda chosen: st.builds(
        Scenario,
        interventions=st.fixed_dictionaries({node: values(node) for node in chosen[0]}),
        observations=st.fixed_dictionaries({node: values(node) for node in chosen[1]}),
    ))


@settings(max_examples=40, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(graphs_and_scenarios(acyclic=False), st.data())
def test_relabelling_scenario_after_scenario_agrees_with_a_fresh_reasoner(
    case: tuple[Graph, Scenario], data: st.DataObject
) -> None:
    """A reasoner builds each labelling by updating its last one; after any sequence of toggles
    (and observations in between) every labelling is the one a fresh reasoner gives."""
    graph, first = case
    reasoner = Reasoner(graph)
    for scenario in [first, *(data.draw(scenarios_of(graph)) for _ in range(5))]:
        assert reasoner.label(scenario) == Reasoner(graph).label(scenario)


def repaired(graph: Graph, flips: set[str], removals: set[str]) -> Graph:
    edges = [e.model_copy(update={"sign": -e.sign}) if e.id in flips else e for e in graph.edges if e.id not in removals]
    return graph.model_copy(update={"edges": edges})


@settings(max_examples=25, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(graphs_and_scenarios(acyclic=False, max_nodes=4, max_edges=5), st.data())
def test_repairs_are_minimum_cost_and_really_repair(case: tuple[Graph, Scenario], data: st.DataObject) -> None:
    graph, scenario = case
    node = data.draw(st.sampled_from(graph.node_ids()))
    observations = {node: data.draw(st.sampled_from(QUANTITY if graph.node(node).kind == "quantity" else STATE))}
    labelling = Reasoner(graph).label(Scenario(interventions=scenario.interventions, observations=observations))
    if labelling.consistent:
        return
    kinds = graph.kinds()
    flippable = [e.id for e in graph.edges if not (kinds[e.source] == kinds[e.target] == "state")]

    def explains(flips: set[str], removals: set[str], trusted: dict[str, str]) -> bool:
        candidate = repaired(graph, flips, removals)
        return any(all(v[n] == x for n, x in trusted.items())
                   for v in reference_labellings(candidate, scenario.interventions))

    # brute-force minimum cost over every combination of edge actions and distrusted observations
    best = None
    for actions in itertools.product(("keep", "flip", "remove"), repeat=len(graph.edges)):
        flips = {e.id for e, a in zip(graph.edges, actions) if a == "flip"}
        if flips - set(flippable):
            continue
        removals = {e.id for e, a in zip(graph.edges, actions) if a == "remove"}
        for distrusted in (set(), {node}):
            cost = len(flips) + len(removals) + len(distrusted)
            if (best is None or cost < best) and explains(flips, removals,
                                                            {n: v for n, v in observations.items() if n not in distrusted}):
                best = cost
    assert labelling.repairs, "an inconsistent scenario must come with repairs"
    for repair_set in labelling.repairs:
        assert repair_set.cost == best == len(repair_set.repairs)
        flips = {r.target for r in repair_set.repairs if r.action == "flip_edge"}
        removals = {r.target for r in repair_set.repairs if r.action == "remove_edge"}
        distrusted = {r.target for r in repair_set.repairs if r.action == "distrust_observation"}
        assert explains(flips, removals, {n: v for n, v in observations.items() if n not in distrusted})


def sorted_items(values: dict[str, str]) -> list[tuple[str, str]]:
    return sorted(values.items())
