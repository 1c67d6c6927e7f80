"""One IVF-PQ index for a whole sharded library: one coarse quantizer, trained once, and every shard's
inverted lists merged on disk, so that a query probes its lists once over the whole library.

A sharded library keeps these files in a folder of its own, ``ivf-NNNNNN/``, which its manifest names
(``Manifest.ivf``) and stamps, as a one-folder index names its generation:

- ``trained.faiss``: the empty IVF-PQ index (coarse centroids and product quantisers), trained on a
  seeded sample of the vectors of all the shards it serves;
- ``lists-NNNNN.faiss``: one shard's vectors added to that index (FAISS encodes them on every core), with ids ``shard number << 32 | row``,
  so that an id names its shard and its row without a table of offsets (written once per shard and
  carried to the next folder by a hard link, as the shard's files never change);
- ``merged.faiss`` and ``merged.ivfdata``: every shard's lists merged into FAISS's
  ``OnDiskInvertedLists`` (``faiss.contrib.ondisk.merge_ondisk``): the index a query searches, its
  lists memory-mapped.

A change of shards (an addition, an update, a compaction) writes a new folder beside the one in use,
then the library's manifest switches to it; the folder no manifest names is removed afterwards, as
generations are. The quantizer is not trained again when shards are added: new shards add their
vectors to the one already trained.
"""

from __future__ import annotations

import os
import re
import shutil
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import faiss
import numpy as np
from faiss.contrib.ondisk import merge_ondisk

from retrieval import faults, ivfpq, paging
from retrieval.stored import sync_path

IVF_FOLDER = re.compile(r"ivf-(\d{6,})")
TRAINED = "trained.faiss"
MERGED = "merged.faiss"
MERGED_DATA = "merged.ivfdata"
ROW_BITS = 32
ROW_MASK = (1 << ROW_BITS) - 1
# Lists of one coarse quantizer over the whole library: the same rule of thumb as a shard's
# (``ivfpq.IVF_LISTS_PER_ROOT`` per square root of the vectors). Probes and re-ranking depth: chosen by
# ``bench/scale.py check --grid`` on the 60,001 real passages (300 real questions, dense Recall@100
# against exact search; REFINE:PROBES): 4:128 0.932, 4:256 0.955, 4:384 0.961, 8:256 0.977, and 1:256
# (the IVF-PQ order as it is) 0.696: re-ranking by the exact vectors pays, and a deeper re-ranking
# gains more than more probes, for less time (8.6 against 9.8 ms per query). The library's lists
# are probed once, so the probe count is the whole search's, not one shard's.
#
# At 10^6 passages (4,000 lists) 8:256 fell to 0.903, so the rule became a share of the lists and a
# deeper re-ranking, chosen on tuning questions that the check never asks (``bench/scale.py check
# --query-set tune``: 300 other SciFact claims, PubMedQA and HBP questions) at 10^6 passages: 8:256
# 0.909, 16:256 0.922, 16:512 0.946, 16:768 0.957, 16:1024 0.962, 24:768 0.963, 32:512 0.952,
# 32:1024 0.972 (docs/decisions.md has the whole grid and times). The cheapest setting with 0.01 to
# spare over the 0.95 target (for another set of questions) is 16:1024, a quarter of the lists; a
# library of up to 1,024 lists keeps its 256 probes.
LIBRARY_MIN_PROBES = 256
LIBRARY_PROBE_SHARE = 1 / 4
# The IVF-PQ search returns this many times the candidates asked for, re-ranked by exact cosine.
LIBRARY_REFINE = 16
# Lists searched in one go, their mapped pages let go before the next batch: FAISS maps the lists
# itself, and the kernel maps whole page-cache folios, so one search of 1,000 lists held most of the
# 56 MB lists file at 10^6 passages at once. Batches of 128 lists cost 23 ms CPU a search against
# 15 ms for one call (k = 4,800 kept in each batch): 256 is the compromise.
LIBRARY_PROBE_BATCH = 256


def lists_file(shard: str) -> str:
    return f"lists-{shard}.faiss"


