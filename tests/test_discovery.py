"""Discovery runs on synthetic linear-Gaussian data from a known signed graph, background knowledge,
time limits, bootstrap, the four question levels and the command line."""

from __future__ import annotations

import io
import json
from contextlib import redirect_stderr, redirect_stdout

import numpy as np
import pandas as pd
import pytest

from engine.__main__ import main as engine_main
from engine.discovery import questions
from engine.discovery.errors import DiscoveryError, DiscoveryTimeout
from engine.discovery.knowledge import Knowledge
from engine.discovery.run import DiscoveryResult, ProgressEvent, discover
from engine.discovery.tables import TableResult, read_table
from engine.discovery.worker import DiscoveryWorker
from engine.model.graph import Edge, Graph, Node, edge_id

# The true graph: A -> B (+), A -> C (-), B -> D (+), C -> D (-), D -> E (+).
# Its equivalence class orients B -> D <- C (a collider) and D -> E; A - B and A - C stay undirected.
TRUE_SIGNS = {("A", "B"): 1, ("A", "C"): -1, ("B", "D"): 1, ("C", "D"): -1, ("D", "E"): 1}


def synthetic_frame(n: int = 1000, seed: int = 7) -> pd.DataFrame:
    rng = np.random.default_rng(seed)
    a = rng.normal(size=n)
    b = 0.9 * a + rng.normal(size=n)
    c = -0.8 * a + rng.normal(size=n)
    d = 0.7 * b - 0.7 * c + rng.normal(size=n)
    e = 0.8 * d + rng.normal(size=n)
    return pd.DataFrame({"A": a, "B": b, "C": c, "D": d, "E": e})


@pytest.fixture(scope="module")
def worker():
    # One warm worker process for the module: causal-learn is imported once, not per run.
    with DiscoveryWorker() as shared:
        yield shared


@pytest.fixture(scope="module")
def table() -> TableResult:
    return read_table(synthetic_frame().to_csv(index=False).encode())


@pytest.fixture(scope="module")
def pc_result(table: TableResult, worker: DiscoveryWorker) -> DiscoveryResult:
    return discover(table, "pc", worker=worker, bootstrap=0)


def _pairs(result: DiscoveryResult) -> dict[frozenset[str], tuple[str, str, str, int]]:
    return {frozenset((e.source, e.target)): (e.source, e.target, e.type, e.sign) for e in result.edges}


def test_pc_recovers_skeleton_signs_and_the_orientable_edges(pc_result: DiscoveryResult) -> None:
    found = _pairs(pc_result)
    assert set(found) == {frozenset(pair) for pair in TRUE_SIGNS}
    for pair, sign in TRUE_SIGNS.items():
        assert found[frozenset(pair)][3] == sign, pair
    for source, target in (("B", "D"), ("C", "D"), ("D", "E")):
        assert found[frozenset((source, target))][:3] == (source, target, "directed")
    # Undecided edges stay undecided, never forced.
    assert found[frozenset(("A", "B"))][2] == "undirected"
    assert found[frozenset(("A", "C"))][2] == "undirected"


def test_result_becomes_a_signed_quantity_graph_with_origin_data(pc_result: DiscoveryResult) -> None:
    graph = pc_result.to_graph()
    assert {n.id for n in graph.nodes} == {"a", "b", "c", "d", "e"}
    assert all(n.kind == "quantity" and n.origin == "data" for n in graph.nodes)
    assert all(e.relation == "influence" and e.origin == "data" and e.weight is not None for e in graph.edges)
    orientations = {(e.source, e.target): e.orientation for e in graph.edges}
    assert orientations[("b", "d")] == "directed" and orientations[("a", "b")] == "undirected"
    assert graph.edge("c->d".replace("->", "-" + ">")).sign == -1
    summary = pc_result.to_summary()
    assert {"source", "target", "type", "sign", "weight"} <= set(summary["edges"][0])


