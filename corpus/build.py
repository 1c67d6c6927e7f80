"""Build, check and repair the default corpus index (used by ``python -m corpus`` and the app)."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager, nullcontext
from pathlib import Path

from corpus.hbp import CorpusError, corpus_label, load_documents
from retrieval.embeddings import ProgressCallback
from retrieval.index import (
    IndexDamaged,
    IndexNotFound,
    Manifest,
    PaperIndex,
    index_problem,
    read_manifest,
    stored_manifest,
)
from retrieval.stored import stored_documents
from retrieval.progress import terminal_progress

__all__ = ["CorpusError", "build_default_index", "ensure_index", "read_claims"]


def build_default_index(
    index_dir: Path,
    embedding_model: str,
    progress: ProgressCallback | None = None,
    say: Callable[[str], None] = print,
) -> Manifest:
    """(Re)build the Human Brain Pharmacome index in ``index_dir`` and read its claims; ``progress``
    or a tqdm bar."""
    manifest = _build_default_index(index_dir, embedding_model, progress, say)
    read_claims(index_dir, progress, say)
    return manifest


def read_claims(index_dir: Path, progress: ProgressCallback | None = None,
                say: Callable[[str], None] = print) -> int:
    """Read every sentence of the index's library that its claim store lacks with the
    dependency-parse reader (``engine.reading.parse.store``); the number read."""
    from engine.reading.parse.store import read_library

    documents = [document.sentences for document in stored_documents(index_dir)]
    with _progress(progress, "reading claims") as report:
        return read_library(index_dir, documents, say=say, progress=report)


def _build_default_index(
    index_dir: Path, embedding_model: str, progress: ProgressCallback | None, say: Callable[[str], None],
) -> Manifest:
    documents = load_documents()
    say(f"building the default paper index from {corpus_label()}: {len(documents)} papers")
    with _progress(progress, "embedding HBP evidence") as report:
        index = PaperIndex.build(documents, index_dir, embedding_model, progress=report, corpus=corpus_label())
    return index.manifest


def ensure_index(
    index_dir: Path,
    embedding_model: str,
    progress: ProgressCallback | None = None,
    say: Callable[[str], None] = print,
) -> tuple[Manifest, str]:
    """Make sure ``index_dir`` holds a usable index for ``embedding_model`` and that its claim store
    has every sentence read (``read_claims``); says what it did."""
    manifest, action = _ensure_embedded(index_dir, embedding_model, progress, say)
    read_claims(index_dir, progress, say)
    return manifest, action


def _ensure_embedded(
    index_dir: Path, embedding_model: str, progress: ProgressCallback | None, say: Callable[[str], None],
) -> tuple[Manifest, str]:
    """The index part of ``ensure_index``.

    A valid index is left alone, whatever its documents (a user's own library included). A library
    that cannot be opened as it is (built with another model, written in an older index format,
    vectors missing) is re-embedded from its stored documents, so a user's papers are never
    replaced by the default corpus. Only a missing index, one whose stored documents are unreadable,
    or an HBP index from an older package version is (re)built from the default corpus.
    """
    problem = index_problem(index_dir, embedding_model)
    if problem is None:
        manifest = read_manifest(index_dir)
        if not _stale_default(manifest):
            return manifest, "ready"
        say(f"the default corpus changed ({manifest.corpus} -> {corpus_label()}): rebuilding")
        return _build_default_index(index_dir, embedding_model, progress, say), "rebuilt"
    say(problem)
    try:
        previous = stored_manifest(index_dir)
    except IndexNotFound:  # nothing there, or nothing readable: the default corpus it is
        return _build_default_index(index_dir, embedding_model, progress, say), "built"
    if _stale_default(previous):
        return _build_default_index(index_dir, embedding_model, progress, say), "built"
    try:
        documents = stored_documents(index_dir)
    except IndexDamaged:
        raise  # it may hold papers a user added: replaced by the default corpus only on request (`corpus build`)
    except IndexNotFound as error:
        say(f"the stored documents are unusable ({error}); building the default corpus instead")
        return _build_default_index(index_dir, embedding_model, progress, say), "built"
    say(f"re-embedding the {len(documents)} stored documents with {embedding_model!r}")
    with _progress(progress, "re-embedding") as report:
        index = PaperIndex.build(documents, index_dir, embedding_model, progress=report, corpus=previous.corpus)
    return index.manifest, "re-embedded"


def _stale_default(manifest: Manifest) -> bool:
    """An index of the default corpus built from an older ``hbp-knowledge`` package."""
    return manifest.corpus.startswith("hbp-knowledge") and manifest.corpus != corpus_label()


def _progress(callback: ProgressCallback | None, description: str) -> AbstractContextManager[ProgressCallback]:
    """The caller's progress callback, or a terminal bar when there is none."""
    return nullcontext(callback) if callback is not None else terminal_progress(description)
