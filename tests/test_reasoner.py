"""Hand-checked fixtures for the QPT reasoner (DESIGN §4): each expected labelling was worked out
by hand from the semantics, not copied from the solver's output."""

from __future__ import annotations

import json
import random
import time
from pathlib import Path

import clingo
import pytest

from engine.__main__ import main as engine_main
from engine.model.graph import Edge, Graph, Node, Scenario, edge_id
from engine.solver.reasoner import Reasoner, _GroundProgram, _number_of, compare_labellings, label_graph

REPO_ROOT = Path(__file__).resolve().parent.parent
SMOKING = REPO_ROOT / "examples" / "smoking.json"


def make_graph(nodes: str, edges: list[tuple[str, str, int]], sources: tuple[str, ...] = ()) -> Graph:
    """``nodes``: 'a b S' (upper-case initial = state); ``edges``: (source, target, sign); the
    relation follows from the kinds (influence between quantities, triggers otherwise)."""
    kinds = {name: ("state" if name[0].isupper() else "quantity") for name in nodes.split()}
    graph_edges = []
    for source, target, sign in edges:
        relation = "influence" if kinds[source] == kinds[target] == "quantity" else "triggers"
        graph_edges.append(Edge(id=edge_id(source, relation, sign, target), source=source, target=target,
                                relation=relation, sign=sign))
    return Graph(
        nodes=[Node(id=name, label=name, kind=kind) for name, kind in kinds.items()],
        edges=graph_edges,
        sources=list(sources),
    ).validate_shapes()


def summary(labelling) -> dict[str, tuple[str, ...]]:
    """node → its possible labels (a single one when certain)."""
    assert labelling.status == "ok", labelling.message
    for label in labelling.labels.values():
        assert label.certain == (len(label.possible) == 1)
        assert label.label in label.possible
    return {node: tuple(label.possible) for node, label in labelling.labels.items()}


INC, DEC, STABLE, ON, OFF = ("increasing",), ("decreasing",), ("stable",), ("active",), ("inactive",)
ANY = ("increasing", "decreasing", "stable")


def do(**values: str) -> Scenario:
    return Scenario(interventions=values)


# --- influences ---------------------------------------------------------------------------------
def test_chain_propagates_signs_and_justifies_each_step() -> None:
    graph = make_graph("a b c", [("a", "b", 1), ("b", "c", -1)], sources=("a",))
    labelling = label_graph(graph)  # default scenario: source a increasing
    assert summary(labelling) == {"a": INC, "b": INC, "c": DEC}
    assert labelling.labels["a"].intervened and labelling.labels["a"].justification == ()
    assert labelling.labels["b"].justification == ("a+>b",)
    assert labelling.labels["c"].justification == ("b->c",)
    assert summary(label_graph(graph, do(a="decreasing"))) == {"a": DEC, "b": DEC, "c": INC}
    assert summary(label_graph(graph, do(a="stable"))) == {"a": STABLE, "b": STABLE, "c": STABLE}


def test_fork_sends_opposite_signs_down_each_branch() -> None:
    graph = make_graph("a b c", [("a", "b", 1), ("a", "c", -1)])
    assert summary(label_graph(graph, do(a="increasing"))) == {"a": INC, "b": INC, "c": DEC}


def test_no_intervention_leaves_everything_stable() -> None:
    graph = make_graph("a b S", [("a", "b", 1), ("b", "S", 1)])
    assert summary(label_graph(graph, Scenario())) == {"a": STABLE, "b": STABLE, "S": OFF}


def test_same_sign_influences_agree() -> None:
    graph = make_graph("a b c", [("a", "c", 1), ("b", "c", -1)])
    labelling = label_graph(graph, do(a="increasing", b="decreasing"))
    assert summary(labelling) == {"a": INC, "b": DEC, "c": INC}
    assert labelling.labels["c"].justification == ("a+>c", "b->c")


def test_opposing_influences_are_ambiguous_and_downstream_follows() -> None:
    graph = make_graph("a b c d", [("a", "c", 1), ("b", "c", -1), ("c", "d", -1)])
    labelling = label_graph(graph, do(a="increasing", b="increasing"))
    assert summary(labelling) == {"a": INC, "b": INC, "c": ANY, "d": ANY}
    # The label shown for an ambiguous node is the neutral one; both opposing edges explain it.
    assert labelling.labels["c"].label == "stable"
    assert labelling.labels["c"].justification == ("a+>c", "b->c")
    # d may move only through c: that edge is why d is not certainly stable.
    assert labelling.labels["d"].label == "stable" and labelling.labels["d"].justification == ("c->d",)


