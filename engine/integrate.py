"""Integrate (DESIGN §5 step 6): merge names into entities and grow the graph best-first.

Verified claims from every round are pooled. Each claim end is resolved to an *entity*:

- names that share a normalised key (``term_key``: case, Greek letters, hyphens, plurals) are one
  entity; an abbreviation the text defines links its short and long forms (the annotation's aliases);
- a name that matches a question source or target under the lenient ``terms_match`` is that entity
  ("dendritic spine density" is the question's "dendritic spines"), compared with the question's
  term, the text's aliases and more specific names only, never with a more general name merged in
  ("chaperones" may join Hsp90, but does not pull "ER chaperones" in after it); a question term of
  generic words only ("proteins") covers its kinds ("misfolded proteins");
- a name is never merged with the complement of another's "of" ("tau", "autophagy of tau"), with
  the cause in another's compound ("ER stress", "ER stress-induced apoptosis"), nor with a modified
  form of itself ("hyperphosphorylated tau", "insoluble tau");
- a deficiency or mutation state ("TIMP-2 deficiency") is about its core entity (TIMP-2), read as a
  decrease (or, for a mutation, an increase) of it.

An entity is a *state* when every mention of it is a plain state (no change, no deficiency); otherwise
a *quantity*, and its state-like mentions are read as changes. Each claim is then rewritten with the
decided kinds and mapped to an edge by ``engine.annotations.interpret``, so relation and sign always
follow DESIGN §3. Claims of one edge pool their evidence; of two opposite-signed edges between the same
nodes the one with less evidence is pruned.

Growth is A*-like: edge costs fall with evidence strength; Dijkstra distances forward from the sources
and backward from the targets give every node ``f = d_forward + d_backward`` when it lies on a
source–target path. Those nodes come first (cheapest first), then the open frontier (reached from one
side only) by distance, until the node budget is spent. Frontier nodes seed the next round's queries.
"""

from __future__ import annotations

import heapq
import re
from collections import defaultdict
from dataclasses import dataclass, field

from pydantic import BaseModel, Field

from engine.annotations import Annotation, Change, format_annotation, interpret
from engine.backends.base import ExtractedClaim
from engine.model import Edge, Evidence, Graph, Node, NodeKind, edge_id, slugify
from engine.offline import lexicon
from engine.offline.text import (
    GENERIC_WORDS, is_abbreviation_of, normalise_term, state_core, term_key, terms_match,
)

MAX_ALIASES = 8
MAX_EVIDENCE_PER_EDGE = 5
# A name merges with a longer one that contains it only when the longer adds at most this many words.
MAX_EXTRA_WORDS = 2
# A* with a bound: nodes on source–target paths costing more than the best path plus this slack are
# left out. Zero keeps only the best-evidenced chains (and exact ties): a costlier chain of opposite
# sign otherwise makes the target ambiguous, and every extra extracted edge adds its own chance of
# error (tune half: 2 ambiguous targets became right, none got worse; BENCHMARKS.md).
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
    # The names a question's source or target is compared with: its own, the text's aliases and names
    # at least as specific (``_is_anchor``). A more general name merged in ("chaperones" into Hsp90)
    # stays a name but never pulls a third into the question's entity ("ER chaperones").
    anchors: list[str] = field(default_factory=list)
    role: str = ""  # "source", "target" or ""


