"""Grounded names in Integrate: one identifier is one entity, a form is never its entity, and a kind or
part of a question's concept answers for it without being merged into it. The grounder here is a
table of invented names; the real grounder is tested in test_grounding*.py."""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.assembly.concepts import MIN_SCORE, entity_grounding, famplex_grounder
from engine.assembly.integrate import Integrator
from engine.backends.base import ExtractedClaim
from engine.model.annotations import Annotation
from engine.model.graph import Evidence, GroundingRef


def _ref(curie: str, name: str, score: float = 0.9) -> GroundingRef:
    namespace, _, ident = curie.partition(":")
    return GroundingRef(namespace=namespace, id=ident, name=name, score=score)


@dataclass
class TableGrounder:
    """Names (lower case) → groundings; (child, parent) identifiers → (relation, source)."""

    names: dict[str, list[GroundingRef]]
    parents: dict[tuple[str, str], tuple[str, str]] = field(default_factory=dict)

    def ground(self, name: str) -> list[GroundingRef]:
        return self.names.get(name.lower().strip(), [])

    def equivalents(self, found: GroundingRef) -> set[str]:
        return {"MESH:9"} if found.curie == "GO:2" else set()

    def refinement(self, child: GroundingRef, parent: GroundingRef) -> tuple[str, str] | None:
        return self.parents.get((child.curie, parent.curie))

    def qualified_head(self, name: str) -> tuple[str, GroundingRef] | None:
        first, _, head = name.partition(" ")
        found = self.ground(head)
        return (head, found[0]) if first.endswith("al") and found and not self.ground(name) else None

    def qualifier(self, word: str) -> str | None:
        return "a class of test modifiers" if word.lower() == "gravest" else None


GROUNDER = TableGrounder(
    names={
        "velk kinase of rapamycin": [_ref("HGNC:1", "VELK")],
        "velk": [_ref("HGNC:1", "VELK")],
        "zorinflammation": [_ref("GO:2", "zorin response")],
        "zorin response": [_ref("GO:2", "zorin response")],
        "neurozorinflammation": [_ref("GO:3", "neural zorin response")],
        "amboin": [_ref("MESH:4", "amboin"), _ref("CHEBI:5", "amboin acid")],  # a tie between identifiers
        "ambo acid": [_ref("CHEBI:5", "amboin acid")],
        "weakname": [_ref("HGNC:1", "VELK", score=MIN_SCORE - 0.1)],
        "zorin disorder": [_ref("MESH:9", "Zorin Response")],
        "quell": [_ref("GO:7", "quell"), _ref("EFO:8", "Quell")],  # one concept in two resources
    },
    parents={("GO:3", "GO:2"): ("is a kind of", "GO is_a GO:2")},
)


def _claim(subject: str, s_change, obj: str, o_change, sentence: str, doc: str = "d1") -> ExtractedClaim:
    annotation = Annotation(subject=subject, subject_change=s_change, object=obj, object_change=o_change,
                            text=sentence)
    return ExtractedClaim(annotation=annotation, evidence=Evidence(doc_id=doc, title="t", sentence=sentence))


def test_two_names_of_one_identifier_are_one_entity_and_the_node_says_why() -> None:
    integrator = Integrator("q", ["Drug Q"], ["zorinflammation"], grounder=GROUNDER)
    integrator.add([
        _claim("Drug Q", "increase", "Velk kinase of rapamycin", "decrease", "Drug Q lowers Velk kinase.", "d1"),
        _claim("VELK", "increase", "zorinflammation", "increase", "VELK raises zorinflammation.", "d2"),
    ], 1)
    built = integrator.build()
    assert built.connected
    node = built.graph.node("velk_kinase_of_rapamycin")
    assert [(m.name, m.reason) for m in node.merged] == [("VELK", "both ground to HGNC:1 (VELK)")]
    assert [g.curie for g in node.groundings] == ["HGNC:1"]


