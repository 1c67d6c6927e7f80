"""The default backend: deterministic rules from ``engine.reading``, no network, no key."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from engine.model.annotations import Annotation
from engine.backends.base import ExtractedClaim, evidence_of
from engine.model.graph import Graph, Labelling
from engine.questions.analyze import QuestionAnalysis, analyze_question
from engine.reading.rules import extract_annotations

if TYPE_CHECKING:
    from engine.explain.answer import Answer
    from retrieval.index import Passage


class OfflineBackend:
    name = "offline"

    def analyze(self, question: str) -> QuestionAnalysis:
        return analyze_question(question)

    def extract(
        self,
        passages: Sequence[Passage],
        graph: Graph,
        abbreviations: Mapping[str, dict[str, str]] | None = None,
    ) -> list[ExtractedClaim]:
        claims: list[ExtractedClaim] = []
        for passage in passages:
            found = extract_annotations(passage.sentence, (abbreviations or {}).get(passage.doc_id))
            claims.extend(ExtractedClaim(annotation=a, evidence=evidence_of(passage)) for a in found)
        return claims

    def annotate(self, sentence: str, abbreviations: dict[str, str] | None = None) -> list[Annotation]:
        return extract_annotations(sentence, abbreviations)

    def write_answer(self, question: str, graph: Graph, labelling: Labelling, answer: Answer) -> Answer:
        # The template answer of engine.explain.answer is already the offline answer.
        return answer
