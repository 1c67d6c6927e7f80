"""A learned graph scored against a known graph: SHD, skeleton F1, oriented F1 and the edges that differ.

The known graph is a directed edge list, read from one of the plain formats methods users keep:

- Tetrad graph text (``Graph Edges:`` then ``1. A --> B``), as the CMU and bnlearn truth files are;
- an edge list, one edge a line: ``A -> B``, ``A --> B``, ``A,B`` or ``A<TAB>B`` (a first line of column
  titles, such as ``Cause,Effect`` or ``"source","target"``, is skipped).

Names are matched to the table's columns leniently (case, spaces and punctuation ignored); names the
table lacks are reported, and their edges still count as missed, as a score must not improve by
dropping what it cannot match.

The metrics are the discovery benchmark's (``bench/discovery.py``): SHD counts each missing and each
extra adjacency, plus each shared adjacency whose learned marks are not the true direction (reversed,
undirected, bidirected or partial each count 1); skeleton F1 compares adjacencies; oriented F1 compares
learned directed edges with true ones.
"""

from __future__ import annotations

import re
from pathlib import Path

from pydantic import BaseModel, Field

from engine.discovery.errors import DiscoveryError
from engine.discovery.knowledge import normalise_name

_TETRAD_EDGE = re.compile(r"^\s*\d+\.\s+(\S+)\s+(-->|<--|---|<->|o->|<-o|o-o)\s+(\S+)\s*$")
_ARROW_EDGE = re.compile(r"^\s*(.+?)\s*(-->|->|→)\s*(.+?)\s*$")
_SEPARATED = re.compile(r"\s*[,\t;]\s*")


class TrueGraph(BaseModel):
    edges: list[tuple[str, str]] = Field(description="directed edges (cause, effect), names as the file writes them")
    nodes: list[str] = Field(default_factory=list, description="every node the file names, edges or not")


class EdgeScore(BaseModel):
    shd: int
    skeleton_f1: float
    oriented_f1: float
    skeleton_precision: float
    skeleton_recall: float
    true_edges: int
    learned_edges: int
    missed: list[tuple[str, str]] = Field(default_factory=list, description="true edges with no learned adjacency")
    extra: list[tuple[str, str, str]] = Field(default_factory=list, description="learned (a, b, type) not in the truth")
    reversed: list[tuple[str, str]] = Field(default_factory=list, description="true (a, b) learned as b -> a")
    unoriented: list[tuple[str, str, str]] = Field(
        default_factory=list, description="true (a, b) learned adjacent but not directed: (a, b, learned type)")
    unmatched_names: list[str] = Field(default_factory=list, description="names in the truth that are no column")

    def summary(self) -> str:
        return (f"SHD {self.shd} · skeleton F1 {self.skeleton_f1:.3f} · oriented F1 {self.oriented_f1:.3f} "
                f"({self.true_edges} true edges, {self.learned_edges} learned: {len(self.missed)} missed, "
                f"{len(self.extra)} extra, {len(self.reversed)} reversed, {len(self.unoriented)} not oriented)")


def read_truth(text: str) -> TrueGraph:
    """The known graph in ``text`` (Tetrad graph text or an edge list); raises DiscoveryError saying
    which line it cannot read."""
    lines = [line for line in text.splitlines() if line.strip() and not line.lstrip().startswith("#")]
    if any(line.strip() == "Graph Edges:" for line in lines):
        return _read_tetrad(lines)
    edges: list[tuple[str, str]] = []
    if lines and _is_header(lines[0]):
        lines = lines[1:]
    for number, line in enumerate(lines, start=1):
        pair = _edge_line(line)
        if pair is None:
            raise DiscoveryError(f"known graph, line {number}: {line.strip()[:80]!r} is no edge "
                                 "(write 'A -> B', 'A,B' or Tetrad graph text)")
        edges.append(pair)
    if not edges:
        raise DiscoveryError("the known graph has no edge")
    return TrueGraph(edges=edges, nodes=sorted({n for edge in edges for n in edge}))


def read_truth_file(path: Path) -> TrueGraph:
    if not path.is_file():
        raise DiscoveryError(f"no known-graph file at {str(path)!r}")
    try:
        return read_truth(path.read_text(encoding="utf-8"))
    except UnicodeDecodeError as exc:
        raise DiscoveryError(f"{path.name}: not UTF-8 text ({exc.reason})") from exc


