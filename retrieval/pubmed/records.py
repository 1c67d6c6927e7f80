"""EFetch replies read by the project's own PubMed XML ingestion, and the mark a fetched paper carries.

A reply is written to a file and read by ``retrieval.ingest.iter_documents``, as a PubMed XML file a
user uploads would be: one ``Document`` per ``<PubmedArticle>`` with an abstract, a broken record
reported and skipped while the others go in. A fetched document's ``source`` says where it came from
(``fetched_source``), which the index stores with it, so the Corpus page can list fetched papers with
their query and date (``fetched_origin``) without a second record to keep in step.
"""

from __future__ import annotations

import re
import tempfile
from dataclasses import dataclass
from pathlib import Path

from retrieval.documents import Document
from retrieval.ingest import IngestReport, iter_documents

FETCHED_PREFIX = "PubMed E-utilities"
_FETCHED = re.compile(rf"^{FETCHED_PREFIX} · (\d{{4}}-\d{{2}}-\d{{2}}) · query: (.*)$", re.DOTALL)


@dataclass(frozen=True)
class Origin:
    """Where a fetched paper came from: the query that found it and the day it was fetched."""

    query: str
    date: str


def fetched_source(query: str, date: str) -> str:
    return f"{FETCHED_PREFIX} · {date} · query: {query}"


def fetched_origin(document: Document) -> Origin | None:
    """The query and date of a fetched document; None for any other."""
    match = _FETCHED.match(document.source)
    return Origin(query=match.group(2), date=match.group(1)) if match else None


def read_efetch(reply: bytes, folder: Path) -> tuple[list[Document], list[str]]:
    """The documents of an EFetch reply and one line per record that could not be read."""
    folder.mkdir(parents=True, exist_ok=True)
    with tempfile.NamedTemporaryFile(dir=folder, prefix="efetch-", suffix=".xml", delete=False) as handle:
        handle.write(reply)
        path = Path(handle.name)
    try:
        report = IngestReport()
        documents = list(iter_documents([path], report))
    finally:
        path.unlink(missing_ok=True)
    problems = [f"{problem.path.replace(str(path), 'PubMed reply')}: {problem.reason}" for problem in report.problems]
    return documents, problems


def fetched_papers(documents: list[Document]) -> list[dict[str, str]]:
    """The fetched documents as rows (PMID, title, query, date), newest first, for the Corpus page."""
    rows = [{"PMID": d.id, "title": d.title, "query": origin.query, "fetched": origin.date}
            for d in documents if (origin := fetched_origin(d)) is not None]
    return sorted(rows, key=lambda row: row["fetched"], reverse=True)
