"""``python -m engine export GRAPH.json --format html|md|graphml|json --out FILE``.

Writes what the app's download buttons write for the same graph: the standalone HTML page, the Markdown
report, GraphML or the graph's JSON. ``GRAPH.json`` is either what ``engine ask --out`` wrote (the graph
with its labelling and answer, kept as they are) or a bare graph JSON (the app's JSON download), which
is labelled under the question's scenario and explained as the app does when it opens one. A file that
cannot be read gives a message and exit status 2.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from engine.model.graph import Graph, GraphError, Labelling

FORMATS = ("html", "md", "graphml", "json")


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("export", help="write a graph as the app's downloads do (HTML, Markdown, GraphML, JSON)",
                                   description=__doc__.splitlines()[0])
    parser.add_argument("graph", type=Path, help="a graph JSON file (from 'engine ask --out' or the app)")
    parser.add_argument("--format", choices=FORMATS, required=True)
    parser.add_argument("--out", type=Path, required=True, help="the file to write")
    parser.set_defaults(func=run)


def exported(text: str, file_format: str) -> str:
    """The file the app's download button for ``file_format`` writes for the graph JSON ``text``."""
    from engine.explain import export

    graph, labelling, answer = export.read_graph_json(text)
    if labelling is None or answer is None:
        labelling, answer = _as_opened(graph)
    if file_format == "html":
        return export.to_html(graph, labelling, answer=answer)
    if file_format == "md":
        return export.to_markdown(graph, labelling, answer)
    if file_format == "graphml":
        return export.to_graphml(graph, labelling)
    return graph.to_json()


def _as_opened(graph: Graph) -> tuple[Labelling, object]:
    """The labelling and answer the app gives a graph it opens (the question's scenario)."""
    from engine.workspace.session import WorkspaceSession

    session = WorkspaceSession.start(graph)
    return session.labelling, session.answer


def run(args: argparse.Namespace) -> int:
    try:
        text = args.graph.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        print(f"error: cannot read {args.graph}: {exc}", file=sys.stderr)
        return 2
    try:
        content = exported(text, args.format)
    except GraphError as exc:
        print(f"error: {args.graph.name}: {exc}", file=sys.stderr)
        return 2
    try:
        args.out.write_text(content, encoding="utf-8")
    except OSError as exc:
        print(f"error: cannot write {args.out}: {exc}", file=sys.stderr)
        return 2
    print(f"wrote {args.out} ({args.format})", file=sys.stderr)
    return 0
