"""The one graph model that every part of Causeway shares (DESIGN §2).

A ``Graph`` holds quantity and state ``Node``s joined by signed ``Edge``s of two relations, following
Qualitative Process Theory: *influence* between quantities, *triggers* into or out of states. A
``Scenario`` says which nodes are set from outside (interventions) and what was measured
(observations); a ``Labelling`` is what the reasoner concludes for every node.

Graphs are plain pydantic values: editing functions return new graphs, which keeps undo trivial and
lets the reasoner cache on structure. ``Graph.validate_shapes`` names the first offending element.
"""

from __future__ import annotations

import json
import re
import typing
import unicodedata
from collections.abc import Mapping
from types import MappingProxyType
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

SCHEMA_VERSION = 1

NodeKind = Literal["quantity", "state"]
Relation = Literal["influence", "triggers"]
Origin = Literal["literature", "data", "user"]
# supported: a claim its sentence states, read alike by two readers; possible: read by one reader only
# or stated only hedged ("may", "suggests"), drawn and worded apart; contested: papers disagree on the sign (both sides kept, each with its citations).
EdgeStatus = Literal["supported", "possible", "contested", "asserted-by-user"]
Orientation = Literal["directed", "undirected", "bidirected", "partial"]
Sign = Literal[1, -1]

QuantityValue = Literal["increasing", "decreasing", "stable"]
StateValue = Literal["active", "inactive"]
Value = Literal["increasing", "decreasing", "stable", "active", "inactive"]

QUANTITY_VALUES: tuple[str, ...] = ("increasing", "decreasing", "stable")
STATE_VALUES: tuple[str, ...] = ("active", "inactive")
# A measurement may be uncertain, as in the bioasp tools (iggy): "not up" (stable or down), "not down".
ObservedValue = Literal["increasing", "decreasing", "stable", "active", "inactive", "not increasing", "not decreasing"]
UNCERTAIN_VALUES: tuple[str, ...] = ("not increasing", "not decreasing")

# Spellings a person may type for a value; the model itself only stores the canonical ones.
_VALUE_SYNONYMS = {
    "increase": "increasing", "increases": "increasing", "up": "increasing", "+": "increasing",
    "decrease": "decreasing", "decreases": "decreasing", "down": "decreasing", "-": "decreasing",
    "steady": "stable", "unchanged": "stable", "0": "stable",
    "on": "active", "true": "active", "present": "active",
    "off": "inactive", "false": "inactive", "absent": "inactive",
}


class GraphError(ValueError):
    """A graph, scenario or annotation that breaks the model's rules; the message names the culprit."""


def parse_value(text: str) -> Value:
    """Read a node value as a person would type it ("increase", "up", "active", "off", ...)."""
    word = text.strip().lower()
    word = _VALUE_SYNONYMS.get(word, word)
    if word not in QUANTITY_VALUES + STATE_VALUES:
        raise GraphError(
            f"unknown value {text!r}: use increasing/decreasing/stable for a quantity, "
            "active/inactive for a state"
        )
    return word  # type: ignore[return-value]


def parse_observed(text: str) -> ObservedValue:
    """Read a measured value: any value ``parse_value`` reads, or "not up" / "not down" for a quantity
    ("not on" is simply off, and the other way round)."""
    word = " ".join(text.strip().lower().split())
    if not word.startswith("not "):
        return parse_value(word)
    negated = parse_value(word.removeprefix("not "))
    opposite = {"increasing": "not increasing", "decreasing": "not decreasing",
                "active": "inactive", "inactive": "active"}
    if negated not in opposite:
        raise GraphError(f"unknown value {text!r}: 'not stable' is not a measurement; use 'not up' or 'not down'")
    return opposite[negated]  # type: ignore[return-value]


# Lower-case Greek letters spelled out (names of genes and proteins carry them: Aβ, TNF-α, NF-κB).
GREEK_LETTERS = MappingProxyType({
    "α": "alpha", "β": "beta", "γ": "gamma", "δ": "delta", "ε": "epsilon", "ζ": "zeta", "η": "eta",
    "θ": "theta", "ι": "iota", "κ": "kappa", "λ": "lambda", "μ": "mu", "ν": "nu", "ξ": "xi",
    "π": "pi", "ρ": "rho", "σ": "sigma", "τ": "tau", "υ": "upsilon", "φ": "phi", "χ": "chi",
    "ψ": "psi", "ω": "omega", "ϐ": "beta", "ϰ": "kappa", "ς": "sigma",
})


