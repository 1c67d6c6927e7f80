"""Sentences found by what they state: the library's stored claims, looked up by a claim's cause or effect.

A search ranks sentences by the words they share with a query, so for a name that hundreds of sentences
mention ("autophagy", "cognition") the few that state what it causes, or what causes it, sit far below
the passages a round reads (bench/qa_reach.py: of 42 gold steps no query reached on the tune half, 14
ended at such a frequent name, 18 ranked just past the passages read). The parse reader's claim store
(``engine.reading.parse.store``) holds every passage's claims, read when the library was indexed; this
module indexes their causes and effects by word, so that a round can ask for the sentences that state
a name as a cause, or as an effect, whatever their rank for its words. Only sentences the store already
holds are looked up: nothing is parsed here.
"""

from __future__ import annotations

import weakref
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from engine.assembly.concepts import NameGrounder, entity_grounding, form_key
from engine.assembly.identity import identity_key
from engine.reading.language.text import word_keys, terms_match

if TYPE_CHECKING:
    from engine.reading.parse.store import ClaimStore
    from retrieval.index import PaperIndex, Passage

Side = Literal["cause", "effect"]
# Words match when they share their first six letters (``engine.reading.language.text._same_word``): the
# lookup files each word of a claim's end under that much of it.
_PREFIX = 6


@dataclass(frozen=True)
class StatedEnd:
    """One end of one stored claim: its names, the side it is on, where its sentence is, and the names
    of the claim's other end."""

    names: tuple[str, ...]
    side: Side
    doc_id: str
    sentence_index: int
    confidence: float
    partner: tuple[str, ...] = ()


def _buckets(name: str) -> set[str]:
    return {key[:_PREFIX] for key in word_keys(name)}


class StatedClaims:
    """The causes and effects of a library's stored claims, filed by the words of their names."""

    def __init__(self, index: PaperIndex, ends: Iterable[StatedEnd], grounder: NameGrounder | None = None) -> None:
        self._index = index
        self._ends = list(ends)
        self._grounder = grounder
        self._keys: dict[str, str] = {}  # name → _grounding_key, asked again for every look-up's partners
        self._by_word: dict[tuple[Side, str], list[int]] = defaultdict(list)
        self._by_grounding: dict[tuple[Side, str], list[int]] = defaultdict(list)
        for position, end in enumerate(self._ends):
            for bucket in set().union(*(_buckets(n) for n in end.names)):
                self._by_word[(end.side, bucket)].append(position)
            key = self._grounding_key(end.names[0])
            if key:
                self._by_grounding[(end.side, key)].append(position)

    def _grounding_key(self, name: str) -> str:
        """The identifier a name grounds to, or its form's key ("HGNC:6893/phosphorylation"); "" for none."""
        if self._grounder is None:
            return ""
        if name not in self._keys:
            found = entity_grounding(self._grounder, name)
            form = form_key(self._grounder, name) if found is None else None
            self._keys[name] = found.curie if found is not None else form[0] if form else ""
        return self._keys[name]

    def __len__(self) -> int:
        return len(self._ends)

    def stating(self, name: str, side: Side, limit: int, skip: set[tuple[str, int]] | None = None,
                toward: Iterable[str] = ()) -> list[Passage]:
        """Up to ``limit`` sentences with a claim whose ``side`` names ``name`` (``terms_match`` among the
        ends sharing a word with it: a short form is not matched to its long form here), not in ``skip``
        ((doc_id, sentence_index) pairs): first the claims whose other end is one of ``toward`` (the same
        entity: a claim that would join the name to what the question still lacks a link to), then the
        same entity as ``name`` (``identity_key``), then the surer claims, then in library order. Their
        score is 0: no search ranked them."""
        candidates = sorted({p for bucket in _buckets(name) for p in self._by_word.get((side, bucket), ())})
        key = identity_key(name)
        grounded = self._grounding_key(name)
        same_identifier = set(self._by_grounding.get((side, grounded), ())) if grounded else set()
        matching = [self._ends[p] for p in sorted(set(candidates) | same_identifier)
                    if p in same_identifier or terms_match(name, self._ends[p].names[0], (), self._ends[p].names[1:])]
        bridging = self._entities(toward)

        def reaches_the_other_side(end: StatedEnd) -> bool:
            return bool(bridging and self._entities(end.partner[:1]) & bridging)

        matching.sort(key=lambda e: (not reaches_the_other_side(e), key not in {identity_key(n) for n in e.names},
                                     -e.confidence))
        found: list[Passage] = []
        taken = set(skip or ())
        for end in matching:
            if len(found) == limit:
                break
            if (end.doc_id, end.sentence_index) not in taken:
                taken.add((end.doc_id, end.sentence_index))
                found.append(self._passage(end))
        return found

    def _entities(self, names: Iterable[str]) -> set[str]:
        """What ``names`` are, as keys: each one's identity key and the identifier it grounds to."""
        return {k for n in names for k in (identity_key(n), self._grounding_key(n)) if k}

    def _passage(self, end: StatedEnd) -> Passage:
        from retrieval.index import Passage

        document = self._index.document(end.doc_id)
        return Passage(doc_id=document.id, title=document.title, sentence=document.sentences[end.sentence_index],
                       sentence_index=end.sentence_index, score=0.0)


def stated_ends(index: PaperIndex, store: ClaimStore) -> list[StatedEnd]:
    """Both ends of every claim the store holds for the index's sentences (sentences it lacks are skipped)."""
    from engine.reading.parse.store import in_order

    documents = index.documents()
    located = [(d.id, i, pair) for d in documents for i, pair in enumerate(in_order(d.sentences))]
    known = [(d, i, pair) for d, i, pair in located if store.has(pair)]
    ends: list[StatedEnd] = []
    for (d, i, _), claims in zip(known, store.claims([pair for _, _, pair in known])):
        for claim in claims:
            subject, object_ = (claim.subject, *claim.subject_aliases), (claim.object, *claim.object_aliases)
            ends.append(StatedEnd(subject, "cause", d, i, claim.confidence, partner=object_))
            ends.append(StatedEnd(object_, "effect", d, i, claim.confidence, partner=subject))
    return ends


_tables: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def stated_claims(index: PaperIndex, store: ClaimStore, max_documents: int,
                  grounder: NameGrounder | None = None) -> StatedClaims | None:
    """The lookup of an index's stored claims, built once per index, its size, its store and its
    grounder (ends that ground to a name's identifier are found whatever their words); None for a
    library of more than ``max_documents`` papers (listing it would cost a first question too long)."""
    size = len(index)
    found = _tables.get(index)
    state = (size, id(store), len(store), id(grounder))
    if found is not None and found[0] == state:
        return found[1]
    if size > max_documents:
        return None
    table = StatedClaims(index, stated_ends(index, store), grounder)
    _tables[index] = (state, table)
    return table
