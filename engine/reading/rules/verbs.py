"""Verbal predicates: active and passive verbs of change, comparatives, means of a result, relative clauses
("X, which increases Y") and the sequels of a change.
"""

from __future__ import annotations

import re
from pathlib import Path

from engine.reading.language import lexicon as lx
from engine.reading.language.data_files import word_set, word_table, word_tuple
from engine.reading.rules.records import Claim
from engine.reading.rules.tokens import Token
from engine.reading.rules.vocabulary import (
    BE_FORMS, COMPARATIVES, DIRECTION_PARTICLES, EFFICACY_PREPOSITIONS, EFFICACY_WORDS, EXAMPLE_MARKERS,
    LISTED_AMOUNT_UNITS, ORGANISMS, ROUTE_PREPOSITIONS,
)
from engine.reading.rules import conditions, naming, phrases, subject_finding, word_tests

_WORDS = Path(__file__).with_name("words.toml")

_COMPARATIVE_LINKS = word_set(_WORDS, "_comparative_links")
_GERUND_OPENERS = word_set(_WORDS, "_gerund_openers")
_REMOVAL_DETERMINERS = word_set(_WORDS, "_removal_determiners")
_HAVE_FORMS = word_set(_WORDS, "_have_forms")
_RESPONSE_PREPOSITIONS = word_set(_WORDS, "_response_prepositions")
_GERUND_CLAUSE_OPENERS = word_set(_WORDS, "_gerund_clause_openers")
_AGENT_TIME_PREPOSITIONS = word_set(_WORDS, "_agent_time_prepositions")
_EXTENT_PHRASES = word_tuple(_WORDS, "_extent_phrases")
_FLOATING_QUANTIFIERS = word_set(_WORDS, "_floating_quantifiers")
_WHERE_PREPOSITIONS = word_set(_WORDS, "_where_prepositions")
_CAUSING_VERBS = word_set(_WORDS, "_causing_verbs")
_OBJECT_PRONOUNS = word_set(_WORDS, "_object_pronouns")
_PASSIVE_CONJUNCTIONS = word_set(_WORDS, "_passive_conjunctions")


def modification_means(tokens: list[Token], j: int) -> tuple[list[tuple[int, int]], int, str, int] | None:
    """"X causes Y through the phosphorylation of A and B": X modifies A and B (targets, sign,
    modification, end), the means by which the preceding claim comes about."""
    n = len(tokens)
    k = _means_head(tokens, j) if j + 3 < n else None
    if k is None or k + 2 >= n or tokens[k].low not in lx.MODIFICATION_NOUNS or tokens[k + 1].low != "of":
        return None
    targets, end = phrases.phrases_right(tokens, k + 2)
    if not targets:
        return None
    modification, polarity = lx.MODIFICATION_NOUNS[tokens[k].low]
    return targets, polarity, modification, end


def _means_head(tokens: list[Token], j: int) -> int | None:
    """The word after "via / through / by" at ``j`` and any determiners ("through the ..."), or None
    when ``j`` opens no means phrase."""
    if tokens[j].low not in lx.MEANS_PREPOSITIONS:
        return None
    k = j + 1
    while k < len(tokens) and tokens[k].low in lx.DETERMINERS:
        k += 1
    return k


def means_phrase(tokens: list[Token], j: int) -> tuple[int, int] | None:
    """"... via activation of GSK3β", "... through inhibition of mTOR": the change by which the
    preceding claim comes about (a nominal means clause)."""
    n = len(tokens)
    k = _means_head(tokens, j) if j + 2 < n else None
    if k is None:
        return None
    head = tokens[k].low if k < n else ""
    if not (head in lx.DECREASE_HEADS or head in lx.INCREASE_HEADS or head in lx.NOMINAL_TRIGGERS) \
            or k + 1 >= n or tokens[k + 1].low != "of":
        return None
    end = phrases.phrase_right(tokens, k)
    return (j + 1, end) if end > k + 2 else None


def comparative_claim(tokens: list[Token], i: int, floor: int,
                       claims: list[Claim]) -> Claim | None:
    """"Y levels were higher in X-treated mice": a comparative predicate with a named condition."""
    left = i - 1
    while left > floor and word_tests.is_adverb(tokens[left].low):
        left -= 1
    if left < floor or tokens[left].low not in _COMPARATIVE_LINKS:
        return None
    agent = conditions.condition_agent(tokens, i + 1, reasons=True)
    j = phrases.gap_left(tokens, i, floor)
    if agent is None or j < floor:
        return None
    patients = subject_finding.anaphor_antecedent(tokens, j, floor, claims, "object") or phrases.phrases_left(tokens, j)
    if not patients:
        return None
    return Claim([agent], patients, COMPARATIVES[tokens[i].low], "passive",
                  word_tests.negated(tokens, j + 1, i), word_tests.has(tokens, j + 1, i, lx.HEDGES), agent[1])


