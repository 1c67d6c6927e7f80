"""The words of change in a phrase and which way they move what it names.

An adjective of change before a noun ("reduced BDNF", "scopolamine-impaired learning"), a gerund of a
perturbation tagged as an adjective ("activating autophagy") or a noun of change ("loss", "inhibition")
sets the direction of the side the noun names; a word of change that opens a curated name ("low back
pain") does not. A word of worth ("worse", "poor", "improved") is weighed on what it describes: it
turns its sign on a harm (``valence_turn``, ``harm_in_name``, through ``curated.harmful``). A
participle that is itself the claim read is set aside while that claim is read (``set_aside``).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from functools import lru_cache

from spacy.tokens import Token

from engine.reading.language import lexicon
from engine.reading.language.curated import harmful, opens_curated_name
from engine.reading.rules import phrases as rule_phrases
from engine.reading.rules.tokens import find_abbreviations
from engine.reading.parse import perturbations


def decrease_adjective(token: Token) -> Token | None:
    """The adjective of decrease on a noun ("reduced X"), which bare members coordinated after it share."""
    return next((c for c in token.lefts if c.dep_ == "amod" and c.lower_ in lexicon.DECREASE_ADJECTIVES), None)


def has_change_word(token: Token) -> bool:
    """A noun with an adjective of change before it, or a noun of change itself."""
    return any(c.dep_ in ("amod", "compound") and is_change_adjective(c) for c in token.lefts) or \
        change_noun_sign(token.lower_) != 0


def change_noun_sign(word: str) -> int:
    """+1 / -1 for a noun that names a rise or fall of what it governs, 0 for any other noun; one
    done again is the same change ("re-activation", "reactivation")."""
    if word.startswith("re") and len(word) > 6:
        stem = word[3:] if word[2] == "-" else word[2:]
        if stem in lexicon.INCREASE_HEADS or stem in lexicon.DECREASE_HEADS or stem in lexicon.NOMINAL_TRIGGERS:
            word = stem
    if word in lexicon.DEFICIENCY_HEADS or word in lexicon.DECREASE_HEADS:
        return -1
    if word in lexicon.INCREASE_HEADS:
        return 1
    return lexicon.NOMINAL_TRIGGERS.get(word, 0)


def adjective_direction(head: Token) -> int:
    """-1 when an adjective of decrease describes the head or a word of its name ("reduced BDNF",
    "reduced BDNF levels", "scopolamine-impaired learning"), else +1."""
    for child in head.lefts:
        if child._.set_aside:
            continue
        if in_curated_name(child, head):
            continue
        if child.dep_ == "amod" and child.lower_ in lexicon.VALENCE_ADJECTIVES:
            return (-1 if child.lower_ in lexicon.DECREASE_ADJECTIVES else 1) * valence_turn(child, head)
        if (child.dep_ == "amod" and child.lower_ in lexicon.DECREASE_ADJECTIVES) or perturbing_gerund(child) < 0:
            return -1
        if lowering_participle(child):
            return -1
        if child.dep_ in ("compound", "nmod") and not any(c.dep_ == "conj" for c in child.children) \
                and adjective_direction(child) < 0:  # (a conjunct parsed as a modifier is none)
            return -1
    return 1


def valence_turn(word: Token, head: Token) -> int:
    """-1 where a word of betterment or worsening ("improved", "worse", "poor") describes a harm, whose
    listed sign it turns ("worse pain" is more pain, "improved symptoms" fewer); else 1 ("worse
    prognosis" is less prognosis). A remedy of a harm is no harm ("better pain control")."""
    if word.lower_ not in lexicon.VALENCE_ADJECTIVES or head.lower_ in lexicon.REMEDY_HEADS:
        return 1
    start = max(word.i + 1, head.left_edge.i) if word.i < head.i else head.left_edge.i
    return -1 if harm_in_name(head, head.doc[start:head.i + 1].text) else 1


def in_curated_name(word: Token, head: Token) -> bool:
    """"low back pain", "lower limb": a word of change that opens a curated name up to the head, or a
    name the sentence gives a short form ("impaired fasting glucose (IFG)" names a condition, not a
    fall of fasting glucose)."""
    changes = word.lower_ in lexicon.INCREASE_ADJECTIVES or word.lower_ in lexicon.DECREASE_ADJECTIVES
    if not changes or word.i >= head.i:
        return False
    while head.dep_ in ("compound", "amod", "nmod") and head.head.i == head.i + 1:
        head = head.head  # "low" on "back" in "low back pain": the name runs to the noun the modifiers are of
    words = head.doc[word.i:head.i + 1]
    return opens_curated_name([t.text for t in words]) or words.text.lower() in _defined_long_forms(head.sent.text)


@lru_cache(maxsize=4096)
def _defined_long_forms(text: str) -> frozenset[str]:
    return frozenset(long.lower() for long in find_abbreviations(text).values())


def is_change_adjective(token: Token) -> bool:
    return token.lower_ in lexicon.INCREASE_ADJECTIVES or token.lower_ in lexicon.DECREASE_ADJECTIVES \
        or perturbing_gerund(token) != 0


def perturbing_gerund(token: Token) -> int:
    """"activating autophagy" tagged as an adjective (or a compound) before its noun: the change it
    makes (+1 / -1)."""
    if token.dep_ not in ("amod", "compound") or not token.lower_.endswith("ing") \
            or (token.lower_ in lexicon.MODIFICATION_EFFECT_WORDS and token.head.lower_ in lexicon.MODIFICATION_NOUNS):
        return 0  # ("the inactivating phosphorylation of X" says what the phosphorylation does)
    form = lexicon.VERB_FORMS.get(token.lower_)
    # a gerund tagged as an adjective keeps itself as its lemma ("down-regulating BCL-2")
    return perturbations.direction(token) or \
        (form[1] if form is not None and form[2] == "ing" else 0)


def lowering_participle(token: Token) -> bool:
    """"scopolamine-impaired", "Aβ-suppressed": a compound participle that marks its noun lowered."""
    return token.dep_ in ("amod", "compound") and not token._.set_aside \
        and is_claim_participle(token) and lexicon.COMPOUND_SUFFIXES[token.lower_.rsplit("-", 1)[1]] < 0


# Modifiers that, while a claim inside a noun phrase is read, mark no decrease of their noun.
Token.set_extension("set_aside", default=False, force=True)


@contextmanager
def set_aside(modifiers: list[Token]) -> Iterator[None]:
    """Within: ``modifiers`` mark no decrease of their noun: a participle that is itself the claim
    read ("scopolamine-impaired learning": scopolamine lowers learning, not an already lowered one),
    or adjectives outside the claim of an agent ("inhibited NF-κB activation by TNFα": TNFα activates)."""
    for modifier in modifiers:
        modifier._.set_aside = True
    try:
        yield
    finally:
        for modifier in modifiers:
            modifier._.set_aside = False


def is_claim_participle(token: Token) -> bool:
    """"TNF-alpha-induced": a compound participle read as a claim of its own (``nominals``); not
    one that names a class ("stress-activated protein kinase", "calcium-dependent channels")."""
    return "-" in token.text and token.lower_.rsplit("-", 1)[1] in lexicon.COMPOUND_SUFFIXES \
        and not names_a_class(token)


def names_a_class(participle: Token) -> bool:
    """The nouns after the participle are a class noun and its member mark ("kinase II"): the
    participle is part of that name. Read off the words, as the parse of such names often errs."""
    following: list[str] = []
    for token in participle.doc[participle.i + 1:]:
        if token.pos_ not in ("NOUN", "PROPN", "NUM") and token.lower_ not in lexicon.CLASS_NOUNS:
            break
        following.append(token.lower_)
    return rule_phrases.names_a_class(following)


def harm_in_name(head: Token, name: str) -> bool:
    """A word of harm heads or describes the name ("neuronal death", "damaged axons"), or the curated
    grounding finds a harm in it (``curated.harmful``)."""
    return head.lemma_.lower() in lexicon.DETRIMENT_WORDS or head.lower_ in lexicon.DETRIMENT_WORDS \
        or harmful(name) or any(c.dep_ == "amod" and c.lower_ in lexicon.DETRIMENT_WORDS for c in head.lefts)
