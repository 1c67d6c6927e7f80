"""Nominalisations and compounds: "inhibition of Y by X", signed regulation, modification claims
("phosphorylation of Y by X"), "X-induced Y", and role nouns ("D, an X inhibitor").
"""

from __future__ import annotations

import re
from pathlib import Path

from engine.reading.language import lexicon as lx
from engine.reading.language.data_files import word_set, word_tuple
from engine.reading.language.removal import removed_in
from engine.reading.rules.records import Claim
from engine.reading.rules.tokens import Token
from engine.reading.rules.vocabulary import (
    CLASS_ADJECTIVE_ENDINGS, CLOSED, DIMENSION_WORDS, GIVEN_HEADS, INDEFINITE_ARTICLES, NAME_NOISE, ROLE_MODIFIERS,
    ROLE_NOUNS, SIGNING_ADJECTIVES)
from engine.reading.rules import conditions, naming, phrases, states, subject_finding, word_tests

_WORDS = Path(__file__).with_name("words.toml")

_ROLE_PREDICATE_WORDS = word_set(_WORDS, "_role_predicate_words")
_ROLE_VERB_WORDS = word_set(_WORDS, "_role_verb_words")
_SELECTIVITY_ENDINGS = word_tuple(_WORDS, "_selectivity_endings")
_ROLE_ADJECTIVE_ENDINGS = word_tuple(_WORDS, "_role_adjective_endings")
_NOMINALISATION_ENDINGS = word_tuple(_WORDS, "_nominalisation_endings")
_FEEDBACK_WORDS = word_set(_WORDS, "_feedback_words")
_ROLE_PREPOSITIONS = word_set(_WORDS, "_role_prepositions")
_COMMA_EXAMPLE_WORDS = word_set(_WORDS, "_comma_example_words")


def trailing_change(tokens: list[Token], span: tuple[int, int]) -> bool:
    """A phrase ending in a head of change after its entity: "autophagy induction", "Y activation"."""
    last = tokens[span[1] - 1].low
    return span[1] - span[0] > 1 and word_tests.is_content(tokens, span[1] - 2) and last not in GIVEN_HEADS \
        and (last in lx.INCREASE_HEADS or last in lx.DECREASE_HEADS) and last.endswith(_NOMINALISATION_ENDINGS)


def unsigned_phrase(tokens: list[Token], span: tuple[int, int]) -> bool:
    """"the regulation of Y", "control of Y": a phrase whose head leaves the direction open."""
    j = span[0]
    while j < span[1] and (tokens[j].low in lx.DETERMINERS or word_tests.is_adverb(tokens[j].low)):
        j += 1
    return j < span[1] and tokens[j].low in lx.UNSIGNED_HEADS


def _before_coordinated_verb(tokens: list[Token], spans: list[tuple[int, int]],
                             end: int) -> tuple[list[tuple[int, int]], int]:
    """The conjuncts before the first that opens with a past verb after a comma: in "X countered the
    disruption of Y by D, reduced A and lowered B", "reduced A" is X's next predicate, not a second
    agent of Y's disruption."""
    for index, (start, _) in enumerate(spans[1:], start=1):
        if tokens[start].low in lx.VERB_FORMS and lx.VERB_FORMS[tokens[start].low][2] == "ed" \
                and tokens[start - 1].text == ",":
            return spans[:index], spans[index - 1][1]
    return spans, end


_AMOUNT_CHANGES = word_set(_WORDS, "_amount_changes")


def caused_change(tokens: list[Token], i: int, floor: int) -> bool:
    """The change named at i is the object of a verb of causing ("X causes impairment of Y with
    ageing", "X induces transcriptional activation of Y during hypoxia"): that verb's subject, not
    a condition named after the change, is its cause."""
    k = i - 1
    modifiers = 0
    while k > floor and (tokens[k].low in lx.DETERMINERS or tokens[k].low in NAME_NOISE or (
            modifiers < 2 and tokens[k].low.isalpha() and tokens[k].text.islower()
            and tokens[k].low not in CLOSED and tokens[k].low not in lx.VERB_FORMS)):
        modifiers += tokens[k].low not in lx.DETERMINERS
        k -= 1
    verb = lx.VERB_FORMS.get(tokens[k].low)
    if k >= floor and verb is not None and verb[1] > 0 and not word_tests.is_adjectival_trigger(tokens, k):
        return True
    if k > floor and verb is not None and verb[2] == "ed":
        k -= 1  # "results in enhanced suppression of Y in response to Z": past the change's adjective
    # "X results in / leads to (enhanced) suppression of Y": the verb of result names the cause
    return k - 1 >= floor and tokens[k].low in ("in", "to") and _result_verb(tokens[k - 1].low, tokens[k].low)


