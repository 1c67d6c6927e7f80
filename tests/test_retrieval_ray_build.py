"""The Ray Data build in local mode, from gzipped PubMed XML files read in parallel: it holds the same
documents, vectors and search results as the one-process build (``sharded.build_sharded``), and a build
killed after its first shard (by an exception in the process, and by a real SIGKILL of the command and
its Ray processes) and resumed answers queries exactly as an uninterrupted build."""

from __future__ import annotations

import contextlib
import gzip
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import psutil
import pytest

from retrieval.embeddings import DEFAULT_MODEL, Embedder
from retrieval.index import PaperIndex
from retrieval.ingest import IngestReport, ingest_paths
from retrieval.ray_build import BUILD_STATE, BuildPlan, BuildProgress, build_with_ray
from retrieval.sharded import build_sharded

ray = pytest.importorskip("ray")

CELLS = ["astrocytes", "oligodendrocytes", "pericytes", "Purkinje cells", "microglia", "ependymal cells"]
FACTORS = ["interleukin-33", "netrin-1", "semaphorin-3A", "clusterin", "progranulin"]
QUERIES = ["netrin-1 guides pericytes", "what protects Purkinje cells", "clusterin in ependymal cells"]
ROOT = Path(__file__).resolve().parent.parent
PLAN = BuildPlan(shard_passages=30, ivf_min_passages=0, workers=1, batch_documents=4)


def _sentences(number: int) -> list[str]:
    cell, factor = CELLS[number % len(CELLS)], FACTORS[number % len(FACTORS)]
    sentences = [f"{factor.capitalize()} acts on {cell} in region {number}.",
                 f"Knockout mice lacking {factor} lost {10 + number} percent of their {cell}.",
                 f"Restoring {factor} rescued the {cell} within {number % 7 + 1} days."]
    return sentences + [f"The effect on {cell} required receptor R{number}."] * (number % 2)


def _article(pmid: str, number: int) -> str:
    cell, factor = CELLS[number % len(CELLS)], FACTORS[number % len(FACTORS)]
    return (f"<PubmedArticle><MedlineCitation><PMID Version=\"1\">{pmid}</PMID><Article>"
            f"<ArticleTitle>{factor} and {cell} ({number})</ArticleTitle><Abstract><AbstractText>"
            f"{' '.join(_sentences(number))}</AbstractText></Abstract></Article></MedlineCitation></PubmedArticle>\n")


def _pubmed_gz(path: Path, records: list[str]) -> Path:
    with gzip.open(path, "wt", encoding="utf-8") as out:
        out.write("<?xml version=\"1.0\"?>\n<PubmedArticleSet>\n" + "".join(records) + "</PubmedArticleSet>\n")
    return path


def _write_pubmed(folder: Path) -> list[Path]:
    """Three files of invented abstracts: thirty in the first two (a broken record among them), and an
    update that repeats one PMID, repeats one abstract under a new PMID, deletes one and adds two."""
    folder.mkdir(parents=True, exist_ok=True)
    first = [_article(f"9{n:03d}", n) for n in range(15)]
    first.insert(6, "<PubmedArticle><MedlineCitation><PMID>9999</PMID><Article>")  # never closed
    second = [_article(f"9{n:03d}", n) for n in range(15, 30)]
    update = [_article("9003", 40), _article("9100", 7), _article("9101", 41), _article("9102", 42),
              "<DeleteCitation><PMID Version=\"1\">9020</PMID></DeleteCitation>\n"]
    return [_pubmed_gz(folder / "pubmed26n0001.xml.gz", first), _pubmed_gz(folder / "pubmed26n0002.xml.gz", second),
            _pubmed_gz(folder / "pubmed26n0003.xml.gz", update)]


def _write_corpus(path: Path, count: int = 30) -> Path:
    """``count`` invented abstracts of three to four sentences, one broken line among them."""
    lines = [json.dumps({"id": f"R{n}", "title": f"{FACTORS[n % 5]} and {CELLS[n % 6]} ({n})", "sentences": _sentences(n)})
             for n in range(count)]
    lines.insert(12, "{broken")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


@pytest.fixture(scope="module", autouse=True)
def no_ray_address():
    """Each build starts its own local Ray (with the runtime_env that ships the code), as the command does."""
    saved = os.environ.pop("RAY_ADDRESS", None)
    yield
    if saved is not None:
        os.environ["RAY_ADDRESS"] = saved


