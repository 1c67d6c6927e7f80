"""When two names are one entity (engine.assembly.identity): exact decisions and reasons, invented names."""

from __future__ import annotations

from pathlib import Path
from types import MappingProxyType

import pytest

from engine.assembly.concepts import FamPlexGrounder
from engine.assembly.identity import famplex_groundings, identity_key, same_form
from engine.assembly.integrate import Integrator


@pytest.mark.parametrize(("a", "b", "reason"), [
    ("Zorin-β", "zorin beta", "same normalised form"),
    ("Velk fibrils", "velk fibril", "same normalised form"),
    ("levels of Velk1", "Velk1", "'levels' only says how it is measured"),
    ("Velk1 mRNA expression", "Velk1 protein", "'expression, mrna, protein' only says"),
    ("the Quarzin activity", "Quarzin", "'activity' only says"),
    ("Quarzin contents", "Quarzin", "'contents' only says"),
    ("Quarzin surface expression", "Quarzin", "'expression, surface' only says"),  # where the amount is measured
    ("the presence of Quarzin", "Quarzin", "'presence' only says"),
    ("aberrant Quarzin accumulation", "Quarzin", "'aberrant, accumulation' only says"),
    ("phosphorylated Velk1", "Velk1 phosphorylation", "same form of the same entity"),
    ("p-Velk1", "phosphorylation of Velk1", "same form of the same entity"),
    ("oligomeric Zorin", "Zorin oligomers", "same form of the same entity"),
    ("aggregation of Zorin", "Zorin aggregates", "same form of the same entity"),
    ("phosphorylated Zorin oligomers", "Zorin oligomer phosphorylation", "same form of the same entity"),
    # an adjective that names its noun, alone or with a word for how well it works
    ("cognitive", "cognition", "'cognitive' is the adjective of cognition"),
    ("cognitive performance", "cognition", "'cognitive' is the adjective of cognition"),
    ("proteasomal activity", "proteasome", "'proteasomal' is the adjective of proteasome"),
    # a word before the head spelled as an adjective or as its noun: one compound
    ("velkophagic flux", "velkophagy flux", "spelled as an adjective and as a noun"),
    ("zorinosomal acidification", "zorinosome acidification", "spelled as an adjective and as a noun"),
    ("transcriptional factor QB", "transcription factor QB", "spelled as an adjective and as a noun"),
    ("quarzinary tangles", "quarzinar tangle", "spelled as an adjective and as a noun"),
    # and a practitioner before the head spelled as the field
    ("velkologist care", "velkology care", "spelled as an adjective and as a noun"),
    # "-ies" is the plural of "-y"
    ("Velk pathologies", "Velk pathology", "same normalised form"),
    # a use word after a substance (and its course) says how it is given
    ("zorinol drinking", "zorinol", "'drinking' only says how it is given"),
    ("sub-chronic zorinol treatment", "zorinol", "'treatment' only says how it is given"),
    ("Velk1 self-administration", "Velk1", "'administration' only says how it is given"),
    # and so does the form it is prepared in
    ("zorin-rich plasma gel", "zorin-rich plasma", "'gel' only says how it is given"),
    ("zorocaine cream", "zorocaine", "'cream' only says how it is given"),
    # measures of a thing name the thing
    ("velk pressure measures", "velk pressure", "'measures' only says how it is measured"),
])
def test_names_of_one_entity_and_the_reason(a: str, b: str, reason: str) -> None:
    found = same_form(a, b)
    assert found is not None and reason in found.reason


