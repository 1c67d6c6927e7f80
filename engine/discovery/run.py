"""``discover``: one discovery run on a table, time-limited, with optional bootstrap stability.

The algorithm runs in a worker process (``engine.discovery.worker``) so that a run past its deadline can
be stopped cleanly: at the limit the worker process is killed. If the main run had not finished, ``DiscoveryTimeout`` is raised and no
graph is produced; if only bootstrap resamples were still running, the result keeps the main graph and
reports stability over the resamples that finished. Progress is reported through a callback.
"""

from __future__ import annotations

import contextlib
import dataclasses
import queue
import threading
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from pydantic import BaseModel, Field

from engine.discovery.algorithms import (
    AlgorithmOptions,
    Method,
    RawEdge,
    RawGraph,
    SCORE_METHODS,
    TEST_METHODS,
    check_applicable,
    describe_options,
    resolve_options,
)
from engine.discovery.defaults import default_configuration, profile_table
from engine.discovery.errors import DiscoveryError, DiscoveryTimeout
from engine.discovery.knowledge import Knowledge, Violation, check_knowledge
from engine.discovery.signs import edge_weights
from engine.discovery.tables import TableResult
from engine.discovery.worker import DiscoveryWorker, WorkerJob, WorkerStopped
from engine.model.graph import Edge, Graph, Node, Orientation, edge_id, slugify
from engine.settings import DiscoverySettings

_END_CHARS = {"tail": ("-", "-"), "arrow": ("<", ">"), "circle": ("o", "o")}


@dataclass
class ProgressEvent:
    stage: str  # "run" while the main algorithm runs, "bootstrap" per finished resample, "done"
    done: int
    total: int
    message: str


class DiscoveredEdge(BaseModel):
    source: str
    target: str
    type: Orientation
    endpoints: str = Field(description="marks as the algorithm left them, e.g. '-->', 'o->', '---', '<->'")
    sign: int
    weight: float | None
    sign_defined: bool = True
    stability: float | None = Field(None, description="share of bootstrap resamples with this adjacency")
    orientation_stability: float | None = Field(None, description="share with the same endpoints")
    stable: bool | None = Field(None, description="stability at or above the threshold; None without resamples")
    oriented_by: Literal["data", "literature"] = Field(
        "data", description="literature: the data left the direction open and a literature edge gave it")
    literature: Literal["confirmed", "contradicted", "untested"] | None = Field(
        None, description="what an open literature graph says of this edge; None when none was compared")


class DiscoveryResult(BaseModel):
    method: Method
    options: AlgorithmOptions
    data_kind: str
    variables: list[str]
    edges: list[DiscoveredEdge]
    violations: list[Violation] = Field(default_factory=list)
    notes: list[str] = Field(default_factory=list)
    rows_used: int
    seconds: float
    bootstrap_runs: int = 0
    stable_threshold: float | None = None
    absent_frequency: list[tuple[str, str, float]] = Field(
        default_factory=list, description="pairs with no edge in the graph but one in some resamples: (a, b, share)")
    condition: str | None = Field(None, description="the condition column (not a variable), if one was marked")
    changed_by_condition: list[str] = Field(default_factory=list)

    def node_ids(self) -> dict[str, str]:
        """Column name → node id: slugs, made unique when two columns slug the same."""
        ids: dict[str, str] = {}
        for column in self.variables:
            base = slugify(column)
            candidate, n = base, 2
            while candidate in ids.values():
                candidate, n = f"{base}_{n}", n + 1
            ids[column] = candidate
        return ids

    def to_graph(self) -> Graph:
        """The learned graph as quantities joined by influence edges with origin "data"."""
        ids = self.node_ids()
        nodes = [Node(id=ids[c], label=c, kind="quantity", origin="data") for c in self.variables]
        edges = [
            Edge(
                id=edge_id(ids[e.source], "influence", e.sign, ids[e.target]),
                source=ids[e.source], target=ids[e.target], relation="influence", sign=e.sign,  # type: ignore[arg-type]
                origin="data", status="supported", orientation=e.type, weight=e.weight,
                confidence=1.0 if e.stability is None else e.stability,
            )
            for e in self.edges
        ]
        return Graph(nodes=nodes, edges=edges).validate_shapes()

    def to_summary(self) -> dict:
        """The JSON the command line prints: variables and edges with source, target, type, sign, weight."""
        return {
            "method": self.method,
            "options": self.options.model_dump(),
            "data_kind": self.data_kind,
            "rows_used": self.rows_used,
            "seconds": round(self.seconds, 3),
            "variables": self.variables,
            "edges": [e.model_dump() for e in self.edges],
            "violations": [v.model_dump() for v in self.violations],
            "notes": self.notes,
            "bootstrap_runs": self.bootstrap_runs,
            "stable_threshold": self.stable_threshold,
            "condition": self.condition,
            "changed_by_condition": self.changed_by_condition,
        }


