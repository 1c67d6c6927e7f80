"""The index as stored on disk: its manifest, the names of its files, the checks that say which file
is damaged and how to get it back, the stored documents, and the atomic, synced writes of a save
(``retrieval.index`` builds, opens and searches the index; the layout is described there).
"""

from __future__ import annotations

import hashlib
import os
import re
import shutil
from pathlib import Path
from typing import Literal

import numpy as np
import pyarrow as pa
from pydantic import BaseModel, Field, ValidationError

from retrieval import faults
from retrieval.columnar import DocumentTable
from retrieval.documents import Document

# 2: document vectors include the title's vector, document BM25 weights the title (format 1 had neither).
# 3: the documents are stored in Parquet columns (documents.parquet) instead of documents.jsonl.
FORMAT_VERSION = 3
# Format 2 is read as well (its documents.jsonl turned into columns on opening); its next save writes
# format 3, and `python -m corpus ensure` leaves it as it is.
READABLE_FORMATS = (2, 3)
MANIFEST = "manifest.json"
DOCUMENTS = "documents.parquet"
LEGACY_DOCUMENTS = "documents.jsonl"
VECTORS = "vectors.npy"
DOC_VECTORS = "doc_vectors.npy"
FAISS = "dense.faiss"
LEXICAL_PASSAGES = "lexical_passages"
LEXICAL_DOCUMENTS = "lexical_documents"
GENERATION = re.compile(r"generation-(\d{6,})")
# What an index saved before generations keeps beside its manifest (and the staging folder of its
# saves): removed once a save has switched the folder to a generation.
LEGACY_ENTRIES = frozenset({DOCUMENTS, LEGACY_DOCUMENTS, VECTORS, DOC_VECTORS, FAISS, LEXICAL_PASSAGES, LEXICAL_DOCUMENTS, ".staging"})
# A stored vector is unit length (sentence and document vectors are normalised) or zero; garbled
# bytes read as floats are neither.
UNIT_TOLERANCE = 1e-2
HASH_BLOCK = 1 << 20
class IndexNotFound(FileNotFoundError):
    """No usable index in the folder; the message says what is missing and how to build one."""


class IndexModelMismatch(IndexNotFound):
    """The index was embedded with another model than the one asked for: it must be rebuilt.

    A kind of IndexNotFound (there is no usable index for this model), so callers that handle a
    missing index show this message too."""


class IndexDamaged(IndexNotFound):
    """A file of the index is damaged (wrong size or checksum, unreadable, inconsistent); the message
    names the file and the way out. A kind of IndexNotFound: there is no usable index as it is."""


class IndexBusy(TimeoutError):
    """Another program kept the index folder locked for longer than ``LOCK_TIMEOUT_S``."""


class FileStamp(BaseModel):
    """The size and SHA-256 of one file of a generation, recorded when it was written."""

    size: int
    sha256: str


class Manifest(BaseModel):
    format_version: int = FORMAT_VERSION
    embedding_model: str
    dimension: int
    documents: int
    passages: int
    content_hash: str
    # "ivfpq" for a shard with an IVF-PQ index of its own (libraries built before one quantizer served
    # them all), "shared" for a shard whose vectors are searched through its library's IVF-PQ
    # (``Manifest.ivf``); "sharded" for the folder that holds the shards
    dense_index: Literal["flat", "hnsw", "ivfpq", "shared", "sharded"]
    corpus: str = ""
    created_at: str
    updated_at: str
    # The folder holding this manifest's files ("" for an index saved before generations, whose files
    # lie beside the manifest), and each of its files (path inside it) with its size and checksum.
    generation: str = Field("", pattern=r"^(generation-\d{6,})?$")
    files: dict[str, FileStamp] = {}
    # A sharded index: its shard folders, in order (the manifest is the one record a save switches).
    shards: list[str] = []
    # A sharded index: the folder of its one IVF-PQ index over the "shared" shards
    # (``retrieval.library_ivf``); "" when none of its shards is one (or it was built before).
    ivf: str = Field("", pattern=r"^(ivf-\d{6,})?$")


def read_manifest(index_dir: Path) -> Manifest:
    """The manifest of the index in ``index_dir``; IndexNotFound when there is none, it is
    unreadable or it was written in another format version."""
    manifest = stored_manifest(index_dir)
    if manifest.format_version not in READABLE_FORMATS:
        raise IndexNotFound(
            f"the index in {index_dir} has format {manifest.format_version}, this version reads "
            f"{' and '.join(map(str, READABLE_FORMATS))}; rebuild the index"
        )
    return manifest


