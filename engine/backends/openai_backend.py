"""The language steps on any OpenAI-compatible endpoint (OpenAI, Azure, vLLM, Ollama, llama.cpp).

Every step sends one prompt from ``engine/prompts/`` and expects one JSON object of the step's schema,
through ``calls.JsonCaller``: bounded in tokens and time, the schema sent as structured output, invalid
output sent back once with the validation error. A step the model still does not do (``ModelFailed``)
runs its offline version (``OfflineBackend``) when ``fallback_offline`` is on, and is recorded in
``fallbacks`` for the trace and the answer's footer. Retrieved text only ever travels as JSON data
inside marked delimiters, and the key is handed to the client and nowhere else.
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

import openai
from pydantic import BaseModel, Field

from engine.model.annotations import Annotation, AnnotationError, format_annotation, parse_annotation
from engine.backends.base import ExtractedClaim, Fallback, ModelFailed, evidence_of
from engine.backends.calls import JsonCaller
from engine.backends.offline import OfflineBackend
from engine.model.graph import Graph, Labelling
from engine.questions.analyze import QuestionAnalysis, without_population
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
# The reader an offline stand-in's claims come from (engine.assembly.agreement.RULES).
_RULES_READER = "rules"
log = logging.getLogger(__name__)

Step = TypeVar("Step")


class _AnalyzeReply(BaseModel):
    # Required, so that an empty or cut-off object is invalid rather than read as an abstention.
    sources: list[str]
    targets: list[str]
    abstained: bool
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
        self._calls = JsonCaller(llm, client)
        self._offline = OfflineBackend()
        self.fallbacks: list[Fallback] = []

    # --- a question's bounds and fallbacks ----------------------------------------------------------
    def begin_question(self) -> None:
        """Starts the question's budget of model time and its record of steps done offline."""
        self._calls.begin_question()
        self.fallbacks = []

    def take_fallbacks(self) -> list[Fallback]:
        taken, self.fallbacks = self.fallbacks, []
        return taken

    def _or_offline(self, step: str, by_model: Callable[[], Step], offline: Callable[[], Step]) -> Step:
        """The model's step, or its offline version (recorded) when the model did not do it."""
        try:
            return by_model()
        except ModelFailed as exc:
            if not self._llm.fallback_offline:
                raise
            log.warning("%s; the step runs offline", exc)
            self.fallbacks.append(Fallback(step=step, kind=exc.kind, reason=str(exc)))
            return offline()

    # --- the steps ----------------------------------------------------------------------------
    def analyze(self, question: str) -> QuestionAnalysis:
        return self._or_offline("analyze", lambda: self._analyze(question), lambda: self._offline.analyze(question))

    def _analyze(self, question: str) -> QuestionAnalysis:
        system, user = load_prompt("analyze")
        reply = self._calls.ask_json("analyze", system, fill(user, question=question), _AnalyzeReply,
                                     self._llm.reply_tokens.analyze, _check_analysis)
        change = reply.source_change if reply.source_change in ("increase", "decrease") else None
        if not reply.abstained and (not reply.sources or not reply.targets):
            return QuestionAnalysis(question=question, sources=reply.sources, targets=reply.targets,
                                    abstained=True, reason=reply.reason or "no cause and effect were named",
                                    source_change=change)
        sources, source_context = _names_and_people(reply.sources)
        targets, target_context = _names_and_people(reply.targets)
        return QuestionAnalysis(question=question, sources=sources, targets=targets, abstained=reply.abstained,
                                reason=reply.reason, source_change=change, context=target_context or source_context)

    def extract(
        self,
        passages: Sequence[Passage],
        graph: Graph,
        abbreviations: Mapping[str, dict[str, str]] | None = None,
    ) -> list[ExtractedClaim]:
        claims: list[ExtractedClaim] = []
        for start in range(0, len(passages), EXTRACT_BATCH):
            batch = passages[start:start + EXTRACT_BATCH]
            claims += self._or_offline(
                "extract", lambda: self._extract_batch(batch, graph, abbreviations),
                lambda: _read_by_rules(self._offline.extract(batch, graph, abbreviations)))
        if self._llm.counterfactual_challenge and claims:
            claims = self._or_offline("challenge", lambda: self.challenge(claims), lambda: claims)
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
        tokens = self._llm.reply_tokens
        reply = self._calls.ask_json(
            "extract", system, content, _ExtractReply,
            min(tokens.extract_most, tokens.extract_per_passage * len(passages)),
            lambda r: _check_claims(r, len(passages)),
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
        reply = self._calls.ask_json(
            "challenge", system, content, _ChallengeReply, self._llm.reply_tokens.challenge_per_claim * len(claims),
            lambda r: _check_verdicts(r, len(claims)),
        )
        verdicts = {v.id: v for v in reply.verdicts}
        return [
            claim.model_copy(update={"contested": not verdicts[i].holds, "challenge_note": verdicts[i].reason})
            for i, claim in enumerate(claims)
        ]

    def write_answer(self, question: str, graph: Graph, labelling: Labelling, answer: Answer) -> Answer:
        """The explainer writes prose from the template statements; a LEGO-style critic may send it
        back up to ``critic_rounds`` times. Citations stay those of the template answer. The template
        answer itself is the offline version."""
        if not answer.references:
            return answer
        return self._or_offline("answer", lambda: self._write_answer(question, answer), lambda: answer)

    def _write_answer(self, question: str, answer: Answer) -> Answer:
        numbers = {ref.n for ref in answer.references}
        data = json.dumps({
            "question": question,
            "statements": [s.text for s in answer.statements],
            "references": [{"n": r.n, "title": r.title} for r in answer.references],
        }, ensure_ascii=False, indent=1)
        system, user = load_prompt("answer")
        check = lambda r: _check_citations(r.text, numbers)  # noqa: E731
        tokens = self._llm.reply_tokens.answer
        draft = self._calls.ask_json("answer", system, fill(user, data=data, feedback=""), _AnswerReply, tokens,
                                     check).text
        history: list[str] = []
        for _ in range(self._llm.critic_rounds):
            verdict = self._or_offline("critic", lambda: self._critique(answer, draft), lambda: None)
            if verdict is None or verdict.ok:
                break
            history.append(draft)
            feedback = (
                "Earlier drafts (do not repeat their mistakes):\n" + "\n---\n".join(history)
                + f"\nObservation feedback: {verdict.observation_feedback}"
                + f"\nSupport feedback: {verdict.support_feedback}\nRewrite the answer using this feedback."
            )
            draft = self._calls.ask_json("answer", system, fill(user, data=data, feedback=feedback), _AnswerReply,
                                         tokens, check).text
        listed = "\n".join(f"[{r.n}] {r.title} ({r.doc_id})" if r.title else f"[{r.n}] {r.doc_id}"
                           for r in answer.references)
        return answer.model_copy(update={"text": f"{draft}\n\nReferences\n{listed}"})

    def _critique(self, answer: Answer, draft: str) -> _CriticReply:
        system, user = load_prompt("critic")
        data = json.dumps({"statements": [s.text for s in answer.statements], "answer": draft},
                          ensure_ascii=False, indent=1)
        return self._calls.ask_json("critic", system, fill(user, data=data), _CriticReply,
                                    self._llm.reply_tokens.critic)


def _read_by_rules(claims: list[ExtractedClaim]) -> list[ExtractedClaim]:
    """An offline stand-in's claims, marked as the rule reader's (not the model's) for the cross-check."""
    return [c.model_copy(update={"evidence": c.evidence.model_copy(update={"readers": [_RULES_READER]})})
            for c in claims]


# --- validation ---------------------------------------------------------------------------------

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


def _names_and_people(names: list[str]) -> tuple[list[str], str]:
    """The names without the people they are asked about, and those people (the first named), as the
    offline analysis reads them ("mortality in patients with sepsis")."""
    split = [without_population(name) for name in names]
    return [name for name, _ in split], next((people for _, people in split if people), "")
