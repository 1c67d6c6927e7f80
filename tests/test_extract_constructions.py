"""The rule reader's table of constructions (engine/reading/rules/constructions.toml): every entry has a
reader, the priorities order them, and each entry's example sentence is read by that construction."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from engine.reading.language.data_files import data_file
from engine.reading.rules import reader

TABLE = Path(reader.__file__).with_name("constructions.toml")


def test_every_listed_construction_has_a_reader_and_every_reader_is_listed():
    listed = [c["name"] for c in data_file(TABLE)["construction"]]
    assert sorted(listed) == sorted(reader._READERS)
    assert len(set(listed)) == len(listed)


def test_the_constructions_are_tried_in_the_order_of_their_priorities():
    priorities = [c["priority"] for c in data_file(TABLE)["construction"]]
    assert len(set(priorities)) == len(priorities), "two constructions share a priority"
    assert [c.priority for c in reader.CONSTRUCTIONS] == sorted(priorities)


@pytest.mark.parametrize("construction", reader.CONSTRUCTIONS, ids=lambda c: c.name)
def test_each_example_is_read_by_its_construction(construction):
    assert construction.reads and construction.example
    assert construction.name in reader.constructions_read(construction.example)


def test_a_verb_of_change_is_read_before_the_nominal_of_the_same_word():
    # "increase" is both a verb of change and a nominal head; as a verb the first construction claims it
    assert reader.constructions_read("Rapamycin increases autophagy.") == ["change_verb"]
    assert reader.constructions_read("An increase of autophagy by rapamycin was seen.") == ["nominal"]


def test_the_priorities_of_the_table_decide_which_construction_claims_a_word(monkeypatch):
    # "exhibit" heads both a state ("X-deficient mice exhibit increased Y") and a context claim; the
    # state comes first in the table, and with the two priorities swapped the context claims the word
    sentence = "TREM2-deficient mice exhibit increased plaque load."
    assert reader.constructions_read(sentence) == ["state"]
    assert [a.object for a in reader.extract_annotations(sentence)] == ["plaque load"]
    swapped = {"state": 175, "context": 170}
    monkeypatch.setattr(reader, "CONSTRUCTIONS", tuple(sorted(
        (replace(c, priority=swapped.get(c.name, c.priority)) for c in reader.CONSTRUCTIONS),
        key=lambda c: c.priority)))
    assert reader.constructions_read(sentence) == ["context"]
    assert reader.extract_annotations(sentence) == []