def slugify(label: str) -> str:
    """A stable node id from a label: lower-case ASCII words joined by underscores, Greek letters
    spelled out ("Aβ" → "abeta", not "a")."""
    spelled = "".join(GREEK_LETTERS.get(ch, ch) for ch in label)
    text = unicodedata.normalize("NFKD", spelled).encode("ascii", "ignore").decode()
    slug = re.sub(r"[^a-z0-9]+", "_", text.lower()).strip("_")
    return slug or "node"


class Evidence(BaseModel):
    """One sentence from an indexed document that states an edge."""

    doc_id: str
    title: str = ""
    sentence: str
    score: float = Field(0.0, allow_inf_nan=False)
    query: str = ""
    # The readers that found this claim in this sentence ("rules", "parse", "llm"); empty when unknown
    # (an older graph, or evidence a user typed).
    readers: list[str] = Field(default_factory=list)
    # The sentence states the claim only hedged ("may", "suggests", "putative"): it cannot make the edge
    # established, however many readers agree.
    hedged: bool = False
    # The sentence before ``sentence`` in its paper, where the claim names an entity through it (a
    # definite noun such as "the mutations" read as its antecedent there); empty otherwise.
    before: str = ""


class MergedName(BaseModel):
    """A name that Integrate filed under a node, and why it names the same entity."""

    name: str
    reason: str = Field(description="e.g. 'same normalised form', 'abbreviation defined in PMID 123', 'FamPlex synonym'")


class GroundingRef(BaseModel):
    """An identifier a name grounds to in a curated resource (HGNC, FamPlex, GO, ChEBI, MeSH, ...)."""

    namespace: str
    id: str
    name: str = Field("", description="the resource's standard name for the identifier")
    score: float = Field(0.0, allow_inf_nan=False)

    @property
    def curie(self) -> str:
        """"HGNC:6893"; GO, ChEBI, DOID and HP ids carry their prefix already ("GO:0006954")."""
        return self.id if self.id.startswith(f"{self.namespace}:") else f"{self.namespace}:{self.id}"


class ConceptLink(BaseModel):
    """Why a node answers for a question's concept it is not: a kind or a part of it in a curated
    ontology ("neuroinflammation, a kind of inflammation"), or the concept in other words ("preloading
    colloid fluid" for colloid preloading), shown with its source."""

    node: str = Field(description="id of the question's node this one answers for")
    relation: Literal["is a kind of", "is part of", "is a kind or part of", "is a member of", "is in other words"]
    source: str = Field(description="the resource that says so, e.g. 'GO is_a GO:0006954'")


class Node(BaseModel):
    id: str = Field(min_length=1)
    label: str
    kind: NodeKind = "quantity"
    aliases: list[str] = Field(default_factory=list)
    origin: Origin = "literature"
    merged: list[MergedName] = Field(default_factory=list)
    # Identifiers the node's name grounds to, best first; empty where nothing grounds it.
    groundings: list[GroundingRef] = Field(default_factory=list)
    answers_for: ConceptLink | None = None


class Edge(BaseModel):
    id: str = Field(min_length=1)
    source: str
    target: str
    relation: Relation = "influence"
    sign: Sign = 1
    evidence: list[Evidence] = Field(default_factory=list)
    origin: Origin = "literature"
    status: EdgeStatus = "supported"
    confidence: float = Field(1.0, ge=0.0, le=1.0)
    # Discovery from data may leave an edge's direction open; the reasoner uses directed edges only.
    orientation: Orientation = "directed"
    weight: float | None = Field(None, allow_inf_nan=False)


def papers_stating(edge: Edge) -> int:
    """The number of distinct papers whose sentences the edge cites."""
    return len({evidence.doc_id for evidence in edge.evidence})


def is_tentative(edge: Edge) -> bool:
    """An edge the solver does not assume to act (engine/solver/qpt_possible.lp): one read by one reader only
    or stated only hedged (status possible), or a literature claim that a single paper states. One
    paper's finding, however clearly read, is unreplicated: a label resting on such edges alone is
    possible, never certain. (A literature edge without recorded evidence comes from an older graph
    and is taken as it was.)"""
    if edge.status == "possible":
        return True
    return edge.origin == "literature" and edge.status != "asserted-by-user" and papers_stating(edge) == 1


def edge_id(source: str, relation: str, sign: int, target: str) -> str:
    """The conventional id of an edge: one edge per (source, relation, sign, target)."""
    return f"{source}{'+' if sign > 0 else '-'}{'>' if relation == 'influence' else '>>'}{target}"