def shard_ids(shard: str, rows: int) -> np.ndarray:
    """The ids a shard's rows carry in the library's lists."""
    return (np.int64(int(shard)) << ROW_BITS) | np.arange(rows, dtype=np.int64)


def split_ids(ids: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(shard number, row) of each id."""
    ids = np.asarray(ids, dtype=np.int64)
    return ids >> ROW_BITS, ids & ROW_MASK


def train_quantizer(shard_vectors: list[np.ndarray]) -> faiss.Index:
    """An empty IVF-PQ index trained on a seeded sample of all the shards' vectors (memory-mapped
    arrays are read only at the sampled rows)."""
    counts = np.array([len(v) for v in shard_vectors], dtype=np.int64)
    total = int(counts.sum())
    picked = np.sort(np.random.default_rng(ivfpq.IVF_SEED).permutation(total)[:ivfpq.IVF_TRAINING_SAMPLE])
    starts = np.concatenate([[0], np.cumsum(counts)])
    sample = np.vstack([np.asarray(vectors[picked[(picked >= start) & (picked < start + len(vectors))] - start])
                        for vectors, start in zip(shard_vectors, starts[:-1], strict=True)])
    return ivfpq.make_trained_ivfpq(np.ascontiguousarray(sample, dtype=np.float32), total)


def shard_lists(trained: faiss.Index, shard: str, vectors: np.ndarray) -> faiss.Index:
    """``trained`` with one shard's vectors added under their library ids."""
    index = faiss.clone_index(trained)
    ids = shard_ids(shard, len(vectors))
    for start in range(0, len(vectors), 65_536):  # a block at a time: the vectors may be memory-mapped
        block = np.ascontiguousarray(vectors[start:start + 65_536], dtype=np.float32)
        index.add_with_ids(block, ids[start:start + len(block)])
    return index


def write_library_ivf(index_dir: Path, shards: list[tuple[str, np.ndarray]], previous: str = "") -> str:
    """Write a new ``ivf-NNNNNN`` folder in ``index_dir`` for ``shards`` (name, vectors) and return
    its name: the quantizer of ``previous`` (trained now when there is none), the lists ``previous``
    already holds (hard-linked), the other shards' lists added now (in parallel), all merged on disk.
    Nothing is switched: the caller's manifest names the folder."""
    index_dir = Path(index_dir)
    folder = index_dir / next_ivf_folder(index_dir)
    folder.mkdir()
    old = index_dir / previous if previous else None
    if old is not None and (old / TRAINED).is_file():
        _link_or_copy(old / TRAINED, folder / TRAINED)
        trained = faiss.read_index(str(folder / TRAINED))
    else:
        trained = train_quantizer([vectors for _, vectors in shards])
        faiss.write_index(trained, str(folder / TRAINED))
    faults.step("library quantizer ready")
    missing = []
    for name, vectors in shards:
        if old is not None and (old / lists_file(name)).is_file():
            _link_or_copy(old / lists_file(name), folder / lists_file(name))
        else:
            missing.append((name, vectors))

    # One shard after another, each add parallel inside FAISS (OpenMP encodes the vectors on every
    # core). Adding from two Python threads at once was tried and dropped: the tests then stalled in
    # FAISS's next training (not investigated further).
    for name, vectors in missing:
        faiss.write_index(shard_lists(trained, name, vectors), str(folder / lists_file(name)))
    faults.step("shard lists written")
    merged = faiss.read_index(str(folder / TRAINED))
    with _stdout_silenced():  # FAISS prints each resize of the lists file
        merge_ondisk(merged, [str(folder / lists_file(name)) for name, _ in shards], str(folder / MERGED_DATA))
    faiss.write_index(merged, str(folder / MERGED))
    for file in folder.iterdir():
        sync_path(file)
    sync_path(folder)
    faults.step("library lists merged")
    return folder.name


