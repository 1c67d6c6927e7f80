"""The build of a large library on Ray Data, into a sharded index (``retrieval/sharded.py``).

Two passes over the input files, each read in parallel through ``PaperFiles``, a Ray Data datasource
with one read task per file (PubMed ``.xml.gz``, JSONL, or any file ``retrieval.ingest`` reads):

1. **Plan.** Each read task parses its file and returns one small row per document (its id, a digest
   of its content, its sentence count) and the PMIDs its ``<DeleteCitation>`` blocks name. The driver
   applies the one-process rules to these rows in file order (a citation a later file deletes is left
   out; of documents with the same id or the same content the first is kept), then cuts the kept
   documents into consecutive shards of about ``shard_passages`` sentences, as
   ``sharded.build_sharded`` does, so both builds hold the same shards.
2. **Build.** One streaming pipeline: the read tasks parse their files again and give each planned
   document its shard and its rank in it -> a fixed pool of long-lived actors, each holding the model
   (``map_batches`` on an ``ActorPoolStrategy``; a GPU each when the device is cuda), embeds batches of
   documents -> tasks write each embedded block as a Parquet part of its shard -> once a shard's parts
   are all written, a Ray task builds the shard from them (BM25, FAISS) and moves it into place. Shards
   are built in parallel while embedding goes on; no vector passes through the driver. Once every
   shard is built, the large ones get one IVF-PQ index for the whole library, trained on a sample of
   them all (``sharded.commit_library``).

Ray runs on the cluster of the ``build.ray_address`` setting, or is started on this machine's cores.
A ``runtime_env`` ships the ``retrieval`` package to every worker; the nodes of a cluster need the
requirements installed and the index folder on storage they all write (a shared file system).

Resumable: ``build.json`` in the index folder records the input (paths, sizes, times), the settings
and every finished shard with its first and last document. A build started again on the same input
plans again (a parse, no embedding), skips the finished shards and builds the rest; a shard is written
beside its folder and moved into place, so a killed build leaves whole shards or none, and the result
equals an uninterrupted build. The manifest is written last and ``build.json`` removed.
"""

from __future__ import annotations

import hashlib
import logging
import os
import shutil
import time
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from pathlib import Path

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq
from pydantic import BaseModel

from retrieval.documents import Document
from retrieval.embeddings import Embedder
from retrieval.index import PaperIndex, _folder_lock, embed_documents
from retrieval.ingest import IngestProblem, IngestReport, SeenDocuments, expand_paths
from retrieval.sharded import (
    IVF_MIN_PASSAGES,
    MANIFEST,
    SHARD_LIST,
    SHARDS_FOLDER,
    ShardedPaperIndex,
    commit_library,
    save_shard,
    shard_dense_kind,
    shard_folder,
)

BUILD_STATE = "build.json"
PARTS_FOLDER = "parts"  # embedded blocks of the shards being built, as Parquet
# Inputs larger than this (bytes on disk) are built by `retrieval build` as a sharded index on Ray;
# smaller ones keep the exact one-folder index. SciFact's JSONL holds about 5,600 sentences per MB
# and PubMed's gzipped XML about 10,000, so 40 MB is near EXACT_SEARCH_LIMIT's 200,000 passages.
SHARDED_INPUT_BYTES = 40_000_000
# Writing parts and building a shard are light beside embedding: they ask for a share of a CPU so
# that they run beside the embedding actors, which take a whole CPU (or a GPU) each.
_PART_CPUS = 0.1
_SHARD_CPUS = 0.5


@dataclass(frozen=True)
class BuildPlan:
    shard_passages: int = 500_000
    ivf_min_passages: int = IVF_MIN_PASSAGES
    workers: int | None = None  # embedding actors; default: one per GPU (cuda), else every CPU but one
    batch_documents: int = 64  # documents an actor embeds at a time (a block of a read task holds as many)
    ray_address: str | None = None  # None: start Ray on this machine
    device: str = "cpu"
    torch_threads: int = 1  # PyTorch threads per actor on the CPU

    @classmethod
    def from_settings(cls, settings, **overrides) -> BuildPlan:
        """The plan of ``engine.settings.BuildSettings``, with ``overrides`` (None values ignored)."""
        plan = cls(shard_passages=settings.shard_passages, workers=settings.workers, ray_address=settings.ray_address,
                   device=settings.device, torch_threads=settings.torch_threads)
        return replace(plan, **{key: value for key, value in overrides.items() if value is not None})


