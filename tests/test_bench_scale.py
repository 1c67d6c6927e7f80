"""bench/scale_sources.py: bench/scale.py's real-text sources: ontology definitions and notes read from OBO files, one
passage a sentence with repeats left out, and the vector cache that embeds a text once.
Tiny invented ontologies and a counting stand-in for the model: nothing is loaded or embedded."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path

import numpy as np
import pytest

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from bench.scale import DEFAULT_DATA  # noqa: E402
from bench.scale_sources import (  # noqa: E402
    SHARED,
    VectorCache,
    ontology_documents,
    ontology_entries,
    query_sources,
    real_documents,
    real_queries,
    tuning_draw,
)
from retrieval.embeddings import Embedder  # noqa: E402

OBO = """format-version: 1.2
ontology: toy

[Term]
id: TOY:0000001
name: swollen gland
def: "A gland that is larger than usual. It is often \\"tender\\" to touch." [PMID:1]
comment: Seen in infections. {xref="PMID:2"}

[Term]
id: TOY:0000002
name: pale gland
def: "A gland that is larger than usual." []

[Term]
id: TOY:0000003
name: old term
def: "Something no longer used." []
is_obsolete: true

[Term]
id: TOY:0000004
name: no prose here
synonym: "bare" EXACT []

[Typedef]
id: part_of
def: "A relation, not a term." []
"""


def _write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def test_obo_terms_give_their_definitions_and_comments(tmp_path: Path) -> None:
    entries = ontology_entries(_write(tmp_path, "toy.obo", OBO))
    assert [e.id for e in entries] == ["TOY:0000001", "TOY:0000002"]  # obsolete, prose-less and typedefs left out
    first = entries[0]
    assert first.name == "swollen gland"
    assert first.definitions == ['A gland that is larger than usual. It is often "tender" to touch.']
    assert first.notes == ["Seen in infections."]


def test_each_sentence_is_one_passage_and_repeats_are_left_out(tmp_path: Path) -> None:
    path = _write(tmp_path, "toy.obo", OBO)
    seen = {"seen in infections."}  # a sentence an earlier source already holds
    documents, counts = ontology_documents([path], seen)
    # TOY:0000002's one sentence repeats TOY:0000001's first: the term is dropped
    assert [(d.id, d.title, d.sentences, d.source) for d in documents] == [
        ("TOY:0000001", "swollen gland",
         ["A gland that is larger than usual.", 'It is often "tender" to touch.'], "toy.obo")]
    assert counts["toy.obo"] == {"terms_with_prose": 2, "definitions": 2, "notes": 1, "definition_sentences": 2,
                                 "note_sentences": 0, "repeated_sentences_left_out": 2, "terms_kept": 1}
    assert "it is often \"tender\" to touch." in seen


def test_counting_takes_ontologies_after_other_sources_up_to_the_cap(tmp_path: Path) -> None:
    first = _write(tmp_path, "a.obo", OBO)
    second = _write(tmp_path, "b.obo", OBO.replace("TOY:", "OTHER:").replace("larger", "smaller"))
    documents, embedder, report = real_documents([], 10, ontologies=[first, second], embed=False)
    assert embedder is None
    assert report["sources"]["a.obo"]["passages"] == 3
    # b.obo's copies of a.obo's sentences are left out, its one new sentence taken (once: OTHER:0000002 repeats it)
    assert [(d.id, d.sentences) for d in documents[1:]] == [("OTHER:0000001", ["A gland that is smaller than usual."])]
    assert report["passages"] == sum(len(d.sentences) for d in documents) == 4
    capped, _, capped_report = real_documents([], 3, ontologies=[first, second], embed=False)
    assert [d.id for d in capped] == ["TOY:0000001"] and capped_report["passages"] == 3


class _Counting(Embedder):
    """A stand-in model: each text's vector from its length; counts the texts it is given."""

    def __init__(self) -> None:
        super().__init__("toy-model")
        self.calls: list[int] = []

    def embed(self, texts: Sequence[str], progress=None) -> np.ndarray:
        self.calls.append(len(texts))
        rows = np.zeros((len(texts), 4), np.float32)
        rows[:, 0] = [len(t) for t in texts]
        if progress is not None:
            progress(len(texts), len(texts))
        return rows


def test_the_cache_embeds_each_text_once(tmp_path: Path) -> None:
    model = _Counting()
    texts = ["alpha", "be", "gamma ray", "alpha"]
    found, step = VectorCache(tmp_path, "toy-model").ensure(texts, model, chunk=2, show_progress=False)
    assert step["embedded_texts"] == 3 and model.calls == [2, 1]  # in parts of 2, shortest first
    assert {t: float(found[t][0]) for t in texts} == {"alpha": 5, "be": 2, "gamma ray": 9}
    # a part whose texts were never written (a kill between the two files) does not count
    np.save(tmp_path / "part-00009.npy", np.ones((1, 4), np.float32))
    found, step = VectorCache(tmp_path, "toy-model").ensure([*texts, "delta"], model, show_progress=False)
    assert step["embedded_texts"] == 1 and step["cached_texts"] == 3 and model.calls[-1] == 1
    assert float(found["delta"][0]) == 5
    with pytest.raises(ValueError, match="toy-model"):
        VectorCache(tmp_path, "another-model")


