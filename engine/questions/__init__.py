"""The question: what a causal question asks about (analyze.py, its phrasings in questions.toml)."""
