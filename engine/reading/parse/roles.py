"""Claims stated through a role or an effect rather than a causal verb: "X is an inhibitor of Y",
"X, an activator of Y, ...", "X has a protective effect on Y", "the inhibitory effect of X on Y",
"X is required / essential for Y", "Y is dependent on X", "X is a negative regulator of Y", "X acts as an
inhibitor of Y", "X is an effective treatment for Y", "X is effective against Y"."""

from __future__ import annotations

from pathlib import Path

from spacy.tokens import Doc, Token

from engine.assembly.identity import spells_abbreviation
from engine.reading.language import lexicon
from engine.reading.language.curated import turns_on
from engine.reading.language.data_files import word_set, word_table, word_tuple
from engine.reading.rules.vocabulary import DRUG_ROLE_NOUNS, ROMAN_NUMERALS
from engine.reading.parse import modality, patterns
from engine.reading.parse.claims import NOMINAL_CONFIDENCE, Claim, pairs, respective
from engine.reading.parse.examples import named_members
from engine.reading.parse.hosts import names_a_host
from engine.reading.parse.change_words import has_change_word
from engine.reading.parse.phrases import Side, apposed_across_a_clause, names_a_harm_side, sides, stranded_preps

_WORDS = Path(__file__).with_name("words.toml")

_REGULATORS = word_set(_WORDS, "_regulators")
_KIND_ENDINGS = word_tuple(_WORDS, "_kind_endings")
_REFERENCE_WORDS = word_set(_WORDS, "_reference_words")

_AGENT_ENDINGS = word_tuple(_WORDS, "_agent_endings")
_EFFECT_PREPS = word_set(_WORDS, "_effect_preps")
_SIGNING_ADJECTIVES = word_table(_WORDS, "_signing_adjectives")
_ACTING_AS = word_set(_WORDS, "_acting_as")
_STUDYING = word_set(_WORDS, "_studying")
_DIRECTION_NOUNS = word_set(_WORDS, "_direction_nouns")
_FACTOR_SIGNS = word_table(_WORDS, "_factor_signs")
_FACTOR_PREPS = word_set(_WORDS, "_factor_preps")
_TREATMENT_NOUNS = word_set(_WORDS, "_treatment_nouns")
_HOPED_FOR = word_set(_WORDS, "_hoped_for")
_WORKING = word_set(_WORDS, "_working")


def role_claims(doc: Doc) -> list[Claim]:
    claims: list[Claim] = []
    for token in doc:
        if token.pos_ in ("NOUN", "PROPN"):
            claims += _agent_noun_claims(token) + _effect_noun_claims(token) + _risk_factor_claims(token) \
                + _treatment_claims(token)
        claims += _needed_for_claims(token)
    return claims


def _agent_sign(noun: Token) -> int:
    word = noun.lower_
    if not word.endswith(_AGENT_ENDINGS):
        return 0
    if word in _REGULATORS:
        # "a negative regulator of Y": only a signing adjective gives the role its sign, and "of" its target
        if not patterns.objects_after(noun, "of"):
            return 0
        signs = [_SIGNING_ADJECTIVES.get(c.lower_, 0) for c in noun.lefts if c.dep_ == "amod"]
        return next((sign for sign in signs if sign), 0)
    return -1 if word in lexicon.DECREASE_HEADS else 1 if word in lexicon.INCREASE_HEADS else 0


