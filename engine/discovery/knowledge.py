"""Background knowledge: required and forbidden edges and temporal tiers, from a user or a literature graph.

The same ``Knowledge`` value is handed to the algorithm (in the form causal-learn or LiNGAM accepts)
and checked against the result afterwards: causal-learn does not always honour required edges (its
skeleton search may remove them, GES takes no knowledge at all), so every broken constraint is reported
as a ``Violation`` rather than silently fixed or hidden.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Literal

import numpy as np
from pydantic import BaseModel, Field

from engine.discovery.errors import DiscoveryError
from engine.model.graph import Graph, Node

EdgeMarkPair = tuple[str, str]


class Knowledge(BaseModel):
    """Constraints on the learned graph, by column name.

    ``tiers`` are ordered groups of columns: a column may cause columns in its own or later tiers, never
    earlier ones (e.g. [["age", "sex"], ["smoking"], ["cancer"]]).
    """

    required: list[tuple[str, str]] = Field(default_factory=list)
    forbidden: list[tuple[str, str]] = Field(default_factory=list)
    tiers: list[list[str]] = Field(default_factory=list)

    def is_empty(self) -> bool:
        return not (self.required or self.forbidden or self.tiers)

    def tier_of(self) -> dict[str, int]:
        return {column: rank for rank, group in enumerate(self.tiers) for column in group}

    def validate_columns(self, columns: list[str]) -> Knowledge:
        """Refuse constraints on unknown columns or contradicting each other, naming them."""
        known = set(columns)
        for kind, pairs in (("required", self.required), ("forbidden", self.forbidden)):
            for source, target in pairs:
                for end in (source, target):
                    if end not in known:
                        raise DiscoveryError(f"{kind} edge {source} -> {target}: {end!r} is not a column")
                if source == target:
                    raise DiscoveryError(f"{kind} edge {source} -> {target} is a self-loop")
        seen: dict[str, int] = {}
        for rank, group in enumerate(self.tiers):
            for column in group:
                if column not in known:
                    raise DiscoveryError(f"tier {rank + 1}: {column!r} is not a column")
                if column in seen:
                    raise DiscoveryError(f"{column!r} is in tiers {seen[column] + 1} and {rank + 1}")
                seen[column] = rank
        for pair in self.required:
            if pair in self.forbidden:
                raise DiscoveryError(f"edge {pair[0]} -> {pair[1]} is both required and forbidden")
            if pair[0] in seen and pair[1] in seen and seen[pair[0]] > seen[pair[1]]:
                raise DiscoveryError(
                    f"required edge {pair[0]} -> {pair[1]} goes from tier {seen[pair[0]] + 1} back to tier {seen[pair[1]] + 1}"
                )
        return self

    def forbids(self, source: str, target: str) -> bool:
        if (source, target) in self.forbidden:
            return True
        tiers = self.tier_of()
        return source in tiers and target in tiers and tiers[source] > tiers[target]

    def to_causallearn(self, columns: list[str]):
        """The causal-learn ``BackgroundKnowledge`` for PC and FCI (nodes named after the columns)."""
        from causallearn.graph.GraphNode import GraphNode
        from causallearn.utils.PCUtils.BackgroundKnowledge import BackgroundKnowledge

        nodes = {name: GraphNode(name) for name in columns}
        knowledge = BackgroundKnowledge()
        for source, target in self.required:
            knowledge.add_required_by_node(nodes[source], nodes[target])
        for source, target in self.forbidden:
            knowledge.add_forbidden_by_node(nodes[source], nodes[target])
        for rank, group in enumerate(self.tiers):
            for column in group:
                knowledge.add_node_to_tier(nodes[column], rank)
        return knowledge

    def to_lingam_prior(self, columns: list[str]) -> np.ndarray:
        """LiNGAM's prior matrix: entry [i, j] is 1 if x_j is an ancestor of x_i, 0 if it cannot be, -1 unknown.

        A required edge j -> i says x_j is an ancestor of x_i; a tier order says a later column is no
        ancestor of an earlier one. A forbidden single edge has no exact LiNGAM form (0 would forbid every
        directed path), so it is only checked after the run.
        """
        index = {name: k for k, name in enumerate(columns)}
        prior = -np.ones((len(columns), len(columns)), dtype=int)
        tiers = self.tier_of()
        for later, later_rank in tiers.items():
            for earlier, earlier_rank in tiers.items():
                if later_rank > earlier_rank:
                    prior[index[earlier], index[later]] = 0
        for source, target in self.required:
            prior[index[target], index[source]] = 1
        return prior


class Violation(BaseModel):
    """A constraint the learned graph breaks."""

    kind: Literal["required-missing", "required-reversed", "required-undecided", "forbidden-present"]
    source: str
    target: str
    message: str


def check_knowledge(knowledge: Knowledge, edges: list[tuple[str, str, str]]) -> list[Violation]:
    """Check learned edges against the knowledge.

    ``edges`` are (a, b, orientation) with orientation as in ``engine.model.graph.Orientation``; a directed
    or partial edge points a -> b.
    """
    by_pair: dict[frozenset[str], tuple[str, str, str]] = {frozenset((a, b)): (a, b, o) for a, b, o in edges}
    violations: list[Violation] = []
    for source, target in knowledge.required:
        found = by_pair.get(frozenset((source, target)))
        if found is None:
            violations.append(Violation(
                kind="required-missing", source=source, target=target,
                message=f"required edge {source} -> {target} is absent from the learned graph",
            ))
        elif found[2] in ("directed",) and found[0] == target:
            violations.append(Violation(
                kind="required-reversed", source=source, target=target,
                message=f"required edge {source} -> {target} was learned the other way round ({target} -> {source})",
            ))
        elif found[2] != "directed":
            violations.append(Violation(
                kind="required-undecided", source=source, target=target,
                message=f"required edge {source} -> {target} is present but left {found[2]}",
            ))
    for a, b, orientation in edges:
        if orientation == "directed" and knowledge.forbids(a, b):
            violations.append(Violation(
                kind="forbidden-present", source=a, target=b,
                message=f"forbidden edge {a} -> {b} is in the learned graph",
            ))
    return violations


def normalise_name(name: str) -> str:
    """Lenient form of a node or column name for matching: ASCII, lower case, letters and digits only."""
    text = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode().lower()
    return re.sub(r"[^a-z0-9]+", "", text)


def match_names(nodes: list[Node], targets: dict[str, str]) -> dict[str, str]:
    """Map node ids to the target whose normalised name equals the node's label, id or an alias;
    each target goes to the first node that claims it. ``targets`` maps normalised name → target."""
    matched: dict[str, str] = {}
    for node in nodes:
        for name in (node.label, node.id, *node.aliases):
            target = targets.get(normalise_name(name))
            if target is not None and target not in matched.values():
                matched[node.id] = target
                break
    return matched


def match_columns(graph: Graph, columns: list[str]) -> dict[str, str]:
    """Map literature node ids to the columns whose name equals the node's label, id or an alias (leniently)."""
    by_name: dict[str, str] = {}
    for column in columns:
        by_name.setdefault(normalise_name(column), column)
    return match_names(graph.nodes, by_name)


def knowledge_from_literature(
    graph: Graph, columns: list[str], use: Literal["require", "orient"] = "orient"
) -> Knowledge:
    """Background knowledge from the directed edges of a literature graph whose ends match columns.

    ``orient`` forbids the reverse of each literature edge (the data still decide whether the edge
    exists); ``require`` makes each literature edge a required edge.
    """
    matched = match_columns(graph, columns)
    pairs = sorted({
        (matched[e.source], matched[e.target])
        for e in graph.edges
        if e.orientation == "directed" and e.source in matched and e.target in matched
    })
    # Literature that states both directions (a feedback loop) constrains neither.
    pairs = [p for p in pairs if (p[1], p[0]) not in pairs]
    if use == "require":
        return Knowledge(required=pairs)
    return Knowledge(forbidden=[(t, s) for s, t in pairs])
