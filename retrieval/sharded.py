"""A paper index split into shards, for libraries too large for one exact index.

On disk the index folder holds ``manifest.json`` (``dense_index`` "sharded", totals over the shards),
``shards.json`` (the shard folders, in order) and ``shards/NNNNN/``, each a complete index folder in
the one-folder layout. A shard above ``IVF_MIN_PASSAGES`` passages searches its vectors with IVF-PQ
(an inverted file of coarse clusters whose vectors are product-quantised to 48 bytes, trained on a
sample of the shard) instead of an exact scan, and keeps its vectors, BM25 matrices and FAISS lists
memory-mapped, so that serving memory is bounded by what queries touch.

A query is embedded once and fans out to every shard; each shard scores its candidates exactly as a
one-folder index does (``PaperIndex.search_prepared``) and the best fused scores of all shards are kept. Dense
scores are absolute cosines, equal in every shard; BM25 scores with the whole library's term
statistics (``retrieval.lexical.shared_queries``: each term's idf from its frequency in all shards,
and one ceiling), so a shard's scores mean what the unsharded index's would.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import threading
from collections.abc import Callable
from pathlib import Path

import numpy as np

from retrieval import faults, library_ivf
from retrieval.documents import Document
from retrieval.embeddings import Embedder, ProgressCallback
from retrieval.index import (
    AddReport,
    DocumentHit,
    FusionWeights,
    Layout,
    LexicalPair,
    Manifest,
    Passage,
    PaperIndex,
    SearchMode,
    Signals,
    _folder_lock,
    _now,
    UpdateReport,
    embed_documents,
    index_problem,
    join_columns,
    new_columns,
    new_documents,
    plan_update,
    register_layout,
    stored_manifest,
    sync_path,
    write_manifest,
)
from retrieval.index import IndexNotFound
from retrieval.lexical import shared_queries
from retrieval.stored import VECTORS, IndexDamaged, index_file, size_problem, stamp_files

SHARD_LIST = "shards.json"
SHARDS_FOLDER = "shards"
MANIFEST = "manifest.json"
# A shard with fewer passages keeps an exact flat index: scanning it costs less than a millisecond per
# 10,000 passages, and IVF clusters need tens of thousands of vectors to train well.
IVF_MIN_PASSAGES = 20_000
# An addition makes a shard of its own; once this many shards hold fewer than SMALL_SHARD_PASSAGES
# passages each, they are merged into one (from their stored vectors), so additions do not leave an
# ever longer list of tiny shards for every query to visit.
SMALL_SHARD_PASSAGES = IVF_MIN_PASSAGES
COMPACT_SMALL_SHARDS = 4
# Fewer vectors than this cannot train even 4-bit product quantisers (16 centroids) and a few lists.
IVFPQ_MIN_TRAINING = 32


def shard_dense_kind(passages: int, ivf_min_passages: int | None = None, one_quantizer: bool = True) -> str:
    """"flat" for a small shard (under ``ivf_min_passages``, by default ``IVF_MIN_PASSAGES``); else
    "shared" (searched through the library's one IVF-PQ index), or with ``one_quantizer`` false
    "ivfpq" (an IVF-PQ index of the shard's own, as libraries were built before: kept to compare)."""
    threshold = IVF_MIN_PASSAGES if ivf_min_passages is None else ivf_min_passages
    if passages < max(threshold, IVFPQ_MIN_TRAINING):
        return "flat"
    return "shared" if one_quantizer else "ivfpq"


# ---------------------------------------------------------------------- layout


def shard_names(index_dir: Path) -> list[str]:
    """The shards of ``index_dir``, in order: as its manifest lists them (the one record a save
    switches atomically), or as ``shards.json`` does for an index written before manifests did."""
    listed = stored_manifest(index_dir).shards
    if listed:
        return list(listed)
    path = Path(index_dir) / SHARD_LIST
    if not path.is_file():
        raise IndexNotFound(f"the sharded index in {index_dir} has no {SHARD_LIST}; rebuild it")
    try:
        names = json.loads(path.read_text(encoding="utf-8"))["shards"]
    except (ValueError, KeyError, TypeError) as error:
        raise IndexNotFound(f"{path} is unreadable ({error}); rebuild the index") from None
    return [str(name) for name in names]


def shard_folder(index_dir: Path, name: str) -> Path:
    return Path(index_dir) / SHARDS_FOLDER / name


def shard_folders(index_dir: Path) -> list[tuple[str, Path]]:
    return [(name, shard_folder(index_dir, name)) for name in shard_names(index_dir)]


def sharded_index_problem(index_dir: Path, manifest: Manifest, embedding_model: str | None) -> str | None:
    """Why the sharded index cannot be opened, or None; reads every shard's manifest and array headers."""
    try:
        names = shard_names(index_dir)
    except IndexNotFound as error:
        return str(error)
    documents = 0
    for name in names:
        problem = index_problem(shard_folder(index_dir, name), embedding_model)
        if problem is not None:
            return f"shard {name}: {problem}"
        documents += stored_manifest(shard_folder(index_dir, name)).documents
    if documents != manifest.documents:
        return f"the sharded index in {index_dir} is inconsistent: its shards hold {documents} documents, the manifest {manifest.documents}"
    if manifest.ivf and not (Path(index_dir) / manifest.ivf / library_ivf.MERGED).is_file():
        return f"the sharded index in {index_dir} is incomplete: missing {manifest.ivf}/{library_ivf.MERGED}"
    return size_problem(index_dir, Path(index_dir), manifest)


def write_shard_list(index_dir: Path, names: list[str], corpus: str = "", created_at: str | None = None,
                     ivf: str = "") -> Manifest:
    """Record the shards of ``index_dir`` and its library IVF-PQ folder ``ivf`` (stamped), and write
    its manifest (totals over the shards), manifest last."""
    index_dir = Path(index_dir)
    manifests = [stored_manifest(shard_folder(index_dir, name)) for name in names]
    if not manifests:
        raise ValueError(f"a sharded index needs at least one shard ({index_dir})")
    now = _now()
    manifest = Manifest(
        embedding_model=manifests[0].embedding_model,
        dimension=manifests[0].dimension,
        documents=sum(m.documents for m in manifests),
        passages=sum(m.passages for m in manifests),
        content_hash=hashlib.sha256("".join(m.content_hash for m in manifests).encode()).hexdigest(),
        dense_index="sharded",
        corpus=corpus,
        created_at=created_at or now,
        updated_at=now,
        shards=names,
        ivf=ivf,
        files={f"{ivf}/{name}": stamp for name, stamp in stamp_files(index_dir / ivf).items()} if ivf else {},
    )
    # shards.json for readers of the older layout; the manifest, replaced last, is the switch
    _write_atomically(index_dir / SHARD_LIST, json.dumps({"shards": names}, indent=1))
    write_manifest(index_dir, manifest)
    return manifest


def commit_library(index_dir: Path, names: list[str], corpus: str = "", created_at: str | None = None,
                   previous_ivf: str = "") -> Manifest:
    """Make the library IVF-PQ folder for the saved shards ``names`` (those of dense kind "shared":
    the quantizer of ``previous_ivf`` reused, or one trained now on a sample of them all), switch
    the manifest to the shards and that folder, then remove the folder the switch dropped."""
    index_dir = Path(index_dir)
    shared = []
    for name in names:
        folder = shard_folder(index_dir, name)
        if stored_manifest(folder).dense_index == "shared":
            shared.append((name, np.load(index_file(folder, VECTORS), mmap_mode="r")))
    ivf = library_ivf.write_library_ivf(index_dir, shared, previous_ivf) if shared else ""
    manifest = write_shard_list(index_dir, names, corpus, created_at, ivf)
    library_ivf.remove_stale_ivf(index_dir, keep=ivf)
    return manifest


def _write_atomically(path: Path, text: str) -> None:
    temporary = path.with_name(path.name + ".tmp")
    temporary.write_text(text, encoding="utf-8")
    os.replace(temporary, path)


def save_shard(shard: PaperIndex) -> None:
    """Write a shard beside its final folder and move it into place, so a killed build leaves either
    a whole shard or none."""
    final = shard.index_dir
    partial = final.with_name(f".partial-{final.name}")
    shutil.rmtree(partial, ignore_errors=True)
    shard.index_dir = partial
    shard.save()
    shutil.rmtree(final, ignore_errors=True)  # a shard a killed addition wrote but never listed
    os.replace(partial, final)
    sync_path(final.parent)
    faults.step("shard moved into place")
    shard.index_dir = final


def next_shard_name(names: list[str]) -> str:
    return f"{max((int(n) for n in names), default=-1) + 1:05d}"


# ---------------------------------------------------------------------- the index


class ShardedPaperIndex(PaperIndex):
    """``PaperIndex`` over several shards: the same searches, listings and additions."""

    def __init__(
        self, index_dir: Path, manifest: Manifest, shards: list[PaperIndex], embedder: Embedder, weights: FusionWeights,
        names: list[str] | None = None,
    ) -> None:
        # No call to PaperIndex.__init__: the documents, vectors and BM25 indexes live in the shards.
        self.index_dir = Path(index_dir)
        self.manifest = manifest
        self.weights = weights
        self._shards = shards
        self._names = names if names is not None else shard_names(index_dir)
        # the one IVF-PQ index over the "shared" shards; None for a library built before it existed
        self._ivf = library_ivf.read_library_ivf(self.index_dir, manifest.ivf) if manifest.ivf else None
        # the pages of its on-disk lists that a search mapped, let go after each search (paging)
        self._ivf_pages = library_ivf.lists_pages(self.index_dir, manifest.ivf) if manifest.ivf else None
        self._embedder = embedder
        self._thread_controller = None
        self._searching = threading.RLock()
        self._adding = threading.Lock()

    @classmethod
    def load(
        cls, index_dir: Path, manifest: Manifest, weights: FusionWeights | None, embedder: Embedder
    ) -> ShardedPaperIndex:
        """Open the shards of ``index_dir`` (the caller holds its folder lock and read its manifest)."""
        problem = sharded_index_problem(index_dir, manifest, manifest.embedding_model)
        if problem is not None:
            raise IndexNotFound(problem)
        weights = weights or FusionWeights()
        names = shard_names(index_dir)
        shards = [PaperIndex.open_without_lock(shard_folder(index_dir, name), manifest.embedding_model, weights,
                                               embedder) for name in names]
        try:
            return cls(index_dir, manifest, shards, embedder, weights, names)
        except RuntimeError as error:  # FAISS's error for a garbled file
            raise IndexDamaged(f"the library IVF-PQ index in {Path(index_dir) / manifest.ivf} is unreadable "
                               f"({str(error).splitlines()[0]}); rebuild the index") from None

    # ------------------------------------------------------------------ reading

    def __len__(self) -> int:
        return sum(len(shard) for shard in self._shards)

    @property
    def shard_count(self) -> int:
        return len(self._shards)

    @property
    def shards(self) -> tuple[PaperIndex, ...]:
        """The shards, in their order on disk."""
        return tuple(self._shards)

    @property
    def library_ivf(self):
        """The one IVF-PQ index over the "shared" shards; None for a library built before it existed."""
        return self._ivf

    def documents(self) -> list[Document]:
        return [document for shard in self._shards for document in shard.documents()]

    def has_document(self, doc_id: str) -> bool:
        return any(shard.has_document(doc_id) for shard in self._shards)

    def content_of(self, doc_id: str) -> str | None:
        return next((found for shard in self._shards if (found := shard.content_of(doc_id)) is not None), None)

    def owner_of_content(self, content_hash: str) -> str | None:
        return next((owner for shard in self._shards if (owner := shard.owner_of_content(content_hash))), None)

    def document(self, doc_id: str) -> Document:
        for shard in self._shards:
            if shard.has_document(doc_id):
                return shard.document(doc_id)
        raise KeyError(f"no document {doc_id!r} in the index at {self.index_dir}")

    # ------------------------------------------------------------------ search

    def _query_vector(self, query: str, mode: SearchMode) -> np.ndarray | None:
        return self._embedder.embed_query(query) if mode != "bm25" else None

    def search_prepared(self, query: str, k: int, mode: SearchMode, query_vector: np.ndarray | None = None,
                        lexical: LexicalPair | None = None, dense_found: np.ndarray | None = None) -> list[Passage]:
        """Every shard's best passages (``lexical`` and ``dense_found`` are made here, per shard)."""
        return self._fan_out(query, mode, query_vector,
                             lambda shard, q, v, plan, found: shard.search_prepared(q, k, mode, v, plan, found))[:k]

    def rank_documents_prepared(
        self, query: str, k: int, mode: SearchMode, query_vector: np.ndarray | None = None,
        lexical: LexicalPair | None = None, dense_found: np.ndarray | None = None,
    ) -> list[DocumentHit]:
        """Every shard's best documents (``lexical`` and ``dense_found`` are made here, per shard)."""
        return self._fan_out(
            query, mode, query_vector,
            lambda shard, q, v, plan, found: shard.rank_documents_prepared(q, k, mode, v, plan, found))[:k]

    def _dense_found(self, vector: np.ndarray | None, mode: SearchMode) -> list[np.ndarray | None]:
        """Per shard, its rows among the library's ``candidate_passages`` nearest passages (one search
        of the library's IVF-PQ index); Nones, letting each shard search its own, for a library built
        before that index existed."""
        if vector is None or mode == "bm25" or self._ivf is None:
            return [None] * len(self._shards)
        return self.dense_rows(vector, self.weights.candidate_passages)

    def dense_rows(self, vector: np.ndarray, count: int) -> list[np.ndarray]:
        """Per shard (in order), its rows among the library's ``count`` passages nearest ``vector``:
        the library's IVF-PQ index is probed once for ``LIBRARY_REFINE`` times as many, and those are
        re-ranked by their exact cosine from the shards' stored vectors (shards outside that index,
        small flat ones or older IVF-PQ ones, offer their own nearest)."""
        numbers = rows = np.zeros(0, dtype=np.int64)
        if self._ivf is not None:
            ids = library_ivf.search_lists(self._ivf, vector, min(count * library_ivf.LIBRARY_REFINE, self._ivf.ntotal),
                                           self._ivf_pages)
            numbers, rows = library_ivf.split_ids(ids)
        found, scores = [], []
        for name, shard in zip(self._names, self._shards, strict=True):
            if shard.manifest.dense_index == "shared":
                local = np.sort(rows[numbers == int(name)])  # file order: one sweep of the mapped rows
            else:
                local = np.asarray(shard.nearest_passages(vector, count), dtype=np.int64)
            found.append(local)
            scores.append(shard.passage_cosines(vector, local) if local.size else np.zeros(0, np.float32))
        every = np.concatenate(scores)
        keep = np.zeros(every.size, dtype=bool)
        keep[np.argsort(-every, kind="stable")[:count]] = True
        bounds = np.cumsum([0, *(len(rows_) for rows_ in found)])
        return [rows_[keep[start:end]] for rows_, start, end in zip(found, bounds[:-1], bounds[1:], strict=True)]

    def _lexical_plans(self, query: str, mode: SearchMode) -> list[LexicalPair | None]:
        """Per shard, the BM25 queries scored with the whole library's term statistics."""
        if mode == "dense":
            return [None] * len(self._shards)
        passages = shared_queries([shard.lexical_passages for shard in self._shards], query)
        documents = shared_queries([shard.lexical_documents for shard in self._shards], query)
        return list(zip(passages, documents, strict=True))

    def _fan_out(self, query: str, mode: SearchMode, query_vector: np.ndarray | None,
                 read: Callable[[PaperIndex, str, np.ndarray | None, LexicalPair | None, np.ndarray | None], list]) -> list:
        """Every shard's results for ``query`` (the query embedded once for all, BM25 with the library's
        term statistics), best first; ties keep shard order (the sort is stable)."""
        query = query.strip()
        if not query:
            return []
        with self._one_thread():
            vector = query_vector if query_vector is not None else self._query_vector(query, mode)
            plans = self._lexical_plans(query, mode)
            dense = self._dense_found(vector, mode)
            found = [item for shard, plan, rows in zip(self._shards, plans, dense, strict=True)
                     for item in read(shard, query, vector, plan, rows)]
        return sorted(found, key=lambda item: -item.score)

    def signals_prepared(self, query: str, mode: SearchMode, query_vector: np.ndarray | None = None,
                         lexical: LexicalPair | None = None, dense_found: np.ndarray | None = None) -> Signals | None:
        """Every shard's candidates, numbered as if the shards' passages and documents were one list
        (``lexical`` and ``dense_found`` are made here, per shard)."""
        query = query.strip()
        if not query:
            return None
        vector = query_vector if query_vector is not None else self._query_vector(query, mode)
        parts, passage_offset, document_offset = [], 0, 0
        plans, dense = self._lexical_plans(query, mode), self._dense_found(vector, mode)
        for shard, plan, rows in zip(self._shards, plans, dense, strict=True):
            signals = shard.signals_prepared(query, mode, vector, plan, rows)
            if signals is not None:
                parts.append(Signals(candidates=signals.candidates + passage_offset,
                                     documents=signals.documents + document_offset, scaled=signals.scaled,
                                     lexical=signals.lexical, dense=signals.dense))
            passage_offset += shard.manifest.passages
            document_offset += shard.manifest.documents
        if not parts:
            return None
        return Signals(*(np.concatenate([getattr(p, field) for p in parts])
                         for field in ("candidates", "documents", "scaled", "lexical", "dense")))

    # ------------------------------------------------------------------ additions

    def add_documents(self, documents, progress: ProgressCallback | None = None) -> AddReport:
        """Embed the documents not already present into a new shard, then merge the small shards
        (``compact``); the other shards stay as they are."""
        with self._adding, _folder_lock(self.index_dir):
            self._catch_up()
            new, report = new_documents(documents, self.has_document, self.owner_of_content)
            if not new:
                return report
            names = shard_names(self.index_dir)
            shards = [*zip(names, self._shards, strict=True), self._new_shard(new, names, progress)]
            self._commit(names, shards)
            report.added = [d.id for d in new]
            report.passages_added = sum(len(d.sentences) for d in new)
            return report

    def update_documents(self, documents, deleted=(), progress: ProgressCallback | None = None) -> UpdateReport:
        """``PaperIndex.update_documents`` for shards: each shard that holds a deleted or revised
        document is rewritten without it (from its stored vectors), the new and revised documents go
        into a new shard, small shards are merged, and one manifest switch commits it all."""
        documents = list(documents)
        with self._adding, _folder_lock(self.index_dir):
            self._catch_up()
            plan = plan_update(self, documents, deleted)
            if not plan.gone and not plan.new:
                return plan.report
            names = shard_names(self.index_dir)
            shards: list[tuple[str, PaperIndex]] = []
            taken = list(names)
            for name, shard in zip(names, self._shards, strict=True):
                kept = shard.rows_without(plan.gone)
                if len(kept) == len(shard):
                    shards.append((name, shard))
                elif len(kept):
                    shards.append(self._save_new_shard(taken, [shard.columns(kept)]))
            if plan.new:
                shards.append(self._new_shard(plan.new, taken, progress))
            self._commit(names, shards)
            plan.report.added = [d.id for d in plan.new]
            plan.report.passages_added = sum(len(d.sentences) for d in plan.new)
            return plan.report

    def _new_shard(self, documents: list[Document], taken: list[str],
                   progress: ProgressCallback | None) -> tuple[str, PaperIndex]:
        vectors, title_vectors = embed_documents(self._embedder, documents, progress)
        return self._save_new_shard(taken, [new_columns(documents, vectors, title_vectors)])

    def _save_new_shard(self, taken: list[str], parts: list) -> tuple[str, PaperIndex]:
        """Write ``parts`` (``PaperIndex.columns``) as one shard under a name not in ``taken`` (which
        it joins); nothing is embedded."""
        name = next_shard_name(taken)
        taken.append(name)
        table, vectors, doc_vectors = join_columns(parts)
        shard = PaperIndex.from_columns(table, vectors, doc_vectors, shard_folder(self.index_dir, name), self._embedder,
                                        shard_dense_kind(len(vectors)), self.manifest.corpus, self.weights)
        save_shard(shard)
        return name, PaperIndex.open_without_lock(shard.index_dir, self.manifest.embedding_model, self.weights,
                                                  self._embedder)

    def _commit(self, before: list[str], shards: list[tuple[str, PaperIndex]]) -> None:
        """Merge small shards, switch the manifest to ``shards``, then remove the shard folders that
        ``before`` listed and the switch dropped."""
        shards = self._compacted(shards, [*before, *(name for name, _ in shards)])
        names = [name for name, _ in shards]
        manifest = commit_library(self.index_dir, names, self.manifest.corpus, self.manifest.created_at,
                                  previous_ivf=self.manifest.ivf)
        for name in set(before) - set(names):
            shutil.rmtree(shard_folder(self.index_dir, name), ignore_errors=True)
            faults.step(f"removed shard {name}")
        self._adopt(ShardedPaperIndex(self.index_dir, manifest, [shard for _, shard in shards],
                                      self._embedder, self.weights, names))

    def _compacted(self, shards: list[tuple[str, PaperIndex]], taken: list[str]) -> list[tuple[str, PaperIndex]]:
        """``shards`` with the small ones (under ``SMALL_SHARD_PASSAGES``) merged into one, once there
        are ``COMPACT_SMALL_SHARDS`` of them (from their stored vectors: nothing is embedded)."""
        small = [(name, shard) for name, shard in shards if shard.manifest.passages < SMALL_SHARD_PASSAGES]
        if len(small) < COMPACT_SMALL_SHARDS:
            return shards
        merged = self._save_new_shard(taken, [shard.columns() for _, shard in small])
        small_names = {name for name, _ in small}
        return [*(item for item in shards if item[0] not in small_names), merged]

    def _catch_up(self) -> None:
        try:
            stored = stored_manifest(self.index_dir)
        except IndexNotFound:
            return
        if stored != self.manifest:
            self._adopt(ShardedPaperIndex.load(self.index_dir, stored, self.weights, self._embedder))

    def _adopt(self, other: PaperIndex) -> None:
        if not isinstance(other, ShardedPaperIndex):
            raise IndexNotFound(f"the index in {self.index_dir} is no longer sharded; reopen it")
        with self._searching:
            self.manifest, self._shards, self._names, self._ivf = other.manifest, other._shards, other._names, other._ivf
            self._ivf_pages = other._ivf_pages

    def save(self) -> None:
        raise NotImplementedError("a sharded index is saved shard by shard (save_shard, write_shard_list)")


def build_sharded(
    documents: list[Document],
    index_dir: Path,
    embedder: Embedder,
    shard_passages: int,
    ivf_min_passages: int = IVF_MIN_PASSAGES,
    corpus: str = "",
    one_quantizer: bool = True,
) -> ShardedPaperIndex:
    """A sharded index of ``documents`` (distinct, with text) in one process: consecutive documents fill
    shards of about ``shard_passages`` passages; the large ones are then searched through one IVF-PQ
    index for the library (``commit_library``), or with ``one_quantizer`` false each through its own,
    as libraries were built before. The Ray build (``retrieval.ray_build``) writes the same shards from
    a stream; this is the small, direct form (tests, benchmarks over stored vectors)."""
    index_dir = Path(index_dir)
    index_dir.mkdir(parents=True, exist_ok=True)
    with _folder_lock(index_dir):
        (index_dir / MANIFEST).unlink(missing_ok=True)
        shutil.rmtree(index_dir / SHARDS_FOLDER, ignore_errors=True)
        library_ivf.remove_stale_ivf(index_dir, keep="")
        names: list[str] = []
        for group in group_by_passages(documents, shard_passages):
            vectors, title_vectors = embed_documents(embedder, group, None)
            name = next_shard_name(names)
            kind = shard_dense_kind(len(vectors), ivf_min_passages, one_quantizer)
            save_shard(PaperIndex.from_vectors(group, vectors, title_vectors, shard_folder(index_dir, name), embedder,
                                               kind, corpus))
            names.append(name)
        manifest = commit_library(index_dir, names, corpus)
        return ShardedPaperIndex.load(index_dir, manifest, None, embedder)


def group_by_passages(documents, shard_passages: int):
    """Consecutive documents in groups of at least ``shard_passages`` sentences (the last may be smaller)."""
    group: list[Document] = []
    passages = 0
    for document in documents:
        group.append(document)
        passages += len(document.sentences)
        if passages >= shard_passages:
            yield group
            group, passages = [], 0
    if group:
        yield group


register_layout("sharded", Layout(sharded_index_problem, ShardedPaperIndex.load, shard_folders))
