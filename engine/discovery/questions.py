"""The four levels of causal questions on a table (Causal Agent, Han et al.): variable, edge, graph, effect.

- Variable level: are X and Y independent (given Z)? A conditional-independence test; a p-value above
  alpha means the data show no evidence of dependence ("yes, independent"), at or below alpha that they
  are dependent ("no").
- Edge level, read from a learned graph: is X a direct cause of Y; do X and Y share a cause
  (confounder); do they both cause some Z (collider)?
- Graph level: the learned graph itself.
- Effect level: the effect of X on Y by linear regression of Y on X and an adjustment set read from
  the graph (X's parents, which block every back-door path in a DAG). Where the graph leaves some of
  X's edges undecided, every locally valid parent set is tried (the IDA idea of Maathuis et al. 2009) and
  the range of effects reported.

Answers are "yes", "no" or "uncertain"; "uncertain" when the graph leaves the question open.
"""

from __future__ import annotations

import itertools
import math
from collections import deque
from typing import Literal

import numpy as np
import pandas as pd
from pydantic import BaseModel, Field

from engine.discovery.algorithms import DISCRETE_TESTS, Test
from engine.discovery.errors import DiscoveryError
from engine.discovery.run import DiscoveryResult
from engine.discovery.tables import TableResult

AnswerWord = Literal["yes", "no", "uncertain"]
Level = Literal["independence", "direct_cause", "confounder", "collider", "graph", "effect", "cause", "depends_on",
                "relation"]
MarkChar = Literal["-", ">", "o"]  # the mark at a node's end of an edge: tail, arrowhead, circle
MAX_UNDECIDED_NEIGHBOURS = 10


class EffectEstimate(BaseModel):
    adjustment_set: list[str]
    effect: float = Field(description="change in Y per unit of X")
    standardised_effect: float
    standard_error: float
    ci_low: float
    ci_high: float
    p_value: float


class QuestionAnswer(BaseModel):
    level: Level
    question: str
    answer: AnswerWord | None = None
    choice: str | None = Field(None, description="multiple choice: the option picked, None when abstaining")
    explanation: str
    p_value: float | None = None
    witnesses: list[str] = Field(default_factory=list, description="the nodes that make the answer (e.g. colliders)")
    estimates: list[EffectEstimate] = Field(default_factory=list)


# --- variable level ------------------------------------------------------------------------------

def independence(
    table: TableResult,
    x: str,
    y: str,
    given: list[str] | tuple[str, ...] = (),
    test: Test | None = None,
    alpha: float = 0.05,
    kci_max_rows: int = 500,
    seed: int = 0,
) -> QuestionAnswer:
    """Are ``x`` and ``y`` independent given ``given``? A test of the null hypothesis of independence."""
    from causallearn.utils.cit import CIT

    names = [x, y, *given]
    _check_columns(table, names)
    if len(set(names)) != len(names):
        raise DiscoveryError("x, y and the conditioning columns must all be different")
    test = test or ("gsq" if table.kind == "discrete" else "fisherz")
    if test not in DISCRETE_TESTS and any(c in table.categorical for c in names):
        raise DiscoveryError(
            f"the {test} test needs numeric columns; {', '.join(c for c in names if c in table.categorical)} "
            "is categorical: use chisq or gsq"
        )
    data = table.data[names].to_numpy(dtype=float)
    note = ""
    if test == "kci" and data.shape[0] > kci_max_rows:
        rows = np.random.default_rng(seed).choice(data.shape[0], kci_max_rows, replace=False)
        data = data[np.sort(rows)]
        note = f" (KCI on a random subsample of {kci_max_rows} rows)"
    p_value = float(CIT(data, test)(0, 1, list(range(2, len(names)))))
    condition = f" given {', '.join(given)}" if given else ""
    question = f"Are {x} and {y} independent{condition}?"
    if p_value > alpha:
        return QuestionAnswer(
            level="independence", question=question, answer="yes", p_value=p_value,
            explanation=f"{test} test p = {p_value:.3g} > alpha = {alpha:g}: the data show no evidence that {x} and "
                        f"{y} are dependent{condition}, so they are taken as independent (not proof of independence){note}",
        )
    return QuestionAnswer(
        level="independence", question=question, answer="no", p_value=p_value,
        explanation=f"{test} test p = {p_value:.3g} <= alpha = {alpha:g}: independence is rejected; {x} and {y} "
                    f"are dependent{condition}{note}",
    )


