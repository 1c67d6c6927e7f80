"""Causal discovery from uploaded tables (DESIGN §7): read, learn, sign, compare with literature, ask."""
