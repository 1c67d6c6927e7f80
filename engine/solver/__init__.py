"""The answer-set program (commented .lp files) and the reasoner that runs it with clingo."""
