"""Running the app under Streamlit's AppTest with a private data directory."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from engine.model.graph import Graph
from engine.workspace.storage import WorkspaceStore

APP_SCRIPT = str(Path(__file__).resolve().parent / "app_script.py")
RUN_TIMEOUT_S = 60


def page_path(name: str) -> str:
    """A page as ``AppTest.switch_page`` wants it: relative to tests/app_script.py."""
    return f"../pages/{name}.py"


def new_app(monkeypatch: pytest.MonkeyPatch, data_dir: Path, index_dir: Path | None = None) -> AppTest:
    """A fresh user session of the app whose workspaces live in ``data_dir``."""
    monkeypatch.setenv("CAUSEWAY_DATA_DIR", str(data_dir))
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    if index_dir is not None:
        monkeypatch.setenv("CAUSEWAY_INDEX_DIR", str(index_dir))
    return AppTest.from_file(APP_SCRIPT, default_timeout=RUN_TIMEOUT_S)


def store_for(data_dir: Path) -> WorkspaceStore:
    return WorkspaceStore(f"sqlite:///{data_dir / 'workspaces.db'}")


def open_graph_page(app: AppTest, data_dir: Path, graph: Graph, name: str = "demo") -> AppTest:
    """Save ``graph`` as workspace ``name`` and open it on the Graph page, as a link would."""
    store_for(data_dir).save(name, graph)
    app.query_params["workspace"] = name
    app.switch_page(page_path("graph")).run()
    assert_clean(app)
    return app


def assert_clean(app: AppTest) -> None:
    """No error message and no exception element on the page."""
    assert not app.exception, [e.value for e in app.exception]
    assert not app.error, [e.value for e in app.error]


def label_rows(app: AppTest) -> list[dict[str, str]]:
    """The rows of the Labels table (a markdown table), unescaped."""
    table = next(str(m.value) for m in app.markdown if str(m.value).startswith("| node | role |"))
    header, _, *rows = table.splitlines()
    names = [cell.strip() for cell in header.strip("|").split("|")]
    parsed = []
    for row in rows:
        cells = re.split(r"(?<!\\)\|", row.strip()[1:-1])
        texts = [re.sub(r"\\(.)", r"\1", cell.strip().removeprefix("**").removesuffix("**")) for cell in cells]
        parsed.append(dict(zip(names, texts, strict=True)))
    return parsed


def labels(app: AppTest) -> dict[str, str]:
    """node label → label text, read from the Labels table."""
    return {row["node"]: row["label"] for row in label_rows(app)}


def plain(text: str) -> str:
    """Markdown as a reader sees it: backslash escapes removed."""
    return re.sub(r"\\(.)", r"\1", text)


def messages(app: AppTest) -> str:
    """Every error, warning and info message on the page, as shown."""
    return "\n".join(plain(str(m.value)) for m in [*app.error, *app.warning, *app.info])


def markdown_text(app: AppTest) -> str:
    return "\n".join(str(element.value) for element in app.markdown)