def _answers(index: PaperIndex) -> list[list[tuple[str, int, float]]]:
    return [[(p.doc_id, p.sentence_index, round(p.score, 5)) for p in index.search(q, k=8)] for q in QUERIES]


def test_the_ray_build_equals_the_one_process_build(tmp_path: Path) -> None:
    files = [*_write_pubmed(tmp_path / "input"), tmp_path / "input" / "notes.csv"]
    files[-1].write_text("a,b\n", encoding="utf-8")
    one_report = ingest_paths(files)
    embedder = Embedder(DEFAULT_MODEL)
    one = build_sharded(one_report.documents, tmp_path / "one", embedder, shard_passages=30)
    report = IngestReport()
    built = build_with_ray(files, tmp_path / "ray", DEFAULT_MODEL,
                           BuildPlan(shard_passages=30, workers=2, batch_documents=4), report)
    assert built.shard_count == one.shard_count >= 3
    for field in ("problems", "duplicates", "deleted", "deletions"):
        assert getattr(report, field) == getattr(one_report, field), field
    assert [p.path for p in report.problems] == [str(files[3]), f"{files[0]} article 7 (line 9)"]
    assert {d.doc_id for d in report.duplicates} == {"9003", "9100"} and report.deleted == ["9020"]
    for ray_shard, one_shard in zip(built.shards, one.shards, strict=True):
        assert ray_shard.documents() == one_shard.documents()
        np.testing.assert_allclose(ray_shard.columns()[1], one_shard.columns()[1], atol=1e-5)
    for query in QUERIES:
        got, expected = built.search(query, k=8), one.search(query, k=8)
        assert [(p.doc_id, p.sentence_index) for p in got] == [(p.doc_id, p.sentence_index) for p in expected]
        np.testing.assert_allclose([p.score for p in got], [p.score for p in expected], atol=1e-4)


class Killed(Exception):
    """Stands for the build's process being killed after its first shard."""


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
    recorded = [shard["name"] for shard in json.loads((interrupted / BUILD_STATE).read_text())["shards"]]
    assert len(recorded) == 1
    half = next(f"{n:05d}" for n in range(whole.shard_count) if f"{n:05d}" not in recorded)
    (interrupted / "shards" / half).mkdir(exist_ok=True)  # a shard it was writing when killed
    (interrupted / "shards" / half / "vectors.npy").write_bytes(b"half")

    resumed_progress: list[BuildProgress] = []
    resumed = build_with_ray([corpus], interrupted, DEFAULT_MODEL, PLAN, progress=resumed_progress.append)
    assert resumed_progress[-1].resumed_shards == 1
    assert resumed_progress[-1].documents < 30  # the first shard was not embedded again
    assert resumed.shard_count == whole.shard_count
    assert _answers(resumed) == _answers(whole)
    assert {d.id for d in resumed.documents()} == {f"R{n}" for n in range(30)}


def _cli_build(corpus: Path, index_dir: Path) -> subprocess.Popen:
    command = [sys.executable, "-m", "retrieval", "build", "--sharded", "--input", str(corpus), "--index", str(index_dir),
               "--shard-passages", "20", "--workers", "1"]
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


@pytest.mark.timeout(1800)  # three builds, each starting Ray and loading the model once per actor
def test_a_build_killed_by_sigkill_resumes_to_the_uninterrupted_index(tmp_path: Path) -> None:
    # shards are built while embedding goes on: enough of them that the first is built well before the end
    corpus = _write_corpus(tmp_path / "corpus.jsonl", count=150)
    whole = build_with_ray([corpus], tmp_path / "whole", DEFAULT_MODEL, BuildPlan(shard_passages=20, workers=1))
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


def test_the_build_settings_make_the_plan(monkeypatch: pytest.MonkeyPatch) -> None:
    from engine.settings import Settings

    monkeypatch.setenv("CAUSEWAY_BUILD__RAY_ADDRESS", "ray://head:10001")
    monkeypatch.setenv("CAUSEWAY_BUILD__DEVICE", "cuda")
    monkeypatch.setenv("CAUSEWAY_BUILD__WORKERS", "4")
    plan = BuildPlan.from_settings(Settings().build, shard_passages=None, workers=2)
    assert (plan.ray_address, plan.device, plan.workers, plan.torch_threads) == ("ray://head:10001", "cuda", 2, 1)
    assert plan.shard_passages == 500_000
    monkeypatch.setenv("CAUSEWAY_BUILD__DEVICE", "tpu")
    with pytest.raises(ValueError):
        Settings()
