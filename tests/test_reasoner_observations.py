"""Observations as iggy checks them: uncertain measurements, minimal inconsistent cores, several
experiments. Checked against the exhaustive reference of test_reasoner_property (no shared code with
the .lp files), and through ``python -m engine label``."""

from __future__ import annotations

import itertools
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.__main__ import main as engine_main
from engine.model.graph import Edge, Graph, GraphError, Node, Scenario, edge_id, parse_observed
from engine.solver.reasoner import Reasoner
from test_reasoner_property import QUANTITY, STATE, graphs_and_scenarios, reference_labellings

UNCERTAIN = ("not increasing", "not decreasing")


def allows(measured: str, value: str) -> bool:
    """Whether a node at ``value`` reproduces the measurement (written apart from qpt_observe.lp)."""
    if measured == "not increasing":
        return value != "increasing"
    if measured == "not decreasing":
        return value != "decreasing"
    return measured == value


def explained(graph: Graph, interventions: dict[str, str], observations: dict[str, str]) -> bool:
    return any(all(allows(m, v[n]) for n, m in observations.items())
               for v in reference_labellings(graph, interventions))


def with_edges(graph: Graph, edge_ids: set[str]) -> Graph:
    return graph.model_copy(update={"edges": [e for e in graph.edges if e.id in edge_ids]})


def clashes_whatever_the_other_edges(graph: Graph, interventions: dict[str, str], observations: dict[str, str],
                                     edges: set[str]) -> bool:
    """No choice of the other edges (each there or not) lets these measurements and edges hold."""
    others = [e.id for e in graph.edges if e.id not in edges]
    return not any(
        explained(with_edges(graph, edges | set(chosen)), interventions, observations)
        for size in range(len(others) + 1) for chosen in itertools.combinations(others, size)
    )


def measured(graph: Graph, data: st.DataObject, count: int) -> dict[str, str]:
    nodes = data.draw(st.lists(st.sampled_from(graph.node_ids()), min_size=1, max_size=count, unique=True))
    return {n: data.draw(st.sampled_from(QUANTITY + UNCERTAIN if graph.node(n).kind == "quantity" else STATE))
            for n in nodes}


