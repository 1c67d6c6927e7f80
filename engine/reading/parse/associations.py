"""Associations found by observing: "T was associated with a 65% reduction in the risk of D", "higher
X intake correlated with lower Y", "an improved survival associated with T", "X was inversely
associated with Y", "X showed an inverse relationship with Y", "a positive correlation between X and Y".

An association says that two things went together where they were observed, not that one was made
to change the other, so every claim read here is hedged: a possible claim, shown as such (DESIGN:
a claim not clearly stated is never shown as supported). Like the rule reader's (``weak_claims``), it
claims a sign only where one side names a change ("a reduction in", "lower", "increased risk of") or
the correlation is signed ("inversely"); "X is associated with AD" claims nothing. The subject is
the cause (of a noun, the first of the pair "between" names: "between X and Y" is read X → Y, the
order in which abstracts name the exposure and then the outcome); a phrase that only names the
association ("the changes associated with Y") claims nothing, nor does a denied subject ("No inhibition of X was associated with Y"), nor a side that names no
entity ("the appearance", "benefits").
"""

from __future__ import annotations

from pathlib import Path

from spacy.tokens import Doc, Token

from engine.assembly.entities import non_entity_reason
from engine.reading.language import lexicon
from engine.reading.language.data_files import word_set, word_table
from engine.reading.parse import modality, patterns
from engine.reading.parse.claims import Claim, pairs
from engine.reading.parse.change_words import has_change_word
from engine.reading.parse.phrases import Side, sides

_WORDS = Path(__file__).with_name("words.toml")

_SUBJECTS = frozenset({"nsubj", "nsubjpass"})
_OUTCOME_NOUNS = word_set(_WORDS, "_outcome_nouns")
_ASSOCIATION_NOUNS = word_set(_WORDS, "_association_nouns")
_ASSOCIATION_SIGNS = word_table(_WORDS, "_association_signs")
_DENYING_DETERMINERS = word_set(_WORDS, "_denying_determiners")
# Heads of phrases that name how something went, not a thing: the effect nouns and the outcome nouns.
_UNNAMED_HEADS = lexicon.EFFECT_NOUNS | _OUTCOME_NOUNS


def association_claims(doc: Doc) -> list[Claim]:
    claims: list[Claim] = []
    for word, objects in _associations(doc):
        if modality.negated(word) or modality.questioned(word):
            continue
        if word.dep_ == "acl" and has_change_word(word.head) and not _denied(word.head):
            # "an improved survival associated with X": the change the noun names went with X
            causes = _named([s for o in objects for s in sides(o)])
            claims += pairs(causes, 1, _named(sides(word.head)), hedged=True)
            continue
        subjects = [c for c in _predicate(word).children if c.dep_ in _SUBJECTS]
        if len(subjects) != 1 or _denied(subjects[0]):
            continue
        sign = _correlation_sign(word)
        if sign is None and not any(has_change_word(t) for t in (*subjects, *objects)):
            continue
        causes, effects = _named(sides(subjects[0])), _named([s for o in objects for s in sides(o)])
        claims += pairs(causes, sign or 1, effects, hedged=True)
    return claims + _noun_claims(doc)


def _noun_claims(doc: Doc) -> list[Claim]:
    """"X showed an inverse relationship with Y", "a positive correlation between X and Y": an
    association named by a noun, read only where an adjective signs it (most such nouns name what was
    studied: "the association between X and Y was examined")."""
    claims: list[Claim] = []
    for noun in (t for t in doc if t.lower_ in _ASSOCIATION_NOUNS and not _denied(t)):
        signs = {_ASSOCIATION_SIGNS[c.lower_] for c in noun.children
                 if c.dep_ == "amod" and c.lower_ in _ASSOCIATION_SIGNS}
        if len(signs) != 1 or modality.negated(noun.head) or modality.questioned(noun.head):
            continue
        causes, effects = _associated_pair(noun)
        claims += pairs(_named(causes), signs.pop(), _named(effects), hedged=True)
    return claims


def _associated_pair(noun: Token) -> tuple[list[Side], list[Side]]:
    """The two sides of an association noun: "between X and Y", or the subject of the verb that has
    the noun ("X showed an inverse correlation with Y")."""
    between = patterns.objects_after(noun, "between")
    if between:
        members = sides(between[0])
        return (members[:1], members[1:]) if len(members) == 2 else ([], [])
    objects = patterns.objects_after(noun, "with", "to")
    subjects = patterns.subjects(noun.head, "nsubj") if noun.dep_ == "dobj" else []
    if len(subjects) != 1 or len(objects) != 1:
        return [], []
    return sides(subjects[0]), sides(objects[0])


def _associations(doc: Doc) -> list[tuple[Token, list[Token]]]:
    """Each associating word ("associated", "correlates", "linked") with the objects of its particles
    ("with", "to"), in the order of the sentence: the pattern ``associated_with`` of patterns.toml."""
    found: dict[Token, list[Token]] = {}
    for match in patterns.matches(doc, "associated_with"):
        found.setdefault(match["associating"], []).append(match["object"])
    return list(found.items())


def _denied(subject: Token) -> bool:
    """"No inhibition of X was associated with Y"."""
    return any(c.dep_ == "det" and c.lower_ in _DENYING_DETERMINERS for c in subject.children)


def _named(found: list[Side]) -> list[Side]:
    """The sides that name an entity: an association read between "the appearance" or "benefits"
    and another name says nothing of either (``entities.non_entity_reason``)."""
    return [side for side in found if non_entity_reason(side.name) is None
            and side.name.split()[-1].lower() not in _UNNAMED_HEADS]


def _predicate(word: Token) -> Token:
    """The verb the subject hangs on: the word itself ("X correlated with Y", "X was associated
    with Y"), or the copula it completes ("X is associated with Y" read with "associated" an
    adjective)."""
    if word.dep_ == "acomp" and word.head.lemma_ == "be":
        return word.head
    return word


def _correlation_sign(word: Token) -> int | None:
    signs = [lexicon.CORRELATION_SIGNS[c.lower_] for c in word.children
             if c.dep_ == "advmod" and c.lower_ in lexicon.CORRELATION_SIGNS]
    return signs[0] if signs else None
