"""The persisted hybrid paper index: FAISS over sentence vectors plus BM25, fused per passage.

A passage is one sentence of one document: every graph edge cites exactly one sentence. Each passage is
scored from four signals, each put on a 0-1 scale and then mixed with weights chosen on the SciFact
train queries (see ``FusionWeights``):

- ``dense`` passage: cosine of the query with the sentence vector (FAISS);
- ``dense`` document: cosine of the query with the document vector (the normalised mean of its sentence
  vectors plus the vector of its title, in equal parts), which lets a sentence borrow the topic of its
  paper;
- ``lexical`` passage: BM25 of the sentence together with its neighbours and the title;
- ``lexical`` document: BM25 of the whole document, its title counted ``DOCUMENT_TITLE_REPEATS`` times.

On disk (``index_dir``): ``manifest.json`` (model, dimension, counts, content hash, the generation
in use and the size and SHA-256 of each of its files) and the generation folder it names,
``generation-NNNNNN/``, holding ``documents.parquet`` (``retrieval.columnar``), ``vectors.npy`` (one float32 row per passage),
``doc_vectors.npy``, ``dense.faiss`` (only for the approximate indexes, which are slow to rebuild),
and the BM25 folders ``lexical_passages/`` and ``lexical_documents/``. Reopening loads these without
embedding anything. (An index saved before generations keeps those files beside its manifest; it is
read as it is and moved into a generation by its next save.)

A save is crash-safe, as a database commit is: the new generation is written and synced beside the
one in use, then the manifest is replaced in one atomic rename, and only then is the old generation
removed. A crash at any point leaves the old index or the new one, whole; a generation folder that
no manifest names is what an interrupted save left, ignored when opening and removed by the next
save. Opening checks what is cheap (file sizes, counts, vectors finite and of unit length);
``verify_index`` (``python -m retrieval check``) also checks every file's SHA-256. Damage is reported
in one line naming the file and the way out (``IndexDamaged``). A library too large for one
such folder is a sharded index (``retrieval/sharded.py``): its folder holds shards laid out the same way,
each with an IVF-PQ dense index, and ``PaperIndex.open`` returns it behind the same interface.

Several programs may share one index folder (the app, ``python -m retrieval add``, ``corpus ensure``):
a lock file (``.write.lock``) lets one of them write or read it at a time, so no reader sees half a
save, and an addition first catches up with what another program saved since this one loaded the
index, so neither program's papers are lost.
"""

from __future__ import annotations

import hashlib
import threading
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Literal

import faiss
import filelock
import numpy as np
from pydantic import BaseModel
from threadpoolctl import ThreadpoolController

from retrieval import ivfpq, paging
from retrieval import faults
from retrieval.columnar import DocumentTable
from retrieval.documents import Document
from retrieval.embeddings import Embedder, ProgressCallback
from retrieval.ingest import Duplicate
from retrieval.lexical import LexicalIndex, LexicalQuery
from retrieval.stored import (
    DOCUMENTS,
    DOC_VECTORS,
    FAISS,
    FORMAT_VERSION,
    GENERATION,
    IndexBusy,
    IndexDamaged,
    IndexModelMismatch,
    IndexNotFound,
    LEXICAL_DOCUMENTS,
    LEXICAL_PASSAGES,
    MANIFEST,
    Manifest,
    VECTORS,
    check_counts,
    damage_message,
    data_folder,
    documents_file_name,
    file_sha256,
    model_mismatch_message,
    next_generation,
    read_manifest,
    remove_stale,
    size_problem,
    stamp_files,
    stored_manifest,
    stored_table,
    sync,
    sync_path,
    vectors_problem,
    write_manifest,
)

SearchMode = Literal["hybrid", "bm25", "dense"]
# A query for the passage BM25 index and one for the document BM25 index.
LexicalPair = tuple[LexicalQuery, LexicalQuery]

# Up to this many passages FAISS searches exactly (IndexFlatIP). A flat scan costs passages x dimension
# multiply-adds per query: measured single-threaded (bench/retrieval.py --faiss-check) 3.5 ms at 50,000
# passages, 13.6 ms CPU at 200,000 and 21 ms at 400,000; with the query embedding (~10 ms) and BM25 the
# 50 ms query budget leaves about that much room. Beyond it an HNSW graph (IndexHNSWFlat: no training,
# incremental adds) takes over, at about 1 ms per query. On the SciFact sentence vectors HNSW with
# efSearch=512 finds 99.2% of the exact top 300 (97.6% of the top 100 at efSearch=128). Candidates'
# scores are always recomputed exactly from the stored vectors, and exact document-level cosines and
# BM25 add candidates of their own, so a missed neighbour rarely costs a result.
EXACT_SEARCH_LIMIT = 200_000
# Neighbouring sentences on each side that join a sentence's text for BM25, so that a sentence whose
# subject is a pronoun still matches the words of the sentence before it.
LEXICAL_CONTEXT_SENTENCES = 1
# A title states what a paper is about in a dozen words, so a query word found there says more than one
# found once in the abstract: document BM25 reads the title this many times (a plain form of BM25F's
# field weights). On the SciFact train claims 3 scored best alone (nDCG@10 0.703 against 0.696 for 1).
DOCUMENT_TITLE_REPEATS = 3
# The dense kinds of a shard of a sharded index, whose files stay on disk, memory-mapped.
SHARD_KINDS = ("ivfpq", "shared")
HNSW_NEIGHBOURS = 32
HNSW_EF_SEARCH = 512
HNSW_EF_CONSTRUCTION = 80

_LOCK = ".write.lock"
# How long a program waits for another one to finish writing the same index folder. A large
# upload embeds for minutes while it holds the lock, hence the generous wait.
LOCK_TIMEOUT_S = 600.0


class Passage(BaseModel):
    """One retrieved sentence with its document and scores (``score`` is the fused one)."""

    doc_id: str
    title: str
    sentence: str
    sentence_index: int
    score: float
    lexical_score: float | None = None
    dense_score: float | None = None


class DocumentHit(BaseModel):
    """A document ranked by its best passage, for document-level evaluation and listings."""

    doc_id: str
    title: str
    score: float
    best_sentence_index: int


class AddReport(BaseModel):
    added: list[str] = []
    duplicates: list[Duplicate] = []
    without_text: list[str] = []
    passages_added: int = 0


class UpdateReport(AddReport):
    """An update's additions, plus the indexed documents it replaced (revised) or deleted."""

    replaced: list[str] = []
    deleted: list[str] = []