@pytest.mark.parametrize("method", ["ges", "lingam", "fci"])
def test_other_methods_find_the_skeleton_with_signs(table: TableResult, method: str, worker: DiscoveryWorker) -> None:
    result = discover(table, method, worker=worker, bootstrap=0)
    found = _pairs(result)
    assert {frozenset(pair) for pair in TRUE_SIGNS} <= set(found)
    for pair, sign in TRUE_SIGNS.items():
        assert found[frozenset(pair)][3] == sign, (method, pair)
    if method == "fci":
        types = {found[frozenset(p)][2] for p in TRUE_SIGNS}
        assert "partial" in types or "undirected" in types


@pytest.fixture(scope="module")
def tiered_result(table: TableResult, worker: DiscoveryWorker) -> DiscoveryResult:
    return discover(table, "pc", background=Knowledge(tiers=[["A"], ["B", "C"], ["D", "E"]]), worker=worker, bootstrap=0)


def test_background_knowledge_is_passed_and_honoured(tiered_result: DiscoveryResult) -> None:
    result = tiered_result
    found = _pairs(result)
    assert found[frozenset(("A", "B"))][:3] == ("A", "B", "directed")
    assert found[frozenset(("A", "C"))][:3] == ("A", "C", "directed")
    assert result.violations == []


def test_required_edge_the_data_reject_is_reported_not_hidden(table: TableResult, worker: DiscoveryWorker) -> None:
    knowledge = Knowledge(required=[("E", "A")])
    result = discover(table, "pc", background=knowledge, worker=worker, bootstrap=0)
    kinds = {(v.kind, v.source, v.target) for v in result.violations}
    assert ("required-missing", "E", "A") in kinds or ("required-reversed", "E", "A") in kinds


def test_ges_without_knowledge_support_is_checked_after_the_run(table: TableResult, worker: DiscoveryWorker) -> None:
    result = discover(table, "ges", background=Knowledge(forbidden=[("B", "D")]), worker=worker, bootstrap=0)
    assert any("GES takes no background knowledge" in note for note in result.notes)
    assert [(v.kind, v.source, v.target) for v in result.violations] == [("forbidden-present", "B", "D")]


def test_knowledge_on_unknown_columns_is_refused(table: TableResult) -> None:
    with pytest.raises(DiscoveryError, match="'Z' is not a column"):
        discover(table, "pc", background=Knowledge(required=[("A", "Z")]), bootstrap=0)


def test_time_limit_stops_the_run_with_a_clear_message(table: TableResult) -> None:
    events: list[ProgressEvent] = []
    with pytest.raises(DiscoveryTimeout, match="did not finish within the time limit of 0.3 s"):
        discover(table, "pc", time_limit_s=0.3, progress=events.append, bootstrap=0)
    assert events and events[0].stage == "run" and "of the 0.3 s limit" in events[0].message


def test_bootstrap_gives_stability_and_progress(table: TableResult, worker: DiscoveryWorker) -> None:
    small = table.select(["A", "B", "D"])
    small.data = small.data.iloc[:300]
    events: list[ProgressEvent] = []
    result = discover(small, "pc", bootstrap=4, progress=events.append, worker=worker)
    assert result.bootstrap_runs == 4
    assert all(e.stability is not None and 0.0 <= e.stability <= 1.0 for e in result.edges)
    assert any(e.stability == 1.0 for e in result.edges)
    assert [e.done for e in events if e.stage == "bootstrap"] == [1, 2, 3, 4]
    assert events[-1].stage == "done"


def test_kci_subsamples_large_tables_and_says_so(table: TableResult, worker: DiscoveryWorker) -> None:
    small = table.select(["A", "B", "C"])
    from engine.discovery.algorithms import AlgorithmOptions

    result = discover(small, options=AlgorithmOptions(method="pc", test="kci", kci_max_rows=150), worker=worker, bootstrap=0)
    assert result.rows_used == 150
    assert any("subsample of 150 of 1000 rows" in note for note in result.notes)


