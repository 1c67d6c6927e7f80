"""The noun-phrase chunker: phrases to the right and left of a predicate, coordination, brackets,
appositions, class members ("cytokines such as IL-6") and the gap between a subject and its verb.
"""

from __future__ import annotations

import re
from pathlib import Path

from engine.assembly.identity import FORM_WORDS
from engine.reading.language import lexicon as lx
from engine.reading.language.curated import harmful
from engine.reading.language.data_files import word_set, word_tuple
from engine.reading.rules.tokens import Token
from engine.reading.rules.vocabulary import (
    ADJECTIVE_ENDINGS, ANTIBODY_WORDS, CLOSED_WORDS, COPULAS, DIRECTION_PARTICLES, EFFICACY_PREPOSITIONS,
    EFFICACY_WORDS, EXAMPLE_MARKERS, HARD_BOUNDARY, NAME_NOISE, ORGANISMS, PAIR_OPENERS, SILENCING_TOOLS,
    TOOL_TARGET_WORDS,
)
from engine.reading.rules import word_tests

_WORDS = Path(__file__).with_name("words.toml")

_LIST_PLACE_PREPOSITIONS = word_set(_WORDS, "_list_place_prepositions")
_PARTICIPLE_COMPLEMENTS = word_set(_WORDS, "_participle_complements")
_CAPACITY_NOUNS = word_set(_WORDS, "_capacity_nouns")
_APPOSITION_OPENERS = word_set(_WORDS, "_apposition_openers")
_RELATIVE_OPENERS = word_set(_WORDS, "_relative_openers")


# Words in the gap between a subject and its verb that keep the subject in reach:
# "X has been shown to reduce", "X may not increase", "X is thought to promote".
_REACHING_WORDS = word_set(_WORDS, "_reaching_words")
_RESPONSE_NOUNS = word_set(_WORDS, "_response_nouns")
_LEFT_LIST_CONJUNCTIONS = word_set(_WORDS, "_left_list_conjunctions")
_DEPENDENTLY_WORDS = word_set(_WORDS, "_dependently_words")
_DEPENDENCE_NOUNS = word_set(_WORDS, "_dependence_nouns")
_ARTICLES = word_set(_WORDS, "_articles")
_PARTICIPLE_ENDINGS = word_tuple(_WORDS, "_participle_endings")
_PERCENTAGE_UNITS = word_set(_WORDS, "_percentage_units")
_DEGREE_ADJECTIVES = frozenset(w for w in lx.INCREASE_ADJECTIVES | lx.DECREASE_ADJECTIVES if w not in lx.VERB_FORMS)
_GAP_WORDS = lx.ADVERBS | lx.MODALS | lx.AUXILIARIES | lx.NEGATIONS | lx.HEDGES | _REACHING_WORDS


# --------------------------------------------------------------------------------------------
# Noun-phrase chunking
# --------------------------------------------------------------------------------------------
_MAX_PHRASE = 12


def skip_parens_right(tokens: list[Token], i: int) -> int:
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


def skip_parens_left(tokens: list[Token], i: int) -> int:
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


