"""The language layer both backends share: the question's analysis, the lexicon of causal words, and
name normalisation and matching (the rule reader, the parse reader, Verify and Integrate read with it)."""
