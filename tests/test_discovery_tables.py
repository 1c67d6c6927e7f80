"""Reading tables for discovery: every bad-table case gives a TableError naming the culprit."""

from __future__ import annotations

import numpy as np
import pytest

from engine.discovery.algorithms import AlgorithmOptions, check_applicable, resolve_options
from engine.discovery.errors import DiscoveryError, TableError
from engine.discovery.tables import read_table
from engine.settings import DiscoverySettings


def _csv(rows: list[list[object]], delimiter: str = ",") -> bytes:
    return "\n".join(delimiter.join(str(v) for v in row) for row in rows).encode()


def _numeric_rows(n: int = 30, columns: int = 3, seed: int = 0) -> list[list[object]]:
    rng = np.random.default_rng(seed)
    return [[round(float(v), 4) for v in rng.normal(size=columns)] for _ in range(n)]


@pytest.mark.parametrize("delimiter", [",", ";", "\t", "|", " "])
def test_delimiters_and_header_are_detected(delimiter: str) -> None:
    table = read_table(_csv([["a", "b", "c"], *_numeric_rows()], delimiter))
    assert table.columns == ["a", "b", "c"]
    assert table.n_rows == 30 and table.kind == "continuous"


def test_decimal_commas_in_semicolon_tables() -> None:
    rows = [["a", "b"]] + [[str(v).replace(".", ",") for v in row] for row in _numeric_rows(columns=2)]
    table = read_table(_csv(rows, ";"))
    assert table.kind == "continuous" and table.data["a"].abs().sum() > 0 and not table.categorical


def test_table_without_header_gets_named_columns_and_a_note() -> None:
    table = read_table(_csv(_numeric_rows()))
    assert table.columns == ["X1", "X2", "X3"] and table.n_rows == 30
    assert any("no header" in note for note in table.notes)


def test_path_input_and_utf8_bom(tmp_path) -> None:
    path = tmp_path / "t.csv"
    path.write_bytes(b"\xef\xbb\xbf" + _csv([["x", "y"], *_numeric_rows(columns=2)]))
    assert read_table(path).columns == ["x", "y"]


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"", "empty"),
        (b"   \n\n", "empty"),
        (b"\x00\x01\x02binary\x00junk", "binary"),
        (_csv([["only"], [1], [2], [3]]), "only one column"),
        (_csv([["a", "b"], [1, 2], [3, 4, 5], [6, 7]]), "different numbers of fields"),
        (_csv([["a", "a"], *_numeric_rows(columns=2)]), "'a' twice"),
        (_csv([["a", "", "c"], *_numeric_rows()]), "column 2 has an empty header"),
        (_csv([["a", "b"]]), "no data rows"),
        (_csv([["a", "b"], *_numeric_rows(n=5, columns=2)]), "only 5 complete rows"),
        (_csv([["a", "b"], *[[i, 1] for i in range(20)]]), "fewer than two usable columns"),
    ],
)
def test_bad_tables_are_refused_with_a_reason(content: bytes, message: str) -> None:
    with pytest.raises(TableError, match=message):
        read_table(content)


def test_missing_file_is_named(tmp_path) -> None:
    with pytest.raises(TableError, match="no file at"):
        read_table(tmp_path / "absent.csv")


def test_row_and_column_limits_come_from_settings() -> None:
    with pytest.raises(TableError, match="more than the limit of 10 .*MAX_ROWS"):
        read_table(_csv([["a", "b"], *_numeric_rows(n=11, columns=2)]), DiscoverySettings(max_rows=10))
    with pytest.raises(TableError, match="4 columns, more than the limit of 3"):
        read_table(_csv([["a", "b", "c", "d"], *_numeric_rows(columns=4)]), DiscoverySettings(max_columns=3))
    # Selecting columns brings a wide table under the limit.
    table = read_table(_csv([["a", "b", "c", "d"], *_numeric_rows(columns=4)]), DiscoverySettings(max_columns=3),
                       columns=["a", "c"])
    assert table.columns == ["a", "c"]


def test_unknown_selected_column_is_named() -> None:
    with pytest.raises(TableError, match="unknown column.*'zz'"):
        read_table(_csv([["a", "b"], *_numeric_rows(columns=2)]), columns=["a", "zz"])


def test_missing_values_dropped_or_imputed_and_reported() -> None:
    rows = [["a", "b", "c"], *_numeric_rows()]
    rows[3][1] = ""
    rows[7][2] = "NA"
    dropped = read_table(_csv(rows))
    assert dropped.n_rows == 28
    assert any("dropped 2 of 30 rows" in note and "lines 4, 8" in note for note in dropped.notes)
    imputed = read_table(_csv(rows), missing="impute")
    assert imputed.n_rows == 30 and not imputed.data.isna().any().any()
    assert any("imputed 1 missing cell(s) of 'b' with the median" in note for note in imputed.notes)


