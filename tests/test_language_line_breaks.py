"""Words split at a line end by text extraction, made whole (engine.reading.language.line_breaks)."""

from __future__ import annotations

import pytest

from engine.reading.language.line_breaks import mend_line_breaks


@pytest.mark.parametrize("text, expected", [
    # the halves joined make a word: the typesetter's hyphen goes
    ("the phosphoryla- tion of tau", "the phosphorylation of tau"),
    ("Pomb in- hibits Tarp", "Pomb inhibits Tarp"),
    ("oocytes of Xe- nopus", "oocytes of Xenopus"),
    # two words that joined make none: the author's compound keeps its hyphen
    ("calmodulin- dependent kinase", "calmodulin-dependent kinase"),
    ("the co- chaperone", "the co-chaperone"),
    # a half that is no word: one word split mid-way
    ("hyperphosphory- lated tau", "hyperphosphorylated tau"),
    ("seleno- methionine", "selenomethionine"),
    # a name's parts: a digit, a single letter, a capital before a non-word
    ("IL- 18 and NF- κB", "IL-18 and NF-κB"),
    ("α- synuclein", "α-synuclein"),
    ("NAD- dependent deacetylase", "NAD-dependent deacetylase"),
    # an elided compound before a function word is left as written, as is text with no break
    ("pre- and post-synaptic", "pre- and post-synaptic"),
    ("N- or C-terminal", "N- or C-terminal"),
    ("dose - response", "dose - response"),
    ("no break here", "no break here"),
    # a break that also lost its space: joined only where one half is no word
    ("the hip-pocampus and an-terograde transport", "the hippocampus and anterograde transport"),
    ("anti-inflammatory and co-expression and Aβ-induced", "anti-inflammatory and co-expression and Aβ-induced"),
    # the Unicode hyphens some typesetters use break lines too, and a kept one stays as written
    ("the phosphoryla\u2010 tion of tau", "the phosphorylation of tau"),
    ("5\u2032-AMP\u2011 activated kinase and miR\u2010 22", "5\u2032-AMP\u2011activated kinase and miR\u201022"),
    # each break of a sentence
    ("the acti- vation of Tarp and its phos- phorylation", "the activation of Tarp and its phosphorylation"),
])
def test_mend_line_breaks(text: str, expected: str) -> None:
    assert mend_line_breaks(text) == expected
