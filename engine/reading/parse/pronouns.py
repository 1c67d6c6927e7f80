"""A pronoun subject that stands for the subject of the clause before it: "SIRT2 is raised by
fasting, and it lowers Y by inhibiting Z" says that SIRT2 lowers Y and Z.

Only the one reading that grammar makes plain is taken: the pronoun is the subject of a clause
coordinated with the one before it in the same sentence, and it agrees in number with that clause's
subject ("it" with one noun, "they" with a plural or a list). A pronoun anywhere else (in a clause
of its own, or before its noun) is left unread.

A possessive before a process or an amount ("its aggregation", "their activity", "whose levels")
stands for one molecule of the same sentence (``possessors``): "methylation of tau suppresses its
aggregation" says that tau methylation lowers tau aggregation. Where no one molecule is found, the
phrase names nothing, as before.
"""

from __future__ import annotations

from collections.abc import Callable

from spacy.tokens import Token

from engine.reading.language import pronouns

_SUBJECTS = frozenset({"nsubj", "nsubjpass"})


def resolved(subjects: list[Token], verb: Token) -> list[Token]:
    """``subjects`` with a lone coordinated "it" / "they" replaced by the earlier clause's subject."""
    if len(subjects) != 1 or subjects[0].lower_ not in pronouns.PERSONAL:
        return subjects
    found = antecedent(subjects[0], verb)
    return [found] if found is not None else subjects


def antecedent(pronoun: Token, verb: Token) -> Token | None:
    """The subject of the clause that ``verb`` (the pronoun's verb) is coordinated with, when the
    pronoun agrees with it in number; None otherwise."""
    subject = _earlier_subject(pronoun, verb)
    if subject is None:
        return None
    plural = bool(subject.conjuncts) or subject.tag_ in ("NNS", "NNPS")
    return subject if pronouns.agrees(pronoun.lower_, plural) else None


def _earlier_subject(word: Token, verb: Token) -> Token | None:
    """The one subject of the earlier clause ``verb`` is coordinated with, ``word`` being after it."""
    if verb.dep_ != "conj" or verb.head.i == verb.i or word.i < verb.head.i:
        return None
    earlier = [c for c in verb.head.children if c.dep_ in _SUBJECTS]
    if len(earlier) != 1 or earlier[0].i > verb.head.i:
        return None
    subject = earlier[0]
    if subject.tag_ in ("PRP", "WDT", "WP") or (
            subject.dep_ == "nsubjpass" and pronouns.amount_or_change(subject.lower_)):
        return None  # "the expression of X was lowered by D, and it ...": "it" is D more likely than the amount
    return subject


# A possessive and whether it stands for more than one thing.
_POSSESSIVES = {"its": False, "their": True}
_CLAUSE_LINKS = frozenset({"conj", "advcl", "xcomp", "pcomp", "relcl", "acl"})
_POINTING = frozenset({"this", "these", "those", "such"})


def possessors(pronoun: Token, names_a_thing: Callable[[Token], bool],
               transparent: Callable[[Token], bool]) -> list[Token]:
    """The one thing a possessive "its" / "their" / "whose" stands for in its own sentence, or [] (none
    found, a list, another number). ``names_a_thing`` says which nouns may be antecedents;
    ``transparent`` which name a process or an amount of the thing before them or after their "of".

    - "whose": the noun its relative clause hangs on ("tau, whose aggregation ...").
    - In the subject of a clause coordinated with an earlier one, the earlier clause's subject
      ("neprilysin catabolizes Aβ42, and its loss raises Aβ42": neprilysin).
    - Else what the doer's process acts on ("methylation of tau suppresses its aggregation": tau).
    - Else the nearest thing named before it that agrees in number and is not the doer ("CHOP binds
      the promoter of BIM, increasing its expression": BIM; "TFEB is phosphorylated by mTORC1, which
      inhibits its activity": TFEB); a pointing noun that agrees ("these molecules") ends the search.
    """
    if pronoun.lower_ == "whose":
        return _relative_antecedent(pronoun, names_a_thing)
    plural = _POSSESSIVES.get(pronoun.lower_)
    if plural is None:
        return []
    possessed = pronoun.head
    if possessed.dep_ in _SUBJECTS:
        earlier = _earlier_subject(pronoun, possessed.head)
        return [] if earlier is None else _thing(_acted_on(earlier, transparent) or earlier, plural, names_a_thing)
    doers = _doers(pronoun)
    for doer in doers:
        acted_on = _acted_on(doer, transparent)
        if acted_on is not None:
            return _thing(acted_on, plural, names_a_thing)
    doing = {t.i for doer in doers for t in doer.subtree}  # "annexin A1 (ANXA1) ... its": not the doer's alias
    for token in reversed(pronoun.doc[pronoun.sent.start:pronoun.i]):
        if token.i in doing or not _noun(token) or transparent(token) \
                or (token.dep_ == "compound" and not transparent(token.head)) or _plural(token) != plural:
            continue
        if any(c.lower_ in _POINTING for c in token.lefts):
            return []
        if names_a_thing(token):
            return _thing(token, plural, names_a_thing)
    return []


def _relative_antecedent(pronoun: Token, names_a_thing: Callable[[Token], bool]) -> list[Token]:
    """"tau, whose aggregation is reduced by lithium": the one noun the relative clause hangs on."""
    clause = next((t for t in pronoun.ancestors if t.dep_ == "relcl"), None)
    if clause is None or clause.head.conjuncts or not names_a_thing(clause.head):
        return []
    return [clause.head]


def _acted_on(noun: Token, transparent: Callable[[Token], bool]) -> Token | None:
    """What a process or an amount acts on: its "of" object, else the name before it."""
    if not transparent(noun):
        return None
    found = [g for p in noun.children if p.dep_ == "prep" and p.lower_ == "of" for g in p.children if g.dep_ == "pobj"]
    found = found or [c for c in noun.lefts if c.dep_ == "compound"]
    return found[0] if found else None


def _thing(token: Token, plural: bool, names_a_thing: Callable[[Token], bool]) -> list[Token]:
    return [token] if not token.conjuncts and _plural(token) == plural and names_a_thing(token) else []


def _noun(token: Token) -> bool:
    """A noun, or a word in a noun's place that the parser tagged otherwise ("Velk1 is ..." as an adjective)."""
    return token.pos_ in ("NOUN", "PROPN") or token.dep_ in ("nsubj", "nsubjpass", "dobj", "pobj")


def _plural(token: Token) -> bool:
    return token.tag_ in ("NNS", "NNPS")


def _doers(pronoun: Token) -> list[Token]:
    """The subjects of the verb the pronoun's phrase hangs on, and of the clauses that verb continues
    (a relative pronoun stands for the noun its clause hangs on)."""
    verb = pronoun.head
    while verb.pos_ not in ("VERB", "AUX") and verb.head.i != verb.i:
        verb = verb.head
    doers: list[Token] = []
    while True:
        for subject in (c for c in verb.children if c.dep_ in _SUBJECTS):
            doers += [verb.head] if subject.tag_ in ("WDT", "WP") and verb.dep_ == "relcl" else [subject, *subject.conjuncts]
        if verb.dep_ not in _CLAUSE_LINKS or verb.head.i == verb.i:
            return doers
        verb = verb.head
