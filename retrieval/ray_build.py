"""The build of a large library on Ray Data, into a sharded index (``retrieval/sharded.py``).

Documents are read as a stream (``iter_documents``) and cut into consecutive groups of about
``shard_passages`` sentences. Each group is one Ray Data pipeline: documents -> their passages (each
sentence and the title, numbered) -> embedded in batches by a pool of actors that each hold the model
-> a Ray task that builds the shard (its vectors, BM25, a flat FAISS index if small) and writes it; once
every shard is written, the large ones get one IVF-PQ index for the whole library, trained on a sample
of them all (``sharded.commit_library``). Ray runs in local mode
on this machine's cores unless an address is given (``--ray-address`` or Ray's own ``RAY_ADDRESS``),
in which case the same pipeline runs on that cluster; workers there need this project and its
requirements installed and the shard folder on storage they can all write (a shared file system).

Resumable: ``build.json`` in the index folder records the input (paths, sizes, times), the settings
and every finished shard with its first and last document. A build started again on the same input
skips the finished shards (the stream is re-read, not re-embedded) and goes on where it stopped; a shard
is written beside its folder and moved into place, so a killed build leaves whole shards or none, and
the result equals an uninterrupted build. The manifest is written last and ``build.json`` removed.
"""

from __future__ import annotations

import hashlib
import logging
import os
import shutil
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from pydantic import BaseModel

from retrieval.documents import Document
from retrieval.embeddings import Embedder
from retrieval.index import PaperIndex, _folder_lock
from retrieval.ingest import IngestReport, file_kind, iter_documents
from retrieval.sharded import (
    IVF_MIN_PASSAGES,
    MANIFEST,
    SHARD_LIST,
    SHARDS_FOLDER,
    ShardedPaperIndex,
    commit_library,
    group_by_passages,
    save_shard,
    shard_dense_kind,
    shard_folder,
)

BUILD_STATE = "build.json"
# Turning a document into its passages is light: the step asks for a sliver of a CPU so that it runs
# beside the embedding actors (which take a whole CPU each) instead of waiting for one of them.
_LIGHT_TASK_CPUS = 0.1
# Inputs larger than this (bytes on disk) are built by `retrieval build` as a sharded index on Ray;
# smaller ones keep the exact one-folder index. SciFact's JSONL holds about 5,600 sentences per MB
# and PubMed's gzipped XML about 10,000, so 40 MB is near EXACT_SEARCH_LIMIT's 200,000 passages.
SHARDED_INPUT_BYTES = 40_000_000


@dataclass(frozen=True)
class BuildPlan:
    shard_passages: int = 500_000
    ivf_min_passages: int = IVF_MIN_PASSAGES
    workers: int | None = None  # embedding actors; default: every CPU Ray offers
    batch_size: int = 128
    ray_address: str | None = None


@dataclass(frozen=True)
class BuildProgress:
    documents: int
    sentences: int
    shards: int
    elapsed_s: float
    input_done: float  # share of the input's bytes whose documents have been embedded (by whole files)
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
    shards: list[FinishedShard] = []


class InputChanged(RuntimeError):
    """The input no longer yields the documents of the shards an interrupted build finished."""


def input_files(paths: Iterable[Path | str]) -> list[Path]:
    files: list[Path] = []
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            files.extend(sorted(p for p in path.rglob("*") if p.is_file() and file_kind(p)))
        elif path.is_file():
            files.append(path)
    return files


def input_bytes(paths: Iterable[Path | str]) -> int:
    return sum(file.stat().st_size for file in input_files(paths))


def _fingerprint(paths: list[Path | str], model: str, plan: BuildPlan) -> str:
    parts = [model, str(plan.shard_passages), str(plan.ivf_min_passages)]
    for file in input_files(paths):
        stat = file.stat()
        parts.append(f"{file.resolve()}|{stat.st_size}|{stat.st_mtime_ns}")
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()


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
    started_ray = not ray.is_initialized()
    if started_ray:
        _start_ray(plan)
    try:
        with _folder_lock(index_dir):
            state = _resume_or_start(index_dir, _fingerprint(paths, model, plan))
            _run(paths, index_dir, model, plan, state, report, progress)
            names = [shard.name for shard in state.shards]
            if not names:
                raise ValueError(f"nothing to index into {index_dir}: no document has any text")
            commit_library(index_dir, names, corpus)
            (index_dir / BUILD_STATE).unlink()
    finally:
        if started_ray:
            ray.shutdown()
    return PaperIndex.open(index_dir, model)  # type: ignore[return-value]


def _start_ray(plan: BuildPlan) -> None:
    import ray

    address = plan.ray_address or os.environ.get("RAY_ADDRESS")
    options: dict = {"include_dashboard": False, "log_to_driver": False, "configure_logging": False}
    if address:
        ray.init(address=address, **options)
    else:
        # one CPU per embedding actor, and one for the driver's light steps and the shard writer
        ray.init(num_cpus=(plan.workers or os.cpu_count() or 1) + 1, **options)
    from ray.data import DataContext

    DataContext.get_current().enable_progress_bars = False  # `retrieval build` shows its own
    logging.getLogger("ray.data").setLevel(logging.WARNING)


def _resume_or_start(index_dir: Path, fingerprint: str) -> BuildState:
    """The recorded state of an interrupted build of the same input, or a fresh one (the folder's old
    index and any half-written shard removed)."""
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
        shutil.rmtree(index_dir / SHARDS_FOLDER, ignore_errors=True)
    else:
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