@dataclass(frozen=True)
class BuildProgress:
    documents: int
    sentences: int
    shards: int
    elapsed_s: float
    input_done: float  # share of this run's planned sentences whose shard is built
    resumed_shards: int = 0

    @property
    def rate(self) -> float:
        """Sentences embedded per second in this run (shards kept from an earlier run not counted)."""
        return self.sentences / self.elapsed_s if self.elapsed_s > 0 else 0.0

    @property
    def time_left_s(self) -> float | None:
        if self.input_done <= 0 or self.input_done >= 1:
            return None
        return self.elapsed_s * (1 - self.input_done) / self.input_done


class FinishedShard(BaseModel):
    name: str
    documents: int
    passages: int
    first_id: str
    last_id: str


class BuildState(BaseModel):
    fingerprint: str
    shards: list[FinishedShard] = []  # in the order they finished


class InputChanged(RuntimeError):
    """The input no longer yields the documents of the shards an interrupted build finished."""


@dataclass(frozen=True)
class ShardPlan:
    """One shard to be: its documents, in order, by file number and number in that file (arrays, so
    that the plan of tens of millions of documents holds no Python object per document)."""

    name: str
    files: np.ndarray
    ordinals: np.ndarray
    passages: int
    first_id: str
    last_id: str

    @property
    def documents(self) -> int:
        return len(self.files)

    def finished(self) -> FinishedShard:
        return FinishedShard(name=self.name, documents=self.documents, passages=self.passages,
                             first_id=self.first_id, last_id=self.last_id)


def input_files(paths: Iterable[Path | str], report: IngestReport | None = None) -> list[Path]:
    """The files a build reads, as the one-process reader lists them (``ingest.expand_paths``)."""
    return expand_paths(paths, report if report is not None else IngestReport())


def input_bytes(paths: Iterable[Path | str]) -> int:
    return sum(file.stat().st_size for file in input_files(paths))


def _fingerprint(files: list[Path], model: str, plan: BuildPlan) -> str:
    parts = [model, str(plan.shard_passages), str(plan.ivf_min_passages)]
    for file in files:
        stat = file.stat()
        parts.append(f"{file.resolve()}|{stat.st_size}|{stat.st_mtime_ns}")
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()


# ---------------------------------------------------------------------- Ray


def start_ray(plan: BuildPlan) -> None:
    """Connect to the cluster of ``plan.ray_address``, or start Ray on this machine's cores (one CPU per
    embedding actor and one for reading and writing), shipping the ``retrieval`` package to workers."""
    import ray

    runtime_env = {"py_modules": [str(Path(__file__).resolve().parent)], "excludes": ["__pycache__"]}
    options: dict = {"include_dashboard": False, "log_to_driver": False, "configure_logging": False,
                     "runtime_env": runtime_env}
    if plan.ray_address:
        ray.init(address=plan.ray_address, **options)
    else:
        ray.init(num_cpus=(plan.workers or os.cpu_count() or 1) + 1, **options)
    from ray.data import DataContext

    DataContext.get_current().enable_progress_bars = False  # `retrieval build` shows its own
    logging.getLogger("ray.data").setLevel(logging.WARNING)


def _workers(plan: BuildPlan) -> int:
    import ray

    if plan.workers:
        return plan.workers
    if plan.device == "cuda":
        return max(1, int(ray.cluster_resources().get("GPU", 0)))
    return max(1, int(ray.cluster_resources().get("CPU", 2)) - 1)


# ---------------------------------------------------------------------- pass 1: the plan


def plan_shards(files: list[Path], shard_passages: int, report: IngestReport) -> list[ShardPlan]:
    """The shards of the documents of ``files``, read in parallel; what was left out goes into ``report``."""
    from retrieval.paper_files import PaperFiles, paper_dataset

    batches = list(paper_dataset(PaperFiles(files)).iter_batches(batch_size=None, batch_format="pyarrow"))
    if not batches:
        return []
    table = pa.concat_tables(batches).sort_by([("file", "ascending"), ("row", "ascending")])
    for kind, target in (("problem", report.problems), ("warning", report.warnings)):
        rows = table.filter(pc.equal(table["kind"], kind))
        target.extend(IngestProblem(path=path, reason=reason)
                      for path, reason in zip(rows["id"].to_pylist(), rows["detail"].to_pylist(), strict=True))
    deletions = table.filter(pc.equal(table["kind"], "deleted"))
    deleted = dict(zip(deletions["id"].to_pylist(), deletions["file"].to_pylist(), strict=True))  # the last file deleting each
    report.deletions = sorted(deleted)
    documents = table.filter(pc.equal(table["kind"], "document"))
    return _cut_into_shards(documents.filter(_kept(documents, deleted, report)), shard_passages)


