"""Reading a shard's memory-mapped files without keeping their pages in the serving process.

A shard's vectors, document vectors and BM25 postings are memory-mapped, so that opening costs no
reading. But every page a query touches through a map stays in the process's resident memory until
the kernel wants it back, and the kernel maps more than the page touched (large page-cache folios,
fault-around): on this machine 1,000 random rows of a 768 MB vector file read through a map left all
768 MB resident, and at 10^6 passages the serving process held 2.5 GB of mapped file pages after
300 queries. So:

- rows picked at random (the candidates re-ranked by their exact vectors) are read with positional
  reads (``RowReader``): only the bytes asked for are copied, nothing stays mapped;
- contiguous ranges (a BM25 term's postings, a scan of all document vectors in chunks) are read
  through the map and the map's pages let go right after (``release``): the process then holds at
  most one range at a time;
- a file that C code maps itself (FAISS's on-disk lists of the library index) has its maps found
  and let go after each use (``FilePages``).

Either way the file's pages stay in the kernel's page cache (shared, dropped under pressure), so a
second read of them is a copy, not a disk read. Arrays that are not memory-mapped (an index held in
memory, a test's arrays) are read as they are.
"""

from __future__ import annotations

import ctypes
import mmap
import os
import weakref
from collections.abc import Callable
from pathlib import Path

import numpy as np

# Rows of a chunked scan or of one batch of positional reads: 2,048 rows of 384 float32 are 3 MiB
# held at a time. Small on purpose: glibc serves a freed block's size from its heap afterwards and
# keeps that heap, so large temporary arrays would stay resident as well (measured: reading a
# shard's BM25 scores 16 MB at a time left 23 MB in the heap).
SCAN_ROWS = 2048


def mapping_of(array: np.ndarray) -> mmap.mmap | None:
    """The ``mmap`` behind a memory-mapped array or a view of one; None for an array in memory."""
    while array is not None:
        mapped = getattr(array, "_mmap", None)
        if isinstance(mapped, mmap.mmap):
            return mapped
        array = array.base if isinstance(array.base, np.ndarray) else None
    return None


def release(array: np.ndarray) -> None:
    """Unmap from this process every resident page of the map behind ``array`` (nothing for an array in
    memory). The map stays valid: a later read maps the pages again from the page cache."""
    mapped = mapping_of(array)
    if mapped is not None and not mapped.closed:
        mapped.madvise(mmap.MADV_DONTNEED)


def read_range(array: np.ndarray, start: int, end: int) -> np.ndarray:
    """A copy of ``array[start:end]``, its mapped pages let go afterwards."""
    part = np.array(array[start:end])
    release(array)
    return part


def scan(array: np.ndarray, apply: Callable[[np.ndarray], np.ndarray], rows: int = SCAN_ROWS) -> np.ndarray:
    """``apply`` over ``array`` a chunk of ``rows`` rows at a time, the results concatenated; for a
    memory-mapped array each chunk's pages are let go before the next is read."""
    if mapping_of(array) is None:
        return apply(array)
    parts = []
    for start in range(0, len(array), rows):
        parts.append(apply(array[start:start + rows]))
        release(array)
    return np.concatenate(parts) if parts else apply(array[:0])


