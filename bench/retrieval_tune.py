"""Choose the retrieval settings of retrieval.index on the SciFact TRAIN claims only, on two fixed halves.

    HF_HUB_OFFLINE=1 .venv/bin/python bench/retrieval_tune.py --index /tmp/scifact-v2 --cache /tmp/tune-cache

Reads ``qrels/train.beir.tsv`` and nothing else: the test judgements are never opened. The 809 train
claims are split into halves A and B by a hash of the claim id (fixed, independent of content). For each
variant the four scaled signals of every candidate passage are computed once, every weighting on a 0.1
grid is scored, and the weights are chosen on half A as the best mean over each weighting and its grid
neighbours (a single best cell of a 286-cell grid flatters itself by about 0.005 on 400 claims);
half B then confirms or refutes. Printed per variant: nDCG@10 on A, on B and on all 809 claims with the
A-chosen weights, the paired difference from the reference (format-1 settings and weights) with its
standard error on each half, and what B's own choice would score on A. For the adopted variant it
also repeats the choice on ten other hashed splits of the train claims, to show the gain is not an
accident of the one split.

Scores are computed for every passage of the corpus (a dense matrix product and a full BM25 pass per
claim) rather than through ``PaperIndex.signals``' candidate lists; with the shipped settings both give
the same figure (train 0.7450 for format 1), and the full form lets one pass serve every variant.

``--index`` is any index of the SciFact corpus (its sentence vectors are used as stored); ``--cache``
keeps the title vectors and the "title + sentence" vectors between runs (the latter take about 40
CPU-minutes to embed and are only computed with ``--titled-sentences``).
"""

from __future__ import annotations

import argparse
import hashlib
import itertools
import sys
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import bm25s
import numpy as np
import Stemmer

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from retrieval.embeddings import DEFAULT_MODEL, Embedder  # noqa: E402
from retrieval.evaluation import read_qrels, read_queries  # noqa: E402
from retrieval.index import _passage_layout  # noqa: E402
from retrieval.stored import index_file, stored_documents  # noqa: E402
from retrieval.lexical import LexicalIndex  # noqa: E402

DATA = REPO.parent / "shared" / "data" / "scifact"
TRAIN_QRELS = DATA / "beir" / "qrels" / "train.beir.tsv"
REFERENCE_WEIGHTS = (0.3, 0.1, 0.1, 0.5)  # format 1's defaults: the figure to beat (train 0.7450)
CANDIDATE_DOCUMENTS = 100
DISCOUNTS = 1 / np.log2(np.arange(2, 12))


def half_of(claim_id: str) -> int:
    """0 for half A, 1 for half B: the parity of the claim id's SHA-256."""
    return int(hashlib.sha256(claim_id.encode()).hexdigest(), 16) % 2


@dataclass
class Corpus:
    """The SciFact documents with their passage layout, stored sentence vectors and the train claims."""

    documents: list
    doc_ids: list[str]
    passage_doc: np.ndarray
    first_passage: np.ndarray
    vectors: np.ndarray
    claim_ids: list[str]
    claims: list[str]
    relevant: list[dict[str, int]]
    halves: np.ndarray
    query_vectors: np.ndarray

    def doc_max(self, passage_scores: np.ndarray) -> np.ndarray:
        return np.maximum.reduceat(passage_scores, self.first_passage[:-1], axis=1)


@dataclass
class Signals:
    """Raw per-claim scores: dense and BM25 for every passage (Q x P) and every document (Q x D), with each
    claim's BM25 ceilings (see ``LexicalIndex.scores``) for the absolute scaling."""

    dense_passage: np.ndarray
    dense_document: np.ndarray
    lexical_passage: np.ndarray
    passage_ceiling: np.ndarray
    lexical_document: np.ndarray
    document_ceiling: np.ndarray


def load(index_dir: Path) -> Corpus:
    queries = read_queries(DATA / "beir" / "queries.jsonl")
    train = read_qrels(TRAIN_QRELS)
    ids = [q for q in train if q in queries]
    documents = stored_documents(index_dir)
    passage_doc, _, first = _passage_layout(documents)
    claims = [queries[q] for q in ids]
    print(f"embedding {len(claims)} train claims ...", file=sys.stderr)
    return Corpus(
        documents=documents, doc_ids=[d.id for d in documents], passage_doc=passage_doc, first_passage=first,
        vectors=np.load(index_file(index_dir, "vectors.npy")), claim_ids=ids, claims=claims, relevant=[train[q] for q in ids],
        halves=np.array([half_of(q) for q in ids]), query_vectors=Embedder(DEFAULT_MODEL).embed(claims),
    )


