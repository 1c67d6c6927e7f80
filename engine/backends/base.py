"""The ``LanguageBackend`` protocol and the values that cross it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Literal, Protocol

from pydantic import BaseModel

from engine.model.annotations import Annotation
from engine.model.graph import Evidence, Graph, GraphError, Labelling
from engine.questions.analyze import QuestionAnalysis

if TYPE_CHECKING:
    from engine.explain.answer import Answer
    from retrieval.index import Passage


class BackendError(GraphError):
    """A language step that could not be done (endpoint down, output invalid twice, ...)."""


class ModelFailed(BackendError):
    """A step the model did not do: its reply stayed invalid (``kind`` "invalid"), or the step or the
    question ran out of time ("time"). The step's offline version can stand in for it."""

    def __init__(self, message: str, kind: Literal["invalid", "time"]) -> None:
        super().__init__(message)
        self.kind = kind


class Fallback(BaseModel):
    """One language step done offline in place of the model, and why."""

    step: str
    kind: Literal["invalid", "time"]
    reason: str


_WHY = {"invalid": "the model's reply was not valid", "time": "the model ran out of time"}


def fallback_note(fallbacks: Sequence[Fallback]) -> str:
    """The answer's footer naming the steps done offline ("" when none was), in the wording of issue 44:
    "the question was read offline: the model's reply was not valid"."""
    if not fallbacks:
        return ""
    steps = ", ".join(dict.fromkeys(f.step for f in fallbacks))
    why = " and ".join(_WHY[kind] for kind in dict.fromkeys(f.kind for f in fallbacks))
    return f"Note: the question was read offline ({steps}): {why}."


class ExtractedClaim(BaseModel):
    """One proto-role annotation read from one retrieved sentence."""

    annotation: Annotation
    evidence: Evidence
    contested: bool = False
    challenge_note: str = ""


class LanguageBackend(Protocol):
    name: str

    def analyze(self, question: str) -> QuestionAnalysis:
        """Sources and targets of a question, or an abstention with its reason."""
        ...

    def extract(
        self,
        passages: Sequence[Passage],
        graph: Graph,
        abbreviations: Mapping[str, dict[str, str]] | None = None,
    ) -> list[ExtractedClaim]:
        """Causal claims stated by the passages; ``abbreviations`` maps a doc id to its short → long forms."""
        ...

    def annotate(self, sentence: str, abbreviations: dict[str, str] | None = None) -> list[Annotation]:
        """The annotations of one free-standing sentence (the ``extract`` command)."""
        ...

    def write_answer(self, question: str, graph: Graph, labelling: Labelling, answer: Answer) -> Answer:
        """The final answer text from the template answer; statements and references stay as they are."""
        ...


def evidence_of(passage: Passage) -> Evidence:
    return Evidence(doc_id=passage.doc_id, title=passage.title, sentence=passage.sentence, score=passage.score)
