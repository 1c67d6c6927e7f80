"""Rule-based extraction of proto-role annotations from one sentence (the offline Extract step).

The extractor reads the sentence with a small hand-written chunker rather than a statistical parser:
it is deterministic, fast (well under 2 ms a sentence) and needs no model download. It

1. undoes typesetting (ligatures, dashes inside words, "forma- tion" line breaks), tokenises the
   text (abbreviations such as "Fig." and "et al." keep their full stop) and finds the
   abbreviations it defines ("amyloid beta (Aβ)");
2. finds causal predicates: active and passive verbs of increase and decrease ("reduces", "is
   inhibited by", "leads to", "results from"), nominalisations ("inhibition of Y by X", "a reduction
   in Y was observed after X"), compound participles ("X-induced Y"), role nouns ("D, an X
   inhibitor", "a negative regulator of Y"), signed effect nouns ("a protective effect on Y"),
   shielding ("protects neurons from Y"), hedged taking part ("is involved in Y"), changes found
   in carriers or conditions ("decreased in AD patients", "in response to X") and the verbs of
   having after a state ("X-deficient mice exhibit increased Y");
3. chunks the noun phrases around each predicate, splitting coordinations ("X and Y reduce Z" is two
   claims), adding class members ("cytokines such as IL-6"), climbing over place and time phrases
   ("X in astrocytes reduced Y"), reading appositions ("the antagonist, D, impaired Y") and
   following relative clauses ("X, which increases Y") and coordinated predicates;
4. resolves anaphors from the same or previous sentence ("it", "these drugs" → the previous
   subject; "this", "this effect" → the previous change; an object "it" → the previous object);
5. turns each phrase into an entity: determiners, citations and quantity words ("levels of",
   "expression") are dropped from the name, heads of change ("inhibition of X", "elevated X",
   "X knockdown") set the direction of the entity's change, and deficiencies ("loss of X",
   "X-deficient mice", "X knockout") and mutations become the states "X deficiency" / "X mutation";
6. drops negated claims ("did not alter", "failed to increase", "neither ... nor") and keeps hedged
   ones ("may", "suggest") at lower confidence;
7. adds the claims a sentence implies: one step of a stated chain ("X activates Y, which inhibits
   Z" → X inhibits Z) and the means of a result ("X lowers Y by inhibiting Z" → less Z, less Y),
   at lower confidence.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from typing import Literal

from engine.annotations import Annotation, Change
from engine.offline import lexicon as lx
from engine.offline.text import GREEK, is_abbreviation_of, term_key

# A genotype suffix stays on its gene: "App-/-", "Adnp+/−".
_TOKEN = re.compile(r"\w(?:[\w'’\-/+.]*\w)?(?:[+\-−]/[+\-−])?\+*|[^\w\s]")
_HARD_BOUNDARY = frozenset({".", ";", "?", "!", ":"})
_CLOSED_WORDS = (lx.DETERMINERS | lx.PREPOSITIONS | lx.CONJUNCTIONS | lx.AUXILIARIES | lx.MODALS
           | lx.PRONOUNS | lx.ADVERBS | lx.OTHER_VERBS | {"not", "no", "nor", "n't", "cannot"})
_CLOSED = _CLOSED_WORDS | {"fig.", "figs.", "al.", "e.g.", "i.e.", "vs.", "ref.", "refs.",
                           "i.p.", "i.v.", "s.c.", "p.o.", "i.c.v.", "i.n.", "i.m.", "i.t.", "st.",
                           "approx.", "ca.", "cf.", "eq.", "resp.", "suppl.", "no.", "fig", "figs"}
# Words in the gap between a subject and its verb that keep the subject in reach:
# "X has been shown to reduce", "X may not increase", "X is thought to promote".
_GAP_WORDS = (lx.ADVERBS | lx.MODALS | lx.AUXILIARIES | lx.NEGATIONS | lx.HEDGES
              | {"to", "shown", "found", "reported", "known", "thought", "believed", "proposed",
                 "demonstrated", "able", "unable", "likely", "unlikely", "fail", "fails", "failed",
                 "appear", "appears", "appeared", "seem", "seems", "seemed", "tend", "tends",
                 "been", "also", "further", "reportedly", "then", "in", "turn", "vivo", "vitro",
                 "observed", "expected", "predicted", "suggested", "hypothesized", "considered",
                 "intended", "designed", "aimed", "sufficient", "capable", "recognized",
                 "recognised", "established", "documented", "described", "speculated",
                 "postulated", "presumed", "long", "particular", "example", "instance",
                 "required", "needed", "necessary", "essential", "crucial", "critical",
                 "all", "both", "each"})  # "X, Y and Z all reduced W"
_ORGANISMS = frozenset({"mice", "mouse", "rats", "rat", "animals", "animal", "models", "model",
                        "patients", "cells", "cell", "flies", "neurons", "fish", "zebrafish",
                        "worms", "littermates", "brains", "lines", "line", "carriers", "subjects",
                        "slices", "cultures", "explants", "organoids"})
_ROLE_NOUNS = {"inhibitor": -1, "inhibitors": -1, "antagonist": -1, "antagonists": -1,
               "blocker": -1, "blockers": -1, "activator": 1, "activators": 1, "agonist": 1,
               "agonists": 1, "inducer": 1, "inducers": 1, "enhancer": 1, "enhancers": 1,
               "mediator": 1, "mediators": 1, "driver": 1, "drivers": 1, "cause": 1, "causes": 1,
               "suppressor": -1, "suppressors": -1, "repressor": -1, "repressors": -1}
# Role nouns signed by "positive"/"negative": "a negative regulator of Y".
_SIGNABLE_ROLES = frozenset({"regulator", "regulators", "modulator", "modulators"})
_SIGNING_ADJECTIVES = {"positive": 1, "negative": -1}
_ROLE_MODIFIERS = frozenset({"putative", "possible", "potential", "major", "key", "important",
                             "indirect", "well-known", "positive", "negative", "endogenous",
                             "potent", "selective", "specific", "novel", "known", "irreversible",
                             "reversible", "competitive", "allosteric", "direct", "small",
                             "molecule", "small-molecule", "pharmacological", "chemical",
                             "natural", "endogenous", "synthetic", "powerful", "strong", "weak",
                             "new", "classical", "clinical", "approved", "oral"})
_NAME_NOISE = frozenset({"significant", "marked", "total", "overall", "dramatic", "robust",
                         "pronounced", "substantial", "modest", "slight", "considerable", "strong",
                         "profound", "severe", "mild", "subsequent", "concomitant", "consequent",
                         "general", "global", "net", "cellular", "relative", "respective",
                         "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"})
_DEFICIENCY_MARKERS = ("-deficient", "-null", "-knockout", "-ko", "-/-", "-deleted", "-lacking",
                       "-depleted", "-silenced",
                       "+/-", "+/−", "-/−")
_OVEREXPRESSION_MARKERS = ("-transduced", "-transfected", "-overexpressing", "-treated",
                           "-exposed", "-infused", "-injected", "-expressing")
_HEDGE_CONFIDENCE = 0.6
_ANAPHOR_CONFIDENCE = 0.8
_CONFIDENCE = {"active": 0.9, "passive": 0.9, "nominal": 0.8, "compound": 0.8, "role": 0.7,
               "needed": 0.7, "involved": 0.5, "associated": 0.5, "effect": 0.7, "expression": 0.5,
               "state": 0.75}


@dataclass(frozen=True)
class _Token:
    text: str
    low: str
    start: int


@dataclass
class _Entity:
    name: str
    polarity: int  # +1 when the phrase means more of the entity, -1 less of it
    state: bool
    aliases: list[str] = field(default_factory=list)


@dataclass
class _Claim:
    subjects: list[tuple[int, int]]
    objects: list[tuple[int, int]]
    polarity: int
    construction: str
    negated: bool
    hedged: bool
    end: int  # token index after the last object, for coordinated predicates
    verb: int = -1  # token index of the predicate, for coordinated verbs ("phosphorylates and activates")
    object_suffix: str = ""  # what the verb does to its object: "phosphorylates X" → "X phosphorylation"
    resolved: bool = False  # a side comes from an earlier sentence through an anaphor
    floor: int = 0  # token index where the claim's sentence starts
    means_of: int | None = None  # "X reduces Y by inhibiting Z": this claim's index of "X reduces Y"
    subject_polarity: int = 1  # "X lowers Y, which leads to Z": the lowering of Y leads to Z
    # "drugs that enhance X reduce Y, including D": D, a member of the relative clause's class
    class_members: list[tuple[int, int]] = field(default_factory=list)


# A word broken across a line end in the source ("forma- tion", "IL- 18"); not "pre- and post-".
_LINE_BREAK_HYPHEN = re.compile(r"(\w+)- (?=(\w+))")


def _join_broken_word(match: re.Match[str]) -> str:
    before, after = match.group(1), match.group(2)
    if after.lower() in _CLOSED_WORDS:
        return match.group(0)
    # Two lower-case halves are one word split by hyphenation ("forma- tion"); a short or
    # capitalised first half is a hyphenated name ("IL- 18", "a- synuclein").
    joined = len(before) >= 2 and before.isalpha() and before.islower() and after.islower()
    return before if joined else f"{before}-"


# A word split around a spaced hyphen by text extraction ("in - crease", "up - regulation"):
# joined only when the two halves make a word of the lexicon, so "X - Y" ranges stay apart.
_SPACED_HYPHEN = re.compile(r"\b([a-z]{2,}) - ([a-z]{3,})\b")


_SPACED_COMPOUND = re.compile(r"(?<=\S)(\S) - (" + "|".join(sorted(lx.COMPOUND_SUFFIXES)) + r")\b")


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


def undo_typesetting(text: str) -> str:
    """Undo typesetting: ligatures and compatibility characters (NFKC: "ﬁ" → "fi"), typographic
    dashes inside words ("ER stress–induced" → "ER stress-induced") and words split by a line-end
    hyphen ("forma- tion" → "formation")."""
    text = _NAME_RANGE.sub(r"\1-\2", unicodedata.normalize("NFKC", text))
    text = _STEREO_PREFIX.sub("", text)
    text = _INNER_SHORT_FORM.sub(_join_inner_short_form, text)
    text = _WORD_DASH.sub("-", text)
    text = _FUNCTION_COMPOUND.sub(lambda m: f"{m.group(1)}-of-function", text)
    text = _GLUED_CITATION.sub(r"\1", text)
    text = _GLUED_TO.sub(r"\1 to", text)
    text = _DOUBLE_QUOTES.sub("", text)
    text = _SPACED_HYPHEN.sub(_join_spaced_hyphen, text)
    text = _SPACED_COMPOUND.sub(r"\1-\2", text)
    return _LINE_BREAK_HYPHEN.sub(_join_broken_word, text)


# Double quotation marks around a term ("the “isolation” membrane") only mark it as a term.
_DOUBLE_QUOTES = re.compile(r"[\u201c\u201d\u201e\u201f\u00ab\u00bb\"]")


# Reference numbers set as superscripts and glued to a word: "substances88", "inhibition78,79".
# Only after a lower-case word of six letters or more and with at least two digits, so that
# gene names ("sirt1", "atg5") keep their numbers.
_GLUED_CITATION = re.compile(r"\b([a-z]{6,})\d{2,3}(?:[,-]\d{1,3})*(?=[\s.,;:)]|$)")


# A raising participle glued to its "to" by text extraction: "is knownto cause" is "known to cause".
_GLUED_TO = re.compile(r"\b(known|shown|thought|believed|reported|found|proposed|suggested|expected"
                       r"|demonstrated|likely|unlikely|able|unable)to\b")


# "loss of function mutations" is the compound "loss-of-function", not a loss of mutations.
_FUNCTION_COMPOUND = re.compile(r"\b([Ll]oss|[Gg]ain)[ -]of[ -]function\b")


# Abbreviations whose full stop does not end a sentence ("Fig. 2", "Smith et al. 2010").
_ABBREVIATIONS = frozenset({"fig", "figs", "al", "e.g", "i.e", "vs", "ref", "refs", "approx",
                            "ca", "cf", "eq", "resp", "suppl", "no",
                            # routes of administration: "10 mg/kg, i.p."
                            "i.p", "i.v", "s.c", "p.o", "i.c.v", "i.n", "i.m", "i.t",
                            "st"})  # a supplier's town: "(Sigma, St. Louis, MO)"


def tokenize(text: str) -> list[_Token]:
    """Words, numbers and punctuation; an abbreviation keeps its full stop ("Fig.", "al.")."""
    tokens: list[_Token] = []
    for m in _TOKEN.finditer(text):
        word = m.group(0)
        # "D. melanogaster", "C. elegans": an abbreviated genus keeps its full stop
        genus = word == "." and tokens and re.fullmatch(r"[A-Z]", tokens[-1].text) is not None \
            and re.match(r"\s[a-z]{3,}", text[m.end():m.end() + 5]) is not None
        if word == "." and tokens and (tokens[-1].low in _ABBREVIATIONS or genus) \
                and tokens[-1].start + len(tokens[-1].text) == m.start():
            last = tokens.pop()
            tokens.append(_Token(last.text + ".", last.low + ".", last.start))
            continue
        # "A and/or B" coordinates like "or"
        tokens.append(_Token(word, "or" if word.lower() == "and/or" else word.lower(), m.start()))
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


_MEMBER_SUFFIX = re.compile(r"(?<=[A-Za-z])-?(\d{1,2}|[α-ω])$")


def find_abbreviations(text: str) -> dict[str, str]:
    """Short forms defined in ``text`` → their long forms: "amyloid beta (Aβ)" gives {"Aβ": ...}.

    Both "long form (SF)" and "SF (long form)" are read; a candidate counts only when the short
    form's letters occur in order in the long form, starting a word (Schwartz and Hearst, 2003).
    """
    found: dict[str, str] = {}
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


# --------------------------------------------------------------------------------------------
# Token classes
# --------------------------------------------------------------------------------------------
def _is_adverb(low: str) -> bool:
    return low in lx.ADVERBS or (low.endswith("ly") and len(low) > 4 and low not in lx.NOT_ADVERBS_LY)


def _is_word(tok: _Token) -> bool:
    return tok.text[0].isalnum() or tok.text[0] == "_"


def _is_adjectival_trigger(tokens: list[_Token], i: int) -> bool:
    """A participle of change used as an adjective ("increased levels", "reduced BDNF")."""
    low = tokens[i].low
    if low in lx.INCREASE_ADJECTIVES or low in lx.DECREASE_ADJECTIVES:
        return True
    # Any participle right before a name, after a determiner or preposition: "of phosphorylated S6".
    return low in lx.VERB_FORMS and lx.VERB_FORMS[low][2] == "ed" and 0 < i < len(tokens) - 1 \
        and (tokens[i - 1].low in lx.DETERMINERS or tokens[i - 1].low in lx.PREPOSITIONS) \
        and _is_word(tokens[i + 1]) and tokens[i + 1].low not in _CLOSED


def _is_content(tokens: list[_Token], i: int) -> bool:
    """Can token i be part of a noun phrase's name?"""
    tok = tokens[i]
    if not _is_word(tok):
        return False
    low = tok.low
    if tok.text == "A" and 0 < i and _is_word(tokens[i - 1]) and tokens[i - 1].low not in _CLOSED \
            and tokens[i - 1].text[0].isalpha() and tokens[i - 1].low not in lx.VERB_FORMS:
        return True  # "trichostatin A", "protein kinase A": a name's letter, not an article
    if tok.text == "I" and 0 < i and tokens[i - 1].low in _NUMBERED_HEADS:
        return True  # "complex I", "type I": a numeral, not the pronoun
    if low in _CLOSED or _is_adverb(low):
        return False
    if _modified_form(tokens, i):
        return True
    if low in lx.VERB_FORMS:
        # Nouns that double as verb forms: "an increase in", "the decrease of", "cytokine release".
        if low in lx.NOUN_BASE_FORMS:
            # "cytokine release" is a noun; "cells release cytokines" and "mutations in LRRK2 cause
            # impairment" are verbs: a verb has a noun phrase after it.
            prev = tokens[i - 1].low if i > 0 else ""
            if _nominal_use(tokens, i):
                return True
            if i == 0 or not _is_word(tokens[i - 1]) or prev in _CLOSED:
                return False
            nxt = tokens[i + 1] if i + 1 < len(tokens) else None
            return nxt is None or not (_is_word(nxt) and (nxt.low in lx.DETERMINERS or (
                nxt.low not in _CLOSED and nxt.low not in lx.VERB_FORMS) or nxt.low in lx.INCREASE_ADJECTIVES
                or nxt.low in lx.DECREASE_ADJECTIVES))
        return low in lx.NOMINAL_TRIGGERS and _nominal_use(tokens, i)
    return True


_AGENT_NOUNS = frozenset({"activity", "activities", "machinery", "complex", "complexes", "domain",
                          "domains", "protein", "proteins", "function", "capacity"})


def _modified_form(tokens: list[_Token], i: int) -> bool:
    """"acetylated tau", "reduced phosphorylated ERK": the participle of a modifying verb names a
    form of the entity after it when it opens the clause or follows another verb."""
    low = tokens[i].low
    if low not in lx.VERB_FORMS or lx.VERB_FORMS[low][0] not in lx.MODIFYING_VERBS \
            or i + 1 >= len(tokens):
        return False
    if lx.VERB_FORMS[low][2] == "ing":
        # "deubiquitinating enzymes", "phosphorylating activity": a modifier of its noun
        return tokens[i + 1].low in lx.CLASS_NOUNS or tokens[i + 1].low in _AGENT_NOUNS
    if lx.VERB_FORMS[low][2] != "ed":
        return False
    prev = tokens[i - 1] if i > 0 else None
    if prev is not None and _is_word(prev) and prev.low not in _CLOSED and _skip_sites(tokens, i + 1) > i + 1:
        return True  # "tau acetylated at K174": a form named by its site
    nxt = tokens[i + 1]
    if not _is_word(nxt) or nxt.low in _CLOSED or nxt.low in lx.VERB_FORMS:
        return False
    before = tokens[i - 2].low if i >= 2 else ""
    if prev is not None and (before in lx.PREPOSITIONS or before in lx.DETERMINERS) \
            and _is_word(prev) and prev.low not in _CLOSED and prev.low not in lx.VERB_FORMS:
        return True  # "the clearance of AD-relevant phosphorylated tau": a modifier, not a verb
    return prev is None or prev.text in _HARD_BOUNDARY or prev.text == "," or (
        prev.low in lx.VERB_FORMS and prev.low not in lx.NOUN_BASE_FORMS) or (
        prev.text.islower() and prev.low.endswith("ing") and len(prev.low) > 5) or (
        prev.text.islower() and prev.low.endswith(_ADJECTIVE_ENDINGS + ("ble",))
        and prev.low not in lx.VERB_FORMS)  # "insoluble methylated PP2A"


def _nominal_use(tokens: list[_Token], i: int) -> bool:
    prev = tokens[i - 1].low if i > 0 else ""
    nxt = tokens[i + 1].low if i + 1 < len(tokens) else ""
    # "to" before a base form is the infinitive ("to slow down Y"), unless "in"/"of" follows.
    # A singular determiner before an -s form makes it a verb: "this decreases Akt".
    if prev in _SINGULAR_DETERMINERS and tokens[i].low.endswith("s") and nxt not in ("in", "of"):
        return False
    if prev in ("in", "at") and i >= 2 and tokens[i - 2].low in _EFFICACY_WORDS and tokens[i].low.endswith("ing"):
        return False  # "effective in reducing Y": a verb
    return prev in lx.DETERMINERS or nxt in ("in", "of") or (prev in lx.PREPOSITIONS and prev != "to")


_NUMBERED_HEADS = frozenset({"complex", "type", "class", "phase", "group", "factor", "stage",
                             "collagen", "receptor"})
_DISCOURSE_ORDINALS = frozenset({"first", "second", "third", "fourth", "fifth", "sixth", "lastly",
                                 "firstly", "secondly", "thirdly", "finally"})
_REFERENCE_WORDS = frozenset({"table", "tables", "fig", "fig.", "figs", "figs.", "figure", "figures",
                              "supplementary", "supplemental", "ref", "ref.", "refs", "refs."})
_DOSE_UNITS = frozenset({"mm", "µm", "μm", "nm", "pm", "mg", "kg", "ml", "µg", "μg", "ng", "g",
                         "mg/kg", "µg/ml", "μg/ml", "ng/ml", "mg/ml", "µl", "μl", "iu", "u"})
_COUNT_WORDS = frozenset({"number", "numbers", "density", "frequency"})
_SINGULAR_DETERMINERS = frozenset({"this", "that", "a", "an", "each", "every", "another"})


def _starts_phrase(tokens: list[_Token], i: int) -> bool:
    """Can a noun phrase start at token i (determiner, modifier or name)?"""
    if i >= len(tokens):
        return False
    low = tokens[i].low
    return (low in lx.DETERMINERS and low not in ("both", "either")) or _is_content(tokens, i) \
        or _is_adjectival_trigger(tokens, i) or low in ("both", "either") \
        or (low in lx.VERB_FORMS and lx.VERB_FORMS[low][2] == "ing"
            and i + 1 < len(tokens) and _is_content(tokens, i + 1))


# --------------------------------------------------------------------------------------------
# Noun-phrase chunking
# --------------------------------------------------------------------------------------------
_MAX_PHRASE = 12


def _skip_parens_right(tokens: list[_Token], i: int) -> int:
    """Index after the bracket group opening at i, or i when the group does not close soon."""
    opener = tokens[i].text
    closer = ")" if opener == "(" else "]"
    depth = 0
    for j in range(i, min(len(tokens), i + 25)):
        if tokens[j].text == opener:
            depth += 1
        elif tokens[j].text == closer:
            depth -= 1
            if depth == 0:
                return j + 1
    return i


def _skip_parens_left(tokens: list[_Token], i: int) -> int:
    """Index of the bracket opening the group that closes at i, or i."""
    closer = tokens[i].text
    opener = "(" if closer == ")" else "["
    depth = 0
    for j in range(i, max(-1, i - 25), -1):
        if tokens[j].text == closer:
            depth += 1
        elif tokens[j].text == opener:
            depth -= 1
            if depth == 0:
                return j
    return i


