"""Reading memory-mapped shard files without keeping their pages (retrieval/paging.py): positional row
reads and chunked scans give what reading through the map gives, and leave none of the map's pages
resident in this process, read from /proc/self/smaps (Linux only)."""

from __future__ import annotations

import hashlib
import itertools
import sys
from pathlib import Path

import numpy as np
import pytest

from retrieval import paging
from retrieval.documents import Document
from retrieval.embeddings import DEFAULT_MODEL, Embedder
from retrieval.index import PaperIndex
from retrieval.lexical import _column_maxima
from retrieval.sharded import build_sharded

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc/self/smaps")


def resident_kib(path: Path) -> int:
    """This process's resident KiB of the maps of ``path`` (0 when nothing of it is resident)."""
    total, inside = 0, False
    for line in Path("/proc/self/smaps").read_text().splitlines():
        if line[:1].isalnum() and "-" in line.split(" ", 1)[0] and ":" not in line.split(" ", 1)[0]:
            inside = line.rstrip().endswith(str(path))  # a map's header line: address range ... path
        elif inside and line.startswith("Rss:"):
            total += int(line.split()[1])
    return total


@pytest.fixture
def stored(tmp_path: Path) -> tuple[Path, np.ndarray]:
    """A 40,000 x 384 float32 array (60 MB) saved as .npy, and the same array in memory."""
    array = np.random.default_rng(3).standard_normal((40_000, 384), dtype=np.float32)
    path = tmp_path / "vectors.npy"
    np.save(path, array)
    return path, array


def test_row_reads_equal_the_map_and_leave_it_unmapped(stored) -> None:
    path, array = stored
    mapped = np.load(path, mmap_mode="r")
    reader = paging.RowReader.of(mapped)
    assert reader is not None
    rows = np.array([39_999, 5, 6, 7, 5, 0, 20_000, 6])  # unsorted, repeated, runs, both ends
    assert np.array_equal(reader.rows(rows), array[rows])
    assert reader.rows(np.zeros(0, np.int64)).shape == (0, 384)
    assert resident_kib(path) == 0
    with pytest.raises(IndexError):
        reader.rows(np.array([40_000]))


def test_reading_through_the_map_leaves_pages_that_release_lets_go(stored) -> None:
    # the measure the other tests rely on: reading rows through the map does leave pages resident
    path, array = stored
    mapped = np.load(path, mmap_mode="r")
    assert np.array_equal(mapped[[1, 30_000]], array[[1, 30_000]])
    assert resident_kib(path) > 0
    paging.release(mapped[10:20])  # a view of the map finds its map
    assert resident_kib(path) == 0


def test_a_chunked_scan_equals_the_product_and_keeps_no_pages(stored) -> None:
    path, array = stored
    mapped = np.load(path, mmap_mode="r")
    query = array[17]
    scores = paging.scan(mapped, lambda part: part @ query, rows=3_000)
    assert np.allclose(scores, array @ query, atol=1e-4)
    assert resident_kib(path) == 0
    assert np.allclose(paging.read_range(mapped, 100, 105), array[100:105])
    assert resident_kib(path) == 0


def test_arrays_in_memory_are_read_as_they_are(stored) -> None:
    _, array = stored
    assert paging.RowReader.of(array) is None
    assert np.array_equal(paging.scan(array, lambda part: part[:, 0]), array[:, 0])
    paging.release(array)  # nothing to let go; no error


def test_column_maxima_read_in_runs_equal_one_reading() -> None:
    generator = np.random.default_rng(5)
    counts = generator.integers(0, 6, size=50)
    counts[[0, 7, 8, 49]] = 0  # empty columns, at the ends too
    indptr = np.concatenate([[0], np.cumsum(counts)])
    data = generator.random(int(indptr[-1])).astype(np.float32)
    expected = np.array([data[a:b].max() if b > a else 0.0 for a, b in itertools.pairwise(indptr)], np.float32)
    for block in (1, 3, 10, 1 << 22):
        assert np.array_equal(_column_maxima(data, indptr, block=block), expected), block