# --- edge level ----------------------------------------------------------------------------------

class _Marks:
    """The learned graph as marks: ``at[(u, v)]`` is the mark at v on the edge between u and v."""

    def __init__(self, result: DiscoveryResult):
        self.variables = result.variables
        self.pag = result.method == "fci"
        self.at: dict[tuple[str, str], MarkChar] = {}
        for edge in result.edges:
            source_mark = {"-": "-", "<": ">", "o": "o"}[edge.endpoints[0]]
            self.at[(edge.target, edge.source)] = source_mark  # type: ignore[assignment]
            self.at[(edge.source, edge.target)] = edge.endpoints[-1]  # type: ignore[assignment]

    def adjacent(self, u: str, v: str) -> bool:
        return (u, v) in self.at

    def neighbours(self, u: str) -> list[str]:
        return [v for (a, v) in self.at if a == u]

    def directed(self, u: str, v: str) -> bool:
        """u -> v for certain."""
        return self.at.get((u, v)) == ">" and self.at.get((v, u)) == "-"

    def bidirected(self, u: str, v: str) -> bool:
        return self.at.get((u, v)) == ">" and self.at.get((v, u)) == ">"

    def possibly_directed(self, u: str, v: str) -> bool:
        """u -> v in some graph the result allows: no arrowhead at u, and v's end not a definite tail."""
        if not self.adjacent(u, v) or self.at[(v, u)] == ">":
            return False
        if self.at[(u, v)] == "-" and self.at[(v, u)] == "-":
            return not self.pag  # an undirected CPDAG edge can point either way; a PAG tail-tail cannot
        return self.at[(u, v)] in (">", "o")

    def arrow_possible_at(self, z: str, u: str) -> bool:
        return self.possibly_directed(u, z) or self.at.get((u, z)) == ">"


def _check_variables(result: DiscoveryResult, names: list[str]) -> None:
    unknown = [n for n in names if n not in result.variables]
    if unknown:
        raise DiscoveryError(f"{', '.join(map(repr, unknown))} not among the graph's variables ({', '.join(result.variables)})")
    if len(set(names)) != len(names):
        raise DiscoveryError("the two variables must be different")


def direct_cause(result: DiscoveryResult, x: str, y: str) -> QuestionAnswer:
    """Is ``x`` a direct cause of ``y``: a learned edge x -> y?"""
    _check_variables(result, [x, y])
    marks = _Marks(result)
    question = f"Is {x} a direct cause of {y}?"
    if not marks.adjacent(x, y):
        answer, why = "no", f"the graph has no edge between {x} and {y}"
    elif marks.directed(x, y):
        answer, why = "yes", f"the graph has the edge {x} -> {y}"
    elif marks.at[(y, x)] == ">":
        answer, why = "no", (
            f"the edge has an arrowhead at {x} ({'latent common cause' if marks.bidirected(x, y) else y + ' -> ' + x}), "
            f"so {x} does not cause {y}"
        )
    else:
        answer, why = "uncertain", f"{x} and {y} are adjacent but the data leave the direction of the edge open"
    return QuestionAnswer(level="direct_cause", question=question, answer=answer, explanation=why)  # type: ignore[arg-type]


def _ancestors(marks: _Marks, node: str, avoid: str, step) -> set[str]:
    """Nodes with a path into ``node`` along ``step(u, v)`` edges, not passing through ``avoid``."""
    found, queue = {node}, deque([node])
    while queue:
        current = queue.popleft()
        for other in marks.neighbours(current):
            if other != avoid and other not in found and step(other, current):
                found.add(other)
                queue.append(other)
    return found


def _common_causes(marks: _Marks, x: str, y: str, step, latent_ok) -> list[str]:
    ancestors_x = _ancestors(marks, x, y, step)
    ancestors_y = _ancestors(marks, y, x, step)
    common = sorted((ancestors_x & ancestors_y) - {x, y})
    # A bidirected edge a <-> b stands for a latent common cause of a and b.
    for a in sorted(ancestors_x):
        for b in sorted(ancestors_y):
            if a != b and latent_ok(a, b):
                common.append(f"latent({a}, {b})")
    return common