def _run(
    paths: list[Path | str],
    index_dir: Path,
    model: str,
    plan: BuildPlan,
    state: BuildState,
    report: IngestReport,
    progress: Callable[[BuildProgress], None] | None,
) -> None:
    sizes = {str(file): file.stat().st_size for file in input_files(paths)}
    total_bytes = max(1, sum(sizes.values()))
    done_files: set[str] = set()
    resumed = len(state.shards)
    documents = sentences = 0
    started = time.perf_counter()
    for number, group in enumerate(group_by_passages(iter_documents(paths, report), plan.shard_passages)):
        if number < resumed:
            _check_finished(state.shards[number], group)
        else:
            name = f"{number:05d}"
            vectors, title_vectors = embed_on_ray(group, model, plan)
            _write_on_ray(group, vectors, title_vectors, shard_folder(index_dir, name), model, plan)
            state.shards.append(FinishedShard(name=name, documents=len(group), passages=len(vectors),
                                              first_id=group[0].id, last_id=group[-1].id))
            _save_state(index_dir, state)
            documents += len(group)
            sentences += len(vectors)
        # files are read in order: every file before the last document's one is finished
        done_files.update({d.source for d in group} - {group[-1].source})
        if progress is not None:
            progress(BuildProgress(documents, sentences, len(state.shards), time.perf_counter() - started,
                                   sum(sizes.get(f, 0) for f in done_files) / total_bytes, resumed))


def _check_finished(finished: FinishedShard, group: list[Document]) -> None:
    if (finished.documents, finished.first_id, finished.last_id) != (len(group), group[0].id, group[-1].id):
        raise InputChanged(
            f"shard {finished.name} of the interrupted build held documents {finished.first_id}..{finished.last_id}, "
            f"the input now gives {group[0].id}..{group[-1].id}; delete {BUILD_STATE} to build afresh"
        )


# ---------------------------------------------------------------------- the Ray Data pipeline


class _EmbedBatch:
    """A Ray Data actor: loads the model once, then embeds batches of passage texts."""

    def __init__(self, model: str) -> None:
        import torch

        torch.set_num_threads(1)  # one core per actor; Ray gives each actor its own
        self._embedder = Embedder(model)

    def __call__(self, batch: dict[str, np.ndarray]) -> dict[str, np.ndarray]:
        return {"position": batch["position"], "vector": self._embedder.embed([str(t) for t in batch["text"]])}


def _passages_of(row: dict) -> list[dict]:
    """Ray Data flat_map: a document row into its numbered texts (its sentences, then its title)."""
    rows = [{"position": int(row["first"]) + i, "text": s} for i, s in enumerate(row["sentences"])]
    if row["title_at"] >= 0:
        rows.append({"position": int(row["title_at"]), "text": row["title"]})
    return rows


def embed_on_ray(documents: list[Document], model: str, plan: BuildPlan) -> tuple[np.ndarray, np.ndarray]:
    """Sentence and title vectors of ``documents`` (as ``embed_documents`` returns them), embedded by
    a pool of Ray actors."""
    import ray
    import ray.data

    sentence_count = sum(len(d.sentences) for d in documents)
    rows, first, title_at = [], 0, sentence_count
    for document in documents:
        titled = bool(document.title.strip())
        rows.append({"first": first, "sentences": document.sentences, "title": document.title,
                     "title_at": title_at if titled else -1})
        first += len(document.sentences)
        title_at += titled
    workers = plan.workers or max(1, int(ray.cluster_resources().get("CPU", 2)) - 1)
    dataset = (ray.data.from_items(rows, override_num_blocks=max(1, min(len(rows), 4 * workers)))
               .flat_map(_passages_of, num_cpus=_LIGHT_TASK_CPUS)
               .map_batches(_EmbedBatch, fn_constructor_kwargs={"model": model}, batch_size=plan.batch_size,
                            compute=ray.data.ActorPoolStrategy(size=workers), num_cpus=1, batch_format="numpy"))
    vectors: np.ndarray | None = None
    for batch in dataset.iter_batches(batch_format="numpy", batch_size=None):
        if vectors is None:
            vectors = np.zeros((title_at, batch["vector"].shape[1]), dtype=np.float32)
        vectors[batch["position"]] = batch["vector"]
    assert vectors is not None
    title_vectors = np.zeros((len(documents), vectors.shape[1]), dtype=np.float32)
    titled_rows = [i for i, d in enumerate(documents) if d.title.strip()]
    title_vectors[titled_rows] = vectors[sentence_count:]
    return vectors[:sentence_count], title_vectors


def _write_shard(documents: list[Document], vectors: np.ndarray, title_vectors: np.ndarray, folder: str,
                 model: str, ivf_min_passages: int) -> None:
    import faiss

    faiss.omp_set_num_threads(1)  # the task holds one CPU
    shard = PaperIndex.from_vectors(documents, vectors, title_vectors, Path(folder), Embedder(model),
                                    shard_dense_kind(len(vectors), ivf_min_passages))
    save_shard(shard)


def _write_on_ray(documents: list[Document], vectors: np.ndarray, title_vectors: np.ndarray, folder: Path,
                  model: str, plan: BuildPlan) -> None:
    """Build and write one shard in a Ray task (on a cluster, on whichever node has a free CPU)."""
    import ray

    task = ray.remote(num_cpus=1)(_write_shard)
    ray.get(task.remote(documents, vectors, title_vectors, str(folder), model, plan.ivf_min_passages))
