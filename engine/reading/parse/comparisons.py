"""Group comparisons: "Y was lower in the statin group than in the placebo group", "Y increased by 45%
in the D group compared with placebo", "the D group showed reduced Y compared with controls",
"patients given D were less likely to develop Y than those given placebo", "Y was higher in obese
subjects than in healthy controls", "Y occurred in 2% of the D group and 10% of the placebo group".

A group is named after what its members were given ("the D group", "patients receiving D",
"D-treated mice") or what they have ("obese subjects", "smokers", "patients with D", "hospice
residents"). A difference between it and a group that had none of it says what D does to Y; any
other reference group ("than in the aspirin group", "than before") says nothing here, so a
comparison is read only where every group it is compared with is a control: a placebo, sham,
vehicle, control or untreated group, "non-D" ("nonsmokers", "the non-statin group"), a group
"without" it, or, for a group that has a condition, healthy or normal people. A group said to be
given the agent ("patients given D", "D-treated mice"), or named after it and compared with a
placebo, sham or vehicle arm, states an intervention: a supported claim. Any other group (one that
has a condition or an exposure, "the D group" against controls or "non-D", which may be users and
non-users) was only observed: the claim is hedged, a possible claim (as ``associations``).
Without any reference group only "D-treated mice were twice as likely to develop Y" is read (the
untreated are the reference a likelihood implies), and only for a group given the agent, and a group
named for more or less of a quantity ("patients with higher BMI had higher mortality", "the low FPG
group"), whose reference is those with less or more of it: a gradient, observed, a possible claim.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from spacy.tokens import Doc, Token

from engine.assembly.entities import non_entity_reason
from engine.assembly.grounding.organs import anatomy_names
from engine.reading.language import lexicon
from engine.reading.language.data_files import word_set, word_table
from engine.reading.rules.vocabulary import ORGANISMS
from engine.reading.parse import modality, patterns
from engine.reading.parse.claims import Claim, pairs
from engine.reading.parse.hosts import GIVING_VERBS, change_of, describing_verbs, giving
from engine.reading.parse.change_words import has_change_word
from engine.reading.parse.phrases import Side, side_of, sides
from engine.reading.parse.references import (
    PLACES, SHARE_WORDS, VERSUS, absence_of, clause_of, number, own_words, references, share_value)

_WORDS = Path(__file__).with_name("words.toml")

_TIMES_WORDS = word_set(_WORDS, "_times_words")
_SHARE_PREPOSITIONS = word_set(_WORDS, "_share_prepositions")
_GROUP_STAND_INS = word_set(_WORDS, "_group_stand_ins")
_COHORT_PEOPLE = word_set(_WORDS, "_cohort_people") | lexicon.GROUP_PEOPLE

_TAKING = word_set(_WORDS, "_taking")
_NOT_AGENTS = word_set(_WORDS, "_not_agents")
# Reference arms given nothing in the agent's place: a group compared with one was given the agent.
_PLAIN_CONTROLS = word_set(_WORDS, "_plain_controls")
_GIVEN_NOTHING = lexicon.CONTROL_GROUP_WORDS - _PLAIN_CONTROLS
_SHOWING = word_set(_WORDS, "_showing")
# "D-treated mice": the mark after the agent's name, and whether it says the agent was assigned.
_MARKED = re.compile(r"^(?P<agent>.+?)-(?P<mark>treated|fed|injected|supplemented|exposed)$", re.I)
_LIKELY_VERBS = word_set(_WORDS, "_likely_verbs")
_MULTIPLES = word_table(_WORDS, "_multiples")
_LEVEL_VERBS = word_set(_WORDS, "_level_verbs")
_BEFORE = word_set(_WORDS, "_before")
_RISK_WORDS = word_set(_WORDS, "_risk_words")


# Hosts that make up a group of a study: people and animals, not cells or tissues (a change seen in
# "AD brains" is read by ``hosts``).
_NOT_MEMBERS = word_set(_WORDS, "_not_members")
_MEMBERS = (ORGANISMS - _NOT_MEMBERS) | lexicon.HOST_NOUNS | lexicon.GROUP_PEOPLE


@dataclass(frozen=True)
class Group:
    """A study group: what defines it (the agent given, the condition had) and how it is said to."""

    cause: Side
    # "given" (said to be given), "named" (a group named after it), "had" (a condition, an exposure), or
    # "level" (more or less of a quantity: "patients with higher BMI", compared with those with less)
    kind: str
    word: str  # the word a reference names the group's absence with ("non-statin": "statin")
    # named for what its members have, so that "at increased risk" compares it with those without it
    # ("patients with X", "patients who develop X", "smokers"; not "Velk1-deficient mice", read by ``hosts``)
    against_those_without: bool = False


def comparison_claims(doc: Doc) -> list[Claim]:
    claims: list[Claim] = []
    for token in doc:
        if token.dep_ == "prep" and token.lower_ in PLACES and not _in_reference(token):
            claims += _changed_in(token)
        if token.dep_ == "prep" and token.lower_ in _TAKING and not _in_reference(token):
            claims += _changed_with(token)
        if token.pos_ in ("VERB", "AUX") and token.lemma_.lower() in _SHOWING:
            claims += _shown_by(token)
        if token.lower_ == "likely" and token.dep_ in ("acomp", "advmod"):
            claims += _likelier(token)
        if token.lower_ == "at" and token.dep_ == "prep" and token.head.lemma_.lower() == "be":
            claims += _at_risk(token)
        if share_value(token) is not None:
            claims += _counted(token)
    return claims


def _changed_in(place: Token) -> list[Claim]:
    """"Y was lower in the D group than ...", "Y increased in the D group compared with placebo";
    shares of groups are read by ``_counted``."""
    found = [g for g in place.children if g.dep_ == "pobj"]
    if len(found) != 1:
        return []
    if found[0].lower_ in SHARE_WORDS or place.head.lower_ in SHARE_WORDS:
        return []  # shares of groups (``_counted``)
    group = group_of(found[0])
    word = place.head
    if word.dep_ in ("nsubj", "nsubjpass") and not has_change_word(word):
        word = word.head
    change = change_of(word) if group is not None else None
    if change is None:
        return []
    predicate, sign, effects = change
    return _compared(group, clause_of(predicate), sign, effects, predicate)


def _changed_with(preposition: Token) -> list[Claim]:
    """"Mortality was lower with D than with placebo": the agent taken, against a control."""
    agents = [g for g in preposition.children if g.dep_ == "pobj"]
    if len(agents) != 1 or _group_word(agents[0]) or has_change_word(agents[0]) \
            or agents[0].lower_ in lexicon.COUNTED_NOUNS | _NOT_AGENTS | lexicon.CLASS_WORDS:
        return []
    agent = side_of(agents[0])
    change = change_of(preposition.head) if agent is not None and not agent.state else None
    if change is None:
        return []
    predicate, sign, effects = change
    group = Group(agent, kind="named", word=agent.name.split()[-1])
    return _compared(group, clause_of(predicate), sign, effects, predicate)


def _shown_by(verb: Token) -> list[Claim]:
    """"The D group showed reduced pain compared with controls", "patients given D had a lower risk
    of death than those given placebo"."""
    if modality.negated(verb) or modality.questioned(verb):
        return []
    groups = [g for c in patterns.subjects(verb, "nsubj") for g in [group_of(c)] if g is not None]
    effects = [s for c in patterns.objects(verb) if has_change_word(c) for s in sides(c)]
    if len(groups) != 1:
        return []
    return _compared(groups[0], verb, 1, effects, verb)


