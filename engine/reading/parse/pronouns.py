"""A pronoun subject that stands for the subject of the clause before it: "SIRT2 is raised by
fasting, and it lowers Y by inhibiting Z" says that SIRT2 lowers Y and Z.

Only the one reading that grammar makes plain is taken: the pronoun is the subject of a clause
coordinated with the one before it in the same sentence, and it agrees in number with that clause's
subject ("it" with one noun, "they" with a plural or a list). A pronoun anywhere else (in a clause
of its own, or before its noun) is left unread.
"""

from __future__ import annotations

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
    if verb.dep_ != "conj" or verb.head.i == verb.i or pronoun.i < verb.head.i:
        return None
    earlier = [c for c in verb.head.children if c.dep_ in _SUBJECTS]
    if len(earlier) != 1 or earlier[0].i > verb.head.i:
        return None
    subject = earlier[0]
    if subject.tag_ in ("PRP", "WDT", "WP") or (
            subject.dep_ == "nsubjpass" and pronouns.amount_or_change(subject.lower_)):
        return None  # "the expression of X was lowered by D, and it ...": "it" is D more likely than the amount
    plural = bool(subject.conjuncts) or subject.tag_ in ("NNS", "NNPS")
    return subject if pronouns.agrees(pronoun.lower_, plural) else None
