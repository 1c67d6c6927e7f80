"""Document-level retrieval evaluation on BEIR-style data: nDCG@10 and Recall@100.

Queries are JSONL ``{_id, text}``; relevance judgements (qrels) are the BEIR TSV
``query-id  corpus-id  score`` with a header line. A document is ranked by its best sentence.
"""

from __future__ import annotations

import json
import math
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np
from pydantic import BaseModel

from retrieval.index import PaperIndex, SearchMode


class EvaluationError(ValueError):
    """A queries or qrels file that cannot be read; the message names the file and line."""


class EvaluationResult(BaseModel):
    mode: str
    queries: int
    ndcg_at_10: float
    recall_at_100: float
    latency_median_ms: float
    latency_p95_ms: float
    cpu_median_ms: float


def read_queries(path: Path) -> dict[str, str]:
    queries: dict[str, str] = {}
    with open(path, encoding="utf-8") as lines:
        for number, line in enumerate(lines, start=1):
            if not line.strip():
                continue
            try:
                record = json.loads(line)
                queries[str(record["_id"])] = str(record["text"])
            except (json.JSONDecodeError, KeyError, TypeError) as error:
                raise EvaluationError(f"{path} line {number}: expected {{\"_id\", \"text\"}} ({error})") from None
    return queries


def read_qrels(path: Path) -> dict[str, dict[str, int]]:
    qrels: dict[str, dict[str, int]] = {}
    with open(path, encoding="utf-8") as lines:
        for number, line in enumerate(lines, start=1):
            fields = line.rstrip("\n").split("\t")
            if number == 1 and fields[0] == "query-id":
                continue
            if not line.strip():
                continue
            try:
                query_id, doc_id, grade = fields[0], fields[1], int(fields[2])
            except (IndexError, ValueError):
                raise EvaluationError(f"{path} line {number}: expected 'query-id<TAB>corpus-id<TAB>score'") from None
            qrels.setdefault(query_id, {})[doc_id] = grade
    return qrels


def ndcg_at_k(ranked: list[str], relevant: dict[str, int], k: int = 10) -> float:
    """Normalised discounted cumulative gain with graded relevance (as trec_eval computes it)."""
    gains = sorted((g for g in relevant.values() if g > 0), reverse=True)
    if not gains:
        return 0.0
    dcg = sum(relevant.get(doc, 0) / math.log2(rank + 2) for rank, doc in enumerate(ranked[:k]))
    ideal = sum(g / math.log2(rank + 2) for rank, g in enumerate(gains[:k]))
    return dcg / ideal


def recall_at_k(ranked: list[str], relevant: dict[str, int], k: int = 100) -> float:
    wanted = {doc for doc, grade in relevant.items() if grade > 0}
    if not wanted:
        return 0.0
    return len(wanted.intersection(ranked[:k])) / len(wanted)


def evaluate(
    index: PaperIndex,
    queries: dict[str, str],
    qrels: dict[str, dict[str, int]],
    mode: SearchMode = "hybrid",
    progress: Callable[[int, int], None] | None = None,
) -> EvaluationResult:
    """Rank documents for every judged query; mean nDCG@10, Recall@100 and per-query latency
    (wall clock, including the query embedding, and the process's CPU time)."""
    judged = [q for q in qrels if q in queries]
    if not judged:
        raise EvaluationError("no query in the qrels file has a text in the queries file")
    index.embedder.embed_query("warm-up")  # load the model before timing
    ndcgs, recalls, latencies, cpu_times = [], [], [], []
    for done, query_id in enumerate(judged, start=1):
        started, cpu_started = time.perf_counter(), time.process_time()
        hits = index.rank_documents(queries[query_id], k=100, mode=mode)
        latencies.append(time.perf_counter() - started)
        # CPU time too: on a shared machine the wall clock also counts other processes' turns.
        cpu_times.append(time.process_time() - cpu_started)
        ranked = [hit.doc_id for hit in hits]
        ndcgs.append(ndcg_at_k(ranked, qrels[query_id]))
        recalls.append(recall_at_k(ranked, qrels[query_id]))
        if progress is not None:
            progress(done, len(judged))
    return EvaluationResult(
        mode=mode,
        queries=len(judged),
        ndcg_at_10=float(np.mean(ndcgs)),
        recall_at_100=float(np.mean(recalls)),
        latency_median_ms=float(np.median(latencies) * 1000),
        latency_p95_ms=float(np.percentile(latencies, 95) * 1000),
        cpu_median_ms=float(np.median(cpu_times) * 1000),
    )