@dataclass
class _Side:
    entity: int
    change: Change | None
    state_direction: int | None  # ±1 for "X deficiency" / "X mutation", None otherwise

    @property
    def plain_state(self) -> bool:
        return self.change is None and self.state_direction is None


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

    def __init__(self, question: str, sources: list[str], targets: list[str], max_nodes: int = 40) -> None:
        self.question = question
        self.max_nodes = max_nodes
        self._entities: list[_Entity] = []
        self._by_key: dict[str, int] = {}
        self._by_word: dict[str, set[int]] = defaultdict(set)
        self._used_ids: set[str] = set()
        self._claims: list[_PooledClaim] = []
        self._seen: set[tuple[str, str, str]] = set()
        self._question_terms = {normalise_term(term) for term in (*sources, *targets)}
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
        self._add_name(entity.index, label, True)
        return entity.index

    def _add_name(self, index: int, name: str, anchor: bool) -> None:
        entity = self._entities[index]
        _append_new(entity.names, name)
        if anchor:
            _append_new(entity.anchors, name)
        key = term_key(name)
        if key:
            self._by_key.setdefault(key, index)
        for word in _content_words(name):
            self._by_word[word].add(index)

    def resolve(self, term: str, aliases: list[str] | None = None) -> int:
        """The entity a name (with the other names the text gives it) refers to; new if none."""
        names = [term, *(aliases or [])]
        index = next((self._by_key[k] for k in map(term_key, names) if k in self._by_key), None)
        if index is None:
            for entity in self._entities:
                if entity.role and (any(self._same(term, name) for name in entity.anchors)
                                    or _kind_of_generic(term, entity.label)):
                    index = entity.index
                    break
        if index is None:
            index = self._near_synonym(term)
        if index is None:
            index = self._new_entity(term)
        # The text's own aliases of a name count as that name: anchors together or not at all.
        anchor = any(self._is_anchor(index, name) for name in names)
        for name in names:
            self._add_name(index, name, anchor)
        return index

    def _same(self, a: str, b: str) -> bool:
        """``_same_thing``, except that a lower-case word of the papers is a word, not an initialism
        ("tau" is not "trafficking autophagosomes"); the question's own terms may be written in
        lower case ("ampk")."""
        if not _same_thing(a, b):
            return False
        return not any(_lowercase_initialism(short, long) and normalise_term(short) not in self._question_terms
                       for short, long in ((a, b), (b, a)))

    def _is_anchor(self, index: int, name: str) -> bool:
        """Is ``name`` at least as specific as one of the entity's anchors: the same key, every word
        of the anchor, or a one-word abbreviation of it?"""
        key, words = term_key(name), _content_words(name)
        for anchor in self._entities[index].anchors:
            if key == term_key(anchor):
                return True
            if len(words) >= len(_content_words(anchor)) and terms_match(name, anchor):
                return True
            if len(name.split()) == 1 and is_abbreviation_of(name, anchor):
                return True
        return False

    def _near_synonym(self, term: str) -> int | None:
        """An entity whose name differs from ``term`` only by a few words ("neuronal death" and
        "neuronal cell death"), found through shared content words and confirmed by ``terms_match``."""
        words = _content_words(term)
        candidates = sorted(set().union(*(self._by_word.get(w, set()) for w in words))) if words else []
        for index in candidates:
            entity = self._entities[index]
            for name in (entity.anchors if entity.role else entity.names):
                if abs(len(_content_words(name)) - len(words)) <= MAX_EXTRA_WORDS and self._same(term, name):
                    return index
        return None

    def _side(self, term: str, change: Change | None, aliases: list[str]) -> _Side:
        lowered = _lowered_core(term)
        if lowered is not None:
            # "[change=increase] Cdc37 siRNA" / "mTOR inhibitors" / "autophagy impairment" are a
            # decrease of their core: merging them with the core, or keeping them apart, would
            # either flip the sign of every chain through them or cut the chain.
            if change is None:
                return _Side(self.resolve(lowered, aliases), None, -1)
            return _Side(self.resolve(lowered, aliases), "decrease" if change == "increase" else "increase", None)
        core, direction = state_core(_HYPHENATED_STATE.sub(" ", term.strip()))
        if core and core != _HYPHENATED_STATE.sub(" ", term.strip()):
            if change is None:
                return _Side(self.resolve(core, aliases), None, direction)
            # "[change=increase] APP-deficiency" is a decrease of APP.
            flipped: Change = "decrease" if change == "increase" else "increase"
            return _Side(self.resolve(core, aliases), change if direction > 0 else flipped, None)
        return _Side(self.resolve(term, aliases), change, None)

    # --- pool -----------------------------------------------------------------------------------
    def add(self, claims: list[ExtractedClaim], round_: int) -> list[ExtractedClaim]:
        """Pool verified claims; returns those that were new (same annotation and sentence count once)."""
        added = []
        for claim in claims:
            a = claim.annotation
            key = (f"{a.subject}|{a.subject_change}|{a.object}|{a.object_change}", claim.evidence.doc_id,
                   claim.evidence.sentence)
            if key in self._seen:
                continue
            self._seen.add(key)
            subject = self._side(a.subject, a.subject_change, a.subject_aliases)
            obj = self._side(a.object, a.object_change, a.object_aliases)
            self._claims.append(_PooledClaim(claim, subject, obj, round_))
            added.append(claim)
        return added

    # --- graph ----------------------------------------------------------------------------------
    def build(self) -> Integration:
        kinds = self._kinds()
        pruned: list[PrunedClaim] = []
        grouped: dict[tuple[int, str, int, int], list[_PooledClaim]] = defaultdict(list)
        for pooled in self._claims:
            if pooled.subject.entity == pooled.object.entity:
                pruned.append(_pruned(pooled, "cause and effect are the same entity after merging names"))
                continue
            subject_change = _canonical_change(pooled.subject, kinds[pooled.subject.entity])
            object_change = _canonical_change(pooled.object, kinds[pooled.object.entity])
            reading = interpret(Annotation(
                subject=self._entities[pooled.subject.entity].label, subject_change=subject_change,
                object=self._entities[pooled.object.entity].label, object_change=object_change,
            ))
            grouped[(pooled.subject.entity, reading.relation, reading.sign, pooled.object.entity)].append(pooled)

        edges = self._edges(grouped)
        edges, contradicted = _drop_contradicted(edges, grouped)
        for key in contradicted:
            pruned.extend(_pruned(p, "contradicted by stronger evidence of the opposite sign") for p in grouped[key])
        graph, forward, backward, distances, connected = self._grow(kinds, edges)
        in_graph = {e.id for e in graph.edges}
        for key, edge in edges.items():
            if edge.id not in in_graph:
                pruned.extend(_pruned(p, "not on a path grown from the sources or targets within the node budget")
                              for p in grouped[key])
        return Integration(graph=graph, connected=connected, forward_frontier=forward,
                           backward_frontier=backward, pruned=pruned, distances=distances)

    def _kinds(self) -> dict[int, NodeKind]:
        plain_only: dict[int, bool] = {}
        for pooled in self._claims:
            for side in (pooled.subject, pooled.object):
                plain_only[side.entity] = plain_only.get(side.entity, True) and side.plain_state
        return {e.index: ("state" if plain_only.get(e.index, False) else "quantity") for e in self._entities}

    def _edges(self, grouped: dict[tuple[int, str, int, int], list[_PooledClaim]]) -> dict[tuple, Edge]:
        edges: dict[tuple, Edge] = {}
        for key, pooled in grouped.items():
            source, relation, sign, target = key
            evidence: dict[tuple[str, str], Evidence] = {}
            for p in sorted(pooled, key=lambda p: -p.claim.evidence.score):
                ev = p.claim.evidence
                kept = evidence.setdefault((ev.doc_id, ev.sentence), ev)
                if not set(ev.readers) <= set(kept.readers):  # readers whose claims merged into this edge
                    evidence[(ev.doc_id, ev.sentence)] = kept.model_copy(
                        update={"readers": sorted({*kept.readers, *ev.readers})})
            contested = all(p.claim.contested for p in pooled)
            edges[key] = Edge(
                id=edge_id(self._entities[source].node_id, relation, sign, self._entities[target].node_id),
                source=self._entities[source].node_id,
                target=self._entities[target].node_id,
                relation=relation,  # type: ignore[arg-type]
                sign=sign,  # type: ignore[arg-type]
                evidence=list(evidence.values())[:MAX_EVIDENCE_PER_EDGE],
                origin="literature",
                status="contested" if contested else "supported",
                confidence=max(p.claim.annotation.confidence for p in pooled),
            )
        return edges

    def _grow(
        self, kinds: dict[int, NodeKind], edges: dict[tuple, Edge],
    ) -> tuple[Graph, list[str], list[str], dict[str, float], bool]:
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
        best = min((d_forward[t] for t in self.target_entities if t in d_forward), default=None)
        if best is not None:
            on_path = [(f, i) for f, i in on_path if f <= best + PATH_SLACK + _COST_TOLERANCE]
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
        return graph, forward, backward, distances, connected

    def _node(self, index: int, kind: NodeKind) -> Node:
        entity = self._entities[index]
        aliases = [n for n in entity.names if normalise_term(n) != normalise_term(entity.label)][:MAX_ALIASES]
        return Node(id=entity.node_id, label=entity.label, kind=kind, aliases=aliases, origin="literature")


