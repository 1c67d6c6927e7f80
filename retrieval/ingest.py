"""Read papers from files and folders into ``Document``s, reporting every bad file by name.

Formats: JSONL/JSON (the SciFact ``corpus.jsonl`` schema, the BEIR ``{_id, title, text}`` schema and
this project's own ``{id, title, sentences}``), plain text, Markdown, PDF (pypdf) and PubMed XML
(``PubmedArticleSet`` as saved from PubMed or the gzipped baseline and update files ``pubmed*.xml.gz``,
parsed with defusedxml). A file that cannot be read becomes an ``IngestProblem`` with the reason; the rest
of the batch still goes in.

``iter_documents`` reads as a stream: JSONL line by line, PubMed XML one ``<PubmedArticle>`` at a time
(a broken record is reported with its file, article number and line and skipped, the records after it
still go in), and other files one at a time, so memory does not grow with the input beyond the
duplicate check (two 8-byte digests per document). Citations deleted by a ``<DeleteCitation>`` in a
PubMed file are left out unless a later file brings them back.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import re
import zlib
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import IO, Any
from xml.etree.ElementTree import Element, ParseError

import charset_normalizer
import pypdf
from defusedxml import DefusedXmlException
from defusedxml.ElementTree import fromstring as parse_xml
from markdown_it import MarkdownIt
from pydantic import BaseModel, ValidationError

from retrieval.documents import MAX_TEXT_CHARS, Document, TextTooLong, clean_text, split_sentences

JSON_SUFFIXES = frozenset({".jsonl", ".ndjson", ".json"})
TEXT_SUFFIXES = frozenset({".txt", ".text"})
MARKDOWN_SUFFIXES = frozenset({".md", ".markdown"})
PDF_SUFFIXES = frozenset({".pdf"})
XML_SUFFIXES = frozenset({".xml"})
SUPPORTED_SUFFIXES = JSON_SUFFIXES | TEXT_SUFFIXES | MARKDOWN_SUFFIXES | PDF_SUFFIXES | XML_SUFFIXES
# Gzipped files are read as streams when what is inside is XML or JSONL (PubMed ships .xml.gz).
GZIP_INNER_SUFFIXES = frozenset({".xml", ".jsonl", ".ndjson"})

# A JSON record that can hold MAX_TEXT_CHARS of text, each written out as \uXXXX at worst; longer
# lines are refused unread.
MAX_RECORD_BYTES = 6 * MAX_TEXT_CHARS + 100_000
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
    # read, but not quite as written (text that is not UTF-8, decoded in the encoding that fits best)
    warnings: list[IngestProblem] = []
    duplicates: list[Duplicate] = []
    deleted: list[str] = []  # PMIDs left out because a PubMed file deletes them
    deletions: list[str] = []  # every PMID a <DeleteCitation> of the files names (to update an index)


class _BadFile(Exception):
    """Raised inside a reader; becomes an IngestProblem for that file."""


ProgressCallback = Callable[[int, int], None]


def ingest_paths(paths: Iterable[Path | str], progress: ProgressCallback | None = None) -> IngestReport:
    """Read every supported file under ``paths`` (files or folders, folders recursively);
    ``progress(bytes read, bytes in all)`` after each document and file."""
    report = IngestReport()
    report.documents = list(iter_documents(paths, report, progress))
    return report


def iter_documents(
    paths: Iterable[Path | str], report: IngestReport, progress: ProgressCallback | None = None
) -> Iterator[Document]:
    """The documents under ``paths`` one at a time, in file order; problems, duplicates and deleted
    citations go into ``report`` (whose ``documents`` stays untouched)."""
    files = expand_paths(paths, report)
    deletions = _pubmed_deletions(files, report)
    report.deletions = sorted(deletions)
    seen = SeenDocuments()
    sizes = [_size(file) for file in files]
    total = sum(sizes)
    for position, file in enumerate(files):
        done = sum(sizes[:position])
        where = _Position()
        for document in _read_file(file, report, where):
            if progress is not None:
                progress(min(done + where.bytes, total), total)
            if deletions.get(document.id, -1) >= position:
                report.deleted.append(document.id)
                continue
            duplicate = seen.duplicate(document)
            if duplicate is not None:
                report.duplicates.append(duplicate)
                continue
            yield document
        if progress is not None:
            progress(done + sizes[position], total)


def _size(path: Path) -> int:
    try:
        return path.stat().st_size
    except OSError:
        return 0


class _Position:
    """How far into its file (bytes on disk) a streaming reader is, for progress."""

    def __init__(self) -> None:
        self.bytes = 0


def _on_disk_position(stream: IO[bytes]) -> int:
    """Bytes of the file on disk read so far (for a gzip stream, of the compressed file)."""
    raw = getattr(stream, "fileobj", None) or stream
    try:
        return raw.tell()
    except (OSError, ValueError):
        return 0


class SeenDocuments:
    """Ids and content hashes met so far, as 8-byte digests (with the first id of each content, for the
    duplicate's message): about 150 bytes per document, so tens of millions fit in a few GB."""

    def __init__(self) -> None:
        self._ids: set[int] = set()
        self._contents: dict[int, str] = {}

    def duplicate(self, document: Document) -> Duplicate | None:
        return self.check(document.id, document.content_hash())

    def check(self, doc_id: str, content_hash: str) -> Duplicate | None:
        """The duplicate a document of this id and ``Document.content_hash`` would be, or None (it is
        then remembered)."""
        doc_key = _digest(doc_id.encode())
        content_key = int(content_hash[:16], 16)
        if doc_key in self._ids:
            return Duplicate(doc_id=doc_id, duplicate_of=doc_id, reason="same id")
        original = self._contents.get(content_key)
        if original is not None:
            return Duplicate(doc_id=doc_id, duplicate_of=original, reason="same content")
        self._ids.add(doc_key)
        self._contents[content_key] = doc_id
        return None


def _digest(data: bytes) -> int:
    return int.from_bytes(hashlib.blake2b(data, digest_size=8).digest(), "big")


def file_kind(path: Path) -> str:
    """The reading suffix of a file: its own, or for ``NAME.xml.gz`` / ``NAME.jsonl.gz`` the inner one
    (prefixed ``.gz``), or "" when it is not a supported file."""
    suffix = path.suffix.lower()
    if suffix == ".gz":
        inner = Path(path.stem).suffix.lower()
        return f".gz{inner}" if inner in GZIP_INNER_SUFFIXES else ""
    return suffix if suffix in SUPPORTED_SUFFIXES else ""


def expand_paths(paths: Iterable[Path | str], report: IngestReport) -> list[Path]:
    """The supported files under ``paths`` (folders recursively, in name order, hidden ones skipped);
    each path or file left out goes into ``report`` with the reason."""
    return list(_expand(paths, report))


def _expand(paths: Iterable[Path | str], report: IngestReport) -> Iterator[Path]:
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            hidden: set[Path] = set()
            for file in sorted(p for p in path.rglob("*") if p.is_file()):
                parts = file.relative_to(path).parts
                dotted = next((i for i, part in enumerate(parts) if part.startswith(".")), None)
                if dotted is not None:  # one line per hidden file or folder, not per file inside
                    top = path.joinpath(*parts[:dotted + 1])
                    if top not in hidden:
                        hidden.add(top)
                        report.problems.append(IngestProblem(
                            path=str(top), reason="skipped: hidden (its name starts with a dot); "
                                                  "rename it to have it read"))
                    continue
                if file_kind(file):
                    yield file
                else:
                    report.problems.append(IngestProblem(
                        path=str(file), reason=f"skipped: unsupported file type {file.suffix or '(none)'!r}"
                    ))
        elif path.is_file():
            if file_kind(path):
                yield path
            else:
                report.problems.append(IngestProblem(
                    path=str(path),
                    reason=f"unsupported file type {path.suffix or '(none)'!r}; expected one of "
                    + ", ".join(sorted(SUPPORTED_SUFFIXES | {".xml.gz", ".jsonl.gz"})),
                ))
        else:
            report.problems.append(IngestProblem(path=str(path), reason="no such file or folder"))


def _open_stream(path: Path) -> IO[bytes]:
    return gzip.open(path, "rb") if path.suffix.lower() == ".gz" else open(path, "rb")


def read_file(path: Path, report: IngestReport) -> Iterator[Document]:
    """The documents of one supported file, in order, as they are before duplicates and deleted
    citations are left out (``iter_documents`` does that across files); problems go into ``report``."""
    return _read_file(path, report)


def pubmed_deletions(path: Path) -> list[str]:
    """The PMIDs the <DeleteCitation> blocks of one PubMed XML file name (none for other files)."""
    return list(_pubmed_deletions([path], IngestReport()))


def _read_file(path: Path, report: IngestReport, where: _Position | None = None) -> Iterator[Document]:
    """The documents of one file, streamed for JSONL and PubMed XML; a problem with the whole file
    (or with the rest of it, after a read error) becomes an IngestProblem naming it."""
    kind = file_kind(path).removeprefix(".gz")
    where = where or _Position()
    try:
        if kind in (".jsonl", ".ndjson"):
            yield from _read_jsonl(path, report, where)
        elif kind in XML_SUFFIXES:
            yield from _read_pubmed_xml(path, report, where)
        elif kind in JSON_SUFFIXES:
            yield from _read_json(path, path.read_bytes(), report)
        elif kind in PDF_SUFFIXES:
            yield _read_pdf(path)
        elif kind in MARKDOWN_SUFFIXES:
            yield _read_markdown(path, _decode_text(path, path.read_bytes(), report))
        else:
            yield _read_plain_text(path, _decode_text(path, path.read_bytes(), report))
    except (OSError, EOFError, zlib.error) as error:  # gzip raises all three for damaged archives
        reason = getattr(error, "strerror", None) or str(error) or type(error).__name__
        report.problems.append(IngestProblem(path=str(path), reason=f"cannot read: {reason}"))
    except (_BadFile, TextTooLong) as error:
        report.problems.append(IngestProblem(path=str(path), reason=str(error)))


# ---------------------------------------------------------------- JSON and JSONL


def _read_json(path: Path, data: bytes, report: IngestReport) -> list[Document]:
    """A ``.json`` file: one object or an array of them (read whole; use JSONL for large sets)."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise _BadFile(f"not valid UTF-8 (byte {error.start}); JSON files must be UTF-8") from None
    try:
        parsed = json.loads(text)
    except json.JSONDecodeError as error:
        raise _BadFile(f"malformed JSON at line {error.lineno}, column {error.colno}: {error.msg}") from None
    records = parsed if isinstance(parsed, list) else [parsed]
    if not records:
        raise _BadFile("no records")
    return _documents_from_records(
        path, ((f"record {number}", record) for number, record in enumerate(records, start=1)),
        lambda record: _document_from_record(record, source=str(path)), report,
    )


def _read_jsonl(path: Path, report: IngestReport, where: _Position) -> Iterator[Document]:
    """One document per line, read line by line; a bad line is reported by number and skipped. A file
    whose first line is not UTF-8 is refused whole (it is another encoding, not one damaged line)."""
    records = 0
    with _open_stream(path) as stream:
        for line_number, raw in enumerate(stream, start=1):
            try:
                line = raw.decode("utf-8-sig" if line_number == 1 else "utf-8")
            except UnicodeDecodeError as error:
                if records == 0:
                    raise _BadFile(f"not valid UTF-8 (byte {error.start}); JSON files must be UTF-8") from None
                report.problems.append(IngestProblem(path=f"{path} line {line_number}", reason="not valid UTF-8"))
                continue
            if not line.strip():
                continue
            records += 1
            where.bytes = _on_disk_position(stream)
            if len(raw) > MAX_RECORD_BYTES:  # refused before parsing: a huge line costs no more than its reading
                report.problems.append(IngestProblem(
                    path=f"{path} line {line_number}",
                    reason=f"a record of {len(raw):,} bytes, over the limit of {MAX_RECORD_BYTES:,}; split it "
                           "into several records (one per paper or chapter)"))
                continue
            try:
                record = json.loads(line)
            except json.JSONDecodeError as error:
                report.problems.append(IngestProblem(
                    path=f"{path} line {line_number}", reason=f"malformed JSON: {error.msg} (column {error.colno})"
                ))
                continue
            yield from _documents_from_records(
                path, [(f"line {line_number}", record)], lambda r: _document_from_record(r, source=str(path)), report)
    if records == 0:
        raise _BadFile("no records")


def _documents_from_records(
    path: Path, records: Iterable[tuple[str, Any]], read: Callable[[Any], Document], report: IngestReport
) -> list[Document]:
    """Each record read into a document; a bad one is reported by its place in the file
    ("PATH line 3", "PATH article 2") and the others still go in."""
    documents = []
    for place, record in records:
        try:
            documents.append(read(record))
        except (_BadFile, TextTooLong) as error:
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


def _decode_text(path: Path, data: bytes, report: IngestReport) -> str:
    """UTF-8 when it is; otherwise the encoding charset-normalizer finds, with a warning naming the
    file (its accents may read wrongly); refuse binary data."""
    if b"\x00" in data:
        raise _BadFile("binary data, not text (contains NUL bytes)")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        best = charset_normalizer.from_bytes(data).best()
        if best is None:
            raise _BadFile("not UTF-8 and no other text encoding fits; is it a text file?") from None
        report.warnings.append(IngestProblem(
            path=str(path), reason=f"not valid UTF-8 (byte {error.start}): read as {best.encoding}; "
                                   "check its accented letters, or save it as UTF-8 and add it again"))
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


# A record is one <PubmedArticle> (or <PubmedBookArticle>, which has no MedlineCitation abstract and is
# reported) or one <DeleteCitation> block of an update file.
_RECORD_START = re.compile(rb"<(PubmedArticle|PubmedBookArticle|DeleteCitation)[\s>]")
_PROLOG = re.compile(rb"<\?.*?\?>|<!--.*?-->|<!DOCTYPE[^>]*>", re.DOTALL)
_FIRST_TAG = re.compile(rb"<([A-Za-z_][\w.:-]*)")
_READ_BLOCK = 1 << 18


def _pubmed_records(path: Path, where: _Position | None = None) -> Iterator[tuple[str, int, bytes]]:
    """(tag, line, bytes) of each record of a PubMed XML file, read a block at a time. Records are cut
    at their tags before parsing, so one malformed record does not take the rest of the file with it:
    a record that never closes ends where the next one starts (or at the end of the file)."""
    with _open_stream(path) as stream:
        buffer = stream.read(_READ_BLOCK)
        _check_pubmed_root(buffer)
        position, line = 0, 1  # where the unread part of the buffer starts, and its line number
        while True:
            start = _RECORD_START.search(buffer, position)
            close = following = None
            if start is not None:
                tag = start.group(1)
                close = buffer.find(b"</" + tag + b">", start.end())
                following = _RECORD_START.search(buffer, start.end())
            if start is None or (close < 0 and following is None):
                more = stream.read(_READ_BLOCK)
                if more:  # keep the tail: a tag may straddle two blocks
                    keep = position if start is not None else max(position, len(buffer) - 64)
                    line += buffer.count(b"\n", position, keep)
                    buffer, position = buffer[keep:] + more, 0
                    continue
                if start is None:
                    return
                stop = len(buffer)  # the file ends inside this record
            elif close >= 0 and (following is None or close < following.start()):
                stop = close + len(tag) + 3
            else:
                stop = following.start()  # never closed: a broken record, up to the next one
            line += buffer.count(b"\n", position, start.start())
            if where is not None:
                where.bytes = _on_disk_position(stream)
            yield tag.decode(), line, buffer[start.start():stop]
            line += buffer.count(b"\n", start.start(), stop)
            position = stop


def _check_pubmed_root(head: bytes) -> None:
    first = _FIRST_TAG.search(_PROLOG.sub(b"", head[:65536]))
    if first is None:
        raise _BadFile("not PubMed XML: no element found")
    root = first.group(1).decode(errors="replace")
    if root != "PubmedArticleSet":
        raise _BadFile(f"not PubMed XML: the root element is <{root}>, expected <PubmedArticleSet>")


def _read_pubmed_xml(path: Path, report: IngestReport, where: _Position | None = None) -> Iterator[Document]:
    articles = 0
    for tag, line, record in _pubmed_records(path, where):
        if tag == "DeleteCitation":
            continue
        articles += 1
        place = f"{path} article {articles} (line {line})"
        try:
            yield _pubmed_document(_parse_record(record), source=str(path))
        except (_BadFile, TextTooLong) as error:
            report.problems.append(IngestProblem(path=place, reason=str(error)))
    if articles == 0:
        raise _BadFile("no <PubmedArticle> elements")


def _parse_record(record: bytes) -> Element:
    try:
        return parse_xml(record)
    except ParseError as error:
        raise _BadFile(f"malformed XML: {error}") from None
    except DefusedXmlException as error:
        raise _BadFile(f"refused unsafe XML: {error}") from None


def _pubmed_deletions(files: list[Path], report: IngestReport) -> dict[str, int]:
    """PMID -> position (in ``files``) of the last PubMed file that deletes it. A first pass over the
    XML files that parses only the <DeleteCitation> blocks (update files end with one)."""
    deleted: dict[str, int] = {}
    for position, file in enumerate(files):
        if file_kind(file).removeprefix(".gz") not in XML_SUFFIXES:
            continue
        try:
            for tag, _, record in _pubmed_records(file):
                if tag == "DeleteCitation":
                    for pmid in _parse_record(record).iter("PMID"):
                        deleted[_element_text(pmid)] = position
        except (OSError, EOFError, zlib.error, _BadFile):
            continue  # reported when the file is read for its articles
    return deleted


def _pubmed_document(article: Element, source: str) -> Document:
    if article.tag != "PubmedArticle":
        raise _BadFile(f"<{article.tag}> is not a journal article citation")
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
