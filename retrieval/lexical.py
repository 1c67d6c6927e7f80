"""BM25 over short texts with an English stemmer (bm25s + PyStemmer), persisted to a folder."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import bm25s
import numpy as np
import Stemmer

# Lucene's BM25 with the usual parameters: on the two halves of the SciFact train claims k1=0.9/b=0.4,
# k1=1.5 and b=0.9 changed hybrid nDCG@10 by -0.002 to +0.005, never on both halves (bench/retrieval_tune.py).
DEFAULT_K1 = 1.2
DEFAULT_B = 0.75


class LexicalIndex:
    """BM25 over a list of texts; ``scores(query)`` gives one score per text (0 where no term matches)."""

    def __init__(self, retriever: bm25s.BM25, size: int) -> None:
        self._retriever = retriever
        self._vocabulary = retriever.vocab_dict
        self._stemmer = Stemmer.Stemmer("english")
        self.size = size
        self._term_ceiling = _column_maxima(retriever.scores["data"], retriever.scores["indptr"])

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


def _column_maxima(data: np.ndarray, indptr: np.ndarray) -> np.ndarray:
    """Per vocabulary term, its highest BM25 contribution in any text (bm25s stores terms as CSC columns)."""
    maxima = np.zeros(len(indptr) - 1, dtype=np.float32)
    non_empty = indptr[1:] > indptr[:-1]
    if data.size:
        maxima[non_empty] = np.maximum.reduceat(data, indptr[:-1][non_empty])
    return maxima


def _tokenize(texts: list[str], stemmer: Stemmer.Stemmer) -> list[list[str]]:
    return bm25s.tokenize(texts, stopwords="en", stemmer=stemmer, return_ids=False, show_progress=False)
