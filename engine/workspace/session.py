"""The graph a person is working on, kept consistent after every change (UI-free).

A ``WorkspaceSession`` holds the current graph, its scenario (interventions), the edit history, the
labelling, the before/after contrast of the last change and the regenerated explanation. Every change
— an edit, a toggle, an undo — goes through one method that relabels with the reasoner, diffs the new
labels against the old ones and rewrites the answer, so whoever shows the session (the Streamlit pages)
only reads its fields. A ``Reasoner`` is kept per graph structure: a toggle re-solves, it does not
re-ground. With a store and a name, the graph is saved after each change (autosave), together with
its ``WorkspaceState`` (the scenario, the question's premise, the last change's contrast), so that
reopening the workspace shows what was left; the ``WorkspaceView`` is saved apart, unversioned.

Saving never writes onto another workspace by surprise: an unnamed session has a ``title`` (its
question) until it is saved, ``save_as`` refuses an existing name unless told to replace it, and
each autosave names the version it was made from, so an edit made while another browser session
saved the same workspace is kept aside in the history (``conflict`` says so) instead of being lost
or overwriting the other.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, Field, ValidationError

from engine.workspace import edits
from engine.explain.answer import Answer, explain
from engine.workspace.edits import EditHistory
from engine.model.graph import (
    QUANTITY_VALUES,
    STATE_VALUES,
    UNCERTAIN_VALUES,
    Contrast,
    Experiment,
    Graph,
    GraphError,
    Labelling,
    ObservedValue,
    RepairSet,
    Scenario,
    Value,
)
from engine.solver.reasoner import Reasoner, compare_labellings

if TYPE_CHECKING:
    from engine.workspace.storage import SaveResult, WorkspaceStore

Edit = Callable[[Graph], Graph]
BACK_TO_QUESTION = "back to the question's scenario"


class WorkspaceState(BaseModel):
    """What is saved with every version beside the graph."""

    scenario: Scenario = Field(default_factory=Scenario)
    question_scenario: Scenario | None = None
    premise_sources: list[str] = Field(default_factory=list)
    contrast: Contrast | None = None
    last_change: str = ""
    experiments: list[Experiment] = Field(default_factory=list)


class WorkspaceView(BaseModel):
    """What the workspace shows; saved with it but not a version of its own."""

    selected_node: str | None = None


@dataclass(frozen=True)
class SaveConflict:
    """This session's change was kept aside as ``kept`` because ``latest`` had been saved elsewhere."""

    kept: int
    latest: int
    based_on: int


@dataclass(frozen=True)
class AppliedRepair:
    """A repair applied with one click, and what to go back to."""

    description: str
    graph_before: Graph
    experiments_before: tuple[Experiment, ...]