def _phrase_right(tokens: list[_Token], i: int) -> int:
    """End (exclusive) of the single noun phrase starting at i; i when none starts there."""
    j = i
    n = len(tokens)
    while j < n and tokens[j].low in lx.DETERMINERS and j - i < 3:
        j += 1
    j = _skip_percentage(tokens, j)  # "a 40-49% decrease in Y", "50 ± 15% reduced levels of Y"
    start_content = j
    while j < n and j - i < _MAX_PHRASE:
        tok = tokens[j]
        low = tok.low
        if low in ("down", "up") and j + 1 < n and tokens[j + 1].low == "to":
            break  # "missorting of MAPT down to 4.5%"
        if low == "combined" and j > start_content and j + 1 < n and tokens[j + 1].low == "with":
            break  # "impaired fusion combined with ...": a second cause follows, no part of the name
        if _is_content(tokens, j) or (low in lx.NOMINAL_TRIGGERS and (
                low not in lx.VERB_FORMS or _nominal_use(tokens, j) or j == start_content)) or (
                _is_adjectival_trigger(tokens, j) and (
                    j == start_content or tokens[j - 1].low in lx.PREPOSITIONS
                    or tokens[j - 1].low in lx.DETERMINERS)):
            j += 1
        elif low in lx.VERB_FORMS and lx.VERB_FORMS[low][2] == "ing" and j == start_content \
                and j + 1 < n and _starts_phrase(tokens, j + 1):
            j += 1  # gerund head: "inhibiting autophagy"
        elif j == start_content and j > i and low.endswith("ly") and _is_adverb(low) and j + 2 < n \
                and _is_content(tokens, j + 1) and tokens[j + 1].low not in lx.VERB_FORMS \
                and _is_content(tokens, j + 2):
            j += 1  # an adverb on the first modifier after a determiner: "a genetically inherited form"
        elif tok.text in ("(", "[") and j > start_content:
            end = _skip_parens_right(tokens, j)
            if end == j:
                break
            j = end
        elif low == "of" and j > start_content and j + 1 < n and _starts_phrase(tokens, j + 1):
            j += 1
            while j < n and tokens[j].low in lx.DETERMINERS:
                j += 1
        elif low in ("in", "on") and j > start_content and (
                tokens[j - 1].low in lx.NOMINAL_TRIGGERS or (
                    low == "in" and tokens[j - 1].low == "deficient" and tokens[j - 2].low in _ORGANISMS)) \
                and j + 1 < n and _starts_phrase(tokens, j + 1) \
                and not (tokens[j + 1].low in ("response", "responses") and j + 2 < n and tokens[j + 2].low == "to"):
            j += 1  # "an increase in Y", "mice deficient in X"
            while j < n and tokens[j].low in lx.DETERMINERS:
                j += 1
        elif j > start_content and low == lx.HEAD_PREPOSITIONS.get(tokens[j - 1].low) \
                and j + 1 < n and _starts_phrase(tokens, j + 1):
            j += 1  # "treatment with X"
        elif j > start_content and low in _TOOL_TARGET_WORDS and (
                tokens[j - 1].low in _SILENCING_TOOLS or tokens[j - 1].low in _ANTIBODY_WORDS) \
                and j + 1 < n and _starts_phrase(tokens, j + 1):
            j += 1  # the target belongs to the tool's name: "siRNA against X", "antibodies to X"
            while j < n and tokens[j].low in lx.DETERMINERS:
                j += 1
        elif low == "to" and j > start_content and j + 2 < n and _is_content(tokens, j + 1) \
                and tokens[j + 2].low in _CHANGE_OVER_NOUNS:
            j += 2  # "cis to trans conversion": one thing changing into another, one name
        elif low == "between" and j > start_content and tokens[j - 1].low in _PAIRING_HEADS:
            # "the interaction between MARK2 and tau": both partners belong to the name
            first = _phrase_right(tokens, j + 1)
            if first == j + 1 or first + 1 >= n or tokens[first].low != "and":
                break
            second = _phrase_right(tokens, first + 1)
            if second == first + 1:
                break
            j = second
        else:
            break
    return j if j > start_content else i


# Nouns of one state turning into another ("A to B conversion", "G1 to S transition").
_CHANGE_OVER_NOUNS = frozenset({"conversion", "transition", "switch", "shift", "isomerization",
                                "transformation"})
_PAIRING_HEADS = frozenset({"interaction", "interactions", "association", "binding", "complex",
                            "crosstalk", "cross-talk", "coupling", "colocalization",
                            "co-localization"})


def _phrases_right(tokens: list[_Token], i: int) -> tuple[list[tuple[int, int]], int]:
    """Coordinated noun phrases starting at i ("Y, Z and W"); returns spans and the end index."""
    n = len(tokens)
    if i + 2 < n and tokens[i].text == "(" and tokens[i + 2].text == ")" \
            and re.fullmatch(r"[a-h]|i{1,3}|iv|v|\d", tokens[i + 1].low):
        i += 3  # an enumerator: "blocked by (a) X and (b) Y"
    if i < n and tokens[i].low in ("both", "either"):
        i += 1
    end = _phrase_right(tokens, i)
    if end == i:
        return [], i
    spans = [(i, end)]
    j = end
    pending: list[tuple[int, int]] = []
    while j < n:
        low = tokens[j].low
        if low in ("and", "or") or (low == "as" and j + 2 < n and tokens[j + 1].low == "well"
                                     and tokens[j + 2].low == "as"):
            k = j + 3 if low == "as" else j + 1
            if k + 2 < n and tokens[k].text == "(" and tokens[k + 2].text == ")" \
                    and re.fullmatch(r"[a-h]|i{1,3}|iv|v|\d", tokens[k + 1].low):
                k += 3
            if k < n and tokens[k].low in lx.VERB_FORMS and not _is_adjectival_trigger(tokens, k):
                break
            nxt = _phrase_right(tokens, k)
            if nxt == k or _followed_by_verb(tokens, nxt) or (
                    pending and nxt < n and tokens[nxt].low in ("is", "are", "was", "were")):
                break  # ", A and B are engulfed": the comma list is the next clause's subject
            if nxt + 1 < n and tokens[nxt].low in ("and", "or") \
                    and _phrase_right(tokens, nxt + 1) > nxt + 1 \
                    and _followed_by_verb(tokens, _phrase_right(tokens, nxt + 1)):
                # "A improve B, and C and D impair E": after ", and" a new clause starts; without
                # the comma ("impaired B or C and D improved E") C still ends the list
                if tokens[j - 1].text != ",":
                    spans += pending + [(k, nxt)]
                    pending = []
                    j = nxt
                break
            spans += pending + [(k, nxt)]
            pending = []
            j = nxt
        elif low in ("in", "at", "within", "from", "during", "on") and j + 1 < n:
            # Look past a place ("increased Ca2+ in neurons, enhanced Y, and Z") when a list follows.
            place_end = _phrase_right(tokens, j + 1)
            # inside a comma list, "and" may close it after a conjunct's own complement:
            # "A, B, difficulties in walking and C"
            closes_list = bool(pending) and place_end < n and tokens[place_end].low in ("and", "or")
            if not (j + 1 < place_end < n and (tokens[place_end].text == ","
                    and _list_follows(tokens, place_end) or closes_list)):
                break
            j = place_end
        elif low == "," and j + 1 < n:
            k = j + 1
            if tokens[k].low in ("and", "or"):
                j = k
                continue
            nxt = _phrase_right(tokens, k)
            if nxt == k:
                break
            pending.append((k, nxt))
            j = nxt
        else:
            break
    if len(spans) == 1 and pending and _lone_adjective(tokens, spans[0]) \
            and tokens[pending[0][0]].text[:1].islower():
        spans, pending = [(spans[0][0], pending[0][1])], pending[1:]  # "normal, soluble tau"
    spans = _merge_adjective_conjuncts(tokens, spans)
    # Conjuncts after commas were kept in ``pending`` until an "and"/"or" closed the list; a list
    # that never closes ends at its first comma.
    end = spans[-1][1]
    if len(spans) == 1 and len(pending) == 1 and _apposed_name(tokens, spans[0], pending[0]):
        spans, end = spans + pending, pending[0][1]  # "via the E3 ligase, UBE3A"
    examples, examples_end = _examples_after(tokens, end)
    if examples:
        return spans + examples, examples_end
    return spans, end


def _lone_adjective(tokens: list[_Token], span: tuple[int, int]) -> bool:
    """A conjunct that is one lower-case adjective ("soluble", "spatial", "acute")."""
    words = [k for k in range(*span) if tokens[k].low not in lx.DETERMINERS]
    if not words or (len(words) > 1 and tokens[words[-2]].low not in ("of", "in")):
        return False  # one word, or the last after "of": "clearance of soluble (and ...)"
    tok = tokens[words[-1]]
    return tok.text.islower() and tok.text.isalpha() and (
        tok.low.endswith(_ADJECTIVE_ENDINGS + ("ble",)) or tok.low in lx.INCREASE_ADJECTIVES
        or tok.low in lx.DECREASE_ADJECTIVES)


