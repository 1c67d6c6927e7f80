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

    def fetch(self, queries: list[str], budget: Budget, in_library: Callable[[str], bool],
              network: bool = True) -> FetchResult:
        """Abstracts for ``queries``: each query's PMIDs from the cache or ESearch, then one EFetch for
        the PMIDs not yet fetched; a PMID not in the library (``in_library``) is taken from the cache.
        Within ``budget``; a service that cannot be reached ends the fetching with ``down`` said.
        Without ``network``, only what the cache holds is taken."""
        result = FetchResult()
        calls_before = self._client.calls if self._client else 0
        wanted: dict[str, list[str]] = {}
        try:
            for query in queries:
                started = time.perf_counter()
                record = QueryFetch(query=query)
                result.queries.append(record)
                wanted[query] = self._search(record, budget, in_library, {p for ps in wanted.values() for p in ps},
                                             network)
                record.seconds = round(time.perf_counter() - started, 3)
            if network:
                self._efetch_missing(wanted, result)
        except ServiceDown as error:
            result.down = str(error)
        self._take(wanted, result)
        result.calls = (self._client.calls if self._client else 0) - calls_before
        return result

    def close(self) -> None:
        if self._client is not None:
            self._client.close()

    def _search(self, record: QueryFetch, budget: Budget, in_library: Callable[[str], bool],
                already: set[str], network: bool) -> list[str]:
        """The query's PMIDs to take, within the budget (which they are counted against)."""
        pmids = self.cache.pmids(record.query, self.per_query)
        record.from_cache = pmids is not None
        if pmids is None:
            if budget.searches <= 0 or not network:
                return []
            budget.searches -= 1
            pmids = self.client().esearch(record.query, self.per_query)
            self.cache.remember_query(record.query, self.per_query, pmids)
        record.returned = len(pmids)
        wanted = [p for p in pmids if p not in already and not self.cache.unreadable(p)
                  and (self.cache.document(p) is None or not in_library(p))][:max(budget.abstracts, 0)]
        budget.abstracts -= len(wanted)
        if any(self.cache.document(p) is None for p in wanted):
            record.from_cache = False
        return wanted

    def _efetch_missing(self, wanted: dict[str, list[str]], result: FetchResult) -> None:
        """One EFetch for every wanted PMID the cache lacks; each document marked with its query."""
        query_of = {p: query for query, pmids in wanted.items() for p in pmids if self.cache.document(p) is None}
        if not query_of:
            return
        documents, problems = read_efetch(self.client().efetch(list(query_of)), self.cache.folder / "replies")
        today = date.today().isoformat()
        documents = [d.model_copy(update={"source": fetched_source(query_of[d.id], today)})
                     for d in documents if d.id in query_of]
        self.cache.remember_documents(documents)
        result.problems += problems
        got = {d.id for d in documents}
        unread = [p for p in query_of if p not in got]
        if unread:
            self.cache.remember_unreadable(unread, "; ".join(problems) or "no readable record with an abstract")

    def _take(self, wanted: dict[str, list[str]], result: FetchResult) -> None:
        for record in result.queries:
            for pmid in wanted.get(record.query, []):
                document = self.cache.document(pmid)
                if document is not None:
                    result.documents.append(document)
                    record.taken.append(pmid)

    def client(self) -> EUtils:
        if self._client is None:
            self._client = self._make_client()
        return self._client