def cached_vectors(cache: Path, name: str, texts: list[str], chunk: int = 5000) -> np.ndarray:
    """Embeddings of ``texts``, kept in ``cache`` in resumable chunks."""
    cache.mkdir(parents=True, exist_ok=True)
    embedder = Embedder(DEFAULT_MODEL)
    parts = []
    for number, start in enumerate(range(0, len(texts), chunk)):
        path = cache / f"{name}_{number:02d}_{len(texts)}.npy"
        if not path.is_file():
            started = time.perf_counter()
            np.save(path, embedder.embed(texts[start:start + chunk]))
            print(f"embedded {name} chunk {number} in {time.perf_counter() - started:.0f} s", file=sys.stderr)
        parts.append(np.load(path))
    return np.vstack(parts)


def bm25(corpus: Corpus, texts: list[str], k1: float = 1.2, b: float = 0.75) -> tuple[np.ndarray, np.ndarray]:
    index = LexicalIndex.build(texts, k1=k1, b=b)
    scores = np.zeros((len(corpus.claims), index.size), np.float32)
    ceilings = np.zeros(len(corpus.claims))
    for i, claim in enumerate(corpus.claims):
        scores[i], ceilings[i] = index.scores(claim)
    return scores, ceilings


def document_texts(corpus: Corpus, title_repeats: int) -> list[str]:
    return [" ".join([d.title] * title_repeats + d.sentences) for d in corpus.documents]


def passage_texts(corpus: Corpus, context: int, title_repeats: int = 1) -> list[str]:
    texts = []
    for d in corpus.documents:
        for i in range(len(d.sentences)):
            texts.append(" ".join([d.title] * title_repeats + d.sentences[max(0, i - context): i + context + 1]))
    return texts


def unit_rows(matrix: np.ndarray) -> np.ndarray:
    norms = np.linalg.norm(matrix, axis=1, keepdims=True)
    return matrix / np.where(norms > 0, norms, 1)


def mean_vectors(corpus: Corpus, vectors: np.ndarray) -> np.ndarray:
    sums = np.add.reduceat(vectors, corpus.first_passage[:-1], axis=0)
    return unit_rows(sums)


# ---------------------------------------------------------------------- scaling and pooling


def absolute(signals: Signals) -> list[tuple[np.ndarray, str]]:
    """As PaperIndex scales them: cosines as they are, BM25 over the claim's ceiling."""
    return [(signals.dense_passage, "p"), (signals.dense_document, "d"),
            (signals.lexical_passage / np.maximum(signals.passage_ceiling, 1e-9)[:, None], "p"),
            (signals.lexical_document / np.maximum(signals.document_ceiling, 1e-9)[:, None], "d")]


def zscore(signals: Signals) -> list[tuple[np.ndarray, str]]:
    def z(m: np.ndarray) -> np.ndarray:
        return (m - m.mean(1, keepdims=True)) / (m.std(1, keepdims=True) + 1e-9)
    return [(z(signals.dense_passage), "p"), (z(signals.dense_document), "d"),
            (z(signals.lexical_passage), "p"), (z(signals.lexical_document), "d")]


def reciprocal_rank(k: int) -> Callable[[Signals], list[tuple[np.ndarray, str]]]:
    def scale(signals: Signals) -> list[tuple[np.ndarray, str]]:
        def rrf(m: np.ndarray) -> np.ndarray:
            ranks = np.argsort(np.argsort(-m, axis=1), axis=1)
            return 1.0 / (k + 1 + ranks)
        return [(rrf(signals.dense_passage), "p"), (rrf(signals.dense_document), "d"),
                (rrf(signals.lexical_passage), "p"), (rrf(signals.lexical_document), "d")]
    return scale


def pool_max(fused: np.ndarray, starts: np.ndarray) -> np.ndarray:
    return np.maximum.reduceat(fused, starts, axis=0)


