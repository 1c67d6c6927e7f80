"""Expression and state claims ("X-deficient mice exhibit increased Y"), carriers that express a thing, the
change that leads a phrase, and members in brackets.
"""

from __future__ import annotations

from pathlib import Path

from engine.reading.language import lexicon as lx
from engine.reading.language.data_files import word_set
from engine.reading.rules.records import Claim
from engine.reading.rules.tokens import Token
from engine.reading.rules.vocabulary import (
    CARRIERS, DEFICIENCY_MARKERS, EXAMPLE_MARKERS, GIVEN_WITH, MEANS_WORDS, ORGANISMS,
    OVEREXPRESSION_MARKERS, PLACING_NOUNS, ROLE_MODIFIERS, ROLE_NOUNS,
)
from engine.reading.rules import naming, phrases, subject_finding, verbs, word_tests

_WORDS = Path(__file__).with_name("words.toml")


def expression_claim(tokens: list[Token], i: int, floor: int, claims: list[Claim]) -> Claim | None:
    """"Astrocytes express NLRP3", "TLR4 is expressed in/by microglia": a cell type makes the
    product, so more of those cells means more of it (a weak claim)."""
    n = len(tokens)
    low = tokens[i].low
    if low in _EXPRESS_VERBS or (low == "expressed" and not verbs.passive_participle(tokens, i, floor)):
        subject = subject_finding.subject_of_predicate(tokens, i, floor, claims)
        objects, end = phrases.phrases_right(tokens, i + 1)
        if subject is None or not objects:
            return None
        if any(naming.leading_change(tokens, span) is not None for span in objects):
            return None  # "astrocytes express low levels of X": how much they make, not that they make it
        cells = [span for span in subject[0] if phrases.cell_phrase(tokens, span)]
        return Claim(cells, objects, 1, "expression", word_tests.negated(tokens, subject[1] + 1, i), False,
                      end) if cells else None
    if low == "expressed" and i + 2 < n and tokens[i + 1].low in _EXPRESSION_PREPOSITIONS \
            and verbs.passive_participle(tokens, i, floor):
        cells, end = phrases.phrases_right(tokens, i + 2)
        cells = [span for span in cells if phrases.cell_phrase(tokens, span)]
        j = phrases.gap_left(tokens, i, floor)
        products = phrases.phrases_left(tokens, j) if j >= floor else []
        if not cells or not products:
            return None
        return Claim(cells, products, 1, "expression", word_tests.negated(tokens, j + 1, i), False, end)
    return None


def context_claim(tokens: list[Token], i: int, floor: int, claims: list[Claim]) -> Claim | None:
    """A non-causal predicate ("X shows Y"), kept only so that "..., improves Z" finds X; never emitted."""
    j = phrases.gap_left(tokens, i, floor)
    if j < floor or not word_tests.is_content(tokens, j):
        return None
    objects, end = phrases.phrases_right(tokens, i + 1)
    subject = subject_finding.subject_of_predicate(tokens, i, floor, claims)
    if not objects or subject is None:
        return None
    return Claim(subject[0], objects, 1, "context", True, False, end)


def state_claim(tokens: list[Token], i: int, floor: int,
                 claims: list[Claim]) -> Claim | None:
    """"X-deficient mice exhibit increased Y": having a state shows its effects (a trigger)."""
    j = phrases.gap_left(tokens, i, floor)
    if j >= floor and tokens[j].low == "and":
        # "mice expressing X have an impaired UPS and show memory deficits"
        shared = next((c for c in reversed(claims) if c.construction == "state"
                       and j - 2 <= c.end <= j + 1), None)
        subjects = shared.subjects if shared is not None else []
    elif j < floor or not (word_tests.is_content(tokens, j) or tokens[j].text in (")", "]")):
        return None
    else:
        subjects = phrases.phrases_left(tokens, j)
    subjects = [span for span in subjects if not _carrier_of_condition(tokens, span)]
    if not subjects:
        return None
    k = i + 1
    while k < len(tokens) and word_tests.is_adverb(tokens[k].low):
        k += 1  # "displayed significantly higher CMA"
    objects, end = phrases.phrases_right(tokens, k)
    if not objects:
        return None
    return Claim(subjects, objects, 1, "state", word_tests.negated(tokens, j + 1, i),
                  word_tests.has(tokens, j + 1, i, lx.HEDGES), end)


