"""Integrate: merges by identity only, forms as their own nodes, junk pruned, disagreements kept."""

from __future__ import annotations

from engine.model.annotations import Annotation, parse_annotation
from engine.backends.base import ExtractedClaim
from engine.assembly.integrate import UNCLEAR_SENTENCE, Integrator
from engine.model.graph import Evidence, Scenario
from engine.solver.reasoner import label_graph


def _claim(subject: str, s_change, obj: str, o_change, sentence: str, doc: str = "d1", **extra) -> ExtractedClaim:
    annotation = Annotation(subject=subject, subject_change=s_change, object=obj, object_change=o_change,
                            text=sentence, **extra)
    return ExtractedClaim(annotation=annotation, evidence=Evidence(doc_id=doc, title="t", sentence=sentence))


def test_an_abbreviation_defined_in_a_paper_merges_with_its_reason() -> None:
    integrator = Integrator("q", ["VLK2"], ["neuronal survival"])
    integrator.add([
        _claim("VLK2", "increase", "zorin-releasing factor", "increase",
               "VLK2 raises zorin-releasing factor.", doc="PMID1"),
        _claim("ZRF", "increase", "neuronal survival", "increase",
               "Zorin-releasing factor (ZRF) promotes neuronal survival.", doc="PMID2",
               subject_aliases=["zorin-releasing factor"]),
    ], 1)
    built = integrator.build()
    assert built.connected
    node = built.graph.node("zorin_releasing_factor")
    assert [(m.name, m.reason) for m in node.merged] == [
        ("ZRF", "abbreviation defined in PMID2: ZRF = zorin-releasing factor")]


def test_names_merge_by_normalised_form_and_the_node_says_why() -> None:
    integrator = Integrator("q", ["Velk1"], ["Zorin"])
    integrator.add([
        _claim("Velk1 levels", "increase", "Zorin-β fibrils", "increase", "Velk1 levels raise Zorin-β fibrils.",
               doc="d1"),
        _claim("Zorin beta fibril", "increase", "Zorin", "increase", "Zorin beta fibril raises Zorin.", doc="d2"),
    ], 1)
    graph = integrator.build().graph
    velk = graph.node("velk1")
    assert [m.name for m in velk.merged] == ["Velk1 levels"]
    assert "'levels' only says how it is measured" in velk.merged[0].reason
    fibrils = graph.node("zorin_beta_fibrils")
    assert [(m.name, m.reason) for m in fibrils.merged] == [
        ("Zorin beta fibril", "same normalised form (case, Greek letters, hyphens, plural, spelling)")]
    assert {(e.source, e.target) for e in graph.edges} == {
        ("velk1", "zorin_beta_fibrils"), ("zorin_beta_fibrils", "zorin")}


def test_a_form_or_modification_is_its_own_node() -> None:
    integrator = Integrator("q", ["Velk1"], ["Zorin"])
    velk = integrator.resolve("Velk1")
    for form in ("Velk1 phosphorylation", "Velk1 oligomers", "Velk1 oligomer formation", "Velk1 mutation",
                 "Velk1 deficiency", "SUMOylated Velk1", "Velk1 cleavage", "Velk1 aggregates"):
        assert integrator.resolve(form) != velk, form
    assert integrator.resolve("p-Velk1") == integrator.resolve("Velk1 phosphorylation")
    assert integrator.resolve("Velk1 oligomers") != integrator.resolve("Velk1 oligomer formation")
    # no more general or longer name is pulled in
    assert integrator.resolve("Velk") != velk
    assert integrator.resolve("Velk1 signaling") != velk


def test_a_deficiency_is_a_state_of_its_own() -> None:
    integrator = Integrator("q", ["Velk1 deficiency"], ["Zorin"])
    integrator.add([
        _claim("Velk1-deficiency", None, "Zorin", "decrease", "Velk1-deficiency lowered Zorin."),
        _claim("Velk1", "increase", "Quarzin", "increase", "Velk1 raises Quarzin.", doc="d2"),
    ], 1)
    graph = integrator.build().graph
    assert {(e.source, e.relation, e.sign, e.target) for e in graph.edges} >= {
        ("velk1_deficiency", "triggers", -1, "zorin")}
    assert graph.node("velk1_deficiency").kind == "state"
    # Velk1 itself is another node: the deficiency reaches nothing through it
    assert integrator.resolve("Velk1") != integrator.resolve("Velk1 deficiency")
    assert not any(e.source == "velk1_deficiency" and e.target == "quarzin" for e in graph.edges)


