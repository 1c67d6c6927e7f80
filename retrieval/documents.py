"""The unit of the paper library: a ``Document`` is one paper (or file) split into sentences.

Every graph edge cites exactly one sentence, so documents are stored already split; the index then
treats each sentence as a passage.
"""

from __future__ import annotations

import hashlib
import re

import pysbd
from pydantic import BaseModel, Field, field_validator

_WHITESPACE = re.compile(r"\s+")


def clean_text(text: str) -> str:
    """Collapse runs of whitespace (line breaks from PDFs and XML) into single spaces."""
    return _WHITESPACE.sub(" ", text).strip()


class Document(BaseModel):
    """One paper: a stable id (PMID, DOI or file path), its title, its sentences and where it came from."""

    id: str = Field(min_length=1)
    title: str = ""
    sentences: list[str]
    source: str = ""

    @field_validator("sentences")
    @classmethod
    def _drop_blank_sentences(cls, sentences: list[str]) -> list[str]:
        return [cleaned for cleaned in (clean_text(s) for s in sentences) if cleaned]

    @property
    def text(self) -> str:
        return " ".join(self.sentences)

    def content_hash(self) -> str:
        """A digest of the title and sentences (not the id or source): equal content, equal hash."""
        digest = hashlib.sha256()
        digest.update(clean_text(self.title).lower().encode())
        for sentence in self.sentences:
            digest.update(b"\x1f")
            digest.update(sentence.lower().encode())
        return digest.hexdigest()


def split_sentences(text: str) -> list[str]:
    """Split running text into sentences with pysbd (handles abbreviations such as "et al." and "e.g.")."""
    text = clean_text(text)
    if not text:
        return []
    return [s for s in (clean_text(part) for part in pysbd.Segmenter(language="en", clean=False).segment(text)) if s]
