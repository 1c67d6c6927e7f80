"""``python -m engine ask "QUESTION" [--index DIR] [--backend offline|openai] [--json] [--out G.json]``.

Answers a causal question from the indexed papers: prints the graph, the labelling, the cited answer,
the references and the trace (all of it as one JSON object with ``--json``). ``--out`` writes the graph
with its labelling and answer, which ``engine export`` turns into the app's download files.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from engine.backends.base import fallback_note
from engine.model.graph import GraphError
from engine.pipeline import AskResult, ProgressEvent, ask
from engine.settings import Settings


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("ask", help="answer a causal question from the indexed papers")
    parser.add_argument("question", help='e.g. "How does sirt1 impact autophagosome?"')
    parser.add_argument("--index", type=Path, default=None, help="index directory (default: the settings')")
    parser.add_argument("--backend", choices=("offline", "openai"), default=None,
                        help="language backend (default: the settings', offline unless configured)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--out", type=Path, metavar="G.json",
                        help="write the graph with its labelling and answer here (for 'engine export' or the app)")
    parser.set_defaults(func=run)


def result_json(result: AskResult) -> dict:
    """The ``ask --json`` object."""
    return {
        "question": result.question,
        "abstained": result.abstained,
        "reason": result.reason,
        "sources": result.sources,
        "targets": result.targets,
        "analysis": result.analysis.model_dump(mode="json"),
        "graph": result.graph.model_dump(mode="json"),
        "labelling": {
            node: {"label": value.label, "certain": value.certain, "possible": list(value.possible)}
            for node, value in result.labelling.labels.items()
        },
        "labelling_status": {"status": result.labelling.status, "message": result.labelling.message},
        "answer": result.answer.text,
        "statements": [s.model_dump(mode="json") for s in result.answer.statements],
        "references": [r.model_dump(mode="json") for r in result.answer.references],
        "trace": result.trace.model_dump(mode="json"),
    }


def _print_text(result: AskResult) -> None:
    print(f"Question: {result.question}")
    if result.analysis.abstained:
        print(f"Abstained: {result.reason}")
        if result.trace.fallbacks:
            print(fallback_note(result.trace.fallbacks))
        return
    print(f"Sources: {', '.join(result.sources)}   Targets: {', '.join(result.targets)}")
    if result.abstained:
        print(f"Not answered: {result.reason}")
    labels = result.labelling.labels
    print(f"\nGraph: {len(result.graph.nodes)} nodes, {len(result.graph.edges)} edges")
    for node in result.graph.nodes:
        value = labels.get(node.id)
        shown = f"{value.label}{'' if value.certain else ' (possible: ' + '/'.join(value.possible) + ')'}" \
            if value else "-"
        print(f"  {node.id} [{node.kind}] {node.label}: {shown}")
    for edge in result.graph.edges:
        print(f"  {edge.id}  ({len(edge.evidence)} sentence(s), {edge.status})")
    print(f"\nAnswer:\n{result.answer.text}")
    trace = result.trace
    print(f"\nTrace: {trace.rounds} round(s), {len(trace.queries)} queries, {len(trace.passages)} sentences, "
          f"{len(trace.annotations)} annotations, {len(trace.edges_kept)} edges kept, "
          f"{len(trace.pruned)} claims pruned; stopped: {trace.stop_reason}")


def run(args: argparse.Namespace) -> int:
    settings = Settings()
    if args.backend:
        settings = settings.model_copy(update={"backend": args.backend})
    index_dir = args.index or settings.resolved_index_dir
    try:
        from retrieval.index import IndexBusy, IndexDamaged, IndexNotFound, PaperIndex
        from engine.reading.parse.store import ClaimStoreDamaged
    except ImportError as exc:  # pragma: no cover - the retrieval package is part of the project
        print(f"error: the retrieval package is unavailable ({exc})", file=sys.stderr)
        return 2

    def progress(event: ProgressEvent) -> None:
        counts = ", ".join(f"{k}={v}" for k, v in event.counts.items())
        round_ = f" round {event.round}" if event.round else ""
        print(f"[{event.step}{round_}] {event.message} {counts}".rstrip(), file=sys.stderr)

    try:
        index = PaperIndex.open(index_dir, settings.embedding_model)
        result = ask(args.question, index, settings, on_event=None if args.json else progress)
    except IndexNotFound as exc:
        # a damaged index's message gives its own way out; building the default corpus could lose papers
        hint = "" if isinstance(exc, IndexDamaged) else " (build the default corpus with: python -m corpus ensure)"
        print(f"error: {exc}{hint}", file=sys.stderr)
        return 2
    except (GraphError, IndexBusy, ClaimStoreDamaged) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if args.out is not None:
        from engine.explain.export import to_answered_json

        try:
            args.out.write_text(to_answered_json(result.graph, result.labelling, result.answer), encoding="utf-8")
        except OSError as exc:
            print(f"error: cannot write {args.out}: {exc}", file=sys.stderr)
            return 2
    if args.json:
        print(json.dumps(result_json(result), ensure_ascii=False, indent=2))
    else:
        _print_text(result)
    return 0