def means_of(tokens: list[Token], i: int, floor: int, claim: Claim,
              claims: list[Claim]) -> int | None:
    """For a means clause ("X reduces Y by inhibiting Z", "... through activating Z"), the index
    of the main claim it explains; it shares that claim's subjects."""
    if claim.construction != "active" or not tokens[i].low.endswith("ing"):
        return None
    j = phrases.gap_left(tokens, i, floor)
    if j == i - 1 and tokens[j].low in lx.LIST_JOINS and claims and claims[-1].means_of is not None \
            and claims[-1].subjects is claim.subjects and j - 1 <= claims[-1].end <= j:
        # "by inhibiting A, inducing B and activating C": each is a means (but "..., thereby
        # reducing D" is what follows, no means)
        return claims[-1].means_of
    if j < floor or tokens[j].low not in lx.MEANS_PREPOSITIONS:
        return None
    for index in range(len(claims) - 1, -1, -1):
        main = claims[index]
        if main.floor != floor:
            break
        if main.subjects is claim.subjects and main.construction == "active":
            return index
    return None


def _listed_comparison(tokens: list[Token], i: int, subjects: list[tuple[int, int]]) -> bool:
    """"had higher levels of X, lower Y and reduced Z": "lower" after a compared phrase continues a
    list of findings; it is no verb with that phrase as its subject."""
    if tokens[i].low not in COMPARATIVES or i == 0 or tokens[i - 1].text != "," or not subjects:
        return False
    first = tokens[subjects[-1][0]].low
    return first in COMPARATIVES or first in lx.INCREASE_ADJECTIVES or first in lx.DECREASE_ADJECTIVES


def _with_opening_gerund(tokens: list[Token], subjects: list[tuple[int, int]],
                         floor: int) -> list[tuple[int, int]]:
    """"Reducing the levels of X facilitates Y": a gerund of change opening the clause before a
    determiner belongs to the subject (the phrase alone would name X, not its reduction)."""
    start = subjects[0][0] - 1 if subjects else floor - 1
    if start < floor or tokens[start + 1].low not in lx.DETERMINERS:
        return subjects
    lemma, _, form = lx.VERB_FORMS.get(tokens[start].low, ("", 0, ""))
    # also after a preposition of means or addition: "besides lowering the activity of X to reverse Y"
    opens = start == floor or tokens[start - 1].text == "," or tokens[start - 1].low in _GERUND_OPENERS
    if form != "ing" or not opens or (lemma not in _CHANGE_LEMMAS):
        return subjects
    return [(start, subjects[0][1]), *subjects[1:]]


_OTHER_CHANGE_LEMMAS = word_set(_WORDS, "_other_change_lemmas")
_CHANGE_LEMMAS = frozenset(lx.INCREASE_VERBS) | frozenset(lx.DECREASE_VERBS) | _OTHER_CHANGE_LEMMAS


def bettering_polarity(tokens: list[Token], lemma: str, span: tuple[int, int], polarity: int) -> int:
    """A restoring verb raises a good ("rescued neuronal survival"), an improving one lowers a harm
    ("improved memory deficits") and a worsening one lowers a good ("worsened asthma control");
    other verbs keep their polarity."""
    if lemma in lx.RESTORING_VERBS and not phrases.detrimental(tokens, span):
        return 1
    if lemma in lx.IMPROVING_VERBS and phrases.detrimental(tokens, span):
        return -1
    if lemma in lx.WORSENING_VERBS and not phrases.detrimental(tokens, span) \
            and not any(tokens[k].low in lx.EFFECT_NOUNS for k in range(*span)):
        return -1  # (an effect is as good or bad as what has it: "worsens the effects of METH")
    return polarity


def _verb_form(low: str) -> tuple[str, int, str]:
    if low in lx.VERB_FORMS:
        return lx.VERB_FORMS[low]
    form = "ing" if low.endswith("ing") else "ed" if low.endswith("ed") else \
        "s" if low.endswith("s") else "base"
    return low, 0, form


def _skip_coordinated_verbs(tokens: list[Token], after: int) -> int:
    """"phosphorylates and activates Akt", "produced and secreted by": the object follows the last verb."""
    n = len(tokens)
    while after + 1 < n and tokens[after].low in lx.LIST_CONJUNCTIONS and (
            tokens[after + 1].low in lx.VERB_FORMS or tokens[after + 1].low in lx.SIGNABLE_VERBS) \
            and not word_tests.is_content(tokens, after + 1) and not word_tests.is_adjectival_trigger(tokens, after + 1):
        after += 2
        while after < n and word_tests.is_adverb(tokens[after].low):
            after += 1
    return after


def passive_participle(tokens: list[Token], i: int, floor: int) -> bool:
    """Is the participle at i in a passive ("is degraded via X"), adverbs allowed in between?"""
    j = i - 1
    while j > floor and word_tests.is_adverb(tokens[j].low):
        j -= 1
    return j >= floor and tokens[j].low in BE_FORMS


# Verbs of making whose passive names the precursor after "from": "Y is synthesized from X" (more
# X, more Y).
def needed_removal(tokens: list[Token], claim: Claim) -> str:
    """"Y requires X for (its) clearance": the removal a verb of need names after its object, which
    is Y's (Y's clearance rises with X); "" for any other claim, or a removal of something named
    ("for the clearance of Z")."""
    lemma = lx.VERB_FORMS.get(tokens[claim.verb].low, ("",))[0]
    k = claim.end
    if lemma not in lx.REVERSED_VERBS or k >= len(tokens) or tokens[k].low != "for":
        return ""
    k += 1
    while k < len(tokens) and tokens[k].low in _REMOVAL_DETERMINERS:
        k += 1
    if k < len(tokens) and tokens[k].low in lx.NEEDED_REMOVALS and (k + 1 >= len(tokens) or tokens[k + 1].low != "of"):
        return tokens[k].text
    return ""


