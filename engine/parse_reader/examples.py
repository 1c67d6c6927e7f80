"""Members named after a class noun: "cytokines such as IL-6 and TNF", "kinases, including AMPK and
ERK", "the transcription factors ATF4 and CHOP" (names set right after the class). What is said of the class is said of each named member, so each is a side of its own beside
the class (the class stays, as the role noun stays beside the name set after it in "the GABA
antagonist, bicuculline", and as the rule reader keeps it: a vague class noun is dropped later by
the name checks, not here). A member moves the way its class does ("lowered cytokines such as
IL-6": IL-6 falls).
"""

from __future__ import annotations

from spacy.tokens import Token

from engine.language import lexicon

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
    return found + _names_after(noun)


def _names_after(noun: Token) -> list[Token]:
    """"the transcription factors ATF4 and CHOP", "the members BAX and BAK": a name the parser sets
    in apposition right after a plural class noun (or a singular one of ``CLASS_NOUNS``), with no
    comma or bracket between, names members of the class. Hosts ("mice", "patients") name none."""
    plural_class = noun.tag_ == "NNS" or noun.lower_ in lexicon.CLASS_NOUNS
    if not plural_class or noun.lower_ in lexicon.HOST_NOUNS or noun.i + 1 >= len(noun.doc):
        return []
    after = noun.doc[noun.i + 1]
    return [after] if after.head.i == noun.i and after.dep_ == "appos" and after.pos_ == "PROPN" else []


def _marks_examples(prep: Token) -> bool:
    if prep.lower_ in _MARKERS:
        return True
    return prep.lower_ == "as" and prep.i > 0 and prep.doc[prep.i - 1].lower_ == "such"
