"""The host of an experiment and what was done to it: "Velk1-deficient mice showed reduced Tarp",
"Tarp was lower in mice lacking Velk1", "in Velk1 KO neurons, Tarp levels fell", "animals receiving
zorimab had lower Tarp levels". The host (an organism, a cell, a culture) is where a change is seen;
what was done to it (a gene taken away or added, a drug given) is the cause. A host without such a
mark ("rTg4510 mice showed ...") says where, not why: no claim. A host with a clinical condition
("AD patients", "patients with schizophrenia", "FTD brains"), or the condition itself ("in AD"), says
what the change goes with: the condition, read as a state's trigger (``host_condition``), observed, so
a possible claim. A condition is one of the listed words or, against a group without it ("than in
healthy controls"), any name a curated resource grounds to a disease or an abnormal phenotype. Aged
hosts have aging ("in the aged brain", "higher in aged mice than in young mice").

A host is marked by a word before it ("Velk1-deficient", "Velk1 KO"), a clause after it ("lacking
Velk1", "treated with D") or an experiment after "with" ("mice with a conditional knockout of Velk1").
Two places carry the finding: a marked host as the subject of a verb of showing ("showed",
"exhibited", "had") whose object names a change, or of "developed" (what it develops arises in it);
and a marked host, or a tissue of one, after "in" (or "among") on a verb or an adjective of change
("Tarp was reduced in ...", "Tarp levels were lower in the hippocampus of ...") or on a noun of change that was
found ("we observed a reduction in Tarp in ..."). ``change_of`` reads that change; ``reasons`` reads
the change a stated reason is hung on with it.
"""

from __future__ import annotations

import re
from pathlib import Path

from spacy.tokens import Doc, Token

from engine.reading.language import lexicon
from engine.reading.language.curated import names_a_harm
from engine.reading.language.data_files import word_set, word_table, word_tuple
from engine.reading.rules.vocabulary import (
    CARRIER_MODIFIERS, DEFICIENCY_MARKERS, GIVEN_HEADS, ORGANISMS, OVEREXPRESSION_MARKERS)
from engine.reading.parse import modality, patterns, perturbations
from engine.reading.parse.claims import Claim, pairs
from engine.reading.parse.change_words import change_noun_sign, has_change_word, valence_turn
from engine.reading.parse.phrases import EXPERIMENT_HEADS, Side, noun_conjuncts, side_of, sides
from engine.reading.parse.references import AGING, absence_of, clause_of, own_words, references

_WORDS = Path(__file__).with_name("words.toml")

_OWNER_PREPOSITIONS = word_set(_WORDS, "_owner_prepositions")
_CONDITION_ENDINGS = word_tuple(_WORDS, "_condition_endings")

# A gene taken away, written as a word of its own before the host ("Velk1 KO mice", "Velk1 knockout
# neurons"), as the rule reader reads it: a deficiency head, not "loss", "lack" or "absence".
_LOSS_WORDS = lexicon.DEFICIENCY_HEADS - lexicon.PLAIN_LOSSES
# A gene written with an amino-acid substitution: "tau-A152T", "PSEN1-A246E".
_VARIANT = re.compile(r"(?P<gene>[A-Za-z][\w]*?)-(?P<change>[ACDEFGHIKLMNPQRSTVWY]\d{1,4}[ACDEFGHIKLMNPQRSTVWY])")
_ZYGOSITY = frozenset(marker for marker in DEFICIENCY_MARKERS if "/" in marker)  # "Velk1 +/- females"
_CELL_HOSTS = word_set(_WORDS, "_cell_hosts")
_CONTROLS = word_set(_WORDS, "_controls")
_LOSS_VERBS = word_set(_WORDS, "_loss_verbs")
_ENGINEERED = word_set(_WORDS, "_engineered")
# Verbs of giving, by lemma, with the preposition of the agent; shared with the group comparisons.
GIVING_VERBS = word_table(_WORDS, "giving_verbs")
EXPOSING_VERBS = word_table(_WORDS, "exposing_verbs")
_SHOWING_TRAITS = word_set(_WORDS, "_showing_traits")
_FINDING = word_set(_WORDS, "_finding")
_CHANGING = word_table(_WORDS, "_changing")
# Where a change is seen: "lower in mice lacking Velk1", "lower among patients receiving D".
_HOST_PREPOSITIONS = ("in", "among")


