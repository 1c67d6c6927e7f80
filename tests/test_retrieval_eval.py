"""Evaluation metrics, BEIR file readers and BM25 scaling (no embedding model needed)."""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pytest

from retrieval.evaluation import EvaluationError, ndcg_at_k, read_qrels, read_queries, recall_at_k
from retrieval.lexical import LexicalIndex


def test_ndcg_matches_a_hand_computation() -> None:
    relevant = {"a": 1, "b": 1}
    assert ndcg_at_k(["a", "b", "x"], relevant) == pytest.approx(1.0)
    # One relevant at rank 2 out of two relevant: (1/log2 3) / (1 + 1/log2 3).
    expected = (1 / math.log2(3)) / (1 + 1 / math.log2(3))
    assert ndcg_at_k(["x", "a", "y"], relevant) == pytest.approx(expected)
    assert ndcg_at_k(["x"] * 10 + ["a"], relevant) == 0.0  # beyond rank 10
    assert ndcg_at_k(["a"], {"a": 2, "b": 1}) == pytest.approx(2 / (2 + 1 / math.log2(3)))


def test_recall_at_100() -> None:
    assert recall_at_k(["a", "x"], {"a": 1, "b": 1}) == 0.5
    assert recall_at_k([f"d{i}" for i in range(100)] + ["a"], {"a": 1}) == 0.0


def test_beir_readers_and_their_errors(tmp_path: Path) -> None:
    queries = tmp_path / "queries.jsonl"
    queries.write_text('{"_id": "1", "text": "claim one", "metadata": {}}\n\n{"_id": 2, "text": "claim two"}\n')
    assert read_queries(queries) == {"1": "claim one", "2": "claim two"}
    qrels = tmp_path / "qrels.tsv"
    qrels.write_text("query-id\tcorpus-id\tscore\n1\t10\t1\n1\t11\t1\n2\t12\t2\n")
    assert read_qrels(qrels) == {"1": {"10": 1, "11": 1}, "2": {"12": 2}}
    qrels.write_text("query-id\tcorpus-id\tscore\n1\t10\n")
    with pytest.raises(EvaluationError, match="line 2"):
        read_qrels(qrels)
    queries.write_text('{"id": "1"}\n')
    with pytest.raises(EvaluationError, match="line 1"):
        read_queries(queries)


def test_bm25_with_stemming_and_query_ceiling() -> None:
    index = LexicalIndex.build([
        "Smoking increases inflammation.",
        "Inflammatory cytokines increased after smoking cessation failed.",
        "Exercise lowers blood pressure.",
    ])
    scores, ceiling = index.scores("smokers and inflammation")
    assert scores.shape == (3,)
    assert scores[0] > 0 and scores[1] == 0 and scores[2] == 0  # "smokers" stems to "smoker", not "smoke"
    assert 0 < scores.max() <= ceiling + 1e-6
    scores, ceiling = index.scores("increase")
    assert scores[0] > 0 and scores[1] > 0  # increases / increased share the stem
    assert index.scores("unrelated words only")[1] == 0.0
    assert not np.any(index.scores("")[0])


def test_bm25_round_trip(tmp_path: Path) -> None:
    index = LexicalIndex.build(["Tau binds microtubules.", "Amyloid forms plaques."])
    index.save(tmp_path / "bm25")
    loaded = LexicalIndex.load(tmp_path / "bm25")
    assert loaded.size == 2
    assert np.allclose(loaded.scores("amyloid plaques")[0], index.scores("amyloid plaques")[0])
    assert loaded.scores("amyloid plaques")[1] == pytest.approx(index.scores("amyloid plaques")[1])