def phrase_right(tokens: list[Token], i: int) -> int:
    """End (exclusive) of the single noun phrase starting at i; i when none starts there."""
    j = i
    n = len(tokens)
    while j < n and tokens[j].low in lx.DETERMINERS and j - i < 3:
        j += 1
    j = skip_percentage(tokens, j)  # "a 40-49% decrease in Y", "50 ± 15% reduced levels of Y"
    start_content = j
    while j < n and j - i < _MAX_PHRASE:
        tok = tokens[j]
        low = tok.low
        if low in DIRECTION_PARTICLES and j + 1 < n and tokens[j + 1].low == "to":
            break  # "missorting of MAPT down to 4.5%"
        if low == "combined" and j > start_content and j + 1 < n and tokens[j + 1].low == "with":
            break  # "impaired fusion combined with ...": a second cause follows, no part of the name
        if word_tests.is_content(tokens, j) or (low in lx.NOMINAL_TRIGGERS and (
                low not in lx.VERB_FORMS or word_tests.nominal_use(tokens, j) or j == start_content)) or (
                word_tests.is_adjectival_trigger(tokens, j) and (
                    j == start_content or tokens[j - 1].low in lx.PREPOSITIONS
                    or tokens[j - 1].low in lx.DETERMINERS)):
            j += 1
        elif low in lx.VERB_FORMS and lx.VERB_FORMS[low][2] == "ing" and j == start_content \
                and j + 1 < n and word_tests.starts_phrase(tokens, j + 1):
            j += 1  # gerund head: "inhibiting autophagy"
        elif j == start_content and j > i and low.endswith("ly") and word_tests.is_adverb(low) and j + 2 < n \
                and word_tests.is_content(tokens, j + 1) and tokens[j + 1].low not in lx.VERB_FORMS \
                and word_tests.is_content(tokens, j + 2):
            j += 1  # an adverb on the first modifier after a determiner: "a genetically inherited form"
        elif tok.text in ("(", "[") and j > start_content:
            end = skip_parens_right(tokens, j)
            if end == j:
                break
            j = end
        elif low == "of" and j > start_content and j + 1 < n and word_tests.starts_phrase(tokens, j + 1):
            j += 1
            while j < n and tokens[j].low in lx.DETERMINERS:
                j += 1
        elif low in ("in", "on") and j > start_content and (
                tokens[j - 1].low in lx.NOMINAL_TRIGGERS or (
                    low == "in" and tokens[j - 1].low == "deficient" and tokens[j - 2].low in ORGANISMS)) \
                and j + 1 < n and word_tests.starts_phrase(tokens, j + 1) \
                and not (tokens[j + 1].low in _RESPONSE_NOUNS and j + 2 < n and tokens[j + 2].low == "to"):
            j += 1  # "an increase in Y", "mice deficient in X"
            while j < n and tokens[j].low in lx.DETERMINERS:
                j += 1
        elif j > start_content and low == lx.HEAD_PREPOSITIONS.get(tokens[j - 1].low) \
                and j + 1 < n and word_tests.starts_phrase(tokens, j + 1):
            j += 1  # "treatment with X"
        elif j > start_content and low in TOOL_TARGET_WORDS and (
                tokens[j - 1].low in SILENCING_TOOLS or tokens[j - 1].low in ANTIBODY_WORDS) \
                and j + 1 < n and word_tests.starts_phrase(tokens, j + 1):
            j += 1  # the target belongs to the tool's name: "siRNA against X", "antibodies to X"
            while j < n and tokens[j].low in lx.DETERMINERS:
                j += 1
        elif low == "to" and j > start_content and j + 2 < n and word_tests.is_content(tokens, j + 1) \
                and tokens[j + 2].low in _CHANGE_OVER_NOUNS:
            j += 2  # "cis to trans conversion": one thing changing into another, one name
        elif low == "between" and j > start_content and tokens[j - 1].low in _PAIRING_HEADS:
            # "the interaction between MARK2 and tau": both partners belong to the name
            first = phrase_right(tokens, j + 1)
            if first == j + 1 or first + 1 >= n or tokens[first].low != "and":
                break
            second = phrase_right(tokens, first + 1)
            if second == first + 1:
                break
            j = second
        else:
            break
    return j if j > start_content else i


_CHANGE_OVER_NOUNS = word_set(_WORDS, "_change_over_nouns")


_PAIRING_HEADS = word_set(_WORDS, "_pairing_heads")


def form_in_of_list(tokens: list[Token], first: tuple[int, int], k: int) -> bool:
    """"accumulation of A and ubiquitinated proteins": a modifying participle opening a member
    of an "of" list names a form of that member, not the next verb."""
    lemma, _, form = lx.VERB_FORMS[tokens[k].low]
    return lemma in lx.MODIFYING_VERBS and form == "ed" and k + 1 < len(tokens) \
        and word_tests.is_content(tokens, k + 1) and any(tokens[m].low == "of" for m in range(*first))


