"""One language step as one bounded JSON request to an OpenAI-compatible endpoint.

Every request carries ``max_tokens`` (sized by the step) and a timeout no longer than what is left of
the step (``step_timeout_s``) and of the question (``question_budget_s``, from ``begin_question``). The
step's JSON schema is sent as ``response_format`` ``json_schema``; a server that refuses it (HTTP 400)
gets ``json_object`` from then on. The reply is validated with pydantic and sent back once with the
validation error. Timeouts, rate limits (429), server errors (5xx) and dropped connections are retried
here, not by the client, so that no retry outlives the step: the wait honours ``Retry-After``.

A reply that stays invalid, or a step or question out of time, is a ``ModelFailed`` (the step's
offline version can stand in); an endpoint that cannot be used (refused key, connection, 5xx) is a
``BackendError``. The key is handed to the client and nowhere else: it is never logged or stored.
"""

from __future__ import annotations

import json
import math
import re
import time
from collections.abc import Callable
from typing import TypeVar

import openai
from pydantic import BaseModel, ValidationError

from engine.backends.base import BackendError, ModelFailed
from engine.model.annotations import AnnotationError
from engine.settings import LLMSettings

Reply = TypeVar("Reply", bound=BaseModel)
# A placeholder for local servers that need no key; the client refuses an empty one.
_NO_KEY = "not-needed"
_BACKOFF_S, _BACKOFF_MOST_S = 0.5, 8.0


class JsonCaller:
    def __init__(self, llm: LLMSettings, client: openai.OpenAI | None = None) -> None:
        self._llm = llm
        key = llm.api_key.get_secret_value() if llm.api_key is not None else _NO_KEY
        # The client's own retries would not stop at the step's deadline; ``_complete`` retries instead.
        self._client = (client or openai.OpenAI(api_key=key or _NO_KEY, base_url=llm.base_url)).with_options(
            max_retries=0)
        self._use_schema = llm.structured_output == "json_schema"
        self._question_deadline = math.inf

    def begin_question(self) -> None:
        """Starts the question's budget of model time (until then only each step is bounded)."""
        self._question_deadline = time.monotonic() + self._llm.question_budget_s

    def ask_json(
        self, step: str, system: str, user: str, model: type[Reply], max_tokens: int,
        check: Callable[[Reply], None] | None = None,
    ) -> Reply:
        """The step's reply as ``model``; invalid output is sent back once with the error."""
        deadline = min(time.monotonic() + self._llm.step_timeout_s, self._question_deadline)
        messages: list[dict[str, str]] = [{"role": "system", "content": system}, {"role": "user", "content": user}]
        error = ""
        for attempt in range(2):
            content = self._complete(step, messages, model, max_tokens, deadline)
            try:
                reply = model.model_validate(json.loads(_strip_fences(content)))
                if check is not None:
                    check(reply)
                return reply
            except (json.JSONDecodeError, ValidationError, AnnotationError, ValueError) as exc:
                error = _describe(exc)
            if attempt == 0:
                messages += [
                    {"role": "assistant", "content": content},
                    {"role": "user", "content": f"Your reply was invalid: {error}. "
                                                "Reply again with only the JSON object described."},
                ]
        raise ModelFailed(f"the {step} step got invalid output from model {self._llm.model!r} twice: {error}",
                          "invalid")

    def _complete(
        self, step: str, messages: list[dict[str, str]], model: type[BaseModel], max_tokens: int, deadline: float,
    ) -> str:
        where = f"the {step} step could not reach the language model at {self._llm.base_url}"
        tries, problem = 0, ""
        while tries <= self._llm.max_retries:
            left = deadline - time.monotonic()
            if left <= 0:
                break
            tries += 1
            try:
                return self._request(step, messages, model, max_tokens, min(self._llm.timeout_s, left))
            except openai.BadRequestError as exc:
                if not self._use_schema:
                    raise BackendError(f"{where}: HTTP 400 (the request was refused)") from exc
                self._use_schema, tries = False, tries - 1  # the server refuses json_schema: json_object
                continue
            except openai.AuthenticationError as exc:
                raise BackendError(f"{where}: the key was refused (HTTP 401); check the API key setting") from exc
            except openai.APITimeoutError:
                problem, wait = "timed out", 0.0
            except openai.RateLimitError as exc:
                problem, wait = "rate limited (HTTP 429)", _retry_after(exc.response, tries)
            except openai.APIStatusError as exc:
                if exc.status_code < 500:
                    raise BackendError(f"{where}: HTTP {exc.status_code}") from exc
                problem, wait = f"HTTP {exc.status_code}", _retry_after(exc.response, tries)
            except openai.APIConnectionError:
                problem, wait = "connection failed", _retry_after(None, tries)
            except openai.OpenAIError as exc:
                raise BackendError(f"{where}: {type(exc).__name__}") from exc
            time.sleep(max(0.0, min(wait, deadline - time.monotonic())))
        if problem not in ("", "timed out"):
            raise BackendError(f"{where}: {problem} after {tries} tries")
        if time.monotonic() < deadline:
            raise ModelFailed(f"the {step} step timed out after {tries} tries with model {self._llm.model!r}", "time")
        spent = "the question's" if deadline == self._question_deadline else "the step's"
        raise ModelFailed(f"the {step} step ran out of {spent} time with model {self._llm.model!r}", "time")

    def _request(
        self, step: str, messages: list[dict[str, str]], model: type[BaseModel], max_tokens: int, timeout: float,
    ) -> str:
        response_format = (
            {"type": "json_schema", "json_schema": {"name": step, "schema": model.model_json_schema()}}
            if self._use_schema else {"type": "json_object"})
        response = self._client.chat.completions.create(
            model=self._llm.model, messages=messages, temperature=0.0,  # type: ignore[arg-type]
            max_tokens=max_tokens, response_format=response_format, timeout=timeout,  # type: ignore[arg-type]
        )
        if not response.choices or response.choices[0].message.content is None:
            return ""
        return response.choices[0].message.content


def _retry_after(response: object, tries: int) -> float:
    """The server's ``Retry-After`` (ms or s) when it gives one, else exponential backoff."""
    headers = getattr(response, "headers", {}) or {}
    for name, scale in (("retry-after-ms", 0.001), ("retry-after", 1.0)):
        try:
            return min(float(headers[name]) * scale, _BACKOFF_MOST_S * 4)
        except (KeyError, ValueError):
            continue
    return min(_BACKOFF_S * 2 ** (tries - 1), _BACKOFF_MOST_S)


def _strip_fences(content: str) -> str:
    """Some servers wrap JSON in a Markdown code fence despite being asked not to."""
    match = re.fullmatch(r"\s*```(?:json)?\s*(.*?)\s*```\s*", content, flags=re.DOTALL)
    return match.group(1) if match else content


def _describe(exc: Exception) -> str:
    if isinstance(exc, json.JSONDecodeError):
        return f"not valid JSON ({exc.msg} at line {exc.lineno} column {exc.colno})"
    if isinstance(exc, ValidationError):
        first = exc.errors()[0]
        where = ".".join(str(part) for part in first["loc"]) or "the object"
        return f"{where}: {first['msg']}"
    return str(exc)
