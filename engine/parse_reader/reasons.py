"""A change and its stated reason: "Tarp levels were reduced due to Velk1 deficiency", "Tarp rose as a
result of Velk1 activation", "Tarp was upregulated as a consequence of Velk1 haploinsufficiency",
"Tarp declined owing to reduced Velk1", "Tarp fell because of the loss of Velk1", "Tarp increased in
response to Velk1". The reason is the cause of the change it is attached to.

The change is read as a host's change is (``hosts.change_seen``): a passive or intransitive verb of
change with what it changes, or an adjective of change with the copula's subject. A reason on any
other word ("X reduced Tarp due to its toxicity", "this may be due to X") says why something else
happened, and gives no claim; nor does a reason that only renames an event ("due to its toxic
effect", "in response to changes in Y").
"""

from __future__ import annotations

from spacy.tokens import Doc, Token

from engine.parse_reader import modality
from engine.parse_reader.claims import Claim, pairs
from engine.parse_reader.hosts import change_seen
from engine.parse_reader.phrases import sides
from engine.parse_reader.verbs import EVENT_NOUNS

# Words that open a reason, with the word the parser may hang the reason's noun on ("due to X",
# "because of X", "owing to X"); nouns of result that do the same after "as" ("as a result of X").
_REASON_WORDS = {"due": "to", "owing": "to", "because": "of"}
_RESULT_NOUNS = frozenset({"result", "consequence"})


def reason_claims(doc: Doc) -> list[Claim]:
    claims: list[Claim] = []
    for preposition in doc:
        if preposition.dep_ != "prep":
            continue
        reasons = _reasons(preposition)
        if not reasons:
            continue
        predicate = preposition.head
        if predicate.lemma_.lower() == "be":  # "Tarp levels were lower due to ..." with the reason on the copula
            predicate = next((c for c in predicate.children if c.dep_ == "acomp"), predicate)
        if modality.negated(predicate) or modality.questioned(predicate):
            continue
        sign, changed = change_seen(predicate)
        causes = [s for head in reasons if head.lower_ not in EVENT_NOUNS for s in sides(head)]
        effects = [s for head in changed for s in sides(head)]
        claims += pairs(causes, sign, effects, modality.hedged(predicate)) if sign else []
    return claims


def _reasons(preposition: Token) -> list[Token]:
    """The heads a reason phrase names: the object of "due to", "owing to", "because of", and of
    "as a result of", "as a consequence of", "in response to"."""
    lower = preposition.lower_
    if lower in _REASON_WORDS:
        return _objects(preposition) or [o for c in preposition.children if c.lower_ == _REASON_WORDS[lower]
                                         for o in _objects(c)]
    nouns = [c for c in preposition.children if c.dep_ == "pobj"]
    if lower == "as" and len(nouns) == 1 and nouns[0].lower_ in _RESULT_NOUNS:
        return [o for c in nouns[0].children if c.dep_ == "prep" and c.lower_ == "of" for o in _objects(c)]
    if lower == "in" and len(nouns) == 1 and nouns[0].lower_ == "response":
        return [o for c in nouns[0].children if c.dep_ == "prep" and c.lower_ == "to" for o in _objects(c)]
    return []


def _objects(word: Token) -> list[Token]:
    return [c for c in word.children if c.dep_ == "pobj"]
