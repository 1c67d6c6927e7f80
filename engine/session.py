"""The graph a person is working on, kept consistent after every change (UI-free).

A ``WorkspaceSession`` holds the current graph, its scenario (interventions), the edit history, the
labelling, the before/after contrast of the last change and the regenerated explanation. Every change
— an edit, a toggle, an undo — goes through one method that relabels with the reasoner, diffs the new
labels against the old ones and rewrites the answer, so whoever shows the session (the Streamlit pages)
only reads its fields. A ``Reasoner`` is kept per graph structure: a toggle re-solves, it does not
re-ground. With a store and a name, the graph is saved after each change (autosave).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from engine.answer import Answer, explain
from engine.edits import EditHistory
from engine.model import (
    QUANTITY_VALUES,
    STATE_VALUES,
    Contrast,
    Graph,
    GraphError,
    Labelling,
    Scenario,
    Value,
)
from engine.reasoner import Reasoner, compare_labellings

if TYPE_CHECKING:
    from engine.storage import WorkspaceStore

Edit = Callable[[Graph], Graph]


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
        )
        if labelling is None:
            session.labelling = session._label()
        session.answer = answer or explain(session.graph, session.labelling)
        return session

    # --- changes ----------------------------------------------------------------------------
    def edit(self, description: str, change: Edit) -> None:
        """Apply a pure edit (``engine.edits``) to the graph; GraphError leaves everything as it was."""
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
                      "back to the question's scenario")

    def set_time_limit(self, seconds: float) -> None:
        """A new solver time limit, used from the next labelling on."""
        self.time_limit_s = seconds
        self._reasoner = None

    # --- persistence ------------------------------------------------------------------------
    def save_as(self, name: str) -> None:
        """Name the workspace and save it now; later changes autosave under this name."""
        if self.store is None:
            raise GraphError("no workspace store is configured")
        name = name.strip()
        if not name:
            raise GraphError("a workspace needs a name")
        self.store.save(name, self.graph)
        self.name = name
        self.autosave_error = None

    def restore_version(self, version: int) -> None:
        """Make a saved version of this workspace current again. The store saves it as a new
        version, so the history keeps everything, and here it is one undoable change."""
        if self.store is None or not self.name:
            raise GraphError("only a saved workspace has earlier versions")
        self.replace_graph(f"restored version {version}", self.store.restore(self.name, version))

    # --- internals --------------------------------------------------------------------------
    def _switch_graph(self, graph: Graph, description: str) -> None:
        kinds = graph.kinds()
        allowed = {"quantity": QUANTITY_VALUES, "state": STATE_VALUES}
        # Interventions on removed or retyped nodes no longer mean anything.
        interventions = {
            node_id: value
            for node_id, value in self.scenario.interventions.items()
            if node_id in kinds and value in allowed[kinds[node_id]]
        }
        observations = {
            node_id: value
            for node_id, value in self.scenario.observations.items()
            if node_id in kinds and value in allowed[kinds[node_id]]
        }
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
        self._relabel(Scenario(interventions=interventions, observations=observations), description)
        self._autosave(description)

    def _relabel(self, scenario: Scenario, description: str) -> None:
        before = self.labelling
        self.scenario = scenario
        self.labelling = self._label()
        self.contrast = compare_labellings(before, self.labelling)
        self.last_change = description
        self.answer = explain(self.graph, self.labelling, self.contrast)

    def _label(self) -> Labelling:
        if self._reasoner is None:
            self._reasoner = Reasoner(self.graph, time_limit_s=self.time_limit_s)
        elif self._reasoner.graph is not self.graph:
            # Re-grounds only when the structure changed (not after a rename or a toggle).
            self._reasoner = self._reasoner.with_graph(self.graph)
        return self._reasoner.label(self.scenario)

    def _autosave(self, note: str) -> None:
        """Save under the workspace's name; the change's description becomes the version's note."""
        if self.store is None or not self.name:
            return
        try:
            self.store.save(self.name, self.graph, note=note)
            self.autosave_error = None
        except Exception as exc:  # noqa: BLE001 - a failed save must not lose the edit in memory
            self.autosave_error = f"autosave of {self.name!r} failed: {exc}"
