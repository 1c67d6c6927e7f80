"""The literature graph as soft prior knowledge for a learned graph, and its verdict on each data edge.

Soft, unlike ``knowledge_from_literature`` (hard constraints handed to the search): the search runs on
the data alone; afterwards an edge the data left undirected (``---`` or ``o-o``) takes the direction of
a literature edge between the same two columns, and is marked ``oriented_by="literature"``. A
direction the data did decide is never changed, even where the literature disagrees: that shows up as
a contradiction instead. The hints are not propagated further (no Meek rules), so one hint orients
one edge.
"""

from __future__ import annotations

from engine.discovery.compare import compare_graphs
from engine.discovery.knowledge import match_columns
from engine.discovery.run import DiscoveryResult
from engine.model.graph import Graph, edge_id


def literature_directions(literature: Graph, columns: list[str]) -> set[tuple[str, str]]:
    """(cause column, effect column) for each directed literature edge whose ends match columns;
    pairs the literature states both ways (feedback) give no hint."""
    matched = match_columns(literature, columns)
    pairs = {
        (matched[e.source], matched[e.target]) for e in literature.edges
        if e.orientation == "directed" and e.source in matched and e.target in matched
    }
    return {(a, b) for a, b in pairs if (b, a) not in pairs}


def apply_literature_hints(result: DiscoveryResult, literature: Graph) -> tuple[DiscoveryResult, list[str]]:
    """Orient the data's undirected edges as the literature does; return the result and what was done."""
    directions = literature_directions(literature, result.variables)
    edges, done = [], []
    for edge in result.edges:
        open_ends = edge.endpoints in ("---", "o-o")
        forward, backward = (edge.source, edge.target) in directions, (edge.target, edge.source) in directions
        if open_ends and (forward or backward):
            source, target = (edge.source, edge.target) if forward else (edge.target, edge.source)
            edge = edge.model_copy(update={"source": source, "target": target, "type": "directed",
                                           "endpoints": "-->", "oriented_by": "literature"})
            done.append(f"{source} -> {target}")
        edges.append(edge)
    notes = list(result.notes)
    if done:
        notes.append(f"oriented by the literature where the data left the direction open: {', '.join(done)}")
    return result.model_copy(update={"edges": edges, "notes": notes}), done


def with_literature_verdicts(result: DiscoveryResult, literature: Graph) -> DiscoveryResult:
    """Each data edge marked confirmed, contradicted or untested by the literature graph."""
    verdicts = compare_graphs(literature, result.to_graph()).data_edge_verdicts()
    ids = result.node_ids()
    edges = [
        edge.model_copy(update={"literature": verdicts.get(
            edge_id(ids[edge.source], "influence", edge.sign, ids[edge.target]), "untested")})
        for edge in result.edges
    ]
    return result.model_copy(update={"edges": edges})
