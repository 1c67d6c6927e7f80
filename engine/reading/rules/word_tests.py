"""Word-class tests on tokens: adverbs, content words, adjectival triggers, nominal uses and phrase starts,
and negation in reach of a predicate.
"""

from __future__ import annotations

import re
from pathlib import Path

from engine.reading.language import lexicon as lx
from engine.reading.language.data_files import word_set
from engine.reading.rules.tokens import Token
from engine.reading.rules.vocabulary import (
    ADJECTIVE_ENDINGS, CLAUSE_OPENERS, CLOSED, COPULAS, EFFICACY_PREPOSITIONS, EFFICACY_WORDS, HARD_BOUNDARY,
    PAIR_OPENERS, REPORT_PARTICIPLES,
)

_WORDS = Path(__file__).with_name("words.toml")

_LACKING_WORDS = word_set(_WORDS, "_lacking_words")
_ASKING_WORDS = word_set(_WORDS, "_asking_words")
_DENYING_PAIR_WORDS = word_set(_WORDS, "_denying_pair_words")
_SHARED_NEGATION_WORDS = word_set(_WORDS, "_shared_negation_words")
_SITE_PREPOSITIONS = word_set(_WORDS, "_site_prepositions")


# --------------------------------------------------------------------------------------------
# Token classes
# --------------------------------------------------------------------------------------------
def is_adverb(low: str) -> bool:
    return low in lx.ADVERBS or (low.endswith("ly") and len(low) > 4 and low not in lx.NOT_ADVERBS_LY)


def is_word(tok: Token) -> bool:
    return tok.text[0].isalnum() or tok.text[0] == "_"


def is_adjectival_trigger(tokens: list[Token], i: int) -> bool:
    """A participle of change used as an adjective ("increased levels", "reduced BDNF")."""
    low = tokens[i].low
    if low in lx.INCREASE_ADJECTIVES or low in lx.DECREASE_ADJECTIVES:
        return True
    # Any participle right before a name, after a determiner or preposition: "of phosphorylated S6".
    return low in lx.VERB_FORMS and lx.VERB_FORMS[low][2] == "ed" and 0 < i < len(tokens) - 1 \
        and (tokens[i - 1].low in lx.DETERMINERS or tokens[i - 1].low in lx.PREPOSITIONS) \
        and is_word(tokens[i + 1]) and tokens[i + 1].low not in CLOSED


def is_content(tokens: list[Token], i: int) -> bool:
    """Can token i be part of a noun phrase's name?"""
    tok = tokens[i]
    if not is_word(tok):
        return False
    low = tok.low
    if tok.text == "A" and 0 < i and is_word(tokens[i - 1]) and tokens[i - 1].low not in CLOSED \
            and tokens[i - 1].text[0].isalpha() and tokens[i - 1].low not in lx.VERB_FORMS:
        return True  # "trichostatin A", "protein kinase A": a name's letter, not an article
    if tok.text == "I" and 0 < i and tokens[i - 1].low in _NUMBERED_HEADS:
        return True  # "complex I", "type I": a numeral, not the pronoun
    if low == "control" and controlled_quantity(tokens, i):
        return True
    if low in CLOSED or is_adverb(low):
        return False
    if modified_form(tokens, i):
        return True
    if low in lx.VERB_FORMS:
        # Nouns that double as verb forms: "an increase in", "the decrease of", "cytokine release".
        if low in lx.NOUN_BASE_FORMS:
            # "cytokine release" is a noun; "cells release cytokines" and "mutations in LRRK2 cause
            # impairment" are verbs: a verb has a noun phrase after it.
            prev = tokens[i - 1].low if i > 0 else ""
            if nominal_use(tokens, i):
                return True
            if i == 0 or not is_word(tokens[i - 1]) or prev in CLOSED:
                return False
            nxt = tokens[i + 1] if i + 1 < len(tokens) else None
            return nxt is None or not (is_word(nxt) and (nxt.low in lx.DETERMINERS or (
                nxt.low not in CLOSED and nxt.low not in lx.VERB_FORMS) or nxt.low in lx.INCREASE_ADJECTIVES
                or nxt.low in lx.DECREASE_ADJECTIVES))
        return low in lx.NOMINAL_TRIGGERS and nominal_use(tokens, i)
    return True


