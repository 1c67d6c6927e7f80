"""Literature graph versus data graph: which edges agree, which conflict, and a merge that keeps origins.

Nodes are matched by name: a data node (a column) matches a literature node whose label, id or one of
whose aliases equals the column name after lenient normalisation (case, spaces and punctuation ignored);
a column no name matches is matched through the grounder, to the literature node whose best grounding
is the identifier the column's name grounds to best.
Edges are then compared pair by pair:

- ``agree``: same direction and same sign;
- ``opposite_sign``: same direction, opposite sign;
- ``opposite_direction``: the data orient the edge the other way round;
- ``undecided_in_data``: the data find the adjacency but leave its direction open (sign still compared);
- ``only_literature``: both ends are columns but the data find no edge between them;
- ``not_in_data``: a literature edge with an end that is not a column (the data cannot speak to it);
- ``only_data``: a data edge between matched or unmatched columns with no literature edge.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from engine.discovery.knowledge import match_names, normalise_name
from engine.model.graph import Edge, Graph, edge_id

Verdict = Literal[
    "agree", "opposite_sign", "opposite_direction", "undecided_in_data", "only_literature", "not_in_data", "only_data"
]

_VERDICT_ORDER: tuple[str, ...] = (
    "agree", "opposite_sign", "opposite_direction", "undecided_in_data", "only_literature", "not_in_data", "only_data"
)
_ARROWS = {"directed": "->", "undirected": "---", "bidirected": "<->", "partial": "o->"}


class EdgeMatch(BaseModel):
    verdict: Verdict
    literature_edge: str | None = None  # edge id in the literature graph
    data_edge: str | None = None  # edge id in the data graph
    same_sign: bool | None = None
    message: str


class GraphComparison(BaseModel):
    node_matches: dict[str, str] = Field(default_factory=dict, description="data node id → literature node id")
    unmatched_data_nodes: list[str] = Field(default_factory=list)
    matches: list[EdgeMatch] = Field(default_factory=list)

    def by_verdict(self, verdict: Verdict) -> list[EdgeMatch]:
        return [m for m in self.matches if m.verdict == verdict]

    @property
    def agreements(self) -> list[EdgeMatch]:
        return [m for m in self.matches if m.verdict == "agree" or (m.verdict == "undecided_in_data" and m.same_sign)]

    @property
    def conflicts(self) -> list[EdgeMatch]:
        return [
            m for m in self.matches
            if m.verdict in ("opposite_sign", "opposite_direction") or (m.verdict == "undecided_in_data" and m.same_sign is False)
        ]

    @property
    def only_literature(self) -> list[EdgeMatch]:
        return self.by_verdict("only_literature")

    @property
    def only_data(self) -> list[EdgeMatch]:
        return self.by_verdict("only_data")

    def summary(self) -> str:
        """One line: how many nodes matched and how many edges fall under each verdict."""
        counts = self.counts()
        parts = [f"{counts[v]} {v.replace('_', ' ')}" for v in _VERDICT_ORDER if counts.get(v)]
        return (
            f"{len(self.node_matches)} column(s) matched literature nodes; "
            f"{len(self.agreements)} agreement(s), {len(self.conflicts)} conflict(s)"
            + (f" ({', '.join(parts)})" if parts else "")
        )

    def data_edge_verdicts(self) -> dict[str, Literal["confirmed", "contradicted", "untested"]]:
        """Data edge id → what the literature says of it: confirmed (agreement), contradicted (conflict),
        or untested (the literature has no edge between the two, or does not name one of them)."""
        confirmed = {m.data_edge for m in self.agreements}
        contradicted = {m.data_edge for m in self.conflicts}
        verdicts: dict[str, Literal["confirmed", "contradicted", "untested"]] = {}
        for match in self.matches:
            if match.data_edge is None:
                continue
            if match.data_edge in contradicted:
                verdicts[match.data_edge] = "contradicted"
            elif match.data_edge in confirmed:
                verdicts[match.data_edge] = "confirmed"
            else:
                verdicts.setdefault(match.data_edge, "untested")
        return verdicts

    def counts(self) -> dict[str, int]:
        counts: dict[str, int] = {}
        for match in self.matches:
            counts[match.verdict] = counts.get(match.verdict, 0) + 1
        return counts


def match_nodes(literature: Graph, data: Graph) -> dict[str, str]:
    """Data node id → literature node id: by lenient equality of any of their names, then, for a column
    no name matches, by the identifier its name grounds to, through the grounder that grounded the
    literature's nodes ("Raf-1" meets the node RAF1 through HGNC:9829)."""
    literature_names: dict[str, str] = {}
    for node in literature.nodes:
        for name in (node.label, node.id, *node.aliases):
            literature_names.setdefault(normalise_name(name), node.id)
    matched = match_names(data.nodes, literature_names)
    by_identifier: dict[tuple[str, str], str] = {}
    for node in literature.nodes:
        if node.id not in matched.values() and node.groundings:
            best = node.groundings[0]
            by_identifier.setdefault((best.namespace, best.id), node.id)
    if not by_identifier:
        return matched  # nothing grounded in the literature graph: names are all there is to match
    from engine.assembly.grounding import ground  # loads the grounder: only when it can help

    for node in data.nodes:
        if node.id in matched:
            continue
        best = next(iter(ground(node.label)), None)
        target = by_identifier.get((best.namespace, best.id)) if best is not None else None
        if target is not None and target not in matched.values():
            matched[node.id] = target
    return matched