@dataclass(frozen=True)
class UpdatePlan:
    """What an update does: the indexed ids it removes (deleted or revised) and the documents it embeds."""

    gone: frozenset[str]
    new: list[Document]
    report: UpdateReport


def plan_update(index: PaperIndex, documents: Sequence[Document], deleted: Iterable[str]) -> UpdatePlan:
    """An update of ``index``: ids in ``deleted`` go; a document whose id is indexed with other content
    (a revised citation) replaces it; other documents are added as ``add_documents`` adds them."""
    deleted = {doc_id for doc_id in deleted if index.has_document(doc_id)}
    revised = {d.id for d in documents if d.id not in deleted and index.has_document(d.id)
               and index.content_of(d.id) != d.content_hash()}
    gone = frozenset(deleted | revised)

    def owner(content_hash: str) -> str | None:
        found = index.owner_of_content(content_hash)
        return None if found in gone else found

    incoming = [d for d in documents if d.id not in deleted]
    new, added = new_documents(incoming, lambda doc_id: doc_id not in gone and index.has_document(doc_id), owner)
    new_ids = {d.id for d in new}
    report = UpdateReport(**added.model_dump(), replaced=sorted(revised & new_ids), deleted=sorted(deleted))
    return UpdatePlan(gone, new, report)


@dataclass(frozen=True)
class FusionWeights:
    """How much each scaled signal counts in the fused passage score.

    Chosen by bench/retrieval_tune.py on the SciFact train claims only, split into two fixed halves by a
    hash of the claim id: weights picked on half A (best 0.1-grid neighbourhood), confirmed on half B.
    With format 2's title-aware document signals: nDCG@10 A 0.7406, B 0.7649, all 809 claims 0.7528,
    against 0.7313 / 0.7588 / 0.7450 for format 1 with its weights (0.3/0.1/0.1/0.5).
    ``absolute`` scaling (BM25 over the query's ceiling, raw cosines) beat min-max over the candidates
    (0.7419 with the same BM25 settings) because min-max lifts a weak one-word match to full marks
    when little else matches; it also beat z-scores and weighted reciprocal rank fusion on both halves.
    """

    dense_passage: float = 0.3
    dense_document: float = 0.2
    lexical_passage: float = 0.1
    lexical_document: float = 0.4
    # Candidates taken from each signal before fusion.
    candidate_passages: int = 300
    candidate_documents: int = 100
    scaling: Literal["minmax", "absolute"] = "absolute"

    def vector(self) -> np.ndarray:
        return np.array([self.dense_passage, self.dense_document, self.lexical_passage, self.lexical_document])


@dataclass(frozen=True)
class Signals:
    """Per candidate passage: its document, the scaled signals (columns in ``FusionWeights.vector`` order),
    and the raw BM25 and cosine of the sentence itself (NaN when the mode leaves that side out)."""

    candidates: np.ndarray
    documents: np.ndarray
    scaled: np.ndarray
    lexical: np.ndarray
    dense: np.ndarray


@dataclass(frozen=True)
class Layout:
    """How to check and open an index stored in another layout than one folder."""

    problem: Callable[[Path, Manifest, str | None], str | None]
    load: Callable[[Path, Manifest, FusionWeights | None, Embedder], PaperIndex]
    parts: Callable[[Path], list[tuple[str, Path]]]  # the one-folder indexes it holds, by name


# By the manifest's dense_index. retrieval.sharded registers the sharded layout, so that this module
# need not import its own subclass; retrieval/__init__ imports it, so every layout is known wherever
# an index is opened.
_LAYOUTS: dict[str, Layout] = {}


def register_layout(dense_index: str, layout: Layout) -> None:
    _LAYOUTS[dense_index] = layout


def index_problem(index_dir: Path, embedding_model: str | None = None) -> str | None:
    """Why the index in ``index_dir`` cannot be opened as is, or None when it looks complete.

    Cheap (reads the manifest and array headers, embeds nothing), for start-up checks.
    """
    try:
        manifest = read_manifest(index_dir)
    except IndexNotFound as error:
        return str(error)
    if embedding_model is not None and manifest.embedding_model != embedding_model:
        return model_mismatch_message(index_dir, manifest.embedding_model, embedding_model)
    index_dir = Path(index_dir)
    layout = _LAYOUTS.get(manifest.dense_index)
    if layout is not None:
        return layout.problem(index_dir, manifest, embedding_model)
    folder = data_folder(index_dir, manifest)
    needed = [documents_file_name(manifest), VECTORS, DOC_VECTORS, LEXICAL_PASSAGES, LEXICAL_DOCUMENTS]
    if manifest.dense_index in ("hnsw", "ivfpq"):
        needed.append(FAISS)
    missing = [name for name in needed if not (folder / name).exists()]
    if missing:
        return f"the index in {index_dir} is incomplete: missing {', '.join(missing)}"
    problem = size_problem(index_dir, folder, manifest)
    if problem is not None:
        return problem
    # A shard's vectors stay on disk (memory-mapped): reading them all is left to `check`.
    return vectors_problem(index_dir, folder, manifest, scan=manifest.dense_index not in SHARD_KINDS)


def corpus_hash(documents: Iterable[Document] | DocumentTable) -> str:
    """Order-independent digest of the documents' ids and contents."""
    if isinstance(documents, DocumentTable):
        pairs: Iterable[tuple[str, str]] = zip(documents.ids(), documents.content_hashes(), strict=True)
    else:
        pairs = ((d.id, d.content_hash()) for d in documents)
    digests = sorted(hashlib.sha256(f"{doc_id}\x1f{content}".encode()).hexdigest() for doc_id, content in pairs)
    return hashlib.sha256("".join(digests).encode()).hexdigest()


