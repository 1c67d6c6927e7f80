"""The QPT reasoner: labels a ``Graph`` under a ``Scenario`` with clingo (DESIGN §4).

The semantics live in ``engine/solver/qpt.lp`` (with ``qpt_label.lp`` / ``qpt_repair.lp``); this module is
glue. It writes the graph as facts and grounds once per graph structure; interventions are
``#external`` atoms (``qpt_switches.lp``) switched between solves and observations are solve
assumptions, so relabelling after a toggle is a re-solve, never a re-ground (multi-shot solving).
A ``Reasoner`` holds clingo state: use one per thread (one per user session in the app).

The first labelling does not wait for that switchable program: a scenario without observations is
labelled by a program grounded for that scenario alone, its interventions written as facts, so the
grounder leaves out whatever the scenario cannot use and a large graph's first labels come about
twice as fast. The switchable program is then grounded in a background thread (clingo releases the
GIL while it grounds), and the toggles that follow find it ready. ``label_graph`` labels once and
grounds only for its scenario.

The labels come from the brave consequences (every label a node takes in some consistent
resolution), computed in one solve with clingo's brave enumeration mode, which never enumerates
the answer sets themselves. As each node has exactly one label per answer set, a node is certain
exactly when it has one possible label, so the cautious consequences come for free. Observations
are checked as assumptions; when no resolution reproduces them, ``qpt_repair.lp`` computes all
minimum-cost repair sets and ``qpt_cores.lp`` the minimal inconsistent cores (the smallest sets of
measurements and edges that clash), as the bioasp tool iggy does.

Per node the ``NodeLabel`` gives: ``possible`` (canonical order), ``certain`` (one possible label),
``label`` (the certain one; for an uncertain node the neutral stable / inactive when possible, as
the claim that commits least) and ``justification``: the incoming edges that account for the label
in some resolution — for an uncertain node, for any of its possible labels.

Every solve runs under the reasoner's time limit: the search runs in clasp's thread and is
cancelled at the deadline, and the result is a ``Labelling`` with status ``"timeout"``, never a hang.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import Future
from concurrent.futures import TimeoutError as FutureTimeout
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from types import MappingProxyType

import clingo
from pydantic import TypeAdapter

from engine.model.graph import (
    Contrast,
    Graph,
    InconsistentCore,
    LabelChange,
    Labelling,
    NodeLabel,
    Repair,
    RepairSet,
    Scenario,
    Value,
    is_tentative,
)

PROGRAM_DIR = Path(__file__).resolve().parent
CORE_PROGRAM = PROGRAM_DIR / "qpt.lp"
SWITCHES_PROGRAM = PROGRAM_DIR / "qpt_switches.lp"
LABEL_PROGRAM = PROGRAM_DIR / "qpt_label.lp"
REPAIR_PROGRAM = PROGRAM_DIR / "qpt_repair.lp"
POSSIBLE_PROGRAM = PROGRAM_DIR / "qpt_possible.lp"
OBSERVE_PROGRAM = PROGRAM_DIR / "qpt_observe.lp"
CORES_PROGRAM = PROGRAM_DIR / "qpt_cores.lp"

# Brave enumeration, steered as qpt_label.lp explains.
LABEL_OPTIONS = ("--enum-mode=brave", "--models=0", "--heuristic=Domain", "--dom-mod=true,show", "--restart-on-model")
# For a program grounded for one scenario, clasp's equivalence preprocessing is switched off: on
# it, the 5,000-node benchmark graph needs ~430 brave models instead of 12 (it merges shown atoms
# with others, which blunts the show-atom heuristic); on the switchable program it helps.
ONE_SCENARIO_OPTIONS = (*LABEL_OPTIONS, "--eq=0")
REPAIR_OPTIONS = ("--opt-mode=optN", "--project=show", "--models=0")

# Model values ↔ the program's constants.
_TO_ASP = {"increasing": "inc", "decreasing": "dec", "stable": "stable", "active": "active", "inactive": "inactive",
           "not increasing": "notinc", "not decreasing": "notdec"}
# An uncertain measurement, as a solve assumption: the value it rules out does not hold.
_RULED_OUT = {"not increasing": "inc", "not decreasing": "dec"}
_SIGN_TO_ASP = {1: "plus", -1: "minus"}
_CANONICAL_ORDER: tuple[Value, ...] = ("increasing", "decreasing", "stable", "active", "inactive")
_CODED_VALUES = _CANONICAL_ORDER  # value code K in qpt_label.lp's shown integers
_NEUTRAL: frozenset[str] = frozenset({"stable", "inactive"})
_REPAIR_ACTIONS = {"flip": "flip_edge", "remove": "remove_edge", "distrust": "distrust_observation"}


@dataclass(frozen=True)
class _Encoding:
    """How one graph structure is numbered for the solver: node i is ``node_ids[i]``, the
    quantities first, then the states (so the node facts are two ranges, not one fact per node);
    edge j is the j-th directed edge in structural order. Derived from the structure alone (what
    ``Graph.structure_key()`` holds) and which edges are tentative, so graphs that agree on both share
    it (and the grounded programs)."""

    node_ids: tuple[str, ...]
    quantities: int  # nodes 0 .. quantities-1 are quantities, the rest states
    edges: tuple[tuple[str, str, int, str], ...]  # (source, relation, sign, target)
    possible: tuple[int, ...] = ()  # the tentative edges, which may act or not (qpt_possible.lp)

    @classmethod
    def of(cls, graph: Graph, directed: list[tuple[str, str, int, str, str]]) -> _Encoding:
        """``directed``: the graph's ``_directed_edges``."""
        nodes = sorted((node.id, node.kind) for node in graph.nodes)
        quantities = [node_id for node_id, kind in nodes if kind == "quantity"]
        states = [node_id for node_id, kind in nodes if kind == "state"]
        return cls((*quantities, *states), len(quantities), tuple(edge[:4] for edge in directed),
                   _possible_edges(graph, directed))

    @cached_property
    def edge_targets(self) -> list[int]:
        return [self.index[target] for _, _, _, target in self.edges]

    @cached_property
    def index(self) -> dict[str, int]:
        return {node_id: i for i, node_id in enumerate(self.node_ids)}

    @cached_property
    def facts(self) -> str:
        index = self.index
        lines = []
        if self.quantities:
            lines.append(f"node(0..{self.quantities - 1},quantity).")
        if self.quantities < len(self.node_ids):
            lines.append(f"node({self.quantities}..{len(self.node_ids) - 1},state).")
        lines += [
            f"edge({j},{index[source]},{index[target]},{relation},{_SIGN_TO_ASP[sign]})."
            for j, (source, relation, sign, target) in enumerate(self.edges)
        ]
        lines += [f"possible({j})." for j in self.possible]
        return "\n".join(lines)

    def intervention_facts(self, interventions: dict[str, Value]) -> str:
        """The scenario's do() as facts, for a program grounded for that scenario alone."""
        return "\n".join(
            f"intervene({self.index[node]},{_TO_ASP[value]}). intervened({self.index[node]})."
            for node, value in interventions.items()
        )


