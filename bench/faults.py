"""Faults tried on copies of small libraries, one table: each fault, how often, held or failed, and
the message seen (issue 45). Every row must hold; the exit status is 1 when one does not.

    .venv/bin/python bench/faults.py [--skip-kills] [--postgres]

Kills are real: ``python -m retrieval add`` (through ``tests/fault_driver.py``, a stand-in embedder so
that a run costs a fraction of a second) SIGKILLs itself at every step of its save, on a fresh copy
each time; the library must then open with the old documents or the new ones, whole, pass
``verify_index``, and take the addition on a rerun. ``--postgres`` also opens a fresh PostgreSQL
database from several processes at once (a server of our own, as the tests start one).
"""

from __future__ import annotations

import argparse
import json
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

import numpy as np  # noqa: E402

import test_faults_index as index_faults  # noqa: E402
from fault_driver import MODEL, READER_VERSION, HashEmbedder  # noqa: E402
from retrieval.index import IndexNotFound, PaperIndex, verify_index  # noqa: E402


@dataclass
class Row:
    fault: str
    count: int
    held: bool
    message: str


def _short(message: str, limit: int = 150) -> str:
    message = " ".join(message.split())
    return message if len(message) <= limit else message[: limit - 1] + "…"


def kills_during_save(work: Path, layout: str) -> Row:
    base = _bases(work)
    steps = [s for s in index_faults._save_steps(base, layout) if not s.startswith("claims")]
    old, new = {d.id for d in index_faults.LIBRARY}, {d.id for d in index_faults.LIBRARY + index_faults.NEW}
    folders = {n: work / f"{layout}-kill-{n}" for n in range(1, len(steps) + 1)}
    for folder in folders.values():
        shutil.copytree(base[layout], folder)
    running = {n: index_faults._start_add(folder, base["input"], kill_at=n) for n, folder in folders.items()}
    held, seen = 0, {"old": 0, "new": 0}
    for n, folder in folders.items():
        done = index_faults._finish(running[n])
        try:
            index = PaperIndex.open(folder, MODEL, embedder=HashEmbedder())
            ids = {d.id for d in index.documents()}
            sound = done.returncode == -signal.SIGKILL and ids in (old, new) and verify_index(folder)[0] == []
            index.add_documents(index_faults.NEW)
            sound = sound and {d.id for d in PaperIndex.open(folder, MODEL, embedder=HashEmbedder()).documents()} == new
        except IndexNotFound:
            sound, ids = False, set()
        held += sound
        seen["new" if ids == new else "old"] += 1
    what = "legacy layout (files beside the manifest)" if layout == "legacy" else "generation layout"
    return Row(f"SIGKILL at each step of `retrieval add`'s save, {what}", len(steps), held == len(steps),
               f"opened whole every time: {seen['old']} old index, {seen['new']} new; rerun completed")


def kill_during_claim_reading(work: Path) -> Row:
    from engine.reading.parse import store
    from engine.reading.parse.store import ClaimStore, in_order

    store.reader_version = lambda: READER_VERSION  # as the driver pins it

    base = _bases(work)
    steps = index_faults._save_steps(base, "generation")
    first = steps.index("claims step appended") + 1
    folder = work / "claims-kill"
    shutil.copytree(base["generation"], folder)
    killed = index_faults._run_add(folder, base["input"], kill_at=first + 1)
    sentences = [pair for d in index_faults.LIBRARY + index_faults.NEW for pair in in_order(d.sentences)]
    left = len(ClaimStore(folder).missing(sentences))
    rerun = index_faults._run_add(folder, base["input"])
    held = killed.returncode == -signal.SIGKILL and rerun.returncode == 0 and not ClaimStore(folder).missing(sentences)
    return Row("SIGKILL during claim reading, then `retrieval add` of the same file", 1, held,
               f"{left} of {len(sentences)} sentences left unread; the re-add said: {_said(rerun.stderr, f'reading {left} ')}")


def damage(work: Path) -> list[Row]:
    rows = []
    for kind, (spoil, name) in sorted(index_faults.DAMAGE.items()):
        folder = work / f"damage-{kind.replace(' ', '-')}"
        index_faults._save_library(folder, index_faults.LIBRARY)
        spoil(folder)
        message = _open_message(folder)
        problems, _ = verify_index(folder)
        held = message is not None and name in message and len(problems) == 1
        rows.append(Row(f"damaged index: {kind}", 1, held, message or "opened and searched without a word"))
    folder = work / "damage-same-size"
    index_faults._save_library(folder, index_faults.LIBRARY)
    index_faults._garble_vocabulary_same_size(folder)
    problems, _ = verify_index(folder)
    rows.append(Row("damaged index: lexical data garbled, same size (`retrieval check`)", 1,
                    len(problems) == 1 and "SHA-256" in problems[0], problems[0] if problems else "not found"))
    return rows