def test_a_lowering_name_is_a_decrease_of_its_core_and_says_so() -> None:
    integrator = Integrator("q", ["Cdk9"], ["lipid"])
    integrator.add([
        _claim("Cdk9 siRNA", "increase", "Velk1", "decrease", "Velk1 was reduced by Cdk9 siRNA."),
        _claim("inhibition of Velk1", None, "autophagy", "increase", "Inhibition of Velk1 induces autophagy.",
               doc="d2"),
        _claim("autophagy", "increase", "lipid", "decrease", "Autophagy lowers lipid.", doc="d3"),
    ], 1)
    graph = integrator.build().graph
    assert {(e.source, e.sign, e.target) for e in graph.edges} == {
        ("cdk9", 1, "velk1"), ("velk1", -1, "autophagy"), ("autophagy", -1, "lipid")}
    assert [m.reason for m in graph.node("velk1").merged] == ["a lowering of Velk1: read as its decrease"]


def test_a_modification_undone_is_a_decrease_of_the_modification() -> None:
    # "Velk1 dephosphorylation" rising is Velk1 phosphorylation falling: one node, not two
    integrator = Integrator("q", ["Zorin"], ["Quarzin"])
    integrator.add([
        _claim("Zorin", "increase", "Velk1 dephosphorylation", "increase", "Zorin raises Velk1 dephosphorylation."),
        _claim("Velk1 phosphorylation", "increase", "Quarzin", "increase", "Velk1 phosphorylation raises Quarzin.",
               doc="d2"),
    ], 1)
    graph = integrator.build().graph
    assert {(e.source, e.sign, e.target) for e in graph.edges} == {
        ("zorin", -1, "velk1_phosphorylation"), ("velk1_phosphorylation", 1, "quarzin")}
    assert [m.reason for m in graph.node("velk1_phosphorylation").merged] == [
        "a lowering of Velk1 phosphorylation: read as its decrease"]


def test_an_adjective_before_a_removal_word_names_the_route_not_what_is_removed() -> None:
    # "autophagic clearance" rises with autophagy; "Velk1 clearance" is less Velk1
    integrator = Integrator("q", ["Zorin"], ["Quarzin"])
    integrator.add([
        _claim("Zorin", "increase", "autophagic clearance", "increase", "Zorin raises autophagic clearance."),
        _claim("Zorin", "increase", "Velk1 clearance", "increase", "Zorin raises Velk1 clearance.", doc="d2"),
    ], 1)
    graph = integrator.build().graph
    assert {(e.source, e.sign, e.target) for e in graph.edges} >= {("zorin", -1, "velk1")}
    assert graph.node("autophagic_clearance") is not None
    assert not any(e.target == "autophagy" for e in graph.edges)


def test_a_deficiency_or_knockout_is_a_decrease_of_its_entity() -> None:
    # A loss-of-function experiment says what more of the entity does, with the sign turned.
    integrator = Integrator("q", ["Velk1"], ["Zorin"])
    integrator.add([
        _claim("Velk1", "increase", "Quarzin", "increase", "Velk1 raises Quarzin."),
        _claim("Quarzin deficiency", None, "Zorin", "increase", "Quarzin deficiency raised Zorin.", doc="d2"),
        _claim("knockout of Velk1", None, "Morlin", "increase", "Knockout of Velk1 raised Morlin.", doc="d3"),
    ], 1)
    graph = integrator.build().graph
    assert {(e.source, e.sign, e.target) for e in graph.edges} == {
        ("velk1", 1, "quarzin"), ("quarzin", -1, "zorin"), ("velk1", -1, "morlin")}
    assert [m.reason for m in graph.node("quarzin").merged] == ["a lowering of Quarzin: read as its decrease"]


def test_an_adjective_cut_from_its_noun_joins_the_noun_it_names() -> None:
    integrator = Integrator("q", ["Velk1"], ["cognition"])
    integrator.add([
        _claim("Velk1", "increase", "cognitive", "decrease", "Velk1 caused cognitive deficits."),
        _claim("Quarzin", "increase", "cognitive decline", "increase", "Quarzin hastened cognitive decline.",
               doc="d2"),
    ], 1)
    graph = integrator.build().graph
    assert {(e.source, e.sign, e.target) for e in graph.edges} == {("velk1", -1, "cognition"),
                                                                   ("quarzin", -1, "cognition")}
    assert ("cognitive", "same entity; 'cognitive' is the adjective of cognition") in {
        (m.name, m.reason) for m in graph.node("cognition").merged}


