"""The cross-check in the question pipeline, on the hand-written fixture corpus of test_pipeline."""

from __future__ import annotations

import pytest
from test_pipeline import QUESTION, FixtureIndex

from engine.pipeline import ask
from engine.settings import PipelineSettings, Settings


@pytest.fixture(scope="module")
def checked():
    return ask(QUESTION, FixtureIndex(), Settings())


def test_edges_without_an_agreed_sentence_are_possible(checked) -> None:
    assert not checked.abstained, checked.reason
    statuses = {}
    for edge in checked.graph.edges:
        agreed = any(len(e.readers) >= 2 for e in edge.evidence)
        assert edge.status == ("supported" if agreed else "possible"), edge
        assert all(set(e.readers) <= {"rules", "parse"} and e.readers for e in edge.evidence)
        statuses[(edge.source, edge.target)] = edge.status
    # "Chronic stress elevates cortisol levels": both readers read it alike
    assert statuses[("chronic_stress", "cortisol")] == "supported"


def test_without_the_cross_check_every_claim_is_the_rules_readers() -> None:
    result = ask(QUESTION, FixtureIndex(), Settings(pipeline=PipelineSettings(cross_check=False)))
    assert result.graph.edges
    assert all(edge.status != "possible" for edge in result.graph.edges)
    assert {r for edge in result.graph.edges for e in edge.evidence for r in e.readers} == {"rules"}
