"""Names of a form or a process of an entity: "tau phosphorylation", "phosphorylation of tau", "Abeta
oligomers", "gut permeability", "plasma Lp(a) levels". Gilda grounds none of them whole; their entity
part grounds, and the form word says what of it the name is.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from engine.assembly.grounding.lexicon import Grounding

# A word naming a form, a modification, a change or a process of an entity -> the form it names.
FORM_WORDS: dict[str, str] = {
    **dict.fromkeys(("phosphorylation", "hyperphosphorylation", "phosphorylated", "hyperphosphorylated",
                     "phospho"), "phosphorylation"),
    "dephosphorylation": "dephosphorylation",
    **dict.fromkeys(("oligomer", "oligomers", "oligomeric", "oligomerization", "oligomerisation"), "oligomer"),
    **dict.fromkeys(("aggregate", "aggregates", "aggregation", "aggregated"), "aggregation"),
    **dict.fromkeys(("fibril", "fibrils", "fibrillization", "fibrillisation", "fibrillar"), "fibril"),
    **dict.fromkeys(("plaque", "plaques"), "plaque"),
    **dict.fromkeys(("mutation", "mutations", "mutant", "mutants", "mutated", "variant", "variants",
                     "polymorphism", "polymorphisms"), "mutation"),
    **dict.fromkeys(("deficiency", "deficient", "insufficiency"), "deficiency"),
    **dict.fromkeys(("knockout", "knock-out", "knockdown", "knock-down", "deletion", "ablation"), "loss"),
    **dict.fromkeys(("overexpression", "over-expression", "overexpressed"), "overexpression"),
    **dict.fromkeys(("expression", "expressed", "mrna", "mrnas", "transcript", "transcripts"), "expression"),
    **dict.fromkeys(("level", "levels", "concentration", "concentrations", "content", "amount", "amounts"),
                    "level"),
    **dict.fromkeys(("activity", "activities", "function"), "activity"),
    **dict.fromkeys(("activation", "activated"), "activation"),
    **dict.fromkeys(("inhibition", "inhibited", "blockade"), "inhibition"),
    **dict.fromkeys(("signaling", "signalling", "signal"), "signaling"),
    **dict.fromkeys(("secretion", "release", "production", "synthesis", "generation"), "production"),
    **dict.fromkeys(("cleavage", "cleaved", "processing", "truncation", "truncated"), "cleavage"),
    **dict.fromkeys(("degradation", "clearance", "turnover", "breakdown"), "degradation"),
    **dict.fromkeys(("accumulation", "deposition", "deposits", "deposit", "burden", "load"), "accumulation"),
    **dict.fromkeys(("uptake", "transport", "influx", "efflux"), "transport"),
    **dict.fromkeys(("acetylation", "acetylated"), "acetylation"),
    **dict.fromkeys(("ubiquitination", "ubiquitylation", "ubiquitinated"), "ubiquitination"),
    **dict.fromkeys(("methylation", "methylated"), "methylation"),
    **dict.fromkeys(("glycosylation", "glycosylated"), "glycosylation"),
    **dict.fromkeys(("nitration", "sumoylation", "palmitoylation", "translocation", "binding",
                     "permeability", "integrity", "toxicity", "dysfunction", "damage", "loss", "stability",
                     "misfolding", "spreading", "propagation", "transcription", "translation"), None),
}
# Those mapped to None name themselves.
FORM_WORDS = {word: form or word for word, form in FORM_WORDS.items()}

# The class a gene product's name may end in ("mTOR kinase"): the name alone names the same thing.
CLASS_WORDS = frozenset(("kinase", "protein", "proteins", "gene", "enzyme", "peptide", "peptides", "protease",
                         "phosphatase"))
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
    if len(words) >= 2 and lower[0] in FORM_WORDS and FORM_WORDS[lower[0]] in ("phosphorylation", "oligomer",
                                                                               "mutation", "aggregation"):
        return FORM_WORDS[lower[0]], words[1:]  # "phosphorylated tau", "mutant APP"
    head, _, rest = words[0].partition("-") if len(words) == 1 else ("", "", "")
    if rest and head.lower() in ("p", "phospho", "pho"):
        return "phosphorylation", [rest] + words[1:]  # "p-tau", "phospho-tau"
    return None
