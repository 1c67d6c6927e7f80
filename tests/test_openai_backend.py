"""The OpenAI backend against a local OpenAI-compatible server that replays scripted responses
(``llm_replay.ReplayServer``): the protocol handling of broken JSON, schema-invalid JSON, timeouts,
rate limits and server errors, and what the backend sends."""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Iterator

import pytest
from pydantic import SecretStr

from engine.explain.answer import Answer, Reference, Statement
from engine.backends import BackendError, get_backend
from engine.backends.base import fallback_note
from engine.backends.offline import OfflineBackend
from engine.backends.openai_backend import OpenAIBackend
from engine.model.graph import Graph, Labelling
from engine.settings import LLMSettings, Settings
from retrieval.index import Passage
from llm_replay import SECRET, ReplayServer


@pytest.fixture(scope="module")
def server() -> Iterator[ReplayServer]:
    replay = ReplayServer()
    yield replay
    replay.close()


def _llm(server: ReplayServer, **overrides: object) -> LLMSettings:
    options = {"base_url": server.url, "model": "replay-model", "api_key": SecretStr(SECRET),
               "timeout_s": 1.0, "max_retries": 2}
    options.update(overrides)
    return LLMSettings(**options)


def _backend(server: ReplayServer, **overrides: object) -> OpenAIBackend:
    return OpenAIBackend(_llm(server, **overrides))


PASSAGES = [
    Passage(doc_id="p1", title="Stress", sentence="Elevated cortisol increases blood pressure.", sentence_index=0,
            score=1.0),
    Passage(doc_id="p2", title="Exercise", sentence="Exercise may reduce oxidative stress.", sentence_index=3,
            score=0.5),
]


def test_get_backend_picks_the_openai_backend_from_settings(server: ReplayServer) -> None:
    backend = get_backend(Settings(backend="openai", llm=LLMSettings(base_url=server.url)))
    assert backend.name == "openai"
    assert get_backend(Settings()).name == "offline"


def test_analyze_parses_the_json_reply_and_sends_the_key_only_in_the_header(server: ReplayServer) -> None:
    server.play("analyze_ok")
    analysis = _backend(server).analyze("How does cortisol impact blood pressure?")
    assert (analysis.sources, analysis.targets, analysis.abstained) == (["cortisol"], ["blood pressure"], False)
    request = server.requests[0]
    assert request["model"] == "replay-model"
    assert request["response_format"]["type"] == "json_schema"
    schema = request["response_format"]["json_schema"]
    assert schema["name"] == "analyze" and {"sources", "targets"} <= set(schema["schema"]["properties"])
    assert request["max_tokens"] == LLMSettings().reply_tokens.analyze
    assert server.headers[0]["authorization"] == f"Bearer {SECRET}"
    assert SECRET not in json.dumps(request)
    assert "<<<QUESTION\nHow does cortisol impact blood pressure?\nQUESTION>>>" in request["messages"][1]["content"]


def test_the_people_a_model_leaves_in_a_name_are_context_as_offline(server: ReplayServer) -> None:
    server.play("analyze_people")
    analysis = _backend(server).analyze("How does cortisol impact blood pressure in adults with obesity?")
    assert (analysis.targets, analysis.context) == (["blood pressure"], "in adults with obesity")


def test_analyze_abstention_is_passed_on(server: ReplayServer) -> None:
    server.play("analyze_abstain")
    analysis = _backend(server).analyze("What is BDNF?")
    assert analysis.abstained and "definition" in analysis.reason


def test_extract_passes_passages_as_data_and_reads_proto_role_claims(server: ReplayServer) -> None:
    server.play("extract_fenced_json")
    claims = _backend(server).extract(PASSAGES, Graph())
    assert [(c.annotation.subject, c.annotation.subject_change, c.annotation.object, c.annotation.object_change)
            for c in claims] == [("cortisol", "increase", "blood pressure", "increase"),
                                 ("exercise", "increase", "oxidative stress", "decrease")]
    # The sentence and the citation come from the passage, never from the model.
    assert claims[0].evidence.doc_id == "p1" and claims[0].annotation.text == PASSAGES[0].sentence
    assert claims[1].annotation.hedged and claims[1].annotation.confidence < claims[0].annotation.confidence
    user = server.requests[0]["messages"][1]["content"]
    data = user.split("<<<PASSAGES\n", 1)[1].split("\nPASSAGES>>>", 1)[0]
    assert [p["sentence"] for p in json.loads(data)] == [p.sentence for p in PASSAGES]