def test_an_entity_first_named_by_its_adjective_is_labelled_by_its_noun() -> None:
    integrator = Integrator("q", ["Velk1"], ["Zorin"])
    integrator.add([
        _claim("Velk1", "increase", "autophagic", "increase", "Velk1 raises autophagic activity."),
        _claim("autophagy", "increase", "Zorin", "decrease", "Autophagy clears Zorin.", doc="d2"),
    ], 1)
    graph = integrator.build().graph
    assert {(e.source, e.sign, e.target) for e in graph.edges} == {("velk1", 1, "autophagy"),
                                                                   ("autophagy", -1, "zorin")}
    assert graph.node("autophagy").label == "autophagy"


def test_a_claim_with_a_junk_end_is_pruned_with_the_reason() -> None:
    integrator = Integrator("q", ["Velk1"], ["Zorin"])
    integrator.add([
        _claim("Hallorby", "increase", "Velk1", "increase", "Hallorby and colleagues showed that Velk1 rises."),
        _claim("Velk1", "increase", "T153", "increase", "Velk1 raises T153 phosphorylation.", doc="d2"),
        _claim("Velk1", "increase", "important roles", "increase", "Velk1 plays important roles.", doc="d3"),
        _claim("Velk1", "increase", "Zorin", "increase", "Velk1 raises Zorin.", doc="d4"),
    ], 1)
    built = integrator.build()
    assert {n.label for n in built.graph.nodes} == {"Velk1", "Zorin"}
    reasons = {p.doc_id: p.reason for p in built.pruned}
    assert "'Hallorby' is not an entity: a citation fragment" in reasons["d1"]
    assert "'T153' is not an entity: an amino-acid residue" in reasons["d2"]
    assert "'important roles' is not an entity: generic words" in reasons["d3"]


def test_a_question_term_is_never_filtered() -> None:
    integrator = Integrator("q", ["behavioral"], ["Zorin"])
    integrator.add([_claim("behavioral", None, "Zorin", "increase", "Behavioral training raises Zorin.")], 1)
    built = integrator.build()
    assert built.connected and not built.pruned


def test_papers_that_disagree_on_a_sign_give_two_contested_edges_and_an_ambiguous_target() -> None:
    integrator = Integrator("q", ["Velk1"], ["Zorin"])
    integrator.add([
        _claim("Velk1", "increase", "Zorin", "increase", "Velk1 raises Zorin.", doc="d1"),
        _claim("Velk1", "increase", "Zorin", "increase", "Velk1 increases Zorin in mice.", doc="d2"),
        _claim("Velk1", "increase", "Zorin", "decrease", "Velk1 lowers Zorin.", doc="d3", confidence=0.5),
    ], 1)
    built = integrator.build()
    edges = {(e.sign, e.status, tuple(ev.doc_id for ev in e.evidence)) for e in built.graph.edges}
    assert edges == {(1, "contested", ("d1", "d2")), (-1, "contested", ("d3",))}
    assert not any("contradicted" in p.reason for p in built.pruned)
    labels = label_graph(built.graph, Scenario.default_for(built.graph)).labels
    assert not labels["zorin"].certain
    assert set(labels["zorin"].possible) == {"increasing", "decreasing", "stable"}


def test_an_edge_whose_claims_all_failed_the_challenge_is_contested() -> None:
    integrator = Integrator("q", ["cortisol"], ["blood pressure"])
    challenged = _claim("cortisol", "increase", "blood pressure", "increase", "Cortisol raises blood pressure.")
    integrator.add([challenged.model_copy(update={"contested": True})], 1)
    assert [e.status for e in integrator.build().graph.edges] == ["contested"]
    integrator.add([_claim("cortisol", "increase", "blood pressure", "increase",
                           "Cortisol increases blood pressure.", doc="d2")], 1)
    assert [e.status for e in integrator.build().graph.edges] == ["supported"]


