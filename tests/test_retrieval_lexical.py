"""BM25 scored sparsely from the query terms' postings, and across shards with the library's statistics."""

from __future__ import annotations

import itertools

import numpy as np

from retrieval.lexical import LexicalIndex, shared_queries

# Every text has four distinct content words, so every split of them has the same mean text length and
# a shard's term-frequency part equals the whole library's: only the idf differs.
WORDS = ["kinase", "tau", "amyloid", "microglia", "synapse", "cortisol", "insulin", "dopamine", "lithium"]
TEXTS = [" ".join(words) for words in itertools.islice(itertools.combinations(WORDS, 4), 0, 120, 3)]
QUERIES = ["kinase and tau", "lithium dopamine insulin", "microglia synapse unknownword", "nothing matches here"]


def test_sparse_scores_equal_the_dense_ones() -> None:
    index = LexicalIndex.build(TEXTS)
    everything = np.arange(len(TEXTS))
    for query in QUERIES:
        dense, ceiling = index.scores(query)
        sparse = index.match(index.query(query))
        assert np.allclose(sparse.at(everything), dense, atol=1e-5)
        assert np.isclose(sparse.ceiling, ceiling)
        assert set(sparse.rows) == set(np.flatnonzero(dense > 0))
        best = sparse.top(3)
        assert sorted(dense[best], reverse=True) == sorted(dense, reverse=True)[:len(best)]


def test_shards_scored_with_shared_statistics_answer_as_the_whole_library() -> None:
    whole = LexicalIndex.build(TEXTS)
    halves = [LexicalIndex.build(TEXTS[:13]), LexicalIndex.build(TEXTS[13:])]
    offsets = [0, 13]
    for query in QUERIES:
        expected = whole.match(whole.query(query))
        plans = shared_queries(halves, query)
        for half, plan, offset in zip(halves, plans, offsets, strict=True):
            got = half.match(plan)
            assert np.allclose(got.values, expected.at(got.rows + offset), rtol=1e-4)
            if "unknownword" not in query:  # a term found nowhere counts as the rarest term of some shard
                assert np.isclose(plan.ceiling, expected.ceiling, rtol=1e-4)
        own = halves[0].match(halves[0].query(query))  # the shard's own statistics differ
        if query == QUERIES[0]:
            assert not np.allclose(own.values, expected.at(own.rows))
