"""The causal-learn algorithms behind discovery, and the translation of their output into edge marks.

``run_algorithm`` is a plain function of plain values so that it can run in a worker process with a
deadline (see ``engine.discovery.run``). It returns every learned adjacency as a ``RawEdge`` with the
mark at each end (tail, arrow or circle), exactly as the algorithm left it: nothing is forced.
"""

from __future__ import annotations

import contextlib
import io
import random
import warnings
from dataclasses import dataclass, field
from typing import Literal

import numpy as np
from pydantic import BaseModel, Field

from engine.discovery.errors import DiscoveryError
from engine.discovery.knowledge import Knowledge

Method = Literal["pc", "fci", "ges", "lingam", "boss", "grasp", "cdnod"]
Test = Literal["fisherz", "kci", "chisq", "gsq"]
Score = Literal["bic", "bdeu"]
Mark = Literal["tail", "arrow", "circle"]

METHODS: tuple[str, ...] = ("pc", "fci", "ges", "boss", "grasp", "lingam", "cdnod")
TEST_METHODS = ("pc", "fci", "cdnod")  # constraint-based: they take an independence test
SCORE_METHODS = ("ges", "boss", "grasp")  # score-based: they take a score
TESTS: tuple[str, ...] = ("fisherz", "kci", "chisq", "gsq")
DISCRETE_TESTS = ("chisq", "gsq")
_SCORE_FUNCTIONS = {"bic": "local_score_BIC", "bdeu": "local_score_BDeu"}
# BOSS and GRaSP default to the BIC computed from the covariance matrix (same score, much faster).
_PERMUTATION_SCORES = {"bic": "local_score_BIC_from_cov", "bdeu": "local_score_BDeu"}
_MARKS: dict[int, Mark] = {-1: "tail", 1: "arrow", 2: "circle"}


class AlgorithmOptions(BaseModel):
    """What the user chooses for one run. ``None`` means "Causeway's default for this data type"."""

    method: Method | Literal["auto"] = Field("auto", description="auto: Causeway's default rule for the table")
    test: Test | None = None
    alpha: float = Field(0.05, gt=0.0, lt=1.0)
    score: Score | None = None
    stable: bool = True
    uc_rule: int = Field(0, ge=0, le=2, description="PC collider rule: 0 sepsets, 1 maxP, 2 definite maxP")
    uc_priority: int = Field(2, ge=-1, le=4)
    max_depth: int | None = Field(None, ge=0, description="largest conditioning set for PC/FCI")
    max_parents: int | None = Field(None, ge=1, description="GES: most parents per node")
    grasp_depth: int = Field(3, ge=1, description="GRaSP: depth of its tuck search (causal-learn's default 3)")
    lingam_measure: Literal["pwling", "kernel"] = "pwling"
    kci_max_rows: int = Field(500, ge=20, description="KCI is cubic in rows: larger tables are subsampled")
    seed: int = 0


@dataclass
class RawEdge:
    """One adjacency between columns ``a`` and ``b`` with the mark the algorithm put at each end."""

    a: int
    b: int
    mark_a: Mark
    mark_b: Mark
    coefficient: float | None = None  # LiNGAM: the effect of a on b (only for a -> b)


@dataclass
class RawGraph:
    edges: list[RawEdge]
    rows_used: int
    notes: list[str] = field(default_factory=list)
    changed_by_condition: list[int] = field(default_factory=list)  # CD-NOD: columns whose mechanism shifts


def resolve_options(options: AlgorithmOptions, kind: str) -> AlgorithmOptions:
    """Fill an unset test (constraint-based searches) or score (score-based ones) for the data type."""
    discrete = kind == "discrete"
    updates: dict = {}
    if options.test is None and options.method in TEST_METHODS:
        updates["test"] = "gsq" if discrete else "fisherz"
    if options.score is None and options.method in SCORE_METHODS:
        updates["score"] = "bdeu" if discrete else "bic"
    return options.model_copy(update=updates)


