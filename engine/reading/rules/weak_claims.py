"""Weaker constructions: needed for, used for the treatment of, incidence, signed effect nouns ("a
protective effect on Y"), involved in and associated with.
"""

from __future__ import annotations

from pathlib import Path

from engine.reading.language import lexicon as lx
from engine.reading.language.data_files import word_set
from engine.reading.rules.records import Claim
from engine.reading.rules.tokens import Token
from engine.reading.rules.vocabulary import (
    BE_FORMS, CARRIERS, GIVEN_HEADS, INDEFINITE_ARTICLES, NAME_NOISE, ROUTE_PREPOSITIONS,
)
from engine.reading.rules import conditions, naming, nominals, phrases, subject_finding, verbs, word_tests

_WORDS = Path(__file__).with_name("words.toml")

_EFFECT_PREPOSITIONS = word_set(_WORDS, "_effect_prepositions")


_STEP_NOUNS = word_set(_WORDS, "_step_nouns")
_INVOLVEMENT_PARTICIPLES = word_set(_WORDS, "_involvement_participles")


def needed_for_claim(tokens: list[Token], i: int, floor: int) -> Claim | None:
    """"X is required / essential / necessary (and sufficient) for Y": X supports Y."""
    n = len(tokens)
    k = i + 1
    if k + 1 < n and tokens[k].low in lx.LIST_CONJUNCTIONS and (
            tokens[k + 1].low in lx.NEEDED_FOR or tokens[k + 1].low == "sufficient"):
        k += 2  # "necessary and sufficient for Y"
    step = i - 1 >= floor and tokens[i - 1].low in INDEFINITE_ARTICLES and k < n and tokens[k].low in _STEP_NOUNS
    if step:
        # "X is an important step (during stress) for Y"
        k += 1
        if k < n and tokens[k].low == "during":
            k = phrases.phrase_right(tokens, k + 1)
    if k >= n or tokens[k].low != "for":
        return None
    j = i - 2 if step else i - 1
    while j >= floor and (word_tests.is_adverb(tokens[j].low) or tokens[j].low in lx.MODALS):
        j -= 1
    if j < floor or tokens[j].low not in BE_FORMS:
        return None
    objects, end = phrases.phrases_right(tokens, k + 1)
    subject_end = phrases.gap_left(tokens, i - 1 if step else i, floor)
    if tokens[subject_end].low in lx.RELATIVE_PRONOUNS:
        subject_end -= 1
        if subject_end >= floor and tokens[subject_end].text == ",":
            subject_end -= 1
    subjects = phrases.phrases_left(tokens, subject_end) if subject_end >= floor else []
    if step and subjects:
        # "the inhibition of X during Y via Z is a key step": the change named first
        if subjects[0][0] - 2 >= floor and tokens[subjects[0][0] - 1].low in ROUTE_PREPOSITIONS:
            subjects = phrases.phrases_left(tokens, subjects[0][0] - 2) or subjects
        subjects = subject_finding.head_before_place(tokens, subjects, floor)
    if not objects or not subjects:
        return None
    return Claim(subjects, objects, 1, "needed", word_tests.negated(tokens, subject_end + 1, i),
                  word_tests.has(tokens, subject_end + 1, i, lx.HEDGES), end)


_USE_PARTICIPLES = word_set(_WORDS, "_use_participles")
_TREATMENT_DESCRIBERS = word_set(_WORDS, "_treatment_describers")


def treatment_use_claim(tokens: list[Token], i: int, floor: int, claims: list[Claim]) -> Claim | None:
    """"D is approved for the treatment of Y", "D was developed and marketed as an X blocker for
    the treatment of Y", "D, a drug used for the treatment of Y", "D is effective in the treatment of
    Y", "D is a safe and effective treatment for Y": D lowers Y."""
    n = len(tokens)
    if i + 2 < n and tokens[i + 1].low == "for":
        return _effective_treatment(tokens, i, floor, claims)
    k = i - 1 if tokens[i - 1].low == "the" else i
    if k - 1 < floor or tokens[k - 1].low not in ("for", "in") or i + 2 >= n or tokens[i + 1].low != "of":
        return None
    objects, end = _treated(tokens, i + 2)
    if not objects:
        return None  # "for the treatment of cells": a procedure, no disorder
    participle = next((m for m in range(floor + 1, k - 1) if tokens[m].low in _USE_PARTICIPLES
                       and verbs.passive_participle(tokens, m, floor)), None)
    if tokens[k - 1].low == "in":  # "effective in the treatment of Y"; "used in" names a place
        efficacy = k - 2 if k - 2 > floor and tokens[k - 2].low in lx.TREATING_EFFICACY else None
        subject = _copula_subject(tokens, efficacy, floor, claims) if efficacy is not None else None
    elif participle is not None:
        subject = subject_finding.subject_of_predicate(tokens, participle, floor, claims)
    elif k - 2 > floor and tokens[k - 2].low in _USE_PARTICIPLES:
        # "D, a drug used for the treatment of Y": the name the described drug is apposed to
        start = phrases.phrase_left(tokens, k - 3)
        comma = start - 1
        named = phrases.phrases_left(tokens, comma - 1) if comma - 1 >= floor and tokens[comma].text == "," \
            and tokens[start].low in INDEFINITE_ARTICLES else []
        subject = (named[-1:], comma) if named else None
    else:
        subject = None
    if subject is None or not subject[0]:
        return None
    return Claim(subject[0], objects, -1, "role", word_tests.negated(tokens, floor, i), False, end)


