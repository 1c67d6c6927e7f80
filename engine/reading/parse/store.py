"""The parse reader's claims of a whole library, read once and kept beside the paper index.

A parser reads on the order of a hundred sentences a second, far too slow to read hundreds of
retrieved passages per question, so the library is read when its index is built
(``python -m corpus ensure``, ``python -m retrieval build|add``) and each sentence's claims are
stored in ``parse_claims.jsonl`` in the index folder: a header line with the reader's version, then
one line per sentence keyed by a hash of its text (the same sentence in two papers is read once), or
of its text and the sentence before it where it names an entity through that one (``ClaimStore``).
At question time ``ClaimStore.claims`` looks sentences up and parses only those it lacks (papers
added since, kept in memory). The version is a digest of the source of every engine module the
reader runs and the parser's name, so a changed reader re-reads the library instead of serving stale
claims.

Reading records its progress: each step of ``FILL_STEP`` sentences is appended and synced to disk,
so a reading cut short (a killed ``add``) keeps what it read, and the next ``add`` or ``corpus
ensure`` reads only the rest. A store of another reader version is read again (said so); a store
whose header is not a reader header is damaged and refused with one line naming the file and the
way out (``ClaimStoreDamaged``), never dropped in silence: its claims would change answers.
"""

from __future__ import annotations

import ast
import hashlib
import json
import os
import threading
from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache
from importlib.metadata import version
from pathlib import Path

import filelock
import spacy

from engine.assembly.grounding.lexicon import LexiconError, input_digest
from engine.model.annotations import Annotation
from engine.reading.parse.parsing import PIPELINE
from engine.reading.parse.reader import read_in_context
from retrieval import faults

STORE_FILE = "parse_claims.jsonl"
_LOCK_FILE = ".parse_claims.lock"
_ENGINE = Path(__file__).resolve().parents[2]
# Sentences parsed and written per step while a library is read (progress is reported per step).
FILL_STEP = 256


@lru_cache(maxsize=1)
def reader_version() -> str:
    """A digest of the parser's name and the source of every engine module the reader runs: its own,
    and those it imports directly or not (the lexicon, the rule reader's modules it reads with, the
    annotation model), the version of the word list that mends words split at line ends, and the inputs
    of the grounding lexicon (its curated names keep words of change in a name). A change to any of them
    re-reads the library."""
    digest = hashlib.sha256(f"{PIPELINE} spacy {spacy.__version__} wordfreq {version('wordfreq')}".encode())
    digest.update(_lexicon_inputs().encode())
    for path in reader_sources():
        digest.update(str(path.relative_to(_ENGINE.parent)).encode() + path.read_bytes())
    return digest.hexdigest()[:16]


def _lexicon_inputs() -> str:
    try:
        return input_digest()
    except LexiconError:
        return "no lexicon"


def reader_sources(module: str = "engine.reading.parse.reader") -> list[Path]:
    """The source files of ``module`` and of every engine module it imports, found in the import
    statements; a module's packages count too (their ``__init__`` runs when it is imported), and the
    data files (TOML) beside any of them, such as the lexicon's word lists."""
    found: set[Path] = set()
    todo = [module]
    while todo:
        name = todo.pop()
        path = _module_path(name)
        if path is None or path in found:
            continue
        found.add(path)
        todo += [name.rsplit(".", 1)[0]] if "." in name else []  # its package's __init__
        todo += _engine_imports(path)
    return sorted(found | {data for path in found for data in path.parent.glob("*.toml")})


def _engine_imports(path: Path) -> list[str]:
    names: list[str] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.split(".")[0] == "engine":
            names += [node.module] + [f"{node.module}.{alias.name}" for alias in node.names]
        elif isinstance(node, ast.Import):
            names += [alias.name for alias in node.names if alias.name.split(".")[0] == "engine"]
    return names


def _module_path(name: str) -> Path | None:
    base = _ENGINE.parent.joinpath(*name.split("."))
    for candidate in (base.with_suffix(".py"), base / "__init__.py"):
        if candidate.is_file():
            return candidate
    return None


class ClaimStoreDamaged(OSError):
    """The claim store file is damaged (its header is not a reader header); the message names the
    file and the way out. An OSError, as an unreadable file is: command lines report it in one line."""


def sentence_key(sentence: str) -> str:
    return hashlib.sha256(sentence.encode("utf-8")).hexdigest()[:20]


def context_key(before: str, sentence: str) -> str:
    """The key of a sentence read through the one before it (an anaphor resolved there)."""
    return sentence_key(f"{before}\n{sentence}")


