"""Updates: a PubMed update file replaces revised citations and applies deletions, in a one-folder
and in a sharded index; additions merge small shards, and the merged index answers as the shards did."""

from __future__ import annotations

import gzip
from pathlib import Path

import numpy as np
import pytest

from fault_driver import MODEL, HashEmbedder
from retrieval.documents import Document
from retrieval.index import PaperIndex, index_problem
from retrieval.ingest import ingest_paths
from retrieval import sharded as sharded_module
from retrieval.sharded import COMPACT_SMALL_SHARDS, ShardedPaperIndex, build_sharded


def _article(pmid: str, title: str, abstract: str) -> str:
    return (f"<PubmedArticle><MedlineCitation Status=\"MEDLINE\"><PMID Version=\"1\">{pmid}</PMID>"
            f"<Article><ArticleTitle>{title}</ArticleTitle><Abstract><AbstractText>{abstract}</AbstractText>"
            "</Abstract></Article></MedlineCitation></PubmedArticle>\n")


def _pubmed_gz(path: Path, records: list[str]) -> Path:
    text = "<?xml version=\"1.0\"?>\n<PubmedArticleSet>\n" + "".join(records) + "</PubmedArticleSet>\n"
    with gzip.open(path, "wt", encoding="utf-8") as out:
        out.write(text)
    return path


BASELINE = [
    _article("8001", "Kinase X in neurons", "Kinase X phosphorylates protein Y. This raises Y turnover."),
    _article("8002", "Glial cytokines", "Cytokine Z suppresses astrocyte growth."),
    _article("8003", "Retracted study", "Compound Q doubles synapse density."),
    _article("8004", "Lipid rafts", "Cholesterol depletion disrupts rafts. Receptor R then leaves the membrane."),
]
UPDATE = [
    _article("8002", "Glial cytokines (revised)", "Cytokine Z promotes astrocyte growth in low oxygen."),
    _article("8005", "Sleep and clearance", "Sleep increases interstitial clearance of peptide P."),
    "<DeleteCitation><PMID Version=\"1\">8003</PMID><PMID Version=\"1\">8999</PMID></DeleteCitation>\n",
]


def _files(folder: Path) -> tuple[Path, Path]:
    return (_pubmed_gz(folder / "pubmed26n0001.xml.gz", BASELINE),
            _pubmed_gz(folder / "pubmed26n0002.xml.gz", UPDATE))


def _apply_update(index: PaperIndex, update_file: Path):
    report = ingest_paths([update_file])
    assert report.deletions == ["8003", "8999"]
    return index.update_documents(report.documents, report.deletions)


def _check_updated(index: PaperIndex) -> None:
    assert sorted(d.id for d in index.documents()) == ["8001", "8002", "8004", "8005"]
    assert index.document("8002").title == "Glial cytokines (revised)"
    assert index.document("8002").sentences == ["Cytokine Z promotes astrocyte growth in low oxygen."]
    assert not index.has_document("8003")
    sentences = {p.sentence for p in index.search("cytokine astrocyte growth", k=10, mode="bm25")}
    assert "Cytokine Z promotes astrocyte growth in low oxygen." in sentences
    assert "Cytokine Z suppresses astrocyte growth." not in sentences
    assert index.manifest.documents == 4
    assert index.manifest.passages == sum(len(d.sentences) for d in index.documents())


@pytest.mark.parametrize("layout", ["one folder", "sharded"])
def test_an_update_file_replaces_a_revised_citation_and_applies_deletions(tmp_path: Path, layout: str) -> None:
    baseline, update = _files(tmp_path)
    embedder = HashEmbedder()
    documents = ingest_paths([baseline]).documents
    if layout == "sharded":
        index = build_sharded(documents, tmp_path / "index", embedder, shard_passages=3)
        assert index.shard_count == 2
    else:
        index = PaperIndex.build(documents, tmp_path / "index", MODEL, embedder=embedder)
    report = _apply_update(index, update)
    assert report.replaced == ["8002"] and report.deleted == ["8003"] and sorted(report.added) == ["8002", "8005"]
    _check_updated(index)
    reopened = PaperIndex.open(tmp_path / "index", MODEL, embedder=embedder)
    _check_updated(reopened)
    assert index_problem(tmp_path / "index", MODEL) is None
    again = _apply_update(reopened, update)  # applying the same file twice changes nothing
    assert again.replaced == [] and again.deleted == [] and again.added == []


def _paper(number: int) -> Document:
    """Every paper's texts have the same number of BM25 tokens, so every shard has the same mean text
    length and BM25 with shared statistics scores a text alike in any shard."""
    code, receptor = f"cx{number:02d}", f"rx{number % 3}"
    return Document(id=f"c{number}", title=f"Compound {code} and receptor {receptor}",
                    sentences=[f"Compound {code} binds receptor {receptor} in cortex.",
                               f"Binding of compound {code} lowers firing in {code} cells."])


class HashQueries(HashEmbedder):
    """Queries embedded by the same hash as texts (no model to load)."""

    def embed_queries(self, queries) -> np.ndarray:
        return self.embed(list(queries))


def _grow(folder: Path, embedder: HashEmbedder) -> ShardedPaperIndex:
    """Six papers in one shard, then one small shard per addition until the fourth small one."""
    index = build_sharded([_paper(n) for n in range(6)], folder, embedder, shard_passages=100)
    for batch in range(COMPACT_SMALL_SHARDS - 1):
        index.add_documents([_paper(10 + 3 * batch + n) for n in range(3)])
    return index


def _answers(index: PaperIndex, query: str) -> list[tuple[str, int, float]]:
    return [(p.doc_id, p.sentence_index, p.score) for p in index.search(query, k=8)]


def test_additions_merge_small_shards_and_the_merged_index_answers_as_the_shards_did(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    embedder = HashQueries()
    merged = _grow(tmp_path / "merged", embedder)
    assert merged.shard_count == 1  # the fourth small shard set off the merge
    assert len(list((tmp_path / "merged" / "shards").iterdir())) == 1  # the merged shards' folders are gone
    monkeypatch.setattr(sharded_module, "COMPACT_SMALL_SHARDS", 99)
    unmerged = _grow(tmp_path / "unmerged", embedder)
    assert unmerged.shard_count == COMPACT_SMALL_SHARDS
    reopened = PaperIndex.open(tmp_path / "merged", MODEL, embedder=embedder)
    assert sorted(d.id for d in reopened.documents()) == sorted(d.id for d in unmerged.documents())
    for query in ["compound cx11 receptor", "firing in cx04 cells", "cortex binding rx2"]:
        got, expected = _answers(reopened, query), _answers(unmerged, query)
        assert [a[:2] for a in got] == [a[:2] for a in expected], query
        assert np.allclose([a[2] for a in got], [a[2] for a in expected], atol=1e-5)