def pool_with_second(weight: float) -> Callable[[np.ndarray, np.ndarray], np.ndarray]:
    """A document's best passage plus ``weight`` times its second best."""
    def pool(fused: np.ndarray, starts: np.ndarray) -> np.ndarray:
        owner = np.searchsorted(starts, np.arange(len(fused)), side="right") - 1
        best = np.maximum.reduceat(fused, starts, axis=0)
        second = np.maximum.reduceat(np.where(fused >= best[owner], -np.inf, fused), starts, axis=0)
        return best + weight * np.where(np.isfinite(second), second, 0)
    return pool


def pool_softmax(temperature: float) -> Callable[[np.ndarray, np.ndarray], np.ndarray]:
    """T * log sum exp(score / T) over a document's passages: max for small T, a sum for large T."""
    def pool(fused: np.ndarray, starts: np.ndarray) -> np.ndarray:
        owner = np.searchsorted(starts, np.arange(len(fused)), side="right") - 1
        best = np.maximum.reduceat(fused, starts, axis=0)
        return best + temperature * np.log(np.add.reduceat(np.exp((fused - best[owner]) / temperature), starts, axis=0))
    return pool


# ---------------------------------------------------------------------- grid evaluation


def weight_grid(step: float = 0.1) -> np.ndarray:
    parts = round(1 / step)
    rows = [(a, b, c, parts - a - b - c) for a, b, c in itertools.product(range(parts + 1), repeat=3) if a + b + c <= parts]
    return np.array(rows, dtype=float) * step


def grid_ndcg(corpus: Corpus, scaled: list[tuple[np.ndarray, str]], grid: np.ndarray,
              pool: Callable[[np.ndarray, np.ndarray], np.ndarray] = pool_max) -> np.ndarray:
    """nDCG@10 per claim (rows) and weighting (columns); documents ranked by pooled fused passage scores.

    Candidates per claim: every passage of the top documents of each signal (as PaperIndex takes them).
    """
    result = np.zeros((len(corpus.claims), len(grid)))
    for q, relevant in enumerate(corpus.relevant):
        tops = [np.argpartition(-(m[q] if level == "d" else corpus.doc_max(m[q:q + 1])[0]), CANDIDATE_DOCUMENTS)[:CANDIDATE_DOCUMENTS]
                for m, level in scaled]
        docs = np.unique(np.concatenate(tops))
        passages = np.concatenate([np.arange(corpus.first_passage[d], corpus.first_passage[d + 1]) for d in docs])
        owner = corpus.passage_doc[passages]
        columns = [m[q, passages] if level == "p" else m[q, owner] for m, level in scaled]
        fused = np.stack(columns, axis=1).astype(np.float64) @ grid.T
        starts = np.flatnonzero(np.r_[True, owner[1:] != owner[:-1]])
        pooled = pool(fused, starts)
        gains = np.array([relevant.get(corpus.doc_ids[d], 0) for d in owner[starts]], dtype=float)
        top = np.argsort(-pooled, axis=0, kind="stable")[:10]
        ideal = sorted((g for g in relevant.values() if g > 0), reverse=True)[:10]
        result[q] = (gains[top] * DISCOUNTS[: len(top), None]).sum(axis=0) / float(np.dot(ideal, DISCOUNTS[: len(ideal)]))
    return result


@dataclass
class Outcome:
    name: str
    weights: tuple[float, ...]
    half_a: float
    half_b: float
    full: float
    delta_a: float
    se_a: float
    delta_b: float
    se_b: float
    b_choice_on_a: float


def smoothed_best(per_claim: np.ndarray, grid: np.ndarray, mask: np.ndarray) -> int:
    """The weighting whose 0.1-grid neighbourhood has the best mean nDCG@10 over the claims in ``mask``."""
    means = per_claim[mask].mean(axis=0)
    neighbours = [np.flatnonzero(np.abs(grid - row).max(axis=1) <= 0.1 + 1e-9) for row in grid]
    return int(np.argmax([means[n].mean() for n in neighbours]))