def _bearer(noun: Token) -> tuple[list[Token], Token] | None:
    """Who holds the role, and the predicate the claim hangs on: the subject of "is a(n) ..." or the
    noun an apposition renames."""
    if noun.dep_ == "attr" and noun.head.lemma_ == "be":
        be = noun.head
        if be.dep_ == "xcomp" and not patterns.subjects(be, "nsubj"):
            # "X has been shown to be / appears to be an inhibitor of Y": the raising verb's subject
            return patterns.subjects(be.head, "nsubj", "nsubjpass"), be
        return patterns.subjects(be, "nsubj"), be
    acting = noun.head.head
    if noun.dep_ == "pobj" and noun.head.lower_ == "as" and acting.lemma_.lower() in _ACTING_AS:
        return patterns.subjects(acting, "nsubj"), acting  # "X acts as an inhibitor of Y"
    if noun.dep_ == "appos":
        if apposed_across_a_clause(noun):
            return None
        if noun.tag_ == "NNS" and noun.head.tag_ == "NN" and not noun.head.conjuncts:
            return None  # a plural role renaming one common noun: hung on the wrong noun ("impairment,
            # which is associated with more A and B, both activators of Y")
        return [noun.head], modality.predicate_of(noun.head)
    return None


def _valid(predicate: Token) -> bool:
    return not modality.negated(predicate) and not modality.questioned(predicate)


def _agent_noun_claims(noun: Token) -> list[Claim]:
    """"X is an inhibitor of Y", "X, a Y inhibitor, ...", "the Y inhibitor X", "Y inhibitors (X1, X2)",
    "Y inhibitors such as X": X lowers Y."""
    sign = _agent_sign(noun)
    if sign == 0:
        return []
    of_objects = patterns.objects_after(noun, "of")
    target = [s for t in of_objects for s in sides(t)] or _compound_target(noun)
    # the subject of "is a(n) ...", else names set after the role ("Four of the drugs are ChE
    # inhibitors (tacrine, donepezil)": the subject names none)
    for bearer in (_bearer(noun), None if of_objects else _named_after(noun, target)):
        causes = [s for head in bearer[0] if _names_a_bearer(head) for s in sides(head)] if bearer else []
        if causes:
            return pairs(causes, sign, target, modality.hedged(bearer[1]), NOMINAL_CONFIDENCE) \
                if _valid(bearer[1]) else []
    return []


def _risk_factor_claims(noun: Token) -> list[Claim]:
    """"X is an independent risk factor for Y": X went with more Y where it was observed, a possible
    claim (as ``associations``); "X, a protective factor against Y": with less Y."""
    if noun.lower_ not in lexicon.RISK_FACTOR_HEADS:
        return []
    signs = {_FACTOR_SIGNS[c.lower_] for c in noun.lefts
             if c.dep_ in ("compound", "amod") and c.lower_ in _FACTOR_SIGNS}
    bearer = _bearer(noun)
    if len(signs) != 1 or bearer is None or not _valid(bearer[1]):
        return []
    causes = [s for head in bearer[0] if _names_a_bearer(head) for s in sides(head)]
    effects = [s for t in patterns.objects_after(noun, *_FACTOR_PREPS) for s in sides(t)]
    return pairs(causes, signs.pop(), effects, hedged=True, confidence=NOMINAL_CONFIDENCE)


def _treatment_claims(noun: Token) -> list[Claim]:
    """"D is an effective treatment for Y", "D is effective in the treatment of Y": D lowers Y. A word of
    efficacy must say the treatment works; "a promising therapy for Y" is hedged."""
    if noun.lemma_.lower() not in _TREATMENT_NOUNS:
        return []
    describers = {c.lower_ for c in noun.lefts if c.dep_ in ("amod", "conj", "compound")} \
        | {c.lower_ for a in noun.lefts if a.dep_ == "amod" for c in a.conjuncts}
    within = noun.head if noun.dep_ == "pobj" and noun.head.lower_ == "in" else None
    if within is not None and within.head.lower_ in lexicon.TREATING_EFFICACY and within.head.dep_ == "acomp":
        be = within.head.head  # "D is effective in the treatment of Y"
        bearer = (patterns.subjects(be, "nsubj"), be) if be.lemma_ == "be" else None
        treated = patterns.objects_after(noun, "of")
    elif describers & lexicon.TREATING_EFFICACY:
        bearer, treated = _bearer(noun), _treated(noun)
    else:
        return []
    if bearer is None or not _valid(bearer[1]):
        return []
    causes = [s for head in bearer[0] if _names_a_bearer(head) for s in sides(head)]
    effects = [s for t in treated if t.pos_ in ("NOUN", "PROPN") for s in sides(t)]
    hedged = modality.hedged(bearer[1]) or bool(describers & _HOPED_FOR)
    return pairs(causes, -1, effects, hedged, NOMINAL_CONFIDENCE)