_HYPHENATED_STATE = re.compile(r"-(?=(?:deficiency|mutations?)$)", re.I)
# Words that name a lowering of the thing they follow ("X inhibition", "X inhibitors", "X siRNA") or
# precede with "of" ("inhibition of X"); the lexicon's decrease heads, RNA-interference reagents, and
# failures of a thing ("mitochondrial dysfunction", "ERAD failure", "lysosomal defects" are less of
# what works).
_LOWERING_HEADS = frozenset({w.lower() for w in lexicon.DECREASE_HEADS} | {"sirna", "sirnas", "shrna", "shrnas", "rnai"}
                            | {"dysfunction", "dysfunctions", "failure", "failures", "defect", "defects"})
_LOWERING_SUFFIX = re.compile(
    r"^(?P<core>.+?)[\s-]+(?P<head>" + "|".join(sorted(map(re.escape, _LOWERING_HEADS), key=len, reverse=True))
    + r")$", re.I)
_LOWERING_PREFIX = re.compile(
    r"^(?P<head>" + "|".join(sorted(map(re.escape, _LOWERING_HEADS), key=len, reverse=True))
    + r")\s+of\s+(?:the\s+)?(?P<core>.+)$", re.I)


_DETERMINERS = frozenset({"the", "this", "these", "that", "its", "their", "an"})


