"""Showing untrusted text (paper sentences, node labels, user input) safely in Streamlit markdown."""

from __future__ import annotations

import re

# Every ASCII punctuation character may be backslash-escaped in CommonMark; escaping them all also
# disarms Streamlit's extensions (":red[...]", ":material/icon:", "$latex$") and raw HTML.
_PUNCTUATION = re.compile(r"([!-/:-@\[-`{-~])")


def md(text: str) -> str:
    """``text`` as literal markdown: no formatting, links, images, HTML or directives."""
    return _PUNCTUATION.sub(r"\\\1", text).replace("\n", " ")
