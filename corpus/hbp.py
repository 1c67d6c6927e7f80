"""The default corpus: evidence sentences of the Human Brain Pharmacome knowledge, grouped by paper.

The ``hbp-knowledge`` package (CC BY 4.0, Fraunhofer SCAI) ships ``_cache.bel.json``, a node-link JSON
graph whose links carry the curators' ``evidence`` text and a ``citation`` (PubMed id or DOI, title).
It is read here as plain JSON: the package's BEL libraries are never imported, and the curated
relations themselves are left out, so Causeway has to find relations by reading the sentences.
"""

from __future__ import annotations

import importlib.metadata
import importlib.util
import json
from pathlib import Path

from retrieval.documents import Document, clean_text

PACKAGE = "hbp_knowledge"
DISTRIBUTION = "hbp-knowledge"
CACHE_FILE = "_cache.bel.json"
# Citation types that name a paper; the few URL citations point at database records, not papers.
PAPER_CITATIONS = ("PubMed", "DOI")


class CorpusError(RuntimeError):
    """The default corpus source is missing or unreadable; the message says what to install or fix."""


def cache_path() -> Path:
    """Where the installed package keeps ``_cache.bel.json`` (found without importing the package)."""
    spec = importlib.util.find_spec(PACKAGE)
    if spec is None or spec.origin is None:
        raise CorpusError(f"the default corpus needs the '{DISTRIBUTION}' package: install requirements.txt")
    path = Path(spec.origin).parent / CACHE_FILE
    if not path.is_file():
        raise CorpusError(f"{path} is missing from the installed '{DISTRIBUTION}' package")
    return path


def corpus_label() -> str:
    """Names the source and its version; stored in the index manifest to spot a package upgrade."""
    return f"{DISTRIBUTION} {importlib.metadata.version(DISTRIBUTION)}"


def load_documents(path: Path | None = None) -> list[Document]:
    """One document per cited paper: its title and its distinct evidence texts in first-seen order."""
    path = path or cache_path()
    try:
        graph = json.loads(path.read_text(encoding="utf-8"))
        links = graph["links"]
    except (OSError, UnicodeDecodeError, json.JSONDecodeError, KeyError, TypeError) as error:
        raise CorpusError(f"cannot read the HBP knowledge graph {path}: {error}") from None
    titles: dict[str, str] = {}
    evidence: dict[str, dict[str, None]] = {}  # an insertion-ordered set per paper
    for link in links:
        citation = link.get("citation") or {}
        reference = str(citation.get("reference") or "").strip()
        text = clean_text(str(link.get("evidence") or ""))
        if citation.get("type") not in PAPER_CITATIONS or not reference or not text:
            continue
        titles.setdefault(reference, clean_text(str(citation.get("title") or "")))
        evidence.setdefault(reference, {})[text] = None
    source = f"{corpus_label()} ({CACHE_FILE}, CC BY 4.0)"
    return [
        Document(id=reference, title=titles[reference] or f"PubMed {reference}", sentences=list(texts), source=source)
        for reference, texts in evidence.items()
    ]