def discover(
    table: TableResult,
    method: Method | None = None,
    options: AlgorithmOptions | None = None,
    background: Knowledge | None = None,
    *,
    bootstrap: int | None = None,
    settings: DiscoverySettings | None = None,
    time_limit_s: float | None = None,
    progress: Callable[[ProgressEvent], None] | None = None,
    worker: DiscoveryWorker | None = None,
) -> DiscoveryResult:
    """Learn a graph from ``table``; ``method`` overrides ``options.method`` ("auto": the default rule).

    ``bootstrap`` is the number of subsample resamples for edge stability (default: the settings'
    ``stability_resamples``; 0 turns stability off). Raises ``DiscoveryError`` for choices that cannot
    apply to the table and ``DiscoveryTimeout`` when the main run does not finish within ``time_limit_s``
    (default: the settings' limit). Pass a ``DiscoveryWorker`` to reuse one warm worker process for the
    main run; resamples are shared with ``stability_workers - 1`` further processes started for the run.
    """
    settings = settings or DiscoverySettings()
    notes = list(table.notes)
    options = _chosen_options(table, options or AlgorithmOptions(), method, notes)
    columns = table.columns
    if background is not None:
        background.validate_columns(columns)
    bootstrap = settings.stability_resamples if bootstrap is None else bootstrap
    if bootstrap < 0:
        raise DiscoveryError("the number of stability resamples cannot be negative")
    limit = settings.time_limit_s if time_limit_s is None else time_limit_s

    started = time.monotonic()
    job = WorkerJob(data=table.matrix(), columns=columns, options=options, background=background,
                    resamples=list(range(bootstrap)), subsample=settings.subsample_fraction, condition=table.condition)
    with contextlib.ExitStack() as stack:
        main_worker = worker or stack.enter_context(DiscoveryWorker())
        extra = [stack.enter_context(DiscoveryWorker()) for _ in range(min(settings.stability_workers, bootstrap + 1) - 1)]
        main, resamples, stopped = _run_with_deadline([main_worker, *extra], job, limit, progress)
    seconds = time.monotonic() - started
    notes += main.notes
    if stopped and bootstrap:
        notes.append(
            f"time limit of {limit:g} s reached during the stability resamples: stability is over the "
            f"{len(resamples)} of {bootstrap} resamples that finished"
        )
    if main.changed_by_condition:
        changed = ", ".join(repr(columns[k]) for k in main.changed_by_condition)
        notes.append(f"the condition {table.condition_name!r} changes the mechanism of {changed} (CD-NOD: "
                     "edges from the condition into these columns helped orient their edges)")

    edges = _discovered_edges(table, main, resamples, settings.stable_threshold)
    notes += _sign_notes(table, edges)
    violations = check_knowledge(background, [(e.source, e.target, e.type) for e in edges]) if background else []
    if progress:
        progress(ProgressEvent("done", 1, 1, f"finished in {seconds:.1f} s"))
    return DiscoveryResult(
        method=options.method, options=options, data_kind=table.kind, variables=columns, edges=edges,
        violations=violations, notes=notes, rows_used=main.rows_used, seconds=seconds,
        bootstrap_runs=len(resamples), stable_threshold=settings.stable_threshold,
        condition=table.condition_name, absent_frequency=_absent_frequency(columns, main, resamples),
        changed_by_condition=[columns[k] for k in main.changed_by_condition],
    )


def _chosen_options(table: TableResult, options: AlgorithmOptions, method: Method | None,
                    notes: list[str]) -> AlgorithmOptions:
    """The search to run: ``method`` over ``options.method``, "auto" resolved by the table's profile
    (noted), the options completed for the table's kind and checked against its columns."""
    if method is not None:
        options = options.model_copy(update={"method": method})
    if options.method == "auto":
        profile = profile_table(table)
        chosen = default_configuration(profile)
        # A test or score the user gave explicitly picks a search that takes it.
        if options.test is not None and chosen["method"] not in TEST_METHODS:
            chosen = {"method": "pc"}
        elif options.score is not None and chosen["method"] not in SCORE_METHODS:
            chosen = {"method": "boss"}
        options = options.model_copy(update={k: v for k, v in chosen.items() if k == "method" or getattr(options, k) is None})
        notes.append(f"default search for {profile.describe()}"
                     f"{' with a condition column' if profile.has_condition else ''}: {describe_options(options)} "
                     "(the rule chosen on held-out benchmark data, see BENCHMARKS.md)")
    options = resolve_options(options, table.kind)
    notes += check_applicable(options, table.columns, list(table.categorical), table.discrete)
    if options.method == "cdnod" and table.condition is None:
        raise DiscoveryError("CD-NOD needs a condition column: mark the column that holds the experimental "
                             "condition, batch or site")
    return options


