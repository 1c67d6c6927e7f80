"""Edits a person makes to a graph in the app: pure functions returning a NEW validated Graph.

The graph passed in is never changed, so keeping old graphs is all undo needs (``EditHistory``).
Every refusal is a ``GraphError`` whose message names the node or edge and says why.

Conventions:

- Node ids are stable: renaming changes the label only. New ids come from ``slugify(label)``, made
  unique with a numeric suffix.
- An edge's relation follows from its end kinds: influence between two quantities, triggers otherwise
  (DESIGN §2). Edges whose id is the conventional ``edge_id(source, relation, sign, target)`` keep
  that convention when an edit changes those fields; edges with another id keep it.
- Retyping a node (quantity ↔ state) converts its edges instead of refusing: influence becomes
  triggers and back, keeping the sign, which is what the proto-role mapping (DESIGN §3) would give for
  the same sentence. The one shape that cannot be converted is a − trigger between two states; then
  the retype is refused, naming the edge.
- A user's change to what an edge claims (its sign or its ends) marks it ``asserted-by-user``: its
  evidence is kept, so the user can still read what the papers said, but no longer counts as support.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Concatenate, ParamSpec

from engine.model.graph import (
    Edge,
    EdgeStatus,
    Evidence,
    Graph,
    GraphError,
    Node,
    NodeKind,
    Origin,
    Relation,
    Sign,
    edge_id,
    slugify,
)

DEFAULT_HISTORY_SIZE = 100
_USER_STATUS: EdgeStatus = "asserted-by-user"


def unique_node_id(graph: Graph, label: str) -> str:
    """The id ``add_node`` gives a node with this label: its slug, suffixed if already taken."""
    base = slugify(label)
    taken = set(graph.node_ids())
    candidate, number = base, 2
    while candidate in taken:
        candidate, number = f"{base}_{number}", number + 1
    return candidate


def relation_for(source_kind: NodeKind, target_kind: NodeKind) -> Relation:
    """The only relation QPT allows between two node kinds."""
    return "influence" if (source_kind, target_kind) == ("quantity", "quantity") else "triggers"


def _copy(graph: Graph) -> Graph:
    """A deep copy: the result of an edit shares nothing mutable with its input."""
    return graph.model_copy(deep=True)


def _validated(graph: Graph) -> Graph:
    return graph.validate_shapes()


def _sign(sign: int) -> Sign:
    if sign not in (1, -1):
        raise GraphError(f"an edge sign is +1 or -1, not {sign!r}")
    return sign  # type: ignore[return-value]


def _label(label: str) -> str:
    cleaned = " ".join(label.split())
    if not cleaned:
        raise GraphError("a node needs a non-empty label")
    return cleaned


def _renamed_edge(edge: Edge, **changes: object) -> Edge:
    """The edge with changes applied, its conventional id kept conventional."""
    conventional = edge.id == edge_id(edge.source, edge.relation, edge.sign, edge.target)
    updated = edge.model_copy(update=changes, deep=True)
    if conventional:
        updated.id = edge_id(updated.source, updated.relation, updated.sign, updated.target)
    return updated


def _replace_edge(graph: Graph, old_id: str, new_edge: Edge) -> Graph:
    if new_edge.id != old_id and any(e.id == new_edge.id for e in graph.edges):
        raise GraphError(
            f"edge {old_id!r} would become {new_edge.id!r}, which already exists; delete one of them first"
        )
    result = _copy(graph)
    result.edges = [new_edge if e.id == old_id else e for e in result.edges]
    return _validated(result)


# --- nodes -------------------------------------------------------------------------------------


def add_node(
    graph: Graph,
    label: str,
    kind: NodeKind = "quantity",
    *,
    node_id: str | None = None,
    aliases: Iterable[str] = (),
    origin: Origin = "user",
) -> Graph:
    """Add a node; its id is ``node_id`` or ``unique_node_id(graph, label)``."""
    label = _label(label)
    if kind not in ("quantity", "state"):
        raise GraphError(f"a node is a quantity or a state, not {kind!r}")
    same_label = [n for n in graph.nodes if n.label.casefold() == label.casefold()]
    if same_label:
        raise GraphError(f"a node labelled {same_label[0].label!r} already exists (id {same_label[0].id!r})")
    if node_id is not None and graph.has_node(node_id):
        raise GraphError(f"a node with id {node_id!r} already exists")
    result = _copy(graph)
    result.nodes.append(
        Node(
            id=node_id or unique_node_id(graph, label),
            label=label,
            kind=kind,
            aliases=[" ".join(a.split()) for a in aliases if a.strip()],
            origin=origin,
        )
    )
    return _validated(result)


def rename_node(graph: Graph, node_id: str, label: str, *, keep_old_label_as_alias: bool = False) -> Graph:
    """Change a node's label; its id, and so every edge and scenario that names it, stays."""
    node = graph.node(node_id)
    label = _label(label)
    clash = [n.id for n in graph.nodes if n.id != node_id and n.label.casefold() == label.casefold()]
    if clash:
        raise GraphError(f"cannot rename {node_id!r} to {label!r}: node {clash[0]!r} already has that label")
    aliases = list(node.aliases)
    if keep_old_label_as_alias and node.label != label and node.label not in aliases:
        aliases.append(node.label)
    result = _copy(graph)
    result.nodes = [n.model_copy(update={"label": label, "aliases": aliases}) if n.id == node_id else n
                    for n in result.nodes]
    return _validated(result)


