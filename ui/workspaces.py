"""Workspaces in the sidebar: save, open, rename, delete, import and export named graphs."""

from __future__ import annotations

from pathlib import PurePath
from typing import TYPE_CHECKING

import streamlit as st

from engine.model.graph import Graph, GraphError
from engine.workspace.storage import WorkspaceExists
from ui import state
from ui.guard import guard
from ui.text import md

if TYPE_CHECKING:
    from engine.workspace.session import WorkspaceSession
    from engine.workspace.storage import WorkspaceStore

IMPORT_TYPES = ["json", "graphml", "xml"]
HISTORY_LENGTH = 50  # versions listed; older ones stay in the database
_SAVE_NAME = "workspace_save_name"
_SAVE_NAME_FOR = "workspace_save_name_for"  # the session and name the suggested name was made for
_PICK = "workspace_pick"
_PICK_FOR = "workspace_pick_for"  # the session and name the picker was last reset for
_VERSION = "workspace_version"
_VERSION_FOR = "workspace_version_for"


def workspace_sidebar() -> None:
    with st.sidebar, guard("Workspaces"):
        st.markdown("### Workspace")
        session = state.session()
        store = state.store()
        if session is not None:
            _current_box(session)
            if session.name:
                _history_box(session, store)
        _saved_box(session, store)
        _import_box()


def _current_box(session: WorkspaceSession) -> None:
    """The workspace on screen, by name, and saving it: never onto another one without a choice."""
    if session.name:
        st.caption(f"On screen: **{md(session.name)}** — saved after every change.")
    else:
        st.caption(f"On screen: **{md(session.title)}** — not saved yet: save it to keep it.")
    if session.conflict is not None:
        _conflict_box(session)
    # The suggested name follows the workspace on screen (a new question suggests its own).
    if _new_for(_SAVE_NAME_FOR, session, session.name):
        st.session_state[_SAVE_NAME] = session.name or _suggest_name(session.graph)
    with st.form("save_workspace", border=False):
        name = st.text_input("Save as", max_chars=120, key=_SAVE_NAME)
        replace = st.checkbox("Save onto the workspace of that name if there is one", key="workspace_replace",
                              help="Its current graph then becomes a version in its History.")
        if st.form_submit_button("Save workspace"):
            try:
                session.save_as(name, replace=replace)
            except WorkspaceExists:
                st.error(f"A workspace named {md(repr(name.strip()))} already exists and was left as it is. "
                         "Choose another name, or tick the box to save onto it.")
                return
            state.remember_name(session)
            st.toast(f"Saved {md(repr(session.name))}.")
            st.rerun()


def _new_for(marker: str, session: WorkspaceSession | None, name: str | None) -> bool:
    """Whether the workspace on screen (the session object, its name) changed since ``marker`` was
    last set; sets it. A widget reset then follows the new workspace instead of keeping the old value."""
    last = st.session_state.get(marker)
    if last is not None and last[0] is session and last[1] == name:
        return False
    st.session_state[marker] = (session, name)
    return True


def _conflict_box(session: WorkspaceSession) -> None:
    conflict = session.conflict
    st.warning(md(session.autosave_error or "This workspace was saved elsewhere meanwhile."))
    if st.button(f"Make mine (v{conflict.kept}) current", key="workspace_keep_mine"):
        session.restore_version(conflict.kept)
        session.autosave_error = None
        st.rerun()
    if st.button(f"Take the latest (v{conflict.latest})", key="workspace_take_latest"):
        session.take_latest()
        session.autosave_error = None
        st.rerun()


def _saved_box(session: WorkspaceSession | None, store: WorkspaceStore) -> None:
    saved = store.list()
    if not saved:
        st.caption("No saved workspaces yet.")
        return
    names = [info.name for info in saved]
    current = session.name if session is not None and session.name in names else None
    if _new_for(_PICK_FOR, session, current):
        # The picker starts at the workspace on screen (none for an unsaved one), not at the last pick.
        st.session_state[_PICK] = current
    picked = st.selectbox("Saved workspaces", names, index=names.index(current) if current else None,
                          placeholder="choose one", key=_PICK)
    if picked is None:
        return
    open_col, delete_col = st.columns(2)
    if open_col.button("Open", key="workspace_open", disabled=picked == current):
        state.open_workspace(picked)
        st.rerun()
    with delete_col.popover("Delete"):
        st.caption(f"Delete {md(picked)} and all its versions?")
        if st.button("Delete for good", key="workspace_delete", type="primary"):
            store.delete(picked)
            if session is not None and session.name == picked:
                session.name, session.base_version = None, None
                state.set_session(session)
            st.rerun()
    with st.popover("Rename"):
        new_name = st.text_input("New name", value=picked, key="workspace_new_name")
        if st.button("Rename", key="workspace_rename"):
            store.rename(picked, new_name)
            if session is not None and session.name == picked:
                session.name = new_name.strip()
                state.set_session(session)
            st.rerun()


