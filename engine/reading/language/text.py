"""Name normalisation and lenient term matching, shared by Extract, Verify and the benchmark.

Papers name one entity many ways ("Aβ", "amyloid-beta", "amyloid beta"; "GSK-3β", "GSK3B"), so two
names are compared through a chain of precise, generic rules (``terms_match``):

1. **same key**: equal after normalisation (Unicode NFKC, lower case, Greek letters spelled out and
   then reduced to their Latin initial, British spellings read as American and irregular plurals as
   singular (``word_forms``), punctuation and spaces removed, a plural ``s`` dropped, and ``-ies`` read
   as ``-y``);
2. **abbreviation**: a one-word name whose letters are, in order, prefixes of the other name's words
   (every content word used, the first letter first): TNF ~ tumour necrosis factor, Aβ ~ amyloid beta;
3. **symbol family**: one-word names where one key extends the other by at most two characters after
   a digit or by a Greek-letter initial: GSK3 ~ GSK3B, TNF ~ TNF-α;
4. **token containment**: every word of the shorter name occurs in the longer (words compared by their
   keys, hyphenated words also by their parts; two forms of one word count as the same word when they
   share a start of at least six characters covering three quarters of the shorter: cognitive ~
   cognition, neuronal ~ neuron), and the shorter is not made only of generic words such as "protein"
   or "levels": autophagy ~ autophagy induction, protein aggregates ~ ubiquitinated protein
   aggregates, cognition ~ cognitive deficits.

No table of database synonyms is used: a gene symbol and a protein name that share no letters (MAPT and
tau) only match through aliases the caller supplies, e.g. an abbreviation defined in the text.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from functools import lru_cache
from pathlib import Path

from engine.model.graph import GREEK_LETTERS as GREEK
from engine.reading.language import lexicon
from engine.reading.language.data_files import word_set, word_table
from engine.reading.language.word_forms import folded_text

_WORDS = Path(__file__).with_name("words.toml")

_GREEK_INITIALS = word_table(_WORDS, "_greek_initials")
_GREEK_WORD = re.compile("(" + "|".join(_GREEK_INITIALS) + ")")

GENERIC_WORDS = word_set(_WORDS, "generic_words")
_CONNECTIVES = word_set(_WORDS, "_connectives")
_WORD_SPLIT = re.compile(r"[\s/]+")
_NON_KEY = re.compile(r"[^a-z0-9]+")
# A possessive ending, dropped before apostrophes are: "tau's" is "tau" (not "taus", which the plural
# rule keeps whole).
_POSSESSIVE = re.compile(r"(?<=\w)['’]s\b")
# Greek letters spelled out and apostrophes dropped, in one pass over the text.
_SQUASH = str.maketrans({**GREEK, **dict.fromkeys("'’`´")})
# The keys below are pure functions of their strings, and Verify compares every name of a claim with
# every window of its sentence (bench/qa_eval.py: most of a question's CPU time before they were kept).
_CACHE_SIZE = 1 << 16


def normalise_term(term: str) -> str:
    """A readable canonical form: NFKC, lower case, Greek letters spelled out, separators to spaces.

    "Amyloid-β (1–42)" → "amyloid beta 1 42"; "TNF-α" → "tnf alpha"; "Alzheimer's disease" →
    "alzheimer disease"; "tau's phosphorylation" → "tau phosphorylation".
    """
    text = unicodedata.normalize("NFKC", term).lower()
    text = "".join(f" {GREEK[ch]} " if ch in GREEK else ch for ch in text)
    text = _POSSESSIVE.sub("", text)
    text = re.sub(r"['’`´]", "", text)
    text = re.sub(r"[^\w]+|_", " ", text)
    return " ".join(text.split())


def _key(word: str) -> str:
    """The comparison key of a word or name: alphanumerics only, Greek names to initials, no plural."""
    key = _NON_KEY.sub("", word)
    key = _GREEK_WORD.sub(lambda m: _GREEK_INITIALS[m.group(1)], key)
    if len(key) > 3 and key.endswith("s") and not key.endswith(lexicon.SINGULAR_S_ENDINGS):
        key = key[:-1]
    if len(key) > 4 and key.endswith("ie"):
        key = key[:-2] + "y"  # "pathologies" is "pathology" ("calorie" and "calories" stay one)
    return key


@lru_cache(maxsize=_CACHE_SIZE)
def term_key(term: str) -> str:
    """The key under which two spellings of one name coincide (rule 1 of the module docstring)."""
    return _key(_folded(term))


def _folded(term: str) -> str:
    """A name as keys read it: lower case, Greek letters spelled out, each word in its one form
    (``word_forms``: American spelling, an irregular plural singular)."""
    return folded_text(_POSSESSIVE.sub("", unicodedata.normalize("NFKC", term).lower()).translate(_SQUASH))


@lru_cache(maxsize=_CACHE_SIZE)
def _words(term: str) -> tuple[str, ...]:
    """The words of a name as written (hyphens kept), squashed and lower-cased."""
    text = _folded(term)
    return tuple(w for w in (part.strip(".,;:()[]{}\"") for part in _WORD_SPLIT.split(text)) if w)


def content_words(term: str) -> tuple[str, ...]:
    """A name's words as written (``_words``: a hyphenated symbol is one word), in order, without the
    connectives that ``terms_match`` leaves out ("restriction of R-rated movies": restriction, r-rated,
    movies)."""
    return tuple(word for word in _words(term) if _key(word) not in _CONNECTIVES)


@lru_cache(maxsize=_CACHE_SIZE)
def word_keys(term: str) -> frozenset[str]:
    """Keys of every word, and of every hyphen-separated part of hyphenated words."""
    keys: set[str] = set()
    for word in _words(term):
        keys.add(_key(word))
        if "-" in word:
            keys.update(_key(part) for part in word.split("-"))
    keys.discard("")
    return frozenset(keys)


def is_abbreviation_of(short: str, long: str) -> bool:
    """True when the letters of ``short`` are, in order, prefixes of all content words of ``long``."""
    short_key = term_key(short)
    if not short_key or len(short_key) > 12 or " " in short.strip():
        return False
    words = [_key(w) for part in _words(long) for w in part.split("-")]
    words = [w for w in words if w and w not in _CONNECTIVES]
    if len(words) < 2 or len(short_key) < len(words):
        return False
    return _prefix_cover(short_key, words)


def _prefix_cover(short: str, words: list[str]) -> bool:
    """Can ``short`` be cut into non-empty prefixes of ``words``, one per word, in order?"""
    if not words:
        return not short
    if not short:
        return False
    word = words[0]
    for size in range(min(len(word), len(short) - len(words) + 1), 0, -1):
        if short[:size] == word[:size] and _prefix_cover(short[size:], words[1:]):
            return True
    return False


def _symbol_family(a: str, b: str) -> bool:
    shorter, longer = sorted((a, b), key=len)
    if len(shorter) < 3 or not longer.startswith(shorter) or not re.search(r"[a-z]", shorter):
        return False
    rest = longer[len(shorter):]
    if not rest or len(rest) > 2:
        return False
    return shorter[-1].isdigit() or rest[0].isdigit() or rest in _GREEK_INITIALS.values()


@lru_cache(maxsize=1 << 18)
def _names_match(a: str, b: str) -> bool:
    key_a, key_b = term_key(a), term_key(b)
    if not key_a or not key_b:
        return False
    if key_a == key_b:
        return True
    words_a, words_b = _words(a), _words(b)
    if len(words_a) == 1 and len(words_b) == 1 and _symbol_family(key_a, key_b):
        return True
    if (len(words_a) == 1 and is_abbreviation_of(a, b)) or (len(words_b) == 1 and is_abbreviation_of(b, a)):
        return True
    keys_a, keys_b = word_keys(a), word_keys(b)
    whole_a = {_key(w) for w in words_a} - _CONNECTIVES
    whole_b = {_key(w) for w in words_b} - _CONNECTIVES
    for shorter, other_keys in ((whole_a, keys_b), (whole_b, keys_a)):
        if shorter and not shorter <= GENERIC_WORDS and all(
                any(_same_word(word, other) for other in other_keys) for word in shorter):
            return True
    return False


def _same_word(a: str, b: str) -> bool:
    """Equal keys, or one word in two forms ("cognitive"/"cognition", "neuronal"/"neuron"): a
    common start of at least six characters covering three quarters of the shorter word."""
    if a == b:
        return True
    size = 0
    for x, y in zip(a, b):
        if x != y:
            break
        size += 1
    return size >= 6 and size >= 0.75 * min(len(a), len(b))


def terms_match(a: str, b: str, a_aliases: Iterable[str] = (), b_aliases: Iterable[str] = ()) -> bool:
    """True when any name of the first entity matches any name of the second (module docstring)."""
    names_a = [a, *a_aliases]
    names_b = [b, *b_aliases]
    return any(_names_match(x, y) for x in names_a for y in names_b)


_DEFICIENCY_SUFFIX = re.compile(r"\s+deficiency$", re.I)
_MUTATION_SUFFIX = re.compile(r"\s+mutations?$", re.I)


def state_core(term: str) -> tuple[str, int]:
    """The entity a state is about and the direction it moves that entity.

    The extractor names deficiency states "X deficiency" (loss, knockout, deletion, ... of X) and
    genetic variants "X mutation": ("X", -1) and ("X", +1); any other name is its own core, +1.
    """
    stripped = term.strip()
    if _DEFICIENCY_SUFFIX.search(stripped):
        return _DEFICIENCY_SUFFIX.sub("", stripped), -1
    if _MUTATION_SUFFIX.search(stripped):
        return _MUTATION_SUFFIX.sub("", stripped), 1
    return stripped, 1