class PaperIndex:
    """Documents, their sentence vectors and BM25 indexes, searchable by hybrid, lexical or dense mode."""

    def __init__(
        self,
        index_dir: Path,
        manifest: Manifest,
        documents: DocumentTable | Sequence[Document],
        vectors: np.ndarray,
        doc_vectors: np.ndarray,
        dense: faiss.Index | None,
        lexical_passages: LexicalIndex,
        lexical_documents: LexicalIndex,
        embedder: Embedder,
        weights: FusionWeights,
    ) -> None:
        self.index_dir = Path(index_dir)
        self.manifest = manifest
        self.weights = weights
        self._table = documents if isinstance(documents, DocumentTable) else DocumentTable.from_documents(documents)
        self._vectors = vectors
        # positional reads of a mapped shard's rows: re-ranked candidates are read, not mapped (paging)
        self._vector_rows = paging.RowReader.of(vectors)
        self._doc_vectors = doc_vectors
        self._dense = dense
        self._lexical_passages = lexical_passages
        self._lexical_documents = lexical_documents
        self._embedder = embedder
        self._thread_controller: ThreadpoolController | None = None
        self._passage_doc, self._passage_sentence, self._doc_first_passage = _layout(self._table.first_passages)
        # held by every search and by an addition while it swaps the grown index in
        self._searching = threading.RLock()
        self._adding = threading.Lock()

    # ------------------------------------------------------------------ construction

    @classmethod
    def open(
        cls,
        index_dir: Path,
        embedding_model: str | None = None,
        weights: FusionWeights | None = None,
        embedder: Embedder | None = None,
    ) -> PaperIndex:
        """Load a built index (no re-embedding). ``embedding_model``, when given, must match the manifest.

        ``embedder`` lets a caller share an already-loaded model of the index's model name.
        """
        index_dir = Path(index_dir)
        with _folder_lock(index_dir):
            return cls.open_without_lock(index_dir, embedding_model, weights, embedder)

    @classmethod
    def open_without_lock(
        cls, index_dir: Path, embedding_model: str | None, weights: FusionWeights | None, embedder: Embedder | None
    ) -> PaperIndex:
        """``open`` without taking the folder lock: the caller holds it (a sharded index opens its shards so)."""
        manifest = read_manifest(index_dir)
        if embedding_model is not None and manifest.embedding_model != embedding_model:
            raise IndexModelMismatch(model_mismatch_message(index_dir, manifest.embedding_model, embedding_model))
        layout = _LAYOUTS.get(manifest.dense_index)
        if layout is not None:
            return layout.load(index_dir, manifest, weights, _embedder_for(manifest.embedding_model, embedder))
        problem = index_problem(index_dir)
        if problem is not None:
            raise IndexDamaged(problem) if "is damaged" in problem else IndexNotFound(problem)
        folder = data_folder(index_dir, manifest)
        documents = stored_table(index_dir)
        check_counts(index_dir, folder, manifest, documents)
        # A shard of a sharded index stays on disk, memory-mapped: serving memory is then bounded by
        # what queries touch, not by the size of the library.
        mapped = "r" if manifest.dense_index in SHARD_KINDS else None
        vectors = np.load(folder / VECTORS, mmap_mode=mapped)
        dense = _read_dense(index_dir, folder, manifest.dense_index, vectors)
        return cls(
            index_dir=index_dir,
            manifest=manifest,
            documents=documents,
            vectors=vectors,
            doc_vectors=np.load(folder / DOC_VECTORS, mmap_mode=mapped),
            dense=dense,
            lexical_passages=_read_lexical(index_dir, folder / LEXICAL_PASSAGES, manifest.passages, mapped is not None),
            lexical_documents=_read_lexical(index_dir, folder / LEXICAL_DOCUMENTS, manifest.documents, mapped is not None),
            embedder=_embedder_for(manifest.embedding_model, embedder),
            weights=weights or FusionWeights(),
        )

    @classmethod
    def build(
        cls,
        documents: Iterable[Document],
        index_dir: Path,
        embedding_model: str,
        progress: ProgressCallback | None = None,
        corpus: str = "",
        weights: FusionWeights | None = None,
        exact_search_limit: int = EXACT_SEARCH_LIMIT,
        embedder: Embedder | None = None,
    ) -> PaperIndex:
        """Embed and index ``documents`` into ``index_dir``, replacing any index there.

        Documents with an id or content seen earlier in the stream are skipped (first one wins).
        ``embedder`` lets a caller share an already-loaded model of the same name.
        """
        unique: list[Document] = []
        seen_ids: set[str] = set()
        seen_hashes: set[str] = set()
        for document in documents:
            content = document.content_hash()
            if document.id in seen_ids or content in seen_hashes or not document.sentences:
                continue
            seen_ids.add(document.id)
            seen_hashes.add(content)
            unique.append(document)
        if not unique:
            raise ValueError(f"nothing to index into {index_dir}: no document has any text")
        embedder = _embedder_for(embedding_model, embedder)
        vectors, title_vectors = embed_documents(embedder, unique, progress)
        dense_index = "hnsw" if len(vectors) > exact_search_limit else "flat"
        index = cls.from_vectors(unique, vectors, title_vectors, index_dir, embedder, dense_index, corpus, weights)
        with _folder_lock(index._prepared_folder()):
            index.save()
        return index

    @classmethod
    def from_vectors(
        cls,
        documents: DocumentTable | Sequence[Document],
        vectors: np.ndarray,
        title_vectors: np.ndarray,
        index_dir: Path,
        embedder: Embedder,
        dense_index: Literal["flat", "hnsw", "ivfpq", "shared"],
        corpus: str = "",
        weights: FusionWeights | None = None,
    ) -> PaperIndex:
        """An index of distinct, non-empty ``documents`` whose sentence and title vectors are given (in
        document order, as ``embed_documents`` returns them); not saved yet."""
        table = documents if isinstance(documents, DocumentTable) else DocumentTable.from_documents(documents)
        doc_vectors = _document_vectors(table.first_passages, vectors, title_vectors)
        return cls.from_columns(table, vectors, doc_vectors, index_dir, embedder, dense_index, corpus, weights)

    @classmethod
    def from_columns(
        cls,
        table: DocumentTable,
        vectors: np.ndarray,
        doc_vectors: np.ndarray,
        index_dir: Path,
        embedder: Embedder,
        dense_index: Literal["flat", "hnsw", "ivfpq", "shared"],
        corpus: str = "",
        weights: FusionWeights | None = None,
    ) -> PaperIndex:
        """An index of stored columns with their sentence and document vectors (nothing is embedded:
        the BM25 and dense indexes are built from them); not saved yet."""
        now = _now()
        manifest = Manifest(
            embedding_model=embedder.model_name,
            dimension=int(vectors.shape[1]),
            documents=len(table),
            passages=len(vectors),
            content_hash=corpus_hash(table),
            dense_index=dense_index,
            corpus=corpus,
            created_at=now,
            updated_at=now,
        )
        if dense_index == "ivfpq":
            dense = ivfpq.make_ivfpq_index(vectors)
        elif dense_index == "shared":
            dense = None  # the library's IVF-PQ index holds its vectors (retrieval.library_ivf)
        else:
            dense = make_hnsw_index(vectors) if dense_index == "hnsw" else make_flat_index(vectors)
        return cls(
            index_dir=Path(index_dir),
            manifest=manifest,
            documents=table,
            vectors=vectors,
            doc_vectors=doc_vectors,
            dense=dense,
            lexical_passages=LexicalIndex.build(_passage_texts(table, LEXICAL_CONTEXT_SENTENCES)),
            lexical_documents=LexicalIndex.build(_document_texts(table)),
            embedder=embedder,
            weights=weights or FusionWeights(),
        )

    def add_documents(self, documents: Iterable[Document], progress: ProgressCallback | None = None) -> AddReport:
        """Embed and add only documents not already present (by id or content); saves the index.

        Safe beside searches in other threads (the app shares one index between its sessions):
        the new documents are embedded while searches go on, and the grown index is swapped in
        at once, so a search sees the index before or after the addition, never half of it.
        Additions run one at a time, in this program and across programs sharing the folder; one
        first takes in whatever another program saved since this index was loaded."""
        with self._adding, _folder_lock(self._prepared_folder()):
            self._catch_up()
            self._tidy()
            new, report = new_documents(documents, self.has_document, self.owner_of_content)
            if not new:
                return report
            vectors, title_vectors = embed_documents(self._embedder, new, progress)
            added = DocumentTable.from_documents(new)
            all_documents = self._table.concat(added)
            all_vectors = np.vstack([self._vectors, vectors])
            doc_vectors = np.vstack([self._doc_vectors, _document_vectors(added.first_passages, vectors, title_vectors)])
            # a new dense index rather than growing the one searches are reading
            if self.manifest.dense_index == "hnsw":
                dense, dense_index = faiss.clone_index(self._dense), "hnsw"
                dense.hnsw.efSearch = HNSW_EF_SEARCH
                dense.add(vectors)
            elif len(all_vectors) > EXACT_SEARCH_LIMIT:
                dense, dense_index = make_hnsw_index(all_vectors), "hnsw"
            else:
                dense, dense_index = make_flat_index(all_vectors), "flat"
            # BM25 statistics (document frequencies, average length) change with every addition, so
            # the lexical indexes are rebuilt; that takes seconds even for large libraries, unlike
            # embedding.
            lexical_passages = LexicalIndex.build(_passage_texts(all_documents, LEXICAL_CONTEXT_SENTENCES))
            lexical_documents = LexicalIndex.build(_document_texts(all_documents))
            manifest = self.manifest.model_copy(update={
                "documents": len(all_documents),
                "passages": len(all_vectors),
                "content_hash": corpus_hash(all_documents),
                "dense_index": dense_index,
                "updated_at": _now(),
            })
            self._adopt(PaperIndex(self.index_dir, manifest, all_documents, all_vectors, doc_vectors, dense,
                                   lexical_passages, lexical_documents, self._embedder, self.weights))
            self.save()
            report.added = [d.id for d in new]
            report.passages_added = len(vectors)
            return report

    def update_documents(self, documents: Iterable[Document], deleted: Iterable[str] = (),
                         progress: ProgressCallback | None = None) -> UpdateReport:
        """Apply an update (a PubMed update file): remove the ids in ``deleted``, replace each indexed
        document that comes with other content (a revised citation), add the rest as ``add_documents``
        does. Only new and revised documents are embedded; one save, as for an addition."""
        documents = list(documents)
        with self._adding, _folder_lock(self._prepared_folder()):
            self._catch_up()
            self._tidy()
            plan = plan_update(self, documents, deleted)
            if not plan.gone and not plan.new:
                return plan.report
            parts = [self.columns(self.rows_without(plan.gone))]
            if plan.new:
                vectors, title_vectors = embed_documents(self._embedder, plan.new, progress)
                parts.append(new_columns(plan.new, vectors, title_vectors))
            table, vectors, doc_vectors = join_columns(parts)
            kind = "hnsw" if len(vectors) > EXACT_SEARCH_LIMIT else "flat"
            updated = PaperIndex.from_columns(table, vectors, doc_vectors, self.index_dir, self._embedder, kind,
                                              self.manifest.corpus, self.weights)
            updated.manifest = updated.manifest.model_copy(update={"created_at": self.manifest.created_at})
            self._adopt(updated)
            self.save()
            plan.report.added = [d.id for d in plan.new]
            plan.report.passages_added = sum(len(d.sentences) for d in plan.new)
            return plan.report

    def columns(self, rows: np.ndarray | None = None) -> tuple[DocumentTable, np.ndarray, np.ndarray]:
        """The documents at ``rows`` (all by default) with their sentence and document vectors, read
        into memory: what a rewritten or merged index is built from without embedding anything."""
        if rows is None:
            return self._table, np.asarray(self._vectors), np.asarray(self._doc_vectors)
        passages = self._passages_of(np.asarray(rows, dtype=np.int64)) if len(rows) else np.zeros(0, np.int64)
        return self._table.take(rows), np.asarray(self._vectors[passages]), np.asarray(self._doc_vectors[rows])

    def rows_without(self, doc_ids: Iterable[str]) -> np.ndarray:
        """The rows of the documents not among ``doc_ids``, for ``columns``."""
        return self._table.rows_without(doc_ids)

    def content_of(self, doc_id: str) -> str | None:
        """The content hash of the indexed document ``doc_id``, or None."""
        row = self._table.find(doc_id)
        return None if row is None else self._table.content_hash(row)

    def refresh(self) -> bool:
        """Take in what another program saved to the folder since this index was loaded; True when
        something changed. Cheap when nothing did: one small file is read."""
        try:
            if stored_manifest(self.index_dir) == self.manifest:
                return False
        except IndexNotFound:
            return False
        with self._adding, _folder_lock(self.index_dir):
            before = self.manifest
            self._catch_up()
            return self.manifest != before

    def _catch_up(self) -> None:
        """Take in the index as another program saved it since this one was loaded (the caller
        holds the folder lock); nothing to do when the stored manifest is ours."""
        try:
            stored = stored_manifest(self.index_dir)
        except IndexNotFound:
            return  # nothing saved there (any more): ours will be
        if stored == self.manifest:
            return
        self._adopt(PaperIndex.open_without_lock(self.index_dir, self.manifest.embedding_model, self.weights,
                                                 self._embedder))

    def _tidy(self) -> None:
        """Remove what an interrupted save left beside the generation in use (the caller holds the
        folder lock), so that a rerun with nothing new to add still leaves the folder clean."""
        try:
            if self.manifest.generation and stored_manifest(self.index_dir) == self.manifest:
                remove_stale(self.index_dir, keep=self.manifest.generation)
        except IndexNotFound:
            pass

    def _adopt(self, other: PaperIndex) -> None:
        """Take over the contents of ``other`` (a grown or reloaded index of the same folder) at once,
        so a search sees the old or the new index, never a mixture."""
        with self._searching:
            self.manifest, self._table, self._vectors, self._doc_vectors, self._dense = (
                other.manifest, other._table, other._vectors, other._doc_vectors, other._dense)
            self._vector_rows = other._vector_rows
            self._lexical_passages, self._lexical_documents = other._lexical_passages, other._lexical_documents
            self._passage_doc, self._passage_sentence, self._doc_first_passage = (
                other._passage_doc, other._passage_sentence, other._doc_first_passage)

    # ------------------------------------------------------------------ reading

    def __len__(self) -> int:
        return len(self._table)

    @property
    def shard_count(self) -> int:
        """How many shards the index is split into (1 for an index in one folder)."""
        return 1

    @property
    def dense(self):
        """The FAISS index over this index's passage vectors; None for a shard of a library searched
        through the library's one IVF-PQ index."""
        return self._dense

    def disk_bytes(self) -> int:
        """The size of the index folder on disk."""
        return sum(f.stat().st_size for f in self.index_dir.rglob("*") if f.is_file())

    @property
    def embedder(self) -> Embedder:
        return self._embedder

    def documents(self) -> list[Document]:
        """Every document, made from the stored columns (a whole-library listing: costly when large)."""
        return list(self._table)

    def has_document(self, doc_id: str) -> bool:
        return self._table.find(doc_id) is not None

    def owner_of_content(self, content_hash: str) -> str | None:
        """The id of the document with this content (``Document.content_hash``), or None."""
        return self._table.owner_of_content(content_hash)

    def document(self, doc_id: str) -> Document:
        position = self._table.find(doc_id)
        if position is None:
            raise KeyError(f"no document {doc_id!r} in the index at {self.index_dir}")
        return self._table.document(position)

    # ------------------------------------------------------------------ search

    def search(self, query: str, k: int = 10, mode: SearchMode = "hybrid") -> list[Passage]:
        """The ``k`` best sentences for ``query``, best first."""
        with self._searching:
            return self.search_prepared(query, k, mode)

    def search_many(self, queries: Sequence[str], k: int = 10, mode: SearchMode = "hybrid") -> list[list[Passage]]:
        """``search`` for each query, the queries embedded together (one batch is several times cheaper
        than one embedding per query)."""
        queries = [query.strip() for query in queries]
        vectors: list[np.ndarray | None] = [None] * len(queries)
        if mode != "bm25" and any(queries):
            embedded = iter(self._embedder.embed_queries([q for q in queries if q]))
            vectors = [next(embedded) if q else None for q in queries]
        with self._searching:
            return [self.search_prepared(q, k, mode, v) if q else [] for q, v in zip(queries, vectors)]

    def search_prepared(self, query: str, k: int, mode: SearchMode, query_vector: np.ndarray | None = None,
                        lexical: LexicalPair | None = None, dense_found: np.ndarray | None = None) -> list[Passage]:
        """``search`` without the lock, for a query the caller has partly prepared (see ``signals_prepared``)."""
        scored = self._score(query, mode, query_vector, lexical, dense_found)
        if scored is None:
            return []
        candidates, fused, lexical, dense = scored
        top = np.argsort(-fused, kind="stable")[:k]
        return [self._passage(candidates[i], fused[i], lexical[i], dense[i]) for i in top]

    def rank_documents(self, query: str, k: int = 100, mode: SearchMode = "hybrid") -> list[DocumentHit]:
        """Documents ranked by their best passage's fused score, best first."""
        with self._searching:
            return self.rank_documents_prepared(query, k, mode)

    def rank_documents_prepared(
        self, query: str, k: int, mode: SearchMode, query_vector: np.ndarray | None = None,
        lexical: LexicalPair | None = None, dense_found: np.ndarray | None = None,
    ) -> list[DocumentHit]:
        """``rank_documents`` without the lock, for a query the caller has partly prepared (``signals_prepared``)."""
        scored = self._score(query, mode, query_vector, lexical, dense_found)
        if scored is None:
            return []
        candidates, fused, _, _ = scored
        order = np.argsort(-fused, kind="stable")
        hits: list[DocumentHit] = []
        seen: set[int] = set()
        for i in order:
            doc = int(self._passage_doc[candidates[i]])
            if doc in seen:
                continue
            seen.add(doc)
            hits.append(DocumentHit(
                doc_id=self._table.doc_id(doc), title=self._table.title(doc), score=float(fused[i]),
                best_sentence_index=int(self._passage_sentence[candidates[i]]),
            ))
            if len(hits) == k:
                break
        return hits

    def _score(
        self, query: str, mode: SearchMode, query_vector: np.ndarray | None = None, lexical: LexicalPair | None = None,
        dense_found: np.ndarray | None = None,
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray] | None:
        """Candidate passage ids with their fused, lexical (BM25) and dense (cosine) scores."""
        with self._one_thread():
            signals = self.signals_prepared(query, mode, query_vector, lexical, dense_found)
        if signals is None:
            return None
        fused = signals.scaled @ self.weights.vector()
        return signals.candidates, fused, signals.lexical, signals.dense

    def signals(self, query: str, mode: SearchMode = "hybrid") -> Signals | None:
        """The four scaled signals of every candidate passage, before weighting."""
        with self._searching:
            return self.signals_prepared(query, mode)

    @property
    def lexical_passages(self) -> LexicalIndex:
        """The BM25 index of the passages (each with its neighbours and title)."""
        return self._lexical_passages

    @property
    def lexical_documents(self) -> LexicalIndex:
        """The BM25 index of the whole documents."""
        return self._lexical_documents

    def _lexical_queries(self, query: str) -> LexicalPair:
        """The query for the passage and the document BM25 indexes, with this index's statistics."""
        return self._lexical_passages.query(query), self._lexical_documents.query(query)

    def signals_prepared(self, query: str, mode: SearchMode, query_vector: np.ndarray | None = None,
                         lexical: LexicalPair | None = None, dense_found: np.ndarray | None = None) -> Signals | None:
        """``signals`` without the lock. ``query_vector``, when given, is the query already embedded,
        and ``lexical`` the query for the BM25 indexes (a sharded index embeds it once and scores BM25
        with the library's statistics); ``dense_found``, this index's rows among the library's nearest
        passages, found by the library's one IVF-PQ search (``retrieval.library_ivf``) instead of a
        search of this index's own. A sharded index calls it on each shard."""
        query = query.strip()
        if not query or not len(self._table):
            return None
        weights = self.weights
        use_lexical = mode in ("hybrid", "bm25")
        use_dense = mode in ("hybrid", "dense")
        candidate_sets: list[np.ndarray] = []
        if use_lexical:
            passages_query, documents_query = lexical or self._lexical_queries(query)
            lexical_all = self._lexical_passages.match(passages_query)
            lexical_docs_all = self._lexical_documents.match(documents_query)
            candidate_sets.append(lexical_all.top(weights.candidate_passages))
            candidate_sets.append(self._passages_of(lexical_docs_all.top(weights.candidate_documents)))
        if use_dense:
            if query_vector is None:
                query_vector = self._embedder.embed_query(query)
            candidate_sets.append(dense_found if dense_found is not None
                                  else self.nearest_passages(query_vector, weights.candidate_passages))
            doc_dense_all = paging.scan(self._doc_vectors, lambda part: part @ query_vector)
            candidate_sets.append(self._passages_of(_top(doc_dense_all, weights.candidate_documents)))
        candidates = np.unique(np.concatenate(candidate_sets)).astype(np.int64)
        if candidates.size == 0:
            return None
        docs = self._passage_doc[candidates]
        scaled = np.zeros((candidates.size, 4), dtype=np.float64)
        lexical = np.full(candidates.size, np.nan)
        dense = np.full(candidates.size, np.nan)
        absolute = weights.scaling == "absolute"
        if use_lexical:
            lexical = lexical_all.at(candidates).astype(np.float64)
            lexical_docs = lexical_docs_all.at(docs).astype(np.float64)
            scaled[:, 2] = _ratio(lexical, lexical_all.ceiling) if absolute else _normalise(lexical)
            scaled[:, 3] = _ratio(lexical_docs, lexical_docs_all.ceiling) if absolute else _normalise(lexical_docs)
        if use_dense:
            dense = self.passage_cosines(query_vector, candidates).astype(np.float64)
            dense_docs = doc_dense_all[docs].astype(np.float64)
            scaled[:, 0] = dense if absolute else _normalise(dense)
            scaled[:, 1] = dense_docs if absolute else _normalise(dense_docs)
        return Signals(candidates=candidates, documents=docs, scaled=scaled, lexical=lexical, dense=dense)

    def nearest_passages(self, query_vector: np.ndarray, count: int) -> np.ndarray:
        """The rows of the ``count`` passages nearest the query. An IVF-PQ index compares compressed
        vectors, so it is asked for ``IVF_REFINE`` times as many, which are re-ranked by their exact cosine."""
        count = min(count, len(self._vectors))
        if self._dense is None:  # a "shared" shard searched on its own: an exact scan of its mapped rows
            return _top_by_score(paging.scan(self._vectors, lambda part: part @ query_vector), count)
        if self.manifest.dense_index != "ivfpq":
            _, found = self._dense.search(query_vector[None, :], count)
            return found[0][found[0] >= 0]
        _, found = self._dense.search(query_vector[None, :], min(count * ivfpq.IVF_REFINE, len(self._vectors)))
        found = np.sort(found[0][found[0] >= 0])  # in file order: the memory-mapped rows are read in one sweep
        exact = self.passage_cosines(query_vector, found)
        return found[np.argsort(-exact, kind="stable")[:count]]

    def passage_cosines(self, query_vector: np.ndarray, rows: np.ndarray) -> np.ndarray:
        """The cosine of the query with each passage at ``rows`` (from the stored vectors)."""
        if self._vector_rows is None:
            return np.asarray(self._vectors[rows] @ query_vector)
        rows = np.asarray(rows, dtype=np.int64)
        batch = paging.SCAN_ROWS  # a batch of rows at a time: a deep re-ranking reads thousands
        return np.concatenate([self._vector_rows.rows(rows[start:start + batch]) @ query_vector
                               for start in range(0, len(rows), batch)] or [np.zeros(0, np.float32)])

    def _one_thread(self) -> AbstractContextManager[object]:
        """Run one query's BLAS and OpenMP work (FAISS, numpy) on a single thread.

        Per query that work is a few milliseconds; waking a thread team costs more than it saves, and
        on a busy machine far more (measured on 2 cores under load: 17 ms CPU and 28-137 ms wall per
        SciFact query single-threaded, against 40 ms CPU and 120-260 ms wall with the default threads).
        """
        if self._thread_controller is None:
            self._thread_controller = ThreadpoolController()  # scans the loaded libraries once (~50 ms)
        return self._thread_controller.limit(limits=1)

    def _passages_of(self, doc_positions: np.ndarray) -> np.ndarray:
        if doc_positions.size == 0:
            return doc_positions
        starts = self._doc_first_passage[doc_positions]
        ends = self._doc_first_passage[doc_positions + 1]
        return np.concatenate([np.arange(s, e) for s, e in zip(starts, ends, strict=True)])

    def _passage(self, passage: int, fused: float, lexical: float, dense: float) -> Passage:
        doc = int(self._passage_doc[passage])
        sentence_index = int(self._passage_sentence[passage])
        return Passage(
            doc_id=self._table.doc_id(doc),
            title=self._table.title(doc),
            sentence=self._table.sentence(int(passage)),
            sentence_index=sentence_index,
            score=float(fused),
            lexical_score=None if np.isnan(lexical) else float(lexical),
            dense_score=None if np.isnan(dense) else float(dense),
        )

    # ------------------------------------------------------------------ persistence

    def _prepared_folder(self) -> Path:
        self.index_dir.mkdir(parents=True, exist_ok=True)
        return self.index_dir

    def save(self) -> None:
        """Write the index as a new generation beside the one in use, synced to disk, then switch to
        it by replacing the manifest (one atomic rename), and only then remove the old generation.
        A crash at any point leaves the old index or the new one, whole. The caller holds the folder
        lock (a sharded index writes its shards under its own)."""
        directory = self.index_dir
        directory.mkdir(parents=True, exist_ok=True)
        generation = next_generation(directory)
        folder = directory / generation
        folder.mkdir()
        faults.step("generation folder made")
        self._write_generation(folder)
        manifest = self.manifest.model_copy(update={"generation": generation, "files": stamp_files(folder),
                                                    "format_version": FORMAT_VERSION})
        write_manifest(directory, manifest)
        self.manifest = manifest
        remove_stale(directory, keep=generation)

    def _write_generation(self, folder: Path) -> None:
        """Every file of the index into ``folder``, each synced to disk, then the folder itself."""
        self._table.write(folder / DOCUMENTS)
        sync_path(folder / DOCUMENTS)
        faults.step("documents written")
        for name, array in ((VECTORS, self._vectors), (DOC_VECTORS, self._doc_vectors)):
            with open(folder / name, "wb") as out:
                np.save(out, array)
                sync(out)
            faults.step(f"{name} written")
        if self.manifest.dense_index in ("hnsw", "ivfpq"):
            faiss.write_index(self._dense, str(folder / FAISS))
            sync_path(folder / FAISS)
            faults.step("dense index written")
        for name, lexical in ((LEXICAL_PASSAGES, self._lexical_passages), (LEXICAL_DOCUMENTS, self._lexical_documents)):
            lexical.save(folder / name)
            for file in (folder / name).iterdir():
                sync_path(file)
            sync_path(folder / name)
            faults.step(f"{name} written")
        sync_path(folder)
        faults.step("generation synced")


