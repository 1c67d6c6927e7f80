"""bench/extract_eval.py scores any backend: here the OpenAI one, against the local replay server, on
a two-statement data file written by the test (no benchmark data)."""

from __future__ import annotations

import importlib.util
import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from llm_replay import SECRET, ReplayServer

BENCH = Path(__file__).resolve().parent.parent / "bench" / "extract_eval.py"


def _load_bench():
    spec = importlib.util.spec_from_file_location("extract_eval", BENCH)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _statement(pmid: str, sentence: str, subject: str, obj: str, sign: int) -> dict:
    def end(name: str) -> dict:
        return {"function": "a", "namespace": "TEST", "name": name}
    return {"pmid": pmid, "sentence": sentence, "subject": end(subject), "object": end(obj), "sign": sign,
            "names_in_sentence": True}


@pytest.fixture()
def server(monkeypatch: pytest.MonkeyPatch) -> Iterator[ReplayServer]:
    replay = ReplayServer()
    monkeypatch.setenv("CAUSEWAY_LLM__BASE_URL", replay.url)
    monkeypatch.setenv("CAUSEWAY_LLM__API_KEY", SECRET)
    monkeypatch.setenv("CAUSEWAY_LLM__TIMEOUT_S", "2")
    monkeypatch.setenv("CAUSEWAY_LLM__MAX_RETRIES", "1")
    yield replay
    replay.close()


@pytest.fixture()
def data(tmp_path: Path) -> Path:
    path = tmp_path / "statements.jsonl"
    rows = [_statement("1", "Elevated cortisol increases blood pressure.", "cortisol", "blood pressure", 1),
            _statement("2", "Exercise may reduce oxidative stress.", "exercise", "oxidative stress", -1)]
    path.write_text("".join(json.dumps(row) + "\n" for row in rows))
    return path


def test_the_openai_backend_is_scored_like_the_offline_one(server: ReplayServer, data: Path,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    # One request per sentence, in sorted order ("Elevated ..." before "Exercise ..."); the second
    # reply names the wrong sign, so one of the two linked statements is signed right.
    server.play("extract_two_sentences")
    assert _load_bench().main(["--data", str(data), "--backend", "openai", "--statements", "verbatim",
                               "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["backend"] == "openai" and "all" not in report
    assert (report["verbatim"]["linked"], report["verbatim"]["sign_accuracy"]) == (2, 0.5)
    assert len(server.requests) == 2


def test_an_endpoint_that_fails_ends_the_run_with_a_message(server: ReplayServer, data: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    server.play("server_error_always")
    assert _load_bench().main(["--data", str(data), "--backend", "openai"]) == 2
    err = capsys.readouterr().err
    assert "openai backend failed" in err and SECRET not in err


def test_readers_are_compared_from_one_reading(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # The rules read the knockout backwards (more of the gene, less formation); the parse reader reads
    # it as a loss of function, so only the cortisol statement is found by both.
    path = tmp_path / "statements.jsonl"
    rows = [_statement("1", "Elevated cortisol increases blood pressure.", "cortisol", "blood pressure", 1),
            _statement("2", "Knocking out the Nrf7 gene prevents plaque formation.", "Nrf7", "plaque formation", 1)]
    path.write_text("".join(json.dumps(row) + "\n" for row in rows))
    assert _load_bench().main(["--data", str(path), "--reader", "compare", "--statements", "verbatim",
                               "--runs", "1", "--json"]) == 0
    readers = json.loads(capsys.readouterr().out)["readers"]

    def both_halves(reader: str) -> tuple[int, int]:
        parts = [readers[f"{reader} verbatim {h}"] for h in ("tune", "held-out")]
        return sum(p["linked"] for p in parts), sum(round(p["linked"] * p["sign_accuracy"]) for p in parts)

    assert both_halves("rules") == (2, 1)
    assert both_halves("parse") == (2, 2)
    assert both_halves("agree") == (1, 1)
    assert both_halves("union")[0] == 2


def test_a_lowering_agent_scores_alike_named_as_the_agent_or_as_its_target() -> None:
    from engine.model.annotations import parse_annotation
    bench = _load_bench()
    # gold: "Proteasome inhibitors" increase autophagy
    as_agent = parse_annotation("[change=increase] proteasome inhibitors ==CAUSE=> [change=increase] autophagy")
    as_target = parse_annotation("[change=decrease] proteasome ==CAUSE=> [change=increase] autophagy")
    wrong = parse_annotation("[change=increase] proteasome ==CAUSE=> [change=increase] autophagy")
    assert bench.statement_sign(as_agent, "Proteasome Inhibitors", "autophagy") == 1
    assert bench.statement_sign(as_target, "Proteasome Inhibitors", "autophagy") == 1
    assert bench.statement_sign(wrong, "Proteasome Inhibitors", "autophagy") == -1
