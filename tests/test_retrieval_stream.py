"""Streaming ingestion: gzipped PubMed baseline and update files, deleted citations, broken records."""

from __future__ import annotations

import gzip
import itertools
import json
from pathlib import Path

from retrieval.ingest import IngestReport, ingest_paths, iter_documents


def _article(pmid: str, title: str, abstract: str) -> str:
    return (f"<PubmedArticle><MedlineCitation Status=\"MEDLINE\"><PMID Version=\"1\">{pmid}</PMID>"
            f"<Article><ArticleTitle>{title}</ArticleTitle><Abstract><AbstractText>{abstract}</AbstractText>"
            "</Abstract></Article></MedlineCitation></PubmedArticle>\n")


def _pubmed_gz(path: Path, records: list[str]) -> Path:
    text = "<?xml version=\"1.0\"?>\n<!DOCTYPE PubmedArticleSet>\n<PubmedArticleSet>\n" + "".join(records) + "</PubmedArticleSet>\n"
    with gzip.open(path, "wt", encoding="utf-8") as out:
        out.write(text)
    return path


def _baseline(folder: Path) -> Path:
    return _pubmed_gz(folder / "pubmed26n0001.xml.gz", [
        _article("7001", "Kinase X in neurons", "Kinase X phosphorylates protein Y. This raises Y turnover."),
        # broken: the abstract element is never closed
        "<PubmedArticle><MedlineCitation><PMID>7002</PMID><Article><ArticleTitle>Broken</ArticleTitle>"
        "<Abstract><AbstractText>Unclosed text.</Abstract></Article></MedlineCitation></PubmedArticle>\n",
        _article("7003", "Glial cytokines", "Cytokine Z suppresses astrocyte growth."),
        _article("7004", "Retracted study", "Compound Q doubles synapse density."),
        _article("7005", "Lipid rafts", "Cholesterol depletion disrupts rafts. Receptor R then leaves the membrane."),
    ])


def _update(folder: Path) -> Path:
    return _pubmed_gz(folder / "pubmed26n0002.xml.gz", [
        _article("7006", "Sleep and clearance", "Sleep increases interstitial clearance of peptide P."),
        "<DeleteCitation><PMID Version=\"1\">7004</PMID><PMID Version=\"1\">7999</PMID></DeleteCitation>\n",
    ])


def test_gzipped_pubmed_with_a_deleted_citation_and_a_broken_record(tmp_path: Path) -> None:
    report = ingest_paths([_baseline(tmp_path), _update(tmp_path)])
    assert [d.id for d in report.documents] == ["7001", "7003", "7005", "7006"]
    assert report.documents[2].sentences == ["Cholesterol depletion disrupts rafts.", "Receptor R then leaves the membrane."]
    assert report.deleted == ["7004"]
    (problem,) = report.problems
    assert problem.path == f"{tmp_path / 'pubmed26n0001.xml.gz'} article 2 (line 5)"
    assert "malformed XML" in problem.reason


def test_a_citation_deleted_in_one_file_comes_back_when_a_later_file_has_it(tmp_path: Path) -> None:
    later = _pubmed_gz(tmp_path / "pubmed26n0003.xml.gz", [_article("7004", "Retracted study, corrected", "Compound Q leaves synapse density unchanged.")])
    report = ingest_paths([_baseline(tmp_path), _update(tmp_path), later])
    assert "7004" in [d.id for d in report.documents]
    assert report.deleted == ["7004"]  # the first version, before the deletion


def test_a_truncated_gzip_keeps_the_records_before_the_damage(tmp_path: Path) -> None:
    articles = [_article(str(8000 + n), f"Study {n}", f"Factor {n} raises marker {n} in cells.") for n in range(3000)]
    whole = _pubmed_gz(tmp_path / "whole.xml.gz", articles).read_bytes()
    cut = tmp_path / "pubmed26n0009.xml.gz"
    cut.write_bytes(whole[: len(whole) // 2])
    report = ingest_paths([cut])
    ids = [d.id for d in report.documents]
    assert 500 < len(ids) < 3000 and ids == [str(8000 + n) for n in range(len(ids))]
    (problem,) = report.problems
    assert problem.path == str(cut) and problem.reason.startswith("cannot read")


def test_jsonl_is_read_lazily_line_by_line(tmp_path: Path) -> None:
    path = tmp_path / "many.jsonl"
    with open(path, "w", encoding="utf-8") as out:
        for number in range(1000):
            out.write(json.dumps({"id": f"d{number}", "title": f"Paper {number}", "sentences": [f"Protein {number} binds lipid {number}."]}) + "\n")
        out.write("{not json\n")
    report = IngestReport()
    stream = iter_documents([path], report)
    first = list(itertools.islice(stream, 3))
    assert [d.id for d in first] == ["d0", "d1", "d2"]
    assert report.problems == []  # the broken last line has not been read yet
    rest = list(stream)
    assert len(first) + len(rest) == 1000
    assert report.problems[0].path == f"{path} line 1001"
