"""The reader's parse of each sentence: the model's, with what it misread mended.

Names (``reparsed_names``) and verbs (``reparsed_verbs``) the model misread are parsed again; then
words it hung in the wrong place are moved where they belong, in place. A word the model tagged a
pronoun that is none ("IL-6", "NF-κB", "trehalose") is given a noun's tag, one it read as punctuation
right after a noun ("alpha7 nAChRs") heads that noun's name, and an infinitive hung on
a passive verb of reporting as a clause of purpose ("X has been demonstrated to reduce Y") is
relabelled its complement, and a second verb joined to the first one's object ("X binds Y and
inhibits Z") is joined to the first verb. Parallels the model hung on the nearest word are joined
where they belong: a repeated change noun ("deficits in A and deficits in B") to the one it repeats,
a second subject or object after "or" to the word before "or".
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

from spacy.tokens import Doc, Token

from engine.reading.language import lexicon
from engine.reading.language.data_files import word_set
from engine.reading.parse.parsing import parser
from engine.reading.parse.reparsed_names import name_pairs_read_apart, symbols_read_as_names
from engine.reading.parse.reparsed_verbs import verbs_read_again

_WORDS = Path(__file__).with_name("words.toml")


BATCH_SIZE = 64


def parsed(texts: Iterable[str]) -> Iterator[tuple[str, Doc]]:
    """Each text as written and its parse, in batches; a text whose verb the parser misread is
    parsed again with that verb written as a form it reads as a verb."""
    for doc in parser().pipe(texts, batch_size=BATCH_SIZE):
        yield doc.text, _repaired(doc)


def _repaired(doc: Doc) -> Doc:
    """The parse with each of ``REPAIRS`` made in turn."""
    for repair in REPAIRS:
        doc = repair(doc) or doc
    return doc


# The tags the model gives pronouns (the reader names no pronoun): a word so tagged that is none of
# the pronouns of English (a closed class) is a name the model misread.
PRONOUN_TAGS = frozenset({"PRP", "PRP$", "WDT", "WP", "WP$", "EX"})


_PRONOUN_WORDS = word_set(_WORDS, "_pronoun_words")


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


def _rejoin_names_read_as_punctuation(doc: Doc) -> None:
    """A name the model read as punctuation right after a noun it names with ("alpha7 nAChRs",
    "nAChRs" tagged a symbol and hung on the verb): it heads the name in the noun's place, the noun
    its compound. Only a word like a symbol (a letter first, and a capital or a digit: "nAChRs",
    "kinase-3β"), not a citation's "et al." nor an amount ("~400-fold")."""
    for token in doc:
        if token.dep_ != "punct" or token.i == 0 or list(token.children) or not token.text[0].isalpha() \
                or sum(ch.isalpha() for ch in token.text) < 2 \
                or not any(ch.isupper() or ch.isdigit() for ch in token.text):
            continue
        noun = doc[token.i - 1]
        if noun.pos_ not in ("NOUN", "PROPN") or noun.dep_ not in _NOUN_PLACES or noun.head.i == token.i:
            continue
        token.tag_, token.pos_ = "NNP", "PROPN"
        token.head, token.dep_ = noun.head, noun.dep_
        noun.head, noun.dep_ = token, "compound"


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


_CAPACITY_NOUNS = word_set(_WORDS, "_capacity_nouns")


_HOLDING_VERBS = word_set(_WORDS, "_holding_verbs")


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


def _relabel_listed_appositions(doc: Doc) -> None:
    """"X reduced A, B and C" read as A with an apposition B that has C as its conjunct: a bare name
    after a comma that opens a list of its own ("B and C") is the next member of A's list, not a
    second name of A. An apposition with a determiner ("TOR, a kinase and regulator"), or after a
    plural or counted class ("two agonists, A and B"), renames."""
    for token in doc:
        start = token.left_edge.i
        if token.dep_ != "appos" or start == 0 or doc[start - 1].text != "," or token.i < token.head.i:
            continue
        listed = any(c.dep_ == "cc" and c.lower_ in lexicon.LIST_CONJUNCTIONS for c in token.children) \
            and any(c.dep_ == "conj" for c in token.children)
        if any(t.pos_ in ("VERB", "AUX") or t.lower_ in lexicon.VERB_FORMS for t in token.subtree):
            continue  # "A, lowered levels of B and C": a clause, misread
        renamed = token.head.tag_ == "NNS" or any(c.dep_ in ("det", "poss", "nummod") for c in token.head.children)
        if listed and not renamed and not any(c.dep_ in ("det", "poss", "nummod") for c in token.children):
            token.dep_ = "conj"  # (not after a class named with a number: "two agonists, A and B")


# The repairs, in the order they are made: the names (``reparsed_names``) and then the verbs
# (``reparsed_verbs``) the model misread are parsed again (each returns the new parse), then the words
# it hung in the wrong place are moved where they belong, in place (each returns None).
# ``bench/reader_repairs.py`` measures what each one changes.
REPAIRS: tuple[Callable[[Doc], Doc | None], ...] = (
    name_pairs_read_apart, symbols_read_as_names, verbs_read_again,
    _retag_names_read_as_pronouns, _retag_names_read_as_numbers, _rejoin_names_read_as_punctuation,
    _relabel_reported_infinitives,
    _reattach_verbs_joined_to_objects, _rejoin_process_gerunds, _relabel_capacity_infinitives,
    _rejoin_repeated_nouns, _rejoin_split_subjects, _relabel_following, _relabel_listed_appositions,
)