def test_states_stay_states() -> None:
    integrator = Integrator("q", ["smoking"], ["mortality"])
    integrator.add([
        _claim("smoking", None, "carcinogen exposure", "increase", "Smoking increases carcinogen exposure."),
        _claim("carcinogen exposure", "increase", "lung cancer", None, "Carcinogen exposure causes lung cancer."),
        _claim("lung cancer", None, "mortality", "increase", "Lung cancer increases mortality."),
    ], 1)
    graph = integrator.build().graph
    kinds = {n.id: n.kind for n in graph.nodes}
    assert kinds["smoking"] == "state" and kinds["lung_cancer"] == "state"
    assert {(e.source, e.relation, e.sign, e.target) for e in graph.edges} == {
        ("smoking", "triggers", 1, "carcinogen_exposure"), ("carcinogen_exposure", "triggers", 1, "lung_cancer"),
        ("lung_cancer", "triggers", 1, "mortality")}


def test_the_question_target_is_a_quantity_even_when_named_only_as_a_state() -> None:
    # the question asks how its target changes: "causes lung cancer" reads as more of it
    integrator = Integrator("q", ["smoking"], ["lung cancer"])
    integrator.add([
        _claim("smoking", None, "carcinogen exposure", "increase", "Smoking increases carcinogen exposure."),
        _claim("carcinogen exposure", "increase", "lung cancer", None, "Carcinogen exposure causes lung cancer."),
    ], 1)
    graph = integrator.build().graph
    assert graph.node("lung_cancer").kind == "quantity"
    assert ("carcinogen_exposure", "influence", 1, "lung_cancer") in {
        (e.source, e.relation, e.sign, e.target) for e in graph.edges}


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


def test_an_abbreviation_joins_two_entities_already_made() -> None:
    integrator = Integrator("q", ["Velk1"], ["Zorin"])
    integrator.add([
        _claim("Velk1", "increase", "QRF", "increase", "Velk1 raises QRF.", doc="d1"),
        _claim("quarzin-releasing factor", "increase", "Zorin", "increase",
               "Quarzin-releasing factor raises Zorin.", doc="d2"),
        _claim("quarzin-releasing factor levels", "increase", "Zorin", "increase",
               "Quarzin-releasing factor levels raise Zorin.", doc="d4"),
        _claim("QRF", "increase", "Zorin", "increase", "Quarzin-releasing factor (QRF) raises Zorin.",
               doc="d3", subject_aliases=["quarzin-releasing factor"]),
    ], 1)
    built = integrator.build()
    assert built.connected
    assert {(e.source, e.target) for e in built.graph.edges} == {("velk1", "qrf"), ("qrf", "zorin")}
    assert [(m.name, m.reason) for m in built.graph.node("qrf").merged] == [
        ("quarzin-releasing factor", "abbreviation defined in d3: QRF = quarzin-releasing factor"),
        ("quarzin-releasing factor levels",
         "same entity; 'levels' only says how it is measured, named or changed")]


def test_an_abbreviation_another_paper_defines_joins_the_question_entity_with_its_reason() -> None:
    from engine.assembly.identity import LibraryAbbreviations

    library = LibraryAbbreviations([("PMID7", "QRF4", "quarzin response factor 4")])
    integrator = Integrator("q", ["qrf4"], ["Zorin"], library=library)
    integrator.add([
        _claim("quarzin response factor 4", "increase", "Zorin", "increase",
               "Quarzin response factor 4 raises Zorin.", doc="PMID9"),
    ], 1)
    built = integrator.build()
    assert built.connected
    node = built.graph.node("qrf4")
    assert [(m.name, m.reason) for m in node.merged] == [(
        "quarzin response factor 4",
        "abbreviation defined in PMID7, the library's only definition: QRF4 = quarzin response factor 4")]


def test_a_library_abbreviation_never_joins_a_source_and_a_target() -> None:
    from engine.assembly.identity import LibraryAbbreviations

    library = LibraryAbbreviations([("PMID7", "QRF4", "quarzin response factor 4")])
    integrator = Integrator("q", ["QRF4"], ["quarzin response factor 4"], library=library)
    integrator.add([_claim("QRF4", "increase", "quarzin response factor 4", "increase", "QRF4 raises it.")], 1)
    built = integrator.build()
    assert built.graph.sources != built.graph.targets
    assert built.connected  # the claim is an edge between the two, not a loop on one node


