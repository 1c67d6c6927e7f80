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


_ERROR, _APPLIED = "settings_error", "settings_applied"


def _form_values(current) -> None:
    """Start the form's widgets from the settings in force (after the first run they hold what the user
    typed or, after Apply, what was applied)."""
    defaults = {
        "settings_backend": current.backend, "settings_base_url": current.llm.base_url,
        "settings_model": current.llm.model, "settings_key": "", "settings_forget_key": False,
        "settings_time_limit": float(current.solver.time_limit_s), "settings_rounds": current.pipeline.rounds,
        "settings_pubmed": current.pubmed.enabled, "settings_pubmed_url": current.pubmed.base_url,
        "settings_pubmed_email": current.pubmed.email, "settings_pubmed_tool": current.pubmed.tool,
        "settings_pubmed_key": "", "settings_pubmed_forget_key": False,
        "settings_pubmed_cap": current.pubmed.max_abstracts_per_question,
    }
    for key, value in defaults.items():
        st.session_state.setdefault(key, value)


def _apply() -> None:
    """The form's callback. It runs before the page is drawn again, so the widgets show the values just
    applied (a form cleared on submit would show the previous ones)."""
    values = st.session_state
    current = state.settings()
    backend, base_url, model = values["settings_backend"], values["settings_base_url"].strip(), values["settings_model"].strip()
    if backend == "openai" and not base_url.startswith(("http://", "https://")):
        values[_ERROR] = f"The endpoint base URL must start with http:// or https:// (got {md(repr(base_url))})."
        return
    if not model:
        values[_ERROR] = "The model name is empty."
        return
    typed_key = values["settings_key"]
    api_key = None if values["settings_forget_key"] else (SecretStr(typed_key) if typed_key else current.llm.api_key)
    # The plain text of the key must not linger in widget state; the SecretStr holds it.
    values.update({"settings_key": "", "settings_forget_key": False, "settings_base_url": base_url,
                   "settings_model": model})
    pubmed_url = values["settings_pubmed_url"].strip()
    if values["settings_pubmed"] and not pubmed_url.startswith(("http://", "https://")):
        values[_ERROR] = f"The E-utilities base URL must start with http:// or https:// (got {md(repr(pubmed_url))})."
        return
    time_limit = float(values["settings_time_limit"])
    llm = current.llm.model_copy(update={"base_url": base_url, "model": model, "api_key": api_key})
    state.set_settings(current.model_copy(update={
        "backend": backend,
        "llm": llm,
        "solver": current.solver.model_copy(update={"time_limit_s": time_limit}),
        "pipeline": current.pipeline.model_copy(update={"rounds": int(values["settings_rounds"])}),
        "pubmed": _pubmed(values, current.pubmed, pubmed_url),
    }))
    session = state.session()
    if session is not None:
        session.set_time_limit(time_limit)
    values[_APPLIED] = True


def _pubmed(values, current, base_url: str):
    """The PubMed settings from the form; the typed key moves into a SecretStr and leaves widget state."""
    typed_key = values["settings_pubmed_key"]
    api_key = None if values["settings_pubmed_forget_key"] else (SecretStr(typed_key) if typed_key else current.api_key)
    values.update({"settings_pubmed_key": "", "settings_pubmed_forget_key": False, "settings_pubmed_url": base_url})
    return current.model_copy(update={
        "enabled": bool(values["settings_pubmed"]), "base_url": base_url, "api_key": api_key,
        "email": values["settings_pubmed_email"].strip(), "tool": values["settings_pubmed_tool"].strip() or "causeway",
        "max_abstracts_per_question": int(values["settings_pubmed_cap"]),
    })


def _pubmed_fields(current) -> None:
    st.markdown("**Literature on demand (PubMed)**")
    st.checkbox("Fetch abstracts from PubMed for queries the library answers poorly", key="settings_pubmed",
                help="Sends those queries (words only) to NCBI E-utilities; what comes back joins the library.")
    st.text_input("E-utilities base URL", key="settings_pubmed_url")
    st.text_input("Contact e-mail sent to NCBI", key="settings_pubmed_email")
    st.text_input("Tool name sent to NCBI", key="settings_pubmed_tool")
    has_key = current.pubmed.api_key is not None
    st.text_input("NCBI API key", type="password", key="settings_pubmed_key",
                  placeholder="a key is set (leave empty to keep it)" if has_key else "optional: 10 requests/s instead of 3",
                  help="Held in memory for this session only.")
    st.checkbox("Forget the NCBI key", disabled=not has_key, key="settings_pubmed_forget_key")
    st.number_input("Abstracts fetched per question, at most", min_value=0, max_value=200, key="settings_pubmed_cap")


def render() -> None:
    st.title("Settings")
    current = state.settings()
    st.caption("These settings hold for this browser session only. They are never saved or logged; "
               "reloading the page brings back the server's defaults.")
    _form_values(current)
    with st.form("settings"):
        st.radio("Language backend", list(BACKENDS), format_func=BACKENDS.get, key="settings_backend")
        st.markdown("**OpenAI-compatible endpoint** (OpenAI, Azure, vLLM, Ollama, llama.cpp server)")
        st.text_input("Endpoint base URL", key="settings_base_url")
        st.text_input("Model", key="settings_model")
        has_key = current.llm.api_key is not None
        st.text_input("API key", type="password", key="settings_key",
                      placeholder="a key is set (leave empty to keep it)" if has_key else "sk-…",
                      help="Held in memory for this session only.")
        st.checkbox("Forget the key", disabled=not has_key, key="settings_forget_key")
        st.caption(current.llm.bounds_text())
        st.markdown("**Reasoning and search**")
        st.number_input("Solver time limit (s)", min_value=0.5, max_value=300.0, step=0.5, key="settings_time_limit")
        st.number_input("Pipeline rounds", min_value=1, max_value=10, key="settings_rounds")
        _pubmed_fields(current)
        st.form_submit_button("Apply for this session", type="primary", on_click=_apply)
    if error := st.session_state.pop(_ERROR, None):
        st.error(error)
    if st.session_state.pop(_APPLIED, False):
        st.toast("Settings applied for this session.")
    if state.settings().backend == "openai" and state.settings().llm.api_key is None:
        st.warning("The OpenAI-compatible backend is chosen but no API key is set; local servers that "
                   "need none will work, hosted ones will refuse the requests.")


ensure_entry_point()
with guard("The Settings page"):
    render()
