"""The parse reader's constructions that are patterns over the dependency parse, kept as data in
patterns.toml (each with an example sentence) and matched with spaCy's DependencyMatcher."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from spacy.matcher import DependencyMatcher
from spacy.tokens import Doc, Token
from spacy.vocab import Vocab

from engine.reading.language.data_files import data_file

PATTERNS = Path(__file__).with_name("patterns.toml")

# One matcher a construction and vocabulary (a matcher is bound to the vocabulary of the docs it reads,
# and one of its own construction runs nothing else over the sentence); one for all the roles.
_MATCHERS: dict[tuple[int, tuple[str, ...]], tuple[Vocab, DependencyMatcher]] = {}

# A parse is read only once it is mended (``nlp.parsed``), and never changed while it is read: each
# pattern is matched once a parse, its matches kept with the parse (as token indices, so that the
# parse stays serialisable) for every word a family asks about.
_FOUND = "parse patterns"


def construction_names() -> list[str]:
    return list(data_file(PATTERNS))


def example(name: str) -> str:
    return data_file(PATTERNS)[name]["example"]


def matches(doc: Doc, name: str) -> list[dict[str, Token]]:
    """Each match of the construction ``name`` in ``doc``, as its nodes' words by RIGHT_ID, in the
    order of the sentence: by the first node, then the next; for a role, from the word it is of down."""
    nodes = _nodes(name)
    return [{node: doc[i] for node, i in zip(nodes, ids)} for ids in _found(doc, name)[0]]


def anchored(word: Token, name: str) -> list[dict[str, Token]]:
    """The matches of the role ``name`` whose word the role is of (the head of its last node) is
    ``word``, in the order of the sentence: "object" read for one verb."""
    doc, nodes = word.doc, _nodes(name)
    return [{node: doc[i] for node, i in zip(nodes, ids)} for ids in _found(doc, name)[1].get(word.i, ())]


def governed(word: Token, name: str, node: str) -> list[Token]:
    """The words at ``node`` of the matches of the role ``name`` of ``word``."""
    doc, at = word.doc, _nodes(name).index(node)
    return [doc[ids[at]] for ids in _found(doc, name)[1].get(word.i, ())]


def subjects(word: Token, *labels: str) -> list[Token]:
    """``word``'s own subjects with one of the dependency labels ("nsubj", "nsubjpass", "csubj"): the
    role ``subject``."""
    return [s for s in governed(word, "subject", "subject") if s.dep_ in labels]


def objects(word: Token) -> list[Token]:
    """``word``'s direct objects: the role ``object``."""
    return governed(word, "object", "object")


def objects_after(word: Token, *prepositions: str) -> list[Token]:
    """The objects of ``word``'s prepositions among ``prepositions`` ("results from X", "inhibition of
    X by Y"), in the order of the sentence: the role ``preposition_object``; not those of a denied
    preposition ("exposed to X but not to Y")."""
    doc, nodes = word.doc, _nodes("preposition_object")
    preposition, object_ = nodes.index("preposition"), nodes.index("object")
    return [doc[ids[object_]] for ids in _found(doc, "preposition_object")[1].get(word.i, ())
            if doc[ids[preposition]].lower_ in prepositions
            and not any(c.dep_ == "neg" for c in doc[ids[preposition]].children)]


@cache
def _nodes(name: str) -> tuple[str, ...]:
    return tuple(node["RIGHT_ID"] for node in data_file(PATTERNS)[name]["pattern"])


def _found(doc: Doc, name: str) -> tuple[list[tuple[int, ...]], dict[int, list[tuple[int, ...]]]]:
    """The token indices of each match, node by node in the pattern's order, in the order of the
    sentence; for a role, read down from the word it is of (the head of its last node: the nested
    order of a walk down the tree), and by that word's index. Each word has one head, so no two
    matches are the same."""
    found = doc.user_data.setdefault(_FOUND, {})
    if name not in found:
        group = _roles() if name in _roles() else (name,)
        matched: dict[str, list[tuple[int, ...]]] = {member: [] for member in group}
        for key, ids in _matcher(doc.vocab, group)(doc):
            matched[doc.vocab.strings[key]].append(tuple(ids))
        for member, ids in matched.items():
            found[member] = _ordered(doc, ids) if member in _roles() else (sorted(ids), {})
    return found[name]


def _ordered(doc: Doc, ids: list[tuple[int, ...]]) -> tuple[list[tuple[int, ...]], dict[int, list[tuple[int, ...]]]]:
    """A role's matches read down from the word each is of, and by that word's index (none on a word
    that is its own head, the root: it is no word's child)."""
    ids = sorted((match for match in ids if doc[match[-1]].head.i != match[-1]),
                 key=lambda match: (doc[match[-1]].head.i, *match[::-1]))
    by_word: dict[int, list[tuple[int, ...]]] = {}
    for match in ids:
        by_word.setdefault(doc[match[-1]].head.i, []).append(match)
    return ids, by_word


@cache
def _roles() -> tuple[str, ...]:
    """The roles, matched together: nearly every sentence asks for each of them."""
    return tuple(name for name, table in data_file(PATTERNS).items() if table.get("role"))


def _matcher(vocab: Vocab, names: tuple[str, ...]) -> DependencyMatcher:
    key = (id(vocab), names)
    if key not in _MATCHERS:
        matcher = DependencyMatcher(vocab)
        for name in names:
            matcher.add(name, [data_file(PATTERNS)[name]["pattern"]])
        _MATCHERS[key] = (vocab, matcher)  # the vocabulary is kept so that its id is not reused
    return _MATCHERS[key][1]