def phrases_right(tokens: list[Token], i: int) -> tuple[list[tuple[int, int]], int]:
    """Coordinated noun phrases starting at i ("Y, Z and W"); returns spans and the end index."""
    n = len(tokens)
    if i + 2 < n and tokens[i].text == "(" and tokens[i + 2].text == ")" \
            and re.fullmatch(r"[a-h]|i{1,3}|iv|v|\d", tokens[i + 1].low):
        i += 3  # an enumerator: "blocked by (a) X and (b) Y"
    if i < n and tokens[i].low in PAIR_OPENERS:
        i += 1
    end = phrase_right(tokens, i)
    if end == i:
        return [], i
    spans = [(i, end)]
    j = end
    pending: list[tuple[int, int]] = []
    while j < n:
        low = tokens[j].low
        if low in lx.LIST_CONJUNCTIONS or (low == "as" and j + 2 < n and tokens[j + 1].low == "well"
                                     and tokens[j + 2].low == "as"):
            k = j + 3 if low == "as" else j + 1
            if k + 2 < n and tokens[k].text == "(" and tokens[k + 2].text == ")" \
                    and re.fullmatch(r"[a-h]|i{1,3}|iv|v|\d", tokens[k + 1].low):
                k += 3
            form_member = k < n and tokens[k].low in lx.VERB_FORMS and form_in_of_list(tokens, spans[0], k)
            if k < n and tokens[k].low in lx.VERB_FORMS and not word_tests.is_adjectival_trigger(tokens, k) \
                    and not form_member:
                break
            nxt = phrase_right(tokens, k + 1) if form_member else phrase_right(tokens, k)
            if nxt == k or _followed_by_verb(tokens, nxt) or (
                    pending and nxt < n and tokens[nxt].low in COPULAS):
                break  # ", A and B are engulfed": the comma list is the next clause's subject
            if tokens[j - 1].text == "," and nxt < n and tokens[nxt].low in _CLAUSE_AUXILIARIES:
                break  # "X is involved in A, and B has been shown to ...": B opens a new clause
            if nxt + 1 < n and tokens[nxt].low in lx.LIST_CONJUNCTIONS \
                    and phrase_right(tokens, nxt + 1) > nxt + 1 \
                    and _followed_by_verb(tokens, phrase_right(tokens, nxt + 1)):
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
        elif low in _LIST_PLACE_PREPOSITIONS and j + 1 < n:
            # Look past a place ("increased Ca2+ in neurons, enhanced Y, and Z") when a list follows.
            place_end = phrase_right(tokens, j + 1)
            # inside a comma list, "and" may close it after a conjunct's own complement:
            # "A, B, difficulties in walking and C"
            closes_list = bool(pending) and place_end < n and tokens[place_end].low in lx.LIST_CONJUNCTIONS
            if not (j + 1 < place_end < n and (tokens[place_end].text == ","
                    and _list_follows(tokens, place_end) or closes_list)):
                break
            j = place_end
        elif low == "," and j + 1 < n:
            k = j + 1
            if tokens[k].low in lx.LIST_CONJUNCTIONS:
                j = k
                continue
            if lx.VERB_FORMS.get(tokens[k].low, ("", 0, ""))[2] == "ing":
                break  # "by inhibiting A, inducing B": the next gerund is a verb of its own, no member
            nxt = phrase_right(tokens, k)
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
    examples, examples_end = examples_after(tokens, end)
    if examples:
        return spans + examples, examples_end
    return spans, end


def _lone_adjective(tokens: list[Token], span: tuple[int, int]) -> bool:
    """A conjunct that is one lower-case adjective ("soluble", "spatial", "acute")."""
    words = [k for k in range(*span) if tokens[k].low not in lx.DETERMINERS]
    before = tokens[words[-2]].low if len(words) > 1 else ""
    if not words or (before and before not in lx.CHANGE_PREPOSITIONS and before not in _DEGREE_ADJECTIVES):
        return False  # one word, or the last after "of" or "greater": "clearance of soluble (and ...)"
    tok = tokens[words[-1]]
    return tok.text.islower() and tok.text.isalpha() and tok.low not in lx.PROCESS_NOUNS and (
        tok.low.endswith(ADJECTIVE_ENDINGS + ("ble",)) or tok.low in lx.INCREASE_ADJECTIVES
        or tok.low in lx.DECREASE_ADJECTIVES)