def test_stray_text_in_numeric_column_is_reported_by_line() -> None:
    rows = [["a", "b", "c"], *_numeric_rows()]
    rows[5][0] = "oops"
    table = read_table(_csv(rows))
    assert table.n_rows == 29
    assert any("column 'a'" in note and "line 6 ('oops')" in note for note in table.notes)


def test_constant_duplicate_and_empty_columns_are_dropped_with_reasons() -> None:
    base = _numeric_rows(columns=2)
    rows = [["a", "b", "const", "copy_of_a", "empty"]] + [[r[0], r[1], 5, r[0], ""] for r in base]
    table = read_table(_csv(rows))
    assert table.columns == ["a", "b"]
    assert table.dropped_columns["const"].startswith("constant")
    assert "duplicate of column 'a'" in table.dropped_columns["copy_of_a"]
    assert table.dropped_columns["empty"] == "every cell is empty"


def test_identifier_like_text_column_is_dropped() -> None:
    rows = [["id", "a", "b"]] + [[f"s{i}", *r] for i, r in enumerate(_numeric_rows(columns=2))]
    table = read_table(_csv(rows))
    assert "id" in table.dropped_columns and "identifier" in table.dropped_columns["id"]


def test_categorical_columns_are_encoded_for_discrete_tests_and_refused_for_continuous_ones() -> None:
    rng = np.random.default_rng(3)
    rows = [["smoker", "group", "score"]] + [
        [rng.choice(["yes", "no"]), rng.choice(["a", "b", "c"]), int(rng.integers(0, 3))] for _ in range(60)
    ]
    table = read_table(_csv(rows))
    assert table.categorical == {"smoker": ["no", "yes"], "group": ["a", "b", "c"]}
    assert table.kind == "discrete" and table.discrete == ["score"]
    assert set(table.data["smoker"].unique()) <= {0.0, 1.0}
    discrete_options = resolve_options(AlgorithmOptions(method="pc"), table.kind)
    assert discrete_options.test == "gsq"
    check_applicable(discrete_options, table.columns, list(table.categorical), table.discrete)
    for options in (AlgorithmOptions(method="pc", test="fisherz"), AlgorithmOptions(method="ges", score="bic"),
                    AlgorithmOptions(method="lingam")):
        with pytest.raises(DiscoveryError, match="'smoker', 'group'.*categorical"):
            check_applicable(options, table.columns, list(table.categorical), table.discrete)


def test_discrete_tests_refuse_continuous_columns_and_lingam_refuses_discrete_data() -> None:
    table = read_table(_csv([["a", "b", "c"], *_numeric_rows()]))
    with pytest.raises(DiscoveryError, match="chisq test needs discrete columns.*'a'"):
        check_applicable(AlgorithmOptions(method="pc", test="chisq"), table.columns, [], table.discrete)
    discrete = read_table(_csv([["a", "b"]] + [[i % 3, (i // 3) % 2] for i in range(40)]))
    with pytest.raises(DiscoveryError, match="LiNGAM.*meaningless"):
        check_applicable(AlgorithmOptions(method="lingam"), discrete.columns, [], discrete.discrete)
    warnings = check_applicable(AlgorithmOptions(method="pc", test="fisherz"), discrete.columns, [], discrete.discrete)
    assert warnings and "treats the discrete column(s)" in warnings[0]


def test_bnlearn_sample_reads_as_discrete(shared_data) -> None:
    lines = (shared_data / "bnlearn" / "data" / "asia.txt").read_bytes().splitlines()[:300]
    table = read_table(b"\n".join(lines))
    assert table.kind == "discrete" and table.columns[:2] == ["X1", "X2"] and table.delimiter == "whitespace"


def test_a_column_mixing_inf_and_nan_is_cleaned_as_missing_and_reported() -> None:
    from engine.discovery.defaults import default_configuration, profile_table

    rows = [["a", "b", "c"], *_numeric_rows(n=60)]
    for line, value in ((2, "inf"), (9, "-inf"), (14, "NaN"), (20, "Infinity")):
        rows[line][1] = value
    table = read_table(_csv(rows))
    assert np.isfinite(table.matrix()).all() and table.n_rows == 56
    assert any("column 'b': 3 cell(s) are infinite, treated as missing" in note and "line 3 ('inf')" in note
               for note in table.notes)
    # the default rule profiles it without a linear-algebra failure
    assert default_configuration(profile_table(table))["method"]
