"""Integrate (DESIGN §5 step 6): merge names into entities and grow the graph best-first.

Verified claims from every round are pooled. A claim whose end names no entity (an author, an
organisation, a number, a residue, a lone describing word: ``engine.assembly.entities``) is pruned with the
reason. Each other end is resolved to an *entity*, and two names are one entity only when
``engine.assembly.identity`` says they name the same thing: the same normalised form, an abbreviation the
paper defines (the annotation's aliases), or a curated synonym. A form or modification of X (its
phosphorylation, oligomers, mutation) is its own entity. Every name filed under an entity is shown on
its node with the reason (``Node.merged``).

One reading is not a merge: a name that states a lowering of X ("mTOR inhibitors", "inhibition of
Akt", "Cdc37 siRNA", "clearance of misfolded proteins", "knockout of NLRP3", "TREM2 deficiency") is a
*decrease of X*, recorded on X's node as such, unless the question itself names it.

An entity is a *state* when every mention of it is a plain state (no change); otherwise a
*quantity*, and its state-like mentions are read as changes. Each claim is then rewritten with the
decided kinds and mapped to an edge by ``engine.model.annotations.interpret``, so relation and sign always
follow DESIGN §3. Claims of one edge pool their evidence. When papers disagree on the sign between
the same two nodes, both edges are kept with their own citations, marked contested: the solver then
finds the target ambiguous instead of trusting the better-evidenced side.

Growth is A*-like: edge costs fall with evidence strength; Dijkstra distances forward from the sources
and backward from the targets give every node ``f = d_forward + d_backward`` when it lies on a
source–target path. Those nodes come first (cheapest first), then the open frontier (reached from one
side only) by distance, until the node budget is spent. Frontier nodes seed the next round's queries.
"""

from __future__ import annotations

import heapq
from collections import defaultdict
from dataclasses import dataclass, field

from pydantic import BaseModel, Field

from engine.model.annotations import Annotation, Change, format_annotation, interpret
from engine.backends.base import ExtractedClaim
from engine.assembly.entities import non_entity_reason
from engine.assembly.lowering import lowered_core
from engine.assembly.concepts import (
    NameGrounder, entity_grounding, famplex_grounder, form_key, qualifies, reworded, same_form_reason,
    same_identifier_reason, shown_as,
)
from engine.assembly.identity import (
    Identity, LibraryAbbreviations, adjective_noun, defined_abbreviation, identity_key, library_abbreviation,
    same_form,
)
from engine.model.graph import (
    ConceptLink, Edge, Evidence, Graph, GroundingRef, MergedName, Node, NodeKind, edge_id, slugify,
)
from engine.reading.language.text import normalise_term

MAX_ALIASES = 8
MAX_EVIDENCE_PER_EDGE = 5
# A* with a bound: nodes on source–target chains costing more than the best chain through a node
# between them plus this slack are left out. Zero keeps only the best-evidenced mechanisms (and exact
# ties): a costlier chain of opposite sign otherwise makes the target ambiguous, and every extra
# extracted edge adds its own chance of error (tune half: 2 ambiguous targets became right, none got
# worse; BENCHMARKS.md). The bound is measured from the best mechanism, not from a direct edge: a
# paper stating "X raises Y" must not hide the papers that say how.
PATH_SLACK = 0.0
# Sums of the same costs in another order differ in the last bits: a node of the best path must not
# fall outside a zero slack by rounding.
_COST_TOLERANCE = 1e-9


@dataclass
class _Entity:
    index: int
    node_id: str
    label: str
    names: list[str] = field(default_factory=list)
    merged: list[MergedName] = field(default_factory=list)
    role: str = ""  # "source", "target" or ""
    groundings: list[GroundingRef] = field(default_factory=list)
    answers_for: ConceptLink | None = None