def _likelier(likely: Token) -> list[Claim]:
    """"Hospice residents were twice as likely as nonhospice residents to receive Y", "patients
    given D were less likely to develop Y than those given placebo"."""
    copula = likely.head
    sign = _likelihood_sign(likely, copula)
    if copula.lemma_.lower() != "be" or sign == 0 or modality.negated(copula) or modality.questioned(copula):
        return []
    groups = [g for c in patterns.subjects(copula, "nsubj") for g in [group_of(c)] if g is not None]
    verbs = [v for v in likely.subtree if v.pos_ == "VERB" and v.lemma_.lower() in _LIKELY_VERBS
             and any(c.dep_ == "aux" and c.lower_ == "to" for c in v.children)]
    if len(groups) != 1 or len(verbs) != 1:
        return []
    effects = [s for c in patterns.objects(verbs[0]) for s in sides(c)]
    if not references(copula) and groups[0].kind == "given":
        return pairs([groups[0].cause], sign, effects, modality.hedged(copula))
    return _compared(groups[0], copula, sign, effects, copula)


def _at_risk(at: Token) -> list[Claim]:
    """"Patients with X are at increased risk of Y", "smokers were at higher risk for Y than
    nonsmokers": the group's risk of Y differs. Without a group named to compare with, the risk is
    raised against those without what the group has; other differences need the reference named
    ("Y was lower in patients with X" may be a count, or a change over time)."""
    copula = at.head
    if modality.negated(copula) or modality.questioned(copula):
        return []
    groups = [g for c in patterns.subjects(copula, "nsubj") for g in [group_of(c)] if g is not None]
    risks = [r for r in patterns.objects_after(copula, "at") if r.lower_ in _RISK_WORDS and has_change_word(r)]
    if len(groups) != 1 or len(risks) != 1:
        return []
    if not references(copula):  # a risk "increased" is raised against those without what the group has
        group = groups[0]
        if group.kind == "level":
            return _compared(group, copula, 1, sides(risks[0]), copula)
        named = group.against_those_without and non_entity_reason(group.cause.name) is None
        return pairs([group.cause], 1, sides(risks[0]), hedged=True) if named else []
    return _compared(groups[0], copula, 1, sides(risks[0]), copula)