class Graph(BaseModel):
    schema_version: int = SCHEMA_VERSION
    question: str = ""
    nodes: list[Node] = Field(default_factory=list)
    edges: list[Edge] = Field(default_factory=list)
    sources: list[str] = Field(default_factory=list)
    targets: list[str] = Field(default_factory=list)

    # --- lookup -----------------------------------------------------------------------------
    def node(self, node_id: str) -> Node:
        for node in self.nodes:
            if node.id == node_id:
                return node
        raise GraphError(f"no node with id {node_id!r}")

    def edge(self, edge_id_: str) -> Edge:
        for edge in self.edges:
            if edge.id == edge_id_:
                return edge
        raise GraphError(f"no edge with id {edge_id_!r}")

    def has_node(self, node_id: str) -> bool:
        return any(node.id == node_id for node in self.nodes)

    def node_ids(self) -> list[str]:
        return [node.id for node in self.nodes]

    def kinds(self) -> dict[str, NodeKind]:
        return {node.id: node.kind for node in self.nodes}

    def in_edges(self, node_id: str) -> list[Edge]:
        return [edge for edge in self.edges if edge.target == node_id]

    def out_edges(self, node_id: str) -> list[Edge]:
        return [edge for edge in self.edges if edge.source == node_id]

    def structure_key(self) -> tuple:
        """What the reasoner's grounding depends on: node kinds and directed signed edges."""
        return (
            tuple(sorted((n.id, n.kind) for n in self.nodes)),
            tuple(sorted(
                (e.source, e.relation, e.sign, e.target)
                for e in self.edges if e.orientation == "directed"
            )),
        )

    # --- validation -------------------------------------------------------------------------
    def validate_shapes(self) -> Graph:
        """Check ids, labels, references and the edge shapes QPT allows; return self if valid."""
        seen: set[str] = set()
        for node in self.nodes:
            if node.id in seen:
                raise GraphError(f"duplicate node id {node.id!r}")
            seen.add(node.id)
            if not node.label.strip():
                raise GraphError(f"node {node.id!r} has an empty label")
        kinds = self.kinds()
        seen_edges: set[str] = set()
        for edge in self.edges:
            if edge.id in seen_edges:
                raise GraphError(f"duplicate edge id {edge.id!r}")
            seen_edges.add(edge.id)
            for end in (edge.source, edge.target):
                if end not in kinds:
                    raise GraphError(f"edge {edge.id!r} refers to unknown node {end!r}")
            _check_shape(edge, kinds[edge.source], kinds[edge.target])
        for role, ids in (("source", self.sources), ("target", self.targets)):
            for node_id in ids:
                if node_id not in kinds:
                    raise GraphError(f"question {role} {node_id!r} is not a node of the graph")
        return self

    # --- serialisation ----------------------------------------------------------------------
    def to_json(self, indent: int | None = 2) -> str:
        return self.model_dump_json(indent=indent)

    @classmethod
    def from_json(cls, text: str) -> Graph:
        """Parse and validate a graph; every problem becomes a GraphError with a readable message."""
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise GraphError(f"not valid JSON: {exc}") from exc
        except RecursionError:
            raise GraphError(_TOO_DEEP) from None
        return cls.from_dict(data)

    @classmethod
    def from_dict(cls, data: object) -> Graph:
        if not isinstance(data, dict):
            raise GraphError("a graph must be a JSON object")
        version = data.get("schema_version", SCHEMA_VERSION)
        if type(version) is not int or version != SCHEMA_VERSION:
            raise GraphError(f"unsupported graph schema_version {version!r} (expected {SCHEMA_VERSION})")
        try:
            graph = cls.model_validate(data)
        except ValidationError as exc:
            raise GraphError(_describe_validation_error(exc)) from exc
        except RecursionError:
            raise GraphError(_TOO_DEEP) from None
        return graph.validate_shapes()

    @classmethod
    def unknown_fields(cls, data: object) -> list[str]:
        """Where ``data`` (a graph as parsed JSON) has fields the graph model does not know, e.g.
        ``nodes[2].colour``: validation ignores them, so a caller can say they were left out."""
        return _unknown_fields(cls, data, "")

    @classmethod
    def json_schema(cls) -> dict:
        return cls.model_json_schema()


# A graph is nodes and edges a few levels deep; JSON nested far deeper is not one (and would exhaust
# Python's recursion limit while parsed or validated).
_TOO_DEEP = "the JSON is nested too deeply to be a graph (a graph file is nodes and edges a few levels deep)"


def _unknown_fields(model: type[BaseModel], data: object, where: str) -> list[str]:
    if not isinstance(data, dict):
        return []
    found: list[str] = []
    for key, value in data.items():
        field = model.model_fields.get(key) if isinstance(key, str) else None
        path = f"{where}.{key}" if where else str(key)
        if field is None:
            found.append(path)
            continue
        inner = _model_in(field.annotation)
        if inner is None:
            continue
        if isinstance(value, list):
            for position, item in enumerate(value):
                found += _unknown_fields(inner, item, f"{path}[{position}]")
        else:
            found += _unknown_fields(inner, value, path)
    return found