@dataclass
class WorkspaceSession:
    graph: Graph
    scenario: Scenario
    labelling: Labelling
    answer: Answer
    history: EditHistory
    time_limit_s: float = 10.0
    name: str | None = None
    store: WorkspaceStore | None = None
    question_scenario: Scenario | None = None  # the question's premise, for "back to the question"
    premise_sources: tuple[str, ...] = ()  # the causes that premise was set for
    contrast: Contrast | None = None
    last_change: str = ""
    autosave_error: str | None = None
    title: str = ""  # what an unsaved workspace is called (its question)
    base_version: int | None = None  # the saved version this session's graph was made from
    conflict: SaveConflict | None = None
    view: WorkspaceView = field(default_factory=WorkspaceView)
    experiments: list[Experiment] = field(default_factory=list)  # measured observation sets
    checks: dict[str, Labelling] = field(default_factory=dict)  # experiment name → its check
    applied_repair: AppliedRepair | None = None
    _saved_graph: Graph | None = field(default=None, repr=False)  # the graph of version base_version
    _reasoner: Reasoner | None = field(default=None, repr=False)

    # --- creation ---------------------------------------------------------------------------
    @classmethod
    def start(
        cls,
        graph: Graph,
        scenario: Scenario | None = None,
        time_limit_s: float = 10.0,
        name: str | None = None,
        store: WorkspaceStore | None = None,
        labelling: Labelling | None = None,
        answer: Answer | None = None,
    ) -> WorkspaceSession:
        """Open ``graph``. A ``labelling`` (and ``answer``) already computed for ``scenario`` — e.g. by
        the question pipeline, whose answer may come from a language model — are kept as they are."""
        graph = graph.validate_shapes()
        scenario = (scenario or Scenario.default_for(graph)).validate_against(graph)
        session = cls(
            graph=graph,
            scenario=scenario,
            labelling=labelling or Labelling(),
            answer=Answer(),
            history=EditHistory(graph),
            question_scenario=scenario,
            premise_sources=tuple(graph.sources),
            time_limit_s=time_limit_s,
            name=name,
            store=store,
            title=graph.question.strip()[:120] or "untitled graph",
        )
        if labelling is None:
            session.labelling = session._label()
        session.answer = answer or explain(session.graph, session.labelling)
        return session

    @classmethod
    def open(cls, store: WorkspaceStore, name: str, time_limit_s: float = 10.0) -> WorkspaceSession:
        """Reopen a saved workspace as it was left: its graph, scenario, last contrast and view."""
        snapshot = store.snapshot(name)
        state = _read_model(WorkspaceState, snapshot.state) or WorkspaceState()
        try:
            state.scenario.validate_against(snapshot.graph)
        except GraphError:  # saved before a change this build no longer accepts: start afresh
            state = WorkspaceState()
        session = cls.start(snapshot.graph, state.scenario if snapshot.state else None, time_limit_s, name, store)
        session.base_version, session._saved_graph = snapshot.version, session.graph
        session.view = _read_model(WorkspaceView, snapshot.view) or WorkspaceView()
        if snapshot.state is not None:
            session.question_scenario = state.question_scenario
            session.premise_sources = tuple(state.premise_sources)
            session.contrast, session.last_change = state.contrast, state.last_change
            session.experiments = [e.model_copy(update={"scenario": _fitting(e.scenario, session.graph)})
                                   for e in state.experiments]
            session._check_experiments()
            if state.contrast is not None:
                session.answer = explain(session.graph, session.labelling, session._answered_contrast())
        return session

    # --- changes ----------------------------------------------------------------------------
    def edit(self, description: str, change: Edit) -> None:
        """Apply a pure edit (``engine.workspace.edits``) to the graph; GraphError leaves everything as it was."""
        new_graph = change(self.graph).validate_shapes()
        self.history.push(new_graph)
        self._switch_graph(new_graph, description)

    def replace_graph(self, description: str, graph: Graph) -> None:
        """Replace the whole graph (a merge, an import) as one undoable change."""
        self.edit(description, lambda _current: graph)

    def undo(self) -> bool:
        if not self.history.can_undo:
            return False
        self._switch_graph(self.history.undo(), "undo")
        return True

    def redo(self) -> bool:
        if not self.history.can_redo:
            return False
        self._switch_graph(self.history.redo(), "redo")
        return True

    def set_intervention(self, node_id: str, value: Value | None) -> None:
        """Set a node from outside (``None`` lets the graph decide it again) and relabel."""
        node = self.graph.node(node_id)
        interventions = dict(self.scenario.interventions)
        if value is None:
            interventions.pop(node_id, None)
            description = f"{node.label} no longer set"
        else:
            allowed = QUANTITY_VALUES if node.kind == "quantity" else STATE_VALUES
            if value not in allowed:
                raise GraphError(f"{node.label!r} is a {node.kind}: set it to one of {', '.join(allowed)}")
            interventions[node_id] = value
            description = f"{node.label} set {value}"
        scenario = self.scenario.model_copy(update={"interventions": interventions})
        self._relabel(scenario.validate_against(self.graph), description)
        self._autosave(description)

    def reset_scenario(self) -> None:
        """Back to the question's premise (its sources set as the question put them). A node the
        user has since removed from the question's causes is not set again."""
        premise = self.question_scenario or Scenario()
        kinds = self.graph.kinds()
        allowed = {"quantity": QUANTITY_VALUES, "state": STATE_VALUES}
        demoted = set(self.premise_sources) - set(self.graph.sources)
        interventions = {n: v for n, v in premise.interventions.items()
                         if n in kinds and v in allowed[kinds[n]] and n not in demoted}
        for source in self.graph.sources:
            interventions.setdefault(source, "active" if kinds[source] == "state" else "increasing")
        self._relabel(Scenario(interventions=interventions, observations=self.scenario.observations),
                      BACK_TO_QUESTION)
        self._autosave(BACK_TO_QUESTION)

    # --- measurements ---------------------------------------------------------------------------
    def observe(self, experiment: str, node_id: str, value: ObservedValue | None) -> None:
        """Mark ``node_id`` as measured at ``value`` in ``experiment`` (``None`` forgets the
        measurement). A new experiment is measured under the scenario's current interventions."""
        name = experiment.strip()
        if not name:
            raise GraphError("an experiment needs a name")
        node = self.graph.node(node_id)
        experiments = {e.name: e for e in self.experiments}
        current = experiments.get(name) or Experiment(name=name, scenario=Scenario(interventions=self.scenario.interventions))
        observations = dict(current.scenario.observations)
        if value is None:
            observations.pop(node_id, None)
            description = f"{node.label} no longer measured in {name}"
        else:
            observations[node_id] = value
            description = f"{node.label} measured {value} in {name}"
        scenario = current.scenario.model_copy(update={"observations": observations}).validate_against(self.graph)
        experiments[name] = current.model_copy(update={"scenario": scenario})
        self._set_experiments(list(experiments.values()), description)

    def remeasure_under_scenario(self, experiment: str) -> None:
        """Take the scenario's current interventions as those ``experiment`` was measured under."""
        self._set_experiments([
            e.model_copy(update={"scenario": Scenario(interventions=self.scenario.interventions,
                                                      observations=e.scenario.observations)})
            if e.name == experiment else e for e in self.experiments
        ], f"{experiment} measured under the current scenario")

    def delete_experiment(self, experiment: str) -> None:
        self._set_experiments([e for e in self.experiments if e.name != experiment], f"deleted {experiment}")

    def apply_repair(self, experiment: str, repair_set: RepairSet) -> None:
        """Apply one repair set of ``experiment``'s check as one change: flip and remove its edges,
        set its distrusted measurements aside. ``undo_repair`` takes the whole of it back."""
        names = {e.id: e for e in self.graph.edges}
        graph, distrusted, parts = self.graph, set(), []

        def edge_text(edge_id: str) -> str:
            edge = names[edge_id]
            return f"{self.graph.node(edge.source).label} → {self.graph.node(edge.target).label}"

        for repair in repair_set.repairs:
            if repair.action == "distrust_observation":
                distrusted.add(repair.target)
                parts.append(f"set aside the measurement of {self.graph.node(repair.target).label}")
            elif repair.target not in names:
                raise GraphError(f"the edge {repair.target!r} is no longer in the graph; check again")
            elif repair.action == "flip_edge":
                graph = edits.set_edge_sign(graph, repair.target, -names[repair.target].sign)
                parts.append(f"flipped the sign of {edge_text(repair.target)}")
            else:
                graph = edits.delete_edge(graph, repair.target)
                parts.append(f"removed {edge_text(repair.target)}")
        description = f"repair for {experiment}: " + "; ".join(parts)
        before = AppliedRepair(description, self.graph, tuple(self.experiments))
        self.experiments = [
            e.model_copy(update={"scenario": e.scenario.model_copy(update={
                "observations": {n: v for n, v in e.scenario.observations.items() if n not in distrusted}})})
            if e.name == experiment else e for e in self.experiments
        ]
        self.edit(description, lambda _current: graph)  # relabels, rechecks and saves (experiments too)
        self.applied_repair = before

    def undo_repair(self) -> None:
        """Take the last applied repair back: its edges and its set-aside measurements."""
        applied = self.applied_repair
        if applied is None:
            raise GraphError("no repair to undo")
        self.experiments = list(applied.experiments_before)
        self.edit(f"undid the {applied.description}", lambda _current: applied.graph_before)
        self.applied_repair = None

    def _set_experiments(self, experiments: list[Experiment], description: str) -> None:
        self.experiments = experiments
        self.applied_repair = None
        self._check_experiments()  # the scenario's labels do not change: last_change stays theirs
        self._autosave(description)

    def _check_experiments(self) -> None:
        """Check every experiment against the graph (its own interventions, its measurements)."""
        self.checks = {}
        if not any(e.scenario.observations for e in self.experiments):
            return
        reasoner = self._graph_reasoner()
        self.checks = {e.name: reasoner.label(e.scenario) for e in self.experiments if e.scenario.observations}

    def set_time_limit(self, seconds: float) -> None:
        """A new solver time limit, used from the next labelling on."""
        self.time_limit_s = seconds
        self._reasoner = None

    # --- persistence ------------------------------------------------------------------------
    @property
    def display_name(self) -> str:
        return self.name or self.title

    def state(self) -> WorkspaceState:
        return WorkspaceState(
            scenario=self.scenario,
            question_scenario=self.question_scenario,
            premise_sources=list(self.premise_sources),
            contrast=self.contrast,
            last_change=self.last_change,
            experiments=self.experiments,
        )

    def save_as(self, name: str, replace: bool = False) -> None:
        """Save under ``name`` now; later changes autosave under it. A name that another workspace
        already has is refused (WorkspaceExists) unless ``replace`` says to save onto it; the one
        this session already saves to is just saved again."""
        if self.store is None:
            raise GraphError("no workspace store is configured")
        name = name.strip()
        if not name:
            raise GraphError("a workspace needs a name")
        ours = name == self.name
        result = self.store.save(name, self.graph, note="saved" if ours else f"saved as {name!r}",
                                 state=self._state_json(), new=not (ours or replace),
                                 based_on=self.base_version if ours else None)
        self.name, self.autosave_error = name, None
        self._saved(result)
        self.save_view()

    def save_view(self) -> None:
        """Remember the view with the saved workspace (a failure only costs the view)."""
        if self.store is not None and self.name:
            try:
                self.store.save_view(self.name, self.view.model_dump(mode="json"))
            except GraphError as exc:
                self.autosave_error = f"the view of {self.name!r} was not saved: {exc}"

    def restore_version(self, version: int) -> None:
        """Make a saved version of this workspace current again, its scenario included. The store
        saves it as a new version, so the history keeps everything, and here it is one undoable change."""
        if self.store is None or not self.name:
            raise GraphError("only a saved workspace has earlier versions")
        restored = self.store.restore(self.name, version)
        self.base_version, self.conflict = restored.version, None
        self._adopt(restored.graph, _read_model(WorkspaceState, restored.state), f"restored version {version}")

    def take_latest(self) -> None:
        """After a conflict: continue from the version saved elsewhere (this session's change
        stays in the history, kept aside)."""
        if self.store is None or not self.name:
            raise GraphError("only a saved workspace has other versions")
        latest = self.store.snapshot(self.name)
        self.base_version, self.conflict = latest.version, None
        self._adopt(latest.graph, _read_model(WorkspaceState, latest.state), "took the version saved elsewhere")

    def _adopt(self, graph: Graph, state: WorkspaceState | None, description: str) -> None:
        """Make a saved graph and its state (scenario, experiments) this session's, as one undoable
        change; it is saved already, so nothing is written."""
        graph = graph.validate_shapes()
        self.history.push(graph)
        self.graph, self.applied_repair, self._saved_graph = graph, None, graph
        if state is not None:
            self.experiments = [e.model_copy(update={"scenario": _fitting(e.scenario, graph)})
                                for e in state.experiments]
        self._relabel(_fitting(state.scenario if state is not None else self.scenario, graph), description)
        self._check_experiments()

    def _state_json(self) -> dict[str, Any]:
        return self.state().model_dump(mode="json")

    def _saved(self, result: SaveResult) -> None:
        # base_version's graph is this session's only when the save became current
        self._saved_graph = self.graph if result.current else None
        if result.current:
            self.base_version, self.conflict = result.version, None
            return
        self.conflict = SaveConflict(kept=result.version, latest=result.latest,
                                     based_on=self.base_version or 0)
        self.autosave_error = (
            f"Workspace {self.name!r} was saved in another session (version {result.latest}) after you "
            f"opened version {self.base_version}. Your change is kept as version {result.version} in its "
            f"History and version {result.latest} stays current: restore yours, or take the latest."
        )

    # --- internals --------------------------------------------------------------------------
    def _switch_graph(self, graph: Graph, description: str) -> None:
        # Interventions and observations on removed or retyped nodes no longer mean anything.
        fitting = _fitting(self.scenario, graph)
        interventions, observations = dict(fitting.interventions), fitting.observations
        kinds = graph.kinds()
        # A node that becomes a cause of the question starts set as the question puts it (a state
        # active, a quantity increasing); one that stops being a cause is no longer set. Sources
        # kept from before keep whatever the user set them to, "not set" included.
        old_sources = set(self.graph.sources)
        for source in old_sources - set(graph.sources):
            interventions.pop(source, None)
        for source in graph.sources:
            if source not in old_sources:
                interventions.setdefault(source, "active" if kinds[source] == "state" else "increasing")
        self.graph = graph
        self.applied_repair = None
        self.experiments = [e.model_copy(update={"scenario": _fitting(e.scenario, graph)}) for e in self.experiments]
        self._relabel(Scenario(interventions=interventions, observations=observations), description)
        self._check_experiments()
        self._autosave(description)

    def _relabel(self, scenario: Scenario, description: str) -> None:
        before = self.labelling
        self.scenario = scenario
        self.labelling = self._label()
        self.contrast = compare_labellings(before, self.labelling)
        self.last_change = description
        self.answer = explain(self.graph, self.labelling, self._answered_contrast())

    def _answered_contrast(self) -> Contrast | None:
        """The change the answer states: none once the scenario is back at the question's, whose answer
        needs no "before, it ..." notes (the last-change panel still lists what the reset changed)."""
        return None if self.last_change == BACK_TO_QUESTION else self.contrast

    def _label(self) -> Labelling:
        return self._graph_reasoner().label(self.scenario)

    def _graph_reasoner(self) -> Reasoner:
        if self._reasoner is None:
            self._reasoner = Reasoner(self.graph, time_limit_s=self.time_limit_s)
        elif self._reasoner.graph is not self.graph:
            # Re-grounds only when the structure changed (not after a rename or a toggle).
            self._reasoner = self._reasoner.with_graph(self.graph)
        return self._reasoner

    def _autosave(self, note: str) -> None:
        """Save under the workspace's name; the change's description becomes the version's note."""
        if self.store is None or not self.name:
            return
        try:
            if self.graph is self._saved_graph and self.base_version is not None:  # only the state changed
                result = self.store.save_state(self.name, self._state_json(), self.base_version, note=note)
            else:
                result = self.store.save(self.name, self.graph, note=note, state=self._state_json(),
                                         based_on=self.base_version)
            self.autosave_error = None
            self._saved(result)
        except Exception as exc:  # noqa: BLE001 - a failed save must not lose the edit in memory
            self.autosave_error = f"autosave of {self.name!r} failed: {exc}"