def _treated(word: Token) -> list[Token]:
    """What a treatment or a word of efficacy is for: the objects of "for", and of people treated ("for
    women with breast cancer", "in infants with sepsis") what they have, also where the parser hangs
    "with" on the treatment."""
    things = patterns.objects_after(word, "for")
    things += [t for t in patterns.objects_after(word, "in") if _names_people(t) and t not in things]
    had = [o for o in patterns.objects_after(word, "with") if any(t.i < o.i and _names_people(t) for t in things)]
    return [c for t in things for c in ((patterns.objects_after(t, "with") or had) if _names_people(t) else [t])]


def _names_people(word: Token) -> bool:
    return names_a_host(word.text) or word.lower_ in lexicon.GROUP_PEOPLE


def _names_a_bearer(head: Token) -> bool:
    """Not a count ("two of the drugs") nor a class alone ("these agents"): neither names who holds
    the role."""
    return not head.like_num and head.lower_ not in lexicon.CLASS_NOUNS and head.lower_ not in lexicon.GENERIC_NAMES


def _compound_target(noun: Token) -> list[Side]:
    """"a selective HDAC3 inhibitor", "a dopamine D2 receptor antagonist": the words right before the
    role noun name what it acts on (the parser hangs them on the role noun, flat)."""
    run: list[Token] = []
    before = list(noun.lefts)
    if not before and noun.dep_ == "compound":
        # "the GSK3 inhibitor lithium" parsed flat: GSK3 and the role noun both hang on the name
        before = [t for t in noun.head.lefts if t.i < noun.i]
    for word in reversed(before):
        if word.i != (run[0].i if run else noun.i) - 1:
            break
        if word.dep_ not in ("compound", "nmod") and not (word.dep_ == "amod" and _name_like(word)):
            break
        run.insert(0, word)
    if not run:
        return []
    start = run[0].left_edge.i  # the first word's own modifiers: "an alpha7 nAChR antagonist"
    while start < run[0].i and (noun.doc[start].dep_ in ("det", "amod") and not _name_like(noun.doc[start])):
        start += 1  # "a selective", "the potent"
    name = "".join(_kind_cut(t.text) + t.whitespace_ for t in noun.doc[start:run[-1].i + 1]).strip()
    return [Side(name=name)] if name else []


def _kind_cut(word: str) -> str:
    """"alpha7-specific" names alpha7; "-preferring" alone names nothing."""
    for suffix in _KIND_ENDINGS:
        if word.lower().endswith(suffix):
            return word[:-len(suffix)]
    return word


def _name_like(word: Token) -> bool:
    """A symbol the tagger took for an adjective ("a Velk1 inhibitor", "GSK3β")."""
    return any(ch.isupper() or ch.isdigit() for ch in word.text)


def _named_after(noun: Token, target: list[Side]) -> tuple[list[Token], Token] | None:
    """Names set after a role noun, as its apposition ("the HDAC inhibitor trichostatin A", "GSK3
    inhibitors (lithium, tideglusib)"), as the name it is a compound of ("the GSK3 inhibitor lithium")
    or its examples ("such as lithium"), and the predicate. Not a
    reference ("(Fig. 3A)", "(IC50 = 92 nM)") nor a short form of the phrase ("phosphodiesterase
    type 4 (PDE4) inhibitor", "Kunitz protease inhibitor (KPI)")."""
    named = [c for c in noun.rights if c.dep_ == "appos" and c.pos_ not in ("PRON", "NUM", "PUNCT")] \
        + named_members(noun) + _named_by_compound(noun)
    phrases = [f"{t.name} {noun.text}" for t in target] + [t.name for t in target]
    named = [c for c in named if not _reference(c) and not any(spells_abbreviation(c.text, p) for p in phrases)]
    return (named, modality.predicate_of(noun)) if named else None