# ---------------------------------------------------------------------- helpers


def new_documents(
    documents: Iterable[Document], known: Callable[[str], bool], owner_of_content: Callable[[str], str | None]
) -> tuple[list[Document], AddReport]:
    """The documents to add: not known by id (``known``) or content (``owner_of_content``: hash -> id or
    None), not repeated in the batch, with text; the report lists the others."""
    report = AddReport()
    new: list[Document] = []
    new_ids: set[str] = set()
    hashes: dict[str, str] = {}
    for document in documents:
        content = document.content_hash()
        owner = hashes.get(content) or owner_of_content(content)
        if known(document.id) or document.id in new_ids:
            report.duplicates.append(Duplicate(doc_id=document.id, duplicate_of=document.id, reason="same id"))
        elif owner is not None:
            report.duplicates.append(Duplicate(doc_id=document.id, duplicate_of=owner, reason="same content"))
        elif not document.sentences:
            report.without_text.append(document.id)
        else:
            new.append(document)
            new_ids.add(document.id)
            hashes[content] = document.id
    return new, report


@contextmanager
def _folder_lock(index_dir: Path) -> Iterator[None]:
    """Hold the index folder's lock: one program reads or writes the folder at a time. A folder
    that does not exist has nothing to read (writers create it before they lock)."""
    if not index_dir.is_dir():
        yield
        return
    lock = filelock.FileLock(index_dir / _LOCK)
    try:
        lock.acquire(timeout=LOCK_TIMEOUT_S)
    except filelock.Timeout:
        raise IndexBusy(
            f"another program has been writing the index in {index_dir} for over {LOCK_TIMEOUT_S:g} s; "
            "try again when it has finished"
        ) from None
    except PermissionError:  # a read-only folder (a shared library): nobody writes it through us
        yield
        return
    try:
        yield
    finally:
        lock.release()


