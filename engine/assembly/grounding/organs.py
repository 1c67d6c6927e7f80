"""Adjectives of organs and parts with their nouns ("hepatic": liver, "renal": kidney), learned from the
curated resources' own synonyms, so that "hepatic injury" and "liver injury" are one name.

Two names of one identifier in MeSH, GO, HP, DOID or EFO that differ in one word before their head,
an adjective in one and a noun in the other ("Hepatic Insufficiency" and "Liver Insufficiency"), pair
that adjective with that noun. A pair is kept when the noun names a MeSH anatomy heading (tree A) and
at least ``MIN_IDENTIFIERS`` identifiers pair the two; an adjective keeps the noun it is paired with
most, if at least twice as often as with any other ("cerebral": brain 15, cerebrum 6). The build
writes the pairs beside the terms with their counts (``write_organ_adjectives``); ``organ_nouns``
reads them, and ``organ_words`` says which adjective stands for a noun's and its adjectives' words
in a name (the one paired with it most: "cellular" for cell and intracellular).
"""

from __future__ import annotations

import sqlite3
from collections import Counter, defaultdict
from collections.abc import Iterable
from contextlib import closing
from functools import cache
from itertools import groupby
from pathlib import Path

from engine.assembly.grounding.resources import mesh_rows

MIN_IDENTIFIERS = 8
TABLE = "organ_adjectives"
_SOURCES = ("MESH", "GO", "HP", "DOID", "EFO")
_ADJECTIVE_ENDINGS = ("ic", "ac", "al", "ar", "ary", "ous", "ian")


def write_organ_adjectives(connection: sqlite3.Connection) -> int:
    """Learn the pairs from the ``terms`` table and write them to ``organ_adjectives``; how many."""
    marks = ", ".join("?" * len(_SOURCES))
    rows = connection.execute(f"SELECT db, id, norm_text FROM terms WHERE db IN ({marks}) ORDER BY db, id", _SOURCES)
    names = ({text for _, _, text in group} for _, group in groupby(rows, key=lambda row: row[:2]))
    pairs = kept_pairs(paired_words(names), anatomy_names())
    connection.execute(f"CREATE TABLE {TABLE} (adjective text, noun text, identifiers integer)")
    connection.executemany(f"INSERT INTO {TABLE} VALUES (?, ?, ?)", sorted(pairs))
    return len(pairs)


def organ_nouns(terms_db: Path) -> list[tuple[str, str, int]]:
    """The (adjective, noun, identifiers) the build wrote into ``terms_db`` (none without the table)."""
    if not terms_db.is_file():
        return []
    with closing(sqlite3.connect(f"file:{terms_db}?mode=ro", uri=True)) as connection:
        try:
            return list(connection.execute(f"SELECT adjective, noun, identifiers FROM {TABLE}"))
        except sqlite3.OperationalError:  # a table built before the pairs were (set-up rebuilds it)
            return []


def organ_words(pairs: Iterable[tuple[str, str, int]]) -> dict[str, str]:
    """Each noun and adjective of the pairs → the adjective that stands for them all: "liver" and
    "hepatic" → "hepatic". An adjective, not the noun, so that the forms its stem already joins keep
    joining ("mitochondria dysfunction", "mitochondrial dysfunction")."""
    best: dict[str, tuple[int, str]] = {}
    for adjective, noun, identifiers in pairs:
        best[noun] = max(best.get(noun, (0, "")), (identifiers, adjective))
    return {word: best[noun][1] for adjective, noun, _ in pairs for word in (adjective, noun)}


def paired_words(names_per_identifier: Iterable[set[str]]) -> Counter:
    """(word, word) → how many identifiers have two names that differ in just that word before their head."""
    pairs: Counter = Counter()
    for names in names_per_identifier:
        by_length: dict[int, list[list[str]]] = defaultdict(list)
        for name in names:
            by_length[len(name.split())].append(name.split())
        found = set()
        for same_length in by_length.values():
            for i, first in enumerate(same_length):
                found.update(filter(None, (_differing_modifier(first, second) for second in same_length[i + 1:])))
        pairs.update(found)
    return pairs


def _differing_modifier(first: list[str], second: list[str]) -> tuple[str, str] | None:
    """The two words, in order, where two names differ in one word before the head and nowhere else."""
    differ = [i for i, (a, b) in enumerate(zip(first, second)) if a != b]
    if len(differ) != 1 or differ[0] == len(first) - 1:
        return None
    words = sorted((first[differ[0]], second[differ[0]]))
    return (words[0], words[1]) if all(w.isalpha() for w in words) else None


def kept_pairs(pairs: Counter, anatomy: set[str]) -> list[tuple[str, str, int]]:
    """(adjective, noun, identifiers) where the module docstring's rules keep the pair: of two paired
    words, the noun names an anatomy heading and the adjective does not, and has an adjective's ending."""
    by_adjective: dict[str, Counter] = defaultdict(Counter)
    for words, count in pairs.items():
        nouns = [w for w in words if w in anatomy]
        adjectives = [w for w in words if w not in anatomy and w.endswith(_ADJECTIVE_ENDINGS)]
        if len(nouns) == 1 and len(adjectives) == 1:
            by_adjective[adjectives[0]][nouns[0]] += count
    kept = []
    for adjective, nouns in by_adjective.items():
        (noun, count), *others = nouns.most_common()
        if count >= MIN_IDENTIFIERS and all(count >= 2 * other for _, other in others):
            kept.append((adjective, noun, count))
    return kept


@cache
def anatomy_names() -> frozenset[str]:
    """The names of MeSH's anatomy headings (tree A), lower case: organs, tissues, cells and body fluids
    ("hippocampus", "plasma", "serum")."""
    anatomy = (row for row in mesh_rows() if len(row) > 3 and any(tree.startswith("A") for tree in row[3].split("|")))
    return frozenset(name.lower() for row in anatomy for name in [row[1], *row[2].split("|")] if name)
