"""The newer searches (BOSS, GRaSP, CD-NOD with a condition column), stability from seeded subsamples,
and the default rule's reading of a table."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from engine.discovery.defaults import default_configuration, profile_table
from engine.discovery.errors import DiscoveryError, TableError
from engine.discovery.run import DiscoveryResult, discover
from engine.discovery.tables import TableResult, read_table
from engine.discovery.worker import resample_rows
from engine.settings import DiscoverySettings
from tests.test_discovery import synthetic_frame, table, worker  # noqa: F401 - the shared fixtures


def _marks(result: DiscoveryResult) -> dict[frozenset[str], tuple[str, str, str]]:
    return {frozenset((e.source, e.target)): (e.source, e.endpoints, e.target) for e in result.edges}


@pytest.mark.parametrize("method", ["boss", "grasp"])
def test_permutation_searches_recover_the_equivalence_class(table: TableResult, method: str, worker) -> None:
    # A -> B, A -> C, B -> D <- C, D -> E: the class orients the collider at D and D -> E; A's edges stay open.
    result = discover(table, method, worker=worker, bootstrap=0)
    marks = _marks(result)
    assert set(marks) == {frozenset(p) for p in [("A", "B"), ("A", "C"), ("B", "D"), ("C", "D"), ("D", "E")]}
    assert marks[frozenset(("B", "D"))] == ("B", "-->", "D")
    assert marks[frozenset(("C", "D"))] == ("C", "-->", "D")
    assert marks[frozenset(("D", "E"))] == ("D", "-->", "E")
    assert marks[frozenset(("A", "B"))][1] == "---"
    signs = {(e.source, e.target): e.sign for e in result.edges}
    assert signs[("C", "D")] == -1 and signs[("B", "D")] == 1


def test_permutation_search_takes_a_discrete_score(worker) -> None:
    rng = np.random.default_rng(3)
    a = rng.integers(0, 2, 3000)
    b = np.where(rng.random(3000) < 0.85, a, 1 - a)
    c = rng.integers(0, 2, 3000)
    discrete = read_table(pd.DataFrame({"a": a, "b": b, "c": c}).to_csv(index=False).encode())
    result = discover(discrete, "boss", worker=worker, bootstrap=0)
    assert result.options.score == "bdeu"
    assert set(_marks(result)) == {frozenset(("a", "b"))}


def _shifted_pair(cause_shifted: bool, seed: int = 5) -> TableResult:
    """X -> Y in two sites; the site shifts the mechanism of X (or of Y)."""
    rng = np.random.default_rng(seed)
    n = 2000
    site = np.repeat(["north", "south"], n // 2)
    shift = np.where(site == "south", 1.5, 0.0)
    x = rng.normal(size=n) + (shift if cause_shifted else 0.0)
    y = 0.8 * x + rng.normal(size=n) + (0.0 if cause_shifted else shift)
    frame = pd.DataFrame({"X": x, "Y": y, "site": site})
    return read_table(frame.to_csv(index=False).encode())


@pytest.mark.parametrize("cause_shifted", [True, False])
def test_cdnod_orients_with_a_condition_column_where_pc_cannot(cause_shifted: bool, worker) -> None:
    table = _shifted_pair(cause_shifted)
    plain = discover(table.select(["X", "Y"]), "pc", worker=worker, bootstrap=0)
    assert _marks(plain)[frozenset(("X", "Y"))][1] == "---"  # two variables: no direction from one table
    with_condition = table.with_condition("site")
    assert with_condition.columns == ["X", "Y"] and with_condition.condition_levels == ["north", "south"]
    result = discover(with_condition, "cdnod", worker=worker, bootstrap=0)
    assert _marks(result)[frozenset(("X", "Y"))] == ("X", "-->", "Y")
    assert result.changed_by_condition == (["X"] if cause_shifted else ["Y"])
    assert result.condition == "site"
    assert not any("'site' is categorical" in note for note in result.notes)  # it is the condition, not a variable
    # With a condition marked, the default search is CD-NOD.
    assert discover(with_condition, worker=worker, bootstrap=0).method == "cdnod"


def test_condition_column_problems_are_clear_messages(worker) -> None:
    table = _shifted_pair(True)
    with pytest.raises(DiscoveryError, match="CD-NOD needs a condition column"):
        discover(table.select(["X", "Y"]), "cdnod", worker=worker, bootstrap=0)
    with pytest.raises(TableError, match="not in the table"):
        table.with_condition("batch")
    with pytest.raises(TableError, match="at least two columns besides the condition"):
        table.select(["X", "site"]).with_condition("site")


def test_stability_is_reproducible_with_a_seed_however_the_resamples_are_shared(table: TableResult) -> None:
    small = table.select(["A", "B", "C", "D"])
    small.data = small.data.iloc[:60]
    def stabilities(workers: int) -> list[tuple[str, str, float, float]]:
        settings = DiscoverySettings(stability_workers=workers)
        result = discover(small, "pc", bootstrap=6, settings=settings)
        assert result.bootstrap_runs == 6 and all(e.stable is not None for e in result.edges)
        return [(e.source, e.target, e.stability, e.orientation_stability) for e in result.edges]
    one, two = stabilities(1), stabilities(2)
    assert one == two
    assert any(s < 1.0 or o < 1.0 for _, _, s, o in one)  # 30-row subsamples lose some edges or marks
    assert np.array_equal(resample_rows(200, 0, 3, 0.5), resample_rows(200, 0, 3, 0.5))
    assert not np.array_equal(resample_rows(200, 0, 3, 0.5), resample_rows(200, 1, 3, 0.5))
    assert len(set(resample_rows(200, 0, 3, 0.5))) == 100  # without replacement


def test_stability_is_on_by_default_and_a_setting_turns_it_off(table: TableResult) -> None:
    small = table.select(["A", "B", "D"])
    small.data = small.data.iloc[:300]
    on = discover(small, "pc", settings=DiscoverySettings(stability_resamples=4, stability_workers=1))
    assert on.bootstrap_runs == 4 and all(e.stability is not None for e in on.edges)
    off = discover(small, "pc", settings=DiscoverySettings(stability_resamples=0))
    assert off.bootstrap_runs == 0 and all(e.stability is None and e.stable is None for e in off.edges)


def test_default_rule_reads_the_table() -> None:
    rng = np.random.default_rng(1)
    n = 2000
    gaussian = read_table(synthetic_frame().to_csv(index=False).encode())
    uniform = rng.uniform(-1, 1, size=(n, 4))
    uniform[:, 1] += 0.8 * uniform[:, 0]
    non_gaussian = read_table(pd.DataFrame(uniform, columns=list("abcd")).to_csv(index=False).encode())
    discrete = read_table(pd.DataFrame(rng.integers(0, 3, size=(n, 3)), columns=list("xyz")).to_csv(index=False).encode())
    assert profile_table(gaussian).group == "gaussian"
    assert profile_table(non_gaussian).group == "non-gaussian"
    assert profile_table(discrete).group == "discrete"
    for table in (gaussian, non_gaussian, discrete):
        chosen = default_configuration(profile_table(table))
        assert chosen["method"] in ("pc", "fci", "ges", "boss", "grasp", "lingam")


def test_cli_condition_and_relation_questions_in_json(tmp_path) -> None:
    from tests.test_discovery import _cli

    path = tmp_path / "sites.csv"
    frame = _shifted_pair(True)
    data = frame.data.assign(site=["north" if c == 0 else "south" for c in frame.data["site"]])
    data.to_csv(path, index=False)
    code, out, err = _cli(["discover", str(path), "--condition", "site", "--bootstrap", "4", "--seed", "2",
                           "--relation", "Y", "X", "--ask", "Which variables does Y depend on?", "--json"])
    assert code == 0, err
    import json

    payload = json.loads(out)
    assert payload["method"] == "cdnod" and payload["condition"] == "site" and payload["variables"] == ["X", "Y"]
    assert payload["bootstrap_runs"] == 4 and payload["edges"][0]["stable"] is True
    relation, depends = payload["answers"]
    assert relation["level"] == "relation" and relation["choice"] == "X -> Y"
    assert depends["witnesses"] == ["X"]
    code, _, err = _cli(["discover", str(path), "--condition", "weather"])
    assert code == 2 and "not in the table" in err
