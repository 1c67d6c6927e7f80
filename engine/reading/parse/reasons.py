"""A change and its stated reason: "Tarp levels were reduced due to Velk1 deficiency", "Tarp rose as a
result of Velk1 activation", "Tarp was upregulated as a consequence of Velk1 haploinsufficiency",
"Tarp declined owing to reduced Velk1", "Tarp fell because of the loss of Velk1", "Tarp increased in
response to Velk1"; and a condition that names a treatment, an experiment or a state ("Tarp fell
after zorimab treatment", "an increase in Tarp with aging"). The reason is the cause of the change it
is attached to.

The change is read as a host's change is (``hosts.change_of``): a passive or intransitive verb of
change with what it changes, an adjective of change with the copula's subject, or a noun of change
("a decrease in Tarp due to X"), not one that names nothing it changes ("this enhancement declined
with age"). A reason on any other word ("X reduced Tarp due to its toxicity", "this may be due to
X") says why something else happened, and gives no claim; nor does a reason that only renames an
event ("due to its toxic effect", "in response to changes in Y").
"""

from __future__ import annotations

from spacy.tokens import Doc, Token

from engine.reading.language import lexicon
from engine.reading.rules.vocabulary import GIVEN_HEADS
from engine.reading.parse import modality
from engine.reading.parse.claims import Claim, pairs
from engine.reading.parse.hosts import change_of, names_a_host
from engine.reading.parse.phrases import EXPERIMENT_HEADS, sides
from engine.reading.parse.verbs import EVENT_NOUNS

# Words that open a reason, with the word the parser may hang the reason's noun on ("due to X",
# "because of X", "owing to X"); nouns of result that do the same after "as" ("as a result of X").
_REASON_WORDS = {"due": "to", "owing": "to", "because": "of"}
_RESULT_NOUNS = frozenset({"result", "consequence"})
# Words that open a condition; it is a cause only where it names a treatment, an experiment or a
# state ("after zorimab treatment", "following Velk1 knockdown", "after hypoxia"); "with" only a
# treatment, an experiment or age ("with aging"; "with AD" more often says who).
_CONDITION_WORDS = frozenset({"after", "following", "upon", "during", "with"})
_AGES = frozenset({"age", "aging", "ageing"})


def reason_claims(doc: Doc) -> list[Claim]:
    claims: list[Claim] = []
    for preposition in doc:
        if preposition.dep_ != "prep":
            continue
        reasons = _reasons(preposition)
        if not reasons:
            continue
        change = change_of(preposition.head)
        if change is None:
            continue
        predicate, sign, effects = change
        causes = [s for head in reasons if head.lower_ not in EVENT_NOUNS for s in sides(head)]
        causes = [s for s in causes if not names_a_host(s.name) and not _dose(s.name)]
        effects = [s for s in effects if not names_a_host(s.name)]
        claims += pairs(causes, sign, effects, modality.hedged(predicate))
    return claims


def _dose(name: str) -> bool:
    """"20 µM" read as the name of what was given."""
    return name.split()[0].replace(".", "").isdigit()


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
    if lower in _CONDITION_WORDS:
        return [n for n in nouns if _condition(n.lower_, lower)]
    return []


def _condition(noun: str, preposition: str) -> bool:
    if noun in GIVEN_HEADS or noun in EXPERIMENT_HEADS or noun in _AGES:
        return True
    return preposition != "with" and noun in lexicon.STATE_WORDS


def _objects(word: Token) -> list[Token]:
    return [c for c in word.children if c.dep_ == "pobj"]