_PRECURSOR_VERBS = word_set(_WORDS, "_precursor_verbs")


def _gerund_tool(tokens: list[Token], i: int, floor: int, lemma: str, polarity: int,
                 objects: list[tuple[int, int]], objects_end: int) -> tuple[int, int] | None:
    """"Activating autophagy with trehalose", "by inhibiting Syk using BAY61-3606": the phrase after
    "with"/"using" right after a gerund of change's object is the tool that makes the change. Not
    after a verb of result ("resulting in Y with Z"), a partner noun ("preventing its interaction
    with B"), a gerund of purpose or property ("for degrading proteins with long half-lives"), nor
    when the tool is itself a change ("reducing X synergized with Hsp90 inhibition")."""
    if polarity == 0 or lemma in lx.RESULT_VERBS or objects_end + 1 >= len(tokens) \
            or tokens[objects_end].low not in lx.TOOL_MARKERS \
            or (i > floor and tokens[i - 1].low in lx.PURPOSE_PREPOSITIONS) \
            or any(tokens[k].low in lx.PARTNER_WORDS for k in range(*objects[-1])):
        return None
    tools, _ = phrases.phrases_right(tokens, objects_end + 1)
    if not tools or not word_tests.is_content(tokens, tools[0][0]) \
            or any(word_tests.change_head(tokens[k].low) for k in range(*tools[0])):
        return None
    return tools[0]


def verb_claim(tokens: list[Token], i: int, floor: int, claims: list[Claim],
                signed: int | None = None) -> Claim | None:
    low = tokens[i].low
    lemma, polarity, form = _verb_form(low)
    if signed is not None:
        polarity = signed
    n = len(tokens)
    after = _after_verb(tokens, i)
    prev = tokens[i - 1].low if i > floor else ""
    if form == "ed" and after + 1 < n and tokens[after].low == "by" and lx.amount_word(tokens[after + 1].text):
        past = _skip_amount(tokens, after)
        if past < n and tokens[past].low == "by":
            after = past  # "Y was reduced by 50% by X"
    if _passive(tokens, i, floor, lemma, form, after):
        own_end = _after_own_verb(tokens, i)
        if _skip_coordinated_verbs(tokens, own_end) != own_end:
            # "Y is ubiquitylated and degraded by X": the agent is the last participle's only (X
            # degrades Y; what ubiquitylates Y is not said); it is read at that participle
            return None
        return _passive_claim(tokens, i, floor, claims, lemma, polarity, after)
    left = i - 1
    while left > floor and word_tests.is_adverb(tokens[left].low):
        left -= 1
    before = tokens[left].low if left >= floor else ""
    if form == "ed" and before in lx.AUXILIARIES and before not in _HAVE_FORMS:
        # No "by": a cause only when a treatment or deficiency is named ("... increased after X
        # treatment", "... reduced in X-deficient mice").
        return conditions.condition_claim(tokens, i, _skip_amount(tokens, after), floor, claims, polarity,
                                lemma in lx.RESTORING_VERBS)
    floating = prev in _FLOATING_QUANTIFIERS and i - 2 >= floor and word_tests.is_content(tokens, i - 2)
    if form == "ed" and ((prev in lx.DETERMINERS and not floating) or prev in lx.PREPOSITIONS or i == floor
                         or (prev in lx.OTHER_VERBS and not word_tests.is_adverb(prev)) or prev in lx.STATE_EXHIBIT_VERBS
                         or _form_in_of_list(tokens, i, floor, lemma)):
        return None  # adjectival: "the reduced levels", "with increased Y" (not "and thereby reduced Y")
    object_start = _object_start(tokens, after, lemma)
    if object_start is None:
        return None
    k, reversed_result = object_start
    objects, objects_end = _verb_objects(tokens, i, k, floor, claims, form)
    if not objects:
        return conditions.intransitive_claim(tokens, i, k, floor, claims, lemma, polarity)
    tool = _gerund_tool(tokens, i, floor, lemma, polarity, objects, objects_end) if form == "ing" else None
    if tool is not None:
        # "inhibiting the proteasome with epoxomicin": the tool does what the gerund names
        return Claim([tool], objects, polarity, "active", word_tests.negated(tokens, max(floor, i - 2), i),
                     False, tool[1])
    sequel = _participle_sequel(tokens, i, floor, claims) if form == "ing" else None
    if sequel is not None:
        # "X activates Y, in turn inhibiting Z": the change of Y acts on Z
        return Claim(sequel.objects, objects, polarity, "active", sequel.negated,
                      sequel.hedged or word_tests.has(tokens, sequel.end, i, lx.HEDGES), objects_end,
                      subject_polarity=sequel.polarity)
    # "In addition to reducing Y, X also increased Z": the main clause's subject
    subject = subject_finding.fronted_participle_subject(tokens, i, floor, objects_end) if form == "ing" else None
    if subject is None:
        subject = subject_finding.subject_of_predicate(tokens, i, floor, claims)
    if subject is None:
        return _condition_agent_claim(tokens, i, floor, lemma, form, polarity, objects, objects_end)
    subjects, subject_end = subject
    if _after_subject_pronoun(tokens, subjects[0][0], floor):
        return None  # "..., which mirrors enhanced Y": "mirrors" is the verb, misread as a noun
    if _listed_comparison(tokens, i, subjects) or (
            form == "ing" and subjects[0][0] - 1 >= floor and tokens[subjects[0][0] - 1].low in _WHERE_PREPOSITIONS):
        return None  # "in animal models reducing X lowers Y": the models are where, not who
    subjects = _with_opening_gerund(tokens, subjects, floor)
    if all(phrases.cell_phrase(tokens, span) or tokens[span[1] - 1].low in ORGANISMS for span in subjects) \
            and objects_end < n and tokens[objects_end].low in _RESPONSE_PREPOSITIONS:
        # "neurons induce Y upon X expression", "cells upregulate Y in response to X": the
        # carriers respond, the stimulus is the cause
        stimulus = conditions.condition_agent(tokens, objects_end)
        if stimulus is not None and not phrases.cell_phrase(tokens, stimulus):
            subjects = [stimulus]
    members = _class_relative_members(tokens, i, floor, subjects, objects)
    if members:
        # "drugs that enhance autophagy, including rapamycin, ...": the members do the enhancing
        subjects, objects = objects[members:], objects[:members]
    if lemma in lx.REVERSED_VERBS or reversed_result:
        subjects, objects = objects, subjects
    if word_tests.compared_reference(tokens, subjects[0][0]):
        return None  # "X was superior to placebo in reducing Y": placebo reduces nothing here
    efficacy = prev in EFFICACY_PREPOSITIONS and i - 2 >= floor and tokens[i - 2].low in EFFICACY_WORDS
    if form == "ing" and not efficacy and prev not in _GERUND_CLAUSE_OPENERS and \
            not word_tests.is_content(tokens, subject_end):
        return None
    negated = word_tests.negated(tokens, subject_end + 1, i) or word_tests.negated(tokens, subjects[0][0] - 1,
                                                               subjects[0][0] + 1) \
        or word_tests.neither_subject(tokens, subjects[0][0], floor) or word_tests.neither_nor_before(tokens, floor, i) \
        or word_tests.shared_negation(tokens, subject_end, floor)
    hedged = word_tests.has(tokens, subject_end + 1, i, lx.HEDGES)
    polarity = bettering_polarity(tokens, lemma, objects[0], polarity)
    if lemma in _CAUSING_VERBS and objects_end + 1 < n and tokens[objects_end].low == "to" \
            and tokens[objects_end + 1].low in _INFINITIVE_CHANGES:
        # "X caused Y to decrease": the change Y undergoes is the infinitive's (not a purpose:
        # "X activates Y to protect Z")
        polarity *= _INFINITIVE_CHANGES[tokens[objects_end + 1].low]
    claim = Claim(subjects, objects, polarity, "active", negated, hedged, objects_end)
    subject_polarity = _subject_polarity(tokens, i, floor, claims, lemma, subjects, subject_end)
    if subject_polarity is None:
        return None
    claim.subject_polarity = subject_polarity
    _class_relative_roles(tokens, floor, claim, subjects, objects)
    return claim


