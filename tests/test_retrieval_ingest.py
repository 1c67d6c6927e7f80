"""Ingestion of every supported format, the malformed ones included (no embedding model needed)."""

from __future__ import annotations

from pathlib import Path

import pytest

from retrieval.documents import Document, split_sentences
from retrieval.ingest import ingest_paths

FIXTURES = Path(__file__).parent / "fixtures" / "retrieval"


def _ingest(*names: str):
    return ingest_paths([FIXTURES / name for name in names])


def _problem_for(report, name: str) -> str:
    reasons = [p.reason for p in report.problems if Path(p.path.split(" ")[0]).name == name]
    assert reasons, f"no problem reported for {name}: {report.problems}"
    return reasons[0]


def test_scifact_jsonl_keeps_the_given_sentences() -> None:
    report = _ingest("scifact_style.jsonl")
    assert [d.id for d in report.documents] == ["101", "102"]
    first = report.documents[0]
    assert first.title == "Cortisol and blood pressure"
    assert first.sentences == [
        "Chronic stress raises plasma cortisol.",
        "Higher cortisol increases blood pressure through sodium retention.",
    ]
    assert first.source.endswith("scifact_style.jsonl")
    assert not report.problems


def test_beir_jsonl_splits_text_into_sentences() -> None:
    report = _ingest("beir_style.jsonl")
    assert [d.id for d in report.documents] == ["b1", "b2"]
    assert report.documents[1].sentences == [
        "Statins lower LDL cholesterol.",
        "Lower LDL reduces the risk of myocardial infarction.",
    ]
    assert report.documents[1].title == ""


def test_plain_text_title_and_paragraphs() -> None:
    (document,) = _ingest("plain_paper.txt").documents
    assert document.title == "Astrocytes and glutamate clearance"
    assert document.id == str((FIXTURES / "plain_paper.txt").resolve())
    assert len(document.sentences) == 3
    # "et al." must not end a sentence.
    assert document.sentences[2] == "In ALS models, restoring GLT-1 delays motor neuron loss (Rothstein et al., 2005)."


def test_markdown_drops_markup_and_uses_first_heading_as_title() -> None:
    (document,) = _ingest("notes.md").documents
    assert document.title == "Notes on neuroinflammation"
    assert document.sentences[0] == "Microglial activation increases the release of IL-1β."
    assert "Open questions" not in " ".join(document.sentences)
    assert not any("*" in s or "`" in s for s in document.sentences)
    assert "Does TREM2 loss reduce microglial phagocytosis of amyloid plaques?" in document.sentences


def test_pdf_text_layer_and_metadata_title() -> None:
    (document,) = _ingest("stress_cortisol.pdf").documents
    assert document.title == "Stress, cortisol and blood pressure"
    assert document.sentences == [
        "Chronic stress raises cortisol levels in the blood.",
        "Elevated cortisol in turn increases blood pressure in adults.",
        "Regular exercise lowers resting blood pressure.",
    ]


def test_pubmed_xml_articles_with_inline_markup_and_labelled_sections() -> None:
    report = _ingest("pubmed_two_articles.xml")
    assert [d.id for d in report.documents] == ["90000001", "90000002"]
    first, second = report.documents
    assert first.title == "Microglial activation drives tau spreading in a mouse model."
    assert len(first.sentences) == 4  # two labelled AbstractText sections, two sentences each
    assert second.sentences[0] == "Insulin inhibits GSK-3β through Akt."
    assert second.sentences[1].endswith("(by about 2.5-fold vs. controls).")
    # The third article has no abstract: reported, not silently dropped.
    assert "90000003" in _problem_for(report, "pubmed_two_articles.xml")


def test_latin1_text_is_decoded_by_detection() -> None:
    report = _ingest("latin1_encoded.txt")
    (document,) = report.documents
    assert document.title == "Caféine et adénosine"
    assert "La caféine bloque les récepteurs de l'adénosine." in document.sentences
    # decoded, but said: the warning names the file and the encoding it was read in
    (warning,) = report.warnings
    assert warning.path.endswith("latin1_encoded.txt") and "not valid UTF-8" in warning.reason


def test_a_huge_record_is_refused_at_once_and_the_others_kept(tmp_path: Path) -> None:
    import json
    import time

    path = tmp_path / "big.jsonl"
    huge = "Cortisol raises blood pressure in rats. " * 130_000  # 5.2 MB in one line
    path.write_text(json.dumps({"_id": "big", "title": "Big", "text": huge}) + "\n"
                    + json.dumps({"_id": "small", "title": "Small", "text": "Salt raises blood pressure."}) + "\n")
    started = time.perf_counter()
    report = ingest_paths([path])
    assert time.perf_counter() - started < 1.0
    assert [d.id for d in report.documents] == ["small"]
    (problem,) = report.problems
    assert problem.path.endswith("big.jsonl line 1") and "over the limit" in problem.reason and "split it" in problem.reason


