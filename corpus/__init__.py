"""The default corpus: Human Brain Pharmacome evidence sentences grouped by paper."""
