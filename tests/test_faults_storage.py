"""Workspace database faults: several programs opening a fresh database at once, an empty SQLite
file, and a workspace save killed at every step."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from engine.model.graph import Graph
from engine.workspace.storage import WorkspaceError, WorkspaceStore

ROOT = Path(__file__).resolve().parent.parent
OPENERS = 8

# Each process waits for the same moment, then opens the store (creating the tables) and saves.
_OPEN_AT_ONCE = """
import sys, time
from engine.model.graph import Graph
from engine.workspace.storage import WorkspaceStore
url, start, worker = sys.argv[1], float(sys.argv[2]), sys.argv[3]
time.sleep(max(0.0, start - time.time()))
store = WorkspaceStore(url)
store.save(f"w{worker}", Graph(question=f"worker {worker}"))
store.close()
"""


def _open_at_once(url: str) -> list[subprocess.CompletedProcess]:
    start = time.time() + 6.0  # every process has imported by then, even on a busy machine
    processes = [subprocess.Popen([sys.executable, "-c", _OPEN_AT_ONCE, url, str(start), str(worker)], cwd=ROOT,
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
                 for worker in range(OPENERS)]
    return [subprocess.CompletedProcess(p.args, p.wait(timeout=300), *p.communicate()) for p in processes]


def _assert_all_opened(url: str) -> None:
    results = _open_at_once(url)
    failures = [r.stderr.strip().splitlines()[-1] for r in results if r.returncode != 0]
    assert failures == []
    store = WorkspaceStore(url)
    assert sorted(info.name for info in store.list()) == sorted(f"w{n}" for n in range(OPENERS))
    store.close()


def test_concurrent_first_opens_of_a_fresh_postgresql_database(postgres_server) -> None:
    _assert_all_opened(postgres_server.new_database())


def test_concurrent_first_opens_of_a_fresh_sqlite_database(tmp_path: Path) -> None:
    _assert_all_opened(f"sqlite:///{tmp_path / 'fresh.db'}")


def test_an_empty_sqlite_file_is_said_not_opened_as_an_empty_store(tmp_path: Path) -> None:
    path = tmp_path / "workspaces.db"
    path.write_bytes(b"")
    with pytest.raises(WorkspaceError) as raised:
        WorkspaceStore(f"sqlite:///{path}")
    message = str(raised.value)
    assert str(path) in message and "empty file" in message and "backup" in message
    assert path.stat().st_size == 0  # left as it was, for whoever restores it


_SAVE_FOREVER = """
import sys
from engine.model.graph import Graph
from engine.workspace.storage import WorkspaceStore
store = WorkspaceStore(sys.argv[1])
step = 0
while True:
    step += 1
    store.save("shared", Graph(question=f"step {step}"))
    print(step, flush=True)
"""


def kill_saves(url: str, rounds: int = 4) -> tuple[int, int]:
    """SIGKILL a process that saves versions in a loop, at a different moment each round; after
    each kill every version it reported saved must be there and load. (Versions reported, found.)"""
    reported = 0
    for round_ in range(rounds):
        process = subprocess.Popen([sys.executable, "-c", _SAVE_FOREVER, url], cwd=ROOT,
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        lines = 0
        while lines < 3 + round_ * 2:  # a few saves in, then killed wherever it is
            if not process.stdout.readline():
                raise AssertionError(process.stderr.read())
            lines += 1
        os.kill(process.pid, signal.SIGKILL)
        process.wait(timeout=60)
        reported += lines
        store = WorkspaceStore(url)
        versions = store.versions("shared")
        assert len(versions) >= reported, (len(versions), reported)
        assert all(store.load_version("shared", v.version).question.startswith("step") for v in versions)
        store.close()
    return reported, len(versions)


def test_a_workspace_save_killed_mid_write_loses_no_saved_version(tmp_path: Path) -> None:
    """Every version a killed saver reported is there and loads, and the store takes new saves."""
    url = f"sqlite:///{tmp_path / 'workspaces.db'}"
    reported, found = kill_saves(url)
    assert found >= reported > 0
    store = WorkspaceStore(url)
    store.save("shared", Graph(question="after"))
    assert store.load("shared").question == "after"
    store.close()