def _after_subject_pronoun(tokens: list[Token], start: int, floor: int) -> bool:
    """Does a verb's subject phrase start right after "which" / "who" (not "in which")? A verb
    with an object leaves the pronoun no role but the subject, so the word after it is the
    relative clause's own verb misread as a noun, and no name."""
    return start - 1 >= floor and tokens[start - 1].low in lx.SUBJECT_RELATIVE_PRONOUNS \
        and not (start - 2 >= floor and tokens[start - 2].low in lx.PREPOSITIONS)


def _verb_objects(tokens: list[Token], i: int, k: int, floor: int, claims: list[Claim],
                  form: str) -> tuple[list[tuple[int, int]], int]:
    """The object phrases of the verb at ``i``, starting at ``k``, and where they end."""
    n = len(tokens)
    objects, objects_end = phrases.phrases_right(tokens, k)
    if not objects and k < n and tokens[k].low in _OBJECT_PRONOUNS:
        # An object pronoun takes the previous claim's object: "X binds Y and activates it",
        # "APOE4 raises the risk, whereas APOE2 lowers it".
        previous = next((c for c in reversed(claims) if c.objects and c.verb < i), None)
        if previous is not None and previous.floor in (floor, subject_finding.previous_sentence_start(tokens, floor)):
            objects, objects_end = previous.objects, k + 1
    if objects and form == "ed":
        # "X attenuated A, improved B and reduced C": after a past-tense verb, a conjunct that
        # starts with another past participle is a coordinated verb, not an adjective.
        for index, (start, _) in enumerate(objects[1:], start=1):
            if tokens[start].low in lx.VERB_FORMS and lx.VERB_FORMS[tokens[start].low][2] == "ed":
                objects = objects[:index]
                objects_end = objects[-1][1]
                break
    return objects, objects_end