# --- the four question levels ----------------------------------------------------------------------

def test_independence_p_values_read_the_right_way_round(table: TableResult) -> None:
    dependent = questions.independence(table, "A", "D")
    assert dependent.answer == "no" and dependent.p_value is not None and dependent.p_value <= 0.05
    independent = questions.independence(table, "B", "C", given=["A"])
    assert independent.answer == "yes" and independent.p_value > 0.05
    # D separates A from E.
    assert questions.independence(table, "A", "E", given=["D"]).answer == "yes"
    # Conditioning on the collider D makes B and C dependent given A.
    assert questions.independence(table, "B", "C", given=["A", "D"]).answer == "no"


def test_edge_level_questions(pc_result: DiscoveryResult) -> None:
    assert questions.direct_cause(pc_result, "B", "D").answer == "yes"
    assert questions.direct_cause(pc_result, "D", "B").answer == "no"
    assert questions.direct_cause(pc_result, "A", "E").answer == "no"
    assert questions.direct_cause(pc_result, "A", "B").answer == "uncertain"
    collider = questions.collider(pc_result, "B", "C")
    assert collider.answer == "yes" and collider.witnesses == ["D"]
    assert questions.collider(pc_result, "A", "E").answer == "no"
    # A is a cause of B and C only under some orientations of the undirected A - B, A - C.
    confounded = questions.confounder(pc_result, "B", "C")
    assert confounded.answer == "uncertain" and confounded.witnesses == ["A"]
    assert questions.confounder(pc_result, "D", "E").answer == "no"


def test_confounder_is_certain_when_the_graph_fixes_it(tiered_result: DiscoveryResult) -> None:
    answer = questions.confounder(tiered_result, "B", "C")
    assert answer.answer == "yes" and answer.witnesses == ["A"]


def test_graph_level_lists_every_edge(pc_result: DiscoveryResult) -> None:
    described = questions.describe_graph(pc_result)
    assert "5 edges, 2 with direction left open" in described.explanation
    assert "B --> D" in described.explanation


def test_effect_by_adjustment_shows_the_set(table: TableResult, pc_result: DiscoveryResult) -> None:
    effect = questions.effect(table, pc_result, "B", "D")
    assert effect.answer == "yes"
    # B's edge to A is undecided: both {} and {A} are valid sets; the true effect is 0.7.
    assert sorted(tuple(e.adjustment_set) for e in effect.estimates) == [(), ("A",)]
    adjusted = next(e for e in effect.estimates if e.adjustment_set == ["A"])
    assert abs(adjusted.effect - 0.7) < 0.1 and adjusted.ci_low < 0.7 < adjusted.ci_high
    assert "{A}" in effect.explanation
    backwards = questions.effect(table, pc_result, "D", "A")
    assert backwards.answer == "no" and backwards.estimates[0].adjustment_set == ["B", "C"]


def test_questions_name_unknown_variables(pc_result: DiscoveryResult) -> None:
    with pytest.raises(DiscoveryError, match="'Q' not among"):
        questions.direct_cause(pc_result, "A", "Q")


# --- command line ----------------------------------------------------------------------------------