@pytest.mark.parametrize(("a", "b"), [
    # a form or modification of X is never X
    ("Velk1 phosphorylation", "Velk1"),
    ("hyperphosphorylated Velk1", "phosphorylated Velk1"),
    ("Zorin oligomers", "Zorin"),
    ("Zorin oligomer formation", "Zorin oligomer"),
    ("Zorin aggregates", "Zorin"),
    ("Zorin fibrils", "Zorin oligomers"),
    ("Velk1 mutation", "Velk1"),
    ("Velk1 deficiency", "Velk1"),
    ("SUMOylated Velk1", "Velk1"),
    ("cleaved Velk1", "Velk1"),
    ("Velk1 fragments", "Velk1"),
    ("misfolded Zorin", "Zorin"),
    # a flow or pathway of X is not X, nor another quantity named after it
    ("Quarzin secretion", "Quarzin"),
    ("Quarzin signaling", "Quarzin"),
    ("Quarzin production", "Quarzin"),
    ("Quarzin rate", "Quarzin"),
    # a use word or a course word with nothing given names no substance
    ("acute treatment", "treatment"),
    ("chronic zorinosis", "zorinosis"),
    ("treatment of Velk1", "Velk1"),
    # a describing word left alone after the measure word is kept whole
    ("synaptic activity", "synaptic density"),
    # an adjective's noun, but another process of it or a thing it describes
    ("proteasomal degradation", "proteasome"),
    ("cognitive training", "cognition"),
    ("neuronal activity", "neurons"),
    # a family and a member, a word and a longer name, different words
    ("Velk", "Velk1"),
    ("neuronal death", "neuronal cell death"),
    ("Zorin", "Zorin receptor"),
    ("low-density Zorin", "Zorin"),
    ("high-fat diet", "fat diet"),
    # only a word before the head is read by its stem: the head's ending names another thing
    ("velkophagic", "velkophagy flux"),
    ("Zorin aggregate", "Zorin aggregation flux"),
    ("lysosomal", "lysosome acidification"),
    ("Zorinic", "Zorin"),
    # a short word or symbol is never cut
    ("GSKA tangles", "GSK tangles"),
])
def test_names_that_are_not_one_entity(a: str, b: str) -> None:
    assert same_form(a, b) is None
    assert identity_key(a) != identity_key(b)


def _grounding_map(tmp_path: Path) -> Path:
    # FamPlex's grounding_map.csv layout: text, then namespace/id pairs
    (tmp_path / "grounding_map.csv").write_text(
        "Velk kinase,FPLX,VELK,,,\r\n"
        "VELK complex,FPLX,VELK,,,\r\n"
        "Velk1,HGNC,99001,UP,Q00001\r\n"
        "velk alpha 1,HGNC,99001,,\r\n"
        "Zorin,HGNC,99002,,\r\n"
        "zorin,HGNC,99003,,\r\n"
        "ungrounded,,,,\r\n", encoding="utf-8")
    return tmp_path


def test_curated_synonyms_ground_to_one_identifier_and_a_family_is_not_its_member(tmp_path: Path) -> None:
    table = famplex_groundings(_grounding_map(tmp_path))
    integrator = Integrator("q", ["Velk kinase"], ["Zorin"], grounder=FamPlexGrounder(MappingProxyType(table)))
    family = integrator.resolve("Velk kinase")
    assert integrator.resolve("VELK complex") == family
    assert "FPLX:VELK" in integrator.build().graph.node("velk_kinase").merged[0].reason
    assert integrator.resolve("Velk1") == integrator.resolve("velk alpha 1")
    # the family VELK and its member Velk1 ground differently: no identity
    assert integrator.resolve("Velk1") != family
    # a name grounded two ways is ambiguous, and an ungrounded row grounds nothing
    assert identity_key("Zorin") not in table and identity_key("ungrounded") not in table


def test_without_famplex_resource_files_nothing_is_curated(tmp_path: Path) -> None:
    # The famplex 0.0.5 wheel installs no resource files: the table is then empty and merges nothing.
    assert famplex_groundings(tmp_path) == {}
    assert FamPlexGrounder(MappingProxyType({})).ground("Velk kinase") == []


# --- abbreviations the library defines ------------------------------------------------------------

from engine.assembly.identity import LibraryAbbreviations  # noqa: E402