_LIVING_WITH = word_set(_WORDS, "_living_with")
_EXPRESS_VERBS = word_set(_WORDS, "_express_verbs")
_EXPRESSION_PREPOSITIONS = word_set(_WORDS, "_expression_prepositions")
_CARRIER_PREPOSITIONS = word_set(_WORDS, "_carrier_prepositions")
_FED_PARTICIPLES = word_set(_WORDS, "_fed_participles")


def _carrier_of_condition(tokens: list[Token], span: tuple[int, int]) -> bool:
    """"Patients with D show more Y", "brains diagnosed with D exhibit more Y": what is found in
    those who have a condition is associated with it, not shown to be its effect. Carriers given a
    change by experiment ("mice with X deletion") show that change's effects."""
    k = span[0] - 1
    while k >= 0 and tokens[k].low in _LIVING_WITH | _CARRIER_PREPOSITIONS:
        k -= 1
    joined = [t.low for t in tokens[k + 1:span[0]]]
    if k < 0 or not joined or tokens[k].low not in CARRIERS or not _LIVING_WITH & set(joined):
        return False
    named = [tokens[m].low for m in range(*span)]
    return not any(w in lx.DEFICIENCY_HEADS or w in lx.MUTATION_HEADS or w in lx.INCREASE_HEADS
                   or w.endswith(DEFICIENCY_MARKERS + OVEREXPRESSION_MARKERS) for w in named)


# --------------------------------------------------------------------------------------------
# Claims → annotations
# --------------------------------------------------------------------------------------------
def treated_group(tokens: list[Token], span: tuple[int, int]) -> bool:
    """"Rapamycin-treated mice", "TFEB-transfected cells", "mice expressing APOE4": a group
    given X shows X's effects."""
    p = span[0] - 1
    if p - 1 >= 1 and tokens[p].low in ("with", "to") and GIVEN_WITH.get(tokens[p - 1].low) == tokens[p].low \
            and tokens[p - 2].low in ORGANISMS:
        return True  # "cells treated with X show ...": the span names X
    if p - 1 >= 0 and tokens[p].low in _FED_PARTICIPLES and tokens[p - 1].low in ORGANISMS:
        return True  # "mice fed a high-fat diet show ..."
    return any(tokens[k].low.endswith(OVEREXPRESSION_MARKERS) for k in range(*span)) \
        or naming.expressing_carrier([tokens[k] for k in range(*span)]) > 0


def shared_heads(tokens: list[Token], spans: list[tuple[int, int]]) -> list[int]:
    """"impaired learning and memory": a bare conjunct shares the change word of the first one. A word
    of better or worse weighs each conjunct's worth ("poor bone quality and fractures": more fractures)."""
    if len(spans) < 2:
        return [1] * len(spans)
    first = naming.leading_change(tokens, spans[0])
    if first is None:
        return [1] * len(spans)
    valence = any(tokens[k].low in lx.VALENCE_ADJECTIVES for k in range(*spans[0]))
    signs = [1]
    for span in spans[1:]:
        # only conjuncts share it: not the agent in "inhibition of X by D" read beside the change
        shares = naming.leading_change(tokens, span) is None and words_outside_brackets(tokens, span) <= 5 \
            and span[0] > 0 and tokens[span[0] - 1].low not in MEANS_WORDS \
            and not _member_of_changer(tokens, spans, span)
        signs.append((-first if valence and phrases.detrimental(tokens, span) else first) if shares else 1)
    return signs