def _embedder_for(model_name: str, offered: Embedder | None) -> Embedder:
    return offered if offered is not None and offered.model_name == model_name else Embedder(model_name)


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def _read_dense(index_dir: Path, folder: Path, kind: str, vectors: np.ndarray) -> faiss.Index | None:
    if kind == "flat":
        return make_flat_index(vectors)
    if kind == "shared":  # searched through the library's one IVF-PQ index (retrieval.library_ivf)
        return None
    try:
        if kind == "ivfpq":
            return ivfpq.read_ivfpq_index(folder / FAISS)
        dense = faiss.read_index(str(folder / FAISS))
        dense.hnsw.efSearch = HNSW_EF_SEARCH
        return dense
    except (RuntimeError, AttributeError) as error:  # FAISS raises RuntimeError for a garbled file
        raise IndexDamaged(damage_message(index_dir, folder / FAISS, f"unreadable: {str(error).splitlines()[0]}")) from None


def _read_lexical(index_dir: Path, folder: Path, size: int, mmap: bool) -> LexicalIndex:
    try:
        lexical = LexicalIndex.load(folder, mmap=mmap)
    except (ValueError, OSError, KeyError, TypeError, IndexError) as error:  # ValueError covers bad JSON
        raise IndexDamaged(damage_message(index_dir, folder, f"unreadable: {error}")) from None
    if lexical.size != size:
        raise IndexDamaged(damage_message(index_dir, folder, f"{lexical.size} texts, the manifest counts {size}"))
    return lexical


