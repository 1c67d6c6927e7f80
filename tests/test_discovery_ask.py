"""Questions in words on a learned graph (with abstention on unstable edges), the literature as soft
orientation hints with its verdict per data edge, and the merge report."""

from __future__ import annotations

import pytest

from engine.discovery.ask import ask, cause, depends_on, relation
from engine.discovery.compare import merge_with_report
from engine.discovery.errors import DiscoveryError
from engine.discovery.priors import apply_literature_hints, with_literature_verdicts
from engine.discovery.run import DiscoveredEdge, DiscoveryResult
from engine.model.graph import Edge, Graph, Node


def _edge(source: str, target: str, endpoints: str = "-->", stability: float | None = None,
          orientation: float | None = None, sign: int = 1) -> DiscoveredEdge:
    kind = {"-->": "directed", "---": "undirected", "<->": "bidirected", "o->": "partial"}[endpoints]
    return DiscoveredEdge(source=source, target=target, type=kind, endpoints=endpoints, sign=sign, weight=0.5 * sign,
                          stability=stability, orientation_stability=orientation,
                          stable=None if stability is None else stability >= 0.6)


def _result(edges: list[DiscoveredEdge], runs: int = 0, absent: list | None = None) -> DiscoveryResult:
    return DiscoveryResult(method="pc", options={"method": "pc"}, data_kind="continuous",
                           variables=["rain", "wet", "slip", "sun"], edges=edges, rows_used=100, seconds=0.1,
                           bootstrap_runs=runs, stable_threshold=0.6 if runs else None, absent_frequency=absent or [])


def test_cause_follows_settled_paths_and_abstains_on_unstable_ones() -> None:
    stable = _result([_edge("rain", "wet", stability=0.9, orientation=0.9),
                      _edge("wet", "slip", stability=0.95, orientation=0.8)], runs=20)
    answer = cause(stable, "rain", "slip")
    assert answer.answer == "yes" and answer.witnesses == ["rain", "wet", "slip"]
    assert cause(stable, "slip", "rain").answer == "no"
    assert cause(stable, "sun", "slip").answer == "no"
    shaky = _result([_edge("rain", "wet", stability=0.9, orientation=0.9),
                     _edge("wet", "slip", stability=0.4, orientation=0.3)], runs=20)
    assert cause(shaky, "rain", "slip").answer == "uncertain"
    flipping = _result([_edge("rain", "wet", stability=0.9, orientation=0.5)], runs=20)
    assert cause(flipping, "rain", "wet").answer == "uncertain"  # the direction itself is not stable
    # An absent edge that half the subsamples find is no ground for "no".
    half = _result([], runs=20, absent=[("rain", "sun", 0.5)])
    assert cause(half, "rain", "sun").answer == "uncertain"


def test_undirected_edge_leaves_the_direction_open() -> None:
    result = _result([_edge("rain", "wet", "---")])
    assert cause(result, "rain", "wet").answer == "uncertain"
    assert "single run" in cause(result, "rain", "wet").explanation
    assert relation(result, "rain", "wet").choice is None


def test_relation_picks_one_of_three_or_abstains() -> None:
    result = _result([_edge("rain", "wet", stability=1.0, orientation=1.0)], runs=10)
    assert relation(result, "rain", "wet").choice == "rain -> wet"
    assert relation(result, "wet", "rain").choice == "rain -> wet"
    assert relation(result, "rain", "sun").choice == "no relation"


def test_depends_on_separates_causes_open_links_unstable_links_and_effects() -> None:
    result = _result([_edge("rain", "wet", stability=0.9, orientation=0.9),
                      _edge("sun", "wet", "---", stability=0.9, orientation=0.9),
                      _edge("slip", "wet", stability=0.3, orientation=0.3)], runs=10)
    answer = depends_on(result, "wet")
    assert answer.answer == "yes" and answer.witnesses == ["rain"]
    assert "sun is linked to wet but the direction is not settled" in answer.explanation
    assert "slip is linked only in some subsamples" in answer.explanation


def test_questions_in_words_match_columns_leniently_and_refuse_other_forms() -> None:
    result = _result([_edge("rain", "wet")])
    assert ask(result, "Is Rain a cause of wet?").answer == "yes"
    assert ask(result, "Which variables does WET depend on?").witnesses == ["rain"]
    with pytest.raises(DiscoveryError, match="not a column"):
        ask(result, "Is snow a cause of wet?")
    with pytest.raises(DiscoveryError, match="Is X a cause of Y"):
        ask(result, "tell me everything")


def _literature() -> Graph:
    nodes = [Node(id=n, label=n) for n in ("rain", "wet", "slip", "sun")]
    edges = [Edge(id=f"{a}-{b}", source=a, target=b, relation="influence", sign=s, origin="literature")
             for a, b, s in [("rain", "wet", 1), ("slip", "wet", 1), ("sun", "wet", -1)]]
    return Graph(nodes=nodes, edges=edges).validate_shapes()


def test_literature_hints_orient_only_what_the_data_left_open() -> None:
    result = _result([_edge("wet", "rain", "---"), _edge("wet", "slip"), _edge("sun", "wet", "---")])
    hinted, done = apply_literature_hints(result, _literature())
    assert done == ["rain -> wet", "sun -> wet"]
    edges = {(e.source, e.target): e for e in hinted.edges}
    assert edges[("rain", "wet")].oriented_by == "literature" and edges[("rain", "wet")].type == "directed"
    assert edges[("wet", "slip")].oriented_by == "data"  # the data's own direction is kept against the literature
    verdicts = {(e.source, e.target): e.literature for e in with_literature_verdicts(hinted, _literature()).edges}
    assert verdicts[("rain", "wet")] == "confirmed"
    assert verdicts[("wet", "slip")] == "contradicted"
    assert verdicts[("sun", "wet")] == "contradicted"  # the literature's sign is negative


def test_merge_report_says_what_the_merge_did() -> None:
    data = _result([_edge("rain", "wet"), _edge("sun", "slip")]).to_graph()
    merged, report = merge_with_report(_literature(), data)
    assert len(report.matched_nodes) == 4 and report.added_nodes == []
    assert report.added_edges == 2 and report.agreed_edges == 1
    assert len(merged.edges) == 5
    assert report.summary().startswith("Merged: 4 column(s) joined existing nodes")
