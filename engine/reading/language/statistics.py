"""Bracketed statistical reports, dropped before a sentence is read.

Abstracts restate each result in numbers inside brackets: "associated with a greater risk for the
primary outcome (HR: 1.58; 95% CI: 1.24-2.02, P<0.001), mortality (HR: 1.74 ...) and CV death",
"scored higher (48% vs 38%) than", "(n = 38)". The numbers carry no claim the words do not, and a
reader that meets them mid-phrase loses the phrase's end: neither reader read the coordinated
outcomes above until the brackets were gone. So both readers read the sentence without them (the
claims still cite the sentence as written).

A bracket group is such a report when it stands apart from the words around it (not "Lp(a)",
"Ser(473)" or "(18)F"), holds a digit, and holds nothing but numbers and words of statistics
(``statistic_words``), with at least one such word or a sign of a statistic ("%", "=", "±"). A group
that also holds other words ("(p = 0.04 for MARK4-mediated tau phosphorylation)") says more than
numbers, and stays. A short form ("(IL-6)", "(p53)", "(2ME)") holds a word that
is neither, so it stays, and with it the definition it makes; so does a citation ("[43]", "(81,
174)"), which the readers handle as they did.
"""

from __future__ import annotations

import re
from pathlib import Path

from engine.reading.language.data_files import word_set

_WORDS = Path(__file__).with_name("words.toml")

STATISTIC_WORDS = word_set(_WORDS, "statistic_words")

_OPENING = {"(": ")", "[": "]"}
# The parts of a report: runs between spaces and the signs that separate a statistic from its value.
_PART = re.compile(r"[^\s,;:=<>≤≥±()\[\]]+")
_STATISTIC_SIGN = re.compile(r"[%=±]")
_GLUED_AFTER = re.compile(r"[\w-]")
_NUMBER = re.compile(r"[-–−+~]?\.?\d[\d.,%–\-−/x×]*")


def without_statistics(text: str) -> str:
    """``text`` without its bracketed statistical reports, and without the space before each."""
    kept: list[str] = []
    start = 0
    for opening, closing in _outer_groups(text):
        if _is_report(text, opening, closing):
            kept.append(text[start:opening].rstrip())
            start = closing + 1
    if not kept:
        return text
    kept.append(text[start:])
    return "".join(kept).strip()


def _outer_groups(text: str) -> list[tuple[int, int]]:
    """(opening, closing) index of each outermost balanced bracket group; none past an unbalanced one."""
    groups: list[tuple[int, int]] = []
    stack: list[tuple[int, str]] = []
    for i, char in enumerate(text):
        if char in _OPENING:
            stack.append((i, _OPENING[char]))
        elif char in _OPENING.values():
            if not stack or stack[-1][1] != char:
                break
            opening, _ = stack.pop()
            if not stack:
                groups.append((opening, i))
    return groups


def _is_report(text: str, opening: int, closing: int) -> bool:
    if (opening > 0 and not text[opening - 1].isspace()) or _GLUED_AFTER.match(text, closing + 1):
        return False
    inside = text[opening + 1:closing]
    if not any(char.isdigit() for char in inside):
        return False
    parts = _PART.findall(inside)
    words = [part.lower().rstrip(".") for part in parts if not _NUMBER.fullmatch(part)]
    return all(word in STATISTIC_WORDS for word in words) and bool(words or _STATISTIC_SIGN.search(inside))
