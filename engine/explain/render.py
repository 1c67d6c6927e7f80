"""The one rendering of an answer that the app, the HTML export and the Markdown report all show.

``answer_view`` turns an ``Answer`` into a neutral structure: every statement, whatever its kind, with
a role that says how it is set (``lead``: the one-line summary, ``note``: a remark, ``item``: any other
kind, so a kind added later is listed rather than lost), its text cut into pieces at its citation
markers (so each ``[n]`` can link to its reference), and any further text field a statement carries.
``answer_markdown`` and ``answer_html`` write that structure out; the Streamlit page, the HTML page and
the Markdown report call them, and nothing else formats an answer.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass
from pathlib import PurePath
from typing import TYPE_CHECKING, Callable, Literal

from markupsafe import Markup, escape

if TYPE_CHECKING:
    from engine.explain.answer import Answer, Statement
    from engine.model.graph import Evidence

Role = Literal["lead", "item", "note"]
_ROLES: dict[str, Role] = {"summary": "lead", "note": "note"}
# Fields every statement has and the view already shows (text, kind, certainty) or that are structure,
# not words (the route's ids and citation numbers, which the text's [n] markers carry).
_STRUCTURE_FIELDS = {"kind", "text", "path", "edges", "citations", "steps", "certain", "broad", "opposing", "doubts"}
_MARKER = re.compile(r"\[(\d+)\]")
PUBMED_URL = "https://pubmed.ncbi.nlm.nih.gov/{}/"


# --- text from papers (titles, document ids) -----------------------------------------------------

_TAG = re.compile(r"</?[A-Za-z][A-Za-z0-9]*(?:\s[^<>]*)?/?>")


def plain_text(text: str) -> str:
    """A title as a reader should see it: PubMed titles carry inline markup, sometimes escaped once or
    twice (``&lt;i&gt;C. elegans&lt;/i&gt;``); entities are decoded and tags dropped, keeping their words."""
    for _ in range(3):
        decoded = html.unescape(text)
        if decoded == text:
            break
        text = decoded
    return " ".join(_TAG.sub("", text).split())


def document_name(doc_id: str) -> str:
    """How a document is named to a reader: a PubMed id as "PMID n", an uploaded file (whose id is its
    path on the server) by its file name, anything else as it is."""
    if doc_id.isdigit():
        return f"PMID {doc_id}"
    if "/" in doc_id or "\\" in doc_id:
        return PurePath(doc_id.replace("\\", "/")).name
    return doc_id


def passage_text(sentence: str) -> str:
    """An evidence sentence as a reader should see it: words a PDF split at a line end made whole
    ("phos- phorylation" → "phosphorylation"), as the readers read them, and runs of spaces closed."""
    from engine.reading.language.line_breaks import mend_line_breaks  # loads word frequencies: on first use

    return " ".join(mend_line_breaks(sentence).split())


def cited_text(evidence: Evidence) -> str:
    """What an evidence cites, as a reader should see it: its sentence, after the sentence before it
    where the claim names an entity through that one ("PPM1D mutations ... The mutations suppress p53")."""
    return passage_text(f"{evidence.before} {evidence.sentence}" if evidence.before else evidence.sentence)


def score_text(score: float) -> str:
    """A retrieval score worth showing, or "" where none was recorded (0: evidence typed or imported)."""
    return f"retrieval score {score:.2f}" if score > 0 else ""


@dataclass(frozen=True)
class Piece:
    """A run of a statement's text, or one citation marker (``cite`` is its reference number)."""

    text: str
    cite: int | None = None


@dataclass(frozen=True)
class ShownStatement:
    kind: str
    role: Role
    pieces: tuple[Piece, ...]
    certain: bool
    details: tuple[tuple[str, str], ...] = ()  # further text fields: (name in words, value)

    @property
    def text(self) -> str:
        return "".join(piece.text for piece in self.pieces)


@dataclass(frozen=True)
class ShownReference:
    n: int
    title: str
    name: str  # "PMID 123", or an upload's file name
    url: str  # a PubMed page, or "" where the document has none


@dataclass(frozen=True)
class AnswerView:
    statements: tuple[ShownStatement, ...]
    references: tuple[ShownReference, ...]


def answer_view(answer: Answer | None) -> AnswerView:
    """Every statement of ``answer`` and its references, ready to be written in any format."""
    if answer is None:
        return AnswerView((), ())
    numbers = {ref.n for ref in answer.references}
    statements = tuple(
        ShownStatement(kind=statement.kind, role=_ROLES.get(statement.kind, "item"),
                       pieces=_pieces(statement.text, numbers), certain=statement.certain,
                       details=_details(statement))
        for statement in answer.statements
    )
    references = tuple(
        ShownReference(n=ref.n, title=plain_text(ref.title), name=document_name(ref.doc_id),
                       url=PUBMED_URL.format(ref.doc_id) if ref.doc_id.isdigit() else "")
        for ref in answer.references
    )
    return AnswerView(statements, references)


