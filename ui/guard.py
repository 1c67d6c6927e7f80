"""Every page body runs inside ``guard``: a failure becomes a readable message, never a traceback."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from contextlib import contextmanager

import streamlit as st
from pydantic import ValidationError

from engine.model.graph import GraphError
from ui.text import md

log = logging.getLogger("causeway.app")


def describe(exc: BaseException) -> str:
    """A one-line message for an exception a user caused or met, without internals."""
    if isinstance(exc, ValidationError):
        first = exc.errors()[0]
        where = ".".join(str(part) for part in first["loc"]) or "input"
        return f"{where}: {first['msg']}"
    text = str(exc).strip() or type(exc).__name__
    return text.splitlines()[0][:500]


@contextmanager
def guard(what: str) -> Iterator[None]:
    """Show ``what`` failed and why; expected problems (bad input) as warnings, others as errors.

    Streamlit's own control flow (``st.rerun``, ``st.stop``) derives from BaseException and passes
    through untouched.
    """
    try:
        yield
    except (GraphError, ValueError, LookupError, OSError, TimeoutError) as exc:
        log.info("%s failed: %s", what, exc)
        st.error(f"{md(what)} failed: {md(describe(exc))}")
    except Exception as exc:  # noqa: BLE001 - the last line of defence before the screen
        log.exception("%s failed unexpectedly", what)
        st.error(f"{md(what)} failed unexpectedly: {md(describe(exc))} ({type(exc).__name__}; details in the server log)")