def test_a_long_record_under_the_limit_is_split_in_linear_time() -> None:
    import time

    from retrieval.documents import MAX_TEXT_CHARS

    sentence = "Chronic stress raises plasma cortisol in rats (Smith et al., 2003), e.g. in the cortex. "
    text = sentence * (MAX_TEXT_CHARS // len(sentence))
    started = time.process_time()  # CPU time: on a shared machine the wall clock counts the others too
    sentences = split_sentences(text)
    assert time.process_time() - started < 10.0  # pysbd over the whole text: minutes
    assert len(sentences) == MAX_TEXT_CHARS // len(sentence)
    assert sentences[0] == sentence.strip()


def test_ingestion_reports_progress_in_bytes(tmp_path: Path) -> None:
    seen: list[tuple[int, int]] = []
    report = ingest_paths([FIXTURES / "scifact_style.jsonl", FIXTURES / "plain_paper.txt"],
                          progress=lambda done, total: seen.append((done, total)))
    total = sum((FIXTURES / name).stat().st_size for name in ("scifact_style.jsonl", "plain_paper.txt"))
    assert report.documents and seen[-1] == (total, total)
    assert [done for done, _ in seen] == sorted(done for done, _ in seen)


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("scanned_no_text.pdf", "no text layer"),
        ("truncated.pdf", "unreadable PDF"),
        ("malformed.xml", "malformed XML"),
        ("not_pubmed.xml", "<catalog>"),
        ("malformed.json", "malformed JSON at line 2"),
        ("utf16_records.jsonl", "not valid UTF-8"),
        ("binary_garbage.txt", "binary data"),
    ],
)
def test_bad_files_are_reported_by_name_with_the_reason(name: str, expected: str) -> None:
    report = ingest_paths([FIXTURES / name, FIXTURES / "scifact_style.jsonl"])
    assert expected in _problem_for(report, name)
    # The rest of the batch still goes in.
    assert [d.id for d in report.documents] == ["101", "102"]


def test_broken_jsonl_lines_are_reported_and_good_lines_kept() -> None:
    report = _ingest("broken_lines.jsonl")
    assert [d.id for d in report.documents] == ["201", "204"]
    where = sorted(p.path.rsplit(" ", 1)[1] for p in report.problems)
    assert where == ["2", "3", "4"]
    reasons = " | ".join(p.reason for p in report.problems)
    assert "malformed JSON" in reasons and "no text" in reasons and "expected a JSON object" in reasons


def test_duplicates_by_id_and_by_content() -> None:
    report = _ingest("scifact_style.jsonl", "duplicate_content.jsonl")
    assert [d.id for d in report.documents] == ["101", "102"]
    found = {(d.doc_id, d.duplicate_of, d.reason) for d in report.duplicates}
    assert found == {("999", "101", "same content"), ("101", "101", "same id")}


def test_folder_ingestion_reports_unsupported_and_missing_paths(tmp_path: Path) -> None:
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "paper.txt").write_text("Title line\n\nSalt intake raises blood pressure.\n")
    (tmp_path / "figure.png").write_bytes(b"\x89PNG")
    (tmp_path / ".hidden").mkdir()
    (tmp_path / ".hidden" / "secret.txt").write_text("Not to be indexed.")
    report = ingest_paths([tmp_path, tmp_path / "absent.pdf"])
    assert [d.title for d in report.documents] == ["Title line"]
    reasons = {Path(p.path).name: p.reason for p in report.problems}
    assert "unsupported file type" in reasons["figure.png"]
    assert reasons["absent.pdf"] == "no such file or folder"
    assert "secret.txt" not in reasons
    assert "hidden" in reasons[".hidden"]  # skipped, but said: one line for the hidden folder


def test_whole_fixture_folder_loses_nothing_silently() -> None:
    report = ingest_paths([FIXTURES])
    files = {p.name for p in FIXTURES.iterdir()}
    accounted = {Path(d.source).name for d in report.documents}
    accounted |= {Path(p.path.split(" ")[0]).name for p in report.problems}
    accounted |= {"duplicate_content.jsonl"}  # both of its records are duplicates of earlier ones
    assert files <= accounted


def test_document_hash_ignores_id_and_source_and_whitespace() -> None:
    a = Document(id="1", title="T", sentences=["A  sentence.", " "], source="x")
    b = Document(id="2", title="T", sentences=["A sentence."], source="y")
    assert a.sentences == ["A sentence."]
    assert a.content_hash() == b.content_hash()
    assert a.content_hash() != Document(id="1", title="T", sentences=["Another."]).content_hash()


def test_sentence_splitter_keeps_abbreviations_and_decimals_together() -> None:
    text = "Levels rose 2.5-fold (e.g. in CA1). Smith et al. saw no change.\nThe end."
    assert split_sentences(text) == [
        "Levels rose 2.5-fold (e.g. in CA1).",
        "Smith et al. saw no change.",
        "The end.",
    ]
