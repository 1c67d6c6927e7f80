"""The cited explanation: one statement per labelled path, citations only from the graph's evidence."""

from __future__ import annotations

import random
import re
import time

from engine.explain.answer import _Citer, _Writer, explain, label_phrase
from engine.explain.mechanism import find_routes
from engine.model.graph import (
    Contrast, Edge, Evidence, Graph, LabelChange, Labelling, Node, NodeLabel, edge_id,
)


def _edge(source: str, target: str, sign: int, doc: str, sentence: str, relation: str = "influence") -> Edge:
    return Edge(
        id=edge_id(source, relation, sign, target), source=source, target=target, relation=relation, sign=sign,
        evidence=[Evidence(doc_id=doc, title=f"Title of {doc}", sentence=sentence, score=1.0)],
    )


def _chain_graph() -> Graph:
    return Graph(
        question="How does unc5b impact pin1?",
        nodes=[Node(id="unc5b", label="UNC5B"), Node(id="dapk1", label="DAPK1"), Node(id="pin1", label="Pin1"),
               Node(id="other", label="other thing")],
        edges=[
            _edge("unc5b", "dapk1", 1, "111", "UNC5B activates DAPK1."),
            _edge("dapk1", "pin1", -1, "222", "DAPK1 inhibits Pin1."),
            _edge("other", "pin1", 1, "333", "Other thing raises Pin1."),
        ],
        sources=["unc5b"], targets=["pin1"],
    ).validate_shapes()


def _said(edge: Edge, nodes: dict[str, Node], *others: Edge) -> str:
    """How the answer words one edge (with the graph's other edges, for a contested one's other side)."""
    graph = Graph(nodes=list(nodes.values()), edges=[edge, *others])
    return _Writer(graph, nodes, {}, _Citer(references=[], by_doc={})).claim(edge)[1]


def _labels(**values: tuple[str, bool]) -> Labelling:
    return Labelling(labels={
        node: NodeLabel(label=value, certain=certain,
                        possible=[value] if certain else [value, "stable"], intervened=node == "unc5b")
        for node, (value, certain) in values.items()
    })


def test_each_path_statement_follows_one_path_and_cites_its_edges() -> None:
    graph = _chain_graph()
    labelling = _labels(unc5b=("increasing", True), dapk1=("increasing", True),
                        pin1=("decreasing", True), other=("stable", True))
    answer = explain(graph, labelling)
    paths = [s for s in answer.statements if s.kind == "mechanism"]
    assert len(paths) == 1
    statement = paths[0]
    assert statement.path == ["unc5b", "dapk1", "pin1"]
    assert statement.edges == ["unc5b+>dapk1", "dapk1->pin1"]
    assert [step.citations for step in statement.steps] == [[1], [2]]
    assert "one paper states that UNC5B raises DAPK1 [1], so DAPK1 increases" in statement.text
    assert "one paper states that DAPK1 lowers Pin1 [2], so Pin1 decreases" in statement.text
    # The unrelated edge is not on a source-target path, so its document is never cited.
    assert [(r.n, r.doc_id) for r in answer.references] == [(1, "111"), (2, "222")]
    assert "[1] Title of 111 (111)" in answer.text


def test_every_citation_number_in_the_text_is_a_reference_from_the_graph_evidence() -> None:
    graph = _chain_graph()
    labelling = _labels(unc5b=("increasing", True), dapk1=("increasing", True),
                        pin1=("decreasing", True), other=("stable", True))
    answer = explain(graph, labelling)
    cited = {int(n) for n in re.findall(r"\[(\d+)\]", answer.text)}
    assert cited == {r.n for r in answer.references}
    evidence_docs = {ev.doc_id for edge in graph.edges for ev in edge.evidence}
    assert {r.doc_id for r in answer.references} <= evidence_docs