_AGENT_NOUNS = word_set(_WORDS, "_agent_nouns")


def modified_form(tokens: list[Token], i: int) -> bool:
    """"acetylated tau", "reduced phosphorylated ERK": the participle of a modifying verb names a
    form of the entity after it when it opens the clause or follows another verb."""
    low = tokens[i].low
    if low not in lx.VERB_FORMS or lx.VERB_FORMS[low][0] not in lx.MODIFYING_VERBS \
            or i + 1 >= len(tokens):
        return False
    if lx.VERB_FORMS[low][2] == "ing":
        # "deubiquitinating enzymes", "phosphorylating activity": a modifier of its noun
        return tokens[i + 1].low in lx.CLASS_NOUNS or tokens[i + 1].low in _AGENT_NOUNS
    if lx.VERB_FORMS[low][2] != "ed":
        return False
    prev = tokens[i - 1] if i > 0 else None
    if prev is not None and is_word(prev) and prev.low not in CLOSED and skip_sites(tokens, i + 1) > i + 1:
        return True  # "tau acetylated at K174": a form named by its site
    nxt = tokens[i + 1]
    if not is_word(nxt) or nxt.low in CLOSED or nxt.low in lx.VERB_FORMS:
        return False
    before = tokens[i - 2].low if i >= 2 else ""
    if prev is not None and (before in lx.PREPOSITIONS or before in lx.DETERMINERS) \
            and is_word(prev) and prev.low not in CLOSED and prev.low not in lx.VERB_FORMS:
        return True  # "the clearance of AD-relevant phosphorylated tau": a modifier, not a verb
    return prev is None or prev.text in HARD_BOUNDARY or prev.text == "," or (
        prev.low in lx.VERB_FORMS and prev.low not in lx.NOUN_BASE_FORMS) or (
        prev.text.islower() and prev.low.endswith("ing") and len(prev.low) > 5) or (
        prev.text.islower() and prev.low.endswith(ADJECTIVE_ENDINGS + ("ble",))
        and prev.low not in lx.VERB_FORMS)  # "insoluble methylated PP2A"


def nominal_use(tokens: list[Token], i: int) -> bool:
    prev = tokens[i - 1].low if i > 0 else ""
    nxt = tokens[i + 1].low if i + 1 < len(tokens) else ""
    # "to" before a base form is the infinitive ("to slow down Y"), unless "in"/"of" follows.
    # A singular determiner before an -s form makes it a verb: "this decreases Akt".
    if prev in _SINGULAR_DETERMINERS and tokens[i].low.endswith("s") and nxt not in lx.CHANGE_PREPOSITIONS:
        return False
    if prev in EFFICACY_PREPOSITIONS and i >= 2 and tokens[i - 2].low in EFFICACY_WORDS and tokens[i].low.endswith("ing"):
        return False  # "effective in reducing Y": a verb
    return prev in lx.DETERMINERS or nxt in lx.CHANGE_PREPOSITIONS or (prev in lx.PREPOSITIONS and prev != "to")


def controlled_quantity(tokens: list[Token], i: int) -> bool:
    """Whether "control" at i is the head of a clinical outcome's name ("improved glycaemic control",
    "lower infection control rates"): a singular word of a quantity or a condition before it, and no
    object after it but a word of amount. Else it is a verb ("kinases control Y", "GSK3 control tau"),
    the open-signed "control of Y" or "control by X", or an experimental control ("vehicle control",
    "age-matched control")."""
    if i == 0 or not is_word(tokens[i - 1]):
        return False
    prev = tokens[i - 1].low
    if prev in CLOSED or prev in lx.VERB_FORMS or prev in lx.CONTROL_MODIFIERS or prev in lx.CONTROL_GROUP_WORDS \
            or prev in lx.HEALTHY_GROUP_WORDS or re.search(r"[^su]s$", prev) or not re.fullmatch(r"[a-z]+", prev):
        return False
    nxt = tokens[i + 1] if i + 1 < len(tokens) else None
    return nxt is None or not is_word(nxt) or nxt.low in lx.QUANTITY_WORDS \
        or (nxt.low in CLOSED and nxt.low not in lx.DETERMINERS and nxt.low not in ("of", "by"))


