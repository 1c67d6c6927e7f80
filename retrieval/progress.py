"""A tqdm progress bar behind the index's ``(done, total)`` progress callback, for the command line."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager

from tqdm import tqdm

from retrieval.embeddings import ProgressCallback


@contextmanager
def terminal_progress(description: str, unit: str = "sentence") -> Iterator[ProgressCallback]:
    bar = tqdm(desc=description, unit=unit, file=sys.stderr, dynamic_ncols=True)

    def update(done: int, total: int) -> None:
        bar.total = total
        bar.n = done
        bar.refresh()

    try:
        yield update
    finally:
        bar.close()