def retype_node(graph: Graph, node_id: str, kind: NodeKind) -> Graph:
    """Make a node a quantity or a state, converting the relation of each of its edges.

    Refused (GraphError naming the edge) when an edge would become a − trigger between two states.
    """
    node = graph.node(node_id)
    if kind not in ("quantity", "state"):
        raise GraphError(f"a node is a quantity or a state, not {kind!r}")
    if node.kind == kind:
        return _validated(_copy(graph))
    kinds = graph.kinds()
    kinds[node_id] = kind
    result = _copy(graph)
    converted: list[Edge] = []
    for edge in result.edges:
        if node_id not in (edge.source, edge.target):
            converted.append(edge)
            continue
        if (kinds[edge.source], kinds[edge.target]) == ("state", "state") and edge.sign == -1:
            raise GraphError(
                f"cannot make {node_id!r} a {kind}: edge {edge.id!r} would be a − trigger between two "
                "states, which QPT does not allow; delete or re-sign that edge first"
            )
        converted.append(_renamed_edge(edge, relation=relation_for(kinds[edge.source], kinds[edge.target])))
    result.nodes = [n.model_copy(update={"kind": kind}) if n.id == node_id else n for n in result.nodes]
    result.edges = converted
    return _validated(result)


def delete_node(graph: Graph, node_id: str) -> Graph:
    """Remove a node, every edge touching it, and its place among the question's sources/targets."""
    graph.node(node_id)
    result = _copy(graph)
    result.nodes = [n for n in result.nodes if n.id != node_id]
    result.edges = [e for e in result.edges if node_id not in (e.source, e.target)]
    result.sources = [s for s in result.sources if s != node_id]
    result.targets = [t for t in result.targets if t != node_id]
    return _validated(result)


# --- edges -------------------------------------------------------------------------------------


def add_edge(
    graph: Graph,
    source: str,
    target: str,
    sign: int = 1,
    relation: Relation | None = None,
    *,
    evidence: Iterable[Evidence] = (),
    confidence: float = 1.0,
) -> Graph:
    """Add a user's edge (origin user, status asserted-by-user); the relation defaults to the one
    the end kinds allow, and a relation they do not allow is refused."""
    source_node, target_node = graph.node(source), graph.node(target)
    if source == target:
        raise GraphError(f"an edge cannot join {source_node.label!r} to itself")  # the name the user sees
    allowed = relation_for(source_node.kind, target_node.kind)
    relation = relation or allowed
    if relation != allowed:
        raise GraphError(
            f"{relation} from {source_node.kind} {source!r} to {target_node.kind} {target!r} is not allowed; "
            f"use {allowed}"
        )
    sign = _sign(sign)
    new_id = edge_id(source, relation, sign, target)
    if any(e.id == new_id for e in graph.edges):
        raise GraphError(f"edge {new_id!r} already exists")
    result = _copy(graph)
    result.edges.append(
        Edge(
            id=new_id,
            source=source,
            target=target,
            relation=relation,
            sign=sign,
            evidence=list(evidence),
            origin="user",
            status="asserted-by-user",
            confidence=confidence,
        )
    )
    return _validated(result)


