"""Causeway's default search for a table: a rule from measured properties of the table to a configuration.

The rule is data, not code: ``default_rule.json`` beside this module is written by
``bench/discovery.py --write-rule`` after choosing, on the selection part of the benchmark suite only,
the configuration with the lowest mean SHD for each group of tables (see BENCHMARKS.md). A table's
group comes from ``profile_table``: discrete, or continuous with mostly Gaussian or mostly non-Gaussian
regression residuals. A table with a condition column runs CD-NOD with the group's test.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import numpy as np

from engine.discovery.tables import TableResult

RULE_PATH = Path(__file__).with_name("default_rule.json")
Group = str  # "discrete" | "gaussian" | "non-gaussian"
GROUPS: tuple[Group, ...] = ("discrete", "gaussian", "non-gaussian")
# A residual counts as non-Gaussian past these sizes of skewness or excess kurtosis (effect sizes, not tests:
# with thousands of rows every test rejects normality).
SKEW_LIMIT = 0.5
KURTOSIS_LIMIT = 1.0
NON_GAUSSIAN_SHARE = 0.5
_PROFILE_ROWS = 5000


@dataclass(frozen=True)
class TableProfile:
    kind: str
    rows: int
    columns: int
    non_gaussian_share: float  # share of continuous columns whose regression residual is non-Gaussian
    has_condition: bool

    @property
    def group(self) -> Group:
        if self.kind == "discrete":
            return "discrete"
        return "non-gaussian" if self.non_gaussian_share >= NON_GAUSSIAN_SHARE else "gaussian"

    def describe(self) -> str:
        if self.group == "discrete":
            return "discrete data"
        return (f"continuous data, {self.non_gaussian_share:.0%} of the columns with non-Gaussian residuals "
                f"(so treated as {'non-Gaussian' if self.group == 'non-gaussian' else 'Gaussian'})")


def profile_table(table: TableResult) -> TableProfile:
    """Measure the properties the default rule reads: data type, size and residual Gaussianity."""
    continuous = [c for c in table.columns if c not in table.categorical and c not in table.discrete]
    share = 0.0
    if table.kind != "discrete" and continuous:
        data = table.data[table.columns].to_numpy(dtype=float)[:_PROFILE_ROWS]
        flags = [_non_gaussian_residual(data, table.columns.index(c)) for c in continuous]
        share = sum(flags) / len(flags)
    return TableProfile(kind=table.kind, rows=table.n_rows, columns=len(table.columns),
                        non_gaussian_share=round(share, 3), has_condition=table.condition is not None)


def _non_gaussian_residual(data: np.ndarray, column: int) -> bool:
    """Is the residual of ``column`` regressed linearly on every other column non-Gaussian?"""
    data = data[np.isfinite(data).all(axis=1)]  # tables are read with inf as missing; be safe all the same
    if len(data) < 3:
        return False
    others = np.delete(data, column, axis=1)
    design = np.column_stack([np.ones(len(data)), others])
    try:
        coefficients, *_ = np.linalg.lstsq(design, data[:, column], rcond=None)
    except np.linalg.LinAlgError:  # a degenerate design: no residual to judge
        return False
    residual = data[:, column] - design @ coefficients
    spread = residual.std()
    if spread == 0:
        return False
    z = (residual - residual.mean()) / spread
    return bool(abs(np.mean(z**3)) > SKEW_LIMIT or abs(np.mean(z**4) - 3.0) > KURTOSIS_LIMIT)


@lru_cache(maxsize=1)
def load_rule() -> dict:
    return json.loads(RULE_PATH.read_text(encoding="utf-8"))


def default_configuration(profile: TableProfile) -> dict[str, str]:
    """The configuration (method plus test or score) the rule picks for a table with this profile."""
    rule = load_rule()
    chosen = dict(rule["groups"][profile.group])
    if profile.has_condition:
        chosen = {"method": "cdnod", "test": rule["condition_test"][profile.group]}
    return chosen
