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


class TextTooLong(ValueError):
    """A text over ``MAX_TEXT_CHARS``: refused before any splitting (the message gives the sizes)."""


# Sentence splitting reads about 50 characters a millisecond (pysbd, measured on a busy 2-core
# machine), so this is about 6 s of splitting: ten times a long paper's full text. Longer records are
# refused at once with the sizes rather than stalling an ingestion for minutes.
MAX_TEXT_CHARS = 300_000
# pysbd's time grows with the square of the text it is given (50 KB 3 s, 200 KB 47 s), so it is given
# paragraphs, and paragraphs longer than this are cut at the last sentence end (or space) before it:
# splitting is then linear in the length of the text.
SPLIT_PIECE_CHARS = 1_500
_PARAGRAPH_BREAK = re.compile(r"\n\s*\n")
# A likely sentence end: closing punctuation, a space, then a capital, a digit or an opening bracket.
_SENTENCE_END = re.compile(r"[.!?][\"')\]]?\s+(?=[A-Z0-9(\[])")


def split_sentences(text: str, max_chars: int = MAX_TEXT_CHARS) -> list[str]:
    """Split running text into sentences with pysbd (handles abbreviations such as "et al." and "e.g."),
    a bounded piece at a time; a text over ``max_chars`` raises TextTooLong."""
    if len(text) > max_chars:
        raise TextTooLong(
            f"{len(text):,} characters of text in one record, over the limit of {max_chars:,}; "
            "split it into several records (one per paper or chapter)"
        )
    segmenter = pysbd.Segmenter(language="en", clean=False)
    sentences: list[str] = []
    for piece in _pieces(text):
        sentences.extend(s for s in (clean_text(part) for part in segmenter.segment(piece)) if s)
    return sentences


def _pieces(text: str, limit: int = SPLIT_PIECE_CHARS) -> list[str]:
    """The text's paragraphs, whitespace collapsed, each cut into pieces of at most ``limit``
    characters at a likely sentence end, else at a space, else anywhere."""
    pieces: list[str] = []
    for paragraph in _PARAGRAPH_BREAK.split(text):
        rest = clean_text(paragraph)
        while len(rest) > limit:
            window = rest[:limit]
            ends = [match.end() for match in _SENTENCE_END.finditer(window, limit // 2)]
            cut = ends[-1] if ends else (window.rfind(" ", limit // 2) + 1 or limit)
            pieces.append(rest[:cut].strip())
            rest = rest[cut:].lstrip()
        if rest:
            pieces.append(rest)
    return pieces
