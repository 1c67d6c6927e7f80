"""Certainty that reflects the evidence: a possible edge (read by one reader only) may or may not act,
so a label resting on it alone is not certain; contested edges are ambiguous by the semantics.
Expected labellings worked out by hand from engine/qpt_possible.lp and engine/qpt.lp."""

from __future__ import annotations

from engine.model.graph import EdgeStatus, Evidence, Graph, Scenario, is_tentative
from engine.solver.reasoner import Reasoner, label_graph
from tests.test_reasoner import ANY, INC, STABLE, do, make_graph, summary


def _with_status(graph: Graph, status: EdgeStatus, *edge_ids: str) -> Graph:
    edges = [edge.model_copy(update={"status": status}) if edge.id in edge_ids else edge for edge in graph.edges]
    return graph.model_copy(update={"edges": edges}).validate_shapes()


def test_a_label_resting_on_a_possible_edge_is_not_certain() -> None:
    graph = _with_status(make_graph("a b c", [("a", "b", 1), ("b", "c", -1)]), "possible", "a+>b")
    labelling = label_graph(graph, do(a="increasing"))
    assert summary(labelling) == {"a": INC, "b": ("increasing", "stable"), "c": ("decreasing", "stable")}
    assert labelling.labels["b"].justification == ("a+>b",)


def test_a_supported_route_beside_a_possible_one_keeps_the_label_certain() -> None:
    graph = make_graph("a m n c", [("a", "m", 1), ("m", "c", 1), ("a", "n", 1), ("n", "c", 1)])
    graph = _with_status(graph, "possible", "a+>m")
    assert summary(label_graph(graph, do(a="increasing"))) == {
        "a": INC, "m": ("increasing", "stable"), "n": INC, "c": INC}


def test_a_possible_edge_against_a_supported_one_makes_the_target_ambiguous() -> None:
    graph = make_graph("a b c", [("a", "c", 1), ("b", "c", -1)])
    graph = _with_status(graph, "possible", "b->c")
    assert summary(label_graph(graph, do(a="increasing", b="increasing")))["c"] == ANY


def test_a_possible_state_trigger_may_leave_the_state_inactive() -> None:
    graph = _with_status(make_graph("a S", [("a", "S", 1)]), "possible", "a+>>S")
    assert summary(label_graph(graph, do(a="increasing")))["S"] == ("active", "inactive")


def test_contested_edges_of_both_signs_are_ambiguous_by_semantics() -> None:
    graph = make_graph("a b c", [("a", "b", 1), ("a", "b", -1), ("b", "c", 1)])
    graph = _with_status(graph, "contested", "a+>b", "a->b")
    assert summary(label_graph(graph, do(a="increasing"))) == {"a": INC, "b": ANY, "c": ANY}


def test_toggles_on_the_switchable_program_agree_with_one_scenario_labelling() -> None:
    graph = make_graph("a b c d", [("a", "b", 1), ("b", "c", -1), ("d", "c", 1), ("c", "a", 1)])
    graph = _with_status(graph, "possible", "b->c", "c+>a")
    reasoner = Reasoner(graph)
    assert reasoner.wait_for_grounding(60)
    for scenario in (do(a="increasing"), do(d="decreasing"), do(a="increasing", d="increasing"), do(b="decreasing")):
        assert summary(reasoner.label(scenario)) == summary(label_graph(graph, scenario))


def test_a_status_change_regrounds_and_changes_the_certainty() -> None:
    graph = make_graph("a b", [("a", "b", 1)], sources=("a",))
    reasoner = Reasoner(graph)
    assert summary(reasoner.label())["b"] == INC
    possible = reasoner.with_graph(_with_status(graph, "possible", "a+>b"))
    assert possible is not reasoner
    assert summary(possible.label())["b"] == ("increasing", "stable")
    back = possible.with_graph(graph)
    assert summary(back.label())["b"] == INC


def test_an_observation_the_idle_edge_explains_needs_no_repair() -> None:
    graph = _with_status(make_graph("a b", [("a", "b", 1)]), "possible", "a+>b")
    labelling = Reasoner(graph).label(Scenario(interventions={"a": "increasing"}, observations={"b": "stable"}))
    assert labelling.consistent is True and summary(labelling)["b"] == STABLE
    labelling = Reasoner(graph).label(Scenario(interventions={"a": "increasing"}, observations={"b": "decreasing"}))
    assert labelling.consistent is False
    assert [[(r.action, r.target) for r in s.repairs] for s in labelling.repairs] == [
        [("distrust_observation", "b")], [("flip_edge", "a+>b")]]


def _cited_by(graph: Graph, edge_id: str, *papers: str) -> Graph:
    evidence = [Evidence(doc_id=paper, sentence=f"A sentence of {paper} stating {edge_id}.") for paper in papers]
    edges = [edge.model_copy(update={"evidence": evidence}) if edge.id == edge_id else edge for edge in graph.edges]
    return graph.model_copy(update={"edges": edges}).validate_shapes()


def test_an_edge_one_paper_states_is_tentative_and_two_papers_make_it_established() -> None:
    graph = make_graph("a b", [("a", "b", 1)])
    [edge] = _cited_by(graph, "a+>b", "p1").edges
    assert is_tentative(edge)
    [edge] = _cited_by(graph, "a+>b", "p1", "p1").edges  # two sentences of one paper are still one paper
    assert is_tentative(edge)
    [edge] = _cited_by(graph, "a+>b", "p1", "p2").edges
    assert not is_tentative(edge)
    assert is_tentative(edge.model_copy(update={"status": "possible"}))
    assert not is_tentative(edge.model_copy(update={"evidence": [], "origin": "literature"}))  # an older graph
    assert not is_tentative(edge.model_copy(update={"evidence": edge.evidence[:1], "origin": "user"}))


def test_a_chain_of_single_paper_claims_leans_but_is_never_certain() -> None:
    graph = make_graph("a m c", [("a", "m", 1), ("m", "c", -1)])
    graph = _cited_by(_cited_by(graph, "a+>m", "p1", "p2"), "m->c", "p3")
    assert summary(label_graph(graph, do(a="increasing"))) == {
        "a": INC, "m": INC, "c": ("decreasing", "stable")}
    both = _cited_by(graph, "m->c", "p3", "p4")
    assert summary(label_graph(both, do(a="increasing")))["c"] == ("decreasing",)


def test_a_replicated_route_beside_a_single_paper_one_keeps_the_label_certain() -> None:
    graph = make_graph("a m n c", [("a", "m", 1), ("m", "c", 1), ("a", "n", 1), ("n", "c", 1)])
    for edge_id in ("a+>n", "n+>c", "m+>c"):
        graph = _cited_by(graph, edge_id, "p1", "p2")
    graph = _cited_by(graph, "a+>m", "p3")
    assert summary(label_graph(graph, do(a="increasing"))) == {
        "a": INC, "m": ("increasing", "stable"), "n": INC, "c": INC}


def test_citing_a_second_paper_regrounds_and_makes_the_label_certain() -> None:
    graph = _cited_by(make_graph("a b", [("a", "b", 1)], sources=("a",)), "a+>b", "p1")
    reasoner = Reasoner(graph)
    assert summary(reasoner.label())["b"] == ("increasing", "stable")
    replicated = reasoner.with_graph(_cited_by(graph, "a+>b", "p1", "p2"))
    assert replicated is not reasoner
    assert summary(replicated.label())["b"] == INC
