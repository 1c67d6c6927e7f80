"""The invented-sentence grid of bench/reader_grid.py: what it draws and what counts as read."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.reader_grid import NAMES, TEMPLATES, read, sentences  # noqa: E402


def test_each_half_draws_its_own_names_for_every_construction() -> None:
    for half in ("tune", "held-out"):
        drawn = sentences(half, per_template=3)
        assert len(drawn) == 3 * len(TEMPLATES)
        assert {construction for construction, *_ in drawn} == {c for c, _ in TEMPLATES}
        assert all(cause in NAMES[half] and effect in NAMES[half] and cause != effect
                   for _, _, cause, effect, _ in drawn)
    assert not set(NAMES["tune"]) & set(NAMES["held-out"])
    assert sentences("tune", 3) == sentences("tune", 3)  # seeded


def test_only_the_one_claim_with_its_sign_counts() -> None:
    claims = {"[change=increase] Fyn ==CAUSE=> [change=decrease] ERK1/2"}
    assert read(claims, "Fyn", "ERK1/2", -1)
    assert not read(claims, "Fyn", "ERK1/2", 1)
    assert not read(claims, "ERK1/2", "Fyn", -1)
    assert not read({"[change=increase] Fyn ==CAUSE=> [change=decrease] ERK1/2."}, "Fyn", "ERK1/2", -1)
