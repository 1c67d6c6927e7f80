"""A question naming one side only ("What causes Y?", "What does X induce?") is answered by the direct
influences stated on that side, best evidenced first, each cited; with none stated it is abstained on."""

from __future__ import annotations

from engine.explain.answer import explain
from engine.explain.one_sided import MAX_INFLUENCES, one_sided_edges
from engine.model.graph import Edge, Evidence, Graph, Labelling, Node, edge_id
from engine.pipeline import abstention_reason
from engine.questions.analyze import analyze_question
from engine.settings import PipelineSettings


def _edge(source: str, target: str, sign: int, docs: list[str]) -> Edge:
    return Edge(id=edge_id(source, "influence", sign, target), source=source, target=target, sign=sign,
                evidence=[Evidence(doc_id=doc, sentence=f"{source} changes {target} ({doc}).") for doc in docs])


def _causes_of_zorin(*edges: Edge) -> Graph:
    names = {name for edge in edges for name in (edge.source, edge.target)} | {"zorin"}
    return Graph(question="What causes zorin?", nodes=[Node(id=n, label=n) for n in sorted(names)],
                 edges=list(edges), targets=["zorin"])


def test_the_causes_stated_are_listed_best_evidenced_first_each_cited() -> None:
    graph = _causes_of_zorin(_edge("velk", "zorin", 1, ["d1"]), _edge("pallid", "zorin", -1, ["d2", "d3"]),
                             _edge("velk", "pallid", 1, ["d4"]))  # not into the target: not an answer
    answer = explain(graph, Labelling())
    assert [s.kind for s in answer.statements] == ["note", "direct", "direct"]
    assert answer.statements[0].text == "The papers read state 2 direct causes of zorin:"
    best, other = answer.statements[1:]
    assert best.text.startswith("Two papers agree that pallid lowers zorin") and best.citations == [1, 2]
    assert other.text == "One paper states that velk raises zorin [3]." and other.path == ["velk", "zorin"]


def test_at_most_a_few_influences_are_listed_and_the_effects_of_a_source_too() -> None:
    edges = [_edge(f"cause{n}", "zorin", 1, [f"d{n}"]) for n in range(MAX_INFLUENCES + 3)]
    answer = explain(_causes_of_zorin(*edges), Labelling())
    assert len([s for s in answer.statements if s.kind == "direct"]) == MAX_INFLUENCES
    assert answer.statements[0].text.endswith(f"state {MAX_INFLUENCES + 3} direct causes of zorin; "
                                              f"the {MAX_INFLUENCES} best evidenced:")
    effects = Graph(nodes=[Node(id="velk", label="velk"), Node(id="zorin", label="zorin")],
                    edges=[_edge("velk", "zorin", 1, ["d1"])], sources=["velk"])
    assert [e.target for e in one_sided_edges(effects)] == ["zorin"]
    assert explain(effects, Labelling()).statements[0].text == "The papers read state 1 direct effect of velk:"


def test_with_no_influence_stated_the_question_is_abstained_on_with_a_plain_reason() -> None:
    graph = _causes_of_zorin()
    assert explain(graph, Labelling()).statements[0].text == "No sentence of the papers read states a cause of zorin."
    analysis = analyze_question("What causes zorin?")
    reason = abstention_reason(analysis, False, False, PipelineSettings(), 2, one_sided=0)
    assert reason == "no evidenced claim names a cause of zorin in the indexed papers after 2 round(s)"
    assert abstention_reason(analysis, False, False, PipelineSettings(), 2, one_sided=1) == ""
    both = _causes_of_zorin(_edge("velk", "zorin", 1, ["d1"])).model_copy(update={"sources": ["velk"]})
    assert one_sided_edges(both) == []  # a question with both sides is answered by its routes