def _open_message(folder: Path) -> str | None:
    try:
        PaperIndex.open(folder, MODEL, embedder=HashEmbedder())
    except IndexNotFound as error:
        return str(error)
    return None


def garbled_claim_header(work: Path) -> Row:
    from engine.reading.parse.store import STORE_FILE, ClaimStore, ClaimStoreDamaged, read_library

    folder = work / "claims-header"
    folder.mkdir()
    read_library(folder, [["Melatonin suppresses cortical gliosis."]], say=lambda m: None)
    path = folder / STORE_FILE
    path.write_bytes(b"{\"reader_vers\xff\n" + path.read_bytes().split(b"\n", 1)[1])
    before = path.read_bytes()
    try:
        ClaimStore(folder)
        message, held = "loaded without a word", False
    except ClaimStoreDamaged as error:
        message, held = str(error), path.read_bytes() == before
    return Row("garbled claim-store header", 1, held, message)


def large_records(work: Path) -> list[Row]:
    from retrieval.ingest import ingest_paths

    sentence = "Cortisol raises blood pressure in rats (Smith et al., 2003), e.g. in the cortex. "
    rows = []
    for size, expect_refused in ((5_000_000, True), (290_000, False)):
        path = work / f"record-{size}.jsonl"
        path.write_text(json.dumps({"_id": "big", "title": "Big", "text": sentence * (size // len(sentence))}) + "\n")
        started, cpu = time.perf_counter(), time.process_time()
        report = ingest_paths([path])
        seconds, cpu = time.perf_counter() - started, time.process_time() - cpu
        if expect_refused:
            held = not report.documents and len(report.problems) == 1 and seconds < 1.0
            message = f"refused in {seconds:.2f} s: {report.problems[0].reason if report.problems else 'not refused'}"
            rows.append(Row("a 5 MB JSONL record", 1, held, message))
        else:
            # CPU time: on a shared machine the wall clock measures the other programs too
            held = len(report.documents) == 1 and cpu < 10.0
            count = len(report.documents[0].sentences) if report.documents else 0
            rows.append(Row(f"a {size // 1000} KB JSONL record (under the limit)", 1, held,
                            f"ingested in {cpu:.1f} s of CPU ({seconds:.1f} s wall): {count:,} sentences"))
    return rows


def bad_text_files(work: Path) -> list[Row]:
    from retrieval.ingest import ingest_paths

    folder = work / "texts"
    folder.mkdir()
    (folder / "latin1.txt").write_bytes("Caféine et adénosine\n\nLa caféine bloque les récepteurs.".encode("latin-1"))
    (folder / ".hidden.txt").write_text("Salt raises blood pressure.")
    report = ingest_paths([folder])
    warning = next((w for w in report.warnings if "latin1.txt" in w.path), None)
    hidden = next((p for p in report.problems if ".hidden.txt" in p.path), None)
    return [Row("invalid UTF-8 text file", 1, warning is not None, str(warning) if warning else "no message"),
            Row("a file whose name starts with a dot", 1, hidden is not None, str(hidden) if hidden else "skipped silently")]


def concurrent_first_opens(url: str, what: str) -> Row:
    import test_faults_storage as storage_faults

    results = storage_faults._open_at_once(url)
    failures = [r.stderr.strip().splitlines()[-1] for r in results if r.returncode != 0]
    return Row(f"{storage_faults.OPENERS} processes opening a fresh {what} database at once", storage_faults.OPENERS,
               not failures, failures[0] if failures else "every process opened it and saved")


def killed_workspace_saves(work: Path) -> Row:
    import test_faults_storage as storage_faults

    try:
        reported, found = storage_faults.kill_saves(f"sqlite:///{work / 'killed.db'}")
    except AssertionError as error:
        return Row("SIGKILL of a process saving workspace versions", 4, False, str(error))
    return Row("SIGKILL of a process saving workspace versions", 4, True,
               f"{reported} versions reported saved before the kills, {found} found, every one loads")


def empty_sqlite_file(work: Path) -> Row:
    from engine.workspace.storage import WorkspaceError, WorkspaceStore

    path = work / "empty.db"
    path.write_bytes(b"")
    try:
        WorkspaceStore(f"sqlite:///{path}").close()
        return Row("a 0-byte SQLite workspace file", 1, False, "opened as an empty store")
    except WorkspaceError as error:
        return Row("a 0-byte SQLite workspace file", 1, True, str(error))


def csv_inf_and_nan() -> Row:
    from engine.discovery.defaults import default_configuration, profile_table
    from engine.discovery.tables import read_table

    rng = np.random.default_rng(0)
    rows = [["a", "b", "c"]] + [[f"{v:.4f}" for v in rng.normal(size=3)] for _ in range(60)]
    for line, value in ((2, "inf"), (9, "-inf"), (14, "NaN")):
        rows[line][1] = value
    table = read_table("\n".join(",".join(row) for row in rows).encode())
    profile_table(table)
    default_configuration(profile_table(table))
    note = next((n for n in table.notes if "infinite" in n), "no note")
    return Row("a CSV column mixing inf and NaN", 1, np.isfinite(table.matrix()).all() and note != "no note", note)


def hostile_graph_files(work: Path) -> list[Row]:
    import test_faults_inputs as input_faults

    deep = work / "deep.json"
    deep.write_text("[" * 200_000 + "]" * 200_000)
    done = input_faults._label(deep)
    deep_row = Row("a graph file nested 200,000 deep (`engine label`)", 1,
                   done.returncode != 0 and "Traceback" not in done.stderr and "nested too deeply" in done.stderr,
                   done.stderr.strip().splitlines()[-1] if done.stderr.strip() else "no message")
    data = input_faults._graph()
    data["colour"] = "blue"
    data["nodes"][0]["size"] = 3
    unknown = work / "unknown.json"
    unknown.write_text(json.dumps(data))
    done = input_faults._label(unknown)
    warning = next((line for line in done.stderr.splitlines() if line.startswith("warning:")), "")
    return [deep_row, Row("unknown fields in a graph file", 1, done.returncode == 0 and "colour" in warning,
                          warning or "dropped without a word")]


def _said(text: str, start: str) -> str:
    found = text.find(start)  # progress bars share its line (they redraw with carriage returns)
    return text[found:].splitlines()[0] if found >= 0 else "nothing said"


_BASES: dict[Path, dict[str, Path]] = {}


def _bases(work: Path) -> dict[str, Path]:
    """The small libraries every kill starts from (made once)."""
    if work not in _BASES:
        root = work / "bases"
        root.mkdir()
        new_input = root / "new.jsonl"
        new_input.write_text("".join(json.dumps({"id": d.id, "title": d.title, "sentences": d.sentences}) + "\n"
                                     for d in index_faults.NEW))
        index_faults._save_library(root / "generation", index_faults.LIBRARY)
        index_faults._save_library(root / "legacy", index_faults.LIBRARY)
        index_faults._legacy(root / "legacy")
        _BASES[work] = {"generation": root / "generation", "legacy": root / "legacy", "input": new_input, "root": root}
    return _BASES[work]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--skip-kills", action="store_true", help="leave out the SIGKILL rows (minutes)")
    parser.add_argument("--postgres", action="store_true", help="also a fresh PostgreSQL database")
    args = parser.parse_args(argv)
    rows: list[Row] = []
    with tempfile.TemporaryDirectory(prefix="causeway-faults-") as temporary:
        work = Path(temporary)
        tries: list[Callable[[], Row | list[Row]]] = []
        if not args.skip_kills:
            tries += [lambda: kills_during_save(work, "generation"), lambda: kills_during_save(work, "legacy"),
                      lambda: kill_during_claim_reading(work)]
        tries += [lambda: damage(work), lambda: garbled_claim_header(work), lambda: large_records(work),
                  lambda: bad_text_files(work), lambda: concurrent_first_opens(f"sqlite:///{work / 'fresh.db'}", "SQLite"),
                  lambda: killed_workspace_saves(work), lambda: empty_sqlite_file(work), csv_inf_and_nan, lambda: hostile_graph_files(work)]
        server = None
        if args.postgres:
            from postgres_server import PostgresUnavailable, start_server

            try:
                server = start_server()
                tries.append(lambda: concurrent_first_opens(server.new_database(), "PostgreSQL"))
            except PostgresUnavailable as error:
                print(f"no PostgreSQL row: {error}", file=sys.stderr)
        for attempt in tries:
            found = attempt()
            rows += found if isinstance(found, list) else [found]
        if server is not None:
            server.stop()
    print("| fault | count | result | message seen |")
    print("|---|---:|---|---|")
    for row in rows:
        print(f"| {row.fault} | {row.count} | {'held' if row.held else 'FAILED'} | {_short(row.message).replace('|', '/')} |")
    return 0 if all(row.held for row in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
