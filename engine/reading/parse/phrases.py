"""Entity spans from noun phrases of the parse: the thing a phrase names and which way it moves.

A phrase's head noun with its compounds and describing adjectives is the name ("the BACE1 gene" →
"BACE1 gene", "pro-inflammatory cytokines"); determiners are trimmed and words of amount ("levels",
"expression") are left out of it. Words of change turn the phrase into a change of what they
govern: "increased cortisol", "loss of TREM2", "inhibition of GSK3", "TREM2 knockdown",
"treatment with lithium", "an increase in Y". Gerunds of a perturbation ("knocking out X",
"silencing X") are read by ``perturbations``, the words of change and their sign by ``change_words``.
Coordinated nouns each give a side of their own.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection
from dataclasses import dataclass
from pathlib import Path

from spacy.tokens import Token

from engine.assembly.identity import FORM_WORDS, RELATIONAL_ADJECTIVES
from engine.assembly.entities import non_entity_reason
from engine.reading.language import lexicon
from engine.reading.language.curated import grounded_spans, grounds, names_a_measure, names_a_molecule
from engine.reading.language.data_files import word_set, word_tuple
from engine.reading.rules import naming as rule_naming
from engine.reading.rules import word_tests as rule_word_tests
from engine.reading.rules.vocabulary import (
    ADJECTIVE_ENDINGS, DRUG_ROLE_NOUNS, ORGANISMS, ROLE_MODIFIERS, ROLE_NOUNS, ROMAN_NUMERALS, TIME_UNITS)
from engine.reading.parse import perturbations, pronouns
from engine.reading.parse.nlp import PRONOUN_TAGS
from engine.reading.parse.parsing import opens_a_two_word_name
from engine.reading.parse.change_words import (
    adjective_direction, change_noun_sign, decrease_adjective, has_change_word, in_curated_name,
    is_change_adjective, is_claim_participle, harm_in_name, valence_turn)
from engine.reading.parse.adjectival_verbs import next_clause, opening_verb, verb_like
from engine.reading.parse.examples import apposed_after, named_members
from engine.reading.parse.forms import bracketed_form, kind_of
from engine.reading.parse.name_words import bracketed_short_form, contiguous, written
from engine.reading.parse.shared_heads import contrasted_process, inside_contrast, trailing_process

_WORDS = Path(__file__).with_name("words.toml")

# Left dependents that belong to a name; anything else (determiners, numbers, possessives) is trimmed.
_NAME_DEPS = frozenset({"compound", "amod", "nmod", "npadvmod", "nummod", "quantmod"})
_DOSE_UNITS = word_set(_WORDS, "_dose_units")
_DOSES = word_set(_WORDS, "_doses")
_GIVING = word_set(_WORDS, "_giving")
_USING = word_set(_WORDS, "_using")
_RELATIONS = word_set(_WORDS, "_relations")
_MEMBER_JOINS = word_set(_WORDS, "_member_joins")
_DENYING_JOINS = word_set(_WORDS, "_denying_joins")
_AUXILIARY_S_FORMS = word_set(_WORDS, "_auxiliary_s_forms")
_OF_SOMETHING = word_set(_WORDS, "_of_something")
EXPERIMENT_HEADS = word_set(_WORDS, "experiment_heads")
_DISCOURSE_NOUNS = word_set(_WORDS, "_discourse_nouns")


@dataclass(frozen=True)
class Side:
    """One end of a claim: the entity's name, its direction (+1 more of it, -1 less) and whether the
    name is a condition (a state) rather than an amount."""

    name: str
    direction: int = 1
    state: bool = False
    aliases: tuple[str, ...] = ()


def sides(head: Token) -> list[Side]:
    """The sides named by the phrase headed by ``head`` and by nouns coordinated with it.

    A member denied in the phrase names no side ("X, but not Y, ...": Y is excluded), nor does any
    member of "neither X nor Y". A decrease adjective before the first member describes the
    members after it that have no change word of their own ("decreased X, Y and Z")."""
    if _neither(head):
        return []
    shared = _shared_head_members(head)
    if shared is None:
        shared = _shared_complement(head)
    if shared is None:
        shared = _shared_adjective_members(head)
    if shared is not None:
        return shared
    leading_word = decrease_adjective(head)
    leading = -1 if leading_word is not None else 1
    found: list[Side] = []
    members = noun_conjuncts(head)
    # (a process after ", but not A or B" is the contrast's, read by contrasted_process)
    unsure = {head, *members[:-1]} if trailing_process(head, members) and not inside_contrast(members[-1]) else set()
    denied = False
    for token in (head, *members):
        # "A, but not B, C and D": the members after a denied one are denied with it, until "but" ("not A but B")
        denied = _denied(token) or (denied and token.doc[token.i - 1].lower_ != "but")
        if denied or token in unsure or inside_contrast(token):
            continue
        shared = _shared_head_members(token) if token.i != head.i else None
        if shared is not None:  # a member that is itself "A and B deficits"
            found += [_turned(s, leading) if leading < 0 and not has_change_word(token) else s for s in shared]
            continue
        governed = _governed_shared_members(token)
        if governed is not None:
            found += governed
            continue
        side = side_of(token)
        if side is not None and side.name.lower() in lexicon.PROCESSES_OF_SOMETHING:
            continue  # "a reduction in the size and formation of SGs" read as "formation": of nothing
        if side is None:
            found += [_turned(s, adjective_direction(token)) for m in named_members(token) for s in sides(m)]
            continue
        turn = _object_member_turn(head, token) if token.i != head.i else None
        if turn is not None:  # "knockdown of either RelB or p50" with p50 joined to "knockdown"
            found.append(_turned(side, turn))
            continue
        process = contrasted_process(token)
        if process is not None:
            side = Side(name=f"{side.name} {process}", direction=side.direction, state=side.state,
                        aliases=side.aliases)
        if token.i != head.i and leading < 0 and not has_change_word(token):
            side = _turned(side, leading * valence_turn(leading_word, token))  # "poor A and unstable B"
        found.append(side)
        found += _governed_members(token, side)
        found += _process_members(token, side)
        found += [s for named in _named_bearers(token) if (s := side_of(named)) is not None]
        found += [_turned(s, side.direction) for member in named_members(token) for s in sides(member)]
    return found


def _object_member_turn(head: Token, member: Token) -> int | None:
    """The way a bare name joined to a change or experiment head moves, when it stands right after
    the head's object and so is the object's conjunct that the parser hung on the head
    ("knockdown of RelB or p50", "levels of A and B"); None for any other member."""
    perturbed = perturbations.perturbed(head)
    object_ = perturbed[0] if perturbed is not None else _governed(head)
    between = head.doc[object_.right_edge.i + 1:member.left_edge.i] if object_ is not None else []
    if object_ is None or object_.i >= member.i or has_change_word(member) \
            or any(c.dep_ == "prep" for c in member.children) \
            or any(t.lower_ not in _MEMBER_JOINS for t in between):
        return None
    own, inner = side_of(head), side_of(object_)
    return None if own is None or inner is None else own.direction * inner.direction


def _governed_members(head: Token, side: Side) -> list[Side]:
    """"levels of A, B and C", "loss of A and B": the change or amount head governs every member
    of its object, each moved the way the first is."""
    governed = _governed(head)
    inner = side_of(governed) if governed is not None else None
    if inner is None or perturbations.perturbed(head) is not None or kind_of(head) is not None:
        return []  # side_of read the head another way
    turn = side.direction * inner.direction
    found: list[Side] = []
    for member in noun_conjuncts(governed):
        member_side = side_of(member)
        if member_side is None:
            continue
        # "a decrease of A and loss of B", "lower levels of A and improvements in B": a member with a
        # change word or a complement of its own is a phrase beside the head, moved its own way
        # (kept only when read through to what it changes: "concurrent hyperphosphorylation" is no name);
        # a drug named by its role is a member like any other ("treatment with A or B inhibitors")
        own_change = has_change_word(member) and not _role_noun(member)
        beside = own_change or (member.lower_.endswith(lexicon.PROCESS_SUFFIXES) or
                                member.lower_.rstrip("s").endswith(lexicon.PROCESS_SUFFIXES)) \
            and any(c.dep_ == "prep" for c in member.children)
        if not beside:
            found.append(_turned(member_side, turn))
        elif member.lower_ not in member_side.name.lower():
            found.append(member_side)
    return found


_DRUG_KIND_NOUNS = word_set(_WORDS, "_drug_kind_nouns")
_ROLE_ENDINGS = word_tuple(_WORDS, "_role_endings")


def _role_noun(noun: Token) -> bool:
    """"inhibitors", "agonists": a noun that names an agent by the change it makes."""
    lower = noun.lower_
    return lower.endswith(_ROLE_ENDINGS) and (lower in lexicon.DECREASE_HEADS or lower in lexicon.INCREASE_HEADS)


def _named_bearers(noun: Token) -> list[Token]:
    """The names set beside a role or kind noun, between commas ("the GABA antagonist, bicuculline,
    ..."): the same thing, by its own name. A bracketed one is a short form, kept as an alias."""
    if not _role_noun(noun) and noun.lower_ not in _DRUG_KIND_NOUNS:
        return []
    return [c for c in noun.rights if c.dep_ == "appos" and c.pos_ in ("NOUN", "PROPN")
            and noun.doc[c.i - 1].text == ","]


def _shared_head_members(head: Token) -> list[Side] | None:
    """"insulin and glucagon secretion": coordinated compounds share a process head after them, each
    naming its own "X secretion" (read alone, the head would lose both). Another head ("anxiety and
    memory deficits") may be the last member's alone: only that member is named with it."""
    compounds = [c for c in head.lefts if c.dep_ in ("compound", "nmod")
                 and any(k.dep_ == "conj" and not verb_like(k) for k in c.children)]
    if len(compounds) != 1 or noun_conjuncts(head):
        return None
    members = [compounds[0], *(k for k in compounds[0].conjuncts if k.i > compounds[0].i)]
    if any(verb_like(m) for m in members):
        return None  # "improves transmission and decreases Y" parsed as one phrase: not members
    side = _without_last_member(side_of(head), members[-1])
    between = [c for c in head.lefts if c.dep_ in ("compound", "nmod") and c.i > compounds[0].i]
    if head.lower_ in lexicon.QUANTITY_WORDS and not between:  # ("contents" alone may be read as a name)
        amounts = _amounts_of(members, head)
        if amounts is not None or side is None:
            return amounts
    if side is None or " " in side.name:
        return None
    # "neuronal loss and memory deficits": a first member that is a change of its own shares no head
    own = _named(members[0], exclude_head=False, direction=adjective_direction(members[0])) \
        if has_change_word(members[0]) else None
    if own is not None:
        members = members[1:]
    if not _names_a_process(head.lower_):
        members = members[-1:]
    named = [_named(m, exclude_head=False, direction=1) for m in members]
    return [Side(name=f"{m.name} {side.name}", direction=side.direction, state=side.state)
            for m in named if m is not None] + ([own] if own is not None else [])


def _shared_adjective_members(head: Token) -> list[Side] | None:
    """"physical and mental health", "systolic and diastolic blood pressure": describing adjectives
    joined before one head each name their own kind of it (read alone, the head keeps the last one or
    none). Form words stay one name ("soluble and insoluble tau", ``_joined_modifiers``), and words of
    change, judgement or time are no kind ("acute and chronic", "significant and sustained")."""
    first = next((c for c in head.lefts if c.dep_ == "amod" and any(k.dep_ == "conj" for k in c.children)), None)
    if first is None or noun_conjuncts(head) or _joined_modifiers(first):
        return None
    members = [first, *(k for k in first.conjuncts if k.i > first.i)]
    joins = {t.lower_ for t in head.doc[first.i + 1:members[-1].i] if t not in members}
    # (the tagger often takes the joined word for a noun or a verb: "proteotoxic", "diastolic")
    if first.pos_ != "ADJ" or not joins <= _MEMBER_JOINS | _DENYING_JOINS \
            or not all(lexicon.kind_adjective(m.text) and not is_change_adjective(m) for m in members):
        return None
    side = _without_last_member(side_of(head), members[-1])
    if side is None or not side.name.endswith(head.text):
        return None  # "genetic or pharmacological inhibition of X" names X, no kind of it
    stated = [m for m in members if head.doc[m.i - 1].lower_ not in _DENYING_JOINS]  # "physical but not mental"
    return [Side(name=f"{m.text} {side.name}", direction=side.direction, state=side.state) for m in stated]


def _without_last_member(side: Side | None, last: Token) -> Side | None:
    """The head's own name where a grounded span holds it with the last member ("dopamine and
    serotonin release": "serotonin release" is a name the grounder knows)."""
    if side is None or not side.name.startswith(f"{last.text} "):
        return side
    return Side(name=side.name[len(last.text) + 1:], direction=side.direction, state=side.state)


def _governed_shared_members(head: Token) -> list[Side] | None:
    """"deficits in A and B levels", "lower rates of urinary and anorectal dysfunction": a change or
    amount head whose object is names sharing one head moves each of them its own way."""
    governed = _governed(head)
    sign = change_noun_sign(head.lower_)
    if governed is None or perturbations.perturbed(head) is not None \
            or not (sign or head.lower_ in lexicon.QUANTITY_WORDS):
        return None
    shared = _shared_head_members(governed) if sign else None
    if shared is None:
        shared = _shared_adjective_members(governed)
    if shared is None:
        return None
    return [_turned(s, (sign or 1) * adjective_direction(head)) for s in shared]


def _amounts_of(members: list[Token], head: Token) -> list[Side] | None:
    """"tau and p62 levels": a word of amount shared by coordinated names is the amount of each; not
    when a member describes rather than names ("transcriptional and translational levels")."""
    if not all(m.pos_ in ("NOUN", "PROPN") or (m.pos_ == "NUM" and any(ch.isalpha() for ch in m.text))
               or (m.pos_ == "ADJ" and not _plain_adjective(m)) for m in members):
        return None  # ("IL-6" is at times tagged a number, "adrenaline" an adjective)
    named = [_named(m, exclude_head=False, direction=adjective_direction(head)) for m in members]
    return None if any(n is None for n in named) else named


def _shared_complement(head: Token) -> list[Side] | None:
    """"transcription and translation of p62": two bare processes joined by "and" / "or" before one
    "of" phrase share it (p62 transcription, p62 translation); the parser hangs it on the first or
    the last. Read alone, "transcription" would name no entity. A longer list ("autophosphorylation,
    oligomerization and acquisition of X") may give the phrase to its last member only."""
    tokens = [head, *noun_conjuncts(head)]
    if len(tokens) != 2 or any(t.text == "," for t in head.doc[head.i:tokens[1].i]):
        return None  # two members joined without a comma
    if not all(_bare_process_or_amount(t) for t in tokens) or not any(_process_like(t) for t in tokens):
        return None
    ofs = [c for t in tokens for c in t.children if c.dep_ == "prep" and c.lower_ == "of"]
    if len(ofs) != 1 or ofs[0].i < tokens[-1].i:
        return None  # the "of" phrase must follow every member
    objects = [g for g in ofs[0].children if g.dep_ == "pobj"]
    # members of the object that are names, not phrases of their own ("of A and the translocation of B")
    inners = [side_of(o) for o in (objects[0], *noun_conjuncts(objects[0]))
              if o.i == objects[0].i or not (_process_like(o) or any(c.dep_ == "prep" for c in o.children))] \
        if objects else []
    if not inners or any(i is None or i.direction < 0 for i in inners):
        return None
    # "the expression and release of X": an amount word names X itself
    return [Side(name=inner.name if t.lower_ in lexicon.QUANTITY_WORDS else f"{inner.name} {t.text}",
                 state=inner.state) for t in tokens for inner in inners if inner is not None]


def _bare_process_or_amount(token: Token) -> bool:
    """A process or amount word with no name or change word of its own before it."""
    return (_process_like(token) or token.lower_ in lexicon.QUANTITY_WORDS) and not _left_name(token) \
        and not has_change_word(token)


def _process_like(token: Token) -> bool:
    lower = token.lower_
    return change_noun_sign(lower) == 0 and lower not in lexicon.QUANTITY_WORDS and (
        lower in lexicon.PROCESS_NOUNS or lower in lexicon.MODIFICATION_NOUNS or lower in lexicon.PROCESSES_OF_SOMETHING
        or lower.endswith(lexicon.PROCESS_SUFFIXES) or lower.endswith("tion"))


def _names_a_process(word: str) -> bool:
    return (word in lexicon.PROCESS_NOUNS or word in lexicon.MODIFICATION_NOUNS) \
        and word not in lexicon.DETRIMENT_WORDS and change_noun_sign(word) == 0


def _neither(head: Token) -> bool:
    # ("Neither mutation of A nor ..." may be parsed with "neither" as the determiner of the first)
    return any(c.dep_ in ("preconj", "det") and c.lower_ == "neither" for c in head.children) or \
        any(c.dep_ == "cc" and c.lower_ == "nor" for c in head.children)


def _denied(token: Token) -> bool:
    """"not the aggregation itself", "but not Y": a member with a negation of its own."""
    return any(c.dep_ == "neg" for c in token.children)


def noun_conjuncts(head: Token) -> list[Token]:
    """The nouns coordinated after ``head``, up to the first one set off by a dash, colon or bracket
    ("tau clearance – either soluble forms or total tau" restates what is cleared; it adds no effect)
    or one that is a verb read as an adjective ("reduced X and facilitated clearance of Y", "X lowers
    A, increasing B": the rest of the coordination is verbs and their objects, not members)."""
    members: list[Token] = []
    for token in sorted(head.conjuncts, key=lambda t: t.i):
        if token.i < head.i:
            continue
        if _set_off(head, token) or _misread_verb(head, token) or next_clause(token) is not None:
            break
        if token.pos_ in ("NOUN", "PROPN") or (token.pos_ in ("NUM", "ADJ") and _symbol_member(token)) \
                or _bare_adjective_member(token):
            members.append(token)
    return members


def _symbol_member(token: Token) -> bool:
    """A symbol the tagger read as a number or an adjective ("5-HT", "apoB": a capital after a small
    letter)."""
    text = token.text
    inner_capital = any(a.islower() and b.isupper() for a, b in zip(text, text[1:]))
    return any(ch.isalpha() for ch in text) and (token.pos_ == "NUM" or lexicon.symbol_word(text) or inner_capital)


def _bare_adjective_member(token: Token) -> bool:
    """A name the tagger read as an adjective in a list of nouns ("ferritin, hepcidin and
    transferrin"): an adjective that describes nothing (no noun after it) is a member; never a word of
    change ("reduced A and increased B")."""
    nxt = token.doc[token.i + 1] if token.i + 1 < len(token.doc) else None
    return token.pos_ == "ADJ" and token.head.pos_ in ("NOUN", "PROPN") and token.lower_ not in lexicon.VERB_FORMS \
        and not token.lower_.endswith("ed") and (nxt is None or nxt.is_punct or nxt.dep_ == "cc") \
        and not any(c.dep_ not in ("punct", "cc", "conj") for c in token.children)


_ASIDE_MARKS = word_set(_WORDS, "_aside_marks")


def _set_off(head: Token, member: Token) -> bool:
    """A dash, colon or semicolon between the two, or a bracket the member lies inside (an aside
    closed before the member leaves it a member: "A (in cells) as well as B")."""
    between = head.doc[head.i + 1:member.i]
    depth = sum((t.text in ("(", "[")) - (t.text in (")", "]")) for t in between)
    return depth > 0 or any(t.text in _ASIDE_MARKS - {"(", "["} for t in between)


def _misread_verb(head: Token, member: Token) -> bool:
    """A member opened, right after its "and", "or" or comma, by a verb ("X lowered
    A, altered B and reduced C secretion"; "and facilitated clearance of Y") while the first member
    opens with no such word: a verb the tagger read as an adjective, so the coordination joins
    clauses, and the verb's sign would be read under the first one's. Parallel members ("reduced A
    and increased B"), forms ("A and phosphorylated B") and changes in a subject ("improper A and
    impaired B would ...") are members."""
    opening = member.doc[member.left_edge.i]
    if not _opens_with_verb(member) or _opens_with_verb(head) \
            or is_change_adjective(head.doc[head.left_edge.i]):
        return False
    # a change word ("impaired") opens a member of a subject as an adjective; after a verb's object
    # ("lowered A and reduced B") it is as likely the next verb
    return not is_change_adjective(opening) or head.dep_ == "dobj"


def _opens_with_verb(member: Token) -> bool:
    """A member opened by the past form of a verb, or by the present form of a verb of change
    ("phosphorylates A and antagonizes A-induced B" with "antagonizes" read as a noun)."""
    first = member.doc[member.left_edge.i]
    before = member.doc[first.i - 1] if first.i > 0 else None
    return first is not member and before is not None and before.lower_ in lexicon.LIST_JOINS \
        and (past_verb(first) or lexicon.present_change_verb(first.lower_))


def _present_verb(words: list[Token]) -> bool:
    """"JAK2 phosphorylates" read as one name: the present form of a verb of change or modification
    ends a clause's subject, not a name; nor is a verb so tagged anywhere in it, nor a host's verb of
    showing ("mice display")."""
    return lexicon.present_change_verb(words[-1].lower_) or any(_tagged_present_verb(w) for w in words) \
        or len(words) > 1 and words[-2].lower_ in lexicon.HOST_NOUNS and words[-1].lower_ in lexicon.STATE_EXHIBIT_VERBS


def _tagged_present_verb(word: Token) -> bool:
    """"Abeta protects neurons", "pimozide occurs" hung together as one name: a present verb the
    tagger read as one, inside the phrase."""
    return word.tag_ == "VBZ" and word.lower_ not in _AUXILIARY_S_FORMS


def past_verb(token: Token) -> bool:
    """The past form of a verb of change or of another known verb, not of a modifying one
    ("phosphorylated tau" names a form)."""
    form = lexicon.VERB_FORMS.get(token.lower_)
    if form is not None:
        return form[2] == "ed" and form[0] not in lexicon.MODIFYING_VERBS
    return token.lower_.endswith("ed") and token.lower_ in lexicon.OTHER_VERBS


def _outcome_control(head: Token) -> bool:
    """"glycaemic control", "asthma control": a clinical outcome's name, not the open-signed "control of
    Y" or "control by X", nor an experimental control ("the vehicle control")."""
    modifiers = [c for c in head.lefts if c.dep_ in ("compound", "amod")]
    return head.lower_ == "control" and bool(modifiers) \
        and not any(c.dep_ in ("prep", "agent") and c.lower_ in ("of", "by") for c in head.rights) \
        and not any(c.lower_ in lexicon.CONTROL_MODIFIERS or c.lower_ in lexicon.CONTROL_GROUP_WORDS
                    or c.lower_ in lexicon.HEALTHY_GROUP_WORDS for c in modifiers)


def side_of(head: Token) -> Side | None:
    """The side the phrase headed by ``head`` names, or None for a pronoun or a vague word."""
    if head.tag_ in PRONOUN_TAGS or head.lower_ in lexicon.PRONOUNS or _lone_determiner(head) \
            or head.lower_ in _DOSE_UNITS or _duration(head) \
            or _in_citation(head) or _author(head) \
            or _object_of_noun(head) or (head.lower_ in lexicon.UNSIGNED_HEADS and not _outcome_control(head)) \
            or head.lower_ in _DISCOURSE_NOUNS \
            or _unnamed_change(head) or _adjective_subject(head):
        return None  # "the regulation of X" leaves open which way X moves
    apposed = apposed_name(head) or _encoded(head)
    if apposed is not None:
        return side_of(apposed)  # "the transcription factor TFEB" names TFEB
    perturbed = perturbations.perturbed(head)
    if perturbed is not None:
        target, direction = perturbed
        inner = side_of(target)
        return None if inner is None else _turned(inner, direction)
    if head.lower_.endswith("ing") and perturbations.direction(head) != 0:
        return None  # "Eliminating X resulted in Y" with X lost by the parse: an experiment on nothing
    if head.tag_ == "VBG" and head.lemma_.lower() in _GIVING | _USING:
        return _given(head)  # "Treating cells with PGJ2 increased Y", "Using 3-MA led to Y"
    condition = _condition_come_to(head)
    if condition is not None:
        return side_of(condition)  # "the risk of having a stroke" is the risk of a stroke
    if head.tag_ == "VBG" and any(c.dep_ == "dobj" for c in head.children):
        return _act(head)  # "preloading colloid fluid prevented Y": no bare "preloading"
    kind = kind_of(head)
    if kind is not None:
        inner = side_of(kind[0])
        if inner is None or not kind[1]:
            return inner
        return Side(name=f"{kind[1]} {inner.name}", direction=inner.direction, state=inner.state)
    effect = _effect_of(head) or _dose_of(head)
    if effect is not None:
        return effect
    if head.lower_ in lexicon.EFFECT_HEADS and _owner(head, ("of",)) is not None and _effect_on(head):
        return None  # "reversed the effects of X on Y": the claim is X's on Y (``roles``), no node of its own
    lower = head.lower_
    inner_token = _governed(head)
    if inner_token is not None:
        inner = side_of(inner_token)
        if inner is None:
            return None
        if lower in lexicon.QUANTITY_WORDS:
            process = _process_measured(head)
            if process is not None:  # "degradation rates of tau": the rate of tau's degradation
                inner = Side(name=f"{inner.name} {process.text}", direction=inner.direction)
            return _turned(inner, adjective_direction(head))
        if lower in lexicon.BETTERING_NOUNS:  # "an improvement in symptoms" lowers them
            return _turned(inner, -1 if names_a_harm_side(inner_token, inner) else 1)
        return _turned(inner, change_noun_sign(lower) * adjective_direction(head))
    process = _process_of(head) or _mutation_of(head)
    if process is not None:
        return process
    if lower in EXPERIMENT_HEADS and any(_names_before(t, head) for t in head.lefts) and not _done_to_self(head):
        # "TREM2 knockdown", "GSK3 inhibition": the compound before the experiment is the entity
        return _named(head, exclude_head=True, direction=change_noun_sign(lower))
    if _anaphoric(head):
        return _possessed_process(head)
    if _bare_change(head):
        return None
    return _named(head, exclude_head=False,
                  direction=adjective_direction(head) * _stray_perturbation(head) * _trailing_perturbation(head))


def _names_before(token: Token, experiment: Token) -> bool:
    """A compound before its experiment, or a symbol right before it that the model hung on it
    otherwise: as a number, an adjective or a noun modifier ("17-AAG treatment", "ERK1/2 inhibition");
    not before a deficiency, which stays a state of its own ("Velk1 deficiency")."""
    misread = token.dep_ in ("nummod", "amod", "nmod") and token.i == experiment.i - 1 \
        and (lexicon.symbol_word(token.text) or _numbered_name(token)) \
        and experiment.lower_ not in lexicon.DEFICIENCY_HEADS
    return token.dep_ == "compound" or misread


_CLASS_WORDS = word_set(_WORDS, "_class_words")
# Class nouns the parse takes for the head of "the transcription factor TFEB", "the adaptor protein
# ASC", "the chaperone HSP70", with the name they class as its apposition: the lexicon's and the class words.
_APPOSING_CLASSES = lexicon.CLASS_NOUNS | _CLASS_WORDS


def apposed_name(head: Token) -> Token | None:
    """The name set right after a singular class noun that the parse made its apposition ("the
    receptor LRP1", "the transcription factor HSF-1"): a symbol or a proper noun of three characters
    or more (not "transcription factor EB", whose letters end its own symbol). After a plural, such
    names are members of the class (``examples``)."""
    after = apposed_after(head) if head.tag_ == "NN" and head.lower_ in _APPOSING_CLASSES else None
    if after is None or len(after.text) <= 2:
        return None
    return after if after.pos_ == "PROPN" or rule_word_tests.symbol_like(after.text) else None


def _encoded(head: Token) -> Token | None:
    """"the gene encoding Velk1", "the gene coding for Velk1" name Velk1. The parser may hang the
    participle on the noun above the gene ("mutations in the gene encoding X") or make it the head,
    with the gene its compound, so the pair is found by position."""
    doc = head.doc
    if head.lower_ in lexicon.GENE_NOUNS and head.i + 1 < len(doc) and doc[head.i + 1].lower_ in lexicon.ENCODING_PARTICIPLES:
        verb = doc[head.i + 1]
    elif head.lower_ in lexicon.ENCODING_PARTICIPLES and head.i > 0 and doc[head.i - 1].lower_ in lexicon.GENE_NOUNS:
        verb = head
    else:
        return None
    encoded = [c for c in verb.children if c.dep_ == "dobj"] \
        + [g for c in verb.children if c.dep_ == "prep" and c.lower_ == "for" for g in c.children if g.dep_ == "pobj"]
    return encoded[0] if encoded else None


def _done_to_self(head: Token) -> bool:
    """"nicotine self administration": a behaviour of its own, not nicotine given."""
    return head.i > 0 and head.doc[head.i - 1].lower_ == "self"


def _trailing_perturbation(head: Token) -> int:
    """"TREM2 silencing increased Y" parsed with "silencing" as a clause on TREM2: a gerund of
    removal or addition right after the name, with no object of its own, acts on it (-1 / +1; 1
    when none)."""
    doc = head.doc
    if head.i + 1 >= len(doc):
        return 1
    gerund = doc[head.i + 1]
    if gerund.head.i != head.i or gerund.dep_ != "acl" or gerund.tag_ != "VBG" \
            or any(c.dep_ == "dobj" for c in gerund.children):
        return 1
    return perturbations.direction(gerund) or 1


def _stray_perturbation(head: Token) -> int:
    """"inhibiting the pump leads to Y" parsed with the gerund above the clause and "pump" as the
    subject: the perturbation right before the phrase still acts on it (-1 / +1; 1 when none)."""
    start = head.left_edge.i
    if start == 0 or head.dep_ not in ("nsubj", "nsubjpass"):
        return 1
    gerund = head.doc[start - 1]
    if gerund.tag_ != "VBG" or gerund.i == head.head.i:
        return 1
    return perturbations.direction(gerund) or 1


_YEAR = re.compile(r"^(1[89]|20)\d\d[a-z]?$")


def _lone_determiner(head: Token) -> bool:
    """"another, not yet characterized, pathway activates Y", "All of these may raise Y": a determiner
    the parser left as the head names nothing (a letter that ends a name, "protein kinase A", does)."""
    return head.lower_ in lexicon.DETERMINERS and not _name_parts(head)


def _author(token: Token) -> bool:
    """"by Ide et al.": the "al" of an author list, outside brackets too."""
    return token.lower_.rstrip(".") == "al" and token.i > 0 and token.doc[token.i - 1].lower_ == "et"


def _in_citation(token: Token) -> bool:
    """A word inside a bracketed reference ("(Harada et al, 2001)", "[Smith and Jones 2010]",
    "(Fig. 3C)") names an author or a figure, not an entity."""
    doc, opening = token.doc, None
    for t in reversed(doc[:token.i]):
        if t.text in (")", "]"):
            return False
        if t.text in ("(", "["):
            opening = t
            break
    if opening is None:
        return False
    closing = next((t.i for t in doc[token.i:] if t.text in (")", "]")), len(doc))
    inside = [t.lower_ for t in doc[opening.i + 1:closing]]
    et_al = any(a == "et" and b.startswith("al") for a, b in zip(inside, inside[1:]))
    figure = bool(inside) and inside[0].rstrip(".") in _FIGURE_REFERENCES
    return any(_YEAR.match(w) for w in inside) or et_al or figure


_FIGURE_REFERENCES = word_set(_WORDS, "_figure_references")


def _object_of_noun(head: Token) -> bool:
    """A noun the parse gives an object of its own ("activates all brain nAChR subtypes" read as
    "brain" taking "subtypes" as object): the phrase is misread, and its name would be cut wrong."""
    return head.pos_ in ("NOUN", "PROPN") and any(
        c.dep_ in ("dobj", "nsubj") and c.pos_ in ("NOUN", "PROPN") for c in head.rights)


def _process_measured(quantity: Token) -> Token | None:
    """The process a quantity word measures, named before it ("the degradation rate of X", "the
    clearance rates of X"): the rate is that process's, not the amount of X ("expression levels"
    are the amount)."""
    return next((c for c in quantity.lefts if c.dep_ in ("compound", "nmod") and c.lower_ not in lexicon.VAGUE_NAMES
                 and (lexicon.process_head(c.lower_) or c.lower_ in lexicon.NOMINAL_TRIGGERS)), None)


def _bare_change(head: Token) -> bool:
    """"upregulation can increase Y", "the treatment reduced Y", "this association facilitates Y": a
    change, an experiment or a relation named with nothing it is of, which leaves open what changed."""
    lower = head.lower_
    changes = lower in lexicon.INCREASE_HEADS or lower in lexicon.DECREASE_HEADS or lower in _RELATIONS
    of_something = any(c.dep_ in ("appos", "acl") or (c.dep_ == "prep" and c.lower_ in _OF_SOMETHING)
                       for c in head.children)  # not "application via microdialysis"
    return changes and not _name_parts(head) and not of_something


_DEMONSTRATIVES = word_set(_WORDS, "_demonstratives")


# Units of time: "5–6 h", "24 hours" measure how long, never what acts.
def _duration(head: Token) -> bool:
    return head.lower_ in TIME_UNITS and any(any(ch.isdigit() for ch in c.text) for c in head.lefts)


def _effect_on(head: Token) -> bool:
    """An effect noun that says what it acts on ("the effects of X on Y"), by its own "on" or one hung
    on the verb after it."""
    return any(c.dep_ == "prep" and c.lower_ in lexicon.ON_PREPOSITIONS for c in [*head.children, *stranded_preps(head)])


def _unnamed_change(head: Token) -> bool:
    """"subtle changes", "conformational change": a change that says no way, with no name before it
    ("DISC1 alterations" is a state of DISC1)."""
    named = any(lexicon.written_as_a_name(part.text) for part in _name_parts(head))
    return head.lower_ in lexicon.UNSIGNED_CHANGES and not named


def _anaphoric(head: Token) -> bool:
    """"its aggregation", "this pathway", "this event": a possessive pronoun or a demonstrative and
    nothing but plain adjectives to name the thing."""
    pointing = any((c.dep_ == "poss" and c.tag_ in PRONOUN_TAGS) or
                   (c.dep_ in ("det", "amod") and c.tag_ in ("DT", "JJ", "PDT") and c.lower_ in _DEMONSTRATIVES
                    and _common_word(head)) for c in head.lefts)
    # "this constitutive activity", "its phosphorylated form": plain adjectives name nothing either
    return pointing and all(_plain_adjective(p) for p in _name_parts(head))


def _adjective_subject(head: Token) -> bool:
    """"binds pathological hyperphosphorylated tau" parsed as a clause whose subject is "pathological":
    a describing word as a subject names nothing."""
    return head.dep_ in ("nsubj", "nsubjpass") and head.tag_ == "JJ" and _plain_adjective(head)


def _plain_adjective(word: Token) -> bool:
    """"constitutive", "phosphorylated", "nuclear": a describing word by its form, not a name the
    tagger took for an adjective ("these tau oligomers")."""
    return word.pos_ in ("ADJ", "VERB") and _common_word(word) and word.lower_.endswith(ADJECTIVE_ENDINGS)


def _common_word(token: Token) -> bool:
    """A plain English word ("pathway", "kinase"), not a name ("α-conotoxins", "Tau")."""
    return token.text.isascii() and token.text.isalpha() and token.text.islower()


def _governed(head: Token) -> Token | None:
    """The entity a change or amount head governs ("loss of X", "increase in X", "levels of X",
    "treatment with X"); None when the head names a thing of its own."""
    lower = head.lower_
    changes = change_noun_sign(lower) != 0
    if not changes and lower not in lexicon.QUANTITY_WORDS:
        return None
    if any((c.lower_, lower) in lexicon.NAMED_CHANGES for c in head.lefts):
        return None  # "long-term potentiation (of synapses)" names LTP
    own = lexicon.HEAD_PREPOSITIONS.get(lower, "of")
    # the head's own preposition first: "treatment of mice with X" treats with X
    for wanted in ({own}, {own, *(lexicon.CHANGE_PREPOSITIONS if changes else ("of",))}):
        for child in [*head.rights, *stranded_preps(head), *_treated_preps(head, own)]:
            if child.lower_ == "in" and own != "in" and (_names_its_entity(head) or _made_somewhere(head)):
                continue  # "tau loss in the hippocampus", "cognitive deficits in animals": "in" says where
            if child.dep_ == "prep" and child.lower_ in wanted:
                objects = [t for t in child.children if (t.dep_ == "pobj" and not _where_measured(t))
                           or (t.dep_ == "pcomp" and _condition_come_to(t) is not None)]
                if objects:
                    return objects[0]
    return None


def _where_measured(noun: Token) -> bool:
    """Hosts and places a change or amount is found in ("levels of mice", "contents of four brain
    areas"), not the thing that changes."""
    return noun.lower_ in lexicon.HOST_NOUNS or lexicon.place_word(noun.lower_)


def _made_somewhere(head: Token) -> bool:
    """A process that makes or moves its thing ("production", "secretion"), not a rise or fall of an
    amount: "production in astrocytes" says where."""
    lower = head.lower_
    return lower in lexicon.PROCESS_NOUNS and lower not in lexicon.INCREASE_HEADS \
        and lower not in lexicon.DECREASE_HEADS and lower not in lexicon.DEFICIENCY_HEADS


def _names_its_entity(head: Token) -> bool:
    """A change head with the changed thing named before it: a name ("tau loss") or an adjective that
    names a faculty or a process ("cognitive deficits")."""
    return any(c.dep_ in ("compound", "nmod") and not is_change_adjective(c) and not amount(c) or
               (c.dep_ == "amod" and c.lower_ in RELATIONAL_ADJECTIVES) for c in head.lefts)


# A multiple ("2-fold", "fourfold", "several-fold"): how much, never who.
_MULTIPLE = re.compile(r"(\d+(\.\d+)?|two|three|four|five|six|seven|eight|nine|ten|several|many|hundred)-?fold")


def amount(token: Token) -> bool:
    """A number, a share or a multiple before a change ("a 40% decrease in X", "a twofold rise"):
    how much, not what (not a name the tagger read as a number, "IL-6 production", nor the number of
    a two-word name, "Beclin 1")."""
    if _numbered_name(token):
        return False
    return (token.pos_ == "NUM" and not any(ch.isalpha() for ch in token.text)) or token.like_num \
        or _share_or_multiple(token)


def _numbered_name(token: Token) -> bool:
    """The number of a name of two words, its first word hung on the number or beside it on the same
    head ("Beclin 1", "caspase 3", "Beclin 1 treatment")."""
    before = token.doc[token.i - 1] if token.i > 0 else None
    return lexicon.name_mark(token.text) and before is not None and before.dep_ in ("compound", "nmod") \
        and before.head.i in (token.i, token.head.i) and opens_a_two_word_name(before)


def amount_phrase(token: Token) -> bool:
    """"50%", "2-fold", "percent", "nearly fourfold relative to ...": a phrase that says how much
    (not a name with a number: "caspase 1", "two agonists")."""
    return amount(token) or token.lower_ == "percent" or any(_share_or_multiple(c) for c in token.children)


def _share_or_multiple(token: Token) -> bool:
    return token.text.endswith("%") or _MULTIPLE.fullmatch(token.lower_) is not None


def _mutation_of(head: Token) -> Side | None:
    """"mutations in LRRK2", "the mutation in the SNCA gene" → "LRRK2 mutations": a mutation named
    after the gene it lies in, as when the gene is written before it."""
    if head.lower_ not in lexicon.MUTATION_HEADS or _left_name(head, ignoring=lexicon.mutation_kind):
        return None  # "pathogenic mutations in SOD1" are SOD1's; "the LRRK2 G2019S mutation in ..." names its own
    inner = _owner(head, lexicon.CHANGE_PREPOSITIONS)
    return None if inner is None else Side(name=f"{inner.name} {head.text}", state=inner.state)


def _owner(head: Token, prepositions: Collection[str]) -> Side | None:
    """What a head is of, named as more of it: a possessive before the head ("tau's"), or the object
    of one of ``prepositions`` after it ("of tau", "in LRRK2"); not a pronoun, nor a host ("in mice")."""
    owners = [c for c in head.lefts if c.dep_ == "poss" and c.tag_ not in PRONOUN_TAGS]
    owners += [g for c in head.rights if c.dep_ == "prep" and c.lower_ in prepositions
               for g in c.children if g.dep_ == "pobj" and g.lower_ not in lexicon.HOST_NOUNS]
    for owner in owners:
        inner = side_of(owner)
        if inner is not None and inner.direction > 0:
            return inner
    return None


def _treated_preps(head: Token, own: str) -> list[Token]:
    """"treatment of cells with X", "exposure of neurons to X": the parser may hang the head's own
    preposition on what is treated (the object of its "of"); it still says what the head applies."""
    if own == "of":
        return []
    treated = [g for c in head.rights if c.dep_ == "prep" and c.lower_ == "of"
               for g in c.children if g.dep_ == "pobj"]
    return [c for t in treated for c in t.rights if c.dep_ == "prep" and c.lower_ == own]


def stranded_preps(head: Token) -> list[Token]:
    """"X induced deficits in Y" parsed with "in Y" on the verb: a preposition right after a verb's
    object, hung on the verb, still completes the object's change."""
    if head.dep_ != "dobj" or head.right_edge.i + 1 >= len(head.doc) or _names_its_entity(head):
        return []  # "reduced Abeta accumulation in the brain": the change names its entity, "in" a place
    after = head.doc[head.right_edge.i + 1]
    return [after] if after.dep_ == "prep" and after.head.i == head.head.i else []


def _effect_of(head: Token) -> Side | None:
    """"the toxic effects of Aβ" name Aβ toxicity; "the effect of X", as what acts (a subject, or
    the agent after "by"), names X (``lexicon.EFFECT_HEADS``). Of "the combined effect of X and Y"
    only the first owner is read (``_owner``)."""
    if head.lower_ not in lexicon.EFFECT_HEADS:
        return None
    inner = _owner(head, ("of",))
    harm = lexicon.harm_named([c.lower_ for c in head.lefts if c.dep_ == "amod"])
    if inner is None or (harm is None and not _acting(head)):
        return None
    return inner if harm is None else Side(name=f"{inner.name} {harm}")


def _given(gerund: Token) -> Side | None:
    """What a gerund of giving gives ("treating cells with D", "exposing neurons to D"), not the host;
    what a gerund of using uses ("using the inhibitor 3-MA")."""
    objects = [c for c in gerund.children if c.dep_ == "dobj"]
    if gerund.lemma_.lower() in _USING:
        return side_of(objects[0]) if objects else None
    holders = [gerund] + objects
    given = [g for h in holders for c in h.children if c.dep_ == "prep" and c.lower_ in ("with", "to")
             for g in c.children if g.dep_ == "pobj" and g.lower_ not in ORGANISMS | lexicon.HOST_NOUNS]
    return side_of(given[0]) if given else None


def _condition_come_to(gerund: Token) -> Token | None:
    """What a gerund of onset says a person comes to have ("developing AD", "suffering from RA")."""
    if gerund.lower_ not in lexicon.ONSET_GERUNDS:
        return None
    found = [c for c in gerund.children if c.dep_ == "dobj"] or [
        g for c in gerund.children if c.dep_ == "prep" and c.lower_ == "from" for g in c.children if g.dep_ == "pobj"]
    return found[0] if found else None


def _act(gerund: Token) -> Side | None:
    """An act named by its gerund and what it is done to ("preloading colloid fluid", "leaving out
    meals"); a verb of change names nothing ("a role in preventing AD" is no thing called so)."""
    if lexicon.change_verb(gerund.lower_):
        return None
    inner = side_of(next(c for c in gerund.children if c.dep_ == "dobj"))
    if inner is None:
        return None
    particles = [c.lower_ for c in gerund.children if c.dep_ == "prt"]
    return Side(name=" ".join([gerund.lower_, *particles, inner.name]))


def _dose_of(head: Token) -> Side | None:
    """"repeated doses of X", "a single dose of X": X given."""
    return _owner(head, ("of",)) if head.lower_ in _DOSES else None


def _acting(head: Token) -> bool:
    """An effect that acts, not one that rests on something ("the effects of X rely on Z": ``means``)."""
    return (head.dep_ == "nsubj" and head.head.lemma_.lower() not in lexicon.REVERSED_VERBS) \
        or (head.dep_ == "pobj" and head.head.lower_ == "by")


def _process_of(head: Token) -> Side | None:
    """"phosphorylation of tau", "tau's phosphorylation" → "tau phosphorylation": a process named
    after what it acts on."""
    if not _process_word(head.lower_) or _left_name(head, ignoring=_not_of_the_name):
        return None
    inner = _owner(head, ("of",))
    # "nuclear translocation of TFEB": a word of where stays with the process ("TFEB nuclear translocation")
    where = [t.text for t in _name_parts(head) if _where_word(t.text)]
    return None if inner is None else Side(name=" ".join([inner.name, *where, head.text]),
                                           direction=adjective_direction(head), state=inner.state, aliases=())


def _process_word(lower: str) -> bool:
    return lower in lexicon.MODIFICATION_NOUNS or lower in lexicon.PROCESS_NOUNS or lower in lexicon.PROCESS_GERUNDS \
        or lower.endswith(lexicon.PROCESS_SUFFIXES)


_CLASS_NAMES = lexicon.CLASS_WORDS | lexicon.CLASS_NOUNS
# The possessives being resolved: a candidate antecedent's own name may hold the same phrase.
_RESOLVING: set[Token] = set()


def _possessed_process(head: Token) -> Side | None:
    """"methylation of tau suppresses its aggregation" → "tau aggregation", "mTORC1 inhibits its
    activity" → TFEB: a process or an amount whose owner is "its" / "their", of the one molecule the
    pronoun stands for in the sentence (``pronouns.possessors``); None otherwise."""
    pronoun = next((c for c in head.lefts if c.dep_ == "poss" and c.tag_ in PRONOUN_TAGS), None)
    if pronoun is None or not _process_or_amount(head) or pronoun in _RESOLVING:
        return None
    _RESOLVING.add(pronoun)
    try:
        found = pronouns.possessors(pronoun, _names_a_molecule, _process_or_amount)
        inner = side_of(found[0]) if found else None
    finally:
        _RESOLVING.discard(pronoun)
    if inner is None:
        return None
    if head.lower_ in lexicon.QUANTITY_WORDS:  # "its activity", "their levels": the molecule itself
        return _turned(inner, adjective_direction(head))
    return Side(name=f"{inner.name} {head.text}", direction=adjective_direction(head), state=inner.state, aliases=())


def _names_a_molecule(token: Token) -> bool:
    """A noun that may be a possessive's antecedent: a gene, a protein or a chemical by its curated
    grounding, or by a symbol with a digit or mixed case where nothing grounds it ("Velk1", "hTau"; not
    "AD", as likely a disease); not a class ("proteins")."""
    if token.lemma_.lower() in _CLASS_NAMES:
        return False
    side = side_of(token)
    if side is None or non_entity_reason(side.name) is not None:
        return False
    if names_a_molecule(side.name) or names_a_molecule(token.text):
        return True
    symbol = re.search(r"[0-9]", token.text) or (re.search(r"[A-Z]", token.text) and re.search(r"[a-z]", token.text))
    return bool(symbol) and not grounds(side.name) and not grounds(token.text)


def _process_or_amount(token: Token) -> bool:
    return _process_word(token.lower_) or token.lower_ in lexicon.QUANTITY_WORDS


_WHERE_WORDS = word_set(_WORDS, "_where_words")


def _where_word(word: str) -> bool:
    return word.lower() in _WHERE_WORDS


def _not_of_the_name(word: str) -> bool:
    """A word before a process that says where it happens or what it does ("inhibitory")."""
    return _where_word(word) or word.lower() in lexicon.MODIFICATION_EFFECT_WORDS


def apposed_across_a_clause(noun: Token) -> bool:
    """"the drug D, which works by inhibiting T, a molecule that ...": an apposition set after a
    clause hung on its head may rename the clause's last noun (T) as well as the head (D), and the
    parse does not tell which."""
    head = noun.head
    return noun.dep_ == "appos" and any(c.dep_ in ("relcl", "acl") and head.i < c.i < noun.i for c in head.children)


def _process_members(head: Token, side: Side) -> list[Side]:
    """"phosphorylation of A and B", "aggregation of A or B": the process acts on every member of its
    object, each named with it ("B phosphorylation"), moved the way the first is. A member with a
    change word, a determiner or a word of amount of its own, or one that names a process itself, is
    a phrase beside the head ("phosphorylation of A and loss of B", "reduced the phosphorylation of A
    and the B levels", "acetylation of A, as well as A-dependent transcription"). A process between
    its members ("the interaction of A and B", "the combination of A and B") is no process of each."""
    if side != _process_of(head):
        return []  # side_of read the head another way
    if head.lower_.rstrip("s") in _JOINT_PROCESSES:
        return []
    owners = [g for c in head.rights if c.dep_ == "prep" and c.lower_ == "of" for g in c.children if g.dep_ == "pobj"]
    found: list[Side] = []
    for member in noun_conjuncts(owners[0]) if owners else []:
        inner = side_of(member)
        beside = has_change_word(member) or member.lower_ in lexicon.QUANTITY_WORDS \
            or any(c.dep_ == "det" for c in member.children) or lexicon.process_head(member.lower_)
        if inner is not None and inner.direction > 0 and not beside:
            found.append(Side(name=f"{inner.name} {head.text}", direction=side.direction, state=inner.state))
    return found


_JOINT_PROCESSES = word_set(_WORDS, "_joint_processes")


def _name_parts(head: Token) -> list[Token]:
    """The left dependents of ``head`` that belong to its name, with their own such dependents."""
    keep: list[Token] = []
    for child in head.lefts:
        if child.dep_ not in _NAME_DEPS or child.tag_ in PRONOUN_TAGS:
            continue
        if (is_change_adjective(child) and not in_curated_name(child, head)) or is_claim_participle(child) \
                or _opens_next_clause(child, head):
            continue
        if lexicon.stage_of_a_process(child.lower_, head.lower_):
            continue  # "early autophagy" is autophagy seen early; "late endosomes" stay a name
        if child.lower_ in lexicon.DETERMINERS or child.lower_ in lexicon.EVALUATIVE_MODIFIERS:
            continue  # ("multiple sclerosis" is held whole by its grounded span)
        if child.lower_ in lexicon.ONSET_GERUNDS and _chance_of(head):
            continue  # "the risk of developing AD" is of AD ("developing countries" stay a name)
        if child.dep_ == "nummod" and child.like_num and child.text.isalpha():
            continue  # "three antipsychotic drugs": a count, no part of the name
        if child.lower_ in _DOSE_UNITS:
            continue  # "50 μM meldonium": a concentration, with its number
        if child.dep_ == "nummod" and child.text.isdigit() and _after_a_number_list(child):
            continue  # "90, 100 Estradiol": the last of a list of reference numbers opens no name
        keep.extend([*_name_parts(child), child, *_member_number(child), *_joined_modifiers(child)])
    return _stray_name_number(head) + keep


def _chance_of(noun: Token) -> bool:
    """The object of a word of amount or chance: "the risk of AD", "the incidence of AD"."""
    return noun.dep_ == "pobj" and noun.head.head.lower_ in lexicon.QUANTITY_WORDS


def _after_a_number_list(number: Token) -> bool:
    doc = number.doc
    return number.i >= 2 and doc[number.i - 1].text == "," and doc[number.i - 2].text.isdigit()


def _joined_modifiers(modifier: Token) -> list[Token]:
    """"nitrated and hyperphosphorylated tau", "insoluble and fibrillar tau": form words joined to
    the first modifier, with their "and", stay in the name, which without them would name the
    unmodified entity. Other joined modifiers ("acute and chronic nicotine") are left out with it."""
    if modifier.dep_ != "amod":
        return []
    joined = [t for t in modifier.subtree if t.i > modifier.i and t.dep_ in ("cc", "conj", "punct")]
    words = [modifier] + [t for t in joined if t.dep_ == "conj"]
    return joined if any(_form_word(t) for t in words) and not any(is_change_adjective(t) for t in words) else []


def _form_word(word: Token) -> bool:
    return any(part in FORM_WORDS or part in lexicon.SOLUBILITY_WORDS for part in word.lower_.split("-"))


def _stray_name_number(head: Token) -> list[Token]:
    """"reduced IL-6 secretion" with "IL-6" read as a number hung on the verb: a word of letters and
    digits right before the phrase, tagged a number and attached elsewhere, is the first word of its name."""
    start = head.left_edge.i
    if start == 0 or not head.tag_.startswith("NN"):
        return []
    before = head.doc[start - 1]
    stray = before.tag_ == "CD" and before.dep_ in ("dep", "punct", "nummod") and before.head.i != head.i \
        and any(ch.isalpha() for ch in before.text) and any(ch.isdigit() for ch in before.text)
    return [before] if stray else []


def _opens_next_clause(child: Token, head: Token) -> bool:
    """"reduced A and facilitated oxidation of B": the misread verb is no part of its object's name."""
    verb = opening_verb(head)
    return verb is not None and verb.i == child.i and next_clause(head) is not None


def _left_name(head: Token, ignoring: Callable[[str], bool] = lambda word: False) -> bool:
    return any(t.dep_ in ("compound", "nmod", "amod") and not ignoring(t.text) for t in _name_parts(head))


def _named(head: Token, exclude_head: bool, direction: int) -> Side | None:
    parts = _name_parts(head)
    tokens = sorted(parts, key=lambda t: t.i) + ([] if exclude_head else [head])
    tokens = contiguous(_with_grounded_words(tokens, head, end=head.i), head)
    words = [t for t in tokens]
    while head.lower_ in ROLE_NOUNS and len(words) > 2 and words[0].lower_ in ROLE_MODIFIERS:
        words.pop(0)  # "a selective Syk inhibitor" inhibits Syk: "selective" says what kind of drug
    roles = [at for at, word in enumerate(words[:-1]) if word.lower_ in DRUG_ROLE_NOUNS]
    if roles and head.lower_ not in ROLE_NOUNS and head.lower_ not in ROMAN_NUMERALS:
        words = words[roles[-1] + 1:]  # "the GSK3 inhibitor lithium" names lithium (its role is read apart)
    # "the drug rapamycin": a substance class before one name is no part of it
    words = words[rule_naming.class_prefix_end([w.text for w in words], [w.lower_ for w in words]):]
    # words of amount at the end are no part of the name ("cortisol levels" names cortisol), nor where
    # the amount is measured ("nAChR surface expression")
    while len(words) > 1 and words[-1].lower_ in lexicon.QUANTITY_WORDS \
            and not names_a_measure([w.text for w in words]):
        words.pop()
        while len(words) > 1 and words[-1].lower_ in lexicon.MEASURED_AT:
            words.pop()
    if not words:
        return None
    if exclude_head and words[-1].i == head.i:
        direction = 1  # a curated name holds the experiment's word ("vitamin D deficiency"): the state itself
    if not exclude_head and words[-1].i == head.i:
        words = _with_grounded_words(words + _member_number(head), head, end=head.i + 1)
    name = written(words)
    if name.lower() in lexicon.VAGUE_NAMES or not any(ch.isalnum() for ch in name) or name.endswith("-") \
            or name.startswith("-") or name.count("(") != name.count(")") or _a_bare_number(name):
        return None  # "time- and dose-dependently": half of a shared compound is no name; nor "Ser(262", "23"
    if any(past_verb(t) and not is_change_adjective(t) for t in words[1:]) or _present_verb(words):
        return None  # "X alleviated behavioral deficits" read as one name: a clause, not a name
    form = bracketed_form(words[-1])
    if form is not None:
        name = f"{form} {name}"
    return Side(name=name, direction=direction, state=_is_state(words), aliases=bracketed_short_form(head))


def _a_bare_number(name: str) -> bool:
    """"1", "23", "~70", "20%": a count, a share or a reference, not a compound's code ("64627")."""
    return not any(ch.isalpha() for ch in name) and not (name.isdigit() and len(name) >= 4)


def _member_number(head: Token) -> list[Token]:
    """The number hung on a name right after it that tells the member of its family ("caspase 9",
    "sirtuin 3"): part of the name, or the name would stand for the whole family. Where the parser
    hangs the number elsewhere, a grounded span still holds it (``_with_grounded_words``)."""
    after = head.doc[head.i + 1] if head.i + 1 < len(head.doc) else None
    member = after is not None and after.head.i == head.i and after.dep_ == "nummod"
    return [after] if member and after.text.isdigit() and len(after.text) <= 2 else []


def _with_grounded_words(tokens: list[Token], head: Token, end: int) -> list[Token]:
    """``tokens`` with the other words of each grounded span they share a word with, within the head's
    phrase, up to the word ``end`` or past it through words the head governs: "caspase 9", "Alzheimer's
    disease progression", "quality of life" are names a curated resource knows whole, whatever the
    parser hung their words on ("leptin and NADPH oxidase" with "NADPH" read as a second member of a
    list). A span that would bring a word of change, a determiner, a verb, a comma or a word the head
    hangs on after it ("serotonin release" of "dopamine and serotonin release", named with each member
    apart) into the name is not taken."""
    doc, held, ancestors = head.doc, {t.i for t in tokens}, set(head.ancestors)
    added: set[int] = set()
    for start, stop in grounded_spans(doc.text):
        words = doc.char_span(start, stop, alignment_mode="contract")  # the words wholly inside
        new = [t for t in words or () if t.i not in held]
        if not new or not held & {t.i for t in words} or words[0].i < head.left_edge.i \
                or not all(t.i <= end or head in t.ancestors for t in words):
            continue
        if any(is_change_adjective(t) or t.lower_ in lexicon.DETERMINERS or t.pos_ in ("VERB", "AUX")
               or t.text == "," or (t.i > head.i and t in ancestors) for t in new):
            continue
        added.update(t.i for t in new)
    return sorted([*tokens, *(doc[i] for i in added)], key=lambda t: t.i)


def _is_state(words: list[Token]) -> bool:
    last = words[-1].lower_
    return last in lexicon.STATE_WORDS or last.endswith(lexicon.STATE_SUFFIXES)


def _turned(side: Side, direction: int) -> Side:
    return Side(name=side.name, direction=side.direction * direction, state=side.state, aliases=side.aliases)


def names_a_harm_side(head: Token, side: Side) -> bool:
    """Whether a side names a harm, which betterment lowers: a fall ("impaired memory", "loss of X"),
    a word of harm ("neuronal death", "damaged axons"), or a disease or abnormal phenotype a curated
    resource names ("nausea"). A remedy of one is not ("disease control", "pain relief")."""
    if head.lower_ in lexicon.REMEDY_HEADS:
        return side.direction < 0
    return side.direction < 0 or harm_in_name(head, side.name)