def _pieces(text: str, numbers: set[int]) -> tuple[Piece, ...]:
    """The text cut at its "[n]" markers; only numbers of the answer's references count as markers,
    so a bracketed number inside a name stays text."""
    pieces: list[Piece] = []
    start = 0
    for match in _MARKER.finditer(text):
        n = int(match.group(1))
        if n not in numbers:
            continue
        if match.start() > start:
            pieces.append(Piece(text[start:match.start()]))
        pieces.append(Piece(match.group(0), cite=n))
        start = match.end()
    if start < len(text):
        pieces.append(Piece(text[start:]))
    return tuple(pieces)


def _details(statement: Statement) -> tuple[tuple[str, str], ...]:
    """Text fields a statement carries beyond the known ones (a later wording may add some): shown
    under it, so the app and both exports show the same words."""
    details = []
    for name in type(statement).model_fields:
        if name in _STRUCTURE_FIELDS:
            continue
        value = getattr(statement, name)
        if isinstance(value, str) and value.strip():
            details.append((name.replace("_", " "), value.strip()))
        elif isinstance(value, list | tuple) and value and all(isinstance(v, str) for v in value):
            details.append((name.replace("_", " "), "; ".join(value)))
    return tuple(details)


# --- Markdown (the app and the report) ------------------------------------------------------------


def answer_markdown(view: AnswerView, escape_text: Callable[[str], str], with_references: bool = True) -> str:
    """The answer as Markdown: the summary bold, notes in italics, other statements as a list, then
    (``with_references``) the references. ``escape_text`` makes untrusted text literal; a marker links
    to its reference's PubMed page where it has one."""
    lines: list[str] = []
    for statement in view.statements:
        text = "".join(_markdown_piece(piece, view, escape_text) for piece in statement.pieces)
        details = "".join(f"  \n  *{escape_text(name)}:* {escape_text(value)}" for name, value in statement.details)
        if statement.role == "lead":
            lines.append(f"**{text}**{details}\n")
        elif statement.role == "note":
            lines.append(f"*{text}*{details}\n")
        else:
            lines.append(f"- {text}{details}")
    if with_references and view.references:
        lines.append("\n**References**\n")
        lines.append("  \n".join(_markdown_reference(ref, escape_text) for ref in view.references))
    return "\n".join(lines)


def _markdown_piece(piece: Piece, view: AnswerView, escape_text: Callable[[str], str]) -> str:
    if piece.cite is None:
        # an escaper may trim: the spaces around a marker are kept
        stripped = piece.text.strip()
        lead = piece.text[:len(piece.text) - len(piece.text.lstrip())]
        trail = piece.text[len(piece.text.rstrip()):]
        return f"{' ' if lead else ''}{escape_text(stripped)}{' ' if trail else ''}" if stripped else (" " if piece.text else "")
    url = _url(view, piece.cite)
    marker = f"\\[{piece.cite}\\]"
    return f"[{marker}]({url})" if url else marker


def _markdown_reference(ref: ShownReference, escape_text: Callable[[str], str]) -> str:
    name = f"[{escape_text(ref.name)}]({ref.url})" if ref.url else escape_text(ref.name)
    title = escape_text(ref.title) or "(untitled)"
    return f"\\[{ref.n}\\] {title} — {name}"


def _url(view: AnswerView, n: int) -> str:
    return next((ref.url for ref in view.references if ref.n == n), "")


# --- HTML (the export page) ------------------------------------------------------------------------


def answer_html(view: AnswerView) -> Markup:
    """The answer as HTML, every text escaped; a marker links to its entry in the page's reference
    list (``id="ref-n"``, which the page writes)."""
    parts: list[Markup] = []
    items: list[Markup] = []

    def flush() -> None:
        if items:
            parts.append(Markup("<ul class=\"answer\">{}</ul>").format(Markup("").join(items)))
            items.clear()

    for statement in view.statements:
        body = Markup("").join(_html_piece(piece) for piece in statement.pieces)
        body += Markup("").join(Markup("<br><span class=\"muted\"><em>{}:</em> {}</span>").format(name, value)
                                for name, value in statement.details)
        data = Markup(" data-kind=\"{}\"").format(statement.kind)
        if statement.role == "item":
            items.append(Markup("<li{}>{}</li>").format(data, body))
            continue
        flush()
        tag = "strong" if statement.role == "lead" else "em"
        parts.append(Markup("<p{}><{}>{}</{}></p>").format(data, Markup(tag), body, Markup(tag)))
    flush()
    return Markup("\n").join(parts)


def _html_piece(piece: Piece) -> Markup:
    if piece.cite is None:
        return escape(piece.text)
    return Markup("<a href=\"#ref-{}\">[{}]</a>").format(piece.cite, piece.cite)