def test_a_library_definition_names_both_forms() -> None:
    library = LibraryAbbreviations([("P1", "ZRF2", "zorin-releasing factor 2"), ("P2", "VLK", "velkin ligase kinase")])
    definition = library.get("zorin releasing factor 2")
    assert definition is not None and definition.doc_id == "P1"
    assert definition.partner("Zorin-releasing factor 2") == "ZRF2"
    assert library.get("zrf2").partner("zrf2") == "zorin-releasing factor 2"
    assert library.get("zorin") is None


def test_a_short_form_the_library_defines_two_ways_is_no_synonym() -> None:
    library = LibraryAbbreviations([
        ("P1", "QRP", "quarzin-related peptide"), ("P2", "QRP", "quinolone resistance pump"),
        ("P3", "TLX", "telzin kinase X"), ("P4", "TKX", "telzin kinase X"),
    ])
    assert library.get("QRP") is None and library.get("quinolone resistance pump") is None
    assert library.get("TLX") is None and library.get("telzin kinase X") is None  # one long form, two short


def test_a_cut_long_form_is_the_same_definition_and_the_whole_one_is_kept() -> None:
    library = LibraryAbbreviations([("P1", "TFZ", "transcription factor Z"), ("P2", "TFZ", "tion factor Z")])
    assert library.get("TFZ").long == "transcription factor Z"


def test_a_member_symbol_defined_by_its_family_name_is_left_out() -> None:
    library = LibraryAbbreviations([("P1", "DRK1", "dorin-related kinase"), ("P2", "ZNF-α", "zorin necrosis factor"),
                                    ("P3", "DRK2", "dorin-related kinase 2")])
    assert library.get("DRK1") is None and library.get("dorin-related kinase") is None
    assert library.get("ZNF-α") is None
    assert library.get("DRK2").long == "dorin-related kinase 2"


def test_a_measure_described_or_a_cell_type_before_a_symbol_is_the_same_entity() -> None:
    from engine.assembly.identity import identity_key, same_form

    assert identity_key("transcriptional levels of VLK2") == identity_key("VLK2")
    assert identity_key("basal levels of Zorin") == identity_key("Zorin")
    assert identity_key("astroglial VLK2") == identity_key("VLK2")
    assert identity_key("hippocampal Zrf3 expression") == identity_key("Zrf3")
    assert "'astroglial' only says how it is measured, named or changed or where" in same_form("astroglial VLK2", "VLK2").reason


def test_a_place_before_a_process_a_compartment_or_a_describer_alone_stays_apart() -> None:
    from engine.assembly.identity import identity_key

    assert identity_key("neuronal death") != identity_key("death")  # a process, not a symbol
    assert identity_key("nuclear VLK2") != identity_key("VLK2")  # compartments move apart
    assert identity_key("CSF VLK2") != identity_key("VLK2")
    assert identity_key("transcriptional regulation of VLK2") != identity_key("VLK2")  # no measure word
    assert identity_key("astroglial VLK2 phosphorylation") != identity_key("VLK2")


def test_the_progression_of_a_condition_is_the_condition() -> None:
    from engine.assembly.identity import identity_key

    assert identity_key("Zorin syndrome progression") == identity_key("Zorin syndrome")
    assert identity_key("progression of Zorin syndrome") == identity_key("Zorin syndrome")


from engine.assembly.identity import entity_key  # noqa: E402


def test_every_form_of_a_thing_names_the_thing_itself_and_stays_its_own_name() -> None:
    forms = ("Zorp phosphorylation", "phosphorylated Zorp", "p-Zorp", "aggregates of Zorp", "Zorp mutants",
             "Zorp protein levels", "Zorp")
    assert {entity_key(name) for name in forms} == {identity_key("Zorp")}
    assert len({identity_key(name) for name in forms}) == 4  # phosphorylation, aggregate, mutation, itself
    assert entity_key("Zorp kinase") != entity_key("Zorp")
    assert entity_key("phosphorylation") == ""


from engine.assembly.identity import may_define, spells_abbreviation  # noqa: E402


