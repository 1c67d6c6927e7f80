"""Both readers on constructions that change what a claim says: a bracketed form of a thing, and
(below) contexts that change who acts. Each case gives the exact claim set of each reader, read from
an invented sentence: none missing and none extra."""

from __future__ import annotations

import pytest
from claim_sets import lines as rule_lines
from parse_reader_helpers import lines as parse_lines

UP, DOWN = "[change=increase]", "[change=decrease]"

CASES = [
    # a bracket opening with a participle of form names that form ("X (truncated ...)" is truncated X)
    ("Expression of huntingtin (cleaved at Asp-586 by caspase-6) caused synaptic dysfunction.",
     {f"{UP} cleaved huntingtin ==CAUSE=> {UP} synaptic dysfunction"},
     {f"{UP} cleaved huntingtin ==CAUSE=> {UP} synaptic dysfunction"}),
    # "insoluble forms of X" are insoluble X; "several forms of X" are X
    ("Lithium promotes the degradation of insoluble forms of synuclein.",
     {f"{UP} Lithium ==CAUSE=> {DOWN} insoluble synuclein"},
     {f"{UP} Lithium ==CAUSE=> {DOWN} insoluble synuclein"}),
    ("Lithium lowered several forms of synuclein.",
     {f"{UP} Lithium ==CAUSE=> {DOWN} synuclein"},
     {f"{UP} Lithium ==CAUSE=> {DOWN} synuclein"}),
    # a bare name before "NAME PROCESS" may share the process or not: it is left out (a process of
    # an entity, its release or translocation, is not its amount)
    ("Interferons lower IL-33 and IL-25 release.",
     {f"{UP} Interferons ==CAUSE=> {DOWN} IL-25 release"},
     {f"{UP} Interferons ==CAUSE=> {DOWN} IL-25 release"}),
    ("Lithium reduced ERK and Akt translocation.",
     {f"{UP} Lithium ==CAUSE=> {DOWN} Akt translocation"},
     {f"{UP} Lithium ==CAUSE=> {DOWN} Akt translocation"}),
    # a bracket of another kind leaves the name as it is
    ("Expression of huntingtin (Htt) caused synaptic dysfunction.",
     {f"{UP} huntingtin ==CAUSE=> {UP} synaptic dysfunction"},
     {f"{UP} huntingtin ==CAUSE=> {UP} synaptic dysfunction"}),
]


@pytest.mark.parametrize(("sentence", "rules", "parse"), CASES, ids=[c[0][:40] for c in CASES])
def test_both_readers(sentence: str, rules: set[str], parse: set[str]) -> None:
    assert rule_lines(sentence) == rules
    assert parse_lines(sentence) == parse