_NUMBERED_HEADS = word_set(_WORDS, "_numbered_heads")


_SINGULAR_DETERMINERS = word_set(_WORDS, "_singular_determiners")
_COMPARED_TO = word_set(_WORDS, "_compared_to")


def compared_reference(tokens: list[Token], start: int) -> bool:
    """Whether the phrase at ``start`` is what something is compared with ("more effective than
    placebo in reducing Y", "superior to placebo in lowering Y"): a reference, not an agent."""
    k = start - 1
    while k >= 0 and tokens[k].low in lx.DETERMINERS:
        k -= 1
    if k < 0:
        return False
    return tokens[k].low == "than" or (tokens[k].low == "to" and k > 0 and tokens[k - 1].low in _COMPARED_TO)


def starts_phrase(tokens: list[Token], i: int) -> bool:
    """Can a noun phrase start at token i (determiner, modifier or name)?"""
    if i >= len(tokens):
        return False
    low = tokens[i].low
    return (low in lx.DETERMINERS and low not in PAIR_OPENERS) or is_content(tokens, i) \
        or is_adjectival_trigger(tokens, i) or low in PAIR_OPENERS \
        or (low in lx.VERB_FORMS and lx.VERB_FORMS[low][2] == "ing"
            and i + 1 < len(tokens) and is_content(tokens, i + 1))


# --------------------------------------------------------------------------------------------
# Predicates
# --------------------------------------------------------------------------------------------
def has(tokens: list[Token], lo: int, hi: int, words: frozenset[str]) -> bool:
    return any(tokens[k].low in words for k in range(max(lo, 0), min(hi, len(tokens))))


def negated(tokens: list[Token], lo: int, hi: int) -> bool:
    for k in range(max(lo, 0), min(hi, len(tokens))):
        low = tokens[k].low
        if low in lx.NEGATIONS and not (low == "not" and k + 1 < len(tokens)
                                        and tokens[k + 1].low == "only"):
            if low in _LACKING_WORDS and k > lo:
                continue
            return True
    return False


def conditioned(tokens: list[Token], lo: int, hi: int) -> bool:
    """"Depending on the site, X raises Y", "X raises Y, depending on the dose": the claim holds under
    some conditions only, and the sentence does not say which (an alternative may hold under others)."""
    return any(tokens[k].low in lx.DEPENDENCE_WORDS and k + 1 < len(tokens)
               and tokens[k + 1].low in lx.ON_PREPOSITIONS and (k == lo or tokens[k - 1].text == ",")
               for k in range(max(lo, 0), min(hi, len(tokens))))


# Words whose "that" clause reports a finding ("no evidence that", "did not show that").
_FINDING_WORDS = word_set(_WORDS, "_finding_words")


def unstated(tokens: list[Token], floor: int, start: int) -> bool:
    """Whether the words from ``start`` on state nothing, by the clause opener nearest before them: an
    indirect question ("we asked whether X raises Y", "to determine if X is associated with Y"), or a
    clause that a denied finding reports ("we found no evidence that X raises Y", "it was not
    confirmed that ..."), the negation right before the words of finding ("no evidence to suggest
    that"; "it is not surprising to observe that X raises Y" states it). A comma ends the clause
    first ("To test whether X raises Y, we gave Z, which lowered W")."""
    k = next((k for k in range(start - 1, floor - 1, -1) if tokens[k].text == "," or tokens[k].low in CLAUSE_OPENERS),
             None)
    if k is None or tokens[k].text == "," or (k == floor and tokens[k].low != "whether"):
        return False
    opener, before = tokens[k].low, tokens[k - 1].low if k > floor else ""
    if opener == "whether" or (opener == "if" and before in _ASKING_WORDS):
        return True
    if opener not in ("that", "if") or before not in _FINDING_WORDS:
        return False
    j = k - 1
    while j > floor and tokens[j].low not in lx.NEGATIONS and (
            tokens[j].low in _FINDING_WORDS or tokens[j].low == "to" or is_adverb(tokens[j].low)):
        j -= 1
    return negated(tokens, j, j + 1)


# How far before a subject a "neither" or "nor" still denies it ("neither X nor any of the Y ...").
_NEITHER_REACH = 6