@pytest.mark.parametrize(("short", "long"), [
    ("ZRF2", "zorin-releasing factor 2"),
    ("VPK", "velkin phospho-kinase"),            # a letter inside a word, the last one at a word's start
    ("QAPK", "5'-QAP-activated protein kinase"),  # a number word and a capitalised word before
    ("BZP", "β-zorin precursor protein"),          # a Greek letter before; "protein" ends it unspelled
    ("TLZF", "tolzin-like zinc finger"),
    ("ZK-18", "zorinkinase 18"),
    ("ZNF-kB", "zorin nuclear factor-kB"),        # a capital inside a word written with capitals
    ("VAMPs", "velk associated molecular patterns"),  # a plural short form
    ("Zβ", "zorin-β"),
    ("Zβ42", "zorin-β fragment 42"),
    ("ZMP", "zorin mono phosphate peptides"),
    ("ZV", "zorovelkinal"),                       # a closed compound: its parts' initials inside one word
    ("ZVD", "zorovelkodialysis"),
])
def test_a_short_form_spells_its_long_form(short: str, long: str) -> None:
    assert spells_abbreviation(short, long)
    assert may_define(long, short)  # in either order


@pytest.mark.parametrize(("short", "long"), [
    ("ZKA", "zorin kinase"),                  # the long form was cut before its last word ("zorin kinase A")
    ("QAPK", "protein kinase"),               # a letter the long form lacks
    ("Bell", "Zorin"),                        # an author's name in a citation, read as a definition
    ("144", "velkophagy"),                     # a reference number
    ("Zβ", "zorin-β clearance"),              # the long form runs on past the short form
    ("ZMPK", "glycated end product-mediated zorin mono phosphate kinase"),  # words before the long form
    ("VK", "ZVK"),                            # the first letter not at the start
    ("Z", "zorin"),                           # one letter is no abbreviation
    ("ZK", "zorin-dependent velk kinase kinase ligase factor"),  # far too many words for two letters
])
def test_a_pair_the_short_form_cannot_spell_is_no_definition(short: str, long: str) -> None:
    assert not spells_abbreviation(short, long)
    assert not may_define(short, long)


@pytest.mark.parametrize(("short", "long"), [
    ("ZAPK1", "zorin-associated protein kinase"),  # the member's number left out of the long form
    ("ZDCrel-1", "zorin division control related protein"),
])
def test_a_numbered_member_may_be_defined_by_its_family_words(short: str, long: str) -> None:
    assert not spells_abbreviation(short, long)
    assert may_define(short, long) and may_define(long, short)


@pytest.mark.parametrize(("short", "long"), [
    ("ZSP72", "ZSP70"),                       # two numbered names are two members
    ("ZK1", "zorin kinase"),                  # two letters are too few to tell
    ("ZAPK1", "zorin-associated protein"),    # a letter the long form lacks
])
def test_a_numbered_short_form_needs_its_letters_spelled_in_a_long_form_without_numbers(short: str, long: str) -> None:
    assert not may_define(short, long)


def test_names_of_one_normalised_form_may_always_be_defined_as_one() -> None:
    assert may_define("Velk1 protein", "velk1") and may_define("Zorin-β", "zorin beta")


def test_a_library_definition_the_short_form_cannot_spell_is_left_out() -> None:
    library = LibraryAbbreviations([("P1", "Bell", "zorin"), ("P2", "ZKA", "zorin kinase")])
    assert library.get("Bell") is None and library.get("zorin") is None
    assert library.get("ZKA") is None and library.get("zorin kinase") is None


@pytest.mark.parametrize(("apposed", "name"), [
    ("the natural product quarzin", "quarzin"),
    ("Natural product quarzin", "quarzin"),
    ("the co-chaperone Velk7", "Velk7"),
    ("neuronal protein ζ-zorin", "ζ-zorin"),
    ("microtubule-linked protein Zorin", "Zorin"),
    ("the drugs quarzin", "quarzin"),
    ("the Velk1 inhibitor quarzin", "quarzin"),
    ("downstream target Velk2", "Velk2"),
    ("the antiaggregant quarzin blue", "quarzin blue"),
])
def test_a_kind_or_role_noun_in_apposition_names_what_follows(apposed: str, name: str) -> None:
    found = same_form(apposed, name)
    assert found is not None and "only says what kind of thing it is, or its role" in found.reason
    assert identity_key(apposed) == identity_key(name)


