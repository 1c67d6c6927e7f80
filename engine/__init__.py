"""Causeway's UI-free core: graph model, reasoner, pipeline, language backends, discovery, storage."""
