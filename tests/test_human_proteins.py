"""MeSH's names of human proteins as names of their HGNC genes (engine.assembly.grounding.human_proteins):
"fused in sarcoma" grounds to FUS."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.assembly import grounding
from engine.assembly.grounding import build, human_proteins, resources

BUILT = Path(__file__).resolve().parent.parent / "data" / "grounding" / build.TERMS_DB


def hgnc_row(number: str, symbol: str, uniprot: str, status: str = "Approved") -> dict[str, str]:
    return {"HGNC ID": f"HGNC:{number}", "Approved symbol": symbol, "Status": status,
            "UniProt ID(supplied by UniProt)": uniprot}


@pytest.mark.parametrize("name, plain", [
    ("fused in sarcoma protein", "fused in sarcoma"),
    # a one-word name keeps "protein": "Velk" alone would be any Velk
    ("Velk protein", "Velk protein"),
    ("nuclear protein 1", "nuclear protein 1"),
])
def test_a_name_loses_a_trailing_protein(name: str, plain: str) -> None:
    assert human_proteins._plain_name(name) == plain


def test_an_entry_has_the_approved_genes_that_name_it_in_order() -> None:
    rows = [hgnc_row("1", "VELK1", "P00001"), hgnc_row("2", "TARP", "P00002, P00003"),
            hgnc_row("3", "POMB", "P00003"), hgnc_row("4", "ZORIN", "P00004", status="Withdrawn")]
    assert resources.genes_by_uniprot(rows) == {
        "P00001": [("1", "VELK1")], "P00002": [("2", "TARP")], "P00003": [("2", "TARP"), ("3", "POMB")]}


@pytest.mark.skipif(not BUILT.is_file(), reason="no grounding lexicon is built (python -m corpus ensure)")
@pytest.mark.parametrize("name, symbol", [("fused in sarcoma", "FUS"), ("fused in sarcoma protein", "FUS")])
def test_an_older_name_of_a_human_protein_grounds_to_its_gene(name: str, symbol: str) -> None:
    grounding.use_lexicon(None)  # the built lexicon, whatever an earlier test left in use
    best = grounding.ground(name)[0]
    assert (best.namespace, best.name) == ("HGNC", symbol)