def _history_box(session: WorkspaceSession, store: WorkspaceStore) -> None:
    """The workspace's saved versions (one per change); any of them can be made current again."""
    with st.expander("History", expanded=session.conflict is not None):
        versions = {info.version: info for info in store.versions(session.name, limit=HISTORY_LENGTH)}
        if len(versions) < 2:
            st.caption("Each change is saved as a version; earlier versions will be listed here.")
            return
        current = store.current_version(session.name)

        def describe(number: int) -> str:
            info = versions[number]
            when = info.saved_at.strftime("%Y-%m-%d %H:%M UTC")
            note = f" · {info.note[:80]}" if info.note else ""
            mark = " · current" if number == current else (" · kept aside" if info.kept_aside else "")
            return f"v{number}{mark} · {when} · {info.node_count} nodes, {info.edge_count} edges{note}"

        if _new_for(_VERSION_FOR, session, f"{session.name} v{current}") and current in versions:
            st.session_state[_VERSION] = current  # the picker starts at the current version
        picked = st.selectbox(f"Versions (the latest {len(versions)})", list(versions), format_func=describe,
                              key=_VERSION)
        if st.button("Restore this version", key="workspace_restore", disabled=picked == current,
                     help="Saved as a new version: nothing in the history is lost, and Undo takes it back."):
            session.restore_version(picked)
            session.autosave_error = None
            st.toast(f"Restored version {picked}; it is now the current version.")
            st.rerun()


def _import_box() -> None:
    with st.expander("Import a graph"):
        upload = st.file_uploader("Graph JSON or GraphML", type=IMPORT_TYPES, key="workspace_import")
        if upload is not None and st.button("Open the imported graph", key="workspace_import_go"):
            graph = read_graph(upload.name, upload.getvalue())
            state.start_session(graph)
            st.toast(f"Imported {md(upload.name)}: {len(graph.nodes)} nodes, {len(graph.edges)} edges.")
            st.rerun()


def read_graph(file_name: str, data: bytes) -> Graph:
    """A graph from an uploaded file (a graph JSON, one written with its answer by ``engine ask --out``,
    or GraphML); the error names the file and the problem."""
    from engine.explain.export import from_graphml, read_graph_json

    suffix = PurePath(file_name).suffix.lower()
    try:
        if suffix == ".json":
            return read_graph_json(data.decode("utf-8"))[0]
        return from_graphml(data)
    except UnicodeDecodeError as exc:
        raise GraphError(f"{file_name}: not UTF-8 text ({exc.reason})") from exc
    except GraphError as exc:
        raise GraphError(f"{file_name}: {exc}") from exc


def export_buttons(session: WorkspaceSession) -> None:
    """Downloads of the current graph; each file is made only when its button is clicked."""
    from engine.explain import export

    graph, labelling = session.graph, session.labelling
    stem = _file_stem(session.name or _suggest_name(graph))
    columns = st.columns(4)
    columns[0].download_button("JSON", lambda: graph.to_json(), f"{stem}.json", "application/json",
                               on_click="ignore", key="export_json")
    columns[1].download_button("GraphML", lambda: export.to_graphml(graph, labelling), f"{stem}.graphml",
                               "application/xml", on_click="ignore", key="export_graphml")
    columns[2].download_button("HTML page", lambda: export.to_html(graph, labelling, answer=session.answer),
                               f"{stem}.html",
                               "text/html", on_click="ignore", key="export_html")
    columns[3].download_button("Markdown", lambda: export.to_markdown(graph, labelling, session.answer),
                               f"{stem}.md", "text/markdown", on_click="ignore", key="export_markdown")


def _suggest_name(graph: Graph) -> str:
    return graph.question.strip()[:60] or "my graph"


def _file_stem(name: str) -> str:
    from engine.model.graph import slugify

    return slugify(name)[:60]
