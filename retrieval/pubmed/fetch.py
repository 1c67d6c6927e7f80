"""Queries to PubMed and abstracts back: ESearch each query, EFetch the abstracts not yet fetched.

``PubMedFetcher.fetch`` takes a round's queries and a ``Budget`` (what one question may still send
and take) and returns a ``FetchResult``: per query the PMIDs returned and the abstracts taken, the
documents (fetched ones marked with their query and date), the records that could not be read, the
HTTP calls made and, when the service could not be reached, one line saying so. The cache answers
every query and PMID it holds, so a question asked again sends nothing.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date

from retrieval.documents import Document
from retrieval.pubmed.cache import FetchCache
from retrieval.pubmed.client import EUtils, ServiceDown
from retrieval.pubmed.records import fetched_source, read_efetch


@dataclass
class Budget:
    """What one question may still send to PubMed and take from it."""

    searches: int
    abstracts: int


@dataclass
class QueryFetch:
    query: str
    returned: int = 0
    taken: list[str] = field(default_factory=list)
    from_cache: bool = False
    seconds: float = 0.0


@dataclass
class FetchResult:
    queries: list[QueryFetch] = field(default_factory=list)
    documents: list[Document] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    calls: int = 0
    down: str = ""


class PubMedFetcher:
    def __init__(self, cache: FetchCache, client: Callable[[], EUtils], per_query: int) -> None:
        self.cache = cache
        self._make_client = client
        self._client: EUtils | None = None
        self.per_query = per_query

    def fetch(self, queries: list[str], budget: Budget, in_library: Callable[[str], bool]) -> FetchResult:
        """Abstracts for ``queries``: each PMID not in the library (``in_library``) is taken from the
        cache, and the rest of the query's PMIDs not yet fetched from EFetch, within ``budget``."""
        result = FetchResult()
        calls_before = self._client.calls if self._client else 0
        for query in queries:
            if budget.abstracts <= 0:
                break
            started = time.perf_counter()
            record = QueryFetch(query=query)
            try:
                self._fetch_query(record, budget, in_library, result)
            except ServiceDown as error:
                result.down = str(error)
                break
            finally:
                record.seconds = round(time.perf_counter() - started, 3)
                result.queries.append(record)
        result.calls = (self._client.calls if self._client else 0) - calls_before
        return result

    def close(self) -> None:
        if self._client is not None:
            self._client.close()

    def _fetch_query(self, record: QueryFetch, budget: Budget, in_library: Callable[[str], bool],
                     result: FetchResult) -> None:
        pmids = self.cache.pmids(record.query, self.per_query)
        record.from_cache = pmids is not None
        if pmids is None:
            if budget.searches <= 0:
                return
            budget.searches -= 1
            pmids = self.client().esearch(record.query, self.per_query)
            self.cache.remember_query(record.query, self.per_query, pmids)
        record.returned = len(pmids)
        taken_ids = {d.id for d in result.documents}
        wanted = [p for p in pmids if p not in taken_ids and not self.cache.unreadable(p)
                  and (self.cache.document(p) is None or not in_library(p))][:budget.abstracts]
        missing = [p for p in wanted if self.cache.document(p) is None]
        if missing:
            record.from_cache = False
            self._efetch(missing, record.query, result)
        for pmid in wanted:
            document = self.cache.document(pmid)
            if document is not None:
                result.documents.append(document)
                record.taken.append(pmid)
        budget.abstracts -= len(record.taken)

    def _efetch(self, pmids: list[str], query: str, result: FetchResult) -> None:
        documents, problems = read_efetch(self.client().efetch(pmids), self.cache.folder / "replies")
        source = fetched_source(query, date.today().isoformat())
        documents = [d.model_copy(update={"source": source}) for d in documents if d.id in pmids]
        self.cache.remember_documents(documents)
        result.problems += problems
        got = {d.id for d in documents}
        unread = [p for p in pmids if p not in got]
        if unread:
            self.cache.remember_unreadable(unread, "; ".join(problems) or "no readable record with an abstract")

    def client(self) -> EUtils:
        if self._client is None:
            self._client = self._make_client()
        return self._client