def test_ambiguous_choice_is_applied_consistently_downstream() -> None:
    # c is ambiguous; d copies it and e inverts it, so d and e always move in opposite directions.
    graph = make_graph("a b c d e", [("a", "c", 1), ("b", "c", -1), ("c", "d", 1), ("c", "e", -1)])
    scenario = Scenario(interventions={"a": "increasing", "b": "increasing"},
                        observations={"d": "increasing"})
    labelling = label_graph(graph, scenario)
    assert labelling.consistent is True
    assert summary(labelling) == {"a": INC, "b": INC, "c": INC, "d": INC, "e": DEC}


def test_converging_paths_from_one_ambiguous_node_do_not_mix_choices() -> None:
    # c ambiguous; d = +c and e = +c both feed f positively, so f always moves with c: f can
    # never be pushed both ways at once (which would wrongly make it free to be anything).
    graph = make_graph("a b c d e f", [("a", "c", 1), ("b", "c", -1), ("c", "d", 1), ("c", "e", 1),
                                       ("d", "f", 1), ("e", "f", 1)])
    scenario = Scenario(interventions={"a": "increasing", "b": "increasing"}, observations={"c": "stable"})
    assert summary(label_graph(graph, scenario))["f"] == STABLE
    scenario = Scenario(interventions={"a": "increasing", "b": "increasing"}, observations={"c": "increasing"})
    assert summary(label_graph(graph, scenario))["f"] == INC


# --- feedback loops and foundedness -------------------------------------------------------------
def test_positive_loop_cannot_sustain_itself() -> None:
    graph = make_graph("a b", [("a", "b", 1), ("b", "a", 1)])
    assert summary(label_graph(graph, Scenario())) == {"a": STABLE, "b": STABLE}
    labelling = label_graph(graph, do(a="increasing"))
    assert summary(labelling) == {"a": INC, "b": INC}
    assert labelling.labels["b"].justification == ("a+>b",)
    assert summary(label_graph(graph, do(a="decreasing"))) == {"a": DEC, "b": DEC}


def test_positive_loop_fed_from_outside_moves_together() -> None:
    graph = make_graph("x a b", [("x", "a", 1), ("a", "b", 1), ("b", "a", 1)])
    labelling = label_graph(graph, do(x="increasing"))
    assert summary(labelling) == {"x": INC, "a": INC, "b": INC}
    assert labelling.labels["a"].justification == ("b+>a", "x+>a")


def test_self_loop_is_feedback_that_cannot_start_itself() -> None:
    # "X induces its own expression": the loop amplifies a change from outside, never starts one.
    graph = make_graph("x a", [("x", "a", 1), ("a", "a", 1)])
    assert summary(label_graph(graph, Scenario())) == {"x": STABLE, "a": STABLE}
    assert summary(label_graph(graph, do(x="increasing"))) == {"x": INC, "a": INC}
    damped = make_graph("x a", [("x", "a", 1), ("a", "a", -1)])
    assert summary(label_graph(damped, do(x="increasing"))) == {"x": INC, "a": INC}


def test_negative_loop_cannot_flip_itself() -> None:
    graph = make_graph("a b", [("a", "b", 1), ("b", "a", -1)])
    assert summary(label_graph(graph, Scenario())) == {"a": STABLE, "b": STABLE}


def test_negative_loop_damps_but_does_not_reverse_the_driven_node() -> None:
    # x pushes a up; a pushes b up; b pushes a down. b can only move because a does, so a falling
    # or staying put would remove b's push and leave a with x's push alone: a must increase.
    graph = make_graph("x a b", [("x", "a", 1), ("a", "b", 1), ("b", "a", -1)])
    labelling = label_graph(graph, do(x="increasing"))
    assert summary(labelling) == {"x": INC, "a": INC, "b": INC}
    assert labelling.labels["a"].justification == ("x+>a",)


def test_negative_input_into_positive_loop_is_not_overturned_by_unfounded_support() -> None:
    # x pushes a down; the loop a -> b -> a could "support" a rising only through itself.
    graph = make_graph("x a b", [("x", "a", -1), ("a", "b", 1), ("b", "a", 1)])
    assert summary(label_graph(graph, do(x="increasing"))) == {"x": INC, "a": DEC, "b": DEC}