def test_broken_json_is_retried_once_with_the_error(server: ReplayServer) -> None:
    server.play("extract_broken_json_then_ok")
    claims = _backend(server).extract(PASSAGES, Graph())
    assert len(claims) == 2
    assert len(server.requests) == 2
    retry = server.requests[1]["messages"]
    assert retry[-2]["role"] == "assistant"
    assert "not valid JSON" in retry[-1]["content"]


def test_invalid_annotation_is_retried_with_the_parser_message(server: ReplayServer) -> None:
    server.play("extract_bad_annotation_then_ok")
    assert len(_backend(server).extract(PASSAGES, Graph())) == 2
    assert "unknown change 'up'" in server.requests[1]["messages"][-1]["content"]


def test_claim_on_an_unknown_passage_is_retried(server: ReplayServer) -> None:
    server.play("extract_unknown_passage_then_ok")
    assert len(_backend(server).extract(PASSAGES, Graph())) == 2
    assert "7 is not a passage id" in server.requests[1]["messages"][-1]["content"]


def test_schema_invalid_twice_is_a_clear_error_when_fallback_is_off(server: ReplayServer) -> None:
    server.play("extract_schema_invalid_twice")
    with pytest.raises(BackendError, match=r"extract step got invalid output .* twice: .*arrow"):
        _backend(server, fallback_offline=False).extract(PASSAGES, Graph())
    assert len(server.requests) == 2


def test_schema_invalid_twice_reads_the_batch_offline_and_records_it(server: ReplayServer) -> None:
    server.play("extract_schema_invalid_twice")
    backend = _backend(server)
    claims = backend.extract(PASSAGES, Graph())
    offline = OfflineBackend().extract(PASSAGES, Graph())
    assert [c.annotation for c in claims] == [c.annotation for c in offline] and claims
    assert all(c.evidence.readers == ["rules"] for c in claims)  # the rule reader's, not the model's
    [fallback] = backend.take_fallbacks()
    assert (fallback.step, fallback.kind) == ("extract", "invalid") and "twice" in fallback.reason
    assert backend.take_fallbacks() == []


def test_a_timeout_is_retried(server: ReplayServer) -> None:
    server.play("timeout_then_ok")
    started = time.perf_counter()
    analysis = _backend(server, timeout_s=0.5).analyze("How does cortisol impact blood pressure?")
    assert analysis.sources == ["cortisol"]
    assert len(server.requests) == 2
    assert time.perf_counter() - started < 3.0


def test_rate_limits_are_retried_with_backoff(server: ReplayServer) -> None:
    server.play("rate_limited_then_ok")
    assert _backend(server).analyze("How does cortisol impact blood pressure?").targets == ["blood pressure"]
    assert len(server.requests) == 3


def test_a_server_error_is_retried(server: ReplayServer) -> None:
    server.play("server_error_then_ok")
    assert _backend(server).analyze("How does cortisol impact blood pressure?").sources == ["cortisol"]
    assert len(server.requests) == 2


def test_persistent_server_errors_give_a_clear_error_without_the_key(server: ReplayServer) -> None:
    server.play("server_error_always")
    with pytest.raises(BackendError) as caught:
        _backend(server, max_retries=1).analyze("How does cortisol impact blood pressure?")
    message = str(caught.value)
    assert "HTTP 500" in message and server.url in message and SECRET not in message
    assert len(server.requests) == 2


def test_a_refused_key_is_reported(server: ReplayServer) -> None:
    server.play("unauthorized")
    with pytest.raises(BackendError, match="key was refused"):
        _backend(server).analyze("How does cortisol impact blood pressure?")


