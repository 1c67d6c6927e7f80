"""Negation and hedging of a predicate, read from the tree above and around it.

A negated claim is no claim ("X did not increase Y", "X failed to increase Y", "we found no
evidence that X increases Y"), nor is a question ("we asked whether X increases Y"). A hedged claim
("X may increase Y", "these data suggest that X increases Y", "X possibly increases Y") is kept with
``hedged`` set and a low confidence.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from spacy.tokens import Token

from engine.reading.language import lexicon
from engine.reading.language.data_files import word_set

_WORDS = Path(__file__).with_name("words.toml")

# Dependencies through which a clause is said by, or depends on, the predicate above it.
_EMBEDDING = frozenset({"xcomp", "ccomp", "conj", "acomp"})  # "acomp": "X was not able to raise Y"
_FAILING = word_set(_WORDS, "_failing")
_HEDGING_MODALS = word_set(_WORDS, "_hedging_modals")
_QUESTION_MARKS = word_set(_WORDS, "_question_marks")
_POTENTIAL = word_set(_WORDS, "_potential")
_HEDGING_VERBS = word_set(_WORDS, "_hedging_verbs")
_PROPOSING_VERBS = word_set(_WORDS, "_proposing_verbs")


def predicate_of(word: Token) -> Token:
    """The verb a phrase hangs on ("X, an inhibitor of Y, reduced Z": "reduced"), or the root of a
    verbless sentence: the predicate whose negation and hedges the phrase's claim shares."""
    while word.dep_ != "ROOT" and not word.tag_.startswith("VB"):
        word = word.head
    return word


def _chain(predicate: Token, coordinated: bool = False) -> Iterator[Token]:
    """The predicate and the predicates it is embedded in, innermost first; a clause that is what a
    noun reports ("no evidence that X raises Y", "no evidence to suggest that ...") is embedded in the
    noun, and through it in the verb the noun is the object of ("we did not find evidence that ...")."""
    token = predicate
    yield token
    while (token.dep_ in _EMBEDDING or _content_of_noun(token)) and token.head.i != token.i:
        embedded_as = token.dep_
        token = token.head
        if embedded_as == "conj" and not coordinated:
            continue  # a coordinated verb shares its first verb's negation only through its own words
        yield token
        if embedded_as == "acl" and token.dep_ in ("dobj", "attr") and token.head.i != token.i:
            token = token.head
            yield token


def _content_of_noun(clause: Token) -> bool:
    """A clause that says what its noun holds ("evidence that X raises Y", "evidence to suggest
    ..."), not a relative clause on it ("the mice that received X")."""
    return clause.dep_ == "acl" and clause.head.pos_ == "NOUN" and any(
        (c.dep_ == "mark" and c.lower_ == "that") or (c.dep_ == "aux" and c.lower_ == "to") for c in clause.children)


def negated(predicate: Token) -> bool:
    for token in (*_chain(predicate), *_sharing_verbs(predicate)):
        if any(c.dep_ == "neg" or (c.dep_ == "det" and c.lower_ == "no") for c in token.children):
            return True
        if token is not predicate and token.lemma_.lower() in _FAILING:
            return True
    return False


def _sharing_verbs(predicate: Token) -> list[Token]:
    """"X did not bind or inhibit Y", "X failed to activate and phosphorylate Y": a verb coordinated
    with one that has no object of its own shares that verb's object, and so its negation too."""
    if predicate.dep_ != "conj" or predicate.head.i == predicate.i:
        return []
    first = predicate.head
    if any(c.dep_ in ("dobj", "prep") for c in first.children):
        return []
    return list(_chain(first))


def questioned(predicate: Token) -> bool:
    """"we asked whether X raises Y" (and "whether X binds Z and raises Y"), "Does X raise Y?"; also a
    claim said to hold "depending on" an unnamed condition ("Depending on the site, X raises Y"), which
    leaves open where it holds (not "Y is dependent on X", where the word is the predicate)."""
    if predicate.sent[-1].text == "?":
        return True
    return any((c.dep_ == "mark" and c.lower_ in _QUESTION_MARKS)
               or (c.lower_ in lexicon.DEPENDENCE_WORDS and c.dep_ != "acomp"
                   and any(g.lower_ in lexicon.ON_PREPOSITIONS for g in c.children))
               for token in _chain(predicate, coordinated=True) for c in token.children)


def hedged(predicate: Token) -> bool:
    for token in _chain(predicate):
        for child in token.children:
            if child.dep_ == "aux" and child.lower_ in _HEDGING_MODALS:
                return True
            if child.dep_ == "advmod" and child.lower_ in lexicon.HEDGES:
                return True
        if token is not predicate and token.lower_ in lexicon.HEDGES | _PROPOSING_VERBS:
            return True
        if token is not predicate and token.lemma_.lower() in _HEDGING_VERBS:
            return True
        if token is not predicate and any(c.dep_ == "dobj" and c.lower_ in _POTENTIAL for c in token.children):
            return True  # "X has the potential to raise Y": that it can, not that it does
    return False


def hedged_phrase(predicate: Token) -> bool:
    """A noun phrase under ``predicate`` is hedged with its clause, and also when the predicate
    itself reports a view ("suggesting an involvement of X in Y-mediated Z")."""
    return hedged(predicate) or predicate.lemma_.lower() in _HEDGING_VERBS
