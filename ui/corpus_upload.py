"""Adding uploaded papers to the index: keep the files, read them, embed the new ones (no streamlit).

Uploaded files are kept under ``DATA_DIR/uploads`` — the document id of a file is its path there — so
the index can be rebuilt from them and the same upload twice is recognised as a duplicate.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path, PurePath

from retrieval.index import PaperIndex
from retrieval.ingest import SUPPORTED_SUFFIXES, Duplicate, IngestProblem, ingest_paths

Progress = Callable[[int, int], None]


@dataclass
class UploadOutcome:
    added: list[str] = field(default_factory=list)  # titles of documents newly indexed
    problems: list[IngestProblem] = field(default_factory=list)  # per file, with the reason
    duplicates: list[str] = field(default_factory=list)  # what was left out as already present
    warnings: list[IngestProblem] = field(default_factory=list)  # read, but not quite as written
    passages: int = 0


def safe_file_name(name: str) -> str:
    """The uploaded name without folders or odd characters (it becomes a path on the server)."""
    base = PurePath(name.replace("\\", "/")).name
    cleaned = re.sub(r"[^A-Za-z0-9._-]+", "_", base).strip("._") or "upload"
    return cleaned[:150]


def store_uploads(files: list[tuple[str, bytes]], upload_dir: Path) -> tuple[list[Path], list[IngestProblem]]:
    """Write the uploads under ``upload_dir``; a name clash with other content gets a hash suffix."""
    upload_dir.mkdir(parents=True, exist_ok=True)
    kept: list[Path] = []
    problems: list[IngestProblem] = []
    for name, data in files:
        file_name = safe_file_name(name)
        suffix = PurePath(file_name).suffix.lower()
        if suffix not in SUPPORTED_SUFFIXES:
            problems.append(IngestProblem(
                path=name, reason=f"unsupported file type {suffix or '(none)'}; use "
                                  + ", ".join(sorted(SUPPORTED_SUFFIXES))))
            continue
        if not data:
            problems.append(IngestProblem(path=name, reason="the file is empty"))
            continue
        path = upload_dir / file_name
        if path.exists() and path.read_bytes() != data:
            digest = hashlib.sha256(data).hexdigest()[:10]
            path = upload_dir / f"{PurePath(file_name).stem}-{digest}{suffix}"
        path.write_bytes(data)
        kept.append(path)
    return kept, problems


def add_uploads(
    files: list[tuple[str, bytes]], upload_dir: Path, index: PaperIndex, progress: Progress | None = None
) -> UploadOutcome:
    """Store, read and index uploaded files; every failure is reported with its file's name."""
    paths, problems = store_uploads(files, upload_dir)
    outcome = UploadOutcome(problems=problems)
    if not paths:
        return outcome
    report = ingest_paths(paths)
    outcome.problems.extend(IngestProblem(path=PurePath(p.path).name, reason=p.reason) for p in report.problems)
    outcome.duplicates.extend(_duplicate_text(d) for d in report.duplicates)
    outcome.warnings.extend(IngestProblem(path=PurePath(w.path).name, reason=w.reason) for w in report.warnings)
    readable = []
    for document in report.documents:
        if document.sentences:
            readable.append(document)
        else:
            outcome.problems.append(IngestProblem(path=PurePath(document.source).name,
                                                  reason="no sentences could be read from it"))
    if readable:
        added = index.add_documents(readable, progress=progress)
        titles = {d.id: d.title or PurePath(d.source).name for d in readable}
        outcome.added = [titles[doc_id] for doc_id in added.added]
        outcome.passages = added.passages_added
        outcome.duplicates.extend(_duplicate_text(d) for d in added.duplicates)
    return outcome


def _duplicate_text(duplicate: Duplicate) -> str:
    """"paper.pdf: same content as pmid:123" — file names rather than server paths."""
    name = PurePath(duplicate.doc_id).name if "/" in duplicate.doc_id else duplicate.doc_id
    original = PurePath(duplicate.duplicate_of).name if "/" in duplicate.duplicate_of else duplicate.duplicate_of
    if duplicate.reason == "same id":
        return f"{name}: already indexed"
    return f"{name}: {duplicate.reason} as {original}"