def host_claims(doc: Doc) -> list[Claim]:
    claims: list[Claim] = []
    for token in doc:
        if token.pos_ in ("VERB", "AUX") and token.lemma_.lower() in _SHOWING_TRAITS:
            claims += _shown(token)
        if token.dep_ == "prep" and token.lower_ in _HOST_PREPOSITIONS:
            claims += _seen_in(token)
    return claims


def host_causes(host: Token) -> list[Side]:
    """What was done to ``host`` ("Velk1-deficient mice": Velk1 deficiency), [] for a host without a
    mark or a word that is no host."""
    if not _host(host):
        return []
    return _marks_before(host) + [s for verb in describing_verbs(host) for s in _done_by(verb)] + _marks_with(host)


def describing_verbs(host: Token) -> list[Token]:
    """The verbs that may tell what was done to ``host``: a participle ("mice treated with D") or a
    relative clause whose subject is the hosts themselves ("patients who received D", "mice that were
    given D"), not something else ("patients whose tumours shrank"), nor one individual ("one patient
    who received D developed Y" tells a case)."""
    return [verb for verb in host.children if verb.dep_ in ("acl", "amod") or (
        verb.dep_ == "relcl" and host.tag_ == "NNS" and any(_the_hosts(c) for c in verb.children))]


def _the_hosts(subject: Token) -> bool:
    """A relative clause's subject that is its hosts: "who", "that", or "which" undergoing the verb
    ("cells which were exposed to X"; "brains, which correlated with Y" says something of the finding)."""
    return (subject.dep_ in ("nsubj", "nsubjpass") and subject.lower_ in ("who", "that")) \
        or (subject.dep_ == "nsubjpass" and subject.lower_ == "which")


def _marks_with(host: Token) -> list[Side]:
    """"mice with a conditional knockout of Velk1", "flies with Velk1 overexpression": an experiment
    done on a gene, after "with"; not a trait or a change the host merely has ("mice with tau
    pathology", "patients with cognitive decline", "cases with reduced Velk1")."""
    things = patterns.objects_after(host, "with")
    return [s for thing in things if thing.lower_ in EXPERIMENT_HEADS or perturbations.perturbed(thing) is not None
            for s in sides(thing)]


def _host(token: Token) -> bool:
    """What an experiment is done on: an organism, a cell, a culture (the rule reader's list)."""
    return names_a_host(token.lower_)


def names_a_host(name: str) -> bool:
    """A name whose last word is a host ("SH-SY5Y cells", "TPR50 mice")."""
    last = name.lower().rsplit(" ", 1)[-1]
    return last in ORGANISMS or last in lexicon.HOST_NOUNS or last in _CELL_HOSTS


