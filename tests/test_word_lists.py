"""The lexicon's word lists as data: engine/reading/language/words.toml, one loader, a line on each."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from engine.reading.language import lexicon
from engine.reading.parse import store

WORDS = Path(lexicon.__file__).with_name("words.toml")


def test_every_list_is_loaded_by_the_lexicon_as_a_set_of_words():
    lists = tomllib.loads(WORDS.read_text(encoding="utf-8"))
    loaded = re.findall(r'_word_set\("(\w+)"\)', Path(lexicon.__file__).read_text(encoding="utf-8"))
    assert sorted(loaded) == sorted(lists)
    for name, words in lists.items():
        assert words and all(isinstance(w, str) and w for w in words), name
        assert getattr(lexicon, name.upper()) == frozenset(words)


def test_every_list_says_what_it_is_for():
    lines = WORDS.read_text(encoding="utf-8").splitlines()
    for i, line in enumerate(lines):
        if re.match(r"\w+ = \[", line):
            assert lines[i - 1].startswith("# "), f"{line.split()[0]} has no line on what it is for"


def test_a_change_of_a_word_list_re_reads_the_library():
    assert WORDS in store.reader_sources()