@dataclass
class _Side:
    entity: int
    change: Change | None
    lowered: bool = False  # a plain "mTOR inhibitors": a decrease of the entity, though no change is stated

    @property
    def plain_state(self) -> bool:
        return self.change is None and not self.lowered


@dataclass
class _PooledClaim:
    claim: ExtractedClaim
    subject: _Side
    object: _Side
    round: int


class PrunedClaim(BaseModel):
    line: str
    doc_id: str
    sentence: str
    reason: str
    round: int = 0


class Integration(BaseModel):
    graph: Graph
    connected: bool
    forward_frontier: list[str] = Field(default_factory=list, description="node ids reached from the sources only")
    backward_frontier: list[str] = Field(default_factory=list, description="node ids reaching the targets only")
    pruned: list[PrunedClaim] = Field(default_factory=list)
    distances: dict[str, float] = Field(default_factory=dict, description="f = d_forward + d_backward")


class Integrator:
    """The pool of verified claims of one question, and the entities they name."""

    def __init__(self, question: str, sources: list[str], targets: list[str], max_nodes: int = 40,
                 library: LibraryAbbreviations | None = None, grounder: NameGrounder | None = None) -> None:
        self.question = question
        self.max_nodes = max_nodes
        self._library = library or LibraryAbbreviations()
        self._grounder = grounder or famplex_grounder()
        self._grounded: dict[str, GroundingRef | None] = {}
        self._form_keys: dict[str, tuple[str, GroundingRef] | None] = {}
        self._entities: list[_Entity] = []
        self._parent: list[int] = []  # union-find over entities joined after both were made
        self._by_key: dict[str, tuple[int, str]] = {}  # identity key → (entity, the first name with it)
        self._by_grounding: dict[str, int] = {}  # identifier → entity
        self._used_ids: set[str] = set()
        self._claims: list[_PooledClaim] = []
        self._filtered: list[PrunedClaim] = []
        self._seen: set[tuple[str, str, str]] = set()
        self._question_keys = {identity_key(term) for term in (*sources, *targets)}
        self.source_entities = [self._new_entity(term, "source") for term in sources]
        self.target_entities = [self._new_entity(term, "target") for term in targets]

    # --- entities -------------------------------------------------------------------------------
    def _new_entity(self, label: str, role: str = "") -> int:
        base = slugify(label)
        node_id, n = base, 2
        while node_id in self._used_ids:
            node_id, n = f"{base}_{n}", n + 1
        self._used_ids.add(node_id)
        entity = _Entity(index=len(self._entities), node_id=node_id, label=label.strip(), role=role)
        self._entities.append(entity)
        self._parent.append(entity.index)
        self._file(entity.index, label, None)
        return entity.index

    def _find(self, index: int) -> int:
        while self._parent[index] != index:
            self._parent[index] = self._parent[self._parent[index]]
            index = self._parent[index]
        return index

    def _file(self, index: int, name: str, identity: Identity | None) -> None:
        """File ``name`` under the entity, with the reason it names it (None for its own label)."""
        entity = self._entities[index]
        if not name.strip() or any(normalise_term(name) == normalise_term(n) for n in entity.names):
            return
        entity.names.append(name.strip())
        if identity is not None:
            entity.merged.append(MergedName(name=name.strip(), reason=identity.reason))
        key = identity_key(name)
        if key:
            self._by_key.setdefault(key, (index, name))
        grounding = self._grounding(name)
        if grounding is not None:
            for curie in {grounding.curie, *self._grounder.equivalents(grounding)}:
                self._by_grounding.setdefault(curie, index)
            if all(g.curie != grounding.curie for g in entity.groundings):
                entity.groundings.append(grounding)
        form = self._form_key(name)
        if form is not None:
            self._by_grounding.setdefault(form[0], index)

    def _grounding(self, name: str) -> GroundingRef | None:
        if name not in self._grounded:
            self._grounded[name] = entity_grounding(self._grounder, name)
        return self._grounded[name]

    def _form_key(self, name: str) -> tuple[str, GroundingRef] | None:
        if name not in self._form_keys:
            self._form_keys[name] = form_key(self._grounder, name)
        return self._form_keys[name]

    def _known(self, name: str) -> tuple[int, Identity] | None:
        """An entity that ``name`` names by its normalised form or its identifier, and why."""
        found = self._by_key.get(identity_key(name))
        if found is not None:
            return self._find(found[0]), same_form(name, found[1]) or Identity("same normalised form")
        form = self._form_key(name)
        if form is not None and form[0] in self._by_grounding:
            return self._find(self._by_grounding[form[0]]), Identity(same_form_reason(*form))
        grounding = self._grounding(name)
        if grounding is None:
            return None
        for curie in (grounding.curie, *sorted(self._grounder.equivalents(grounding))):
            if curie in self._by_grounding:
                return self._find(self._by_grounding[curie]), Identity(same_identifier_reason(grounding, curie))
        return None

    def _answer_for_question(self, index: int) -> None:
        """A new entity that is a kind or a part of a question's target (in a curated ontology, or by
        its name) answers for it: a rise of a kind or a part is a rise of the whole. It joins the
        targets, linked to the concept it refines. A source is stood for only by a member of its class
        (a drug curated as one of "PCSK9 inhibitors"): a kind of a cause need not move with it. Either
        is stood for by a name that says it in other words (``reworded``: "preloading colloid fluid"
        for colloid preloading)."""
        entity = self._entities[index]
        for question_index in (*self.source_entities, *self.target_entities):
            concept = self._entities[question_index]
            if concept.answers_for is not None:
                continue
            link = next((found for child in entity.groundings for parent in concept.groundings
                         if (found := self._grounder.refinement(child, parent))), None)
            if concept.role == "target":
                link = link or self._qualified_kind(entity, concept)
            elif link is not None and link[0] != "is a member of":
                link = None
            if link is None:  # a source or a target in the paper's words
                said = next((found for name in entity.names if (found := reworded(name, concept.label))), None)
                link = ("is in other words", f"its name: {said}") if said else None
            if link is not None:
                entity.answers_for = ConceptLink(node=concept.node_id, relation=link[0], source=link[1])
                entity.role = concept.role
                roles = self.source_entities if concept.role == "source" else self.target_entities
                roles.append(index)
                return

    def resolve(self, term: str, aliases: list[str] | None = None, doc_id: str = "") -> int:
        """The entity a name refers to (new if none); ``aliases`` are names the paper ``doc_id``
        defines as the same (abbreviation and long form), and the other form of an abbreviation the
        library defines unambiguously; each joins its entity."""
        known = self._known(term)
        noun = adjective_noun(term) if known is None else None
        if noun:  # "cognitive": the node is named by its noun, the adjective filed under it
            index = self._new_entity(noun)
            self._file(index, term, same_form(term, noun))
        elif known is None:
            index = self._new_entity(term)
        else:
            index = known[0]
            self._file(index, term, known[1])
        for alias in aliases or []:
            identity = defined_abbreviation(*sorted((term, alias), key=len), doc_id or "the paper")
            index = self._join(index, alias, identity)
        for name in (term, *(aliases or [])):
            definition = self._library.get(name)
            if definition is not None:
                index = self._join(index, definition.partner(name), library_abbreviation(definition))
        index = self._find(index)
        if known is None and not noun and not self._entities[index].role:  # by any of its names
            self._answer_for_question(index)
        return index

    def _join(self, index: int, name: str, identity: Identity) -> int:
        """File ``name`` under the entity, or join the entity it already names."""
        other = self._known(name)
        if other is None:
            self._file(index, name, identity)
            return index
        if other[0] != self._find(index):
            return self._union(self._find(index), other[0], identity)
        return index

    def _union(self, a: int, b: int, identity: Identity) -> int:
        """Join two entities the paper names as one; a question's entity stays the node."""
        first, second = sorted((a, b), key=lambda i: (not self._entities[i].role, i))  # else the older
        if self._entities[first].role and self._entities[second].role:
            return a  # a source and a target stay apart, whatever a paper abbreviates
        self._parent[second] = first
        keep, gone = self._entities[first], self._entities[second]
        reasons = {m.name: m.reason for m in gone.merged}  # the names filed under the other keep their reason
        for name in gone.names:
            if all(normalise_term(name) != normalise_term(n) for n in keep.names):
                keep.names.append(name)
                keep.merged.append(MergedName(name=name, reason=reasons.get(name, identity.reason)))
        return first

    def _qualified_kind(self, entity: _Entity, concept: _Entity) -> tuple[str, str] | None:
        """"neuronal apoptosis" is a kind of apoptosis: its head names the concept, or a kind of it;
        "tinnitus complaints" are tinnitus as it shows."""
        shown = next((f"{word} of {concept.label}" for name in entity.names if (word := shown_as(name, concept.label))),
                     None)
        if shown is not None:
            return "is a kind of", f"its name: {shown}"
        named = next((name for name in entity.names if qualifies(name, concept.label)), None)
        if named is not None:
            said = " ".join(named.split()[-len(concept.label.split()):])  # "hepatic injury" for liver injury
            as_said = concept.label if normalise_term(said) == normalise_term(concept.label) \
                else f"{said}, that is {concept.label},"
            return "is a kind of", f"its name: {as_said} qualified by the words before it"
        qualifier = self._grounder.qualifier
        curated = next((name for name in entity.names if qualifies(name, concept.label, qualifier)), None)
        if curated is not None:
            before = curated.split()[: -len(concept.label.split())]
            classes = "; ".join(found for word in before if (found := qualifier(word)))
            return "is a kind of", f"its name: {concept.label} qualified by {classes}"
        if entity.groundings:
            return None
        found = self._grounder.qualified_head(entity.label)
        if found is None:
            return None
        head, head_grounding = found
        for parent in concept.groundings:
            if head_grounding.curie == parent.curie or head_grounding.curie in self._grounder.equivalents(parent):
                return "is a kind of", f"its name: {head} ({head_grounding.curie}) where the words before it say"
            link = self._grounder.refinement(head_grounding, parent)
            if link is not None:
                return "is a kind of", f"its name: {head}, and {link[1]}"
        return None

    def _side(self, term: str, change: Change | None, aliases: list[str], doc_id: str) -> _Side:
        core = None if identity_key(term) in self._question_keys else lowered_core(term)  # the user's own term
        if core is None:
            return _Side(self.resolve(term, aliases, doc_id), change)
        # "[change=increase] Cdc37 siRNA" / "mTOR inhibitors" / "inhibition of Akt" state a decrease of
        # their core: a change of it, not another name for it.
        index = self.resolve(core, aliases, doc_id)
        entity = self._entities[index]
        if all(normalise_term(term) != normalise_term(n) for n in entity.names):
            entity.names.append(term.strip())
            entity.merged.append(MergedName(name=term.strip(), reason=f"a lowering of {core}: read as its decrease"))
        if change is None:
            return _Side(index, None, lowered=True)
        return _Side(index, "decrease" if change == "increase" else "increase")

    # --- pool -----------------------------------------------------------------------------------
    def add(self, claims: list[ExtractedClaim], round_: int) -> list[ExtractedClaim]:
        """Pool verified claims; returns those that were new (same annotation and sentence count once).
        A claim with an end that names no entity is pruned with the reason."""
        added = []
        for claim in claims:
            a = claim.annotation
            key = (f"{a.subject}|{a.subject_change}|{a.object}|{a.object_change}", claim.evidence.doc_id,
                   claim.evidence.sentence)
            if key in self._seen:
                continue
            self._seen.add(key)
            reason = self._not_an_entity(a.subject, claim) or self._not_an_entity(a.object, claim)
            if reason:
                self._filtered.append(_pruned(claim, round_, reason))
                continue
            doc_id = claim.evidence.doc_id
            subject = self._side(a.subject, a.subject_change, a.subject_aliases, doc_id)
            obj = self._side(a.object, a.object_change, a.object_aliases, doc_id)
            self._claims.append(_PooledClaim(claim, subject, obj, round_))
            added.append(claim)
        return added

    def _not_an_entity(self, term: str, claim: ExtractedClaim) -> str:
        if identity_key(term) in self._question_keys:
            return ""
        reason = non_entity_reason(term, claim.evidence.sentence)
        return f"'{term}' is not an entity: {reason}" if reason else ""

    # --- graph ----------------------------------------------------------------------------------
    def build(self) -> Integration:
        kinds = self._kinds()
        pruned: list[PrunedClaim] = list(self._filtered)
        readings: list[tuple[_PooledClaim, tuple[int, str, int, int]]] = []
        for pooled in self._claims:
            source, target = self._find(pooled.subject.entity), self._find(pooled.object.entity)
            if source == target:
                pruned.append(_pruned(pooled.claim, pooled.round,
                                      "cause and effect are the same entity after merging names"))
                continue
            reading = interpret(Annotation(
                subject=self._entities[source].label, subject_change=_canonical_change(pooled.subject, kinds[source]),
                object=self._entities[target].label, object_change=_canonical_change(pooled.object, kinds[target]),
            ))
            readings.append((pooled, (source, reading.relation, reading.sign, target)))
        readings, unclear = _split_unclear_sentences(readings)
        pruned += [_pruned(p.claim, p.round, UNCLEAR_SENTENCE) for p in unclear]
        grouped: dict[tuple[int, str, int, int], list[_PooledClaim]] = defaultdict(list)
        for pooled, key in readings:
            grouped[key].append(pooled)

        edges = _mark_disagreements(self._edges(grouped))
        graph, forward, backward, distances, connected, left_out = self._grow(kinds, edges)
        in_graph = {e.id for e in graph.edges}
        for key, edge in edges.items():
            if edge.id not in in_graph:
                reason = _left_out_reason(left_out.get(key[0]), left_out.get(key[3]))
                pruned.extend(_pruned(p.claim, p.round, reason) for p in grouped[key])
        return Integration(graph=graph, connected=connected, forward_frontier=forward,
                           backward_frontier=backward, pruned=pruned, distances=distances)

    def _kinds(self) -> dict[int, NodeKind]:
        plain_only: dict[int, bool] = {}
        for pooled in self._claims:
            for side in (pooled.subject, pooled.object):
                root = self._find(side.entity)
                plain_only[root] = plain_only.get(root, True) and side.plain_state
        # The question asks how its target changes, so a target stays a quantity even where every claim
        # names it as a plain state ("X causes neurodegeneration": more neurodegeneration).
        return {e.index: ("state" if plain_only.get(e.index, False) and e.role != "target" else "quantity")
                for e in self._entities}

    def _edges(self, grouped: dict[tuple[int, str, int, int], list[_PooledClaim]]) -> dict[tuple, Edge]:
        edges: dict[tuple, Edge] = {}
        for key, pooled in grouped.items():
            source, relation, sign, target = key
            evidence: dict[tuple[str, str], Evidence] = {}
            for p in sorted(pooled, key=lambda p: -p.claim.evidence.score):
                ev = p.claim.evidence
                if p.claim.annotation.hedged and not ev.hedged:
                    ev = ev.model_copy(update={"hedged": True})
                kept = evidence.setdefault((ev.doc_id, ev.sentence), ev)
                if not set(ev.readers) <= set(kept.readers) or (ev.hedged and not kept.hedged):
                    # readers whose claims merged into this edge; a hedge any of them read
                    evidence[(ev.doc_id, ev.sentence)] = kept.model_copy(
                        update={"readers": sorted({*kept.readers, *ev.readers}), "hedged": kept.hedged or ev.hedged})
            challenged = all(p.claim.contested for p in pooled)
            edges[key] = Edge(
                id=edge_id(self._entities[source].node_id, relation, sign, self._entities[target].node_id),
                source=self._entities[source].node_id,
                target=self._entities[target].node_id,
                relation=relation,  # type: ignore[arg-type]
                sign=sign,  # type: ignore[arg-type]
                evidence=list(evidence.values())[:MAX_EVIDENCE_PER_EDGE],
                origin="literature",
                status="contested" if challenged else "supported",
                confidence=max(p.claim.annotation.confidence for p in pooled),
            )
        return edges

    def _grow(
        self, kinds: dict[int, NodeKind], edges: dict[tuple, Edge],
    ) -> tuple[Graph, list[str], list[str], dict[str, float], bool, dict[int, str]]:
        forward_adj: dict[int, list[tuple[int, float]]] = defaultdict(list)
        backward_adj: dict[int, list[tuple[int, float]]] = defaultdict(list)
        for (source, _, _, target), edge in edges.items():
            cost = growth_cost(edge)
            forward_adj[source].append((target, cost))
            backward_adj[target].append((source, cost))
        d_forward = _dijkstra(self.source_entities, forward_adj)
        d_backward = _dijkstra(self.target_entities, backward_adj)

        question = self.source_entities + self.target_entities
        on_path = sorted(
            (d_forward[i] + d_backward[i], i) for i in d_forward if i in d_backward and i not in question
        )
        if on_path:
            best_mechanism = on_path[0][0]
            on_path = [(f, i) for f, i in on_path if f <= best_mechanism + PATH_SLACK + _COST_TOLERANCE]
        connected = any(t in d_forward for t in self.target_entities)
        open_side = sorted(
            [(d, i, "forward") for i, d in d_forward.items() if i not in d_backward and i not in question]
            + [(d, i, "backward") for i, d in d_backward.items() if i not in d_forward and i not in question]
        )
        chosen: list[int] = list(dict.fromkeys(question))
        for _, index in on_path:
            if len(chosen) >= self.max_nodes:
                break
            chosen.append(index)
        forward: list[str] = []
        backward: list[str] = []
        for _, index, side in open_side:
            if len(chosen) >= self.max_nodes:
                break
            chosen.append(index)
            (forward if side == "forward" else backward).append(self._entities[index].node_id)

        chosen_set = set(chosen)
        costlier = {i for i in d_forward if i in d_backward} - {i for _, i in on_path}
        left_out = {i: COSTLIER_CHAIN if i in costlier else OVER_BUDGET
                    for i in (*d_forward, *d_backward) if i not in chosen_set}
        nodes = [self._node(i, kinds[i]) for i in chosen]
        graph_edges = [e for (s, _, _, t), e in edges.items() if s in chosen_set and t in chosen_set]
        distances = {
            self._entities[i].node_id: d_forward[i] + d_backward[i]
            for i in chosen if i in d_forward and i in d_backward
        }
        graph = Graph(
            question=self.question,
            nodes=nodes,
            edges=sorted(graph_edges, key=lambda e: e.id),
            sources=[self._entities[i].node_id for i in dict.fromkeys(self.source_entities)],
            targets=[self._entities[i].node_id for i in dict.fromkeys(self.target_entities)],
        ).validate_shapes()
        return graph, forward, backward, distances, connected, left_out

    def _node(self, index: int, kind: NodeKind) -> Node:
        entity = self._entities[index]
        aliases = [n for n in entity.names if normalise_term(n) != normalise_term(entity.label)][:MAX_ALIASES]
        return Node(id=entity.node_id, label=entity.label, kind=kind, aliases=aliases, origin="literature",
                    merged=list(entity.merged), groundings=list(entity.groundings), answers_for=entity.answers_for)


