"""Finding a predicate's subject: climbing over place and time phrases, appositions, fronted participles,
means gerunds ("by inhibiting Z"), and anaphors resolved from the same or previous sentence.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Literal

from engine.reading.language import lexicon as lx
from engine.reading.language import pronouns
from engine.reading.language.data_files import word_set
from engine.reading.rules.records import Claim
from engine.reading.rules.tokens import Token
from engine.reading.rules.vocabulary import (
    CLAUSE_OPENERS, COPULAS, HARD_BOUNDARY, INDEFINITE_ARTICLES, MEANS_WORDS, ORGANISMS, ROLE_NOUNS,
    SILENCING_TOOLS, TIME_UNITS,
)
from engine.reading.rules import naming, phrases, word_tests

_WORDS = Path(__file__).with_name("words.toml")

_CLAUSE_JOINERS = word_set(_WORDS, "_clause_joiners")
_TOOL_MODIFIERS = word_set(_WORDS, "_tool_modifiers")
_DEMONSTRATIVES = word_set(_WORDS, "_demonstratives")
_CLAUSE_CONJUNCTIONS = word_set(_WORDS, "_clause_conjunctions")
_ADDITION_OPENERS = word_set(_WORDS, "_addition_openers")
_COMBINATION_NOUNS = word_set(_WORDS, "_combination_nouns")
_ALONE_WORDS = word_set(_WORDS, "_alone_words")
_APPOSITION_DETERMINERS = word_set(_WORDS, "_apposition_determiners")
_GERUND_MEANS_PREPOSITIONS = word_set(_WORDS, "_gerund_means_prepositions")
_RECIPIENT_PREPOSITIONS = word_set(_WORDS, "_recipient_prepositions")
_DURATION_COUNTS = word_set(_WORDS, "_duration_counts")
_ENTITY_PRONOUNS = word_set(_WORDS, "_entity_pronouns")
_EVENT_DEMONSTRATIVES = word_set(_WORDS, "_event_demonstratives")
_GENERIC_MOLECULE_HEADS = word_set(_WORDS, "_generic_molecule_heads")
_HEAD_ENDERS = word_set(_WORDS, "_head_enders")


# How far before a phrase a negation still governs the verb whose object the phrase is ("does not
# activate Y", "fails to activate Y").
_NEGATION_REACH = 4


def subject_of_predicate(tokens: list[Token], i: int, floor: int,
                          claims: list[Claim]) -> tuple[list[tuple[int, int]], int] | None:
    """Subject phrases of the verb at i and the index where the subject ends (for negation)."""
    opened = _clause_opening_apposition(tokens, i - 1, floor) if i - 1 > floor and tokens[i - 1].text == "," else None
    if opened is not None:
        return [opened], i - 1
    if _purpose_after_relative(tokens, i, floor):
        return None
    j = phrases.gap_left(tokens, i, floor)
    if j < floor:
        return None
    low = tokens[j].low
    if low in lx.RELATIVE_PRONOUNS:
        return _relative_subject(tokens, j, floor)
    if low == "and" and j - 2 >= floor and tokens[j - 1].low in ("with", "to") \
            and tokens[j - 2].low in _CONTACT_VERBS:
        # "X interacts with and activates Y", "X binds to and inhibits Y": the contact verb's subject
        return subject_of_predicate(tokens, j - 2, floor, claims)
    if low in _CLAUSE_JOINERS or (
            low in lx.PREPOSITIONS and tokens[i].low.endswith("ing")):
        return _coordinated_subject(tokens, i, j, floor, claims)
    if tokens[i].low.endswith("ing") and i - 1 > j and tokens[i - 1].text == ",":
        # "X lowers Bim, a pro-apoptotic factor, preventing Z": the participle's subject is X
        for claim in reversed(claims):
            if claim.construction in ("active", "passive") and j - 1 <= claim.end <= j + 2:
                return claim.subjects, j
    return _plain_subject(tokens, i, j, floor, claims)


def _relative_subject(tokens: list[Token], j: int, floor: int) -> tuple[list[tuple[int, int]], int] | None:
    """The antecedent of "which / that" at ``j``: a changed clause ("Y levels are reduced, which
    leads to Z": the fall of Y), a name the relative clause is about, or the head before a place."""
    j -= 1
    after_comma = j >= floor and tokens[j].text == ","
    if after_comma:
        j -= 1
    if j >= floor and tokens[j].text in (")", "]"):
        j = phrases.skip_parens_left(tokens, j) - 1
    if j < floor:
        return None
    changed = changed_predicate_subject(tokens, j, floor) if after_comma else None
    if changed is not None:
        return [changed], j  # "Y levels are reduced, which leads to Z": the fall of Y
    spans = phrases.phrases_left(tokens, j)
    first = spans[0][0] if spans and tokens[spans[0][0]].low in INDEFINITE_ARTICLES else \
        (spans[0][0] - 1 if spans and spans[0][0] - 1 >= floor and tokens[spans[0][0] - 1].low in INDEFINITE_ARTICLES
         else -1)
    if len(spans) == 1 and first - 2 >= floor and tokens[first - 1].text == ",":
        # "curcumin, a polyphenol that inhibits X": the relative clause is about the name
        named = phrases.phrases_left(tokens, first - 2)
        if len(named) == 1 and (not phrases.after_predicate(tokens, named[0][0]) or tokens[
                named[0][0] - 1].low in COPULAS):
            spans = [_without_change(tokens, named[0])]  # also "one of these proteins is arc, a regulator that ..."
    spans = head_before_place(tokens, spans, floor, relative=True) if spans else []
    if spans and after_comma and word_tests.negated(tokens, max(floor, spans[0][0] - _NEGATION_REACH), spans[0][0]):
        # "X fails to activate Y, which leads to Z": "which" is the failure, not Y
        return None
    return (spans, j) if spans else None


def _coordinated_subject(tokens: list[Token], i: int, j: int, floor: int,
                         claims: list[Claim]) -> tuple[list[tuple[int, int]], int] | None:
    """A coordinated or subordinate predicate: "X increased Y and reduced Z", "... by reducing Z",
    also after an apposition: "X lowers Bim, a pro-apoptotic factor, preventing Z"."""
    low = tokens[j].low
    aside = phrases.apposition_start(tokens, j, floor) if low == "," else None
    for claim in reversed(claims):
        if claim.construction in ("active", "context", "state", "needed") and (
                j - 2 <= claim.end <= j + 1 or claim.verb == j - 1
                or (aside is not None and aside - 1 <= claim.end <= aside + 1)):
            return claim.subjects, j
        if claim.construction == "passive" and low in _CLAUSE_CONJUNCTIONS and j - 2 <= claim.end <= j \
                and claim.floor == floor:
            return claim.objects, j  # "Y is activated by X and induces Z": Y induces Z
    named = name_apposition(tokens, j, floor) if low == "," else None
    if named:
        return [named[0]], j
    form = lx.VERB_FORMS.get(tokens[i].low, ("", 0, ""))[2]
    if low == "and" and (form in ("s", "base") or (
            form == "ed" and i + 1 < len(tokens) and not word_tests.is_content(tokens, i + 1))):
        # "X is a regulator of A and promotes B": the copula's subject (a participle before a
        # name is an adjective: "linked to A and enhanced production of B")
        shared = copular_conjunct_subject(tokens, j, floor, claims)
        if shared:
            return shared, j
    last = j - 1
    if last > floor and tokens[last].text in (")", "]"):
        last = phrases.skip_parens_left(tokens, last) - 1  # "withaferin A (Yu et al., 2010), reduce"
    if low == "," and last >= floor and word_tests.is_content(tokens, last) \
            and lx.VERB_FORMS.get(tokens[i].low, ("", 0, "ing"))[2] in ("s", "base"):
        # "the Hsp90 inhibitors, celastrol and withaferin A, reduce Y": the members (not a verb's
        # object: "it blocks A, potentiates B" with "it" unread)
        members = phrases.phrases_left(tokens, last)
        return (members, j) if members and not phrases.after_predicate(tokens, members[0][0]) \
            else None
    if low == "," and last >= floor and word_tests.is_content(tokens, last) and _closes_class_apposition(tokens, j, floor):
        # "treatment with the X inhibitors, D or E, alone abolished Y": also before a past tense
        members = phrases.phrases_left(tokens, last)
        return (members, j) if members else None
    return None


def _passed_through_or_instead(tokens: list[Token], k: int) -> bool:
    """The preposition at ``k`` names a way through or a thing not chosen ("through X", "instead of X")."""
    return tokens[k].low == "through" or (tokens[k].low == "of" and k > 0 and tokens[k - 1].low == "instead")


def _plain_subject(tokens: list[Token], i: int, j: int, floor: int,
                   claims: list[Claim]) -> tuple[list[tuple[int, int]], int] | None:
    """The phrases before the gap at ``j``: an anaphor's antecedent, a purpose's subject, members
    of a class in an aside, the thing a tool changed, means and partners named with it."""
    antecedent = anaphor_antecedent(tokens, j, floor, claims, "subject")
    if antecedent is None and tokens[j].low in pronouns.PERSONAL:
        return None  # an "it" / "they" with no clear antecedent: no claim rather than a guess
    spans = antecedent or phrases.phrases_left(tokens, j)
    if spans and tokens[i - 1].low == "to" and spans[0][0] - 1 > floor \
            and tokens[spans[0][0] - 1].low in lx.PREPOSITIONS and tokens[spans[0][0] - 1].low != "by" \
            and lx.VERB_FORMS.get(tokens[spans[0][0]].low, ("", 0, ""))[2] != "ing":
        # "NRF2 binds to the response element to activate Y": the purpose is the subject's (but
        # "APP is cleaved by BACE1 to generate Y": the agent's)
        verb = spans[0][0] - 2
        if verb > floor and (tokens[verb].low in lx.OTHER_VERBS or tokens[verb].low in lx.VERB_FORMS):
            return subject_of_predicate(tokens, verb, floor, claims)
        if _passed_through_or_instead(tokens, spans[0][0] - 1):
            return None  # "through an incision to reduce Y", "instead of D to reduce Y": no doer named
    if spans and tokens[i - 1].low == "to" and any(lx.amount_word(tokens[k].text)
                                                   for k in range(max(floor, spans[0][0] - 1), spans[0][0] + 1)):
        return None  # "the duration was 150 msec to reduce Y": a measure does nothing
    if len(spans) > 1 and tokens[i - 1].low != "to" and not antecedent:
        # "X impaired A or B and C improved D": a conjunct already taken as an earlier verb's
        # object is not this verb's subject (but "activates A and B to induce Y" is)
        taken = {k for claim in claims if claim.floor == floor for a, b in claim.objects
                 for k in range(a, b)}
        spans = [span for span in spans if span[0] not in taken] or spans[-1:]
        if len(spans) > 1 and _inside_earlier_clause(tokens, spans[0][0], floor):
            spans = spans[-1:]  # "X is a kinase in the control of A and activated X inhibits Y"
    if not spans:
        return None
    spans = _host_of_agent(tokens, spans, floor)
    spans = head_before_place(tokens, spans, floor)
    if not spans or _inside_larger_phrase(tokens, spans[0][0], floor):
        return None
    if len(spans) == 1 and spans[0][1] == j + 1 and j + 1 < i and tokens[j + 1].text == ",":
        # "Antioxidants, such as vitamin E and melatonin, reduced Y": the named members of the
        # class (set off in the aside the gap skipped) act on Y as the class does
        members, members_end = phrases.examples_after(tokens, j + 1)
        if members and members_end < i and tokens[members_end].text == ",":
            spans = spans + members
    if len(spans) == 1 and tool_phrase(tokens, spans[0]) and spans[0][0] - 2 >= floor and tokens[spans[0][0] - 1].low in MEANS_WORDS:
        # "knockdown of X with siRNA reduced Y": the tool is no cause, the knockdown is
        changed = phrases.phrases_left(tokens, spans[0][0] - 2)
        return (changed, j) if changed else None
    spans = _with_means_gerund(tokens, spans, floor)
    spans = _means_agent_target(tokens, spans, floor) + _combined_partner(tokens, spans[0][0], floor) + spans
    # "treatment with X" / "exposure to X" are read by _entity; a subject starting right after a
    # preposition or verb is still the subject ("In cells, X reduces Y").
    return spans, j


def _host_of_agent(tokens: list[Token], spans: list[tuple[int, int]], floor: int) -> list[tuple[int, int]]:
    """"Education delivered by nurses reduced Y", "inflammation induced by LPS impaired Y": the agent
    of a participle says who gave or made the subject; the subject is the phrase before the participle."""
    start = spans[0][0]
    if len(spans) != 1 or start - 3 < floor or tokens[start - 1].low != "by" \
            or not tokens[start - 2].low.endswith("ed") or tokens[start - 3].low in COPULAS:
        return spans
    return phrases.phrases_left(tokens, start - 3) or spans


_FINITE_COPULAS = word_set(_WORDS, "_finite_copulas")


def _inside_earlier_clause(tokens: list[Token], start: int, floor: int) -> bool:
    """Does the phrase at ``start`` belong to a clause whose finite verb comes before it ("X is a
    key kinase in [the control of A] and B inhibits Y"), so that only the last conjunct before
    the next verb is its subject? Not past a comma or a word that opens a new clause."""
    for k in range(start - 1, floor - 1, -1):
        low = tokens[k].low
        if low in CLAUSE_OPENERS or tokens[k].text in (",", ";", "(", ")"):
            return False
        if low in _FINITE_COPULAS:
            return True
    return False


def _member_name(tokens: list[Token], span: tuple[int, int]) -> bool:
    """A member's name, not another class: "wortmannin", "MG132", "bafilomycin A1" (a plain
    lower-case plural such as "antioxidants" is a class of its own, listed beside the first)."""
    end = span[1]
    if tokens[end - 1].text in (")", "]") and phrases.skip_parens_left(tokens, end - 1) > span[0]:
        end = phrases.skip_parens_left(tokens, end - 1)  # a citation after the name: "wortmannin [25]"
    last = tokens[end - 1]
    return end - span[0] <= 3 and not (last.text.islower() and last.low.endswith("s")) \
        and not any(tokens[k].low in ROLE_NOUNS or naming.class_word(tokens[k].low) for k in range(span[0], end))


def apposed_members(tokens: list[Token], comma: int) -> list[tuple[int, int]]:
    """After the comma at ``comma`` that follows a plural class ("the X inhibitors, D and E, ..."),
    the members it names: two or more names closed by another comma or a bracket."""
    members, end = phrases.phrases_right(tokens, comma + 1)
    if len(members) < 2 or end >= len(tokens) or tokens[end].text not in (",", ")") \
            or not all(_member_name(tokens, span) for span in members):
        return []
    return members


def bracketed_members(tokens: list[Token], span: tuple[int, int]) -> list[tuple[int, int]]:
    """Members listed in brackets right after a plural class inside a phrase: "antipsychotic drugs
    (D, E and F)", "kinase inhibitors (e.g., D)". What is said of the class is said of each
    member. Two or more names, or one after an example marker; not a bracketed short form of
    the class, a measurement or a citation (names with digits alone or "et al." do not pass)."""
    for p in range(span[0] + 1, min(span[1] + 1, len(tokens))):
        if tokens[p].text != "(":
            continue  # the bracket may close the phrase or follow it (a subject's aside)
        close = phrases.skip_parens_right(tokens, p)
        head = tokens[p - 1]
        if close == p or (p < span[1] < close) or not head.text.islower() or not head.text.isalpha() \
                or not head.low.endswith("s") or head.low.endswith(lx.SINGULAR_S_ENDINGS) \
                or head.low in lx.QUANTITY_WORDS or head.low in lx.MUTATION_HEADS \
                or (word_tests.change_head(head.low) and head.low not in ROLE_NOUNS):
            return []
        if any(word_tests.change_head(t.low) or t.low in lx.PREPOSITIONS or t.low in lx.INCREASE_ADJECTIVES
               or t.low in lx.DECREASE_ADJECTIVES or t.text in ("(", "[") for t in tokens[span[0]:p - 1]):
            return []  # "loss of kinases (A and B)": the class's change is not the members' name
        start = phrases.after_example_marker(tokens, p + 1)
        marked = start is not None
        members, end = phrases.phrases_right(tokens, start if marked else p + 1)
        if end != close - 1 or len(members) < (1 if marked else 2) or not all(
                _member_name(tokens, member) and re.search(r"[A-Za-z]{2}", tokens[member[0]].text)
                for member in members):
            return []
        return members
    return []


def _closes_class_apposition(tokens: list[Token], comma: int, floor: int) -> bool:
    """Does ``comma`` close the members of a plural class: "the X inhibitors, D or E,"?"""
    spans = phrases.phrases_left(tokens, comma - 1)
    for index, (_, end) in enumerate(spans[:-1]):
        if tokens[end].text == "," and (tokens[end - 1].low in ROLE_NOUNS or naming.class_word(tokens[end - 1].low)) \
                and tokens[end - 1].low.endswith("s"):
            return apposed_members(tokens, end) == spans[index + 1:]
    return False


_CONTACT_VERBS = word_set(_WORDS, "_contact_verbs")


def fronted_participle_subject(tokens: list[Token], i: int, floor: int,
                                objects_end: int) -> tuple[list[tuple[int, int]], int] | None:
    """"In addition to / Besides / Apart from VERBing Y, X ...": X, the subject after the comma
    that closes the participle clause opening the sentence."""
    opener = [t.low for t in tokens[floor:i]]
    if opener and opener[0] in lx.ADVERBS and len(opener) > 1:
        opener = opener[1:]  # "Moreover, in addition to ..."
        opener = opener[1:] if opener and opener[0] == "," else opener
    if tuple(opener) not in _ADDITION_OPENERS:
        return None
    if objects_end >= len(tokens) or tokens[objects_end].text != ",":
        return None
    subjects, end = phrases.phrases_right(tokens, objects_end + 1)
    k = end
    while k < len(tokens) and (word_tests.is_adverb(tokens[k].low) or tokens[k].low in lx.MODALS):
        k += 1
    if not subjects or k >= len(tokens) or not (
            tokens[k].low in lx.VERB_FORMS or tokens[k].low in lx.OTHER_VERBS or tokens[k].low in lx.AUXILIARIES):
        return None  # the main clause's verb follows its subject
    return subjects, end - 1


def tool_phrase(tokens: list[Token], span: tuple[int, int]) -> bool:
    """"siRNA", "specific shRNAs": a silencing tool, which names no cause of its own."""
    return any(tokens[k].low in SILENCING_TOOLS for k in range(*span)) and all(
        tokens[k].low in SILENCING_TOOLS or tokens[k].low in lx.DETERMINERS
        or tokens[k].low in _TOOL_MODIFIERS
        for k in range(*span))


def _combined_partner(tokens: list[Token], start: int, floor: int) -> list[tuple[int, int]]:
    """"X (alone or) in combination with Y reduced Z", "X together with Y": X, given with the
    subject Y that starts at ``start``, is a subject too."""
    p = start - 1
    if p - 1 < floor or tokens[p].low != "with":
        return []
    p -= 1
    if tokens[p].low in _COMBINATION_NOUNS and p - 1 >= floor and tokens[p - 1].low == "in":
        p -= 2
    elif tokens[p].low in lx.COMPANION_WORDS:
        p -= 1
    else:
        return []
    while p >= floor and (tokens[p].low in _ALONE_WORDS or word_tests.is_adverb(tokens[p].low)):
        p -= 1
    if p < floor or not word_tests.is_content(tokens, p):
        return []
    partner = phrases.phrase_left(tokens, p)
    return [(partner, p + 1)] if partner <= p else []


def _inside_larger_phrase(tokens: list[Token], start: int, floor: int) -> bool:
    """"The conversion of S to A in X results in ...": a phrase after "to" / "in" that follows a noun
    is the tail of a larger subject whose head came earlier (no place the reader could climb
    over), so it is not the subject itself; so is a phrase after "to" ("reducing the radiation dose
    to the parotid glands prevents ..."); but in "exposure of neurons to X" the head's own
    preposition names what is given."""
    preposition = tokens[start - 1].low if start - 1 >= floor else ""
    return start - 2 >= floor and preposition in ("to", "in") \
        and word_tests.is_content(tokens, start - 2) and tokens[start - 2].low not in lx.VERB_FORMS \
        and (any(tokens[k].low == "of" for k in range(floor, start - 2)) or _noun_to_noun(tokens, start)) \
        and not any(lx.HEAD_PREPOSITIONS.get(tokens[k].low) == preposition for k in range(floor, start - 1))


def _noun_to_noun(tokens: list[Token], start: int) -> bool:
    """"the dose to the glands": "to" between two nouns, not an infinitive ("approved to treat X")."""
    before, after = tokens[start - 2].low, tokens[start].low
    return tokens[start - 1].low == "to" and not before.endswith("ed") \
        and after not in lx.VERB_FORMS and after not in lx.OTHER_VERBS


def _purpose_after_relative(tokens: list[Token], i: int, floor: int) -> bool:
    """"X activates the complex, which is made of A and B, to produce Y": a purpose set off after a
    relative clause belongs to the clause before it, not to the members the relative clause lists,
    and whether X or the complex is meant the sentence leaves open."""
    if i - 2 <= floor or tokens[i - 1].low != "to" or tokens[i - 2].text != ",":
        return False
    return any(tokens[k].low in lx.RELATIVE_PRONOUNS for k in range(floor, i - 2))


def _clause_opening_apposition(tokens: list[Token], comma: int, floor: int) -> tuple[int, int] | None:
    """"..., while a similar compound, D/E-12, reduced Y": a describing phrase and its name that open
    a new clause (after "while", "whereas", "although" ...) are that clause's subject, not an aside
    on the clause before."""
    end = comma - 1
    name_start = phrases.phrase_left(tokens, end)
    while name_start - 2 >= floor and tokens[name_start - 1].text == "/":
        name_start = phrases.phrase_left(tokens, name_start - 2)  # "D/E-12" is one name
    opening = name_start - 1
    if name_start > end or opening - 1 < floor or tokens[opening].text != ",":
        return None
    described = phrases.phrase_left(tokens, opening - 1)
    if described > opening - 1 or described - 1 < floor or tokens[described].low not in _APPOSITION_DETERMINERS:
        return None
    before = tokens[described - 1].low
    if before in CLAUSE_OPENERS or (before in _CLAUSE_CONJUNCTIONS and described - 2 >= floor
                                    and tokens[described - 2].text == ","):
        return name_start, comma
    return None


def _without_change(tokens: list[Token], span: tuple[int, int]) -> tuple[int, int]:
    """The thing a phrase names without the change done to it: "by inhibiting TOR, a molecule that
    lowers Y" says TOR lowers Y (the apposition renames TOR, not its inhibition)."""
    first = tokens[span[0]].low
    form = lx.VERB_FORMS.get(first)
    if span[1] - span[0] > 1 and form is not None and form[2] == "ing" and form[1] != 0:
        return span[0] + 1, span[1]
    return span


def name_apposition(tokens: list[Token], comma: int,
                     floor: int) -> tuple[tuple[int, int], int] | None:
    """"the nicotinic antagonist, mecamylamine, impaired Y" / "deletion of the GEF, rin1, reduces
    Y": a short name between commas after a describing phrase is the subject. Returns the name's
    span and the direction the describing phrase gives it (-1 for "deletion of ...")."""
    name_start = phrases.phrase_left(tokens, comma - 1)
    if name_start > comma - 1 or comma - 1 - name_start > 2:
        return None
    opening = name_start - 1
    if opening - 1 < floor or tokens[opening].text != ",":
        return None
    described = phrases.phrase_left(tokens, opening - 1)
    if described > opening - 1 or (described > floor and tokens[described - 1].low in lx.PREPOSITIONS):
        return None
    change = naming.leading_change(tokens, (described, opening))
    if change is None and tokens[described].low not in _APPOSITION_DETERMINERS:
        return None
    return (name_start, comma), change or 1


def _with_means_gerund(tokens: list[Token], spans: list[tuple[int, int]],
                       floor: int) -> list[tuple[int, int]]:
    """"inhibiting X by deleting its promoter causes Y": a signed gerund right after "by" belongs to
    the subject phrase it opens (the promoter's deletion, not the promoter, is the cause)."""
    g = spans[0][0] - 1
    if g - 2 > floor and tokens[g].low == "of":
        # "by deleting components of the machinery": the gerund's object has an "of" complement
        g -= 1
        while g - 1 > floor and g > spans[0][0] - 5 and not tokens[g].low.endswith("ing") \
                and (word_tests.is_word(tokens[g]) and tokens[g].low not in lx.PREPOSITIONS):
            g -= 1
    if g - 1 <= floor or not tokens[g].low.endswith("ing"):
        return spans
    low = tokens[g].low
    signed_verb = low in lx.VERB_FORMS and lx.VERB_FORMS[low][1] != 0
    if not (signed_verb or low in lx.DEFICIENCY_HEADS or low in lx.DECREASE_HEADS or low in lx.INCREASE_HEADS):
        return spans
    p = g - 1
    while p - 1 > floor and word_tests.is_adverb(tokens[p].low):
        p -= 1
    if tokens[p].low not in _GERUND_MEANS_PREPOSITIONS:
        return spans
    return [(g, spans[0][1]), *spans[1:]]


def _means_agent_target(tokens: list[Token], spans: list[tuple[int, int]],
                        floor: int) -> list[tuple[int, int]]:
    """"Syk inhibition with BAY61-3606 induced Y": the agent after "with"/"via"/"by" is one cause,
    the change it makes ("Syk inhibition") another. Returns that change's phrase, or nothing."""
    p = spans[0][0] - 1
    while p - 1 > floor and word_tests.is_adverb(tokens[p].low):
        p -= 1  # "by genetically deleting X"
    if p - 1 < floor or tokens[p].low not in MEANS_WORDS:
        return []
    head = tokens[p - 1].low
    if not (head in lx.DECREASE_HEADS or head in lx.INCREASE_HEADS or head in lx.DEFICIENCY_HEADS) \
            or head in lx.HEAD_PREPOSITIONS:
        # "inhibition of autophagy by depletion of X", "inhibiting autophagy by deleting X": the
        # change named before "by" is a cause too
        if not word_tests.is_content(tokens, p - 1):
            return []
        start = phrases.phrase_left(tokens, p - 1)
        if start >= p - 1 or not word_tests.is_word(tokens[start]):
            return []
        first = tokens[start].low
        gerund = first in lx.VERB_FORMS and lx.VERB_FORMS[first][2] == "ing" and lx.VERB_FORMS[first][1] != 0
        if tokens[p].low not in _GERUND_MEANS_PREPOSITIONS:
            # "blocking X with D raised Y": D is the tool of the change, which is a cause too
            return [(start, p)] if gerund else []
        nominal = naming.leading_change(tokens, (start, p)) is not None and any(
            tokens[k].low == "of" for k in range(start, p))
        return [(start, p)] if gerund or nominal else []
    start = phrases.phrase_left(tokens, p - 1)
    return [(start, p)] if start < p - 1 else []


_PLACE_PREPOSITIONS = word_set(_WORDS, "_place_prepositions")


def head_before_place(tokens: list[Token], spans: list[tuple[int, int]], floor: int,
                       relative: bool = False, depth: int = 0) -> list[tuple[int, int]]:
    """A subject is not the object of a preposition: in "overexpression of TFEB in astrocytes
    reduced Y" the subject is the phrase before "in astrocytes"; over several place and time
    phrases too ("treatment with X on the neuritic side for 24 h reduced Y"). The antecedent of
    "which" may itself follow a preposition ("mice with knockout of X in the brain, which ...")."""
    start = spans[0][0]
    p = start - 1
    if _population_tail(tokens, start, floor):
        # "X in patients with head and neck cancers can prevent Y": what the hosts have is no subject
        hosts = [(p - 1, p)]
        climbed = head_before_place(tokens, hosts, floor, relative, depth + 1)
        return [] if climbed == hosts else climbed
    while p - 1 >= floor and tokens[p].low == "of" and tokens[p - 1].low in lx.PLACE_NOUNS:
        p = phrases.phrase_left(tokens, p - 1) - 1  # "(into) the CA1 region of the hippocampus"
    recipient = p >= floor and tokens[p].low in _RECIPIENT_PREPOSITIONS and tokens[spans[0][1] - 1].low in ORGANISMS
    duration = p >= floor and tokens[p].low == "for" and _duration(tokens, spans[0])
    if p - 1 < floor or (tokens[p].low not in _PLACE_PREPOSITIONS and not recipient and not duration):
        return spans
    head_end = p - 1
    if tokens[head_end].text == "," and not relative:
        # "injection of X, a proteasome inhibitor, into the hippocampus blocks Y"
        opening = phrases.apposition_start(tokens, head_end, floor)
        head_end = opening if opening is not None and opening >= floor else head_end
    if not (word_tests.is_content(tokens, head_end) or tokens[head_end].text in (")", "]")):
        return spans
    head = phrases.phrases_left(tokens, head_end)
    if not head:
        return spans
    if not relative and depth < 2 and head[0][0] - 1 > floor:
        climbed = head_before_place(tokens, head, floor, relative, depth + 1)
        if climbed is not head:
            return climbed
    if not relative and len(spans) == 1 and phrases.after_predicate(tokens, head[0][0]) \
            and tokens[p].low in lx.INSIDE_PREPOSITIONS and tokens[spans[0][1] - 1].low not in ORGANISMS:
        return []  # "processes that disturb folding in the ER cause Y": the ER is no subject
    if not relative and (phrases.after_predicate(tokens, head[0][0]) or (
            head[0][0] > floor and tokens[head[0][0] - 1].low in lx.PREPOSITIONS
            and not phrases.after_head_preposition(tokens, head[0][0] - 1))):
        return spans  # (but "treatment of cells with X for 2 h reduced Y" is about X)
    return head


def _population_tail(tokens: list[Token], start: int, floor: int) -> bool:
    """The phrase at ``start`` says what hosts have, after "in / among patients with"."""
    return start - 3 >= floor and tokens[start - 1].low == "with" and tokens[start - 2].low in lx.HOST_NOUNS \
        and tokens[start - 3].low in ("in", "among")


def _duration(tokens: list[Token], span: tuple[int, int]) -> bool:
    """"24 h", "several weeks": a span that measures time."""
    first, last = tokens[span[0]].low, tokens[span[1] - 1].low
    return last in TIME_UNITS and (first[:1].isdigit() or first in _DURATION_COUNTS)


def previous_sentence_start(tokens: list[Token], floor: int) -> int:
    """The first token of the sentence before the one starting at ``floor``."""
    previous_floor = floor - 1
    while previous_floor > 0 and tokens[previous_floor - 1].text not in HARD_BOUNDARY:
        previous_floor -= 1
    return max(previous_floor, 0)


_EVENT_NOUNS = word_set(_WORDS, "_event_nouns")


_ANAPHOR_MODIFIERS = word_set(_WORDS, "_anaphor_modifiers")


_PRODUCT_NOUNS = word_set(_WORDS, "_product_nouns")


_CONTENT_CLAUSE_NOUNS = word_set(_WORDS, "_content_clause_nouns")


def _anaphor_kind(tokens: list[Token], j: int, floor: int) -> tuple[str, int] | None:
    """Is the phrase ending at j an anaphor ("it", "this", "these drugs", "this effect")?

    Returns ("entity" | "event", start of the anaphor), or None. Bare "this"/"that" and "this N"
    with an event head point back to a stated change; "it", "they" and "these/this N" otherwise
    to an entity.
    """
    low = tokens[j].low
    if low in _ENTITY_PRONOUNS:
        return "entity", j
    start = j
    while start > floor and j - start < 2 and word_tests.is_content(tokens, start) \
            and tokens[start - 1].low not in lx.PREPOSITIONS:
        start -= 1
    first = tokens[start].low
    if first not in _DEMONSTRATIVES:
        heads = [tokens[k].low for k in range(start + 1, j + 1) if tokens[k].low not in _ANAPHOR_MODIFIERS]
        if first == "the" and heads and all(naming.class_word(h) or h in _PRODUCT_NOUNS for h in heads):
            return "class", start  # "the kinase", "the wild-type protein": the one named before
        return None
    if first == "that" and start > floor and (
            tokens[start - 1].low in lx.OTHER_VERBS or tokens[start - 1].low in lx.HEDGES
            or tokens[start - 1].low in lx.VERB_FORMS or tokens[start - 1].text == ","
            or tokens[start - 1].low in _CONTENT_CLAUSE_NOUNS
            or any(re.search(r"[A-Z0-9]", tokens[k].text) for k in range(start + 1, j + 1))):
        return None  # "showing that Syk inhibition results in ...": a complementiser
    if start == j:
        return ("event" if first in _EVENT_DEMONSTRATIVES else "entity"), start
    if not all(word_tests.is_content(tokens, k) for k in range(start + 1, j + 1)):
        return None
    return ("event" if low in _EVENT_NOUNS else "entity"), start


def anaphor_antecedent(tokens: list[Token], j: int, floor: int, claims: list[Claim],
                        side: Literal["subject", "object"]) -> list[tuple[int, int]] | None:
    """The phrases an anaphor ending at j stands for, from the last claim of this or the previous
    sentence (centering: an anaphor prefers the previous subject).

    An entity anaphor ("it", "this kinase") is that claim's subject. An event anaphor ("this",
    "this effect") as a subject stands for the whole stated change, whose cause is that claim's
    subject ("X inhibits Y. This leads to Z": X leads to Z); as an object it is the changed
    entity ("This effect was blocked by W": W acts on Y).
    """
    found = _anaphor_kind(tokens, j, floor)
    if found is None:
        return None
    kind, start = found
    if start > floor and tokens[start - 1].low in lx.PREPOSITIONS:
        return None  # "in this", "of these": not the clause's subject
    previous_floor = previous_sentence_start(tokens, floor)
    recent = [claim for claim in reversed(claims) if previous_floor <= claim.verb < start]
    if start == j and tokens[j].low in pronouns.PERSONAL:
        clauses = [claim for claim in recent if claim.construction not in _PHRASE_CONSTRUCTIONS]
        return _pronoun_antecedent(tokens, tokens[j].low, clauses[:1])
    if kind in ("class", "entity") and start < j:
        # A phrase that itself names the anaphor's class comes first: "the kinase DAPK1 ... this
        # kinase"; "the kinase" is resolved only so, else it names nothing.
        heads = {tokens[k].low.rstrip("s") for k in range(start + 1, j + 1)} - {""} - _ANAPHOR_MODIFIERS
        for claim in recent:
            named = [span for span in claim.subjects + claim.objects
                     if any(tokens[k].low.rstrip("s") in heads - _GENERIC_MOLECULE_HEADS
                            for k in range(*span))]
            if named:
                return named[:1]
        if kind == "class":
            # "PINK1 ... the wild-type protein": a gene product names the last symbol subject
            if heads & _PRODUCT_NOUNS:
                for claim in recent:
                    symbols = [span for span in claim.subjects
                               if span[1] - span[0] == 1 and word_tests.symbol_like(tokens[span[0]].text)]
                    if symbols:
                        return symbols[:1]
            return None
    for claim in recent:
        if claim.construction == "context" and kind == "event":
            continue
        if kind == "event" and side == "object":
            return claim.objects
        return claim.subjects
    return None


def _pronoun_antecedent(tokens: list[Token], pronoun: str, last: list[Claim]) -> list[tuple[int, int]] | None:
    """"Y is raised by X, and it lowers Z": "it" / "they" stands for the grammatical subject of the
    last claim (a passive's patient, never its agent), named before its predicate, when it agrees in
    number (and, beside a passive's agent, names no amount or change); None when unclear (the parse
    reader's rule too)."""
    if not last:
        return None
    claim = last[0]
    side = claim.objects if claim.construction == "passive" else claim.subjects
    if not side or any(end > claim.verb for _, end in side) or not _opens_clause(tokens, side[0][0], claim):
        return None  # named after its predicate, or inside a longer phrase: no clear antecedent
    head = _phrase_head(tokens, side[-1])
    if claim.construction == "passive" and pronouns.amount_or_change(tokens[head].low):
        return None  # the agent is as likely as the amount: "the level of Y was lowered by X, and it ..."
    plural = len(side) > 1 or lx.plural_word(tokens[head].text)
    return side if pronouns.agrees(pronoun, plural) else None


_PHRASE_CONSTRUCTIONS = word_set(_WORDS, "_phrase_constructions")


def _opens_clause(tokens: list[Token], start: int, claim: Claim) -> bool:
    """Can the phrase at ``start`` be the subject of ``claim``'s clause? Not after a verb (its
    complement); a passive's patient also not after a noun or preposition (the tail of a longer
    phrase: "the expression of A and B associated factor 6 ..."), whereas an active claim's cause
    may sit inside its subject ("treatment of mice with X ...")."""
    k = start - 1
    while k >= claim.floor and tokens[k].low in lx.DETERMINERS:
        k -= 1
    if k < claim.floor or tokens[k].low in CLAUSE_OPENERS:
        return True
    low = tokens[k].low
    if low in lx.VERB_FORMS or low in lx.OTHER_VERBS or low in lx.AUXILIARIES:
        return False
    return claim.construction != "passive" or not (word_tests.is_content(tokens, k) or low in lx.PREPOSITIONS)


def _phrase_head(tokens: list[Token], span: tuple[int, int]) -> int:
    """The head word of a phrase: the last word before "of" or a bracket ("levels of X", "X (Y)")."""
    for k in range(*span):
        if k > span[0] and tokens[k].low in _HEAD_ENDERS:
            return k - 1
    return span[1] - 1


def changed_predicate_subject(tokens: list[Token], j: int, floor: int) -> tuple[int, int] | None:
    """The subject of a clause that ends in its own change ("Y levels are (significantly)
    reduced"), when ``j`` is that change word; None otherwise."""
    if word_tests.change_adjective_sign(tokens[j].low) is None:
        return None
    k = j - 1
    while k > floor and word_tests.is_adverb(tokens[k].low):
        k -= 1
    if k <= floor or tokens[k].low not in COPULAS:
        return None
    start = phrases.phrase_left(tokens, k - 1)
    return (start, k) if start <= k - 1 else None


def copular_conjunct_subject(tokens: list[Token], conjunction: int, floor: int,
                              claims: list[Claim]) -> list[tuple[int, int]]:
    """The subject a passive after "and" shares with the clause's first predicate, a copula with
    no verb of change ("Y is a slow process and is aided by X", "Y are kept in the ER and then
    degraded by X"); none when another clause or a causal verb comes between."""
    for m in range(conjunction - 1, floor, -1):
        low = tokens[m].low
        if low in CLAUSE_OPENERS or low in lx.CONJUNCTIONS or low in lx.VERB_FORMS \
                or tokens[m].text in (",", ";"):
            return []
        if low in COPULAS:
            subject = subject_of_predicate(tokens, m, floor, claims)
            return subject[0] if subject else []
    return []
