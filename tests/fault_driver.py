"""A real process for the fault tests: ``python tests/fault_driver.py INDEX_DIR INPUT...`` runs
``python -m retrieval add --index INDEX_DIR --input INPUT...`` with a stand-in embedder (a hash of
each text, so no model loads and a killed run costs a fraction of a second) and claims read one
sentence per step. The test sets ``CAUSEWAY_FAULT_KILL_AT`` to have it SIGKILL itself at a step
(``retrieval/faults.py``)."""

from __future__ import annotations

import hashlib
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from retrieval.embeddings import Embedder  # noqa: E402

MODEL = "fault-test-hash"
READER_VERSION = "fault-test-reader"
DIMENSION = 16


class HashEmbedder(Embedder):
    """Unit vectors drawn from a hash of each text: the same text, the same vector."""

    def __init__(self, model_name: str = MODEL) -> None:
        super().__init__(MODEL)

    @property
    def dimension(self) -> int:
        return DIMENSION

    def embed(self, texts, progress=None) -> np.ndarray:
        rows = [np.random.default_rng(int(hashlib.sha256(t.encode()).hexdigest()[:12], 16)).standard_normal(DIMENSION)
                for t in texts]
        vectors = np.asarray(rows, dtype=np.float32).reshape(len(texts), DIMENSION)
        vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
        if progress is not None:
            progress(len(texts), len(texts))
        return vectors


def main(argv: list[str]) -> int:
    import os

    from retrieval import index as index_module
    from retrieval.__main__ import main as retrieval_main

    os.environ["CAUSEWAY_EMBEDDING_MODEL"] = MODEL
    index_module.Embedder = HashEmbedder  # every embedder the index makes
    from engine.reading.parse import store

    store.FILL_STEP = 1
    # The reader's version is a digest of the engine's source, which may change between two runs in
    # a working tree being edited; the claims a killed run kept must count for the rerun all the same.
    store.reader_version = lambda: READER_VERSION
    return retrieval_main(["add", "--index", argv[0], "--input", *argv[1:]])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
