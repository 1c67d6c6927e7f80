"""Grounded spans of a text, so a reader can take an entity's boundaries from a name the grounder knows
("Inhibition of PCSK9 also results in reductions of plasma lipoprotein (a) levels": PCSK9, plasma,
lipoprotein (a)).

The search is Gilda's NER (``gilda.ner.annotate``): from each word, the longest run of words that is a
known term, by the first-word index of the term table, Gilda's stop words skipped. It is written here
over whitespace words rather than called, because ``gilda.ner`` imports NLTK (seconds at start-up, for
two tokenizers) and its Treebank tokenizer splits "lipoprotein(a)" into pieces no term begins with.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from engine.assembly.grounding.resources import package_dir
from engine.assembly.grounding.lexicon import Grounding, Lexicon

_WORD = re.compile(r"[^\s/]+")  # "APP/PS1" is two names
_TRAILING = ",;:!?\"'"
_BRACKETS = {"(": ")", "[": "]"}


@dataclass(frozen=True)
class Span:
    """``text[start:end]`` names what ``groundings`` identify (best first)."""

    start: int
    end: int
    text: str
    groundings: tuple[Grounding, ...]


def find_spans(text: str, lexicon: Lexicon) -> list[Span]:
    """The grounded spans of ``text``, in order, none overlapping."""
    from gilda.process import normalize

    words = _words(text)
    normal = [normalize(text[start:end]) for start, end in words]
    core, stop = _stop_words()
    prefixes = lexicon.grounder.prefix_index
    spans: list[Span] = []
    at = 0
    while at < len(words):
        lengths = () if normal[at] in core else sorted(prefixes.get(normal[at], ()), reverse=True)
        step = 1
        for length in (n for n in lengths if at + n <= len(words) and not (n == 1 and normal[at] in stop)):
            start, end = words[at][0], words[at + length - 1][1]
            found = lexicon.ground(text[start:end]) if end - start > 1 else ()
            if found:
                spans.append(Span(start, end, text[start:end], tuple(found)))
                step = length
                break
        at += step
    return spans


def _words(text: str) -> list[tuple[int, int]]:
    """Words (split at spaces and slashes) without the punctuation that ends a clause or an unbalanced
    bracket around them."""
    words = []
    matches = list(_WORD.finditer(text))
    for number, match in enumerate(matches):
        start, end = match.start(), match.end()
        # a stop ends a word only where a sentence ends (the last word, or one before a capital):
        # "et al. (2005)" keeps "al."
        last = number == len(matches) - 1
        trailing = _TRAILING + "." if last or matches[number + 1].group()[:1].isupper() else _TRAILING
        changed = True
        while changed and start < end:
            changed = False
            if text[end - 1] in trailing or (text[end - 1] in ")]" and _unbalanced(text[start:end])):
                end, changed = end - 1, True
            elif text[start] in _BRACKETS and _unbalanced(text[start:end]):
                start, changed = start + 1, True
            elif _enclosed(text[start:end]):  # "(PCSK9)", but "(a)" of "lipoprotein (a)" stays
                start, end, changed = start + 1, end - 1, True
        if start < end:
            words.append((start, end))
    return words


def _enclosed(word: str) -> bool:
    """A word of more than one character in one pair of brackets and no others."""
    return (len(word) > 3 and _BRACKETS.get(word[0]) == word[-1]
            and not any(c in word[1:-1] for c in "()[]"))


def _unbalanced(word: str) -> bool:
    return any(word.count(opening) != word.count(closing) for opening, closing in _BRACKETS.items())


@lru_cache(maxsize=1)
def _stop_words() -> tuple[frozenset[str], frozenset[str]]:
    """Gilda's NER stop words: never a term's first word, and never a one-word term."""
    folder = package_dir("gilda") / "resources"
    core = frozenset(w.strip() for w in (folder / "core_stopwords.txt").read_text().splitlines() if w.strip())
    listed = frozenset(w.strip() for w in (folder / "ner_stoplist.txt").read_text().splitlines() if w.strip())
    return core, core | listed
