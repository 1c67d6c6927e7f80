"""The claim store: read once beside the index, looked up at question time, re-read when the reader
changes, robust to a cut-off file."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.reading.parse import store as store_module
from engine.reading.parse.store import STORE_FILE, ClaimStore, alone, read_library, store_for

SENTENCES = ["Melatonin suppresses cortical gliosis.", "The weather was fine."]


def test_fill_then_lookup_without_parsing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert read_library(tmp_path, [SENTENCES * 2], say=lambda m: None) == 2
    assert read_library(tmp_path, [SENTENCES], say=lambda m: None) == 0

    def no_parsing(sentences: list) -> list:
        raise AssertionError(f"parsed {sentences}")

    monkeypatch.setattr(store_module, "read_in_context", no_parsing)
    found = ClaimStore(tmp_path).claims(alone(SENTENCES))
    assert [[(a.subject, a.object, a.text) for a in claims] for claims in found] == [
        [("Melatonin", "cortical gliosis", SENTENCES[0])], []]


def test_missing_sentences_are_parsed_in_memory_only(tmp_path: Path) -> None:
    store = ClaimStore(tmp_path)
    assert [len(c) for c in store.claims(alone(SENTENCES))] == [1, 0]
    assert not (tmp_path / STORE_FILE).exists()
    assert store.missing(alone(SENTENCES)) == []


def test_another_reader_version_is_read_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    read_library(tmp_path, [SENTENCES], say=lambda m: None)
    monkeypatch.setattr(store_module, "reader_version", lambda: "changed-reader")
    assert len(ClaimStore(tmp_path)) == 0
    assert read_library(tmp_path, [SENTENCES], say=lambda m: None) == 2
    header = json.loads((tmp_path / STORE_FILE).read_text().splitlines()[0])
    assert header["reader_version"] == "changed-reader"


def test_a_line_cut_short_is_read_again(tmp_path: Path) -> None:
    read_library(tmp_path, [SENTENCES], say=lambda m: None)
    path = tmp_path / STORE_FILE
    path.write_text(path.read_text()[:-20])
    assert read_library(tmp_path, [SENTENCES], say=lambda m: None) == 1


def test_store_for_reloads_a_changed_file(tmp_path: Path) -> None:
    first = store_for(tmp_path)
    read_library(tmp_path, [SENTENCES[:1]], say=lambda m: None)
    assert store_for(tmp_path) is not first and len(store_for(tmp_path)) == 1
    assert len(store_for(None)) == 0


def test_the_version_covers_every_engine_module_the_reader_imports() -> None:
    names = {str(p.relative_to(store_module._ENGINE.parent)) for p in store_module.reader_sources()}
    # its own modules, what they import directly or through another module, and the packages' __init__
    assert {"engine/reading/parse/reader.py", "engine/reading/parse/modality.py", "engine/reading/language/lexicon.py",
            "engine/reading/language/removal.py", "engine/reading/language/text.py", "engine/reading/rules/tokens.py",
            "engine/reading/rules/__init__.py", "engine/reading/__init__.py"} <= names
    # not the store, nor what the reader never runs
    assert not names & {"engine/reading/parse/store.py", "engine/pipeline.py", "engine/assembly/integrate.py"}


@pytest.mark.parametrize("header", [b"{\"reader_vers", b"\xff\xfe garbled\n", b"[1, 2]\n", b""])
def test_a_damaged_header_is_refused_naming_the_file_not_dropped(tmp_path: Path, header: bytes) -> None:
    read_library(tmp_path, [SENTENCES], say=lambda m: None)
    path = tmp_path / STORE_FILE
    body = path.read_bytes().split(b"\n", 1)[1]
    path.write_bytes(header + (b"\n" + body if header else b""))
    before = path.read_bytes()
    with pytest.raises(store_module.ClaimStoreDamaged) as raised:
        ClaimStore(tmp_path)
    message = str(raised.value)
    assert str(path) in message and "damaged" in message and "corpus ensure" in message and "\n" not in message
    with pytest.raises(store_module.ClaimStoreDamaged):
        read_library(tmp_path, [SENTENCES], say=lambda m: None)
    assert path.read_bytes() == before  # nothing rewritten or dropped
    assert store_module.check_store(tmp_path) == [message]


def test_another_reader_version_is_said_and_told_apart_from_damage(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    read_library(tmp_path, [SENTENCES], say=lambda m: None)
    monkeypatch.setattr(store_module, "reader_version", lambda: "changed-reader")
    said: list[str] = []
    assert read_library(tmp_path, [SENTENCES], say=said.append) == 2
    assert any("another reader version" in line for line in said)
    assert store_module.check_store(tmp_path) == []


def test_a_reading_cut_short_resumes_where_it_stopped(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A fill killed after its first step keeps that step; the next reads only the rest, and a line
    cut mid-write does not swallow the line appended after it."""
    monkeypatch.setattr(store_module, "FILL_STEP", 1)
    read_library(tmp_path, [SENTENCES[:1]], say=lambda m: None)
    path = tmp_path / STORE_FILE
    path.write_bytes(path.read_bytes() + b'{"key": "cut-off')  # a second step killed mid-write
    parsed: list[str] = []
    real = store_module.read_in_context
    monkeypatch.setattr(store_module, "read_in_context", lambda s: parsed.extend(x for _, x in s) or real(s))
    assert read_library(tmp_path, [SENTENCES], say=lambda m: None) == 1
    assert parsed == SENTENCES[1:]
    store = ClaimStore(tmp_path)
    assert store.missing(alone(SENTENCES)) == [] and store.damaged_lines == 0


PAPER = ["Truncating VELK1 mutations were found in tumour cells.",
         "The mutations result in enhanced suppression of p61."]


def test_a_sentence_named_through_the_one_before_is_stored_with_it(tmp_path: Path) -> None:
    assert read_library(tmp_path, [PAPER], say=lambda m: None) == 2
    store = ClaimStore(tmp_path)
    (claim,) = store.claims([(PAPER[0], PAPER[1])])[0]
    assert (claim.subject, claim.named_before) == ("VELK1 mutations", True)
    # the same sentence after another one (or alone) is not named through the first paper's sentence
    assert store.missing([(None, PAPER[1])]) == [(None, PAPER[1])]
    assert all(not c.named_before for c in store.claims([(None, PAPER[1])])[0])


def test_the_parse_reader_cites_the_sentence_before_where_it_named_through_it(tmp_path: Path) -> None:
    from engine.pipeline import Retrieved, parse_claims
    from engine.explain.render import cited_text
    from retrieval.index import Passage

    read_library(tmp_path, [PAPER], say=lambda m: None)
    retrieved = [Retrieved(passage=Passage(doc_id="1", title="", sentence=s, sentence_index=i, score=0.0),
                           query="", round=1, before=PAPER[i - 1] if i else None) for i, s in enumerate(PAPER)]
    claims = parse_claims(ClaimStore(tmp_path), retrieved, {})
    (named,) = [c for c in claims if c.annotation.named_before]
    assert named.evidence.sentence == PAPER[1] and named.evidence.before == PAPER[0]
    assert cited_text(named.evidence) == f"{PAPER[0]} {PAPER[1]}"
