"""The language steps of the question pipeline behind one interface (DESIGN §5).

``get_backend(settings)`` returns the backend the settings name: ``offline`` (rule-based, the
default) or ``openai`` (any OpenAI-compatible endpoint). Both implement ``LanguageBackend``.
"""

from __future__ import annotations

from engine.model.annotations import Annotation
from engine.backends.base import BackendError, ExtractedClaim, Fallback, LanguageBackend
from engine.reading.rules import find_abbreviations
from engine.settings import Settings


def get_backend(settings: Settings) -> LanguageBackend:
    """The backend named by ``settings.backend``; the OpenAI one gets ``settings.llm``."""
    if settings.backend == "openai":
        from engine.backends.openai_backend import OpenAIBackend

        return OpenAIBackend(settings.llm)
    from engine.backends.offline import OfflineBackend

    return OfflineBackend()


def begin_question(backend: LanguageBackend) -> None:
    """Starts a question's bounds on a backend that has them (the OpenAI one's time budget)."""
    if (begin := getattr(backend, "begin_question", None)) is not None:
        begin()


def take_fallbacks(backend: LanguageBackend) -> list[Fallback]:
    """The steps the backend did offline since ``begin_question`` (none for a backend without a model)."""
    take = getattr(backend, "take_fallbacks", None)
    return take() if take is not None else []


def extract_sentences(
    sentences: list[str], settings: Settings, backend: str | None = None,
) -> list[list[Annotation]] | str:
    """The annotations of each sentence (read as one document: an abbreviation defined in one sentence
    counts for all), for the ``extract`` command; a message instead when the backend fails."""
    if backend is not None:
        settings = settings.model_copy(update={"backend": backend})
    chosen = get_backend(settings)
    abbreviations: dict[str, str] = {}
    for sentence in sentences:
        for short, long in find_abbreviations(sentence).items():
            abbreviations.setdefault(short, long)
    try:
        return [chosen.annotate(sentence, abbreviations) for sentence in sentences]
    except BackendError as exc:
        return f"error: {exc}"


__all__ = ["BackendError", "ExtractedClaim", "Fallback", "LanguageBackend", "begin_question", "extract_sentences",
           "get_backend", "take_fallbacks"]