def shared_process(tokens: list[Token], spans: list[tuple[int, int]]) -> list[str | None]:
    """"clearance of A and B", "release of A and B": the process the first phrase names is
    named of every bare member after it too (the member's process, not the member itself, is what
    changes). Per span, the process words a member shares ("autophagic clearance"), else None."""
    shared: list[str | None] = [None] * len(spans)
    if len(spans) < 2 or naming.leading_change(tokens, spans[0]) is not None:
        return shared
    first = spans[0]
    of = next((k for k in range(first[0] + 1, first[1]) if tokens[k].low == "of"), None)
    if of is None or not process_word(tokens[of - 1].low):
        return shared
    start = first[0]
    while start < of and tokens[start].low in lx.DETERMINERS:
        start += 1
    # a modification is named by its noun alone ("B phosphorylation", not "B rapid phosphorylation"),
    # the form identity gives it
    modification = tokens[of - 1].low in lx.MODIFICATION_NOUNS
    process = tokens[of - 1].text if modification else " ".join(t.text for t in tokens[start:of])
    for index, span in enumerate(spans[1:], start=1):
        own = [tokens[k].low for k in range(*span)]
        if any(tokens[k].low in _MEMBER_MARKERS or tokens[k].low == "such" for k in range(first[1], span[0])):
            break  # "the function of factors such as A and B": members of the class, not of the list
        if "of" not in own and naming.leading_change(tokens, span) is None \
                and not any(process_word(w) for w in own) and not lx.process_head(_outer_head(own)):
            shared[index] = process
    return shared


def _outer_head(words: list[str]) -> str:
    """The last word of a phrase before any bracket ("p65 translocation (see below)": "translocation")."""
    outer = words[:words.index("(")] if "(" in words else words
    return outer[-1] if outer else ""


def trailing_process(tokens: list[Token], spans: list[tuple[int, int]]) -> set[int]:
    """"mediates IL-6 and IL-9 processing", "rescued anxiety and memory deficits": a one-word member
    before a last member named by its process or harm may share that head ("IL-6 processing") or
    stand alone; the reading is unsure, so such members (their indices) are left out."""
    if len(spans) < 2:
        return set()
    last = spans[-1]
    head = tokens[last[1] - 1].low
    # a head of lack ("deficits", "impairment") shared or not gives opposite signs to the member
    if last[1] - last[0] < 2 or not ((process_word(head) and head not in lx.DETRIMENT_WORDS)
                                     or head in PLACING_NOUNS or head in lx.DECREASE_HEADS):
        return set()
    return {index for index, span in enumerate(spans[:-1])
            if span[1] - span[0] == 1 and naming.leading_change(tokens, span) is None}


def process_word(low: str) -> bool:
    """A process named after what it acts on; not "function", which (like "activity") is read as
    the thing itself."""
    return (low in lx.PROCESS_NOUNS or low in lx.MODIFICATION_NOUNS or low in lx.RESPONSE_WORDS
            or low in lx.REMOVAL_WORDS) and low != "function"


_MEMBER_MARKERS = frozenset(marker[0] for marker in EXAMPLE_MARKERS if len(marker) == 1)


def _member_of_changer(tokens: list[Token], spans: list[tuple[int, int]], span: tuple[int, int]) -> bool:
    """Is ``span`` a member named after an example marker whose class is not what the first
    phrase's change word acts on? "Blockers of X, such as D, lower Y": D is a blocker, not a
    blocked X (but in "loss of cytokines, such as IL-6" IL-6 is lost)."""
    marker = next((k for k in range(span[0] - 1, spans[0][1] - 1, -1) if tokens[k].low in _MEMBER_MARKERS
                   or (tokens[k].low == "as" and tokens[k - 1].low == "such")), None)
    if marker is None:
        return False
    agents = [(a, b) for a, b in spans[1:] if b <= marker and tokens[a - 1].low in MEANS_WORDS]
    if agents:
        return True  # the class is the agent after "by", which does not share the change either
    head = next((k for k in range(*spans[0])
                 if tokens[k].low not in lx.DETERMINERS and tokens[k].low not in ROLE_MODIFIERS), spans[0][0])
    return tokens[head].low in ROLE_NOUNS  # "selective blockers of X": the blockers


def inside_brackets(tokens: list[Token], start: int, k: int) -> bool:
    """Is token k inside a bracket group opened at or after ``start``?"""
    depth = 0
    for m in range(start, k):
        if tokens[m].text in ("(", "["):
            depth += 1
        elif tokens[m].text in (")", "]"):
            depth = max(0, depth - 1)
    return depth > 0


def words_outside_brackets(tokens: list[Token], span: tuple[int, int]) -> int:
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