def _cli(args: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = engine_main(args)
    return code, out.getvalue(), err.getvalue()


def test_cli_prints_json_edges(tmp_path) -> None:
    path = tmp_path / "data.csv"
    synthetic_frame(n=800).to_csv(path, index=False)
    code, out, err = _cli(["discover", str(path), "--method", "pc", "--json", "--effect", "B", "D", "--describe"])
    assert code == 0, err
    payload = json.loads(out)
    assert payload["variables"] == ["A", "B", "C", "D", "E"]
    edge = next(e for e in payload["edges"] if (e["source"], e["target"]) == ("B", "D"))
    assert edge["type"] == "directed" and edge["sign"] == 1 and edge["weight"] > 0
    assert payload["answers"][0]["answer"] == "yes"
    assert payload["answers"][1]["level"] == "graph" and "B --> D" in payload["answers"][1]["explanation"]


def test_cli_compares_with_merges_into_and_takes_order_from_a_literature_graph(tmp_path) -> None:
    path, literature, merged = tmp_path / "data.csv", tmp_path / "literature.json", tmp_path / "merged.json"
    synthetic_frame(n=800).to_csv(path, index=False)
    nodes = [Node(id=name.lower(), label=name) for name in ("B", "D", "Q")]
    edges = [Edge(id=edge_id("b", "influence", 1, "d"), source="b", target="d", sign=1, origin="literature"),
             Edge(id=edge_id("q", "influence", 1, "d"), source="q", target="d", sign=1, origin="literature")]
    literature.write_text(Graph(nodes=nodes, edges=edges).to_json(), encoding="utf-8")
    code, out, err = _cli(["discover", str(path), "--method", "pc", "--json", "--literature", str(literature),
                           "--use-literature", "require", "--merge-out", str(merged), "--direct-cause", "B", "D"])
    assert code == 0, err
    payload = json.loads(out)
    assert {"comparison", "merge", "answers", "table"} <= set(payload)
    merged_graph = Graph.from_json(merged.read_text(encoding="utf-8"))
    assert {"Q", "A", "E"} <= {node.label for node in merged_graph.nodes}  # from both sides
    assert payload["answers"][0]["answer"] == "yes"
    code, _, err = _cli(["discover", str(path), "--literature", str(tmp_path / "absent.json")])
    assert code == 2 and "no literature graph" in err


@pytest.mark.parametrize(
    ("content", "message"),
    [(b"", "the file is empty"), (b"a,b\n1,2\n3,4,5\n", "different numbers of fields")],
)
def test_cli_bad_table_exits_2_with_a_message(tmp_path, content: bytes, message: str) -> None:
    path = tmp_path / "bad.csv"
    path.write_bytes(content)
    code, out, err = _cli(["discover", str(path), "--json"])
    assert code == 2 and out == ""
    assert message in err and "Traceback" not in err


def test_cli_bad_option_exits_2(tmp_path) -> None:
    path = tmp_path / "data.csv"
    synthetic_frame(n=100).to_csv(path, index=False)
    code, _, err = _cli(["discover", str(path), "--test", "chisq"])
    assert code == 2 and "chisq test needs discrete columns" in err
    code, _, err = _cli(["discover", str(path), "--require", "A=>B"])
    assert code == 2 and "SOURCE->TARGET" in err


def test_fci_finds_a_latent_confounder_and_questions_respect_it(worker: DiscoveryWorker) -> None:
    # W -> X <- L -> Y <- Z with L hidden: FCI should give X <-> Y (a latent common cause).
    rng = np.random.default_rng(11)
    n = 1500
    w, z, latent = rng.normal(size=n), rng.normal(size=n), rng.normal(size=n)
    x = 0.8 * w + 0.9 * latent + rng.normal(size=n)
    y = 0.8 * z + 0.9 * latent + rng.normal(size=n)
    table = read_table(pd.DataFrame({"W": w, "X": x, "Y": y, "Z": z}).to_csv(index=False).encode())
    result = discover(table, "fci", worker=worker, bootstrap=0)
    found = _pairs(result)
    assert found[frozenset(("X", "Y"))][2] == "bidirected"
    assert questions.direct_cause(result, "X", "Y").answer == "no"
    confounded = questions.confounder(result, "X", "Y")
    assert confounded.answer == "yes" and confounded.witnesses == ["latent(X, Y)"]
    assert questions.effect(table, result, "X", "Y").answer == "uncertain"
    graph_edge = next(e for e in result.to_graph().edges if {e.source, e.target} == {"x", "y"})
    assert graph_edge.orientation == "bidirected"
