"""BM25 over short texts with an English stemmer (bm25s + PyStemmer), persisted to a folder.

A query is scored from the postings of its own terms only (``LexicalIndex.match``): the texts that
contain a query term and their scores, sparse, never an array over every text. bm25s stores each
term's precomputed scores (its idf times the term-frequency part) as a column of a CSC matrix, so the
work is proportional to the query terms' document frequencies. Several indexes (the shards of a
library) score with the statistics of all of them together (``shared_queries``): each term's scores
are rescaled from the shard's idf to the library's.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import bm25s
import numpy as np
import Stemmer

from retrieval import paging

# Lucene's BM25 with the usual parameters: on the two halves of the SciFact train claims k1=0.9/b=0.4,
# k1=1.5 and b=0.9 changed hybrid nDCG@10 by -0.002 to +0.005, never on both halves (bench/retrieval_tune.py).
DEFAULT_K1 = 1.2
DEFAULT_B = 0.75


@dataclass(frozen=True)
class LexicalQuery:
    """A tokenised query for one index: its terms, each term's weight (1 with the index's own
    statistics; the library's idf over the index's with shared ones) and the query's ceiling."""

    terms: list[str]
    weights: dict[str, float]
    ceiling: float


@dataclass(frozen=True)
class SparseScores:
    """BM25 of the texts that match a query: ``rows`` (ascending) and their scores, and the ceiling."""

    rows: np.ndarray
    values: np.ndarray
    ceiling: float

    def at(self, positions: np.ndarray) -> np.ndarray:
        """The score of each text in ``positions`` (0 where it matches no term)."""
        out = np.zeros(len(positions), dtype=np.float32)
        if self.rows.size == 0 or len(positions) == 0:
            return out
        where = np.minimum(np.searchsorted(self.rows, positions), self.rows.size - 1)
        hit = self.rows[where] == positions
        out[hit] = self.values[where[hit]]
        return out

    def top(self, count: int) -> np.ndarray:
        """The rows of the ``count`` best-scoring texts (in no particular order)."""
        if self.rows.size <= count:
            return self.rows
        return self.rows[np.argpartition(-self.values, count)[:count]]


class LexicalIndex:
    """BM25 over a list of texts; ``scores(query)`` gives one score per text (0 where no term matches)."""

    def __init__(self, retriever: bm25s.BM25, size: int) -> None:
        self._retriever = retriever
        self._vocabulary = retriever.vocab_dict
        self._stemmer = Stemmer.Stemmer("english")
        self.size = size
        # the column starts, one per term (a few MB at most), read once into memory: every query reads
        # them, and the postings they point to are read and let go (paging)
        self._indptr = np.array(retriever.scores["indptr"], dtype=np.int64)
        paging.release(retriever.scores["indptr"])
        self._term_ceiling = _column_maxima(retriever.scores["data"], self._indptr)

    @classmethod
    def build(cls, texts: Sequence[str], k1: float = DEFAULT_K1, b: float = DEFAULT_B) -> LexicalIndex:
        retriever = bm25s.BM25(k1=k1, b=b)
        retriever.index(_tokenize(list(texts), Stemmer.Stemmer("english")), show_progress=False)
        return cls(retriever, len(texts))

    @classmethod
    def load(cls, folder: Path, mmap: bool = False) -> LexicalIndex:
        """``mmap`` leaves the score matrix on disk, read as queries touch it (for shards)."""
        retriever = bm25s.BM25.load(str(folder), mmap=mmap, show_progress=False)
        size = int(retriever.scores["num_docs"])
        return cls(retriever, size)

    def save(self, folder: Path) -> None:
        folder.mkdir(parents=True, exist_ok=True)
        self._retriever.save(str(folder), show_progress=False)

    def scores(self, query: str) -> tuple[np.ndarray, float]:
        """BM25 of every text, and the query's ceiling: the best score each query term reaches in any text,
        summed, where a term found in no text counts as much as the rarest indexed term.

        Dividing by the ceiling puts scores on a 0-1 scale that means the same for every query: a text
        matching one word of a long query stays low, however few texts match at all.
        """
        terms = _tokenize([query], self._stemmer)[0]
        known = [t for t in terms if t in self._vocabulary]
        if not known or self.size == 0:
            return np.zeros(self.size, dtype=np.float32), 0.0
        ceiling = float(sum(self._term_ceiling[self._vocabulary[t]] for t in known))
        ceiling += (len(terms) - len(known)) * float(self._term_ceiling.max())
        return np.asarray(self._retriever.get_scores(known), dtype=np.float32), ceiling


    # ------------------------------------------------------------------ sparse scoring

    def tokens(self, query: str) -> list[str]:
        return _tokenize([query], self._stemmer)[0]

    def frequency(self, term: str) -> int:
        """How many texts contain ``term``."""
        column = self._vocabulary.get(term)
        if column is None:
            return 0
        return int(self._indptr[column + 1] - self._indptr[column])

    def term_ceiling(self, term: str) -> float:
        column = self._vocabulary.get(term)
        return 0.0 if column is None else float(self._term_ceiling[column])

    @property
    def rarest_ceiling(self) -> float:
        return float(self._term_ceiling.max()) if self._term_ceiling.size else 0.0

    def query(self, query: str) -> LexicalQuery:
        """``query`` with this index's own statistics (the ceiling as ``scores`` computes it)."""
        terms = self.tokens(query)
        known = [t for t in terms if t in self._vocabulary]
        if not known or self.size == 0:
            return LexicalQuery(terms, {}, 0.0)
        ceiling = sum(self.term_ceiling(t) for t in known) + (len(terms) - len(known)) * self.rarest_ceiling
        return LexicalQuery(terms, {t: 1.0 for t in known}, ceiling)

    def match(self, query: LexicalQuery) -> SparseScores:
        """The texts containing a weighted term of ``query``, with their summed, weighted scores."""
        scores = self._retriever.scores
        data, indices, indptr = scores["data"], scores["indices"], self._indptr
        rows, values = [], []
        for term in query.terms:
            weight = query.weights.get(term, 0.0)
            column = self._vocabulary.get(term)
            if column is None or weight == 0.0:
                continue
            start, end = int(indptr[column]), int(indptr[column + 1])
            # read, then the postings' mapped pages let go: a shard's index keeps no query's pages (paging)
            rows.append(paging.read_range(indices, start, end).astype(np.int64))
            values.append(paging.read_range(data, start, end).astype(np.float32) * np.float32(weight))
        if not rows:
            return SparseScores(np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.float32), query.ceiling)
        matched, inverse = np.unique(np.concatenate(rows), return_inverse=True)
        summed = np.bincount(inverse, weights=np.concatenate(values), minlength=matched.size)
        return SparseScores(matched, summed.astype(np.float32), query.ceiling)


