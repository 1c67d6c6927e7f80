"""The Ray Data build in local mode: a sharded index from a JSONL stream, killed after its first shard
(by an exception in the process, and by a real SIGKILL of the command and its Ray processes) and
resumed, answers queries exactly as an uninterrupted build."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import psutil
import pytest

from retrieval.embeddings import DEFAULT_MODEL
from retrieval.index import PaperIndex
from retrieval.ingest import IngestReport
from retrieval.ray_build import BUILD_STATE, BuildPlan, BuildProgress, build_with_ray

ray = pytest.importorskip("ray")

CELLS = ["astrocytes", "oligodendrocytes", "pericytes", "Purkinje cells", "microglia", "ependymal cells"]
FACTORS = ["interleukin-33", "netrin-1", "semaphorin-3A", "clusterin", "progranulin"]
QUERIES = ["netrin-1 guides pericytes", "what protects Purkinje cells", "clusterin in ependymal cells"]
ROOT = Path(__file__).resolve().parent.parent
PLAN = BuildPlan(shard_passages=30, ivf_min_passages=0, workers=1, batch_size=16)


def _write_corpus(path: Path) -> Path:
    """Thirty invented abstracts of three to four sentences, one broken line among them."""
    lines = []
    for number in range(30):
        cell, factor = CELLS[number % len(CELLS)], FACTORS[number % len(FACTORS)]
        sentences = [f"{factor.capitalize()} acts on {cell} in region {number}.",
                     f"Knockout mice lacking {factor} lost {10 + number} percent of their {cell}.",
                     f"Restoring {factor} rescued the {cell} within {number % 7 + 1} days."]
        if number % 2:
            sentences.append(f"The effect on {cell} required receptor R{number}.")
        lines.append(json.dumps({"id": f"R{number}", "title": f"{factor} and {cell} ({number})", "sentences": sentences}))
    lines.insert(12, "{broken")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


@pytest.fixture(scope="module", autouse=True)
def local_ray():
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, configure_logging=False)
    yield
    ray.shutdown()


class Killed(Exception):
    """Stands for the build's process being killed after its first shard."""


def _answers(index: PaperIndex) -> list[list[tuple[str, int, float]]]:
    return [[(p.doc_id, p.sentence_index, round(p.score, 5)) for p in index.search(q, k=8)] for q in QUERIES]


def test_a_killed_build_resumes_to_the_uninterrupted_index(tmp_path: Path) -> None:
    corpus = _write_corpus(tmp_path / "corpus.jsonl")
    seen: list[BuildProgress] = []
    report = IngestReport()
    whole = build_with_ray([corpus], tmp_path / "whole", DEFAULT_MODEL, PLAN, report, progress=seen.append)
    assert whole.shard_count == len(seen) >= 3
    assert whole.manifest.documents == 30 and seen[-1].documents == 30 and seen[-1].sentences == whole.manifest.passages
    assert [p.path for p in report.problems] == [f"{corpus} line 13"]
    assert not (tmp_path / "whole" / BUILD_STATE).exists()

    def kill_after_first_shard(progress: BuildProgress) -> None:
        if progress.shards == 1:
            raise Killed

    interrupted = tmp_path / "interrupted"
    with pytest.raises(Killed):
        build_with_ray([corpus], interrupted, DEFAULT_MODEL, PLAN, progress=kill_after_first_shard)
    assert json.loads((interrupted / BUILD_STATE).read_text())["shards"][0]["name"] == "00000"
    (interrupted / "shards" / "00001").mkdir()  # a shard it was writing when killed
    (interrupted / "shards" / "00001" / "vectors.npy").write_bytes(b"half")

    resumed_progress: list[BuildProgress] = []
    resumed = build_with_ray([corpus], interrupted, DEFAULT_MODEL, PLAN, progress=resumed_progress.append)
    assert resumed_progress[-1].resumed_shards == 1
    assert resumed_progress[-1].documents < 30  # the first shard was not embedded again
    assert resumed.shard_count == whole.shard_count
    assert _answers(resumed) == _answers(whole)
    assert {d.id for d in resumed.documents()} == {f"R{n}" for n in range(30)}


def _cli_build(corpus: Path, index_dir: Path) -> subprocess.Popen:
    command = [sys.executable, "-m", "retrieval", "build", "--sharded", "--input", str(corpus), "--index", str(index_dir),
               "--shard-passages", "60", "--workers", "1"]
    env = {**os.environ, "HF_HUB_OFFLINE": "1", "CAUSEWAY_EMBEDDING_MODEL": DEFAULT_MODEL}
    env.pop("RAY_ADDRESS", None)
    return subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            start_new_session=True)


def _kill_when_a_shard_is_done(process: subprocess.Popen, state: Path, timeout_s: float = 600) -> int:
    """SIGKILL the build and every process it started (Ray's included) once build.json records a
    finished shard; the number of shards it had finished."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline and process.poll() is None:
        try:
            finished = len(json.loads(state.read_text())["shards"])
        except (OSError, ValueError, KeyError):
            finished = 0
        if finished:
            tree = [psutil.Process(process.pid), *psutil.Process(process.pid).children(recursive=True)]
            for member in tree:
                with contextlib.suppress(psutil.Error):
                    member.send_signal(signal.SIGKILL)
            process.wait(timeout=60)
            return finished
        time.sleep(0.2)
    raise AssertionError("the build finished or stalled before its first shard")


@pytest.mark.timeout(1800)  # three builds, each starting Ray and loading the model per shard
def test_a_build_killed_by_sigkill_resumes_to_the_uninterrupted_index(tmp_path: Path) -> None:
    corpus = _write_corpus(tmp_path / "corpus.jsonl")
    whole = build_with_ray([corpus], tmp_path / "whole", DEFAULT_MODEL, BuildPlan(shard_passages=60, workers=1))
    interrupted = tmp_path / "interrupted"
    finished = _kill_when_a_shard_is_done(_cli_build(corpus, interrupted), interrupted / BUILD_STATE)
    assert process_killed_before_the_end(interrupted, finished, whole.shard_count)
    resumed = _cli_build(corpus, interrupted)
    assert resumed.wait(timeout=900) == 0
    reopened = PaperIndex.open(interrupted, DEFAULT_MODEL)
    assert reopened.shard_count == whole.shard_count
    assert [d.id for d in reopened.documents()] == [d.id for d in whole.documents()]
    assert _answers(reopened) == _answers(whole)


def process_killed_before_the_end(index_dir: Path, finished: int, shards: int) -> bool:
    """The kill left a build in progress: shards recorded, no manifest yet."""
    return 0 < finished < shards and not (index_dir / "manifest.json").exists()