@settings(max_examples=40, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(graphs_and_scenarios(acyclic=False, max_nodes=5), st.data())
def test_uncertain_measurements_match_the_reference(case, data) -> None:
    graph, scenario = case
    observations = measured(graph, data, 2)
    labelling = Reasoner(graph).label(Scenario(interventions=scenario.interventions, observations=observations))
    assert labelling.consistent == explained(graph, scenario.interventions, observations)
    if labelling.consistent:  # the labels are those of the resolutions that reproduce the measurements
        matching = [v for v in reference_labellings(graph, scenario.interventions)
                    if all(allows(m, v[n]) for n, m in observations.items())]
        assert {n: set(label.possible) for n, label in labelling.labels.items()} == {
            n: {v[n] for v in matching} for n in graph.node_ids()}
    else:
        assert labelling.repairs and labelling.cores


@settings(max_examples=30, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(graphs_and_scenarios(acyclic=False, max_nodes=4, max_edges=5), st.data())
def test_cores_clash_and_are_minimal(case, data) -> None:
    graph, scenario = case
    observations = measured(graph, data, 3)
    labelling = Reasoner(graph).label(Scenario(interventions=scenario.interventions, observations=observations))
    if labelling.consistent:
        assert labelling.cores == []
        return
    assert labelling.cores
    for core in labelling.cores:
        core_observations = {n: observations[n] for n in core.observations}
        assert core_observations, "without a measurement nothing can clash"
        assert clashes_whatever_the_other_edges(graph, scenario.interventions, core_observations, set(core.edges))
        for dropped in core.observations:  # minimal: without any one element the rest can hold
            rest = {n: m for n, m in core_observations.items() if n != dropped}
            assert not clashes_whatever_the_other_edges(graph, scenario.interventions, rest, set(core.edges))
        for dropped in core.edges:
            assert not clashes_whatever_the_other_edges(graph, scenario.interventions, core_observations,
                                                         set(core.edges) - {dropped})
    assert len({(tuple(c.observations), tuple(c.edges)) for c in labelling.cores}) == len(labelling.cores)


def _chain() -> Graph:
    """drug ⊣ kinase → substrate → growth; drug → stress."""
    nodes = [Node(id=n, label=n) for n in ("drug", "kinase", "substrate", "growth", "stress")]
    specs = [("drug", "kinase", -1), ("kinase", "substrate", 1), ("substrate", "growth", 1), ("drug", "stress", 1)]
    edges = [Edge(id=edge_id(s, "influence", sign, t), source=s, target=t, sign=sign) for s, t, sign in specs]
    return Graph(question="How does drug affect growth?", nodes=nodes, edges=edges,
                 sources=["drug"], targets=["growth"]).validate_shapes()


def test_a_core_names_the_measurements_and_the_path_that_clash() -> None:
    graph = _chain()
    labelling = Reasoner(graph).label(Scenario(interventions={"drug": "increasing"},
                                               observations={"substrate": "not decreasing", "stress": "increasing"}))
    assert labelling.consistent is False
    assert [(c.observations, c.edges) for c in labelling.cores] == [
        (["substrate"], ["drug->kinase", "kinase+>substrate"])]
    assert {tuple((r.action, r.target) for r in s.repairs) for s in labelling.repairs} == {
        (("distrust_observation", "substrate"),), (("flip_edge", "drug->kinase"),),
        (("flip_edge", "kinase+>substrate"),), (("remove_edge", "drug->kinase"),),
        (("remove_edge", "kinase+>substrate"),)}


@pytest.mark.parametrize(("text", "value"), [
    ("up", "increasing"), ("not up", "not increasing"), ("NOT  down", "not decreasing"),
    ("not on", "inactive"), ("not off", "active"), ("off", "inactive"),
])
def test_parse_observed(text: str, value: str) -> None:
    assert parse_observed(text) == value


def test_an_uncertain_value_is_for_quantities_only() -> None:
    with pytest.raises(GraphError, match="not stable"):
        parse_observed("not stable")
    graph = _chain().model_copy(update={"nodes": [*_chain().nodes, Node(id="s", label="s", kind="state")]})
    with pytest.raises(GraphError, match="observation s=not increasing"):
        Scenario(observations={"s": "not increasing"}).validate_against(graph)


def test_cli_checks_several_experiments_with_repairs_and_cores(tmp_path, capsys) -> None:
    graph_path = tmp_path / "graph.json"
    graph_path.write_text(_chain().to_json())
    experiments = [
        {"name": "drug dose", "scenario": {"interventions": {"drug": "increasing"},
                                           "observations": {"growth": "decreasing", "stress": "increasing"}}},
        {"name": "washout", "scenario": {"interventions": {"drug": "decreasing"},
                                         "observations": {"growth": "not increasing"}}},
    ]
    path = tmp_path / "experiments.json"
    path.write_text(json.dumps(experiments))
    assert engine_main(["label", str(graph_path), "--experiments", str(path), "--json"]) == 0
    checks = {e["name"]: e for e in json.loads(capsys.readouterr().out)["experiments"]}
    assert checks["drug dose"]["consistent"] is True and checks["drug dose"]["cores"] == []
    assert checks["washout"]["consistent"] is False
    assert checks["washout"]["cores"] == [{"observations": ["growth"],
                                          "edges": ["drug->kinase", "kinase+>substrate", "substrate+>growth"]}]
    assert len(checks["washout"]["repairs"]) == 7  # distrust, or flip or remove one of the three edges
    assert engine_main(["label", str(graph_path), "--observe", "growth=not up", "--set", "drug=down"]) == 0
    text = capsys.readouterr().out
    assert "NOT consistent" in text and "core 1: growth=not increasing clash with drug->kinase" in text

    path.write_text(json.dumps([{"name": "bad", "scenario": {"observations": {"nowhere": "up"}}}]))
    assert engine_main(["label", str(graph_path), "--experiments", str(path)]) == 2
    assert "experiment 'bad'" in capsys.readouterr().err


def test_a_possible_edge_never_takes_part_in_a_clash() -> None:
    graph = _chain()
    graph = graph.model_copy(update={"edges": [
        e.model_copy(update={"status": "possible"}) if e.id == "kinase+>substrate" else e for e in graph.edges]})
    labelling = Reasoner(graph).label(Scenario(interventions={"drug": "increasing"},
                                               observations={"substrate": "not decreasing"}))
    # the only way to the clash runs through the possible edge, and with it idle substrate stays
    # stable, which the measurement allows: nothing clashes for certain
    assert labelling.cores == []
