"""Corpus page: what is indexed, where it comes from, and adding papers by upload."""

from __future__ import annotations

import streamlit as st

from ui import state
from ui.guard import guard
from ui.navigation import ensure_entry_point
from ui.text import md

_OUTCOME = "causeway_upload_outcome"
UPLOAD_TYPES = ["pdf", "jsonl", "ndjson", "json", "xml", "txt", "text", "md", "markdown"]

CREDIT = (
    "The default corpus is built from the evidence sentences of the **Human Brain Pharmacome** knowledge "
    "base ([hbp-knowledge](https://pypi.org/project/hbp-knowledge/) on PyPI), grouped by the PubMed paper "
    "they come from, and used under the [CC BY 4.0](https://creativecommons.org/licenses/by/4.0/) licence. "
    "Only the sentences are indexed: Causeway finds the causal relations by reading them, not from the "
    "curated relations."
)


def _index_or_message():
    """The open index, or None after saying why there is none."""
    from retrieval.index import IndexNotFound

    try:
        return state.paper_index()
    except IndexNotFound as exc:
        # The engine's message names command-line tools; this page offers its own build button.
        st.warning(f"No paper index yet in {md(str(state.settings().resolved_index_dir))}: build the default "
                   "library below, then add your own papers here.")
        return None


def index_summary(index) -> None:
    manifest = index.manifest
    settings = state.settings()
    documents, passages = manifest.documents, manifest.passages
    doc_col, passage_col, model_col = st.columns(3)
    doc_col.metric("Documents", f"{documents:,}")
    passage_col.metric("Sentences (passages)", f"{passages:,}")
    model_col.metric("Embedding model", manifest.embedding_model)
    st.caption(f"Index folder {md(str(settings.resolved_index_dir))} · {manifest.dimension}-dimensional "
               f"vectors (FAISS) fused with BM25 · content hash {md(manifest.content_hash[:16])}")
    st.caption(f"{index.shard_count:,} shard{'s' if index.shard_count != 1 else ''} · "
               f"{index.disk_bytes() / 1e6:,.1f} MB on disk")


def fetched_section(index) -> None:
    """The papers fetched from PubMed on demand, each with the query that found it and the day."""
    from retrieval.pubmed.records import fetched_papers

    rows = fetched_papers(index.documents())
    if not rows:
        return
    st.subheader(f"Fetched from PubMed ({len(rows):,})")
    st.caption("Abstracts fetched while questions were answered (Settings → Literature on demand); they are "
               "read and cited like any other paper.")
    st.dataframe(rows, hide_index=True, use_container_width=True)


def upload_section(index) -> None:
    from ui.corpus_upload import add_uploads

    st.subheader("Add papers")
    st.caption("PDF, JSONL (SciFact/BEIR or {id, title, sentences}), PubMed XML, plain text or Markdown. "
               "Each file is read, split into sentences and embedded; only new documents are added.")
    uploads = st.file_uploader("Papers", type=UPLOAD_TYPES, accept_multiple_files=True, key="corpus_upload")
    if not uploads or not st.button("Add to the index", type="primary", key="corpus_add"):
        return
    if index is None:
        st.error("There is no index to add to yet: build the default one below first.")
        return
    progress = st.progress(0.0, text="Reading the files…")

    def on_progress(done: int, total: int) -> None:
        progress.progress(done / total if total else 1.0, text=f"Embedding sentences: {done:,} of {total:,}")

    files = [(upload.name, upload.getvalue()) for upload in uploads]
    st.session_state[_OUTCOME] = add_uploads(files, state.settings().data_dir / "uploads", index, progress=on_progress)
    st.rerun()  # so the summary above counts the new documents


def upload_report() -> None:
    """What the last upload did, file by file (shown once, after the rerun that follows it)."""
    outcome = st.session_state.pop(_OUTCOME, None)
    if outcome is None:
        return
    if outcome.added:
        st.success(f"Added {len(outcome.added)} document(s) with {outcome.passages:,} sentences: "
                   + "; ".join(md(title) for title in outcome.added))
    if outcome.duplicates:
        st.info("Already present, left out: " + "; ".join(md(d) for d in outcome.duplicates))
    if outcome.warnings:  # added, but read otherwise than written (text that is not UTF-8)
        st.warning(f"{len(outcome.warnings)} file(s) were read with a caveat:")
        st.table([{"file": warning.path, "caveat": warning.reason} for warning in outcome.warnings])
    if outcome.problems:
        st.error(f"{len(outcome.problems)} file(s) could not be added:")
        st.table([{"file": problem.path, "why": problem.reason} for problem in outcome.problems])
    if not outcome.added and not outcome.problems and not outcome.duplicates:
        st.warning("Nothing was added.")


def build_section(index) -> None:
    """Build the default index when there is none; rebuild it (dropping added papers) on request."""
    from corpus.build import build_default_index

    settings = state.settings()
    if index is None:
        if not st.button("Build the default index", type="primary", key="corpus_build"):
            return
    else:
        with st.popover("Rebuild the default index"):
            st.caption("Re-reads hbp-knowledge and re-embeds every sentence (minutes on a laptop). Papers "
                       "you added are dropped from the index; their files stay in the uploads folder.")
            if not st.button("Rebuild now", key="corpus_rebuild"):
                return
    progress = st.progress(0.0, text="Reading hbp-knowledge…")

    def on_progress(done: int, total: int) -> None:
        progress.progress(done / total if total else 1.0, text=f"Embedding sentences: {done:,} of {total:,}")

    manifest = build_default_index(settings.resolved_index_dir, settings.embedding_model, progress=on_progress,
                                   say=lambda message: progress.progress(0.0, text=md(message)))
    progress.empty()
    state.forget_index()
    st.toast(f"Built: {manifest.documents:,} documents, {manifest.passages:,} sentences.")
    st.rerun()


def render() -> None:
    st.title("Corpus")
    st.markdown(CREDIT)
    index = _index_or_message()
    if index is not None:
        index_summary(index)
        fetched_section(index)
    upload_section(index)
    upload_report()
    st.divider()
    build_section(index)


ensure_entry_point()
with guard("The Corpus page"):
    render()
