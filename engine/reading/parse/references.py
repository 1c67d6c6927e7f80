"""The groups a comparison is made with: "Y was lower in the D group than in the placebo group",
"compared with healthy controls", "versus those without X". A difference says what the group's
agent or condition does only where every group it is compared with had none of it: a control arm,
"non-X", a group "without" it, or healthy people for a group that has a condition. Shared by the
group comparisons and by the changes seen in a host with a condition.
"""

from __future__ import annotations

import os
from pathlib import Path

from spacy.tokens import Token

from engine.reading.language import lexicon
from engine.reading.language.data_files import word_set, word_table, word_tuple
from engine.reading.parse import patterns

_WORDS = Path(__file__).with_name("words.toml")

PLACES = word_set(_WORDS, "places")
SHARE_WORDS = word_set(_WORDS, "share_words")
VERSUS = word_set(_WORDS, "versus")
_COMPARING = word_set(_WORDS, "_comparing")
_COMPARING_PREPOSITIONS = word_set(_WORDS, "_comparing_prepositions")
_PLACED_PRONOUNS = word_set(_WORDS, "_placed_pronouns")
_PEOPLE_WORDS = word_set(_WORDS, "_people_words")
_LACKING_WORDS = word_set(_WORDS, "_lacking_words")
_YOUNG_WORDS = word_set(_WORDS, "_young_words")
AGING = lexicon.CONDITION_ADJECTIVES["aged"]
_NEGATING_PREFIXES = word_tuple(_WORDS, "_negating_prefixes")
_NUMBER_WORDS = word_table(_WORDS, "_number_words")


def clause_of(word: Token) -> Token:
    """The verb or copula of the clause ``word`` belongs to."""
    while word.dep_ not in ("ROOT", "ccomp", "advcl", "relcl", "conj", "xcomp") and word.head.i != word.i:
        word = word.head
    return word


def references(clause: Token) -> list[Token]:
    """The heads of the reference groups a clause compares with: after "than (in)", "as" (of a
    likelihood), "compared with / to", "relative to", "versus"."""
    found: list[Token] = []
    for word in clause.subtree:
        lower = word.lower_
        marks = lower in ("than", *VERSUS) or (lower in _COMPARING_PREPOSITIONS and word.head.lower_ in _COMPARING) \
            or (lower == "as" and word.dep_ == "prep" and word.head.lower_ == "likely")
        if not marks:
            continue
        for head in (c for c in word.children if c.dep_ in ("pobj", "conj", "dobj")):
            found += _through_place(head)
        found += patterns.governed(word, "preposition_object", "object")
    found += [c for word in clause.subtree if word.lower_ == "as" and word.dep_ == "mark"
              and word.head.head.lower_ == "likely" for c in patterns.subjects(word.head, "nsubj")]
    members = [member for head in found for member in (head, *head.conjuncts)]
    # "(16% versus 33%)", "(21.6 +/- 13.3 vs. 13.1 +/- 4.9 mg/l)": the values compared, not groups
    return [m for m in members if not (m.like_num or share_value(m) is not None or _bracketed(m))]


def _bracketed(word: Token) -> bool:
    before = word.doc[:word.i].text
    return before.count("(") + before.count("[") > before.count(")") + before.count("]")


def _through_place(head: Token) -> list[Token]:
    """"compared with those in the placebo group": a pronoun's place names the group."""
    if head.lower_ in _PLACED_PRONOUNS:
        return patterns.objects_after(head, *PLACES) or [head]
    return [head]


def absence_of(reference: Token, word: str, had: bool) -> bool:
    """Whether a reference group had none of what defines a group, named by ``word``: a control arm,
    "non-X", a group "without" it or not given it, or, for a group that ``had`` a condition, healthy
    people (young ones, for aging)."""
    words = [w.lower_ for w in own_words(reference)]
    parts = {part for w in words for part in w.split("-")}
    if words and words[0] in _PEOPLE_WORDS and any(w in _LACKING_WORDS for w in words):
        return True
    if set(words) & lexicon.HEALTHY_GROUP_WORDS:
        return had  # "healthy controls" lack a condition, not only the agent
    if parts & lexicon.CONTROL_GROUP_WORDS or "without" in words:
        return True
    if word.lower() == AGING and set(words) & _YOUNG_WORDS:
        return True
    return _negated(words, word.lower())


def _negated(words: list[str], key: str) -> bool:
    """"non-statin", "nonhospice", "no-ENBD" for "statin", "hospice", "ENBD"; "non-smokers" for
    "smokers" (the negated word may also be the head)."""
    return any(_same_word(w[len(prefix):], key) for w in words for prefix in _NEGATING_PREFIXES
               if w.startswith(prefix))


def _same_word(word: str, key: str) -> bool:
    """"anemic" and "anemia", "diabetic" and "diabetes", "statins" and "statin": one stem."""
    shared = len(os.path.commonprefix([word, key]))
    return word == key or shared >= max(5, len(key) - 2, len(word) - 2)


def own_words(reference: Token) -> list[Token]:
    """The words of a reference group's phrase, without the groups coordinated with it."""
    skip = {t.i for c in reference.children if c.dep_ in ("conj", "cc") for t in c.subtree}
    return [t for t in reference.subtree if t.i not in skip and t.dep_ != "det"]


def share_value(token: Token) -> float | None:
    """The number of a percentage ("2.4%", "10 percent"), else None."""
    if token.lower_ not in SHARE_WORDS or token.i == 0:
        return None
    return number(token.doc[token.i - 1])


def number(token: Token) -> float | None:
    if token.lower_ in _NUMBER_WORDS:
        return _NUMBER_WORDS[token.lower_]
    try:
        return float(token.text.replace(",", ""))
    except ValueError:
        return None
