""""D stimulates S via K": K, the route the effect takes, raises S.

A raising verb ("stimulate", "activate", "increase", "induce", ...) with a "via" / "through" phrase
that names an entity (not a change of one: "through inhibition of Z" is read by ``means``) says
that S rises through K's action: K raises S. Whether D raises K is left unread: "via K" says only
that D acts through K (K may be D's receptor, carrier or a kinase D switches on), and for a lowering
verb the sign of K's own effect is open ("D lowers S via K": K may lower S, or D may block K that
S needs), so lowering verbs give no route claim. Vague routes ("via an unclear mechanism", "through
this pathway") name nothing.
"""

from __future__ import annotations

from pathlib import Path

from spacy.tokens import Doc, Token

from engine.assembly.entities import non_entity_reason
from engine.reading.language import lexicon
from engine.reading.language.data_files import word_set
from engine.reading.parse import modality, patterns
from engine.reading.parse.means import clause_verb
from engine.reading.parse.claims import NOMINAL_CONFIDENCE, Claim, pairs
from engine.reading.parse.phrases import Side, side_of, sides

_WORDS = Path(__file__).with_name("words.toml")

_VAGUE_ROUTES = word_set(_WORDS, "_vague_routes")
_UNNAMED_ROUTES = word_set(_WORDS, "_unnamed_routes")
_CARRIERS = word_set(_WORDS, "_carriers")
_NOT_RAISING = word_set(_WORDS, "_not_raising")


def route_claims(doc: Doc) -> list[Claim]:
    claims: list[Claim] = []
    for preposition, nouns in _routes_named(doc):
        verb = clause_verb(preposition)  # the parser may hang it on the verb's object
        lemma = verb.lemma_.lower()
        if lemma not in lexicon.INCREASE_VERBS or lemma in _NOT_RAISING or lemma in lexicon.MODIFYING_VERBS \
                or modality.negated(verb) or modality.questioned(verb):
            continue
        effects = [s for head in _raised(verb) if head.lower_ not in _VAGUE_ROUTES for s in sides(head)
                   if non_entity_reason(s.name, doc.text) is None]
        for noun in nouns:
            claims += pairs(_routes(noun, doc.text), 1, effects, modality.hedged(verb), NOMINAL_CONFIDENCE)
    return claims


def _routes_named(doc: Doc) -> list[tuple[Token, list[Token]]]:
    """Each preposition of route ("via", "through") with the nouns it names, in the order of the
    sentence: the pattern ``route`` of patterns.toml."""
    found: dict[Token, list[Token]] = {}
    for match in patterns.matches(doc, "route"):
        found.setdefault(match["preposition"], []).append(match["route"])
    return list(found.items())


def _raised(verb: Token) -> list[Token]:
    """What the verb raises: its object, or the subject of a passive."""
    if any(c.dep_ in ("nsubjpass", "auxpass") for c in verb.children):
        return [c for c in verb.children if c.dep_ == "nsubjpass"]
    return [c for c in verb.children if c.dep_ == "dobj"]


def _routes(noun: Token, text: str) -> list[Side]:
    """The entities a route noun names; for a pathway named after its members the parse did not
    join into the name ("the PKC and MAPK signaling cascades"), each member."""
    whole = _route(noun, text)
    if whole is not None or noun.lower_ not in _UNNAMED_ROUTES:
        return [whole] if whole is not None else []
    members = [m for c in noun.lefts if c.dep_ == "nmod" and c.pos_ == "PROPN" for m in (c, *c.conjuncts)]
    return [r for r in (_route(m, text) for m in members) if r is not None]


def _route(noun: Token, text: str) -> Side | None:
    """The entity a route noun names, unchanged (a change of it is a means, not a route)."""
    if _vague(noun) or noun.lower_ in _CARRIERS or noun.lower_ in lexicon.LINKAGE_WORDS \
            or noun.lower_ in lexicon.HOST_NOUNS:
        return None
    side = side_of(noun)
    if side is None or side.direction < 0 or side.state or "independent" in side.name.lower() \
            or non_entity_reason(side.name, text) is not None:
        return None
    return side


def _vague(noun: Token) -> bool:
    """A change, a process or a vague word ("activation", "condensation", "a mechanism"), not an
    entity; a pathway needs a name before it."""
    lower, lemma = noun.lower_, noun.lemma_.lower()
    if any(word in words for word in (lower, lemma) for words in (
            lexicon.INCREASE_HEADS, lexicon.DECREASE_HEADS, lexicon.DEFICIENCY_HEADS, lexicon.MODIFICATION_NOUNS,
            lexicon.PROCESS_NOUNS, _VAGUE_ROUTES)) or lemma.endswith(lexicon.PROCESS_SUFFIXES):
        return True
    return lower in _UNNAMED_ROUTES and not any(c.dep_ in ("compound", "nmod") and _symbol(c) for c in noun.lefts)


def _symbol(word: Token) -> bool:
    """A name of a gene, protein or compound ("AMPK", "mTORC1", "Wnt"): a capital after the first
    letter or a digit; "two signal pathways" is named by no such word."""
    return any(ch.isdigit() or ch.isupper() for ch in word.text[1:])
