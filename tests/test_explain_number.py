"""engine.explain.number: the answer's verbs agree with the names they follow."""

from __future__ import annotations

import pytest

from engine.explain.answer import edge_verb, explain, label_phrase
from engine.explain.number import agreeing, is_plural
from engine.model.graph import Edge, Evidence, Graph, Labelling, Node, NodeLabel, edge_id


@pytest.mark.parametrize("name", [
    "nicotinic acetylcholine receptors", "tau aggregates", "levels of Tarp", "Tarp levels in CSF",
    "NFTs", "miRNAs", "mitochondria", "reactive oxygen species", "synapses (CA1)", "antibiotics", "analgesics",
])
def test_plural_names(name: str) -> None:
    assert is_plural(name)


@pytest.mark.parametrize("name", [
    "tau", "oxidative stress", "apoptosis", "hippocampus", "diabetes", "ROS", "inhibition of kinases",
    "Alzheimer's", "genetics", "pharmacokinetics", "pancreas", "Aβ", "",
])
def test_singular_names(name: str) -> None:
    assert not is_plural(name)


def test_only_the_first_word_of_the_verb_phrase_changes() -> None:
    assert agreeing("stays stable", "Tarp levels") == "stay stable"
    assert agreeing("has no label", "tau aggregates") == "have no label"
    assert agreeing("stays stable", "Tarp") == "stays stable"
    assert agreeing("may increase", "Tarp levels") == "may increase"


def test_edges_and_labels_agree_with_their_subject() -> None:
    receptors, death = Node(id="r", label="zorin receptors"), Node(id="d", label="cell death")
    evidence = [Evidence(doc_id="1", title="T", sentence="Zorin receptors raise cell death.", score=1.0)]
    raising = Edge(id=edge_id("r", "influence", 1, "d"), source="r", target="d", relation="influence", sign=1,
                   evidence=evidence)
    assert edge_verb(raising, receptors, death) == "zorin receptors raise cell death"
    assert edge_verb(raising.model_copy(update={"source": "d", "target": "r"}), death, receptors) == \
        "cell death raises zorin receptors"
    assert label_phrase(receptors, NodeLabel(label="increasing", certain=True, possible=["increasing"])) == "increase"
    assert label_phrase(death, NodeLabel(label="increasing", certain=True, possible=["increasing"])) == "increases"


def test_an_answer_through_a_plural_name_reads_in_agreement() -> None:
    nodes = [Node(id="v", label="Velkin"), Node(id="r", label="zorin receptors"), Node(id="d", label="cell death")]
    edges = [Edge(id=edge_id(s, "influence", 1, t), source=s, target=t, relation="influence", sign=1,
                  evidence=[Evidence(doc_id=doc, title="T", sentence=sentence, score=1.0)])
             for s, t, doc, sentence in [("v", "r", "1", "Velkin raises zorin receptors."),
                                         ("r", "d", "2", "Zorin receptors raise cell death.")]]
    graph = Graph(question="How does velkin impact cell death?", nodes=nodes, edges=edges,
                  sources=["v"], targets=["d"]).validate_shapes()
    labels = Labelling(labels={n: NodeLabel(label="increasing", certain=True, possible=["increasing"]) for n in ("v", "r", "d")})
    text = explain(graph, labels).text
    assert "so zorin receptors increase" in text and "zorin receptors raise cell death" in text
    assert "receptors increases" not in text and "receptors raises" not in text