@dataclass
class _GroundProgram:
    """A grounded clingo control, the external atoms now true, and a cache of solver literals."""

    control: clingo.Control
    externals_on: set[int] = field(default_factory=set)
    literals: dict[tuple[str, int, str | None], int] = field(default_factory=dict)
    # (node id, value) → the externals intervene(N,V) and intervened(N) that set it: a toggle
    # looks up each intervention once instead of building two atoms
    intervention_literals: dict[tuple[str, Value], tuple[int, int]] = field(default_factory=dict)
    externals_free: set[int] = field(default_factory=set)

    @classmethod
    def build(cls, programs: Sequence[Path], facts: str, options: Sequence[str]) -> _GroundProgram:
        control = clingo.Control(["--warn=none", *options])
        for program in programs:
            control.load(str(program))
        control.add("base", [], facts)
        control.ground([("base", [])])
        return cls(control)

    def literal(self, name: str, subject: int, value: str | None = None) -> int:
        """The solver literal of atom name(subject, value), or name(subject), looked up once."""
        key = (name, subject, value)
        if key not in self.literals:
            arguments = [clingo.Number(subject)] + ([] if value is None else [clingo.Function(value)])
            atom = self.control.symbolic_atoms[clingo.Function(name, arguments)]
            if atom is None:
                raise RuntimeError(f"the program has no atom {clingo.Function(name, arguments)}")
            self.literals[key] = atom.literal
        return self.literals[key]

    def switch(self, wanted: Sequence[int]) -> None:
        """Make exactly ``wanted`` true among the scenario externals, touching only the changes
        (external values persist between solves)."""
        self.externals_on = self._assign(self.externals_on, set(wanted), True)

    def release(self, wanted: Iterable[int]) -> None:
        """Leave exactly ``wanted`` free among the externals released here (the solver chooses
        their truth); the ones released before and not wanted now become false again."""
        self.externals_free = self._assign(self.externals_free, set(wanted), None)

    def _assign(self, current: set[int], wanted: set[int], value: bool | None) -> set[int]:
        for literal in current - wanted:
            self.control.assign_external(literal, False)
        for literal in wanted - current:
            self.control.assign_external(literal, value)
        return wanted

    def core(self, assumptions: Sequence[int], deadline: float) -> tuple[bool, list[int] | None]:
        """(finished, None when satisfiable, else a subset of ``assumptions`` that is already
        unsatisfiable, as clasp names it)."""
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            return False, None
        with self.control.solve(assumptions=list(assumptions), async_=True) as handle:
            if not handle.wait(remaining):
                handle.cancel()
            result = handle.get()
            if result.interrupted:
                return False, None
            return True, None if result.satisfiable else list(handle.core())

    def solve(
        self,
        assumptions: Sequence[int],
        deadline: float,
        on_model: Callable[[clingo.Model], bool | None] | None = None,
    ) -> tuple[bool, bool, list[int] | None]:
        """Solve until done or ``deadline`` (monotonic seconds); returns (finished, satisfiable,
        the raw shown symbols of the last model or None).

        The search runs in clasp's own thread (an asynchronous solve) while this one waits with the
        GIL released; at the deadline the search is cancelled. ``on_model`` runs in clasp's
        thread."""
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            return False, False, None
        with self.control.solve(assumptions=list(assumptions), on_model=on_model, async_=True) as handle:
            if not handle.wait(remaining):
                handle.cancel()
            result = handle.get()
            if result.interrupted:
                return False, False, None
            last = handle.last()
            return True, bool(result.satisfiable), None if last is None else _shown_raw(last)