@pytest.mark.parametrize(("a", "b"), [
    ("protein kinase Q", "Q"),  # a letter, a number or a Greek letter is no name of its own
    ("heat shock protein 71", "71"),
    ("Zorin synthase kinase 3β", "3β"),
    ("Velk protein precursor", "precursor"),  # a name before the kind noun: the noun is part of the name
    ("Zorin protein phosphorylation", "phosphorylation"),  # a form word, not a name
    ("Velk1 inhibitor treatment", "treatment"),  # the reagent's use, not another thing
    ("Velk1 inhibitor", "Velk1"),  # alone, a role noun names the reagent (Integrate reads a lowering)
    ("downstream target Velk2 phosphorylation", "Velk2"),  # apposed, still a form of Velk2
    ("misfolded protein Zorin", "Zorin"),  # a form word before the kind noun: a form of Zorin
    ("hyperphosphorylated protein Zorin", "Zorin"),
    ("the mutant protein Zorin", "Zorin"),
])
def test_an_apposed_noun_without_a_name_after_it_keeps_the_whole_name(a: str, b: str) -> None:
    assert identity_key(a) != identity_key(b)


def test_how_well_a_thing_works_is_the_thing() -> None:
    assert identity_key("Velk1 function") == identity_key("Velk1")
    assert identity_key("function of the Zorin system") == identity_key("Zorin system")
    assert "'function' only says" in same_form("Velk1 function", "Velk1").reason
    assert identity_key("cognitive function") == identity_key("cognition")
    assert identity_key("synaptic function") != identity_key("synaptic activity")  # a describing word kept whole
    assert identity_key("Velk1 loss of function") != identity_key("Velk1")


def test_a_name_before_a_kind_noun_keeps_the_whole_name() -> None:
    assert identity_key("zorin protein precursor") != identity_key("precursor")
    assert identity_key("plant-derived alkaloid quarzin") == identity_key("quarzin")


# -- short forms a paper uses undefined, spelled by its title --------------------------------------

from engine.assembly.identity import title_abbreviations  # noqa: E402

TITLE = "Attenuation of synaptic toxicity and Tau phosphorylation by methylene blue in a fly model"


def test_a_short_form_the_title_spells_by_initials_is_its_long_form() -> None:
    found = title_abbreviations(TITLE, ["In culture, MB decreased Tau phosphorylation."], {})
    assert found == {"MB": "methylene blue"}


@pytest.mark.parametrize("title, sentence", [
    ("Spinal cord injury outcomes", "The CI was wide."),  # the end of a longer name ("spinal cord injury")
    ("Can it be prevented?", "The CI was wide."),  # function words spell nothing
    ("MB in tauopathy: methylene blue", "MB lowered tau."),  # the title writes the short form itself
    ("Peroxynitrite-induced nitrative stress", "PN rose."),  # a hyphenated word inside the phrase
    ("Models of Parkinson disease and of Parkinson dementia", "PD worsened."),  # two phrases: none chosen
])
def test_no_long_form_where_the_title_does_not_spell_one_whole_name(title: str, sentence: str) -> None:
    assert title_abbreviations(title, [sentence], {}) == {}


def test_a_defined_short_form_keeps_its_definition() -> None:
    assert title_abbreviations(TITLE, ["MB lowered tau."], {"MB": "myoglobin"}) == {}


def test_a_name_written_with_a_defined_short_form_is_spelled_out() -> None:
    from engine.assembly.identity import spelled_out

    defined = {"AF": "atrial fibrillation"}
    assert spelled_out("Postoperative AF", defined) == "Postoperative atrial fibrillation"
    assert spelled_out("AF", defined) is None  # the short form alone is the definition's own business
    assert spelled_out("Postoperative AFib", defined) is None
