"""BENCHMARKS.md is what bench/render_benchmarks.py renders from bench/results/, and stays a dashboard."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from bench.render_benchmarks import BENCHMARKS, MOST_CELL_CHARACTERS, SAME_COMMAND, render
from bench.results import RESULTS, Target, read_results, write_results

MOST_BYTES = 40 * 1024


def first_table(text: str) -> list[list[str]]:
    lines = text[text.index("## Current figures"):].splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("|"))
    rows = []
    for line in lines[start:]:
        if not line.startswith("|"):
            break
        rows.append([c.strip() for c in line.strip("|").replace("\\|", "\x00").split("|")])
    return rows


def test_benchmarks_md_is_the_rendered_results():
    assert BENCHMARKS.read_text(encoding="utf-8") == render(), \
        "BENCHMARKS.md differs: run .venv/bin/python bench/render_benchmarks.py"


def test_benchmarks_md_is_small_and_its_table_cells_short():
    text = BENCHMARKS.read_text(encoding="utf-8")
    assert len(text.encode("utf-8")) < MOST_BYTES
    rows = first_table(text)
    figures = sum(len(result.figures) for result in read_results())
    assert len(rows) == figures + 2  # header, rule, one row a figure
    assert all(len(cell) <= MOST_CELL_CHARACTERS for row in rows for cell in row)
    assert all(len(row) == len(rows[0]) for row in rows)


def test_every_results_file_names_its_commit_and_date():
    for result in read_results():
        for figure in result.figures:
            assert len(figure.commit) >= 7 and figure.date[:2] == "20", figure.figure
            assert (figure.value, figure.tune, figure.held_out) != (None, None, None), figure.figure


def test_target_met_over_the_numbers_it_names():
    numbers = {"value": 35.0, "tune": 37.8, "held_out": 32.0}
    assert not Target(at_least=36).met_by(numbers)
    assert Target(at_least=36, over="tune").met_by(numbers)
    assert Target(at_most=40).met_by(numbers)
    assert not Target(at_least=-0.01, at_most=0.01).met_by({"value": 0.02, "tune": None, "held_out": None})
    with pytest.raises(ValueError):
        Target(at_least=1, over="held_out").met_by({"value": 2.0, "tune": None, "held_out": None})


def test_written_results_render_with_their_commit(tmp_path: Path):
    shutil.copy(RESULTS / "areas.toml", tmp_path / "areas.toml")
    path = write_results("qa_eval", "Questions", "bench/qa_eval.py", [
        {"figure": "an invented figure", "value": 12.5, "tune": 10.0, "held_out": 15.0, "unit": "%",
         "target": {"at_least": 12}},
    ], folder=tmp_path)
    stored = json.loads(path.read_text(encoding="utf-8"))
    assert stored["figures"][0]["commit"] and stored["figures"][0]["date"]
    row = next(line for line in render(tmp_path).splitlines() if line.startswith("| an invented figure"))
    cells = [c.strip() for c in row.strip("|").split("|")]
    assert cells[1:6] == ["12.5 %", "10.0 %", "15.0 %", "≥ 12.0 %", "**no**"]


def test_a_command_is_written_once_for_the_rows_that_share_it(tmp_path: Path):
    shutil.copy(RESULTS / "areas.toml", tmp_path / "areas.toml")
    write_results("qa_eval", "Questions", "bench/qa_eval.py", [
        {"figure": "first", "value": 1.0}, {"figure": "second", "value": 2.0},
        {"figure": "third", "value": 3.0, "command": "bench/qa_eval.py --half tune"},
    ], folder=tmp_path)
    commands = {cells[0]: cells[6] for cells in first_table(render(tmp_path))[2:]}
    assert commands == {"first": "`bench/qa_eval.py`", "second": SAME_COMMAND,
                        "third": "`bench/qa_eval.py --half tune`"}


def test_a_long_cell_is_refused(tmp_path: Path):
    shutil.copy(RESULTS / "areas.toml", tmp_path / "areas.toml")
    write_results("qa_eval", "Questions", "x " * 120, [{"figure": "f", "value": 1.0}], folder=tmp_path)
    with pytest.raises(ValueError, match="over 200"):
        render(tmp_path)


def test_results_of_an_unlisted_benchmark_are_refused(tmp_path: Path):
    shutil.copy(RESULTS / "areas.toml", tmp_path / "areas.toml")
    write_results("nobody_lists_me", "Questions", "c", [{"figure": "f", "value": 1.0}], folder=tmp_path)
    with pytest.raises(ValueError, match="nobody_lists_me"):
        render(tmp_path)