def confounder(result: DiscoveryResult, x: str, y: str) -> QuestionAnswer:
    """Do ``x`` and ``y`` share a cause (an open back-door path x <- ... -> y)?"""
    _check_variables(result, [x, y])
    marks = _Marks(result)
    question = f"Is there a confounder of {x} and {y}?"
    certain = _common_causes(marks, x, y, marks.directed, marks.bidirected)
    if certain:
        return QuestionAnswer(
            level="confounder", question=question, answer="yes", witnesses=certain,
            explanation=f"{', '.join(certain)} cause{'s' if len(certain) == 1 else ''} both {x} and {y} in the graph",
        )
    possible = _common_causes(
        marks, x, y, marks.possibly_directed,
        lambda a, b: marks.adjacent(a, b) and marks.at[(a, b)] != "-" and marks.at[(b, a)] != "-" and marks.pag,
    )
    if possible:
        return QuestionAnswer(
            level="confounder", question=question, answer="uncertain", witnesses=possible,
            explanation=f"{', '.join(possible)} could cause both {x} and {y}, depending on edges whose direction "
                        "the data leave open",
        )
    return QuestionAnswer(
        level="confounder", question=question, answer="no",
        explanation=f"no node can be a cause of both {x} and {y} under any orientation the graph allows",
    )


def collider(result: DiscoveryResult, x: str, y: str) -> QuestionAnswer:
    """Do ``x`` and ``y`` both directly cause some common variable (x -> z <- y)?"""
    _check_variables(result, [x, y])
    marks = _Marks(result)
    question = f"Do {x} and {y} have a common effect (collider)?"
    shared = [z for z in marks.variables if z not in (x, y) and marks.adjacent(x, z) and marks.adjacent(y, z)]
    certain = [z for z in shared if marks.at[(x, z)] == ">" and marks.at[(y, z)] == ">"]
    if certain:
        return QuestionAnswer(
            level="collider", question=question, answer="yes", witnesses=certain,
            explanation=f"{', '.join(f'{x} -> {z} <- {y}' for z in certain)} in the graph",
        )
    # An unshielded triple x - z - y left without a collider was decided a non-collider by the algorithm.
    shielded = marks.adjacent(x, y)
    possible = [z for z in shared if shielded and marks.arrow_possible_at(z, x) and marks.arrow_possible_at(z, y)]
    if possible:
        return QuestionAnswer(
            level="collider", question=question, answer="uncertain", witnesses=possible,
            explanation=f"{', '.join(possible)} could be a common effect of {x} and {y}; the data leave the "
                        "directions open",
        )
    return QuestionAnswer(
        level="collider", question=question, answer="no",
        explanation=f"no variable is a common effect of {x} and {y} in the graph",
    )


# --- graph level ---------------------------------------------------------------------------------

def describe_graph(result: DiscoveryResult) -> QuestionAnswer:
    """What is the causal graph? The learned edges, undecided ones shown as such."""
    lines = [
        f"{e.source} {e.endpoints} {e.target} ({e.type}, sign {'+' if e.sign > 0 else '-'}"
        f"{'' if e.weight is None else f', weight {e.weight:+.3f}'})"
        for e in result.edges
    ]
    undecided = sum(1 for e in result.edges if e.type != "directed")
    return QuestionAnswer(
        level="graph", question="What is the causal graph?",
        explanation=f"{result.method.upper()} on {result.rows_used} rows: {len(result.edges)} edges, {undecided} "
                    "with direction left open" + ("\n" + "\n".join(lines) if lines else ""),
    )


# --- effect level --------------------------------------------------------------------------------