def _result_verb(word: str, particle: str) -> bool:
    lemma = lx.VERB_FORMS.get(word, ("", 0, ""))[0]
    return lemma in lx.PHRASAL and lx.PHRASAL[lemma][0][-1] == particle and lx.PHRASAL[lemma][1] > 0


def signing_adjective_before(tokens: list[Token], i: int, floor: int) -> int | None:
    """The sign of "positive" / "negative" right before ``i``, also across "feedback"."""
    k = i - 1
    if k > floor and tokens[k].low in _FEEDBACK_WORDS:
        k -= 1
    return SIGNING_ADJECTIVES.get(tokens[k].low) if k >= floor else None


def nominal_claim(tokens: list[Token], i: int, floor: int, polarity: int | None = None) -> Claim | None:
    """"inhibition of Y by X" and "Y induction by X" (``polarity`` for a head signed elsewhere:
    "negative regulation of Y by X")."""
    polarity = lx.NOMINAL_TRIGGERS[tokens[i].low] if polarity is None else polarity
    n = len(tokens)
    k = i - 1
    while k > floor and (tokens[k].low in lx.DETERMINERS or tokens[k].low in NAME_NOISE):
        k -= 1
    if k > floor and tokens[k].low in lx.CHANGE_PREPOSITIONS and word_tests.change_head(tokens[k - 1].low):
        return None  # "a reduction in the accumulation of Y after X": the outer change is the claim
    if i + 1 < n and (tokens[i + 1].low == "of" or (tokens[i + 1].low == "in" and tokens[i].low in _AMOUNT_CHANGES)):
        objects, end = phrases.phrases_right(tokens, i + 2)
        agent = conditions.condition_agent(tokens, word_tests.past_report(tokens, end), reasons=True) \
            if objects else None
        if agent is not None and tokens[end].low != "by" and not caused_change(tokens, i, floor):
            return Claim([agent], objects, polarity, "nominal", word_tests.negated(tokens, max(floor, i - 2), i),
                          False, agent[1])
        if objects and end < n and tokens[end].low == "by" and tokens[i].low in lx.DEFICIENCY_HEADS \
                and tokens[objects[0][0]].low in lx.MODIFICATION_NOUNS:
            return None  # "loss of phosphorylation of Y by X": X phosphorylates Y (read on its own)
        if objects and end < n and (tokens[end].low == "by" or _instrument_marker(tokens, i, objects, end)):
            agents, agents_end = phrases.phrases_right(tokens, end + 1)
            agents, agents_end = _before_coordinated_verb(tokens, agents, agents_end)
            if agents and not _verb_gerund(tokens, agents[0]) and not subject_finding.tool_phrase(tokens, agents[0]):
                return Claim(agents, objects, polarity, "nominal",
                              word_tests.negated(tokens, floor, i) and word_tests.has(tokens, i - 1, i, frozenset({"no"})),
                              False, agents_end)
    if i + 1 < n and (tokens[i + 1].low == "by" or _subject_experiment(tokens, i, floor)) and i - 1 >= floor:
        agents, agents_end = phrases.phrases_right(tokens, i + 2)
        start = _past_main_verb(tokens, phrases.phrase_left(tokens, i - 1), floor)
        if agents and start <= i - 1 and not _verb_gerund(tokens, agents[0]):
            return Claim(agents, [(start, i)], polarity, "nominal", False, False, agents_end)
    return None


def _past_main_verb(tokens: list[Token], start: int, floor: int) -> int:
    """Where the patient of "Y activation by Z" starts: past a verb of change with a subject before
    it ("X inhibited Y activation by Z": Z activates Y, X's verb is no part of Y's name); a
    participle opening the phrase ("the inhibited Y") stays."""
    before = start - 1
    while before >= floor and word_tests.is_adverb(tokens[before].low):
        before -= 1  # "X dose-dependently inhibited Y activation by Z"
    if tokens[start].low in lx.VERB_FORMS and before >= floor and word_tests.is_content(tokens, before):
        return start + 1
    return start


