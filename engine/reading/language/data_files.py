"""The one loader of the readers' data files: TOML beside the module that reads it, each key a word list
(or a table of words) with a comment on what it is for.

A module names its file once and takes each list by its key, the Python name in lower case:
``HEDGES = word_set(WORDS, "hedges")``. Lists keep their order in TOML; a table is written as a list of
``[word, value]`` pairs so that its order is kept too (some readers try the first match), its key a word or
a list of words and numbers.
"""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path
from typing import Any


@cache
def data_file(path: Path) -> dict[str, Any]:
    """The contents of one data file, read once a run."""
    return tomllib.loads(path.read_text(encoding="utf-8"))


def word_set(path: Path, name: str) -> frozenset[str]:
    """A list of words (or of word sequences) asked only whether it holds one."""
    return frozenset(_frozen(w) for w in data_file(path)[name])


def word_tuple(path: Path, name: str) -> tuple[Any, ...]:
    """A list of words (or of word sequences) read in order."""
    return _frozen(data_file(path)[name])


def word_table(path: Path, name: str) -> dict[Any, Any]:
    """A table from a word to its value (a sign, a form, a particle), from ``[word, value]`` pairs; a key
    written as a list is a tuple (``[["s", 1], ["enhances"]]`` → ``("s", 1): ("enhances",)``)."""
    return {_frozen(word): _frozen(value) for word, value in data_file(path)[name]}


def _frozen(value: Any) -> Any:
    """TOML arrays as tuples, all the way down, as the Python tables held them: ``["to"]`` → ``("to",)``."""
    return tuple(_frozen(v) for v in value) if isinstance(value, list) else value
