"""Claims stated as the means of another claim: "X clears Y by activating Z", "X protects neurons
through inhibiting Z", "X improves memory via increasing Z, enhancing W and suppressing V",
"X activates autophagy through inhibition of Z", "X promotes Y through the phosphorylation of Z",
"X phosphorylates Y, thereby inhibiting Z", "X raises A, B and C, lowering D", what is done
besides ("X protects A in addition to lowering Z"), and what an effect rests on ("the protective
effect of X is mediated by activation of Z": X raises Z).

The means is done by the doer of the clause it hangs on: the subject of an active verb (its
relative clause's noun, or the subject it shares), so "X ... by activating Z" says that X raises
Z. A gerund of means is a verb of its own (``verbs`` reads it, asking ``governing_verb`` whose
subject it takes); a noun of means ("through inhibition of Z") is read by ``means_claims`` when it
names a change of something ("of Z"), so "by a new mechanism" or "by 40 %" names nothing. The
clause's negation, question and hedge reach its means. A passive clause ("neurons are protected
by activating Z") names no doer, nor does a verb of reporting ("these data suggest ...").
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from spacy.tokens import Doc, Token

from engine.reading.language import lexicon
from engine.reading.language.data_files import word_set, word_table
from engine.reading.parse import modality, patterns
from engine.reading.parse.change_words import is_change_adjective
from engine.reading.parse.claims import NOMINAL_CONFIDENCE, Claim, pairs
from engine.reading.parse.phrases import Side, noun_conjuncts, side_of, sides

_WORDS = Path(__file__).with_name("words.toml")

_CONSEQUENCE_ADVERBS = word_set(_WORDS, "_consequence_adverbs")
_RESTING_ON = word_table(_WORDS, "_resting_on")


def governing_verb(gerund: Token) -> Token | None:
    """The verb whose means (or consequence) ``gerund`` names, through the first of coordinated
    gerunds ("by promoting A, upregulating B and downregulating C"); None for any other verb."""
    if patterns.subjects(gerund, "nsubj", "nsubjpass"):
        return None  # "by enhancing A and, conversely, loss of B may lead to C": a clause of its own
    first = gerund
    while first.dep_ == "conj" and first.head.i != first.i and first.head.tag_ == "VBG":
        first = first.head
    if first.tag_ != "VBG":
        return None
    if first.dep_ == "pcomp" and first.head.lower_ in lexicon.MEANS_PREPOSITIONS:
        verb = clause_verb(first.head)
    elif first.dep_ == "pcomp" and _in_addition_to(first.head):
        verb = first.head.head.head.head  # "X protected A in addition to accelerating B": X accelerates B
    elif first.dep_ == "advcl" and _consequence(first):
        verb = first.head
    else:
        return None
    return verb if _active_verb(verb) and verb.lemma_.lower() not in lexicon.REPORTING_VERBS else None


def doers(heads: list[Token]) -> list[Token]:
    """The subject heads that can do a means: not a word of research or of a vague thing ("recent
    work ...", "one strategy ..."), nor a change that does not say of what ("upregulation ...")."""
    return [h for h in heads if h.lower_ not in lexicon.VAGUE_HEADS and h.lower_ not in lexicon.VAGUE_NAMES
            and not (_names_a_change(h) and not _acts_on_something(h))]


def _acts_on_something(noun: Token) -> bool:
    return any(c.dep_ == "prep" and c.lower_ in lexicon.CHANGE_PREPOSITIONS for c in noun.children) or \
        any(c.dep_ in ("compound", "amod", "nmod") for c in noun.lefts)


def _names_a_change(noun: Token) -> bool:
    """"inhibition of Z", "the phosphorylation of Z": a noun of change or of a process, which names
    what it acts on; "the direct action of Z" or "its effects" name no change of Z."""
    lower = noun.lower_
    return lower in lexicon.INCREASE_HEADS or lower in lexicon.DECREASE_HEADS or \
        lower in lexicon.MODIFICATION_NOUNS or lower in lexicon.PROCESS_NOUNS


def _in_addition_to(preposition: Token) -> bool:
    addition = preposition.head
    return preposition.lower_ == "to" and addition.lower_ == "addition" and addition.head.lower_ == "in"


def _consequence(participle: Token) -> bool:
    """"X raises A, lowering B", "X binds A, thereby activating B": a participle clause after its
    verb and a comma (or marked by "thereby") says what the clause's subject does next. One
    before the verb ("Using mice lacking A, we ...") names a method, not a consequence."""
    marked = any(c.dep_ == "advmod" and c.lower_ in _CONSEQUENCE_ADVERBS for c in participle.children)
    after_comma = participle.i > participle.head.i and participle.doc[participle.i - 1].text == ","
    return marked or after_comma


def clause_verb(preposition: Token) -> Token:
    """The verb a means phrase belongs to; the parser often hangs it on the verb's object instead
    ("X enhances autophagy through inhibition of Z")."""
    head = preposition.head
    return head.head if head.dep_ == "dobj" else head


def _active_verb(token: Token) -> bool:
    """A verb not in the passive (or a word the tagger took for a noun that has a subject: "X cleaves
    Y" with "cleaves" tagged as a plural)."""
    verb_like = token.pos_ in ("VERB", "AUX") or token.tag_.startswith("VB") or \
        bool(patterns.subjects(token, "nsubj"))
    return verb_like and \
        not any(c.dep_ in ("nsubjpass", "auxpass") for c in token.children) and \
        not (token.dep_ == "acl" and token.tag_ == "VBN")


def blocked(verb: Token) -> bool:
    """The clause the means belongs to is denied or asked about: so is its means."""
    governing = governing_verb(verb)
    return governing is not None and (modality.negated(governing) or modality.questioned(governing))


def hedged(verb: Token) -> bool:
    governing = governing_verb(verb)
    return modality.hedged(verb) or (governing is not None and modality.hedged(governing))


def means_claims(doc: Doc, causes_of: Callable[[Token], list[Side]]) -> list[Claim]:
    """"X activates autophagy through inhibition of Z": X lowers Z. ``causes_of(verb)`` gives the
    sides that do what an active verb says (``verbs.means_claims``)."""
    claims: list[Claim] = []
    for preposition in doc:
        if preposition.dep_ != "prep" or preposition.lower_ not in lexicon.MEANS_PREPOSITIONS:
            continue
        verb = clause_verb(preposition)
        if not _active_verb(verb) or verb.lemma_.lower() in lexicon.REPORTING_VERBS or modality.negated(verb) \
                or modality.questioned(verb):
            continue
        for noun in (c for c in preposition.children if c.dep_ == "pobj" and c.pos_ in ("NOUN", "PROPN")):
            if not _names_a_change(noun) or not _acts_on_something(noun):
                continue
            effect = side_of(noun)
            if effect is None or effect.name.lower() == noun.lower_:
                continue
            claims += pairs(causes_of(verb), 1, [effect], modality.hedged(verb), NOMINAL_CONFIDENCE)
    return claims


def resting_claims(doc: Doc) -> list[Claim]:
    """"The protective effect of X is mediated by activation of Z", "the effects of X rely on increased
    Z", "these actions of X involve activation of Z": X changes Z as the means names it. Only a means
    that names a change of something ("activation of Z", "increased Z"): "mediated by the receptor Z"
    says not whether X raises Z or blocks it."""
    claims: list[Claim] = []
    for effect in doc:
        verb = effect.head
        if effect.lower_ not in lexicon.EFFECT_HEADS or effect.dep_ not in ("nsubj", "nsubjpass") \
                or verb.lemma_.lower() not in _RESTING_ON or modality.negated(verb) or modality.questioned(verb):
            continue
        owners = [side for owner in patterns.objects_after(effect, "of") for side in sides(owner)]
        means = [m for m in _means_of(verb)  # "activation of Z", or "increased Z"
                 if (_names_a_change(m) and _acts_on_something(m)) or any(is_change_adjective(c) for c in m.lefts)]
        claims += pairs(owners, 1, [s for m in means if (s := side_of(m)) is not None], modality.hedged(verb))
    return claims


def _means_of(verb: Token) -> list[Token]:
    """The nouns an effect rests on: after the verb's words ("by", "on"), or its object."""
    words = _RESTING_ON[verb.lemma_.lower()]
    found = [c for c in verb.children if c.dep_ == "dobj"] if "" in words else []
    found += [n for word in words if word for n in patterns.objects_after(verb, word)]
    if "by" in words:  # the passive's agent
        found += [n for agent in verb.children if agent.dep_ == "agent" for n in agent.children if n.dep_ == "pobj"]
    return [n for head in found for n in (head, *noun_conjuncts(head))]