def test_state_loop_cannot_switch_itself_on() -> None:
    graph = make_graph("S T", [("S", "T", 1), ("T", "S", 1)])
    assert summary(label_graph(graph, Scenario())) == {"S": OFF, "T": OFF}
    assert summary(label_graph(graph, do(S="active"))) == {"S": ON, "T": ON}


def test_mixed_loop_through_a_state_needs_an_outside_cause() -> None:
    # q rising triggers S, S raises q: without an intervention nothing happens.
    graph = make_graph("q S x", [("q", "S", 1), ("S", "q", 1), ("x", "q", 1)])
    assert summary(label_graph(graph, Scenario())) == {"q": STABLE, "S": OFF, "x": STABLE}
    assert summary(label_graph(graph, do(x="increasing"))) == {"q": INC, "S": ON, "x": INC}


# --- states and triggers ------------------------------------------------------------------------
def test_state_to_state_chain() -> None:
    graph = make_graph("S T U q", [("S", "T", 1), ("T", "U", 1), ("U", "q", 1)])
    labelling = label_graph(graph, do(S="active"))
    assert summary(labelling) == {"S": ON, "T": ON, "U": ON, "q": INC}
    assert labelling.labels["U"].justification == ("T+>>U",)
    assert summary(label_graph(graph, do(S="inactive"))) == {"S": OFF, "T": OFF, "U": OFF, "q": STABLE}


def test_trigger_thresholds_in_both_directions() -> None:
    # q -(+)-> Up: an increase triggers Up; q -(-)-> Down: a decrease triggers Down.
    graph = make_graph("q Up Down", [("q", "Up", 1), ("q", "Down", -1)])
    assert summary(label_graph(graph, do(q="increasing"))) == {"q": INC, "Up": ON, "Down": OFF}
    assert summary(label_graph(graph, do(q="decreasing"))) == {"q": DEC, "Up": OFF, "Down": ON}
    assert summary(label_graph(graph, do(q="stable"))) == {"q": STABLE, "Up": OFF, "Down": OFF}


def test_state_triggers_quantity_with_sign() -> None:
    graph = make_graph("S up down", [("S", "up", 1), ("S", "down", -1)])
    labelling = label_graph(graph, do(S="active"))
    assert summary(labelling) == {"S": ON, "up": INC, "down": DEC}
    assert labelling.labels["down"].justification == ("S->>down",)
    assert summary(label_graph(graph, do(S="inactive"))) == {"S": OFF, "up": STABLE, "down": STABLE}


def test_any_one_trigger_activates_a_state() -> None:
    graph = make_graph("a b S", [("a", "S", 1), ("b", "S", -1)])
    labelling = label_graph(graph, do(a="increasing", b="increasing"))
    assert summary(labelling) == {"a": INC, "b": INC, "S": ON}
    assert labelling.labels["S"].justification == ("a+>>S",)


# --- interventions ------------------------------------------------------------------------------
def test_intervention_overrides_incoming_edges() -> None:
    graph = make_graph("a b c", [("a", "b", 1), ("b", "c", 1)])
    labelling = label_graph(graph, do(a="increasing", b="decreasing"))
    assert summary(labelling) == {"a": INC, "b": DEC, "c": DEC}
    assert labelling.labels["b"].intervened and labelling.labels["b"].justification == ()


def test_intervened_node_in_a_loop_ignores_the_loop() -> None:
    graph = make_graph("a b", [("a", "b", -1), ("b", "a", -1)])
    assert summary(label_graph(graph, do(a="increasing"))) == {"a": INC, "b": DEC}


def test_undirected_edges_are_ignored() -> None:
    graph = make_graph("a b", [("a", "b", 1)])
    undecided = graph.model_copy(update={"edges": [graph.edges[0].model_copy(update={"orientation": "undirected"})]})
    assert summary(label_graph(undecided, do(a="increasing"))) == {"a": INC, "b": STABLE}


# --- observations and repairs -------------------------------------------------------------------
def test_consistent_observations() -> None:
    graph = make_graph("a b c", [("a", "b", 1), ("b", "c", -1)])
    labelling = label_graph(graph, Scenario(interventions={"a": "increasing"}, observations={"c": "decreasing"}))
    assert labelling.consistent is True and labelling.repairs == []


def repair_sets(labelling) -> set[frozenset[tuple[str, str]]]:
    return {frozenset((r.action, r.target) for r in rs.repairs) for rs in labelling.repairs}