def check_applicable(options: AlgorithmOptions, columns: list[str], categorical: list[str], discrete: list[str]) -> list[str]:
    """Refuse combinations that cannot work on these columns; return warnings for dubious ones."""
    warnings_: list[str] = []
    continuous = [c for c in columns if c not in categorical and c not in discrete]
    uses_test = options.method in TEST_METHODS
    uses_score = options.method in SCORE_METHODS
    needs_continuous = (uses_test and options.test in ("fisherz", "kci")) or options.method == "lingam" or (
        uses_score and options.score == "bic"
    )
    what = describe_options(options)
    if needs_continuous and categorical:
        raise DiscoveryError(
            f"{what} needs numeric columns, but {', '.join(map(repr, categorical))} "
            f"{'is' if len(categorical) == 1 else 'are'} categorical text; use PC or FCI with the chisq or gsq "
            "test, GES, BOSS or GRaSP with the bdeu score, or leave the column(s) out"
        )
    needs_discrete = (uses_test and options.test in DISCRETE_TESTS) or (uses_score and options.score == "bdeu")
    if needs_discrete and continuous:
        raise DiscoveryError(
            f"{what} needs discrete columns, but {', '.join(map(repr, continuous[:5]))}"
            f"{' and others' if len(continuous) > 5 else ''} "
            "take many values; use fisherz or kci (PC/FCI), the bic score (GES, BOSS, GRaSP), or LiNGAM"
        )
    if needs_continuous and discrete and not categorical:
        if options.method == "lingam":
            raise DiscoveryError(
                f"LiNGAM assumes continuous non-Gaussian variables; {', '.join(map(repr, discrete[:5]))} "
                "take only a few integer values, so its result would be meaningless; use PC with gsq"
            )
        approximation = "real numbers" if options.test == "kci" and uses_test else "a linear-Gaussian approximation"
        warnings_.append(
            f"{what} treats the discrete column(s) {', '.join(map(repr, discrete[:5]))} as continuous "
            f"({approximation}); the chisq or gsq test suits them better"
        )
    return warnings_


METHOD_LABELS = {"pc": "PC", "fci": "FCI", "ges": "GES", "boss": "BOSS", "grasp": "GRaSP", "lingam": "DirectLiNGAM",
                 "cdnod": "CD-NOD"}


def describe_options(options: AlgorithmOptions) -> str:
    name = METHOD_LABELS[options.method]
    if options.method in TEST_METHODS:
        return f"{name} with the {options.test} test"
    if options.method in SCORE_METHODS:
        return f"{name} with the {options.score} score"
    return name


def run_algorithm(
    data: np.ndarray, columns: list[str], options: AlgorithmOptions, knowledge: Knowledge | None,
    condition: np.ndarray | None = None,
) -> RawGraph:
    """Run one algorithm on a numeric matrix (rows × columns) and return its edges, marks unchanged.

    ``condition`` (one code per row: the experimental condition, batch or site) is required by CD-NOD
    and ignored by the other methods.
    """
    notes: list[str] = []
    rng = np.random.default_rng(options.seed)
    if options.method in TEST_METHODS and options.test == "kci" and data.shape[0] > options.kci_max_rows:
        rows = np.sort(rng.choice(data.shape[0], options.kci_max_rows, replace=False))
        notes.append(
            f"KCI is cubic in the number of rows: used a random subsample of {options.kci_max_rows} "
            f"of {data.shape[0]} rows (seed {options.seed})"
        )
        data = data[rows]
        condition = None if condition is None else condition[rows]
    knowledge = knowledge if knowledge is not None and not knowledge.is_empty() else None
    if knowledge is not None and options.method in ("ges", "boss", "grasp"):
        notes.append(f"causal-learn's {METHOD_LABELS[options.method]} takes no background knowledge: "
                     "it was only checked after the run")
    if knowledge is not None and options.method == "lingam" and knowledge.forbidden:
        notes.append("LiNGAM has no form for a single forbidden edge: forbidden edges were only checked after the run")
    # BOSS and GRaSP shuffle with Python's and NumPy's global generators: seed both for reproducible runs.
    random.seed(options.seed)
    np.random.seed(options.seed % 2**32)
    changed: list[int] = []
    # causal-learn prints progress and notes on stdout; keep them out of our output.
    with contextlib.redirect_stdout(io.StringIO()), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        if options.method == "cdnod":
            if condition is None:
                raise DiscoveryError("CD-NOD needs a condition column (the experimental condition, batch or site)")
            edges, changed = _run_cdnod(data, condition, options, knowledge, columns)
        else:
            edges = _RUNNERS[options.method](data, columns, options, knowledge)
    return RawGraph(edges=edges, rows_used=int(data.shape[0]), notes=notes, changed_by_condition=changed)


def _run_pc(data: np.ndarray, columns: list[str], options: AlgorithmOptions, knowledge: Knowledge | None) -> list[RawEdge]:
    from causallearn.search.ConstraintBased.PC import pc

    result = pc(
        data, alpha=options.alpha, indep_test=options.test, stable=options.stable, uc_rule=options.uc_rule,
        uc_priority=options.uc_priority,
        background_knowledge=knowledge.to_causallearn(columns) if knowledge else None,
        show_progress=False, node_names=columns, max_k=options.max_depth,
    )
    return _edges_from_marks(result.G.graph)