UNCLEAR_SENTENCE = "the sentence is read with both signs between the same two entities, by as many readers each"


def _split_unclear_sentences(
    readings: list[tuple[_PooledClaim, tuple[int, str, int, int]]],
) -> tuple[list[tuple[_PooledClaim, tuple[int, str, int, int]]], list[_PooledClaim]]:
    """(kept, pruned): one sentence read with both signs between the same two entities is one
    sentence the readers disagree on, not two papers that do. The sign more readers found stands;
    on a tie its direction is unclear and neither reading is kept (precision first)."""
    readers: dict[tuple, dict[int, set[str]]] = defaultdict(lambda: defaultdict(set))
    for pooled, (source, _, sign, target) in readings:
        ev = pooled.claim.evidence
        readers[(ev.doc_id, ev.sentence, source, target)][sign].update(ev.readers or ["unknown"])
    kept, unclear = [], []
    for pooled, key in readings:
        source, _, sign, target = key
        by_sign = readers[(pooled.claim.evidence.doc_id, pooled.claim.evidence.sentence, source, target)]
        if len(by_sign) > 1 and len(by_sign[sign]) <= len(by_sign[-sign]):
            unclear.append(pooled)
        else:
            kept.append((pooled, key))
    return kept, unclear


def _mark_disagreements(edges: dict[tuple, Edge]) -> dict[tuple, Edge]:
    """Papers that disagree on the sign between the same two nodes: keep both edges, each with its
    own citations, both contested (the solver then finds their target ambiguous)."""
    signs: dict[tuple[int, int], set[int]] = defaultdict(set)
    for source, _, sign, target in edges:
        signs[(source, target)].add(sign)
    return {key: (edge.model_copy(update={"status": "contested"}) if len(signs[(key[0], key[3])]) > 1 else edge)
            for key, edge in edges.items()}