def test_counterfactual_challenge_marks_failing_claims_contested(server: ReplayServer) -> None:
    server.play("extract_then_challenge")
    claims = _backend(server, counterfactual_challenge=True).extract(PASSAGES, Graph())
    assert [c.contested for c in claims] == [False, True]
    assert "rule out" in claims[1].challenge_note
    challenge = json.loads(server.requests[1]["messages"][1]["content"].split("<<<CLAIMS\n", 1)[1]
                           .split("\nCLAIMS>>>", 1)[0])
    assert challenge[0]["claim"] == "[change=increase] cortisol ==CAUSE=> [change=increase] blood pressure"


def _template_answer() -> Answer:
    statement = Statement(kind="path", text="cortisol raises blood pressure [1], so blood pressure increases.",
                          path=["cortisol", "blood_pressure"], citations=[1])
    return Answer(statements=[statement], references=[Reference(n=1, doc_id="p1", title="Stress")],
                  text=statement.text)


def test_the_critic_sends_the_answer_back_and_the_refined_text_is_kept(server: ReplayServer) -> None:
    server.play("answer_with_critic")
    answer = _backend(server, critic_rounds=2).write_answer(
        "How does cortisol impact blood pressure?", Graph(), Labelling(), _template_answer())
    assert answer.text.startswith("When cortisol rises, blood pressure increases")
    assert "[1] Stress (p1)" in answer.text
    assert len(server.requests) == 4  # draft, critique, refinement, critique saying ok
    assert "does not say blood pressure increases" in server.requests[2]["messages"][1]["content"]
    assert answer.statements == _template_answer().statements


def test_an_answer_citing_outside_the_references_is_rejected(server: ReplayServer) -> None:
    server.play("answer_cites_outside_then_ok")
    answer = _backend(server).write_answer("q", Graph(), Labelling(), _template_answer())
    assert "[4]" not in answer.text.split("References")[0]
    assert "cites [4], which are not references" in server.requests[1]["messages"][-1]["content"]


# --- bounds, structured output and the offline fallback (issue 44) -------------------------------

def test_every_request_is_bounded_in_tokens_sized_to_its_step(server: ReplayServer) -> None:
    server.play("extract_fenced_json")
    backend = _backend(server)
    backend.extract(PASSAGES, Graph())
    tokens = LLMSettings().reply_tokens
    assert server.requests[0]["max_tokens"] == tokens.extract_per_passage * len(PASSAGES)
    server.play("answer_cites_outside_then_ok")
    backend.write_answer("q", Graph(), Labelling(), _template_answer())
    assert [r["max_tokens"] for r in server.requests] == [tokens.answer, tokens.answer]
    assert server.requests[0]["response_format"]["json_schema"]["name"] == "answer"


def test_a_slow_model_is_cut_off_at_the_step_timeout_and_the_step_runs_offline(server: ReplayServer) -> None:
    server.play("slow_always")
    backend = _backend(server, timeout_s=5.0, step_timeout_s=0.6, max_retries=5)
    started = time.perf_counter()
    analysis = backend.analyze("How does cortisol impact blood pressure?")
    assert time.perf_counter() - started < 2.0  # not 6 tries of 3 s: the step's deadline bounds its retries
    assert analysis == OfflineBackend().analyze("How does cortisol impact blood pressure?")
    [fallback] = backend.take_fallbacks()
    assert (fallback.step, fallback.kind) == ("analyze", "time")
    assert fallback_note([fallback]).endswith("(analyze): the model ran out of time.")


def test_once_the_question_budget_is_spent_no_request_is_made(server: ReplayServer) -> None:
    server.play("analyze_ok")
    backend = _backend(server, question_budget_s=0.001)
    backend.begin_question()
    time.sleep(0.01)
    assert backend.analyze("How does cortisol impact blood pressure?").sources
    assert server.requests == []
    assert "question's time" in backend.take_fallbacks()[0].reason


