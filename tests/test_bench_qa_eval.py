"""bench/qa_eval.py: why an unanswered question was lost, read from the result's graph (invented names); a stale claim store is reported."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from types import SimpleNamespace

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.qa_eval import answering_target, failure_kind, stale_claim_store  # noqa: E402
from engine.model.graph import Edge, Graph, Node, edge_id  # noqa: E402
from engine.reading.parse.store import STORE_FILE, reader_version  # noqa: E402


def _result(edges: list[tuple[str, str]]) -> SimpleNamespace:
    names = ["zorin", "velkin", "pelt", "quarz"]
    graph = Graph(
        question="How does zorin impact pelt?",
        nodes=[Node(id=name, label=name) for name in names],
        edges=[Edge(id=edge_id(s, "influence", 1, t), source=s, target=t, relation="influence", sign=1)
               for s, t in edges],
        sources=["zorin"], targets=["pelt"],
    )
    return SimpleNamespace(analysis=SimpleNamespace(abstained=False), graph=graph)


def test_a_chain_the_answer_cannot_state_is_told_apart_from_no_chain() -> None:
    assert failure_kind(_result([("zorin", "velkin"), ("velkin", "pelt")])) == (
        "a chain links the ends, but no route the answer can state")
    assert failure_kind(_result([("zorin", "velkin"), ("quarz", "pelt")])) == (
        "both ends have claims but no chain meets")
    assert failure_kind(_result([("zorin", "velkin")])) == "no evidenced claim on the target"


def test_a_claim_store_of_another_reader_version_is_reported(tmp_path: Path) -> None:
    store = tmp_path / STORE_FILE
    store.write_text(json.dumps({"reader_version": "older"}) + "\n" + json.dumps({"key": "k", "claims": []}) + "\n")
    assert "corpus ensure" in stale_claim_store(SimpleNamespace(index_dir=tmp_path))
    store.write_text(json.dumps({"reader_version": reader_version()}) + "\n" + json.dumps({"key": "k", "claims": []}) + "\n")
    assert stale_claim_store(SimpleNamespace(index_dir=tmp_path)) is None
    assert stale_claim_store(SimpleNamespace()) is None  # an index kept in memory has no store


def test_the_answering_target_is_the_question_target_or_a_kind_a_source_reaches() -> None:
    graph = _result([("zorin", "quarz")]).graph.model_copy(update={"targets": ["pelt", "quarz"]})
    assert answering_target(graph) == "quarz"  # the question's own target is not reached
    reached = _result([("zorin", "pelt"), ("zorin", "quarz")]).graph.model_copy(update={"targets": ["pelt", "quarz"]})
    assert answering_target(reached) == "pelt"
    assert answering_target(_result([]).graph) == "pelt"
