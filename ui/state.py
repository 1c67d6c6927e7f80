"""What the pages share through ``st.session_state``, and the per-server caches.

Per browser session: the ``Settings`` (edited on the Settings page, never written anywhere), the
``WorkspaceSession`` being worked on, the last ``AskResult`` and the selection in the graph.
Per server (``st.cache_resource``): the opened ``PaperIndex`` — so the embedding model loads once —
and the ``WorkspaceStore`` for the database URL.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import streamlit as st

from engine.settings import Settings
from ui.memory import freeze_survivors
from ui.text import md

if TYPE_CHECKING:
    from engine.explain.answer import Answer
    from engine.model.graph import Graph, Labelling, Scenario
    from engine.workspace.session import WorkspaceSession
    from engine.workspace.storage import WorkspaceStore
    from retrieval.index import PaperIndex

_SETTINGS = "causeway_settings"
_SESSION = "causeway_workspace_session"
_ASK_RESULT = "causeway_ask_result"
_SELECTED = "causeway_selected_node"
WORKSPACE_PARAM = "workspace"


def settings() -> Settings:
    """This browser session's settings: the server's (environment) until changed on the Settings page."""
    if _SETTINGS not in st.session_state:
        st.session_state[_SETTINGS] = Settings()
    return st.session_state[_SETTINGS]


def set_settings(new: Settings) -> None:
    st.session_state[_SETTINGS] = new


@st.cache_resource(show_spinner="Opening the paper index…")
def _open_index(index_dir: str, embedding_model: str) -> PaperIndex:
    from retrieval.index import PaperIndex  # imports the embedding stack; only when first needed

    index = PaperIndex.open(Path(index_dir), embedding_model=embedding_model)
    freeze_survivors()
    return index


def paper_index() -> PaperIndex:
    """The index named by the settings, opened once per server (raises IndexNotFound when absent),
    with whatever another program (``python -m retrieval add``) saved to it since."""
    current = settings()
    index = _open_index(str(current.resolved_index_dir), current.embedding_model)
    index.refresh()
    return index


def forget_index() -> None:
    """Drop the cached index (after it was rebuilt on disk) so the next use reopens it."""
    _open_index.clear()


@st.cache_resource(show_spinner=False)
def _store(database_url: str) -> WorkspaceStore:
    from engine.workspace.storage import WorkspaceStore

    return WorkspaceStore(database_url)


def store() -> WorkspaceStore:
    current = settings()
    if current.database_url is None:
        current.data_dir.mkdir(parents=True, exist_ok=True)
    return _store(current.resolved_database_url)


def session() -> WorkspaceSession | None:
    """The graph being worked on; reopens the workspace named in the URL after a browser reload."""
    if _SESSION not in st.session_state:
        st.session_state[_SESSION] = None
        name = st.query_params.get(WORKSPACE_PARAM)
        if name:
            try:
                open_workspace(name)
            except Exception as exc:  # noqa: BLE001 - a stale link must not break the page
                st.session_state[_SESSION] = None
                st.warning(f"Could not reopen workspace {md(repr(name))}: {md(str(exc))}")
                del st.query_params[WORKSPACE_PARAM]
    return st.session_state[_SESSION]


def set_session(new: WorkspaceSession | None) -> None:
    st.session_state[_SESSION] = new
    st.session_state[_SELECTED] = None
    if new is not None and new.name:
        st.query_params[WORKSPACE_PARAM] = new.name
    elif WORKSPACE_PARAM in st.query_params:
        del st.query_params[WORKSPACE_PARAM]


def start_session(
    graph: Graph,
    name: str | None = None,
    scenario: Scenario | None = None,
    labelling: Labelling | None = None,
    answer: Answer | None = None,
) -> WorkspaceSession:
    from engine.workspace.session import WorkspaceSession

    new = WorkspaceSession.start(
        graph,
        scenario=scenario,
        time_limit_s=settings().solver.time_limit_s,
        name=name,
        store=store(),
        labelling=labelling,
        answer=answer,
    )
    set_session(new)
    return new


def open_workspace(name: str) -> WorkspaceSession:
    """Reopen a saved workspace as it was left (scenario, last contrast, view)."""
    from engine.workspace.session import WorkspaceSession

    opened = WorkspaceSession.open(store(), name, time_limit_s=settings().solver.time_limit_s)
    set_session(opened)
    st.session_state[_SELECTED] = opened.view.selected_node
    return opened


def remember_name(new: WorkspaceSession) -> None:
    """Keep the workspace's name in the URL, so a reload of the page reopens it."""
    if new.name:
        st.query_params[WORKSPACE_PARAM] = new.name


def ask_result() -> Any:
    return st.session_state.get(_ASK_RESULT)


def set_ask_result(result: Any) -> None:
    st.session_state[_ASK_RESULT] = result


def selected_node() -> str | None:
    return st.session_state.get(_SELECTED)


def select_node(node_id: str | None) -> None:
    """Select a node; a saved workspace remembers it as part of its view."""
    st.session_state[_SELECTED] = node_id
    current = st.session_state.get(_SESSION)
    if current is not None and current.view.selected_node != node_id:
        current.view = current.view.model_copy(update={"selected_node": node_id})
        current.save_view()
