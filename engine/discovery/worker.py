"""The discovery worker: a separate Python process that runs causal-learn so a run can be stopped.

``DiscoveryWorker`` starts ``python -m engine.discovery.worker`` once and reuses it for later runs (the
causal-learn import alone takes seconds); a run past its deadline kills the process and the next run
starts a fresh one. A fresh interpreter rather than fork or multiprocessing's spawn keeps this safe
inside threaded hosts such as the Streamlit app and independent of how the caller was started.

Protocol: the parent writes length-prefixed pickled ``WorkerJob``s on the worker's stdin; for each, the
worker writes length-prefixed pickled messages on its stdout: ("main", RawGraph), one
("resample", RawGraph) per bootstrap resample, then ("done", None); or ("error", message). Only the
parent talks to the worker, over its own pipes, so the pickles are trusted.
"""

from __future__ import annotations

import os
import pickle
import queue
import struct
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import BinaryIO

import numpy as np

from engine.discovery.algorithms import AlgorithmOptions, run_algorithm
from engine.discovery.knowledge import Knowledge

_HEADER = struct.Struct(">Q")
_REPO_ROOT = Path(__file__).resolve().parents[2]
_POLL_S = 0.25


@dataclass
class WorkerJob:
    """One run: the main graph (``run_main``) and the subsample resamples numbered ``resamples``.

    Resample ``k`` draws ``subsample`` of the rows without replacement from a generator seeded with
    (seed, k), so the stability figures are the same however the resamples are shared among workers.
    """

    data: np.ndarray
    columns: list[str]
    options: AlgorithmOptions
    background: Knowledge | None
    resamples: list[int] = field(default_factory=list)
    subsample: float = 0.5
    run_main: bool = True
    condition: np.ndarray | None = None


def resample_rows(n_rows: int, seed: int, index: int, fraction: float) -> np.ndarray:
    """The rows of resample ``index``: a seeded subsample without replacement (duplicated rows would
    make independence tests overconfident, so no bootstrap with replacement)."""
    rng = np.random.default_rng([seed, index])
    size = max(2, min(n_rows, round(fraction * n_rows)))
    return np.sort(rng.choice(n_rows, size, replace=False))


def write_message(stream: BinaryIO, payload: object) -> None:
    body = pickle.dumps(payload)
    stream.write(_HEADER.pack(len(body)) + body)
    stream.flush()


def read_message(stream: BinaryIO) -> object | None:
    """The next message, or None when the stream has ended."""
    header = stream.read(_HEADER.size)
    if len(header) < _HEADER.size:
        return None
    (size,) = _HEADER.unpack(header)
    body = stream.read(size)
    return None if len(body) < size else pickle.loads(body)


class WorkerStopped(Exception):
    """The worker was killed at the deadline (``timed_out``) or ended by itself (``detail`` says why)."""

    def __init__(self, timed_out: bool, detail: str = ""):
        super().__init__(detail)
        self.timed_out = timed_out
        self.detail = detail


class DiscoveryWorker:
    """A reusable worker process. Use as a context manager, or call ``close()``."""

    def __init__(self) -> None:
        self._process: subprocess.Popen | None = None
        self._messages: queue.Queue = queue.Queue()

    def __enter__(self) -> DiscoveryWorker:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    def close(self) -> None:
        process, self._process = self._process, None
        if process is None:
            return
        if process.poll() is None:
            process.kill()
        process.wait(timeout=10)
        for stream in (process.stdin, process.stdout, process.stderr):
            if stream is not None:
                stream.close()

    def _start(self) -> subprocess.Popen:
        if self._process is not None and self._process.poll() is None:
            return self._process
        self.close()
        environment = dict(os.environ)
        environment["PYTHONPATH"] = os.pathsep.join(filter(None, [str(_REPO_ROOT), environment.get("PYTHONPATH")]))
        process = subprocess.Popen(
            [sys.executable, "-m", "engine.discovery.worker"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL, env=environment, cwd=str(_REPO_ROOT),
        )
        self._messages = queue.Queue()
        threading.Thread(target=_pump, args=(process.stdout, self._messages), daemon=True).start()
        self._process = process
        return process

    def run(self, job: WorkerJob, limit_s: float, on_message: Callable[[str, object], None],
            on_wait: Callable[[float], None] | None = None) -> None:
        """Send ``job`` and pass each message to ``on_message`` until "done" or "error" arrives.

        Raises ``WorkerStopped`` when ``limit_s`` passes first (the process is killed) or the worker ends.
        """
        process = self._start()
        started = time.monotonic()
        try:
            assert process.stdin is not None
            write_message(process.stdin, job)
        except (BrokenPipeError, OSError):
            self.close()
            raise WorkerStopped(False, "the worker process could not be reached") from None
        while True:
            elapsed = time.monotonic() - started
            if elapsed > limit_s:
                self.close()
                raise WorkerStopped(True)
            try:
                message = self._messages.get(timeout=_POLL_S)
            except queue.Empty:
                if on_wait:
                    on_wait(elapsed)
                continue
            if message is None:
                self.close()
                raise WorkerStopped(False, "the worker process ended (perhaps out of memory)")
            kind, payload = message  # type: ignore[misc]
            on_message(kind, payload)
            if kind in ("done", "error"):
                return


def _pump(stream: BinaryIO, messages: queue.Queue) -> None:
    while True:
        message = read_message(stream)
        messages.put(message)
        if message is None:
            return


def run_job(job: WorkerJob, out: BinaryIO) -> None:
    try:
        if job.run_main:
            write_message(out, ("main", run_algorithm(job.data, job.columns, job.options, job.background, job.condition)))
        for index in job.resamples:
            rows = resample_rows(job.data.shape[0], job.options.seed, index, job.subsample)
            options = job.options.model_copy(update={"seed": job.options.seed + 1 + index})
            condition = None if job.condition is None else job.condition[rows]
            graph = run_algorithm(job.data[rows], job.columns, options, job.background, condition)
            write_message(out, ("resample", graph))
        write_message(out, ("done", None))
    except Exception as exc:  # noqa: BLE001 - every algorithm failure goes back to the parent as a message
        write_message(out, ("error", f"{type(exc).__name__}: {exc}"))


def main() -> None:
    out, jobs = sys.stdout.buffer, sys.stdin.buffer
    # Libraries print to stdout; keep the message channel clean by sending their text to stderr.
    sys.stdout = sys.stderr
    while (job := read_message(jobs)) is not None:
        run_job(job, out)  # type: ignore[arg-type]


if __name__ == "__main__":
    main()
