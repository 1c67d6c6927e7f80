"""The invented-sentence grid of bench/reader_grid.py: what it draws and what counts as read."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.reader_grid import CLAUSE_TEMPLATES, GROUPS, NAMES, SYMBOL_TEMPLATES, read, sentences  # noqa: E402


def test_each_half_draws_its_own_names_for_every_construction() -> None:
    for half in ("tune", "held-out"):
        for templates in GROUPS.values():
            drawn = sentences(half, per_template=3, templates=templates)
            assert len(drawn) == 3 * len(templates)
            assert {construction for construction, *_ in drawn} == {c for c, _, _ in templates}
            assert all(cause in NAMES[half] and effect in NAMES[half] and cause != effect
                       for _, _, cause, effect, _, _ in drawn)
    assert not set(NAMES["tune"]) & set(NAMES["held-out"])
    assert sentences("tune", 3) == sentences("tune", 3)  # seeded


def test_the_second_group_leaves_the_first_groups_draws_as_they_were() -> None:
    # the first draws of the first group as the script drew them before the second group was added
    assert [s for _, s, *_ in sentences("tune", 2, templates=SYMBOL_TEMPLATES)][:3] == [
        "ERK1/2 attenuates PP2A.", "ApoE4 reduces 17-AAG.", "SIRT1 increases TFEB levels."]
    assert sentences("tune", 3) == sentences("tune", 3, templates=SYMBOL_TEMPLATES)
    clauses = {c for c, *_ in sentences("tune", 1, templates=CLAUSE_TEMPLATES)}
    assert clauses == {c for c, _, _ in CLAUSE_TEMPLATES}


def test_only_the_one_claim_with_its_sign_counts() -> None:
    claims = {"[change=increase] Fyn ==CAUSE=> [change=decrease] ERK1/2"}
    assert read(claims, "Fyn", "ERK1/2", -1)
    assert not read(claims, "Fyn", "ERK1/2", 1)
    assert not read(claims, "ERK1/2", "Fyn", -1)
    assert not read({"[change=increase] Fyn ==CAUSE=> [change=decrease] ERK1/2."}, "Fyn", "ERK1/2", -1)


def test_an_experiment_that_lowers_the_cause_counts_as_lowered_or_as_its_state() -> None:
    assert read({"[change=decrease] Fyn ==CAUSE=> [change=increase] ERK1/2"}, "Fyn", "ERK1/2", 1, moved=-1)
    assert read({"Fyn deficiency ==CAUSE=> [change=increase] ERK1/2"}, "Fyn", "ERK1/2", 1, moved=-1)
    assert not read({"[change=increase] Fyn ==CAUSE=> [change=increase] ERK1/2"}, "Fyn", "ERK1/2", 1, moved=-1)

