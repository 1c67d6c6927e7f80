"""Names of a form or a process of an entity: "tau phosphorylation", "phosphorylation of tau", "Abeta
oligomers", "gut permeability", "plasma Lp(a) levels". Gilda grounds none of them whole; their entity
part grounds, and the form word says what of it the name is.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from engine.assembly.grounding.lexicon import Grounding
from engine.reading.language.data_files import word_set, word_table

# The word lists are data, in words.toml beside this file, each with a line on what it is for.
_WORDS = Path(__file__).with_name("words.toml")

FORM_WORDS = word_table(_WORDS, "form_words")

CLASS_WORDS = word_set(_WORDS, "class_words")
_LEADING_FORMS = word_set(_WORDS, "_leading_forms")
_GENE_PRODUCTS = frozenset(("HGNC", "FPLX", "UP"))

_TOKEN = re.compile(r"\S+")
Ground = Callable[[str], Sequence[Grounding]]


@dataclass(frozen=True)
class GroundedParts:
    """A name's groundings whole and, where it names a form or process of an entity, its parts.

    ``groundings`` are the whole name's, or for a gene product's name ending in its class ("mTOR
    kinase", ``CLASS_WORDS``) the name's without that word.
    ``entity`` is the entity's words as written ("tau", "lipoprotein (a)"), ``entity_groundings`` what
    they ground to, ``form`` the form or process (``FORM_WORDS``' value: "phosphorylation", "oligomer",
    "permeability"), and ``modifiers`` words before the entity that did not ground with it ("plasma").
    Where the whole name does not ground, ``head`` is the longest run of its last words that does and
    ``head_groundings`` what it grounds to: "neuronal apoptosis" is a kind of "apoptosis" (GO:0006915),
    "tau phosphorylation" one of "phosphorylation".
    """

    name: str
    groundings: tuple[Grounding, ...]
    entity: str | None = None
    entity_groundings: tuple[Grounding, ...] = ()
    form: str | None = None
    modifiers: tuple[str, ...] = ()
    head: str | None = None
    head_groundings: tuple[Grounding, ...] = ()


def ground_parts(name: str, ground: Ground) -> GroundedParts:
    """``name`` grounded whole and, when it has a form word, split into that form and the entity it is
    of (the longest grounded run of the remaining words ending at its last word)."""
    whole = _ground_named(name, ground)
    words = _TOKEN.findall(name.strip())
    # the whole name's last words, never all of them (those are ``whole``)
    head, head_groundings, _ = (None, (), 0) if whole else _grounded_tail(words[1:], ground)
    split = _split_form(words)
    if split is None:
        return GroundedParts(name, whole, head=head, head_groundings=head_groundings)
    form, entity_words = split
    entity, found, start = _grounded_tail(entity_words, ground)
    if entity is None:
        return GroundedParts(name, whole, " ".join(entity_words) or None, (), form, (), head, head_groundings)
    return GroundedParts(name, whole, entity, found, form, tuple(entity_words[:start]), head, head_groundings)


def _grounded_tail(words: list[str], ground: Ground) -> tuple[str | None, tuple[Grounding, ...], int]:
    """The longest run of ``words`` ending at the last that grounds, its groundings and where it starts
    ("plasma lipoprotein (a)": "lipoprotein (a)", after one word)."""
    for start in range(len(words)):
        text = " ".join(words[start:])
        found = _ground_named(text, ground)
        if found:
            return text, found, start
    return None, (), len(words)


def _ground_named(text: str, ground: Ground) -> tuple[Grounding, ...]:
    """``text``'s groundings, or where it has none and ends in the class of a gene product ("mTOR
    kinase", "tau protein", "amyloid beta peptide"), those of the rest when it names a gene, protein or
    family."""
    found = tuple(ground(text))
    rest, _, last = text.strip().rpartition(" ")
    if found or not rest or last.lower() not in CLASS_WORDS:
        return found
    named = tuple(ground(rest))
    return named if named and named[0].namespace in _GENE_PRODUCTS else ()


def _split_form(words: list[str]) -> tuple[str, list[str]] | None:
    """(form, entity words) of "<entity> <form words>", "<form> of <entity>" or "p-tau"; None otherwise."""
    lower = [w.lower().strip(",;:") for w in words]
    if "of" in lower[1:-1]:  # "phosphorylation of tau", "oligomers of amyloid beta"
        at = lower.index("of")
        forms = [FORM_WORDS.get(w) for w in lower[:at]]
        if forms and forms[-1] and all(w in FORM_WORDS or w in ("the", "a", "an") for w in lower[:at]):
            return forms[-1], words[at + 1:]
    if len(words) >= 2 and lower[-1] in FORM_WORDS:
        end = len(words)
        while end > 1 and lower[end - 1] in FORM_WORDS:  # "tau hyperphosphorylation levels"
            end -= 1
        return FORM_WORDS[lower[end]], words[:end]
    if len(words) >= 2 and lower[0] in FORM_WORDS and FORM_WORDS[lower[0]] in _LEADING_FORMS:
        return FORM_WORDS[lower[0]], words[1:]  # "phosphorylated tau", "mutant APP"
    head, _, rest = words[0].partition("-") if len(words) == 1 else ("", "", "")
    if rest and head.lower() in ("p", "phospho", "pho"):
        return "phosphorylation", [rest] + words[1:]  # "p-tau", "phospho-tau"
    return None