class HashedEmbedder(Embedder):
    """A seeded unit vector per text (no model): the tests here are about reading files, not meaning."""

    def __init__(self) -> None:
        super().__init__(DEFAULT_MODEL)

    def embed(self, texts, progress=None) -> np.ndarray:
        rows = [np.random.default_rng(int(hashlib.sha256(t.encode()).hexdigest()[:12], 16)).standard_normal(384)
                for t in texts]
        vectors = np.array(rows, dtype=np.float32).reshape(len(texts), 384)
        return vectors / np.linalg.norm(vectors, axis=1, keepdims=True)

    def embed_queries(self, queries) -> np.ndarray:
        return self.embed(list(queries))


def _documents() -> list[Document]:
    words = ["kinase", "myelin", "astrocyte", "vesicle", "lysosome", "axon", "cytokine", "peptide"]
    return [Document(id=f"D{n:03d}", title=f"{words[n % 8]} study {n}",
                     sentences=[f"In cells {words[(n + i) % 8]} changed {words[(n * i) % 8]} by {n + i} percent."
                                for i in range(4)])
            for n in range(120)]


def test_searching_a_library_from_disk_keeps_none_of_its_shard_files_resident(tmp_path: Path) -> None:
    embedder = HashedEmbedder()
    build_sharded(_documents(), tmp_path / "library", embedder, shard_passages=160, ivf_min_passages=0)
    index = PaperIndex.open(tmp_path / "library", embedder=embedder)
    assert index.shard_count == 3
    answers = [index.search(query, k=10) for query in ("kinase in axon", "lysosome percent", "myelin")]
    assert all(answers)
    query = HashedEmbedder().embed_queries(["kinase in axon"])[0]
    for shard in index.shards:  # the positional reads give the stored rows' cosines
        assert shard._vector_rows is not None
        stored = np.load(next(shard.index_dir.glob("generation-*")) / "vectors.npy")
        rows = np.array([len(stored) - 1, 3, 0, 4, 3])
        assert np.allclose(shard.passage_cosines(query, rows), stored[rows] @ query, atol=1e-6)
    shard_files = [file for file in (tmp_path / "library").rglob("*.npy")
                   if file.name in ("vectors.npy", "doc_vectors.npy") or "lexical" in str(file.parent)]
    assert any(f.name == "vectors.npy" for f in shard_files) and any("lexical" in str(f.parent) for f in shard_files)
    shard_files += list((tmp_path / "library").glob("ivf-*/merged.ivfdata"))  # FAISS's own map of the lists
    assert shard_files[-1].name == "merged.ivfdata" and paging.FilePages(shard_files[-1]).maps()
    assert [str(file) for file in shard_files if resident_kib(file)] == []


def test_file_pages_finds_a_map_made_outside_numpy_and_lets_it_go(stored) -> None:
    import mmap

    path, array = stored
    with open(path, "rb") as handle:
        mapped = mmap.mmap(handle.fileno(), 0, access=mmap.ACCESS_READ)
    pages = paging.FilePages(path)
    assert len(pages.maps()) == 1
    _ = mapped[:1_000_000]  # reads a megabyte through the map
    assert resident_kib(path) > 0
    pages.release()
    assert resident_kib(path) == 0
    assert mapped[:16] == path.read_bytes()[:16]  # the map still reads the file after the release
    mapped.close()
    assert pages.maps() == []


def test_file_pages_checks_a_known_map_before_letting_it_go(stored, tmp_path: Path) -> None:
    import mmap

    path, _ = stored
    pages = paging.FilePages(path)
    with open(path, "rb") as handle:
        first = mmap.mmap(handle.fileno(), 0, access=mmap.ACCESS_READ)
    _ = first[:1_000_000]
    pages.release()
    assert resident_kib(path) == 0 and len(pages._known) == 1
    first.close()  # the known range is gone; another file may be mapped there now
    other = tmp_path / "other.bin"
    other.write_bytes(b"x" * 2_000_000)
    with open(other, "rb") as handle:
        elsewhere = mmap.mmap(handle.fileno(), 0, access=mmap.ACCESS_READ)
    _ = elsewhere[:1_000_000]
    with open(path, "rb") as handle:
        second = mmap.mmap(handle.fileno(), 0, access=mmap.ACCESS_READ)
    _ = second[:1_000_000]
    pages.release()
    assert resident_kib(path) == 0  # the new map was found
    assert resident_kib(other) > 0  # the other file's pages were not let go
    second.close()
    elsewhere.close()