def _lowered_core(term: str) -> str | None:
    """The entity a lowering name is about ("mTOR" for "mTOR inhibitors"), None for other names or
    when what is left is only generic words ("protein inhibitors")."""
    stripped = term.strip()
    match = _LOWERING_SUFFIX.match(stripped) or _LOWERING_PREFIX.match(stripped)
    if match is None:
        return None
    core = match.group("core").strip(" -")
    return core if _content_words(core) - _DETERMINERS else None
# Process words: a name made only of them is a bare process, not the process of one thing.
_PROCESS_WORDS = {
    term_key(w) for w in (*lexicon.PROCESS_NOUNS, *lexicon.DECREASE_HEADS, *lexicon.DEFICIENCY_HEADS,
                          *lexicon.MUTATION_HEADS)
} - {term_key(w) for w in lexicon.INCREASE_HEADS}
_FLIPS_SIGN = {term_key(w) for w in (*lexicon.DECREASE_HEADS, *lexicon.DEFICIENCY_HEADS, *lexicon.MUTATION_HEADS)}
_RESPONSE_KEYS = {term_key(w) for w in lexicon.RESPONSE_WORDS}
_REMOVAL_KEYS = {term_key(w) for w in lexicon.REMOVAL_WORDS}
_PROCESS_SUFFIXES = lexicon.PROCESS_SUFFIXES
_CHANGE_HEADS = {term_key(w) for w in lexicon.INCREASE_HEADS}


def _append_new(names: list[str], name: str) -> None:
    """Add ``name`` unless it is blank or already there up to normalisation."""
    if name.strip() and all(normalise_term(name) != normalise_term(n) for n in names):
        names.append(name.strip())


def _lowercase_initialism(short: str, long: str) -> bool:
    """Does the lower-case word ``short`` match ``long`` only as its initialism (not as one of its words)?"""
    word = short.strip()
    if " " in word or not word.isalpha() or not word.islower() or " " not in long.strip():
        return False
    return is_abbreviation_of(word, long) and term_key(word) not in {term_key(w) for w in normalise_term(long).split()}


