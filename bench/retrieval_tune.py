"""Choose the fusion settings of retrieval.index on the SciFact TRAIN queries only.

    HF_HUB_OFFLINE=1 .venv/bin/python bench/retrieval_tune.py [--index DIR]

Needs the SciFact index that bench/retrieval.py builds (or any index of the SciFact corpus: --index). Query vectors are embedded once; for each
lexical variant (context sentences, BM25 k1/b, scaling) the four scaled signals of every candidate are
computed once, and every weight mix on a 0.1 grid is scored from them. Prints the best settings; the
chosen ones are the defaults of ``FusionWeights`` and ``retrieval.lexical``.
"""

from __future__ import annotations

import argparse
import itertools
import sys
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from engine.settings import Settings  # noqa: E402
from retrieval.embeddings import Embedder  # noqa: E402
from retrieval.evaluation import read_qrels, read_queries  # noqa: E402
from retrieval.index import FusionWeights, PaperIndex, _document_text, _passage_texts  # noqa: E402
from retrieval.lexical import LexicalIndex  # noqa: E402

DATA = REPO.parent / "shared" / "data" / "scifact"


class PrecomputedQueries(Embedder):
    """Serves query vectors embedded up front, so that a grid of settings does not re-embed them."""

    def __init__(self, inner: Embedder, texts: list[str]) -> None:
        super().__init__(inner.model_name)
        self._vectors = dict(zip(texts, inner.embed(texts), strict=True))

    def embed_query(self, query: str) -> np.ndarray:
        return self._vectors[query]


def weight_grid(step: float = 0.1) -> list[np.ndarray]:
    parts = round(1 / step)
    grid = []
    for a, b, c in itertools.product(range(parts + 1), repeat=3):
        if a + b + c <= parts:
            grid.append(np.array([a, b, c, parts - a - b - c]) * step)
    return grid


def ndcg_per_weighting(per_query, weights: np.ndarray, doc_ids: list[str], qrels: list[dict[str, int]]) -> np.ndarray:
    """Mean nDCG@10 for each row of ``weights`` (documents ranked by their best passage)."""
    totals = np.zeros(len(weights))
    discounts = 1 / np.log2(np.arange(2, 12))
    for (documents, scaled), relevant in zip(per_query, qrels, strict=True):
        # Candidates come sorted by passage id, and passages by document, so each document is one run.
        starts = np.flatnonzero(np.r_[True, documents[1:] != documents[:-1]])
        best = np.maximum.reduceat(scaled @ weights.T, starts, axis=0)  # documents x weightings
        gains = np.array([relevant.get(doc_ids[d], 0) for d in documents[starts]], dtype=float)
        top = np.argsort(-best, axis=0, kind="stable")[:10]
        dcg = (gains[top] * discounts[: len(top), None]).sum(axis=0)
        ideal_gains = sorted((g for g in relevant.values() if g > 0), reverse=True)[:10]
        totals += dcg / float(np.dot(ideal_gains, discounts[: len(ideal_gains)]))
    return totals / len(per_query)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--index", type=Path, default=Settings().data_dir / "bench" / "scifact")
    args = parser.parse_args()
    queries = read_queries(DATA / "beir" / "queries.jsonl")
    train = read_qrels(DATA / "beir" / "qrels" / "train.beir.tsv")
    judged = [q for q in train if q in queries]
    texts = [queries[q] for q in judged]
    relevant = [train[q] for q in judged]

    index = PaperIndex.open(args.index)
    index._embedder = PrecomputedQueries(index.embedder, texts)
    documents = index.documents()
    doc_ids = [d.id for d in documents]
    print(f"{len(judged)} train queries over {len(documents)} documents", file=sys.stderr)
    grid = np.array(weight_grid())
    results = []
    for context, (k1, b), scaling in itertools.product((0, 1, 2), ((1.2, 0.75), (0.9, 0.4)), ("minmax", "absolute")):
        index._lexical_passages = LexicalIndex.build(_passage_texts(documents, context), k1=k1, b=b)
        index._lexical_documents = LexicalIndex.build([_document_text(d) for d in documents], k1=k1, b=b)
        index.weights = FusionWeights(scaling=scaling)
        per_query = []
        for text in texts:
            signals = index.signals(text, "hybrid")
            per_query.append((signals.documents, signals.scaled))
        values = ndcg_per_weighting(per_query, grid, doc_ids, relevant)
        scored = sorted(zip(values.tolist(), (tuple(w.round(2)) for w in grid)), reverse=True)
        singles = {weights: value for value, weights in scored if max(weights) == 1.0}
        print(f"  context={context} k1={k1} b={b} {scaling}: single signals (dp,dd,lp,ld) {singles}")
        for value, weights in scored[:3]:
            print(f"context={context} k1={k1} b={b} {scaling}: nDCG@10 {value:.4f} weights(dp,dd,lp,ld)={weights}", flush=True)
        results.append((scored[0][0], context, k1, b, scaling, scored[0][1]))
    best = max(results)
    print(f"best on train: nDCG@10 {best[0]:.4f} context={best[1]} k1={best[2]} b={best[3]} scaling={best[4]} weights={best[5]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