def _condition_agent_claim(tokens: list[Token], i: int, floor: int, lemma: str, form: str, polarity: int,
                           objects: list[tuple[int, int]], objects_end: int) -> Claim | None:
    """A verb with no subject whose cause is the treatment named after its object: "promoting
    autophagy with trehalose treatment". Not for a rescue or an improvement ("to restore memory in
    APP mice" names the model that lacked it), nor after a time ("promotes Y after injury": when,
    not what), nor a gerund's "in" phrase ("silencing X in arsenite-treated cells": where the
    experimenter acted)."""
    in_carrier = form == "ing" and objects_end < len(tokens) and tokens[objects_end].low == "in"
    if lemma in lx.RESTORING_VERBS or lemma in lx.IMPROVING_VERBS or in_carrier:
        return None
    agent = conditions.condition_agent(tokens, objects_end, states_after=False)
    if agent is None:
        return None
    return Claim([agent], objects, polarity, "active", word_tests.negated(tokens, max(floor, i - 2), i),
                  word_tests.has(tokens, floor, i, lx.HEDGES), agent[1])


def _subject_polarity(tokens: list[Token], i: int, floor: int, claims: list[Claim], lemma: str,
                      subjects: list[tuple[int, int]], subject_end: int) -> int | None:
    """Whether the subject acts as itself (+1) or as the change a clause before made of it (-1,
    "X lowers Y, which leads to Z": the lowering of Y); None when the two readings clash."""
    polarity = 1
    shared = next((c for c in reversed(claims) if c.subjects is subjects), None)
    purposed = next((c for c in reversed(claims) if c.floor == floor and subjects and subjects[0] in c.objects),
                    None) if i - 1 > floor and tokens[i - 1].low == "to" else None
    if shared is not None:
        polarity = shared.subject_polarity  # a coordinated predicate, same subject
    elif purposed is not None:
        polarity = purposed.polarity  # "X lowered Y to reverse Z": the lowering of Y reverses Z
    elif tokens[subject_end].text == ",":
        named = subject_finding.name_apposition(tokens, subject_end, floor)
        if named is not None and [named[0]] == subjects:
            polarity = named[1]
    if lemma in lx.RESULT_VERBS or _sequel_marked(tokens, i, floor) or _after_changed_clause(tokens, i, floor, subjects):
        return _event_relative_polarity(tokens, i, floor, subjects, claims)
    if _event_relative_polarity(tokens, i, floor, subjects, claims) < 0:
        # "X lowers Y, which impairs Z": "which" may be Y or the lowering of Y, and the two
        # readings give opposite signs; precision first, no claim
        return None
    return polarity


def _after_verb(tokens: list[Token], i: int) -> int:
    """Where the verb at ``i`` ends: past adverbs, a bracketed statistic ("diminished (p < 0.01) the
    Y"), a particle ("slow down Y") and coordinated verbs ("phosphorylates and activates Y")."""
    return _skip_coordinated_verbs(tokens, _after_own_verb(tokens, i))


def _after_own_verb(tokens: list[Token], i: int) -> int:
    """Where the verb at ``i`` itself ends (``_after_verb`` without the verbs coordinated after it)."""
    n = len(tokens)
    after = i + 1
    while after < n and (word_tests.is_adverb(tokens[after].low) or tokens[after].text == "("
                         or _extent_phrase(tokens, after)):
        if _extent_phrase(tokens, after):
            after += _extent_phrase(tokens, after)
        elif tokens[after].text == "(":
            close = phrases.skip_parens_right(tokens, after)
            if close == after:
                break
            after = close
        else:
            after += 1
    if after + 1 < n and tokens[after].low in DIRECTION_PARTICLES and tokens[after + 1].low != "to":
        after += 1
    return after


def _form_in_of_list(tokens: list[Token], i: int, floor: int, lemma: str) -> bool:
    """"the clearance of A and hyperphosphorylated B": a modifying participle after "and" that
    closes an "of" phrase names a form of B, a member of that phrase, not a verb."""
    if lemma not in lx.MODIFYING_VERBS or i - 2 < floor or tokens[i - 1].low != "and":
        return False
    start = phrases.phrase_left(tokens, i - 2)  # the phrase reaches back over its own "of"
    return floor <= start <= i - 2 and phrases.form_in_of_list(tokens, (max(floor, start - 1), i - 1), i)


def _extent_phrase(tokens: list[Token], k: int) -> int:
    """The length of "in part", "at least in part", "in large part" at ``k`` (0 when none): how
    much of the change the agent accounts for, not a place or condition ("mediated in part by X")."""
    words = tuple(t.low for t in tokens[k:k + 4])
    for phrase in _EXTENT_PHRASES:
        if words[:len(phrase)] == phrase:
            return len(phrase)
    return 0


def _object_start(tokens: list[Token], k: int, lemma: str) -> tuple[int, bool] | None:
    """Where the object of a verb begins, past the particle a phrasal verb needs, and whether the
    verb reverses its roles ("Y results from X"); None when the needed particle is missing."""
    n = len(tokens)
    if lemma == "protect":
        # "protects against Y", "protects neurons from Y": the shielded phrase is not the object.
        if k < n and tokens[k].low not in lx.SHIELD_PARTICLES:
            k = phrases.phrase_right(tokens, k)
        if k >= n or tokens[k].low not in lx.SHIELD_PARTICLES:
            return None
        k += 1
    elif lemma == "result" and k < n and tokens[k].low == "from":
        return k + 1, True  # "Y results from X": X causes Y
    elif lemma in lx.NEEDS_PARTICLE:
        particle = lx.PHRASAL[lemma][0]
        if tuple(t.low for t in tokens[k:k + len(particle)]) != particle:
            return None
        k += len(particle)
    else:
        return k, False
    while k < n and word_tests.is_adverb(tokens[k].low):
        k += 1
    return k, False


