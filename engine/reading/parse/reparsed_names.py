"""Names the small model misread, parsed again written as common nouns it reads as names.

A symbol next to a verb of change that the parse left without a subject or object ("Fyn inhibits
ERK1/2", with "ERK1/2" tagged an adjective) is parsed again written as a common noun the model reads
as a name, and the new parse is laid over the words as written; so is a two-word name the model read
apart ("cathepsin D" with "cathepsin" a verb, "Beclin 1" with "1" an apposition), written "serum
cortisol" and kept only where no other word is read otherwise.
"""

from __future__ import annotations

from pathlib import Path

from spacy.tokens import Doc, Token

from engine.reading.language import lexicon
from engine.reading.language.data_files import word_tuple
from engine.reading.parse.parsing import (
    has_subject_and_object, laid_over, opens_a_two_word_name, parsed_again, read_as_verb,
    verbs_with_their_ends,
)
from engine.reading.parse.reparsed_verbs import NOUN_TOO, READ_APART, verb_stand_in

_WORDS = Path(__file__).with_name("words.toml")


_SUBJECT_STAND_INS = word_tuple(_WORDS, "_subject_stand_ins")


_OBJECT_STAND_INS = word_tuple(_WORDS, "_object_stand_ins")


# The other order is tried where the first leaves a verb misread.
_STAND_IN_ORDERS = ((_SUBJECT_STAND_INS, _OBJECT_STAND_INS), (_OBJECT_STAND_INS, _SUBJECT_STAND_INS))


def symbols_read_as_names(doc: Doc) -> Doc:
    """A sentence with a verb of change the model misread (``_change_verb_misread``) next to a symbol
    (letters with digits or capitals: "ERK1/2", "LC3-II", "BDNF"; an adverb may stand between) is
    parsed again with those symbols written as common nouns and such a verb in the present (which the
    model reads as a verb where it reads "impaired" as an adjective). The new parse is kept, over the
    words as written, only where every such verb is then a verb with its subject and object (or, joined
    to another verb, with its object, where nothing else is read otherwise: ``_verbs_read``), each
    symbol in one of them, and every other word read as a verb with both before still has its subject
    and an object or a clause (``_still_read``)."""
    verbs = [t.i for t in doc if _may_be_the_verb(t) and _change_verb_misread(t)]
    beside = {i: [m for n in _next_words(doc, i) for m in _symbol_words(doc, n)] for i in verbs}
    symbols = sorted({n for found in beside.values() for n in found})
    if not symbols:
        return doc
    pair_heads = {n for n in symbols if n + 1 in symbols and _pair_at(doc, n)}
    read_before = [t.i for t in doc if read_as_verb(t) and has_subject_and_object(t)]
    past = {i: lexicon.present_form(lexicon.VERB_FORMS[doc[i].lower_][0]) for i in verbs
            if not lexicon.present_change_verb(doc[i].lower_)}
    # a present verb read as a name beside them ("kinase 3β phosphorylates tau") is also written as
    # a plain verb of its sign, where the symbols alone do not mend the parse
    present = {i: verb_stand_in(doc[i]) for i in verbs if i not in past and not read_as_verb(doc[i])
               and lexicon.VERB_FORMS[doc[i].lower_][0] not in READ_APART}
    for verb_words in ([past, past | present] if present else [past]):
        for subject_names, object_names in _STAND_IN_ORDERS:
            stand_ins = _stand_ins([n for n in symbols if n not in pair_heads], verbs[0], subject_names, object_names)
            stand_ins |= {n: _PAIR_HEAD_STAND_IN for n in pair_heads}
            again = parsed_again(doc, stand_ins | verb_words)
            if _verbs_read(doc, again, verbs, set(stand_ins)) \
                    and all(_still_read(again[i]) for i in read_before if i not in stand_ins) \
                    and all(_an_end_of(again[i], again[n]) for i in verbs for n in beside[i]):
                return laid_over(doc, again, stand_ins, verb_words)
    return doc