def choose(name: str, corpus: Corpus, per_claim: np.ndarray, grid: np.ndarray, reference: np.ndarray | None,
           fixed: tuple[float, ...] | None = None) -> Outcome:
    """Weights chosen on half A (best grid-neighbourhood mean) or ``fixed``; figures on A, B and all."""
    a, b = corpus.halves == 0, corpus.halves == 1

    def smoothed(mask: np.ndarray) -> int:
        return smoothed_best(per_claim, grid, mask)

    row = int(np.argmin(np.abs(grid - np.array(fixed)).sum(axis=1))) if fixed is not None else smoothed(a)
    chosen = per_claim[:, row]
    delta = chosen - (reference if reference is not None else chosen)

    def se(mask: np.ndarray) -> float:
        return float(delta[mask].std(ddof=1) / np.sqrt(mask.sum()))

    outcome = Outcome(name, tuple(np.round(grid[row], 2).tolist()), chosen[a].mean(), chosen[b].mean(), chosen.mean(),
                      delta[a].mean(), se(a), delta[b].mean(), se(b), per_claim[a, smoothed(b)].mean())
    print(f"| {name} | {outcome.half_a:.4f} | {outcome.half_b:.4f} | {outcome.full:.4f} | "
          f"{outcome.delta_a:+.4f} ± {outcome.se_a:.4f} | {outcome.delta_b:+.4f} ± {outcome.se_b:.4f} | "
          f"{'/'.join(f'{w:g}' for w in outcome.weights)} | {outcome.b_choice_on_a:.4f} |", flush=True)
    return outcome


def other_splits(corpus: Corpus, reference_grid: np.ndarray, candidate_grid: np.ndarray, grid: np.ndarray,
                 reference: np.ndarray, splits: int = 10) -> None:
    """Whether a variant's gain holds beyond the one A/B split: over ``splits`` other hashed splits, each
    half in turn chooses both variants' weights and the other half scores them."""
    gains, gains_fixed = [], []
    for salt in range(1, splits + 1):
        halves = np.array([half_of(f"{salt}:{claim_id}") for claim_id in corpus.claim_ids])
        for tuning in (0, 1):
            tune, held_out = halves == tuning, halves != tuning
            candidate = candidate_grid[held_out, smoothed_best(candidate_grid, grid, tune)].mean()
            gains.append(candidate - reference_grid[held_out, smoothed_best(reference_grid, grid, tune)].mean())
            gains_fixed.append(candidate - reference[held_out].mean())
    for label, values in (("reference weights chosen the same way", gains), ("reference with its own weights", gains_fixed)):
        values = np.array(values)
        print(f"  {len(values)} held-out halves of {splits} other splits, gain over the {label}: mean {values.mean():+.4f}, "
              f"range {values.min():+.4f} to {values.max():+.4f}, positive in {(values > 0).sum()}")
    paired = candidate_grid[:, smoothed_best(candidate_grid, grid, corpus.halves == 0)] - reference
    print(f"  all 809, paired: {paired.mean():+.4f} ± {paired.std(ddof=1) / np.sqrt(len(paired)):.4f}; "
          f"better on {(paired > 1e-9).sum()} claims, worse on {(paired < -1e-9).sum()}")


# ---------------------------------------------------------------------- pseudo-relevance feedback


def rm3(corpus: Corpus, texts: list[str], first_pass: np.ndarray, feedback_docs: int, terms: int,
        mix: float) -> tuple[np.ndarray, np.ndarray]:
    """RM3 over document BM25: the claim's terms mixed with the ``terms`` commonest stemmed terms of its
    ``feedback_docs`` best documents (weighted by their first-pass scores), re-scored term by term."""
    stemmer = Stemmer.Stemmer("english")
    index = LexicalIndex.build(texts)
    retriever, vocabulary, ceilings = index._retriever, index._vocabulary, index._term_ceiling
    counts = [Counter(tokens) for tokens in bm25s.tokenize(texts, stopwords="en", stemmer=stemmer, return_ids=False, show_progress=False)]
    claim_tokens = bm25s.tokenize(corpus.claims, stopwords="en", stemmer=stemmer, return_ids=False, show_progress=False)
    per_term: dict[str, np.ndarray] = {}
    scores = np.zeros((len(corpus.claims), len(texts)), np.float32)
    query_ceilings = np.zeros(len(corpus.claims))
    for q, tokens in enumerate(claim_tokens):
        known = [t for t in tokens if t in vocabulary]
        if not known:
            continue
        top = np.argsort(-first_pass[q])[:feedback_docs]
        shares = first_pass[q, top] / max(float(first_pass[q, top].sum()), 1e-9)
        feedback: Counter = Counter()
        for share, d in zip(shares, top, strict=True):
            length = sum(counts[d].values())
            for term, count in counts[d].items():
                feedback[term] += share * count / length
        expansion = feedback.most_common(terms)
        total = sum(v for _, v in expansion)
        weights: Counter = Counter()
        for term in known:
            weights[term] += (1 - mix) / len(known)
        for term, value in expansion:
            weights[term] += mix * value / total
        for term, weight in weights.items():
            if term not in per_term:
                per_term[term] = np.asarray(retriever.get_scores([term]), np.float32)
            scores[q] += weight * per_term[term]
            query_ceilings[q] += weight * ceilings[vocabulary[term]]
    return scores, query_ceilings