def _model_in(annotation: object) -> type[BaseModel] | None:
    """The model a field holds, alone, in a list or optional (None for plain values)."""
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation
    for argument in typing.get_args(annotation):
        found = _model_in(argument)
        if found is not None:
            return found
    return None


def _check_shape(edge: Edge, source_kind: NodeKind, target_kind: NodeKind) -> None:
    if edge.relation == "influence" and (source_kind, target_kind) != ("quantity", "quantity"):
        raise GraphError(
            f"edge {edge.id!r}: {_shape(edge, source_kind, target_kind)} is not allowed; influences "
            "join two quantities, use triggers for a state"
        )
    if edge.relation == "triggers":
        if source_kind == "quantity" and target_kind == "quantity":
            raise GraphError(
                f"edge {edge.id!r}: {_shape(edge, source_kind, target_kind)} is not allowed; "
                "use influence between quantities"
            )
        if source_kind == "state" and target_kind == "state" and edge.sign != 1:
            raise GraphError(f"edge {edge.id!r}: a trigger from state to state must have sign +")


def _shape(edge: Edge, source_kind: NodeKind, target_kind: NodeKind) -> str:
    return f"{edge.relation}({source_kind} → {target_kind})"


def _describe_validation_error(exc: ValidationError) -> str:
    first = exc.errors()[0]
    where = ".".join(str(part) for part in first["loc"])
    return f"invalid graph at {where}: {first['msg']}"


class Scenario(BaseModel):
    """Interventions (do-operator settings) and optional observations, both node id → value."""

    interventions: dict[str, Value] = Field(default_factory=dict)
    observations: dict[str, ObservedValue] = Field(default_factory=dict)

    def validate_against(self, graph: Graph) -> Scenario:
        """Check that every node named exists and takes the value given; return self if so."""
        return self.validate_kinds(graph.kinds())

    def validate_kinds(self, kinds: Mapping[str, NodeKind]) -> Scenario:
        """``validate_against`` for a caller that keeps the graph's node kinds (node id → kind)."""
        for role, values in (("intervention", self.interventions), ("observation", self.observations)):
            for node_id, value in values.items():
                if node_id not in kinds:
                    raise GraphError(f"{role} on unknown node {node_id!r}")
                allowed = QUANTITY_VALUES if kinds[node_id] == "quantity" else STATE_VALUES
                if role == "observation" and kinds[node_id] == "quantity":
                    allowed += UNCERTAIN_VALUES
                if value not in allowed:
                    raise GraphError(
                        f"{role} {node_id}={value}: a {kinds[node_id]} takes one of {', '.join(allowed)}"
                    )
        return self

    @classmethod
    def default_for(cls, graph: Graph) -> Scenario:
        """The question's sources intervened on: a state active, a quantity increasing."""
        kinds = graph.kinds()
        return cls(interventions={
            s: ("active" if kinds[s] == "state" else "increasing") for s in graph.sources if s in kinds
        })


class NodeLabel(BaseModel):
    # immutable, its sequences included: the reasoner shares one instance between the nodes and
    # labellings it fits, so changing one in place would change them all
    model_config = ConfigDict(frozen=True)

    label: Value
    certain: bool
    possible: tuple[Value, ...]
    justification: tuple[str, ...] = Field(default=(), description="ids of the incoming edges that justify the label")
    intervened: bool = False


class Repair(BaseModel):
    """One change that makes the graph consistent with the observations."""

    action: Literal["flip_edge", "remove_edge", "distrust_observation"]
    target: str  # an edge id, or a node id for a distrusted observation


class RepairSet(BaseModel):
    cost: int
    repairs: list[Repair]


class InconsistentCore(BaseModel):
    """A minimal set of measurements and edges that cannot all hold together (whatever the other
    edges do): drop any one of them and the rest can."""

    observations: list[str]  # node ids of the measured values
    edges: list[str]


class Labelling(BaseModel):
    status: Literal["ok", "timeout", "unsatisfiable"] = "ok"
    message: str = ""
    labels: dict[str, NodeLabel] = Field(default_factory=dict)
    consistent: bool | None = None
    repairs: list[RepairSet] = Field(default_factory=list)
    cores: list[InconsistentCore] = Field(default_factory=list)


class Experiment(BaseModel):
    """One set of measurements (an observation set) and the interventions it was measured under."""

    name: str = Field(min_length=1, max_length=200)
    scenario: Scenario = Field(default_factory=Scenario)


class LabelChange(BaseModel):
    node: str
    before: NodeLabel | None
    after: NodeLabel | None


class Contrast(BaseModel):
    """Per-node difference between two labellings of the same graph (\"why Y rather than Y′\")."""

    changes: list[LabelChange] = Field(default_factory=list)
