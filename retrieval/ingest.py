"""Read papers from files and folders into ``Document``s, reporting every bad file by name.

Formats: JSONL/JSON (the SciFact ``corpus.jsonl`` schema, the BEIR ``{_id, title, text}`` schema and
this project's own ``{id, title, sentences}``), plain text, Markdown, PDF (pypdf) and PubMed XML
(``PubmedArticleSet`` as saved from PubMed, parsed with defusedxml). A file that cannot be read becomes
an ``IngestProblem`` with the reason; the rest of the batch still goes in.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any
from xml.etree.ElementTree import Element, ParseError

import charset_normalizer
import pypdf
from defusedxml import DefusedXmlException
from defusedxml.ElementTree import fromstring as parse_xml
from markdown_it import MarkdownIt
from pydantic import BaseModel, ValidationError

from retrieval.documents import Document, clean_text, split_sentences

JSON_SUFFIXES = frozenset({".jsonl", ".ndjson", ".json"})
TEXT_SUFFIXES = frozenset({".txt", ".text"})
MARKDOWN_SUFFIXES = frozenset({".md", ".markdown"})
PDF_SUFFIXES = frozenset({".pdf"})
XML_SUFFIXES = frozenset({".xml"})
SUPPORTED_SUFFIXES = JSON_SUFFIXES | TEXT_SUFFIXES | MARKDOWN_SUFFIXES | PDF_SUFFIXES | XML_SUFFIXES

# A first line this short and without a full stop reads as a title rather than a sentence.
_MAX_TITLE_CHARS = 200
# Words broken across PDF lines ("phos-\nphorylation"): rejoin them before sentence splitting.
_PDF_HYPHENATION = re.compile(r"(\w)-\n(\w)")


class IngestProblem(BaseModel):
    """A file (or one record inside it) that could not be read, and why."""

    path: str
    reason: str

    def __str__(self) -> str:
        return f"{self.path}: {self.reason}"


class Duplicate(BaseModel):
    """A document left out because an earlier one has the same id or the same content."""

    doc_id: str
    duplicate_of: str
    reason: str


class IngestReport(BaseModel):
    documents: list[Document] = []
    problems: list[IngestProblem] = []
    duplicates: list[Duplicate] = []


class _BadFile(Exception):
    """Raised inside a reader; becomes an IngestProblem for that file."""


def ingest_paths(paths: Iterable[Path | str]) -> IngestReport:
    """Read every supported file under ``paths`` (files or folders, folders recursively)."""
    report = IngestReport()
    seen_ids: set[str] = set()
    seen_hashes: dict[str, str] = {}
    for file in _expand(paths, report):
        for document in _read_file(file, report):
            duplicate = _find_duplicate(document, seen_ids, seen_hashes)
            if duplicate is not None:
                report.duplicates.append(duplicate)
                continue
            seen_ids.add(document.id)
            seen_hashes[document.content_hash()] = document.id
            report.documents.append(document)
    return report


def _find_duplicate(
    document: Document, seen_ids: set[str], seen_hashes: dict[str, str]
) -> Duplicate | None:
    if document.id in seen_ids:
        return Duplicate(doc_id=document.id, duplicate_of=document.id, reason="same id")
    original = seen_hashes.get(document.content_hash())
    if original is not None:
        return Duplicate(doc_id=document.id, duplicate_of=original, reason="same content")
    return None


def _expand(paths: Iterable[Path | str], report: IngestReport) -> Iterator[Path]:
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            for file in sorted(p for p in path.rglob("*") if p.is_file()):
                if any(part.startswith(".") for part in file.relative_to(path).parts):
                    continue
                if file.suffix.lower() in SUPPORTED_SUFFIXES:
                    yield file
                else:
                    report.problems.append(IngestProblem(
                        path=str(file), reason=f"skipped: unsupported file type {file.suffix or '(none)'!r}"
                    ))
        elif path.is_file():
            if path.suffix.lower() in SUPPORTED_SUFFIXES:
                yield path
            else:
                report.problems.append(IngestProblem(
                    path=str(path),
                    reason=f"unsupported file type {path.suffix or '(none)'!r}; expected one of "
                    + ", ".join(sorted(SUPPORTED_SUFFIXES)),
                ))
        else:
            report.problems.append(IngestProblem(path=str(path), reason="no such file or folder"))


def _read_file(path: Path, report: IngestReport) -> list[Document]:
    suffix = path.suffix.lower()
    try:
        data = path.read_bytes()
        if suffix in JSON_SUFFIXES:
            return _read_json(path, data, report)
        if suffix in PDF_SUFFIXES:
            documents = [_read_pdf(path)]
        elif suffix in XML_SUFFIXES:
            return _read_pubmed_xml(path, data, report)
        elif suffix in MARKDOWN_SUFFIXES:
            documents = [_read_markdown(path, _decode_text(data))]
        else:
            documents = [_read_plain_text(path, _decode_text(data))]
    except OSError as error:
        report.problems.append(IngestProblem(path=str(path), reason=f"cannot read: {error.strerror or error}"))
        return []
    except _BadFile as error:
        report.problems.append(IngestProblem(path=str(path), reason=str(error)))
        return []
    return documents


# ---------------------------------------------------------------- JSON and JSONL


def _read_json(path: Path, data: bytes, report: IngestReport) -> list[Document]:
    problems_before = len(report.problems)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise _BadFile(f"not valid UTF-8 (byte {error.start}); JSON files must be UTF-8") from None
    if path.suffix.lower() == ".json":
        try:
            parsed = json.loads(text)
        except json.JSONDecodeError as error:
            raise _BadFile(f"malformed JSON at line {error.lineno}, column {error.colno}: {error.msg}") from None
        records = parsed if isinstance(parsed, list) else [parsed]
        numbered = list(enumerate(records, start=1))
        where = "record"
    else:
        numbered = []
        for line_number, line in enumerate(text.splitlines(), start=1):
            if not line.strip():
                continue
            try:
                numbered.append((line_number, json.loads(line)))
            except json.JSONDecodeError as error:
                report.problems.append(IngestProblem(
                    path=f"{path} line {line_number}", reason=f"malformed JSON: {error.msg} (column {error.colno})"
                ))
        where = "line"
    documents = _documents_from_records(
        path, ((f"{where} {number}", record) for number, record in numbered),
        lambda record: _document_from_record(record, source=str(path)), report,
    )
    if not numbered and len(report.problems) == problems_before:
        raise _BadFile("no records")
    return documents


def _documents_from_records(
    path: Path, records: Iterable[tuple[str, Any]], read: Callable[[Any], Document], report: IngestReport
) -> list[Document]:
    """Each record read into a document; a bad one is reported by its place in the file
    ("PATH line 3", "PATH article 2") and the others still go in."""
    documents = []
    for place, record in records:
        try:
            documents.append(read(record))
        except _BadFile as error:
            report.problems.append(IngestProblem(path=f"{path} {place}", reason=str(error)))
    return documents


def _document_from_record(record: Any, source: str) -> Document:
    """One JSON object in any of the three accepted schemas."""
    if not isinstance(record, dict):
        raise _BadFile(f"expected a JSON object, found {type(record).__name__}")
    doc_id = next((record[key] for key in ("doc_id", "_id", "id", "pmid") if key in record), None)
    if doc_id is None or str(doc_id).strip() == "":
        raise _BadFile("no document id (expected 'doc_id', '_id', 'id' or 'pmid')")
    title = record.get("title") or ""
    if not isinstance(title, str):
        raise _BadFile(f"document {doc_id}: 'title' is not text")
    if isinstance(record.get("sentences"), list):
        sentences = record["sentences"]
    elif isinstance(record.get("abstract"), list):
        sentences = record["abstract"]
    elif isinstance(record.get("abstract"), str):
        sentences = split_sentences(record["abstract"])
    elif isinstance(record.get("text"), str):
        sentences = split_sentences(record["text"])
    else:
        raise _BadFile(f"document {doc_id}: no text (expected 'sentences', 'abstract' or 'text')")
    if not all(isinstance(s, str) for s in sentences):
        raise _BadFile(f"document {doc_id}: sentences must all be text")
    return _make_document(str(doc_id).strip(), title, sentences, source)


def _make_document(doc_id: str, title: str, sentences: list[str], source: str) -> Document:
    try:
        document = Document(id=doc_id, title=clean_text(title), sentences=sentences, source=source)
    except ValidationError as error:
        raise _BadFile(f"document {doc_id}: {error.errors()[0]['msg']}") from None
    if not document.sentences:
        raise _BadFile(f"document {doc_id}: no text")
    return document


# ---------------------------------------------------------------- plain text and Markdown


def _decode_text(data: bytes) -> str:
    """UTF-8 when it is; otherwise the encoding charset-normalizer finds; refuse binary data."""
    if b"\x00" in data:
        raise _BadFile("binary data, not text (contains NUL bytes)")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        best = charset_normalizer.from_bytes(data).best()
        if best is None:
            raise _BadFile("not UTF-8 and no other text encoding fits; is it a text file?") from None
        return str(best)


def _read_plain_text(path: Path, text: str) -> Document:
    lines = [line.strip() for line in text.splitlines()]
    first = next((line for line in lines if line), "")
    title = path.stem
    body = text
    if first and len(first) <= _MAX_TITLE_CHARS and not first.endswith("."):
        title = first
        body = text.split(first, 1)[1]
    # Blank lines end paragraphs; single line breaks inside a paragraph are just wrapping.
    sentences = [s for paragraph in re.split(r"\n\s*\n", body) for s in split_sentences(paragraph)]
    return _make_document(str(path.resolve()), title, sentences, str(path))


def _read_markdown(path: Path, text: str) -> Document:
    title = ""
    sentences: list[str] = []
    tokens = MarkdownIt("commonmark").parse(text)
    in_heading = False
    for token in tokens:
        if token.type == "heading_open":
            in_heading = True
        elif token.type == "heading_close":
            in_heading = False
        elif token.type == "inline":
            plain = "".join(child.content for child in token.children or [] if child.type in {"text", "code_inline"})
            if in_heading:
                # The first heading names the document; later headings are section names, not sentences.
                title = title or clean_text(plain)
            else:
                sentences.extend(split_sentences(plain))
    return _make_document(str(path.resolve()), title or path.stem, sentences, str(path))


# ---------------------------------------------------------------- PDF


def _read_pdf(path: Path) -> Document:
    try:
        reader = pypdf.PdfReader(path)
        if reader.is_encrypted and not reader.decrypt(""):
            raise _BadFile("the PDF is encrypted with a password")
        pages = [page.extract_text() or "" for page in reader.pages]
        metadata_title = (reader.metadata.title if reader.metadata else None) or ""
    except _BadFile:
        raise
    except Exception as error:  # pypdf raises many types for damaged files; all mean "unreadable PDF"
        raise _BadFile(f"unreadable PDF: {error}") from None
    text = _PDF_HYPHENATION.sub(r"\1\2", "\n".join(pages))
    if not text.strip():
        raise _BadFile("the PDF has no text layer (a scanned image?); run OCR on it first")
    sentences = [s for paragraph in re.split(r"\n\s*\n", text) for s in split_sentences(paragraph)]
    return _make_document(str(path.resolve()), str(metadata_title) or path.stem, sentences, str(path))


# ---------------------------------------------------------------- PubMed XML


def _read_pubmed_xml(path: Path, data: bytes, report: IngestReport) -> list[Document]:
    try:
        root = parse_xml(data, forbid_dtd=False)
    except ParseError as error:
        raise _BadFile(f"malformed XML: {error}") from None
    except DefusedXmlException as error:
        raise _BadFile(f"refused unsafe XML: {error}") from None
    if root.tag != "PubmedArticleSet":
        raise _BadFile(f"not PubMed XML: the root element is <{root.tag}>, expected <PubmedArticleSet>")
    problems_before = len(report.problems)
    documents = _documents_from_records(
        path, ((f"article {number}", article) for number, article in enumerate(root.iter("PubmedArticle"), start=1)),
        lambda article: _pubmed_document(article, source=str(path)), report,
    )
    if not documents and len(report.problems) == problems_before:
        raise _BadFile("no <PubmedArticle> elements")
    return documents


def _pubmed_document(article: Element, source: str) -> Document:
    pmid = _element_text(article.find("MedlineCitation/PMID"))
    if not pmid:
        raise _BadFile("article without a PMID")
    title = _element_text(article.find("MedlineCitation/Article/ArticleTitle"))
    sentences: list[str] = []
    for part in article.iterfind("MedlineCitation/Article/Abstract/AbstractText"):
        sentences.extend(split_sentences(_element_text(part)))
    if not sentences:
        raise _BadFile(f"PMID {pmid}: no abstract")
    return _make_document(pmid, title, sentences, source)


def _element_text(element: Element | None) -> str:
    # itertext keeps the words inside inline markup such as <i>, <sup> and <sub>.
    return clean_text("".join(element.itertext())) if element is not None else ""