def test_a_form_of_a_grounded_entity_stays_its_own_node() -> None:
    integrator = Integrator("q", ["Drug Q"], ["zorinflammation"], grounder=GROUNDER)
    velk = integrator.resolve("VELK")
    assert integrator.resolve("VELK phosphorylation") != velk
    assert integrator.resolve("phosphorylated Velk kinase of rapamycin") != velk
    assert entity_grounding(GROUNDER, "VELK oligomers") is None


def test_an_ambiguous_or_weak_grounding_joins_nothing() -> None:
    assert entity_grounding(GROUNDER, "amboin") is None
    assert entity_grounding(GROUNDER, "weakname") is None
    integrator = Integrator("q", ["Drug Q"], ["zorinflammation"], grounder=GROUNDER)
    assert integrator.resolve("amboin") != integrator.resolve("ambo acid")
    assert integrator.resolve("weakname") != integrator.resolve("velk")


def _integrated(sources: list[str], targets: list[str], claim: ExtractedClaim):
    """What Integrate builds of one claim for a question with these sources and targets."""
    integrator = Integrator("q", sources, targets, grounder=GROUNDER)
    integrator.add([claim], 1)
    return integrator.build()


def test_a_kind_of_the_question_target_answers_for_it_without_merging() -> None:
    built = _integrated(["Drug Q"], ["zorinflammation"], _claim(
        "Drug Q", "increase", "neurozorinflammation", "decrease", "Drug Q reduced neurozorinflammation."))
    assert built.connected
    graph = built.graph
    kind = graph.node("neurozorinflammation")
    assert kind.answers_for is not None
    assert (kind.answers_for.node, kind.answers_for.relation, kind.answers_for.source) == (
        "zorinflammation", "is a kind of", "GO is_a GO:2")
    assert graph.targets == ["zorinflammation", "neurozorinflammation"]
    assert graph.node("zorinflammation").merged == []  # not merged: a kind is not the same thing


def test_without_a_refinement_a_new_name_stays_off_the_question() -> None:
    built = _integrated(["Drug Q"], ["zorinflammation"], _claim("Drug Q", "increase", "VELK", "decrease",
                                                                 "Drug Q reduced VELK."))
    assert not built.connected
    assert built.graph.targets == ["zorinflammation"]


def test_the_famplex_grounder_grounds_by_the_grounding_map(tmp_path) -> None:
    grounder = famplex_grounder()
    if not grounder.table:
        import pytest
        pytest.skip("FamPlex's grounding_map.csv is not installed")
    found = grounder.ground("AMPK")
    assert found and found[0].namespace == "FPLX"


def _summary(integrator: Integrator, raised: str) -> str:
    """The first statement of the answer when ``raised`` increases."""
    from engine.explain.answer import explain
    from engine.model.graph import Scenario
    from engine.solver.reasoner import label_graph

    graph = integrator.build().graph
    return explain(graph, label_graph(graph, Scenario(interventions={raised: "increasing"}))).statements[0].text


def test_the_answer_names_the_concept_a_node_answers_for_and_its_source() -> None:
    integrator = Integrator("q", ["Drug Q"], ["zorinflammation"], grounder=GROUNDER)
    integrator.add([
        _claim("Drug Q", "increase", "neurozorinflammation", "decrease", "Drug Q reduced neurozorinflammation.", "d1"),
        _claim("Drug Q", "increase", "neurozorinflammation", "decrease", "Drug Q lowered neurozorinflammation.", "d2"),
    ], 1)
    summary = _summary(integrator, "drug_q")
    assert "neurozorinflammation (a kind of zorinflammation, by GO is_a GO:2) decreases" in summary, summary


def test_equivalent_identifiers_are_one_entity_and_a_tie_of_one_concept_is_no_ambiguity() -> None:
    integrator = Integrator("q", ["Drug Q"], ["VELK"], grounder=GROUNDER)
    assert integrator.resolve("zorin disorder") == integrator.resolve("zorinflammation")
    assert entity_grounding(GROUNDER, "quell").curie == "GO:7"