def _discovered_edges(table: TableResult, main: RawGraph, resamples: list[RawGraph], threshold: float) -> list[DiscoveredEdge]:
    """The main graph's edges with data-derived signs and weights, and stability where resamples ran."""
    columns = table.columns
    oriented = [_orient(edge) for edge in main.edges]
    lingam = {(e.a, e.b): e.coefficient for e in main.edges if e.coefficient is not None}
    weights = edge_weights(table.matrix(), [(a, b, o) for a, b, o, _ in oriented], lingam if lingam else None)
    stability = _stability(main.edges, resamples) if resamples else {}
    undefined = set(table.categorical)
    edges: list[DiscoveredEdge] = []
    for (a, b, orientation, endpoints), weight in zip(oriented, weights):
        defined = columns[a] not in undefined and columns[b] not in undefined
        stable = stability.get(frozenset((a, b)))
        edges.append(DiscoveredEdge(
            source=columns[a], target=columns[b], type=orientation, endpoints=endpoints,
            sign=-1 if defined and weight < 0 else 1, weight=round(weight, 4) if defined else None,
            sign_defined=defined,
            stability=None if stable is None else stable[0],
            orientation_stability=None if stable is None else stable[1],
            stable=None if stable is None else stable[0] >= threshold,
        ))
    return edges


def _sign_notes(table: TableResult, edges: list[DiscoveredEdge]) -> list[str]:
    notes = []
    if any(not e.sign_defined for e in edges):
        notes.append(
            "edges touching a categorical column have no sign (its codes have no order); they are shown as +"
        )
    ordinal = sorted({c for e in edges for c in (e.source, e.target) if c in table.discrete})
    if ordinal:
        notes.append(
            f"signs on edges touching the discrete column(s) {', '.join(map(repr, ordinal[:5]))}"
            f"{' and others' if len(ordinal) > 5 else ''} assume their values are ordered (higher = more)"
        )
    return notes


def _orient(edge: RawEdge) -> tuple[int, int, Orientation, str]:
    """(source, target, orientation, endpoints) with source -> target for directed and partial edges."""
    a, b, ma, mb = edge.a, edge.b, edge.mark_a, edge.mark_b
    # Put an arrowhead, failing that a tail-opposite circle, at the target end.
    if ma == "arrow" and mb != "arrow" or (ma == "circle" and mb == "tail"):
        a, b, ma, mb = b, a, mb, ma
    endpoints = _END_CHARS[ma][0] + "-" + _END_CHARS[mb][1]
    if ma == "tail" and mb == "arrow":
        orientation: Orientation = "directed"
    elif ma == mb == "tail" or ma == mb == "circle":
        orientation = "undirected"
    elif ma == mb == "arrow":
        orientation = "bidirected"
    else:
        orientation = "partial"
    return a, b, orientation, endpoints


def _stability(main: list[RawEdge], resamples: list[RawGraph]) -> dict[frozenset[int], tuple[float, float]]:
    """Per main-run adjacency: share of resamples with the adjacency, and with the same marks."""
    adjacent: Counter[frozenset[int]] = Counter()
    same: Counter[tuple[int, int, str, str]] = Counter()
    for graph in resamples:
        for edge in graph.edges:
            adjacent[frozenset((edge.a, edge.b))] += 1
            same[_canonical(edge)] += 1
    total = len(resamples)
    return {
        frozenset((e.a, e.b)): (adjacent[frozenset((e.a, e.b))] / total, same[_canonical(e)] / total)
        for e in main
    }


def _absent_frequency(columns: list[str], main: RawGraph, resamples: list[RawGraph]) -> list[tuple[str, str, float]]:
    """For pairs the main graph leaves unjoined: the share of resamples that join them (when above 0)."""
    present = {frozenset((e.a, e.b)) for e in main.edges}
    counts: Counter[frozenset[int]] = Counter(
        frozenset((e.a, e.b)) for graph in resamples for e in graph.edges if frozenset((e.a, e.b)) not in present)
    return [(columns[min(pair)], columns[max(pair)], round(n / len(resamples), 3)) for pair, n in sorted(counts.items(), key=lambda kv: sorted(kv[0]))]