def _verbs_read(doc: Doc, again: Doc, verbs: list[int], names: set[int]) -> bool:
    """Is each misread verb read in ``again`` with its subject and object, or, joined to another verb,
    with an object of its own ("X suppresses Y and improves memory"), the latter only where no word
    but the names, the verbs and what hangs on them is read otherwise (the freer test let long
    sentences be parsed anew, and lose claims)?"""
    if verbs_with_their_ends(again, verbs):
        return True
    joined = all(read_as_verb(again[i]) and (has_subject_and_object(again[i]) or _joined_with_object(again[i]))
                 for i in verbs)
    return joined and _read_alike_elsewhere(doc, again, names | set(verbs))


def _joined_with_object(verb: Token) -> bool:
    return verb.dep_ == "conj" and read_as_verb(verb.head) and any(c.dep_ == "dobj" for c in verb.children)


def _still_read(verb: Token) -> bool:
    """A verb read with its subject and object before is still read with its subject, and with an
    object or a clause in its place ("has shown that inhibition of X promotes Y": "inhibition" had been
    taken for what was shown)."""
    return read_as_verb(verb) and any(c.dep_ == "nsubj" for c in verb.children) \
        and any(c.dep_ in ("dobj", "ccomp") for c in verb.children)


def _stand_ins(symbols: list[int], verb: int, subject_names: tuple[str, ...],
               object_names: tuple[str, ...]) -> dict[int, str]:
    """A stand-in noun for each symbol: from ``subject_names`` before the verb, nearest first, and
    from ``object_names`` after it."""
    before = [i for i in reversed(symbols) if i < verb]
    after = [i for i in symbols if i > verb]
    return {i: subject_names[k % len(subject_names)] for k, i in enumerate(before)} \
        | {i: object_names[k % len(object_names)] for k, i in enumerate(after)}


def _may_be_the_verb(token: Token) -> bool:
    """Any word but those more often nouns ("increases", "results"); of these, "increases" and
    "decreases" given a subject ("X increases LC3-II", tagged a noun) are the verb ("results" has a
    repair of its own, ``reparsed_verbs``)."""
    if token.lower_ not in NOUN_TOO:
        return True
    return token.lower_ != "results" and any(c.dep_ == "nsubj" for c in token.children)


def _change_verb_misread(token: Token) -> bool:
    """A verb of change the model did not read with a subject and an object (present), or, in the
    past, not as a verb at all or as one whose next word, a symbol, it did not take for its object
    ("BDNF activated Nrf2" with "Nrf2" an adverb), or right after a symbol it left without a subject
    ("caspase-3 downregulated Y" with "caspase-3" read as punctuation). A participle it read as a verb
    without an object is most often read right ("Y decreased with age", "deficits induced by X"); so
    is the past of a verb of modification read as an adjective ("phosphorylated tau")."""
    if lexicon.present_change_verb(token.lower_):
        return not (read_as_verb(token) and has_subject_and_object(token))
    if not lexicon.finite_change_verb(token.lower_) or lexicon.VERB_FORMS[token.lower_][0] in lexicon.MODIFYING_VERBS:
        return False
    if not read_as_verb(token):
        return True
    near = _next_words(token.doc, token.i)
    preceding = [token.doc[n] for n in near if n == token.i - 1]
    following = [token.doc[n] for n in near if n > token.i]
    if preceding and _symbol(preceding[0]) and preceding[0].dep_ in _OBJECT_MISREAD \
            and not any(c.dep_.startswith("nsubj") for c in token.children):
        return True  # "caspase-3 downregulated Y" with "caspase-3" read as punctuation
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
    return head + 1 < len(doc) and opens_a_two_word_name(doc[head]) and lexicon.name_mark(doc[head + 1].text)


def name_pairs_read_apart(doc: Doc) -> Doc:
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
    again = parsed_again(doc, stand_ins)
    if all(again[n].head.i == n + 1 for n in pairs) and _read_alike_elsewhere(doc, again, set(stand_ins)):
        return laid_over(doc, again, stand_ins, {})
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
    if after is not None and (_symbol(after) or after.like_num or lexicon.name_mark(after.text)):
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


def _symbol(token: Token) -> bool:
    return not token.is_punct and lexicon.symbol_word(token.text)
