"""NCBI E-utilities over HTTP (httpx, retries by tenacity): ESearch for PMIDs, EFetch of PubMed XML.

Following NCBI's E-utilities documentation: every request names the ``tool`` and, when given, the
``email`` of whoever runs it; at most 3 requests a second without an API key and 10 with one; large
requests go by POST. Here every request goes by POST, so the key travels in the request body and never
in a URL (httpx logs the URLs it requests). A request refused with 429 or a 5xx status, or that times
out or cannot connect, is retried with exponential backoff (a 429's ``Retry-After`` is honoured, up to
``MAX_RETRY_AFTER_S``); once the retries are spent it raises ``ServiceDown`` with one line that names
neither the key nor the query.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Sequence

import httpx
from tenacity import Retrying, retry_if_exception, stop_after_attempt, wait_exponential

ESEARCH = "esearch.fcgi"
EFETCH = "efetch.fcgi"
# NCBI's published limits: requests a second without and with an API key.
RATE_WITHOUT_KEY = 3.0
RATE_WITH_KEY = 10.0
MAX_RETRY_AFTER_S = 30.0
MAX_BACKOFF_S = 8.0


class ServiceDown(RuntimeError):
    """E-utilities could not be reached or kept refusing: one line saying why (no key, no query)."""


class _Retryable(Exception):
    """A reply worth asking again for (429, 5xx); ``wait_s`` is the server's Retry-After, if any."""

    def __init__(self, reason: str, wait_s: float = 0.0) -> None:
        super().__init__(reason)
        self.wait_s = wait_s


class RateLimiter:
    """Spaces calls at least ``1 / per_second`` apart, across threads."""

    def __init__(self, per_second: float) -> None:
        self._interval = 1.0 / per_second
        self._next = 0.0
        self._lock = threading.Lock()

    def wait(self) -> None:
        with self._lock:
            now = time.monotonic()
            start = max(now, self._next)
            self._next = start + self._interval
        if start > now:
            time.sleep(start - now)


_LIMITERS: dict[tuple[str, bool], RateLimiter] = {}
_LIMITERS_LOCK = threading.Lock()


def limiter_for(base_url: str, with_key: bool) -> RateLimiter:
    """One limiter per service and kind of caller in this process, shared by every client (each
    question makes its own, and the app's sessions ask at the same time)."""
    with _LIMITERS_LOCK:
        key = (base_url, with_key)
        if key not in _LIMITERS:
            _LIMITERS[key] = RateLimiter(RATE_WITH_KEY if with_key else RATE_WITHOUT_KEY)
        return _LIMITERS[key]


class EUtils:
    """A client of one E-utilities service; ``calls`` counts the HTTP requests sent (retries included)."""

    def __init__(
        self, base_url: str, api_key: str | None = None, email: str = "", tool: str = "causeway",
        timeout_s: float = 10.0, max_retries: int = 3, backoff_s: float = 0.5,
        transport: httpx.BaseTransport | None = None,
    ) -> None:
        self._identity = {"tool": tool, **({"email": email} if email else {}),
                          **({"api_key": api_key} if api_key else {})}
        self._http = httpx.Client(base_url=base_url.rstrip("/") + "/", timeout=timeout_s, transport=transport,
                                  headers={"User-Agent": f"{tool} (E-utilities client)"})
        self._limit = limiter_for(base_url, bool(api_key))
        self._attempts = max_retries + 1
        self._backoff_s = backoff_s
        self.calls = 0

    def close(self) -> None:
        self._http.close()

    def esearch(self, term: str, retmax: int) -> list[str]:
        """The PMIDs PubMed's search returns for ``term``, best match first, at most ``retmax``."""
        reply = self._post(ESEARCH, {"db": "pubmed", "term": term, "retmax": str(retmax),
                                     "retmode": "json", "sort": "relevance"})
        try:
            ids = reply.json()["esearchresult"]["idlist"]
        except (ValueError, KeyError, TypeError):
            raise ServiceDown("PubMed's search replied with something other than an ESearch result") from None
        return [str(pmid) for pmid in ids if str(pmid).isdigit()]

    def efetch(self, pmids: Sequence[str]) -> bytes:
        """The PubMed XML (``PubmedArticleSet``) of the given PMIDs."""
        return self._post(EFETCH, {"db": "pubmed", "id": ",".join(pmids), "retmode": "xml"}).content

    def _post(self, path: str, params: dict[str, str]) -> httpx.Response:
        retrying = Retrying(stop=stop_after_attempt(self._attempts), retry=retry_if_exception(_worth_retrying),
                            wait=self._wait, reraise=True)
        try:
            return retrying(self._post_once, path, params)
        except _Retryable as error:
            raise ServiceDown(f"PubMed E-utilities kept refusing ({error}) after {self._attempts} attempts") from None
        except httpx.TimeoutException:
            raise ServiceDown(f"PubMed E-utilities did not answer in time ({self._attempts} attempts)") from None
        except httpx.HTTPError as error:
            raise ServiceDown(f"PubMed E-utilities could not be reached ({type(error).__name__})") from None

    def _post_once(self, path: str, params: dict[str, str]) -> httpx.Response:
        self._limit.wait()
        self.calls += 1
        reply = self._http.post(path, data={**params, **self._identity})
        if reply.status_code == 429 or reply.status_code >= 500:
            raise _Retryable(f"HTTP {reply.status_code}", _retry_after(reply))
        if reply.status_code >= 400:
            raise ServiceDown(f"PubMed E-utilities refused the request (HTTP {reply.status_code})")
        return reply

    def _wait(self, retry_state) -> float:
        backoff = wait_exponential(multiplier=self._backoff_s, max=MAX_BACKOFF_S)(retry_state)
        error = retry_state.outcome.exception() if retry_state.outcome else None
        return max(backoff, getattr(error, "wait_s", 0.0))


def _worth_retrying(error: BaseException) -> bool:
    return isinstance(error, (_Retryable, httpx.TimeoutException, httpx.TransportError))


def _retry_after(reply: httpx.Response) -> float:
    try:
        return min(float(reply.headers.get("Retry-After", "0")), MAX_RETRY_AFTER_S)
    except ValueError:
        return 0.0
