"""bench/reader_size.py counts the readers' lines by kind."""

from __future__ import annotations

from bench.reader_size import line_kinds, reader_files

MODULE = '''"""A module's docstring,
on two lines."""

# a comment
def f():
    """One line."""
    return 1
'''


def test_lines_are_counted_by_kind():
    kinds = line_kinds(MODULE)
    assert (kinds["docstring"], kinds["comment"], kinds["blank"], kinds["code"]) == (3, 1, 1, 2)
    assert kinds["total"] == 7


def test_the_readers_files_are_the_tracked_modules_of_engine_reading():
    files = reader_files()
    assert files and all(f.suffix == ".py" and "engine/reading" in f.as_posix() for f in files)
    assert any(f.name == "phrases.py" and f.parent.name == "parse" for f in files)