def _marks_before(host: Token) -> list[Side]:
    """"Velk1-deficient mice", "Velk1+/- females", "Velk1 KO mice"; also "In Velk1-deficient mice"
    parsed with the mark as a second object of "in"."""
    doc, start = host.doc, host.left_edge.i
    words = [t for t in doc[start:host.i] if t.dep_ != "det"]
    if start > 0 and doc[start - 1].dep_ in ("dep", "pobj") and doc[start - 1].head.i != host.i:
        words = [doc[start - 1]] + words  # the mark hung on the verb or on "in" by the parser
    for at, word in enumerate(words):
        if word.lower_ in _LOSS_WORDS or word.text in _ZYGOSITY:
            name = _name(words[:at])
            return [_lost(name)] if name else []
        glued = word.text + (words[at + 1].text if at + 1 < len(words) and not word.whitespace_ else "")
        variant = _VARIANT.fullmatch(glued)  # (the tokenizer may cut "tau-A152T" as "tau-A152", "T")
        if word.lower_ == "mutant" or variant:  # "PSEN1 A246E mutant neurons", "tau-A152T neurons"
            name = _name(words[:at], f"{variant['gene']} {variant['change']}" if variant else "")
            return [Side(name=f"{name} mutation", state=True)] if name else []
        marked = _marked(word.text) or (_mark_apart(word.lower_) if at else None)
        if marked is not None:
            name = _name(words[:at], marked[0])
            if not name or name.split()[-1].lower() in _CONTROLS:
                return []
            return [Side(name=name) if marked[1] else _lost(name)]
    return []


def _marked(word: str) -> tuple[str, bool] | None:
    """(the name, whether the mark adds) of a word with a mark at its end, as the rule reader reads
    them ("TIMP-2-deficient", "Atg7-null", "Velk1+/-", "APP-overexpressing"); None for other words."""
    lower = word.lower()
    for marker in DEFICIENCY_MARKERS + OVEREXPRESSION_MARKERS:
        if lower.endswith(marker) and len(lower) > len(marker):
            return word[:-len(marker)], marker in OVEREXPRESSION_MARKERS
    return None


def _mark_apart(word: str) -> tuple[str, bool] | None:
    """A mark written apart from its name ("zorimab treated mice", "Velk1 overexpressing cells")."""
    marker = "-" + word
    if marker in OVEREXPRESSION_MARKERS or marker in DEFICIENCY_MARKERS:
        return "", marker in OVEREXPRESSION_MARKERS
    return None


def _name(words: list[Token], marked: str = "") -> str:
    """The gene's name among the words before a mark (and the name the marked word itself opens
    with), without describing words ("conditional")."""
    kept: list[str] = []
    for text, tag in [(w.text, w.tag_) for w in words] + ([(marked, "NN")] if marked else []):
        if kept and kept[-1].endswith("-") and text[:1].isdigit():
            kept[-1] += text  # "TDP- 43" broken at a line end
        elif tag.startswith("NN") or re.search(r"[A-Z0-9]", text):
            kept.append(text)
    # "α4- and β2-knockout mice": a name cut before its mark is left out
    return " ".join(w for w in kept if not w.endswith("-"))


def _done_by(verb: Token) -> list[Side]:
    """"lacking X", "deficient in X", "overexpressing X", "treated with D", "receiving D"; "expressing
    X" for a host made to (transgenic, transfected: "transgenic mice expressing X")."""
    lower = verb.lower_
    if lower in _LOSS_VERBS or lower in lexicon.GAIN_VERBS or (lower == "expressing" and _engineered(verb.head)):
        given = [s for thing in _objects(verb, "in" if lower == "deficient" else None) for s in sides(thing)]
        return [_lost(s.name) for s in given if s.direction > 0 and not s.state] if lower in _LOSS_VERBS else given
    given = giving(verb)
    if given is not None and verb.dep_ != "amod":  # "exposed SH-SY5Y cells" names no agent
        return [s for thing in _objects(verb, given[1] or None) for s in sides(thing)]
    return []


def giving(verb: Token) -> tuple[str, str] | None:
    """(lemma, the preposition before what is given, "" for an object) of a verb that gives a host
    something ("treated with", "exposed to", "given"), None for another verb; the lemma read off the
    participle where the model did not know the verb ("transfected" lemmatised "transfecte")."""
    for lemma in (verb.lemma_.lower(), verb.lower_[:-2] if verb.lower_.endswith("ed") else ""):
        preposition = GIVING_VERBS.get(lemma, EXPOSING_VERBS.get(lemma))
        if preposition is not None:
            return lemma, preposition
    return None