# A sentence with the sentence before it in its paper (None for a paper's first sentence, or where
# the context is not known).
InContext = tuple[str | None, str]


def in_order(sentences: Sequence[str]) -> list[InContext]:
    """A paper's sentences, each with the one before it."""
    return list(zip([None, *sentences[:-1]], sentences))


def alone(sentences: Iterable[str]) -> list[InContext]:
    """Sentences read without the sentence before them."""
    return [(None, s) for s in sentences]


class ClaimStore:
    """Each sentence's parse-reader annotations, from the file in ``index_dir`` (when there is one
    of the current reader version) and from parsing what it lacks.

    A sentence is stored under the key of its text, or, where a side was named through the sentence
    before (``Annotation.named_before``), under the key of both: looked up by the second, then the
    first. The same sentence in two papers is read once, unless the first reading named an entity
    through its sentence before: then it is read again in the other paper."""

    def __init__(self, index_dir: Path | None) -> None:
        self.path = None if index_dir is None else Path(index_dir) / STORE_FILE
        self._claims: dict[str, list[dict]] = {}
        self._lock = threading.Lock()
        # lines of the file that could not be read (their sentences are read again)
        self.damaged_lines = 0
        # the reader version the file was written by, when another than this one (its claims unused)
        self.other_version: str | None = None
        if self.path is not None:
            self._claims, self.damaged_lines, self.other_version = _load(self.path)

    def __len__(self) -> int:
        return len(self._claims)

    def claims(self, sentences: Sequence[InContext]) -> list[list[Annotation]]:
        """The annotations of each sentence; sentences not stored are parsed now (and remembered
        in memory only: the file is written when papers are indexed)."""
        while missing := self.missing(sentences):  # again for a sentence met in a second context
            with self._lock:
                for pair, annotations in zip(missing, read_in_context(missing)):
                    self._claims[_key(pair, annotations)] = _records(annotations)
        return [[Annotation(**record, text=s) for record in self._stored(before, s)] for before, s in sentences]

    def fill(self, sentences: Sequence[InContext], progress: Callable[[int, int], None] | None = None) -> int:
        """Parse every sentence not yet stored and append its claims to the file; the count read."""
        if self.path is None:
            raise ValueError("this claim store has no folder to write to")
        with filelock.FileLock(self.path.parent / _LOCK_FILE):
            self._claims = {**_load(self.path)[0], **self._claims}
            if not self.path.exists() or _stored_version(self.path) != reader_version():
                self._rewrite()
            _drop_cut_line(self.path)
            read = 0
            while missing := self.missing(sentences):  # again for a sentence met in a second context
                self._append(missing, progress)
                read += len(missing)
        return read

    def _append(self, missing: list[InContext], progress: Callable[[int, int], None] | None) -> None:
        assert self.path is not None
        with self.path.open("a", encoding="utf-8") as out:
            for start in range(0, len(missing), FILL_STEP):
                step = missing[start:start + FILL_STEP]
                for pair, annotations in zip(step, read_in_context(step)):
                    key = _key(pair, annotations)
                    self._claims[key] = _records(annotations)
                    out.write(json.dumps({"key": key, "claims": self._claims[key]}, ensure_ascii=False) + "\n")
                out.flush()
                os.fsync(out.fileno())  # the progress recorded: a reading cut short resumes after it
                faults.step("claims step appended")
                if progress is not None:
                    progress(min(start + FILL_STEP, len(missing)), len(missing))

    def missing(self, sentences: Iterable[InContext]) -> list[InContext]:
        """The sentences the store has no claims for, each once (in its first context)."""
        found: dict[str, InContext] = {}
        for before, sentence in sentences:
            if sentence not in found and self._stored(before, sentence) is None:
                found[sentence] = (before, sentence)
        return list(found.values())

    def has(self, sentence: InContext) -> bool:
        return self._stored(*sentence) is not None

    def _stored(self, before: str | None, sentence: str) -> list[dict] | None:
        if before is not None and (records := self._claims.get(context_key(before, sentence))) is not None:
            return records
        return self._claims.get(sentence_key(sentence))

    def _rewrite(self) -> None:
        """Start the file afresh (no file yet, or one of an older reader) with what is in memory."""
        assert self.path is not None
        tmp = self.path.with_suffix(".tmp")
        with tmp.open("w", encoding="utf-8") as out:
            out.write(json.dumps({"reader_version": reader_version(), "pipeline": PIPELINE}) + "\n")
            for key, records in self._claims.items():
                out.write(json.dumps({"key": key, "claims": records}, ensure_ascii=False) + "\n")
            out.flush()
            os.fsync(out.fileno())
        faults.step("claims store written beside")
        tmp.replace(self.path)
        faults.step("claims store switched")