def _effective_treatment(tokens: list[Token], i: int, floor: int, claims: list[Claim]) -> Claim | None:
    """"D is an effective treatment for Y", "D may be a safe and efficacious therapy for Y": a word of
    efficacy among the words before the treatment, after a copula."""
    m, efficacy = i - 1, False
    while m > floor and (tokens[m].low in _TREATMENT_DESCRIBERS or tokens[m].low in ("and", ",")):
        efficacy = efficacy or tokens[m].low in lx.TREATING_EFFICACY
        m -= 1
    if m <= floor or not efficacy:
        return None
    if tokens[m].low in BE_FORMS and tokens[i].low.endswith("s"):
        first = m + 1  # "A and B are effective treatments for Y"
    elif tokens[m].low in INDEFINITE_ARTICLES | {"the"}:
        first = m
    else:
        return None
    objects, end = _treated(tokens, i + 2)
    subject = _copula_subject(tokens, first, floor, claims) if objects else None
    if subject is None or not subject[0]:
        return None
    return Claim(subject[0], objects, -1, "role", word_tests.negated(tokens, subject[1], i),
                 word_tests.has(tokens, subject[1], i, lx.HEDGES), end)


def _copula_subject(tokens: list[Token], word: int, floor: int,
                    claims: list[Claim]) -> tuple[list[tuple[int, int]], int] | None:
    """The subject of the copula right before ``word`` ("D is effective", "D may be an effective ...")."""
    before = word - 1
    if before <= floor or tokens[before].low not in BE_FORMS:
        return None
    return subject_finding.subject_of_predicate(tokens, before, floor, claims)


def _treated(tokens: list[Token], start: int) -> tuple[list[tuple[int, int]], int]:
    """What a treatment treats: the phrases at ``start``; for people or cells, what they have ("for
    women with breast cancer"), else nothing ("for the treatment of cells": a procedure)."""
    objects, end = phrases.phrases_right(tokens, start)
    treated = []
    for span in objects:
        if not any(tokens[m].low in CARRIERS or tokens[m].low in lx.GROUP_PEOPLE for m in range(*span)):
            treated.append(span)
        elif span[1] + 1 < len(tokens) and tokens[span[1]].low == "with":
            had, end = phrases.phrases_right(tokens, span[1] + 1)
            treated += had
    return treated, end


_INCIDENCE_PREPOSITIONS = word_set(_WORDS, "_incidence_prepositions")


def incidence_claim(tokens: list[Token], i: int, floor: int) -> Claim | None:
    """"an increased frequency of Y and Z with X", "a lower incidence of Y was seen after X": the
    signed occurrence of Y goes with the agent named after it (a drug, a treatment, a state)."""
    k = i - 1
    while k > floor and tokens[k].low in NAME_NOISE:
        k -= 1
    polarity = word_tests.change_adjective_sign(tokens[k].low) if k >= floor else None
    n = len(tokens)
    if polarity is None or i + 2 >= n or tokens[i + 1].low != "of" or nominals.caused_change(tokens, k, floor):
        return None  # "X caused an increased risk of Y with age": the verb's subject is the cause
    objects, end = phrases.phrases_right(tokens, i + 2)
    j = word_tests.past_report(tokens, end)
    if not objects or j >= n - 1:
        return None
    agent = conditions.condition_agent(tokens, j)
    if agent is None and tokens[j].low in _INCIDENCE_PREPOSITIONS:
        agent_end = phrases.phrase_right(tokens, j + 1)
        if agent_end == j + 1 or any(tokens[m].low in CARRIERS for m in range(j + 1, agent_end)):
            return None  # "with patients", "after cells": carriers, not agents
        agent = (j + 1, agent_end)
    if agent is None:
        return None
    return Claim([agent], objects, polarity, "nominal", word_tests.negated(tokens, max(floor, k - 2), k),
                  False, agent[1])


_EFFECT_MODIFIERS = word_set(_WORDS, "_effect_modifiers")


