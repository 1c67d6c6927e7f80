"""``python -m retrieval build|add|search|eval``: the paper index from the command line.

  build  --input PATH... [--index DIR] [--model NAME]   ingest files/folders and build a fresh index
         [--sharded] [--shard-passages N] [--workers N]  a large input (over 40 MB, or --sharded) is built
                                                        on Ray Data into a sharded index; run again to resume
                                                        (Ray's cluster, device and workers: the build settings)
  add    --input PATH... [--index DIR]                  embed and add only new documents (and read
                                                        the claims of any sentence still unread)
  check  [--index DIR]                                  verify every file of the index (sizes, SHA-256,
                                                        documents, vectors, BM25) and its claim store
  search "query" [--index DIR] [-k 10] [--mode hybrid|bm25|dense] [--json]
  eval   --corpus C --queries Q --qrels R [--mode ...] [--index DIR] [--json]

The index folder defaults to the configured one (CAUSEWAY_INDEX_DIR, or CAUSEWAY_DATA_DIR/index).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path

from tqdm import tqdm

from engine.settings import Settings
from retrieval.documents import Document
from retrieval.embeddings import EmbeddingModelError, resolve_model
from retrieval.evaluation import EvaluationError, evaluate, read_qrels, read_queries
from retrieval.index import (
    IndexBusy,
    IndexModelMismatch,
    IndexNotFound,
    PaperIndex,
    corpus_hash,
    read_manifest,
    verify_index,
)
from retrieval.ingest import IngestReport, ingest_paths
from retrieval.ray_build import SHARDED_INPUT_BYTES, BuildProgress, InputChanged, input_bytes
from retrieval.progress import terminal_progress


def _ingest(paths: list[str]) -> IngestReport:
    with terminal_progress("reading files", unit="B") as progress:
        return ingest_paths(paths, progress=progress)


def _print_ingest_problems(report: IngestReport) -> None:
    for problem in report.problems:
        print(f"skipped {problem}", file=sys.stderr)
    for warning in report.warnings:
        print(f"warning: {warning}", file=sys.stderr)
    for duplicate in report.duplicates:
        print(f"duplicate {duplicate.doc_id} ({duplicate.reason} as {duplicate.duplicate_of}) left out", file=sys.stderr)


def _index_dir(args: argparse.Namespace, settings: Settings) -> Path:
    return Path(args.index) if args.index else settings.resolved_index_dir


def cmd_build(args: argparse.Namespace, settings: Settings) -> int:
    if args.sharded or input_bytes(args.input) > SHARDED_INPUT_BYTES:
        return _build_sharded(args, settings)
    report = _ingest(args.input)
    _print_ingest_problems(report)
    if not report.documents:
        print("no documents to index: nothing was built", file=sys.stderr)
        return 1
    index_dir = _index_dir(args, settings)
    model = args.model or settings.embedding_model
    with terminal_progress("embedding") as progress:
        index = PaperIndex.build(report.documents, index_dir, model, progress=progress)
    _read_claims(index_dir, index.documents())
    print(json.dumps({"index": str(index_dir), **index.manifest.model_dump(), "problems": len(report.problems)}, indent=2))
    return 0


def _build_sharded(args: argparse.Namespace, settings: Settings) -> int:
    from retrieval.ray_build import BuildPlan, build_with_ray

    plan = BuildPlan.from_settings(settings.build, shard_passages=args.shard_passages, workers=args.workers)
    index_dir = _index_dir(args, settings)
    report = IngestReport()
    with tqdm(desc="building shards", unit="%", total=100, file=sys.stderr, dynamic_ncols=True) as bar:
        def show(progress: BuildProgress) -> None:
            bar.n = round(100 * progress.input_done)
            left = progress.time_left_s
            bar.set_postfix_str(
                f"{progress.documents:,} documents, {progress.sentences:,} sentences, {progress.shards} shards"
                f" ({progress.resumed_shards} resumed), {progress.rate:,.0f} sentences/s"
                + (f", about {left / 60:,.0f} min left" if left is not None else ""))

        try:
            index = build_with_ray(args.input, index_dir, args.model or settings.embedding_model, plan, report, show)
            bar.n = 100
        except ValueError as error:
            print(f"error: {error}", file=sys.stderr)
            return 1
        finally:
            _print_ingest_problems(report)
    print(json.dumps({"index": str(index_dir), **index.manifest.model_dump(), "shards": index.shard_count,
                      "problems": len(report.problems), "deleted": len(report.deleted)}, indent=2))
    return 0


def cmd_add(args: argparse.Namespace, settings: Settings) -> int:
    report = _ingest(args.input)
    _print_ingest_problems(report)
    index = PaperIndex.open(_index_dir(args, settings), settings.embedding_model)
    with terminal_progress("embedding new documents") as progress:
        added = index.add_documents(report.documents, progress=progress)
    # every sentence of the library the claim store lacks, not only the new ones: a reading an
    # earlier add did not finish (killed, interrupted) is taken up where it stopped
    _read_claims(index.index_dir, index.documents())
    for duplicate in added.duplicates:
        print(f"already indexed: {duplicate.doc_id} ({duplicate.reason} as {duplicate.duplicate_of})", file=sys.stderr)
    print(json.dumps({"added": len(added.added), "passages_added": added.passages_added,
                      "duplicates": len(added.duplicates), "documents": index.manifest.documents}, indent=2))
    return 0


def cmd_update(args: argparse.Namespace, settings: Settings) -> int:
    """Apply PubMed update files in order: each file's revised citations replace the indexed ones,
    its <DeleteCitation> PMIDs are removed, its new citations are added."""
    index = PaperIndex.open(_index_dir(args, settings), settings.embedding_model)
    totals = {"added": 0, "replaced": 0, "deleted": 0, "duplicates": 0}
    for path in args.input:
        report = _ingest([path])
        _print_ingest_problems(report)
        with terminal_progress(f"updating from {Path(path).name}") as progress:
            updated = index.update_documents(report.documents, report.deletions, progress=progress)
        for key in totals:
            totals[key] += len(getattr(updated, key))
    _read_claims(index.index_dir, index.documents())
    print(json.dumps({**totals, "documents": index.manifest.documents}, indent=2))
    return 0


def _read_claims(index_dir: Path, documents: list[Document]) -> None:
    """Read the new documents' sentences with the dependency-parse reader, into the index's claim
    store, so that questions look their claims up instead of parsing them."""
    from engine.reading.parse.store import read_library

    with terminal_progress("reading claims") as progress:
        read_library(index_dir, [d.sentences for d in documents], say=lambda m: print(m, file=sys.stderr), progress=progress)


def cmd_check(args: argparse.Namespace, settings: Settings) -> int:
    """Verify everything; one line per problem, exit 1 when there is any."""
    from engine.reading.parse.store import check_store

    index_dir = _index_dir(args, settings)
    problems, notes = verify_index(index_dir)
    if index_dir.is_dir():
        problems += check_store(index_dir)
    for note in notes:
        print(f"note: {note}", file=sys.stderr)
    for problem in problems:
        print(f"damaged: {problem}", file=sys.stderr)
    if problems:
        return 1
    manifest = read_manifest(index_dir)
    print(f"ok: {index_dir}: {manifest.documents} documents, {manifest.passages} sentences, "
          f"{len(manifest.files)} files verified")
    return 0


def cmd_search(args: argparse.Namespace, settings: Settings) -> int:
    index = PaperIndex.open(_index_dir(args, settings), settings.embedding_model)
    passages = index.search(args.query, k=args.k, mode=args.mode)
    if args.json:
        print(json.dumps([p.model_dump() for p in passages], indent=2, ensure_ascii=False))
        return 0
    if not passages:
        print("no passage matches the query")
    for rank, passage in enumerate(passages, start=1):
        print(f"{rank:>3}. [{passage.score:.3f}] {passage.doc_id} #{passage.sentence_index}: {passage.title}")
        print(f"     {passage.sentence}")
    return 0


def cmd_eval(args: argparse.Namespace, settings: Settings) -> int:
    queries = read_queries(Path(args.queries))
    qrels = read_qrels(Path(args.qrels))
    report = _ingest([args.corpus])
    _print_ingest_problems(report)
    model = args.model or settings.embedding_model
    index = open_or_build_cached(report, model, Path(args.index) if args.index else _eval_index_dir(settings, args.corpus, model))
    with tqdm(desc=f"eval {args.mode}", unit="query", file=sys.stderr) as bar:
        result = evaluate(index, queries, qrels, mode=args.mode, progress=lambda done, total: bar.update(1))
    if args.json:
        print(result.model_dump_json(indent=2))
    else:
        print(f"{result.mode}: nDCG@10 {result.ndcg_at_10:.4f}  Recall@100 {result.recall_at_100:.4f}  "
              f"over {result.queries} queries; latency median {result.latency_median_ms:.1f} ms, "
              f"p95 {result.latency_p95_ms:.1f} ms, CPU median {result.cpu_median_ms:.1f} ms")
    return 0


def _eval_index_dir(settings: Settings, corpus: str, model: str) -> Path:
    key = hashlib.sha256(f"{Path(corpus).resolve()}|{model}".encode()).hexdigest()[:12]
    return settings.data_dir / "eval" / f"{Path(corpus).stem}-{key}"


def open_or_build_cached(report: IngestReport, model: str, index_dir: Path) -> PaperIndex:
    """Reuse the index in ``index_dir`` when it holds exactly these documents with this model."""
    try:
        manifest = read_manifest(index_dir)
        if manifest.embedding_model == model and manifest.content_hash == corpus_hash(report.documents):
            return PaperIndex.open(index_dir, model)
    except IndexNotFound:
        pass
    with terminal_progress("embedding corpus") as progress:
        return PaperIndex.build(report.documents, index_dir, model, progress=progress)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m retrieval", description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)

    build = commands.add_parser("build", help="build a fresh index from files and folders")
    build.add_argument("--input", nargs="+", required=True, metavar="PATH")
    build.add_argument("--index", metavar="DIR")
    build.add_argument("--model", help="embedding model name or path (default: the configured one)")
    build.add_argument("--sharded", action="store_true", help="build a sharded index on Ray whatever the input's size")
    build.add_argument("--shard-passages", type=int, metavar="N",
                       help="sentences per shard (sharded build; default: the build.shard_passages setting)")
    build.add_argument("--workers", type=int, metavar="N",
                       help="embedding actors (default: the build.workers setting, else one per CPU Ray offers less one)")
    build.set_defaults(func=cmd_build)

    add = commands.add_parser("add", help="add new documents to an existing index")
    add.add_argument("--input", nargs="+", required=True, metavar="PATH")
    add.add_argument("--index", metavar="DIR")
    add.set_defaults(func=cmd_add)

    update = commands.add_parser("update", help="apply PubMed update files: replace revised citations, apply deletions")
    update.add_argument("--input", nargs="+", required=True, metavar="PATH", help="update files, applied in order")
    update.add_argument("--index", metavar="DIR")
    update.set_defaults(func=cmd_update)

    check = commands.add_parser("check", help="verify every file of the index and its claim store")
    check.add_argument("--index", metavar="DIR")
    check.set_defaults(func=cmd_check)

    search = commands.add_parser("search", help="search the index")
    search.add_argument("query")
    search.add_argument("--index", metavar="DIR")
    search.add_argument("-k", type=int, default=10)
    search.add_argument("--mode", choices=["hybrid", "bm25", "dense"], default="hybrid")
    search.add_argument("--json", action="store_true")
    search.set_defaults(func=cmd_search)

    evaluation = commands.add_parser("eval", help="nDCG@10 and Recall@100 on a BEIR-style set")
    evaluation.add_argument("--corpus", required=True)
    evaluation.add_argument("--queries", required=True)
    evaluation.add_argument("--qrels", required=True)
    evaluation.add_argument("--mode", choices=["hybrid", "bm25", "dense"], default="hybrid")
    evaluation.add_argument("--index", metavar="DIR", help="where to keep the evaluation index (default: under the data dir)")
    evaluation.add_argument("--model")
    evaluation.add_argument("--json", action="store_true")
    evaluation.set_defaults(func=cmd_eval)

    args = parser.parse_args(argv)
    settings = Settings()
    try:
        if getattr(args, "model", None):
            resolve_model(args.model)
        return args.func(args, settings)
    except (IndexNotFound, IndexModelMismatch, IndexBusy, EmbeddingModelError, EvaluationError, InputChanged) as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    except OSError as error:  # the claim store's damage among them, its message whole
        print(f"error: {error}" if error.strerror is None else f"error: {error.filename or ''}: {error.strerror}",
              file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