# ---------------------------------------------------------------------- checking


def verify_index(index_dir: Path) -> tuple[list[str], list[str]]:
    """Every check of the index in ``index_dir``: the manifest, each file's size and SHA-256, the
    documents, counts, vectors (all rows) and BM25 folders. (Problems, one line each; notes.)"""
    index_dir = Path(index_dir)
    try:
        manifest = stored_manifest(index_dir)
    except IndexNotFound as error:
        return [str(error)], []
    notes = [f"left over by an interrupted save, removed by the next one: {entry}"
             for entry in sorted(index_dir.iterdir())
             if GENERATION.fullmatch(entry.name) and entry.name != manifest.generation]
    layout = _LAYOUTS.get(manifest.dense_index)
    if layout is not None:  # the files it stamps itself (a sharded library's IVF-PQ folder), then each part
        problem = _checksum_problem(index_dir, index_dir, manifest)
        problems: list[str] = [problem] if problem is not None else []
        for name, part in layout.parts(index_dir):
            found, shard_notes = verify_index(part)
            problems += [f"shard {name}: {line}" for line in found]
            notes += [f"shard {name}: {line}" for line in shard_notes]
        return problems, notes
    folder = data_folder(index_dir, manifest)
    if not manifest.files:
        notes.append(f"no checksums recorded in {index_dir / MANIFEST} (saved before they were kept; the next save records them)")
    problem = (_checksum_problem(index_dir, folder, manifest) or index_problem(index_dir)
               or vectors_problem(index_dir, folder, manifest, scan=True))
    if problem is not None:
        return [problem], notes
    try:
        PaperIndex.open_without_lock(index_dir, None, None, Embedder(manifest.embedding_model))
    except IndexNotFound as error:
        return [str(error)], notes
    return [], notes