def _curated_grounder():
    import pytest

    from engine.assembly import grounding
    from engine.assembly.concepts import CuratedGrounder

    try:
        grounding.get_lexicon()
    except grounding.LexiconError as error:
        pytest.skip(f"the grounding lexicon is not built here ({error})")
    return CuratedGrounder()


def test_real_groundings_join_synonyms_and_keep_a_peptide_apart_from_its_precursor() -> None:
    grounder = _curated_grounder()
    integrator = Integrator("q", ["lithium"], ["mTOR"], grounder=grounder)
    assert integrator.resolve("mammalian target of rapamycin") == integrator.resolve("mTOR")
    assert entity_grounding(grounder, "Aβ").curie == entity_grounding(grounder, "amyloid beta").curie == "CHEBI:64645"
    assert integrator.resolve("Aβ") != integrator.resolve("APP")  # a peptide is not its precursor's gene
    assert integrator.resolve("tau phosphorylation") != integrator.resolve("tau")


def test_a_real_kind_of_the_question_target_answers_for_it() -> None:
    grounder = _curated_grounder()
    integrator = Integrator("q", ["rapamycin"], ["autophagy"], grounder=grounder)
    integrator.add([_claim("rapamycin", "increase", "mitophagy", "increase", "Rapamycin enhanced mitophagy.")], 1)
    graph = integrator.build().graph
    link = graph.node("mitophagy").answers_for
    assert link is not None and link.node == "autophagy" and "GO:0006914" in link.source


def test_a_name_is_grounded_by_its_entity_words_and_a_form_by_its_entity_and_form() -> None:
    assert entity_grounding(GROUNDER, "VELK expression").curie == "HGNC:1"
    assert entity_grounding(GROUNDER, "levels of VELK").curie == "HGNC:1"
    integrator = Integrator("q", ["Drug Q"], ["zorinflammation"], grounder=GROUNDER)
    form = integrator.resolve("VELK phosphorylation")
    assert integrator.resolve("phosphorylation of Velk kinase of rapamycin") == form
    assert integrator.resolve("VELK") != form
    assert integrator.resolve("VELK oligomers") != form


def test_a_name_qualified_by_where_it_happens_is_a_kind_of_its_head() -> None:
    integrator = Integrator("q", ["Drug Q"], ["zorinflammation"], grounder=GROUNDER)
    integrator.add([_claim("Drug Q", "increase", "neuronal zorinflammation", "decrease", "Drug Q lowered it.")], 1)
    graph = integrator.build().graph
    link = graph.node("neuronal_zorinflammation").answers_for
    assert link is not None and (link.node, link.relation) == ("zorinflammation", "is a kind of")


def test_real_qualified_heads() -> None:
    grounder = _curated_grounder()
    assert grounder.qualified_head("neuronal apoptosis")[1].curie == "GO:0006915"
    assert grounder.qualified_head("apoptosis") is None
    assert grounder.qualified_head("Bcl-2 apoptosis") is None


def test_a_concept_qualified_by_time_or_an_adjective_is_a_kind_of_it() -> None:
    from engine.assembly.concepts import qualifies

    assert qualifies("1-year mortality", "mortality")
    assert qualifies("perioperative blood loss", "blood loss")
    assert qualifies("long-term gastrointestinal symptoms", "gastrointestinal symptoms")
    assert not qualifies("mortality", "mortality")
    assert not qualifies("Velkin mortality", "mortality")  # a name before it: another thing's
    assert not qualifies("mortality reduction", "mortality")
    # brought about by a named cause: the concept where that cause brings it about
    assert qualifies("type-I diabetes mellitus-induced hepatic injury", "hepatic injury")
    assert qualifies("Velkin-mediated neurotoxicity", "neurotoxicity")
    assert not qualifies("Velkin-mediated neurotoxicity", "Velkin")
    integrator = Integrator("q", ["Drug Q"], ["mortality"], grounder=GROUNDER)
    integrator.add([_claim("Drug Q", "increase", "30-day mortality", "decrease", "Drug Q lowered 30-day mortality.")], 1)
    built = integrator.build()
    assert built.connected
    assert built.graph.node("30_day_mortality").answers_for.node == "mortality"


