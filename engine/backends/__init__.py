"""The language steps of the question pipeline behind one interface (DESIGN §5).

``get_backend(settings)`` returns the backend the settings name: ``offline`` (rule-based, the
default) or ``openai`` (any OpenAI-compatible endpoint). Both implement ``LanguageBackend``.
"""

from __future__ import annotations

from engine.backends.base import BackendError, ExtractedClaim, LanguageBackend
from engine.settings import Settings


def get_backend(settings: Settings) -> LanguageBackend:
    """The backend named by ``settings.backend``; the OpenAI one gets ``settings.llm``."""
    if settings.backend == "openai":
        from engine.backends.openai_backend import OpenAIBackend

        return OpenAIBackend(settings.llm)
    from engine.backends.offline import OfflineBackend

    return OfflineBackend()


__all__ = ["BackendError", "ExtractedClaim", "LanguageBackend", "get_backend"]