# ---------------------------------------------------------------------- the experiments


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--index", type=Path, required=True, help="an index of the SciFact corpus")
    parser.add_argument("--cache", type=Path, required=True, help="folder for title and titled-sentence vectors")
    parser.add_argument("--titled-sentences", action="store_true", help="also try 'title + sentence' vectors (slow to embed)")
    args = parser.parse_args()
    corpus = load(args.index)
    print(f"{len(corpus.claims)} train claims (A {int((corpus.halves == 0).sum())}, B {int((corpus.halves == 1).sum())}) "
          f"over {len(corpus.documents)} documents", file=sys.stderr)
    grid = weight_grid()
    qv = corpus.query_vectors
    titles = cached_vectors(args.cache, "titles", [d.title for d in corpus.documents])
    mean = mean_vectors(corpus, corpus.vectors)
    with_title = unit_rows(mean + titles)
    dense_passage = qv @ corpus.vectors.T
    lexical_passage, passage_ceiling = bm25(corpus, passage_texts(corpus, 1))
    documents = {n: bm25(corpus, document_texts(corpus, n)) for n in (1, 3)}

    def signals(doc_vectors: np.ndarray = mean, title_repeats: int = 1, passage: np.ndarray = dense_passage,
                lexical: tuple[np.ndarray, np.ndarray] | None = None,
                lexical_documents: tuple[np.ndarray, np.ndarray] | None = None) -> Signals:
        lp, cp = lexical if lexical is not None else (lexical_passage, passage_ceiling)
        ld, cd = lexical_documents if lexical_documents is not None else documents[title_repeats]
        return Signals(passage, qv @ doc_vectors.T, lp, cp, ld, cd)

    print("| variant | half A | half B | all 809 | Δ A vs reference | Δ B vs reference | weights (dp/dd/lp/ld) | B's choice on A |")
    print("|---|---|---|---|---|---|---|---|")
    reference_signals = signals()
    reference_grid = grid_ndcg(corpus, absolute(reference_signals), grid)
    reference = reference_grid[:, int(np.argmin(np.abs(grid - REFERENCE_WEIGHTS).sum(axis=1)))]
    choose("reference: format 1 (mean document vector, title once), its weights", corpus, reference_grid, grid, reference, REFERENCE_WEIGHTS)
    choose("format 1 signals, weights re-chosen on A", corpus, reference_grid, grid, reference)

    def run(name: str, s: Signals, scale=absolute, pool=pool_max, fixed=None) -> None:
        choose(name, corpus, grid_ndcg(corpus, scale(s), grid, pool), grid, reference, fixed)

    for k1, b in ((0.9, 0.4), (1.5, 0.75), (1.2, 0.9)):
        run(f"BM25 k1={k1} b={b} (documents and passages)", signals(
            lexical=bm25(corpus, passage_texts(corpus, 1), k1, b),
            lexical_documents=bm25(corpus, document_texts(corpus, 1), k1, b)))
    for context in (0, 2):
        run(f"passage BM25 with {context} neighbours each side", signals(lexical=bm25(corpus, passage_texts(corpus, context))))
    run("passage BM25 without the title", signals(lexical=bm25(corpus, passage_texts(corpus, 1, 0))))
    for repeats in (2, 3, 4):
        run(f"document BM25, title x{repeats}", signals(title_repeats=repeats) if repeats in documents
            else signals(lexical_documents=bm25(corpus, document_texts(corpus, repeats))))
    run("document vector = title vector only", signals(doc_vectors=titles))
    run("document vector = mean + 0.5 x title", signals(doc_vectors=unit_rows(mean + 0.5 * titles)))
    run("document vector = mean + title", signals(doc_vectors=with_title))
    adopted = signals(doc_vectors=with_title, title_repeats=3)
    adopted_grid = grid_ndcg(corpus, absolute(adopted), grid)
    choose("ADOPTED: document vector = mean + title, document BM25 title x3", corpus, adopted_grid, grid, reference)
    other_splits(corpus, reference_grid, adopted_grid, grid, reference)
    run("adopted signals, reference weights", adopted, fixed=REFERENCE_WEIGHTS)
    run("adopted + z-score scaling (over the corpus)", adopted, scale=zscore)
    for k in (10, 60):
        run(f"adopted + weighted reciprocal rank fusion, k={k}", adopted, scale=reciprocal_rank(k))
    run("adopted + pooling: best + 0.2 x second passage", adopted, pool=pool_with_second(0.2))
    run("adopted + pooling: softmax, T=0.02", adopted, pool=pool_softmax(0.02))
    neighbours = np.zeros_like(corpus.vectors)
    same_doc_before = np.r_[False, corpus.passage_doc[1:] == corpus.passage_doc[:-1]]
    same_doc_after = np.r_[corpus.passage_doc[:-1] == corpus.passage_doc[1:], False]
    neighbours[same_doc_before] += corpus.vectors[np.flatnonzero(same_doc_before) - 1]
    neighbours[same_doc_after] += corpus.vectors[np.flatnonzero(same_doc_after) + 1]
    for share in (0.25, 0.5):
        window = unit_rows(corpus.vectors + share * neighbours)
        run(f"adopted + sentence vector + {share} x neighbours' vectors", signals(
            doc_vectors=with_title, title_repeats=3, passage=qv @ window.T))
    # The adopted fusion's document ranking is the first pass for dense feedback.
    fused = (0.3 * dense_passage + 0.2 * adopted.dense_document[:, corpus.passage_doc]
             + 0.1 * lexical_passage / np.maximum(passage_ceiling, 1e-9)[:, None]
             + 0.4 * (documents[3][0] / np.maximum(documents[3][1], 1e-9)[:, None])[:, corpus.passage_doc])
    first_pass = corpus.doc_max(fused)
    order = np.argsort(-first_pass, axis=1)[:, :5]
    for feedback, beta in ((3, 0.3), (5, 0.6)):
        expanded = unit_rows(qv + beta * with_title[order[:, :feedback]].mean(axis=1))
        run(f"adopted + dense feedback (Rocchio, {feedback} docs, beta {beta})", Signals(
            expanded @ corpus.vectors.T, expanded @ with_title.T, lexical_passage, passage_ceiling, *documents[3]))
    for feedback, terms, mix in ((5, 10, 0.3), (10, 10, 0.1)):
        started = time.perf_counter()
        expanded_bm25 = rm3(corpus, document_texts(corpus, 3), documents[3][0], feedback, terms, mix)
        per_claim_ms = (time.perf_counter() - started) / len(corpus.claims) * 1000
        run(f"adopted + RM3 on document BM25 ({feedback} docs, {terms} terms, mix {mix}; {per_claim_ms:.1f} ms/claim)",
            signals(doc_vectors=with_title, lexical_documents=expanded_bm25))
    if args.titled_sentences:
        titled = cached_vectors(args.cache, "titled", [f"{d.title} {s}" for d in corpus.documents for s in d.sentences])
        run("adopted + passage vectors of 'title sentence'", signals(
            doc_vectors=with_title, title_repeats=3, passage=qv @ titled.T))
        run("'title sentence' vectors, their mean + title as document vector", signals(
            doc_vectors=unit_rows(mean_vectors(corpus, titled) + titles), title_repeats=3, passage=qv @ titled.T))
    return 0


if __name__ == "__main__":
    sys.exit(main())