def _likelihood_sign(likely: Token, copula: Token) -> int:
    """+1 for "more likely", "twice as likely", "3 times as likely"; -1 for "less likely", "half as
    likely"; 0 for "as likely" alone (no difference) or a word not read."""
    words = {c.lower_ for c in likely.children if c.dep_ in ("advmod", "npadvmod")}
    if "more" in words:
        return 1
    if "less" in words:
        return -1
    if "as" not in words:
        return 0
    # "three times" is hung on the likelihood or on its copula
    factors = [f for c in (*likely.children, *copula.children) if c.dep_ in ("advmod", "npadvmod")
               for f in [_factor(c)] if f is not None]
    return 0 if len(factors) != 1 or factors[0] == 1 else (1 if factors[0] > 1 else -1)


def _factor(word: Token) -> float | None:
    """"twice", "half", "three times", "2.5-fold": how many times as likely; None for other words."""
    lower = word.lower_
    if lower in _MULTIPLES:
        return _MULTIPLES[lower]
    if lower in _TIMES_WORDS:
        numbers = [c for c in word.children if c.dep_ in ("nummod", "quantmod")]
        return number(numbers[0]) if len(numbers) == 1 else None
    if any(c.lower_ in _TIMES_WORDS for c in word.children):
        return number(word)
    return None


def _counted(share: Token) -> list[Claim]:
    """"Y occurred in 2.4% of the D group and 10.1% of the placebo group", "Y was 2.4% (8 of 328) in
    the D group and 10.1% in the placebo group": two shares, each before the group it is of (read in
    the order written, since the parser hangs bracketed counts anywhere), one group a control. The
    shares are levels of the subject, not amounts of its change ("Y fell by 30% in ...")."""
    predicate = clause_of(share)
    subjects = patterns.subjects(predicate, "nsubj", "nsubjpass")
    if predicate.lemma_.lower() not in _LEVEL_VERBS or any(has_change_word(c) for c in subjects) \
            or modality.negated(predicate) or modality.questioned(predicate):
        return []
    sequence = [t for t in sorted(predicate.subtree, key=lambda t: t.i) if share_value(t) is not None
                or (t.dep_ == "pobj" and t.head.lower_ in _SHARE_PREPOSITIONS and _group_word(t))]
    values = [share_value(t) for t in sequence]
    if sequence[0].i != share.i or len(sequence) != 4 or [v is None for v in values] != [False, True, False, True]:
        return []
    measured = [(values[0], sequence[1]), (values[2], sequence[3])]
    for (mine, group_token), (theirs, reference) in (measured, measured[::-1]):
        group = group_of(group_token)
        if group is not None and mine != theirs and absence_of(reference, group.word, group.kind == "had"):
            effects = [s for c in subjects for s in sides(c) if group_of_name(s.name) is None]
            return pairs([group.cause], 1 if mine > theirs else -1, effects,
                         modality.hedged(predicate) or not _intervention(group, [reference]))
    return []


def _group_word(token: Token) -> bool:
    lower = token.lower_
    return lower in lexicon.GROUP_NOUNS or lower in _MEMBERS or lower in lexicon.CONDITION_PEOPLE \
        or lower in _GROUP_STAND_INS


def _compared(group: Group, clause: Token, sign: int, effects: list[Side], predicate: Token) -> list[Claim]:
    """The claims of a group's difference, where every group it is compared with is a control."""
    compared_with = references(clause)
    if any(t.lower_ in _BEFORE for t in clause.subtree):
        return []
    effects = [e for e in effects if group_of_name(e.name) is None]
    if group.kind == "level" and not compared_with:  # a gradient: those with less or more are the reference
        return pairs([group.cause], sign, effects, hedged=True)
    if not compared_with or not all(absence_of(r, group.word, group.kind == "had") for r in compared_with):
        return []
    return pairs([group.cause], sign, effects, modality.hedged(predicate) or not _intervention(group, compared_with))


