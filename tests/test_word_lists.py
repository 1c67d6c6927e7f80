"""The word lists as data: the words.toml files of engine/reading/ (the readers) and engine/assembly/
(identity, lowering, grounding), read by one loader (engine/reading/language/data_files.py), each list with
a line on what it is for."""

from __future__ import annotations

import importlib
import re
import tomllib
from pathlib import Path

import pytest

from engine.reading.language import lexicon
from engine.reading.parse import store

READING = Path(lexicon.__file__).parent.parent
ENGINE = READING.parent
WORD_FILES = sorted(READING.rglob("words.toml")) + sorted((ENGINE / "assembly").rglob("words.toml"))
# NAME = word_set(_WORDS, "name"): a module's list, loaded from the words.toml beside it
LOADED = re.compile(r'^(\w+) = (word_set|word_tuple|word_table)\(_WORDS, "(\w+)"\)', re.MULTILINE)


def _loads(folder: Path) -> list[tuple[str, str, str, str]]:
    """(module, Python name, loader, key) for each list the modules of ``folder`` load."""
    return [(path.stem, *found) for path in sorted(folder.glob("*.py"))
            for found in LOADED.findall(path.read_text(encoding="utf-8"))]


def _module(folder: Path, stem: str) -> str:
    return ".".join(folder.relative_to(ENGINE.parent).parts + (stem,))


def test_there_are_word_files_for_the_readers_and_assembly():
    assert {path.parent.name for path in WORD_FILES} >= {"language", "rules", "parse", "assembly", "grounding"}


def test_only_the_one_loader_reads_toml():
    readers = sorted(str(path.relative_to(ENGINE.parent)) for path in ENGINE.rglob("*.py")
                     if "tomllib" in path.read_text(encoding="utf-8"))
    assert readers == ["engine/reading/language/data_files.py"]


@pytest.mark.parametrize("words", WORD_FILES, ids=lambda p: p.parent.name)
def test_every_list_is_loaded_once_under_its_own_name(words):
    lists = tomllib.loads(words.read_text(encoding="utf-8"))
    loads = _loads(words.parent)
    assert sorted(key for *_, key in loads) == sorted(lists), "a list loaded by no module, or by two"
    for module, name, _, key in loads:
        assert key == name.lower(), f"{module}.{name} loads {key}"
        assert getattr(importlib.import_module(_module(words.parent, module)), name)


@pytest.mark.parametrize("words", WORD_FILES, ids=lambda p: p.parent.name)
def test_every_list_holds_words_and_every_table_pairs_a_word_with_a_value(words):
    lists = tomllib.loads(words.read_text(encoding="utf-8"))
    tables = {key for *_, loader, key in _loads(words.parent) if loader == "word_table"}
    for name, entries in lists.items():
        assert entries, name
        for entry in entries:
            word = entry[0] if name in tables else entry
            assert isinstance(word, (str, list)), name
            assert name not in tables or len(entry) == 2, name
        if name in tables:  # a word given twice would keep only its second value
            assert len({repr(entry[0]) for entry in entries}) == len(entries), name


@pytest.mark.parametrize("words", WORD_FILES, ids=lambda p: p.parent.name)
def test_every_list_says_what_it_is_for(words):
    lines = words.read_text(encoding="utf-8").splitlines()
    for i, line in enumerate(lines):
        if re.match(r"\w+ = \[", line):
            assert lines[i - 1].startswith("# "), f"{line.split()[0]} has no line on what it is for"


def test_the_lexicon_reads_its_lists_as_written():
    assert "rescue" in lexicon.DECREASE_VERBS and lexicon.VERB_FORMS["rescued"] == ("rescue", -1, "ed")
    assert lexicon.PHRASAL["give"] == (("rise", "to"), 1)
    assert lexicon.NOMINAL_TRIGGERS["reductions"] == -1  # plurals are added to the table as read
    assert ("long-term", "potentiation") in lexicon.NAMED_CHANGES  # pairs are read as tuples


def test_a_change_of_a_word_list_a_construction_or_a_pattern_re_reads_the_library():
    assert set(READING.rglob("*.toml")) <= set(store.reader_sources())


def test_the_parse_reader_reads_its_tables_and_ordered_lists_as_written():
    from engine.reading.parse import hosts, parsing, reparsed_names, reparsed_verbs

    assert hosts._CHANGING["fall"] == -1 and hosts._CHANGING["accumulate"] == 1  # signs read as numbers
    assert hosts.GIVING_VERBS["treat"] == "with" and hosts.GIVING_VERBS["feed"] == ""  # "": the agent is the object
    assert reparsed_names._SUBJECT_STAND_INS[0] == "cortisol" and reparsed_names._OBJECT_STAND_INS[0] == "thrombin"
    assert parsing._FIGURE_WORDS[0] == "Fig."
    assert reparsed_verbs._STAND_INS[("base", 1)] == ("enhance", "promote")  # a key of a form and a sign