def _read_tetrad(lines: list[str]) -> TrueGraph:
    nodes: list[str] = []
    edges: list[tuple[str, str]] = []
    section = ""
    for line in lines:
        stripped = line.strip()
        if stripped.endswith(":") and " " not in stripped.rstrip(":").replace("Graph ", ""):
            section = stripped
            continue
        if section == "Graph Nodes:":
            nodes += [n for n in re.split(r"[;,\s]+", stripped) if n]
        elif section == "Graph Edges:":
            found = _TETRAD_EDGE.match(line)
            if found is None:
                raise DiscoveryError(f"known graph: {stripped[:80]!r} is no Tetrad edge ('1. A --> B')")
            a, mark, b = found.groups()
            if mark not in ("-->", "<--"):
                raise DiscoveryError(f"known graph: {stripped[:80]!r} is not directed; a known graph is a DAG")
            edges.append((a, b) if mark == "-->" else (b, a))
    if not edges:
        raise DiscoveryError("the known graph has no edge")
    return TrueGraph(edges=edges, nodes=nodes or sorted({n for edge in edges for n in edge}))


def _edge_line(line: str) -> tuple[str, str] | None:
    found = _ARROW_EDGE.match(line)
    if found:
        return _unquote(found.group(1)), _unquote(found.group(3))
    parts = [part for part in _SEPARATED.split(line.strip()) if part]
    if len(parts) == 2:
        return _unquote(parts[0]), _unquote(parts[1])
    return None


def _unquote(name: str) -> str:
    return name.strip().strip("\"'").strip()


_TITLES = {"cause", "effect", "source", "target", "from", "to", "parent", "child", "head", "tail"}


def _is_header(line: str) -> bool:
    """A first line of column titles ("Cause,Effect"): two known titles and no arrow."""
    pair = None if _ARROW_EDGE.match(line) else _edge_line(line)
    return pair is not None and all(name.lower() in _TITLES for name in pair)


def score_edges(learned: list[tuple[str, str, str]], truth: TrueGraph, columns: list[str]) -> EdgeScore:
    """Score learned edges ``(source, target, type)`` (type: directed, undirected, bidirected or partial;
    a directed edge points source → target) against ``truth``, whose names are matched to ``columns``."""
    by_name = {normalise_name(column): column for column in columns}
    rename = {name: by_name.get(normalise_name(name), name) for name in truth.nodes + [n for e in truth.edges for n in e]}
    true_edges = sorted({(rename[a], rename[b]) for a, b in truth.edges})
    true_set = set(true_edges)
    true_skeleton = {frozenset(edge) for edge in true_edges}
    learned_skeleton = {frozenset((a, b)) for a, b, _ in learned}
    directed = {(a, b) for a, b, kind in learned if kind == "directed"}

    missed = [edge for edge in true_edges if frozenset(edge) not in learned_skeleton]
    extra = sorted((a, b, kind) for a, b, kind in learned if frozenset((a, b)) not in true_skeleton)
    reversed_, unoriented = [], []
    for a, b, kind in sorted(learned):
        if frozenset((a, b)) not in true_skeleton:
            continue
        if kind == "directed" and (b, a) in true_set and (a, b) not in true_set:
            reversed_.append((b, a))
        elif kind != "directed":
            truth_edge = (a, b) if (a, b) in true_set else (b, a)
            unoriented.append((*truth_edge, kind))
    shd = len(missed) + len(extra) + len(reversed_) + len(unoriented)
    precision, recall = _shares(learned_skeleton, true_skeleton)
    return EdgeScore(
        shd=shd, skeleton_f1=_f1(learned_skeleton, true_skeleton), oriented_f1=_f1(directed, true_set),
        skeleton_precision=precision, skeleton_recall=recall, true_edges=len(true_edges),
        learned_edges=len(learned), missed=missed, extra=extra, reversed=reversed_, unoriented=unoriented,
        unmatched_names=sorted({name for name in rename if normalise_name(name) not in by_name}),
    )


def _shares(found: set, truth: set) -> tuple[float, float]:
    hits = len(found & truth)
    return (hits / len(found) if found else 0.0), (hits / len(truth) if truth else 0.0)


def _f1(found: set, truth: set) -> float:
    precision, recall = _shares(found, truth)
    return 2 * precision * recall / (precision + recall) if precision + recall else 0.0