def growth_cost(edge: Edge) -> float:
    """Cheaper for confident, well-evidenced, uncontested edges: the A* step cost."""
    cost = 1.0 + (1.0 - edge.confidence) + 0.5 / max(1, len(edge.evidence))
    return cost + (1.0 if edge.status == "contested" else 0.0)


def _dijkstra(starts: list[int], adjacency: dict[int, list[tuple[int, float]]]) -> dict[int, float]:
    distance: dict[int, float] = {}
    heap = [(0.0, s) for s in dict.fromkeys(starts)]
    while heap:
        d, node = heapq.heappop(heap)
        if node in distance:
            continue
        distance[node] = d
        for neighbour, cost in adjacency.get(node, []):
            if neighbour not in distance:
                heapq.heappush(heap, (d + cost, neighbour))
    return distance


def _canonical_change(side: _Side, kind: NodeKind) -> Change | None:
    """The change a mention states about an entity of the decided kind."""
    if kind == "state":
        return None
    if side.change is not None:
        return side.change
    if side.lowered:
        return "decrease"
    return "increase"  # a quantity named as a state ("autophagy" happening): more of it


# Why an edge of the pool is not drawn: an end left out of the grown graph, and why that end was.
COSTLIER_CHAIN = "on a source–target chain costlier than the best mechanism (PATH_SLACK)"
OVER_BUDGET = "reached from the sources or targets, but beyond the node budget"
UNREACHED = "not on a path grown from the sources or the targets"


def _left_out_reason(source: str | None, target: str | None) -> str:
    """The reason a claim's edge is not drawn: its ends' reasons, a costlier chain first."""
    reasons = {source, target} - {None}
    for reason in (COSTLIER_CHAIN, OVER_BUDGET):
        if reason in reasons:
            return f"not drawn: an end is {reason}"
    return f"not drawn: {UNREACHED}"


def _pruned(claim: ExtractedClaim, round_: int, reason: str) -> PrunedClaim:
    return PrunedClaim(line=format_annotation(claim.annotation), doc_id=claim.evidence.doc_id,
                       sentence=claim.evidence.sentence, reason=reason, round=round_)