def test_clearing_a_thing_is_its_decrease_unless_the_question_names_the_clearance() -> None:
    integrator = Integrator("q", ["Velk1"], ["Zorin"])
    integrator.add([
        _claim("Velk1", "increase", "clearance of misfolded quarzin", "increase", "Velk1 speeds quarzin clearance."),
        _claim("misfolded quarzin", "increase", "Zorin", "increase", "Misfolded quarzin raises Zorin.", doc="d2"),
    ], 1)
    graph = integrator.build().graph
    assert ("velk1", -1, "misfolded_quarzin") in {(e.source, e.sign, e.target) for e in graph.edges}
    assert [m.reason for m in graph.node("misfolded_quarzin").merged] == [
        "a lowering of misfolded quarzin: read as its decrease"]

    asked = Integrator("q", ["Velk1"], ["quarzin clearance"])
    asked.add([_claim("Velk1", "increase", "quarzin clearance", "increase", "Velk1 speeds quarzin clearance.")], 1)
    built = asked.build()
    assert built.connected and built.graph.targets == ["quarzin_clearance"]


def test_a_sentence_any_claim_of_which_is_hedged_is_hedged_evidence() -> None:
    integrator = Integrator("q", ["Velk1"], ["Zorin"])
    sentence = "Velk1 levels may raise Zorin."
    plain = _claim("Velk1", "increase", "Zorin", "increase", sentence)
    hedged = _claim("Velk1 levels", "increase", "Zorin", "increase", sentence, hedged=True)
    integrator.add([plain, hedged], 1)
    [edge] = integrator.build().graph.edges
    assert [(e.sentence, e.hedged) for e in edge.evidence] == [(sentence, True)]


def _read_by(claim: ExtractedClaim, *readers: str) -> ExtractedClaim:
    return claim.model_copy(update={"evidence": claim.evidence.model_copy(update={"readers": list(readers)})})


def test_one_sentence_read_with_both_signs_by_one_reader_each_is_unclear_and_pruned() -> None:
    integrator = Integrator("q", ["Velk1"], ["Zorin"])
    sentence = "Velk1 restored grooming and lowered levels of Zorin in treated mice."
    integrator.add([
        _read_by(_claim("Velk1", "increase", "Zorin", "increase", sentence), "parse"),
        _read_by(_claim("Velk1", "increase", "Zorin", "decrease", sentence), "rules"),
    ], 1)
    built = integrator.build()
    assert built.graph.edges == []
    assert not built.connected
    assert [p.reason for p in built.pruned] == [UNCLEAR_SENTENCE] * 2


def test_in_one_sentence_the_sign_more_readers_found_stands() -> None:
    integrator = Integrator("q", ["Velk1"], ["Zorin"])
    sentence = "Velk1 lowered Zorin, which restored grooming in treated mice."
    integrator.add([
        _read_by(_claim("Velk1", "increase", "Zorin", "decrease", sentence), "parse", "rules"),
        _read_by(_claim("Velk1", "increase", "Zorin", "increase", sentence), "rules"),
    ], 1)
    built = integrator.build()
    assert [(e.sign, e.status) for e in built.graph.edges] == [(-1, "supported")]
    assert [p.line for p in built.pruned if p.reason == UNCLEAR_SENTENCE] == [
        "[change=increase] Velk1 ==CAUSE=> [change=increase] Zorin"]


def test_two_papers_that_disagree_still_give_contested_edges_whatever_their_readers() -> None:
    integrator = Integrator("q", ["Velk1"], ["Zorin"])
    integrator.add([
        _read_by(_claim("Velk1", "increase", "Zorin", "increase", "Velk1 raises Zorin.", doc="d1"), "parse"),
        _read_by(_claim("Velk1", "increase", "Zorin", "decrease", "Velk1 lowers Zorin.", doc="d2"), "rules"),
    ], 1)
    assert sorted((e.sign, e.status) for e in integrator.build().graph.edges) == [(-1, "contested"), (1, "contested")]


def test_a_name_in_apposition_to_its_kind_joins_the_chain_through_it() -> None:
    # One paper names the compound with its kind, another without: one node, and the chain meets.
    integrator = Integrator("q", ["quarzin"], ["Zorin"])
    integrator.add([
        _claim("the natural product quarzin", "increase", "Velk1", "decrease",
               "The natural product quarzin lowered Velk1.", doc="d1"),
        _claim("Velk1", "increase", "Zorin", "increase", "Velk1 raises Zorin.", doc="d2"),
    ], 1)
    built = integrator.build()
    assert built.connected
    node = built.graph.node("quarzin")
    assert [m.name for m in node.merged] == ["the natural product quarzin"]
    assert "'natural product' only says what kind of thing it is" in node.merged[0].reason
    assert {(e.source, e.target, e.sign) for e in built.graph.edges} == {
        ("quarzin", "velk1", -1), ("velk1", "zorin", 1)}


