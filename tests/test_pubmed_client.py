"""The E-utilities client, cache and fetcher against a stand-in E-utilities server on 127.0.0.1
(bench/eutils_standin.py) serving a few hundred real PubMedQA-L abstracts as PubMed XML. No network."""

from __future__ import annotations

import json
import socket
import sys
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.eutils_standin import StandIn, articles_from_pubmedqa  # noqa: E402
from retrieval.pubmed.cache import FetchCache  # noqa: E402
from retrieval.pubmed.client import EUtils, ServiceDown  # noqa: E402
from retrieval.pubmed.fetch import Budget, PubMedFetcher  # noqa: E402
from retrieval.pubmed.records import fetched_origin, read_efetch  # noqa: E402

ABSTRACTS = 300
QUERY = "telephone counseling mammography"


@pytest.fixture(scope="module")
def articles(shared_data: Path):
    path = shared_data / "pubmedqa" / "ori_pqal.json"
    if not path.is_file():
        pytest.skip(f"{path} is absent")
    data = json.loads(path.read_text(encoding="utf-8"))
    return articles_from_pubmedqa(dict(list(data.items())[:ABSTRACTS]))


@pytest.fixture()
def standin(articles):
    server = StandIn(articles)
    server.url = server.start()
    yield server
    server.stop()


def client(url: str, **options) -> EUtils:
    return EUtils(url, **{"backoff_s": 0.01, "timeout_s": 5.0, **options})


def fetcher(standin: StandIn, folder: Path, **options) -> PubMedFetcher:
    return PubMedFetcher(FetchCache(folder), lambda: client(standin.url, **options), per_query=5)


def test_the_standin_serves_real_abstracts_that_the_ingestion_reads(standin, tmp_path):
    pmids = client(standin.url).esearch(QUERY, 5)
    assert pmids and pmids[0] == "10808977"
    documents, problems = read_efetch(client(standin.url).efetch(pmids), tmp_path)
    assert not problems and [d.id for d in documents] == pmids
    assert any("mammograph" in s.lower() for s in documents[0].sentences)


def test_429_and_5xx_are_retried_with_backoff(standin):
    standin.fail_next(429, 503, 500)
    eutils = client(standin.url, max_retries=3)
    assert eutils.esearch(QUERY, 5)[0] == "10808977"
    assert eutils.calls == 4 and len(standin.calls) == 4


def test_a_service_that_keeps_failing_is_down_in_one_line(standin):
    standin.fail_next(*[502] * 10)
    eutils = client(standin.url, max_retries=2)
    with pytest.raises(ServiceDown, match=r"kept refusing \(HTTP 502\) after 3 attempts") as caught:
        eutils.esearch(QUERY, 5)
    assert "\n" not in str(caught.value) and QUERY not in str(caught.value)
    assert eutils.calls == 3


def test_every_call_has_a_timeout(articles):
    slow = StandIn(articles, latency_s=2.0)
    url = slow.start()
    try:
        started = time.monotonic()
        with pytest.raises(ServiceDown, match="did not answer in time"):
            client(url, timeout_s=0.2, max_retries=1).esearch(QUERY, 5)
        assert time.monotonic() - started < 1.5
    finally:
        slow.stop()


def test_calls_stay_within_ncbi_rates_with_and_without_a_key(standin):
    for key, rate in ((None, 3), ("a-key", 10)):
        standin.calls.clear()
        clients = [client(standin.url, api_key=key) for _ in range(2)]  # two questions share the pace
        for number in range(6):
            clients[number % 2].esearch(QUERY, 1)
        times = [at for _, _, at in standin.calls]
        # the calls leave at least 1/rate apart; measured where they arrive, so over the whole span
        assert times[-1] - times[0] >= 5 / rate - 0.05, (key, times)


def test_the_key_goes_in_the_request_body_never_in_a_url(standin, caplog):
    caplog.set_level("DEBUG")
    client(standin.url, api_key="K3Y-SECRET-0042", email="me@example.org", tool="causeway-test").esearch(QUERY, 2)
    _, params, _ = standin.calls[-1]
    assert params["api_key"] == "K3Y-SECRET-0042" and params["tool"] == "causeway-test"
    assert params["email"] == "me@example.org"
    assert caplog.text and "K3Y-SECRET-0042" not in caplog.text


def test_a_closed_port_is_down(tmp_path):
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    with pytest.raises(ServiceDown, match="could not be reached"):
        client(f"http://127.0.0.1:{port}", max_retries=1).esearch(QUERY, 2)


def test_the_cache_answers_a_second_fetch_without_a_call(standin, tmp_path):
    first = fetcher(standin, tmp_path).fetch([QUERY], Budget(searches=5, abstracts=10), lambda pmid: False)
    assert first.calls == 2 and first.documents
    origin = fetched_origin(first.documents[0])
    assert origin is not None and origin.query == QUERY and len(origin.date) == 10
    calls = len(standin.calls)
    again = fetcher(standin, tmp_path).fetch([QUERY], Budget(searches=5, abstracts=10), lambda pmid: False)
    assert len(standin.calls) == calls and again.calls == 0
    assert [d.id for d in again.documents] == [d.id for d in first.documents]
    in_library = fetcher(standin, tmp_path).fetch([QUERY], Budget(searches=5, abstracts=10), lambda pmid: True)
    assert not in_library.documents and len(standin.calls) == calls


def test_a_malformed_record_is_skipped_with_a_message(standin, tmp_path):
    pmids = client(standin.url).esearch("cancer", 5)
    standin.malformed = {pmids[1]}
    result = fetcher(standin, tmp_path).fetch(["cancer"], Budget(searches=5, abstracts=10), lambda pmid: False)
    assert {d.id for d in result.documents} == set(pmids) - {pmids[1]}
    assert len(result.problems) == 1 and "malformed XML" in result.problems[0]
    assert result.problems[0].startswith("PubMed reply article 2")
    calls = len(standin.calls)  # the broken record is not asked for again
    fetcher(standin, tmp_path).fetch(["cancer"], Budget(searches=5, abstracts=10), lambda pmid: False)
    assert len(standin.calls) == calls


def test_the_budget_caps_searches_and_abstracts(standin, tmp_path):
    budget = Budget(searches=1, abstracts=3)
    result = fetcher(standin, tmp_path).fetch(["cancer", "surgery"], budget, lambda pmid: False)
    assert len(result.documents) == 3 and [q.returned for q in result.queries] == [5, 0]
    assert [path for path, _, _ in standin.calls] == ["esearch.fcgi", "efetch.fcgi"]


def test_a_round_is_fetched_in_one_efetch(standin, tmp_path):
    result = fetcher(standin, tmp_path).fetch(["cancer", "surgery", "children"], Budget(searches=5, abstracts=30),
                                              lambda pmid: False)
    assert [path for path, _, _ in standin.calls].count("efetch.fcgi") == 1
    assert len({d.id for d in result.documents}) == len(result.documents) > 5


def test_without_network_only_the_cache_answers(standin, tmp_path):
    cache = FetchCache(tmp_path)
    assert not cache.asked("How does X affect Y?")
    cache.remember_question("How does  X affect Y?")
    assert FetchCache(tmp_path).asked("how does x affect y?")
    result = fetcher(standin, tmp_path).fetch([QUERY], Budget(searches=5, abstracts=10), lambda pmid: False,
                                              network=False)
    assert not result.documents and result.calls == 0 and not standin.calls
