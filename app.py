"""Causeway in the browser: ``streamlit run app.py`` (or ``./causeway run``).

Thin on purpose: page setup, navigation between the pages in ``pages/`` and the workspace sidebar that
every page shares. The pages read and change the shared session state through ``ui.state``.
"""

import streamlit as st

from ui.memory import freeze_startup_heap
from ui.navigation import all_pages
from ui.workspaces import workspace_sidebar

st.set_page_config(page_title="Causeway", page_icon="⛓", layout="wide")
navigation = st.navigation(all_pages())
navigation.run()
# After the page: a page may open a new workspace (a question, an import), and the sidebar must name
# the one on screen.
workspace_sidebar()
freeze_startup_heap()