def _engineered(host: Token) -> bool:
    """A host marked as made to carry a gene: "transgenic mice", "transfected cells"."""
    return any(c.dep_ in ("amod", "compound") and c.lower_ in _ENGINEERED for c in host.lefts)


def _objects(verb: Token, preposition: str | None) -> list[Token]:
    """The things a verb after the host names; not a verb of showing read as a noun ("mice lacking
    M4 show increased Y" parsed with "M4 show" as one name)."""
    found = patterns.objects_after(verb, preposition) if preposition else patterns.objects(verb)
    return [t for t in found if t.lower_ not in lexicon.STATE_EXHIBIT_VERBS]


def _owned_place(place: Token) -> Token:
    """The place whose owner is named: "in the hippocampus and the cortex of AD patients" lists tissues
    of one owner, whom the parser hangs on the last of them."""
    if not lexicon.place_word(place.lower_) or any(c.dep_ == "prep" for c in place.children) or not place.conjuncts:
        return place
    last = place.conjuncts[-1]
    owned = lexicon.place_word(last.lower_) and any(c.dep_ == "prep" and c.lower_ in _OWNER_PREPOSITIONS
                                                    for c in last.children)
    return last if owned else place


def _owners(place: Token) -> list[Token]:
    """Whom a tissue is of ("the hippocampus of mice treated with D", "the hippocampus and the cortex
    of Velk1-deficient mice"); [] for a word that is no tissue."""
    place = _owned_place(place)
    return patterns.objects_after(place, "of", "from") if lexicon.place_word(place.lower_) else []


def _lost(name: str) -> Side:
    return Side(name=f"{name} deficiency", state=True)


def _shown(verb: Token) -> list[Claim]:
    """"Velk1-deficient mice showed a decrease of Tarp": the host's mark causes the change it shows;
    "AD brains show an increase of Tarp": the host's condition goes with it."""
    if modality.negated(verb) or modality.questioned(verb):
        return []
    subjects = patterns.subjects(verb, "nsubj")
    causes = [s for c in subjects for s in host_causes(c)]
    conditions = [] if causes else [s for c in subjects for s in _condition_only(c, verb)] \
        or _diagnosed_subject_condition(verb)
    # what a host develops arises in it ("Velk1-deficient mice developed neurodegeneration")
    arises = verb.lemma_.lower() == "develop"
    effects = [s for c in patterns.objects(verb) if (arises or has_change_word(c)) and not _host(c) for s in sides(c)]
    # a condition's hosts were only observed with the change: a possible claim
    return pairs(causes or conditions, 1, effects, modality.hedged(verb) or bool(conditions))


def _seen_in(preposition: Token) -> list[Claim]:
    """"Tarp levels were reduced in Velk1-deficient neurons", "Tarp was lower in mice lacking Velk1",
    "a decrease in Tarp was observed in Velk1 KO cells"; "Tarp is lower in AD brains" (the host's
    condition); where no agent is named ("Tarp is lowered by X in AD brains" is X's effect, whatever
    the host)."""
    word = preposition.head
    if word.dep_ in ("nsubj", "nsubjpass") and not _change_noun(word):
        word = word.head  # "Tarp levels in AD brains were lower": the change is the subject's
    if _has_agent(word):
        return []
    causes = [s for host in preposition.children if host.dep_ == "pobj" for s in host_causes(host)]
    causes += [s for place in preposition.children if place.dep_ == "pobj"
               for host in _owners(place) for s in host_causes(host)]
    causes += [s for clause in preposition.children if clause.dep_ == "pcomp" and _of_a_host(clause)
               for s in _done_by(clause)]
    conditions = []
    if not causes and not _compared(preposition) \
            and preposition.head.lower_ not in _DONE_TO_A_HOST:
        conditions = [s for place in preposition.children if place.dep_ == "pobj"
                      for s in _condition_only(_owned_place(place), word)]
    change = change_of(word, nouns_found_only=True) if causes or conditions else None
    if change is None:
        return []
    predicate, sign, effects = change
    # a condition was only observed with the change: a possible claim
    return pairs(causes or conditions, sign, effects, modality.hedged(predicate) or bool(conditions))


