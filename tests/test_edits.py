"""Graph edits: each returns a new valid graph, leaves the old one alone, and refuses with a clear message."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.workspace import edits
from engine.workspace.edits import EditHistory
from engine.model.graph import Edge, Evidence, Graph, GraphError, Node


def _graph() -> Graph:
    """smoking (state) ⇒ nicotine ⇒ heart rate, and nicotine ⇒ vasoconstriction (state)."""
    evidence = [Evidence(doc_id="pmid:1", title="T", sentence="Nicotine raises heart rate.")]
    return Graph(
        question="How does smoking affect heart rate?",
        nodes=[
            Node(id="smoking", label="smoking", kind="state"),
            Node(id="nicotine", label="nicotine", kind="quantity"),
            Node(id="heart_rate", label="heart rate", kind="quantity"),
            Node(id="vasoconstriction", label="vasoconstriction", kind="state"),
        ],
        edges=[
            Edge(id="smoking+>>nicotine", source="smoking", target="nicotine", relation="triggers"),
            Edge(id="nicotine+>heart_rate", source="nicotine", target="heart_rate", evidence=evidence),
            Edge(id="nicotine->>vasoconstriction", source="nicotine", target="vasoconstriction",
                 relation="triggers", sign=-1),
        ],
        sources=["smoking"],
        targets=["heart_rate"],
    ).validate_shapes()


def test_edits_never_change_their_input() -> None:
    graph = _graph()
    before = graph.model_copy(deep=True)
    edits.add_node(graph, "cortisol")
    edits.rename_node(graph, "nicotine", "nicotine level")
    edits.retype_node(graph, "heart_rate", "state")
    edits.delete_node(graph, "nicotine")
    edits.set_edge_sign(graph, "nicotine+>heart_rate", -1)
    edits.retarget_edge(graph, "nicotine+>heart_rate", target="vasoconstriction")
    edits.delete_edge(graph, "smoking+>>nicotine")
    assert graph == before


def test_edit_results_share_nothing_mutable_with_their_input() -> None:
    graph = _graph()
    before = graph.model_copy(deep=True)
    results = [
        edits.retype_node(graph, "heart_rate", "state"),
        edits.set_edge_sign(graph, "nicotine+>heart_rate", -1),
        edits.retarget_edge(graph, "nicotine+>heart_rate", source="smoking"),
        edits.rename_node(graph, "nicotine", "nicotine level", keep_old_label_as_alias=True),
        edits.add_edge(graph, "heart_rate", "nicotine"),
    ]
    for result in results:
        for node in result.nodes:
            node.aliases.append("mutated")
        for edge in result.edges:
            edge.evidence.append(Evidence(doc_id="x", sentence="mutated"))
        result.sources.append("mutated")
    assert graph == before


def test_add_node_ids_and_refusals() -> None:
    graph = edits.add_node(_graph(), "  Blood   pressure ")
    added = graph.node("blood_pressure")
    assert (added.label, added.kind, added.origin) == ("Blood pressure", "quantity", "user")
    graph = edits.add_node(graph, "blood-pressure", "state")
    assert graph.node("blood_pressure_2").kind == "state"
    with pytest.raises(GraphError, match="a node labelled 'heart rate' already exists"):
        edits.add_node(graph, "Heart Rate")
    with pytest.raises(GraphError, match="non-empty label"):
        edits.add_node(graph, "   ")
    with pytest.raises(GraphError, match="a node with id 'smoking' already exists"):
        edits.add_node(graph, "tobacco use", node_id="smoking")
    with pytest.raises(GraphError, match="quantity or a state"):
        edits.add_node(graph, "x", "process")  # type: ignore[arg-type]


def test_rename_keeps_id_and_edges() -> None:
    graph = edits.rename_node(_graph(), "nicotine", "plasma nicotine", keep_old_label_as_alias=True)
    node = graph.node("nicotine")
    assert node.label == "plasma nicotine" and node.aliases == ["nicotine"]
    assert len(graph.out_edges("nicotine")) == 2
    with pytest.raises(GraphError, match="node 'heart_rate' already has that label"):
        edits.rename_node(graph, "nicotine", "Heart rate")
    with pytest.raises(GraphError, match="no node with id 'lungs'"):
        edits.rename_node(graph, "lungs", "x")


def test_retype_quantity_to_state_converts_edges() -> None:
    graph = edits.retype_node(_graph(), "heart_rate", "state")
    assert graph.node("heart_rate").kind == "state"
    # influence + from a quantity becomes triggers + (an increase triggers the state); evidence kept.
    edge = graph.edge("nicotine+>>heart_rate")
    assert (edge.relation, edge.sign, len(edge.evidence), edge.status) == ("triggers", 1, 1, "supported")


def test_retype_state_to_quantity_and_back_is_lossless() -> None:
    original = _graph()
    graph = edits.retype_node(original, "smoking", "quantity")
    assert graph.edge("smoking+>nicotine").relation == "influence"
    assert edits.retype_node(graph, "smoking", "state") == original


def test_retype_refuses_a_negative_state_trigger() -> None:
    with pytest.raises(GraphError, match="edge 'nicotine->>vasoconstriction' would be a − trigger between two states"):
        edits.retype_node(_graph(), "nicotine", "state")


def test_delete_node_drops_edges_and_question_roles() -> None:
    graph = edits.delete_node(_graph(), "nicotine")
    assert graph.node_ids() == ["smoking", "heart_rate", "vasoconstriction"]
    assert graph.edges == []
    graph = edits.delete_node(_graph(), "smoking")
    assert graph.sources == [] and graph.targets == ["heart_rate"]


def test_add_edge_infers_relation_and_refuses_bad_shapes() -> None:
    graph = edits.add_edge(_graph(), "smoking", "heart_rate", -1)
    edge = graph.edge("smoking->>heart_rate")
    assert (edge.relation, edge.origin, edge.status) == ("triggers", "user", "asserted-by-user")
    with pytest.raises(GraphError, match="influence from state 'smoking' to quantity 'heart_rate' is not allowed"):
        edits.add_edge(_graph(), "smoking", "heart_rate", 1, relation="influence")
    with pytest.raises(GraphError, match="must have sign \\+"):
        edits.add_edge(_graph(), "smoking", "vasoconstriction", -1)
    with pytest.raises(GraphError, match="edge 'nicotine\\+>heart_rate' already exists"):
        edits.add_edge(_graph(), "nicotine", "heart_rate")
    with pytest.raises(GraphError, match="to itself"):
        edits.add_edge(_graph(), "nicotine", "nicotine")
    with pytest.raises(GraphError, match="sign is \\+1 or -1"):
        edits.add_edge(_graph(), "heart_rate", "nicotine", 0)
    with pytest.raises(GraphError, match="no node with id 'lungs'"):
        edits.add_edge(_graph(), "nicotine", "lungs")


def test_set_edge_sign_renames_conventional_id_and_marks_user() -> None:
    graph = edits.set_edge_sign(_graph(), "nicotine+>heart_rate", -1)
    edge = graph.edge("nicotine->heart_rate")
    assert edge.sign == -1 and edge.status == "asserted-by-user" and len(edge.evidence) == 1
    assert [e.id for e in graph.edges].index("nicotine->heart_rate") == 1  # keeps its place
    assert edits.set_edge_sign(graph, "nicotine->heart_rate", -1) == graph
    both = edits.add_edge(_graph(), "nicotine", "heart_rate", -1)
    with pytest.raises(GraphError, match="'nicotine->heart_rate', which already exists"):
        edits.set_edge_sign(both, "nicotine+>heart_rate", -1)
    custom = _graph()
    custom.edges[1].id = "my-edge"
    assert edits.set_edge_sign(custom, "my-edge", -1).edge("my-edge").sign == -1


def test_set_edge_sign_refuses_negative_state_trigger() -> None:
    graph = edits.add_edge(_graph(), "smoking", "vasoconstriction")
    with pytest.raises(GraphError, match="sign \\+"):
        edits.set_edge_sign(graph, "smoking+>>vasoconstriction", -1)


def test_retarget_edge() -> None:
    graph = edits.retarget_edge(_graph(), "smoking+>>nicotine", target="heart_rate")
    assert graph.edge("smoking+>>heart_rate").status == "asserted-by-user"
    graph = edits.retarget_edge(_graph(), "nicotine+>heart_rate", source="smoking")
    assert graph.edge("smoking+>>heart_rate").relation == "triggers"
    with pytest.raises(GraphError, match="between two states"):
        edits.retarget_edge(_graph(), "nicotine->>vasoconstriction", source="smoking")
    with pytest.raises(GraphError, match="no node with id 'lungs'"):
        edits.retarget_edge(_graph(), "nicotine+>heart_rate", target="lungs")
    with pytest.raises(GraphError, match="to itself"):
        edits.retarget_edge(_graph(), "nicotine+>heart_rate", target="nicotine")


def test_delete_edge_and_question_roles() -> None:
    graph = edits.delete_edge(_graph(), "smoking+>>nicotine")
    assert len(graph.edges) == 2
    with pytest.raises(GraphError, match="no edge with id 'smoking\\+>>nicotine'"):
        edits.delete_edge(graph, "smoking+>>nicotine")
    graph = edits.set_sources(graph, ["nicotine", "smoking", "nicotine"])
    assert graph.sources == ["nicotine", "smoking"]
    graph = edits.set_targets(graph, [])
    assert graph.targets == []
    with pytest.raises(GraphError, match="question target 'lungs'"):
        edits.set_targets(graph, ["lungs"])


# --- undo / redo -------------------------------------------------------------------------------------


def test_history_undo_redo() -> None:
    history = EditHistory(_graph())
    assert not history.can_undo and not history.can_redo
    history.apply(edits.add_node, "cortisol")
    history.apply(edits.add_edge, "cortisol", "heart_rate", 1)
    assert history.current.has_node("cortisol") and len(history.current.edges) == 4
    assert len(history.undo().edges) == 3
    assert not history.undo().has_node("cortisol")
    assert history.current == _graph()
    with pytest.raises(GraphError, match="nothing to undo"):
        history.undo()
    history.redo()
    assert history.current.has_node("cortisol")
    history.apply(edits.delete_node, "smoking")  # a new edit clears redo
    assert not history.can_redo
    with pytest.raises(GraphError, match="nothing to redo"):
        history.redo()


def test_history_refused_edit_changes_nothing_and_unchanged_push_is_skipped() -> None:
    history = EditHistory(_graph())
    with pytest.raises(GraphError):
        history.apply(edits.add_node, "smoking")
    assert not history.can_undo
    history.push(_graph())
    assert not history.can_undo


def test_history_is_bounded_and_isolated() -> None:
    history = EditHistory(_graph(), max_size=3)
    for number in range(5):
        history.apply(edits.add_node, f"node {number}")
    steps = 0
    while history.can_undo:
        history.undo()
        steps += 1
    assert steps == 3
    assert [n.label for n in history.current.nodes][-2:] == ["node 0", "node 1"]
    # Mutating what the history hands out cannot corrupt it.
    leaked = history.current
    leaked.nodes.clear()
    assert len(history.current.nodes) == 6
    with pytest.raises(ValueError):
        EditHistory(_graph(), max_size=0)


_OPERATIONS = st.lists(
    st.tuples(st.sampled_from(["add", "rename", "retype", "delete", "edge", "sign", "undo", "redo"]),
              st.integers(0, 50), st.integers(0, 50)),
    max_size=25,
)


@settings(max_examples=60, deadline=None)
@given(_OPERATIONS)
def test_random_edit_sequences_stay_valid_and_undo_restores(operations: list[tuple[str, int, int]]) -> None:
    """Whatever a user clicks, the graph stays valid and undoing everything gives back the start."""
    start = _graph()
    history = EditHistory(start, max_size=1000)
    for name, i, j in operations:
        graph = history.current
        ids = graph.node_ids()
        try:
            if name == "add":
                history.apply(edits.add_node, f"node {i}", "state" if j % 2 else "quantity")
            elif name == "rename" and ids:
                history.apply(edits.rename_node, ids[i % len(ids)], f"renamed {j}")
            elif name == "retype" and ids:
                node = graph.node(ids[i % len(ids)])
                history.apply(edits.retype_node, node.id, "state" if node.kind == "quantity" else "quantity")
            elif name == "delete" and ids:
                history.apply(edits.delete_node, ids[i % len(ids)])
            elif name == "edge" and ids:
                history.apply(edits.add_edge, ids[i % len(ids)], ids[j % len(ids)], 1 if j % 2 else -1)
            elif name == "sign" and graph.edges:
                edge = graph.edges[i % len(graph.edges)]
                history.apply(edits.set_edge_sign, edge.id, -edge.sign)
            elif name == "undo" and history.can_undo:
                history.undo()
            elif name == "redo" and history.can_redo:
                history.redo()
        except GraphError:
            pass  # a refused edit is a normal outcome; it must leave the history as it was
        assert history.current.validate_shapes() == history.current
    while history.can_undo:
        history.undo()
    assert history.current == start
