"""A process noun that ends a coordination of names: "IL-1β and IL-18 release" is most likely the
release of both, but may be IL-1β and the release of IL-18. The parser often takes the first name as
the head and "IL-18 release" as its conjunct; read alone, the first name would be the amount of
IL-1β, which the phrase most likely does not speak of. As the rule reader does
(``engine.offline.extract.states.trailing_process``), the unsure members are left out."""

from __future__ import annotations

from spacy.tokens import Token

from engine.language import lexicon
from engine.offline.extract.vocabulary import PLACING_NOUNS

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
    if joined is None or joined.lower_ not in ("and", "or"):
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
