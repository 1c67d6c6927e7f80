"""Input files of a library build as a Ray Data datasource (``retrieval.ray_build``).

``PaperFiles`` makes one read task per file (PubMed ``.xml.gz``, JSONL, or any file ``retrieval.ingest``
reads), so that Ray reads the files in parallel, each where a CPU is free. It reads in one of two ways:

- without ``chosen``, a file's *plan rows*: one per document (its number in the file, id, the first 16
  hex digits of its content hash, which is all the duplicate check reads, and its sentence count), one per PMID its ``<DeleteCitation>`` blocks name, one per problem or warning;
- with ``chosen`` (file number -> rows of document number, shard, rank), the chosen documents themselves,
  each with its shard and its rank in that shard, in blocks of at most ``block_documents`` of one shard.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pyarrow as pa
import ray.data
from ray.data.block import BlockMetadata
from ray.data.datasource import Datasource, ReadTask

from retrieval.ingest import IngestReport, pubmed_deletions, read_file

# Reading is light beside embedding: a read task asks for a share of a CPU, so that it runs beside the
# embedding actors, which take a whole CPU (or a GPU) each.
READ_CPUS = 0.25
PLAN_SCHEMA = pa.schema([("kind", pa.string()), ("ordinal", pa.int64()), ("id", pa.string()),
                         ("detail", pa.string()), ("sentences", pa.int64())])


class PaperFiles(Datasource):
    def __init__(self, files: list[Path], chosen: dict[int, np.ndarray] | None = None,
                 block_documents: int = 64) -> None:
        super().__init__()
        self.files = [str(file) for file in files]
        self.chosen = chosen
        self.block_documents = block_documents

    def estimate_inmemory_data_size(self) -> int:
        return sum(os.path.getsize(file) for file in self.files)

    def get_read_tasks(self, parallelism: int, per_task_row_limit: int | None = None,
                       data_context=None) -> list[ReadTask]:
        """One task per file (whatever ``parallelism`` asks: a gzipped file is read from its start)."""
        tasks = []
        for number, file in enumerate(self.files):
            if self.chosen is None:
                read = functools.partial(plan_rows, number, file)
            elif number in self.chosen:
                read = functools.partial(document_rows, file, self.chosen[number], self.block_documents)
            else:
                continue
            metadata = BlockMetadata(num_rows=None, size_bytes=os.path.getsize(file), exec_stats=None,
                                     input_files=(file,))
            tasks.append(ReadTask(read, metadata, per_task_row_limit=per_task_row_limit))
        return tasks


def paper_dataset(source: PaperFiles) -> ray.data.Dataset:
    """The Ray Data dataset of ``source``, its read tasks asking for a share of a CPU each."""
    return ray.data.read_datasource(source, num_cpus=READ_CPUS)


def plan_rows(number: int, file: str) -> list[pa.Table]:
    """The plan rows of ``file`` (number ``number`` of the input), in the order they were read."""
    report = IngestReport()
    rows = [{"kind": "document", "ordinal": ordinal, "id": d.id, "detail": d.content_hash()[:16], "sentences": len(d.sentences)}
            for ordinal, d in enumerate(read_file(Path(file), report))]
    rows += [{"kind": "deleted", "ordinal": -1, "id": pmid, "detail": "", "sentences": 0}
             for pmid in pubmed_deletions(Path(file))]
    for kind, problems in (("problem", report.problems), ("warning", report.warnings)):
        rows += [{"kind": kind, "ordinal": -1, "id": p.path, "detail": p.reason, "sentences": 0} for p in problems]
    table = pa.Table.from_pylist(rows, schema=PLAN_SCHEMA)
    table = table.append_column("row", pa.array(range(len(rows)), pa.int64()))  # to restore the order
    return [table.append_column("file", pa.array([number] * len(rows), pa.int64()))]


def document_rows(file: str, chosen: np.ndarray, block_documents: int) -> Iterator[pa.Table]:
    """The chosen documents of ``file`` with their shard and rank, in blocks of ``block_documents``
    documents of one shard: a shard's blocks, and so its embedding batches, are the same whatever
    other shards are built with it (a resumed build embeds exactly as an uninterrupted one)."""
    places = {ordinal: (shard, rank) for ordinal, shard, rank in chosen.tolist()}
    rows: list[dict] = []
    for ordinal, document in enumerate(read_file(Path(file), IngestReport())):
        if ordinal not in places:
            continue
        shard, rank = places[ordinal]
        if rows and (len(rows) == block_documents or rows[-1]["shard"] != shard):
            yield pa.Table.from_pylist(rows)
            rows = []
        rows.append({"shard": shard, "rank": rank, "id": document.id, "title": document.title,
                     "sentences": document.sentences, "source": document.source})
    if rows:
        yield pa.Table.from_pylist(rows)
