"""Scoring a learned graph against a known one, and drawing only the directions the answers take as settled."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

from engine.discovery.algorithms import AlgorithmOptions
from engine.discovery.ask import direction_settled, relation, settled_graph
from engine.discovery.errors import DiscoveryError
from engine.discovery.run import DiscoveredEdge, DiscoveryResult
from engine.discovery.scoring import read_truth, score_edges

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))
import discovery as bench  # noqa: E402  the benchmark's own scoring, to check ours against

TETRAD = """Graph Nodes:
raf;mek;erk

Graph Edges:
1. raf --> mek
2. erk <-- mek
"""


def test_tetrad_text_and_edge_lists_read_the_same_graph() -> None:
    assert read_truth(TETRAD).edges == [("raf", "mek"), ("mek", "erk")]
    assert read_truth(TETRAD).nodes == ["raf", "mek", "erk"]
    assert read_truth("raf -> mek\nmek --> erk\n").edges == [("raf", "mek"), ("mek", "erk")]
    assert read_truth('"Cause","Effect"\n"raf","mek"\n"mek","erk"\n').edges == [("raf", "mek"), ("mek", "erk")]
    assert read_truth("raf\tmek\n# a comment\nmek\terk\n").edges == [("raf", "mek"), ("mek", "erk")]


@pytest.mark.parametrize("text, says", [
    ("", "no edge"), ("raf mek erk\n", "is no edge"),
    ("Graph Edges:\n1. raf --- mek\n", "not directed"), ("Graph Edges:\nraf then mek\n", "no Tetrad edge"),
])
def test_an_unreadable_known_graph_says_what_is_wrong(text: str, says: str) -> None:
    with pytest.raises(DiscoveryError, match=says):
        read_truth(text)


def test_the_score_names_each_difference_and_counts_them_as_the_benchmark_does() -> None:
    truth = read_truth("a -> b\nb -> c\nc -> d\nd -> e\n")
    learned = [("A", "B", "directed"), ("C", "B", "directed"), ("C", "D", "undirected"), ("A", "E", "directed")]
    score = score_edges(learned, truth, ["A", "B", "C", "D", "E"])  # names matched to columns leniently
    assert score.missed == [("D", "E")] and score.extra == [("A", "E", "directed")]
    assert score.reversed == [("B", "C")] and score.unoriented == [("C", "D", "undirected")]
    assert score.shd == 4 and score.unmatched_names == []
    assert (score.shd, score.skeleton_f1, score.oriented_f1) == bench.score(
        learned, {(a.upper(), b.upper()) for a, b in truth.edges})


def test_scores_equal_the_benchmarks_on_random_graphs() -> None:
    rng = random.Random(5)
    names = [f"x{i}" for i in range(8)]
    kinds = ["directed", "directed", "undirected", "bidirected", "partial"]
    for _ in range(200):
        order = rng.sample(names, len(names))
        truth = {(order[i], order[j]) for i in range(8) for j in range(i + 1, 8) if rng.random() < 0.25}
        pairs = {tuple(rng.sample(names, 2)) for _ in range(rng.randint(0, 12))}
        learned, seen = [], set()
        for a, b in pairs:
            if frozenset((a, b)) not in seen:
                seen.add(frozenset((a, b)))
                learned.append((a, b, rng.choice(kinds)))
        if not truth:
            continue
        ours = score_edges(learned, read_truth("\n".join(f"{a} -> {b}" for a, b in sorted(truth))), names)
        theirs = bench.score(learned, truth)
        assert (ours.shd, round(ours.skeleton_f1, 9), round(ours.oriented_f1, 9)) == (
            theirs[0], round(theirs[1], 9), round(theirs[2], 9))
        assert ours.shd == len(ours.missed) + len(ours.extra) + len(ours.reversed) + len(ours.unoriented)


def test_a_truth_name_that_is_no_column_is_reported_and_its_edges_missed() -> None:
    score = score_edges([("praf", "pmek", "directed")], read_truth("raf -> mek\n"), ["praf", "pmek"])
    assert score.unmatched_names == ["mek", "raf"] and score.missed == [("raf", "mek")] and score.shd == 2


def _result(orientation_stability: float) -> DiscoveryResult:
    edge = DiscoveredEdge(source="p38", target="pkc", type="directed", endpoints="-->", sign=1, weight=0.5,
                          stability=1.0, orientation_stability=orientation_stability, stable=True)
    return DiscoveryResult(method="pc", options=AlgorithmOptions(method="pc"), data_kind="continuous",
                           variables=["p38", "pkc"], edges=[edge], rows_used=100, seconds=0.1, bootstrap_runs=20,
                           stable_threshold=0.6)


def test_a_direction_unstable_over_the_resamples_is_drawn_open_as_the_answer_leaves_it() -> None:
    unsettled, settled = _result(0.45), _result(0.9)
    assert not direction_settled(unsettled, unsettled.edges[0])
    assert settled_graph(unsettled).edges[0].orientation == "undirected"
    assert "open" in relation(unsettled, "p38", "pkc").explanation or relation(unsettled, "p38", "pkc").answer != "yes"
    assert direction_settled(settled, settled.edges[0])
    assert settled_graph(settled).edges[0].orientation == "directed"


def test_discover_truth_on_the_command_line_gives_the_three_figures(tmp_path, capsys) -> None:
    import json

    import numpy as np

    from engine.__main__ import main

    rng = np.random.default_rng(3)
    x = rng.uniform(-1, 1, 300)
    y = 1.5 * x + rng.uniform(-1, 1, 300)
    z = -2.0 * y + rng.uniform(-1, 1, 300)
    table = tmp_path / "chain.csv"
    table.write_text("x,y,z\n" + "\n".join(f"{a:.5f},{b:.5f},{c:.5f}" for a, b, c in zip(x, y, z, strict=True)))
    truth = tmp_path / "truth.txt"
    truth.write_text(TETRAD.replace("raf", "x").replace("mek", "y").replace("erk", "z"))
    assert main(["discover", str(table), "--method", "lingam", "--bootstrap", "0", "--truth", str(truth), "--json"]) == 0
    output = json.loads(capsys.readouterr().out)
    assert {"shd", "skeleton_f1", "oriented_f1"} <= set(output)
    assert output["shd"] == output["truth"]["shd"] and output["truth"]["true_edges"] == 2
    assert main(["discover", str(table), "--truth", str(tmp_path / "missing.txt")]) == 2
    assert "no known-graph file" in capsys.readouterr().err
