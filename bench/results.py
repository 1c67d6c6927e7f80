"""The figures on record: each benchmark writes its own to ``bench/results/NAME.json`` with
``write_results``, and ``bench/render_benchmarks.py`` renders BENCHMARKS.md from those files.

A figure holds its value over the whole set and, where the set is split, over the tuned and the
held-out part; its target (at least / at most a number, over the numbers it names); the command that
measures it; and the commit and date it was measured at. Whether a target is met is computed from the
numbers when rendering, never written by hand.
"""

from __future__ import annotations

import datetime as dt
import subprocess
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

RESULTS = Path(__file__).resolve().parent / "results"
ROOT = RESULTS.parent.parent
MEASURED_CODE = ("engine", "retrieval", "corpus", "bench", "ui", "pages", "app.py")


class Target(BaseModel):
    model_config = ConfigDict(extra="forbid")

    at_least: float | None = None
    at_most: float | None = None
    # which of the figure's numbers must reach it: every one given, or one part only
    over: Literal["all", "value", "tune", "held_out"] = "all"
    note: str = ""  # what the bound is, when it is not a round number ("best causal-learn default")

    def met_by(self, numbers: dict[str, float | None]) -> bool:
        chosen = [v for key, v in numbers.items() if v is not None and self.over in ("all", key)]
        if not chosen:
            raise ValueError("a target over numbers the figure does not give")
        low = self.at_least if self.at_least is not None else float("-inf")
        high = self.at_most if self.at_most is not None else float("inf")
        return all(low <= v <= high for v in chosen)


class Figure(BaseModel):
    model_config = ConfigDict(extra="forbid")

    figure: str = Field(max_length=120)
    value: float | None = None
    tune: float | None = None
    held_out: float | None = None
    unit: str = ""
    decimals: int = 1
    signed: bool = False  # a difference, shown with its sign
    target: Target | None = None
    note: str = Field("", max_length=120)  # counts or context that belong beside the value
    command: str = ""  # when it differs from the benchmark's own
    commit: str
    date: str


class Results(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: str
    area: str
    command: str
    figures: list[Figure]


def current_commit() -> str:
    """The checked-out commit, marked "-dirty" when the measured code differs from it."""
    found = subprocess.run(["git", "rev-parse", "--short=7", "HEAD"], cwd=ROOT, capture_output=True, text=True)
    # the results files themselves are no measured code: one benchmark's record must not mark the next dirty
    changed = subprocess.run(["git", "diff", "--quiet", "HEAD", "--", *MEASURED_CODE, ":!bench/results"],
                             cwd=ROOT).returncode != 0
    return (found.stdout.strip() or "unknown") + ("-dirty" if changed else "")


def write_results(name: str, area: str, command: str, figures: list[dict], folder: Path = RESULTS) -> Path:
    """Write a benchmark's figures, measured now at the checked-out commit, to ``folder/NAME.json``.

    Each figure is a dict of ``Figure``'s fields without commit and date.
    """
    commit, date = current_commit(), dt.datetime.now(dt.UTC).date().isoformat()
    results = Results(name=name, area=area, command=command,
                      figures=[Figure(**figure, commit=commit, date=date) for figure in figures])
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.json"
    path.write_text(results.model_dump_json(indent=2, exclude_defaults=True) + "\n", encoding="utf-8")
    return path


def read_results(folder: Path = RESULTS) -> list[Results]:
    return [Results.model_validate_json(path.read_text(encoding="utf-8")) for path in sorted(folder.glob("*.json"))]


def share(part: int, whole: int) -> float | None:
    """A percentage, or None for an empty set."""
    return round(100 * part / whole, 1) if whole else None


def parts(whole: float | None, tune: float | None, held_out: float | None, scale: float = 1.0) -> dict:
    """value, tune and held_out of a figure, each scaled (100 for a share as a percentage)."""
    return {key: None if number is None else round(scale * number, 4)
            for key, number in (("value", whole), ("tune", tune), ("held_out", held_out))}