def test_inconsistent_observation_gets_all_minimal_repairs() -> None:
    graph = make_graph("a b c", [("a", "b", 1), ("b", "c", 1)])
    labelling = label_graph(graph, Scenario(interventions={"a": "increasing"}, observations={"c": "decreasing"}))
    assert labelling.status == "ok" and labelling.consistent is False
    # Labels stay the graph's prediction; each single change below explains c falling.
    assert summary(labelling) == {"a": INC, "b": INC, "c": INC}
    assert repair_sets(labelling) == {
        frozenset({("flip_edge", "a+>b")}),
        frozenset({("flip_edge", "b+>c")}),
        frozenset({("distrust_observation", "c")}),
    }
    assert all(rs.cost == 1 for rs in labelling.repairs)


def test_stable_observation_is_repaired_by_removing_an_edge() -> None:
    graph = make_graph("a b", [("a", "b", -1)])
    labelling = label_graph(graph, Scenario(interventions={"a": "increasing"}, observations={"b": "stable"}))
    assert repair_sets(labelling) == {
        frozenset({("remove_edge", "a->b")}),
        frozenset({("distrust_observation", "b")}),
    }


def test_two_contradicting_observations_need_two_repairs() -> None:
    graph = make_graph("a b c", [("a", "b", 1), ("a", "c", 1)])
    scenario = Scenario(interventions={"a": "increasing"}, observations={"b": "decreasing", "c": "decreasing"})
    labelling = label_graph(graph, scenario)
    assert labelling.consistent is False
    assert {rs.cost for rs in labelling.repairs} == {2}
    assert frozenset({("flip_edge", "a+>b"), ("flip_edge", "a+>c")}) in repair_sets(labelling)
    assert len(labelling.repairs) == 4  # {flip, distrust} for b × {flip, distrust} for c


def test_state_to_state_trigger_is_never_flipped() -> None:
    graph = make_graph("S T", [("S", "T", 1)])
    labelling = label_graph(graph, Scenario(interventions={"S": "active"}, observations={"T": "inactive"}))
    assert repair_sets(labelling) == {
        frozenset({("remove_edge", "S+>>T")}),
        frozenset({("distrust_observation", "T")}),
    }


def test_observation_against_an_intervention_can_only_be_distrusted() -> None:
    graph = make_graph("a b", [("a", "b", 1)])
    labelling = label_graph(graph, Scenario(interventions={"a": "increasing"}, observations={"a": "decreasing"}))
    assert repair_sets(labelling) == {frozenset({("distrust_observation", "a")})}


def test_repair_sets_are_bounded() -> None:
    # Six independent contradictions give 2**6 optimal repair sets; only max_repair_sets are listed.
    leaves = [f"b{i}" for i in range(6)]
    graph = make_graph("a " + " ".join(leaves), [("a", leaf, 1) for leaf in leaves])
    scenario = Scenario(interventions={"a": "increasing"}, observations={leaf: "decreasing" for leaf in leaves})
    labelling = Reasoner(graph, max_repair_sets=5).label(scenario)
    assert labelling.status == "ok" and len(labelling.repairs) == 5
    assert {rs.cost for rs in labelling.repairs} == {6}
    assert "the first 5; there may be more" in labelling.message


# --- contrast, multi-shot, time limit -------------------------------------------------------------
def test_contrast_lists_exactly_the_nodes_that_change() -> None:
    graph = make_graph("a b c S", [("a", "b", 1), ("S", "c", 1)])
    reasoner = Reasoner(graph)
    contrast = reasoner.contrast(do(a="increasing", S="inactive"), do(a="increasing", S="active"))
    assert [(c.node, c.before.label, c.after.label) for c in contrast.changes] == [
        ("c", "stable", "increasing"), ("S", "inactive", "active")
    ]
    same = compare_labellings(reasoner.label(do(a="increasing")), reasoner.label(do(a="increasing")))
    assert same.changes == []


SWITCHABLE = ("qpt.lp", "qpt_possible.lp", "qpt_switches.lp", "qpt_label.lp")
ONE_SCENARIO = ("qpt.lp", "qpt_possible.lp", "qpt_label.lp")


@pytest.fixture
def builds(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, ...]]:
    """The programs grounded while the test runs, each as the names of its files."""
    grounded: list[tuple[str, ...]] = []
    original = _GroundProgram.build.__func__

    def counting_build(cls, programs, *args, **kwargs):
        grounded.append(tuple(program.name for program in programs))
        return original(cls, programs, *args, **kwargs)

    monkeypatch.setattr(_GroundProgram, "build", classmethod(counting_build))
    return grounded