def stored_manifest(index_dir: Path) -> Manifest:
    """The manifest as written, whatever its format version (to rebuild an index from its stored
    documents); IndexNotFound when there is none or it is unreadable."""
    path = Path(index_dir) / MANIFEST
    if not path.is_file():
        raise IndexNotFound(
            f"no paper index in {index_dir} (missing {MANIFEST}); build one with "
            "`python -m corpus ensure` or `python -m retrieval build --input PATH`"
        )
    try:
        manifest = Manifest.model_validate_json(path.read_bytes())
    except (ValidationError, UnicodeDecodeError) as error:
        raise IndexDamaged(damage_message(index_dir, path, first_error(error))) from None
    return manifest


def data_folder(index_dir: Path, manifest: Manifest) -> Path:
    """The folder holding the files of ``manifest``: its generation, or the index folder itself for
    an index saved before generations."""
    return Path(index_dir) / manifest.generation if manifest.generation else Path(index_dir)


def index_file(index_dir: Path, name: str) -> Path:
    """Where the file ``name`` (e.g. ``vectors.npy``) of the index in ``index_dir`` is now."""
    return data_folder(index_dir, stored_manifest(index_dir)) / name


def damage_message(index_dir: Path, path: Path, reason: str) -> str:
    """One line: which file of the index is damaged, how, and the way out."""
    index_dir = Path(index_dir)
    if path.name in (DOCUMENTS, LEGACY_DOCUMENTS, MANIFEST):  # the documents themselves: only a copy brings them back
        way_out = (f"restore {index_dir} from a backup, or build it again from your files with "
                   f"`python -m retrieval build --input PATH... --index {index_dir}` "
                   "(`python -m corpus build` for the default corpus)")
    else:  # derived from the stored documents: embedding them again rebuilds it
        way_out = f"re-embed its stored documents with `python -m corpus ensure --index {index_dir}`"
    return f"the index file {path} is damaged ({reason}); {way_out}"


def first_error(error: Exception) -> str:
    if isinstance(error, ValidationError):
        first = error.errors()[0]
        where = ".".join(str(part) for part in first.get("loc", ()))
        return f"{where}: {first['msg']}" if where else first["msg"]
    return str(error)


def size_problem(index_dir: Path, folder: Path, manifest: Manifest) -> str | None:
    """The first file of the manifest that is missing or not of its recorded size."""
    for name, stamp in manifest.files.items():
        path = folder / name
        if not path.is_file():
            return damage_message(index_dir, path, "missing")
        size = path.stat().st_size
        if size != stamp.size:
            return damage_message(index_dir, path, f"{size:,} bytes, {stamp.size:,} when written")
    return None


def vectors_problem(index_dir: Path, folder: Path, manifest: Manifest, scan: bool) -> str | None:
    """Whether the vector files read and match the manifest's counts, and (``scan``) hold only
    finite rows of unit length or zero."""
    for name, rows in ((VECTORS, manifest.passages), (DOC_VECTORS, manifest.documents)):
        path = folder / name
        try:
            vectors = np.load(path, mmap_mode="r")
        except (OSError, ValueError) as error:
            return damage_message(index_dir, path, f"unreadable: {error}")
        if vectors.shape != (rows, manifest.dimension):
            return damage_message(index_dir, path, f"shape {vectors.shape}, the manifest says {(rows, manifest.dimension)}")
        if scan:
            problem = rows_problem(vectors)
            if problem is not None:
                return damage_message(index_dir, path, problem)
    return None


def rows_problem(vectors: np.ndarray, block: int = 65_536) -> str | None:
    """Rows that are not finite or neither unit length nor zero, read a block at a time."""
    for start in range(0, len(vectors), block):
        part = np.asarray(vectors[start:start + block], dtype=np.float64)  # float32 squares overflow
        finite = np.isfinite(part).all(axis=1)
        if not finite.all():
            return f"row {start + int(np.argmin(finite))} is not finite (NaN or infinity)"
        norms = np.linalg.norm(part, axis=1)
        wrong = (np.abs(norms - 1) > UNIT_TOLERANCE) & (norms != 0)
        if wrong.any():
            row = int(np.argmax(wrong))
            return f"row {start + row} has length {norms[row]:.3g}, not 1 (garbled values)"
    return None


def documents_file_name(manifest: Manifest) -> str:
    """``documents.parquet`` from format 3 on, ``documents.jsonl`` before."""
    return DOCUMENTS if manifest.format_version >= 3 else LEGACY_DOCUMENTS


