"""IVF-PQ: the compressed dense index of a large shard (an inverted file of coarse clusters whose
vectors are product-quantised), built, read from disk and searched with the probes chosen below.

Both the one-folder index (``retrieval.index``, whose shards may hold one) and the sharded index
(``retrieval.sharded``, which decides when a shard gets one) use it.
"""

from __future__ import annotations

import math
from pathlib import Path

import faiss
import numpy as np

# Inverted lists: about 4 per square root of the shard's passages (FAISS's rule of thumb), of which a
# query visits IVF_PROBE_SHARE, at least IVF_MIN_PROBES. Chosen on the SciFact train claims (300, dense
# Recall@100 against exact search, bench/scale.py recall --split train): on two shards of the 583-abstract
# slice 32 probes gave 0.904 and 64 gave 0.972, but on two shards of the whole SciFact corpus (45,037
# passages, 600 lists each) 64 probes gave 0.934, 96 0.961, 128 0.974, 160 0.982. 128 keeps a margin over
# 0.95; it rules shards up to about 260,000 passages, above which the share gives more probes anyway.
# A re-ranking depth of 8 instead of 4 added 0.004 or less.
IVF_LISTS_PER_ROOT = 4
IVF_PROBE_SHARE = 1 / 16
IVF_MIN_PROBES = 128
# Bytes per vector after product quantisation (one 8-bit code per 8 dimensions of a 384-d model).
PQ_CODE_BYTES = 48
# The IVF-PQ search returns this many times the candidates the fusion needs; they are re-ranked by
# their exact cosine from the stored vectors, which recovers most of what quantisation blurs.
IVF_REFINE = 4
IVF_TRAINING_SAMPLE = 100_000
IVF_SEED = 17


# ---------------------------------------------------------------------- IVF-PQ


def make_ivfpq_index(vectors: np.ndarray) -> faiss.Index:
    """An IVF-PQ index (inner product) of ``vectors``, trained on a seeded sample of them."""
    sample = np.random.default_rng(IVF_SEED).permutation(len(vectors))[:IVF_TRAINING_SAMPLE]
    index = make_trained_ivfpq(np.ascontiguousarray(vectors[np.sort(sample)]), len(vectors))
    index.add(np.ascontiguousarray(vectors))
    _set_probes(index)
    return index


def make_trained_ivfpq(sample: np.ndarray, count: int) -> faiss.Index:
    """An empty IVF-PQ index (inner product) for ``count`` vectors, trained on ``sample`` of them."""
    dimension = sample.shape[1]
    lists = max(1, min(65_536, int(IVF_LISTS_PER_ROOT * math.sqrt(count)), count // 4, len(sample)))
    subquantizers = next(m for m in (PQ_CODE_BYTES, 32, 24, 16, 12, 8, 4, 2, 1) if dimension % m == 0)
    # 8-bit codes need about 10,000 training vectors (256 centroids x 39); a small shard gets 4-bit codes
    bits = 8 if len(sample) >= 256 * 39 else 4
    index = faiss.index_factory(dimension, f"IVF{lists},PQ{subquantizers}x{bits}", faiss.METRIC_INNER_PRODUCT)
    index.cp.seed = IVF_SEED
    index.pq.cp.seed = IVF_SEED
    index.train(sample)
    return index


def read_ivfpq_index(path: Path) -> faiss.Index:
    """An IVF-PQ index from disk, its inverted lists memory-mapped."""
    index = faiss.read_index(str(path), faiss.IO_FLAG_MMAP)
    _set_probes(index)
    return index


def _set_probes(index: faiss.Index) -> None:
    ivf = faiss.extract_index_ivf(index)
    ivf.nprobe = min(ivf.nlist, max(IVF_MIN_PROBES, int(ivf.nlist * IVF_PROBE_SHARE)))
