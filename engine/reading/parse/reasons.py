"""A change and its stated reason: "Tarp levels were reduced due to Velk1 deficiency", "Tarp rose as a
result of Velk1 activation", "Tarp was upregulated as a consequence of Velk1 haploinsufficiency",
"Tarp declined owing to reduced Velk1", "Tarp fell because of the loss of Velk1", "Tarp increased in
response to Velk1"; a condition that names a treatment, an experiment or a state ("Tarp fell
after zorimab treatment", "an increase in Tarp with aging"); and a clause of time that states an
experiment on an entity ("when Velk1 is silenced, Tarp accumulates": less Velk1, more Tarp). The
reason is the cause of the change it is attached to.

The change is read as a host's change is (``hosts.change_of``): a passive or intransitive verb of
change with what it changes, an adjective of change with the copula's subject, or a noun of change
("a decrease in Tarp due to X"), not one that names nothing it changes ("this enhancement declined
with age"). A reason on any other word ("X reduced Tarp due to its toxicity", "this may be due to
X") says why something else happened, and gives no claim; nor does a reason that only renames an
event ("due to its toxic effect", "in response to changes in Y").
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from spacy.tokens import Doc, Token

from engine.reading.language import lexicon
from engine.reading.language.data_files import word_set, word_table
from engine.reading.rules.vocabulary import GIVEN_HEADS
from engine.reading.parse import modality, patterns, perturbations
from engine.reading.parse.claims import Claim, pairs
from engine.reading.parse.hosts import change_of, names_a_host
from engine.reading.parse.phrases import EXPERIMENT_HEADS, sides
from engine.reading.parse.verbs import EVENT_NOUNS

_WORDS = Path(__file__).with_name("words.toml")

_REASON_WORDS = word_table(_WORDS, "_reason_words")
_RESULT_NOUNS = word_set(_WORDS, "_result_nouns")
_CONDITION_WORDS = word_set(_WORDS, "_condition_words")
_AGES = word_set(_WORDS, "_ages")
_GRADING_WORDS = word_set(_WORDS, "_grading_words")
_FALLING_GRADES = word_set(_WORDS, "_falling_grades")
_DOSE_WORDS = word_set(_WORDS, "_dose_words")
_TIME_MARKS = word_set(_WORDS, "_time_marks")


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
        causes = [replace(s, direction=s.direction * _grade(head)) for head in reasons
                  if head.lower_ not in EVENT_NOUNS for s in sides(head)]
        causes = [s for s in causes if not names_a_host(s.name) and not _dose(s.name)]
        effects = [s for s in effects if not names_a_host(s.name)]
        observed = any(_grade(head) != 1 or _graded(head) for head in reasons) and not any(map(_given, reasons))
        claims += pairs(causes, sign, effects, modality.hedged(predicate) or observed)
    return claims


def experiment_clause_claims(doc: Doc) -> list[Claim]:
    """"When Velk1 is silenced, Tarp accumulates", "when Velk1 was depleted, there was an accumulation
    of Tarp": a change under an experiment on an entity, stated in a clause of time, is the entity's
    effect, its sign turned by the experiment's (as ``perturbations`` reads "silencing Velk1")."""
    claims: list[Claim] = []
    for clause in doc:
        sign = _experiment_sign(clause)
        if not sign:
            continue
        change = change_of(clause.head) or change_of(_existential(clause.head), nouns_found_only=True)
        if change is None:
            continue
        predicate, change_sign, effects = change
        causes = [replace(s, direction=s.direction * sign) for c in patterns.subjects(clause, "nsubjpass")
                  for s in sides(c) if not names_a_host(s.name)]
        claims += pairs(causes, change_sign, effects, modality.hedged(predicate))
    return claims


def _experiment_sign(clause: Token) -> int:
    """-1 / +1 for a passive clause of time or condition that removes or adds what it names ("when X is
    silenced", "if X was overexpressed"), else 0."""
    timed = any(c.dep_ in ("advmod", "mark") and c.lower_ in _TIME_MARKS for c in clause.children)
    if clause.dep_ != "advcl" or not timed or not any(c.dep_ == "auxpass" for c in clause.children) \
            or modality.negated(clause):
        return 0
    return perturbations.direction(clause)


def _existential(verb: Token) -> Token:
    """The noun of "there was an accumulation of Tarp", else the verb itself."""
    nouns = [c for c in verb.children if c.dep_ == "attr"]
    return nouns[0] if len(nouns) == 1 and any(c.dep_ == "expl" for c in verb.children) else verb


def _given(noun: Token) -> bool:
    """A dose, a treatment or an experiment: what was given, so that a change with its amount is an
    intervention's; a graded amount of anything else (an intake, a level) is observed with it."""
    return any(w.lower_ in _DOSE_WORDS or w.lower_ in EXPERIMENT_HEADS for w in (noun, *noun.lefts))


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
        return patterns.objects_after(nouns[0], "of")
    if lower == "in" and len(nouns) == 1 and nouns[0].lower_ == "response":
        return patterns.objects_after(nouns[0], "to")
    if lower == "with" and not nouns:
        return _graded_gerund(preposition)
    if lower in _CONDITION_WORDS:
        return [n for n in nouns if _condition(n.lower_, lower) or (lower == "with" and _graded(n))]
    return []


def _condition(noun: str, preposition: str) -> bool:
    if noun in GIVEN_HEADS or noun in EXPERIMENT_HEADS or noun in _AGES:
        return True
    return preposition != "with" and noun in lexicon.STATE_WORDS


def _graded(noun: Token) -> bool:
    return any(c.dep_ == "amod" and c.lower_ in _GRADING_WORDS for c in noun.lefts)


def _graded_gerund(preposition: Token) -> list[Token]:
    """"with decreasing X intake" read as a gerund with its object: the object."""
    return [o for c in preposition.children if c.dep_ == "pcomp" and c.lower_ in _GRADING_WORDS
            for o in patterns.objects(c)]


def _grade(noun: Token) -> int:
    """-1 where the amount of ``noun`` falls ("with decreasing X", "with lower X"), else 1."""
    words = [c for c in noun.lefts if c.dep_ == "amod"] + ([noun.head] if noun.dep_ == "dobj" else [])
    return -1 if any(w.lower_ in _FALLING_GRADES for w in words) else 1


def _objects(word: Token) -> list[Token]:
    return [c for c in word.children if c.dep_ == "pobj"]