def _named_by_compound(noun: Token) -> list[Token]:
    """"the GSK3 inhibitor lithium" parsed with the role noun as a compound of the name after it."""
    name = noun.head
    if noun.lower_ not in DRUG_ROLE_NOUNS or noun.dep_ != "compound" or name.i != noun.i + 1 \
            or name.pos_ not in ("NOUN", "PROPN") or name.lower_ in lexicon.QUANTITY_WORDS \
            or name.lower_ in ROMAN_NUMERALS or name.lower_.endswith(_AGENT_ENDINGS):
        return []
    return [name]


def _reference(word: Token) -> bool:
    return word.lower_ in _REFERENCE_WORDS or not any(ch.isalpha() for ch in word.text) \
        or (len(word.text) <= 2 and any(ch.isdigit() for ch in word.text))


def _effect_noun_claims(noun: Token) -> list[Claim]:
    """"X has a protective effect on Y", "the inhibitory effect of X on Y"; "X has several effects,
    including an improvement of A and a reduction of B" (each example a change of its own); "the
    impact of X on mortality reduction", "X had an effect on reducing Y" (the change the effect is on)."""
    if noun.lower_ not in lexicon.EFFECT_NOUNS or any(c.dep_ == "det" and c.lower_ == "no" for c in noun.children):
        return []
    signs = [lexicon.EFFECT_ADJECTIVES[c.lower_] for c in noun.lefts
             if c.dep_ == "amod" and c.lower_ in lexicon.EFFECT_ADJECTIVES]
    examples = _changes_named_as_examples(noun)
    of_objects = patterns.objects_after(noun, "of")
    holders = [noun, *of_objects]
    # "reversed the effects of X [on Y]" with "on Y" hung on the verb still says what the effect is on
    preps = [p for h in holders for p in h.children if p.dep_ == "prep"] + stranded_preps(noun)
    targets = [(p.lower_, g) for p in preps if p.lower_ in _EFFECT_PREPS
               for g in p.children if g.dep_ == "pobj" or (g.dep_ == "pcomp" and g.tag_ == "VBG")]
    if not signs and not _studied(noun):  # an unsigned effect is signed only by the change it is on
        targets = [(p, t) for p, t in targets if p in ("on", "in") and _signed_change(t)]
        signs = [1] if targets else []
    if not signs and not examples:
        return []
    predicate = noun.head
    if of_objects:
        cause_heads = of_objects
    elif noun.dep_ == "dobj" and noun.head.lower_ in lexicon.EFFECT_VERBS:
        cause_heads = patterns.subjects(noun.head, "nsubj")
    else:
        return []
    if not _valid(predicate):
        return []
    causes = [s for head in cause_heads for s in sides(head)]
    claims = pairs(causes, 1, examples, modality.hedged(predicate), NOMINAL_CONFIDENCE)
    adjective = next((c.lower_ for c in noun.lefts if c.dep_ == "amod" and c.lower_ in lexicon.EFFECT_ADJECTIVES), "")
    for prep, target in targets if signs else []:
        sign = -1 if prep == "against" else signs[0]
        seen_in = (prep == "in" and names_a_host(target.lower_)) or target.lower_ in _SEEN_IN
        for effect in [] if seen_in else sides(target):  # not "in mice", "on mouse and rat cultures"
            # "a beneficial effect on pain" lowers pain, as "improved pain" does
            turned = prep != "against" and turns_on(adjective, effect.name, names_a_harm_side(target, effect))
            claims += pairs(causes, -sign if turned else sign, [effect], modality.hedged(predicate),
                            NOMINAL_CONFIDENCE)
    return claims


