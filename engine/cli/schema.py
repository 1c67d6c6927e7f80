"""``python -m engine schema``: print the JSON schema of a saved graph (also in engine/model/graph.schema.json)."""

from __future__ import annotations

import argparse
import json

from engine.model.graph import Graph


def schema_text() -> str:
    """The schema exactly as committed in engine/model/graph.schema.json."""
    return json.dumps(Graph.json_schema(), indent=2, ensure_ascii=False) + "\n"


def run(_args: argparse.Namespace) -> int:
    print(schema_text(), end="")
    return 0


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("schema", help="print the JSON schema of a graph file")
    parser.set_defaults(func=run)
