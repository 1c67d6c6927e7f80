"""Ask page: a causal question in, a labelled, cited graph and its explanation out."""

from __future__ import annotations

import json

import streamlit as st

from engine.backends.base import fallback_note
from ui import panels, state
from ui.guard import describe, guard
from ui.memory import freeze_survivors
from ui.navigation import ensure_entry_point
from ui.text import md

# Questions the offline backend answers on the default (Human Brain Pharmacome) corpus with a cited
# source-to-target path and a certain label on the target; chosen by running the pipeline on them
# (20-40 s each on 2 busy cores). The browser test asks the first one.
EXAMPLE_QUESTIONS = [
    "How does amyloid beta affect tau phosphorylation?",
    "How does BACE1 affect amyloid beta?",
    "How does rapamycin affect autophagy?",
    "How does autophagy affect alpha-synuclein?",
]

_QUESTION_KEY = "ask_question"
_FAILED_QUESTION = "ask_failed_question"  # the last question asked, when it failed
_PENDING_EXAMPLE = "ask_pending_example"
MAX_QUESTION_CHARS = 500  # a question names a cause and an effect; longer text is a pasted passage


def _use_example(question: str) -> None:
    """Fill the box with an example; a question the user typed is replaced only once they agree."""
    typed = st.session_state.get(_QUESTION_KEY, "").strip()
    if typed and typed != question:
        st.session_state[_PENDING_EXAMPLE] = question
    else:
        st.session_state[_QUESTION_KEY] = question


def _replace_with_example() -> None:
    st.session_state[_QUESTION_KEY] = st.session_state.pop(_PENDING_EXAMPLE, "")


def _keep_typed_question() -> None:
    st.session_state.pop(_PENDING_EXAMPLE, None)


def question_problem(question: str) -> str | None:
    """Why a question cannot be asked as it is, in words; ``None`` when it can."""
    if not question:
        return "Type a question first, e.g. one of the examples above."
    if len(question) > MAX_QUESTION_CHARS:
        return (f"Your question is {len(question):,} characters long; Causeway reads questions of up to "
                f"{MAX_QUESTION_CHARS}. It is kept in the box: shorten it to its cause and effect, e.g. "
                "“How does X affect Y?”.")
    return None


def run_question(question: str) -> None:
    """Run the pipeline with a progress bar; the result becomes the session's graph."""
    from engine.pipeline import ask, scenario_for  # pulls in the language backends: load on first use

    settings = state.settings()
    index = state.paper_index()
    progress = st.progress(0.0, text="Reading the question…")
    rounds = settings.pipeline.rounds

    def on_event(event) -> None:
        progress.progress(progress_fraction(event.step, event.round, rounds), text=md(progress_text(event, rounds)))

    try:
        result = ask(question, index, settings, on_event=on_event)
    finally:
        progress.empty()  # a failed run must not leave a frozen bar behind
    st.session_state.pop(_FAILED_QUESTION, None)
    freeze_survivors()  # the embedding model is loaded by now: keep it out of later collections
    state.set_ask_result(result)
    if not result.graph.nodes:
        state.set_session(None)
        return
    state.start_session(result.graph, scenario=scenario_for(result.graph, result.analysis),
                        labelling=result.labelling, answer=result.answer)


_ROUND_STEPS = ("discover", "extract", "interpret", "verify", "integrate")


def progress_fraction(step: str, round_: int, rounds: int) -> float:
    """Where the pipeline is, 0 to 1: the rounds take 90 %, labelling and answering the rest."""
    step = "discover" if step == "fetch" else step  # fetching from PubMed comes first in a round
    if step in _ROUND_STEPS and round_ >= 1:
        done = (round_ - 1) * len(_ROUND_STEPS) + _ROUND_STEPS.index(step)
        return 0.02 + 0.88 * done / (rounds * len(_ROUND_STEPS))
    return {"analyze": 0.0, "label": 0.92, "answer": 0.96, "done": 1.0}.get(step, 0.9)


def progress_text(event, rounds: int) -> str:
    where = f"Round {event.round} of {rounds} · " if event.round else ""
    counts = ", ".join(f"{value} {name}" for name, value in event.counts.items())
    detail = " · ".join(part for part in (event.message, counts) if part)
    return f"{where}{event.step}" + (f": {detail}" if detail else "")


def question_box() -> None:
    st.markdown("Examples that work on the default corpus:")
    columns = st.columns(2)  # two a row: each example is read whole, never cut off
    for number, question in enumerate(EXAMPLE_QUESTIONS):
        columns[number % 2].button(question, on_click=_use_example, args=(question,), use_container_width=True,
                                   key=f"ask_example_{number}")
    pending = st.session_state.get(_PENDING_EXAMPLE)
    if pending:
        with st.container(border=True, key="ask_replace_prompt"):
            st.markdown(f"Replace your question with the example “{md(pending)}”?")
            replace_col, keep_col, _ = st.columns([1, 1, 3])
            replace_col.button("Replace it", on_click=_replace_with_example, key="ask_replace_yes")
            keep_col.button("Keep mine", on_click=_keep_typed_question, key="ask_replace_no")
    # Not in a form: a form keeps what is typed from the page until it is submitted, so an example
    # could not know it would overwrite it. No max_chars: a browser cuts or drops a longer paste
    # without a word; the length is checked on Ask instead.
    question = st.text_input("Your question", key=_QUESTION_KEY, placeholder="How does X impact Y?")
    if st.button("Ask", type="primary", key="ask_submit"):
        question = question.strip()
        problem = question_problem(question)
        if problem is not None:
            st.warning(problem)
            return
        try:
            run_question(question)
        except Exception as exc:  # noqa: BLE001 - shown as a message; the rest of the page stays usable
            state.set_ask_result(None)  # the previous question's graph does not answer this one
            st.session_state[_FAILED_QUESTION] = question  # nor is it shown as if it did
            message = md(describe(exc))
            if type(exc).__name__ == "IndexNotFound":
                st.error("No paper index yet: build the default library, or add your own papers, on the "
                         "Corpus page.")
            else:
                st.error(f"Could not answer the question: {message}")
            return