def neither_subject(tokens: list[Token], start: int, floor: int) -> bool:
    """"neither X nor (any of) Y caused Z": a subject in "neither ... nor" is denied."""
    for k in range(start - 1, max(floor, start - _NEITHER_REACH) - 1, -1):
        if tokens[k].text == "," or tokens[k].text in HARD_BOUNDARY or tokens[k].low in lx.RELATIVE_PRONOUNS:
            return False
        if tokens[k].low in _DENYING_PAIR_WORDS:
            return True
    return False


def neither_nor_before(tokens: list[Token], floor: int, verb: int) -> bool:
    """"Neither mutation of A nor removal of B prevented Y": the whole "neither ... nor" stands before
    the verb, so its subject is denied however far back the "neither" is."""
    words = [t.low for t in tokens[max(floor, 0):verb]]
    return "neither" in words and "nor" in words[words.index("neither") + 1:]


def shared_negation(tokens: list[Token], joint: int, floor: int) -> bool:
    """"X is unable to bind and phosphorylate Y", "X did not bind or cleave Y": two verbs joined at
    ``joint`` share one object, so the second shares the first's negation."""
    if joint - 2 < floor or joint >= len(tokens) or tokens[joint].low not in lx.LIST_CONJUNCTIONS:
        return False
    return tokens[joint - 2].low in _SHARED_NEGATION_WORDS and negated(tokens, max(floor, joint - 4), joint - 1)


def adjective_base(tokens: list[Token], i: int, floor: int) -> bool:
    """A base form that is mostly an adjective ("a clear role"), not after "to" or a modal ("can
    clear Aβ"), where it is the verb."""
    return tokens[i].low in lx.ADJECTIVE_BASE_FORMS and not (
        i > floor and (tokens[i - 1].low in lx.MODALS or tokens[i - 1].low == "to"))


def symbol_like(text: str) -> bool:
    """A gene or protein symbol: capitals or digits with at least two letters (TFEB, DAPK1,
    ApoE), or one letter and two digits (p53); not "A" or "2A", which continue a class name."""
    letters = sum(ch.isalpha() for ch in text)
    digits = sum(ch.isdigit() for ch in text)
    return (letters >= 2 and (any(ch.isupper() for ch in text[1:]) or digits > 0
                              or text[0].isupper() and not text[1:].islower())) \
        or (letters == 1 and digits >= 2)


def change_head(low: str) -> bool:
    return low in lx.DECREASE_HEADS or low in lx.INCREASE_HEADS or low in lx.DEFICIENCY_HEADS \
        or low in lx.NOMINAL_TRIGGERS or low in lx.MUTATION_HEADS


# Residues and sites named after a modification: "at Ser262", "on Thr231, Ser262 and Ser396".
_SITE = re.compile(r"(?i)(ser|thr|tyr|lys|s|t|y|k)-?\d+|\d+|serines?|threonines?|tyrosines?|lysines?"
                   r"|residues?|sites?|positions?")


_SITE_FILLERS = word_set(_WORDS, "_site_fillers")


def skip_sites(tokens: list[Token], j: int) -> int:
    """Index after a site phrase starting at j ("at Ser262 and Thr231"), or j when none does."""
    n = len(tokens)
    if j >= n or tokens[j].low not in _SITE_PREPOSITIONS:
        return j
    k, last = j + 1, j
    while k < n and (_SITE.fullmatch(tokens[k].text) or tokens[k].low in _SITE_FILLERS):
        if _SITE.fullmatch(tokens[k].text):
            last = k
        k += 1
    return last + 1 if last > j else j


def change_adjective_sign(low: str) -> int | None:
    """+1 for an adjective of rise ("increased"), -1 for one of fall ("reduced"), else None."""
    if low in lx.INCREASE_ADJECTIVES:
        return 1
    return -1 if low in lx.DECREASE_ADJECTIVES else None


def past_report(tokens: list[Token], j: int) -> int:
    """Index after "was observed" / "were found" at j (the words between a change and its
    condition: "a reduction in Y was observed after X treatment"), else j."""
    k = j
    if k < len(tokens) and tokens[k].low in COPULAS:
        k += 1
        while k < len(tokens) and is_adverb(tokens[k].low):
            k += 1
        if k < len(tokens) and tokens[k].low in REPORT_PARTICIPLES:
            return k + 1
    return j
