"""corpus page (being written)."""

import streamlit as st

st.title("Corpus")
