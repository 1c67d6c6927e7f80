"""What PubMed returned, kept on disk so that the same question never fetches twice.

``questions.jsonl``: the questions already asked with fetching on (asked again, they are answered from
this cache alone). ``queries.jsonl``: per query (its words, compared without case or spacing, and how many PMIDs were
asked for) the PMIDs ESearch returned. ``abstracts.jsonl``: per PMID the document EFetch returned, or
why its record could not be read (so a broken record is not asked for again). Both are appended to
and read whole at start, a later line for the same key replacing an earlier one; a line that cannot
be read (a write cut short) is skipped. Nothing secret is written: no key, no e-mail address.
"""

from __future__ import annotations

import json
import threading
from pathlib import Path

from pydantic import ValidationError

from retrieval.documents import Document

QUESTIONS = "questions.jsonl"
QUERIES = "queries.jsonl"
ABSTRACTS = "abstracts.jsonl"


def _plain(text: str) -> str:
    return " ".join(text.lower().split())


def query_key(term: str, retmax: int) -> str:
    return f"{retmax}:{_plain(term)}"


class FetchCache:
    def __init__(self, folder: Path) -> None:
        self.folder = Path(folder)
        self._lock = threading.Lock()
        self._questions = {row["question"] for row in _rows(self.folder / QUESTIONS) if "question" in row}
        self._queries = {row["key"]: row["pmids"] for row in _rows(self.folder / QUERIES) if "pmids" in row}
        self._abstracts: dict[str, Document] = {}
        self._unreadable: dict[str, str] = {}
        for row in _rows(self.folder / ABSTRACTS):
            self._take(row)

    def asked(self, question: str) -> bool:
        """Whether ``question`` was asked before with fetching on (and PubMed answered)."""
        return _plain(question) in self._questions

    def remember_question(self, question: str) -> None:
        if not self.asked(question):
            self._append(QUESTIONS, [{"question": _plain(question)}])
            self._questions.add(_plain(question))

    def pmids(self, term: str, retmax: int) -> list[str] | None:
        """The PMIDs a search for ``term`` returned before; None when it was never sent."""
        return self._queries.get(query_key(term, retmax))

    def document(self, pmid: str) -> Document | None:
        return self._abstracts.get(pmid)

    def unreadable(self, pmid: str) -> str | None:
        """Why the record of ``pmid`` could not be read, when it could not."""
        return self._unreadable.get(pmid)

    def remember_query(self, term: str, retmax: int, pmids: list[str]) -> None:
        key = query_key(term, retmax)
        self._append(QUERIES, [{"key": key, "term": term, "pmids": pmids}])
        self._queries[key] = pmids

    def remember_documents(self, documents: list[Document]) -> None:
        rows = [{"pmid": d.id, "document": d.model_dump()} for d in documents]
        self._append(ABSTRACTS, rows)
        for row in rows:
            self._take(row)

    def remember_unreadable(self, pmids: list[str], reason: str) -> None:
        rows = [{"pmid": pmid, "unreadable": reason} for pmid in pmids]
        self._append(ABSTRACTS, rows)
        for row in rows:
            self._take(row)

    def _take(self, row: dict) -> None:
        pmid = str(row.get("pmid", ""))
        try:
            if "document" in row:
                self._abstracts[pmid] = Document(**row["document"])
                self._unreadable.pop(pmid, None)
            elif "unreadable" in row:
                self._unreadable[pmid] = str(row["unreadable"])
        except (ValidationError, TypeError):
            return

    def _append(self, name: str, rows: list[dict]) -> None:
        if not rows:
            return
        with self._lock:
            self.folder.mkdir(parents=True, exist_ok=True)
            with (self.folder / name).open("a", encoding="utf-8") as out:
                out.write("".join(json.dumps(row, ensure_ascii=False) + "\n" for row in rows))


def _rows(path: Path) -> list[dict]:
    if not path.is_file():
        return []
    rows = []
    for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
        try:
            row = json.loads(line)
        except ValueError:
            continue
        if isinstance(row, dict):
            rows.append(row)
    return rows