def compare_graphs(literature: Graph, data: Graph) -> GraphComparison:
    """Compare every literature edge with the data edge on the same pair of nodes, and list data-only edges."""
    to_literature = match_nodes(literature, data)
    to_data = {lit: dat for dat, lit in to_literature.items()}
    label = {n.id: n.label for n in [*literature.nodes, *data.nodes]}
    data_by_pair: dict[frozenset[str], Edge] = {}
    for edge in data.edges:
        data_by_pair[frozenset((to_literature.get(edge.source, "data:" + edge.source),
                                to_literature.get(edge.target, "data:" + edge.target)))] = edge
    used: set[str] = set()
    matches: list[EdgeMatch] = []
    for lit in literature.edges:
        what = f"{label[lit.source]} {'+' if lit.sign > 0 else '-'}> {label[lit.target]}"
        if lit.source not in to_data or lit.target not in to_data:
            missing = [label[n] for n in (lit.source, lit.target) if n not in to_data]
            matches.append(EdgeMatch(
                verdict="not_in_data", literature_edge=lit.id,
                message=f"{what}: {', '.join(missing)} not among the table's columns",
            ))
            continue
        found = data_by_pair.get(frozenset((lit.source, lit.target)))
        if found is None:
            matches.append(EdgeMatch(
                verdict="only_literature", literature_edge=lit.id,
                message=f"{what}: the data show no direct edge between them",
            ))
            continue
        used.add(found.id)
        same_sign = found.sign == lit.sign
        forward = to_literature[found.source] == lit.source
        data_what = f"data {'+' if found.sign > 0 else '-'} ({found.orientation}, weight {found.weight})"
        if found.orientation != "directed" and not (found.orientation == "partial" and not forward):
            verdict: Verdict = "undecided_in_data"
            message = f"{what}: the data find the link but leave its direction open; sign {'agrees' if same_sign else 'differs'} ({data_what})"
        elif not forward:
            verdict = "opposite_direction"
            message = f"{what}: the data point the other way, {label[found.source]} -> {label[found.target]} ({data_what})"
        elif same_sign:
            verdict = "agree"
            message = f"{what}: the data agree ({data_what})"
        else:
            verdict = "opposite_sign"
            message = f"{what}: the data give the opposite sign ({data_what})"
        matches.append(EdgeMatch(verdict=verdict, literature_edge=lit.id, data_edge=found.id, same_sign=same_sign, message=message))
    for edge in data.edges:
        if edge.id not in used:
            matches.append(EdgeMatch(
                verdict="only_data", data_edge=edge.id,
                message=f"{label[edge.source]} {_ARROWS[edge.orientation]} {label[edge.target]} "
                        f"(sign {'+' if edge.sign > 0 else '-'}, {edge.orientation}, weight {edge.weight}): "
                        "found in the data only",
            ))
    return GraphComparison(
        node_matches=to_literature,
        unmatched_data_nodes=[n.id for n in data.nodes if n.id not in to_literature],
        matches=matches,
    )


