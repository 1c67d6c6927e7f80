"""A process noun that ends a coordination of names: "IL-1β and IL-18 release" is most likely the
release of both, but may be IL-1β and the release of IL-18. The parser often takes the first name as
the head and "IL-18 release" as its conjunct; read alone, the first name would be the amount of
IL-1β, which the phrase most likely does not speak of. As the rule reader does
(``engine.reading.rules.states.trailing_process``), the unsure members are left out."""

from __future__ import annotations

from pathlib import Path

from spacy.tokens import Token

from engine.reading.language import lexicon
from engine.reading.language.data_files import word_set, word_tuple
from engine.reading.rules.vocabulary import PLACING_NOUNS

_WORDS = Path(__file__).with_name("words.toml")

_NAME_DEPS = frozenset({"compound", "nummod", "nmod"})  # a name before the process, not an adjective


def trailing_process(head: Token, members: list[Token]) -> bool:
    """Does the last member read "NAME PROCESS" after "and" / "or", every member before it a bare
    name (which may share the process or not)?"""
    if not members:
        return False
    last = members[-1]
    if not process_word(last.lower_) or not any(c.dep_ in _NAME_DEPS for c in last.lefts):
        return False
    joined = last.doc[last.left_edge.i - 1] if last.left_edge.i > 0 else None
    if joined is None or joined.lower_ not in lexicon.LIST_CONJUNCTIONS:
        return False
    return all(_bare_name(m) for m in (head, *members[:-1]))


def process_word(word: str) -> bool:
    """A process of an entity (its release, uptake, translocation), not its amount."""
    return (word in lexicon.PROCESS_NOUNS or word in PLACING_NOUNS) and word not in lexicon.DETRIMENT_WORDS


def _bare_name(token: Token) -> bool:
    """A name with no process, change or phrase of its own ("IL-1β", "TNF")."""
    return token.pos_ in ("PROPN", "NOUN", "NUM") and not process_word(token.lower_) \
        and token.lower_ not in lexicon.QUANTITY_WORDS \
        and not any(c.dep_ == "prep" for c in token.rights)


_INSERT_ENDS = word_set(_WORDS, "_insert_ends")
_CONTRAST_OPENING = word_tuple(_WORDS, "_contrast_opening")


def _contrast_after(token: Token) -> tuple[int, int] | None:
    """The span of ", but not ..." right after ``token``, up to the mark that closes it."""
    doc, i = token.doc, token.i
    if i + 4 >= len(doc) or tuple(t.lower_ for t in doc[i + 1:i + 4]) != _CONTRAST_OPENING:
        return None
    end = i + 4
    while end < len(doc) and doc[end].text not in _INSERT_ENDS and doc[end].sent == token.sent:
        end += 1
    return (i + 4, end) if end > i + 4 else None


def contrasted_process(token: Token) -> str | None:
    """"increased A, but not B or C lysosomal localization": the contrast names the process both
    undergo, so A's side is "A lysosomal localization" (these words), not A's amount."""
    span = _contrast_after(token)
    if span is None or process_word(token.lower_) or (token.dep_ == "pobj" and token.head.lower_ == "of"):
        return None  # "the production of A, but not B secretion": A's own process stays
    words = token.doc[span[0]:span[1]]
    if not process_word(words[-1].lower_):
        return None
    first = len(words) - 1
    while first > 0 and words[first - 1].text.isalpha() and words[first - 1].text.islower():
        first -= 1
    return words[first:].text if first > 0 else None


def inside_contrast(token: Token) -> bool:
    """Is ``token`` inside a ", but not ..." insert (a member excluded from the claim)?"""
    doc = token.doc
    for k in range(token.i - 1, token.sent.start, -1):
        if doc[k].text in _INSERT_ENDS:
            return False
        if doc[k].lower_ == "not":
            return k >= 2 and doc[k - 1].lower_ == "but" and doc[k - 2].text == ","
    return False
