"""The discovery worker process: ``python -m engine.discovery.worker`` reads one pickled ``WorkerJob`` on
stdin and writes length-prefixed pickled messages on stdout: ("main", RawGraph), then one
("resample", RawGraph) per bootstrap resample, then ("done", None); or ("error", message).

Only the parent in ``engine.discovery.run`` talks to it, over its own pipes, so the pickles are trusted.
"""

from __future__ import annotations

import pickle
import queue
import struct
import sys
from dataclasses import dataclass
from typing import BinaryIO

import numpy as np

from engine.discovery.algorithms import AlgorithmOptions, run_algorithm
from engine.discovery.knowledge import Knowledge

_HEADER = struct.Struct(">Q")


@dataclass
class WorkerJob:
    data: np.ndarray
    columns: list[str]
    options: AlgorithmOptions
    background: Knowledge | None
    bootstrap: int


def write_message(stream: BinaryIO, kind: str, payload: object) -> None:
    body = pickle.dumps((kind, payload))
    stream.write(_HEADER.pack(len(body)) + body)
    stream.flush()


def read_messages(stream: BinaryIO, messages: queue.Queue) -> None:
    """Parent side: put each message on ``messages``; ("eof", None) when the worker's output ends."""
    while True:
        header = stream.read(_HEADER.size)
        if len(header) < _HEADER.size:
            messages.put(("eof", None))
            return
        (size,) = _HEADER.unpack(header)
        messages.put(pickle.loads(stream.read(size)))


def run_job(job: WorkerJob, out: BinaryIO) -> None:
    try:
        write_message(out, "main", run_algorithm(job.data, job.columns, job.options, job.background))
        rng = np.random.default_rng(job.options.seed)
        for _ in range(job.bootstrap):
            rows = rng.integers(0, job.data.shape[0], job.data.shape[0])
            options = job.options.model_copy(update={"seed": int(rng.integers(0, 2**31))})
            write_message(out, "resample", run_algorithm(job.data[rows], job.columns, options, job.background))
        write_message(out, "done", None)
    except Exception as exc:  # noqa: BLE001 - every algorithm failure goes back to the parent as a message
        write_message(out, "error", f"{type(exc).__name__}: {exc}")


def main() -> None:
    out = sys.stdout.buffer
    # Libraries print to stdout; keep the message channel clean by sending their text to stderr.
    sys.stdout = sys.stderr
    job = pickle.loads(sys.stdin.buffer.read())
    run_job(job, out)


if __name__ == "__main__":
    main()