def read_library_ivf(index_dir: Path, name: str) -> faiss.Index:
    """The merged index of folder ``name``; its lists stay on disk, memory-mapped (the ``.ivfdata``
    file is looked for beside the index file, wherever the library folder now is)."""
    # READ_ONLY: the lists file is mapped read-only (a shared, read-only library opens too). Not
    # IO_FLAG_MMAP: with on-disk lists it makes FAISS 1.15 crash when searching.
    with _stdout_silenced():  # FAISS prints the lists file's new path to stdout, which callers may parse
        index = faiss.read_index(str(Path(index_dir) / name / MERGED), faiss.IO_FLAG_READ_ONLY | faiss.IO_FLAG_ONDISK_SAME_DIR)
    ivf = faiss.extract_index_ivf(index)
    ivf.nprobe = library_probes(ivf.nlist)
    return index


def library_probes(lists: int) -> int:
    """Lists a query probes in a library index of ``lists`` lists: a quarter of them, 256 at least."""
    return min(lists, max(LIBRARY_MIN_PROBES, int(lists * LIBRARY_PROBE_SHARE)))


def search_lists(index: faiss.Index, vector: np.ndarray, count: int, pages: paging.FilePages | None) -> np.ndarray:
    """The ids of the ``count`` passages the IVF-PQ ``index`` ranks highest for ``vector`` (as
    ``index.search`` gives them), its probed lists searched ``LIBRARY_PROBE_BATCH`` at a time with the
    lists' pages let go after each batch; the batches' best are merged by score."""
    ivf = faiss.extract_index_ivf(index)
    query = np.ascontiguousarray(vector[None, :], dtype=np.float32)
    centroid_scores, lists = ivf.quantizer.search(query, ivf.nprobe)
    scores, ids = [], []
    for start in range(0, lists.shape[1], LIBRARY_PROBE_BATCH):
        batch_lists = np.ascontiguousarray(lists[:, start:start + LIBRARY_PROBE_BATCH])
        batch_scores = np.ascontiguousarray(centroid_scores[:, start:start + LIBRARY_PROBE_BATCH])
        found_scores = np.empty((1, count), dtype=np.float32)
        found_ids = np.empty((1, count), dtype=np.int64)
        # the C++ call: FAISS's Python wrapper insists on the index's own probe count, not the batch's
        ivf.search_preassigned_c(1, faiss.swig_ptr(query), count, faiss.swig_ptr(batch_lists),
                                 faiss.swig_ptr(batch_scores), faiss.swig_ptr(found_scores),
                                 faiss.swig_ptr(found_ids), False, faiss.SearchParametersIVF(nprobe=batch_lists.shape[1]))
        if pages is not None:
            pages.release()
        scores.append(found_scores[0])
        ids.append(found_ids[0])
    scores, ids = np.concatenate(scores), np.concatenate(ids)
    kept = ids >= 0
    scores, ids = scores[kept], ids[kept]
    return ids[np.argsort(-scores, kind="stable")[:count]]


def lists_pages(index_dir: Path, name: str) -> paging.FilePages:
    """The maps of folder ``name``'s on-disk lists, which FAISS makes itself, to let go of their pages."""
    return paging.FilePages(Path(index_dir) / name / MERGED_DATA)


@contextmanager
def _stdout_silenced() -> Iterator[None]:
    """File descriptor 1 sent to /dev/null meanwhile (what C code prints with printf goes there)."""
    sys.stdout.flush()
    saved = os.dup(1)
    try:
        with open(os.devnull, "wb") as null:
            os.dup2(null.fileno(), 1)
        yield
    finally:
        os.dup2(saved, 1)
        os.close(saved)


def next_ivf_folder(index_dir: Path) -> str:
    numbers = [int(match.group(1)) for entry in Path(index_dir).iterdir() if (match := IVF_FOLDER.fullmatch(entry.name))]
    return f"ivf-{max(numbers, default=0) + 1:06d}"


def remove_stale_ivf(index_dir: Path, keep: str) -> None:
    """After a switch: the ivf folders the manifest no longer names."""
    for entry in sorted(Path(index_dir).iterdir()):
        if entry.name != keep and IVF_FOLDER.fullmatch(entry.name):
            shutil.rmtree(entry, ignore_errors=True)
            faults.step(f"removed {entry.name}")


def _link_or_copy(source: Path, target: Path) -> None:
    try:
        os.link(source, target)
    except OSError:  # a file system without hard links
        shutil.copyfile(source, target)