def _condition_only(place: Token, predicate: Token) -> list[Side]:
    """The condition of a place, where the change is not said against another group: "more in CBD
    when compared to PiD", "than those with degenerative stenosis" compare two conditions; "than in
    healthy controls", "than in non-diabetic patients" compare with its absence. Without any group
    named to compare with, only the listed conditions are read ("Tarp is lower in AD brains"): of
    clinical groups in general a difference may be a count, a change over time or a subgroup's
    ("83 of 177 patients with vertigo had hearing loss"). A place of no condition may still have a
    trait compared with its absence (``_trait_against_its_absence``)."""
    conditions = host_condition(place)
    clause = clause_of(predicate)
    if any(c.dep_ == "prep" and c.lower_ in _AFTER for c in (*predicate.children, *clause.children)):
        return []  # "patients with X had fewer symptoms after surgery": the surgery's effect
    if not conditions:
        return _trait_against_its_absence(place, clause)
    compared_with = references(clause)
    if not compared_with:
        return [c for c in conditions if _listed(c.name)]
    if any(not absence_of(r, c.name.split()[-1], had=True) for r in compared_with for c in conditions):
        return []
    return conditions


def _trait_against_its_absence(place: Token, clause: Token) -> list[Side]:
    """"lower in municipalities with a GP hospital than in those without one": what a group has, of any
    kind, goes with the change where it is compared only with groups said to be without it."""
    traits = patterns.objects_after(place, "with")
    compared = [r for r in references(clause) if r.head.lower_ != "without"]  # (what they are without)
    if len(traits) != 1 or not compared or not all(_said_without(r) for r in compared):
        return []
    return sides(traits[0])


def _said_without(reference: Token) -> bool:
    """"those without (one)", "municipalities without this kind of institution": "without" in the
    group's phrase or right after it (where the parser hangs it on the verb)."""
    after = reference.right_edge.i + 1
    return any(w.lower_ == "without" for w in own_words(reference)) \
        or (after < len(reference.doc) and reference.doc[after].lower_ == "without")


def _listed(name: str) -> bool:
    """A name whose last word is a listed condition word ("Zorin disease", "tauopathy"), or aging (of
    "aged brains")."""
    last = name.lower().rsplit(" ", 1)[-1]
    return last in lexicon.CONDITION_WORDS or last == AGING or last.endswith(_CONDITION_ENDINGS)


def host_condition(place: Token) -> list[Side]:
    """The clinical condition (``lexicon.CONDITION_WORDS``) a place of a change names: the condition
    itself ("in AD", "in Alzheimer's disease"), or a host or tissue that has it ("AD brains", "HD
    mouse brains", "patients with schizophrenia", "brains diagnosed with FTD", "the brains of AD
    patients", "the cortex of AD patients' brains"). A change seen there goes with the condition, as a
    state's trigger; a host something was done to is read by ``host_causes`` instead."""
    if _condition(place):
        return [s for s in sides(place)
                if (s.state or names_a_harm(s.name)) and s.name.lower() not in _UNNAMED_CONDITIONS]
    if not (_host(place) or lexicon.place_word(place.lower_)) or host_causes(place):
        return []
    traits = patterns.objects_after(place, "with")
    if (traits and not any(host_condition(t) or has_change_word(t) for t in traits)) \
            or any(v.pos_ == "VERB" and v.lemma_.lower() not in _HAVING_PARTICIPLES for v in describing_verbs(place)):
        return []  # "NIDDM subjects with the DD genotype", "X patients who use Y": the genotype's group, Y's
    found: list[Side] = []
    for child in place.children:
        # "breast cancer cells": a kind of cell, not cells of a patient who has the condition
        if child.dep_ in ("compound", "amod", "nmod", "poss") and child.i < place.i and place.lower_ not in _CELLS:
            if child.lower_ in lexicon.CONDITION_ADJECTIVES:  # "diabetic patients": diabetes
                # (not "similarly aged individuals": a match to the other group, not a condition)
                if not any(c.dep_ == "advmod" for c in child.children):
                    found.append(Side(name=lexicon.CONDITION_ADJECTIVES[child.lower_], state=True))
            else:
                found += [_condition_named_before(place, child)] if _condition(child) else host_condition(child)
        elif child.dep_ == "prep" and child.lower_ in _OWNER_PREPOSITIONS:
            found += [s for g in child.children if g.dep_ == "pobj" for s in host_condition(g)]
        elif child.dep_ == "acl" and child.lemma_.lower() in _HAVING_PARTICIPLES:
            found += _diagnosed_with(child)
    return [s for s in found if s is not None]