def _intervention(group: Group, references: list[Token]) -> bool:
    """Whether the comparison states an intervention: a group said to be given the agent, or a group
    named after it compared with a placebo, sham or vehicle arm ("the statin group" against "the
    non-statin group" or "controls" may be users and non-users, observed)."""
    return group.kind == "given" or (group.kind == "named" and any(
        part in _GIVEN_NOTHING for r in references for w in own_words(r) for part in w.lower_.split("-")))


# -- the group compared ----------------------------------------------------------------------------

def group_of(token: Token) -> Group | None:
    """The group a noun names, or None: "the D group", "patients in the D group", "patients given D",
    "D-treated mice", "obese subjects", "smokers", "patients with D", "hospice residents"."""
    lower = token.lower_
    if lower in lexicon.GROUP_NOUNS:
        return _named_group(token)
    if lower in lexicon.CONDITION_PEOPLE:
        return _condition_group(lexicon.CONDITION_PEOPLE[lower], lower, against_those_without=True)
    if lower == "those":  # "those given D", "those with D"
        return _given_to(token)
    if lexicon.place_word(lower) or lower in anatomy_names():  # "in the plasma of obese subjects": the subjects
        owners = patterns.objects_after(token, "of", "from")
        return group_of(owners[0]) if len(owners) == 1 else None
    if lower not in _MEMBERS or lower == "controls":
        return None
    found = [g for g in (_group_in(token), _given_to(token), _marked_before(token), _had_by(token)) if g is not None]
    return found[0] if len(found) == 1 else None


def group_of_name(name: str) -> str | None:
    """A name that is itself a group ("the placebo group" read as an effect), else None."""
    last = name.lower().rsplit(" ", 1)[-1]
    return last if last in lexicon.GROUP_NOUNS else None


def _named_group(group: Token) -> Group | None:
    """"the statin group", "the drug D arm", "the obese group"; "the group given D"."""
    words = _name_before(group)
    if words is None:
        given = [g for c in group.children if c.dep_ == "acl" for g in [_given_by(c)] if g is not None]
        return given[0] if len(given) == 1 else None
    texts = [w.lower_ for w in words]
    # "the low FPG group": less of FPG than the other groups
    level = 1 if texts[0] in lexicon.INCREASE_ADJECTIVES else -1 if texts[0] in lexicon.DECREASE_ADJECTIVES else 0
    if level and len(texts) > 1 and not any("dose" in t for t in texts):
        return Group(Side(name=words[1:].text, direction=level), kind="level", word=words[-1].text)
    if any(t in lexicon.UNNAMED_GROUP_WORDS or "dose" in t or t.startswith("non") for t in texts) \
            or {p for t in texts for p in t.split("-")} & (lexicon.CONTROL_GROUP_WORDS | lexicon.HEALTHY_GROUP_WORDS):
        return None
    if len(texts) == 1 and texts[0] in lexicon.CONDITION_ADJECTIVES:
        return _condition_group(lexicon.CONDITION_ADJECTIVES[texts[0]], texts[0])
    if _is_condition(words[-1]):
        return _condition_group(words.text, words[-1].lower_)
    return Group(Side(name=words.text), kind="named", word=words[-1].text)


def _name_before(head: Token):
    """The words that name a group before its noun ("the vitamin K group": "vitamin K"), or None."""
    start = head.i
    while start > 0 and head.doc[start - 1].dep_ in ("compound", "amod", "nmod") \
            and start - 1 < head.doc[start - 1].head.i <= head.i:
        start -= 1
    return head.doc[start:head.i] if start < head.i else None


def _group_in(host: Token) -> Group | None:
    """"patients in the D group"."""
    groups = [g for g in patterns.objects_after(host, "in", "of") if g.lower_ in lexicon.GROUP_NOUNS]
    return _named_group(groups[0]) if len(groups) == 1 else None


