"""The PubMedQA library: the 1,000 PubMedQA-L abstracts as a paper index of its own, read by both readers.

    HF_HUB_OFFLINE=1 .venv/bin/python bench/pubmedqa_library.py [--index DIR] [--data FILE]

Builds ``data/pubmedqa-index`` (or DIR) from ``../shared/data/pubmedqa/ori_pqal.json`` the way a user's
library is built (``python -m retrieval build``): the abstracts are written as the project's own JSONL
(``{id, title, sentences}``) to a temporary folder, ingested with ``retrieval.ingest.ingest_paths``,
embedded with ``PaperIndex.build``, and every sentence is read by the parse reader into the index's
claim store (``corpus.build.read_claims``, as ``python -m corpus ensure`` does for the default
library). The text never enters the repository. Run again, it only reads sentences the claim store
lacks (a changed reader re-reads them); the embedding is redone only when the index is missing,
unusable, or was built from another version of the data file.

One document per PMID: the title is the PubMedQA question (PubMedQA's questions are the papers'
titles), the sentences are those of each ``CONTEXTS`` paragraph and then of ``LONG_ANSWER`` (the
abstract's conclusion, which PubMedQA keeps apart from the contexts), each split with the builder's
own ``split_sentences``. ``document_sentences`` gives that order, so a sentence index of
bench/pubmedqa_questions.jsonl is the index's ``sentence_index`` of the same sentence.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from retrieval.documents import split_sentences  # noqa: E402

PUBMEDQA = REPO.parent / "shared" / "data" / "pubmedqa" / "ori_pqal.json"
DEFAULT_INDEX = REPO / "data" / "pubmedqa-index"


def load_pubmedqa(path: Path = PUBMEDQA) -> dict[str, dict]:
    """The PubMedQA-L entries keyed by PMID; a clear error when the file is missing or not the set."""
    if not path.is_file():
        raise SystemExit(f"error: {path} not found (PubMedQA-L's ori_pqal.json; see ../shared/data/README.md)")
    data = json.loads(path.read_text(encoding="utf-8"))
    if not isinstance(data, dict) or not all(isinstance(v, dict) and "CONTEXTS" in v for v in data.values()):
        raise SystemExit(f"error: {path} is not PubMedQA-L (expected an object of PMID -> {{QUESTION, CONTEXTS, ...}})")
    return data


def document_sentences(entry: dict) -> list[str]:
    """The abstract's sentences in index order: every context paragraph, then the conclusion."""
    paragraphs = [*entry["CONTEXTS"], entry.get("LONG_ANSWER") or ""]
    return [sentence for paragraph in paragraphs for sentence in split_sentences(paragraph)]


def document_record(pmid: str, entry: dict) -> dict:
    """One abstract in the project's own JSONL schema."""
    return {"id": pmid, "title": entry["QUESTION"], "sentences": document_sentences(entry)}


def corpus_label(path: Path = PUBMEDQA) -> str:
    """The manifest's corpus name: the data file's name and a digest of its bytes."""
    return f"pubmedqa-{path.stem}-{hashlib.sha256(path.read_bytes()).hexdigest()[:12]}"


def build_library(index_dir: Path, data: Path = PUBMEDQA, say=print) -> str:
    """Embed the abstracts into ``index_dir`` unless a usable index of this data file is there, then
    read every sentence the claim store lacks; says what it did."""
    from corpus.build import read_claims
    from engine.settings import Settings
    from retrieval.index import PaperIndex, index_problem, read_manifest
    from retrieval.ingest import ingest_paths

    model = Settings().embedding_model
    label = corpus_label(data)
    if index_problem(index_dir, model) is None and read_manifest(index_dir).corpus == label:
        action = "ready"
    else:
        entries = load_pubmedqa(data)
        with tempfile.TemporaryDirectory() as folder:
            jsonl = Path(folder) / "pubmedqa.jsonl"
            jsonl.write_text("".join(json.dumps(document_record(pmid, entry)) + "\n"
                                     for pmid, entry in entries.items()), encoding="utf-8")
            report = ingest_paths([jsonl])
        for problem in report.problems:
            say(f"skipped {problem}")
        say(f"embedding {len(report.documents)} PubMedQA abstracts into {index_dir}")
        PaperIndex.build(report.documents, index_dir, model, corpus=label)
        action = "built"
    read = read_claims(index_dir, say=say)
    return f"{action}; {read} sentences read by the parse reader"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--index", type=Path, default=DEFAULT_INDEX)
    parser.add_argument("--data", type=Path, default=PUBMEDQA)
    args = parser.parse_args()
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    started = time.perf_counter()
    what = build_library(args.index, args.data, say=lambda m: print(m, file=sys.stderr))
    print(f"PubMedQA library {what} in {args.index} ({time.perf_counter() - started:.0f} s)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
