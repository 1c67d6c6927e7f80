"""Literature on demand within one question (issue 42): the library grows from PubMed as it is asked.

Each round, the searches the local library answers poorly (fewer than ``good_passages`` of its top
passages hold most of the query's words) go to PubMed (``retrieval.pubmed``). What comes back is
embedded and added to the index by its update (an abstract stored under the same PMID with other
content, a changed version, replaces the stored one), and its sentences are read into the claim store by the parse reader
as ``python -m corpus ensure`` reads a library, so both readers read it and it is cited like any other
paper. The trace records every query sent, what came back, what was new and how long each step took.
When the service cannot be reached, one line says so and the question is answered from the library.
Off unless ``settings.pubmed.enabled``.
"""

from __future__ import annotations

import math
import re
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from pydantic import BaseModel, Field

from engine.settings import Settings
from retrieval.pubmed.cache import FetchCache
from retrieval.pubmed.client import EUtils
from retrieval.pubmed.fetch import Budget, FetchResult, PubMedFetcher

if TYPE_CHECKING:
    from retrieval.documents import Document
    from retrieval.index import PaperIndex

_WORD = re.compile(r"[a-z0-9][a-z0-9-]{2,}")
_STOP = frozenset({"the", "and", "for", "with", "from", "into", "that", "this", "effect", "effects"})


class FetchRecord(BaseModel):
    """One query sent to PubMed (or answered by the cache) in one round."""

    round: int
    query: str
    returned: int = Field(description="PMIDs PubMed's search returned")
    taken: int = Field(description="abstracts taken, fetched or from the cache")
    new: list[str] = Field(default_factory=list, description="PMIDs that joined the library")
    from_cache: bool = False
    seconds: float = 0.0


class PubMedTrace(BaseModel):
    """What fetching on demand did in one question."""

    records: list[FetchRecord] = Field(default_factory=list)
    problems: list[str] = Field(default_factory=list, description="records that could not be read, skipped")
    calls: int = 0
    added: list[str] = Field(default_factory=list)
    seconds: dict[str, float] = Field(default_factory=dict, description="search and fetch, embed, read")
    note: str = Field("", description="one line when the service could not be reached")


def covering(query: str, texts: list[str]) -> int:
    """How many of ``texts`` hold at least two thirds of the query's words (a word's first five letters)."""
    words = {w[:5] for w in _WORD.findall(query.lower()) if w not in _STOP}
    if not words:
        return len(texts)
    need = math.ceil(len(words) * 2 / 3)
    return sum(1 for text in texts if sum(w in text.lower() for w in words) >= need)


def poorly_answered(index: PaperIndex, queries: list[str], k: int, good: int) -> list[str]:
    """The queries for which fewer than ``good`` of the library's ``k`` best passages hold their words."""
    if not queries:
        return []
    found = index.search_many(queries, k=k)
    return [query for query, passages in zip(queries, found)
            if covering(query, [f"{p.title} {p.sentence}" for p in passages]) < good]


class OnDemand:
    """One question's fetching: what it may still take, and whether the service went down."""

    def __init__(self, settings: Settings, index: PaperIndex, question: str = "",
                 fetcher: PubMedFetcher | None = None) -> None:
        self._settings = settings.pubmed
        self._question = question
        self._index = index
        self._budget = Budget(searches=self._settings.max_searches_per_question,
                              abstracts=self._settings.max_abstracts_per_question)
        self._fetcher = fetcher or make_fetcher(settings)
        # a question asked before is answered from the cache alone: the same question never fetches twice
        self._network = not (question and self._fetcher.cache.asked(question))
        self.trace = PubMedTrace()

    def round(self, round_: int, queries: list[str], say: Callable[[str], None]) -> bool:
        """Fetch for the round's poorly answered queries and add what came back; True when the library grew."""
        if self.trace.note or self._budget.abstracts <= 0:
            return False
        started = time.perf_counter()
        poor = poorly_answered(self._index, queries, k=20, good=self._settings.good_passages)
        if not poor:
            return False
        say(f"searching PubMed for {len(poor)} of {len(queries)} queries the library answers poorly")
        result = self._fetcher.fetch(poor, self._budget, self._index.has_document, network=self._network)
        self._count("search and fetch", started)
        new = self._add(result.documents, say) if result.documents else set()
        self._record(round_, result, new)
        if result.down:
            self.trace.note = f"{result.down}: answered from the local library only."
            say(self.trace.note)
        return bool(new)

    def close(self) -> None:
        """The end of the question: remembered as asked, unless PubMed could not be reached."""
        if self._question and not self.trace.note:
            self._fetcher.cache.remember_question(self._question)
        self._fetcher.close()

    def _add(self, documents: list[Document], say: Callable[[str], None]) -> set[str]:
        started = time.perf_counter()
        say(f"embedding {len(documents)} abstracts from PubMed into the library")
        added = add_to_library(self._index, documents)
        self._count("embed", started)
        started = time.perf_counter()
        read_new_claims(self._index, [d for d in documents if d.id in added], say)
        self._count("read", started)
        return added

    def _record(self, round_: int, result: FetchResult, new: set[str]) -> None:
        self.trace.records += [
            FetchRecord(round=round_, query=q.query, returned=q.returned, taken=len(q.taken),
                        new=[p for p in q.taken if p in new], from_cache=q.from_cache, seconds=q.seconds)
            for q in result.queries]
        self.trace.problems += result.problems
        self.trace.calls += result.calls
        self.trace.added += sorted(new - set(self.trace.added))

    def _count(self, step: str, started: float) -> None:
        seconds = self.trace.seconds
        seconds[step] = round(seconds.get(step, 0.0) + time.perf_counter() - started, 3)


def make_fetcher(settings: Settings) -> PubMedFetcher:
    pubmed = settings.pubmed

    def client() -> EUtils:
        key = pubmed.api_key.get_secret_value() if pubmed.api_key is not None else None
        return EUtils(pubmed.base_url, api_key=key, email=pubmed.email, tool=pubmed.tool,
                      timeout_s=pubmed.timeout_s, max_retries=pubmed.max_retries, backoff_s=pubmed.backoff_s)

    return PubMedFetcher(FetchCache(settings.resolved_pubmed_cache), client, pubmed.per_query)


def add_to_library(index: PaperIndex, documents: list[Document]) -> set[str]:
    """Add ``documents`` to the index through its update (``PaperIndex.update_documents``): one stored
    under the same id with other content (a changed version) replaces the stored one, the same content
    again is left out. The ids new to the library or replaced."""
    return set(index.update_documents(documents).added)


def read_new_claims(index: PaperIndex, documents: list[Document], say: Callable[[str], None]) -> int:
    """Read the documents' sentences into the index's claim store with the parse reader, as
    ``python -m corpus ensure`` reads a library."""
    from engine.reading.parse.store import read_library

    if not any(d.sentences for d in documents) or getattr(index, "index_dir", None) is None:
        return 0
    return read_library(index.index_dir, [d.sentences for d in documents], say=say)