def _instrument_marker(tokens: list[Token], i: int, objects: list[tuple[int, int]], end: int) -> bool:
    """"inhibition of X with D", "activation of X using D": "with"/"using" right after the object
    of an experiment head names the tool of the experiment, its agent. Not when the experiment is
    itself what a verb before it brings about ("RIC-3 caused a marked inhibition of Y with Z": Z is
    where), nor after a partner noun ("inhibition of its interaction with B")."""
    return tokens[i].low in lx.EXPERIMENT_NOUNS and tokens[end].low in lx.TOOL_MARKERS \
        and not any(tokens[k].low in lx.VERB_FORMS for k in range(max(0, i - 3), i)) \
        and not any(tokens[k].low in lx.PARTNER_WORDS for k in range(objects[-1][0], objects[-1][1]))


_SUBJECT_OPENERS = word_set(_WORDS, "_subject_openers")


def _subject_experiment(tokens: list[Token], i: int, floor: int) -> bool:
    """"Syk inhibition with BAY61-3606 reduced Y": the tool of an experiment named before its head,
    where the phrase opens a clause (after a verb, "X activation with Y" links or finds them
    together: "may link X activation with Y", "indicating X activation with Y")."""
    if i + 1 >= len(tokens) or i - 1 < floor:
        return False
    start = phrases.phrase_left(tokens, i - 1)
    if not _instrument_marker(tokens, i, [(start, i)], i + 1):
        return False
    return start == floor or (start > floor and tokens[start - 1].low in _SUBJECT_OPENERS)


def _verb_gerund(tokens: list[Token], span: tuple[int, int]) -> bool:
    """"(activation of Y) by interacting with Ras", "(Y phosphorylation) by inhibiting Z": a gerund
    that takes a complement, or a verb of change as a gerund, is a means, not an agent."""
    first = tokens[span[0]].low
    if first in lx.VERB_FORMS and lx.VERB_FORMS[first][2] == "ing":
        return True
    return span[1] - span[0] == 1 and first.endswith("ing") and span[1] < len(tokens) \
        and (tokens[span[1]].low in lx.PREPOSITIONS or tokens[span[1]].low in lx.DETERMINERS)


def modification_claim(tokens: list[Token], i: int, floor: int) -> Claim | None:
    """"phosphorylation of tau (at Ser262) by GSK3β", "tau dephosphorylation by PP2A": the agent
    changes the modification of its target (named "tau phosphorylation")."""
    modification, polarity = lx.MODIFICATION_NOUNS[tokens[i].low]
    n = len(tokens)
    if i + 1 < n and tokens[i + 1].low == "of":
        objects, end = phrases.phrases_right(tokens, i + 2)
    elif i - 1 >= floor and word_tests.is_content(tokens, i - 1):
        start = phrases.phrase_left(tokens, i - 1)
        objects, end = ([(start, i)], i + 1) if start <= i - 1 else ([], i + 1)
    else:
        return None
    end = word_tests.skip_sites(tokens, end)
    if not objects or end + 1 >= n or tokens[end].low != "by":
        return None
    agents, agents_end = phrases.phrases_right(tokens, end + 1)
    if not agents or _verb_gerund(tokens, agents[0]):
        return None  # "reduces tau phosphorylation by inhibiting Z": the means of the verb before
    claim = Claim(agents, objects, polarity, "nominal", word_tests.negated(tokens, max(floor, i - 2), i), False,
                   agents_end)
    claim.object_suffix = modification
    return claim


