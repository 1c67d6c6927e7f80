"""The documents of an index as columns: passage text and document metadata in one Parquet file,
read through a memory map into Arrow arrays, so that an opened index holds no Python object per
passage or per document.

``documents.parquet`` has one row per document: ``id``, ``title``, ``source``, ``content_hash``
(``Document.content_hash``), ``sentences`` (a list of strings: the passages, in order) and two 64-bit
keys, ``id_key`` and ``content_key``, from which lookups by id and by content are binary searches over
sorted numpy arrays (a hit is then confirmed against the string itself). A ``Document`` is made only
when a caller asks for one. Every page carries a CRC32, checked when read, so garbled bytes are
reported as damage rather than read as other text.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq

from retrieval.documents import Document

SCHEMA = pa.schema([
    ("id", pa.string()),
    ("title", pa.string()),
    ("source", pa.string()),
    ("content_hash", pa.string()),
    ("id_key", pa.uint64()),
    ("content_key", pa.uint64()),
    ("sentences", pa.large_list(pa.large_string())),
])
# Rows per Parquet row group: a few thousand abstracts, tens of thousands of sentences.
ROW_GROUP_DOCUMENTS = 4_096


def id_key(doc_id: str) -> int:
    return int.from_bytes(hashlib.blake2b(doc_id.encode(), digest_size=8).digest(), "little")


def content_key(content_hash: str) -> int:
    return int(content_hash[:16], 16)


class SortedKeys:
    """Row positions by a 64-bit key: the keys sorted once, each lookup a binary search."""

    def __init__(self, keys: np.ndarray) -> None:
        self._order = np.argsort(keys, kind="stable")
        self._sorted = keys[self._order]

    def rows(self, key: int) -> np.ndarray:
        key = np.uint64(key)
        start = np.searchsorted(self._sorted, key, side="left")
        end = np.searchsorted(self._sorted, key, side="right")
        return self._order[start:end]


class DocumentTable:
    """Documents in Arrow columns: counts, lookups and text by position, without a Python object each."""

    def __init__(self, table: pa.Table) -> None:
        table = table.select(SCHEMA.names).cast(SCHEMA)
        # Each column as one contiguous array, and the table rebuilt over those arrays: keeping the
        # table's own chunks (one per Parquet row group) beside them held every column twice
        # (87 MB more per 500,000-passage shard).
        table = pa.table([table.column(name).combine_chunks() for name in SCHEMA.names], schema=SCHEMA)
        self._table = table
        self._ids = table.column("id").chunk(0)
        self._titles = table.column("title").chunk(0)
        self._sources = table.column("source").chunk(0)
        self._hashes = table.column("content_hash").chunk(0)
        sentences = table.column("sentences").chunk(0)
        self._sentences = sentences.flatten()
        offsets = np.asarray(sentences.offsets, dtype=np.int64)
        self.first_passages = offsets - offsets[0] if offsets.size else np.zeros(1, dtype=np.int64)
        self._by_id = SortedKeys(np.asarray(table.column("id_key").to_numpy(), dtype=np.uint64))
        self._by_content = SortedKeys(np.asarray(table.column("content_key").to_numpy(), dtype=np.uint64))

    # ------------------------------------------------------------------ making and storing

    @classmethod
    def from_documents(cls, documents: Sequence[Document]) -> DocumentTable:
        hashes = [d.content_hash() for d in documents]
        return cls(pa.table({
            "id": [d.id for d in documents],
            "title": [d.title for d in documents],
            "source": [d.source for d in documents],
            "content_hash": hashes,
            "id_key": pa.array([id_key(d.id) for d in documents], pa.uint64()),
            "content_key": pa.array([content_key(h) for h in hashes], pa.uint64()),
            "sentences": [d.sentences for d in documents],
        }, schema=SCHEMA))

    @classmethod
    def read(cls, path: Path) -> DocumentTable:
        """The table in a Parquet file, read through a memory map (no copy of the file in memory)."""
        table = cls(pq.read_table(path, memory_map=True, schema=SCHEMA, page_checksum_verification=True))
        # The pool keeps what the reading freed (pages decompressed, then combined) for later
        # allocations: given back now, opening a 500,000-passage shard holds about 120 MB less.
        pa.default_memory_pool().release_unused()
        return table

    def write(self, path: Path) -> None:
        pq.write_table(self._table, path, compression="zstd", row_group_size=ROW_GROUP_DOCUMENTS,
                       write_page_checksum=True)

    def concat(self, other: DocumentTable) -> DocumentTable:
        return DocumentTable(pa.concat_tables([self._table, other._table]))

    def take(self, rows: np.ndarray) -> DocumentTable:
        """The documents at ``rows``, in that order."""
        return DocumentTable(self._table.take(pa.array(np.asarray(rows, dtype=np.int64))))

    # ------------------------------------------------------------------ reading

    def __len__(self) -> int:
        return len(self._ids)

    @property
    def passages(self) -> int:
        return int(self.first_passages[-1])

    def passage_counts(self) -> np.ndarray:
        return np.diff(self.first_passages)

    def doc_id(self, row: int) -> str:
        return self._ids[row].as_py()

    def title(self, row: int) -> str:
        return self._titles[row].as_py()

    def content_hash(self, row: int) -> str:
        return self._hashes[row].as_py()

    def sentence(self, passage: int) -> str:
        return self._sentences[passage].as_py()

    def document(self, row: int) -> Document:
        start, end = int(self.first_passages[row]), int(self.first_passages[row + 1])
        return Document(id=self.doc_id(row), title=self.title(row), source=self._sources[row].as_py(),
                        sentences=self._sentences[start:end].to_pylist())

    def __iter__(self) -> Iterator[Document]:
        for row in range(len(self)):
            yield self.document(row)

    def rows_without(self, doc_ids: Iterable[str]) -> np.ndarray:
        """The rows of every document whose id is not in ``doc_ids``, in order."""
        dropped = pc.is_in(self._ids, value_set=pa.array(sorted(doc_ids), pa.string()))
        return np.flatnonzero(~np.asarray(dropped.to_numpy(zero_copy_only=False), dtype=bool))

    def find(self, doc_id: str) -> int | None:
        """The row of the document with id ``doc_id``, or None."""
        for row in self._by_id.rows(id_key(doc_id)):
            if self._ids[int(row)].as_py() == doc_id:
                return int(row)
        return None

    def owner_of_content(self, content_hash: str) -> str | None:
        """The id of a document with this content hash, or None."""
        for row in self._by_content.rows(content_key(content_hash)):
            if self._hashes[int(row)].as_py() == content_hash:
                return self.doc_id(int(row))
        return None

    # ------------------------------------------------------------------ whole columns (building)

    def ids(self) -> list[str]:
        return self._ids.to_pylist()

    def titles(self) -> list[str]:
        return self._titles.to_pylist()

    def sentences(self) -> list[str]:
        return self._sentences.to_pylist()

    def content_hashes(self) -> list[str]:
        return self._hashes.to_pylist()
