"""Text preparation: undoing typesetting (ligatures, broken words, dashes inside names), tokenising, and
the abbreviations a sentence defines ("amyloid beta (Aβ)").
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from pathlib import Path

from engine.reading.language import lexicon as lx
from engine.reading.language.data_files import word_set, word_tuple
from engine.reading.language.line_breaks import mend_line_breaks
from engine.reading.language.statistics import without_statistics
from engine.reading.language.text import GREEK, is_abbreviation_of

_WORDS = Path(__file__).with_name("words.toml")


# A genotype suffix stays on its gene: "App-/-", "Adnp+/−".
_TOKEN = re.compile(r"\w(?:[\w'’\-/+.]*\w)?(?:[+\-−]/[+\-−])?\+*|[^\w\s]")


@dataclass(frozen=True)
class Token:
    text: str
    low: str
    start: int


# A word split around a spaced hyphen by text extraction ("in - crease", "up - regulation"):
# joined only when the two halves make a word of the lexicon, so "X - Y" ranges stay apart.
_SPACED_HYPHEN = re.compile(r"\b([a-z]{2,}) - ([a-z]{3,})\b")


# A compound participle set off by a spaced hyphen or dash ("Aβ - induced", "LPS – mediated") is the
# compound "Aβ-induced": read apart, the participle would make its stem the object of the verb before.
_SPACED_COMPOUND = re.compile(r"(?<=\S)(\S) [-\u2010\u2011\u2012\u2013\u2212] ("
                              + "|".join(sorted(lx.COMPOUND_SUFFIXES)) + r")\b")


# A compound participle written without its hyphen as the object of a verb of change ("anatabine
# inhibited LPS induced IL-6", "suppressed both TNFα mediated ..."): the compound "LPS-induced IL-6".
# Read apart, the stem would be the verb's object and the participle a verb of its own. Only a
# symbol-like stem (a capital or a digit: "LPS", "H2O2", "Aβ") and participles that are rarely a main
# verb there; not before "by" or "to", where the participle is a verb ("stress induced by heat").
_OPEN_COMPOUND_PARTICIPLES = word_tuple(_WORDS, "_open_compound_participles")
_OPEN_COMPOUND = re.compile(
    r"\b((?:" + "|".join(sorted(map(re.escape, lx.VERB_FORMS), key=len, reverse=True)) + r")"
    r"(?:\s+\w+ly)*(?:\s+(?:both|the))?)\s+((?=[^\s]*[A-Z0-9])[^\s()\[\],;]+) ("
    + "|".join(_OPEN_COMPOUND_PARTICIPLES) + r")"
    r"(?=\s+(?!(?:by|to|and|or|in|at|with|from)\b)[\w(])")


def _join_spaced_hyphen(match: re.Match[str]) -> str:
    joined = match.group(1) + match.group(2)
    known = joined in lx.VERB_FORMS or joined in lx.NOMINAL_TRIGGERS or joined in lx.INCREASE_HEADS \
        or joined in lx.DECREASE_HEADS or joined in lx.INCREASE_ADJECTIVES or joined in lx.DECREASE_ADJECTIVES
    return joined if known else match.group(0)


# Dashes that join the parts of one word in typeset text ("Ran‐binding", "ER stress–induced").
# Number ranges ("10–20") keep their dash.
_WORD_DASH = re.compile(r"(?<=[^\W\d])[\u2010\u2011\u2012\u2013\u2212](?=\w)"
                        r"|(?<=\w)[\u2010\u2011\u2012\u2013\u2212](?=[^\W\d])")


# A stereo descriptor before a compound name ("(-)-nicotine", "(R)-roscovitine") would split the
# name into brackets and a dash; the compound keeps its name without it.
_STEREO_PREFIX = re.compile(r"(?<![\w)\]])\((?:[+\-\u2212\u00b1]|R|S|RS|[+\-\u2212]/[+\-\u2212])\)-(?=\w)")


# A short form defined inside a compound name: "cAMP response element (CRE)-binding protein" is
# "cAMP response element-binding protein" (the bracket would cut the name in two).
_INNER_SHORT_FORM = re.compile(r"\s\(([A-Za-z][A-Za-z0-9]{1,9})\)-(?=([A-Za-z]+))")


def _join_inner_short_form(match: re.Match[str]) -> str:
    # not before a finite verb: "Abeta (sAbeta)-induces X" is a verb after a mistyped hyphen
    form = lx.VERB_FORMS.get(match.group(2).lower(), ("", 0, ""))[2]
    return match.group(0) if form in ("s", "base") else "-"


# A residue range set with a typographic dash inside a name: "Aβ1–40" is the name "Aβ1-40".
_NAME_RANGE = re.compile(r"\b([^\W\d]+\d{1,3})[\u2010\u2011\u2012\u2013\u2212](\d{1,3})\b")


def undo_ligatures(text: str) -> str:
    """Compatibility characters as the letters they stand for (NFKC: "ﬁ" → "fi"), typographic
    hyphens as the hyphen ("miR‐9", "meldonium‐treated"; not dashes, which also mark ranges), a
    stereo-descriptor prefix dropped ("(-)-nicotine" → "nicotine"), reference numbers that were
    superscripts dropped (``drop_reference_numbers``), a compound participle after a spaced dash
    joined ("Aβ – induced" → "Aβ-induced") and a verb glued to its "to" split ("knownto")."""
    text = unicodedata.normalize("NFKC", text).replace("\u2010", "-")  # NFKC makes U+2011 this one
    text = drop_reference_numbers(_STEREO_PREFIX.sub("", text))
    return _GLUED_TO.sub(r"\1 to", _SPACED_COMPOUND.sub(r"\1-\2", text))


def drop_reference_numbers(text: str) -> str:
    """Reference numbers set as superscripts, which text extraction leaves glued to a word
    ("substances88") or spaced after it ("via induction of autophagy 103,105 .", "in SOD1 mice 128 .");
    read as part of the name, they make "autophagy 103" another entity than autophagy."""
    text = _GLUED_CITATION.sub(r"\1", text)
    text = _SPACED_CITATION_LIST.sub(r"\1", text)
    return _SPACED_CITATION_BEFORE_STOP.sub(r"\1", text)


def undo_typesetting(text: str) -> str:
    """Undo typesetting: ligatures and compatibility characters (NFKC: "ﬁ" → "fi"), typographic
    dashes inside words ("ER stress–induced" → "ER stress-induced") and words split by a line-end
    hyphen ("forma- tion" → "formation", ``mend_line_breaks``); bracketed statistics dropped
    ("(HR 1.58; 95% CI 1.24-2.02)", ``statistics``)."""
    text = without_statistics(text)
    text = _NAME_RANGE.sub(r"\1-\2", unicodedata.normalize("NFKC", text))
    text = _STEREO_PREFIX.sub("", text)
    text = _INNER_SHORT_FORM.sub(_join_inner_short_form, text)
    text = _WORD_DASH.sub("-", text)
    text = _FUNCTION_COMPOUND.sub(lambda m: f"{m.group(1)}-of-function", text)
    text = drop_reference_numbers(text)
    text = _GLUED_TO.sub(r"\1 to", text)
    text = _DOUBLE_QUOTES.sub("", text)
    text = _SPACED_HYPHEN.sub(_join_spaced_hyphen, text)
    text = _SPACED_COMPOUND.sub(r"\1-\2", text)
    text = _OPEN_COMPOUND.sub(r"\1 \2-\3", text)
    return mend_line_breaks(text)


# Double quotation marks around a term ("the “isolation” membrane") only mark it as a term.
_DOUBLE_QUOTES = re.compile(r"[\u201c\u201d\u201e\u201f\u00ab\u00bb\"]")


# Reference numbers set as superscripts and glued to a word: "substances88", "inhibition78,79".
# Only after a lower-case word of six letters or more and with at least two digits, so that
# gene names ("sirt1", "atg5") keep their numbers.
_GLUED_CITATION = re.compile(r"\b([a-z]{6,})\d{2,3}(?:[,-]\d{1,3})*(?=[\s.,;:)]|$)")
# Spaced after a lower-case word: a list with a comma ("mice 162,163", "mitophagy 3,10,20–23"; not a
# range alone, "residues 277–283"), or one number set off before a stop or comma ("neurons 190 .").
# Not after a word that counts or compares ("about 500,000", "aged 12 ,").
_NOT_COUNTING = r"(?!(?:with|about|than|from|between|and|to|of|in|at|by|for|over|under|nearly|approximately" \
                r"|among|only|were|was|are|after|before|aged|days|weeks|months|years)\b)"
_SPACED_CITATION_LIST = re.compile(
    r"\b(" + _NOT_COUNTING + r"[a-z]{4,}) \d{1,3}(?:[\u2013-]\d{1,3})?(?:,\d{1,3}(?:[\u2013-]\d{1,3})?)+"
    r"(?=\s*[.,;:)]|\s|$)")
_SPACED_CITATION_BEFORE_STOP = re.compile(r"\b(" + _NOT_COUNTING + r"[a-z]{4,}) \d{1,3}(?= [.,;])")


# A raising participle glued to its "to" by text extraction: "is knownto cause" is "known to cause".
_GLUED_TO = re.compile(r"\b(known|shown|thought|believed|reported|found|proposed|suggested|expected"
                       r"|demonstrated|likely|unlikely|able|unable)to\b")


# "loss of function mutations" is the compound "loss-of-function", not a loss of mutations.
_FUNCTION_COMPOUND = re.compile(r"\b([Ll]oss|[Gg]ain)[ -]of[ -]function\b")


_ABBREVIATIONS = word_set(_WORDS, "_abbreviations")


# A systematic chemical name is one word though it holds brackets and commas:
# "2,6-dichloro-N-(2-pyridyl)benzamide", "4-(4-methoxyphenyl)-butanoic acid".
_CHEMICAL_RUN = re.compile(r"(?<![^\s(\[])\w[\w'’\-,()\[\]+]*\w")
# a list of locants ("2,6-", "N,N'-") anywhere, or a locant at the start ("4-amino-", "N-methyl-")
_CHEMICAL_MARK = re.compile(r"[\dNOS]'*(?:,[\dNOS]+'*)+-|^(?:\d{1,2}[a-z]?|[NOS])'*-")


def _chemical_names(text: str) -> dict[int, int]:
    """Start → end of each chemical name: a run without spaces, with balanced brackets and
    locants ("2,6-", or "4-" at its start) and a bracket or a comma inside."""
    found: dict[int, int] = {}
    for match in _CHEMICAL_RUN.finditer(text):
        run = match.group(0)
        depth = 0
        for ch in run:
            depth += 1 if ch in "([" else -1 if ch in ")]" else 0
            if depth < 0:
                break
        if depth == 0 and re.search(r"[(\[,]", run) and _CHEMICAL_MARK.search(run):
            found[match.start()] = match.end()
    marks = len(_LETTER_MARK.findall(text))
    for match in _LETTERED_NAME.finditer(text):
        spaced = " " in match.group(0)
        if not spaced or (marks == 1 and match.group(1).lower() not in lx.VERB_FORMS
                          and match.group(1).lower() not in _FUNCTION_WORDS | lx.COUNTED_NOUNS):
            found.setdefault(match.start(), match.end())
    return found


# A name that ends in a bracketed letter is one word: "Lp(a)", "apolipoprotein(a)", and, where the
# text has no other such mark (a list's "(a) ... (b)"), "lipoprotein (a)".
_LETTERED_NAME = re.compile(r"(?<![\w(])([A-Za-z][\w\-]*[A-Za-z0-9]) ?\([a-zα-ω]\)")
_LETTER_MARK = re.compile(r"\([a-zα-ω]\)")
_FUNCTION_WORDS = word_set(_WORDS, "_function_words")


def tokenize(text: str) -> list[Token]:
    """Words, numbers and punctuation; an abbreviation keeps its full stop ("Fig.", "al.")."""
    tokens: list[Token] = []
    chemicals = _chemical_names(text)
    inside = 0
    for m in _TOKEN.finditer(text):
        if m.start() < inside:
            continue
        if m.start() in chemicals:
            inside = chemicals[m.start()]
            word = text[m.start():inside]
            tokens.append(Token(word, word.lower(), m.start()))
            continue
        word = m.group(0)
        # "D. melanogaster", "C. elegans": an abbreviated genus keeps its full stop
        genus = word == "." and tokens and re.fullmatch(r"[A-Z]", tokens[-1].text) is not None \
            and re.match(r"\s[a-z]{3,}", text[m.end():m.end() + 5]) is not None
        if word == "." and tokens and (tokens[-1].low in _ABBREVIATIONS or genus) \
                and tokens[-1].start + len(tokens[-1].text) == m.start():
            last = tokens.pop()
            tokens.append(Token(last.text + ".", last.low + ".", last.start))
            continue
        # "A and/or B" coordinates like "or"
        tokens.append(Token(word, "or" if word.lower() == "and/or" else word.lower(), m.start()))
    return tokens


# --------------------------------------------------------------------------------------------
# Abbreviations
# --------------------------------------------------------------------------------------------
_PAREN = re.compile(r"\(([^()]{1,60})\)")


def _squash(text: str) -> str:
    return "".join(GREEK.get(ch, ch) for ch in text)


def _long_form_for(short: str, before: str) -> str | None:
    """Schwartz–Hearst style: the shortest tail of ``before`` whose letters spell ``short``."""
    sf = _squash(short).lower()
    words = before.split()
    # A long form never reaches back over a clause word: in "plaques are deposits of peptides called
    # beta-amyloid (Abeta)" it can only lie after "called", and "beta-amyloid" does not spell Abeta.
    boundary = max((i for i, word in enumerate(words) if word.lower().strip(",;") in lx.LONG_FORM_BOUNDARIES),
                   default=-1)
    words = words[boundary + 1:]
    if not words:
        return None
    initials = _initials_tail(sf, words)
    if initials is not None:
        return initials
    limit = min(len(sf) + 5, 2 * len(sf))
    candidate = " ".join(words[-limit:])
    lf = _squash(candidate).lower()
    s, pos = len(sf) - 1, len(lf) - 1
    while s >= 0:
        char = sf[s]
        if not char.isalnum():
            s -= 1
            continue
        while pos >= 0 and (lf[pos] != char or (s == 0 and pos > 0 and lf[pos - 1].isalnum())):
            pos -= 1
        if pos < 0:
            return None
        pos -= 1
        s -= 1
    start = lf.rfind(" ", 0, pos + 1) + 1
    tail_words = len(lf[start:].split())
    long_form = " ".join(candidate.split()[-tail_words:]).strip(" ,;:")
    if len(long_form) <= len(short) or long_form.lower() == short.lower():
        return None
    if long_form.split()[0].lower() in lx.PREPOSITIONS:  # "named after beta-amyloid (Abeta)": no name
        return None
    return long_form


def _initials_tail(short: str, words: list[str]) -> str | None:
    """The last words whose initials spell the short form ("pelvic organ prolapse (POP)"), which the
    shortest tail would cut to one word whose letters happen to spell it ("prolapse")."""
    letters = [ch for ch in short if ch.isalpha()]
    if len(letters) < 2 or len(letters) != len(short) or len(words) < len(letters):
        return None
    tail = words[-len(letters):]
    if all(word[:1].lower() == letter for word, letter in zip(tail, letters)):
        return " ".join(tail).strip(" ,;:")
    return None


_MEMBER_SUFFIX = re.compile(r"(?<=[A-Za-z])-?(\d{1,2}|[α-ω])$")


def find_abbreviations(text: str) -> dict[str, str]:
    """Short forms defined in ``text`` → their long forms: "amyloid beta (Aβ)" gives {"Aβ": ...}.

    Both "long form (SF)" and "SF (long form)" are read; a candidate counts only when the short
    form's letters occur in order in the long form, starting a word (Schwartz and Hearst, 2003).
    """
    found: dict[str, str] = {}
    text = mend_line_breaks(text)  # "the transcrip- tion factor EB (TFEB)" defines "transcription factor EB"
    for match in _PAREN.finditer(text):
        inner = match.group(1).strip()
        before = text[:match.start()]
        before = re.split(r"[.;:()\[\]]", before)[-1]
        inner_words = inner.split()
        looks_short = 1 <= len(inner_words) <= 2 and len(inner) >= 2 \
            and re.search(r"[A-Za-zα-ωΑ-Ω]", inner) is not None \
            and not re.fullmatch(r"(?i)(e\.g|i\.e|fig|see|ref|n|p|ns)\.?", inner)
        # Short forms carry a capital or a Greek letter: "(Aβ)", "(TNF)", not "(see below)".
        if looks_short and (not inner.islower() or re.search(r"[α-ω]", inner)):
            long_form = _long_form_for(inner, before)
            if long_form is None and _MEMBER_SUFFIX.search(inner):
                # A family member's number or Greek letter is often left out of the long form:
                # "death-associated protein kinase (DAPK1)", "tumour necrosis factor (TNF-α)".
                long_form = _long_form_for(_MEMBER_SUFFIX.sub("", inner), before)
            if long_form:
                found.setdefault(inner, long_form)
                continue
        previous = before.split()
        if len(inner_words) >= 2 and previous:
            short = previous[-1].strip(",;")
            if 2 <= len(short) <= 10 and is_abbreviation_of(short, inner):
                found.setdefault(short, inner)
    return found
