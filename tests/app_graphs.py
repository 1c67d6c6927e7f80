"""Small hand-made graphs for the app tests (AppTest and browser)."""

from __future__ import annotations

from engine.model.graph import Edge, Evidence, Graph, Node, edge_id


def _edge(source: str, target: str, relation: str, sign: int, doc: str, sentence: str) -> Edge:
    """A claim that two papers state (``doc`` and a replication), so the solver takes it as established
    and the labels it carries are certain (``engine.model.graph.is_tentative``)."""
    return Edge(
        id=edge_id(source, relation, sign, target),
        source=source,
        target=target,
        relation=relation,
        sign=sign,
        evidence=[Evidence(doc_id=doc, title=f"Paper {doc}", sentence=sentence, score=0.9),
                  Evidence(doc_id=f"{doc}-replication", title=f"Replication of {doc}",
                           sentence=f"We confirm: {sentence[0].lower()}{sentence[1:]}", score=0.8)],
    )


def smoking_graph() -> Graph:
    """smoking (state) ⇒ oxidative stress ⇒ neuronal death, with exercise lowering oxidative stress."""
    return Graph(
        question="How does smoking affect neuronal death?",
        nodes=[
            Node(id="smoking", label="smoking", kind="state"),
            Node(id="oxidative_stress", label="oxidative stress"),
            Node(id="neuronal_death", label="neuronal death"),
            Node(id="exercise", label="exercise"),
        ],
        edges=[
            _edge("smoking", "oxidative_stress", "triggers", 1, "pmid:1",
                  "Smoking increases oxidative stress in the brain."),
            _edge("oxidative_stress", "neuronal_death", "influence", 1, "pmid:2",
                  "Oxidative stress promotes neuronal death."),
            _edge("exercise", "oxidative_stress", "influence", -1, "pmid:3",
                  "Exercise reduces oxidative stress."),
        ],
        sources=["smoking"],
        targets=["neuronal_death"],
    ).validate_shapes()
