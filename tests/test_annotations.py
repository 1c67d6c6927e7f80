"""Proto-role annotation format: parse/print both ways, every interpret row, malformed lines."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.model.annotations import (
    Annotation, AnnotationError, StateOf, format_annotation, interpret, parse_annotation,
)
from engine.model.graph import GraphError

PAPER_LINES = [
    "[change=increase] cortisol levels ==CAUSE=> [change=increase] blood pressure",
    "[change=increase] exercise ==CAUSE=> [change=decrease] cellular oxidative stress",
    "TIMP-2 deficiency ==CAUSE=> [change=increase] macrophage infiltration",
    "[change=decrease] insulin sensitivity ==CAUSE=> type 2 diabetes",
]


@pytest.mark.parametrize("line", PAPER_LINES)
def test_line_round_trip(line: str) -> None:
    assert format_annotation(parse_annotation(line)) == line


def test_parse_reads_sides_and_keeps_text() -> None:
    a = parse_annotation("  [change=decrease]  insulin sensitivity ==CAUSE=> type 2 diabetes ", text="s.")
    assert (a.subject, a.subject_change, a.object, a.object_change, a.text) == (
        "insulin sensitivity", "decrease", "type 2 diabetes", None, "s.")


def test_parse_tolerates_spacing_and_case_in_the_tag() -> None:
    a = parse_annotation("[ change = Increase ] BDNF ==CAUSE=> [change=decrease]apoptosis")
    assert (a.subject_change, a.object, a.object_change) == ("increase", "apoptosis", "decrease")


_term = st.text(alphabet=st.characters(blacklist_characters="[]=\n\r", blacklist_categories=("Cs", "Cc", "Zl", "Zp")),
                min_size=1, max_size=30).map(str.strip).filter(lambda t: t and "==CAUSE=>" not in t)
_change = st.sampled_from([None, "increase", "decrease"])


@given(_term, _change, _term, _change)
def test_object_round_trip(subject: str, s_change, obj: str, o_change) -> None:
    a = Annotation(subject=subject, subject_change=s_change, object=obj, object_change=o_change)
    b = parse_annotation(format_annotation(a))
    assert (b.subject, b.subject_change, b.object, b.object_change) == (subject, s_change, obj, o_change)


# Every row of DESIGN §3 / Cora Figure 3.
@pytest.mark.parametrize("line, kinds, relation, sign", [
    ("[change=increase] A ==CAUSE=> [change=increase] B", ("quantity", "quantity"), "influence", 1),
    ("[change=decrease] A ==CAUSE=> [change=decrease] B", ("quantity", "quantity"), "influence", 1),
    ("[change=increase] A ==CAUSE=> [change=decrease] B", ("quantity", "quantity"), "influence", -1),
    ("[change=decrease] A ==CAUSE=> [change=increase] B", ("quantity", "quantity"), "influence", -1),
    ("[change=increase] A ==CAUSE=> S", ("quantity", "state"), "triggers", 1),
    ("[change=decrease] A ==CAUSE=> S", ("quantity", "state"), "triggers", -1),
    ("S ==CAUSE=> [change=increase] B", ("state", "quantity"), "triggers", 1),
    ("S ==CAUSE=> [change=decrease] B", ("state", "quantity"), "triggers", -1),
    ("S ==CAUSE=> T", ("state", "state"), "triggers", 1),
])
def test_interpret_rows(line: str, kinds: tuple[str, str], relation: str, sign: int) -> None:
    edge = interpret(parse_annotation(line))
    assert (edge.subject_kind, edge.object_kind, edge.relation, edge.sign) == (*kinds, relation, sign)


@pytest.mark.parametrize("line, message", [
    ("", "empty"),
    ("cortisol increases blood pressure", "no '==CAUSE=>'"),
    ("A ==cause=> B", "did you mean"),
    ("A ==CAUSE=> B ==CAUSE=> C", "2 '==CAUSE=>' arrows"),
    (" ==CAUSE=> B", "subject (left of the arrow) is empty"),
    ("A ==CAUSE=>   ", "object (right of the arrow) is empty"),
    ("[change=up] A ==CAUSE=> B", "unknown change 'up'"),
    ("[change=increase A ==CAUSE=> B", "opens a '['"),
    ("[change=increase] ==CAUSE=> B", "no term after it"),
    ("A ==CAUSE=> [change=decrease] B [x]", "contains '[' or ']'"),
])
def test_malformed_lines_say_what_is_wrong(line: str, message: str) -> None:
    with pytest.raises(AnnotationError, match=message.replace("[", r"\[").replace("(", r"\(").replace(")", r"\)")):
        parse_annotation(line)


def test_annotation_error_is_a_graph_error() -> None:
    with pytest.raises(GraphError):
        parse_annotation("nonsense")


# --- states of an entity carried as fields -------------------------------------------------------
def test_a_line_naming_a_deficiency_or_mutation_carries_its_entity() -> None:
    deficient = parse_annotation("TREM2 deficiency ==CAUSE=> [change=increase] plaque load")
    assert deficient.subject_state_of == StateOf(entity="TREM2", kind="deficiency")
    assert deficient.subject_state_of.direction == -1
    variant = parse_annotation("[change=increase] X ==CAUSE=> APP-mutations")
    assert variant.object_state_of == StateOf(entity="APP", kind="mutation")
    assert variant.object_state_of.direction == 1
    assert parse_annotation("smoking ==CAUSE=> [change=increase] heart rate").subject_state_of is None


def test_the_rule_reader_sets_the_state_it_read() -> None:
    from engine.reading.rules import extract_annotations

    found = extract_annotations("Mice lacking Zorp show increased Quux levels.")
    assert [(a.subject, a.subject_state_of) for a in found] == [
        ("Zorp deficiency", StateOf(entity="Zorp", kind="deficiency"))]