def _kept(documents: pa.Table, deleted: dict[str, int], report: IngestReport) -> np.ndarray:
    """Which of the plan's document rows (in file order) ``iter_documents`` would keep."""
    seen = SeenDocuments()
    keep = np.zeros(documents.num_rows, dtype=bool)
    rows = zip(documents["id"].to_pylist(), documents["detail"].to_pylist(), documents["file"].to_pylist(), strict=True)
    for row, (doc_id, content_hash, file) in enumerate(rows):
        if deleted.get(doc_id, -1) >= file:
            report.deleted.append(doc_id)
        elif (duplicate := seen.check(doc_id, content_hash)) is not None:
            report.duplicates.append(duplicate)
        else:
            keep[row] = True
    return keep


def _cut_into_shards(documents: pa.Table, shard_passages: int) -> list[ShardPlan]:
    """Consecutive documents in shards of at least ``shard_passages`` sentences (the last may be smaller),
    as ``sharded.group_by_passages`` groups them."""
    sentences = documents["sentences"].to_numpy()
    starts, passages = [0], 0
    for row, count in enumerate(sentences.tolist()):
        if passages >= shard_passages:
            starts.append(row)
            passages = 0
        passages += count
    bounds = [*starts, len(sentences)] if len(sentences) else []
    files, ordinals, ids = documents["file"].to_numpy(), documents["ordinal"].to_numpy(), documents["id"]
    return [ShardPlan(f"{number:05d}", files[start:stop], ordinals[start:stop], int(sentences[start:stop].sum()),
                      ids[start].as_py(), ids[stop - 1].as_py())
            for number, (start, stop) in enumerate(zip(bounds[:-1], bounds[1:]))]


# ---------------------------------------------------------------------- the build


def build_with_ray(
    paths: list[Path | str],
    index_dir: Path,
    model: str,
    plan: BuildPlan = BuildPlan(),
    report: IngestReport | None = None,
    progress: Callable[[BuildProgress], None] | None = None,
    corpus: str = "",
) -> ShardedPaperIndex:
    """Build (or finish building) the sharded index of ``paths`` in ``index_dir``."""
    import ray

    index_dir = Path(index_dir)
    index_dir.mkdir(parents=True, exist_ok=True)
    report = report if report is not None else IngestReport()
    files = input_files(paths, report)
    started_ray = not ray.is_initialized()
    if started_ray:
        start_ray(plan)
    try:
        with _folder_lock(index_dir):
            state = _resume_or_start(index_dir, _fingerprint(files, model, plan))
            shards = plan_shards(files, plan.shard_passages, report)
            if not shards:
                raise ValueError(f"nothing to index into {index_dir}: no document has any text")
            todo = _shards_to_build(shards, state)
            _build_shards(files, todo, index_dir, model, plan, _Recorder(index_dir, state, todo, progress))
            commit_library(index_dir, [shard.name for shard in shards], corpus)
            (index_dir / BUILD_STATE).unlink()
    finally:
        shutil.rmtree(index_dir / PARTS_FOLDER, ignore_errors=True)
        if started_ray:
            ray.shutdown()
    return PaperIndex.open(index_dir, model)  # type: ignore[return-value]


def _resume_or_start(index_dir: Path, fingerprint: str) -> BuildState:
    """The recorded state of an interrupted build of the same input, or a fresh one (the folder's old
    index removed); either way without the parts and shards no finished shard accounts for."""
    path = index_dir / BUILD_STATE
    state = None
    if path.is_file():
        try:
            state = BuildState.model_validate_json(path.read_text(encoding="utf-8"))
        except ValueError:
            state = None
    if state is None or state.fingerprint != fingerprint:
        state = BuildState(fingerprint=fingerprint)
        for stale in (MANIFEST, SHARD_LIST):
            (index_dir / stale).unlink(missing_ok=True)
    shutil.rmtree(index_dir / PARTS_FOLDER, ignore_errors=True)
    kept = {shard.name for shard in state.shards}
    for folder in (index_dir / SHARDS_FOLDER).glob("*"):
        if folder.name not in kept:
            shutil.rmtree(folder, ignore_errors=True)  # a shard the build was writing when it stopped
    _save_state(index_dir, state)
    return state