def test_certain_and_possible_labels_are_worded_apart() -> None:
    # each step of the chain is stated by two papers: a label the solver leaves open is then not open
    # for want of a second paper, and is worded as possible
    graph = _chain_graph()
    graph.edges = [edge.model_copy(update={"evidence": [*edge.evidence, Evidence(
        doc_id=f"{edge.id}-again", sentence=edge.evidence[0].sentence, score=0.5)]}) for edge in graph.edges]
    certain = explain(graph, _labels(unc5b=("increasing", True), dapk1=("increasing", True),
                                     pin1=("decreasing", True), other=("stable", True)))
    possible = explain(graph, _labels(unc5b=("increasing", True), dapk1=("increasing", False),
                                      pin1=("decreasing", False), other=("stable", True)))
    assert "so Pin1 decreases" in certain.text
    assert "so Pin1 may decrease or stay stable" in possible.text
    assert "DAPK1 increases" not in possible.text
    assert [s.doubts for s in possible.statements if s.kind == "mechanism"] == [["open"]]
    node = Node(id="s", label="smoking", kind="state")
    assert label_phrase(node, NodeLabel(label="active", certain=False, possible=["active", "inactive"])) == \
        "may become active or stay inactive"


def test_no_path_gives_a_note_and_no_citations() -> None:
    graph = Graph(nodes=[Node(id="a", label="A"), Node(id="b", label="B")], sources=["a"], targets=["b"])
    answer = explain(graph, Labelling())
    assert [s.kind for s in answer.statements] == ["note"]
    assert answer.references == []
    assert "No directed path" in answer.text


def test_a_path_longer_than_the_statement_limit_is_named_as_such() -> None:
    ids = [f"n{i}" for i in range(9)]
    graph = Graph(
        nodes=[Node(id=i, label=i.upper()) for i in ids],
        edges=[_edge(a, b, 1, f"d{a}", f"{a.upper()} raises {b.upper()}.") for a, b in zip(ids, ids[1:])],
        sources=["n0"], targets=["n8"],
    ).validate_shapes()
    answer = explain(graph, Labelling())
    assert [s.kind for s in answer.statements] == ["note"]
    assert "more than 6 steps" in answer.text and "No directed path" not in answer.text


def test_contrast_says_what_changes_and_why_with_citations() -> None:
    graph = _chain_graph()
    before = NodeLabel(label="decreasing", certain=True, possible=["decreasing"], justification=["dapk1->pin1"])
    after = NodeLabel(label="increasing", certain=True, possible=["increasing"], justification=["other+>pin1"])
    contrast = Contrast(changes=[LabelChange(node="pin1", before=before, after=after)])
    labelling = _labels(unc5b=("stable", True), dapk1=("stable", True), pin1=("increasing", True),
                        other=("increasing", True))
    answer = explain(graph, labelling, contrast)
    contrast_statements = [s for s in answer.statements if s.kind == "contrast"]
    assert len(contrast_statements) == 1
    text = contrast_statements[0].text
    assert "Pin1 increases (before, it decreases)" in text
    assert "other thing raises Pin1 [" in text
    assert contrast_statements[0].edges == ["other+>pin1"]
    assert any(r.doc_id == "333" for r in answer.references)


def test_a_node_the_edit_added_is_called_new_not_changed() -> None:
    graph = _chain_graph()
    stable = NodeLabel(label="stable", certain=True, possible=["stable"])
    rising = NodeLabel(label="increasing", certain=True, possible=["increasing"], justification=["other+>pin1"])
    contrast = Contrast(changes=[LabelChange(node="other", before=None, after=stable),
                                 LabelChange(node="pin1", before=None, after=rising)])
    labelling = _labels(unc5b=("increasing", True), dapk1=("increasing", True), pin1=("increasing", True),
                        other=("stable", True))
    texts = [s.text for s in explain(graph, labelling, contrast).statements if s.kind == "contrast"]
    assert texts[0] == "other thing is new to the graph and stays stable, because no change reaches it."
    assert texts[1].startswith("Pin1 is new to the graph and increases, because one paper states that other thing "
                               "raises Pin1 [")


def test_solver_timeout_is_reported_and_paths_still_cited() -> None:
    answer = explain(_chain_graph(), Labelling(status="timeout", message="could not decide in time"))
    assert answer.statements[0].kind == "note"
    assert "could not decide in time" in answer.statements[0].text
    assert any(s.kind == "mechanism" and s.citations == [1, 2] for s in answer.statements)