def _checksum_problem(index_dir: Path, folder: Path, manifest: Manifest) -> str | None:
    """The first file the manifest stamps (paths inside ``folder``) that is missing or not of its
    recorded size, else the first whose SHA-256 differs from the recorded one."""
    problem = size_problem(index_dir, folder, manifest)
    if problem is not None:
        return problem
    for name, stamp in manifest.files.items():
        if file_sha256(folder / name) != stamp.sha256:
            return damage_message(index_dir, folder / name,
                                  "its SHA-256 differs from the one recorded when it was written")
    return None


def _passage_layout(documents: Sequence[Document]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per passage its document position and sentence number; per document its first passage (+ end)."""
    counts = np.array([len(d.sentences) for d in documents], dtype=np.int64)
    return _layout(np.concatenate([[0], np.cumsum(counts)]).astype(np.int64))


def _layout(first: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``_passage_layout`` from each document's first passage (and the end)."""
    first = np.asarray(first, dtype=np.int64)
    passage_doc = np.repeat(np.arange(len(first) - 1, dtype=np.int64), np.diff(first))
    passage_sentence = np.arange(int(first[-1]), dtype=np.int64) - first[passage_doc]
    return passage_doc, passage_sentence, first


def _passage_texts(table: DocumentTable, context: int) -> list[str]:
    """What BM25 sees for each sentence: the title, the sentence and its neighbours."""
    sentences, titles, first = table.sentences(), table.titles(), table.first_passages
    texts = []
    for row, title in enumerate(titles):
        start, end = int(first[row]), int(first[row + 1])
        for i in range(start, end):
            texts.append(" ".join([title, *sentences[max(start, i - context): min(end, i + context + 1)]]))
    return texts


def _document_texts(table: DocumentTable) -> list[str]:
    sentences, first = table.sentences(), table.first_passages
    return [" ".join([*[title] * DOCUMENT_TITLE_REPEATS, *sentences[int(first[row]):int(first[row + 1])]])
            for row, title in enumerate(table.titles())]


def embed_documents(
    embedder: Embedder, documents: list[Document], progress: ProgressCallback | None
) -> tuple[np.ndarray, np.ndarray]:
    """Vectors of every sentence (in document order) and of every title (a zero row for no title),
    embedded in one pass so that the progress callback counts both."""
    sentences = [s for d in documents for s in d.sentences]
    titled = [i for i, d in enumerate(documents) if d.title.strip()]
    vectors = embedder.embed(sentences + [documents[i].title for i in titled], progress=progress)
    title_vectors = np.zeros((len(documents), vectors.shape[1]), dtype=np.float32)
    title_vectors[titled] = vectors[len(sentences):]
    return vectors[: len(sentences)], title_vectors


def new_columns(documents: list[Document], vectors: np.ndarray, title_vectors: np.ndarray
                ) -> tuple[DocumentTable, np.ndarray, np.ndarray]:
    """Freshly embedded documents as ``PaperIndex.columns`` gives stored ones."""
    table = DocumentTable.from_documents(documents)
    return table, vectors, _document_vectors(table.first_passages, vectors, title_vectors)


def join_columns(parts: Sequence[tuple[DocumentTable, np.ndarray, np.ndarray]]
                 ) -> tuple[DocumentTable, np.ndarray, np.ndarray]:
    """Several ``columns`` one after another."""
    table = parts[0][0]
    for other, _, _ in parts[1:]:
        table = table.concat(other)
    vectors = np.ascontiguousarray(np.vstack([p[1] for p in parts]), dtype=np.float32)
    doc_vectors = np.ascontiguousarray(np.vstack([p[2] for p in parts]), dtype=np.float32)
    return table, vectors, doc_vectors


def _document_vectors(first_passages: np.ndarray, vectors: np.ndarray, title_vectors: np.ndarray) -> np.ndarray:
    """Per document, in document order: its normalised mean sentence vector plus its title vector, normalised.

    The title counts as much as all the sentences together: on the SciFact train claims this document
    vector, fused as in ``FusionWeights``, raised nDCG@10 on both halves (bench/retrieval_tune.py).
    """
    out = np.zeros(title_vectors.shape, dtype=np.float32)
    for i in range(len(first_passages) - 1):
        start, end = int(first_passages[i]), int(first_passages[i + 1])
        out[i] = _unit(_unit(vectors[start:end].mean(axis=0)) + title_vectors[i])
    return out


def _unit(vector: np.ndarray) -> np.ndarray:
    norm = float(np.linalg.norm(vector))
    return vector / norm if norm > 0 else vector


def make_flat_index(vectors: np.ndarray) -> faiss.Index:
    index = faiss.IndexFlatIP(vectors.shape[1])
    index.add(vectors)
    return index


def make_hnsw_index(vectors: np.ndarray) -> faiss.Index:
    index = faiss.IndexHNSWFlat(vectors.shape[1], HNSW_NEIGHBOURS, faiss.METRIC_INNER_PRODUCT)
    index.hnsw.efConstruction = HNSW_EF_CONSTRUCTION
    index.hnsw.efSearch = HNSW_EF_SEARCH
    index.add(vectors)
    return index


def _top(scores: np.ndarray, count: int) -> np.ndarray:
    """Positions of the ``count`` highest positive scores (BM25 zeros are not candidates)."""
    positive = np.flatnonzero(scores > 0)
    if positive.size <= count:
        return positive
    return positive[np.argpartition(-scores[positive], count)[:count]]


def _top_by_score(scores: np.ndarray, count: int) -> np.ndarray:
    """Positions of the ``count`` highest scores, best first."""
    top = np.argpartition(-scores, count - 1)[:count] if count < len(scores) else np.arange(len(scores))
    return top[np.argsort(-scores[top], kind="stable")]


def _ratio(values: np.ndarray, ceiling: float) -> np.ndarray:
    return values / ceiling if ceiling > 0 else np.zeros_like(values)


def _normalise(values: np.ndarray) -> np.ndarray:
    """Min-max scaling over the candidates, so signals on different scales can be mixed."""
    low, high = float(values.min()), float(values.max())
    if high - low < 1e-12:
        return np.zeros_like(values)
    return (values - low) / (high - low)