@dataclass
class _BraveResult:
    finished: bool
    satisfiable: bool
    shown: list[int] = field(default_factory=list)  # raw values of the brave shown integers


@dataclass
class _LastLabels:
    """A reasoner's last labelling: its shown integers, grouped by the node each speaks of (the
    node's value codes and the edges justifying it), the intervened nodes and the labels. A toggle
    changes the shown integers of few nodes, so the next labelling regroups only the difference
    and rebuilds only the labels of the nodes it touches."""

    shown: set[int]
    by_node: dict[int, set[int]]
    intervened: frozenset[int]
    labels: dict[str, NodeLabel]  # in the graph's node order


def _label_table() -> dict[int, tuple[Value, bool, tuple[Value, ...]]]:
    """Bit set of possible value codes → (shown label, certain, possible labels in canonical order),
    for every bit set a node can have (quantity values or state values, never mixed)."""
    table = {}
    for values in ((0, 1, 2), (3, 4)):  # quantity codes, state codes
        for mask in range(1, 1 << len(values)):
            possible = tuple(_CODED_VALUES[code] for i, code in enumerate(values) if mask >> i & 1)
            bits = sum(1 << code for i, code in enumerate(values) if mask >> i & 1)
            table[bits] = (_representative(list(possible)), len(possible) == 1, possible)
    return table