def _canonical(edge: RawEdge) -> tuple[int, int, str, str]:
    if edge.a < edge.b:
        return edge.a, edge.b, edge.mark_a, edge.mark_b
    return edge.b, edge.a, edge.mark_b, edge.mark_a


class _Collector:
    """What the workers send back (the main graph, resamples, an error), and the progress events
    they cause, handed to ``progress`` only on the calling thread (hosts such as Streamlit refuse
    other threads)."""

    def __init__(self, name: str, total: int, limit: float,
                 progress: Callable[[ProgressEvent], None] | None) -> None:
        self.name, self.total, self.limit, self.progress = name, total, limit, progress
        self.main: RawGraph | None = None
        self.error: object = None
        self.resamples: list[RawGraph] = []
        self.started = time.monotonic()
        self._lock = threading.Lock()
        self._events: queue.SimpleQueue[ProgressEvent] = queue.SimpleQueue()

    def flush(self) -> None:
        while self.progress and not self._events.empty():
            self.progress(self._events.get())

    def on_message(self, kind: str, payload: object) -> None:
        with self._lock:
            if kind == "main":
                self.main = payload  # type: ignore[assignment]
                self._events.put(ProgressEvent("run", 1, 1, f"{self.name} finished after "
                                               f"{time.monotonic() - self.started:.1f} s"))
            elif kind == "resample":
                self.resamples.append(payload)  # type: ignore[arg-type]
                done = len(self.resamples)
                self._events.put(ProgressEvent("bootstrap", done, self.total,
                                               f"stability resample {done} of {self.total}"))
            elif kind == "error":
                self.error = payload

    def on_main_message(self, kind: str, payload: object) -> None:
        self.on_message(kind, payload)
        self.flush()

    def on_wait(self, elapsed: float) -> None:
        self.flush()
        if self.progress and self.main is None:
            self.progress(ProgressEvent("run", 0, 1, f"{self.name} running: {elapsed:.0f} s of the "
                                        f"{self.limit:g} s limit"))


def _run_with_deadline(
    workers: list[DiscoveryWorker],
    job: WorkerJob,
    limit: float,
    progress: Callable[[ProgressEvent], None] | None,
) -> tuple[RawGraph, list[RawGraph], bool]:
    """The main graph, the finished resamples, and whether the deadline cut the resamples short.

    The first worker runs the main graph and a share of the resamples, each further worker (in its own
    thread) another share, all under the same deadline.
    """
    name = job.options.method.upper()
    collector = _Collector(name, len(job.resamples), limit, progress)
    shares = [job.resamples[k::len(workers)] for k in range(len(workers))]
    outcomes: list[WorkerStopped | None] = [None] * len(workers)

    def run_share(k: int) -> None:
        part = dataclasses.replace(job, resamples=shares[k], run_main=k == 0)
        try:
            workers[k].run(part, limit - (time.monotonic() - collector.started),
                           collector.on_main_message if k == 0 else collector.on_message,
                           collector.on_wait if k == 0 else None)
        except WorkerStopped as stop:
            outcomes[k] = stop

    threads = [threading.Thread(target=run_share, args=(k,), daemon=True) for k in range(1, len(workers)) if shares[k]]
    for thread in threads:
        thread.start()
    run_share(0)
    for thread in threads:
        while thread.is_alive():
            thread.join(timeout=0.25)
            collector.flush()
    collector.flush()
    return _outcome(collector, outcomes)


def _outcome(collector: _Collector, outcomes: list[WorkerStopped | None]) -> tuple[RawGraph, list[RawGraph], bool]:
    """The main graph, the resamples and whether a worker was stopped; raises for an error, an
    unexpected stop, or a main graph the deadline cut off."""
    name, limit = collector.name, collector.limit
    if collector.error is not None:
        raise DiscoveryError(f"{name} failed: {collector.error}")
    stopped = [stop for stop in outcomes if stop is not None]
    if any(not stop.timed_out for stop in stopped):
        detail = next(stop.detail for stop in stopped if not stop.timed_out)
        raise DiscoveryError(f"{name} stopped unexpectedly: {detail}")
    if collector.main is None:
        raise DiscoveryTimeout(
            f"{name} did not finish within the time limit of {limit:g} s and was stopped; no graph was "
            "produced. Try fewer columns, a faster test (fisherz rather than kci), a smaller maximum depth, "
            "or a longer limit."
        )
    return collector.main, collector.resamples, bool(stopped)
