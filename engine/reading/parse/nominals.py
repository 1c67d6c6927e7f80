"""Claims stated inside a noun phrase: "inhibition of X by Y", "phosphorylation of tau by GSK3",
"Y induction by X" (the agent after "by" causes the change the noun names) and compound
participles "X-induced Y", "X-mediated inhibition of Y" (X causes what the phrase names)."""

from __future__ import annotations

from pathlib import Path

from spacy.tokens import Doc, Token

from engine.reading.language import lexicon
from engine.reading.language.data_files import word_set
from engine.reading.language.removal import removed_in
from engine.reading.rules.tokens import find_abbreviations
from engine.reading.rules.vocabulary import DIMENSION_WORDS
from engine.reading.parse import modality, patterns
from engine.reading.parse.claims import NOMINAL_CONFIDENCE, Claim, pairs
from engine.reading.parse.hosts import names_a_host
from engine.reading.parse.change_words import change_noun_sign, names_a_class, set_aside
from engine.reading.parse.phrases import Side, amount_phrase, side_of, sides

_WORDS = Path(__file__).with_name("words.toml")


def nominal_claims(doc: Doc) -> list[Claim]:
    claims: list[Claim] = []
    for token in doc:
        if token.pos_ in ("NOUN", "PROPN"):
            claims += _agent_claims(token)
        if (token.dep_ == "amod" or (token.dep_ == "compound" and not token.lower_.endswith("-dependent"))) \
                and "-" in token.text:
            claims += _participle_claims(token)  # "ATP-dependent chaperones" tagged a name is a kind, no claim
    return claims


def _agent_claims(noun: Token) -> list[Claim]:
    """"inhibition of X by Y": the agent Y; the noun's own phrase names X and its change. (With "by Y"
    hung on X, the change noun reads it: X's own reading would drop the change.)"""
    if _of_a_change(noun):
        return []
    agents = _agents(noun) if noun.lower_ not in lexicon.METHOD_NOUNS else []
    if not agents:
        return []  # "staining of neurons by antibodies": a method's tool, no agent
    acted_on = _acted_on(noun)
    with set_aside([c for c in acted_on.lefts if c.dep_ == "amod"]):  # "inhibited X activation by Y": Y activates
        effect = side_of(acted_on)
    if effect is None or effect.name.lower() == noun.lower_:
        return []  # the noun names no change of anything ("the effect by X")
    causes = [s for a in agents for s in sides(a)]
    return pairs(causes, 1, [effect], _hedged(noun), NOMINAL_CONFIDENCE)


def _of_a_change(noun: Token) -> bool:
    """"suppression of X by Y": X is what a change noun is of."""
    preposition = noun.head
    return noun.dep_ == "pobj" and preposition.lower_ == "of" and preposition.head.pos_ == "NOUN" \
        and change_noun_sign(preposition.head.lower_) != 0


def _acted_on(noun: Token) -> Token:
    """What the agent after "by" does: "a loss of phosphorylation of X by Y" names a loss of what
    Y does (Y phosphorylates X), not something Y brings about; for other nouns, the noun itself."""
    if noun.lower_ not in lexicon.DEFICIENCY_HEADS:
        return noun
    processes = [g for g in patterns.objects_after(noun, "of")
                 if g.lower_ in lexicon.MODIFICATION_NOUNS or g.lower_ in lexicon.PROCESS_NOUNS]
    return processes[0] if processes else noun


def _agents(noun: Token) -> list[Token]:
    """Objects of "by" on the noun, or on the object of its "of" ("inhibition of X by Y" is often
    parsed with "by Y" under X)."""
    holders = [noun] + patterns.objects_after(noun, "of")
    return [g for h in holders for g in patterns.objects_after(h, "by") if not amount_phrase(g)]  # "rose by twofold"


_MODES = word_set(_WORDS, "_modes")


def _participle_claims(participle: Token) -> list[Claim]:
    """"X-induced Y": X raises Y; "X-inhibited Y": X lowers Y."""
    prefix, suffix = participle.text.rsplit("-", 1)
    sign = lexicon.COMPOUND_SUFFIXES.get(suffix.lower(), 0)
    if sign == 0 or not prefix or prefix.lower() in lexicon.VAGUE_NAMES or names_a_class(participle) \
            or prefix.lower() in DIMENSION_WORDS or lexicon.place_word(prefix.lower().rsplit("-", 1)[-1]):
        return []  # "age-dependent loss of X", "hippocampus-dependent memory": along age, in a place
    if removed_in(participle.sent.text, prefix):
        return []  # "in X knockdown cells ... X-mediated Y": the knockdown's effect, sign unsaid
    if _opens_a_long_form(participle):
        return []  # "chaperone-mediated autophagy (CMA)", "AMP-activated protein kinase (AMPK)": a name
    changed = participle.head
    while changed.dep_ == "compound" and changed.head.i > changed.i:
        changed = changed.head  # "Tarp-mediated Pomb degradation" tagged as names: the phrase's head
    if changed.lower_ in _MODES or names_a_host(changed.lower_):
        return []  # "in a cysteine-dependent manner", "Aβ-stimulated microglial cells": no thing changed
    # its own mark of decrease is this claim's sign, not the effect's; a change before it is the whole
    # phrase's ("impaired dynein-mediated trafficking": dynein still mediates trafficking)
    outside = [c for c in changed.lefts if c.dep_ == "amod" and c.i < participle.i]
    with set_aside([participle, *outside]):
        effect = side_of(changed)
    if effect is None or effect.name.lower() in lexicon.PROCESSES_OF_SOMETHING:
        return []  # "chaperone-mediated folding": of nothing named
    cause = " ".join([t.text for t in _words_before(participle)] + [prefix])
    return pairs([Side(name=cause)], sign, [effect], _hedged(participle.head), NOMINAL_CONFIDENCE)


def _words_before(participle: Token) -> list[Token]:
    """"ER stress-induced apoptosis": the words of the cause's name set before the participle, which
    the parser hangs beside it on the changed noun ("ER")."""
    words: list[Token] = []
    for token in reversed(participle.doc[:participle.i]):
        if token.dep_ not in ("compound", "nmod") or token.pos_ not in ("NOUN", "PROPN") \
                or token.head.i not in (participle.i, participle.head.i) or token.lower_ in lexicon.VERB_FORMS:
            break  # not a verb the tagger took for a name ("inhibits ATP-induced Y")
        words.insert(0, token)
    return words


def _opens_a_long_form(participle: Token) -> bool:
    """The participle opens the long form of a short form the sentence defines."""
    word = participle.text.lower()
    return any(long.lower().startswith(word) for long in find_abbreviations(participle.sent.text).values())


def _hedged(noun: Token) -> bool:
    """A noun phrase inherits the hedge of the clause it is part of."""
    predicate = noun
    while predicate.dep_ not in ("ROOT",) and not predicate.tag_.startswith("VB"):
        predicate = predicate.head
    return modality.hedged_phrase(predicate)
