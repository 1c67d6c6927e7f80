"""Keeping Python's full garbage collections off the relabel path.

A rerun allocates enough short-lived objects to set off a full (generation 2) collection, which walks
every object in the server: with the paper index, the embedding model and the libraries loaded that
takes hundreds of milliseconds, more than a relabel may take. Long-lived objects — imported modules,
the opened index, the loaded model — are moved once to the permanent generation with ``gc.freeze()``
after a collection, so later full collections only walk what is young.
"""

from __future__ import annotations

import gc

import streamlit as st


def freeze_survivors() -> None:
    """Collect the garbage there is, then exempt everything still alive from later collections."""
    gc.collect()
    gc.freeze()


@st.cache_resource(show_spinner=False)
def _startup_heap_frozen() -> bool:
    freeze_survivors()
    return True


def freeze_startup_heap() -> None:
    """Once per server, after the first run has imported the app's modules."""
    _startup_heap_frozen()
