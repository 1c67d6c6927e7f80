"""The app's pages, defined once so pages can link to each other (``st.switch_page(page("graph"))``)."""

from __future__ import annotations

from pathlib import Path

import streamlit as st

PAGE_DIR = Path(__file__).resolve().parent.parent / "pages"

_PAGES = {
    "ask": ("Ask", ":material/help:"),
    "graph": ("Graph", ":material/hub:"),
    "data": ("Data", ":material/table_chart:"),
    "corpus": ("Corpus", ":material/library_books:"),
    "settings": ("Settings", ":material/settings:"),
}


def page(name: str) -> st.Page:
    title, icon = _PAGES[name]
    return st.Page(PAGE_DIR / f"{name}.py", title=title, icon=icon, default=name == "ask")


def all_pages() -> list[st.Page]:
    return [page(name) for name in _PAGES]


def ensure_entry_point() -> None:
    """Make sure this page runs inside app.py; every page calls this first.

    With a ``pages/`` folder beside app.py, Streamlit starts in its old multipage mode and keeps to it
    until some run calls ``st.navigation``: if the first request after a server start is a deep link
    (``/graph``, e.g. a browser reload), the page file alone would run, without app.py's navigation,
    page setup and workspace sidebar. The class flag below is that mode; switching it off and
    rerunning sends the same URL through app.py.
    """
    from streamlit.runtime.pages_manager import PagesManager

    if PagesManager.uses_pages_directory:
        PagesManager.uses_pages_directory = False
        st.rerun()
