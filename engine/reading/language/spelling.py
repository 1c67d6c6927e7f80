"""British spellings read as American ones, so that a name meets itself in the other spelling
("tumour necrosis factor" and "tumor necrosis factor", "glycaemic control" and "glycemic control").

Keys only compare names, so each word is mapped one way: by breame's table of British words
("tumour", "behaviour", "randomised", "signalling", "centre"), else by the rules of the medical words
that the table lacks. A word no rule changes is its own.
"""

from __future__ import annotations

import re
from functools import lru_cache

from breame.data.spelling_constants import BRITISH_ENGLISH_SPELLINGS

_CONSONANT = "[b-df-hj-np-tv-z]"
_RULES = (
    # "ae" between consonants, or opening a word before a consonant but "r" (aerobic): haemoglobin,
    # ischaemic, paediatric, gynaecology, aetiology
    (re.compile(f"(?<={_CONSONANT})ae(?={_CONSONANT})|^ae(?=[b-df-hj-np-qs-tv-z])"), "e"),
    # "oe" of oedema, oestrogen, oesophagus, foetal, coeliac and diarrhoea
    (re.compile("^oe(?=[dst])|(?<=^f)oe(?=t)|(?<=^c)oe(?=l)|oe(?=a)"), "e"),
    (re.compile("(?<=[vmbi])our"), "or"),  # tumourigenesis, neurobehavioural
    (re.compile("isation"), "ization"),  # organisational: no American word is spelled so
    (re.compile("(?<=[tb])re(?=s?$)"), "er"),  # titre, fibres (not genre)
)
_WORD = re.compile("[A-Za-z][a-z]+")  # a word in lower case or capitalised; symbols ("TNF", "mTOR") stay


@lru_cache(maxsize=1 << 14)
def american(word: str) -> str:
    """The American spelling of a lower-case word (the word itself where there is no other)."""
    if word in BRITISH_ENGLISH_SPELLINGS:
        return BRITISH_ENGLISH_SPELLINGS[word]
    for rule, replacement in _RULES:
        word = rule.sub(replacement, word)
    return word


def american_text(text: str) -> str:
    """Every word of ``text`` in its American spelling, a capital kept."""
    return _WORD.sub(_respelled, text)


def _respelled(match: re.Match) -> str:
    word = match.group()
    spelled = american(word.lower())
    return spelled.capitalize() if word[0].isupper() else spelled