def set_edge_sign(graph: Graph, edge_id_: str, sign: int) -> Graph:
    """Give an edge a sign; a changed sign marks it asserted-by-user (and renames a conventional id)."""
    edge = graph.edge(edge_id_)
    sign = _sign(sign)
    if edge.sign == sign:
        return _validated(_copy(graph))
    return _replace_edge(graph, edge_id_, _renamed_edge(edge, sign=sign, status=_USER_STATUS))


def retarget_edge(
    graph: Graph, edge_id_: str, *, source: str | None = None, target: str | None = None
) -> Graph:
    """Move an edge's source and/or target; the relation follows the new end kinds."""
    edge = graph.edge(edge_id_)
    new_source = edge.source if source is None else source
    new_target = edge.target if target is None else target
    if (new_source, new_target) == (edge.source, edge.target):
        return _validated(_copy(graph))
    kinds = graph.kinds()
    for end in (new_source, new_target):
        if end not in kinds:
            raise GraphError(f"cannot move edge {edge_id_!r}: no node with id {end!r}")
    if new_source == new_target:
        raise GraphError(f"cannot move the edge {graph.node(edge.source).label} → {graph.node(edge.target).label}: "
                         f"it would join {graph.node(new_source).label!r} to itself")
    relation = relation_for(kinds[new_source], kinds[new_target])
    if (kinds[new_source], kinds[new_target]) == ("state", "state") and edge.sign == -1:
        raise GraphError(
            f"cannot move edge {edge_id_!r} between two states: a trigger from state to state must have sign +"
        )
    moved = _renamed_edge(edge, source=new_source, target=new_target, relation=relation, status=_USER_STATUS)
    return _replace_edge(graph, edge_id_, moved)


def delete_edge(graph: Graph, edge_id_: str) -> Graph:
    graph.edge(edge_id_)
    result = _copy(graph)
    result.edges = [e for e in result.edges if e.id != edge_id_]
    return _validated(result)


# --- the question ------------------------------------------------------------------------------


def _node_list(graph: Graph, node_ids: Iterable[str], role: str) -> list[str]:
    ordered = list(dict.fromkeys(node_ids))
    for node_id in ordered:
        if not graph.has_node(node_id):
            raise GraphError(f"question {role} {node_id!r} is not a node of the graph")
    return ordered


def set_sources(graph: Graph, node_ids: Iterable[str]) -> Graph:
    """The question's sources (intervened on by default), in order, without duplicates."""
    result = _copy(graph)
    result.sources = _node_list(graph, node_ids, "source")
    return _validated(result)


def set_targets(graph: Graph, node_ids: Iterable[str]) -> Graph:
    result = _copy(graph)
    result.targets = _node_list(graph, node_ids, "target")
    return _validated(result)


# --- undo / redo -------------------------------------------------------------------------------

EditArgs = ParamSpec("EditArgs")


class EditHistory:
    """Undo/redo over whole graphs, at most ``max_size`` steps back (the oldest are dropped)."""

    def __init__(self, graph: Graph, max_size: int = DEFAULT_HISTORY_SIZE) -> None:
        if max_size < 1:
            raise ValueError(f"max_size must be at least 1, not {max_size}")
        self.max_size = max_size
        self._current = _copy(graph)
        self._undo: list[Graph] = []
        self._redo: list[Graph] = []

    @property
    def current(self) -> Graph:
        """A copy of the current graph: changing it cannot corrupt the history."""
        return _copy(self._current)

    @property
    def can_undo(self) -> bool:
        return bool(self._undo)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    def push(self, graph: Graph) -> Graph:
        """Record a new current graph (a change, not an undo); clears redo. No-op if unchanged."""
        if graph == self._current:
            return self.current
        self._undo.append(self._current)
        del self._undo[: -self.max_size]
        self._current = _copy(graph)
        self._redo.clear()
        return self.current

    def apply(
        self,
        edit: Callable[Concatenate[Graph, EditArgs], Graph],
        *args: EditArgs.args,
        **kwargs: EditArgs.kwargs,
    ) -> Graph:
        """Run an edit on the current graph and record its result; a refused edit changes nothing."""
        return self.push(edit(self._current, *args, **kwargs))

    def undo(self) -> Graph:
        if not self._undo:
            raise GraphError("nothing to undo")
        self._redo.append(self._current)
        self._current = self._undo.pop()
        return self.current

    def redo(self) -> Graph:
        if not self._redo:
            raise GraphError("nothing to redo")
        self._undo.append(self._current)
        self._current = self._redo.pop()
        return self.current
