"""Changes found under a condition or in a carrier ("decreased in X mice", "in response to X", "upon X"),
and intransitive changes ("Y rises after X").
"""

from __future__ import annotations

import re
from pathlib import Path

from engine.reading.language import lexicon as lx
from engine.reading.language.data_files import word_set, word_tuple
from engine.reading.rules.records import Claim
from engine.reading.rules.tokens import Token
from engine.reading.rules.vocabulary import (
    CARRIERS, CARRIER_MODIFIERS, DEFICIENCY_MARKERS, GIVEN_WITH, NAME_NOISE, ORGANISMS,
    OVEREXPRESSION_MARKERS, REPORT_PARTICIPLES,
)
from engine.reading.rules import naming, phrases, subject_finding, word_tests

_WORDS = Path(__file__).with_name("words.toml")

_STATE_TIME_PREPOSITIONS = word_set(_WORDS, "_state_time_prepositions")
_DONE_TO_HEADS = word_set(_WORDS, "_done_to_heads")


_INTRANSITIVE_CHANGES = word_set(_WORDS, "_intransitive_changes")


def intransitive_claim(tokens: list[Token], i: int, after: int, floor: int,
                        claims: list[Claim], lemma: str, polarity: int) -> Claim | None:
    """"Y increased after X treatment", "Y decreased in the presence of X": the subject changed,
    and the named condition is the cause."""
    if lemma not in _INTRANSITIVE_CHANGES:
        return None
    return condition_claim(tokens, i, after, floor, claims, polarity)


def condition_claim(tokens: list[Token], i: int, condition_start: int, floor: int,
                     claims: list[Claim], polarity: int, restoring: bool = False) -> Claim | None:
    """The change at i happened to the phrase on its left under the condition named from
    condition_start on ("Y was reduced in X-deficient mice"): that condition is the cause."""
    agent = condition_agent(tokens, condition_start, reasons=True)
    j = phrases.gap_left(tokens, i, floor)
    if j < floor:
        return None
    patients = subject_finding.anaphor_antecedent(tokens, j, floor, claims, "object") or phrases.phrases_left(tokens, j)
    if not patients:
        return None
    patients = subject_finding.head_before_place(tokens, patients, floor)  # "the X gene in D. melanogaster was ..."
    if not patients:
        return None
    if agent is None:
        agent = _fronted_condition(tokens, floor, patients[0][0])
    if agent is None:
        return None
    if restoring and not phrases.detrimental(tokens, patients[0]):
        polarity = 1  # "memory was restored in mice given X"
    return Claim([agent], patients, polarity, "passive", word_tests.negated(tokens, j + 1, i),
                  word_tests.has(tokens, j + 1, i, lx.HEDGES), agent[1])


_CONDITION_PREPOSITIONS = word_set(_WORDS, "_condition_prepositions")
_SEQUEL_PREPOSITIONS = word_set(_WORDS, "_sequel_prepositions")


def _fronted_condition(tokens: list[Token], floor: int, subject_start: int) -> tuple[int, int] | None:
    """"In TREM2-deficient mice, Y was reduced": a condition opening the clause, closed by a comma
    right before the changed phrase."""
    k = floor
    for m in range(subject_start - 1, floor, -1):
        if tokens[m].low == "that" and tokens[m - 1].low in lx.OTHER_VERBS | REPORT_PARTICIPLES:
            k = m + 1  # "our data revealed that in X mice, Y was reduced": the reported clause
            break
    while k < subject_start and (word_tests.is_adverb(tokens[k].low) or tokens[k].text == ","):
        k += 1  # "Moreover, in X mice, ..."
    if k >= subject_start or tokens[k].low not in _CONDITION_PREPOSITIONS:
        return None
    agent = condition_agent(tokens, k)
    if agent is None or agent[1] > subject_start or agent[1] >= len(tokens) \
            or tokens[agent[1]].text != ",":
        return None
    return agent  # also for a later clause: "In X mice, A is increased and B is reduced"


_CONDITION_MARKERS = DEFICIENCY_MARKERS + OVEREXPRESSION_MARKERS


_HARM_EVENTS = word_set(_WORDS, "_harm_events")


def condition_agent(tokens: list[Token], j: int, states_after: bool = True,
                    reasons: bool = False) -> tuple[int, int] | None:
    """A treatment or deficiency phrase starting at j after a preposition: "after X treatment",
    "in X-deficient mice", "in TFEB KO astrocytes"; a stimulus ("in response to X"); with
    ``reasons``, for the change of the phrase before it, a reason too ("due to X")."""
    n = len(tokens)
    for _ in range(3):  # look past up to two other prepositional phrases ("in the brain", ...)
        start = _after_opener(tokens, j, _STIMULUS_OPENERS + (_REASON_OPENERS if reasons else ()))
        if start is not None:  # "Y rose in response to X", "Y fell due to X": X is the stimulus
            end = phrases.phrase_right(tokens, start)
            return (start, end) if end > start and tokens[end - 1].low not in _EFFECT_EVENT_NOUNS else None
        if j >= n or tokens[j].low not in _CONDITION_PREPOSITIONS:
            return None
        end = phrases.phrase_right(tokens, j + 1)
        if end == j + 1:
            return None
        given = treated_carrier_agents(tokens, j + 1, end)
        if given:
            return given[0]  # "after treatment of HEK cells with X"
        # a bracket closing the phrase ("with aging (Fig. 2)") is no part of the condition's name
        core_end = phrases.skip_parens_left(tokens, end - 1) if tokens[end - 1].text in (")", "]") else end
        words = [t.low for t in tokens[j + 1:max(core_end, j + 2)]]
        if words[-1] in lx.STATE_WORDS and (tokens[j].low == "with" or (
                states_after and tokens[j].low in _STATE_TIME_PREPOSITIONS)):
            return j + 1, end  # "an increase in X with aging", "Y rose after hypoxia"
        if states_after and tokens[j].low == "upon" and len(words) > 1 and words[-1] in _HARM_EVENTS:
            return j + 1, end  # "Y is released upon cell death": the harm that sets it free
        if tokens[j].low == "in":
            given = _given_to_carrier(tokens, j + 1, end)
            if given is not None:
                return given
        carrier = _carrier_condition(tokens, j + 1, end) if tokens[j].low == "in" else None
        if carrier is not None:
            return carrier
        if any(w.endswith(_CONDITION_MARKERS) or w in lx.DEFICIENCY_HEADS for w in words) or \
                any(w in _DONE_TO_HEADS for w in words) or (
                tokens[j].low in _SEQUEL_PREPOSITIONS and words[0] in lx.DECREASE_HEADS | lx.INCREASE_HEADS):
            return _past_place(tokens, j + 1, end), end  # "... following expression of X", "after inhibition of X"
        j = end
    return None