def test_toggles_resolve_without_regrounding(builds: list[tuple[str, ...]]) -> None:
    graph = make_graph("a b c S", [("a", "b", 1), ("b", "c", -1), ("S", "c", 1)])
    reasoner = Reasoner(graph)
    first = reasoner.label(do(a="increasing"))  # may come from a one-scenario program meanwhile
    assert reasoner.wait_for_grounding(60)
    assert builds.count(SWITCHABLE) == 1 and set(builds) <= {SWITCHABLE, ONE_SCENARIO}
    grounded_before_toggles = len(builds)
    assert summary(reasoner.label(do(a="increasing", S="active")))["c"] == ANY  # b pushes c down, S up
    assert summary(reasoner.label(do(a="decreasing", S="active")))["c"] == INC  # both push c up
    assert summary(reasoner.label(do(S="active"))) == {"a": STABLE, "b": STABLE, "c": INC, "S": ON}
    assert reasoner.label(do(a="increasing")) == first  # back where we started
    relabelled = reasoner.with_graph(graph.model_copy(update={"question": "edited text only"}))
    assert relabelled.label(do(a="increasing")) == first
    assert len(builds) == grounded_before_toggles
    # a structural edit grounds anew
    edited = reasoner.with_graph(make_graph("a b c S", [("a", "b", -1), ("b", "c", -1), ("S", "c", 1)]))
    assert summary(edited.label(do(a="increasing")))["b"] == DEC
    assert len(builds) > grounded_before_toggles


def test_label_graph_grounds_only_for_its_scenario(builds: list[tuple[str, ...]]) -> None:
    graph = make_graph("a b c S", [("a", "b", 1), ("b", "c", -1), ("S", "c", 1)])
    assert summary(label_graph(graph, do(a="increasing")))["c"] == DEC
    assert builds == [ONE_SCENARIO]
    # observations are solve assumptions, which need the switchable program
    observed = label_graph(graph, Scenario(interventions={"a": "increasing"}, observations={"c": "decreasing"}))
    assert observed.consistent and SWITCHABLE in builds