def _key(pair: InContext, annotations: list[Annotation]) -> str:
    before, sentence = pair
    if before is not None and any(a.named_before for a in annotations):
        return context_key(before, sentence)
    return sentence_key(sentence)


def _records(annotations: list[Annotation]) -> list[dict]:
    return [a.model_dump(exclude={"text"}) for a in annotations]


def _stored_version(path: Path) -> str | None:
    """The reader version in the file's header; None when there is no file. A header that is not
    a reader header (garbled, cut, empty file) raises ClaimStoreDamaged: that is damage, not
    another version."""
    try:
        with path.open("rb") as handle:
            first = handle.readline()
    except FileNotFoundError:
        return None
    try:
        header = json.loads(first)
        version = header["reader_version"]
        if not isinstance(version, str) or not version:
            raise TypeError("no reader version")
    except (ValueError, KeyError, TypeError):  # ValueError covers bad JSON and bad UTF-8
        reason = "the file is empty" if not first else "its first line is not a reader header"
        raise ClaimStoreDamaged(
            f"the claim store {path} is damaged ({reason}); move it aside and run "
            f"`python -m corpus ensure --index {path.parent}` to read the library's claims again"
        ) from None
    return version


def _load(path: Path) -> tuple[dict[str, list[dict]], int, str | None]:
    """The stored claims, the number of lines that could not be read, and the file's reader version
    when it is another one (then no claims). A line cut short (a fill interrupted mid-write) is
    skipped; its sentence is read again."""
    stored = _stored_version(path)
    if stored is None:
        return {}, 0, None
    if stored != reader_version():
        return {}, 0, stored
    claims: dict[str, list[dict]] = {}
    damaged = 0
    with path.open("rb") as handle:
        handle.readline()
        for line in handle:
            try:
                record = json.loads(line)
                claims[record["key"]] = list(record["claims"])
            except (ValueError, KeyError, TypeError):
                damaged += 1
    return claims, damaged, None


def _drop_cut_line(path: Path) -> None:
    """Cut a last line left without its newline by a fill killed mid-write, so that what is
    appended next starts on a line of its own."""
    with path.open("rb+") as handle:
        size = handle.seek(0, os.SEEK_END)
        if size == 0:
            return
        handle.seek(max(0, size - 1))
        if handle.read(1) == b"\n":
            return
        tail = 1 << 16
        while True:
            start = max(0, size - tail)
            handle.seek(start)
            chunk = handle.read(size - start)
            end = chunk.rfind(b"\n")
            if end >= 0 or start == 0:
                handle.truncate(start + end + 1 if end >= 0 else 0)
                return
            tail *= 2


def check_store(index_dir: Path) -> list[str]:
    """Problems of the claim store of ``index_dir``, one line each (none when it is sound or absent)."""
    try:
        store = ClaimStore(index_dir)
    except ClaimStoreDamaged as error:
        return [str(error)]
    if store.damaged_lines:
        return [f"the claim store {store.path} has {store.damaged_lines} unreadable line(s); their sentences "
                f"are read again by `python -m corpus ensure --index {index_dir}`"]
    return []


_OPEN: dict[Path, tuple[float, ClaimStore]] = {}
_OPEN_LOCK = threading.Lock()


def store_for(index_dir: Path | None) -> ClaimStore:
    """The claim store of an index folder, shared in this process and reloaded when the file
    changed (another program read papers into it); an empty one kept in memory for an index
    without a folder."""
    if index_dir is None:
        return ClaimStore(None)
    path = Path(index_dir) / STORE_FILE
    stamp = path.stat().st_mtime if path.exists() else 0.0
    with _OPEN_LOCK:
        cached = _OPEN.get(path)
        if cached is None or cached[0] != stamp:
            cached = (stamp, ClaimStore(Path(index_dir)))
            _OPEN[path] = cached
        return cached[1]


def read_library(index_dir: Path, documents: Iterable[Sequence[str]], say: Callable[[str], None] = print,
                 progress: Callable[[int, int], None] | None = None) -> int:
    """Read every sentence of a library (its papers' sentences, each paper in order) that the store
    of ``index_dir`` lacks; says what it did."""
    store = ClaimStore(index_dir)
    if store.other_version is not None:
        say(f"the stored claims were read by another reader version ({store.other_version}); reading them again")
    missing = store.missing(pair for sentences in documents for pair in in_order(sentences))
    if missing:
        say(f"reading {len(missing)} sentences with the dependency-parse reader ({PIPELINE})")
    return store.fill(missing, progress)
