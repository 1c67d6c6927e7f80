"""engine.assembly.stated: sentences found by the causes and effects their stored claims state (invented library)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.model.annotations import Annotation
from engine.reading.language.text import terms_match
from engine.pipeline import Query, discover, plan_queries, plan_stated, query_label
from engine.assembly.stated import StatedClaims, stated_claims, stated_ends
from retrieval.documents import Document

FIXTURE = Path(__file__).parent / "fixtures" / "pipeline" / "documents.jsonl"
DOCUMENTS = [
    Document(id="p1", title="Velkin", sentences=[
        "Velkin is a protein of the retina.",                      # mentions velkin, states nothing
        "Velkin raises zorinase activity in cones.",               # velkin -> zorinase
        "Loss of gribbin lowers velkin.",                          # gribbin -> velkin
    ]),
    Document(id="p2", title="Zorinase", sentences=[
        "Zorinase activity drives photoreceptor survival.",        # zorinase -> photoreceptor survival
        "Velkin oligomers block zorinase.",                        # velkin oligomers -> zorinase
        "A sentence the store never read: velkin raises tarp.",    # not in the store
    ]),
]
CLAIMS = {
    "Velkin is a protein of the retina.": [],
    "Velkin raises zorinase activity in cones.": [Annotation(subject="Velkin", object="zorinase activity", confidence=0.6)],
    "Loss of gribbin lowers velkin.": [Annotation(subject="gribbin", object="velkin", subject_aliases=["GRB"])],
    "Zorinase activity drives photoreceptor survival.": [Annotation(subject="Zorinase activity",
                                                                    object="photoreceptor survival")],
    "Velkin oligomers block zorinase.": [Annotation(subject="Velkin oligomers", object="zorinase", confidence=0.9)],
}


class FakeIndex:
    def __init__(self, documents: list[Document]) -> None:
        self._documents = {d.id: d for d in documents}

    def __len__(self) -> int:
        return len(self._documents)

    def documents(self) -> list[Document]:
        return list(self._documents.values())

    def document(self, doc_id: str) -> Document:
        return self._documents[doc_id]

    def search_many(self, queries: list[str], k: int = 10) -> list[list]:
        return [[] for _ in queries]


class FakeStore:
    """A claim store holding ``CLAIMS``; it fails if asked to parse a sentence it lacks."""

    def __len__(self) -> int:
        return len(CLAIMS)

    def has(self, sentence: tuple[str | None, str]) -> bool:
        return sentence[1] in CLAIMS

    def claims(self, sentences) -> list[list[Annotation]]:
        assert all(s in CLAIMS for _, s in sentences), "parsed a sentence the store lacks"
        return [CLAIMS[s] for _, s in sentences]


def _table() -> StatedClaims:
    index = FakeIndex(DOCUMENTS)
    return StatedClaims(index, stated_ends(index, FakeStore()))


def _sentences(passages) -> list[str]:
    return [p.sentence for p in passages]


def test_a_name_as_a_cause_finds_only_sentences_stating_it_as_one() -> None:
    table = _table()
    # the same entity first ("Velkin"), then a form of it ("Velkin oligomers"); mentions and effects not
    assert _sentences(table.stating("velkin", "cause", 10)) == [
        "Velkin raises zorinase activity in cones.", "Velkin oligomers block zorinase."]
    assert _sentences(table.stating("velkin", "effect", 10)) == ["Loss of gribbin lowers velkin."]


def test_effects_match_by_identity_first_and_aliases_count() -> None:
    table = _table()
    # "zorinase activity" is zorinase by identity; the bare "zorinase" too; the surer claim breaks the tie
    assert _sentences(table.stating("zorinase", "effect", 10)) == [
        "Velkin oligomers block zorinase.", "Velkin raises zorinase activity in cones."]
    assert _sentences(table.stating("GRB", "cause", 10)) == ["Loss of gribbin lowers velkin."]
    assert table.stating("photoreceptor survival", "cause", 10) == []


def test_a_claim_reaching_the_other_side_comes_first() -> None:
    table = _table()
    # velkin's surer claim is on zorinase, but the question still lacks a link to zorinase activity
    assert _sentences(table.stating("zorinase", "effect", 10, toward=["velkin"])) == [
        "Velkin raises zorinase activity in cones.", "Velkin oligomers block zorinase."]
    assert _sentences(table.stating("velkin", "cause", 1, toward=["zorinase"])) == ["Velkin raises zorinase activity in cones."]
    # a name the claims do not reach leaves the order as it was
    assert _sentences(table.stating("zorinase", "effect", 10, toward=["tarp"])) == [
        "Velkin oligomers block zorinase.", "Velkin raises zorinase activity in cones."]


def test_limit_and_passages_already_read_are_respected() -> None:
    table = _table()
    assert len(table.stating("velkin", "cause", 1)) == 1
    skip = {("p1", 1)}
    found = table.stating("velkin", "cause", 10, skip)
    assert [(p.doc_id, p.sentence_index, p.score) for p in found] == [("p2", 1, 0.0)]


def test_sentences_the_store_lacks_are_not_parsed_or_found() -> None:
    table = _table()
    assert "A sentence the store never read: velkin raises tarp." not in _sentences(table.stating("velkin", "cause", 10))
    assert len(table) == 2 * sum(len(c) for c in CLAIMS.values())


def test_the_lookup_is_built_once_per_index_and_not_for_a_large_library() -> None:
    index, store = FakeIndex(DOCUMENTS), FakeStore()
    first = stated_claims(index, store, max_documents=10)
    assert first is not None and stated_claims(index, store, max_documents=10) is first
    assert stated_claims(FakeIndex(DOCUMENTS), store, max_documents=1) is None


def test_rounds_look_up_the_ends_then_the_strongest_frontier_each_once() -> None:
    asked: set[str] = set()
    first = plan_stated(1, ["velkin"], ["photoreceptor survival"], [], [], asked)
    assert [(q.text, q.stated) for q in first] == [("velkin", "cause"), ("photoreceptor survival", "effect")]
    forward, backward = ["zorinase", "f2", "f3", "f4"], ["gribbin", "velkin"]
    later = plan_stated(2, ["velkin"], ["photoreceptor survival"], forward, backward, asked)
    # the strongest three of the forward frontier as causes, the backward one as effects
    assert [(q.text, q.stated) for q in later] == [
        ("zorinase", "cause"), ("f2", "cause"), ("f3", "cause"), ("gribbin", "effect"), ("velkin", "effect")]
    assert plan_stated(3, ["velkin"], ["photoreceptor survival"], forward, backward, asked) == []
    # a cause's claims toward the targets and what causes them come first, an effect's toward the sources' side
    assert later[0].toward == ["photoreceptor survival", "gribbin", "velkin"]
    assert later[-1].toward == ["velkin", *forward]


def test_discover_reads_looked_up_sentences_beside_the_search_and_labels_them() -> None:
    table, seen = _table(), {("p1", 1)}
    queries = [Query(round=1, purpose="stated effects", text="velkin", stated="cause")]
    found = discover(FakeIndex(DOCUMENTS), queries, 20, seen, table, 5)
    assert [(r.passage.sentence, r.query) for r in found] == [
        ("Velkin oligomers block zorinase.", "velkin (stated as a cause)")]
    assert queries[0].passages == 1 and ("p2", 1) in seen
    assert query_label(Query(round=1, purpose="p", text="velkin")) == "velkin"
    # without a lookup (no claim store) the look-up finds nothing and the search is unchanged
    assert discover(FakeIndex(DOCUMENTS), [Query(round=1, purpose="p", text="x", stated="effect")], 20, set()) == []


def test_a_look_up_and_a_search_of_the_same_words_are_both_asked() -> None:
    asked: set[str] = set()
    searched = plan_queries(1, ["velkin"], ["glow"], [], [], asked)
    looked_up = plan_stated(1, ["velkin"], ["glow"], [], [], asked)
    assert "velkin" in [q.text for q in searched]
    assert [(q.text, q.stated) for q in looked_up] == [("velkin", "cause"), ("glow", "effect")]
    assert plan_stated(1, ["Velkin "], ["GLOW"], [], [], asked) == []


@pytest.mark.slow
def test_ask_reads_the_stated_sentences_of_a_library_with_its_claim_store(tmp_path: Path) -> None:
    from engine.reading.parse.store import alone, read_library, store_for
    from engine.pipeline import ask
    from engine.settings import PipelineSettings, Settings
    from retrieval.index import PaperIndex

    documents = [Document(**json.loads(line)) for line in FIXTURE.read_text().splitlines() if line.strip()]
    index = PaperIndex.build(documents, tmp_path / "index", Settings().embedding_model)
    read_library(index.index_dir, [d.sentences for d in documents], say=lambda message: None)
    question = "How does chronic stress impact hippocampal neurogenesis?"
    # one passage per search, so that the searches leave sentences of this small library unread
    result = ask(question, index, Settings(pipeline=PipelineSettings(passages_per_query=1)))
    looked_up = [q for q in result.trace.queries if q.stated]
    assert [(q.text, q.stated) for q in looked_up if q.round == 1] == [
        ("chronic stress", "cause"), ("hippocampal neurogenesis", "effect")]
    store = store_for(index.index_dir)
    for passage in result.trace.passages:
        if passage.query.endswith("(stated as a cause)"):
            name = passage.query.removesuffix(" (stated as a cause)")
            assert any(terms_match(name, c.subject, (), c.subject_aliases)
                       for c in store.claims(alone([passage.sentence]))[0]), passage.sentence
    assert any(q.passages for q in looked_up)
    off = ask(question, index, Settings(pipeline=PipelineSettings(passages_per_query=1, stated_per_name=0)))
    assert not any(q.stated for q in off.trace.queries)


def test_a_name_finds_the_claims_of_another_name_of_its_identifier() -> None:
    from engine.model.graph import GroundingRef

    class Grounder:
        def ground(self, name: str) -> list[GroundingRef]:
            known = {"gribbin": "HGNC:7", "pallid kinase": "HGNC:7"}
            curie = known.get(name.lower())
            return [GroundingRef(namespace="HGNC", id=curie[5:], name="GRB", score=1.0)] if curie else []

        def equivalents(self, found):
            return set()

        def qualified_head(self, name: str) -> None:
            return None

    index = FakeIndex(DOCUMENTS)
    table = StatedClaims(index, stated_ends(index, FakeStore()), Grounder())
    assert _sentences(table.stating("pallid kinase", "cause", 10)) == ["Loss of gribbin lowers velkin."]
    assert _sentences(_table().stating("pallid kinase", "cause", 10)) == []  # no grounder: words only