def _run_fci(data: np.ndarray, columns: list[str], options: AlgorithmOptions, knowledge: Knowledge | None) -> list[RawEdge]:
    from causallearn.search.ConstraintBased.FCI import fci

    graph, _ = fci(
        data, independence_test_method=options.test, alpha=options.alpha,
        depth=-1 if options.max_depth is None else options.max_depth,
        background_knowledge=knowledge.to_causallearn(columns) if knowledge else None,
        show_progress=False, node_names=columns, verbose=False,
    )
    return _edges_from_marks(graph.graph)


def _run_ges(data: np.ndarray, columns: list[str], options: AlgorithmOptions, knowledge: Knowledge | None) -> list[RawEdge]:
    from causallearn.search.ScoreBased.GES import ges

    record = ges(data, score_func=_SCORE_FUNCTIONS[options.score or "bic"], maxP=options.max_parents, node_names=columns)
    return _edges_from_marks(record["G"].graph)


def _run_lingam(data: np.ndarray, columns: list[str], options: AlgorithmOptions, knowledge: Knowledge | None) -> list[RawEdge]:
    from causallearn.search.FCMBased.lingam import DirectLiNGAM

    prior = knowledge.to_lingam_prior(columns) if knowledge else None
    model = DirectLiNGAM(random_state=options.seed, prior_knowledge=prior, measure=options.lingam_measure)
    model.fit(data)
    # adjacency_matrix_[i, j] is the coefficient of x_j in the equation of x_i.
    matrix = np.asarray(model.adjacency_matrix_)
    return [
        RawEdge(a=j, b=i, mark_a="tail", mark_b="arrow", coefficient=float(matrix[i, j]))
        for i in range(matrix.shape[0]) for j in range(matrix.shape[1])
        if i != j and matrix[i, j] != 0
    ]


def _run_boss(data: np.ndarray, columns: list[str], options: AlgorithmOptions, knowledge: Knowledge | None) -> list[RawEdge]:
    from causallearn.search.PermutationBased.BOSS import boss

    graph = boss(data, score_func=_PERMUTATION_SCORES[options.score or "bic"], verbose=False, node_names=columns)
    return _edges_from_marks(graph.graph)


def _run_grasp(data: np.ndarray, columns: list[str], options: AlgorithmOptions, knowledge: Knowledge | None) -> list[RawEdge]:
    from causallearn.search.PermutationBased.GRaSP import grasp

    graph = grasp(data, score_func=_PERMUTATION_SCORES[options.score or "bic"], depth=options.grasp_depth,
                  verbose=False, node_names=columns)
    return _edges_from_marks(graph.graph)


def _run_cdnod(
    data: np.ndarray, condition: np.ndarray, options: AlgorithmOptions, knowledge: Knowledge | None,
    columns: list[str],
) -> tuple[list[RawEdge], list[int]]:
    """CD-NOD: PC on the columns plus the condition index C; an edge C -> X says X's mechanism changes
    with the condition, and such edges orient further edges (the invariance idea). Returns the edges
    among the columns and the columns C points into."""
    from causallearn.search.ConstraintBased.CDNOD import cdnod

    # causal-learn names the augmented nodes X1..X(p+1); background knowledge must use those names.
    renamed = None
    if knowledge is not None:
        names = {column: f"X{k + 1}" for k, column in enumerate(columns)}
        renamed = Knowledge(
            required=[(names[a], names[b]) for a, b in knowledge.required],
            forbidden=[(names[a], names[b]) for a, b in knowledge.forbidden],
            tiers=[[names[c] for c in tier] for tier in knowledge.tiers],
        ).to_causallearn([f"X{k + 1}" for k in range(len(columns) + 1)])
    result = cdnod(
        data, np.asarray(condition, dtype=float).reshape(-1, 1), alpha=options.alpha, indep_test=options.test,
        stable=options.stable, uc_rule=options.uc_rule, uc_priority=options.uc_priority,
        background_knowledge=renamed, show_progress=False,
    )
    marks = result.G.graph
    size = len(columns)
    changed = [k for k in range(size) if marks[size, k] != 0 or marks[k, size] != 0]
    return _edges_from_marks(marks[:size, :size]), changed


_RUNNERS = {"pc": _run_pc, "fci": _run_fci, "ges": _run_ges, "lingam": _run_lingam, "boss": _run_boss,
            "grasp": _run_grasp}


def _edges_from_marks(graph: np.ndarray) -> list[RawEdge]:
    """causal-learn stores the mark at node i of edge i–j in graph[i, j] (-1 tail, 1 arrow, 2 circle)."""
    edges: list[RawEdge] = []
    size = graph.shape[0]
    for i in range(size):
        for j in range(i + 1, size):
            if graph[i, j] == 0 and graph[j, i] == 0:
                continue
            edges.append(RawEdge(a=i, b=j, mark_a=_MARKS[int(graph[i, j])], mark_b=_MARKS[int(graph[j, i])]))
    return edges