def _given_to(host: Token) -> Group | None:
    """"patients given D", "mice treated with D", "women receiving D", "patients who received D",
    "patients with D", "patients who develop D"."""
    given = [g for c in describing_verbs(host) if c.dep_ != "amod" for g in [_given_by(c)] if g is not None]
    had = [side_of(g) for g in patterns.objects_after(host, "with") if not has_change_word(g)]
    had += [side_of(g) for c in _relative_clauses(host) if c.lemma_.lower() in lexicon.ONSET_VERBS
            and not modality.negated(c) for g in patterns.objects(c) if not has_change_word(g)]
    had_groups = [Group(Side(name=s.name, state=s.state), kind="had", word=s.name.split()[-1],
                        against_those_without=True) for s in had if s is not None]
    levels = [Group(s, kind="level", word=s.name.split()[-1]) for g in patterns.objects_after(host, "with")
              if host.lower_ in _COHORT_PEOPLE and _level_word(g)
              for s in [side_of(g)] if s is not None and s.direction]
    found = given + had_groups + levels
    return found[0] if len(found) == 1 else None


def _relative_clauses(host: Token) -> list[Token]:
    """The relative clauses on a host, and a "who" clause the parser hangs on a word after it
    ("patients on AIs who develop X": "who" is people, not the drug)."""
    after = [c for p in host.children if p.dep_ == "prep" for o in p.children if o.dep_ == "pobj"
             for c in o.children if c.dep_ == "relcl" and any(w.lower_ == "who" for w in c.children)]
    return [c for c in host.children if c.dep_ == "relcl"] + after


def _level_word(name: Token) -> bool:
    """"higher BMI", "elevated troponin": a word of more or less before a quantity ("cognitive
    decline" is a condition, a change named)."""
    changes = lexicon.INCREASE_ADJECTIVES | lexicon.DECREASE_ADJECTIVES
    return any(c.dep_ == "amod" and c.lower_ in changes for c in name.lefts)


def _given_by(participle: Token) -> Group | None:
    given = giving(participle)
    if given is None or modality.negated(participle):
        return None
    lemma, preposition = given
    if not preposition:
        agents = [c for c in participle.children if c.dep_ in ("dobj", "pobj")]  # "given X" read either way
    else:
        agents = patterns.objects_after(participle, preposition)
    named = [s for a in agents for s in sides(a)]
    if len(named) != 1 or set(named[0].name.lower().split()) & lexicon.CONTROL_GROUP_WORDS:
        return None
    return Group(named[0], kind="given" if lemma in GIVING_VERBS else "had", word=named[0].name.split()[-1])


def _marked_before(host: Token) -> Group | None:
    """"D-treated mice", "D-exposed workers"."""
    for word in (t for t in host.lefts if t.dep_ in ("amod", "compound")):
        marked = _MARKED.match(word.text)
        if marked is not None:
            agent = marked.group("agent")
            if agent.lower() in lexicon.CONTROL_GROUP_WORDS:
                return None
            return Group(Side(name=agent), kind="had" if marked.group("mark").lower() == "exposed" else "given",
                         word=agent)
    return None


def _had_by(host: Token) -> Group | None:
    """"obese subjects", "diabetic patients", "hospice residents", "AD patients": what a group has."""
    words = [t for t in host.lefts if t.dep_ in ("amod", "compound") and not _MARKED.match(t.text)]
    if len(words) != 1 or words[0].i != host.i - 1:
        return None
    word = words[0]
    if word.lower_ in lexicon.CONDITION_ADJECTIVES:
        return _condition_group(lexicon.CONDITION_ADJECTIVES[word.lower_], word.lower_)
    if word.pos_ not in ("NOUN", "PROPN") or word.lower_.startswith("non") \
            or word.lower_ in lexicon.CONTROL_GROUP_WORDS | lexicon.UNNAMED_GROUP_WORDS:
        return None
    name = host.doc[word.left_edge.i:word.i + 1].text  # "Zorin disease patients": the whole name
    if _is_condition(word):
        return _condition_group(name, word.lower_)
    return Group(Side(name=name), kind="had", word=word.text)


def _condition_group(name: str, word: str, against_those_without: bool = False) -> Group:
    return Group(Side(name=name, state=True), kind="had", word=word, against_those_without=against_those_without)


def _is_condition(word: Token) -> bool:
    lower = word.lower_
    return lower in lexicon.STATE_WORDS or lower.endswith(lexicon.STATE_SUFFIXES)


def _in_reference(place: Token) -> bool:
    """"... than in controls": the place after "than" or "compared with" is the reference."""
    return any(t.lower_ in ("than", "compared", *VERSUS) for t in place.ancestors) \
        or place.head.lower_ in ("than", "compared", *VERSUS)
