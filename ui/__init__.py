"""Streamlit-side helpers shared by the pages: session access, error guard, graph drawing.

Only this package and ``pages/`` import streamlit; the domain logic they call lives in ``engine/``
and ``retrieval/``.
"""