def compound_claim(tokens: list[Token], i: int, floor: int) -> Claim | None:
    """"X-induced Y", "X-mediated increase in Y", "X-dependent Y"."""
    text = tokens[i].text
    stem, _, suffix = text.rpartition("-")
    polarity = lx.COMPOUND_SUFFIXES.get(suffix.lower())
    if polarity is None or not stem or not re.search(r"\w", stem) or stem.lower() in DIMENSION_WORDS \
            or lx.place_word(stem.lower()):
        return None  # "age-dependent loss of X", "cortex-dependent memory": along age, in a place
    if removed_in(_sentence_text(tokens, floor), stem):
        return None  # "in X knockdown cells ... X-mediated Y": the knockdown's effect, sign unsaid
    objects, end = phrases.phrases_right(tokens, i + 1)
    if not objects:
        return None
    unbracketed = [k for k in range(*objects[0]) if states.words_outside_brackets(tokens, (k, k + 1))
                   and not states.inside_brackets(tokens, objects[0][0], k)]
    if phrases.names_a_class([tokens[k].low for k in unbracketed]):
        return None  # "mitogen-activated protein kinase", "cyclin-dependent kinase 5 and ...": names
    # The cause may be a longer phrase: "amyloid beta-induced" → "amyloid beta".
    start = i
    if i - 1 >= floor and word_tests.is_content(tokens, i - 1) and tokens[i - 1].low not in NAME_NOISE \
            and not tokens[i - 1].low.endswith("ed"):
        start = phrases.phrase_left(tokens, i - 1)
        if start > i - 1:
            start = i
        while start < i and (tokens[start].low in lx.DETERMINERS or tokens[start].low in lx.INCREASE_ADJECTIVES
                             or tokens[start].low in lx.DECREASE_ADJECTIVES):
            start += 1  # "reduced lysosomal X-mediated Y": the change is Y's, not X's
    subject_span = (start, i + 1)
    # "X-mediated Y, a compromised Z and W": a conjunct with its own determiner or change word
    # belongs to an outer list, not to what X mediates
    for index, (first, _) in enumerate(objects[1:], start=1):
        if tokens[first].low in lx.DETERMINERS or naming.leading_change(tokens, objects[index]) is not None:
            objects = objects[:index]
            end = objects[-1][1]
            break
    return Claim([subject_span], objects, polarity, "compound",
                  word_tests.negated(tokens, max(floor, i - 2), i), False, end)


def _sentence_text(tokens: list[Token], floor: int) -> str:
    """The words of the sentence that starts at ``floor``, up to its full stop."""
    end = next((k for k in range(floor, len(tokens)) if tokens[k].text == "."), len(tokens))
    return " ".join(t.text for t in tokens[floor:end])


def role_claims(tokens: list[Token], i: int, floor: int, polarity: int | None = None) -> list[Claim]:
    """"D, an X inhibitor", "X inhibitors (D, E)", "X inhibitors such as D" → D changes X."""
    polarity = ROLE_NOUNS[tokens[i].low] if polarity is None else polarity
    n = len(tokens)
    if i + 1 < n and tokens[i + 1].low in _ROLE_PREPOSITIONS:
        # "D, an inhibitor of X": the target follows.
        target_end = phrases.phrase_right(tokens, i + 2)
        if target_end == i + 2:
            return []
        claims = role_claims_for_target(tokens, i, i, floor, (i + 2, target_end), polarity)
        if not claims and target_end + 2 < n and tokens[target_end].text == "," and (
                tokens[target_end + 1].low == "including"
                or (tokens[target_end + 1].low == "such" and tokens[target_end + 2].low == "as")):
            # "inhibitors of X, such as D and E, reduce Y": the examples after the target
            start = target_end + (2 if tokens[target_end + 1].low == "including" else 3)
            drugs, _ = phrases.phrases_right(tokens, start)
            if drugs:
                claims = [Claim(drugs, [(i + 2, target_end)], polarity, "role", False, False, target_end)]
        return claims
    target_start = i - 1
    if target_start > floor and tokens[target_start].text == ")":
        opening = phrases.skip_parens_left(tokens, target_start)
        target_start = opening - 1 if opening < target_start else target_start
    taken = 0
    while target_start >= floor and (word_tests.is_content(tokens, target_start) and
                                     tokens[target_start].low not in ROLE_MODIFIERS
                                     and not tokens[target_start].low.endswith(
                                         ("-independent", "-selective", "-specific"))):
        if taken >= 3:
            break
        taken += 1
        target_start -= 1
    target_start += 1
    if target_start >= i:
        return []
    return role_claims_for_target(tokens, i, target_start, floor, (target_start, i), polarity)