def _passive(tokens: list[Token], i: int, floor: int, lemma: str, form: str, after: int) -> bool:
    """"Y is increased by X", "Y, induced by X", "Y is made from X", "Y was blocked with X" (an
    experiment's tool): a participle with its agent."""
    n = len(tokens)
    return form == "ed" and after < n and (tokens[after].low == "by" or (
        tokens[after].low in ROUTE_PREPOSITIONS and passive_participle(tokens, i, floor)) or (
        tokens[after].low in lx.TOOL_MARKERS and lemma in lx.TOOL_VERBS and passive_participle(tokens, i, floor)
        and _names_a_tool(tokens, after)) or (
        tokens[after].low == "from" and lemma in _PRECURSOR_VERBS
        and passive_participle(tokens, i, floor))) and not (
        after + 1 < n and lx.amount_word(tokens[after + 1].text))


def _names_a_tool(tokens: list[Token], marker: int) -> bool:
    """"blocked with methyllycaconitine": a named agent after "with"/"using" (a silencing reagent,
    "depleted using siRNA", acts through what it silences and names no agent)."""
    agents, _ = phrases.phrases_right(tokens, marker + 1)
    return bool(agents) and not subject_finding.tool_phrase(tokens, agents[0])


def _passive_claim(tokens: list[Token], i: int, floor: int, claims: list[Claim], lemma: str,
                   polarity: int, after: int) -> Claim | None:
    """The agents after "by" act on the patients before the participle."""
    agents, agents_end = phrases.phrases_right(tokens, after + 1)
    if any(tokens[k].low in lx.LINKAGE_WORDS for span in agents for k in range(*span)):
        agents = []  # "by K48 and K63 linkages (12)": the bonds, not their maker
    if len(agents) == 1:
        given = conditions.treated_carrier_agents(tokens, *agents[0])
        if given:
            agents, agents_end = given, given[-1][1]  # "induced by treatment of cells with X"
    if not agents:
        return None
    found = _passive_patients(tokens, i, floor, claims)
    if found is None:
        return None
    patients, j = found
    if lemma in lx.REVERSED_VERBS:
        agents, patients = patients, agents
    polarity = _undoing_polarity(claims, lemma, patients) \
        or bettering_polarity(tokens, lemma, patients[0], polarity)
    return Claim(agents, patients, polarity, "passive",
                  word_tests.negated(tokens, j + 1, i) or word_tests.negated(tokens, after, after + 2),
                  word_tests.has(tokens, j + 1, i, lx.HEDGES), agents_end)


def _undoing_polarity(claims: list[Claim], lemma: str, patients: list[tuple[int, int]]) -> int:
    """"Y was raised in X mice and rescued by D": a rescue undoes the change just said of the same
    patients (D lowers Y); 0 where no change of them was said."""
    if lemma not in lx.RESTORING_VERBS:
        return 0
    earlier = next((c for c in reversed(claims) if c.objects == patients), None)
    return -earlier.polarity if earlier is not None else 0


def _passive_patients(tokens: list[Token], i: int, floor: int,
                      claims: list[Claim]) -> tuple[list[tuple[int, int]], int] | None:
    """What a participle at ``i`` is said of, and the index just before its clause (for negation)."""
    j = phrases.gap_left(tokens, i, floor)
    if j < floor:
        return None
    relative = tokens[j].low in lx.RELATIVE_PRONOUNS
    if relative:
        j -= 1
        if j >= floor and tokens[j].text == ",":
            j -= 1
    if j >= floor and tokens[j].text == ",":
        j -= 1
    patients = (subject_finding.anaphor_antecedent(tokens, j, floor, claims, "object") or phrases.phrases_left(tokens, j)) \
        if j >= floor else []
    if not patients and j >= floor and tokens[j].low in _PASSIVE_CONJUNCTIONS:
        # "tau is acetylated by p300 and deacetylated by SIRT1": the same patient
        earlier = next((c for c in reversed(claims) if c.construction == "passive"
                        and j - 1 <= c.end <= j), None)
        patients = earlier.objects if earlier is not None else []
    if not patients and j >= floor and tokens[j].low == "and":
        patients = subject_finding.copular_conjunct_subject(tokens, j, floor, claims)
    first_participle = j - 1
    while first_participle > floor and word_tests.is_adverb(tokens[first_participle].low):
        first_participle -= 1
    if not patients and j >= floor and tokens[j].low in lx.LIST_CONJUNCTIONS \
            and tokens[first_participle].low in lx.VERB_FORMS \
            and passive_participle(tokens, first_participle, floor):
        # "Y is ubiquitylated and degraded by X": the patient of the participle coordinated before
        return _passive_patients(tokens, first_participle, floor, claims)
    if patients and patients[0][1] - patients[0][0] > 1 and any(c.verb == patients[0][0] for c in claims):
        # "X reduced Y induced by Z": the verb already read as a predicate is no part of what Z induces
        patients = [(patients[0][0] + 1, patients[0][1])] + patients[1:]
    if patients and not relative and not passive_participle(tokens, i, floor):
        first = patients[0][0]
        low_first = tokens[first].low
        if low_first in lx.VERB_FORMS and lx.VERB_FORMS[low_first][2] == "ing" \
                and patients[0][1] - first > 1:
            # "preventing apoptosis induced by X": only "apoptosis" is induced by X
            patients = [(first + 1, patients[0][1])] + patients[1:]
    if patients and patients[0][0] - 2 >= floor and tokens[patients[0][0] - 1].low == "whose" \
            and tokens[patients[0][0] - 2].text == "," \
            and all(tokens[k].low in lx.QUANTITY_WORDS for k in range(*patients[0])):
        # "Nrf2, whose expression is increased by X,": the owner is the patient
        owner = phrases.phrases_left(tokens, patients[0][0] - 3)
        patients = owner[-1:] if owner else patients
        relative = True
    if patients and not relative and passive_participle(tokens, i, floor):
        first = patients[0][0]
        if first - 2 > floor and tokens[first - 1].low in _AGENT_TIME_PREPOSITIONS \
                and (lx.VERB_FORMS.get(tokens[first - 2].low, ("", 0, ""))[2] == "ed"
                     or tokens[first - 1].low != "by" and tokens[first - 2].low.endswith("ed")):
            # "the increase in Y caused by D was attenuated by X", "the fall in Y observed after D
            # is mediated by X": the head, not D
            head = phrases.phrases_left(tokens, first - 3)
            patients = head or patients
    if patients and (relative or passive_participle(tokens, i, floor)):
        # "atrophy in the striatum that was reduced by X", "viability following serum
        # deprivation was improved by X": the head before the place or time phrase (not in
        # a reduced relative: "a step for propagation induced by X" is about propagation)
        patients = subject_finding.head_before_place(tokens, patients, floor, relative=relative)
    if not patients:
        return None
    return patients, j