def stored_table(index_dir: Path) -> DocumentTable:
    """The documents saved in an index folder, as columns (readable even when the vectors are from
    another model or the manifest is missing)."""
    index_dir = Path(index_dir)
    try:
        manifest: Manifest | None = stored_manifest(index_dir)
    except IndexDamaged:
        raise
    except IndexNotFound:
        manifest = None
    folder = index_dir if manifest is None else data_folder(index_dir, manifest)
    expected = DOCUMENTS if manifest is None else documents_file_name(manifest)
    # a manifest of a format this version cannot open may sit beside either file: rebuilding reads what is there
    name = next((n for n in (expected, DOCUMENTS, LEGACY_DOCUMENTS) if (folder / n).is_file()), expected)
    path = folder / name
    if not path.is_file():
        raise IndexNotFound(f"no stored documents in {index_dir} (missing {name})")
    stamp = None if manifest is None else manifest.files.get(name)
    if stamp is not None and path.stat().st_size != stamp.size:
        raise IndexDamaged(damage_message(index_dir, path, f"{path.stat().st_size:,} bytes, {stamp.size:,} when written"))
    return read_table(path, index_dir)


def stored_documents(index_dir: Path) -> list[Document]:
    """The documents saved in an index folder, as ``Document`` objects (for rebuilding and reading)."""
    return list(stored_table(index_dir))


def model_mismatch_message(index_dir: Path, built_with: str, asked_for: str) -> str:
    return (
        f"the index in {index_dir} was embedded with {built_with!r} but {asked_for!r} is configured; "
        "vectors from different models cannot be mixed, so rebuild the index "
        "(`python -m corpus build`, or `python -m retrieval build --input PATH`)"
    )


def read_documents(path: Path, index_dir: Path) -> list[Document]:
    documents = []
    with open(path, "rb") as lines:
        for number, line in enumerate(lines, start=1):
            try:
                documents.append(Document.model_validate_json(line))
            except ValidationError as error:  # bad JSON and bad UTF-8 included
                raise IndexDamaged(damage_message(index_dir, path, f"line {number}: {first_error(error)}")) from None
    return documents


def read_table(path: Path, index_dir: Path) -> DocumentTable:
    """The documents in ``path``: Parquet columns, or (format 2) JSON lines turned into columns."""
    if path.name == LEGACY_DOCUMENTS:
        return DocumentTable.from_documents(read_documents(path, index_dir))
    try:
        return DocumentTable.read(path)
    except (pa.ArrowException, OSError, ValueError) as error:  # garbled Parquet pages or footer
        reason = str(error).splitlines()[0] if str(error) else type(error).__name__
        raise IndexDamaged(damage_message(index_dir, path, f"unreadable: {reason}")) from None


def check_counts(index_dir: Path, folder: Path, manifest: Manifest, documents: DocumentTable) -> None:
    """The stored documents hold as many documents and sentences as the manifest (and the vectors) count."""
    sentences = documents.passages
    if len(documents) != manifest.documents or sentences != manifest.passages:
        raise IndexDamaged(damage_message(
            index_dir, folder / documents_file_name(manifest), f"{len(documents)} documents with {sentences} sentences, the manifest "
            f"counts {manifest.documents} with {manifest.passages}"))


# ---------------------------------------------------------------------- saving


def next_generation(directory: Path) -> str:
    """A generation name above the one in use and any an interrupted save left."""
    numbers = [int(match.group(1)) for entry in directory.iterdir() if (match := GENERATION.fullmatch(entry.name))]
    return f"generation-{max(numbers, default=0) + 1:06d}"


def stamp_files(folder: Path) -> dict[str, FileStamp]:
    """The size and SHA-256 of every file under ``folder``, by path inside it."""
    return {file.relative_to(folder).as_posix(): FileStamp(size=file.stat().st_size, sha256=file_sha256(file))
            for file in sorted(folder.rglob("*")) if file.is_file()}


def file_sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        while block := handle.read(HASH_BLOCK):
            digest.update(block)
    return digest.hexdigest()


def write_manifest(directory: Path, manifest: Manifest) -> None:
    """Replace the manifest of ``directory`` in one atomic rename, synced: the commit of a save."""
    temporary = directory / (MANIFEST + ".tmp")
    with open(temporary, "w", encoding="utf-8") as out:
        out.write(manifest.model_dump_json(indent=2))
        sync(out)
    faults.step("manifest written beside")
    os.replace(temporary, directory / MANIFEST)
    sync_path(directory)
    faults.step("manifest switched")


def remove_stale(directory: Path, keep: str) -> None:
    """After a switch: the generations no manifest names any more (the previous one, and any an
    interrupted save left) and the files of the layout before generations."""
    for entry in sorted(directory.iterdir()):
        if entry.name == keep or not (GENERATION.fullmatch(entry.name) or entry.name in LEGACY_ENTRIES):
            continue
        if entry.is_dir():
            shutil.rmtree(entry)
        else:
            entry.unlink()
        faults.step(f"removed {entry.name}")


def sync(handle) -> None:
    handle.flush()
    os.fsync(handle.fileno())


def sync_path(path: Path) -> None:
    """fsync a file or a folder (a folder's entries: the names of what was created or renamed in it)."""
    descriptor = os.open(path, os.O_RDONLY)
    try:
        os.fsync(descriptor)
    finally:
        os.close(descriptor)