def effect(table: TableResult, result: DiscoveryResult, x: str, y: str, alpha: float = 0.05) -> QuestionAnswer:
    """The effect of ``x`` on ``y`` by linear adjustment for parent sets of ``x`` read from the graph."""
    _check_variables(result, [x, y])
    _check_columns(table, [x, y])
    for name in (x, y):
        if name in table.categorical:
            raise DiscoveryError(f"{name!r} is categorical: a linear effect needs numeric {x} and {y}")
    marks = _Marks(result)
    question = f"What is the effect of {x} on {y}?"
    neighbours = marks.neighbours(x)
    parents = [v for v in neighbours if marks.directed(v, x)]
    latent = [v for v in neighbours if marks.bidirected(v, x)]
    undecided = [v for v in neighbours if v not in parents and v not in latent and marks.possibly_directed(v, x)]
    if len(undecided) > MAX_UNDECIDED_NEIGHBOURS:
        raise DiscoveryError(
            f"{x} has {len(undecided)} edges with undecided direction; too many parent sets to try "
            f"(at most {MAX_UNDECIDED_NEIGHBOURS})"
        )
    candidate_sets = []
    for size in range(len(undecided) + 1):
        for extra in itertools.combinations(undecided, size):
            # Orienting extra -> x must not create a new collider: the extra parents must be adjacent.
            if all(marks.adjacent(a, b) for a, b in itertools.combinations(extra, 2)):
                candidate_sets.append(sorted({*parents, *extra}))
    estimates = []
    for adjustment in candidate_sets:
        if y in adjustment:
            estimates.append(EffectEstimate(
                adjustment_set=adjustment, effect=0.0, standardised_effect=0.0, standard_error=0.0,
                ci_low=0.0, ci_high=0.0, p_value=1.0,
            ))
        else:
            estimates.append(_adjusted_effect(table, x, y, adjustment, alpha))
    sets_text = "; ".join(
        f"{{{', '.join(e.adjustment_set)}}}: {e.effect:+.4g} per unit "
        f"({100 * (1 - alpha):g}% CI {e.ci_low:+.4g} to {e.ci_high:+.4g}, p = {e.p_value:.2g})"
        + (f" — {y} is then a cause of {x}, so {x} has no effect on it" if y in e.adjustment_set else "")
        for e in estimates
    )
    significant = [e.p_value <= alpha for e in estimates]
    signs = {np.sign(e.effect) for e in estimates if e.p_value <= alpha}
    if latent:
        answer: AnswerWord = "uncertain"
        why = (f"{x} shares a latent cause with {', '.join(latent)} (bidirected edge), so adjusting for its parents "
               f"does not remove all confounding; estimates adjusting for the parents: {sets_text}")
    elif all(significant) and len(signs) == 1:
        answer = "yes"
        why = f"every adjustment set the graph allows gives a {'positive' if signs == {1.0} else 'negative'} effect: {sets_text}"
    elif not any(significant):
        answer = "no"
        why = f"no adjustment set the graph allows gives an effect distinguishable from zero: {sets_text}"
    else:
        answer = "uncertain"
        why = f"the effect depends on edges whose direction the data leave open: {sets_text}"
    return QuestionAnswer(level="effect", question=question, answer=answer, explanation=why, estimates=estimates)


def _adjusted_effect(table: TableResult, x: str, y: str, adjustment: list[str], alpha: float) -> EffectEstimate:
    covariates = pd.get_dummies(
        table.data[adjustment].astype({c: "category" for c in adjustment if c in table.categorical}),
        drop_first=True, dtype=float,
    ) if adjustment else pd.DataFrame(index=table.data.index)
    design = np.column_stack([np.ones(table.n_rows), table.data[x].to_numpy(float), covariates.to_numpy(float)])
    target = table.data[y].to_numpy(float)
    coefficients, _, rank, _ = np.linalg.lstsq(design, target, rcond=None)
    residuals = target - design @ coefficients
    dof = max(table.n_rows - rank, 1)
    sigma2 = float(residuals @ residuals) / dof
    covariance = sigma2 * np.linalg.pinv(design.T @ design)
    estimate, error = float(coefficients[1]), float(math.sqrt(max(covariance[1, 1], 0.0)))
    z_value = abs(estimate) / error if error > 0 else math.inf
    p_value = math.erfc(z_value / math.sqrt(2))
    critical = _normal_quantile(1 - alpha / 2)
    scale = table.data[x].std() / table.data[y].std() if table.data[y].std() > 0 else 0.0
    return EffectEstimate(
        adjustment_set=adjustment, effect=estimate, standardised_effect=float(estimate * scale),
        standard_error=error, ci_low=estimate - critical * error, ci_high=estimate + critical * error,
        p_value=p_value,
    )


def _normal_quantile(probability: float) -> float:
    from scipy.stats import norm

    return float(norm.ppf(probability))


def _check_columns(table: TableResult, names: list[str]) -> None:
    unknown = [n for n in names if n not in table.columns]
    if unknown:
        raise DiscoveryError(f"{', '.join(map(repr, unknown))} not among the table's columns ({', '.join(table.columns)})")