def effect_noun_claim(tokens: list[Token], i: int, floor: int,
                       claims: list[Claim]) -> Claim | None:
    """"X has a protective effect on Y", "X plays a detrimental role in Y", "the inhibitory
    effect of X on Y": the adjective signs the effect; "protective ... against Y" means less Y."""
    j = i - 1
    while j >= floor and (tokens[j].low in _EFFECT_MODIFIERS or word_tests.is_adverb(tokens[j].low)):
        j -= 1
    if j < floor or tokens[j].low not in lx.EFFECT_ADJECTIVES:
        return None
    polarity = lx.EFFECT_ADJECTIVES[tokens[j].low]
    n = len(tokens)
    k = i + 1
    subjects: list[tuple[int, int]] = []
    subject_end = j
    if k < n and tokens[k].low == "of":
        agent_end = phrases.phrase_right(tokens, k + 1)
        if agent_end == k + 1:
            return None
        subjects, k = [(k + 1, agent_end)], agent_end
        subject_end = _clause_start(tokens, j, floor) - 1  # "did not show a protective effect of X on Y"
    if k >= n or tokens[k].low not in _EFFECT_PREPOSITIONS:
        return None
    if tokens[k].low == "against":
        polarity = -1 if polarity > 0 else 0
    if polarity == 0:
        return None
    objects, end = phrases.phrases_right(tokens, k + 1)
    objects = [span for span in objects if not nominals.unsigned_phrase(tokens, span)]
    if not objects:
        return None
    if not subjects:
        v = j - 1
        while v >= floor and (tokens[v].low in lx.DETERMINERS or tokens[v].low in _EFFECT_MODIFIERS
                              or word_tests.is_adverb(tokens[v].low)):
            v -= 1
        if v < floor or tokens[v].low not in lx.EFFECT_VERBS:
            return None
        subject = subject_finding.subject_of_predicate(tokens, v, floor, claims)
        if subject is None:
            return None
        subjects, subject_end = subject
    return Claim(subjects, objects, polarity, "effect", word_tests.negated(tokens, subject_end + 1, i),
                  word_tests.has(tokens, max(floor, subject_end + 1), i, lx.HEDGES), end,
                  valued_by="" if tokens[k].low == "against" else tokens[j].low)


def _clause_start(tokens: list[Token], i: int, floor: int) -> int:
    """The first word of the clause ``i`` stands in: after the nearest comma before it, or ``floor``."""
    return next((k + 1 for k in range(i - 1, floor - 1, -1) if tokens[k].text == ","), floor)


def _predicated(tokens: list[Token], i: int, floor: int) -> bool:
    """Is the participle at ``i`` the predicate of a form of "be" ("X is (often) involved in Y"),
    rather than a modifier ("the proteins involved in Y")?"""
    j = i - 1
    while j >= floor and word_tests.is_adverb(tokens[j].low):
        j -= 1
    return j >= floor and tokens[j].low in BE_FORMS


def involved_in_claim(tokens: list[Token], i: int, floor: int,
                       claims: list[Claim]) -> Claim | None:
    """"X is involved / implicated in Y", "X participates in Y": X takes part in Y, which says not
    which way X acts on Y, so the claim is kept only as context (never emitted) for the predicates
    that share its subject ("X is involved in Y and increases Z")."""
    n = len(tokens)
    if i + 1 >= n or tokens[i + 1].low != "in":
        return None
    low = tokens[i].low
    if low in _INVOLVEMENT_PARTICIPLES and not _predicated(tokens, i, floor):
        return None  # "the proteins involved in Y" names proteins, it claims nothing
    objects, end = phrases.phrases_right(tokens, i + 2)
    objects = [span for span in objects if not nominals.unsigned_phrase(tokens, span)]
    subject = subject_finding.subject_of_predicate(tokens, i, floor, claims)
    if not objects or subject is None:
        return None
    subjects, subject_end = subject
    return Claim(subjects, objects, 1, "context", word_tests.negated(tokens, subject_end + 1, i), True, end)


def associated_with_claim(tokens: list[Token], i: int, floor: int,
                           claims: list[Claim]) -> Claim | None:
    """"X overexpression was associated with increased Y", "X correlates with reduced Y": a weak,
    hedged claim that X's change goes with the change the object names (objects naming no change,
    "associated with AD", claim nothing)."""
    n = len(tokens)
    # "correlated negatively with Y", "inversely correlated with Y": a signed correlation
    signs = [lx.CORRELATION_SIGNS[tokens[k].low] for k in (i - 1, i + 1)
             if floor <= k < n and tokens[k].low in lx.CORRELATION_SIGNS]
    after = i + 2 if i + 1 < n and tokens[i + 1].low in lx.CORRELATION_SIGNS else i + 1
    if after >= n or not (tokens[after].low == "with" or (
            tokens[after].low == "to" and tokens[i].low.startswith("correlat"))):
        return None  # "correlates with Y", also "correlates to Y"
    if tokens[i].low == "associated" and not _predicated(tokens, i, floor):
        return None  # "the changes associated with Y" names changes, it claims nothing
    objects, end = phrases.phrases_right(tokens, after + 1)
    objects = [span for span in objects if (signs or naming.leading_change(tokens, span) is not None
                                            or nominals.trailing_change(tokens, span))
               and not any(tokens[k].low in GIVEN_HEADS for k in range(*span))]
    subject = subject_finding.subject_of_predicate(tokens, i, floor, claims)
    if not objects or subject is None:
        return None
    subjects, subject_end = subject
    return Claim(subjects, objects, signs[0] if signs else 1, "associated",
                  word_tests.negated(tokens, subject_end + 1, i), True, end)