def _save_state(index_dir: Path, state: BuildState) -> None:
    temporary = index_dir / (BUILD_STATE + ".tmp")
    temporary.write_text(state.model_dump_json(indent=1), encoding="utf-8")
    os.replace(temporary, index_dir / BUILD_STATE)


def _shards_to_build(shards: list[ShardPlan], state: BuildState) -> list[ShardPlan]:
    """The planned shards an earlier run did not finish; a finished one must hold what the plan says."""
    planned = {shard.name: shard for shard in shards}
    for finished in state.shards:
        shard = planned.get(finished.name)
        if shard is None or shard.finished() != finished:
            now = f"{shard.first_id}..{shard.last_id}" if shard else "no such shard"
            raise InputChanged(
                f"shard {finished.name} of the interrupted build held documents {finished.first_id}..{finished.last_id}, "
                f"the input now gives {now}; delete {BUILD_STATE} to build afresh")
    done = {finished.name for finished in state.shards}
    return [shard for shard in shards if shard.name not in done]


class _Recorder:
    """Records each built shard in ``build.json`` and reports the progress of the run."""

    def __init__(self, index_dir: Path, state: BuildState, todo: list[ShardPlan],
                 progress: Callable[[BuildProgress], None] | None) -> None:
        self.index_dir, self.state, self.progress = index_dir, state, progress
        self.resumed = len(state.shards)
        self.total = max(1, sum(shard.passages for shard in todo))
        self.documents = self.sentences = 0
        self.started = time.perf_counter()

    def built(self, shard: ShardPlan) -> None:
        self.state.shards.append(shard.finished())
        _save_state(self.index_dir, self.state)
        self.documents += shard.documents
        self.sentences += shard.passages
        if self.progress is not None:
            self.progress(BuildProgress(self.documents, self.sentences, len(self.state.shards),
                                        time.perf_counter() - self.started, self.sentences / self.total, self.resumed))


# ---------------------------------------------------------------------- pass 2: the pipeline


def _build_shards(files: list[Path], shards: list[ShardPlan], index_dir: Path, model: str, plan: BuildPlan,
                  recorder: _Recorder) -> None:
    """Embed the documents of ``shards`` in one streaming pipeline and build each shard once its parts
    are written, in Ray tasks beside the pipeline."""
    import ray

    if not shards:
        return
    parts = index_dir / PARTS_FOLDER
    expected = {int(shard.name): shard.documents for shard in shards}
    written: Counter[int] = Counter()
    building: dict = {}  # a shard's build task -> its plan
    build = ray.remote(num_cpus=_SHARD_CPUS)(_build_shard)
    for batch in _pipeline(files, shards, parts, model, plan).iter_batches(batch_size=None, batch_format="pyarrow"):
        for number, count in zip(batch["shard"].to_pylist(), batch["documents"].to_pylist(), strict=True):
            written[number] += count
            if written[number] == expected[number]:
                shard = shards[[int(s.name) for s in shards].index(number)]
                task = build.remote(str(parts / shard.name), str(shard_folder(index_dir, shard.name)), model,
                                    shard_dense_kind(shard.passages, plan.ivf_min_passages), shard.documents)
                building[task] = shard
        _collect(building, recorder, wait=False)
    _collect(building, recorder, wait=True)


def _collect(building: dict, recorder: _Recorder, wait: bool) -> None:
    """Record the shards whose build finished (all of them with ``wait``); a failed build raises."""
    import ray

    if not building:
        return
    done, _ = ray.wait(list(building), num_returns=len(building), timeout=None if wait else 0)
    for task in done:
        ray.get(task)
        recorder.built(building.pop(task))