class RowReader:
    """Rows of a 2-D memory-mapped ``.npy`` array read with positional reads from a file descriptor
    opened once (so a generation removed from disk after a switch is still read whole)."""

    def __init__(self, array: np.memmap) -> None:
        self._descriptor = os.open(array.filename, os.O_RDONLY)
        weakref.finalize(self, os.close, self._descriptor)
        self._offset = int(array.offset)
        self._shape = array.shape
        self._dtype = array.dtype
        self._row_bytes = int(np.prod(array.shape[1:], dtype=np.int64)) * array.dtype.itemsize

    @classmethod
    def of(cls, array: np.ndarray) -> RowReader | None:
        """A reader for a memory-mapped array read from a file; None for an array in memory."""
        if isinstance(array, np.memmap) and array.filename and mapping_of(array) is not None and array.ndim == 2:
            return cls(array)
        return None

    def rows(self, rows: np.ndarray) -> np.ndarray:
        """The rows at ``rows`` (any order, repeats allowed), as one array in that order."""
        rows = np.asarray(rows, dtype=np.int64)
        if rows.size and (rows.min() < 0 or rows.max() >= self._shape[0]):
            raise IndexError(f"rows outside 0..{self._shape[0] - 1}")
        wanted, back = np.unique(rows, return_inverse=True)
        out = np.empty((wanted.size, *self._shape[1:]), dtype=self._dtype)
        if not wanted.size:
            return out
        buffer = memoryview(out).cast("B")
        # one read per run of consecutive rows: where it lands in ``out``, where it starts in the file
        firsts = np.concatenate([[0], np.flatnonzero(np.diff(wanted) != 1) + 1])
        ends = np.concatenate([firsts[1:], [wanted.size]]) * self._row_bytes
        positions = self._offset + wanted[firsts] * self._row_bytes
        descriptor = self._descriptor
        for begin, end, position in zip((firsts * self._row_bytes).tolist(), ends.tolist(), positions.tolist(), strict=True):
            target = buffer[begin:end]
            while len(target):  # a positional read may return fewer bytes than asked
                done = os.preadv(descriptor, [target], position)
                if done <= 0:
                    raise OSError(f"short read at byte {position} of a vectors file")
                target, position = target[done:], position + done
        if wanted.size == rows.size and np.array_equal(wanted, rows):
            return out  # already in file order, each row once: no reordered copy
        return out[back.reshape(-1)]


class FilePages:
    """This process's maps of one file that C code made (FAISS maps the library's on-disk inverted
    lists itself, out of numpy's reach), found by the file's device and inode in /proc/self/maps.

    Reading /proc/self/maps costs about 6 ms in a process that has loaded PyTorch, so the maps found
    are kept and each is checked before it is let go: /proc/self/map_files/START-END exists only
    while that very range is mapped, and names the file mapped there (its link's mode, the map's
    permissions). A map gone or moved sends the search back to /proc/self/maps; no address is let
    go unless it still maps this file, read-only."""

    def __init__(self, path: os.PathLike | str) -> None:
        status = os.stat(path)
        self._device, self._inode = status.st_dev, status.st_ino
        self._madvise = _libc_madvise()
        self._known: list[tuple[int, int]] = []

    def maps(self) -> list[tuple[int, int]]:
        """(start, end) addresses of the file's read-only maps in this process."""
        found = []
        try:
            lines = Path("/proc/self/maps").read_text().splitlines()
        except OSError:  # not Linux
            return found
        for line in lines:
            fields = line.split(maxsplit=5)
            if len(fields) < 5 or int(fields[4]) != self._inode or "w" in fields[1]:
                continue  # a writable map is never let go: its pages may hold changes
            major, minor = (int(part, 16) for part in fields[3].split(":"))
            if os.makedev(major, minor) == self._device:
                start, end = (int(part, 16) for part in fields[0].split("-"))
                found.append((start, end))
        return found

    def release(self) -> None:
        """Unmap the resident pages of the file's read-only maps (they stay in the page cache)."""
        if self._madvise is None:
            return
        if not self._known or not all(self._still_mapped(start, end) for start, end in self._known):
            self._known = self.maps()
        for start, end in self._known:
            self._madvise(ctypes.c_void_p(start), ctypes.c_size_t(end - start), mmap.MADV_DONTNEED)

    def _still_mapped(self, start: int, end: int) -> bool:
        """Whether [start, end) is still one read-only map of this file."""
        link = f"/proc/self/map_files/{start:x}-{end:x}"
        try:
            mapped, target = os.lstat(link), os.stat(link)
        except OSError:  # no such map now (or map_files is not readable here: /proc/self/maps is read)
            return False
        return (target.st_ino, target.st_dev) == (self._inode, self._device) and not mapped.st_mode & 0o200


def _libc_madvise():
    try:
        madvise = ctypes.CDLL(None, use_errno=True).madvise
    except (OSError, AttributeError):
        return None
    madvise.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int]
    madvise.restype = ctypes.c_int
    return madvise
