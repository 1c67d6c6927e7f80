"""Words that text extraction split at a line end ("phosphoryla- tion", "calmodulin- dependent").

A PDF hyphenates long words at line ends, and extracted text keeps the hyphen and the break as
"- ". Read as it stands, "phosphoryla- tion" is two words, so readers name "tion" as an entity or miss
the verb "in- hibits". Whether the hyphen was the typesetter's or the author's is a question about
English words, answered with the word frequencies of the ``wordfreq`` package:

- the two halves joined make a word ("phosphoryla" + "tion", "Xe" + "nopus") → that word;
- both halves are words themselves and joined they are none ("calmodulin" + "dependent", "co" +
  "chaperone") → the author's compound, hyphen kept: "calmodulin-dependent";
- otherwise (a half that is no word: "hyperphosphory- lated", "seleno- methionine") → one word.

A capitalised first half whose joining is no word, a one-letter one, or a half with digits is part of
a hyphenated name ("NAD- dependent", "α- synuclein", "IL- 18"): hyphen kept. A function word after
the hyphen is an elided compound ("pre- and post-synaptic", "N- or C-terminal") and is left as
written. Where extraction also lost the space ("hip-pocampus", "an-terograde"), the hyphen goes only
when the halves joined make a word and one of them is none: an author's compound joins two words
("anti-inflammatory", "co-expression").
"""

from __future__ import annotations

import re
from functools import lru_cache

from wordfreq import zipf_frequency

from engine.reading.language import lexicon as lx

# A word at least this frequent (Zipf scale: 1 is about once per hundred million words) is a word of
# English: the scientific vocabulary of the papers ("lysosomal" 2.3, "ubiquitinated" 1.1) is above it,
# a fragment that is no word ("phosphoryla", "hyperphosphory") scores 0.
WORD_ZIPF = 1.0
# The hyphen, and the Unicode hyphen and non-breaking hyphen some typesetters use ("AMP\u2011 activated").
_BROKEN = re.compile(r"\b(\w+)([-\u2010\u2011]) (?=(\w+))")
_BROKEN_UNSPACED = re.compile(r"\b([a-z]+)-([a-z]+)\b")
_FUNCTION_WORDS = lx.DETERMINERS | lx.PREPOSITIONS | lx.CONJUNCTIONS | lx.AUXILIARIES | lx.MODALS | lx.PRONOUNS


@lru_cache(maxsize=1 << 14)
def is_word(text: str) -> bool:
    """Is ``text`` an English word (see WORD_ZIPF)?"""
    return zipf_frequency(text, "en") >= WORD_ZIPF


def mend_line_breaks(text: str) -> str:
    """``text`` with each word split at a line end made whole again (see the module's doc)."""
    return _BROKEN_UNSPACED.sub(_mend_unspaced, _BROKEN.sub(_mend, text))


def _mend(match: re.Match[str]) -> str:
    """``before- `` as ``before`` (the word continues) or ``before-`` (hyphen kept), or as written."""
    before, hyphen, after = match.groups()
    if after.lower() in _FUNCTION_WORDS:
        return match.group(0)
    hyphenated = before + hyphen
    if len(before) < 2 or not (before.isalpha() and after.isalpha() and after.islower()):
        return hyphenated
    if is_word((before + after).lower()):
        return before
    if (is_word(before.lower()) and is_word(after)) or not before.islower():
        return hyphenated
    return before


def _mend_unspaced(match: re.Match[str]) -> str:
    """``before-after`` as one word where that is a word and a half is none, or as written."""
    before, after = match.group(1), match.group(2)
    if is_word(before + after) and not (is_word(before) and is_word(after)):
        return before + after
    return match.group(0)
