"""The readers' size: lines of Python in ``engine/reading`` (both readers and their shared language
module), the figure issue 39 asks to go down as the readers get better (11,009 when it was filed, then
in ``engine/offline``, ``engine/parse_reader`` and ``engine/language``). Word lists in TOML are data and
not counted. The lines are split into code, docstrings, comments and blank lines, so that a change of
size says what changed.

    .venv/bin/python bench/reader_size.py [--record]
"""

from __future__ import annotations

import argparse
import ast
import subprocess
import sys
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from bench.results import write_results  # noqa: E402

READER = "engine/reading"
FILED_AT = 11_009


def reader_files() -> list[Path]:
    listed = subprocess.run(["git", "ls-files", f"{READER}/*.py"], cwd=REPO, capture_output=True, text=True,
                            check=True).stdout.split()
    return [REPO / name for name in listed]


def line_kinds(source: str) -> Counter:
    """How many of a module's lines are docstrings, comments, blank or code."""
    lines = source.splitlines()
    docstrings: set[int] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body \
                and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant) \
                and isinstance(node.body[0].value.value, str):
            docstrings.update(range(node.body[0].lineno, node.body[0].end_lineno + 1))
    kinds = Counter()
    for number, line in enumerate(lines, start=1):
        kind = "docstring" if number in docstrings else "blank" if not line.strip() \
            else "comment" if line.strip().startswith("#") else "code"
        kinds[kind] += 1
    kinds["total"] = len(lines)
    return kinds


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--record", action="store_true", help="write the figure to bench/results")
    args = parser.parse_args()
    kinds = sum((line_kinds(path.read_text(encoding="utf-8")) for path in reader_files()), Counter())
    print(", ".join(f"{kind} {kinds[kind]:,}" for kind in ("total", "code", "docstring", "comment", "blank")))
    if args.record:
        write_results("reader_size", "Extraction", ".venv/bin/python bench/reader_size.py --record", [
            {"figure": "lines of the readers' Python (engine/reading)", "value": kinds["total"], "decimals": 0,
             "target": {"at_most": FILED_AT},
             "note": f"code {kinds['code']:,}, docstrings {kinds['docstring']:,}, "
                     f"comments {kinds['comment']:,}, blank {kinds['blank']:,}"},
        ])
    return 0


if __name__ == "__main__":
    sys.exit(main())
