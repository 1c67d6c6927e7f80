"""The language steps on any OpenAI-compatible endpoint (OpenAI, Azure, vLLM, Ollama, llama.cpp).

Every step sends one prompt from ``engine/prompts/`` and expects one JSON object, validated with
pydantic. Invalid output is sent back once with the validation error; a second failure is a
``BackendError`` naming the step and the problem. Timeouts, rate limits (429) and server errors (5xx) are
retried with exponential backoff by the ``openai`` client itself (``max_retries``; it honours
``Retry-After``). Retrieved text only ever travels as JSON data inside marked delimiters, and the key is
handed to the client and nowhere else: it is never logged, printed or stored.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

import openai
from pydantic import BaseModel, Field, ValidationError

from engine.model.annotations import Annotation, AnnotationError, format_annotation, parse_annotation
from engine.backends.base import BackendError, ExtractedClaim, evidence_of
from engine.model.graph import Graph, Labelling
from engine.reading.language.analyze import QuestionAnalysis
from engine.settings import LLMSettings

if TYPE_CHECKING:
    from engine.explain.answer import Answer
    from retrieval.index import Passage

PROMPT_DIR = Path(__file__).resolve().parent.parent / "prompts"
_USER_MARK = "=== USER ==="
HEDGED_CONFIDENCE = 0.5
PLAIN_CONFIDENCE = 0.8
# Passages per extraction request: keeps prompts well inside small local models' context windows.
EXTRACT_BATCH = 20
# A placeholder for local servers that need no key; the client refuses an empty one.
_NO_KEY = "not-needed"

Reply = TypeVar("Reply", bound=BaseModel)


class _AnalyzeReply(BaseModel):
    sources: list[str] = Field(default_factory=list)
    targets: list[str] = Field(default_factory=list)
    abstained: bool = False
    reason: str = ""
    source_change: str | None = None


class _ClaimReply(BaseModel):
    passage: int
    annotation: str
    hedged: bool = False


class _ExtractReply(BaseModel):
    claims: list[_ClaimReply]


class _Verdict(BaseModel):
    id: int
    holds: bool
    reason: str = ""


class _ChallengeReply(BaseModel):
    verdicts: list[_Verdict]


class _AnswerReply(BaseModel):
    text: str = Field(min_length=1)


class _CriticReply(BaseModel):
    ok: bool
    observation_feedback: str = ""
    support_feedback: str = ""


def load_prompt(step: str) -> tuple[str, str]:
    """The (system, user template) pair of ``engine/prompts/<step>.md``."""
    text = (PROMPT_DIR / f"{step}.md").read_text(encoding="utf-8")
    system, _, user = text.partition(_USER_MARK)
    return system.strip(), user.strip()


def fill(template: str, **values: str) -> str:
    for name, value in values.items():
        template = template.replace("{{" + name + "}}", value)
    return template


class OpenAIBackend:
    name = "openai"

    def __init__(self, llm: LLMSettings, client: openai.OpenAI | None = None) -> None:
        self._llm = llm
        key = llm.api_key.get_secret_value() if llm.api_key is not None else _NO_KEY
        self._client = client or openai.OpenAI(
            api_key=key or _NO_KEY, base_url=llm.base_url, timeout=llm.timeout_s, max_retries=llm.max_retries,
        )

    # --- the steps ----------------------------------------------------------------------------
    def analyze(self, question: str) -> QuestionAnalysis:
        system, user = load_prompt("analyze")
        reply = self._ask_json("analyze", system, fill(user, question=question), _AnalyzeReply, _check_analysis)
        change = reply.source_change if reply.source_change in ("increase", "decrease") else None
        if not reply.abstained and (not reply.sources or not reply.targets):
            return QuestionAnalysis(question=question, sources=reply.sources, targets=reply.targets,
                                    abstained=True, reason=reply.reason or "no cause and effect were named",
                                    source_change=change)
        return QuestionAnalysis(question=question, sources=reply.sources, targets=reply.targets,
                                abstained=reply.abstained, reason=reply.reason, source_change=change)

    def extract(
        self,
        passages: Sequence[Passage],
        graph: Graph,
        abbreviations: Mapping[str, dict[str, str]] | None = None,
    ) -> list[ExtractedClaim]:
        claims: list[ExtractedClaim] = []
        for start in range(0, len(passages), EXTRACT_BATCH):
            claims += self._extract_batch(passages[start:start + EXTRACT_BATCH], graph, abbreviations)
        if self._llm.counterfactual_challenge and claims:
            claims = self.challenge(claims)
        return claims

    def _extract_batch(
        self,
        passages: Sequence[Passage],
        graph: Graph,
        abbreviations: Mapping[str, dict[str, str]] | None,
    ) -> list[ExtractedClaim]:
        system, user = load_prompt("extract")
        data = [
            {"id": i, "sentence": p.sentence, "abbreviations": (abbreviations or {}).get(p.doc_id, {})}
            for i, p in enumerate(passages)
        ]
        nodes = ", ".join(node.label for node in graph.nodes) or "(none yet)"
        content = fill(user, nodes=nodes, passages=json.dumps(data, ensure_ascii=False, indent=1))
        reply = self._ask_json(
            "extract", system, content, _ExtractReply, lambda r: _check_claims(r, len(passages)),
        )
        claims = []
        for item in reply.claims:
            passage = passages[item.passage]
            parsed = parse_annotation(item.annotation)
            annotation = parsed.model_copy(update={
                "text": passage.sentence,
                "hedged": item.hedged,
                "confidence": HEDGED_CONFIDENCE if item.hedged else PLAIN_CONFIDENCE,
            })
            claims.append(ExtractedClaim(annotation=annotation, evidence=evidence_of(passage)))
        return claims

    def annotate(self, sentence: str, abbreviations: dict[str, str] | None = None) -> list[Annotation]:
        from retrieval.index import Passage

        passage = Passage(doc_id="input", title="", sentence=sentence, sentence_index=0, score=0.0)
        claims = self.extract([passage], Graph(), {"input": abbreviations or {}})
        return [claim.annotation for claim in claims]

    def challenge(self, claims: list[ExtractedClaim]) -> list[ExtractedClaim]:
        """CaCo-CoT's counterfactual challenge: a claim whose sentence does not rule out the opposite
        sign is marked contested (kept, shown, but not trusted as supported)."""
        system, user = load_prompt("challenge")
        data = [
            {"id": i, "sentence": c.evidence.sentence, "claim": format_annotation(c.annotation)}
            for i, c in enumerate(claims)
        ]
        content = fill(user, claims=json.dumps(data, ensure_ascii=False, indent=1))
        reply = self._ask_json(
            "challenge", system, content, _ChallengeReply, lambda r: _check_verdicts(r, len(claims)),
        )
        verdicts = {v.id: v for v in reply.verdicts}
        return [
            claim.model_copy(update={"contested": not verdicts[i].holds, "challenge_note": verdicts[i].reason})
            for i, claim in enumerate(claims)
        ]

    def write_answer(self, question: str, graph: Graph, labelling: Labelling, answer: Answer) -> Answer:
        """The explainer writes prose from the template statements; a LEGO-style critic may send it
        back up to ``critic_rounds`` times. Citations stay those of the template answer."""
        if not answer.references:
            return answer
        numbers = {ref.n for ref in answer.references}
        data = json.dumps({
            "question": question,
            "statements": [s.text for s in answer.statements],
            "references": [{"n": r.n, "title": r.title} for r in answer.references],
        }, ensure_ascii=False, indent=1)
        system, user = load_prompt("answer")
        check = lambda r: _check_citations(r.text, numbers)  # noqa: E731
        draft = self._ask_json("answer", system, fill(user, data=data, feedback=""), _AnswerReply, check).text
        history: list[str] = []
        for _ in range(self._llm.critic_rounds):
            critic_system, critic_user = load_prompt("critic")
            critic_data = json.dumps({"statements": [s.text for s in answer.statements], "answer": draft},
                                     ensure_ascii=False, indent=1)
            verdict = self._ask_json("critic", critic_system, fill(critic_user, data=critic_data), _CriticReply)
            if verdict.ok:
                break
            history.append(draft)
            feedback = (
                "Earlier drafts (do not repeat their mistakes):\n" + "\n---\n".join(history)
                + f"\nObservation feedback: {verdict.observation_feedback}"
                + f"\nSupport feedback: {verdict.support_feedback}\nRewrite the answer using this feedback."
            )
            draft = self._ask_json("answer", system, fill(user, data=data, feedback=feedback), _AnswerReply,
                                   check).text
        listed = "\n".join(f"[{r.n}] {r.title} ({r.doc_id})" if r.title else f"[{r.n}] {r.doc_id}"
                           for r in answer.references)
        return answer.model_copy(update={"text": f"{draft}\n\nReferences\n{listed}"})

    # --- protocol -----------------------------------------------------------------------------
    def _ask_json(
        self,
        step: str,
        system: str,
        user: str,
        model: type[Reply],
        check: Callable[[Reply], None] | None = None,
    ) -> Reply:
        messages: list[dict[str, str]] = [{"role": "system", "content": system}, {"role": "user", "content": user}]
        error = ""
        for attempt in range(2):
            content = self._complete(step, messages)
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
        raise BackendError(f"the {step} step got invalid output from model {self._llm.model!r} twice: {error}")

    def _complete(self, step: str, messages: list[dict[str, str]]) -> str:
        where = f"the {step} step could not reach the language model at {self._llm.base_url}"
        try:
            response = self._client.chat.completions.create(
                model=self._llm.model, messages=messages, temperature=0.0,  # type: ignore[arg-type]
                response_format={"type": "json_object"},
            )
        except openai.APITimeoutError as exc:
            raise BackendError(f"{where}: timed out after {self._llm.max_retries + 1} tries") from exc
        except openai.RateLimitError as exc:
            raise BackendError(f"{where}: rate limited (HTTP 429) after {self._llm.max_retries + 1} tries") from exc
        except openai.AuthenticationError as exc:
            raise BackendError(f"{where}: the key was refused (HTTP 401); check the API key setting") from exc
        except openai.APIStatusError as exc:
            raise BackendError(f"{where}: HTTP {exc.status_code} after retries") from exc
        except openai.APIConnectionError as exc:
            raise BackendError(f"{where}: connection failed") from exc
        except openai.OpenAIError as exc:
            raise BackendError(f"{where}: {type(exc).__name__}") from exc
        if not response.choices or response.choices[0].message.content is None:
            return ""
        return response.choices[0].message.content


# --- validation ---------------------------------------------------------------------------------

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


def _check_analysis(reply: _AnalyzeReply) -> None:
    if reply.source_change not in (None, "increase", "decrease"):
        raise ValueError(f"source_change must be \"increase\", \"decrease\" or null, not {reply.source_change!r}")


def _check_claims(reply: _ExtractReply, n_passages: int) -> None:
    for i, claim in enumerate(reply.claims):
        if not 0 <= claim.passage < n_passages:
            raise ValueError(f"claims.{i}.passage: {claim.passage} is not a passage id (0..{n_passages - 1})")
        try:
            parse_annotation(claim.annotation)
        except AnnotationError as exc:
            raise ValueError(f"claims.{i}.annotation: {exc}") from exc


def _check_verdicts(reply: _ChallengeReply, n_claims: int) -> None:
    missing = set(range(n_claims)) - {v.id for v in reply.verdicts}
    if missing:
        raise ValueError(f"verdicts missing for claim ids {sorted(missing)}")


def _check_citations(text: str, numbers: set[int]) -> None:
    cited = {int(n) for n in re.findall(r"\[(\d+)\]", text)}
    unknown = cited - numbers
    if unknown:
        raise ValueError(f"the text cites [{'], ['.join(map(str, sorted(unknown)))}], which are not references")
    if not cited:
        raise ValueError("the text cites no reference; every claim needs its [n]")
