"""Hostile graph files on the command line: deep nesting is a clear message, not a RecursionError,
and fields the graph model does not know are named in a warning, not dropped in silence."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from engine.model.graph import Edge, Graph, Node

ROOT = Path(__file__).resolve().parent.parent


def _label(path: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "engine", "label", str(path), "--set", "a=+"], cwd=ROOT,
                          capture_output=True, text=True, timeout=300)


def _graph() -> dict:
    graph = Graph(question="q", nodes=[Node(id="a", label="A"), Node(id="b", label="B")],
                  edges=[Edge(id="a-b", source="a", target="b", sign=1)])
    return json.loads(graph.to_json())


def test_a_deeply_nested_graph_file_is_a_clear_message(tmp_path: Path) -> None:
    for name, text in (("list.json", "[" * 200_000 + "]" * 200_000),
                       ("nodes.json", '{"nodes": ' + "[" * 5_000 + "]" * 5_000 + "}")):
        path = tmp_path / name
        path.write_text(text)
        done = _label(path)
        assert done.returncode != 0 and "Traceback" not in done.stderr and "RecursionError" not in done.stderr
        assert "nested too deeply" in done.stderr and name in done.stderr


def test_unknown_fields_of_a_graph_file_are_warned_about(tmp_path: Path) -> None:
    data = _graph()
    data["colour"] = "blue"
    data["nodes"][1]["size"] = 3
    data["edges"][0]["evidence_note"] = "see paper"
    path = tmp_path / "graph.json"
    path.write_text(json.dumps(data))
    done = _label(path)
    assert done.returncode == 0, done.stderr
    warning = next(line for line in done.stderr.splitlines() if line.startswith("warning:"))
    assert "colour" in warning and "nodes[1].size" in warning and "edges[0].evidence_note" in warning
    assert str(path) in warning
    clean = tmp_path / "clean.json"
    clean.write_text(json.dumps(_graph()))
    assert "warning" not in _label(clean).stderr