def ranked_repairs(graph: Graph, repair_sets: list[RepairSet]) -> list[RepairSet]:
    """Repair sets cheapest first; among equally cheap ones, those that overturn the fewest evidence
    sentences (flipped or removed edges), then those that distrust the fewest measurements."""
    evidence = {edge.id: len(edge.evidence) for edge in graph.edges}

    def key(repair_set: RepairSet) -> tuple[int, int, int]:
        overturned = sum(evidence.get(r.target, 0) for r in repair_set.repairs if r.action != "distrust_observation")
        distrusted = sum(r.action == "distrust_observation" for r in repair_set.repairs)
        return repair_set.cost, overturned, distrusted

    return sorted(repair_sets, key=key)


def _read_model(model: type[BaseModel], data: dict[str, Any] | None) -> Any:
    """A saved state or view, or None when absent or written by an incompatible build."""
    if data is None:
        return None
    try:
        return model.model_validate(data)
    except ValidationError:
        return None


def _fitting(scenario: Scenario, graph: Graph) -> Scenario:
    """``scenario`` without the settings that no longer fit ``graph`` (removed or retyped nodes)."""
    kinds = graph.kinds()
    settable = {"quantity": QUANTITY_VALUES, "state": STATE_VALUES}
    measurable = {"quantity": QUANTITY_VALUES + UNCERTAIN_VALUES, "state": STATE_VALUES}

    def keep(values: dict[str, str], allowed: dict[str, tuple[str, ...]]) -> dict[str, str]:
        return {n: v for n, v in values.items() if n in kinds and v in allowed[kinds[n]]}

    return Scenario(interventions=keep(scenario.interventions, settable),
                    observations=keep(scenario.observations, measurable))