def _diagnosed_with(diagnosed: Token) -> list[Side]:
    """The condition after a participle that gives it to a host ("diagnosed with", "suffering from",
    "affected by")."""
    prepositions = _HAVING_PARTICIPLES[diagnosed.lemma_.lower()]
    conditions = patterns.objects_after(diagnosed, *prepositions)
    if "by" in prepositions:  # the parser's agent
        conditions += patterns.governed(diagnosed, "agent", "agent")
    return [s for g in conditions for s in host_condition(g)]


_UNNAMED_CONDITIONS = word_set(_WORDS, "_unnamed_conditions")
_AFTER = word_set(_WORDS, "_after")
_CELLS = word_set(_WORDS, "_cells")
# Words of whose or when a tissue is, before the condition ("human AD brains", "post-mortem HD brain").
_AFTER_DEATH = word_set(_WORDS, "_after_death")
_WHOSE = CARRIER_MODIFIERS | _AFTER_DEATH
_AMOUNT_CHANGES = word_set(_WORDS, "_amount_changes")
_HAVING_PARTICIPLES = word_table(_WORDS, "_having_participles")
_RAISING_VERBS = word_set(_WORDS, "_raising_verbs")
_DOING_NOUNS = word_set(_WORDS, "_doing_nouns")
# Nouns of what was done, not of a change seen ("use of an activator enhanced survival in HD models").
_DONE_TO_A_HOST = GIVEN_HEADS | _DOING_NOUNS


def _condition_named_before(place: Token, condition: Token) -> Side | None:
    """"Zorin disease brains": the parser hangs each word of the condition on the place; the condition's
    name runs from the first of them to its head word."""
    words = [condition]
    for word in reversed(place.doc[place.left_edge.i:condition.i]):
        # a describing word hung on the place says what the place is ("striatal HD brain")
        deps = ("compound", "amod", "nmod", "poss", "case") if word.head.i == condition.i else ("compound", "poss", "case")
        if word.head.i not in (place.i, condition.i) or word.dep_ not in deps or word.lower_ in _WHOSE:
            break
        words.insert(0, word)
    side = side_of(condition)
    if len(words) > 1:
        side = Side(name=place.doc[words[0].i:condition.i + 1].text, state=True)
    return None if side is None or side.name.lower() in _UNNAMED_CONDITIONS else side


def _condition(token: Token) -> bool:
    """A clinical condition: a word of the list ("AD", "dementia"), or a name a curated resource
    grounds to a disease or an abnormal phenotype ("uremia", "endometrial polyps")."""
    if _listed(token.lower_):
        return True
    if has_change_word(token):
        return False  # a change named ("cognitive decline"), not a condition
    side = side_of(token)
    # a symbol alone ("PID", "CBD") is read only by the list: without its definition it is ambiguous
    return side is not None and not lexicon.symbol_word(side.name) and names_a_harm(side.name)


