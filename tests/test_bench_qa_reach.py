"""bench/qa_reach.py: why a gold step's sentence was never retrieved (invented names)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.qa_reach import FREQUENT, end_status, miss_reason, rank_of  # noqa: E402


class _Passage:
    def __init__(self, sentence: str) -> None:
        self.sentence = sentence


class _Index:
    def search(self, query: str, k: int = 10) -> list[_Passage]:
        return [_Passage(f"{query} {n}") for n in range(k)]


def _end(name: str, node: bool = True, queried: bool = True, in_sentence: bool = True, sentences: int = 5) -> dict:
    return {"name": name, "node": node, "queried": queried, "in_sentence": in_sentence, "sentences": sentences}


def _step(x: dict, y: dict, query: str | None = "zorin") -> dict:
    return {"ends": [x, y], "nearest": {"query": query, "rank": 30} if query else None}


def test_rank_of_a_sentence_among_a_query_passages() -> None:
    assert rank_of(_Index(), "zorin", "zorin 3", depth=10) == 3
    assert rank_of(_Index(), "zorin", "zorin 12", depth=10) is None


def test_an_end_is_a_node_and_queried_under_its_label_or_its_gold_name() -> None:
    graph = [["Zorinase", "ZRN"], ["velkin"]]
    assert end_status("zrn", graph, ["Zorinase cortex"]) == {"node": True, "queried": True}
    assert end_status("zrn", graph, ["velkin"]) == {"node": True, "queried": False}
    assert end_status("gribbin", graph, ["gribbin"]) == {"node": False, "queried": True}


def test_each_reason_in_order() -> None:
    assert miss_reason(_step(_end("zorin", node=False), _end("velkin", node=False))) == "neither end a node"
    assert miss_reason(_step(_end("zorin", queried=False), _end("velkin", queried=False))) \
        == "end a node, never queried"
    assert miss_reason(_step(_end("zorin", in_sentence=False), _end("velkin"))) == "named otherwise"
    assert miss_reason(_step(_end("zorin", sentences=FREQUENT + 1), _end("velkin"))) == "frequent end"
    assert miss_reason(_step(_end("zorin"), _end("velkin", sentences=FREQUENT + 1))) == "ranked low"
    # with no query ranking it at all, both ends are weighed
    assert miss_reason(_step(_end("zorin"), _end("velkin", sentences=FREQUENT + 1), query=None)) == "frequent end"
