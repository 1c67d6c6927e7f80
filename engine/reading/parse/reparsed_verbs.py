"""Verbs the small model misread, parsed again written as a form it reads as a verb.

It tags "results" in "X results in Y" as a plural noun two times in three (45 of 67 in the library's
sentences), and the parse then has no verb of result: such a sentence is parsed again with the two
words written "leads to", a synonym the model reads as a verb (all 44 such library sentences); no
name contains them, so every name stays as written, and the reader is given the sentence as written.
Likewise the past form of a verb of change right after a noun, in a sentence whose root the parser
made a noun, is the verb the parser missed ("Treatment with rapamycin reduced tau levels", read as
treatment with "reduced tau levels"): it is parsed again written in the present ("reduces"), which
the model does not read as an adjective. And a present verb of change tagged a plural noun or an
adjective between a noun and its object ("tau impairs memory", "IFNs upregulate AIM2") is parsed
again with a plain verb of the same sign ("enhances", "reduces") in its place, as is one tagged a
noun before a compound participle that the model took for the verb ("NSAIDs inhibit TNF-induced X").
A rewrite is kept only where the parser then reads a verb, so that no rewritten word ends up inside
a name.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from spacy.tokens import Doc, Token

from engine.reading.language import lexicon
from engine.reading.language.data_files import word_set, word_table, word_tuple
from engine.reading.rules import phrases as rule_phrases
from engine.reading.rules.vocabulary import ORGANISMS
from engine.reading.parse.parsing import parsed_again, read_as_verb, verbs_with_their_ends

_WORDS = Path(__file__).with_name("words.toml")


_STAND_INS = word_table(_WORDS, "_stand_ins")


NOUN_TOO = word_set(_WORDS, "noun_too")


_VERB_ENDINGS = word_tuple(_WORDS, "_verb_endings")


_PLAIN_VERBS = word_set(_WORDS, "_plain_verbs")


# Verbs no stand-in can carry (a verb of modification keeps its lemma, see ``verbs_read_again``).
READ_APART = frozenset({*lexicon.REVERSED_VERBS, *lexicon.RESTORING_VERBS, *lexicon.IMPROVING_VERBS,
                         *lexicon.PHRASAL, *lexicon.NEEDS_PARTICLE})


# Words before "results" that make it the noun ("the results in mice", "similar results in"), unless
# the word is a singular subject, which a plural noun cannot follow ("this results in").
_NOUN_MARKERS = frozenset({"DT", "PDT", "PRP$", "WP$", "JJ", "JJR", "JJS", "CD"})


_SINGULAR_SUBJECTS = word_set(_WORDS, "_singular_subjects")


_SHOWING_STAND_INS = word_table(_WORDS, "_showing_stand_ins")


_HAVING_STAND_INS = word_table(_WORDS, "_having_stand_ins")
_RESULT_STAND_IN = word_tuple(_WORDS, "_result_stand_in")


def _host_having_a_change(token: Token) -> bool:
    verb = token.head
    subjects = [c for c in verb.children if c.dep_ == "nsubj"]
    return token.lower_ in _HAVING_STAND_INS and token.dep_ == "aux" and verb.i == token.i + 1 \
        and verb.tag_ == "VBN" and lexicon.change_verb(verb.lower_) \
        and any(c.dep_ == "dobj" for c in verb.children) \
        and len(subjects) == 1 and subjects[0].lower_ in ORGANISMS | lexicon.HOST_NOUNS | lexicon.TISSUE_NOUNS


def _showing_verb_read_as_noun(token: Token) -> bool:
    doc = token.doc
    return token.lower_ in _SHOWING_STAND_INS and token.pos_ == "NOUN" and 0 < token.i < len(doc) - 1 \
        and doc[token.i - 1].lower_ in lexicon.HOST_NOUNS and doc[token.i + 1].pos_ in ("ADJ", "VERB", "DET")


def _result_verb_read_as_noun(token: Token) -> bool:
    doc = token.doc
    if token.lower_ != "results" or token.tag_ != "NNS" or token.i == 0 or token.i + 1 >= len(doc) \
            or doc[token.i + 1].lower_ != "in":
        return False
    before = doc[token.i - 1]
    return before.lower_ in _SINGULAR_SUBJECTS or before.tag_ not in _NOUN_MARKERS


# Roles of a clause: a noun in one heads a clause the parser left without its verb.
_CLAUSE_ROLES = frozenset({"ccomp", "advcl", "csubj"})


def _change_verb_read_as_adjective(token: Token) -> bool:
    """The past form of a verb of change (not one that names a form: "phosphorylated tau") that
    describes the noun after it, right after a noun (adverbs between), in a sentence whose root is a
    noun or in a clause the parser headed with that noun ("we found that X reduced Y"), or after the
    comma that closes an aside on the subject before it ("X, which inhibits Y, increased Z"); or right
    after a relative pronoun ("X, which impaired Y, ...")."""
    form = lexicon.VERB_FORMS.get(token.lower_)
    doc = token.doc
    if form is None or form[2] != "ed" or form[0] in lexicon.MODIFYING_VERBS or token.dep_ != "amod" \
            or token.i == 0 or token.i + 1 >= len(doc):
        return False
    before = token.i - 1
    while before > 0 and doc[before].pos_ == "ADV":
        before -= 1  # "treatment with X significantly reduced Y levels"
    if doc[before].tag_ == "WDT" and doc[before].lower_ in lexicon.THING_RELATIVE_PRONOUNS:
        return token.head.i > token.i  # "X, which impaired Y, ...": the relative clause's verb
    root = token.sent.root
    verbless = _nominal(root) or token.head.dep_ in _CLAUSE_ROLES  # "found that X reduced Y"
    after_aside = doc[before].text == "," and _nominal(root) and root.i < before
    return verbless and (_noun_or_opening_name(doc[before]) or after_aside) and token.head.i > token.i


def _nominal(token: Token) -> bool:
    """A noun, or a symbol the model read as a number ("caspase-3")."""
    return token.pos_ in ("NOUN", "PROPN") or (token.pos_ == "NUM" and lexicon.symbol_word(token.text))


def _coordinated_verb_read_as_adjective(token: Token) -> bool:
    """The past form of a verb of change right after "and", tagged an adjective, after a verb of change
    read as one and before what could be its object ("X reduced tauopathy and improved cognition",
    with "tauopathy and improved" read as adjectives of "cognition", the object of "reduced")."""
    form = lexicon.VERB_FORMS.get(token.lower_)
    doc = token.doc
    if form is None or form[2] != "ed" or form[0] in lexicon.MODIFYING_VERBS or token.pos_ != "ADJ" \
            or token.i < 2 or token.i + 1 >= len(doc) or doc[token.i - 1].lower_ != "and":
        return False
    earlier = any(read_as_verb(t) and lexicon.change_verb(t.lower_) for t in doc[token.sent.start:token.i - 1])
    return earlier and doc[token.i + 1].pos_ in ("NOUN", "PROPN", "ADJ", "DET")


def _verb_with_object(token: Token) -> bool:
    return read_as_verb(token) and any(c.dep_ == "dobj" for c in token.children)


def _past_verbs_written_again(doc: Doc, positions: list[int], read: Callable[[Token], bool]) -> Doc:
    """``doc`` parsed again with the past verbs at ``positions`` written as each of
    ``_PAST_VERB_WRITINGS`` in turn: the first parse where ``read`` holds of each, else ``doc``."""
    for writing in _PAST_VERB_WRITINGS if positions else ():
        again = parsed_again(doc, {i: writing(doc[i]) for i in positions})
        if all(read(again[i]) for i in positions):
            return again
    return doc


def _noun_or_opening_name(token: Token) -> bool:
    """A noun, or a sentence's first word tagged an adjective that is neither a verb's form nor ends
    as adjectives do: a one-word subject the model misread ("Mecamylamine impaired accuracy")."""
    opening = token.i == token.sent.start and token.pos_ == "ADJ" and token.lower_ not in lexicon.VERB_FORMS \
        and not lexicon.adjective_ending(token.text)
    return token.pos_ in ("NOUN", "PROPN") or opening


def _present_verb_read_as_noun(token: Token) -> bool:
    """"tau impairs memory", "Heparin blocks Tau binding" with the verb tagged a plural noun or an
    adjective: the present of a plain verb of change, between a noun and what could be its object.
    Not "increases", "decreases" or "results" (often the nouns), nor a verb whose lemma the reader
    reads apart (a form it makes, a turned-round or restoring verb, one that needs its particle)."""
    form = lexicon.VERB_FORMS.get(token.lower_)
    doc = token.doc
    if form is None or token.lower_ in NOUN_TOO or form[0] in READ_APART \
            or not (form[2] == "s" or (form[2] == "base" and _never_a_noun(form[0]))) \
            or token.i == 0 or token.i + 1 >= len(doc):
        return False
    after = doc[token.i + 1]
    participle_after = rule_phrases.compound_suffix(after.lower_)
    # "NSAIDs inhibit TNF-induced X" with the verb in a noun's role and the participle taken for the verb
    if token.tag_.startswith("VB") and not (participle_after and token.dep_ in _NOUN_ROLES):
        return False
    return doc[token.i - 1].pos_ in ("NOUN", "PROPN") and (
        after.pos_ in ("NOUN", "PROPN", "DET", "ADJ", "NUM") or participle_after)


_NOUN_ROLES = frozenset({"nsubj", "nsubjpass", "dobj", "pobj", "compound", "nmod", "conj"})


def _never_a_noun(lemma: str) -> bool:
    """A verb whose plain form is no noun ("upregulate", "facilitate", "inhibit"), unlike "block",
    "release" or "decline": only these are read as the verb of a plural subject ("IFNs upregulate Y")."""
    return lemma.endswith(_VERB_ENDINGS) or lemma in _PLAIN_VERBS


def verb_stand_in(token: Token, choice: int = 0) -> str:
    """The verb of the same sign to write for a verb of change the model misread: the ``choice``-th
    of ``_STAND_INS`` for its form and sign, or the last."""
    stand_ins = _STAND_INS[_verb_kind(token)]
    return stand_ins[min(choice, len(stand_ins) - 1)]


# How a past verb of change read as an adjective is written to be parsed again, in turn: its own
# present, then the plain verb of its sign in the present and in the base form ("Pombamine impaired
# accuracy" is read with "reduces" only).
_PAST_VERB_WRITINGS = (
    lambda token: lexicon.present_form(lexicon.VERB_FORMS[token.lower_][0]),
    lambda token: _STAND_INS[("s", lexicon.VERB_FORMS[token.lower_][1])][0],
    verb_stand_in,
)


def _verb_kind(token: Token) -> tuple[str, int]:
    _, sign, form = lexicon.VERB_FORMS[token.lower_]
    return ("s" if form == "s" else "base", sign)


def verbs_read_again(doc: Doc) -> Doc:
    """``doc`` parsed again where the model misread a verb: "results in" read as a noun is parsed as
    "leads to"; a verb of showing read as a noun after its host as a plainer one ("mice display
    heightened Y" → "mice show ..."), kept where it then has its subject and object; the past form of
    a verb of change read as an adjective in a sentence left with no verb in the present ("reduced" →
    "reduces") and a present one read as a noun as the plain verb of its sign, each kept only where
    the parser then reads it as a verb (else it would enter a name)."""
    results = [token.i for token in doc if _result_verb_read_as_noun(token)]
    if results:
        doc = parsed_again(doc, {i + step: word for i in results for step, word in enumerate(_RESULT_STAND_IN)})
    showing = {token.i: _SHOWING_STAND_INS[token.lower_] for token in doc if _showing_verb_read_as_noun(token)}
    showing |= {token.i: _HAVING_STAND_INS[token.lower_] for token in doc if _host_having_a_change(token)}
    if showing:
        again = parsed_again(doc, showing)
        doc = again if verbs_with_their_ends(again, showing) else doc
    doc = _past_verbs_written_again(doc, [t.i for t in doc if _change_verb_read_as_adjective(t)], read_as_verb)
    doc = _past_verbs_written_again(doc, [t.i for t in doc if _coordinated_verb_read_as_adjective(t)],
                                    _verb_with_object)
    nouns = [token.i for token in doc if _present_verb_read_as_noun(token)]
    for choice in range(max((len(_STAND_INS[_verb_kind(doc[i])]) for i in nouns), default=0)):
        again = parsed_again(doc, {i: verb_stand_in(doc[i], choice) for i in nouns})
        if verbs_with_their_ends(again, nouns):
            for i in nouns:  # a verb of modification keeps its own lemma: it changes a form of its object
                lemma = lexicon.VERB_FORMS[doc[i].lower_][0]
                again[i].lemma_ = lemma if lemma in lexicon.MODIFYING_VERBS else again[i].lemma_
            doc = again
            break
    return doc