def _merge_adjective_conjuncts(tokens: list[Token], spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """"soluble and aggregated misfolded proteins", "spatial and contextual fear learning": a lone
    adjective conjunct shares the noun of the next conjunct, so the two are one phrase."""
    merged: list[tuple[int, int]] = []
    k = 0
    while k < len(spans):
        start, end = spans[k]
        if k + 1 < len(spans) and end - start == 1 and tokens[start].text.islower() and (
                tokens[start].low in NAME_NOISE or tokens[start].low.endswith("-dependent")) \
                and all(tokens[m].low in lx.LIST_JOINS for m in range(end, spans[k + 1][0])):
            k += 1  # "robust and dose-dependent reductions in Y": a modifier, no name
            continue
        while k + 1 < len(spans) and _lone_adjective(tokens, (start, end)) \
                and all(tokens[m].low in lx.LIST_JOINS for m in range(end, spans[k + 1][0])) \
                and tokens[spans[k + 1][0]].text[:1].islower() \
                and spans[k + 1][1] - spans[k + 1][0] >= 2:
            k += 1
            end = spans[k][1]
        merged.append((start, end))
        k += 1
    return merged


def _apposed_name(tokens: list[Token], described: tuple[int, int], name: tuple[int, int]) -> bool:
    """"the E3 ligase, UBE3A": a class phrase with "the" followed by one short symbol-like name
    (capitals or digits) that ends the list."""
    after = name[1]
    words = next((k for k in range(name[0], name[1]) if tokens[k].text == "("), name[1]) - name[0]
    return tokens[described[0]].low == "the" and words <= 2 \
        and re.search(r"[A-Z0-9]", tokens[name[0]].text) is not None \
        and (after >= len(tokens) or tokens[after].text != ",")


def examples_after(tokens: list[Token], end: int) -> tuple[list[tuple[int, int]], int]:
    """Members named after a class: "cytokines, including IL-6 and TNF" / "kinases such as GSK3".

    What holds for the class is stated for its named members, so they join the phrase list.
    """
    k = end
    if k < len(tokens) and tokens[k].text in (",", "("):
        k += 1
    start = after_example_marker(tokens, k)
    if start is None:
        return [], end
    return phrases_right(tokens, start)


def after_example_marker(tokens: list[Token], k: int) -> int | None:
    """Where the members start when an example marker ("such as", "e.g.,") opens at ``k``."""
    for marker in EXAMPLE_MARKERS:
        if tuple(t.low for t in tokens[k:k + len(marker)]) == marker:
            k += len(marker)
            while k < len(tokens) and tokens[k].text in (".", ","):
                k += 1  # "e.g.,"
            return k
    return None


def _list_follows(tokens: list[Token], comma: int) -> bool:
    """Does a comma-separated list closed by "and"/"or" follow the comma at ``comma``?"""
    for k in range(comma + 1, min(len(tokens), comma + 30)):
        low = tokens[k].low
        if low in lx.LIST_CONJUNCTIONS and k > comma + 1:
            return True
        if tokens[k].text in HARD_BOUNDARY or low in lx.AUXILIARIES or (
                low in lx.VERB_FORMS and not word_tests.is_adjectival_trigger(tokens, k)
                and not word_tests.is_content(tokens, k)):
            return False
    return False


_CLAUSE_AUXILIARIES = word_set(_WORDS, "_clause_auxiliaries")


def _followed_by_verb(tokens: list[Token], j: int) -> bool:
    """Is the phrase ending at j the subject of a new clause ("... and Z increased W")?"""
    k = j
    while k < len(tokens) and (word_tests.is_adverb(tokens[k].low) or tokens[k].low in lx.MODALS):
        k += 1
    if k >= len(tokens):
        return False
    low = tokens[k].low
    if low in lx.VERB_FORMS and lx.VERB_FORMS[low][2] == "ed" and k + 1 < len(tokens) \
            and tokens[k + 1].low not in _PARTICIPLE_COMPLEMENTS \
            and (tokens[k + 1].low in lx.DETERMINERS or word_tests.is_content(tokens, k + 1)):
        return True  # "... and nicotinic agonists improved accuracy": a new clause
    return (low in lx.VERB_FORMS and lx.VERB_FORMS[low][2] in ("s", "base")) \
        or (low in lx.OTHER_VERBS and low not in lx.AUXILIARIES and not low.endswith("ed"))


def phrase_left(tokens: list[Token], k: int) -> int:
    """Start of the single noun phrase ending at k (inclusive); k + 1 when none ends there."""
    j = k
    start = k + 1
    while j >= 0 and k - j < _MAX_PHRASE:
        tok = tokens[j]
        low = tok.low
        if tok.text in (")", "]"):
            opening = skip_parens_left(tokens, j)
            if opening == j or opening == 0:
                break
            j = opening - 1
            continue
        if word_tests.is_content(tokens, j) or (low in lx.NOMINAL_TRIGGERS and j < k and (
                low not in lx.VERB_FORMS or word_tests.nominal_use(tokens, j))):
            start = j
            j -= 1
        elif (word_tests.is_adjectival_trigger(tokens, j) or
              (low in lx.VERB_FORMS and lx.VERB_FORMS[low][2] == "ing")) and start <= k:
            start = j
            if j > 0 and tokens[j - 1].low in lx.DETERMINERS:
                start = j - 1
            break
        elif low == "of" and start <= k and j > 0 and (
                word_tests.is_content(tokens, j - 1) or tokens[j - 1].low in lx.NOMINAL_TRIGGERS
                or word_tests.change_head(tokens[j - 1].low)):
            j -= 1  # also "silencing of X"
        elif low == "in" and start <= k and j > 0 and (tokens[j - 1].low in lx.NOMINAL_TRIGGERS
                                                       or tokens[j - 1].low in lx.MUTATION_HEADS
                                                       or tokens[j - 1].low == "deficient"):
            j -= 1  # "a decrease in PINK1 expression", "mutations in LRRK2", "mice deficient in X"
        elif low == "in" and start <= k and j > 0 and tokens[k].low in ORGANISMS \
                and word_tests.is_content(tokens, j - 1):
            j -= 1  # "BACE1 deficiency in AD model mice": the carrier is dropped by _entity
        elif start <= k and j > 0 and lx.HEAD_PREPOSITIONS.get(tokens[j - 1].low) == low:
            j -= 1  # "treatment with X"
        elif low == "for" and start <= k and j >= 2 and tokens[j - 1].low == "coding" \
                and tokens[j - 2].low in lx.GENE_NOUNS:
            j -= 2  # "mutations in the gene coding for X": the gene, and what is said of it, is X's
        elif low == "to" and start == j + 1 and j + 2 <= k and tokens[j + 2].low in _CHANGE_OVER_NOUNS \
                and j > 0 and word_tests.is_content(tokens, j - 1):
            j -= 1  # "cis to trans conversion"
        elif start <= k and j > 0 and low in TOOL_TARGET_WORDS and (
                tokens[j - 1].low in SILENCING_TOOLS or tokens[j - 1].low in ANTIBODY_WORDS):
            j -= 1  # "siRNA against X", "antibodies to X": the tool names the target
        elif low in PAIR_OPENERS and start <= k and j >= 2 and tokens[j - 1].low == "of" \
                and word_tests.change_head(tokens[j - 2].low) \
                and k + 1 < len(tokens) and tokens[k + 1].low in lx.LIST_CONJUNCTIONS:
            j -= 1  # "knockdown of either RelB or p50", "silencing of both A and B" (not "of both enzymes")
        elif low in lx.DETERMINERS and start <= k and low not in PAIR_OPENERS:
            start = j
            if j >= 3 and tokens[j - 1].low in PAIR_OPENERS and tokens[j - 2].low == "of":
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
            if j >= 3 and tokens[j - 1].low in lx.ENCODING_PARTICIPLES and tokens[j - 2].low in lx.GENE_NOUNS:
                j -= 1  # "the gene encoding the X subunit": the gene belongs to the phrase
                continue
            break
        else:
            break
    return start


def phrases_left(tokens: list[Token], k: int) -> list[tuple[int, int]]:
    """Coordinated noun phrases ending at k: "X and Y", "X, Y, and Z" (spans, left to right)."""
    start = phrase_left(tokens, k)
    if start > k:
        return []
    spans = [(start, k + 1)]
    j = start - 1
    if j >= 3 and tokens[j].low == "as" and tokens[j - 1].low == "well" and tokens[j - 2].low == "as":
        j -= 2  # "X as well as Y" coordinates like "X and Y"
        as_well = True
    else:
        as_well = False
    if j >= 1 and (tokens[j].low in _LEFT_LIST_CONJUNCTIONS or as_well):
        j -= 1
        serial_comma = j >= 0 and tokens[j].text == ","
        if serial_comma:
            j -= 1
        other = phrase_left(tokens, j)
        if other <= j and _adjective_pair(tokens, other, j, start, k):
            return [(other, k + 1)]  # "acute and chronic nicotine": one phrase
        if other <= j and not after_predicate(tokens, other) and (
                not serial_comma or (other >= 1 and tokens[other - 1].text == ",")):
            spans.insert(0, (other, j + 1))
            j = other - 1
            while j >= 1 and tokens[j].text == ",":
                more = phrase_left(tokens, j - 1)
                if more > j - 1 or after_predicate(tokens, more) or (
                        more >= 1 and tokens[more - 1].low in lx.PREPOSITIONS
                        and not after_head_preposition(tokens, more - 1)):
                    break
                spans.insert(0, (more, j))
                j = more - 1
    return spans


def after_head_preposition(tokens: list[Token], p: int) -> bool:
    """Is the preposition at p the one a nearby head takes ("treatment of cells with A, B or C")?
    Then the list after it names the treatments, not places."""
    return any(lx.HEAD_PREPOSITIONS.get(tokens[k].low) == tokens[p].low
               for k in range(max(0, p - 4), p))


def _adjective_pair(tokens: list[Token], other: int, other_end: int, start: int, k: int) -> bool:
    """"acute and chronic X": a lone adjective coordinated with the modifier of a longer phrase;
    "effector and memory CD8+ T cells": a lone plain word coordinated with the plain modifier of a
    named head shares that head (the name is not "effector" alone)."""
    if other != other_end or k <= start:
        return False
    if tokens[other].low.endswith(ADJECTIVE_ENDINGS) and tokens[start].low.endswith(ADJECTIVE_ENDINGS):
        return True
    plain = all(re.fullmatch(r"[A-Za-z][a-z]+", tokens[m].text) and tokens[m].low not in CLOSED_WORDS
                and tokens[m].low not in lx.VERB_FORMS and tokens[m].low not in lx.INCREASE_ADJECTIVES
                and tokens[m].low not in lx.DECREASE_ADJECTIVES for m in (other, start))
    named = tokens[start + 1].text  # the shared name opens with a symbol: "CD8+", "B" (not "2", "II")
    head = tokens[k]  # a plural common head names kinds: "memory B cells", "naive T lymphocytes"
    return plain and tokens[start].text.islower() and re.search(r"[A-Z]", named) is not None \
        and re.fullmatch(r"[IVX]+", named) is None and re.fullmatch(r"[a-z]+s", head.text) is not None \
        and head.low not in lx.QUANTITY_WORDS


def after_predicate(tokens: list[Token], start: int) -> bool:
    """Does the phrase starting at ``start`` follow a verb (so it is that verb's object)?"""
    j = start - 1
    while j >= 0 and (tokens[j].low in lx.DETERMINERS or word_tests.is_adverb(tokens[j].low)):
        j -= 1
    if j < 0:
        return False
    low = tokens[j].low
    return (low in lx.VERB_FORMS and not (low in lx.NOMINAL_TRIGGERS and word_tests.nominal_use(tokens, j))) \
        or low in lx.OTHER_VERBS or low in lx.STATE_EXHIBIT_VERBS


def gap_left(tokens: list[Token], i: int, floor: int) -> int:
    """Walk left from i over auxiliaries, modals, adverbs, negations and "shown to"-type words."""
    j = i - 1
    while j >= floor:
        low = tokens[j].low
        if low in _DEPENDENTLY_WORDS or low.endswith("-dependently"):
            j -= 2 if j - 1 >= floor and tokens[j - 1].low in _DEPENDENCE_NOUNS else 1
        elif low in _GAP_WORDS or word_tests.is_adverb(low):
            j -= 1
        elif low in _CAPACITY_NOUNS and j - 1 >= floor \
                and tokens[j - 1].low in _ARTICLES and tokens[j + 1].low == "to":
            j -= 2  # "X has the potential to preserve Y"
        elif (low in EFFICACY_WORDS and tokens[j + 1].low in EFFICACY_PREPOSITIONS) or (
                low == "at" and j - 1 >= floor and tokens[j - 1].low in EFFICACY_WORDS):
            j -= 1  # "X was effective in / at reducing Y" ("in" is a gap word already)
        elif tokens[j].text in (")", "]"):
            opening = skip_parens_left(tokens, j)
            if opening == j:
                break
            j = opening - 1  # a citation or bracketed aside: "X (34) increased Y"
        elif tokens[j].text == "," and apposition_start(tokens, j, floor) is not None:
            j = apposition_start(tokens, j, floor)  # "X, an AMPK activator, increased Y"
        else:
            break
    return j


def apposition_start(tokens: list[Token], comma: int, floor: int) -> int | None:
    """For ", a/an/the ... ," ending at ``comma``, the index just before the opening comma."""
    relative = False  # inside ", a polyphenol that inhibits X,": the verb belongs to the aside
    for p in range(comma - 1, max(floor, comma - 24) - 1, -1):
        if tokens[p].text == "," and p + 1 < comma and (
                tokens[p + 1].low in _APPOSITION_OPENERS
                or (p + 3 < comma and tokens[p + 1].low == "such" and tokens[p + 2].low == "as")
                or (not relative and tokens[p + 1].low in lx.PREPOSITIONS and tokens[p + 1].low != "of")
                or (not relative and p + 2 < comma and tokens[p + 1].text.islower()
                    and tokens[p + 1].low.endswith(_PARTICIPLE_ENDINGS))):  # ", acting through X,"
            return p - 1
        if tokens[p].text in HARD_BOUNDARY:
            return None
        if tokens[p].low in lx.VERB_FORMS:
            by_gerund = lx.VERB_FORMS[tokens[p].low][2] == "ing" and p - 1 >= floor \
                and tokens[p - 1].low in lx.MEANS_PREPOSITIONS and p - 2 >= floor \
                and tokens[p - 2].text == ","  # "miR-101, by downregulating X, reduces Y"
            if by_gerund:
                return p - 3
            if not any(tokens[q].low in _RELATIVE_OPENERS
                       for q in range(max(floor, p - 6), p)):
                return None
            relative = True
    return None


# --------------------------------------------------------------------------------------------
# Entities
# --------------------------------------------------------------------------------------------
_GENE_PRODUCT_NOUNS = word_set(_WORDS, "_gene_product_nouns")


def clean_tokens(tokens: list[Token], start: int, end: int,
                  abbreviations: dict[str, str]) -> tuple[list[Token], list[str]]:
    """The words of a span without brackets; defined abbreviations in brackets become aliases."""
    words: list[Token] = []
    aliases: list[str] = []
    j = start
    while j < end:
        tok = tokens[j]
        if tok.text in ("(", "["):
            close = skip_parens_right(tokens, j)
            if close == j:
                j += 1
                continue
            if forming_bracket(tokens, j) and words:
                words.insert(_name_start(words), tokens[j + 1])  # "X (truncated at D421)" is truncated X
            inner = " ".join(t.text for t in tokens[j + 1:close - 1])
            if inner in abbreviations and (not words or words[-1].start < tok.start):
                aliases.append(f"{tok.start}\x00{inner}")
            j = close
            continue
        if word_tests.is_word(tok) or tok.text in ("'", "’"):
            words.append(tok)
        j += 1
    if words and end < len(tokens) and forming_bracket(tokens, end):
        words.insert(_name_start(words), tokens[end + 1])
    bracket = end if end < len(tokens) and tokens[end].text == "(" else end - 3
    if words and bracket > start and bracket + 2 < len(tokens) and tokens[bracket].text == "(" \
            and tokens[bracket + 2].text == ")" and word_tests.symbol_like(tokens[bracket + 1].text) \
            and any(ch.isupper() for ch in tokens[bracket + 1].text) \
            and words[-1].low in _GENE_PRODUCT_NOUNS and not aliases:
        # "the α4 receptor subunit (CHRNA4)": a described gene product and its symbol
        aliases.append(f"{tokens[bracket].start}\x00{tokens[bracket + 1].text}")
    return words, aliases


# Participles that make a form of a thing (identity: a form of X is never X), and the adjectives
# that do ("insoluble forms of tau" are insoluble tau).
FORM_PARTICIPLES = frozenset(w for w in FORM_WORDS if w.endswith("ed"))
_FORM_ADJECTIVE_ENDINGS = word_tuple(_WORDS, "_form_adjective_endings")
FORM_ADJECTIVES = FORM_PARTICIPLES | {w for w in FORM_WORDS if w.endswith(_FORM_ADJECTIVE_ENDINGS)} | lx.SOLUBILITY_WORDS


def forming_bracket(tokens: list[Token], j: int) -> bool:
    """A bracket at ``j`` that opens with a participle of form: "tau (truncated at Asp-421)",
    "APP (cleaved by caspases)" name that form, not the plain thing."""
    return tokens[j].text in ("(", "[") and j + 1 < len(tokens) and tokens[j + 1].low in FORM_PARTICIPLES


def _name_start(words: list[Token]) -> int:
    """Where the name of a phrase's words starts: after its last "of" and any determiners."""
    lows = [w.low for w in words]
    k = len(lows) - lows[::-1].index("of") if "of" in lows else 0
    while k < len(words) - 1 and lows[k] in lx.DETERMINERS:
        k += 1
    return k


def compound_suffix(low: str) -> bool:
    stem, dash, suffix = low.rpartition("-")
    return bool(dash and stem and suffix in lx.COMPOUND_SUFFIXES)


_CLASS_NAME_PARTS = word_set(_WORDS, "_class_name_parts")
# A member mark after a class noun: "kinase 5", "kinase II", "kinase A", "kinase 1b", "kinases 1/2".
_MEMBER_MARK = re.compile(r"\d{1,2}[a-z]?(?:/\d{1,2})*|[IVX]{1,4}|[A-Z]|alpha|beta|gamma|delta|[α-δ]",
                          re.IGNORECASE)


def names_a_class(lows: list[str]) -> bool:
    """Words after a compound participle that make it part of a name, not a claim: a class noun
    with only class words and member marks beside it ("mitogen-activated protein kinase",
    "calcium-activated channels", "calmodulin-dependent kinase II", "PTEN-induced kinase-1")."""
    lows = [part for low in lows for part in _member_mark_apart(low)]
    marks = 0
    while len(lows) > marks + 1 and _MEMBER_MARK.fullmatch(lows[-1 - marks]):
        marks += 1
    words = lows[:len(lows) - marks]
    return any(w in lx.CLASS_NOUNS for w in words) and \
        all(w in lx.CLASS_NOUNS or w in _CLASS_NAME_PARTS for w in words)


def _member_mark_apart(low: str) -> list[str]:
    """"kinase-1" → "kinase", "1"; "receptor-γ" → "receptor", "γ"; other words as they are."""
    head, dash, mark = low.rpartition("-")
    return [head, mark] if dash and head in lx.CLASS_NOUNS and _MEMBER_MARK.fullmatch(mark) else [low]


def process_noun(low: str) -> bool:
    return low in lx.PROCESS_NOUNS or low.endswith(lx.PROCESS_SUFFIXES)


_AMOUNT_JOINERS = word_set(_WORDS, "_amount_joiners")


def skip_percentage(tokens: list[Token], j: int) -> int:
    """Index after a percentage or fold amount starting at j ("40 - 49 %", "50 ± 15 %",
    "1.7-fold"), else j; a number that is not such an amount is left alone."""
    k = j
    while k < len(tokens) and k - j < 6 and (tokens[k].text[0].isdigit() or tokens[k].low in _AMOUNT_JOINERS):
        k += 1
    if k > j and tokens[j].text[0].isdigit() and (
            (k < len(tokens) and tokens[k].low in _PERCENTAGE_UNITS)
            or tokens[k - 1].low.endswith("-fold")):
        return k + 1 if k < len(tokens) and tokens[k].low in _PERCENTAGE_UNITS else k
    return j


def detrimental(tokens: list[Token], span: tuple[int, int]) -> bool:
    """Does the phrase name a harm ("memory deficits", "neuronal death", a disease, a curated harm)?
    A remedy of one is not ("disease control"). A short form in brackets after it is no part of it."""
    if tokens[span[1] - 1].text in (")", "]") and skip_parens_left(tokens, span[1] - 1) > span[0]:
        span = (span[0], skip_parens_left(tokens, span[1] - 1))
    if tokens[span[1] - 1].low in lx.REMEDY_HEADS:
        return False
    for k in range(*span):
        low = tokens[k].low
        if low in lx.DETRIMENT_WORDS or low in lx.STATE_WORDS or low.endswith(lx.STATE_SUFFIXES) \
                or low in lx.DECREASE_ADJECTIVES \
                or (compound_suffix(low) and lx.COMPOUND_SUFFIXES[low.rpartition("-")[2]] < 0):
            return True  # also "LPS-impaired memory"
    return harmful(" ".join(t.text for t in tokens[span[0]:span[1]]))  # "nausea": a curated harm


_CELL_ENDINGS = word_tuple(_WORDS, "_cell_endings")


def cell_phrase(tokens: list[Token], span: tuple[int, int]) -> bool:
    """A phrase naming a cell type ("microglia", "reactive astrocytes", "dopaminergic neurons")."""
    last = tokens[span[1] - 1].low
    return last.endswith(_CELL_ENDINGS) and not tokens[span[1] - 1].text.isupper()