def test_a_harm_named_as_it_shows_answers_for_it() -> None:
    from engine.assembly.concepts import shown_as

    assert shown_as("Velkosis complaints", "Velkosis") == "complaints"
    assert shown_as("subjective Velkosis complaints", "Velkosis") == "complaints"
    assert shown_as("Velkosis symptoms", "Velkosis") == "symptoms"
    assert shown_as("Velkosis", "Velkosis") is None
    assert shown_as("Tarp complaints", "Velkosis") is None
    assert shown_as("Velkosis complaints", "complaints") is None
    integrator = Integrator("q", ["Drug Q"], ["Velkosis"], grounder=GROUNDER)
    integrator.add([_claim("Drug Q", "increase", "subjective Velkosis complaints", "decrease", "Drug Q eased them.")], 1)
    built = integrator.build()
    assert built.connected
    link = built.graph.node("subjective_velkosis_complaints").answers_for
    assert (link.node, link.source) == ("velkosis", "its name: complaints of Velkosis")


def test_a_concept_qualified_by_curated_modifiers_is_a_kind_of_it() -> None:
    from engine.assembly.concepts import qualifies

    assert qualifies("Gravest mortality", "mortality", GROUNDER.qualifier)
    assert not qualifies("Gravest mortality", "mortality")  # the word alone says nothing
    assert not qualifies("gravest Velkin mortality", "mortality", GROUNDER.qualifier)
    integrator = Integrator("q", ["Drug Q"], ["mortality"], grounder=GROUNDER)
    integrator.add([_claim("Drug Q", "increase", "gravest mortality", "decrease", "Drug Q lowered it.")], 1)
    link = integrator.build().graph.node("gravest_mortality").answers_for
    assert (link.node, link.relation) == ("mortality", "is a kind of")
    assert "a class of test modifiers" in link.source


def test_real_qualifier_classes() -> None:
    grounder = _curated_grounder()
    assert "HP:0012828" in grounder.qualifier("severe")  # HPO's clinical modifiers: severity
    assert "HP:0011010" in grounder.qualifier("chronic")  # and clinical course
    assert "MeSH Persons" in grounder.qualifier("adolescent")
    assert grounder.qualifier("tau") is None
    assert grounder.qualifier("hypoglycaemia") is None


def test_a_term_without_a_standard_name_still_grounds() -> None:
    grounder = _curated_grounder()
    found = grounder.ground("necrosis")  # FamPlex files it under GO without a standard name
    assert found and all(isinstance(ref.name, str) for ref in found)


def test_a_kind_of_the_question_source_does_not_stand_for_it() -> None:
    integrator = Integrator("q", ["zorinflammation"], ["VELK"], grounder=GROUNDER)
    integrator.add([_claim("neurozorinflammation", "increase", "VELK", "increase", "Neurozorinflammation raises VELK."),
                    _claim("neuronal zorinflammation", "increase", "VELK", "increase", "It raises VELK.")], 1)
    built = integrator.build()
    assert not built.connected
    assert built.graph.sources == ["zorinflammation"]


def test_every_spelling_of_the_peptide_is_one_entity() -> None:
    grounder = _curated_grounder()
    integrator = Integrator("q", ["amyloid-β"], ["tau phosphorylation"], grounder=grounder)
    assert integrator.resolve("Aβ") == integrator.resolve("amyloid-β") == integrator.resolve("Abeta")


