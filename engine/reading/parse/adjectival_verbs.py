"""Verbs of change the tagger read as adjectives, where the coordination they stand in joins clauses.

"X lowers A, increasing B, C and D", "X clears Y by promoting A, upregulating B, C and D", "X reduced
A and improved B": a gerund or past form of a verb of change that opens a noun phrase right after
"and", "or" or a comma, set after a verb's object (or after the verb), is the next verb of the list,
not a change word of the next member: its noun is that verb's object, not a member of the objects
before it. Parallel changes of one list ("caused reduced A and increased B") stay members.

"X elevated levels of A and lowered B": a name right before the past form of a verb of change that
describes a phrase that a second verb follows is the subject of both verbs, misread with the first
as one phrase; the phrase ("levels of A") does nothing. Only the structure is read here (no
``phrases``, which asks it); ``misread_clauses`` turns it into claims.
"""

from __future__ import annotations

from spacy.tokens import Token

from engine.reading.language import lexicon
from engine.reading.parse import patterns

# Roles of a noun that can follow a verb's object as the next clause's object.
_OBJECT_ROLES = frozenset({"dobj", "npadvmod", "appos", "attr", "oprd"})
_DOER_DEPS = frozenset({"npadvmod", "nsubj", "compound", "nmod"})
_NAME_POS = frozenset({"NOUN", "PROPN", "ADJ", "NUM"})


def change_sign(word: Token) -> int:
    """The sign of a gerund or past form of a verb of change ("upregulating", "improved"); 0 for
    any other word, and for a verb that modifies ("phosphorylated tau" names a form)."""
    form = lexicon.VERB_FORMS.get(word.lower_)
    if form is None or form[0] in lexicon.MODIFYING_VERBS:
        return 0
    return form[1] if form[2] in ("ing", "ed") or (form[2] == "base" and _after_a_base_verb(word)) else 0


def _after_a_base_verb(word: Token) -> bool:
    """"X can upregulate A and enlarge B": the base form of a verb opening a member of the object of a
    verb in its base form is the next verb of the list, as its form says."""
    noun, doc = word.head, word.doc
    return word.dep_ in ("amod", "compound") and word.i == noun.left_edge.i and word.i > 0 \
        and doc[word.i - 1].lower_ in lexicon.LIST_JOINS and noun.dep_ == "conj" and noun.head.dep_ == "dobj" \
        and noun.head.head.tag_ == "VB"


def verb_like(token: Token) -> bool:
    """A verb or auxiliary by its part of speech or its tag (the two disagree on misread words)."""
    return token.pos_ in ("VERB", "AUX") or token.tag_.startswith("VB")


def opening_verb(noun: Token) -> Token | None:
    """The verb of change that opens the phrase of ``noun`` as its adjective, right after "and",
    "or" or a comma."""
    first = noun.doc[noun.left_edge.i]
    if first.i == 0 or first.head.i != noun.i or first.dep_ not in ("amod", "compound") \
            or noun.doc[first.i - 1].lower_ not in lexicon.LIST_JOINS:
        return None
    return first if change_sign(first) else None


def _opens_with_change(noun: Token) -> bool:
    first = next((t for t in noun.doc[noun.left_edge.i:noun.i + 1] if t.dep_ != "det"), noun)
    return first.i != noun.i and (change_sign(first) != 0 or first.lower_ in lexicon.INCREASE_ADJECTIVES
                                  or first.lower_ in lexicon.DECREASE_ADJECTIVES)


def next_clause(noun: Token) -> Token | None:
    """The misread verb whose object ``noun`` is, when its phrase is the next clause of a list
    (see the module's docstring); None when the phrase is a member or a phrase of its own."""
    verb = opening_verb(noun)
    if verb is None or noun.pos_ not in ("NOUN", "PROPN"):
        return None
    # "X led to A, reduced B" or "X include A and increased B": after a verb that changes nothing, a
    # past form is as likely an adjective; a gerund after a comma continues the verbs either way
    beside_a_verb = noun.dep_ == "conj" and verb_like(noun.head)  # "altered A and reduced B"
    if verb.lower_.endswith("ed") and not beside_a_verb and not _changes(anchor(noun)):
        return None
    head = noun.head
    if noun.dep_ == "conj":
        first = head
        while first.dep_ == "conj" and first.head.i != first.i:
            first = first.head
        if verb_like(first) or misread_subject(first) is not None:
            return verb  # "altered A and reduced B": the member of a verb is a verb's object
        parallel = _opens_with_change(first) or first.dep_ in ("nsubj", "nsubjpass", "pobj")
        return None if parallel else verb
    if noun.dep_ == "dobj":
        return verb if any(c.i < noun.i for c in patterns.objects(head)) else None
    if noun.dep_ in _OBJECT_ROLES and noun.i > head.i and (verb_like(head) or head.dep_ in _OBJECT_ROLES):
        return verb
    return None


def _changes(found: Token | tuple[Token | None] | None) -> bool:
    """Is the clause's verb a verb of change (a misread subject's is one)?"""
    if isinstance(found, tuple):
        return True
    return found is not None and (found.lemma_.lower() in lexicon.INCREASE_VERBS
                                  or found.lemma_.lower() in lexicon.DECREASE_VERBS)


def anchor(noun: Token) -> Token | tuple[Token | None] | None:
    """The verb of the clause above ``noun``, or (doer,) of a misread subject on the way; None at
    the root without either."""
    token = noun
    while token.dep_ != "ROOT" and token.head.i != token.i:
        token = token.head
        if verb_like(token):
            return token
        subject = misread_subject(token)
        if subject is not None:
            return (subject[0],)
    return None


def misread_subject(noun: Token) -> tuple[Token | None, Token] | None:
    """(doer, verb) when the phrase of ``noun`` is a subject and its verb read as one phrase ("Luteolin
    elevated levels of A and lowered B"): a past form of a verb of change describes ``noun``, a name
    stands before it, and another verb follows the phrase. The doer is None when the words before
    the verb are no one phrase of the verb's (no claim can name it)."""
    if noun.pos_ not in ("NOUN", "PROPN") or not _followed_by_verb(noun):
        return None
    verb = next((c for c in noun.lefts if c.dep_ == "amod" and c.lower_.endswith("ed") and change_sign(c)), None)
    if verb is None:
        return None
    before = [t for t in noun.doc[noun.left_edge.i:verb.i] if t.dep_ != "det"]
    if not any(t.pos_ in ("NOUN", "PROPN") for t in before) or \
            any(t.pos_ not in _NAME_POS and t.text != "-" for t in before):
        return None  # "Consistent with A, limited digestion ...": no name before the verb
    if any(c.i > verb.i for c in verb.children):
        return None  # "DQ improved flow in mice such that ...": the verb has its own object

    doers = [c for c in verb.lefts if c.dep_ in _DOER_DEPS]
    whole = len(doers) == 1 and [t.i for t in doers[0].subtree] == [t.i for t in before]
    return (doers[0] if whole else None), verb


def _followed_by_verb(noun: Token) -> bool:
    """The phrase is the subject of a verb, or a verb (or a phrase a misread verb opens) is
    coordinated with it."""
    if noun.dep_ == "nsubj" and verb_like(noun.head):
        return True
    return any(c.dep_ == "conj" and c.i > noun.i and (verb_like(c) or opening_verb(c) is not None)
               for c in noun.children)
