"""The shared graph model: validation names the culprit, JSON and GraphML round trips, the schema."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from engine.__main__ import main as engine_main
from engine.explain.export import from_graphml, to_graphml
from engine.model.graph import (
    Edge,
    Evidence,
    Graph,
    GraphError,
    Node,
    NodeLabel,
    Scenario,
    edge_id,
    parse_value,
    slugify,
)

SCHEMA_FILE = Path(__file__).resolve().parent.parent / "engine" / "model" / "graph.schema.json"


def _graph(**overrides: object) -> dict:
    """A small valid graph as JSON data: smoking (state) triggers nicotine, which raises heart rate."""
    data = {
        "schema_version": 1,
        "question": "How does smoking affect heart rate?",
        "nodes": [
            {"id": "smoking", "label": "smoking", "kind": "state"},
            {"id": "nicotine", "label": "nicotine level", "kind": "quantity"},
            {"id": "heart_rate", "label": "heart rate", "kind": "quantity"},
        ],
        "edges": [
            {"id": "smoking+>>nicotine", "source": "smoking", "target": "nicotine", "relation": "triggers", "sign": 1},
            {"id": "nicotine+>heart_rate", "source": "nicotine", "target": "heart_rate", "relation": "influence",
             "sign": 1},
        ],
        "sources": ["smoking"],
        "targets": ["heart_rate"],
    }
    data.update(overrides)
    return data


def _error(data: object) -> str:
    with pytest.raises(GraphError) as caught:
        Graph.from_dict(data)
    return str(caught.value)


# --- validation --------------------------------------------------------------------------------


def test_valid_graph_loads() -> None:
    graph = Graph.from_dict(_graph())
    assert graph.node("nicotine").label == "nicotine level"
    assert [e.id for e in graph.in_edges("heart_rate")] == ["nicotine+>heart_rate"]


def test_unknown_node_in_edge_is_named() -> None:
    data = _graph()
    data["edges"][1]["target"] = "blood_pressure"
    message = _error(data)
    assert "nicotine+>heart_rate" in message and "blood_pressure" in message


def test_influence_out_of_a_state_is_refused() -> None:
    data = _graph()
    data["edges"][0]["relation"] = "influence"
    message = _error(data)
    assert "smoking+>>nicotine" in message and "influence(state → quantity)" in message


def test_triggers_between_quantities_is_refused() -> None:
    data = _graph()
    data["edges"][1]["relation"] = "triggers"
    assert "use influence" in _error(data)


def test_negative_state_to_state_trigger_is_refused() -> None:
    data = _graph()
    data["nodes"].append({"id": "copd", "label": "COPD", "kind": "state"})
    data["edges"].append({"id": "smoking->>copd", "source": "smoking", "target": "copd", "relation": "triggers",
                          "sign": -1})
    message = _error(data)
    assert "smoking->>copd" in message and "sign +" in message
    data["edges"][-1]["sign"] = 1
    assert Graph.from_dict(data).edge("smoking->>copd").sign == 1


def test_duplicate_ids_are_named() -> None:
    data = _graph()
    data["nodes"].append({"id": "nicotine", "label": "nicotine again"})
    assert _error(data) == "duplicate node id 'nicotine'"
    data = _graph()
    data["edges"].append(dict(data["edges"][1]))
    assert _error(data) == "duplicate edge id 'nicotine+>heart_rate'"


def test_empty_label_is_named() -> None:
    data = _graph()
    data["nodes"][1]["label"] = "   "
    assert _error(data) == "node 'nicotine' has an empty label"


def test_self_loop_is_a_graph_and_unknown_question_node_is_named() -> None:
    data = _graph()
    data["edges"].append({"id": "loop", "source": "nicotine", "target": "nicotine"})
    assert Graph.from_dict(data).edge("loop").source == "nicotine"  # "X induces its own expression"
    assert "question target 'lungs'" in _error(_graph(targets=["lungs"]))


def test_bad_schema_version_and_types() -> None:
    assert "schema_version 2" in _error(_graph(schema_version=2))
    bad_sign = _graph()
    bad_sign["edges"][0]["sign"] = 2
    assert "edges.0.sign" in _error(bad_sign)
    bad_kind = _graph()
    bad_kind["nodes"][0]["kind"] = "process"
    assert "nodes.0.kind" in _error(bad_kind)
    assert _error([1, 2]) == "a graph must be a JSON object"


def test_non_json_is_a_graph_error() -> None:
    with pytest.raises(GraphError, match="not valid JSON"):
        Graph.from_json("{nodes: [")


def test_confidence_out_of_range() -> None:
    data = _graph()
    data["edges"][0]["confidence"] = 1.5
    assert "edges.0.confidence" in _error(data)


def test_scenario_checks_kinds_and_nodes() -> None:
    graph = Graph.from_dict(_graph())
    Scenario(interventions={"smoking": "active", "nicotine": "decreasing"}).validate_against(graph)
    with pytest.raises(GraphError, match="a state takes one of active, inactive"):
        Scenario(interventions={"smoking": "increasing"}).validate_against(graph)
    with pytest.raises(GraphError, match="observation on unknown node 'lungs'"):
        Scenario(observations={"lungs": "active"}).validate_against(graph)
    assert Scenario.default_for(graph).interventions == {"smoking": "active"}


def test_values_slugs_and_edge_ids() -> None:
    assert parse_value(" Up ") == "increasing" and parse_value("off") == "inactive"
    with pytest.raises(GraphError, match="unknown value 'sideways'"):
        parse_value("sideways")
    assert slugify("TNF-α Expression (serum)") == "tnf_alpha_expression_serum"
    assert slugify("Aβ") == "abeta" and slugify("NF-κB") == "nf_kappab"
    assert slugify("—") == "node"
    assert edge_id("a", "influence", -1, "b") == "a->b"
    assert edge_id("a", "triggers", 1, "b") == "a+>>b"


# --- round trips over random valid graphs --------------------------------------------------------

# Any Unicode except surrogates (which no UTF-8 file can hold).
_ANY_TEXT = st.text(st.characters(exclude_categories=("Cs",)), max_size=12)
# What XML 1.0 can carry exactly: no control characters other than tab and newline.
_XML_TEXT = st.text(st.characters(exclude_categories=("Cs", "Cc"), exclude_characters="\ufffe\uffff")
                    | st.sampled_from("\t\n"), max_size=12)
_FINITE = st.floats(allow_nan=False, allow_infinity=False, width=64)


@st.composite
def valid_graphs(draw: st.DrawFn, text: st.SearchStrategy[str] = _ANY_TEXT) -> Graph:
    """Random graphs that obey every rule of the model, with arbitrary text in every free field."""
    labels = draw(st.lists(text.filter(str.strip), min_size=1, max_size=8))
    ids = draw(st.lists(text.filter(bool), min_size=len(labels), max_size=len(labels), unique=True))
    nodes = [
        Node(id=node_id, label=label, kind=draw(st.sampled_from(["quantity", "state"])),
             aliases=draw(st.lists(text, max_size=2)), origin=draw(st.sampled_from(["literature", "data", "user"])))
        for node_id, label in zip(ids, labels, strict=True)
    ]
    kinds = {node.id: node.kind for node in nodes}
    edges: list[Edge] = []
    pairs = [(a, b) for a in ids for b in ids if a != b]
    for source, target in draw(st.lists(st.sampled_from(pairs), max_size=10)) if pairs else []:
        relation = "influence" if (kinds[source], kinds[target]) == ("quantity", "quantity") else "triggers"
        sign = 1 if (kinds[source], kinds[target]) == ("state", "state") else draw(st.sampled_from([1, -1]))
        new_id = edge_id(source, relation, sign, target)
        if any(edge.id == new_id for edge in edges):
            continue
        evidence = draw(st.lists(st.builds(Evidence, doc_id=text, title=text, sentence=text, score=_FINITE,
                                           query=text), max_size=2))
        edges.append(Edge(
            id=new_id, source=source, target=target, relation=relation, sign=sign, evidence=evidence,
            origin=draw(st.sampled_from(["literature", "data", "user"])),
            status=draw(st.sampled_from(["supported", "contested", "asserted-by-user"])),
            confidence=draw(st.floats(0.0, 1.0)),
            orientation=draw(st.sampled_from(["directed", "undirected", "bidirected", "partial"])),
            weight=draw(st.none() | _FINITE),
        ))
    return Graph(
        question=draw(text), nodes=nodes, edges=edges,
        sources=draw(st.lists(st.sampled_from(ids), max_size=2, unique=True)),
        targets=draw(st.lists(st.sampled_from(ids), max_size=2, unique=True)),
    ).validate_shapes()


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(valid_graphs())
def test_json_round_trip_is_lossless(graph: Graph) -> None:
    assert Graph.from_json(graph.to_json()) == graph
    assert Graph.from_json(graph.to_json(indent=None)) == graph


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(valid_graphs(text=_XML_TEXT))
def test_graphml_round_trip_keeps_the_graph(graph: Graph) -> None:
    assert from_graphml(to_graphml(graph)) == graph


# --- the committed schema -------------------------------------------------------------------------


def test_committed_schema_matches_the_model() -> None:
    assert json.loads(SCHEMA_FILE.read_text("utf-8")) == Graph.json_schema()


def test_schema_command_prints_the_committed_schema(capsys: pytest.CaptureFixture[str]) -> None:
    assert engine_main(["schema"]) == 0
    assert capsys.readouterr().out == SCHEMA_FILE.read_text("utf-8")


def test_a_node_label_cannot_be_changed_in_place() -> None:
    # the reasoner shares one NodeLabel between many nodes and labellings
    label = NodeLabel(label="increasing", certain=False, possible=["increasing", "stable"], justification=["a+>b"])
    with pytest.raises(AttributeError):
        label.justification.append("c+>b")  # type: ignore[attr-defined]
    with pytest.raises(ValidationError):
        label.certain = True  # type: ignore[misc]
    assert label.possible == ("increasing", "stable") and label.justification == ("a+>b",)