def _signed_change(word: Token) -> bool:
    """"mortality reduction", "the reduction of mortality", "reducing mortality": a rise or a fall (not
    "the use of X", nor a process such as "accumulation")."""
    if word.tag_ == "VBG":
        return word.lemma_.lower() in lexicon.INCREASE_VERBS or word.lemma_.lower() in lexicon.DECREASE_VERBS
    return word.lower_ in _DIRECTION_NOUNS


def _studied(noun: Token) -> bool:
    """"The effect of age on tau accumulation was examined", "we studied the impact of X on Y
    reduction": an effect named as what was studied, not found."""
    verb = next((t for t in noun.ancestors if t.pos_ in ("VERB", "AUX")), None)
    return verb is not None and verb.lemma_.lower() in _STUDYING


# Where an effect is seen, not what it changes ("a neuroprotective effect on primary cell culture").
_MODEL_WORDS = word_set(_WORDS, "_model_words")
_SEEN_IN = lexicon.HOST_NOUNS | _MODEL_WORDS


def _changes_named_as_examples(noun: Token) -> list[Side]:
    """The changes set after "including" ("effects, including an improvement of A and a reduction of
    B"), each with its own direction."""
    examples = patterns.objects_after(noun, "including")
    changes = [e for example in examples for e in (example, *example.conjuncts) if has_change_word(e)]
    return [side for change in changes for side in sides(change)]


def _needed_for_claims(word: Token) -> list[Claim]:
    """"X is required / essential for Y": X raises Y; "Y is dependent on X" says the same."""
    if word.lower_ == "dependent" and word.dep_ == "acomp" and word.head.lemma_ == "be":
        return _dependent_claims(word)
    if word.lower_ in _WORKING and word.dep_ == "acomp" and word.head.lemma_ == "be":
        return _working_against(word)
    if word.lower_ not in lexicon.NEEDED_FOR:
        return []
    if word.dep_ == "acomp" and word.head.lemma_ == "be":
        predicate = word.head
        subjects = patterns.subjects(predicate, "nsubj")
    elif word.tag_ == "VBN":
        predicate = word
        subjects = patterns.subjects(word, "nsubjpass")
    else:
        return []
    if not subjects or not _valid(predicate):
        return []
    targets = patterns.objects_after(word, "for")
    causes = [s for head in subjects for s in sides(head)]
    return pairs(causes, 1, [s for t in targets for s in sides(t)], modality.hedged(predicate),
                 NOMINAL_CONFIDENCE, respective(predicate))


def _working_against(word: Token) -> list[Claim]:
    """"Ketamine is effective against depression", "yoga is beneficial for anxiety" (or "for / in
    patients with anxiety"): X lowers a harm it works against or for (a thing named as no harm, or as a change,
    is left alone: "beneficial for weight loss" names what it brings about)."""
    predicate = word.head
    subjects = patterns.subjects(predicate, "nsubj")
    if not subjects or not _valid(predicate):
        return []
    treated = [("against", t) for t in patterns.objects_after(word, "against")] \
        + [("for", t) for t in _treated(word)]
    harms = [s for prep, t in treated if t.pos_ in ("NOUN", "PROPN") and not has_change_word(t)
             for s in sides(t) if prep == "against" or names_a_harm_side(t, s)]
    causes = [s for head in subjects if _names_a_bearer(head) for s in sides(head)]
    return pairs(causes, -1, harms, modality.hedged(predicate), NOMINAL_CONFIDENCE, respective(predicate))


def _dependent_claims(word: Token) -> list[Claim]:
    predicate = word.head
    dependents = patterns.subjects(predicate, "nsubj")
    if not dependents or not _valid(predicate):
        return []
    causes = [s for t in patterns.objects_after(word, "on", "upon") for s in sides(t)]
    return pairs(causes, 1, [s for head in dependents for s in sides(head)], modality.hedged(predicate),
                 NOMINAL_CONFIDENCE, respective(predicate))