def _same_thing(a: str, b: str) -> bool:
    """terms_match, but never across a word that flips the sign ("X inhibition", "X deficiency"),
    names how the body copes with X ("glucose tolerance" is not blood glucose), names X's removal
    ("tau degradation", "phagocytosis of Aβ"; the remover's adjective may merge: "proteasomal
    degradation" with the proteasome) or names a modified
    form ("phosphorylated tau" and "insoluble tau" are not tau as a whole),
    never between a name and the complement of another's "of" ("tau" and "autophagy of tau"), and
    a bare process ("phosphorylation") never merges with the process of one thing ("APP
    phosphorylation"). Other extra words are accepted: "X phosphorylation" merges with X, an
    approximation that keeps chains connected (measured in BENCHMARKS.md)."""
    if not terms_match(a, b):
        return False
    if _of_complement_only(a, b) or _of_complement_only(b, a) or _cause_only(a, b) or _cause_only(b, a):
        return False
    words_a, words_b = _content_words(a), _content_words(b)
    if any(word in _FLIPS_SIGN or word in _RESPONSE_KEYS or _species_word(word) for word in words_a ^ words_b):
        return False
    if (words_a ^ words_b) & _REMOVAL_KEYS and (words_a <= words_b or words_b <= words_a):
        return False  # "tau degradation" is not tau; "autophagic degradation" may be autophagy
    shorter = min(words_a, words_b, key=len)
    return not (words_a != words_b and shorter and all(_process_like(word) for word in shorter))


# Heads of "H of X" that measure, change or name a process of X: "levels of tau" is about tau.
_MODIFIER_HEADS = {term_key(w) for w in (*lexicon.INCREASE_HEADS, *lexicon.DECREASE_HEADS, *lexicon.DEFICIENCY_HEADS,
                                         *lexicon.MUTATION_HEADS, *lexicon.QUANTITY_WORDS, *lexicon.EFFECT_NOUNS)}


def _of_complement_only(name: str, other: str) -> bool:
    """Is ``name`` only the complement of ``other``'s "of" ("tau" in "autophagy of tau aggregates")
    while the head before "of" is a thing of its own, not a measure, change or process of the
    complement ("levels of tau", "phosphorylation of tau", "forms of tau")?"""
    words = normalise_term(other).split()
    if "of" not in words:
        return False
    head_part = [w for w in words[: words.index("of")] if w not in _DETERMINERS]
    if not head_part:
        return False
    head = term_key(head_part[-1])
    if head in GENERIC_WORDS or _modifier(head):
        return False
    return not (_content_words(name) & _content_words(" ".join(head_part)))


def _head_key(name: str) -> str:
    """The key of the word a name is about: the last word that is not a measure, change or process
    word, in the head of an "of" phrase unless that head is one ("levels of misfolded proteins")."""
    words = [w for w in normalise_term(name).split() if w not in _DETERMINERS]
    if "of" in words:
        before, after = words[: words.index("of")], words[words.index("of") + 1:]
        words = before if before and not _modifier(term_key(before[-1])) else after
    keys = [term_key(w) for w in words]
    return next((k for k in reversed(keys) if not _modifier(k)), keys[-1] if keys else "")


def _modifier(key: str) -> bool:
    return key in _MODIFIER_HEADS or _process_like(key)


_ADJECTIVE_SUFFIXES = ("ed", "ing", "al", "ic", "ous", "ive", "ble", "ar", "ant", "ent", "ary")
_QUANTITY_KEYS = {term_key(w) for w in lexicon.QUANTITY_WORDS}


def _kind_of_generic(name: str, question_term: str) -> bool:
    """A question term made only of generic words ("proteins") covers its kinds: the same head with
    describing words only ("misfolded proteins", "levels of ubiquitinated proteins"), not another
    entity's ("tau protein") nor a process or change of it ("protein degradation")."""
    head = _head_key(question_term)
    if _content_words(question_term) or not head or _head_key(name) != head:
        return False
    # A hyphenated word is judged by its last part ("long-lived", "disease-related" describe), the
    # one that ends in the head by every part ("Tau-protein" names tau).
    others = [term_key(part) for word in name.lower().split() for part in (
        word.split("-") if term_key(word.rsplit("-", 1)[-1]) == head else word.rsplit("-", 1)[-1:])]
    others = [k for k in others if k and k not in _DETERMINERS and k != "of" and k != head]
    return all(k in _QUANTITY_KEYS or (k.endswith(_ADJECTIVE_SUFFIXES) and not _modifier(k)) for k in others)