def _merge_adjective_conjuncts(tokens: list[_Token], spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """"soluble and aggregated misfolded proteins", "spatial and contextual fear learning": a lone
    adjective conjunct shares the noun of the next conjunct, so the two are one phrase."""
    merged: list[tuple[int, int]] = []
    k = 0
    while k < len(spans):
        start, end = spans[k]
        if k + 1 < len(spans) and end - start == 1 and tokens[start].text.islower() and (
                tokens[start].low in _NAME_NOISE or tokens[start].low.endswith("-dependent")) \
                and all(tokens[m].low in ("and", "or", ",") for m in range(end, spans[k + 1][0])):
            k += 1  # "robust and dose-dependent reductions in Y": a modifier, no name
            continue
        while k + 1 < len(spans) and _lone_adjective(tokens, (start, end)) \
                and all(tokens[m].low in ("and", "or", ",") for m in range(end, spans[k + 1][0])) \
                and tokens[spans[k + 1][0]].text[:1].islower() \
                and spans[k + 1][1] - spans[k + 1][0] >= 2:
            k += 1
            end = spans[k][1]
        merged.append((start, end))
        k += 1
    return merged


def _apposed_name(tokens: list[_Token], described: tuple[int, int], name: tuple[int, int]) -> bool:
    """"the E3 ligase, UBE3A": a class phrase with "the" followed by one short symbol-like name
    (capitals or digits) that ends the list."""
    after = name[1]
    words = next((k for k in range(name[0], name[1]) if tokens[k].text == "("), name[1]) - name[0]
    return tokens[described[0]].low == "the" and words <= 2 \
        and re.search(r"[A-Z0-9]", tokens[name[0]].text) is not None \
        and (after >= len(tokens) or tokens[after].text != ",")


_EXAMPLE_MARKERS = (("including",), ("such", "as"), ("like",), ("especially",), ("particularly",),
                    ("notably",), ("namely",), ("e.g",), ("e.g.",), ("eg",), ("that", "include"), ("that", "includes"),
                    ("which", "include"), ("which", "includes"))


def _examples_after(tokens: list[_Token], end: int) -> tuple[list[tuple[int, int]], int]:
    """Members named after a class: "cytokines, including IL-6 and TNF" / "kinases such as GSK3".

    What holds for the class is stated for its named members, so they join the phrase list.
    """
    k = end
    if k < len(tokens) and tokens[k].text in (",", "("):
        k += 1
    start = _after_example_marker(tokens, k)
    if start is None:
        return [], end
    return _phrases_right(tokens, start)


def _after_example_marker(tokens: list[_Token], k: int) -> int | None:
    """Where the members start when an example marker ("such as", "e.g.,") opens at ``k``."""
    for marker in _EXAMPLE_MARKERS:
        if tuple(t.low for t in tokens[k:k + len(marker)]) == marker:
            k += len(marker)
            while k < len(tokens) and tokens[k].text in (".", ","):
                k += 1  # "e.g.,"
            return k
    return None


def _list_follows(tokens: list[_Token], comma: int) -> bool:
    """Does a comma-separated list closed by "and"/"or" follow the comma at ``comma``?"""
    for k in range(comma + 1, min(len(tokens), comma + 30)):
        low = tokens[k].low
        if low in ("and", "or") and k > comma + 1:
            return True
        if tokens[k].text in _HARD_BOUNDARY or low in lx.AUXILIARIES or (
                low in lx.VERB_FORMS and not _is_adjectival_trigger(tokens, k)
                and not _is_content(tokens, k)):
            return False
    return False


def _followed_by_verb(tokens: list[_Token], j: int) -> bool:
    """Is the phrase ending at j the subject of a new clause ("... and Z increased W")?"""
    k = j
    while k < len(tokens) and (_is_adverb(tokens[k].low) or tokens[k].low in lx.MODALS):
        k += 1
    if k >= len(tokens):
        return False
    low = tokens[k].low
    if low in lx.VERB_FORMS and lx.VERB_FORMS[low][2] == "ed" and k + 1 < len(tokens) \
            and tokens[k + 1].low not in ("by", "in", "with", "after") \
            and (tokens[k + 1].low in lx.DETERMINERS or _is_content(tokens, k + 1)):
        return True  # "... and nicotinic agonists improved accuracy": a new clause
    return (low in lx.VERB_FORMS and lx.VERB_FORMS[low][2] in ("s", "base")) \
        or (low in lx.OTHER_VERBS and low not in lx.AUXILIARIES and not low.endswith("ed"))


def _phrase_left(tokens: list[_Token], k: int) -> int:
    """Start of the single noun phrase ending at k (inclusive); k + 1 when none ends there."""
    j = k
    start = k + 1
    while j >= 0 and k - j < _MAX_PHRASE:
        tok = tokens[j]
        low = tok.low
        if tok.text in (")", "]"):
            opening = _skip_parens_left(tokens, j)
            if opening == j or opening == 0:
                break
            j = opening - 1
            continue
        if _is_content(tokens, j) or (low in lx.NOMINAL_TRIGGERS and j < k and (
                low not in lx.VERB_FORMS or _nominal_use(tokens, j))):
            start = j
            j -= 1
        elif (_is_adjectival_trigger(tokens, j) or
              (low in lx.VERB_FORMS and lx.VERB_FORMS[low][2] == "ing")) and start <= k:
            start = j
            if j > 0 and tokens[j - 1].low in lx.DETERMINERS:
                start = j - 1
            break
        elif low == "of" and start <= k and j > 0 and (
                _is_content(tokens, j - 1) or tokens[j - 1].low in lx.NOMINAL_TRIGGERS
                or _change_head(tokens[j - 1].low)):
            j -= 1  # also "silencing of X"
        elif low == "in" and start <= k and j > 0 and (tokens[j - 1].low in lx.NOMINAL_TRIGGERS
                                                       or tokens[j - 1].low in lx.MUTATION_HEADS
                                                       or tokens[j - 1].low == "deficient"):
            j -= 1  # "a decrease in PINK1 expression", "mutations in LRRK2", "mice deficient in X"
        elif low == "in" and start <= k and j > 0 and tokens[k].low in _ORGANISMS \
                and _is_content(tokens, j - 1):
            j -= 1  # "BACE1 deficiency in AD model mice": the carrier is dropped by _entity
        elif start <= k and j > 0 and lx.HEAD_PREPOSITIONS.get(tokens[j - 1].low) == low:
            j -= 1  # "treatment with X"
        elif low == "to" and start == j + 1 and j + 2 <= k and tokens[j + 2].low in _CHANGE_OVER_NOUNS \
                and j > 0 and _is_content(tokens, j - 1):
            j -= 1  # "cis to trans conversion"
        elif start <= k and j > 0 and low in _TOOL_TARGET_WORDS and (
                tokens[j - 1].low in _SILENCING_TOOLS or tokens[j - 1].low in _ANTIBODY_WORDS):
            j -= 1  # "siRNA against X", "antibodies to X": the tool names the target
        elif low in lx.DETERMINERS and start <= k and low not in ("both", "either"):
            start = j
            if j >= 3 and tokens[j - 1].low in ("both", "either") and tokens[j - 2].low == "of":
                j -= 1  # "inhibition of either the proteasome or autophagy"
            if j >= 2 and tokens[j - 1].low == "of" and (
                    tokens[j - 2].low in lx.DEFICIENCY_HEADS or tokens[j - 2].low in lx.DECREASE_HEADS
                    or tokens[j - 2].low in lx.INCREASE_HEADS or tokens[j - 2].low in lx.NOMINAL_TRIGGERS
                    or tokens[j - 2].low in lx.QUANTITY_WORDS):
                j -= 2  # "Deficiency of the NLRP3 gene", "levels of the protein"
                continue
            if j >= 2 and tokens[j - 1].low == "in" and tokens[j - 2].low in lx.MUTATION_HEADS:
                j -= 2  # "mutations in the gene encoding X"
                continue
            if j >= 3 and tokens[j - 1].low in ("encoding", "coding") and tokens[j - 2].low in ("gene", "genes"):
                j -= 1  # "the gene encoding the X subunit": the gene belongs to the phrase
                continue
            break
        else:
            break
    return start


def _phrases_left(tokens: list[_Token], k: int) -> list[tuple[int, int]]:
    """Coordinated noun phrases ending at k: "X and Y", "X, Y, and Z" (spans, left to right)."""
    start = _phrase_left(tokens, k)
    if start > k:
        return []
    spans = [(start, k + 1)]
    j = start - 1
    if j >= 3 and tokens[j].low == "as" and tokens[j - 1].low == "well" and tokens[j - 2].low == "as":
        j -= 2  # "X as well as Y" coordinates like "X and Y"
        as_well = True
    else:
        as_well = False
    if j >= 1 and (tokens[j].low in ("and", "or", "nor") or as_well):
        j -= 1
        serial_comma = j >= 0 and tokens[j].text == ","
        if serial_comma:
            j -= 1
        other = _phrase_left(tokens, j)
        if other <= j and _adjective_pair(tokens, other, j, start, k):
            return [(other, k + 1)]  # "acute and chronic nicotine": one phrase
        if other <= j and not _after_predicate(tokens, other) and (
                not serial_comma or (other >= 1 and tokens[other - 1].text == ",")):
            spans.insert(0, (other, j + 1))
            j = other - 1
            while j >= 1 and tokens[j].text == ",":
                more = _phrase_left(tokens, j - 1)
                if more > j - 1 or _after_predicate(tokens, more) or (
                        more >= 1 and tokens[more - 1].low in lx.PREPOSITIONS
                        and not _after_head_preposition(tokens, more - 1)):
                    break
                spans.insert(0, (more, j))
                j = more - 1
    return spans


def _after_head_preposition(tokens: list[_Token], p: int) -> bool:
    """Is the preposition at p the one a nearby head takes ("treatment of cells with A, B or C")?
    Then the list after it names the treatments, not places."""
    return any(lx.HEAD_PREPOSITIONS.get(tokens[k].low) == tokens[p].low
               for k in range(max(0, p - 4), p))


_ADJECTIVE_ENDINGS = ("ic", "al", "ous", "ive", "ute", "ary", "ar", "ile", "ent", "ant", "ed")


def _adjective_pair(tokens: list[_Token], other: int, other_end: int, start: int, k: int) -> bool:
    """"acute and chronic X": a lone adjective coordinated with the modifier of a longer phrase."""
    return other == other_end and k > start and tokens[other].low.endswith(_ADJECTIVE_ENDINGS) \
        and tokens[start].low.endswith(_ADJECTIVE_ENDINGS)


def _after_predicate(tokens: list[_Token], start: int) -> bool:
    """Does the phrase starting at ``start`` follow a verb (so it is that verb's object)?"""
    j = start - 1
    while j >= 0 and (tokens[j].low in lx.DETERMINERS or _is_adverb(tokens[j].low)):
        j -= 1
    if j < 0:
        return False
    low = tokens[j].low
    return (low in lx.VERB_FORMS and not (low in lx.NOMINAL_TRIGGERS and _nominal_use(tokens, j))) \
        or low in lx.OTHER_VERBS or low in lx.STATE_EXHIBIT_VERBS


def _gap_left(tokens: list[_Token], i: int, floor: int) -> int:
    """Walk left from i over auxiliaries, modals, adverbs, negations and "shown to"-type words."""
    j = i - 1
    while j >= floor:
        low = tokens[j].low
        if low in ("dependently", "-dependently") or low.endswith("-dependently"):
            j -= 2 if j - 1 >= floor and tokens[j - 1].low in ("dose", "time", "concentration") else 1
        elif low in _GAP_WORDS or _is_adverb(low):
            j -= 1
        elif low in ("potential", "ability", "capacity", "propensity") and j - 1 >= floor \
                and tokens[j - 1].low in ("the", "a", "an") and tokens[j + 1].low == "to":
            j -= 2  # "X has the potential to preserve Y"
        elif (low in _EFFICACY_WORDS and tokens[j + 1].low in ("in", "at")) or (
                low == "at" and j - 1 >= floor and tokens[j - 1].low in _EFFICACY_WORDS):
            j -= 1  # "X was effective in / at reducing Y" ("in" is a gap word already)
        elif tokens[j].text in (")", "]"):
            opening = _skip_parens_left(tokens, j)
            if opening == j:
                break
            j = opening - 1  # a citation or bracketed aside: "X (34) increased Y"
        elif tokens[j].text == "," and _apposition_start(tokens, j, floor) is not None:
            j = _apposition_start(tokens, j, floor)  # "X, an AMPK activator, increased Y"
        else:
            break
    return j


def _apposition_start(tokens: list[_Token], comma: int, floor: int) -> int | None:
    """For ", a/an/the ... ," ending at ``comma``, the index just before the opening comma."""
    relative = False  # inside ", a polyphenol that inhibits X,": the verb belongs to the aside
    for p in range(comma - 1, max(floor, comma - 24) - 1, -1):
        if tokens[p].text == "," and p + 1 < comma and (
                tokens[p + 1].low in ("a", "an", "which", "who", "whose", "another")
                or (p + 3 < comma and tokens[p + 1].low == "such" and tokens[p + 2].low == "as")
                or (not relative and tokens[p + 1].low in lx.PREPOSITIONS and tokens[p + 1].low != "of")
                or (not relative and p + 2 < comma and tokens[p + 1].text.islower()
                    and tokens[p + 1].low.endswith(("ing", "ed")))):  # ", acting through X,"
            return p - 1
        if tokens[p].text in _HARD_BOUNDARY:
            return None
        if tokens[p].low in lx.VERB_FORMS:
            by_gerund = lx.VERB_FORMS[tokens[p].low][2] == "ing" and p - 1 >= floor \
                and tokens[p - 1].low in ("by", "through", "via") and p - 2 >= floor \
                and tokens[p - 2].text == ","  # "miR-101, by downregulating X, reduces Y"
            if by_gerund:
                return p - 3
            if not any(tokens[q].low in ("that", "which", "who", "whose")
                       for q in range(max(floor, p - 6), p)):
                return None
            relative = True
    return None


# --------------------------------------------------------------------------------------------
# Entities
# --------------------------------------------------------------------------------------------
# Heads of a described gene product, whose bracketed symbol names it: "the α4 receptor subunit (CHRNA4)".
_GENE_PRODUCT_NOUNS = frozenset({"gene", "protein", "subunit", "subunits", "receptor", "kinase", "enzyme",
                                 "channel", "transporter", "ligase", "phosphatase", "protease"})


def _clean_tokens(tokens: list[_Token], start: int, end: int,
                  abbreviations: dict[str, str]) -> tuple[list[_Token], list[str]]:
    """The words of a span without brackets; defined abbreviations in brackets become aliases."""
    words: list[_Token] = []
    aliases: list[str] = []
    j = start
    while j < end:
        tok = tokens[j]
        if tok.text in ("(", "["):
            close = _skip_parens_right(tokens, j)
            if close == j:
                j += 1
                continue
            inner = " ".join(t.text for t in tokens[j + 1:close - 1])
            if inner in abbreviations and (not words or words[-1].start < tok.start):
                aliases.append(f"{tok.start}\x00{inner}")
            j = close
            continue
        if _is_word(tok) or tok.text in ("'", "’"):
            words.append(tok)
        j += 1
    bracket = end if end < len(tokens) and tokens[end].text == "(" else end - 3
    if words and bracket > start and bracket + 2 < len(tokens) and tokens[bracket].text == "(" \
            and tokens[bracket + 2].text == ")" and _symbol_like(tokens[bracket + 1].text) \
            and any(ch.isupper() for ch in tokens[bracket + 1].text) \
            and words[-1].low in _GENE_PRODUCT_NOUNS and not aliases:
        # "the α4 receptor subunit (CHRNA4)": a described gene product and its symbol
        aliases.append(f"{tokens[bracket].start}\x00{tokens[bracket + 1].text}")
    return words, aliases


def _compound_suffix(low: str) -> bool:
    stem, dash, suffix = low.rpartition("-")
    return bool(dash and stem and suffix in lx.COMPOUND_SUFFIXES)


def _process_noun(low: str) -> bool:
    return low in lx.PROCESS_NOUNS or low.endswith(lx.PROCESS_SUFFIXES)


def _entity(tokens: list[_Token], span: tuple[int, int], role: Literal["subject", "object"],
            abbreviations: dict[str, str]) -> _Entity | None:
    """The entity a phrase names, with the direction of its change and whether it is a state."""
    words, aliases = _clean_tokens(tokens, span[0], span[1], abbreviations)
    if words and (words[0].low in _REFERENCE_WORDS or words[-1].low == "ago"):
        return None  # "Table 5", "Fig. 3", "60 years ago": no entity
    if words and words[0].low in ("its", "their") and all(
            _process_noun(w.low) or w.low in lx.MODIFICATION_NOUNS for w in words[1:]):
        return None  # "inducing its phosphorylation": the process of an unnamed owner
    long_forms = {long.lower() for long in abbreviations.values()}
    for cut in range(len(words)):
        # A defined long form is a name as it stands: "AMP-activated protein kinase (AMPK)".
        if " ".join(w.low for w in words[cut:]) in long_forms and len(words) - cut > 1:
            words = [w for w in words[:cut] if w.low not in lx.DETERMINERS and w.low not in _NAME_NOISE] \
                + [_Token(" ".join(w.text for w in words[cut:]), "\x00long form", words[cut].start)]
            break
    polarity = 1
    deficiency = mutation = quantity = False

    def drop_front() -> None:
        words.pop(0)

    changed = True
    while words and changed:
        changed = False
        low = words[0].low
        nxt = words[1].low if len(words) > 1 else ""
        if low in _DOSE_UNITS and nxt == "of" and len(words) > 2:
            words[:2] = []; changed = True  # "2 mg/kg of X"
        elif low in lx.DETERMINERS or low in _NAME_NOISE or low.isdigit() or (low in _DOSE_UNITS and len(words) > 1):
            drop_front(); changed = True  # "10 mM lithium" names lithium
        elif (low in _DOSE_MODIFIERS or low in _COURSE_MODIFIERS) and nxt in _DOSE_WORDS and len(words) > 3 \
                and words[2].low == "of":
            words[:3] = []; changed = True  # "low doses of X" are X given, not less X
        elif low in ("overexpressing", "over-expressing") and len(words) > 1:
            drop_front(); changed = True  # "overexpressing TFEB in neurons reduced Y"
        elif low in _SILENCING_TOOLS and nxt in _TOOL_TARGET_WORDS and len(words) > 2:
            words[:2] = []; polarity = -polarity; changed = True  # "siRNA against X" lowers X
        elif low in _BLOCKING_MODIFIERS and nxt in _ANTIBODY_WORDS and len(words) > 3:
            drop_front(); changed = True  # "neutralizing antibodies against X": the antibody says it
        elif role == "subject" and low in _ANTIBODY_WORDS and nxt in _TOOL_TARGET_WORDS and len(words) > 2:
            # An antibody given as a cause binds and blocks its target: "antibodies against X reduced
            # Y" is less X. Not as an object ("raised antibodies against X" is an immune response).
            words[:2] = []; polarity = -polarity; changed = True
        elif low in _TIME_UNITS and nxt == "of" and len(words) > 2:
            words[:2] = []; changed = True  # "(four) days of treatment with X"
        elif low in _DOSE_WORDS and nxt == "of" and len(words) > 2:
            words[:2] = []; changed = True  # "doses of X"
        elif low in lx.INCREASE_ADJECTIVES and len(words) > 1:
            drop_front(); changed = True
        elif low in lx.DECREASE_ADJECTIVES and len(words) > 1:
            drop_front(); polarity = -polarity; changed = True
        elif len(words) > 1 and _compound_suffix(low):
            if lx.COMPOUND_SUFFIXES[low.rpartition("-")[2]] < 0:
                polarity = -polarity  # "LPS-impaired memory" is less memory
            drop_front(); changed = True  # "Aβ-induced apoptosis" names apoptosis
        elif low in ("mutant", "mutated") and len(words) > 1:
            drop_front(); mutation = True; changed = True
        elif len(words) > 3 and nxt in lx.MUTATION_HEADS and words[2].low in ("in", "of") \
                and _kind_of_mutation(words[0]):
            drop_front(); changed = True  # "pathogenic mutations in X" are X mutations
        elif low in ("loss-of-function", "gain-of-function") and len(words) > 1:
            drop_front(); changed = True
            deficiency = deficiency or low.startswith("loss")
        elif low in ("knocking", "knock") and len(words) > 2 and nxt in ("down", "out"):
            words[:2] = []; deficiency = True; changed = True  # "knocking down LRRK2"
        elif low in _ORGANISMS and len(words) > 2 and nxt in ("lacking", "without"):
            words[:2] = []; deficiency = True; changed = True  # "mice lacking TREM2"
        elif low in _ORGANISMS and len(words) > 3 and nxt == "deficient" and words[2].low in ("in", "for"):
            words[:3] = []; deficiency = True; changed = True  # "mice deficient in TREM2"
        elif _expressing_carrier(words):
            words[:_expressing_carrier(words)] = []; changed = True  # "mice expressing APOE4"
        elif low in ("gene", "genes") and len(words) > 2 and nxt in ("encoding", "coding"):
            words[:2] = []; changed = True  # "the gene encoding presenilin 1"
            if words and words[0].low == "for":
                words.pop(0)
        elif len(words) > 3 and words[2].low in ("of", "with", "to") and _change_head(nxt) \
                and (_manner_adjective(words[0]) or low in _COURSE_MODIFIERS):
            drop_front(); changed = True  # "pharmacological inhibition of X", "chronic treatment with X"
        elif 0 < _course_prefix(words) < len(words) - 1 and words[-1].low in _GIVEN_HEADS:
            words[:_course_prefix(words)] = []; changed = True  # "acute and chronic X treatment"
        elif len(words) > 2 and nxt in ("of", "in", "on", "with", "to") \
                and not (nxt == "in" and low in lx.DEFICIENCY_HEADS) and (
                low in lx.DECREASE_HEADS or low in lx.INCREASE_HEADS or low in lx.DEFICIENCY_HEADS
                or low in lx.NOMINAL_TRIGGERS or low in lx.MUTATION_HEADS or low in lx.QUANTITY_WORDS):
            if low in lx.DEFICIENCY_HEADS:
                deficiency = True
            elif low in lx.MUTATION_HEADS:
                mutation = True
            elif low in lx.QUANTITY_WORDS:
                quantity = quantity or low not in _COUNT_WORDS  # a count keeps its noun
            elif low in lx.DECREASE_HEADS or lx.NOMINAL_TRIGGERS.get(low, 1) < 0:
                polarity = -polarity
            words[:2] = []
            changed = True
        elif len(words) > 1 and low in lx.VERB_FORMS and lx.VERB_FORMS[low][2] == "ing":
            polarity *= lx.VERB_FORMS[low][1]
            drop_front(); changed = True
        elif len(words) > 1 and (low in lx.DECREASE_HEADS or low in lx.DEFICIENCY_HEADS) \
                and low.endswith("ing"):
            deficiency = deficiency or low in lx.DEFICIENCY_HEADS
            polarity = polarity if low in lx.DEFICIENCY_HEADS else -polarity
            drop_front(); changed = True
    for cut in range(1, len(words) - 1):
        if words[cut].low in _TOOL_TARGET_WORDS and words[cut - 1].low in _ANTIBODY_WORDS:
            words = words[:cut]  # an object "antibodies against X" names the antibodies
            break
    carrier_tail = any(w.low == "in" and any(x.low in _ORGANISMS for x in words[k + 1:k + 4])
                       for k, w in enumerate(words[1:], start=1))
    if len(words) > 2 and (words[-1].low in _ORGANISMS or carrier_tail or (
            words[-1].low in lx.STATE_WORDS and words[-2].low == "in")):
        for cut in range(1, len(words) - 1):
            if words[cut].low == "in":
                # "BACE1 deficiency in AD model mice", "memory loss in mice overexpressing APP"
                words = words[:cut]
                break
    for cut in range(len(words) - 2, -1, -1):
        if words[cut].low in _ROLE_NOUNS and cut + 1 < len(words):
            words = words[cut + 1:]  # "the mTOR inhibitor rapamycin" names rapamycin
            break
    changed = True
    while len(words) > 1 and changed:
        changed = False
        low = words[-1].low
        if words[-2].low in lx.DEFICIENCY_HEADS and words[-2].low not in ("loss", "lack", "absence"):
            words.pop(); changed = True  # "TFEB KO astrocytes", "XBP1 knockout animals"
            continue
        if low in _ORGANISMS and ("-" in words[-2].low or words[-2].low in (
                "transgenic", "knockout", "null", "ko", "deficient", "mutant", "lacking")):
            words.pop(); changed = True
        elif low in lx.QUANTITY_WORDS or (low in ("protein", "gene", "proteins", "genes")
                                          and quantity):
            words.pop(); quantity = True; changed = True
        elif low in lx.DEFICIENCY_HEADS:
            words.pop(); deficiency = True; changed = True
        elif low in lx.MUTATION_HEADS:
            words.pop(); mutation = True; changed = True
        elif low in _ROLE_NOUNS and words[-2].low.endswith(("ic", "al", "ergic")) \
                and not re.search(r"[A-Z0-9]", words[-2].text):
            break  # "muscarinic antagonists" names a drug class, not less of "muscarinic"
        elif low in _SILENCING_TOOLS:
            if not re.search(r"[A-Z0-9]", words[-2].text):
                return None  # "transfection of individual siRNAs": no target named
            words.pop(); polarity = -polarity; changed = True  # "Beclin1 siRNA" is less Beclin1
        elif low in lx.DECREASE_HEADS:
            words.pop(); polarity = -polarity; changed = True
        elif low in lx.INCREASE_HEADS and low not in ("accumulation",):
            if low in ("activator", "activators", "agonist", "agonists", "inducer", "inducers",
                       "enhancer", "enhancers") and len(words) < 2:
                break
            words.pop(); changed = True
        elif low in ("treated", "exposed", "administered", "supplemented"):
            words.pop(); changed = True
        elif low in ("gene", "genes", "protein", "proteins", "mrna") \
                and re.search(r"[A-Z0-9]", words[-2].text):
            words.pop(); changed = True  # "the NLRP3 gene" names NLRP3
        elif low in ("pathway", "pathways") and words[-2].text.islower() \
                and words[-2].low not in ("signaling", "signalling") and (
                _process_noun(words[-2].low) or words[-2].low.endswith(_PROCESS_NAME_ENDINGS)):
            words.pop(); changed = True  # "the autophagy pathway" is autophagy
    if words and _compound_suffix(words[-1].low):
        stem = words[-1].text.rpartition("-")[0]
        words[-1] = _Token(stem, stem.lower(), words[-1].start)
    words = _without_class_prefix(words)
    # Hyphenated state markers inside a word: "TIMP-2-deficient", "Atg7-null", "APP-knockout".
    if words:
        for marker in _DEFICIENCY_MARKERS + _OVEREXPRESSION_MARKERS:
            for idx, word in enumerate(words):
                if word.low.endswith(marker) and len(word.low) > len(marker):
                    stem = word.text[: -len(marker)]
                    words = words[: idx] + [_Token(stem, stem.lower(), word.start)]
                    deficiency = deficiency or marker in _DEFICIENCY_MARKERS
                    break
    # Drop leading organism/noise words again after a marker cut, e.g. "mice lacking X".
    while words and (words[0].low in lx.DETERMINERS or words[0].low in _NAME_NOISE):
        words.pop(0)
    if not words:
        return None
    # "HEAD of X": a quantity word goes, a process noun moves behind its entity.
    lows = [w.low for w in words]
    if "of" in lows:
        cut = lows.index("of")
        head, rest = words[:cut], words[cut + 1:]
        while rest and rest[0].low in lx.DETERMINERS:
            rest.pop(0)
        if rest and head:
            if head[-1].low in ("form", "forms", "type", "types", "variant", "subtype") \
                    and all(not re.search(r"[A-Z0-9]", w.text) for w in head) and len(rest) <= 4:
                words = rest  # "an early-onset form of Alzheimer's disease"
            elif len(head) == 1 and head[0].low in lx.QUANTITY_WORDS:
                words = rest
                # "the number of cytosolic proteins" counts proteins: keep the noun.
                quantity = head[0].low not in _COUNT_WORDS
            elif len(head) == 1 and lx.MODIFICATION_NOUNS.get(head[0].low, ("", 1))[1] < 0 \
                    and len(rest) <= 3:
                # "dephosphorylation of DAPK1" is less DAPK1 phosphorylation
                modification = lx.MODIFICATION_NOUNS[head[0].low][0]
                words = rest + [_Token(modification, modification.lower(), head[0].start)]
                polarity = -polarity
            elif len(head) <= 2 and _process_noun(head[-1].low) and len(rest) <= 3:
                words = rest + head
    # Keep the bracketed short forms that follow a word still in the name.
    aliases = [alias.split("\x00", 1)[1] for alias in aliases
               if words and int(alias.split("\x00", 1)[0]) > words[0].start]
    name = " ".join(w.text for w in words).strip(" ,;-")
    name = re.sub(r"\s+'s\b", "'s", name)
    if not name or not re.search(r"[A-Za-z\u0370-\u03ff]", name):
        return None
    name_letter = words[-1].text in ("A", "I") and len(words) > 1  # "trichostatin A", "complex I"
    if len(words) > 8 or (words[-1].low in _CLOSED and not name_letter) \
            or words[0].low in ("of", "and", "or"):
        return None
    if all(w.low in _CLOSED or w.low in _ORGANISMS or _class_word(w.low) for w in words):
        return None  # "the receptor", "these drugs": a class, no particular entity
    if len(words) == 1 and words[0].low in _DISCOURSE_ORDINALS:
        return None  # "Fourth, X reduces Y": a step of the argument, no entity
    if len(words) == 1 and words[0].low in ("genetic", "genomic") and (mutation or deficiency):
        return None  # "genetic mutations (and anomalies of X)": no gene named
    if not _names_something(words, name):
        return None
    name_aliases = _aliases_for(name, aliases, abbreviations)
    if name in abbreviations:
        name_aliases = [name, *[a for a in name_aliases if a != name]]
        name = abbreviations[name]
    # a defined long form is one token: its own last word decides ("frontotemporal dementia (FTD)")
    last = words[-1].text.split()[-1].lower() if words[-1].low == "\x00long form" else words[-1].low
    state_word = last in lx.STATE_WORDS or last.endswith(lx.STATE_SUFFIXES) \
        or name.lower() in lx.STATE_WORDS
    if role == "subject" and deficiency:
        return _Entity(f"{name} deficiency", 1, True, [f"{a} deficiency" for a in name_aliases])
    if role == "subject" and mutation:
        return _Entity(f"{name} mutation", 1, True, [f"{a} mutation" for a in name_aliases])
    if deficiency:
        polarity = -polarity
    state = state_word and not quantity and polarity > 0
    return _Entity(name, polarity, state, name_aliases)


# Endings of process names that are no nominalisation: "autophagy", "neurogenesis", "glycolysis".
_PROCESS_NAME_ENDINGS = ("phagy", "genesis", "lysis", "poiesis")
# Words saying what kind of mutation, not whose: "pathogenic", "missense", "disease-causing".
_MUTATION_KINDS = frozenset({"missense", "nonsense", "point", "frameshift", "splice", "rare",
                             "novel", "known", "germline", "somatic", "de", "causative"})


def _kind_of_mutation(word: _Token) -> bool:
    low = word.low
    return word.text[1:].islower() and (low in _MUTATION_KINDS or low.endswith(
        ("-causing", "-linked", "-associated", "-related")) or (
            low.isalpha() and low.endswith(("ic", "al", "ous", "ant", "ent", "ive"))))


def _class_word(low: str) -> bool:
    """A class noun ("kinase", "receptors") or the "factor" of "transcription factor"."""
    return low in lx.CLASS_NOUNS or low in ("factor", "factors")


_DRUG_CLASSES = frozenset({"drug", "compound", "agent", "inhibitor", "antagonist", "agonist",
                          "activator", "antibiotic", "antioxidant", "alkaloid", "polyphenol",
                          "flavonoid", "molecule"})


def _symbol_like(text: str) -> bool:
    """A gene or protein symbol: capitals or digits with at least two letters (TFEB, DAPK1,
    ApoE), or one letter and two digits (p53); not "A" or "2A", which continue a class name."""
    letters = sum(ch.isalpha() for ch in text)
    digits = sum(ch.isdigit() for ch in text)
    return (letters >= 2 and (any(ch.isupper() for ch in text[1:]) or digits > 0
                              or text[0].isupper() and not text[1:].islower())) \
        or (letters == 1 and digits >= 2)


def _without_class_prefix(words: list[_Token]) -> list[_Token]:
    """"kinase DAPK1", "transcription factor TFEB", "receptor ApoE" name the symbol after the
    class nouns; "protein kinase A", "factor VIII" and "nerve growth factor" are left whole."""
    cut = 0
    while cut < len(words) and (_class_word(words[cut].low) or (
            words[cut].low in ("protein", "proteins") and cut + 1 < len(words)
            and _class_word(words[cut + 1].low))):
        cut += 1
    if 0 < cut < len(words) and words[cut - 1].low not in ("factor", "factors") or (
            0 < cut < len(words) and words[0].low == "transcription"):
        if len(words) - cut == 1 and _symbol_like(words[cut].text):
            return words[cut:]
    if (len(words) > 3 or (len(words) == 3 and words[2].low == "\x00long form")) \
            and words[0].low == "transcription" and words[1].low in ("factor", "factors"):
        return words[2:]  # "the transcription factor cAMP response element-binding protein"
    # "the antidiabetic drug metformin", "the compound salsalate": a drug class before one name
    for k in range(len(words) - 1):
        if words[k].low in _DRUG_CLASSES and k + 2 == len(words) and words[-1].text.isalpha() \
                and len(words[-1].text) >= 4 \
                and all(w.text.islower() for w in words[:k]):
            return words[-1:]
    return words


def _change_head(low: str) -> bool:
    return low in lx.DECREASE_HEADS or low in lx.INCREASE_HEADS or low in lx.DEFICIENCY_HEADS \
        or low in lx.NOMINAL_TRIGGERS or low in lx.MUTATION_HEADS


def _manner_adjective(tok: _Token) -> bool:
    """A lower-case adjective saying how a change was made ("pharmacological", "genetic",
    "chronic", "selective"), not part of a name."""
    return tok.text.isalpha() and tok.text[1:].islower() and tok.low.endswith(_ADJECTIVE_ENDINGS)


def _names_something(words: list[_Token], name: str) -> bool:
    """Reject names that are a vague noun, a bare head of change, a unit or a lone verb form."""
    low = name.lower()
    if low in lx.VAGUE_NAMES or low in lx.INCREASE_HEADS or low in lx.DECREASE_HEADS \
            or low in lx.DEFICIENCY_HEADS or low in lx.NOMINAL_TRIGGERS:
        return False
    if len(words) <= 3 and words[-1].low in lx.VAGUE_HEADS and not any(
            re.search(r"[A-Z0-9]", w.text[1:] if k == 0 else w.text) for k, w in enumerate(words)):
        return False  # "recent study", "signaling pathways", "various cell types"
    if words[-1].low in lx.FACTOR_HEADS and all(
            w.low in lx.EVALUATIVE_MODIFIERS or w.low in lx.DETERMINERS for w in words[:-1]):
        return False  # "an important factor", "several key factors"
    if len(words) == 1:
        word = words[0].text
        if len(word) <= 2 and word.islower():
            return False
        # A lone lower-case participle or gerund ("sought", "deleting") is a verb, not a name;
        # "learning", "signaling" and "aging" are names.
        if word.islower() and not re.search(r"\d", word) and low not in lx.PROCESS_NOUNS \
                and low not in lx.STATE_WORDS and (
                    word.endswith("ed") or (word.endswith("ing") and (
                        low in lx.VERB_FORMS or low in lx.OTHER_VERBS or low in lx.DECREASE_HEADS
                        or low in lx.INCREASE_HEADS or low in lx.DEFICIENCY_HEADS))):
            return False
    return True


def _aliases_for(name: str, bracketed: list[str], abbreviations: dict[str, str]) -> list[str]:
    aliases = list(bracketed)
    for short, long in abbreviations.items():
        if long.lower() == name.lower() and short not in aliases:
            aliases.append(short)
        elif short != name and re.search(rf"(?<!\w){re.escape(short)}(?!\w)", name):
            aliases.append(re.sub(rf"(?<!\w){re.escape(short)}(?!\w)", long, name))
    return [a for a in aliases if a != name]


# --------------------------------------------------------------------------------------------
# Predicates
# --------------------------------------------------------------------------------------------
def _has(tokens: list[_Token], lo: int, hi: int, words: frozenset[str]) -> bool:
    return any(tokens[k].low in words for k in range(max(lo, 0), min(hi, len(tokens))))


def _negated(tokens: list[_Token], lo: int, hi: int) -> bool:
    for k in range(max(lo, 0), min(hi, len(tokens))):
        low = tokens[k].low
        if low in lx.NEGATIONS and not (low == "not" and k + 1 < len(tokens)
                                        and tokens[k + 1].low == "only"):
            if low in ("lack", "lacks", "lacked", "without") and k > lo:
                continue
            return True
    return False


# How far before a phrase a negation still governs the verb whose object the phrase is ("does not
# activate Y", "fails to activate Y").
_NEGATION_REACH = 4


def _subject_of_predicate(tokens: list[_Token], i: int, floor: int,
                          claims: list[_Claim]) -> tuple[list[tuple[int, int]], int] | None:
    """Subject phrases of the verb at i and the index where the subject ends (for negation)."""
    j = _gap_left(tokens, i, floor)
    if j < floor:
        return None
    low = tokens[j].low
    if low in lx.RELATIVE_PRONOUNS:
        j -= 1
        after_comma = j >= floor and tokens[j].text == ","
        if after_comma:
            j -= 1
        if j >= floor and tokens[j].text in (")", "]"):
            j = _skip_parens_left(tokens, j) - 1
        if j < floor:
            return None
        changed = _changed_predicate_subject(tokens, j, floor) if after_comma else None
        if changed is not None:
            return [changed], j  # "Y levels are reduced, which leads to Z": the fall of Y
        spans = _phrases_left(tokens, j)
        first = spans[0][0] if spans and tokens[spans[0][0]].low in ("a", "an") else \
            (spans[0][0] - 1 if spans and spans[0][0] - 1 >= floor and tokens[spans[0][0] - 1].low in ("a", "an")
             else -1)
        if len(spans) == 1 and first - 2 >= floor and tokens[first - 1].text == ",":
            # "curcumin, a polyphenol that inhibits X": the relative clause is about the name
            named = _phrases_left(tokens, first - 2)
            if len(named) == 1 and (not _after_predicate(tokens, named[0][0]) or tokens[
                    named[0][0] - 1].low in ("is", "are", "was", "were")):
                spans = named  # also "one of these proteins is arc, a regulator that ..."
        spans = _head_before_place(tokens, spans, floor, relative=True) if spans else []
        if spans and after_comma and _negated(tokens, max(floor, spans[0][0] - _NEGATION_REACH), spans[0][0]):
            # "X fails to activate Y, which leads to Z": "which" is the failure, not Y
            return None
        return (spans, j) if spans else None
    if low == "and" and j - 2 >= floor and tokens[j - 1].low in ("with", "to") \
            and tokens[j - 2].low in _CONTACT_VERBS:
        # "X interacts with and activates Y", "X binds to and inhibits Y": the contact verb's subject
        return _subject_of_predicate(tokens, j - 2, floor, claims)
    if low in ("and", "or", ",", "but", "thereby", "thus", "by") or (
            low in lx.PREPOSITIONS and tokens[i].low.endswith("ing")):
        # A coordinated or subordinate predicate: "X increased Y and reduced Z", "... by reducing Z",
        # also after an apposition: "X lowers Bim, a pro-apoptotic factor, preventing Z".
        aside = _apposition_start(tokens, j, floor) if low == "," else None
        for claim in reversed(claims):
            if claim.construction in ("active", "context", "state", "needed") and (
                    j - 2 <= claim.end <= j + 1 or claim.verb == j - 1
                    or (aside is not None and aside - 1 <= claim.end <= aside + 1)):
                return claim.subjects, j
            if claim.construction == "passive" and low in ("and", "but") and j - 2 <= claim.end <= j \
                    and claim.floor == floor:
                return claim.objects, j  # "Y is activated by X and induces Z": Y induces Z
        named = _name_apposition(tokens, j, floor) if low == "," else None
        if named:
            return [named[0]], j
        form = lx.VERB_FORMS.get(tokens[i].low, ("", 0, ""))[2]
        if low == "and" and (form in ("s", "base") or (
                form == "ed" and i + 1 < len(tokens) and not _is_content(tokens, i + 1))):
            # "X is a regulator of A and promotes B": the copula's subject (a participle before a
            # name is an adjective: "linked to A and enhanced production of B")
            shared = _copular_conjunct_subject(tokens, j, floor, claims)
            if shared:
                return shared, j
        last = j - 1
        if last > floor and tokens[last].text in (")", "]"):
            last = _skip_parens_left(tokens, last) - 1  # "withaferin A (Yu et al., 2010), reduce"
        if low == "," and last >= floor and _is_content(tokens, last) \
                and lx.VERB_FORMS.get(tokens[i].low, ("", 0, "ing"))[2] in ("s", "base"):
            # "the Hsp90 inhibitors, celastrol and withaferin A, reduce Y": the members
            members = _phrases_left(tokens, last)
            return (members, j) if members else None
        if low == "," and last >= floor and _is_content(tokens, last) and _closes_class_apposition(tokens, j, floor):
            # "treatment with the X inhibitors, D or E, alone abolished Y": also before a past tense
            members = _phrases_left(tokens, last)
            return (members, j) if members else None
        return None
    if tokens[i].low.endswith("ing") and i - 1 > j and tokens[i - 1].text == ",":
        # "X lowers Bim, a pro-apoptotic factor, preventing Z": the participle's subject is X
        for claim in reversed(claims):
            if claim.construction in ("active", "passive") and j - 1 <= claim.end <= j + 2:
                return claim.subjects, j
    spans = _anaphor_antecedent(tokens, j, floor, claims, "subject") or _phrases_left(tokens, j)
    if spans and tokens[i - 1].low == "to" and spans[0][0] - 1 > floor \
            and tokens[spans[0][0] - 1].low in lx.PREPOSITIONS \
            and lx.VERB_FORMS.get(tokens[spans[0][0]].low, ("", 0, ""))[2] != "ing":
        # "NRF2 binds to the response element to activate Y": the purpose is the subject's
        verb = spans[0][0] - 2
        if verb > floor and (tokens[verb].low in lx.OTHER_VERBS or tokens[verb].low in lx.VERB_FORMS):
            return _subject_of_predicate(tokens, verb, floor, claims)
    if len(spans) > 1 and tokens[i - 1].low != "to":
        # "X impaired A or B and C improved D": a conjunct already taken as an earlier verb's
        # object is not this verb's subject (but "activates A and B to induce Y" is)
        taken = {k for claim in claims if claim.floor == floor for a, b in claim.objects
                 for k in range(a, b)}
        spans = [span for span in spans if span[0] not in taken] or spans[-1:]
        if len(spans) > 1 and _inside_earlier_clause(tokens, spans[0][0], floor):
            spans = spans[-1:]  # "X is a kinase in the control of A and activated X inhibits Y"
    if not spans:
        return None
    spans = _head_before_place(tokens, spans, floor)
    if not spans:
        return None
    if len(spans) == 1 and spans[0][1] == j + 1 and j + 1 < i and tokens[j + 1].text == ",":
        # "Antioxidants, such as vitamin E and melatonin, reduced Y": the named members of the
        # class (set off in the aside the gap skipped) act on Y as the class does
        members, members_end = _examples_after(tokens, j + 1)
        if members and members_end < i and tokens[members_end].text == ",":
            spans = spans + members
    if len(spans) == 1 and _tool_phrase(tokens, spans[0]) and spans[0][0] - 2 >= floor and tokens[spans[0][0] - 1].low in ("with", "by", "using", "via"):
        # "knockdown of X with siRNA reduced Y": the tool is no cause, the knockdown is
        changed = _phrases_left(tokens, spans[0][0] - 2)
        return (changed, j) if changed else None
    spans = _with_means_gerund(tokens, spans, floor)
    spans = _means_agent_target(tokens, spans, floor) + _combined_partner(tokens, spans[0][0], floor) + spans
    # "treatment with X" / "exposure to X" are read by _entity; a subject starting right after a
    # preposition or verb is still the subject ("In cells, X reduces Y").
    return spans, j


_CLAUSE_OPENERS = frozenset({"that", "which", "who", "whether", "when", "while", "whereas", "because",
                             "although", "though", "if", "since", "as", "where"})
_FINITE_COPULAS = frozenset({"is", "are", "was", "were", "has", "have", "had"})


def _inside_earlier_clause(tokens: list[_Token], start: int, floor: int) -> bool:
    """Does the phrase at ``start`` belong to a clause whose finite verb comes before it ("X is a
    key kinase in [the control of A] and B inhibits Y"), so that only the last conjunct before
    the next verb is its subject? Not past a comma or a word that opens a new clause."""
    for k in range(start - 1, floor - 1, -1):
        low = tokens[k].low
        if low in _CLAUSE_OPENERS or tokens[k].text in (",", ";", "(", ")"):
            return False
        if low in _FINITE_COPULAS:
            return True
    return False


def _member_name(tokens: list[_Token], span: tuple[int, int]) -> bool:
    """A member's name, not another class: "wortmannin", "MG132", "bafilomycin A1" (a plain
    lower-case plural such as "antioxidants" is a class of its own, listed beside the first)."""
    end = span[1]
    if tokens[end - 1].text in (")", "]") and _skip_parens_left(tokens, end - 1) > span[0]:
        end = _skip_parens_left(tokens, end - 1)  # a citation after the name: "wortmannin [25]"
    last = tokens[end - 1]
    return end - span[0] <= 3 and not (last.text.islower() and last.low.endswith("s")) \
        and not any(tokens[k].low in _ROLE_NOUNS or _class_word(tokens[k].low) for k in range(span[0], end))


def _apposed_members(tokens: list[_Token], comma: int) -> list[tuple[int, int]]:
    """After the comma at ``comma`` that follows a plural class ("the X inhibitors, D and E, ..."),
    the members it names: two or more names closed by another comma or a bracket."""
    members, end = _phrases_right(tokens, comma + 1)
    if len(members) < 2 or end >= len(tokens) or tokens[end].text not in (",", ")") \
            or not all(_member_name(tokens, span) for span in members):
        return []
    return members


def _bracketed_members(tokens: list[_Token], span: tuple[int, int]) -> list[tuple[int, int]]:
    """Members listed in brackets right after a plural class inside a phrase: "antipsychotic drugs
    (D, E and F)", "kinase inhibitors (e.g., D)". What is said of the class is said of each
    member. Two or more names, or one after an example marker; not a bracketed short form of
    the class, a measurement or a citation (names with digits alone or "et al." do not pass)."""
    for p in range(span[0] + 1, min(span[1] + 1, len(tokens))):
        if tokens[p].text != "(":
            continue  # the bracket may close the phrase or follow it (a subject's aside)
        close = _skip_parens_right(tokens, p)
        head = tokens[p - 1]
        if close == p or (p < span[1] < close) or not head.text.islower() or not head.text.isalpha() \
                or not head.low.endswith("s") or head.low.endswith(("ss", "is", "us")) \
                or head.low in lx.QUANTITY_WORDS or head.low in lx.MUTATION_HEADS \
                or (_change_head(head.low) and head.low not in _ROLE_NOUNS):
            return []
        if any(_change_head(t.low) or t.low in lx.PREPOSITIONS or t.low in lx.INCREASE_ADJECTIVES
               or t.low in lx.DECREASE_ADJECTIVES or t.text in ("(", "[") for t in tokens[span[0]:p - 1]):
            return []  # "loss of kinases (A and B)": the class's change is not the members' name
        start = _after_example_marker(tokens, p + 1)
        marked = start is not None
        members, end = _phrases_right(tokens, start if marked else p + 1)
        if end != close - 1 or len(members) < (1 if marked else 2) or not all(
                _member_name(tokens, member) and re.search(r"[A-Za-z]{2}", tokens[member[0]].text)
                for member in members):
            return []
        return members
    return []


def _closes_class_apposition(tokens: list[_Token], comma: int, floor: int) -> bool:
    """Does ``comma`` close the members of a plural class: "the X inhibitors, D or E,"?"""
    spans = _phrases_left(tokens, comma - 1)
    for index, (_, end) in enumerate(spans[:-1]):
        if tokens[end].text == "," and (tokens[end - 1].low in _ROLE_NOUNS or _class_word(tokens[end - 1].low)) \
                and tokens[end - 1].low.endswith("s"):
            return _apposed_members(tokens, end) == spans[index + 1:]
    return False


# Verbs of contact that share their object with a following causal verb ("binds to and activates").
_CONTACT_VERBS = frozenset({"interacts", "interact", "interacted", "binds", "bind", "bound",
                            "associates", "associate", "associated", "colocalizes", "colocalises",
                            "co-localizes", "complexes"})


def _fronted_participle_subject(tokens: list[_Token], i: int, floor: int,
                                objects_end: int) -> tuple[list[tuple[int, int]], int] | None:
    """"In addition to / Besides / Apart from VERBing Y, X ...": X, the subject after the comma
    that closes the participle clause opening the sentence."""
    opener = [t.low for t in tokens[floor:i]]
    if opener and opener[0] in lx.ADVERBS and len(opener) > 1:
        opener = opener[1:]  # "Moreover, in addition to ..."
        opener = opener[1:] if opener and opener[0] == "," else opener
    if opener not in (["in", "addition", "to"], ["besides"], ["apart", "from"], ["aside", "from"]):
        return None
    if objects_end >= len(tokens) or tokens[objects_end].text != ",":
        return None
    subjects, end = _phrases_right(tokens, objects_end + 1)
    k = end
    while k < len(tokens) and (_is_adverb(tokens[k].low) or tokens[k].low in lx.MODALS):
        k += 1
    if not subjects or k >= len(tokens) or not (
            tokens[k].low in lx.VERB_FORMS or tokens[k].low in lx.OTHER_VERBS or tokens[k].low in lx.AUXILIARIES):
        return None  # the main clause's verb follows its subject
    return subjects, end - 1


def _tool_phrase(tokens: list[_Token], span: tuple[int, int]) -> bool:
    """"siRNA", "specific shRNAs": a silencing tool, which names no cause of its own."""
    return any(tokens[k].low in _SILENCING_TOOLS for k in range(*span)) and all(
        tokens[k].low in _SILENCING_TOOLS or tokens[k].low in lx.DETERMINERS
        or tokens[k].low in ("specific", "targeted", "targeting", "individual", "appropriate")
        for k in range(*span))


def _combined_partner(tokens: list[_Token], start: int, floor: int) -> list[tuple[int, int]]:
    """"X (alone or) in combination with Y reduced Z", "X together with Y": X, given with the
    subject Y that starts at ``start``, is a subject too."""
    p = start - 1
    if p - 1 < floor or tokens[p].low != "with":
        return []
    p -= 1
    if tokens[p].low in ("combination", "conjunction") and p - 1 >= floor and tokens[p - 1].low == "in":
        p -= 2
    elif tokens[p].low in ("together", "combined", "along"):
        p -= 1
    else:
        return []
    while p >= floor and (tokens[p].low in ("alone", "or", "and", ",") or _is_adverb(tokens[p].low)):
        p -= 1
    if p < floor or not _is_content(tokens, p):
        return []
    partner = _phrase_left(tokens, p)
    return [(partner, p + 1)] if partner <= p else []


def _name_apposition(tokens: list[_Token], comma: int,
                     floor: int) -> tuple[tuple[int, int], int] | None:
    """"the nicotinic antagonist, mecamylamine, impaired Y" / "deletion of the GEF, rin1, reduces
    Y": a short name between commas after a describing phrase is the subject. Returns the name's
    span and the direction the describing phrase gives it (-1 for "deletion of ...")."""
    name_start = _phrase_left(tokens, comma - 1)
    if name_start > comma - 1 or comma - 1 - name_start > 2:
        return None
    opening = name_start - 1
    if opening - 1 < floor or tokens[opening].text != ",":
        return None
    described = _phrase_left(tokens, opening - 1)
    if described > opening - 1 or (described > floor and tokens[described - 1].low in lx.PREPOSITIONS):
        return None
    change = _leading_change(tokens, (described, opening))
    if change is None and tokens[described].low not in ("the", "a", "an", "another"):
        return None
    return (name_start, comma), change or 1


def _with_means_gerund(tokens: list[_Token], spans: list[tuple[int, int]],
                       floor: int) -> list[tuple[int, int]]:
    """"inhibiting X by deleting its promoter causes Y": a signed gerund right after "by" belongs to
    the subject phrase it opens (the promoter's deletion, not the promoter, is the cause)."""
    g = spans[0][0] - 1
    if g - 2 > floor and tokens[g].low == "of":
        # "by deleting components of the machinery": the gerund's object has an "of" complement
        g -= 1
        while g - 1 > floor and g > spans[0][0] - 5 and not tokens[g].low.endswith("ing") \
                and (_is_word(tokens[g]) and tokens[g].low not in lx.PREPOSITIONS):
            g -= 1
    if g - 1 <= floor or not tokens[g].low.endswith("ing"):
        return spans
    low = tokens[g].low
    signed_verb = low in lx.VERB_FORMS and lx.VERB_FORMS[low][1] != 0
    if not (signed_verb or low in lx.DEFICIENCY_HEADS or low in lx.DECREASE_HEADS or low in lx.INCREASE_HEADS):
        return spans
    p = g - 1
    while p - 1 > floor and _is_adverb(tokens[p].low):
        p -= 1
    if tokens[p].low not in ("by", "via"):
        return spans
    return [(g, spans[0][1]), *spans[1:]]


def _means_agent_target(tokens: list[_Token], spans: list[tuple[int, int]],
                        floor: int) -> list[tuple[int, int]]:
    """"Syk inhibition with BAY61-3606 induced Y": the agent after "with"/"via"/"by" is one cause,
    the change it makes ("Syk inhibition") another. Returns that change's phrase, or nothing."""
    p = spans[0][0] - 1
    while p - 1 > floor and _is_adverb(tokens[p].low):
        p -= 1  # "by genetically deleting X"
    if p - 1 < floor or tokens[p].low not in ("with", "via", "by", "using"):
        return []
    head = tokens[p - 1].low
    if not (head in lx.DECREASE_HEADS or head in lx.INCREASE_HEADS or head in lx.DEFICIENCY_HEADS) \
            or head in lx.HEAD_PREPOSITIONS:
        # "inhibition of autophagy by depletion of X", "inhibiting autophagy by deleting X": the
        # change named before "by" is a cause too
        if not _is_content(tokens, p - 1):
            return []
        start = _phrase_left(tokens, p - 1)
        if start >= p - 1 or not _is_word(tokens[start]):
            return []
        first = tokens[start].low
        gerund = first in lx.VERB_FORMS and lx.VERB_FORMS[first][2] == "ing" and lx.VERB_FORMS[first][1] != 0
        if tokens[p].low not in ("by", "via"):
            # "blocking X with D raised Y": D is the tool of the change, which is a cause too
            return [(start, p)] if gerund else []
        nominal = _leading_change(tokens, (start, p)) is not None and any(
            tokens[k].low == "of" for k in range(start, p))
        return [(start, p)] if gerund or nominal else []
    start = _phrase_left(tokens, p - 1)
    return [(start, p)] if start < p - 1 else []


# Prepositions of place and time whose phrase modifies the subject before it.
_PLACE_PREPOSITIONS = frozenset({"in", "within", "at", "on", "throughout", "across", "among",
                                 "after", "before", "during", "following", "upon", "from", "into"})


def _head_before_place(tokens: list[_Token], spans: list[tuple[int, int]], floor: int,
                       relative: bool = False, depth: int = 0) -> list[tuple[int, int]]:
    """A subject is not the object of a preposition: in "overexpression of TFEB in astrocytes
    reduced Y" the subject is the phrase before "in astrocytes"; over several place and time
    phrases too ("treatment with X on the neuritic side for 24 h reduced Y"). The antecedent of
    "which" may itself follow a preposition ("mice with knockout of X in the brain, which ...")."""
    start = spans[0][0]
    p = start - 1
    while p - 1 >= floor and tokens[p].low == "of" and tokens[p - 1].low in _PLACE_NOUNS:
        p = _phrase_left(tokens, p - 1) - 1  # "(into) the CA1 region of the hippocampus"
    recipient = p >= floor and tokens[p].low in ("to", "into") and tokens[spans[0][1] - 1].low in _ORGANISMS
    duration = p >= floor and tokens[p].low == "for" and _duration(tokens, spans[0])
    if p - 1 < floor or (tokens[p].low not in _PLACE_PREPOSITIONS and not recipient and not duration):
        return spans
    head_end = p - 1
    if tokens[head_end].text == "," and not relative:
        # "injection of X, a proteasome inhibitor, into the hippocampus blocks Y"
        opening = _apposition_start(tokens, head_end, floor)
        head_end = opening if opening is not None and opening >= floor else head_end
    if not (_is_content(tokens, head_end) or tokens[head_end].text in (")", "]")):
        return spans
    head = _phrases_left(tokens, head_end)
    if not head:
        return spans
    if not relative and depth < 2 and head[0][0] - 1 > floor:
        climbed = _head_before_place(tokens, head, floor, relative, depth + 1)
        if climbed is not head:
            return climbed
    if not relative and len(spans) == 1 and _after_predicate(tokens, head[0][0]) \
            and tokens[p].low in ("in", "within", "into") and tokens[spans[0][1] - 1].low not in _ORGANISMS:
        return []  # "processes that disturb folding in the ER cause Y": the ER is no subject
    if not relative and (_after_predicate(tokens, head[0][0]) or (
            head[0][0] > floor and tokens[head[0][0] - 1].low in lx.PREPOSITIONS
            and not _after_head_preposition(tokens, head[0][0] - 1))):
        return spans  # (but "treatment of cells with X for 2 h reduced Y" is about X)
    return head


_PLACE_NOUNS = frozenset({"region", "regions", "area", "areas", "side", "part", "parts", "layer",
                          "layers", "portion", "subfield", "surface", "compartment"})
_TIME_UNITS = frozenset({"h", "hr", "hrs", "hour", "hours", "min", "mins", "minute", "minutes", "s",
                         "day", "days", "week", "weeks", "month", "months", "year", "years"})


def _duration(tokens: list[_Token], span: tuple[int, int]) -> bool:
    """"24 h", "several weeks": a span that measures time."""
    first, last = tokens[span[0]].low, tokens[span[1] - 1].low
    return last in _TIME_UNITS and (first[:1].isdigit() or first in ("several", "a", "few", "many"))


def _previous_floor(tokens: list[_Token], floor: int) -> int:
    """The first token of the sentence before the one starting at ``floor``."""
    previous_floor = floor - 1
    while previous_floor > 0 and tokens[previous_floor - 1].text not in _HARD_BOUNDARY:
        previous_floor -= 1
    return max(previous_floor, 0)


# Heads of "this/these N" that refer back to an event (a stated change) rather than an entity.
_EVENT_NOUNS = frozenset({
    "effect", "effects", "change", "changes", "process", "processes", "event", "events",
    "increase", "decrease", "reduction", "elevation", "activation", "inhibition", "response",
    "responses", "phenomenon", "alteration", "alterations", "impairment", "deficit", "deficits",
    "loss", "accumulation", "dysfunction", "abnormality", "abnormalities", "defect", "defects",
    "mechanism", "pathway", "cascade", "interaction", "modification", "upregulation",
    "downregulation", "imbalance", "condition", "situation",
})


_ANAPHOR_MODIFIERS = frozenset({"wild-type", "mutant", "same", "latter", "former", "endogenous"})
_PRODUCT_NOUNS = frozenset({"protein", "gene", "enzyme", "kinase", "receptor", "phosphatase"})


# Nouns a "that" clause completes: "the suggestion that X ...", "evidence that X ...".
_CONTENT_CLAUSE_NOUNS = frozenset({"suggestion", "evidence", "fact", "idea", "notion", "hypothesis",
                                   "possibility", "finding", "findings", "observation", "view",
                                   "concept", "indication", "assumption", "belief", "proposal",
                                   "premise", "conclusion", "likelihood", "argument"})


def _anaphor_kind(tokens: list[_Token], j: int, floor: int) -> tuple[str, int] | None:
    """Is the phrase ending at j an anaphor ("it", "this", "these drugs", "this effect")?

    Returns ("entity" | "event", start of the anaphor), or None. Bare "this"/"that" and "this N"
    with an event head point back to a stated change; "it", "they" and "these/this N" otherwise
    to an entity.
    """
    low = tokens[j].low
    if low in ("it", "they"):
        return "entity", j
    start = j
    while start > floor and j - start < 2 and _is_content(tokens, start) \
            and tokens[start - 1].low not in lx.PREPOSITIONS:
        start -= 1
    first = tokens[start].low
    if first not in ("this", "these", "that", "those"):
        heads = [tokens[k].low for k in range(start + 1, j + 1) if tokens[k].low not in _ANAPHOR_MODIFIERS]
        if first == "the" and heads and all(_class_word(h) or h in _PRODUCT_NOUNS for h in heads):
            return "class", start  # "the kinase", "the wild-type protein": the one named before
        return None
    if first == "that" and start > floor and (
            tokens[start - 1].low in lx.OTHER_VERBS or tokens[start - 1].low in lx.HEDGES
            or tokens[start - 1].low in lx.VERB_FORMS or tokens[start - 1].text == ","
            or tokens[start - 1].low in _CONTENT_CLAUSE_NOUNS
            or any(re.search(r"[A-Z0-9]", tokens[k].text) for k in range(start + 1, j + 1))):
        return None  # "showing that Syk inhibition results in ...": a complementiser
    if start == j:
        return ("event" if first in ("this", "that") else "entity"), start
    if not all(_is_content(tokens, k) for k in range(start + 1, j + 1)):
        return None
    return ("event" if low in _EVENT_NOUNS else "entity"), start


def _anaphor_antecedent(tokens: list[_Token], j: int, floor: int, claims: list[_Claim],
                        side: Literal["subject", "object"]) -> list[tuple[int, int]] | None:
    """The phrases an anaphor ending at j stands for, from the last claim of this or the previous
    sentence (centering: an anaphor prefers the previous subject).

    An entity anaphor ("it", "this kinase") is that claim's subject. An event anaphor ("this",
    "this effect") as a subject stands for the whole stated change, whose cause is that claim's
    subject ("X inhibits Y. This leads to Z": X leads to Z); as an object it is the changed
    entity ("This effect was blocked by W": W acts on Y).
    """
    found = _anaphor_kind(tokens, j, floor)
    if found is None:
        return None
    kind, start = found
    if start > floor and tokens[start - 1].low in lx.PREPOSITIONS:
        return None  # "in this", "of these": not the clause's subject
    previous_floor = _previous_floor(tokens, floor)
    recent = [claim for claim in reversed(claims) if previous_floor <= claim.verb < start]
    if kind in ("class", "entity") and start < j:
        # A phrase that itself names the anaphor's class comes first: "the kinase DAPK1 ... this
        # kinase"; "the kinase" is resolved only so, else it names nothing.
        heads = {tokens[k].low.rstrip("s") for k in range(start + 1, j + 1)} - {""} - _ANAPHOR_MODIFIERS
        for claim in recent:
            named = [span for span in claim.subjects + claim.objects
                     if any(tokens[k].low.rstrip("s") in heads - {"protein", "gene"}
                            for k in range(*span))]
            if named:
                return named[:1]
        if kind == "class":
            # "PINK1 ... the wild-type protein": a gene product names the last symbol subject
            if heads & _PRODUCT_NOUNS:
                for claim in recent:
                    symbols = [span for span in claim.subjects
                               if span[1] - span[0] == 1 and _symbol_like(tokens[span[0]].text)]
                    if symbols:
                        return symbols[:1]
            return None
    for claim in recent:
        if claim.construction == "context" and kind == "event":
            continue
        if kind == "event" and side == "object":
            return claim.objects
        return claim.subjects
    return None


def _extract_claims(tokens: list[_Token]) -> list[_Claim]:
    claims: list[_Claim] = []
    floor = 0
    for i, tok in enumerate(tokens):
        low = tok.low
        if i > 0 and tokens[i - 1].text in _HARD_BOUNDARY:
            floor = i  # the start of the current sentence or clause
        claim: _Claim | None = None
        if low in lx.VERB_FORMS and not (low in lx.NOMINAL_TRIGGERS and _nominal_use(tokens, i)) \
                and not (low in lx.NOUN_BASE_FORMS and _is_content(tokens, i)) \
                and not _modified_form(tokens, i):
            claim = _verb_claim(tokens, i, floor, claims)
        elif low in lx.SIGNABLE_VERBS and i > floor and tokens[i - 1].low in lx.SIGNING_ADVERBS:
            claim = _verb_claim(tokens, i, floor, claims, lx.SIGNING_ADVERBS[tokens[i - 1].low])
        if claim is None and low in lx.NEEDED_FOR:
            claim = _needed_for_claim(tokens, i, floor)
        if claim is None and low in lx.INVOLVED_IN:
            claim = _involved_in_claim(tokens, i, floor, claims)
        if claim is None and low in lx.ASSOCIATED_WITH:
            claim = _associated_with_claim(tokens, i, floor, claims)
        if claim is None and low in _COMPARATIVES:
            claim = _comparative_claim(tokens, i, floor, claims)
        if claim is None and low in lx.EFFECT_NOUNS:
            claim = _effect_noun_claim(tokens, i, floor, claims)
        if claim is None and low in lx.NOMINAL_TRIGGERS:
            claim = _nominal_claim(tokens, i, floor)
        if claim is None and low in _SIGNABLE_NOMINALS and i + 1 < len(tokens) and tokens[i + 1].low == "of":
            sign = _signing_adjective_before(tokens, i, floor)
            if sign is not None:
                claim = _nominal_claim(tokens, i, floor, sign)
        if claim is None and low in lx.MODIFICATION_NOUNS:
            claim = _modification_claim(tokens, i, floor)
        if claim is None and low in _INCIDENCE_WORDS and i > floor:
            claim = _incidence_claim(tokens, i, floor)
        if claim is None and low in ("treatment", "therapy", "management") and i - 1 > floor:
            claim = _treatment_use_claim(tokens, i, floor, claims)
        if claim is None and "-" in low:
            claim = _compound_claim(tokens, i, floor)
        signed_role = _SIGNING_ADJECTIVES.get(tokens[i - 1].low) \
            if low in _SIGNABLE_ROLES and i > floor else None
        if claim is None and (low in _ROLE_NOUNS or signed_role is not None) \
                and not (low in lx.NOUN_BASE_FORMS and not _is_content(tokens, i)):
            for role_claim in _role_claims(tokens, i, floor, signed_role):
                role_claim.verb = i
                role_claim.floor = floor
                claims.append(role_claim)
        if claim is None and low in lx.RISK_FACTOR_HEADS and i > floor and tokens[i - 1].low == "risk" \
                and i + 1 < len(tokens) and tokens[i + 1].low == "for":
            # "X is a (major) risk factor for Y", "X, a risk factor for Y,": X raises Y
            target_end = _phrase_right(tokens, i + 2)
            if target_end > i + 2:
                for role_claim in _role_claims_for_target(tokens, i, i - 1, floor, (i + 2, target_end), 1):
                    role_claim.objects, role_claim.end = _phrases_right(tokens, i + 2)
                    role_claim.verb = i
                    role_claim.floor = floor
                    claims.append(role_claim)
        if claim is None and low in ("express", "expresses", "expressed"):
            claim = _expression_claim(tokens, i, floor, claims)
        if claim is None and low in lx.STATE_EXHIBIT_VERBS:
            claim = _state_claim(tokens, i, floor, claims)
        if claim is None and (low in lx.OTHER_VERBS or low in lx.STATE_EXHIBIT_VERBS
                              or low in lx.SIGNABLE_VERBS) and low not in lx.AUXILIARIES:
            claim = _context_claim(tokens, i, floor, claims)
        if claim is not None:
            claim.hedged = claim.hedged or _has(tokens, floor, i, lx.HEDGES)
            claim.verb = i
            claim.floor = floor
            # A phrase taken from an earlier sentence (a resolved anaphor) is less certain.
            claim.resolved = any(start < floor for start, _ in claim.subjects + claim.objects)
            if low in lx.VERB_FORMS and lx.VERB_FORMS[low][0] in lx.MODIFYING_VERBS:
                claim.object_suffix = lx.MODIFYING_VERBS[lx.VERB_FORMS[low][0]]
            claim.means_of = _means_of(tokens, i, floor, claim, claims)
            claims.append(claim)
            if claim.class_members:
                # the members do what the class does: act on the object and change what the
                # relative clause names (the claim's subject, as that clause changes it)
                for objects, polarity in ((claim.objects, claim.polarity),
                                          (claim.subjects, claim.subject_polarity)):
                    claims.append(_Claim(claim.class_members, objects, polarity, "active",
                                         claim.negated, claim.hedged, claim.end, verb=i, floor=floor))
            means = _means_phrase(tokens, claim.end)
            if means is not None and claim.construction in ("active", "passive"):
                claims.append(_Claim(claim.subjects, [means], 1, "active", claim.negated,
                                     claim.hedged, means[1], verb=i, floor=floor,
                                     resolved=claim.resolved, means_of=len(claims) - 1))
            modified = _modification_means(tokens, claim.end)
            if modified is not None and claim.construction in ("active", "passive"):
                targets, polarity, modification, end = modified
                claims.append(_Claim(claim.subjects, targets, polarity, "active", claim.negated,
                                     claim.hedged, end, verb=i, floor=floor,
                                     object_suffix=modification, resolved=claim.resolved,
                                     means_of=len(claims) - 1))
    return claims


def _modification_means(tokens: list[_Token], j: int) -> tuple[list[tuple[int, int]], int, str, int] | None:
    """"X causes Y through the phosphorylation of A and B": X modifies A and B (targets, sign,
    modification, end), the means by which the preceding claim comes about."""
    n = len(tokens)
    k = _means_head(tokens, j) if j + 3 < n else None
    if k is None or k + 2 >= n or tokens[k].low not in lx.MODIFICATION_NOUNS or tokens[k + 1].low != "of":
        return None
    targets, end = _phrases_right(tokens, k + 2)
    if not targets:
        return None
    modification, polarity = lx.MODIFICATION_NOUNS[tokens[k].low]
    return targets, polarity, modification, end


def _means_head(tokens: list[_Token], j: int) -> int | None:
    """The word after "via / through / by" at ``j`` and any determiners ("through the ..."), or None
    when ``j`` opens no means phrase."""
    if tokens[j].low not in ("via", "through", "by"):
        return None
    k = j + 1
    while k < len(tokens) and tokens[k].low in lx.DETERMINERS:
        k += 1
    return k


def _means_phrase(tokens: list[_Token], j: int) -> tuple[int, int] | None:
    """"... via activation of GSK3β", "... through inhibition of mTOR": the change by which the
    preceding claim comes about (a nominal means clause)."""
    n = len(tokens)
    k = _means_head(tokens, j) if j + 2 < n else None
    if k is None:
        return None
    head = tokens[k].low if k < n else ""
    if not (head in lx.DECREASE_HEADS or head in lx.INCREASE_HEADS or head in lx.NOMINAL_TRIGGERS) \
            or k + 1 >= n or tokens[k + 1].low != "of":
        return None
    end = _phrase_right(tokens, k)
    return (j + 1, end) if end > k + 2 else None


_COMPARATIVES = {"higher": 1, "greater": 1, "lower": -1, "smaller": -1}


def _comparative_claim(tokens: list[_Token], i: int, floor: int,
                       claims: list[_Claim]) -> _Claim | None:
    """"Y levels were higher in X-treated mice": a comparative predicate with a named condition."""
    left = i - 1
    while left > floor and _is_adverb(tokens[left].low):
        left -= 1
    if left < floor or tokens[left].low not in ("is", "are", "was", "were", "be", "been"):
        return None
    agent = _condition_agent(tokens, i + 1)
    j = _gap_left(tokens, i, floor)
    if agent is None or j < floor:
        return None
    patients = _anaphor_antecedent(tokens, j, floor, claims, "object") or _phrases_left(tokens, j)
    if not patients:
        return None
    return _Claim([agent], patients, _COMPARATIVES[tokens[i].low], "passive",
                  _negated(tokens, j + 1, i), _has(tokens, j + 1, i, lx.HEDGES), agent[1])


def _means_of(tokens: list[_Token], i: int, floor: int, claim: _Claim,
              claims: list[_Claim]) -> int | None:
    """For a means clause ("X reduces Y by inhibiting Z", "... through activating Z"), the index
    of the main claim it explains; it shares that claim's subjects."""
    if claim.construction != "active" or not tokens[i].low.endswith("ing"):
        return None
    j = _gap_left(tokens, i, floor)
    if j < floor or tokens[j].low not in ("by", "through", "via"):
        return None
    for index in range(len(claims) - 1, -1, -1):
        main = claims[index]
        if main.floor != floor:
            break
        if main.subjects is claim.subjects and main.construction == "active":
            return index
    return None


def _detrimental(tokens: list[_Token], span: tuple[int, int]) -> bool:
    """Does the phrase name a harm ("memory deficits", "neuronal death", a disease)?"""
    for k in range(*span):
        low = tokens[k].low
        if low in lx.DETRIMENT_WORDS or low in lx.STATE_WORDS or low.endswith(lx.STATE_SUFFIXES) \
                or low in lx.DECREASE_ADJECTIVES \
                or (_compound_suffix(low) and lx.COMPOUND_SUFFIXES[low.rpartition("-")[2]] < 0):
            return True  # also "LPS-impaired memory"
    return False


def _verb_form(low: str) -> tuple[str, int, str]:
    if low in lx.VERB_FORMS:
        return lx.VERB_FORMS[low]
    form = "ing" if low.endswith("ing") else "ed" if low.endswith("ed") else \
        "s" if low.endswith("s") else "base"
    return low, 0, form


def _skip_coordinated_verbs(tokens: list[_Token], after: int) -> int:
    """"phosphorylates and activates Akt", "produced and secreted by": the object follows the last verb."""
    n = len(tokens)
    while after + 1 < n and tokens[after].low in ("and", "or") and (
            tokens[after + 1].low in lx.VERB_FORMS or tokens[after + 1].low in lx.SIGNABLE_VERBS) \
            and not _is_content(tokens, after + 1) and not _is_adjectival_trigger(tokens, after + 1):
        after += 2
        while after < n and _is_adverb(tokens[after].low):
            after += 1
    return after


def _passive_participle(tokens: list[_Token], i: int, floor: int) -> bool:
    """Is the participle at i in a passive ("is degraded via X"), adverbs allowed in between?"""
    j = i - 1
    while j > floor and _is_adverb(tokens[j].low):
        j -= 1
    return j >= floor and tokens[j].low in ("is", "are", "was", "were", "be", "been", "being")


# Verbs of making whose passive names the precursor after "from": "Y is synthesized from X" (more
# X, more Y).
_PRECURSOR_VERBS = frozenset({"synthesize", "synthesise", "produce", "generate"})


def _copular_conjunct_subject(tokens: list[_Token], conjunction: int, floor: int,
                              claims: list[_Claim]) -> list[tuple[int, int]]:
    """The subject a passive after "and" shares with the clause's first predicate, a copula with
    no verb of change ("Y is a slow process and is aided by X", "Y are kept in the ER and then
    degraded by X"); none when another clause or a causal verb comes between."""
    for m in range(conjunction - 1, floor, -1):
        low = tokens[m].low
        if low in _CLAUSE_OPENERS or low in lx.CONJUNCTIONS or low in lx.VERB_FORMS \
                or tokens[m].text in (",", ";"):
            return []
        if low in ("is", "are", "was", "were"):
            subject = _subject_of_predicate(tokens, m, floor, claims)
            return subject[0] if subject else []
    return []


def _verb_claim(tokens: list[_Token], i: int, floor: int, claims: list[_Claim],
                signed: int | None = None) -> _Claim | None:
    low = tokens[i].low
    lemma, polarity, form = _verb_form(low)
    if signed is not None:
        polarity = signed
    n = len(tokens)
    after = i + 1
    while after < n and (_is_adverb(tokens[after].low) or tokens[after].text == "("):
        if tokens[after].text == "(":
            close = _skip_parens_right(tokens, after)  # "diminished (p < 0.01) the Y"
            if close == after:
                break
            after = close
        else:
            after += 1
    if after + 1 < n and tokens[after].low in ("down", "up") and tokens[after + 1].low != "to":
        after += 1  # a particle: "slow down Y", "build up Y"
    after = _skip_coordinated_verbs(tokens, after)
    prev = tokens[i - 1].low if i > floor else ""
    if form == "ed" and after + 1 < n and tokens[after].low == "by" and tokens[after + 1].text[0].isdigit():
        past = _skip_amount(tokens, after)
        if past < n and tokens[past].low == "by":
            after = past  # "Y was reduced by 50% by X"
    # Passive: "Y is increased by X", "Y, induced by X".
    if form == "ed" and after < n and (tokens[after].low == "by" or (
            tokens[after].low in ("via", "through") and _passive_participle(tokens, i, floor)) or (
            tokens[after].low == "from" and lemma in _PRECURSOR_VERBS
            and _passive_participle(tokens, i, floor))) and not (
            after + 1 < n and tokens[after + 1].text[0].isdigit()):
        agents, agents_end = _phrases_right(tokens, after + 1)
        if len(agents) == 1:
            given = _treated_carrier_agents(tokens, *agents[0])
            if given:
                agents, agents_end = given, given[-1][1]  # "induced by treatment of cells with X"
        if not agents:
            return None
        j = _gap_left(tokens, i, floor)
        if j < floor:
            return None
        relative = tokens[j].low in lx.RELATIVE_PRONOUNS
        if relative:
            j -= 1
            if j >= floor and tokens[j].text == ",":
                j -= 1
        if j >= floor and tokens[j].text == ",":
            j -= 1
        patients = (_anaphor_antecedent(tokens, j, floor, claims, "object") or _phrases_left(tokens, j)) \
            if j >= floor else []
        if not patients and j >= floor and tokens[j].low in ("and", "but", "or"):
            # "tau is acetylated by p300 and deacetylated by SIRT1": the same patient
            earlier = next((c for c in reversed(claims) if c.construction == "passive"
                            and j - 1 <= c.end <= j), None)
            patients = earlier.objects if earlier is not None else []
        if not patients and j >= floor and tokens[j].low == "and":
            patients = _copular_conjunct_subject(tokens, j, floor, claims)
        if patients and not relative and not _passive_participle(tokens, i, floor):
            first = patients[0][0]
            low_first = tokens[first].low
            if low_first in lx.VERB_FORMS and lx.VERB_FORMS[low_first][2] == "ing" \
                    and patients[0][1] - first > 1:
                # "preventing apoptosis induced by X": only "apoptosis" is induced by X
                patients = [(first + 1, patients[0][1])] + patients[1:]
        if patients and patients[0][0] - 2 >= floor and tokens[patients[0][0] - 1].low == "whose" \
                and tokens[patients[0][0] - 2].text == "," \
                and all(tokens[k].low in lx.QUANTITY_WORDS for k in range(*patients[0])):
            # "Nrf2, whose expression is increased by X,": the owner is the patient
            owner = _phrases_left(tokens, patients[0][0] - 3)
            patients = owner[-1:] if owner else patients
            relative = True
        if patients and not relative and _passive_participle(tokens, i, floor):
            first = patients[0][0]
            if first - 2 > floor and tokens[first - 1].low == "by" \
                    and lx.VERB_FORMS.get(tokens[first - 2].low, ("", 0, ""))[2] == "ed":
                # "the increase in Y caused by D was attenuated by X": the head, not D
                head = _phrases_left(tokens, first - 3)
                patients = head or patients
        if patients and (relative or _passive_participle(tokens, i, floor)):
            # "atrophy in the striatum that was reduced by X", "viability following serum
            # deprivation was improved by X": the head before the place or time phrase (not in
            # a reduced relative: "a step for propagation induced by X" is about propagation)
            patients = _head_before_place(tokens, patients, floor, relative=relative)
        if not patients:
            return None
        if lemma in lx.REVERSED_VERBS:
            agents, patients = patients, agents
        if lemma in lx.RESTORING_VERBS and not _detrimental(tokens, patients[0]):
            polarity = 1
        return _Claim(agents, patients, polarity, "passive",
                      _negated(tokens, j + 1, i) or _negated(tokens, after, after + 2),
                      _has(tokens, j + 1, i, lx.HEDGES), agents_end)
    left = i - 1
    while left > floor and _is_adverb(tokens[left].low):
        left -= 1
    before = tokens[left].low if left >= floor else ""
    if form == "ed" and before in lx.AUXILIARIES and before not in ("has", "have", "had", "having"):
        # No "by": a cause only when a treatment or deficiency is named ("... increased after X
        # treatment", "... reduced in X-deficient mice").
        return _condition_claim(tokens, i, _skip_amount(tokens, after), floor, claims, polarity,
                                lemma in lx.RESTORING_VERBS)
    floating = prev in ("all", "both", "each") and i - 2 >= floor and _is_content(tokens, i - 2)
    if form == "ed" and ((prev in lx.DETERMINERS and not floating) or prev in lx.PREPOSITIONS or i == floor
                         or (prev in lx.OTHER_VERBS and not _is_adverb(prev)) or prev in lx.STATE_EXHIBIT_VERBS):
        return None  # adjectival: "the reduced levels", "with increased Y" (not "and thereby reduced Y")
    # Object side, with the particle phrasal verbs need.
    k = after
    reversed_result = False
    if lemma == "protect":
        # "protects against Y", "protects neurons from Y": the shielded phrase is not the object.
        if k < n and tokens[k].low not in lx.SHIELD_PARTICLES:
            k = _phrase_right(tokens, k)
        if k >= n or tokens[k].low not in lx.SHIELD_PARTICLES:
            return None
        k += 1
        while k < n and _is_adverb(tokens[k].low):
            k += 1
    elif lemma == "result" and k < n and tokens[k].low == "from":
        reversed_result = True  # "Y results from X": X causes Y
        k += 1
    elif lemma in lx.NEEDS_PARTICLE:
        particle = lx.PHRASAL[lemma][0]
        if tuple(t.low for t in tokens[k:k + len(particle)]) != particle:
            return None
        k += len(particle)
        while k < n and _is_adverb(tokens[k].low):
            k += 1
    objects, objects_end = _phrases_right(tokens, k)
    if not objects and k < n and tokens[k].low in ("it", "them"):
        # An object pronoun takes the previous claim's object: "X binds Y and activates it",
        # "APOE4 raises the risk, whereas APOE2 lowers it".
        previous = next((c for c in reversed(claims) if c.objects and c.verb < i), None)
        if previous is not None and previous.floor in (floor, _previous_floor(tokens, floor)):
            objects, objects_end = previous.objects, k + 1
    if not objects:
        return _intransitive_claim(tokens, i, k, floor, claims, lemma, polarity)
    if form == "ed":
        # "X attenuated A, improved B and reduced C": after a past-tense verb, a conjunct that
        # starts with another past participle is a coordinated verb, not an adjective.
        for index, (start, _) in enumerate(objects[1:], start=1):
            if tokens[start].low in lx.VERB_FORMS and lx.VERB_FORMS[tokens[start].low][2] == "ed":
                objects = objects[:index]
                objects_end = objects[-1][1]
                break
    sequel = _participle_sequel(tokens, i, floor, claims) if form == "ing" else None
    if sequel is not None:
        # "X activates Y, in turn inhibiting Z": the change of Y acts on Z
        return _Claim(sequel.objects, objects, polarity, "active", sequel.negated,
                      sequel.hedged or _has(tokens, sequel.end, i, lx.HEDGES), objects_end,
                      subject_polarity=sequel.polarity)
    # "In addition to reducing Y, X also increased Z": the main clause's subject
    subject = _fronted_participle_subject(tokens, i, floor, objects_end) if form == "ing" else None
    if subject is None:
        subject = _subject_of_predicate(tokens, i, floor, claims)
    if subject is None:
        # "promoting autophagy with trehalose treatment": the cause is the treatment named after.
        # Not for a rescue: "to restore memory in APP mice" names the model that lacked it.
        # ("X ... promotes Y after injury": the injury is when, not what, promotes Y)
        agent = _condition_agent(tokens, objects_end, states_after=False) \
            if lemma not in lx.RESTORING_VERBS else None
        if agent is None:
            return None
        return _Claim([agent], objects, polarity, "active", _negated(tokens, max(floor, i - 2), i),
                      _has(tokens, floor, i, lx.HEDGES), agent[1])
    subjects, subject_end = subject
    if all(_cell_phrase(tokens, span) or tokens[span[1] - 1].low in _ORGANISMS for span in subjects) \
            and objects_end < n and tokens[objects_end].low in ("upon", "in", "after", "following"):
        # "neurons induce Y upon X expression", "cells upregulate Y in response to X": the
        # carriers respond, the stimulus is the cause
        stimulus = _condition_agent(tokens, objects_end)
        if stimulus is not None and not _cell_phrase(tokens, stimulus):
            subjects = [stimulus]
    members = _class_relative_members(tokens, i, floor, subjects, objects)
    if members:
        # "drugs that enhance autophagy, including rapamycin, ...": the members do the enhancing
        subjects, objects = objects[members:], objects[:members]
    if lemma in lx.REVERSED_VERBS or reversed_result:
        subjects, objects = objects, subjects
    efficacy = prev in ("in", "at") and i - 2 >= floor and tokens[i - 2].low in _EFFICACY_WORDS
    if form == "ing" and not efficacy and prev not in ("and", "or", ",", "by", "through", "thereby", "thus",
                                      "thereafter", "subsequently", "consequently", "hence",
                                      "particular") and \
            not _is_content(tokens, subject_end):
        return None
    negated = _negated(tokens, subject_end + 1, i) or _negated(tokens, subjects[0][0] - 1,
                                                               subjects[0][0] + 1)
    hedged = _has(tokens, subject_end + 1, i, lx.HEDGES)
    if lemma in lx.RESTORING_VERBS and not _detrimental(tokens, objects[0]):
        polarity = 1  # "rescued neuronal survival" restores it
    if lemma in ("cause", "induce", "drive") and objects_end + 1 < n and tokens[objects_end].low == "to" \
            and tokens[objects_end + 1].low in _INFINITIVE_CHANGES:
        # "X caused Y to decrease": the change Y undergoes is the infinitive's (not a purpose:
        # "X activates Y to protect Z")
        polarity *= _INFINITIVE_CHANGES[tokens[objects_end + 1].low]
    claim = _Claim(subjects, objects, polarity, "active", negated, hedged, objects_end)
    shared = next((c for c in reversed(claims) if c.subjects is subjects), None)
    if shared is not None:
        claim.subject_polarity = shared.subject_polarity  # a coordinated predicate, same subject
    elif tokens[subject_end].text == ",":
        named = _name_apposition(tokens, subject_end, floor)
        if named is not None and [named[0]] == subjects:
            claim.subject_polarity = named[1]
    if lemma in _RESULT_VERBS or _sequel_marked(tokens, i, floor) or _after_changed_clause(tokens, i, floor, subjects):
        claim.subject_polarity = _event_relative_polarity(tokens, i, floor, subjects, claims)
    restricted = _restrictive_relative_polarity(tokens, subjects[0][0], floor)
    if restricted and claim.subject_polarity == 1:
        claim.subject_polarity = restricted
        members = _examples_of_subject(tokens, objects)
        if members and _class_word(tokens[_relative_antecedent_end(tokens, subjects[0][0], floor)].low):
            # "drugs that enhance autophagy reduce pathology, including rapamycin": the examples
            # after the object are the drugs, not kinds of pathology
            claim.objects, claim.class_members = objects[:members], objects[members:]
    return claim


def _relative_antecedent_end(tokens: list[_Token], start: int, floor: int) -> int:
    """For a subject at ``start`` that is the object of "CLASS that VERB", the index of CLASS's
    last word (the caller checked the relative clause with _restrictive_relative_polarity)."""
    v = start - 1
    while v > floor and _is_adverb(tokens[v].low):
        v -= 1
    return v - 2


_RESULT_VERBS = frozenset({"lead", "result", "contribute", "give", "account", "cause"})


def _class_relative_members(tokens: list[_Token], i: int, floor: int,
                            subjects: list[tuple[int, int]], objects: list[tuple[int, int]]) -> int:
    """"compounds that inhibit GSK3, such as lithium and valproate": the examples after the
    relative clause's object name members of the class the clause is about (the subject), not of
    the object, when the subject is a bare class and the object a named entity. Returns the index
    in ``objects`` where those members start, or 0."""
    v = i - 1
    while v > floor and _is_adverb(tokens[v].low):
        v -= 1
    if v <= floor or tokens[v].low not in ("that", "which") or len(subjects) != 1:
        return 0
    head = tokens[subjects[0][1] - 1].low
    if not _class_word(head) or _entity(tokens, subjects[0], "subject", {}) is not None:
        return 0
    return _examples_of_subject(tokens, objects)


def _examples_of_subject(tokens: list[_Token], objects: list[tuple[int, int]]) -> int:
    """Where the examples among ``objects`` start (after "including", "such as", ...), when
    they cannot be members of the object named before them; 0 when there are none or they can."""
    for index, (start, _) in enumerate(objects[1:], start=1):
        marker = next((m for m in _EXAMPLE_MARKERS
                       if tuple(t.low for t in tokens[start - len(m):start]) == m), None)
        if marker is None:
            continue
        named = objects[:index]
        if any(_entity(tokens, span, "object", {}) is None or _common_plural(tokens, span) for span in named):
            # "enzymes that cleave receptors, such as Notch", "... cleave proteins such as APP":
            # a common plural object may be the class the examples belong to
            return 0
        if any(_common_plural(tokens, span) for span in objects[index:]):
            return 0  # "... reduce tau pathology, including tangles": kinds of the object
        return index
    return 0


def _common_plural(tokens: list[_Token], span: tuple[int, int]) -> bool:
    """A phrase headed by a lower-case plural ("receptors", "neurofibrillary tangles"), which
    names a kind of thing rather than one named entity ("temsirolimus", "NMDA receptors")."""
    head = tokens[span[1] - 1].low
    return head.endswith("s") and not head.endswith(("us", "is", "ss")) and not any(
        re.search(r"[A-Z0-9]", tokens[k].text) for k in range(*span))


def _sequel_marked(tokens: list[_Token], i: int, floor: int) -> bool:
    """"which in turn inhibits", "which subsequently activates": the verb at i continues a chain."""
    j = _gap_left(tokens, i, floor)
    gap = [t.low for t in tokens[j + 1:i]]
    return "subsequently" in gap or any(a == "in" and b == "turn" for a, b in zip(gap, gap[1:]))


def _restrictive_relative_polarity(tokens: list[_Token], start: int, floor: int) -> int:
    """"drugs that inhibit MMP-9 reduce Y": the subject phrase at ``start`` is the object of a
    restrictive relative clause, so what acts on Y is MMP-9 as the clause changes it (less MMP-9).
    Returns that change's sign, or 0 when the phrase is no such object."""
    v = start - 1
    while v > floor and _is_adverb(tokens[v].low):
        v -= 1
    if v - 2 < floor or tokens[v].low not in lx.VERB_FORMS or tokens[v - 1].low not in ("that", "which", "who"):
        return 0
    lemma, polarity, form = lx.VERB_FORMS[tokens[v].low]
    if form not in ("s", "base", "ed") or lemma in lx.MODIFYING_VERBS or lemma in lx.PHRASAL \
            or lemma in lx.REVERSED_VERBS or not _is_content(tokens, v - 2):
        return 0
    return polarity


def _participle_sequel(tokens: list[_Token], i: int, floor: int, claims: list[_Claim]) -> _Claim | None:
    """For ", in turn VERBing" / ", subsequently VERBing" at i, the active claim before the comma."""
    j = _gap_left(tokens, i, floor)
    if j < floor or tokens[j].text != "," or not _sequel_marked(tokens, i, floor):
        return None
    return next((c for c in reversed(claims) if c.floor == floor and c.construction == "active"
                 and c.objects and j - 1 <= c.end <= j + 1), None)


def _change_adjective_sign(low: str) -> int | None:
    """+1 for an adjective of rise ("increased"), -1 for one of fall ("reduced"), else None."""
    if low in lx.INCREASE_ADJECTIVES:
        return 1
    return -1 if low in lx.DECREASE_ADJECTIVES else None


def _changed_predicate_subject(tokens: list[_Token], j: int, floor: int) -> tuple[int, int] | None:
    """The subject of a clause that ends in its own change ("Y levels are (significantly)
    reduced"), when ``j`` is that change word; None otherwise."""
    if _change_adjective_sign(tokens[j].low) is None:
        return None
    k = j - 1
    while k > floor and _is_adverb(tokens[k].low):
        k -= 1
    if k <= floor or tokens[k].low not in ("is", "are", "was", "were"):
        return None
    start = _phrase_left(tokens, k - 1)
    return (start, k) if start <= k - 1 else None


def _after_changed_clause(tokens: list[_Token], i: int, floor: int, subjects: list[tuple[int, int]]) -> bool:
    """Is the verb at i in ", which ..." after a clause ending in its subject's own change ("Y
    levels are reduced, which induces Z")? Then "which" is that change, whatever the verb."""
    j = _gap_left(tokens, i, floor)
    return j - 2 >= floor and tokens[j].low == "which" and tokens[j - 1].text == "," \
        and _changed_predicate_subject(tokens, j - 2, floor) == subjects[-1]


def _event_relative_polarity(tokens: list[_Token], i: int, floor: int,
                             subjects: list[tuple[int, int]], claims: list[_Claim]) -> int:
    """In "X lowers Y, which leads to Z" the relative clause is about the lowering of Y (a verb of
    result, or any verb after "which in turn", takes the preceding clause's event): Y moves as X
    made it move. Also when X is no claim's subject ("This lowers Y, which in turn ...")."""
    j = _gap_left(tokens, i, floor)
    if j - 1 < floor or tokens[j].low != "which" or tokens[j - 1].text != ",":
        return 1
    if j - 2 >= floor and _changed_predicate_subject(tokens, j - 2, floor) == subjects[-1]:
        return _change_adjective_sign(tokens[j - 2].low) or 1
    for claim in reversed(claims):
        if claim.floor != floor:
            break
        if claim.construction == "active" and claim.objects and claim.objects[-1] == subjects[-1]:
            return claim.polarity
    verb = subjects[0][0] - 1
    while verb > floor and (tokens[verb].low in lx.DETERMINERS or _is_adverb(tokens[verb].low)):
        verb -= 1
    if verb >= floor and tokens[verb].low in lx.VERB_FORMS and lx.VERB_FORMS[tokens[verb].low][2] in ("s", "ed"):
        return lx.VERB_FORMS[tokens[verb].low][1] or 1
    return 1


# What a caused change does to its patient: "X caused Y to decline".
_INFINITIVE_CHANGES = {"increase": 1, "rise": 1, "accumulate": 1, "decrease": -1, "decline": -1,
                       "fall": -1, "drop": -1}
# Verbs of change that are also intransitive: "Y increased after X treatment".
_INTRANSITIVE_CHANGES = frozenset({"increase", "decrease", "decline", "rise", "fall", "drop"})


_AMOUNT_JOINERS = frozenset({"-", "–", "±", "to", ".", ","})


def _skip_percentage(tokens: list[_Token], j: int) -> int:
    """Index after a percentage or fold amount starting at j ("40 - 49 %", "50 ± 15 %",
    "1.7-fold"), else j; a number that is not such an amount is left alone."""
    k = j
    while k < len(tokens) and k - j < 6 and (tokens[k].text[0].isdigit() or tokens[k].low in _AMOUNT_JOINERS):
        k += 1
    if k > j and tokens[j].text[0].isdigit() and (
            (k < len(tokens) and tokens[k].low in ("%", "percent", "fold", "-fold"))
            or tokens[k - 1].low.endswith("-fold")):
        return k + 1 if k < len(tokens) and tokens[k].low in ("%", "percent", "fold", "-fold") else k
    return j


def _skip_amount(tokens: list[_Token], j: int) -> int:
    """Index after an amount of change ("by 40%", "by 2-fold", "3-fold") at j, else j."""
    k = j + 1 if j < len(tokens) and tokens[j].low == "by" else j
    if k < len(tokens) and tokens[k].text[0].isdigit():
        k += 1
        while k < len(tokens) and tokens[k].low in ("%", "fold", "-fold", "percent", "times"):
            k += 1
        return k
    return j


def _intransitive_claim(tokens: list[_Token], i: int, after: int, floor: int,
                        claims: list[_Claim], lemma: str, polarity: int) -> _Claim | None:
    """"Y increased after X treatment", "Y decreased in the presence of X": the subject changed,
    and the named condition is the cause."""
    if lemma not in _INTRANSITIVE_CHANGES:
        return None
    return _condition_claim(tokens, i, after, floor, claims, polarity)


def _condition_claim(tokens: list[_Token], i: int, condition_start: int, floor: int,
                     claims: list[_Claim], polarity: int, restoring: bool = False) -> _Claim | None:
    """The change at i happened to the phrase on its left under the condition named from
    condition_start on ("Y was reduced in X-deficient mice"): that condition is the cause."""
    agent = _condition_agent(tokens, condition_start)
    j = _gap_left(tokens, i, floor)
    if j < floor:
        return None
    patients = _anaphor_antecedent(tokens, j, floor, claims, "object") or _phrases_left(tokens, j)
    if not patients:
        return None
    patients = _head_before_place(tokens, patients, floor)  # "the X gene in D. melanogaster was ..."
    if not patients:
        return None
    if agent is None:
        agent = _fronted_condition(tokens, floor, patients[0][0])
    if agent is None:
        return None
    if restoring and not _detrimental(tokens, patients[0]):
        polarity = 1  # "memory was restored in mice given X"
    return _Claim([agent], patients, polarity, "passive", _negated(tokens, j + 1, i),
                  _has(tokens, j + 1, i, lx.HEDGES), agent[1])


_CONDITION_PREPOSITIONS = frozenset({"in", "after", "following", "post", "upon", "with", "by",
                                     "during"})


def _fronted_condition(tokens: list[_Token], floor: int, subject_start: int) -> tuple[int, int] | None:
    """"In TREM2-deficient mice, Y was reduced": a condition opening the clause, closed by a comma
    right before the changed phrase."""
    k = floor
    for m in range(subject_start - 1, floor, -1):
        if tokens[m].low == "that" and tokens[m - 1].low in lx.OTHER_VERBS | _REPORT_PARTICIPLES:
            k = m + 1  # "our data revealed that in X mice, Y was reduced": the reported clause
            break
    while k < subject_start and (_is_adverb(tokens[k].low) or tokens[k].text == ","):
        k += 1  # "Moreover, in X mice, ..."
    if k >= subject_start or tokens[k].low not in _CONDITION_PREPOSITIONS:
        return None
    agent = _condition_agent(tokens, k)
    if agent is None or agent[1] > subject_start or agent[1] >= len(tokens) \
            or tokens[agent[1]].text != ",":
        return None
    return agent  # also for a later clause: "In X mice, A is increased and B is reduced"
_CONDITION_MARKERS = _DEFICIENCY_MARKERS + _OVEREXPRESSION_MARKERS


# Events of harm whose onset ("upon cell death", "upon DNA damage") is a cause of what follows.
_HARM_EVENTS = frozenset({"death", "injury", "damage"})


def _condition_agent(tokens: list[_Token], j: int, states_after: bool = True) -> tuple[int, int] | None:
    """A treatment or deficiency phrase starting at j after a preposition: "after X treatment",
    "in X-deficient mice", "in TFEB KO astrocytes"."""
    n = len(tokens)
    for _ in range(3):  # look past up to two other prepositional phrases ("in the brain", ...)
        if j + 3 < n and tokens[j].low == "in" and (
                (tokens[j + 1].low == "response" and tokens[j + 2].low == "to")
                or (tokens[j + 1].low == "the" and tokens[j + 2].low == "presence"
                    and tokens[j + 3].low == "of")):
            # "Y rose in response to X" / "in the presence of X": X is the stimulus
            start = j + 3 if tokens[j + 1].low == "response" else j + 4
            end = _phrase_right(tokens, start)
            return (start, end) if end > start else None
        if j >= n or tokens[j].low not in _CONDITION_PREPOSITIONS:
            return None
        end = _phrase_right(tokens, j + 1)
        if end == j + 1:
            return None
        given = _treated_carrier_agents(tokens, j + 1, end)
        if given:
            return given[0]  # "after treatment of HEK cells with X"
        # a bracket closing the phrase ("with aging (Fig. 2)") is no part of the condition's name
        core_end = _skip_parens_left(tokens, end - 1) if tokens[end - 1].text in (")", "]") else end
        words = [t.low for t in tokens[j + 1:max(core_end, j + 2)]]
        if words[-1] in lx.STATE_WORDS and (tokens[j].low == "with" or (
                states_after and tokens[j].low in ("after", "following", "upon", "during"))):
            return j + 1, end  # "an increase in X with aging", "Y rose after hypoxia"
        if states_after and tokens[j].low == "upon" and len(words) > 1 and words[-1] in _HARM_EVENTS:
            return j + 1, end  # "Y is released upon cell death": the harm that sets it free
        if tokens[j].low == "in":
            given = _given_to_carrier(tokens, j + 1, end)
            if given is not None:
                return given
        carrier = _carrier_condition(tokens, j + 1, end) if tokens[j].low == "in" else None
        if carrier is not None:
            return carrier
        if any(w.endswith(_CONDITION_MARKERS) or w in lx.DEFICIENCY_HEADS for w in words) or \
                any(w in ("treatment", "administration", "supplementation", "exposure", "infusion",
                          "injection", "overexpression", "knockdown", "silencing", "expression",
                          "transfection", "transduction") for w in words) or (
                tokens[j].low in ("after", "following", "upon") and words[0] in lx.DECREASE_HEADS | lx.INCREASE_HEADS):
            return j + 1, end  # "... following expression of X", "after inhibition of X"
        j = end
    return None


def _treated_carrier_agents(tokens: list[_Token], start: int, end: int) -> list[tuple[int, int]]:
    """"treatment of cultured cells with X or Y" (the phrase start..end stops before "with"): the
    agents X and Y given to the carriers named after "of"."""
    k = start
    while k < end and tokens[k].low in lx.DETERMINERS:
        k += 1
    if k + 2 >= end or end >= len(tokens) or tokens[k + 1].low != "of" \
            or lx.HEAD_PREPOSITIONS.get(tokens[k].low) != tokens[end].low:
        return []
    agents, _ = _phrases_right(tokens, end + 1)
    return agents


_GIVEN_WITH = {"treated": "with", "exposed": "to", "injected": "with", "infused": "with",
               "fed": "with", "supplemented": "with", "expressing": "", "overexpressing": "",
               "lacking": "", "receiving": "", "given": ""}


def _given_to_carrier(tokens: list[_Token], start: int, end: int) -> tuple[int, int] | None:
    """"(in) mice treated with X", "(in) cells expressing X", "(in) mice lacking X": the agent X
    given to (or taken from) the carriers."""
    k = start
    while k < end and (tokens[k].low in lx.DETERMINERS or tokens[k].low in _CARRIER_MODIFIERS
                       or tokens[k].low in _NAME_NOISE or _manner_adjective(tokens[k])):
        k += 1  # also "hippocampal slices", "cortical neurons"
    if k >= end or tokens[k].low not in _ORGANISMS:
        return None
    k += 1
    n = len(tokens)
    if k >= n or tokens[k].low not in _GIVEN_WITH:
        return None
    particle = _GIVEN_WITH[tokens[k].low]
    k += 1
    if particle and tokens[k - 1].low == "fed" and k < n and tokens[k].low != particle:
        particle = ""  # "mice fed a high-fat diet" as well as "fed with X"
    if particle:
        if k >= n or tokens[k].low != particle:
            return None
        k += 1
    agent_end = _phrase_right(tokens, k)
    if agent_end == k:
        return None
    # "lacking X" is kept whole so the entity reads it as X's deficiency
    return (k - 2, agent_end) if tokens[k - 1].low == "lacking" else (k, agent_end)


_CARRIERS = _ORGANISMS | {"brain", "tissue", "tissues", "samples", "individuals", "cases",
                          "cortex", "hippocampus", "striatum", "plasma", "serum", "csf"}


def _carrier_condition(tokens: list[_Token], start: int, end: int) -> tuple[int, int] | None:
    """The condition named in a carrier phrase: "(in) the brains of AD patients" → AD, "(in) HD
    mice" → HD, "(in) APP transgenic mice" → APP. A change found in carriers of a disease or a
    transgene is reported as that condition's effect."""
    words = [t.low for t in tokens[start:end]]
    if not any(w in _CARRIERS for w in words):
        return None
    if "transgenic" in words:
        cut = start + words.index("transgenic")
        first = start
        while first < cut and (tokens[first].low in lx.DETERMINERS or tokens[first].low in _NAME_NOISE):
            first += 1
        return (first, cut) if first < cut else None
    for k in range(start, end):
        low = tokens[k].low
        if (low in lx.STATE_WORDS or low.endswith(lx.STATE_SUFFIXES)) and low not in _CARRIERS:
            first, last = k, k + 1
            while first - 1 >= start and _is_content(tokens, first - 1) \
                    and tokens[first - 1].low not in _CARRIERS:
                first -= 1
            while last < end and _is_content(tokens, last) and tokens[last].low not in _CARRIERS:
                last += 1
            return first, last
    return None


# Nouns a needed-for adjective can qualify: "X is an important step for Y".
_STEP_NOUNS = frozenset({"step", "event", "mechanism", "determinant", "prerequisite", "component"})


def _needed_for_claim(tokens: list[_Token], i: int, floor: int) -> _Claim | None:
    """"X is required / essential / necessary (and sufficient) for Y": X supports Y."""
    n = len(tokens)
    k = i + 1
    if k + 1 < n and tokens[k].low in ("and", "or") and (
            tokens[k + 1].low in lx.NEEDED_FOR or tokens[k + 1].low == "sufficient"):
        k += 2  # "necessary and sufficient for Y"
    step = i - 1 >= floor and tokens[i - 1].low in ("a", "an") and k < n and tokens[k].low in _STEP_NOUNS
    if step:
        # "X is an important step (during stress) for Y"
        k += 1
        if k < n and tokens[k].low == "during":
            k = _phrase_right(tokens, k + 1)
    if k >= n or tokens[k].low != "for":
        return None
    j = i - 2 if step else i - 1
    while j >= floor and (_is_adverb(tokens[j].low) or tokens[j].low in lx.MODALS):
        j -= 1
    if j < floor or tokens[j].low not in ("is", "are", "was", "were", "be", "been", "being"):
        return None
    objects, end = _phrases_right(tokens, k + 1)
    subject_end = _gap_left(tokens, i - 1 if step else i, floor)
    if tokens[subject_end].low in lx.RELATIVE_PRONOUNS:
        subject_end -= 1
        if subject_end >= floor and tokens[subject_end].text == ",":
            subject_end -= 1
    subjects = _phrases_left(tokens, subject_end) if subject_end >= floor else []
    if step and subjects:
        # "the inhibition of X during Y via Z is a key step": the change named first
        if subjects[0][0] - 2 >= floor and tokens[subjects[0][0] - 1].low in ("via", "through"):
            subjects = _phrases_left(tokens, subjects[0][0] - 2) or subjects
        subjects = _head_before_place(tokens, subjects, floor)
    if not objects or not subjects:
        return None
    return _Claim(subjects, objects, 1, "needed", _negated(tokens, subject_end + 1, i),
                  _has(tokens, subject_end + 1, i, lx.HEDGES), end)


_REPORT_PARTICIPLES = frozenset({"observed", "found", "seen", "detected", "noted", "measured",
                                 "recorded", "reported", "obtained"})


def _past_report(tokens: list[_Token], j: int) -> int:
    """Index after "was observed" / "were found" at j (the words between a change and its
    condition: "a reduction in Y was observed after X treatment"), else j."""
    k = j
    if k < len(tokens) and tokens[k].low in ("was", "were", "is", "are"):
        k += 1
        while k < len(tokens) and _is_adverb(tokens[k].low):
            k += 1
        if k < len(tokens) and tokens[k].low in _REPORT_PARTICIPLES:
            return k + 1
    return j


# Participles that present a drug as given for a disorder: "D was approved for the treatment of Y".
_USE_PARTICIPLES = frozenset({"used", "approved", "indicated", "marketed", "developed", "prescribed",
                              "licensed", "introduced", "recommended", "employed"})


def _treatment_use_claim(tokens: list[_Token], i: int, floor: int, claims: list[_Claim]) -> _Claim | None:
    """"D is approved for the treatment of Y", "D was developed and marketed as an X blocker for
    the treatment of Y", "D, a drug used for the treatment of Y": D lowers Y."""
    n = len(tokens)
    k = i - 1 if tokens[i - 1].low == "the" else i
    if k - 1 < floor or tokens[k - 1].low != "for" or i + 2 >= n or tokens[i + 1].low != "of":
        return None
    objects, end = _phrases_right(tokens, i + 2)
    objects = [span for span in objects if not any(tokens[m].low in _CARRIERS for m in range(*span))]
    if not objects:
        return None  # "for the treatment of cells": a procedure, no disorder
    participle = next((m for m in range(floor + 1, k - 1) if tokens[m].low in _USE_PARTICIPLES
                       and _passive_participle(tokens, m, floor)), None)
    if participle is not None:
        subject = _subject_of_predicate(tokens, participle, floor, claims)
    elif k - 2 > floor and tokens[k - 2].low in _USE_PARTICIPLES:
        # "D, a drug used for the treatment of Y": the name the described drug is apposed to
        start = _phrase_left(tokens, k - 3)
        comma = start - 1
        named = _phrases_left(tokens, comma - 1) if comma - 1 >= floor and tokens[comma].text == "," \
            and tokens[start].low in ("a", "an") else []
        subject = (named[-1:], comma) if named else None
    else:
        subject = None
    if subject is None or not subject[0]:
        return None
    return _Claim(subject[0], objects, -1, "role", _negated(tokens, floor, i), False, end)


# Heads of how often something occurs: "an increased incidence of Y with X" means X raises Y.
_INCIDENCE_WORDS = frozenset({"frequency", "frequencies", "incidence", "incidences", "occurrence",
                              "prevalence", "risk", "risks", "rate", "rates", "likelihood"})
_INCIDENCE_PREPOSITIONS = frozenset({"with", "after", "following", "upon"})


def _incidence_claim(tokens: list[_Token], i: int, floor: int) -> _Claim | None:
    """"an increased frequency of Y and Z with X", "a lower incidence of Y was seen after X": the
    signed occurrence of Y goes with the agent named after it (a drug, a treatment, a state)."""
    k = i - 1
    while k > floor and tokens[k].low in _NAME_NOISE:
        k -= 1
    polarity = _change_adjective_sign(tokens[k].low) if k >= floor else None
    n = len(tokens)
    if polarity is None or i + 2 >= n or tokens[i + 1].low != "of" or _caused_change(tokens, k, floor):
        return None  # "X caused an increased risk of Y with age": the verb's subject is the cause
    objects, end = _phrases_right(tokens, i + 2)
    j = _past_report(tokens, end)
    if not objects or j >= n - 1:
        return None
    agent = _condition_agent(tokens, j)
    if agent is None and tokens[j].low in _INCIDENCE_PREPOSITIONS:
        agent_end = _phrase_right(tokens, j + 1)
        if agent_end == j + 1 or any(tokens[m].low in _CARRIERS for m in range(j + 1, agent_end)):
            return None  # "with patients", "after cells": carriers, not agents
        agent = (j + 1, agent_end)
    if agent is None:
        return None
    return _Claim([agent], objects, polarity, "nominal", _negated(tokens, max(floor, k - 2), k),
                  False, agent[1])


_EFFECT_MODIFIERS = frozenset({"important", "significant", "key", "major", "potent", "strong",
                               "direct", "dual", "crucial", "critical", "central", "marked",
                               "robust", "possible", "potential", "putative", "pivotal", "novel"})


def _effect_noun_claim(tokens: list[_Token], i: int, floor: int,
                       claims: list[_Claim]) -> _Claim | None:
    """"X has a protective effect on Y", "X plays a detrimental role in Y", "the inhibitory
    effect of X on Y": the adjective signs the effect; "protective ... against Y" means less Y."""
    j = i - 1
    while j >= floor and (tokens[j].low in _EFFECT_MODIFIERS or _is_adverb(tokens[j].low)):
        j -= 1
    if j < floor or tokens[j].low not in lx.EFFECT_ADJECTIVES:
        return None
    polarity = lx.EFFECT_ADJECTIVES[tokens[j].low]
    n = len(tokens)
    k = i + 1
    subjects: list[tuple[int, int]] = []
    subject_end = j
    if k < n and tokens[k].low == "of":
        agent_end = _phrase_right(tokens, k + 1)
        if agent_end == k + 1:
            return None
        subjects, k = [(k + 1, agent_end)], agent_end
    if k >= n or tokens[k].low not in ("on", "in", "for", "against", "towards", "toward"):
        return None
    if tokens[k].low == "against":
        polarity = -1 if polarity > 0 else 0
    if polarity == 0:
        return None
    objects, end = _phrases_right(tokens, k + 1)
    objects = [span for span in objects if not _unsigned_phrase(tokens, span)]
    if not objects:
        return None
    if not subjects:
        v = j - 1
        while v >= floor and (tokens[v].low in lx.DETERMINERS or tokens[v].low in _EFFECT_MODIFIERS
                              or _is_adverb(tokens[v].low)):
            v -= 1
        if v < floor or tokens[v].low not in lx.EFFECT_VERBS:
            return None
        subject = _subject_of_predicate(tokens, v, floor, claims)
        if subject is None:
            return None
        subjects, subject_end = subject
    return _Claim(subjects, objects, polarity, "effect", _negated(tokens, subject_end + 1, i),
                  _has(tokens, max(floor, subject_end + 1), i, lx.HEDGES), end)


def _predicated(tokens: list[_Token], i: int, floor: int) -> bool:
    """Is the participle at ``i`` the predicate of a form of "be" ("X is (often) involved in Y"),
    rather than a modifier ("the proteins involved in Y")?"""
    j = i - 1
    while j >= floor and _is_adverb(tokens[j].low):
        j -= 1
    return j >= floor and tokens[j].low in ("is", "are", "was", "were", "be", "been", "being")


def _involved_in_claim(tokens: list[_Token], i: int, floor: int,
                       claims: list[_Claim]) -> _Claim | None:
    """"X is involved / implicated in Y", "X participates in Y": a hedged positive claim."""
    n = len(tokens)
    if i + 1 >= n or tokens[i + 1].low != "in":
        return None
    low = tokens[i].low
    if low in ("involved", "implicated") and not _predicated(tokens, i, floor):
        return None  # "the proteins involved in Y" names proteins, it claims nothing
    objects, end = _phrases_right(tokens, i + 2)
    objects = [span for span in objects if not _unsigned_phrase(tokens, span)]
    subject = _subject_of_predicate(tokens, i, floor, claims)
    if not objects or subject is None:
        return None
    subjects, subject_end = subject
    return _Claim(subjects, objects, 1, "involved", _negated(tokens, subject_end + 1, i), True, end)


_DOSE_WORDS = frozenset({"dose", "doses", "dosage", "dosages"})
# Tools that silence or delete a gene: "Beclin1 siRNA" is less Beclin1; "by siRNA" names no cause.
_SILENCING_TOOLS = frozenset({"sirna", "sirnas", "shrna", "shrnas", "rnai", "morpholino",
                              "morpholinos", "sgrna", "sgrnas", "crispr", "crispr/cas9", "cas9",
                              "aso", "asos"})
# Words joining a silencing tool or an antibody to its target: "siRNA against X", "shRNA targeting X".
_TOOL_TARGET_WORDS = frozenset({"against", "targeting", "to", "for"})
_ANTIBODY_WORDS = frozenset({"antibody", "antibodies"})
_BLOCKING_MODIFIERS = frozenset({"neutralizing", "neutralising", "blocking", "function-blocking"})
_DOSE_MODIFIERS = frozenset({"low", "high", "lower", "higher", "single", "multiple", "increasing",
                             "moderate", "small", "large", "therapeutic", "subtoxic", "toxic"})


# How long or by which route a treatment was given: "long-term treatment with X", "oral X
# administration" name X.
_COURSE_MODIFIERS = frozenset({"long-term", "short-term", "chronic", "acute", "repeated", "prolonged",
                               "daily", "sustained", "continuous", "subchronic", "sub-chronic",
                               "intermittent", "systemic", "oral", "intranasal", "intraperitoneal",
                               "intracerebroventricular", "intravenous", "subcutaneous", "topical",
                               "low-dose", "high-dose", "early", "late", "prior", "combined"})


def _course_prefix(words: list[_Token]) -> int:
    """How many leading words say how a treatment was given ("long-term", "acute and chronic")."""
    k = 0
    while k < len(words) and words[k].low in _COURSE_MODIFIERS:
        k += 1
        if k + 1 < len(words) and words[k].low in ("and", "or", ",") and words[k + 1].low in _COURSE_MODIFIERS:
            k += 1
    return k


# "X was effective in reducing Y": the gerund is X's predicate.
_EFFICACY_WORDS = frozenset({"effective", "efficacious", "successful", "instrumental", "ineffective",
                             "unsuccessful"})


# Heads of a change that name a treatment, not a change found with the subject.
_GIVEN_HEADS = frozenset({"administration", "treatment", "supplementation", "addition", "infusion",
                          "injection", "exposure", "application", "delivery", "intake",
                          "consumption", "pretreatment"})


def _associated_with_claim(tokens: list[_Token], i: int, floor: int,
                           claims: list[_Claim]) -> _Claim | None:
    """"X overexpression was associated with increased Y", "X correlates with reduced Y": a weak,
    hedged claim that X's change goes with the change the object names (objects naming no change,
    "associated with AD", claim nothing)."""
    n = len(tokens)
    # "correlated negatively with Y", "inversely correlated with Y": a signed correlation
    signs = [lx.CORRELATION_SIGNS[tokens[k].low] for k in (i - 1, i + 1)
             if floor <= k < n and tokens[k].low in lx.CORRELATION_SIGNS]
    after = i + 2 if i + 1 < n and tokens[i + 1].low in lx.CORRELATION_SIGNS else i + 1
    if after >= n or not (tokens[after].low == "with" or (
            tokens[after].low == "to" and tokens[i].low.startswith("correlat"))):
        return None  # "correlates with Y", also "correlates to Y"
    if tokens[i].low == "associated" and not _predicated(tokens, i, floor):
        return None  # "the changes associated with Y" names changes, it claims nothing
    objects, end = _phrases_right(tokens, after + 1)
    objects = [span for span in objects if (signs or _leading_change(tokens, span) is not None
                                            or _trailing_change(tokens, span))
               and not any(tokens[k].low in _GIVEN_HEADS for k in range(*span))]
    subject = _subject_of_predicate(tokens, i, floor, claims)
    if not objects or subject is None:
        return None
    subjects, subject_end = subject
    return _Claim(subjects, objects, signs[0] if signs else 1, "associated",
                  _negated(tokens, subject_end + 1, i), True, end)


def _trailing_change(tokens: list[_Token], span: tuple[int, int]) -> bool:
    """A phrase ending in a head of change after its entity: "autophagy induction", "Y activation"."""
    last = tokens[span[1] - 1].low
    return span[1] - span[0] > 1 and _is_content(tokens, span[1] - 2) and last not in _GIVEN_HEADS \
        and (last in lx.INCREASE_HEADS or last in lx.DECREASE_HEADS) and last.endswith(("ion", "ment"))


def _unsigned_phrase(tokens: list[_Token], span: tuple[int, int]) -> bool:
    """"the regulation of Y", "control of Y": a phrase whose head leaves the direction open."""
    j = span[0]
    while j < span[1] and (tokens[j].low in lx.DETERMINERS or _is_adverb(tokens[j].low)):
        j += 1
    return j < span[1] and tokens[j].low in lx.UNSIGNED_HEADS


def _before_coordinated_verb(tokens: list[_Token], spans: list[tuple[int, int]],
                             end: int) -> tuple[list[tuple[int, int]], int]:
    """The conjuncts before the first that opens with a past verb after a comma: in "X countered the
    disruption of Y by D, reduced A and lowered B", "reduced A" is X's next predicate, not a second
    agent of Y's disruption."""
    for index, (start, _) in enumerate(spans[1:], start=1):
        if tokens[start].low in lx.VERB_FORMS and lx.VERB_FORMS[tokens[start].low][2] == "ed" \
                and tokens[start - 1].text == ",":
            return spans[:index], spans[index - 1][1]
    return spans, end


# Changes of an amount, whose "in" names what changed ("an increase in Y", "a decline in memory"); after
# other triggers "in" names a place or a setting ("tau accumulation in neurons", "activation in vivo").
_AMOUNT_CHANGES = frozenset({
    "increase", "increases", "decrease", "decreases", "reduction", "reductions", "elevation", "elevations",
    "rise", "rises", "decline", "declines", "loss", "losses", "improvement", "improvements", "impairment",
    "impairments", "increment", "increments", "diminution", "enhancement", "augmentation", "lowering",
    "upregulation", "up-regulation", "downregulation", "down-regulation",
})


def _caused_change(tokens: list[_Token], i: int, floor: int) -> bool:
    """The change named at i is the object of a verb of causing ("X causes impairment of Y with
    ageing", "X induces transcriptional activation of Y during hypoxia"): that verb's subject, not
    a condition named after the change, is its cause."""
    k = i - 1
    modifiers = 0
    while k > floor and (tokens[k].low in lx.DETERMINERS or tokens[k].low in _NAME_NOISE or (
            modifiers < 2 and tokens[k].low.isalpha() and tokens[k].text.islower()
            and tokens[k].low not in _CLOSED and tokens[k].low not in lx.VERB_FORMS)):
        modifiers += tokens[k].low not in lx.DETERMINERS
        k -= 1
    verb = lx.VERB_FORMS.get(tokens[k].low)
    return k >= floor and verb is not None and verb[1] > 0 and not _is_adjectival_trigger(tokens, k)


# Unsigned heads that a "positive" / "negative" in front signs: "negative regulation of Y by X".
_SIGNABLE_NOMINALS = frozenset({"regulation", "control", "modulation"})


def _signing_adjective_before(tokens: list[_Token], i: int, floor: int) -> int | None:
    """The sign of "positive" / "negative" right before ``i``, also across "feedback"."""
    k = i - 1
    if k > floor and tokens[k].low in ("feedback", "feed-back"):
        k -= 1
    return _SIGNING_ADJECTIVES.get(tokens[k].low) if k >= floor else None


def _nominal_claim(tokens: list[_Token], i: int, floor: int, polarity: int | None = None) -> _Claim | None:
    """"inhibition of Y by X" and "Y induction by X" (``polarity`` for a head signed elsewhere:
    "negative regulation of Y by X")."""
    polarity = lx.NOMINAL_TRIGGERS[tokens[i].low] if polarity is None else polarity
    n = len(tokens)
    k = i - 1
    while k > floor and (tokens[k].low in lx.DETERMINERS or tokens[k].low in _NAME_NOISE):
        k -= 1
    if k > floor and tokens[k].low in ("in", "of") and _change_head(tokens[k - 1].low):
        return None  # "a reduction in the accumulation of Y after X": the outer change is the claim
    if i + 1 < n and (tokens[i + 1].low == "of" or (tokens[i + 1].low == "in" and tokens[i].low in _AMOUNT_CHANGES)):
        objects, end = _phrases_right(tokens, i + 2)
        agent = _condition_agent(tokens, _past_report(tokens, end)) if objects else None
        if agent is not None and tokens[end].low != "by" and not _caused_change(tokens, i, floor):
            return _Claim([agent], objects, polarity, "nominal", _negated(tokens, max(floor, i - 2), i),
                          False, agent[1])
        if objects and end < n and tokens[end].low == "by":
            agents, agents_end = _phrases_right(tokens, end + 1)
            agents, agents_end = _before_coordinated_verb(tokens, agents, agents_end)
            if agents and not _verb_gerund(tokens, agents[0]) and not _tool_phrase(tokens, agents[0]):
                return _Claim(agents, objects, polarity, "nominal",
                              _negated(tokens, floor, i) and _has(tokens, i - 1, i, frozenset({"no"})),
                              False, agents_end)
    if i + 1 < n and tokens[i + 1].low == "by" and i - 1 >= floor:
        agents, agents_end = _phrases_right(tokens, i + 2)
        start = _phrase_left(tokens, i - 1)
        if agents and start <= i - 1 and not _verb_gerund(tokens, agents[0]):
            return _Claim(agents, [(start, i)], polarity, "nominal", False, False, agents_end)
    return None


# Residues and sites named after a modification: "at Ser262", "on Thr231, Ser262 and Ser396".
_SITE = re.compile(r"(?i)(ser|thr|tyr|lys|s|t|y|k)-?\d+|\d+|serines?|threonines?|tyrosines?|lysines?"
                   r"|residues?|sites?|positions?")
_SITE_FILLERS = frozenset({",", "and", "or", "the", "its", "several", "multiple", "specific"})


def _verb_gerund(tokens: list[_Token], span: tuple[int, int]) -> bool:
    """"(activation of Y) by interacting with Ras": a lone gerund that takes a complement is a
    means, not an agent."""
    return span[1] - span[0] == 1 and tokens[span[0]].low.endswith("ing") and span[1] < len(tokens) \
        and (tokens[span[1]].low in lx.PREPOSITIONS or tokens[span[1]].low in lx.DETERMINERS)


def _skip_sites(tokens: list[_Token], j: int) -> int:
    """Index after a site phrase starting at j ("at Ser262 and Thr231"), or j when none does."""
    n = len(tokens)
    if j >= n or tokens[j].low not in ("at", "on"):
        return j
    k, last = j + 1, j
    while k < n and (_SITE.fullmatch(tokens[k].text) or tokens[k].low in _SITE_FILLERS):
        if _SITE.fullmatch(tokens[k].text):
            last = k
        k += 1
    return last + 1 if last > j else j


def _modification_claim(tokens: list[_Token], i: int, floor: int) -> _Claim | None:
    """"phosphorylation of tau (at Ser262) by GSK3β", "tau dephosphorylation by PP2A": the agent
    changes the modification of its target (named "tau phosphorylation")."""
    modification, polarity = lx.MODIFICATION_NOUNS[tokens[i].low]
    n = len(tokens)
    if i + 1 < n and tokens[i + 1].low == "of":
        objects, end = _phrases_right(tokens, i + 2)
    elif i - 1 >= floor and _is_content(tokens, i - 1):
        start = _phrase_left(tokens, i - 1)
        objects, end = ([(start, i)], i + 1) if start <= i - 1 else ([], i + 1)
    else:
        return None
    end = _skip_sites(tokens, end)
    if not objects or end + 1 >= n or tokens[end].low != "by":
        return None
    agents, agents_end = _phrases_right(tokens, end + 1)
    if not agents:
        return None
    claim = _Claim(agents, objects, polarity, "nominal", _negated(tokens, max(floor, i - 2), i), False,
                   agents_end)
    claim.object_suffix = modification
    return claim


_CLASS_NAME_PARTS = frozenset({"protein", "proteins", "family", "families", "subfamily",
                               "superfamily", "member", "members", "potassium", "calcium",
                               "sodium", "chloride", "cation", "ion", "the", "a", "an"})


def _compound_claim(tokens: list[_Token], i: int, floor: int) -> _Claim | None:
    """"X-induced Y", "X-mediated increase in Y", "X-dependent Y"."""
    text = tokens[i].text
    stem, _, suffix = text.rpartition("-")
    polarity = lx.COMPOUND_SUFFIXES.get(suffix.lower())
    if polarity is None or not stem or not re.search(r"\w", stem):
        return None
    n = len(tokens)
    objects, end = _phrases_right(tokens, i + 1)
    if not objects:
        return None
    unbracketed = [k for k in range(*objects[0]) if _words_outside_brackets(tokens, (k, k + 1))
                   and not _inside_brackets(tokens, objects[0][0], k)]
    if len(objects) == 1 and any(tokens[k].low in lx.CLASS_NOUNS for k in unbracketed) and all(
            tokens[k].low in lx.CLASS_NOUNS or tokens[k].low in _CLASS_NAME_PARTS for k in unbracketed):
        return None  # "mitogen-activated protein kinase", "calcium-activated channels": names
    # The cause may be a longer phrase: "amyloid beta-induced" → "amyloid beta".
    start = i
    if i - 1 >= floor and _is_content(tokens, i - 1) and tokens[i - 1].low not in _NAME_NOISE \
            and not tokens[i - 1].low.endswith("ed"):
        start = _phrase_left(tokens, i - 1)
        if start > i - 1:
            start = i
        while start < i and (tokens[start].low in lx.DETERMINERS or tokens[start].low in lx.INCREASE_ADJECTIVES
                             or tokens[start].low in lx.DECREASE_ADJECTIVES):
            start += 1  # "reduced lysosomal X-mediated Y": the change is Y's, not X's
    subject_span = (start, i + 1)
    # "X-mediated Y, a compromised Z and W": a conjunct with its own determiner or change word
    # belongs to an outer list, not to what X mediates
    for index, (first, _) in enumerate(objects[1:], start=1):
        if tokens[first].low in lx.DETERMINERS or _leading_change(tokens, objects[index]) is not None:
            objects = objects[:index]
            end = objects[-1][1]
            break
    return _Claim([subject_span], objects, polarity, "compound",
                  _negated(tokens, max(floor, i - 2), i), False, end)


def _role_claims(tokens: list[_Token], i: int, floor: int, polarity: int | None = None) -> list[_Claim]:
    """"D, an X inhibitor", "X inhibitors (D, E)", "X inhibitors such as D" → D changes X."""
    polarity = _ROLE_NOUNS[tokens[i].low] if polarity is None else polarity
    n = len(tokens)
    if i + 1 < n and tokens[i + 1].low in ("of", "at"):
        # "D, an inhibitor of X": the target follows.
        target_end = _phrase_right(tokens, i + 2)
        if target_end == i + 2:
            return []
        claims = _role_claims_for_target(tokens, i, i, floor, (i + 2, target_end), polarity)
        if not claims and target_end + 2 < n and tokens[target_end].text == "," and (
                tokens[target_end + 1].low == "including"
                or (tokens[target_end + 1].low == "such" and tokens[target_end + 2].low == "as")):
            # "inhibitors of X, such as D and E, reduce Y": the examples after the target
            start = target_end + (2 if tokens[target_end + 1].low == "including" else 3)
            drugs, _ = _phrases_right(tokens, start)
            if drugs:
                claims = [_Claim(drugs, [(i + 2, target_end)], polarity, "role", False, False, target_end)]
        return claims
    target_start = i - 1
    if target_start > floor and tokens[target_start].text == ")":
        opening = _skip_parens_left(tokens, target_start)
        target_start = opening - 1 if opening < target_start else target_start
    taken = 0
    while target_start >= floor and (_is_content(tokens, target_start) and
                                     tokens[target_start].low not in _ROLE_MODIFIERS
                                     and not tokens[target_start].low.endswith(
                                         ("-independent", "-selective", "-specific"))):
        if taken >= 3:
            break
        taken += 1
        target_start -= 1
    target_start += 1
    if target_start >= i:
        return []
    return _role_claims_for_target(tokens, i, target_start, floor, (target_start, i), polarity)


def _role_claims_for_target(tokens: list[_Token], i: int, target_start: int, floor: int,
                            target: tuple[int, int], polarity: int) -> list[_Claim]:
    """Find the agents ("D") of the role noun at i whose target phrase is ``target``."""
    n = len(tokens)
    drugs: list[tuple[int, int]] = []
    end = i + 1
    if end < n and tokens[end].text == "(":
        close = _skip_parens_right(tokens, end)
        inner, _ = _phrases_right(tokens, end + 1)
        measured = any(tokens[k].text in ("=", "<", ">", "≤", "≥", "~") for k in range(end, close))
        if close > end and inner and not measured \
                and any(re.search(r"[A-Za-z]", tokens[a].text) for a, _ in inner):
            drugs = inner  # not a measurement: "an X inhibitor (IC50 = 0.5 µM)"
    elif end + 1 < n and tokens[end].low == "such" and tokens[end + 1].low == "as":
        drugs, _ = _phrases_right(tokens, end + 2)
    elif end + 1 < n and tokens[end].text == "," and tokens[end + 1].low in ("including", "like"):
        drugs, _ = _phrases_right(tokens, end + 2)
    elif end + 2 < n and tokens[end].text == "," and tokens[end + 1].low == "such" and tokens[end + 2].low == "as":
        drugs, _ = _phrases_right(tokens, end + 3)  # "X inhibitors, such as D and E,"
    elif end + 1 < n and tokens[end].text == "," and tokens[i].low.endswith("s"):
        drugs = _apposed_members(tokens, end)  # "the X inhibitors, D and E, reduce Y"
    elif end < n and _is_content(tokens, end) and tokens[end].low not in lx.INCREASE_HEADS \
            and tokens[end].low not in lx.QUANTITY_WORDS and tokens[end].low not in _ROLE_NOUNS \
            and not _process_noun(tokens[end].low) and tokens[end].low not in lx.GENERIC_NAMES:
        drugs, _ = _phrases_right(tokens, end)  # "the mTOR inhibitor rapamycin"
    if not drugs and target_start - 3 >= floor and tokens[target_start - 1].low == "other" \
            and tokens[target_start - 2].low in ("and", "or"):
        # "D and other X inhibitors": D is one of them
        before = _phrases_left(tokens, target_start - 3)
        drugs = before[-1:] if before else []
    if not drugs:
        # Apposition: "D, an X inhibitor," / "D (an X inhibitor)".
        j = target_start - 1
        while j >= floor and (tokens[j].low in lx.DETERMINERS or tokens[j].low in _ROLE_MODIFIERS
                              or _is_adverb(tokens[j].low)
                              or tokens[j].low.endswith(("-independent", "-selective",
                                                         "-specific"))
                              or (tokens[j].text.isalpha() and tokens[j].text.islower()
                                  and tokens[j].low.endswith(("ical", "ive", "ous", "ent", "ant")))):
            j -= 1  # "D, a prototypical activator of X"
        if j >= floor + 1 and tokens[j].text in (",", "(") and tokens[j + 1].low in ("a", "an"):
            start = _phrase_left(tokens, j - 1)
            if start <= j - 1:
                drugs = [(start, j)]
        elif j >= floor + 1 and tokens[j].low in ("is", "are", "was", "were", "as", "be"):
            # Predicate nominal: "D is an X inhibitor", "D and E are X inducers", "D acts as an X agonist".
            k = j - 1
            while k >= floor and (_is_adverb(tokens[k].low) or tokens[k].low in
                                  ("act", "acts", "acted", "serve", "serves", "served", "function",
                                   "functions", "may", "might", "can", "could", "also")):
                k -= 1
            if k >= floor and tokens[k].text == ",":
                drugs = _class_and_examples_before(tokens, k, floor)  # "Ds, such as D1, are X inducers"
                aside = _apposition_start(tokens, k, floor) if not drugs else None
                if aside is not None and aside >= floor:
                    drugs = _phrases_left(tokens, aside)  # "D, a mood stabiliser, is an X inducer"
            elif k >= floor:
                drugs = _phrases_left(tokens, k)
    target_words = [tokens[k] for k in range(*target) if tokens[k].low not in lx.DETERMINERS]
    if not drugs or (len(target_words) == 1 and target_words[0].text.islower()
                     and target_words[0].low.endswith(("ic", "al", "ergic"))):
        return []  # "a ganglionic blocker", "a cholinergic agonist": a drug class, no target
    return [_Claim(drugs, [target], polarity, "role", False, False, target[1])]


def _class_and_examples_before(tokens: list[_Token], comma: int, floor: int) -> list[tuple[int, int]]:
    """The class and its members in "Statins, such as D and E, ..." when ``comma`` closes the
    examples; [] otherwise."""
    for opening in range(comma - 2, max(floor, comma - 25) - 1, -1):
        if tokens[opening].text != ",":
            continue
        members, end = _examples_after(tokens, opening)
        if members and end == comma:
            classes = _phrases_left(tokens, opening - 1)
            return classes + members if classes else []
        return []
    return []


_CELL_ENDINGS = ("cytes", "cyte", "glia", "neurons", "neuron", "cells", "phages", "blasts")


def _cell_phrase(tokens: list[_Token], span: tuple[int, int]) -> bool:
    """A phrase naming a cell type ("microglia", "reactive astrocytes", "dopaminergic neurons")."""
    last = tokens[span[1] - 1].low
    return last.endswith(_CELL_ENDINGS) and not tokens[span[1] - 1].text.isupper()


def _expression_claim(tokens: list[_Token], i: int, floor: int, claims: list[_Claim]) -> _Claim | None:
    """"Astrocytes express NLRP3", "TLR4 is expressed in/by microglia": a cell type makes the
    product, so more of those cells means more of it (a weak claim)."""
    n = len(tokens)
    low = tokens[i].low
    if low in ("express", "expresses") or (low == "expressed" and not _passive_participle(tokens, i, floor)):
        subject = _subject_of_predicate(tokens, i, floor, claims)
        objects, end = _phrases_right(tokens, i + 1)
        if subject is None or not objects:
            return None
        cells = [span for span in subject[0] if _cell_phrase(tokens, span)]
        return _Claim(cells, objects, 1, "expression", _negated(tokens, subject[1] + 1, i), False,
                      end) if cells else None
    if low == "expressed" and i + 2 < n and tokens[i + 1].low in ("in", "by", "on") \
            and _passive_participle(tokens, i, floor):
        cells, end = _phrases_right(tokens, i + 2)
        cells = [span for span in cells if _cell_phrase(tokens, span)]
        j = _gap_left(tokens, i, floor)
        products = _phrases_left(tokens, j) if j >= floor else []
        if not cells or not products:
            return None
        return _Claim(cells, products, 1, "expression", _negated(tokens, j + 1, i), False, end)
    return None


def _context_claim(tokens: list[_Token], i: int, floor: int, claims: list[_Claim]) -> _Claim | None:
    """A non-causal predicate ("X shows Y"), kept only so that "..., improves Z" finds X; never emitted."""
    j = _gap_left(tokens, i, floor)
    if j < floor or not _is_content(tokens, j):
        return None
    objects, end = _phrases_right(tokens, i + 1)
    subject = _subject_of_predicate(tokens, i, floor, claims)
    if not objects or subject is None:
        return None
    return _Claim(subject[0], objects, 1, "context", True, False, end)


def _state_claim(tokens: list[_Token], i: int, floor: int,
                 claims: list[_Claim]) -> _Claim | None:
    """"X-deficient mice exhibit increased Y": having a state shows its effects (a trigger)."""
    j = _gap_left(tokens, i, floor)
    if j >= floor and tokens[j].low == "and":
        # "mice expressing X have an impaired UPS and show memory deficits"
        shared = next((c for c in reversed(claims) if c.construction == "state"
                       and j - 2 <= c.end <= j + 1), None)
        subjects = shared.subjects if shared is not None else []
    elif j < floor or not (_is_content(tokens, j) or tokens[j].text in (")", "]")):
        return None
    else:
        subjects = _phrases_left(tokens, j)
    if not subjects:
        return None
    k = i + 1
    while k < len(tokens) and _is_adverb(tokens[k].low):
        k += 1  # "displayed significantly higher CMA"
    objects, end = _phrases_right(tokens, k)
    if not objects:
        return None
    return _Claim(subjects, objects, 1, "state", _negated(tokens, j + 1, i),
                  _has(tokens, j + 1, i, lx.HEDGES), end)


# --------------------------------------------------------------------------------------------
# Claims → annotations
# --------------------------------------------------------------------------------------------
def _treated_group(tokens: list[_Token], span: tuple[int, int]) -> bool:
    """"Rapamycin-treated mice", "TFEB-transfected cells", "mice expressing APOE4": a group
    given X shows X's effects."""
    p = span[0] - 1
    if p - 1 >= 1 and tokens[p].low in ("with", "to") and _GIVEN_WITH.get(tokens[p - 1].low) == tokens[p].low \
            and tokens[p - 2].low in _ORGANISMS:
        return True  # "cells treated with X show ...": the span names X
    if p - 1 >= 0 and tokens[p].low in ("fed", "given", "receiving") and tokens[p - 1].low in _ORGANISMS:
        return True  # "mice fed a high-fat diet show ..."
    return any(tokens[k].low.endswith(_OVEREXPRESSION_MARKERS) for k in range(*span)) \
        or _expressing_carrier([tokens[k] for k in range(*span)]) > 0


_EXPRESSING = frozenset({"expressing", "overexpressing", "over-expressing", "receiving", "given", "fed"})
_CARRIER_MODIFIERS = frozenset({"transgenic", "tg", "knock-in", "primary", "cultured", "human",
                                "adult", "aged", "young", "old", "male", "female"})


def _expressing_carrier(words: list[_Token]) -> int:
    """"(transgenic) mice expressing X", "neurons overexpressing X": the index after the carrier
    and its participle (0 when the phrase is not such a carrier)."""
    for k, word in enumerate(words):
        if word.low in _EXPRESSING:
            before = [w.low for w in words[:k] if w.low not in lx.DETERMINERS]
            if before and before[-1] in _ORGANISMS and all(
                    w in _ORGANISMS or w in _CARRIER_MODIFIERS for w in before) and k + 1 < len(words):
                return k + 2 if words[k + 1].low == "with" and k + 2 < len(words) else k + 1  # "fed (with) X"
            return 0
    return 0


def _leading_change(tokens: list[_Token], span: tuple[int, int]) -> int | None:
    """Direction set by a phrase's leading change word ("impaired", "loss of"), if it has one."""
    j = span[0]
    while j < span[1] and tokens[j].low in lx.DETERMINERS:
        j += 1
    if j + 2 < span[1] and _manner_adjective(tokens[j]) and _change_head(tokens[j + 1].low) \
            and tokens[j + 2].low in ("of", "in"):
        j += 1  # "conditional knockout of X or Y"
    # "significant reductions in A, B and C", "robust and dose-dependent reductions in ...":
    # modifiers before the change head
    k = j
    while k + 2 < span[1] and k - j < 5 and (
            _is_adverb(tokens[k].low) or tokens[k].low in _NAME_NOISE or tokens[k].low == "and"
            or _manner_adjective(tokens[k]) or tokens[k].low.endswith("-dependent")):
        k += 1
    if k > j and _change_head(tokens[k].low) and tokens[k + 1].low in ("of", "in"):
        j = k
    if j >= span[1]:
        return None
    low = tokens[j].low
    nxt = tokens[j + 1].low if j + 1 < span[1] else ""
    if low in lx.INCREASE_ADJECTIVES and nxt:
        return 1
    if low in lx.DECREASE_ADJECTIVES and nxt:
        return -1
    if nxt in ("of", "in"):
        if low in lx.DECREASE_HEADS or low in lx.DEFICIENCY_HEADS or lx.NOMINAL_TRIGGERS.get(low, 1) < 0:
            return -1
        if low in lx.INCREASE_HEADS or lx.NOMINAL_TRIGGERS.get(low, -1) > 0:
            return 1
    if low.endswith("ing") and nxt and nxt not in _CLOSED:
        # a gerund with its object: "reducing NLRC4 (or ASC)", "overexpressing TFEB"
        if low in lx.DECREASE_HEADS or low in lx.DEFICIENCY_HEADS:
            return -1
        if low in lx.INCREASE_HEADS:
            return 1
    return None


def _shared_heads(tokens: list[_Token], spans: list[tuple[int, int]]) -> list[int]:
    """"impaired learning and memory": a bare conjunct shares the change word of the first one."""
    if len(spans) < 2:
        return [1] * len(spans)
    first = _leading_change(tokens, spans[0])
    if first is None:
        return [1] * len(spans)
    # only conjuncts share it: not the agent in "inhibition of X by D" read beside the change
    return [1] + [first if _leading_change(tokens, span) is None and _words_outside_brackets(
        tokens, span) <= 5 and span[0] > 0 and tokens[span[0] - 1].low not in ("by", "with", "via", "using")
        and not _member_of_changer(tokens, spans, span)
        else 1 for span in spans[1:]]


_MEMBER_MARKERS = frozenset(marker[0] for marker in _EXAMPLE_MARKERS if len(marker) == 1)


def _member_of_changer(tokens: list[_Token], spans: list[tuple[int, int]], span: tuple[int, int]) -> bool:
    """Is ``span`` a member named after an example marker whose class is not what the first
    phrase's change word acts on? "Blockers of X, such as D, lower Y": D is a blocker, not a
    blocked X (but in "loss of cytokines, such as IL-6" IL-6 is lost)."""
    marker = next((k for k in range(span[0] - 1, spans[0][1] - 1, -1) if tokens[k].low in _MEMBER_MARKERS
                   or (tokens[k].low == "as" and tokens[k - 1].low == "such")), None)
    if marker is None:
        return False
    agents = [(a, b) for a, b in spans[1:] if b <= marker and tokens[a - 1].low in ("by", "with", "via", "using")]
    if agents:
        return True  # the class is the agent after "by", which does not share the change either
    head = next((k for k in range(*spans[0]) if tokens[k].low not in lx.DETERMINERS), spans[0][0])
    return tokens[head].low in _ROLE_NOUNS


def _inside_brackets(tokens: list[_Token], start: int, k: int) -> bool:
    """Is token k inside a bracket group opened at or after ``start``?"""
    depth = 0
    for m in range(start, k):
        if tokens[m].text in ("(", "["):
            depth += 1
        elif tokens[m].text in (")", "]"):
            depth = max(0, depth - 1)
    return depth > 0


def _words_outside_brackets(tokens: list[_Token], span: tuple[int, int]) -> int:
    """Length of a phrase without its bracketed parts ("memory (Gao et al., 2010)" is one word)."""
    count, depth = 0, 0
    for k in range(*span):
        if tokens[k].text in ("(", "["):
            depth += 1
        elif tokens[k].text in (")", "]"):
            depth = max(0, depth - 1)
        elif depth == 0:
            count += 1
    return count


def _annotation(subject: _Entity, obj: _Entity, polarity: int, sentence: str,
                confidence: float, hedged: bool) -> Annotation | None:
    effect = polarity * obj.polarity
    subject_change: Change | None = None
    object_change: Change | None = None
    if subject.state:
        if obj.state and effect < 0:
            object_change = "decrease"
        elif not obj.state:
            object_change = "increase" if effect > 0 else "decrease"
    else:
        direction = subject.polarity
        if obj.state:
            # "X prevents AD": less X is what brings the state about.
            subject_change = "increase" if direction * effect > 0 else "decrease"
        else:
            subject_change = "increase" if direction > 0 else "decrease"
            object_change = "increase" if effect > 0 else "decrease"
    return Annotation(subject=subject.name, subject_change=subject_change, object=obj.name,
                      object_change=object_change, text=sentence, confidence=confidence,
                      hedged=hedged, subject_aliases=subject.aliases, object_aliases=obj.aliases)


def _with_bracketed_members(tokens: list[_Token], spans: list[tuple[int, int]],
                            heads: list[int]) -> list[tuple[tuple[int, int], int]]:
    """Each phrase with its head's sign, followed by the members its class lists in brackets
    ("antipsychotic drugs (D and E)"), which share that sign."""
    expanded: list[tuple[tuple[int, int], int]] = []
    for span, head in zip(spans, heads):
        expanded.append((span, head))
        expanded += [(member, head) for member in _bracketed_members(tokens, span)]
    return expanded


_ASIDE_DASHES = frozenset({"\u2014", "\u2013"})
_ASIDE_MAX = 8


def _dash_asides_as_commas(tokens: list[_Token]) -> list[_Token]:
    """"A channel \u2014 TRPM2 \u2014 activates Y": an aside between two free-standing dashes reads as one
    set off by commas (dashes inside words were made hyphens by ``undo_typesetting``)."""
    read = list(tokens)
    k = 0
    while k < len(read):
        if read[k].text in _ASIDE_DASHES:
            close = next((m for m in range(k + 1, min(len(read), k + _ASIDE_MAX + 2))
                          if read[m].text in _ASIDE_DASHES or read[m].text in _HARD_BOUNDARY), None)
            if close is not None and close > k + 1 and read[close].text in _ASIDE_DASHES:
                read[k] = _Token(",", ",", read[k].start)
                read[close] = _Token(",", ",", read[close].start)
                k = close
        k += 1
    return read


def _soften_bracketed_boundaries(tokens: list[_Token]) -> list[_Token]:
    """"(Zhang et al., 2008; Yu et al., 2010)": a semicolon inside brackets separates citations,
    not clauses, so it reads as a comma."""
    softened: list[_Token] = []
    depth = 0
    for tok in tokens:
        if tok.text in ("(", "["):
            depth += 1
        elif tok.text in (")", "]"):
            depth = max(0, depth - 1)
        elif depth and tok.text in (";", ":"):
            tok = _Token(",", ",", tok.start)
        softened.append(tok)
    return softened


_EXCLUSION_PHRASE_MAX = 6


def _drop_exclusions(tokens: list[_Token]) -> list[_Token]:
    """Remove a contrasted exclusion inserted in a phrase: "p300, not pCAF, led to Y" and
    "overexpression of A, but not B, reduced Y" state the claim of A alone; the insert would
    otherwise split the subject from its verb (and its "not" would read as a negation)."""
    kept: list[_Token] = []
    i, n = 0, len(tokens)
    while i < n:
        k = i + 1 + (i + 1 < n and tokens[i + 1].low == "but")
        if tokens[i].text == "," and k < n and tokens[k].low == "not" and i > 0 \
                and _is_content(tokens, i - 1):
            end = _phrase_right(tokens, k + 1)
            if k + 1 < end <= k + 1 + _EXCLUSION_PHRASE_MAX and (
                    end >= n or tokens[end].text in (",", ")") or tokens[end].text in _HARD_BOUNDARY):
                i = end + 1 if end < n and tokens[end].text == "," else end
                continue
        if tokens[i].low == "but" and i + 3 < n and tokens[i + 1].low == "not" and i > 0 \
                and _is_content(tokens, i - 1):
            # without commas: "wild-type but not mutant X reduced Y", "A but not B reduced Y"
            if tokens[i + 2].text.islower() and _is_content(tokens, i + 3) \
                    and tokens[i - 1].text.islower() and tokens[i - 1].low not in lx.VERB_FORMS:
                i += 3  # contrasted modifiers of one noun
                continue
            end = _phrase_right(tokens, i + 2)
            if i + 2 < end < n and end - i - 2 <= _EXCLUSION_PHRASE_MAX and tokens[end].low in lx.VERB_FORMS \
                    and lx.VERB_FORMS[tokens[end].low][2] in ("s", "ed", "base"):
                i = end
                continue
        kept.append(tokens[i])
        i += 1
    return kept


def extract_annotations(sentence: str, abbreviations: dict[str, str] | None = None) -> list[Annotation]:
    """The proto-role annotations stated in ``sentence`` (one per claim; negated claims dropped).

    ``abbreviations`` (short → long form, e.g. from ``find_abbreviations`` over the whole document)
    are added to those the sentence defines itself; an entity named by a short form is reported
    under its long form with the short form as alias.
    """
    known = dict(abbreviations or {})
    known.update(find_abbreviations(sentence))
    text = undo_typesetting(sentence)
    for short, long in find_abbreviations(text).items():
        # a short form defined after a name that held another one: "element (CRE)-binding protein (CREB)"
        known.setdefault(short, long)
    tokens = _drop_exclusions(_soften_bracketed_boundaries(_dash_asides_as_commas(tokenize(text))))
    annotations: list[Annotation] = []
    sentence_of: list[int] = []  # the sentence (its first token) each annotation was read from
    seen: set[tuple] = set()
    long_forms = [long.lower() for long in known.values()]
    claims = _extract_claims(tokens)
    by_claim: list[list[Annotation]] = [[] for _ in claims]
    for claim_index, claim in enumerate(claims):
        if claim.negated:
            continue
        if claim.construction == "compound" and any(
                tokens[claim.verb].low in long for long in long_forms):
            continue  # "AMP-activated protein kinase" is a name, not a claim
        if claim.construction == "active" and 0 < claim.verb < len(tokens) - 1 and any(
                f"{tokens[claim.verb - 1].low} {tokens[claim.verb].low} {tokens[claim.verb + 1].low}" in long
                for long in long_forms):
            continue  # "apoptotic protease activating factor 1 (Apaf-1)" is a name
        confidence = _CONFIDENCE[claim.construction] * (_HEDGE_CONFIDENCE if claim.hedged else 1.0) \
            * (_ANAPHOR_CONFIDENCE if claim.resolved else 1.0)
        if claim.construction == "context":
            continue
        subjects = _with_bracketed_members(tokens, claim.subjects, _shared_heads(tokens, claim.subjects))
        objects = _with_bracketed_members(tokens, claim.objects, _shared_heads(tokens, claim.objects))
        for subject_span, subject_head in subjects:
            subject = _entity(tokens, subject_span, "subject", known)
            if subject is None or (claim.construction == "state" and not subject.state
                                   and not _treated_group(tokens, subject_span)):
                continue  # "X shows Y" is causal only for a state X ("X-deficient mice show Y")
            subject.polarity *= subject_head * claim.subject_polarity
            for index, (object_span, object_head) in enumerate(objects):
                obj = _entity(tokens, object_span, "object", known)
                if obj is None or obj.name.lower() == subject.name.lower():
                    continue
                obj.polarity *= object_head
                if claim.construction == "nominal" and index > 0 \
                        and _leading_change(tokens, object_span) is not None:
                    # "down-regulation of A and reduction in B by X": B's own head is the change
                    obj.polarity *= claim.polarity
                if claim.object_suffix and not obj.state and \
                        not obj.name.lower().endswith(claim.object_suffix.lower()):
                    obj.name = f"{obj.name} {claim.object_suffix}"
                    obj.aliases = [f"{alias} {claim.object_suffix}" for alias in obj.aliases]
                annotation = _annotation(subject, obj, claim.polarity, sentence,
                                         round(confidence, 3), claim.hedged)
                if annotation is None:
                    continue
                key = (annotation.subject.lower(), annotation.subject_change,
                       annotation.object.lower(), annotation.object_change)
                by_claim[claim_index].append(annotation)
                if key not in seen:
                    seen.add(key)
                    annotations.append(annotation)
                    sentence_of.append(claim.floor)
    derived = [means for claim, found in zip(claims, by_claim) if claim.means_of is not None
               for means in _means_claims(found, by_claim[claim.means_of])]
    for chained in _chains(annotations, sentence_of) + derived:
        key = (chained.subject.lower(), chained.subject_change, chained.object.lower(),
               chained.object_change)
        if key not in seen:
            seen.add(key)
            annotations.append(chained)
    return annotations


_CHAIN_CONFIDENCE = 0.8


def _chains(annotations: list[Annotation], sentence_of: list[int]) -> list[Annotation]:
    """Two-step causal chains stated in one sentence give the indirect claim: "X inhibits Y,
    leading to loss of Z" / "X activates Y, which increases Z" also say that X acts on Z.

    Only one step of composition, only within a sentence, and only where the effect of the first
    claim has the same name as the cause of the second.
    """
    chained: list[Annotation] = []
    for first, first_sentence in zip(annotations, sentence_of):
        link = term_key(first.object)
        for second, second_sentence in zip(annotations, sentence_of):
            if second is first or second_sentence != first_sentence or term_key(second.subject) != link:
                continue
            if term_key(second.object) == term_key(first.subject):
                continue
            composed = _compose(first, second)
            if composed is not None:
                chained.append(composed)
    return chained


def _means_claims(means: list[Annotation], results: list[Annotation]) -> list[Annotation]:
    """"X reduces Y by inhibiting Z": the change of Z is how Y changes, so Z acts on Y (less Z,
    less Y). Both claims share their subject X; the new claim joins their objects."""
    found: list[Annotation] = []
    for how in means:
        for result in results:
            if term_key(how.object) == term_key(result.object):
                continue
            found.append(Annotation(
                subject=how.object, subject_change=how.object_change, object=result.object,
                object_change=result.object_change, text=result.text,
                confidence=round(min(how.confidence, result.confidence) * _CHAIN_CONFIDENCE, 3),
                hedged=how.hedged or result.hedged, subject_aliases=how.object_aliases,
                object_aliases=result.object_aliases))
    return found


def _compose(first: Annotation, second: Annotation) -> Annotation | None:
    """The claim "first.subject → second.object" through the shared middle term, or None unless
    the middle term's change in the first claim is the one the second claim starts from. Where
    they disagree ("X lowers Y, which impairs Z") "which" may be Y or the lowering of Y, and the
    two readings give opposite signs, so no chain is drawn."""
    middle_out, middle_in = first.object_change, second.subject_change
    if middle_out is not None and middle_in is not None:
        agree = middle_out == middle_in
    elif middle_out is None:
        # A state brought about counts as its increase (or is itself the second claim's state).
        agree = middle_in in (None, "increase")
    else:
        agree = middle_out == "increase"  # less of a quantity says nothing of the state it triggers
    if not agree:
        return None
    return Annotation(subject=first.subject, subject_change=first.subject_change,
                      object=second.object, object_change=second.object_change, text=first.text,
                      confidence=round(min(first.confidence, second.confidence) * _CHAIN_CONFIDENCE, 3),
                      hedged=first.hedged or second.hedged, subject_aliases=first.subject_aliases,
                      object_aliases=second.object_aliases)
