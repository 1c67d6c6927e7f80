"""Causeway's Streamlit entry point (placeholder until the app issue lands)."""

import streamlit as st

st.set_page_config(page_title="Causeway", layout="wide")
st.title("Causeway")
st.write("Causal questions answered from the literature, with an explicit, cited, labelled graph.")
