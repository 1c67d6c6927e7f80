"""Claims of verbs the tagger read as adjectives (``adjectival_verbs``): "X lowers A, increasing B,
C and D" (X raises B, C and D), "X reduced A and improved B" (X raises B), "X elevated levels of A
and lowered B" (X raises A; X lowers B, which ``verbs`` reads once it knows X is the subject).

The misread verb's doer is the doer of the clause above its noun: the nearest verb's (through a
means gerund to the clause's subject), or the name before a misread subject's verb. A clause that
is denied or asked about states none of its list; a passive one names no doer.
"""

from __future__ import annotations

from collections.abc import Callable

from spacy.tokens import Doc, Token

from engine.reading.language import lexicon
from engine.reading.parse import means, modality
from engine.reading.parse.adjectival_verbs import anchor as clause_anchor
from engine.reading.parse.adjectival_verbs import change_sign, misread_subject, next_clause
from engine.reading.parse.claims import Claim, pairs
from engine.reading.parse.change_words import has_change_word, perturbing_gerund
from engine.reading.parse.phrases import Side, noun_conjuncts, side_of, sides


def misread_claims(doc: Doc, causes_of: Callable[[Token], list[Side]],
                   named: Callable[[Token], list[Side]]) -> list[Claim]:
    """``causes_of(verb)``: the sides that do what an active verb says; ``named(token)``: the
    sides a doer's phrase names."""
    claims: list[Claim] = []
    for noun in doc:
        verb = next_clause(noun)
        if verb is not None:
            claims += _next_clause_claims(noun, verb, causes_of, named)
        subject = misread_subject(noun)
        if subject is not None and subject[0] is not None:
            doer, participle = subject
            effects = [(side, change_sign(participle) * _turns(participle)) for side in sides(noun)]
            claims += [c for side, sign in effects for c in pairs(named(doer), sign, [side], False)]
    return claims


def _turns(adjective: Token) -> int:
    """-1 when the phrase reading already turned the noun by this word (an adjective of decrease, a
    gerund of lowering), so that the claim's sign must not turn it twice; else 1."""
    return -1 if adjective.lower_ in lexicon.DECREASE_ADJECTIVES or perturbing_gerund(adjective) < 0 else 1


def _next_clause_claims(noun: Token, verb: Token, causes_of: Callable[[Token], list[Side]],
                        named: Callable[[Token], list[Side]]) -> list[Claim]:
    anchor = clause_anchor(noun)
    if anchor is None or _inside_bracket(noun, anchor if isinstance(anchor, Token) else noun):
        return []
    if isinstance(anchor, tuple):
        causes, hedged = (named(anchor[0]) if anchor[0] is not None else []), False
    else:
        if modality.negated(anchor) or modality.questioned(anchor) or means.blocked(anchor):
            return []
        causes, hedged = causes_of(anchor), means.hedged(anchor)
    sign = change_sign(verb)
    effects: list[tuple[Side, int]] = []
    head = side_of(noun)
    if head is not None:
        effects.append((head, sign * _turns(verb)))
    # a member with a change word of its own ("and loss of C") is no object one can sign
    effects += [(side, sign) for member in noun_conjuncts(noun)
                if not has_change_word(member) and (side := side_of(member)) is not None]
    return [c for side, s in effects for c in pairs(causes, s, [side], hedged)]


def _inside_bracket(noun: Token, anchor: Token) -> bool:
    """A list in a bracket that its clause's verb is outside of is an aside of its own ("reducing
    the phenotype (delaying A, increasing B)"), as ``verbs`` reads it."""
    low, high = sorted((anchor.i, noun.i))
    return sum((t.text in ("(", "[")) - (t.text in (")", "]")) for t in noun.doc[low + 1:high]) != 0