def result_section() -> None:
    result = state.ask_result()
    session = state.session()
    if result is None:
        # After a reload (or an import) the sidebar names the graph on screen: show it here too; not after
        # a question that failed, which the earlier graph does not answer.
        if session is not None and session.graph.nodes and _FAILED_QUESTION not in st.session_state:
            named = f"workspace **{md(session.name)}**" if session.name else "the graph opened"
            question = f" for “{md(session.graph.question)}”" if session.graph.question else ""
            st.caption(f"On screen: {named}{question}, as it was left. Ask again to read the papers anew.")
            _session_view(session)
        return
    if result.abstained:
        if session is None:
            st.warning(f"Causeway did not build a causal graph for “{md(result.question)}”: {md(result.reason)}. "
                       "Ask how one thing affects another, e.g. one of the examples.")
            _trace(result)
            return
        st.warning(f"No answer: {md(result.reason)}. Below is what was found; add papers on the Corpus page "
                   "or draw the missing link yourself on the Graph page.")
    if session is None:
        return
    _session_view(session)
    _trace(result)


def _session_view(session) -> None:
    """The session's graph, its answer and the evidence panel."""
    panels.status_messages(session)
    graph = session.graph
    st.caption(f"Graph: {len(graph.nodes)} nodes, {len(graph.edges)} edges, every edge citing a sentence. "
               "Click a node for its evidence; toggle, edit and save it on the Graph page."
               + (f" Workspace **{md(session.name)}** is saved after every change." if session.name else ""))
    panels.labelled_graph(session, key="ask_page_graph")
    panels.legend()
    answer_col, evidence_col = st.columns(2)
    with answer_col:
        st.subheader("Answer")
        with st.container(key="ask_page_answer"):
            panels.answer_section(session.answer)
    with evidence_col:
        st.subheader("Evidence")
        panels.evidence_panel(session, key="ask_page")


def _trace(result) -> None:
    """What the pipeline did, step by step: queries, passages read, annotations, kept and pruned claims."""
    trace = result.trace
    if trace.fallbacks:  # steps the model did not do, read offline (issue 44)
        st.info(md(fallback_note(trace.fallbacks)))
    if trace.pubmed is not None and trace.pubmed.note:  # PubMed was down: answered from the library
        st.warning(md(trace.pubmed.note))
    with st.expander("Trace: queries, passages, annotations and pruned claims"):
        timing = ", ".join(f"{step} {seconds:.1f} s" for step, seconds in trace.seconds.items())
        st.caption(f"Backend {md(trace.backend)} · {trace.rounds} round(s) · stopped because "
                   f"{md(trace.stop_reason or 'the question was answered')} · {md(timing)}")
        queries_tab, passages_tab, annotations_tab, pruned_tab = st.tabs([
            f"Queries ({len(trace.queries)})", f"Passages ({len(trace.passages)})",
            f"Annotations ({len(trace.annotations)})", f"Pruned ({len(trace.pruned)})"])
        with queries_tab:
            st.dataframe([q.model_dump() for q in trace.queries], hide_index=True)
        with passages_tab:
            st.dataframe([p.model_dump() for p in trace.passages], hide_index=True)
        with annotations_tab:
            st.dataframe([a.model_dump() for a in trace.annotations], hide_index=True)
        with pruned_tab:
            st.dataframe([p.model_dump() for p in trace.pruned], hide_index=True)
        if trace.pubmed is not None:
            _pubmed_trace(trace.pubmed)


def _pubmed_trace(pubmed) -> None:
    """What fetching on demand sent and got: queries, abstracts returned and new, calls, seconds, skipped records."""
    timing = ", ".join(f"{step} {seconds:.1f} s" for step, seconds in pubmed.seconds.items())
    st.caption(f"PubMed: {len(pubmed.records)} queries, {pubmed.calls} E-utilities calls, "
               f"{len(pubmed.added)} new abstracts" + (f" · {md(timing)}" if timing else ""))
    if pubmed.records:
        st.dataframe([r.model_dump() for r in pubmed.records], hide_index=True)
    for problem in pubmed.problems:
        st.caption(f"Skipped: {md(problem)}")


def render() -> None:
    st.title("Ask")
    st.caption("Ask how one thing affects another. Causeway reads the indexed papers, builds a cause-and-"
               "effect graph whose every edge cites a sentence, labels it with a solver and explains it.")
    library_note()
    question_box()
    result_section()


def library_note() -> None:
    """What the library holds, from the index's manifest file (read directly: opening the index would
    load the search stack and slow the first page)."""
    try:
        manifest = json.loads((state.settings().resolved_index_dir / "manifest.json").read_text("utf-8"))
        documents, passages = int(manifest["documents"]), int(manifest["passages"])
    except (OSError, ValueError, KeyError, TypeError):
        return  # no index yet: asking says what is missing and how to build it
    what = ("neurodegeneration papers (Alzheimer's and Parkinson's mechanisms, from the Human Brain "
            "Pharmacome, CC BY 4.0)" if str(manifest.get("corpus", "")).startswith("hbp-knowledge") else "papers")
    st.info(f"The library holds {documents:,} {what}: {passages:,} sentences. To ask about your own "
            "field, add papers (PDF, text, PubMed XML or JSONL) on the **Corpus** page.",
            icon=":material/library_books:")


ensure_entry_point()
with guard("The Ask page"):
    render()
