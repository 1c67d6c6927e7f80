"""The ``LanguageBackend`` protocol and the values that cross it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Protocol

from pydantic import BaseModel

from engine.model.annotations import Annotation
from engine.model.graph import Evidence, Graph, GraphError, Labelling
from engine.reading.language.analyze import QuestionAnalysis

if TYPE_CHECKING:
    from engine.explain.answer import Answer
    from retrieval.index import Passage


class BackendError(GraphError):
    """A language step that could not be done (endpoint down, output invalid twice, ...)."""


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
