"""A stand-in for NCBI E-utilities on 127.0.0.1, over real abstracts (PubMedQA-L), for tests and benchmarks.

It serves ``esearch.fcgi`` (JSON, ``idlist`` best match first) and ``efetch.fcgi`` (``PubmedArticleSet``
XML) by GET or POST, as NCBI documents them. Its search ANDs the query's words, as PubMed does for
plain words: an article matches when its title and abstract hold every word (lower case, a plural's
"s" dropped, stop words ignored), ranked by how often they occur (title words thrice). Each abstract
is served as PubMed structures it: one ``AbstractText`` per labelled paragraph of the PubMedQA
context, then the conclusion (PubMedQA's ``LONG_ANSWER``) labelled CONCLUSIONS; so the project's
ingestion gives the same sentences as ``bench/pubmedqa_library.document_sentences``.

For tests it can wait ``latency_s`` before each reply, answer the next calls with given statuses
(``fail_next``), serve broken XML for chosen PMIDs (``malformed``) or a changed version of an abstract
(``revise``), and it records every call (``calls``: path, parameters, time).
"""

from __future__ import annotations

import json
import re
import threading
import time
from collections import Counter
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlparse
from xml.sax.saxutils import escape

_TOKEN = re.compile(r"[a-z0-9]+")
STOP_WORDS = frozenset("a an and are as at be by for from has have in into is it of on or that the this to "
                       "was were with".split())
TITLE_WEIGHT = 3


def words(text: str) -> list[str]:
    """Lower-case words, a trailing plural "s" dropped, stop words left out."""
    out = []
    for token in _TOKEN.findall(text.lower()):
        if token in STOP_WORDS:
            continue
        out.append(token[:-1] if len(token) > 4 and token.endswith("s") and not token.endswith("ss") else token)
    return out


@dataclass
class Article:
    pmid: str
    title: str
    paragraphs: list[tuple[str, str]]  # (label, text)

    def xml(self, broken: bool = False) -> str:
        texts = "".join(f'<AbstractText Label="{escape(label)}">{escape(text)}</AbstractText>'
                        for label, text in self.paragraphs)
        closing = "<Abstract>" if broken else "</Abstract>"  # an element left open: malformed XML
        return (f'<PubmedArticle><MedlineCitation Status="MEDLINE" Owner="NLM"><PMID Version="1">{self.pmid}</PMID>'
                f'<Article PubModel="Print"><ArticleTitle>{escape(self.title)}</ArticleTitle>'
                f"<Abstract>{texts}{closing}</Article></MedlineCitation></PubmedArticle>\n")


def _counts(article: Article) -> Counter:
    counts = Counter(words(" ".join(text for _, text in article.paragraphs)))
    for word in words(article.title):
        counts[word] += TITLE_WEIGHT
    return counts


def articles_from_pubmedqa(data: dict[str, dict]) -> list[Article]:
    """PubMedQA-L entries as PubMed articles: the title is the question (PubMedQA's titles)."""
    articles = []
    for pmid, entry in data.items():
        labels = entry.get("LABELS") or []
        paragraphs = [(labels[i] if i < len(labels) else "", text) for i, text in enumerate(entry["CONTEXTS"])]
        if entry.get("LONG_ANSWER"):
            paragraphs.append(("CONCLUSIONS", entry["LONG_ANSWER"]))
        articles.append(Article(pmid=str(pmid), title=entry["QUESTION"], paragraphs=paragraphs))
    return articles


class StandIn:
    """The stand-in's state: its articles, search index, faults and the calls it received."""

    def __init__(self, articles: list[Article], latency_s: float = 0.0) -> None:
        self.articles = {a.pmid: a for a in articles}
        self.latency_s = latency_s
        self.calls: list[tuple[str, dict[str, str], float]] = []
        self.malformed: set[str] = set()
        self._failures: list[int] = []
        self._lock = threading.Lock()
        self._counts = {a.pmid: _counts(a) for a in articles}
        self._server: ThreadingHTTPServer | None = None

    def fail_next(self, *statuses: int) -> None:
        with self._lock:
            self._failures += statuses

    def revise(self, pmid: str, sentence: str) -> None:
        """Serve ``pmid`` with one more sentence at the end: a changed version."""
        article = self.articles[pmid]
        self.articles[pmid] = Article(pmid, article.title, [*article.paragraphs, ("", sentence)])

    def search(self, term: str, retmax: int) -> list[str]:
        wanted = set(words(term))
        if not wanted:
            return []
        scored = [(-sum(counts[w] for w in wanted), pmid) for pmid, counts in self._counts.items()
                  if all(counts[w] for w in wanted)]
        return [pmid for _, pmid in sorted(scored)[:retmax]]

    def efetch(self, ids: str) -> str:
        body = "".join(self.articles[p].xml(broken=p in self.malformed)
                       for p in ids.split(",") if p in self.articles)
        return f'<?xml version="1.0" ?>\n<PubmedArticleSet>\n{body}</PubmedArticleSet>\n'

    def take_failure(self) -> int | None:
        with self._lock:
            return self._failures.pop(0) if self._failures else None

    def record(self, path: str, params: dict[str, str]) -> None:
        with self._lock:
            self.calls.append((path, params, time.monotonic()))

    # -------------------------------------------------------------- serving

    def start(self) -> str:
        """Serve on 127.0.0.1 on a free port; the base URL."""
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), _handler(self))
        self._server.daemon_threads = True
        threading.Thread(target=self._server.serve_forever, daemon=True).start()
        return f"http://127.0.0.1:{self._server.server_address[1]}/entrez/eutils"

    def stop(self) -> None:
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
            self._server = None


def _handler(standin: StandIn) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def log_message(self, format: str, *args) -> None:  # quiet: no request lines on stderr
            return

        def do_GET(self) -> None:
            self._answer(parse_qs(urlparse(self.path).query))

        def do_POST(self) -> None:
            length = int(self.headers.get("Content-Length", "0"))
            self._answer(parse_qs(self.rfile.read(length).decode("utf-8")))

        def _answer(self, query: dict[str, list[str]]) -> None:
            params = {key: values[-1] for key, values in query.items()}
            path = urlparse(self.path).path.rsplit("/", 1)[-1]
            standin.record(path, params)
            time.sleep(standin.latency_s)
            status = standin.take_failure()
            if status is not None:
                return self._send(status, "text/plain", f"stand-in failure {status}", {"Retry-After": "0"})
            if path == "esearch.fcgi":
                ids = standin.search(params.get("term", ""), int(params.get("retmax", "20")))
                reply = {"esearchresult": {"count": str(len(ids)), "retmax": str(len(ids)), "retstart": "0",
                                           "idlist": ids, "querytranslation": params.get("term", "")}}
                return self._send(200, "application/json", json.dumps(reply))
            if path == "efetch.fcgi":
                return self._send(200, "text/xml", standin.efetch(params.get("id", "")))
            return self._send(404, "text/plain", "unknown E-utility")

        def _send(self, status: int, kind: str, body: str, headers: dict[str, str] | None = None) -> None:
            data = body.encode("utf-8")
            self.send_response(status)
            self.send_header("Content-Type", f"{kind}; charset=utf-8")
            self.send_header("Content-Length", str(len(data)))
            for name, value in (headers or {}).items():
                self.send_header(name, value)
            self.end_headers()
            self.wfile.write(data)

    return Handler