def test_a_claim_left_out_of_the_graph_says_why() -> None:
    from engine.assembly.integrate import COSTLIER_CHAIN, OVER_BUDGET, UNREACHED

    integrator = Integrator("q", ["Velk1"], ["Zorin"], max_nodes=3)
    integrator.add([
        _claim("Velk1", "increase", "Quarzin", "increase", "Velk1 raises Quarzin.", doc="d1"),
        _claim("Velk1", "increase", "Quarzin", "increase", "Velk1 raised Quarzin here too.", doc="d2"),
        _claim("Quarzin", "increase", "Zorin", "increase", "Quarzin raises Zorin.", doc="d1"),
        _claim("Quarzin", "increase", "Zorin", "increase", "Quarzin raised Zorin here too.", doc="d2"),
        _claim("Velk1", "increase", "Morvan", "increase", "Velk1 may raise Morvan.", doc="d3", confidence=0.5),
        _claim("Morvan", "increase", "Zorin", "increase", "Morvan may raise Zorin.", doc="d3", confidence=0.5),
        _claim("Tiprel", "increase", "Pelmo", "increase", "Tiprel raises Pelmo.", doc="d4"),
    ], 1)
    built = integrator.build()
    reasons = {p.sentence: p.reason for p in built.pruned}
    assert {n.id for n in built.graph.nodes} == {"velk1", "zorin", "quarzin"}
    assert reasons["Velk1 may raise Morvan."] == f"not drawn: an end is {COSTLIER_CHAIN}"
    assert reasons["Tiprel raises Pelmo."] == f"not drawn: {UNREACHED}"

    budget = Integrator("q", ["Velk1"], ["Zorin"], max_nodes=2)
    budget.add([_claim("Velk1", "increase", "Quarzin", "increase", "Velk1 raises Quarzin.")], 1)
    assert [p.reason for p in budget.build().pruned] == [f"not drawn: an end is {OVER_BUDGET}"]


def test_a_direct_edge_does_not_hide_the_best_mechanism_beside_it() -> None:
    from engine.assembly.integrate import COSTLIER_CHAIN

    integrator = Integrator("q", ["Velk1"], ["Zorin"])
    integrator.add([
        _claim("Velk1", "increase", "Zorin", "increase", "Velk1 raises Zorin.", doc="d1"),
        _claim("Velk1", "increase", "Quarzin", "increase", "Velk1 raises Quarzin.", doc="d2"),
        _claim("Quarzin", "increase", "Zorin", "increase", "Quarzin raises Zorin.", doc="d2"),
        _claim("Velk1", "increase", "Morvan", "increase", "Velk1 may raise Morvan.", doc="d3", confidence=0.5),
        _claim("Morvan", "increase", "Zorin", "increase", "Morvan may raise Zorin.", doc="d3", confidence=0.5),
    ], 1)
    built = integrator.build()
    assert {n.id for n in built.graph.nodes} == {"velk1", "zorin", "quarzin"}
    assert ("velk1", "zorin") in {(e.source, e.target) for e in built.graph.edges}
    reasons = {p.sentence: p.reason for p in built.pruned}
    assert reasons["Velk1 may raise Morvan."] == f"not drawn: an end is {COSTLIER_CHAIN}"


def test_a_name_with_a_defined_short_form_answers_for_the_concept_it_spells_a_kind_of() -> None:
    from engine.pipeline import with_spelled_out_aliases

    annotation = parse_annotation("[change=increase] Statin ==CAUSE=> [change=decrease] Postoperative AF",
                                  "Postoperative AF was lower in the Statin group.")
    annotation = with_spelled_out_aliases(annotation, {"AF": "atrial fibrillation"})
    integrator = Integrator("How do statins affect atrial fibrillation?", ["statins"], ["atrial fibrillation"])
    index = integrator.resolve(annotation.object, annotation.object_aliases, "d1")
    entity = integrator._entities[index]
    assert entity.label == "Postoperative AF" and entity.answers_for is not None
    assert entity.answers_for.relation == "is a kind of"