class MergeReport(BaseModel):
    """What a merge did, for the user: counts and the names involved."""

    matched_nodes: list[str] = Field(default_factory=list, description="columns merged into a literature node")
    added_nodes: list[str] = Field(default_factory=list)
    agreed_edges: int = 0
    contested_edges: int = 0
    added_edges: int = 0
    left_out: list[str] = Field(default_factory=list, description="data edges the model cannot express")

    def summary(self) -> str:
        parts = [
            f"{len(self.matched_nodes)} column(s) joined existing nodes"
            + (f" ({', '.join(self.matched_nodes[:8])}{', ...' if len(self.matched_nodes) > 8 else ''})" if self.matched_nodes else ""),
            f"{len(self.added_nodes)} new node(s)",
            f"{self.added_edges} data edge(s) added, {self.agreed_edges} of them agreeing with a literature edge "
            "(both kept, each with its origin)",
            f"{self.contested_edges} edge(s) in conflict marked contested on both sides",
        ]
        if self.left_out:
            parts.append(f"{len(self.left_out)} left out (a negative trigger between two states cannot be drawn: "
                         f"{', '.join(self.left_out[:5])})")
        return "Merged: " + "; ".join(parts) + "."


def merge_graphs(literature: Graph, data: Graph) -> Graph:
    """``merge_with_report`` without the report."""
    return merge_with_report(literature, data)[0]


def merge_with_report(literature: Graph, data: Graph) -> tuple[Graph, MergeReport]:
    """The literature graph plus the data's nodes and edges, every edge keeping its origin.

    Matched data nodes become their literature node (the column name is added as an alias). An edge
    the data and literature agree on is kept from both sources (the data copy's id gets ``@data`` if the
    ids would clash); edges in conflict (opposite sign or direction) are both kept and marked
    ``contested``. A data edge touching a literature *state* becomes a ``triggers`` edge; one that the
    model cannot express (a negative trigger between two states) is left out of the merge.
    """
    comparison = compare_graphs(literature, data)
    to_literature = comparison.node_matches
    report = MergeReport(agreed_edges=len(comparison.agreements), contested_edges=len(comparison.conflicts))
    labels = {node.id: node.label for node in data.nodes}
    nodes = [node.model_copy(deep=True) for node in literature.nodes]
    by_id = {node.id: node for node in nodes}
    data_ids: dict[str, str] = {}
    for node in data.nodes:
        if node.id in to_literature:
            target = by_id[to_literature[node.id]]
            if node.label != target.label and node.label not in target.aliases:
                target.aliases.append(node.label)
            data_ids[node.id] = target.id
            report.matched_nodes.append(node.label)
        else:
            new_id, n = node.id, 2
            while new_id in by_id:
                new_id, n = f"{node.id}_{n}", n + 1
            copy = node.model_copy(update={"id": new_id})
            nodes.append(copy)
            by_id[new_id] = copy
            data_ids[node.id] = new_id
            report.added_nodes.append(node.label)
    contested_literature = {m.literature_edge for m in comparison.conflicts}
    contested_data = {m.data_edge for m in comparison.conflicts}
    edges = [
        e.model_copy(update={"status": "contested"}) if e.id in contested_literature else e.model_copy()
        for e in literature.edges
    ]
    taken = {e.id for e in edges}
    kinds = {node.id: node.kind for node in nodes}
    for edge in data.edges:
        source, target = data_ids[edge.source], data_ids[edge.target]
        relation = "influence" if kinds[source] == kinds[target] == "quantity" else "triggers"
        if kinds[source] == kinds[target] == "state" and edge.sign < 0:
            report.left_out.append(f"{labels[edge.source]} -> {labels[edge.target]}")
            continue
        new_id = edge_id(source, relation, edge.sign, target)
        if new_id in taken:
            new_id += "@data"
        taken.add(new_id)
        report.added_edges += 1
        edges.append(edge.model_copy(update={
            "id": new_id, "source": source, "target": target, "relation": relation,
            "status": "contested" if edge.id in contested_data else edge.status,
        }))
    merged = Graph(
        question=literature.question, nodes=nodes, edges=edges,
        sources=list(literature.sources), targets=list(literature.targets),
    ).validate_shapes()
    return merged, report