def _has_agent(predicate: Token) -> bool:
    """"Tarp was lowered by X": the change has a doer of its own."""
    return any(c.dep_ == "agent" for c in predicate.children)


def _compared(preposition: Token) -> bool:
    """"... higher in controls than in AD": the place after "than" is the baseline, not where it rose."""
    return any(t.lower_ == "than" for t in preposition.ancestors) or preposition.head.lower_ == "than"


def _diagnosed_subject_condition(verb: Token) -> list[Side]:
    """"brains diagnosed with FTD demonstrated an increase": the parser may make the host's participle
    a verb with the host as its subject, and the verb of showing its conjunct or its head; the
    condition is the participle's."""
    if patterns.subjects(verb, "nsubj"):
        return []
    near = ([verb.head] if verb.dep_ == "conj" else []) + [c for c in verb.children if c.dep_ == "ccomp"]
    return [s for diagnosed in near if diagnosed.lemma_.lower() in _HAVING_PARTICIPLES
            and any(_host(c) for c in patterns.subjects(diagnosed, "nsubj")) for s in _diagnosed_with(diagnosed)]


def change_of(word: Token, nouns_found_only: bool = False) -> tuple[Token, int, list[Side]] | None:
    """(predicate, sign, changed sides) of the change a phrase hung on ``word`` ("in HOST", "due to
    X") is said of; None where the word states no change, or states it denied or asked about. The
    word is a verb or an adjective of change, or its copula ("Tarp levels were lower in ..."), or a
    noun of change ("a decrease in Tarp"), also through the changed thing's noun inside it ("an
    increase in Tarp expression in ..."). A noun keeps its own change, not its conjuncts' ("not
    only a fall of A but a rise of B"), and is no change of its own as the object of a verb of change
    ("X suppressed Tarp production in cells overexpressing Y": X's effect, seen in the cells); with
    ``nouns_found_only`` it counts only as what a verb of finding found ("we observed a reduction
    in Tarp in ...", "there was a loss of Tarp in ..."). A change that names nothing it changes
    ("this enhancement") is none."""
    predicate = _changing(word)
    if predicate.lemma_.lower() == "be":
        predicate = next((c for c in predicate.children if c.dep_ == "acomp"), predicate)
    if modality.negated(predicate) or modality.questioned(predicate):
        return None
    if _change_noun(predicate):
        if not _own_change(predicate, nouns_found_only):
            return None
        changed = _own_sides(predicate)
        sign = 1
    else:
        sign, heads = _change_seen(predicate)
        changed = [s for head in heads if not _host(head) for s in sides(head)]
    changed = [s for s in changed if s is not None and not _bare_change(s.name)]
    return (predicate, sign, changed) if sign else None


def _own_change(noun: Token, found_only: bool) -> bool:
    if found_only:
        while noun.dep_ == "conj" and noun.head.i != noun.i:  # "an increase of A and a decrease of B"
            noun = noun.head
        governor = noun.head
        # not a claim reported ("overexpression of X in AD mice was shown to decrease Y")
        found = governor.lemma_.lower() in _FINDING and noun.dep_ in ("dobj", "nsubjpass") \
            and not any(c.dep_ in ("xcomp", "ccomp") for c in governor.children)
        there_was = noun.dep_ == "attr" and any(c.dep_ == "expl" for c in governor.children)
        return found or there_was
    return not (noun.dep_ == "dobj" and lexicon.change_verb(noun.head.lower_))


def _own_sides(noun: Token) -> list[Side]:
    """The sides a noun of change names in its own phrase ("increased expression of A and B": A and
    B), not those of nouns coordinated with it ("an increase of A and a decrease of B in ...": each
    change may have its own place)."""
    others = {side_of(member) for member in noun_conjuncts(noun)}
    return [s for s in sides(noun) if s not in others]