def role_claims_for_target(tokens: list[Token], i: int, target_start: int, floor: int,
                            target: tuple[int, int], polarity: int) -> list[Claim]:
    """Find the agents ("D") of the role noun at i whose target phrase is ``target``."""
    n = len(tokens)
    drugs: list[tuple[int, int]] = []
    end = i + 1
    if end < n and tokens[end].text == "(":
        close = phrases.skip_parens_right(tokens, end)
        inner, _ = phrases.phrases_right(tokens, end + 1)
        measured = any(tokens[k].text in ("=", "<", ">", "≤", "≥", "~") for k in range(end, close))
        if close > end and inner and not measured \
                and any(re.search(r"[A-Za-z]", tokens[a].text) for a, _ in inner):
            drugs = inner  # not a measurement: "an X inhibitor (IC50 = 0.5 µM)"
    elif end + 1 < n and tokens[end].low == "such" and tokens[end + 1].low == "as":
        drugs, _ = phrases.phrases_right(tokens, end + 2)
    elif end + 1 < n and tokens[end].text == "," and tokens[end + 1].low in _COMMA_EXAMPLE_WORDS:
        drugs, _ = phrases.phrases_right(tokens, end + 2)
    elif end + 2 < n and tokens[end].text == "," and tokens[end + 1].low == "such" and tokens[end + 2].low == "as":
        drugs, _ = phrases.phrases_right(tokens, end + 3)  # "X inhibitors, such as D and E,"
    elif end + 1 < n and tokens[end].text == "," and tokens[i].low.endswith("s"):
        drugs = subject_finding.apposed_members(tokens, end)  # "the X inhibitors, D and E, reduce Y"
    elif end < n and word_tests.is_content(tokens, end) and tokens[end].low not in lx.INCREASE_HEADS \
            and tokens[end].low not in lx.QUANTITY_WORDS and tokens[end].low not in ROLE_NOUNS \
            and not phrases.process_noun(tokens[end].low) and tokens[end].low not in lx.GENERIC_NAMES:
        drugs, _ = phrases.phrases_right(tokens, end)  # "the mTOR inhibitor rapamycin"
    if not drugs and target_start - 3 >= floor and tokens[target_start - 1].low == "other" \
            and tokens[target_start - 2].low in lx.LIST_CONJUNCTIONS:
        # "D and other X inhibitors": D is one of them
        before = phrases.phrases_left(tokens, target_start - 3)
        drugs = before[-1:] if before else []
    if not drugs:
        # Apposition: "D, an X inhibitor," / "D (an X inhibitor)".
        j = target_start - 1
        while j >= floor and (tokens[j].low in lx.DETERMINERS or tokens[j].low in ROLE_MODIFIERS
                              or word_tests.is_adverb(tokens[j].low)
                              or tokens[j].low.endswith(_SELECTIVITY_ENDINGS)
                              or (tokens[j].text.isalpha() and tokens[j].text.islower()
                                  and tokens[j].low.endswith(_ROLE_ADJECTIVE_ENDINGS))):
            j -= 1  # "D, a prototypical activator of X"
        if j >= floor + 1 and tokens[j].text in (",", "(") and tokens[j + 1].low in INDEFINITE_ARTICLES:
            start = phrases.phrase_left(tokens, j - 1)
            if start <= j - 1:
                drugs = [(start, j)]
        elif j >= floor + 1 and tokens[j].low in _ROLE_PREDICATE_WORDS:
            # Predicate nominal: "D is an X inhibitor", "D and E are X inducers", "D acts as an X agonist".
            k = j - 1
            while k >= floor and (word_tests.is_adverb(tokens[k].low) or tokens[k].low in _ROLE_VERB_WORDS):
                k -= 1
            if k >= floor and tokens[k].text == ",":
                drugs = _class_and_examples_before(tokens, k, floor)  # "Ds, such as D1, are X inducers"
                aside = phrases.apposition_start(tokens, k, floor) if not drugs else None
                if aside is not None and aside >= floor:
                    drugs = phrases.phrases_left(tokens, aside)  # "D, a mood stabiliser, is an X inducer"
            elif k >= floor:
                drugs = phrases.phrases_left(tokens, k)
    target_words = [tokens[k] for k in range(*target) if tokens[k].low not in lx.DETERMINERS]
    if not drugs or (len(target_words) == 1 and target_words[0].text.islower()
                     and target_words[0].low.endswith(CLASS_ADJECTIVE_ENDINGS)):
        return []  # "a ganglionic blocker", "a cholinergic agonist": a drug class, no target
    return [Claim(drugs, [target], polarity, "role", False, False, target[1])]


def _class_and_examples_before(tokens: list[Token], comma: int, floor: int) -> list[tuple[int, int]]:
    """The class and its members in "Statins, such as D and E, ..." when ``comma`` closes the
    examples; [] otherwise."""
    for opening in range(comma - 2, max(floor, comma - 25) - 1, -1):
        if tokens[opening].text != ",":
            continue
        members, end = phrases.examples_after(tokens, opening)
        if members and end == comma:
            classes = phrases.phrases_left(tokens, opening - 1)
            return classes + members if classes else []
        return []
    return []