def test_a_molecule_in_a_place_or_role_is_the_molecule_and_a_process_there_a_kind() -> None:
    from engine.assembly.concepts import entity_grounding

    grounder = TableGrounder(names={"velk": [_ref("HGNC:1", "VELK")], "zorinosis": [_ref("GO:2", "zorinosis")]})
    assert entity_grounding(grounder, "neuronal velk") == _ref("HGNC:1", "VELK")
    assert entity_grounding(grounder, "neuronal zorinosis") is None  # a kind of zorinosis, its own node


def test_a_form_of_a_molecule_in_a_place_is_that_form_of_the_molecule() -> None:
    from engine.assembly.concepts import form_key

    grounder = TableGrounder(names={"velk": [_ref("HGNC:1", "VELK")]})
    assert form_key(grounder, "neuronal velk phosphorylation") == form_key(grounder, "velk phosphorylation")
    assert form_key(grounder, "velk phosphorylation") is not None


def test_a_name_in_other_words_says_the_question_concept() -> None:
    from engine.assembly.concepts import reworded

    assert reworded("preloading velk fluid", "velk preloading") == "the question's words and 'fluid'"
    assert reworded("restriction of Tarp movie viewing", "Tarp movies restriction") == "the question's words and 'viewing'"
    assert reworded("Pomb restriction", "restriction of Pomb") == "the question's words in another order"
    assert reworded("velk preloading", "velk preloading") == "the question's words in another order"
    assert reworded("velk fluid", "velk") is None  # one word of the question's: too little to say it
    assert reworded("Tarp-β peptide", "Tarp-β") is None  # a symbol is one word
    assert reworded("velk preloading", "velk preloading fluid") is None  # a word of the question's missing
    assert reworded("preloading velk fluid bags", "velk preloading") is None  # two words more
    assert reworded("neuronal velk preloading", "velk preloading") is None  # a kind, not the same thing
    assert reworded("Tarp glucose control", "Tarp glucose") is None  # what is done to it
    assert reworded("Tarp glucose inhibitor", "Tarp glucose") is None  # a role
    assert reworded("Tarp glucose phosphorylation", "Tarp glucose") is None  # a form
    assert reworded("Tarp glucose deficiency", "Tarp glucose") is None  # a lowering
    assert reworded("Tarp receptor formation", "Tarp receptor") is None  # a process of it
    assert reworded("Tarp receptor hypersensitivity", "Tarp receptor") is None  # a property of it
    assert reworded("Tarp receptors present", "Tarp receptor expression") is None  # its measure unsaid


def test_a_source_and_a_target_in_other_words_answer_for_them() -> None:
    built = _integrated(["velk preloading"], ["Tarp movie viewing"], _claim(
        "preloading velk fluid", "increase", "viewing of Tarp movies", "decrease",
        "Preloading velk fluid reduced viewing of Tarp movies."))
    assert built.connected
    graph = built.graph
    source = graph.node("preloading_velk_fluid")
    assert (source.answers_for.node, source.answers_for.relation) == ("velk_preloading", "is in other words")
    assert "'fluid'" in source.answers_for.source
    assert graph.node("velk_preloading").merged == []  # stood for, not merged


def test_the_answer_says_which_name_stands_for_the_question_source() -> None:
    integrator = Integrator("q", ["velk preloading"], ["Tarp"], grounder=GROUNDER)
    integrator.add([_claim("preloading velk fluid", "increase", "Tarp", "increase", "Preloading velk fluid raised Tarp.", d)
                    for d in ("d1", "d2")], 1)
    summary = _summary(integrator, "velk_preloading")
    assert "preloading velk fluid (in other words velk preloading, by its name: the question's words and 'fluid')" \
        in summary, summary


def test_what_is_done_to_a_question_concept_does_not_stand_for_it() -> None:
    built = _integrated(["Drug Q"], ["Tarp glucose"], _claim("Drug Q", "increase", "Tarp glucose control", "increase",
                                                             "Drug Q improved it."))
    assert not built.connected
    assert built.graph.targets == ["tarp_glucose"]