def _bare_change(name: str) -> bool:
    """A change that names nothing it changes ("this enhancement declined with age", "an intermediate
    reduction was observed in MCI")."""
    words = name.lower().split()
    if len(words) == 1:
        return change_noun_sign(words[0]) != 0
    return words[-1] in _AMOUNT_CHANGES and all(w.isalpha() for w in words[:-1])


def _changing(word: Token) -> Token:
    """``word``, or the noun of change whose thing it names ("an increase in Tarp expression with
    aging", the phrase hung on "expression")."""
    preposition = word.head
    if word.dep_ == "pobj" and preposition.lower_ in lexicon.CHANGE_PREPOSITIONS and _change_noun(preposition.head):
        return preposition.head
    return word


def _change_noun(word: Token) -> bool:
    return word.pos_ == "NOUN" and has_change_word(word)


def _of_a_host(clause: Token) -> bool:
    """"in mice lacking X" parsed as a clause of "lacking" whose subject is the host."""
    return any(_host(c) for c in patterns.subjects(clause, "nsubj"))


def _change_seen(predicate: Token) -> tuple[int, list[Token]]:
    """(sign, changed heads) of the word a phrase ("in HOST", "due to X") hangs on: a verb of change
    with what it changes (the subject of a passive or of an intransitive use), an adjective of change
    with the copula's subject, or a verb of finding with a change as its subject ("a decrease in
    Tarp was observed")."""
    lower, lemma = predicate.lower_, predicate.lemma_.lower()
    if predicate.pos_ == "ADJ":
        sign = 1 if lower in lexicon.INCREASE_ADJECTIVES else -1 if lower in lexicon.DECREASE_ADJECTIVES else 0
        subjects = patterns.subjects(predicate.head, "nsubj") if sign else []
        return (sign * valence_turn(predicate, subjects[0]) if subjects else sign), subjects
    if lemma in _FINDING:
        return 1, [c for c in patterns.subjects(predicate, "nsubjpass") if has_change_word(c)]
    sign = lexicon.VERB_FORMS.get(lower, (None, 0, None))[1] or _CHANGING.get(lemma, 0)
    if sign == 0 or not predicate.tag_.startswith("VB") or lemma in lexicon.REVERSED_VERBS:
        return 0, []  # "Y is required in ...": a need, not a change of Y
    if lemma in lexicon.MODIFYING_VERBS:
        return 0, []  # "tau is methylated in ...": a change of the modification, not of tau
    passive = patterns.subjects(predicate, "nsubjpass")
    if not passive and predicate.dep_ == "xcomp" and any(c.dep_ == "auxpass" for c in predicate.children):
        # "Tarp was found to be reduced in ...": the subject of the verb of finding
        passive = patterns.subjects(predicate.head, "nsubjpass", "nsubj")
    if passive:
        return sign, passive
    if predicate.dep_ == "acomp" and predicate.tag_ == "VBN" and predicate.head.lemma_.lower() == "be":
        # "Tarp was impaired as a result of X" read as a copula and its participle: a passive still
        return sign, patterns.subjects(predicate.head, "nsubj")
    # "Tarp rose in ...": only a verb whose subject is what changes (not "X reduced Tarp in Velk1-deficient
    # mice", where X is the cause and the host the place, nor "X leads to Y in ...")
    if lemma in _CHANGING and not patterns.objects(predicate):
        # not a verb of showing misread as the subject ("cells exhibit increased Y in ...")
        return sign, [c for c in _changing_subjects(predicate) if c.lower_ not in lexicon.STATE_EXHIBIT_VERBS]
    return 0, []


def _changing_subjects(verb: Token) -> list[Token]:
    """The subjects of an intransitive verb of change, or of the verb it is raised to ("Tarp tends to
    increase in AD", "appears to decline with age")."""
    own = patterns.subjects(verb, "nsubj")
    if own or verb.dep_ != "xcomp" or verb.head.lemma_.lower() not in _RAISING_VERBS:
        return own
    return patterns.subjects(verb.head, "nsubj")
