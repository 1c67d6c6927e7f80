"""Round planning: while only a direct edge (or a chain through hubs and diseases) links the question,
later rounds first ask for intermediates between source and target."""

from __future__ import annotations

from engine.pipeline import PAIRED_FRONTIER, plan_queries


def test_later_rounds_seek_intermediates_first_while_no_mechanism_is_found() -> None:
    asked: set[str] = set()
    plan_queries(1, ["leptin"], ["ghrelin"], [], [], asked)
    forward, backward = ["zolkinase", "fat mass", "f3", "f4"], ["gastric emptying", "fat mass", "b3"]
    queries = plan_queries(2, ["leptin"], ["ghrelin"], forward, backward, asked, seek_intermediates=True)
    seeking = [q.text for q in queries if q.purpose.startswith("intermediates")]
    # the strongest of each frontier, each once, between source and target, before the frontier queries
    assert seeking == ["leptin zolkinase ghrelin", "leptin fat mass ghrelin", "leptin f3 ghrelin",
                       "leptin gastric emptying ghrelin", "leptin b3 ghrelin"]
    assert [q.text for q in queries[:len(seeking)]] == seeking
    assert len(seeking) <= 2 * PAIRED_FRONTIER
    # the frontier queries of a round are still asked
    assert "zolkinase ghrelin" in [q.text for q in queries]


def test_no_intermediate_queries_once_a_mechanism_is_found_or_in_round_one() -> None:
    asked: set[str] = set()
    first = plan_queries(1, ["leptin"], ["ghrelin"], ["x"], ["y"], set(), seek_intermediates=True)
    assert not any(q.purpose.startswith("intermediates") for q in first)
    later = plan_queries(2, ["leptin"], ["ghrelin"], ["x"], ["y"], asked)
    assert not any(q.purpose.startswith("intermediates") for q in later)


def test_a_round_whose_pairings_were_all_asked_asks_the_frontier_nodes_alone() -> None:
    asked: set[str] = set()
    plan_queries(1, ["leptin"], ["ghrelin"], [], [], asked)
    forward, backward = ["zolkinase"], ["gastric emptying"]
    second = plan_queries(2, ["leptin"], ["ghrelin"], forward, backward, asked)
    assert "zolkinase" not in [q.text for q in second]  # pairings first
    third = plan_queries(3, ["leptin"], ["ghrelin"], forward, backward, asked)
    assert [(q.purpose, q.text) for q in third] == [
        ("effects of the frontier from the sources", "zolkinase"),
        ("causes of the frontier of the targets", "gastric emptying")]
    assert plan_queries(4, ["leptin"], ["ghrelin"], forward, backward, asked) == []


def test_the_people_a_question_asks_about_are_searched_with_the_question_only() -> None:
    queries = plan_queries(1, ["leptin"], ["ghrelin"], [], [], set(), context="in patients with obesity")
    assert [q.text for q in queries] == ["leptin ghrelin in patients with obesity", "leptin", "ghrelin"]
