"""``engine ask --out G.json`` and ``engine export G.json --format ...``: the app's download files from the
command line."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from engine.__main__ import main
from engine.explain.answer import explain
from engine.explain.export import read_graph_json, to_answered_json, to_graphml, to_html, to_markdown
from engine.workspace.session import WorkspaceSession

sys.path.insert(0, str(Path(__file__).parent))
from app_graphs import smoking_graph  # noqa: E402


def _answered(tmp_path: Path) -> tuple[Path, WorkspaceSession]:
    session = WorkspaceSession.start(smoking_graph())
    path = tmp_path / "G.json"
    path.write_text(to_answered_json(session.graph, session.labelling, session.answer), "utf-8")
    return path, session


def test_a_graph_with_its_answer_reads_back_as_it_was(tmp_path: Path) -> None:
    path, session = _answered(tmp_path)
    graph, labelling, answer = read_graph_json(path.read_text("utf-8"))
    assert (graph, labelling, answer) == (session.graph, session.labelling, session.answer)
    bare, none_labelling, none_answer = read_graph_json(session.graph.to_json())
    assert bare == session.graph and none_labelling is None and none_answer is None


@pytest.mark.parametrize("file_format", ["html", "md", "graphml", "json"])
def test_export_writes_what_the_download_buttons_write(tmp_path: Path, file_format: str) -> None:
    path, session = _answered(tmp_path)
    out = tmp_path / f"out.{file_format}"
    assert main(["export", str(path), "--format", file_format, "--out", str(out)]) == 0
    graph, labelling, answer = session.graph, session.labelling, session.answer
    expected = {  # as ui/workspaces.export_buttons makes them
        "html": lambda: to_html(graph, labelling, answer=answer),
        "md": lambda: to_markdown(graph, labelling, answer),
        "graphml": lambda: to_graphml(graph, labelling),
        "json": lambda: graph.to_json(),
    }[file_format]()
    assert out.read_text("utf-8") == expected


def test_a_bare_graph_is_labelled_and_explained_as_the_app_opens_it(tmp_path: Path) -> None:
    bare = tmp_path / "bare.json"
    bare.write_text(smoking_graph().to_json(), "utf-8")
    out = tmp_path / "out.md"
    assert main(["export", str(bare), "--format", "md", "--out", str(out)]) == 0
    opened = WorkspaceSession.start(smoking_graph())
    assert out.read_text("utf-8") == to_markdown(opened.graph, opened.labelling, opened.answer)
    assert opened.answer == explain(opened.graph, opened.labelling)


def test_an_unreadable_graph_file_is_a_message_not_a_traceback(tmp_path: Path, capsys) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "causeway-answered-graph", "graph": {"nodes": 3}}', "utf-8")
    assert main(["export", str(bad), "--format", "html", "--out", str(tmp_path / "x.html")]) == 2
    assert "bad.json" in capsys.readouterr().err and not (tmp_path / "x.html").exists()
    assert main(["export", str(tmp_path / "none.json"), "--format", "md", "--out", str(tmp_path / "x.md")]) == 2


@pytest.mark.slow
def test_ask_out_then_export_from_the_command_line(tmp_path: Path) -> None:
    from test_pipeline_index import FIXTURE

    from engine.settings import Settings
    from retrieval.documents import Document
    from retrieval.index import PaperIndex

    documents = [Document(**json.loads(line)) for line in FIXTURE.read_text().splitlines() if line.strip()]
    index = PaperIndex.build(documents, tmp_path / "index", Settings().embedding_model)
    saved = tmp_path / "G.json"
    assert main(["ask", "How does chronic stress impact hippocampal neurogenesis?", "--index", str(index.index_dir),
                 "--json", "--out", str(saved)]) == 0
    graph, labelling, answer = read_graph_json(saved.read_text("utf-8"))
    assert graph.nodes and answer is not None and answer.statements
    page = tmp_path / "G.html"
    assert main(["export", str(saved), "--format", "html", "--out", str(page)]) == 0
    html = page.read_text("utf-8")
    assert all(statement.text.split("[")[0].strip()[:40] in html for statement in answer.statements)
