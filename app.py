"""Causeway in the browser: ``streamlit run app.py`` (or ``./causeway run``).

Thin on purpose: page setup, navigation between the pages in ``pages/`` and the workspace sidebar that
every page shares. The pages read and change the shared session state through ``ui.state``.
"""

from pathlib import Path

import streamlit as st

from ui.workspaces import workspace_sidebar

PAGES = Path(__file__).resolve().parent / "pages"

st.set_page_config(page_title="Causeway", page_icon="⛓", layout="wide")

navigation = st.navigation([
    st.Page(PAGES / "ask.py", title="Ask", icon=":material/help:", default=True),
    st.Page(PAGES / "graph.py", title="Graph", icon=":material/hub:"),
    st.Page(PAGES / "data.py", title="Data", icon=":material/table_chart:"),
    st.Page(PAGES / "corpus.py", title="Corpus", icon=":material/library_books:"),
    st.Page(PAGES / "settings.py", title="Settings", icon=":material/settings:"),
])
workspace_sidebar()
navigation.run()
