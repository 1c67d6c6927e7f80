"""Settings page: the language backend and its endpoint for this browser session only.

Nothing here is written to disk or logged: the values live in this session's ``Settings`` object and
vanish when the tab closes. The key is kept as a pydantic ``SecretStr``.
"""

from __future__ import annotations

import streamlit as st
from pydantic import SecretStr

from ui import state
from ui.guard import guard
from ui.text import md
from ui.navigation import ensure_entry_point

BACKENDS = {"offline": "Offline (rule-based, no network, no key)", "openai": "OpenAI-compatible endpoint"}


def render() -> None:
    st.title("Settings")
    current = state.settings()
    st.caption("These settings hold for this browser session only. They are never saved or logged; "
               "reloading the page brings back the server's defaults.")
    with st.form("settings", clear_on_submit=True):  # never keeps the typed key in the field
        backend = st.radio("Language backend", list(BACKENDS), index=list(BACKENDS).index(current.backend),
                           format_func=BACKENDS.get, key="settings_backend")
        st.markdown("**OpenAI-compatible endpoint** (OpenAI, Azure, vLLM, Ollama, llama.cpp server)")
        base_url = st.text_input("Endpoint base URL", value=current.llm.base_url, key="settings_base_url")
        model = st.text_input("Model", value=current.llm.model, key="settings_model")
        has_key = current.llm.api_key is not None
        key = st.text_input("API key", type="password", value="", key="settings_key",
                            placeholder="a key is set (leave empty to keep it)" if has_key else "sk-…",
                            help="Held in memory for this session only.")
        forget_key = st.checkbox("Forget the key", value=False, disabled=not has_key, key="settings_forget_key")
        st.markdown("**Reasoning and search**")
        time_limit = st.number_input("Solver time limit (s)", min_value=0.5, max_value=300.0,
                                     value=float(current.solver.time_limit_s), step=0.5)
        rounds = st.number_input("Pipeline rounds", min_value=1, max_value=10, value=current.pipeline.rounds)
        if st.form_submit_button("Apply for this session", type="primary"):
            base_url = base_url.strip()
            if backend == "openai" and not base_url.startswith(("http://", "https://")):
                st.error(f"The endpoint base URL must start with http:// or https:// (got {md(repr(base_url))}).")
                return
            if not model.strip():
                st.error("The model name is empty.")
                return
            api_key = None if forget_key else (SecretStr(key) if key else current.llm.api_key)
            del st.session_state["settings_key"]  # the plain text must not linger in widget state
            llm = current.llm.model_copy(update={"base_url": base_url, "model": model.strip(), "api_key": api_key})
            state.set_settings(current.model_copy(update={
                "backend": backend,
                "llm": llm,
                "solver": current.solver.model_copy(update={"time_limit_s": float(time_limit)}),
                "pipeline": current.pipeline.model_copy(update={"rounds": int(rounds)}),
            }))
            session = state.session()
            if session is not None:
                session.set_time_limit(float(time_limit))
            st.toast("Settings applied for this session.")
            st.rerun()
    if state.settings().backend == "openai" and state.settings().llm.api_key is None:
        st.warning("The OpenAI-compatible backend is chosen but no API key is set; local servers that "
                   "need none will work, hosted ones will refuse the requests.")


ensure_entry_point()
with guard("The Settings page"):
    render()
