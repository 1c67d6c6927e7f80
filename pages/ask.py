"""Ask page: a causal question in, a labelled, cited graph and its explanation out."""

from __future__ import annotations

import streamlit as st

from ui import panels, state
from ui.guard import describe, guard
from ui.text import md

# Questions the offline backend answers on the default (Human Brain Pharmacome) corpus with a path of
# cited edges from source to target; checked by running the pipeline (see tests/test_app_ask.py).
EXAMPLE_QUESTIONS = [
    "How does amyloid beta affect tau phosphorylation?",
    "How does oxidative stress impact neuronal death?",
    "How does inflammation affect amyloid beta?",
]

_QUESTION_KEY = "ask_question"


def _use_example(question: str) -> None:
    st.session_state[_QUESTION_KEY] = question


def run_question(question: str) -> None:
    """Run the pipeline with a progress bar; the result becomes the session's graph."""
    from engine.pipeline import ask  # the pipeline pulls in the language backends; load on first use

    index = state.paper_index()
    progress = st.progress(0.0, text="Starting…")

    def on_event(event) -> None:
        progress.progress(min(max(float(event.fraction), 0.0), 1.0), text=event.message)

    result = ask(question, index, state.settings(), on_event=on_event)
    progress.empty()
    state.set_ask_result(result)
    if result.abstained:
        state.set_session(None)
        return
    state.start_session(result.graph, labelling=result.labelling)


def question_box() -> None:
    st.markdown("Examples that work on the default corpus:")
    columns = st.columns(len(EXAMPLE_QUESTIONS))
    for column, question in zip(columns, EXAMPLE_QUESTIONS, strict=True):
        column.button(question, on_click=_use_example, args=(question,), use_container_width=True)
    with st.form("ask_form"):
        question = st.text_input("Your question", key=_QUESTION_KEY, max_chars=500,
                                 placeholder="How does X impact Y?")
        submitted = st.form_submit_button("Ask", type="primary")
    if submitted:
        question = question.strip()
        if not question:
            st.warning("Type a question first, e.g. one of the examples above.")
            return
        try:
            run_question(question)
        except Exception as exc:  # noqa: BLE001 - shown as a message; the rest of the page stays usable
            message = describe(exc)
            if type(exc).__name__ == "IndexNotFound":
                st.error(f"No paper index yet: {message} Build it with `python -m corpus ensure` "
                         "or add papers on the Corpus page.")
            else:
                st.error(f"Could not answer the question: {message}")
            return


def result_section() -> None:
    result = state.ask_result()
    if result is None:
        return
    if result.abstained:
        st.warning(f"Causeway did not build a causal graph for “{md(result.question)}”: {md(result.reason)} "
                   "Ask how one thing affects another, e.g. one of the examples.")
        _trace(result)
        return
    session = state.session()
    if session is None:
        return
    if len(session.graph.edges) == 0:
        st.warning("No cited causal claim linking the question's terms was found in the indexed papers. "
                   "Try other wording, or add papers on the Corpus page.")
    panels.status_messages(session)
    if session.name:
        st.caption(f"Working in workspace **{md(session.name)}**; edits on the Graph page are saved.")
    graph_col, side_col = st.columns([3, 2])
    with graph_col:
        panels.labelled_graph(session, key="ask_page_graph")
    with side_col:
        st.subheader("Answer")
        panels.answer_section(session.answer)
    st.subheader("Evidence")
    panels.evidence_panel(session, key="ask_page")
    _trace(result)


def _trace(result) -> None:
    with st.expander("Trace: queries, passages, annotations and pruned claims"):
        st.json(result.trace.model_dump(mode="json"), expanded=1)


def render() -> None:
    st.title("Ask")
    st.caption("Ask how one thing affects another. Causeway reads the indexed papers, builds a cause-and-"
               "effect graph whose every edge cites a sentence, labels it with a solver and explains it.")
    question_box()
    result_section()


with guard("The Ask page"):
    render()
