"""Crash safety of the paper index and of claim reading, under real kills.

``python -m retrieval add`` runs in a real process (``tests/fault_driver.py``: the command itself,
with a stand-in embedder so that a run costs a fraction of a second) that SIGKILLs itself at the
Nth change it makes on disk (``CAUSEWAY_FAULT_KILL_AT``). For every N, on a fresh copy of a small
library: the library opens with every document it had (the old index or the new one, whole, its
checksums sound), and a rerun completes. Then damage: each kind of damaged file is reported in one
line naming the file and the way out, never searched in silence and never a traceback.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from fault_driver import MODEL, READER_VERSION, HashEmbedder
from retrieval import faults
from retrieval.documents import Document
from retrieval.index import (
    IndexDamaged,
    IndexNotFound,
    PaperIndex,
    _folder_lock,
    index_problem,
    read_manifest,
    stored_manifest,
    verify_index,
    write_manifest,
)
from retrieval.stored import index_file

DRIVER = Path(__file__).parent / "fault_driver.py"
ROOT = Path(__file__).resolve().parent.parent

LIBRARY = [
    Document(id=f"d{n}", title=f"Paper {n}", sentences=[f"Agent {n} raises marker {n}.", f"Marker {n} lowers tone {n}."])
    for n in range(4)
]
NEW = [Document(id=f"n{n}", title=f"New {n}", sentences=[f"Drug {n} blocks receptor {n}."]) for n in range(2)]


def _save_library(index_dir: Path, documents: list[Document]) -> PaperIndex:
    embedder = HashEmbedder()
    vectors = embedder.embed([s for d in documents for s in d.sentences])
    titles = embedder.embed([d.title for d in documents])
    index = PaperIndex.from_vectors(documents, vectors, titles, index_dir, embedder, "flat")
    with _folder_lock(index._prepared_folder()):
        index.save()
    return index


def _legacy(index_dir: Path) -> None:
    """Turn a saved index into the layout before generations: its files beside the manifest."""
    manifest = read_manifest(index_dir)
    for entry in (index_dir / manifest.generation).iterdir():
        entry.rename(index_dir / entry.name)
    (index_dir / manifest.generation).rmdir()
    (index_dir / "manifest.json").write_text(manifest.model_copy(update={"generation": "", "files": {}}).model_dump_json())


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    root = tmp_path_factory.mktemp("faults")
    new_input = root / "new.jsonl"
    new_input.write_text("".join(json.dumps({"id": d.id, "title": d.title, "sentences": d.sentences}) + "\n" for d in NEW))
    generation = root / "generation"
    _save_library(generation, LIBRARY)
    legacy = root / "legacy"
    _save_library(legacy, LIBRARY)
    _legacy(legacy)
    return {"generation": generation, "legacy": legacy, "input": new_input, "root": root}


def _start_add(index_dir: Path, new_input: Path, kill_at: int | None = None, log: Path | None = None) -> subprocess.Popen:
    env = {**os.environ, "HF_HUB_OFFLINE": "1", "PYTHONPATH": str(ROOT)}
    env.pop(faults.KILL_AT_ENV, None)
    if kill_at is not None:
        env[faults.KILL_AT_ENV] = str(kill_at)
    if log is not None:
        env[faults.LOG_ENV] = str(log)
    return subprocess.Popen([sys.executable, str(DRIVER), str(index_dir), str(new_input)], env=env, cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def _finish(process: subprocess.Popen) -> subprocess.CompletedProcess:
    stdout, stderr = process.communicate(timeout=600)
    return subprocess.CompletedProcess(process.args, process.returncode, stdout, stderr)


def _run_add(index_dir: Path, new_input: Path, kill_at: int | None = None, log: Path | None = None):
    return _finish(_start_add(index_dir, new_input, kill_at, log))


_STEPS: dict[tuple[Path, str], list[str]] = {}


def _save_steps(base: dict[str, Path], layout: str) -> list[str]:
    """The names of the steps of one whole add (index save, then claim reading), in order (counted
    once per library and layout)."""
    key = (base["root"], layout)
    if key not in _STEPS:
        index_dir = base["root"] / f"count-{layout}"
        shutil.copytree(base[layout], index_dir)
        log = base["root"] / f"steps-{layout}.log"
        done = _run_add(index_dir, base["input"], log=log)
        assert done.returncode == 0, done.stderr
        _STEPS[key] = [line.split("\t", 1)[1] for line in log.read_text().splitlines()]
    return _STEPS[key]


def _ids(index: PaperIndex) -> set[str]:
    return {d.id for d in index.documents()}


@pytest.mark.parametrize("layout", ["generation", "legacy"])
def test_a_kill_at_any_step_of_a_save_loses_nothing(base: dict[str, Path], layout: str) -> None:
    steps = _save_steps(base, layout)
    save_steps = [s for s in steps if not s.startswith("claims")]
    assert "manifest switched" in save_steps and len(save_steps) >= 10
    old, new = {d.id for d in LIBRARY}, {d.id for d in LIBRARY + NEW}
    points = range(1, len(save_steps) + 1)
    folders = {kill_at: base["root"] / f"{layout}-kill-{kill_at}" for kill_at in points}
    for kill_at, index_dir in folders.items():
        shutil.copytree(base[layout], index_dir)
    # every kill point in a process of its own, all at once (each copy is its own library)
    killed = {kill_at: _start_add(folders[kill_at], base["input"], kill_at=kill_at) for kill_at in points}
    outcomes = []
    for kill_at in points:
        index_dir, done = folders[kill_at], _finish(killed[kill_at])
        where = (kill_at, save_steps[kill_at - 1])
        assert done.returncode == -signal.SIGKILL, (where, done.stderr[-2000:])
        # the library opens, with the old documents or the new ones, whole, and checks sound
        index = PaperIndex.open(index_dir, MODEL, embedder=HashEmbedder())
        assert _ids(index) in (old, new), where
        assert verify_index(index_dir)[0] == [], where
        outcomes.append(_ids(index) == new)
        # and a rerun completes (in this process: the command's own path was run above)
        index.add_documents(NEW)
        assert _ids(PaperIndex.open(index_dir, MODEL, embedder=HashEmbedder())) == new, where
        assert verify_index(index_dir) == ([], []), where  # nothing left over either
        shutil.rmtree(index_dir)
    # the switch is one step: before it the old index, from it on the new one
    switch = save_steps.index("manifest switched") + 1
    assert outcomes == [kill_at >= switch for kill_at in range(1, len(save_steps) + 1)]


def test_a_claim_reading_cut_short_resumes_on_the_next_add(base: dict[str, Path], monkeypatch: pytest.MonkeyPatch) -> None:
    from engine.reading.parse import store
    from engine.reading.parse.store import ClaimStore, in_order

    monkeypatch.setattr(store, "reader_version", lambda: READER_VERSION)  # as the driver pins it

    steps = _save_steps(base, "generation")
    first_claim_step = next(i for i, s in enumerate(steps, start=1) if s == "claims step appended")
    index_dir = base["root"] / "claims-kill"
    shutil.copytree(base["generation"], index_dir)
    killed = _run_add(index_dir, base["input"], kill_at=first_claim_step + 1)  # two sentences read, then killed
    assert killed.returncode == -signal.SIGKILL
    sentences = [pair for d in LIBRARY + NEW for pair in in_order(d.sentences)]
    left = ClaimStore(index_dir).missing(sentences)
    assert 0 < len(left) < len(sentences) - 1  # progress was kept, and work is left
    rerun = _run_add(index_dir, base["input"])  # every document already indexed: only the reading is left
    assert rerun.returncode == 0, rerun.stderr[-2000:]
    assert json.loads(rerun.stdout)["added"] == 0
    assert f"reading {len(left)} sentences" in rerun.stderr
    assert ClaimStore(index_dir).missing(sentences) == []


def test_leftovers_of_an_interrupted_save_are_ignored_then_removed(tmp_path: Path) -> None:
    index_dir = tmp_path / "index"
    index = _save_library(index_dir, LIBRARY)
    current = read_manifest(index_dir).generation
    stray = index_dir / "generation-000099"
    stray.mkdir()
    (stray / "documents.jsonl").write_text("half a line")
    (index_dir / "manifest.json.tmp").write_text("{half")
    assert index_problem(index_dir) is None
    assert _ids(PaperIndex.open(index_dir, MODEL, embedder=HashEmbedder())) == {d.id for d in LIBRARY}
    problems, notes = verify_index(index_dir)
    assert problems == [] and any("generation-000099" in note for note in notes)
    index.add_documents(NEW)
    generations = sorted(p.name for p in index_dir.iterdir() if p.name.startswith("generation-"))
    assert generations == [read_manifest(index_dir).generation] and current not in generations


# ---------------------------------------------------------------------- damage


def _garble(path: Path, offset: int, data: bytes) -> None:
    with open(path, "r+b") as handle:
        handle.seek(offset)
        handle.write(data)


def _damage_documents(index_dir: Path) -> None:
    """Garble the first data pages, keeping the file's size (each page's CRC32 then disagrees)."""
    _garble(index_file(index_dir, "documents.parquet"), 20, b"\xff\xfe\x00garbled")


def _drop_sentence(index_dir: Path) -> None:
    path = index_file(index_dir, "documents.parquet")
    table = pq.read_table(path)
    sentences = table.column("sentences").to_pylist()
    sentences[1] = sentences[1][:1]
    column = table.schema.get_field_index("sentences")
    table = table.set_column(column, table.schema.field(column), pa.array(sentences, table.schema.field(column).type))
    pq.write_table(table, path)


def _truncate_vocabulary(index_dir: Path) -> None:
    path = index_file(index_dir, "lexical_passages/vocab.index.json")
    path.write_bytes(path.read_bytes()[: path.stat().st_size // 2])


def _garble_vocabulary_same_size(index_dir: Path) -> None:
    path = index_file(index_dir, "lexical_documents/vocab.index.json")
    data = bytearray(path.read_bytes())
    data[2:6] = b"zzzz"
    path.write_bytes(bytes(data))


def _nan_vectors(index_dir: Path) -> None:
    path = index_file(index_dir, "vectors.npy")
    vectors = np.load(path)
    vectors[:] = np.nan
    with open(path, "wb") as out:
        np.save(out, vectors)


def _garble_vectors(index_dir: Path) -> None:
    path = index_file(index_dir, "vectors.npy")
    _garble(path, 128, np.random.default_rng(3).bytes(min(4096, path.stat().st_size - 128)))


def _garble_vectors_header(index_dir: Path) -> None:
    _garble(index_file(index_dir, "vectors.npy"), 0, b"garbage!")


DAMAGE = {
    "garbled documents.parquet": (_damage_documents, "documents.parquet"),
    "a dropped sentence": (_drop_sentence, "documents.parquet"),
    "a truncated lexical vocabulary": (_truncate_vocabulary, "lexical_passages"),
    "NaN vectors": (_nan_vectors, "vectors.npy"),
    "4 KB of garbled vectors.npy": (_garble_vectors, "vectors.npy"),
    "a garbled vectors.npy header": (_garble_vectors_header, "vectors.npy"),
}


@pytest.mark.parametrize("kind", sorted(DAMAGE))
def test_damage_is_one_line_naming_the_file_and_the_way_out(tmp_path: Path, kind: str) -> None:
    damage, name = DAMAGE[kind]
    index_dir = tmp_path / "index"
    _save_library(index_dir, LIBRARY)
    damage(index_dir)
    with pytest.raises(IndexNotFound) as raised:
        PaperIndex.open(index_dir, MODEL, embedder=HashEmbedder())
    message = str(raised.value)
    assert isinstance(raised.value, IndexDamaged), message
    assert name in message and "damaged" in message and "\n" not in message
    assert "corpus ensure" in message or "retrieval build" in message
    problems, _ = verify_index(index_dir)
    assert len(problems) == 1 and name in problems[0]


def test_same_size_damage_is_found_by_check_through_the_checksums(tmp_path: Path) -> None:
    index_dir = tmp_path / "index"
    _save_library(index_dir, LIBRARY)
    _garble_vocabulary_same_size(index_dir)
    problems, _ = verify_index(index_dir)
    assert len(problems) == 1 and "vocab.index.json" in problems[0] and "SHA-256" in problems[0]


def test_check_command_reports_damage_in_one_line_and_fails(tmp_path: Path) -> None:
    index_dir = tmp_path / "index"
    _save_library(index_dir, LIBRARY)
    env = {**os.environ, "HF_HUB_OFFLINE": "1", "CAUSEWAY_EMBEDDING_MODEL": MODEL}
    command = [sys.executable, "-m", "retrieval", "check", "--index", str(index_dir)]
    sound = subprocess.run(command, env=env, cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert sound.returncode == 0 and sound.stdout.startswith("ok:"), sound.stderr
    _garble_vectors(index_dir)
    damaged = subprocess.run(command, env=env, cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert damaged.returncode == 1 and "Traceback" not in damaged.stderr
    lines = [line for line in damaged.stderr.splitlines() if line.startswith("damaged:")]
    assert len(lines) == 1 and "vectors.npy" in lines[0] and "corpus ensure" in lines[0]


def test_a_manifest_switch_is_atomic_and_synced(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The commit writes the manifest beside and renames it over the old one: no moment without one."""
    index_dir = tmp_path / "index"
    _save_library(index_dir, LIBRARY)
    manifest = stored_manifest(index_dir)
    seen: list[bool] = []
    monkeypatch.setattr(faults, "step", lambda name: seen.append((index_dir / "manifest.json").is_file()))
    write_manifest(index_dir, manifest.model_copy(update={"corpus": "renamed"}))
    assert seen == [True, True] and stored_manifest(index_dir).corpus == "renamed"
