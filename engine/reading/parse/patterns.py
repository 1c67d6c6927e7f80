"""The parse reader's constructions that are patterns over the dependency parse, kept as data in
patterns.toml (each with an example sentence) and matched with spaCy's DependencyMatcher."""

from __future__ import annotations

from pathlib import Path

from spacy.matcher import DependencyMatcher
from spacy.tokens import Doc, Token
from spacy.vocab import Vocab

from engine.reading.language.data_files import data_file

PATTERNS = Path(__file__).with_name("patterns.toml")

# One matcher a pattern and vocabulary (a matcher is bound to the vocabulary of the docs it reads, and
# one of its own pattern runs nothing else over the sentence).
_MATCHERS: dict[tuple[int, str], tuple[Vocab, DependencyMatcher]] = {}


def construction_names() -> list[str]:
    return list(data_file(PATTERNS))


def example(name: str) -> str:
    return data_file(PATTERNS)[name]["example"]


def matches(doc: Doc, name: str) -> list[dict[str, Token]]:
    """Each match of the construction ``name`` in ``doc``, as its nodes' words by RIGHT_ID, in the
    order of the sentence."""
    nodes = [node["RIGHT_ID"] for node in data_file(PATTERNS)[name]["pattern"]]
    found = [{node: doc[i] for node, i in zip(nodes, token_ids)} for _, token_ids in _matcher(doc.vocab, name)(doc)]
    return sorted(found, key=lambda match: [match[node].i for node in nodes])


def _matcher(vocab: Vocab, name: str) -> DependencyMatcher:
    key = (id(vocab), name)
    if key not in _MATCHERS:
        matcher = DependencyMatcher(vocab)
        matcher.add(name, [data_file(PATTERNS)[name]["pattern"]])
        _MATCHERS[key] = (vocab, matcher)  # the vocabulary is kept so that its id is not reused
    return _MATCHERS[key][1]
