"""Objects each with its own amount: "D reduced LDL-C by 55%, apoB by 56% and Lp(a) by 19%".

The verb is said once and each object after it carries the amount of its change; the model reads
the second and later objects as anything but objects (an adverb, a clause), so only the first was
read. The sentence is parsed again without the amounts ("D reduced LDL-C, apoB and Lp(a)"), which
the model reads as one verb with a list of objects; the amounts say how much, not what changed.
"""

from __future__ import annotations

import re
from pathlib import Path

from spacy.tokens import Doc, Token

from engine.reading.language import lexicon
from engine.reading.language.data_files import word_set
from engine.reading.parse.parsing import parsed_without

_WORDS = Path(__file__).with_name("words.toml")

_UNITS = word_set(_WORDS, "_units")
_ABOUT = word_set(_WORDS, "_about")
_AMOUNT_WORD = re.compile(r"^[~≈]?\d+(?:[.,·]\d+)?(?:%|-?fold)$")


def amounts_left_out(doc: Doc) -> Doc:
    """``doc`` parsed again without the amounts of two or more objects after a verb of change; else
    ``doc``."""
    amounts = [span for span in (_amount_after(t) for t in doc if t.lower_ == "by") if span is not None]
    left_out = {i for run in _runs(doc, amounts) if len(run) >= 2 and _after_a_change_verb(doc, run[0][0])
                for start, end in run for i in range(start, end)}
    return parsed_without(doc, left_out) if left_out else doc


def _runs(doc: Doc, amounts: list[tuple[int, int]]) -> list[list[tuple[int, int]]]:
    """The amounts in runs of one verb's objects: a verb between two amounts starts a new run ("X
    reduced A by 55% and increased B by 10%")."""
    runs: list[list[tuple[int, int]]] = []
    for span in amounts:
        joined = runs and not any(t.lower_ in lexicon.VERB_FORMS or t.pos_ in ("VERB", "AUX") and t.tag_ != "VBN"
                                  for t in doc[runs[-1][-1][1]:span[0]])
        if joined:
            runs[-1].append(span)
        else:
            runs.append([span])
    return runs


def _amount_after(by: Token) -> tuple[int, int] | None:
    """The span of "by 55%", "by about 2-fold", "by 30 percent" after a noun (not after a verb: "was
    reduced by 50%" names the amount of the verb's own change, and nothing is left out)."""
    doc = by.doc
    if by.i == 0 or not _ends_a_noun(doc[by.i - 1]):
        return None
    i = by.i + 1
    while i < len(doc) and doc[i].lower_ in _ABOUT:
        i += 1
    if i < len(doc) and _AMOUNT_WORD.match(doc[i].text):
        return by.i, i + 1
    if i < len(doc) and doc[i].like_num:
        unit = i + 1 < len(doc) and doc[i + 1].lower_ in _UNITS
        return (by.i, i + 2) if unit else None
    return None


def _ends_a_noun(token: Token) -> bool:
    """A word that may end a name (the model may tag a symbol a verb: "LDL-C"), not a verb of change
    nor a participle or an auxiliary."""
    if token.is_punct:
        return token.text == ")"
    after_auxiliary = token.i > 0 and token.doc[token.i - 1].pos_ == "AUX"  # "was measured by 50%"
    return token.lower_ not in lexicon.VERB_FORMS and token.pos_ != "AUX" and not after_auxiliary


def _after_a_change_verb(doc: Doc, start: int) -> bool:
    return any(t.lower_ in lexicon.VERB_FORMS for t in doc[:start])
