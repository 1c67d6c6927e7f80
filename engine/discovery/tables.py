"""Reading an uploaded table (CSV or similar text) into a clean numeric matrix for discovery.

The reader guesses the delimiter and whether the first row is a header, coerces numbers, deals with
missing cells (drop rows or impute, as the user chooses), encodes text columns as categories, drops
constant and duplicate columns, and enforces the row and column limits of ``DiscoverySettings``.
Everything it changes is written to ``TableResult.notes``; everything it refuses raises ``TableError``
naming the column or row and the reason.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

import numpy as np
import pandas as pd
from charset_normalizer import from_bytes

from engine.discovery.errors import TableError
from engine.settings import DiscoverySettings

MissingPolicy = Literal["drop", "impute"]
DataKind = Literal["continuous", "discrete", "mixed"]

# A numeric column with at most this many distinct integer values is treated as discrete.
MAX_DISCRETE_LEVELS = 12
# A column is read as numeric when at least this share of its non-empty cells parse as numbers;
# the rest are then reported as bad cells and treated as missing.
NUMERIC_SHARE = 0.9
MIN_ROWS = 10
MISSING_TOKENS = ("", "na", "n/a", "nan", "null", "none", "?", "-", "missing", ".")
_CANDIDATE_DELIMITERS = ",;\t| "


@dataclass
class TableResult:
    """A table ready for discovery: numeric values, one column per variable, no missing cells."""

    data: pd.DataFrame
    categorical: dict[str, list[str]] = field(default_factory=dict)  # column → levels, in code order
    discrete: list[str] = field(default_factory=list)  # integer-valued numeric columns with few levels
    notes: list[str] = field(default_factory=list)
    dropped_columns: dict[str, str] = field(default_factory=dict)  # column → reason
    delimiter: str = ","
    had_header: bool = True
    rows_read: int = 0
    # The column the user marked as the condition (experimental condition, batch or site): not a variable
    # of the graph but one code per row, for CD-NOD. ``condition_levels`` names the codes in order.
    condition_name: str | None = None
    condition: np.ndarray | None = None
    condition_levels: list[str] = field(default_factory=list)

    @property
    def columns(self) -> list[str]:
        return [str(c) for c in self.data.columns]

    @property
    def n_rows(self) -> int:
        return int(self.data.shape[0])

    @property
    def kind(self) -> DataKind:
        """continuous: no discrete or categorical column; discrete: all of them are; else mixed."""
        n_discrete = sum(1 for c in self.columns if c in self.categorical or c in self.discrete)
        if n_discrete == 0:
            return "continuous"
        return "discrete" if n_discrete == len(self.columns) else "mixed"

    def matrix(self) -> np.ndarray:
        return self.data.to_numpy(dtype=float)

    def select(self, columns: list[str]) -> TableResult:
        """The same table restricted to ``columns`` (in that order); unknown names are refused."""
        unknown = [c for c in columns if c not in self.columns]
        if unknown:
            raise TableError(
                f"unknown column(s) {', '.join(map(repr, unknown))}; the table has {', '.join(self.columns)}"
            )
        if len(columns) < 2:
            raise TableError("select at least two columns for discovery")
        return TableResult(
            data=self.data[columns].copy(),
            categorical={c: v for c, v in self.categorical.items() if c in columns},
            discrete=[c for c in self.discrete if c in columns],
            notes=list(self.notes),
            dropped_columns=dict(self.dropped_columns),
            delimiter=self.delimiter,
            had_header=self.had_header,
            rows_read=self.rows_read,
            condition_name=self.condition_name,
            condition=self.condition,
            condition_levels=list(self.condition_levels),
        )

    def with_condition(self, column: str | None) -> TableResult:
        """This table with ``column`` taken out of the variables and kept as the condition of each row."""
        if column is None:
            return self
        if column not in self.columns:
            raise TableError(f"the condition column {column!r} is not in the table ({', '.join(self.columns)})")
        values = self.data[column]
        levels = self.categorical.get(column) or [f"{v:g}" for v in sorted(values.unique())]
        if len(levels) < 2:
            raise TableError(f"the condition column {column!r} has a single value: there is nothing to compare")
        if len(levels) > max(MAX_DISCRETE_LEVELS, 50):
            raise TableError(
                f"the condition column {column!r} has {len(levels)} distinct values; a condition, batch or site "
                "column takes few values"
            )
        codes = values.to_numpy(dtype=float)
        if column not in self.categorical:  # numeric labels: code them 0..k-1 in sorted order
            codes = np.searchsorted(np.sort(values.unique()), codes).astype(float)
        rest = [c for c in self.columns if c != column]
        if len(rest) < 2:
            raise TableError("at least two columns besides the condition are needed")
        table = self.select(rest)
        table.condition_name, table.condition, table.condition_levels = column, codes, levels
        table.notes = [note for note in table.notes if not note.startswith(f"column {column!r} is categorical")]
        table.notes.append(f"column {column!r} is the condition ({len(levels)} levels): it is not a variable of "
                           "the graph; CD-NOD uses it to find which mechanisms change between conditions")
        return table


def read_table(
    source: str | Path | bytes,
    settings: DiscoverySettings | None = None,
    *,
    columns: list[str] | None = None,
    missing: MissingPolicy = "drop",
) -> TableResult:
    """Read a table from a path or from uploaded bytes; raise ``TableError`` with a clear message."""
    settings = settings or DiscoverySettings()
    if missing not in ("drop", "impute"):
        raise TableError(f"unknown missing-value policy {missing!r}: use 'drop' or 'impute'")
    text = _decode(_read_bytes(source))
    delimiter = _sniff_delimiter(text)
    raw = _parse(text, delimiter)
    had_header = _looks_like_header(raw)
    notes: list[str] = []
    body, first_data_line = _named_body(raw, had_header, notes)
    rows_read = int(body.shape[0])
    body = _within_limits(body, settings, columns)
    columns_read = _ColumnsRead(notes=notes, first_data_line=first_data_line)
    for name in body.columns:
        columns_read.add(name, body[name].astype(str).str.strip(), decimal_commas=delimiter != ",")
    for name, reason in columns_read.dropped.items():
        notes.append(f"column {name!r} dropped: {reason}")
    categorical, dropped = columns_read.categorical, columns_read.dropped
    frame = _handle_missing(pd.DataFrame(columns_read.numeric), missing, categorical, notes, first_data_line)
    frame = _drop_uninformative(frame, categorical, dropped, notes)
    _check_usable(frame, dropped)
    discrete = [c for c in frame.columns if c not in categorical and _is_discrete(frame[c])]
    return TableResult(
        data=frame.reset_index(drop=True),
        categorical={c: v for c, v in categorical.items() if c in frame.columns},
        discrete=discrete,
        notes=notes,
        dropped_columns=dropped,
        delimiter=delimiter,
        had_header=had_header,
        rows_read=rows_read,
    )


def _named_body(raw: pd.DataFrame, had_header: bool, notes: list[str]) -> tuple[pd.DataFrame, int]:
    """The data rows with their column names, and the file line of the first data row."""
    if had_header:
        names = [str(v).strip() for v in raw.iloc[0].tolist()]
        body, first_data_line = raw.iloc[1:].reset_index(drop=True), 2
    else:
        names = [f"X{i + 1}" for i in range(raw.shape[1])]
        body, first_data_line = raw, 1
        notes.append(f"no header row found; columns named {names[0]}..{names[-1]}")
    _check_names(names)
    body.columns = names
    return body, first_data_line


def _within_limits(body: pd.DataFrame, settings: DiscoverySettings, columns: list[str] | None) -> pd.DataFrame:
    """The body restricted to ``columns`` (all when None), refused past the row and column limits."""
    names = [str(c) for c in body.columns]
    if body.shape[0] == 0:
        raise TableError("the table has a header but no data rows")
    if body.shape[0] > settings.max_rows:
        raise TableError(
            f"the table has {body.shape[0]:,} rows, more than the limit of {settings.max_rows:,} "
            "(setting CAUSEWAY_DISCOVERY__MAX_ROWS); sample it down before uploading"
        )
    if columns is not None:
        unknown = [c for c in columns if c not in names]
        if unknown:
            raise TableError(
                f"unknown column(s) {', '.join(map(repr, unknown))}; the table has {', '.join(names)}"
            )
        body = body[columns]
    if body.shape[1] > settings.max_columns:
        raise TableError(
            f"the table has {body.shape[1]} columns, more than the limit of {settings.max_columns} "
            "(setting CAUSEWAY_DISCOVERY__MAX_COLUMNS); select fewer columns"
        )
    return body


@dataclass
class _ColumnsRead:
    """Each column read as numbers, as categories coded 0..k-1, or dropped with its reason."""

    notes: list[str]
    first_data_line: int
    numeric: dict[str, pd.Series] = field(default_factory=dict)
    categorical: dict[str, list[str]] = field(default_factory=dict)
    dropped: dict[str, str] = field(default_factory=dict)

    def add(self, name: str, cells: pd.Series, decimal_commas: bool) -> None:
        is_missing = cells.str.lower().isin(MISSING_TOKENS)
        present = int((~is_missing).sum())
        if present == 0:
            self.dropped[name] = "every cell is empty"
            return
        values = _numbers(cells.where(~is_missing), decimal_commas)
        bad = values.isna() & ~is_missing
        if bad.sum() <= (1 - NUMERIC_SHARE) * present:
            self._add_numeric(name, cells, values, bad)
        else:
            self._add_categorical(name, cells, is_missing, present)

    def _add_numeric(self, name: str, cells: pd.Series, values: pd.Series, bad: pd.Series) -> None:
        infinite = np.isinf(values)
        if infinite.any():  # "inf" parses as a number, but no test or regression can use it
            where = ", ".join(f"line {i + self.first_data_line} ({cells[i]!r})" for i in list(infinite[infinite].index)[:5])
            more = "" if infinite.sum() <= 5 else f" and {int(infinite.sum()) - 5} more"
            self.notes.append(f"column {name!r}: {int(infinite.sum())} cell(s) are infinite, treated as missing: "
                              f"{where}{more}")
            values = values.where(~infinite)
        if bad.any():
            where = ", ".join(f"line {i + self.first_data_line} ({cells[i]!r})" for i in list(bad[bad].index)[:5])
            more = "" if bad.sum() <= 5 else f" and {int(bad.sum()) - 5} more"
            self.notes.append(f"column {name!r}: {int(bad.sum())} cell(s) are not numbers, treated as missing: "
                              f"{where}{more}")
        self.numeric[name] = values.astype(float)

    def _add_categorical(self, name: str, cells: pd.Series, is_missing: pd.Series, present: int) -> None:
        levels = sorted(set(cells[~is_missing]))
        if len(levels) > max(MAX_DISCRETE_LEVELS, 0.5 * present):
            self.dropped[name] = (f"text column with {len(levels)} distinct values in {present} rows looks like "
                                  "an identifier, not a variable")
            return
        self.categorical[name] = levels
        codes = cells.map({level: float(code) for code, level in enumerate(levels)})
        self.numeric[name] = codes.where(~is_missing)
        self.notes.append(f"column {name!r} is categorical ({len(levels)} levels: {', '.join(levels[:6])}"
                          f"{', ...' if len(levels) > 6 else ''}); encoded as codes for discrete tests")


def _numbers(cells: pd.Series, decimal_commas: bool) -> pd.Series:
    """The cells as numbers (NaN where not one); with ``decimal_commas`` (a table separated by
    semicolons or tabs) "1,5" is read as 1.5 when that parses more cells."""
    values = pd.to_numeric(cells, errors="coerce")
    if decimal_commas:
        commas = pd.to_numeric(cells.str.replace(",", ".", regex=False), errors="coerce")
        if commas.notna().sum() > values.notna().sum():
            return commas
    return values


def _check_usable(frame: pd.DataFrame, dropped: dict[str, str]) -> None:
    """Refuse a table left with fewer than two columns or too few complete rows."""
    if frame.shape[1] < 2:
        kept = ", ".join(frame.columns) or "none"
        raise TableError(
            f"fewer than two usable columns remain (kept: {kept}); dropped: "
            + "; ".join(f"{c!r} ({r})" for c, r in dropped.items())
        )
    if frame.shape[0] < MIN_ROWS:
        raise TableError(
            f"only {frame.shape[0]} complete rows remain (at least {MIN_ROWS} are needed); "
            "choose to impute missing cells, or fill the empty cells"
        )


def _read_bytes(source: str | Path | bytes) -> bytes:
    if isinstance(source, (bytes, bytearray, memoryview)):
        return bytes(source)
    path = Path(source)
    if not path.is_file():
        raise TableError(f"no file at {str(path)!r}")
    try:
        return path.read_bytes()
    except OSError as exc:
        raise TableError(f"cannot read {str(path)!r}: {exc.strerror}") from exc


def _decode(data: bytes) -> str:
    if not data.strip():
        raise TableError("the file is empty")
    if b"\x00" in data[:4096] and not data.startswith((b"\xff\xfe", b"\xfe\xff")):
        raise TableError("the file is binary, not a text table (save it as CSV)")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        best = from_bytes(data).best()
        if best is None:
            raise TableError("the file's text encoding could not be recognised; save it as UTF-8 CSV") from None
        return str(best)


def _sniff_delimiter(text: str) -> str:
    sample_lines = [line for line in text.splitlines()[:50] if line.strip()]
    sample = "\n".join(sample_lines)
    try:
        dialect = csv.Sniffer().sniff(sample, delimiters=_CANDIDATE_DELIMITERS)
        delimiter = dialect.delimiter
    except csv.Error:
        delimiter = ","
    # Several spaces between fields (aligned text) read as one whitespace delimiter.
    if delimiter == " " or (delimiter == "," and "," not in sample and any(" " in s.strip() for s in sample_lines)):
        return "whitespace"
    return delimiter


def _parse(text: str, delimiter: str) -> pd.DataFrame:
    options: dict = {"header": None, "dtype": str, "keep_default_na": False, "skip_blank_lines": True}
    if delimiter == "whitespace":
        options["sep"] = r"\s+"
        options["engine"] = "python"
    else:
        options["sep"] = delimiter
    try:
        raw = pd.read_csv(io.StringIO(text), **options)
    except pd.errors.ParserError as exc:
        message = str(exc).strip().splitlines()[-1]
        raise TableError(f"rows have different numbers of fields: {message}") from exc
    except (pd.errors.EmptyDataError, ValueError) as exc:
        raise TableError(f"the table could not be read: {exc}") from exc
    if raw.shape[1] < 2:
        raise TableError(
            "only one column found: the file needs at least two columns separated by commas, "
            "semicolons, tabs, bars or spaces"
        )
    return raw


def _looks_like_header(raw: pd.DataFrame) -> bool:
    """A first row that has a non-numeric cell where the rows below are mostly numeric is a header."""
    first = raw.iloc[0].astype(str).str.strip()
    if pd.to_numeric(first, errors="coerce").notna().all():
        return False
    if raw.shape[0] == 1:
        return True
    rest = raw.iloc[1:51]
    for column in raw.columns:
        below = pd.to_numeric(rest[column], errors="coerce")
        if below.notna().mean() >= 0.5 and pd.isna(pd.to_numeric(first[column], errors="coerce")):
            return True
    # All-text tables: a first row whose values never occur again below reads as a header.
    return all(first[c] not in set(rest[c].astype(str).str.strip()) for c in raw.columns)


def _check_names(names: list[str]) -> None:
    for position, name in enumerate(names, start=1):
        if not name:
            raise TableError(f"column {position} has an empty header; give every column a name")
    seen: dict[str, int] = {}
    for position, name in enumerate(names, start=1):
        if name in seen:
            raise TableError(
                f"the header names {name!r} twice (columns {seen[name]} and {position}); names must be unique"
            )
        seen[name] = position


def _handle_missing(
    frame: pd.DataFrame,
    policy: MissingPolicy,
    categorical: dict[str, list[str]],
    notes: list[str],
    first_data_line: int,
) -> pd.DataFrame:
    incomplete = frame.isna().any(axis=1)
    if not incomplete.any():
        return frame
    per_column = {c: int(n) for c, n in frame.isna().sum().items() if n}
    summary = ", ".join(f"{c!r}: {n}" for c, n in per_column.items())
    if policy == "drop":
        lines = [int(i) + first_data_line for i in incomplete[incomplete].index[:5]]
        more = "" if incomplete.sum() <= 5 else ", ..."
        notes.append(
            f"dropped {int(incomplete.sum())} of {len(frame)} rows with missing values "
            f"(lines {', '.join(map(str, lines))}{more}); missing cells per column: {summary}"
        )
        return frame[~incomplete]
    filled = frame.copy()
    for column in per_column:
        if column in categorical or _is_discrete(frame[column].dropna()):
            value = frame[column].mode(dropna=True).iloc[0]
            how = "most frequent value"
        else:
            value = frame[column].median()
            how = "median"
        filled[column] = frame[column].fillna(value)
        notes.append(f"imputed {per_column[column]} missing cell(s) of {column!r} with the {how} ({value:g})")
    return filled


def _drop_uninformative(
    frame: pd.DataFrame, categorical: dict[str, list[str]], dropped: dict[str, str], notes: list[str]
) -> pd.DataFrame:
    keep: list[str] = []
    for column in frame.columns:
        if frame[column].nunique(dropna=True) <= 1:
            reason = "constant: every remaining row has the same value"
        else:
            twin = next((k for k in keep if frame[k].equals(frame[column])), None)
            if twin is None:
                keep.append(column)
                continue
            reason = f"duplicate of column {twin!r} (identical values)"
        dropped[column] = reason
        notes.append(f"column {column!r} dropped: {reason}")
    return frame[keep]


def _is_discrete(values: pd.Series) -> bool:
    finite = values.dropna()
    return bool(len(finite)) and bool(np.all(np.mod(finite, 1) == 0)) and finite.nunique() <= MAX_DISCRETE_LEVELS