def _class_relative_roles(tokens: list[Token], floor: int, claim: Claim,
                          subjects: list[tuple[int, int]], objects: list[tuple[int, int]]) -> None:
    """A subject that is the object of "CLASS that VERB X" ("drugs that inhibit X reduce Y"): X
    acts as the clause changes it, and members named of the class act as the class does."""
    restricted = _restrictive_relative_polarity(tokens, subjects[0][0], floor)
    if restricted and claim.subject_polarity == 1:
        claim.subject_polarity = restricted
        class_head = tokens[_relative_antecedent_end(tokens, subjects[0][0], floor)].low
        members = _examples_of_subject(tokens, objects)
        if members and naming.class_word(class_head):
            # "drugs that enhance autophagy reduce pathology, including rapamycin": the examples
            # after the object are the drugs, not kinds of pathology
            claim.objects, claim.class_members = objects[:members], objects[members:]
        elif len(subjects) > 1 and naming.class_word(class_head):
            # "compounds that inhibit X, such as D and E, lower Y": D and E are compounds, not
            # kinds of X
            claim.subjects, claim.class_members = subjects[:1], subjects[1:]
    elif len(subjects) > 1 and _modifying_relative(tokens, subjects[0][0], floor) \
            and naming.class_word(tokens[_relative_antecedent_end(tokens, subjects[0][0], floor)].low):
        # "kinases that phosphorylate X, such as D and E, promote Y": the kinases D and E do, not X
        claim.subjects, claim.class_members = [], subjects[1:]


def _relative_antecedent_end(tokens: list[Token], start: int, floor: int) -> int:
    """For a subject at ``start`` that is the object of "CLASS that VERB", the index of CLASS's
    last word (the caller checked the relative clause with _restrictive_relative_polarity)."""
    v = start - 1
    while v > floor and word_tests.is_adverb(tokens[v].low):
        v -= 1
    return v - 2


def _class_relative_members(tokens: list[Token], i: int, floor: int,
                            subjects: list[tuple[int, int]], objects: list[tuple[int, int]]) -> int:
    """"compounds that inhibit GSK3, such as lithium and valproate": the examples after the
    relative clause's object name members of the class the clause is about (the subject), not of
    the object, when the subject is a bare class and the object a named entity. Returns the index
    in ``objects`` where those members start, or 0."""
    v = i - 1
    while v > floor and word_tests.is_adverb(tokens[v].low):
        v -= 1
    if v <= floor or tokens[v].low not in lx.THING_RELATIVE_PRONOUNS or len(subjects) != 1:
        return 0
    head = tokens[subjects[0][1] - 1].low
    if not naming.class_word(head) or naming.entity(tokens, subjects[0], "subject", {}) is not None:
        return 0
    return _examples_of_subject(tokens, objects)


def _examples_of_subject(tokens: list[Token], objects: list[tuple[int, int]]) -> int:
    """Where the examples among ``objects`` start (after "including", "such as", ...), when
    they cannot be members of the object named before them; 0 when there are none or they can."""
    for index, (start, _) in enumerate(objects[1:], start=1):
        marker = next((m for m in EXAMPLE_MARKERS
                       if tuple(t.low for t in tokens[start - len(m):start]) == m), None)
        if marker is None:
            continue
        named = objects[:index]
        if any(naming.entity(tokens, span, "object", {}) is None or _common_plural(tokens, span) for span in named):
            # "enzymes that cleave receptors, such as Notch", "... cleave proteins such as APP":
            # a common plural object may be the class the examples belong to
            return 0
        if any(_common_plural(tokens, span) for span in objects[index:]):
            return 0  # "... reduce tau pathology, including tangles": kinds of the object
        return index
    return 0