def lucene_idf(frequency: int, size: int) -> float:
    """bm25s's default (Lucene) idf of a term found in ``frequency`` of ``size`` texts."""
    return math.log(1 + (size - frequency + 0.5) / (frequency + 0.5))


def shared_queries(indexes: Sequence[LexicalIndex], query: str) -> list[LexicalQuery]:
    """``query`` for each of ``indexes`` (the shards of one library) with the statistics of all of them:
    a term's idf from its frequency in every index together. Its scores in each index are rescaled by
    the library's idf over the index's own (the term-frequency part, which depends on each index's mean
    text length, is kept), and every index gets the same ceiling: per term the highest rescaled score
    any index reaches, a term found nowhere counting as the rarest indexed term."""
    if not indexes:
        return []
    terms = indexes[0].tokens(query)
    size = sum(index.size for index in indexes)
    weights: list[dict[str, float]] = [{} for _ in indexes]
    ceiling, unknown = 0.0, 0
    for term in terms:
        frequencies = [index.frequency(term) for index in indexes]
        if not any(frequencies):
            unknown += 1
            continue
        library_idf = lucene_idf(sum(frequencies), size)
        best = 0.0
        for index, frequency, weight in zip(indexes, frequencies, weights, strict=True):
            if frequency:
                weight[term] = library_idf / lucene_idf(frequency, index.size)
                best = max(best, index.term_ceiling(term) * weight[term])
        ceiling += best
    if unknown == len(terms):
        return [LexicalQuery(terms, {}, 0.0) for _ in indexes]
    ceiling += unknown * max(index.rarest_ceiling for index in indexes)
    return [LexicalQuery(terms, weight, ceiling) for weight in weights]


def _column_maxima(data: np.ndarray, indptr: np.ndarray, block: int = 1 << 18) -> np.ndarray:
    """Per vocabulary term, its highest BM25 contribution in any text (bm25s stores terms as CSC columns).

    Read a run of whole columns of about ``block`` scores at a time, each run's mapped pages let go
    after it (paging): opening a shard does not leave its whole score matrix resident."""
    indptr = np.asarray(indptr, dtype=np.int64)
    columns = len(indptr) - 1
    maxima = np.zeros(columns, dtype=np.float32)
    first = 0
    while first < columns:
        # the columns whose scores end within `block` of the first one's start; one column at least
        last = min(columns, max(first + 1, int(np.searchsorted(indptr, indptr[first] + block, side="right")) - 1))
        starts, ends = indptr[first:last], indptr[first + 1:last + 1]
        non_empty = ends > starts
        if non_empty.any():
            part = paging.read_range(data, int(indptr[first]), int(indptr[last]))
            maxima[first:last][non_empty] = np.maximum.reduceat(part, starts[non_empty] - indptr[first])
        first = last
    return maxima


def _tokenize(texts: list[str], stemmer: Stemmer.Stemmer) -> list[list[str]]:
    return bm25s.tokenize(texts, stopwords="en", stemmer=stemmer, return_ids=False, show_progress=False)
