"""Documents, ingestion, embeddings and the hybrid FAISS + lexical index."""