def test_user_edge_without_evidence_is_marked_not_cited() -> None:
    graph = _chain_graph()
    graph.edges.append(Edge(id="unc5b->pin1", source="unc5b", target="pin1", sign=-1, origin="user",
                            status="asserted-by-user"))
    answer = explain(graph.validate_shapes(), Labelling())
    direct = [s for s in answer.statements if s.kind == "direct" and s.path == ["unc5b", "pin1"]]
    assert direct and "asserted by the user, no citation" in direct[0].text
    assert direct[0].citations == []


def _random_graph(n_nodes: int, n_edges: int, seed: int) -> tuple[Graph, Labelling]:
    rng = random.Random(seed)
    nodes = [Node(id=f"n{i}", label=f"node {i}") for i in range(n_nodes)]
    edges: dict[str, Edge] = {}
    while len(edges) < n_edges:
        a, b = rng.sample(range(n_nodes), 2)
        sign = rng.choice([1, -1])
        edge = _edge(f"n{a}", f"n{b}", sign, f"doc{rng.randrange(30)}", f"node {a} affects node {b}.")
        if not any(e.source == edge.source and e.target == edge.target for e in edges.values()):
            edges[edge.id] = edge
    graph = Graph(nodes=nodes, edges=list(edges.values()), sources=["n0"], targets=[f"n{n_nodes - 1}"])
    labelling = Labelling(labels={
        node.id: NodeLabel(label="increasing", certain=False, possible=["increasing", "decreasing"]) for node in nodes
    })
    return graph.validate_shapes(), labelling


def test_explain_is_fast_on_a_40_node_graph() -> None:
    graph, labelling = _random_graph(40, 120, seed=3)
    assert find_routes(graph), "the random graph should connect source and target"
    explain(graph, labelling)  # warm imports
    timings = []
    for _ in range(5):
        start = time.perf_counter()
        explain(graph, labelling)
        timings.append(time.perf_counter() - start)
    assert sorted(timings)[2] < 0.05


def test_a_possible_edge_from_hedged_sentences_is_worded_as_the_papers_suggestion() -> None:
    nodes = {n: Node(id=n, label=n.capitalize()) for n in ("velk1", "zorin")}
    hedged = Edge(id="v+>z", source="velk1", target="zorin", status="possible",
                  evidence=[Evidence(doc_id="d1", sentence="Velk1 may raise Zorin.", hedged=True)])
    one_reader = hedged.model_copy(update={"evidence": [Evidence(doc_id="d1", sentence="Velk1 raises Zorin.")]})
    assert _said(hedged, nodes) == "the cited papers only suggest that Velk1 raises Zorin [1]"
    assert _said(one_reader, nodes) == "one reading suggests that Velk1 raises Zorin [1]"


def test_a_step_one_paper_states_says_so_and_one_two_papers_state_does_not() -> None:
    once = _edge("unc5b", "dapk1", 1, "PMID1", "UNC5B raises DAPK1.")
    twice = once.model_copy(update={"evidence": [*once.evidence, Evidence(
        doc_id="PMID9", title="Title of PMID9", sentence="UNC5B increases DAPK1 in neurons.", score=1.0)]})
    nodes = {"unc5b": Node(id="unc5b", label="UNC5B"), "dapk1": Node(id="dapk1", label="DAPK1")}
    assert _said(once, nodes) == "one paper states that UNC5B raises DAPK1 [1]"
    assert _said(twice, nodes) == "two papers agree that UNC5B raises DAPK1 [1][2]"
    # a third sentence of the same paper adds no paper; a third paper is counted beyond the two cited
    same_paper = twice.model_copy(update={"evidence": [*twice.evidence, Evidence(
        doc_id="PMID9", sentence="DAPK1 rises with UNC5B.", score=0.5)]})
    assert _said(same_paper, nodes) == "two papers agree that UNC5B raises DAPK1 [1][2]"
    third = twice.model_copy(update={"evidence": [*twice.evidence, Evidence(
        doc_id="PMID7", sentence="DAPK1 rises with UNC5B.", score=0.5)]})
    assert _said(third, nodes) == "three papers agree that UNC5B raises DAPK1, among them [1][2]"


