"""The question pipeline end to end on a small hand-written corpus (tests/fixtures/pipeline/).

The corpus states a chain chronic stress → cortisol → BDNF → hippocampal neurogenesis across two
papers (BDNF defined as an abbreviation in one, used bare in the other), plus a negated claim,
side branches and a distractor. ``FixtureIndex`` stands in for ``PaperIndex`` with a plain word-overlap
ranking, so these tests need no embedding model; ``test_pipeline_index.py`` runs the real index.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from engine.annotations import Annotation
from engine.backends import ExtractedClaim
from engine.integrate import Integrator
from engine.model import Evidence
from engine.pipeline import ProgressEvent, ask
from engine.settings import Settings
from engine.verify import check_claim, mentions, states_direction
from retrieval.documents import Document
from retrieval.index import Passage

FIXTURE = Path(__file__).parent / "fixtures" / "pipeline" / "documents.jsonl"
QUESTION = "How does chronic stress impact hippocampal neurogenesis?"


class FixtureIndex:
    """The part of PaperIndex the pipeline uses, over the fixture documents."""

    def __init__(self, path: Path = FIXTURE) -> None:
        self.documents = [Document(**json.loads(line)) for line in path.read_text().splitlines() if line.strip()]
        self.queries: list[str] = []

    def search(self, query: str, k: int = 10, mode: str = "hybrid") -> list[Passage]:
        self.queries.append(query)
        words = set(re.findall(r"[a-z0-9]+", query.lower()))
        scored = []
        for doc in self.documents:
            for i, sentence in enumerate(doc.sentences):
                overlap = len(words & set(re.findall(r"[a-z0-9]+", sentence.lower())))
                if overlap:
                    scored.append((overlap, doc, i, sentence))
        scored.sort(key=lambda item: -item[0])
        return [Passage(doc_id=doc.id, title=doc.title, sentence=sentence, sentence_index=i, score=float(score))
                for score, doc, i, sentence in scored[:k]]

    def document(self, doc_id: str) -> Document:
        return next(doc for doc in self.documents if doc.id == doc_id)


@pytest.fixture(scope="module")
def result():
    events: list[ProgressEvent] = []
    outcome = ask(QUESTION, FixtureIndex(), Settings(), on_event=events.append)
    return outcome, events


def test_ask_builds_a_connected_labelled_graph(result) -> None:
    outcome, _ = result
    assert not outcome.abstained, outcome.reason
    graph = outcome.graph
    assert graph.sources == ["chronic_stress"] and graph.targets == ["hippocampal_neurogenesis"]
    edges = {(e.source, e.sign, e.target) for e in graph.edges}
    bdnf = next(n for n in graph.nodes if "BDNF" in [n.label, *n.aliases])
    assert ("chronic_stress", 1, "cortisol") in edges
    assert ("cortisol", -1, bdnf.id) in edges
    assert (bdnf.id, 1, "hippocampal_neurogenesis") in edges
    labels = outcome.labelling.labels
    assert labels["chronic_stress"].label == "increasing" and labels["chronic_stress"].intervened
    assert labels["cortisol"].label == "increasing" and labels["cortisol"].certain
    assert labels["hippocampal_neurogenesis"].label == "decreasing"
    assert labels["hippocampal_neurogenesis"].certain


def test_every_edge_cites_a_sentence_of_the_corpus(result) -> None:
    outcome, _ = result
    corpus = {(doc.id, s) for doc in FixtureIndex().documents for s in doc.sentences}
    for edge in outcome.graph.edges:
        assert edge.evidence, edge.id
        assert all((ev.doc_id, ev.sentence) in corpus for ev in edge.evidence)


def test_the_answer_follows_the_path_and_cites_it(result) -> None:
    outcome, _ = result
    answer = outcome.answer
    paths = [s for s in answer.statements if s.kind == "mechanism"]
    assert paths and paths[0].path[0] == "chronic_stress" and paths[0].path[-1] == "hippocampal_neurogenesis"
    assert all(step.citations for step in paths[0].steps)
    assert "hippocampal neurogenesis decreases" in paths[0].text
    assert {r.doc_id for r in answer.references} == {"fx-stress-1", "fx-bdnf-2"}
    cited = {int(n) for n in re.findall(r"\[(\d+)\]", answer.text)}
    assert cited == {r.n for r in answer.references}


def test_progress_events_and_trace(result) -> None:
    outcome, events = result
    steps = [e.step for e in events]
    assert steps[0] == "analyze" and steps[-1] == "done"
    for step in ("discover", "extract", "interpret", "verify", "integrate", "label", "answer"):
        assert step in steps
    assert all(e.round >= 1 for e in events if e.step == "discover")
    trace = outcome.trace
    assert trace.queries[0].text == "chronic stress hippocampal neurogenesis"
    assert trace.passages and trace.annotations
    assert set(trace.edges_kept) == {e.id for e in outcome.graph.edges}
    assert trace.stop_reason
    # The negated sentence yields no claim, so it never reaches the graph.
    assert not any("Caffeine" in a.sentence for a in trace.annotations)


def test_a_non_causal_question_is_abstained_on() -> None:
    index = FixtureIndex()
    outcome = ask("What is BDNF?", index, Settings())
    assert outcome.abstained and outcome.reason
    assert outcome.graph.nodes == [] and index.queries == []


def test_no_path_is_an_abstention_with_the_partial_graph_kept() -> None:
    outcome = ask("How does voluntary exercise impact granule cells?", FixtureIndex(), Settings())
    assert outcome.abstained
    assert "no chain of evidenced claims" in outcome.reason
    assert any(node.id == "voluntary_exercise" for node in outcome.graph.nodes)
    assert [s.kind for s in outcome.answer.statements] == ["note"]


def test_budgets_bound_the_rounds_and_nodes() -> None:
    settings = Settings(pipeline={"rounds": 1, "passages_per_query": 2, "max_nodes": 3})
    outcome = ask(QUESTION, FixtureIndex(), settings)
    assert outcome.trace.rounds == 1
    assert len(outcome.graph.nodes) <= 3
    assert all(q.passages <= 2 for q in outcome.trace.queries)


# --- Verify and Integrate on their own --------------------------------------------------------

def _claim(subject: str, s_change, obj: str, o_change, sentence: str, doc: str = "d1", **extra) -> ExtractedClaim:
    annotation = Annotation(subject=subject, subject_change=s_change, object=obj, object_change=o_change,
                            text=sentence, **extra)
    return ExtractedClaim(annotation=annotation, evidence=Evidence(doc_id=doc, title="t", sentence=sentence))


def test_verify_needs_both_ends_and_a_direction() -> None:
    sentence = "Elevated cortisol reduces BDNF expression."
    assert check_claim(_claim("cortisol", "increase", "BDNF", "decrease", sentence)) is None
    assert "cause 'insulin'" in check_claim(_claim("insulin", "increase", "BDNF", "decrease", sentence))
    assert "effect 'tau'" in check_claim(_claim("cortisol", "increase", "tau", "decrease", sentence))
    assert "no direction" in check_claim(_claim("cortisol", None, "BDNF", None, "Cortisol and BDNF were measured."))
    # Aliases count: an abbreviation the text defines, and the entity a deficiency state is about.
    assert check_claim(_claim("brain-derived neurotrophic factor", "increase", "neurogenesis", "increase",
                              "BDNF promotes neurogenesis.", subject_aliases=["BDNF"])) is None
    assert check_claim(_claim("TIMP-2 deficiency", None, "macrophage infiltration", "increase",
                              "Loss of TIMP-2 increases macrophage infiltration.")) is None
    assert mentions("GSK-3β activity rose.", ["GSK3B"]) and not mentions("GSK-3β activity rose.", ["tau"])
    # A name inside a hyphenated compound, also with a typeset hyphen.
    assert check_claim(_claim("SOD1 deficiency", None, "microglial activation", "increase",
                              "Microglial activation rose in SOD1-KO-derived slices.")) is None
    assert mentions("Lipid droplets grew through PLIN2\u2010dependent storage.", ["PLIN2"])
    assert not mentions("Lipid droplets grew through PLIN2-dependent storage.", ["PLIN3"])
    assert states_direction("Amyloid-induced toxicity") and not states_direction("Tau binds tubulin.")
    # A verb that leaves the sign open is signed by its adverb; an effect or role noun by its adjective.
    assert states_direction("AMPK negatively regulates GSK3b activity.")
    assert states_direction("Nrf2 is a positive regulator of HO-1.")
    assert not states_direction("AMPK regulates GSK3b activity.")
    assert not states_direction("BIN1 is implicated in APP metabolism.")
    # The extractor's other signed readings: a correlation with its sign, a risk factor.
    assert states_direction("Serum vitamin D was inversely correlated with plaque burden.")
    assert states_direction("Plaque burden correlates negatively with vitamin D.")
    assert states_direction("Diabetes is a major risk factor for dementia.")
    assert not states_direction("Serum vitamin D was correlated with plaque burden.")
    assert not states_direction("Diabetes is a factor in dementia risk.")


def test_integrate_merges_abbreviations_and_reads_deficiency_as_a_decrease() -> None:
    integrator = Integrator("q", ["TIMP2"], ["neuronal survival"])
    integrator.add([
        _claim("TIMP-2 deficiency", None, "brain-derived neurotrophic factor", "decrease",
               "TIMP-2 deficiency lowers brain-derived neurotrophic factor.", object_aliases=["BDNF"]),
        _claim("BDNF", "increase", "neuronal survival", "increase", "BDNF promotes neuronal survival.", doc="d2"),
    ], 1)
    built = integrator.build()
    graph = built.graph
    assert built.connected
    assert {n.id: n.kind for n in graph.nodes} == {
        "timp2": "quantity", "neuronal_survival": "quantity", "brain_derived_neurotrophic_factor": "quantity"}
    edges = {(e.source, e.relation, e.sign, e.target) for e in graph.edges}
    # A decrease of TIMP-2 lowering BDNF is an influence + from TIMP-2 to BDNF.
    assert ("timp2", "influence", 1, "brain_derived_neurotrophic_factor") in edges
    assert ("brain_derived_neurotrophic_factor", "influence", 1, "neuronal_survival") in edges


def test_integrate_keeps_states_and_prunes_the_weaker_contradiction() -> None:
    integrator = Integrator("q", ["smoking"], ["lung cancer"])
    integrator.add([
        _claim("smoking", None, "carcinogen exposure", "increase", "Smoking increases carcinogen exposure."),
        _claim("carcinogen exposure", "increase", "lung cancer", None, "Carcinogen exposure causes lung cancer."),
        _claim("carcinogen exposure", "increase", "DNA repair", "decrease", "Carcinogen exposure impairs DNA repair."),
        _claim("carcinogen exposure", "increase", "DNA repair", "increase", "Carcinogen exposure induces DNA repair.",
               doc="d2"),
        _claim("carcinogen exposure", "increase", "DNA repair", "decrease", "Carcinogens reduce DNA repair.",
               doc="d3", confidence=0.5),
    ], 1)
    built = integrator.build()
    kinds = {n.id: n.kind for n in built.graph.nodes}
    assert kinds["smoking"] == "state" and kinds["lung_cancer"] == "state"
    edges = {(e.source, e.relation, e.sign, e.target) for e in built.graph.edges}
    assert ("smoking", "triggers", 1, "carcinogen_exposure") in edges
    assert ("carcinogen_exposure", "triggers", 1, "lung_cancer") in edges
    assert ("carcinogen_exposure", "influence", -1, "dna_repair") in edges
    assert ("carcinogen_exposure", "influence", 1, "dna_repair") not in edges
    assert any("contradicted" in p.reason for p in built.pruned)


def test_an_edge_whose_claims_all_failed_the_challenge_is_contested() -> None:
    integrator = Integrator("q", ["cortisol"], ["blood pressure"])
    challenged = _claim("cortisol", "increase", "blood pressure", "increase", "Cortisol raises blood pressure.")
    integrator.add([challenged.model_copy(update={"contested": True})], 1)
    assert [e.status for e in integrator.build().graph.edges] == ["contested"]
    integrator.add([_claim("cortisol", "increase", "blood pressure", "increase",
                           "Cortisol increases blood pressure.", doc="d2")], 1)
    assert [e.status for e in integrator.build().graph.edges] == ["supported"]


def test_ask_command_names_a_missing_index(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from engine.__main__ import main

    assert main(["ask", QUESTION, "--index", str(tmp_path / "nowhere")]) == 2
    error = capsys.readouterr().err
    assert "nowhere" in error and "python -m corpus ensure" in error


def test_merging_never_crosses_a_sign_flipping_word_or_a_bare_process() -> None:
    integrator = Integrator("q", ["APP"], ["Dkk1"])
    integrator.add([
        _claim("APP-deficiency", "increase", "Dkk1", "decrease", "APP-deficiency reduced Dkk1."),
    ], 1)
    graph = integrator.build().graph
    # An increase of APP deficiency is a decrease of APP, so APP raises Dkk1.
    assert {(e.source, e.sign, e.target) for e in graph.edges} == {("app", 1, "dkk1")}
    assert integrator.resolve("APP inhibition") != integrator.resolve("APP")
    assert integrator.resolve("APP phosphorylation") == integrator.resolve("APP")
    assert integrator.resolve("phosphorylation") != integrator.resolve("APP phosphorylation")
    assert integrator.resolve("neuronal cell death") == integrator.resolve("neuronal death")


def test_how_the_body_copes_with_a_substance_is_not_the_substance() -> None:
    integrator = Integrator("q", ["SIRT1"], ["blood glucose"])
    integrator.add([
        _claim("SIRT1", "increase", "glucose tolerance", "increase", "SIRT1 improved glucose tolerance."),
    ], 1)
    glucose = integrator.resolve("blood glucose")
    assert integrator.resolve("glucose tolerance") != glucose
    assert integrator.resolve("insulin resistance") != integrator.resolve("insulin")
    # better tolerance is no rise of blood glucose: no edge may say SIRT1 raises it
    graph = integrator.build().graph
    assert not any(e.target == "blood_glucose" for e in graph.edges)
    assert integrator.resolve("blood glucose levels") == glucose


def test_the_removal_of_a_thing_is_not_the_thing() -> None:
    integrator = Integrator("q", ["ZNF12"], ["neurotoxicity"])
    integrator.add([
        _claim("ZNF12", "increase", "glial phagocytosis of fibrils", "increase",
               "ZNF12 promoted glial phagocytosis of fibrils."),
    ], 1)
    fibrils = integrator.resolve("fibrils")
    assert integrator.resolve("fibril phagocytosis") != fibrils
    assert integrator.resolve("fibrils glial phagocytosis") != fibrils
    assert integrator.resolve("vesicle degradation") != integrator.resolve("vesicles")
    assert integrator.resolve("fibril levels") == fibrils


def test_a_general_name_merged_into_a_question_entity_pulls_in_no_third() -> None:
    integrator = Integrator("q", ["Hsp90"], ["neurodegeneration"])
    hsp90 = integrator.resolve("Hsp90")
    assert integrator.resolve("Hsp90 chaperone") == hsp90
    assert integrator.resolve("chaperone") == hsp90
    assert integrator.resolve("ER chaperones") != hsp90
    assert integrator.resolve("heat shock protein 90", ["Hsp90"]) == hsp90


def test_a_lower_case_word_of_the_papers_is_no_initialism() -> None:
    integrator = Integrator("q", ["tnf"], ["autophagosome"])
    target = integrator.resolve("autophagosome")
    assert integrator.resolve("trafficking autophagosomes") == target
    assert integrator.resolve("tau") != target  # t(rafficking) au(tophagosomes), but a word
    # The question's own term may be written in lower case.
    assert integrator.resolve("tumour necrosis factor") == integrator.resolve("tnf")


def test_a_generic_question_term_covers_its_kinds_only() -> None:
    integrator = Integrator("q", ["trehalose"], ["proteins"])
    proteins = integrator.resolve("proteins")
    assert integrator.resolve("misfolded proteins") == proteins
    assert integrator.resolve("long-lived proteins") == proteins
    assert integrator.resolve("levels of aggregated proteins") == proteins
    # Another entity's protein, a protein of a kind named by a noun, and a process of proteins are apart.
    assert integrator.resolve("tau protein") != proteins
    assert integrator.resolve("protein kinase") != proteins
    assert integrator.resolve("protein degradation") != proteins


def test_the_cause_in_a_compound_is_not_what_the_compound_names() -> None:
    integrator = Integrator("q", ["ER stress"], ["apoptosis"])
    assert integrator.resolve("ER stress-induced ASK1") != integrator.resolve("ER stress")
    assert integrator.resolve("AMP-activated protein kinase") != integrator.resolve("AMP")
    assert integrator.resolve("ER stress markers") == integrator.resolve("ER stress")


def test_the_describing_word_of_a_compound_is_not_what_it_names() -> None:
    integrator = Integrator("q", ["ZNF12"], ["gliosis"])
    glia = integrator.resolve("glia")
    assert integrator.resolve("fibril-associated glia") == glia
    assert integrator.resolve("fibrils") != glia
    assert integrator.resolve("KRT5-positive glia") == glia
    assert integrator.resolve("KRT5") != glia
    assert integrator.resolve("ageing-related fibrils") == integrator.resolve("fibrils")


def test_the_complement_of_an_of_phrase_is_not_its_head() -> None:
    integrator = Integrator("q", ["autophagy"], ["lipid"])
    # "autophagy of FUS aggregates" is autophagy, not FUS; "levels of FUS" is FUS.
    assert integrator.resolve("autophagy of FUS aggregates") == integrator.resolve("autophagy")
    assert integrator.resolve("FUS") != integrator.resolve("autophagy")
    assert integrator.resolve("levels of FUS") == integrator.resolve("FUS")
    assert integrator.resolve("phosphorylation of FUS") == integrator.resolve("FUS")


def test_a_modified_form_is_not_the_molecule() -> None:
    integrator = Integrator("q", ["cilostazol"], ["dementia"])
    tau = integrator.resolve("tau")
    assert integrator.resolve("hyperphosphorylated tau") != tau
    assert integrator.resolve("insoluble tau") != tau
    assert integrator.resolve("acetylated-tau") != tau
    assert integrator.resolve("tau levels") == tau


def test_a_lowering_name_is_a_decrease_of_its_core() -> None:
    integrator = Integrator("q", ["Cdc37"], ["lipid"])
    integrator.add([
        _claim("Cdc37 siRNA", "increase", "Akt", "decrease", "Akt was reduced by Cdc37 siRNA."),
        _claim("inhibition of Akt", None, "autophagy", "increase", "Inhibition of Akt induces autophagy.", doc="d2"),
        _claim("autophagy impairment", "increase", "lipid", "increase", "Autophagy impairment raises lipid.",
               doc="d3"),
    ], 1)
    edges = {(e.source, e.sign, e.target) for e in integrator.build().graph.edges}
    # Less Cdc37 lowers Akt: Cdc37 raises Akt; less Akt raises autophagy; less autophagy raises lipid.
    assert edges == {("cdc37", 1, "akt"), ("akt", -1, "autophagy"), ("autophagy", -1, "lipid")}


def test_every_node_of_the_best_chain_is_kept_despite_rounding() -> None:
    # Confidences whose costs do not add up exactly in floating point, whichever way they are summed.
    integrator = Integrator("q", ["A1"], ["D4"])
    integrator.add([
        _claim("A1", "increase", "B2", "increase", "A1 raises B2.", confidence=0.9),
        _claim("B2", "increase", "C3", "increase", "B2 raises C3.", doc="d2", confidence=0.8),
        _claim("C3", "increase", "D4", "increase", "C3 raises D4.", doc="d3", confidence=0.43),
    ], 1)
    graph = integrator.build().graph
    assert {e.source for e in graph.edges} == {"a1", "b2", "c3"}


def test_a_failing_thing_is_less_of_it() -> None:
    integrator = Integrator("q", ["proteasome"], ["neuronal death"])
    integrator.add([
        _claim("proteasome dysfunction", "increase", "neuronal death", "increase",
               "Proteasome dysfunction increased neuronal death."),
        _claim("oxidative stress", "increase", "failure of the proteasome", "increase",
               "Oxidative stress causes failure of the proteasome.", doc="d2"),
    ], 1)
    # More dysfunction or failure is less working proteasome: the proteasome lowers neuronal death,
    # oxidative stress lowers the proteasome.
    assert {(e.source, e.sign, e.target) for e in integrator.build().graph.edges} == \
        {("proteasome", -1, "neuronal_death"), ("oxidative_stress", -1, "proteasome")}
