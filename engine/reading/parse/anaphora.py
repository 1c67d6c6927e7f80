"""A definite noun that points back to the sentence before: "PPM1D mutations were found in tumours.
The mutations result in suppression of p53" says that PPM1D mutations suppress p53.

Only the plain case is read: a bare noun after "the", "this", "these", "those" or "such" (no words of
its own that would name it: "the mutations", "this kinase"), and in the sentence before exactly one
phrase with the same head noun that names what it is ("PPM1D mutations", "mutations in PPM1D", "the
kinase GSK3", "GSK3, a kinase"). Anything else (no such phrase, two of them, a named noun) stays as
the reader read it.
"""

from __future__ import annotations

from pathlib import Path

from spacy.tokens import Doc, Token

from engine.model.annotations import Annotation, StateOf
from engine.reading.language import lexicon
from engine.reading.language.data_files import word_set
from engine.reading.parse.phrases import sides

_WORDS = Path(__file__).with_name("words.toml")

_POINTING = word_set(_WORDS, "_pointing")
_NAMING = frozenset({"compound", "nmod", "amod", "appos", "poss", "nummod"})
_MUTATION_HEADS = word_set(_WORDS, "_mutation_heads")


def rewritten(doc: Doc, previous: Doc | None) -> tuple[str, dict[str, tuple[str, StateOf | None]]] | None:
    """The text of ``doc`` with each bare definite noun that has one antecedent in ``previous`` written
    as that antecedent's name ("The mutations result in Y" → "PPM1D mutations result in Y"), and the
    names put in, each with the noun as written and the state it names; None where none is resolved."""
    if previous is None:
        return None
    found = {token.i: (token, _antecedent(token, previous)) for token in doc if _anaphor(token)}
    found = {i: pair for i, pair in found.items() if pair[1] is not None}
    if not found:
        return None
    words: list[str] = []
    for token in doc:
        if token.i in found:
            words.append(found[token.i][1][0] + token.whitespace_)
        elif token.i + 1 not in found:  # the pointing word goes with its noun
            words.append(token.text_with_ws)
    text = "".join(words)
    return text[:1].upper() + text[1:], {name: (token.text, state) for token, (name, state) in found.values()}


def resolved(annotations: list[Annotation], names: dict[str, tuple[str, StateOf | None]]) -> list[Annotation]:
    """``annotations`` read from a rewritten text, each side named after an antecedent keeping the noun
    as written as an alias (the sentence's own word for it) and the state the name stands for."""
    return [_marked(a, names) for a in annotations]


def _anaphor(token: Token) -> bool:
    if token.pos_ != "NOUN" or not token.text.islower():
        return False
    doc = token.doc
    after = doc[token.i + 1] if token.i + 1 < len(doc) else None
    pointed = token.i > 0 and doc[token.i - 1].lower_ in _POINTING  # (the parse may hang "this" elsewhere)
    return pointed and not (after is not None and after.pos_ in ("NOUN", "PROPN")) \
        and not any(c.dep_ in _NAMING for c in token.children) \
        and not any(c.dep_ == "prep" and c.lower_ in lexicon.CHANGE_PREPOSITIONS for c in token.children)


def _antecedent(anaphor: Token, previous: Doc) -> tuple[str, StateOf | None] | None:
    found = {name for token in previous if token.lemma_.lower() == anaphor.lemma_.lower()
             for name in [_named(token)] if name is not None}
    if len(found) != 1:
        return None
    name, entity = found.pop()
    kind = "mutation" if anaphor.lemma_.lower() in _MUTATION_HEADS else None
    return name, (StateOf(entity=entity, kind=kind) if kind and entity != name else None)


def _named(noun: Token) -> tuple[str, str] | None:
    """(the name of the phrase headed by ``noun``, the entity it is of) when the phrase names what the
    noun is: a name before it or set beside it, or a thing after "in" / "of"."""
    if noun.dep_ == "appos" and noun.head.pos_ == "PROPN":
        return noun.head.text, noun.head.text  # "GSK3, a kinase,"
    beside = [c for c in noun.children if c.dep_ in ("appos", "compound") and c.pos_ == "PROPN"]
    if len(beside) == 1:
        named = beside[0]
        phrase = f"{named.text} {noun.text}" if named.i < noun.i else named.text
        return phrase, named.text if named.i < noun.i else named.text  # "PPM1D mutations", "the kinase GSK3"
    things = [s for c in noun.children if c.dep_ == "prep" and c.lower_ in lexicon.CHANGE_PREPOSITIONS and c.i == noun.i + 1
              for g in c.children if g.dep_ == "pobj" for s in sides(g)]
    if len(things) == 1:
        return f"{things[0].name} {noun.text}", things[0].name  # "mutations in PPM1D"
    return None


def _marked(annotation: Annotation, names: dict[str, tuple[str, StateOf | None]]) -> Annotation:
    update: dict = {}
    for side in ("subject", "object"):
        name = getattr(annotation, side)
        if name in names:
            word, state = names[name]
            update[f"{side}_aliases"] = [*getattr(annotation, f"{side}_aliases"), word]
            if state is not None:
                update[f"{side}_state_of"] = state
            update["named_before"] = True
    return annotation.model_copy(update=update) if update else annotation