class Reasoner:
    """Labels one graph under any number of scenarios, grounding once per graph structure.

    >>> reasoner = Reasoner(graph)
    >>> reasoner.label(Scenario(interventions={"smoking": "active"}))
    """

    max_cores = 5  # inconsistent cores listed per labelling

    def __init__(self, graph: Graph, time_limit_s: float = 10.0, max_repair_sets: int = 10) -> None:
        if time_limit_s <= 0:
            raise ValueError("time_limit_s must be positive")
        self.graph = graph.validate_shapes()
        self.time_limit_s = time_limit_s
        self.max_repair_sets = max_repair_sets
        directed = _directed_edges(graph)
        self._encoding = _Encoding.of(graph, directed)
        self._node_index = self._encoding.index
        self._graph_order = [(node.id, self._node_index[node.id]) for node in graph.nodes]
        self._kinds = graph.kinds()  # the same for every graph of this structure
        self._edge_ids = [edge[4] for edge in directed]
        self._labeller: Future[_GroundProgram] | None = None  # grounding started on the first label()
        self._repairer: _GroundProgram | None = None  # grounded on first need
        self._core_finder: _GroundProgram | None = None  # grounded on first need
        self._label_cache: dict[tuple[int, tuple[int, ...], bool], NodeLabel] = {}
        # shown integer symbol → what it says, decoded once per reasoner: every solve of every
        # program of this encoding shows the same integers again and again. Keyed by the symbol's
        # raw clingo value (see _shown_raw; for an integer it is the integer itself, tagged, the
        # same in every control): an int is hashed and compared natively, while ``hash`` and
        # ``==`` on a Symbol, like ``.number``, are calls into the C library.
        self._decoded: dict[int, tuple[int, int]] = {}
        self._last: _LastLabels | None = None

    # --- graph changes ----------------------------------------------------------------------
    def with_graph(self, graph: Graph) -> Reasoner:
        """A reasoner for an edited graph: shares this one's grounding when the structure (node
        kinds and directed signed edges) is unchanged, e.g. after editing a label or evidence."""
        if graph.structure_key() != self.graph.structure_key() or \
                _possible_edges(graph, _directed_edges(graph)) != self._encoding.possible:
            return Reasoner(graph, self.time_limit_s, self.max_repair_sets)
        twin = object.__new__(Reasoner)
        twin.__dict__.update(self.__dict__)
        twin.graph = graph.validate_shapes()
        twin._graph_order = [(node.id, self._node_index[node.id]) for node in graph.nodes]
        twin._edge_ids = [edge[4] for edge in _directed_edges(graph)]
        twin._label_cache = {}  # its labels name the edges by this graph's ids
        twin._last = None
        return twin

    def _switchable(self) -> Future[_GroundProgram]:
        """The switchable labelling program, grounded in a background thread from the first call."""
        if self._labeller is None:
            facts = self._encoding.facts  # written here: in the thread it would hold the GIL
            self._labeller = _in_background(
                lambda: _GroundProgram.build((CORE_PROGRAM, POSSIBLE_PROGRAM, SWITCHES_PROGRAM, LABEL_PROGRAM), facts, LABEL_OPTIONS)
            )
        return self._labeller

    def wait_for_grounding(self, timeout_s: float | None = None) -> bool:
        """Ground the switchable program now if not yet started and wait until it is ready; False
        if ``timeout_s`` ran out first."""
        try:
            self._switchable().result(timeout_s)
        except FutureTimeout:
            return False
        return True

    # --- labelling --------------------------------------------------------------------------
    def label(self, scenario: Scenario | None = None) -> Labelling:
        """Label every node under ``scenario`` (default: the question's sources intervened on)."""
        return self._label(self._checked(scenario))

    def label_once(self, scenario: Scenario | None = None) -> Labelling:
        """Label ``scenario`` as ``label`` does, but without grounding the switchable program
        when it is not needed (no observations): for a reasoner that labels a single scenario."""
        scenario = self._checked(scenario)
        if scenario.observations or (self._labeller is not None and self._labeller.done()):
            return self._label(scenario)
        return self._label_once(scenario, time.monotonic() + self.time_limit_s)

    def _checked(self, scenario: Scenario | None) -> Scenario:
        return (scenario or Scenario.default_for(self.graph)).validate_kinds(self._kinds)

    def _label(self, scenario: Scenario) -> Labelling:
        deadline = time.monotonic() + self.time_limit_s
        if not scenario.observations and (self._labeller is None or not self._labeller.done()):
            labelling = self._label_once(scenario, deadline)
            # Only now: grounding beside the first labelling would slow it down, and a user
            # reads the labels for a while before the first toggle.
            self._switchable()
            return labelling
        try:
            labeller = self._switchable().result(max(0.0, deadline - time.monotonic()))
        except FutureTimeout:
            return Labelling(
                status="timeout",
                message=f"could not decide in time: the graph's program was still being grounded at the "
                f"{self.time_limit_s:g} s limit",
            )
        labeller.switch(self._intervention_literals(labeller, scenario.interventions))

        if scenario.observations:
            brave = self._brave(labeller, self._observation_assumptions(labeller, scenario.observations), deadline)
            if not brave.finished:
                return _timeout("labelling", self.time_limit_s)
            if brave.satisfiable:
                # The graph explains the measurements; the labels are those of the resolutions
                # that reproduce them (what else must hold, given what was measured).
                return Labelling(labels=self._node_labels(brave.shown, scenario), consistent=True)

        brave = self._brave(labeller, [], deadline)
        if not brave.finished:
            return _timeout("labelling", self.time_limit_s)
        if not brave.satisfiable:
            return _unsatisfiable()
        labels = self._node_labels(brave.shown, scenario)
        if not scenario.observations:
            return Labelling(labels=labels)

        finished, repairs = self._repairs(scenario, deadline)
        cores_finished, cores = self._cores(scenario, deadline) if finished else (False, [])
        if not finished:
            return Labelling(
                status="timeout",
                labels=labels,
                consistent=False,
                repairs=repairs,
                message=(
                    f"could not decide in time ({self.time_limit_s:g} s): the observations contradict "
                    "the graph, but the search for minimum-cost repairs did not finish"
                    + ("; the repair sets listed are of minimum cost but may not be all" if repairs else "")
                ),
            )
        bound = (
            f" (the first {self.max_repair_sets}; there may be more of the same cost)"
            if len(repairs) >= self.max_repair_sets else ""
        )
        return Labelling(
            labels=labels,
            consistent=False,
            repairs=repairs,
            cores=cores,
            message=(
                "no resolution of the graph reproduces the observations; labels are the graph's "
                f"prediction without them, and the repair sets are the cheapest changes that fix this{bound}"
                + ("" if cores_finished else "; the search for clashing cores was stopped at the time limit")
            ),
        )

    def _label_once(self, scenario: Scenario, deadline: float) -> Labelling:
        """Label ``scenario`` (no observations) with a program grounded for it alone."""
        program = _GroundProgram.build(
            (CORE_PROGRAM, POSSIBLE_PROGRAM, LABEL_PROGRAM),
            self._encoding.facts + "\n" + self._encoding.intervention_facts(scenario.interventions),
            ONE_SCENARIO_OPTIONS,
        )
        brave = self._brave(program, [], deadline)
        if not brave.finished:
            return _timeout("labelling", self.time_limit_s)
        if not brave.satisfiable:
            return _unsatisfiable()
        return Labelling(labels=self._node_labels(brave.shown, scenario))

    def contrast(self, before: Scenario, after: Scenario) -> Contrast:
        """Label two scenarios and list per node what differs ("why Y rather than Y′")."""
        return compare_labellings(self.label(before), self.label(after))

    # --- solver calls -----------------------------------------------------------------------
    def _literals(self, program: _GroundProgram, name: str, values: dict[str, Value]) -> list[int]:
        return [program.literal(name, self._node_index[node], _TO_ASP[value]) for node, value in values.items()]

    def _observation_assumptions(self, program: _GroundProgram, observations: dict[str, str]) -> list[int]:
        """Measured values as assumptions on val/2: the value holds, or for an uncertain
        measurement the value it rules out does not."""
        assumptions = []
        for node, value in observations.items():
            if value in _RULED_OUT:
                assumptions.append(-program.literal("val", self._node_index[node], _RULED_OUT[value]))
            else:
                assumptions.append(program.literal("val", self._node_index[node], _TO_ASP[value]))
        return assumptions

    def _intervention_literals(self, program: _GroundProgram, interventions: dict[str, Value]) -> list[int]:
        """The externals of do(): intervene(N,V) and intervened(N) for every intervened node."""
        known, literals = program.intervention_literals, []
        for setting in interventions.items():
            pair = known.get(setting)
            if pair is None:
                node = self._node_index[setting[0]]
                pair = known[setting] = (
                    program.literal("intervene", node, _TO_ASP[setting[1]]), program.literal("intervened", node)
                )
            literals += pair
        return literals

    def _brave(self, program: _GroundProgram, assumptions: list[int], deadline: float) -> _BraveResult:
        """Brave consequences of val/2 and justifies/1 under the program's interventions and the
        ``assumptions`` (observed labels to reproduce). In brave mode each model clingo reports
        holds every shown atom found so far, so only the last one is read."""
        finished, satisfiable, shown = program.solve(assumptions, deadline)
        if not (finished and satisfiable) or shown is None:
            return _BraveResult(finished, satisfiable)
        return _BraveResult(finished, satisfiable, shown)

    def _decoded_entry(self, raw: int) -> tuple[int, int]:
        """What a shown integer says (``_decode``), from its raw value, decoded once per reasoner."""
        entry = self._decoded.get(raw)
        if entry is None:
            entry = self._decoded[raw] = self._decode(_number_of(raw))
        return entry

    def _decode(self, code: int) -> tuple[int, int]:
        """A shown integer, coded as qpt_label.lp explains → (node, bit of its value code) for a
        label, (target node, ~edge) for a justifying edge (the second item > 0 exactly for labels)."""
        if code >= 0:
            node, value = divmod(code, len(_CODED_VALUES))
            return node, 1 << value
        edge = -code - 1
        return self._encoding.edge_targets[edge], ~edge

    def _repairs(self, scenario: Scenario, deadline: float) -> tuple[bool, list[RepairSet]]:
        """All optimal repair sets (up to ``max_repair_sets``); (finished, sets)."""
        if self._repairer is None:
            self._repairer = _GroundProgram.build(
                (CORE_PROGRAM, POSSIBLE_PROGRAM, SWITCHES_PROGRAM, OBSERVE_PROGRAM, REPAIR_PROGRAM),
                self._encoding.facts, REPAIR_OPTIONS,
            )
        self._repairer.switch(
            self._intervention_literals(self._repairer, scenario.interventions)
            + self._literals(self._repairer, "observe", scenario.observations)
        )
        found: list[RepairSet] = []

        def keep(model: clingo.Model) -> bool:
            if model.optimality_proven:
                found.append(self._repair_set(model))
            return len(found) < self.max_repair_sets

        finished, _, _ = self._repairer.solve([], deadline, keep)
        # clasp finds them in an order that depends on the earlier searches of this control
        found.sort(key=lambda repair_set: [(repair.action, repair.target) for repair in repair_set.repairs])
        return finished or len(found) >= self.max_repair_sets, found

    def _cores(self, scenario: Scenario, deadline: float) -> tuple[bool, list[InconsistentCore]]:
        """Up to ``max_cores`` minimal inconsistent cores (``qpt_cores.lp``); (finished, cores).
        The first comes from the whole set of measurements and edges; each next one from that
        set without one element of the first, so the cores listed differ."""
        if self._core_finder is None:
            self._core_finder = _GroundProgram.build(
                (CORE_PROGRAM, SWITCHES_PROGRAM, OBSERVE_PROGRAM, CORES_PROGRAM), self._encoding.facts, ()
            )
        program = self._core_finder
        program.switch(self._intervention_literals(program, scenario.interventions))
        observed = self._literals(program, "observe", scenario.observations)
        # Only an edge on some path from an intervention to a measured node can move one: the others
        # are left out (their switches off), which spares the search, and never take part in a clash.
        # A tentative edge (one reader, a hedge or one paper only) may act or not: it is left free,
        # never assumed.
        relevant = {j: program.literal("use", j) for j in self._edges_between(scenario.interventions,
                                                                                scenario.observations)}
        program.release([*observed, *relevant.values()])
        tentative = {edge.id for edge in self.graph.edges if is_tentative(edge)}
        items = {literal: ("observation", node) for literal, node in zip(observed, scenario.observations)}
        items.update({literal: ("edge", self._edge_ids[j]) for j, literal in relevant.items()
                      if self._edge_ids[j] not in tentative})
        everything = list(items)
        finished, first = self._minimal_core(program, everything, deadline)
        if first is None:
            return finished, []
        found = [first]
        for dropped in first:
            if len(found) >= self.max_cores:
                break
            finished, other = self._minimal_core(program, [x for x in everything if x != dropped], deadline)
            if not finished:
                break
            if other is not None and other not in found:
                found.append(other)
        cores = []
        for core in found:
            named = [items[literal] for literal in core]
            cores.append(InconsistentCore(observations=sorted(n for kind, n in named if kind == "observation"),
                                          edges=sorted(e for kind, e in named if kind == "edge")))
        return finished, cores

    def _edges_between(self, starts: Iterable[str], ends: Iterable[str]) -> list[int]:
        """The solver's numbers of the edges that lie on some path from a node of ``starts`` to a
        node of ``ends``: only a change that starts at an intervention can reach a measured node."""
        edges = self._encoding.edges
        index = self._node_index
        forward = _reachable({index[n] for n in starts}, [(index[s], index[t]) for s, _, _, t in edges])
        backward = _reachable({index[n] for n in ends}, [(index[t], index[s]) for s, _, _, t in edges])
        return [j for j, (source, _, _, target) in enumerate(edges)
                if index[source] in forward and index[target] in backward]

    @staticmethod
    def _minimal_core(program: _GroundProgram, assumptions: list[int], deadline: float) -> tuple[bool, list[int] | None]:
        """A subset of ``assumptions`` that is unsatisfiable and from which no element can be
        dropped; None when the assumptions are satisfiable. clasp's own core of a large set is often
        the whole set, so it is shrunk by dropping runs of elements, halving the run each pass down
        to single elements: most of a large set goes in a few long runs."""
        finished, core = program.core(assumptions, deadline)
        if core is None:
            return finished, None
        needed = [literal for literal in assumptions if literal in set(core)]
        run = max(1, len(needed) // 2)
        while True:
            position = 0
            while position < len(needed):
                trial = needed[:position] + needed[position + run:]
                finished, smaller = program.core(trial, deadline)
                if not finished:
                    return False, None
                if smaller is None:
                    position += run  # something in this run is needed: keep it for now
                else:  # none of it is needed; clasp's core of the rest may drop more
                    kept = set(smaller)
                    needed = [literal for literal in trial if literal in kept]
            if run == 1:
                return True, needed
            run = max(1, run // 2)

    def _repair_set(self, model: clingo.Model) -> RepairSet:
        repairs = []
        for symbol in model.symbols(shown=True):
            index = symbol.arguments[0].number
            target = self._encoding.node_ids[index] if symbol.name == "distrust" else self._edge_ids[index]
            repairs.append(Repair(action=_REPAIR_ACTIONS[symbol.name], target=target))
        repairs.sort(key=lambda r: (r.action, r.target))
        return RepairSet(cost=int(sum(model.cost)), repairs=repairs)

    # --- results ----------------------------------------------------------------------------
    def _node_labels(self, shown: list[int], scenario: Scenario) -> dict[str, NodeLabel]:
        """Per node (in the graph's order) its ``NodeLabel``, from the raw shown integers of a brave
        solve: built afresh the first time, then by updating the last labelling (``_LastLabels``)."""
        current = set(shown)
        intervened = frozenset(self._node_index[node] for node in scenario.interventions)
        last, self._last = self._last, None  # set again once complete: a failure leaves no half state
        if last is None:
            by_node: dict[int, set[int]] = {}
            for raw in current:
                by_node.setdefault(self._decoded_entry(raw)[0], set()).add(raw)
            labels = self._labels_of([i for _, i in self._graph_order], by_node, intervened)
        else:
            by_node, touched = last.by_node, set(intervened ^ last.intervened)
            for raw in last.shown - current:
                node = self._decoded_entry(raw)[0]
                by_node[node].discard(raw)
                touched.add(node)
            for raw in current - last.shown:
                node = self._decoded_entry(raw)[0]
                by_node.setdefault(node, set()).add(raw)
                touched.add(node)
            labels = {**last.labels, **self._labels_of(touched, by_node, intervened)}
        self._last = _LastLabels(current, by_node, intervened, labels)
        return labels

    def _labels_of(
        self, nodes: Iterable[int], by_node: dict[int, set[int]], intervened: frozenset[int]
    ) -> dict[str, NodeLabel]:
        """The ``NodeLabel`` of each of ``nodes`` (in that order), keyed by node id. Labels are
        immutable and most nodes of a large graph share a few (the same "certainly stable, nothing
        to justify"), so each distinct one is built once and shared; the new ones are validated in
        one pydantic call, much faster than one call each."""
        cache = self._label_cache
        if len(cache) > 4 * len(self._graph_order) + 64:  # bounded: distinct labels seen so far
            cache.clear()
        keys = {self._encoding.node_ids[i]: self._label_key(i, by_node.get(i, ()), i in intervened) for i in nodes}
        new = list({key: None for key in keys.values() if key not in cache})
        cache.update(zip(new, _NODE_LABELS.validate_python([self._node_label_fields(*key) for key in new])))
        return {node_id: cache[key] for node_id, key in keys.items()}

    def _label_key(self, node: int, shown: Iterable[int], intervened: bool) -> tuple[int, tuple[int, ...], bool]:
        """(bit set of the node's possible value codes, the edges justifying it, intervened)."""
        mask, edges = 0, []
        for raw in shown:
            item = self._decoded[raw][1]
            if item > 0:
                mask |= item
            else:
                edges.append(~item)
        if not mask:  # cannot happen in a satisfiable answer: every node has a value
            raise RuntimeError(f"solver gave no label for node {self._encoding.node_ids[node]!r}")
        return mask, tuple(sorted(edges)), intervened

    def _node_label_fields(self, mask: int, edges: tuple[int, ...], intervened: bool) -> dict[str, object]:
        label, certain, possible = _LABEL_TABLE[mask]
        return {
            "label": label,
            "certain": certain,
            "possible": possible,
            "justification": sorted([self._edge_ids[e] for e in edges]),
            "intervened": intervened,
        }


def _directed_edges(graph: Graph) -> list[tuple[str, str, int, str, str]]:
    """The graph's directed edges as (source, relation, sign, target, id) in the solver's order:
    structural, ties between parallel edges broken by id. Flat tuples sort faster than (key, id)
    pairs and give the same order; the one sort serves the encoding and the edge ids alike."""
    return sorted(
        (edge.source, edge.relation, edge.sign, edge.target, edge.id)
        for edge in graph.edges if edge.orientation == "directed"
    )


def _possible_edges(graph: Graph, directed: list[tuple[str, str, int, str, str]]) -> tuple[int, ...]:
    """The solver's numbers of the directed edges it may leave idle (``is_tentative``: read by one
    reader, stated only hedged, or by one paper only)."""
    tentative = {edge.id for edge in graph.edges if is_tentative(edge)}
    return tuple(j for j, edge in enumerate(directed) if edge[4] in tentative) if tentative else ()


def _reachable(starts: set[int], arcs: list[tuple[int, int]]) -> set[int]:
    """The nodes reachable from ``starts`` along ``arcs`` (starts included)."""
    following: dict[int, list[int]] = {}
    for tail, head in arcs:
        following.setdefault(tail, []).append(head)
    seen, stack = set(starts), list(starts)
    while stack:
        for head in following.get(stack.pop(), ()):
            if head not in seen:
                seen.add(head)
                stack.append(head)
    return seen


def _shown_raw(model: clingo.Model) -> list[int]:
    """The raw clingo values of the model's shown symbols (what ``Symbol._rep`` holds), read in
    one go from the array clingo fills. clingo's Python API keeps them there privately; pinned
    clingo 5.8 does, and every reasoner test fails if it stops. Wrapping each in a ``Symbol``
    to read ``_rep`` back, and hashing Symbols (calls into the C library), cost a 500-node toggle,
    which shows ~1,200 symbols, about 0.7 ms of its 4."""
    return list(model.symbols(shown=True)._p_symbols)


def _number_of(raw: int) -> int:
    """The integer an integer symbol's raw clingo value stands for. clingo keeps an integer in the
    low 32 bits of its raw value, two's complement, under a type tag in the high bits; reading it
    here instead of through ``Symbol.number`` (a call into the C library) saves ~20 ms when a
    5,000-node graph's ~12,000 shown integers are first decoded. Pinned clingo 5.8; a test checks
    it against ``clingo.Number``."""
    number = raw & 0xFFFF_FFFF
    return number - 0x1_0000_0000 if number & 0x8000_0000 else number


def _representative(possible: list[Value]) -> Value:
    """The one label shown for a node: its only label when certain; for an ambiguous node the
    neutral one (stable / inactive) when that is possible, as the claim that commits least."""
    for value in possible:
        if value in _NEUTRAL and len(possible) > 1:
            return value
    return possible[0]


_LABEL_TABLE = MappingProxyType(_label_table())  # read-only
_NODE_LABELS = TypeAdapter(list[NodeLabel])


def _in_background(build: Callable[[], _GroundProgram]) -> Future[_GroundProgram]:
    """Run ``build`` in a daemon thread; its result (or error) arrives in the returned future."""
    future: Future[_GroundProgram] = Future()

    def run() -> None:
        try:
            future.set_result(build())
        except BaseException as error:  # handed to whoever waits for the program
            future.set_exception(error)

    threading.Thread(target=run, name="causeway-grounding", daemon=True).start()
    return future


def _timeout(what: str, limit_s: float) -> Labelling:
    return Labelling(
        status="timeout",
        message=f"could not decide in time: the {what} search was stopped at the {limit_s:g} s limit",
    )


def _unsatisfiable() -> Labelling:
    return Labelling(
        status="unsatisfiable",
        message="no consistent labelling exists for this graph and scenario",
    )


def label_graph(graph: Graph, scenario: Scenario | None = None, time_limit_s: float = 10.0) -> Labelling:
    """Label ``graph`` once (grounds for this scenario only; keep a ``Reasoner`` to relabel cheaply)."""
    return Reasoner(graph, time_limit_s=time_limit_s).label_once(scenario)


def compare_labellings(before: Labelling, after: Labelling) -> Contrast:
    """The nodes whose label, certainty or possible labels differ between two labellings."""
    changes = []
    for node_id in [*before.labels, *(n for n in after.labels if n not in before.labels)]:  # graph order
        old, new = before.labels.get(node_id), after.labels.get(node_id)
        if old is None or new is None or (old.label, old.certain, old.possible) != (
            new.label, new.certain, new.possible
        ):
            changes.append(LabelChange(node=node_id, before=old, after=new))
    return Contrast(changes=changes)


__all__ = ["Reasoner", "label_graph", "compare_labellings"]
