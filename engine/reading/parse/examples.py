"""Members named after a class noun: "cytokines such as IL-6 and TNF", "kinases, including AMPK and
ERK", "monoamines like serotonin", "effects that include tremor and seizures", "the transcription
factors ATF4 and CHOP" (names set right after the class). What is said of the class is said of each
named member, so each is a side of its own beside the class (the class stays, as the role noun
stays beside the name set after it in "the GABA antagonist, bicuculline", and as the rule reader
keeps it: a vague class noun is dropped later by the name checks, not here). A member moves the way
its class does ("lowered cytokines such as IL-6": IL-6 falls).
"""

from __future__ import annotations

from pathlib import Path

from spacy.tokens import Token

from engine.reading.language import lexicon
from engine.reading.language.data_files import word_set

_WORDS = Path(__file__).with_name("words.toml")

_MARKERS = word_set(_WORDS, "_markers")


def named_members(noun: Token) -> list[Token]:
    """The first member named after ``noun`` ("such as A, B and C": A; the others are A's
    conjuncts, which the phrase reading takes with it)."""
    found: list[Token] = []
    for prep in noun.rights:
        if prep.dep_ != "prep" or not _marks_examples(prep):
            continue
        found += [c for c in prep.children if c.dep_ == "pobj" and c.pos_ in ("NOUN", "PROPN", "PRON")][:1]
    return found + _names_after(noun) + _included(noun) + _like_after(noun)


def _like_after(noun: Token) -> list[Token]:
    """"lowers monoamines like serotonin": "like" right after a plural class noun, which the parser
    may hang on the verb instead of the noun."""
    doc = noun.doc
    if noun.tag_ != "NNS" or noun.i + 1 >= len(doc):
        return []
    like = doc[noun.i + 1]
    if like.lower_ != "like" or like.dep_ != "prep" or like.head.i == noun.i:
        return []  # "like" on the noun is read with the other markers
    return [c for c in like.children if c.dep_ == "pobj" and c.pos_ in ("NOUN", "PROPN")][:1]


def _included(noun: Token) -> list[Token]:
    """"effects that include A, B and C": the first object of a relative clause of "include"."""
    return [o for clause in noun.rights if clause.dep_ == "relcl" and clause.lemma_.lower() == "include"
            and any(c.dep_ == "nsubj" and c.lower_ in lexicon.THING_RELATIVE_PRONOUNS for c in clause.children)
            for o in clause.children if o.dep_ == "dobj" and o.pos_ in ("NOUN", "PROPN")][:1]


def _names_after(noun: Token) -> list[Token]:
    """"the transcription factors ATF4 and CHOP", "the members BAX and BAK": a name the parser sets
    in apposition right after a plural class noun (or a singular one of ``CLASS_NOUNS``), with no
    comma or bracket between, names members of the class. Hosts ("mice", "patients") name none."""
    plural_class = noun.tag_ == "NNS" or noun.lower_ in lexicon.CLASS_NOUNS
    if not plural_class or noun.lower_ in lexicon.HOST_NOUNS:
        return []
    after = apposed_after(noun)
    return [after] if after is not None and after.pos_ == "PROPN" else []


def apposed_after(noun: Token) -> Token | None:
    """The word right after ``noun``, with no comma or bracket between, that the parse made its
    apposition ("the receptors LRP1 and LRP2", "the transcription factor TFEB")."""
    if noun.i + 1 >= len(noun.doc):
        return None
    after = noun.doc[noun.i + 1]
    return after if after.head.i == noun.i and after.dep_ == "appos" else None


def _marks_examples(prep: Token) -> bool:
    if prep.lower_ in _MARKERS:
        return True
    if prep.lower_ == "like":  # "monoamines like serotonin": right after a plural class noun only
        return prep.head.tag_ == "NNS" and prep.i == prep.head.i + 1
    return prep.lower_ == "as" and prep.i > 0 and prep.doc[prep.i - 1].lower_ == "such"
