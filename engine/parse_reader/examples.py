"""Members named after a class noun: "cytokines such as IL-6 and TNF", "kinases, including AMPK and
ERK". What is said of the class is said of each named member, so each is a side of its own beside
the class (the class stays, as the role noun stays beside the name set after it in "the GABA
antagonist, bicuculline", and as the rule reader keeps it: a vague class noun is dropped later by
the name checks, not here). A member moves the way its class does ("lowered cytokines such as
IL-6": IL-6 falls).
"""

from __future__ import annotations

from spacy.tokens import Token

# Example markers that the parser hangs on the class noun as a preposition.
_MARKERS = frozenset({"including"})


def named_members(noun: Token) -> list[Token]:
    """The first member named after ``noun`` ("such as A, B and C": A; the others are A's
    conjuncts, which the phrase reading takes with it)."""
    found: list[Token] = []
    for prep in noun.rights:
        if prep.dep_ != "prep" or not _marks_examples(prep):
            continue
        found += [c for c in prep.children if c.dep_ == "pobj" and c.pos_ in ("NOUN", "PROPN", "PRON")][:1]
    return found


def _marks_examples(prep: Token) -> bool:
    if prep.lower_ in _MARKERS:
        return True
    return prep.lower_ == "as" and prep.i > 0 and prep.doc[prep.i - 1].lower_ == "such"