def _past_place(tokens: list[Token], start: int, end: int) -> int:
    """Where a condition starts after the tissue it is seen in: "the brains of Velk1-deficient mice"
    names Velk1-deficient mice."""
    k = start
    while k < end and (tokens[k].low in lx.DETERMINERS or naming.manner_adjective(tokens[k])):
        k += 1
    if k + 2 < end and lx.place_word(tokens[k].low) and tokens[k + 1].low == "of":
        return k + 2
    return start


_STIMULUS_OPENERS = word_tuple(_WORDS, "_stimulus_openers")
_REASON_OPENERS = word_tuple(_WORDS, "_reason_openers")
_EFFECT_EVENT_NOUNS = word_set(_WORDS, "_effect_event_nouns")


def _after_opener(tokens: list[Token], j: int, openers: tuple[tuple[str, ...], ...]) -> int | None:
    """Where the phrase after one of ``openers`` at j starts; None where none opens at j."""
    for words in openers:
        if tuple(t.low for t in tokens[j:j + len(words)]) == words:
            return j + len(words)
    return None


def treated_carrier_agents(tokens: list[Token], start: int, end: int) -> list[tuple[int, int]]:
    """"treatment of cultured cells with X or Y" (the phrase start..end stops before "with"): the
    agents X and Y given to the carriers named after "of"."""
    k = start
    while k < end and tokens[k].low in lx.DETERMINERS:
        k += 1
    if k + 2 >= end or end >= len(tokens) or tokens[k + 1].low != "of" \
            or lx.HEAD_PREPOSITIONS.get(tokens[k].low) != tokens[end].low:
        return []
    agents, _ = phrases.phrases_right(tokens, end + 1)
    return agents


def _given_to_carrier(tokens: list[Token], start: int, end: int) -> tuple[int, int] | None:
    """"(in) mice treated with X", "(in) cells expressing X", "(in) mice lacking X": the agent X
    given to (or taken from) the carriers."""
    k = start
    while k < end and (tokens[k].low in lx.DETERMINERS or tokens[k].low in CARRIER_MODIFIERS
                       or tokens[k].low in NAME_NOISE or naming.manner_adjective(tokens[k])):
        k += 1  # also "hippocampal slices", "cortical neurons"
    if k >= end or tokens[k].low not in ORGANISMS:
        return None
    k += 1
    n = len(tokens)
    if k >= n or tokens[k].low not in GIVEN_WITH:
        return None
    particle = GIVEN_WITH[tokens[k].low]
    k += 1
    if particle and tokens[k - 1].low == "fed" and k < n and tokens[k].low != particle:
        particle = ""  # "mice fed a high-fat diet" as well as "fed with X"
    if particle:
        if k >= n or tokens[k].low != particle:
            return None
        k += 1
    agent_end = phrases.phrase_right(tokens, k)
    if agent_end == k:
        return None
    # "lacking X" is kept whole so the entity reads it as X's deficiency
    return (k - 2, agent_end) if tokens[k - 1].low == "lacking" else (k, agent_end)


def _carrier_condition(tokens: list[Token], start: int, end: int) -> tuple[int, int] | None:
    """The transgene named in a carrier phrase: "(in) APP transgenic mice" → APP. A change found in
    carriers of a transgene is reported as its effect; one found in carriers of a disease ("in the
    brains of AD patients") is an association with the disease, not its effect, and is not read."""
    words = [t.low for t in tokens[start:end]]
    if not any(w in CARRIERS for w in words) or "transgenic" not in words:
        return None
    cut = start + words.index("transgenic")
    first = start
    while first < cut and (tokens[first].low in lx.DETERMINERS or tokens[first].low in NAME_NOISE):
        first += 1
    if all(_SUBSTITUTION.fullmatch(t.text) for t in tokens[first:cut]):
        return None  # "R406W transgenic mice": the mutation describes the mice; it names no transgene
    return (first, cut) if first < cut else None


# An amino-acid substitution: "A53T", "G2019S", "R406W".
_SUBSTITUTION = re.compile(r"[ACDEFGHIKLMNPQRSTVWY]\d{1,4}[ACDEFGHIKLMNPQRSTVWY]")