def test_a_states_trigger_says_the_change_goes_with_the_state() -> None:
    """A state's trigger is worded as what goes with the state, which both a change found under it
    ("Zorin is lower in Kestin disease brains") and one it causes say."""
    nodes = {"kestin": Node(id="kestin", label="Kestin disease", kind="state"), "zorin": Node(id="zorin", label="Zorin")}
    lowers = _edge("kestin", "zorin", -1, "PMID1", "Zorin is lower in Kestin disease brains.", relation="triggers")
    raises = _edge("kestin", "zorin", 1, "PMID1", "Zorin is higher in Kestin disease brains.", relation="triggers")
    assert _said(lowers, nodes) == "one paper states that Zorin falls with Kestin disease [1]"
    assert _said(raises, nodes) == "one paper states that Zorin rises with Kestin disease [1]"


def test_a_contested_edge_without_its_other_side_in_the_graph_is_marked_contested() -> None:
    # a claim a check of its sentence disputes (the openai backend) is contested with no opposite edge
    nodes = {n: Node(id=n, label=n.upper()) for n in ("a", "b")}
    challenged = _edge("a", "b", 1, "PMID1", "A raises B.").model_copy(update={"status": "contested"})
    assert _said(challenged, nodes) == "one paper states that A raises B [1] (contested)"
    other = _edge("a", "b", -1, "PMID2", "A lowers B.").model_copy(update={"status": "contested"})
    assert _said(challenged, nodes, other) == (
        "papers disagree: one paper states that A raises B [1]; one paper states that A lowers B [2]")


def test_a_user_or_data_edge_says_where_it_comes_from() -> None:
    nodes = {n: Node(id=n, label=n.upper()) for n in ("a", "b")}
    user = Edge(id="a+>b", source="a", target="b", origin="user", status="asserted-by-user")
    data = Edge(id="a+>b", source="a", target="b", origin="data")
    assert _said(user, nodes) == "A raises B (asserted by the user, no citation)"
    assert _said(data, nodes) == "A raises B (learned from data, no citation)"


def test_every_statement_follows_one_path_and_cites_exactly_what_its_text_cites() -> None:
    """On random graphs with contested pairs, labelled by the solver: each statement's steps are the
    consecutive edges of its path, and the numbers its text cites are its citations (steps and
    opposing edges), each a reference from the graph's evidence."""
    from engine.solver.reasoner import label_graph

    kinds: set[str] = set()
    for seed in range(12):
        graph, _ = _random_graph(8, 24, seed=seed)
        rng = random.Random(seed)
        flipped = [edge.model_copy(update={
            "id": edge_id(edge.source, "influence", -edge.sign, edge.target), "sign": -edge.sign, "status": "contested",
            "evidence": [Evidence(doc_id=f"other{rng.randrange(30)}", sentence="the other side.", score=1.0)]})
            for edge in rng.sample(graph.edges, 6)]
        contested = {(e.source, e.target) for e in flipped}
        edges = [e.model_copy(update={"status": "contested"}) if (e.source, e.target) in contested else e
                 for e in graph.edges]
        graph = graph.model_copy(update={"edges": edges + flipped}).validate_shapes()
        answer = explain(graph, label_graph(graph))
        by_id = {edge.id: edge for edge in graph.edges}
        for statement in answer.statements:
            kinds.update([statement.kind, *statement.doubts, *(["opposing"] if statement.opposing else [])])
            if statement.kind == "note":
                continue
            assert [step.edge for step in statement.steps] == statement.edges
            assert [(by_id[e].source, by_id[e].target) for e in statement.edges] == list(
                zip(statement.path, statement.path[1:]))
            cited = {int(n) for n in re.findall(r"\[(\d+)\]", statement.text)}
            assert cited == set(statement.citations)
            for step in statement.opposing:
                assert step.edge not in statement.edges and step.target in statement.path
        assert {r.doc_id for r in answer.references} <= {ev.doc_id for e in graph.edges for ev in e.evidence}
    assert {"mechanism", "direct", "contested", "competing", "opposing"} <= kinds  # the draw reaches each case


def test_a_summary_over_more_papers_than_it_cites_says_among_them() -> None:
    from engine.explain.strength import edge_basis

    papers = [Evidence(doc_id=f"PMID{n}", sentence="UNC5B raises DAPK1.", score=1.0) for n in range(3)]
    edge = Edge(id="u+>d", source="unc5b", target="dapk1", sign=1, evidence=papers)
    assert edge_basis(edge, 2) == "as three papers agree, among them"
    assert edge_basis(edge, 3) == "as three papers agree"