def test_cached_only_takes_the_documents_whose_vectors_are_cached(tmp_path: Path) -> None:
    from bench.scale_sources import read_default_model

    path = _write(tmp_path, "toy.obo", OBO)
    cache = tmp_path / "cache"
    held = ["swollen gland", "A gland that is larger than usual.", 'It is often "tender" to touch.']
    VectorCache(cache, read_default_model()).ensure(held, _Counting(), show_progress=False)
    documents, _, report = real_documents([], 100, ontologies=[path], cache=cache, embed=False, cached_only=True)
    assert documents == [] and report["left_out_without_cached_vectors"] == {"toy.obo": 1}  # its note is not cached
    VectorCache(cache, read_default_model()).ensure([*held, "Seen in infections."], _Counting(), show_progress=False)
    documents, _, report = real_documents([], 100, ontologies=[path], cache=cache, embed=False, cached_only=True)
    assert [d.id for d in documents] == ["TOY:0000001"] and report["passages"] == 3


def _real_library() -> tuple[list, object]:
    """Three invented real documents (five passages) and their unit vectors."""
    from bench.scale_sources import StoredVectorsOf
    from retrieval.documents import Document

    real = [Document(id="a", title="", sentences=["Salt raises blood pressure.", "Sleep lowers it."]),
            Document(id="b", title="", sentences=["Exercise builds muscle mass quickly."]),
            Document(id="c", title="", sentences=["Smoking damages the lungs.", "Tea calms some people down."])]
    texts = [s for d in real for s in d.sentences]
    rows = np.random.default_rng(7).normal(size=(len(texts), 6)).astype(np.float32)
    rows /= np.linalg.norm(rows, axis=1, keepdims=True)
    return real, StoredVectorsOf([], model_name="toy-model", extra=dict(zip(texts, rows, strict=True)))


def test_made_passages_mix_two_different_real_ones() -> None:
    from bench.scale_sources import mixed_passages, mixed_text

    real, embedder = _real_library()
    texts = [s for d in real for s in d.sentences]
    vectors = embedder.embed(texts)
    made = mixed_passages(texts, vectors, 12, seed=3)
    assert len(made.texts) == len(set(made.texts)) == 12 and not set(made.texts) & set(texts)
    assert (made.first != made.second).all()
    assert ((made.weights >= 0.3) & (made.weights <= 0.7)).all()
    for text, row, a, b, w in zip(made.texts, made.vectors, made.first, made.second, made.weights, strict=True):
        assert text == mixed_text(texts[a], texts[b])
        mix = w * vectors[a] + (1 - w) * vectors[b]
        np.testing.assert_allclose(row, mix / np.linalg.norm(mix), atol=1e-6)
    assert mixed_text("Salt raises blood pressure.", "Smoking damages the lungs.") == "Salt raises the lungs."


def test_topping_up_adds_marked_made_documents_spread_between_the_real_ones() -> None:
    from bench.scale_sources import top_up_with_made

    real, embedder = _real_library()
    documents, report = top_up_with_made(real, embedder, 20, seed=1)
    made = [d for d in documents if d.id.startswith("made-")]
    assert report["passages_real"] == 5 and report["passages_made"] == 15 == sum(len(d.sentences) for d in made)
    assert sum(len(d.sentences) for d in documents) == 20 and report["documents_made"] == len(made)
    assert [d.id for d in documents if not d.id.startswith("made-")] == ["a", "b", "c"]
    assert documents[0].id.startswith("made-") or documents[-1].id.startswith("made-")  # not all real ones first
    assert {d.source for d in made} == {"made"} and all(d.title == "" and 1 <= len(d.sentences) <= 2 for d in made)
    held = embedder.embed([s for d in made for s in d.sentences])  # their vectors are served, nothing embedded
    np.testing.assert_allclose(np.linalg.norm(held, axis=1), 1, atol=1e-6)
    assert top_up_with_made(real, embedder, 5)[0] == real  # nothing to add: the real ones as they are


def test_the_tuning_draw_is_even_and_fills_a_short_source_from_the_others() -> None:
    sources = [[f"a{i}" for i in range(50)], [f"b{i}" for i in range(50)], ["c0", "c1"]]
    picked = tuning_draw(sources, 12)
    assert len(picked) == len(set(picked)) == 12
    assert sorted(q[0] for q in picked) == ["a"] * 5 + ["b"] * 5 + ["c"] * 2
    assert picked[:2] == ["c0", "c1"]  # the short source first, then the others in their shuffled order
    assert len(tuning_draw(sources, 200)) == 102  # all there is


@pytest.mark.skipif(not (DEFAULT_DATA / "beir" / "queries.jsonl").is_file() or not (SHARED / "hbp").is_dir(),
                    reason="needs the shared SciFact, PubMedQA and HBP questions")
def test_tuning_questions_are_none_of_the_checks() -> None:
    check, tune = real_queries(DEFAULT_DATA, 300), real_queries(DEFAULT_DATA, 300, "tune")
    claims, pubmedqa, hbp = query_sources(DEFAULT_DATA)
    assert check == claims[:100] + pubmedqa[:100] + hbp[:100]  # the check's questions as it always took them
    assert len(tune) == len(set(tune)) == 300 and not set(tune) & set(check)
    assert set(hbp[100:]) <= set(tune)  # HBP has 57 more: all are taken, the others fill in
    assert real_queries(DEFAULT_DATA, 300, "tune") == tune  # seeded