def test_a_server_refusing_json_schema_gets_json_object_from_then_on(server: ReplayServer) -> None:
    server.play("schema_refused_then_ok")
    backend = _backend(server)
    assert backend.analyze("How does cortisol impact blood pressure?").sources == ["cortisol"]
    assert backend.analyze("How does cortisol impact blood pressure?").sources == ["cortisol"]
    assert [r["response_format"]["type"] for r in server.requests] == ["json_schema", "json_object", "json_object"]
    assert all(r["max_tokens"] for r in server.requests)
    assert backend.take_fallbacks() == []


def test_an_invalid_analysis_is_retried_then_read_offline(server: ReplayServer) -> None:
    server.play("analyze_invalid_twice")
    backend = _backend(server)
    analysis = backend.analyze("How does rapamycin affect autophagy?")
    assert (analysis.sources, analysis.targets) == (["rapamycin"], ["autophagy"])
    assert len(server.requests) == 2 and "Your reply was invalid" in server.requests[1]["messages"][-1]["content"]
    assert fallback_note(backend.take_fallbacks()) == \
        "Note: the question was read offline (analyze): the model's reply was not valid."


def test_a_failed_answer_keeps_the_template_answer(server: ReplayServer) -> None:
    server.play("rambling_always")
    backend = _backend(server)
    answer = backend.write_answer("q", Graph(), Labelling(), _template_answer())
    assert answer == _template_answer()
    assert [f.step for f in backend.take_fallbacks()] == ["answer"]


def test_a_question_through_a_model_that_always_fails_is_read_offline_with_the_note(
    server: ReplayServer, caplog: pytest.LogCaptureFixture,
) -> None:
    from engine.pipeline import ask
    from test_pipeline import QUESTION, FixtureIndex

    server.play("rambling_always")
    settings = Settings(backend="openai", llm=_llm(server))
    with caplog.at_level(logging.DEBUG):
        result = ask(QUESTION, FixtureIndex(), settings)
    offline = ask(QUESTION, FixtureIndex(), Settings())
    assert not result.abstained and result.trace.backend == "openai"
    assert {e.id for e in result.graph.edges} == {e.id for e in offline.graph.edges}
    steps = [f.step for f in result.trace.fallbacks]
    assert steps[0] == "analyze" and "extract" in steps and steps[-1] == "answer"
    assert all(r["max_tokens"] for r in server.requests)
    assert result.answer.text.endswith(
        "Note: the question was read offline (analyze, extract, answer): the model's reply was not valid.")
    assert result.answer.text.startswith(offline.answer.text)
    assert SECRET not in caplog.text and SECRET not in result.model_dump_json()
    assert "runs offline" in caplog.text


@pytest.mark.slow
def test_the_ask_page_shows_which_steps_were_read_offline(
    server: ReplayServer, monkeypatch: pytest.MonkeyPatch, tmp_path_factory: pytest.TempPathFactory,
) -> None:
    from app_harness import messages, new_app
    from retrieval.documents import Document
    from retrieval.index import PaperIndex
    from test_pipeline import FIXTURE, QUESTION

    index_dir = tmp_path_factory.mktemp("index")
    documents = [Document(**json.loads(line)) for line in FIXTURE.read_text().splitlines() if line.strip()]
    PaperIndex.build(documents, index_dir, Settings().embedding_model)
    server.play("rambling_always")
    for name, value in (("BACKEND", "openai"), ("LLM__BASE_URL", server.url), ("LLM__API_KEY", SECRET)):
        monkeypatch.setenv(f"CAUSEWAY_{name}", value)
    app = new_app(monkeypatch, tmp_path_factory.mktemp("data"), index_dir=index_dir)
    app.run()
    app.text_input(key="ask_question").input(QUESTION)
    next(b for b in app.button if b.label == "Ask").click().run(timeout=180)
    assert not app.exception
    shown = messages(app)
    assert "the question was read offline (analyze, extract, answer): the model's reply was not valid" in shown
    assert SECRET not in shown