def random_graph(n: int, seed: int) -> Graph:
    rng = random.Random(seed)
    names = [("S" if rng.random() < 0.25 else "q") + str(i) for i in range(n)]
    edges = set()
    for target in names:
        for _ in range(rng.randint(0, 3)):
            source = rng.choice(names)
            if source != target:
                sign = 1 if source[0] == target[0] == "S" else rng.choice((1, -1))
                edges.add((source, target, sign))
    return make_graph(" ".join(names), sorted(edges), sources=tuple(names[: n // 20]))


def test_time_limit_gives_a_timeout_labelling_not_a_hang() -> None:
    graph = random_graph(3000, seed=1)
    reasoner = Reasoner(graph, time_limit_s=0.001)
    start = time.monotonic()
    labelling = reasoner.label()
    assert time.monotonic() - start < 2.0
    assert labelling.status == "timeout"
    assert labelling.message.startswith("could not decide in time")
    assert labelling.labels == {}
    # The interrupted control stays usable: with time enough the same reasoner labels the graph.
    reasoner.time_limit_s = 60.0
    assert reasoner.label().status == "ok"

    # Observations need the switchable program: waiting for its grounding also ends at the limit.
    observing = Reasoner(graph, time_limit_s=0.001)
    quantity = next(node.id for node in graph.nodes if node.kind == "quantity")
    labelling = observing.label(Scenario(interventions={}, observations={quantity: "increasing"}))
    assert labelling.status == "timeout" and "still being grounded" in labelling.message


# Twelve pigeons in eleven holes, when ``hard`` is switched on: unsatisfiable, and far beyond what
# clasp proves in a fraction of a second; with ``hard`` off there is nothing to place.
PIGEONS = """
#external hard.
pigeon(1..12). hole(1..11).
1 { in(P,H) : hole(H) } 1 :- pigeon(P), hard.
:- in(P,H), in(Q,H), P < Q.
#show.
"""


def test_a_search_past_its_deadline_is_cancelled_and_the_control_stays_usable() -> None:
    program = _GroundProgram.build((), PIGEONS, ())
    hard = program.control.symbolic_atoms[clingo.Function("hard")].literal
    program.switch([hard])
    start = time.monotonic()
    assert program.solve([], start + 0.05) == (False, False, None)
    assert time.monotonic() - start < 2.0
    # A cancelled search leaves nothing pending that would stop the next one.
    program.switch([])
    finished, satisfiable, shown = program.solve([], time.monotonic() + 10.0)
    assert finished and satisfiable and shown == []


def test_raw_integer_symbols_read_as_their_numbers() -> None:
    for number in (0, 1, 24_999, -1, -7_389, 2**31 - 1, -(2**31)):
        assert _number_of(clingo.Number(number)._rep) == number


def test_smoking_example_labels_the_figure() -> None:
    graph = Graph.from_json(SMOKING.read_text())
    assert len(graph.nodes) >= 8 and {n.kind for n in graph.nodes} == {"state", "quantity"}
    labelling = label_graph(graph)
    labels = summary(labelling)
    assert labels["lung_carcinogenesis"] == ON
    assert labels["dna_damage"] == INC and labels["dna_repair_capacity"] == DEC
    assert labels["apoptosis"] == ANY  # DNA damage raises it, oncogenic mutation suppresses it
    # the oxidative stress <-> inflammation loop must not keep itself going once smoking stops
    quiet = summary(label_graph(graph, do(smoking="inactive")))
    assert quiet["oxidative_stress"] == STABLE and quiet["inflammation"] == STABLE
    assert quiet["lung_carcinogenesis"] == OFF


# --- command line -------------------------------------------------------------------------------
def test_cli_json(capsys: pytest.CaptureFixture[str]) -> None:
    code = engine_main(["label", str(SMOKING), "--json", "--observe", "lung_carcinogenesis=inactive",
                        "--contrast", "smoking=off"])
    assert code == 0
    result = json.loads(capsys.readouterr().out)
    assert result["labels"]["oncogenic_mutation"] == {
        "label": "active", "certain": True, "possible": ["active"],
        "justification": ["dna_damage+>>oncogenic_mutation"], "intervened": False,
    }
    assert result["consistent"] is False
    assert {"cost": 1, "repairs": [{"action": "distrust_observation", "target": "lung_carcinogenesis"}]} in result["repairs"]
    changes = {change["node"]: change for change in result["contrast"]["changes"]}
    assert changes["smoking"]["after"]["label"] == "inactive"
    assert changes["lung_carcinogenesis"]["before"]["label"] == "active"


def test_cli_without_observations_omits_consistency(capsys: pytest.CaptureFixture[str]) -> None:
    assert engine_main(["label", str(SMOKING), "--json", "--set", "smoking=inactive"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert "consistent" not in result and "repairs" not in result
    assert result["labels"]["lung_carcinogenesis"]["label"] == "inactive"


def test_cli_text(capsys: pytest.CaptureFixture[str]) -> None:
    assert engine_main(["label", str(SMOKING)]) == 0
    out = capsys.readouterr().out
    assert "lung_carcinogenesis" in out and "active" in out and "[set]" in out


@pytest.mark.parametrize(
    ("content", "args", "message"),
    [
        (None, [], "cannot read graph file"),
        ("{not json", [], "not valid JSON"),
        ('{"nodes": [{"id": "a", "label": "A"}], "edges": [{"id": "e", "source": "a", "target": "z"}]}', [],
         "unknown node 'z'"),
        ('{"nodes": [{"id": "a", "label": "A"}]}', ["--set", "a=on"], "a quantity takes one of"),
        ('{"nodes": [{"id": "a", "label": "A"}]}', ["--set", "b=up"], "unknown node 'b'"),
        ('{"nodes": [{"id": "a", "label": "A"}]}', ["--observe", "a"], "expected NODE=VALUE"),
        ('{"nodes": [{"id": "a", "label": "A"}]}', ["--set", "a=sideways"], "unknown value 'sideways'"),
    ],
)
def test_cli_bad_input_exits_2_with_a_message(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: str | None, args: list[str], message: str
) -> None:
    path = tmp_path / "graph.json"
    if content is not None:
        path.write_text(content)
    assert engine_main(["label", str(path), *args]) == 2
    captured = capsys.readouterr()
    assert message in captured.err and "Traceback" not in captured.err


def test_cli_reports_a_timeout_with_exit_code_1(capsys: pytest.CaptureFixture[str]) -> None:
    assert engine_main(["label", str(SMOKING), "--time-limit", "0.000001", "--json"]) == 1
    result = json.loads(capsys.readouterr().out)
    assert result["status"] == "timeout" and result["message"].startswith("could not decide in time")