def _common_plural(tokens: list[Token], span: tuple[int, int]) -> bool:
    """A phrase headed by a lower-case plural ("receptors", "neurofibrillary tangles"), which
    names a kind of thing rather than one named entity ("temsirolimus", "NMDA receptors")."""
    head = tokens[span[1] - 1].low
    return head.endswith("s") and not head.endswith(lx.SINGULAR_S_ENDINGS) and not any(
        re.search(r"[A-Z0-9]", tokens[k].text) for k in range(*span))


def _sequel_marked(tokens: list[Token], i: int, floor: int) -> bool:
    """"which in turn inhibits", "which subsequently activates": the verb at i continues a chain."""
    j = phrases.gap_left(tokens, i, floor)
    gap = [t.low for t in tokens[j + 1:i]]
    return "subsequently" in gap or any(a == "in" and b == "turn" for a, b in zip(gap, gap[1:]))


def _modifying_relative(tokens: list[Token], start: int, floor: int) -> bool:
    """The phrase at ``start`` is the object of "that / which VERB" with a verb of modification
    ("kinases that phosphorylate X")."""
    v = start - 1
    while v > floor and word_tests.is_adverb(tokens[v].low):
        v -= 1
    return v - 2 >= floor and tokens[v - 1].low in lx.THING_RELATIVE_PRONOUNS and tokens[v].low in lx.VERB_FORMS \
        and lx.VERB_FORMS[tokens[v].low][0] in lx.MODIFYING_VERBS


def _restrictive_relative_polarity(tokens: list[Token], start: int, floor: int) -> int:
    """"drugs that inhibit MMP-9 reduce Y": the subject phrase at ``start`` is the object of a
    restrictive relative clause, so what acts on Y is MMP-9 as the clause changes it (less MMP-9).
    Returns that change's sign, or 0 when the phrase is no such object."""
    v = start - 1
    while v > floor and word_tests.is_adverb(tokens[v].low):
        v -= 1
    if v - 2 < floor or tokens[v].low not in lx.VERB_FORMS or tokens[v - 1].low not in lx.RELATIVE_PRONOUNS:
        return 0
    lemma, polarity, form = lx.VERB_FORMS[tokens[v].low]
    if form not in ("s", "base", "ed") or lemma in lx.MODIFYING_VERBS or lemma in lx.PHRASAL \
            or lemma in lx.REVERSED_VERBS or not word_tests.is_content(tokens, v - 2):
        return 0
    return polarity


def _participle_sequel(tokens: list[Token], i: int, floor: int, claims: list[Claim]) -> Claim | None:
    """For ", in turn VERBing" / ", subsequently VERBing" at i, the active claim before the comma."""
    j = phrases.gap_left(tokens, i, floor)
    if j < floor or tokens[j].text != "," or not _sequel_marked(tokens, i, floor):
        return None
    return next((c for c in reversed(claims) if c.floor == floor and c.construction == "active"
                 and c.objects and j - 1 <= c.end <= j + 1), None)


def _after_changed_clause(tokens: list[Token], i: int, floor: int, subjects: list[tuple[int, int]]) -> bool:
    """Is the verb at i in ", which ..." after a clause ending in its subject's own change ("Y
    levels are reduced, which induces Z")? Then "which" is that change, whatever the verb."""
    j = phrases.gap_left(tokens, i, floor)
    return j - 2 >= floor and tokens[j].low == "which" and tokens[j - 1].text == "," \
        and subject_finding.changed_predicate_subject(tokens, j - 2, floor) == subjects[-1]


def _event_relative_polarity(tokens: list[Token], i: int, floor: int,
                             subjects: list[tuple[int, int]], claims: list[Claim]) -> int:
    """In "X lowers Y, which leads to Z" the relative clause is about the lowering of Y (a verb of
    result, or any verb after "which in turn", takes the preceding clause's event): Y moves as X
    made it move. Also when X is no claim's subject ("This lowers Y, which in turn ...")."""
    j = phrases.gap_left(tokens, i, floor)
    if j - 1 < floor or tokens[j].low != "which" or tokens[j - 1].text != ",":
        return 1
    if j - 2 >= floor and subject_finding.changed_predicate_subject(tokens, j - 2, floor) == subjects[-1]:
        return word_tests.change_adjective_sign(tokens[j - 2].low) or 1
    for claim in reversed(claims):
        if claim.floor != floor:
            break
        if claim.construction == "active" and claim.objects and claim.objects[-1] == subjects[-1]:
            return claim.polarity
    verb = subjects[0][0] - 1
    while verb > floor and (tokens[verb].low in lx.DETERMINERS or word_tests.is_adverb(tokens[verb].low)):
        verb -= 1
    if verb >= floor and tokens[verb].low in lx.VERB_FORMS and lx.VERB_FORMS[tokens[verb].low][2] in ("s", "ed"):
        return lx.VERB_FORMS[tokens[verb].low][1] or 1
    return 1


_INFINITIVE_CHANGES = word_table(_WORDS, "_infinitive_changes")


def _skip_amount(tokens: list[Token], j: int) -> int:
    """Index after an amount of change ("by 40%", "by 2-fold", "3-fold") at j, else j."""
    k = j + 1 if j < len(tokens) and tokens[j].low == "by" else j
    if k < len(tokens) and tokens[k].text[0].isdigit():
        k += 1
        while k < len(tokens) and tokens[k].low in LISTED_AMOUNT_UNITS:
            k += 1
        return k
    return j