def _pipeline(files: list[Path], shards: list[ShardPlan], parts: Path, model: str, plan: BuildPlan):
    """The dataset of written parts: rows (shard number, documents) as each part is written."""
    import ray.data

    from retrieval.paper_files import PaperFiles, paper_dataset

    gpu = plan.device == "cuda"
    return (paper_dataset(PaperFiles(files, _chosen(shards), plan.batch_documents))
            .map_batches(EmbedDocuments, batch_size=None, batch_format="pyarrow",  # a block at a time
                         fn_constructor_kwargs={"model": model, "device": plan.device, "threads": plan.torch_threads},
                         compute=ray.data.ActorPoolStrategy(size=_workers(plan)),
                         num_cpus=0 if gpu else 1, num_gpus=1 if gpu else 0)
            .map_batches(_write_parts, batch_size=None, batch_format="pyarrow", fn_kwargs={"parts": str(parts)},
                         num_cpus=_PART_CPUS))


def _chosen(shards: list[ShardPlan]) -> dict[int, np.ndarray]:
    """Per file number, its documents to build as rows (document number, shard number, rank in shard)."""
    table = np.concatenate([np.stack([shard.files, shard.ordinals, np.full(shard.documents, int(shard.name)),
                                      np.arange(shard.documents)], axis=1) for shard in shards])
    return {int(file): table[table[:, 0] == file, 1:] for file in np.unique(table[:, 0])}


class EmbedDocuments:
    """A long-lived actor of the pipeline: loads the model once, then embeds blocks of documents, adding
    each one's sentence vectors and title vector (float32 bytes) to its row."""

    def __init__(self, model: str, device: str, threads: int) -> None:
        import torch

        torch.set_num_threads(threads)
        self._embedder = Embedder(model, device=device)
        self._embedder.dimension  # load the model now, not on the first block

    def __call__(self, batch: pa.Table) -> pa.Table:
        documents = [Document(id=row["id"], title=row["title"], sentences=row["sentences"], source=row["source"])
                     for row in batch.select(["id", "title", "sentences", "source"]).to_pylist()]
        vectors, title_vectors = embed_documents(self._embedder, documents, None)
        bounds = np.cumsum([0, *(len(d.sentences) for d in documents)])
        sentence_bytes = [vectors[start:stop].tobytes() for start, stop in zip(bounds[:-1], bounds[1:])]
        return (batch.append_column("vectors", pa.array(sentence_bytes, pa.binary()))
                .append_column("title_vector", pa.array([row.tobytes() for row in title_vectors], pa.binary())))


def _write_parts(batch: pa.Table, parts: str) -> pa.Table:
    """Write the rows of each shard in ``batch`` as one Parquet part of it (named by its first rank,
    written aside and renamed, so a part is whole or absent); rows (shard, documents written)."""
    numbers, counts = [], []
    for number in sorted(set(batch["shard"].to_pylist())):
        rows = batch.filter(pc.equal(batch["shard"], number))
        folder = Path(parts) / f"{number:05d}"
        folder.mkdir(parents=True, exist_ok=True)
        name = f"{min(rows['rank'].to_pylist()):09d}.parquet"
        pq.write_table(rows, folder / f".{name}")
        os.replace(folder / f".{name}", folder / name)
        numbers.append(number)
        counts.append(rows.num_rows)
    return pa.table({"shard": pa.array(numbers, pa.int64()), "documents": pa.array(counts, pa.int64())})


def _build_shard(parts: str, folder: str, model: str, kind: str, documents: int) -> None:
    """Build the shard of the parts in ``parts`` (its documents in rank order, nothing embedded), move
    it into place at ``folder`` and remove the parts."""
    import faiss

    faiss.omp_set_num_threads(1)  # the task holds less than a CPU
    table = pa.concat_tables([pq.read_table(part) for part in sorted(Path(parts).glob("[0-9]*.parquet"))])
    table = table.sort_by("rank")
    if table.num_rows != documents or table["rank"].to_pylist() != list(range(documents)):
        raise RuntimeError(f"the parts in {parts} hold {table.num_rows} documents, the shard {documents}")
    rows = table.to_pylist()
    shard_documents = [Document(id=r["id"], title=r["title"], sentences=r["sentences"], source=r["source"]) for r in rows]
    vectors = np.concatenate([np.frombuffer(r["vectors"], np.float32) for r in rows])
    title_vectors = np.stack([np.frombuffer(r["title_vector"], np.float32) for r in rows])
    vectors = vectors.reshape(-1, title_vectors.shape[1])
    save_shard(PaperIndex.from_vectors(shard_documents, vectors, title_vectors, Path(folder), Embedder(model), kind))
    shutil.rmtree(parts, ignore_errors=True)