# Compounds that place or describe what follows them without causing it: "plaque-associated
# microglia", "GFAP-positive astrocytes", "disease-related proteins".
_DESCRIBING_SUFFIXES = ("associated", "related", "linked", "bound", "containing", "positive")
_CAUSE_COMPOUND = re.compile(
    r"-(?:" + "|".join(map(re.escape, (*lexicon.COMPOUND_SUFFIXES, *_DESCRIBING_SUFFIXES))) + r")$")


def _cause_only(name: str, other: str) -> bool:
    """Is ``name`` only the cause or the describing word in ``other``'s compound ("ER stress" in
    "ER stress-induced apoptosis", "AMP" in "AMP-activated protein kinase", "plaques" in
    "plaque-associated microglia")? The compound names what follows it."""
    words = other.lower().split()
    for i, word in enumerate(words):
        if _CAUSE_COMPOUND.search(word) and i + 1 < len(words):
            return not (_content_words(name) & _content_words(" ".join(words[i + 1:])))
    return False


# Words naming one modified form of a molecule; with "-ylated" / "-inated" (phosphorylated, acetylated,
# ubiquitinated). Merging the form with the molecule read "less tau" sentences as "less
# hyperphosphorylated tau" (BENCHMARKS.md: fewer answers, as many right ones).
_SPECIES_WORDS = frozenset({"misfolded", "aggregated", "oligomeric", "insoluble", "soluble", "truncated", "cleaved"})


def _species_word(key: str) -> bool:
    """Does the word name one modified form of a molecule ("hyperphosphorylated tau", "acetylated
    p53", "misfolded proteins")?"""
    return key in _SPECIES_WORDS or key.endswith(("ylated", "inated"))


def _process_like(word: str) -> bool:
    return word in _PROCESS_WORDS or (word.endswith(_PROCESS_SUFFIXES) and word not in _CHANGE_HEADS)


def _content_words(name: str) -> set[str]:
    keys = {term_key(word) for word in normalise_term(name).split()}
    return {k for k in keys if len(k) > 1 and k not in GENERIC_WORDS}


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
    if side.state_direction is not None:
        return "decrease" if side.state_direction < 0 else "increase"
    return "increase"  # a quantity named as a state ("autophagy" happening): more of it


def _strength(pooled: list[_PooledClaim]) -> float:
    best: dict[tuple[str, str], float] = {}
    for p in pooled:
        key = (p.claim.evidence.doc_id, p.claim.evidence.sentence)
        best[key] = max(best.get(key, 0.0), p.claim.annotation.confidence)
    return sum(best.values())


def _drop_contradicted(
    edges: dict[tuple, Edge], grouped: dict[tuple, list[_PooledClaim]],
) -> tuple[dict[tuple, Edge], list[tuple]]:
    """Of opposite-signed edges between the same two nodes keep the better-evidenced (both on a tie)."""
    by_pair: dict[tuple[int, int], list[tuple]] = defaultdict(list)
    for key in edges:
        by_pair[(key[0], key[3])].append(key)
    dropped: list[tuple] = []
    for keys in by_pair.values():
        if len({k[2] for k in keys}) < 2:
            continue
        strengths = {k: _strength(grouped[k]) for k in keys}
        best = max(strengths.values())
        dropped.extend(k for k in keys if strengths[k] < best)
    return {k: e for k, e in edges.items() if k not in dropped}, dropped


def _pruned(pooled: _PooledClaim, reason: str) -> PrunedClaim:
    return PrunedClaim(line=format_annotation(pooled.claim.annotation), doc_id=pooled.claim.evidence.doc_id,
                       sentence=pooled.claim.evidence.sentence, reason=reason, round=pooled.round)
