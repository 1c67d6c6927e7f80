"""Documents, ingestion, embeddings and the hybrid FAISS + lexical index."""

# Registers the sharded layout with retrieval.index, so that PaperIndex.open reads either layout.
from retrieval import sharded as _sharded  # noqa: E402, F401
