"""The reader of one sentence: preparation of the tokens, the scan over predicates in order, and the
Annotation each claim becomes. At each word the constructions are tried in the order constructions.toml
gives them (a construction read first claims its word).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from engine.model.annotations import Annotation, Change
from engine.reading.language import lexicon as lx
from engine.reading.language.curated import turns_on
from engine.reading.language.data_files import data_file, word_set, word_tuple
from engine.reading.rules.records import Claim, Entity
from engine.reading.rules.tokens import Token, find_abbreviations, tokenize, undo_typesetting
from engine.reading.rules.vocabulary import (
    COMPARATIVES, HARD_BOUNDARY, LISTED_AMOUNT_UNITS, PLACING_NOUNS, ROLE_NOUNS, SIGNING_ADJECTIVES,
)
from engine.reading.rules import (
    implied, naming, nominals, phrases, states, subject_finding, verbs, weak_claims, word_tests,
)


_WORDS = Path(__file__).with_name("words.toml")
SIGNABLE_NOMINALS = word_set(_WORDS, "signable_nominals")
INCIDENCE_WORDS = word_set(_WORDS, "incidence_words")
TREATMENT_USE_HEADS = word_set(_WORDS, "treatment_use_heads")
EXPRESSION_VERBS = word_set(_WORDS, "expression_verbs")


_HEDGE_CONFIDENCE = 0.6


_ANAPHOR_CONFIDENCE = 0.8


_CONFIDENCE = {"active": 0.9, "passive": 0.9, "nominal": 0.8, "compound": 0.8, "role": 0.7,
               "needed": 0.7, "associated": 0.5, "effect": 0.7, "expression": 0.5,
               "state": 0.75}


def _extract_claims(tokens: list[Token], on_read: Callable[[str], None] | None = None) -> list[Claim]:
    """The claims of a passage, predicate by predicate in reading order (the order matters: anaphors,
    coordinated predicates and relative clauses refer to claims read before them). ``on_read`` is told
    the name of each construction that reads a claim (``constructions_read``)."""
    claims: list[Claim] = []
    floor = 0
    for i in range(len(tokens)):
        if i > 0 and tokens[i - 1].text in HARD_BOUNDARY:
            floor = i  # the start of the current sentence or clause
        claim = _claim_at(tokens, i, floor, claims, on_read)
        if claim is not None:
            _add_claim(tokens, i, floor, claim, claims)
    return claims


def _claim_at(tokens: list[Token], i: int, floor: int, claims: list[Claim],
              on_read: Callable[[str], None] | None = None) -> Claim | None:
    """The claim whose predicate is the word at ``i``: the constructions are tried in the order of
    ``CONSTRUCTIONS`` (constructions.toml), and the first that reads a claim claims the word. Role
    nouns ("D, an X inhibitor") add their claims to ``claims`` themselves and read none, so that
    the constructions after them are still tried."""
    for construction in CONSTRUCTIONS:
        if not construction.applies(tokens, i, floor):
            continue
        before = len(claims)
        claim = construction.read(tokens, i, floor, claims)
        if on_read is not None and (claim is not None or len(claims) > before):
            on_read(construction.name)
        if claim is not None:
            return claim
    return None


# What each construction needs of the word at ``i`` (a cheap test on the word and its neighbours), and
# how it reads the claim there; the order in which they are tried is in constructions.toml.

def _change_verb_here(tokens: list[Token], i: int, floor: int) -> bool:
    """A verb of change, not used as a noun ("the increase of Y"), an adjective ("a clear role") or
    the name of a form ("phosphorylated tau")."""
    low = tokens[i].low
    return low in lx.VERB_FORMS and not (low in lx.NOMINAL_TRIGGERS and word_tests.nominal_use(tokens, i)) \
        and not (low in lx.NOUN_BASE_FORMS and word_tests.is_content(tokens, i)) \
        and not word_tests.adjective_base(tokens, i, floor) \
        and not word_tests.modified_form(tokens, i)


def _read_change_verb(tokens: list[Token], i: int, floor: int, claims: list[Claim]) -> Claim | None:
    return verbs.verb_claim(tokens, i, floor, claims)


def _adverb_signed_verb_here(tokens: list[Token], i: int, floor: int) -> bool:
    # a verb of change is read as one even where it reads no claim, and then no adverb signs it
    return tokens[i].low in lx.SIGNABLE_VERBS and i > floor and tokens[i - 1].low in lx.SIGNING_ADVERBS \
        and not _change_verb_here(tokens, i, floor)


def _read_adverb_signed_verb(tokens: list[Token], i: int, floor: int, claims: list[Claim]) -> Claim | None:
    return verbs.verb_claim(tokens, i, floor, claims, lx.SIGNING_ADVERBS[tokens[i - 1].low])


def _in(words: frozenset[str] | dict[str, object]) -> Callable[[list[Token], int, int], bool]:
    """The test of a construction that any word of a list heads."""
    return lambda tokens, i, floor: tokens[i].low in words


def _read_needed_for(tokens: list[Token], i: int, floor: int, claims: list[Claim]) -> Claim | None:
    return weak_claims.needed_for_claim(tokens, i, floor)


def _comparative_here(tokens: list[Token], i: int, floor: int) -> bool:
    return tokens[i].low in COMPARATIVES


def _adjective_signed_nominal_here(tokens: list[Token], i: int, floor: int) -> bool:
    return tokens[i].low in SIGNABLE_NOMINALS and i + 1 < len(tokens) and tokens[i + 1].low == "of"


def _read_adjective_signed_nominal(tokens: list[Token], i: int, floor: int, claims: list[Claim]) -> Claim | None:
    sign = nominals.signing_adjective_before(tokens, i, floor)
    return nominals.nominal_claim(tokens, i, floor, sign) if sign is not None else None


def _read_nominal(tokens: list[Token], i: int, floor: int, claims: list[Claim]) -> Claim | None:
    return nominals.nominal_claim(tokens, i, floor)


def _read_modification_noun(tokens: list[Token], i: int, floor: int, claims: list[Claim]) -> Claim | None:
    return nominals.modification_claim(tokens, i, floor)


def _incidence_here(tokens: list[Token], i: int, floor: int) -> bool:
    return tokens[i].low in INCIDENCE_WORDS and i > floor


def _read_incidence(tokens: list[Token], i: int, floor: int, claims: list[Claim]) -> Claim | None:
    return weak_claims.incidence_claim(tokens, i, floor)


def _treatment_use_here(tokens: list[Token], i: int, floor: int) -> bool:
    return tokens[i].low in TREATMENT_USE_HEADS and i - 1 > floor


def _compound_here(tokens: list[Token], i: int, floor: int) -> bool:
    return "-" in tokens[i].low


def _read_compound(tokens: list[Token], i: int, floor: int, claims: list[Claim]) -> Claim | None:
    return nominals.compound_claim(tokens, i, floor)


def _signed_role(tokens: list[Token], i: int, floor: int) -> int | None:
    """The sign "positive" / "negative" gives a role noun of no sign: "a negative regulator of Y"."""
    return SIGNING_ADJECTIVES.get(tokens[i - 1].low) if tokens[i].low in lx.SIGNABLE_ROLES and i > floor else None


def _role_noun_here(tokens: list[Token], i: int, floor: int) -> bool:
    # a noun base form that is no content word here ("cause" as a verb) is no role
    low = tokens[i].low
    return (low in ROLE_NOUNS or _signed_role(tokens, i, floor) is not None) \
        and not (low in lx.NOUN_BASE_FORMS and not word_tests.is_content(tokens, i))


def _read_role_noun(tokens: list[Token], i: int, floor: int, claims: list[Claim]) -> None:
    for role_claim in nominals.role_claims(tokens, i, floor, _signed_role(tokens, i, floor)):
        role_claim.verb = i
        role_claim.floor = floor
        claims.append(role_claim)


def _risk_factor_here(tokens: list[Token], i: int, floor: int) -> bool:
    return tokens[i].low in lx.RISK_FACTOR_HEADS and i > floor and tokens[i - 1].low == "risk" \
        and i + 1 < len(tokens) and tokens[i + 1].low == "for"


def _read_risk_factor(tokens: list[Token], i: int, floor: int, claims: list[Claim]) -> None:
    """"X is a (major) risk factor for Y", "X, a risk factor for Y,": X went with more Y where it was
    observed, a possible claim (an association); "X is not a risk factor for Y" claims nothing."""
    target_end = phrases.phrase_right(tokens, i + 2)
    if target_end <= i + 2:
        return
    for role_claim in nominals.role_claims_for_target(tokens, i, i - 1, floor, (i + 2, target_end), 1):
        role_claim.objects, role_claim.end = phrases.phrases_right(tokens, i + 2)
        role_claim.verb = i
        role_claim.floor = floor
        role_claim.hedged = True
        role_claim.negated = role_claim.negated or word_tests.negated(tokens, role_claim.subjects[-1][1], i) \
            or word_tests.unstated(tokens, floor, role_claim.subjects[0][0])
        claims.append(role_claim)


def _site_owner(tokens: list[Token], span: tuple[int, int], claim: Claim) -> tuple[int, int]:
    """"phosphorylates Ser71 of Pin1": a modification of a residue named first is one of its protein."""
    start, end = span
    if claim.object_suffix and end - start > 2 and lx.is_site(tokens[start].text) and tokens[start + 1].low == "of":
        return start + 2, end
    return span


def _context_here(tokens: list[Token], i: int, floor: int) -> bool:
    low = tokens[i].low
    return (low in lx.OTHER_VERBS or low in lx.STATE_EXHIBIT_VERBS or low in lx.SIGNABLE_VERBS) \
        and low not in lx.AUXILIARIES


# How a construction reads the claim at a word: (tokens, i, floor, the claims read before) → its claim.
Reader = Callable[[list[Token], int, int, list[Claim]], Claim | None]


# Each construction of constructions.toml: (whether the word at i may head it, how to read it there).
_READERS: dict[str, tuple[Callable[[list[Token], int, int], bool], Reader]] = {
    "change_verb": (_change_verb_here, _read_change_verb),
    "adverb_signed_verb": (_adverb_signed_verb_here, _read_adverb_signed_verb),
    "needed_for": (_in(lx.NEEDED_FOR), _read_needed_for),
    "involved_in": (_in(lx.INVOLVED_IN), weak_claims.involved_in_claim),
    "associated_with": (_in(lx.ASSOCIATED_WITH), weak_claims.associated_with_claim),
    "comparative": (_comparative_here, verbs.comparative_claim),
    "effect_noun": (_in(lx.EFFECT_NOUNS), weak_claims.effect_noun_claim),
    "nominal": (_in(lx.NOMINAL_TRIGGERS), _read_nominal),
    "adjective_signed_nominal": (_adjective_signed_nominal_here, _read_adjective_signed_nominal),
    "modification_noun": (_in(lx.MODIFICATION_NOUNS), _read_modification_noun),
    "incidence": (_incidence_here, _read_incidence),
    "treatment_use": (_treatment_use_here, weak_claims.treatment_use_claim),
    "compound": (_compound_here, _read_compound),
    "role_noun": (_role_noun_here, _read_role_noun),
    "risk_factor": (_risk_factor_here, _read_risk_factor),
    "expression": (_in(EXPRESSION_VERBS), states.expression_claim),
    "state": (_in(lx.STATE_EXHIBIT_VERBS), states.state_claim),
    "context": (_context_here, states.context_claim),
}


@dataclass(frozen=True)
class Construction:
    """One construction of the rule reader, as constructions.toml lists it, with its reader."""
    name: str
    priority: int
    reads: str
    example: str
    applies: Callable[[list[Token], int, int], bool]
    read: Reader


def _constructions() -> tuple[Construction, ...]:
    """The constructions of constructions.toml joined to their readers, in the order they are tried."""
    listed = data_file(Path(__file__).with_name("constructions.toml"))["construction"]
    table = [Construction(c["name"], c["priority"], c["reads"], c["example"], *_READERS[c["name"]]) for c in listed]
    return tuple(sorted(table, key=lambda c: c.priority))


CONSTRUCTIONS = _constructions()


def _add_claim(tokens: list[Token], i: int, floor: int, claim: Claim, claims: list[Claim]) -> None:
    """Add a claim read at ``i`` with what it implies: its members' claims and its means."""
    low = tokens[i].low
    claim.hedged = claim.hedged or word_tests.has(tokens, floor, i, lx.HEDGES)
    # a claim said to hold "depending on" an unnamed condition is read as none
    claim.negated = claim.negated or word_tests.conditioned(tokens, floor, claim.end + 6)
    claim.negated = claim.negated or word_tests.unstated(tokens, floor, min([i, *(s for s, _ in claim.subjects)]))
    claim.verb = i
    claim.floor = floor
    # A phrase taken from an earlier sentence (a resolved anaphor) is less certain.
    claim.resolved = any(start < floor for start, _ in claim.subjects + claim.objects)
    if low in lx.VERB_FORMS and lx.VERB_FORMS[low][0] in lx.MODIFYING_VERBS:
        claim.object_suffix = lx.MODIFYING_VERBS[lx.VERB_FORMS[low][0]]
    claim.object_suffix = claim.object_suffix or verbs.needed_removal(tokens, claim)
    claim.means_of = verbs.means_of(tokens, i, floor, claim, claims)
    claims.append(claim)
    if claim.class_members:
        # the members do what the class does: act on the object and change what the
        # relative clause names (the claim's subject, as that clause changes it)
        for objects, polarity in ((claim.objects, claim.polarity),
                                  (claim.subjects, claim.subject_polarity)):
            claims.append(Claim(claim.class_members, objects, polarity, "active",
                                 claim.negated, claim.hedged, claim.end, verb=i, floor=floor))
    means = verbs.means_phrase(tokens, claim.end)
    if means is not None and claim.construction == "active":
        claims.append(Claim(claim.subjects, [means], 1, "active", claim.negated,
                             claim.hedged, means[1], verb=i, floor=floor,
                             resolved=claim.resolved, means_of=len(claims) - 1))
    elif means is not None and claim.construction == "passive":
        # "Y is generated by X through the activation of Z": the route of Y's change; what Z is
        # to X (often the upstream step that activates X) the sentence does not say
        claims.append(Claim([means], claim.objects, claim.polarity, "passive", claim.negated,
                             claim.hedged, means[1], verb=i, floor=floor, resolved=claim.resolved))
    modified = verbs.modification_means(tokens, claim.end)
    if modified is not None and claim.construction in ("active", "passive"):
        targets, polarity, modification, end = modified
        claims.append(Claim(claim.subjects, targets, polarity, "active", claim.negated,
                             claim.hedged, end, verb=i, floor=floor,
                             object_suffix=modification, resolved=claim.resolved,
                             means_of=len(claims) - 1))


def _annotation(subject: Entity, obj: Entity, polarity: int, sentence: str,
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
                      hedged=hedged, subject_aliases=subject.aliases, object_aliases=obj.aliases,
                      subject_state_of=subject.state_of, object_state_of=obj.state_of)


def _object_polarity(tokens: list[Token], claim: Claim, span: tuple[int, int]) -> int:
    """The claim's polarity on one object; a restoring or improving verb's depends on each object
    ("rescued learning and memory deficits": memory deficits fall whatever the first object is), and
    so do a good or bad effect's ("a beneficial effect on pain" lowers pain) and an improvement's."""
    if claim.valued_by and turns_on(claim.valued_by, " ".join(t.text for t in tokens[slice(*span)]),
                                    phrases.detrimental(tokens, span)):
        return -claim.polarity
    if claim.construction == "nominal" and tokens[claim.verb].low in lx.BETTERING_NOUNS:
        return -1 if phrases.detrimental(tokens, span) else 1  # "improvement of pain by X": less pain
    if claim.construction != "active" or len(claim.objects) < 2:
        return claim.polarity
    lemma, polarity, _ = lx.VERB_FORMS.get(tokens[claim.verb].low, ("", 0, ""))
    if lemma not in lx.RESTORING_VERBS | lx.IMPROVING_VERBS | lx.WORSENING_VERBS:
        return claim.polarity
    return verbs.bettering_polarity(tokens, lemma, span, polarity)


def _with_process(tokens: list[Token], span: tuple[int, int], entity: Entity, process: str) -> Entity | None:
    """A bare member of "<process> of A and B" named as B's process ("B clearance"); a member the
    naming changed ("hyperphosphorylated B") would need two readings at once, so it names nothing."""
    words, depth = [], 0
    for t in tokens[span[0]:span[1]]:
        depth += t.text in ("(", "[")
        if depth == 0 and t.low not in lx.DETERMINERS:
            words.append(t.text)
        depth -= t.text in (")", "]")
    plain = " ".join(words)  # a bracketed short form is an alias, not part of the name
    if entity.state or entity.polarity != 1 or entity.name != plain:
        return None
    entity.name = f"{entity.name} {process}"
    entity.aliases = []
    return entity


def _respective(tokens: list[Token], claim: Claim, subjects: list[tuple[int, int]],
                objects: int) -> set[tuple[int, int]] | None:
    """With "respectively" in the claim's clause ("A and B lower X and Y, respectively") coordinated
    subjects pair off with the objects in order; counts that differ pair nothing. None: every
    subject goes with every object (also when the subjects are not a coordination: "X raises
    classes A and B such as C and D, respectively" pairs within the object)."""
    clause = range(claim.floor, min(len(tokens), claim.end + 3))
    coordinated = len(subjects) > 1 and all(
        any(tokens[k].low in lx.LIST_JOINS for k in range(a[1], b[0])) for a, b in zip(subjects, subjects[1:]))
    if not coordinated or not any(tokens[k].low == "respectively" for k in clause):
        return None
    return {(k, k) for k in range(len(subjects))} if len(subjects) == objects else set()


def _with_bracketed_members(tokens: list[Token], spans: list[tuple[int, int]],
                            heads: list[int]) -> list[tuple[tuple[int, int], int]]:
    """Each phrase with its head's sign, followed by the members its class lists in brackets
    ("antipsychotic drugs (D and E)"), which share that sign."""
    expanded: list[tuple[tuple[int, int], int]] = []
    for span, head in zip(spans, heads):
        expanded.append((span, head))
        expanded += [(member, head) for member in subject_finding.bracketed_members(tokens, span)]
    return expanded


ASIDE_DASHES = word_set(_WORDS, "aside_dashes")
AMOUNT_ENDINGS = word_tuple(_WORDS, "amount_endings")


_ASIDE_MAX = 8


def _dash_asides_as_commas(tokens: list[Token]) -> list[Token]:
    """"A channel \u2014 TRPM2 \u2014 activates Y": an aside between two free-standing dashes reads as one
    set off by commas (dashes inside words were made hyphens by ``undo_typesetting``)."""
    read = list(tokens)
    k = 0
    while k < len(read):
        if read[k].text in ASIDE_DASHES:
            close = next((m for m in range(k + 1, min(len(read), k + _ASIDE_MAX + 2))
                          if read[m].text in ASIDE_DASHES or read[m].text in HARD_BOUNDARY), None)
            if close is not None and close > k + 1 and read[close].text in ASIDE_DASHES:
                read[k] = Token(",", ",", read[k].start)
                read[close] = Token(",", ",", read[close].start)
                k = close
        k += 1
    return read


def _soften_bracketed_boundaries(tokens: list[Token]) -> list[Token]:
    """"(Zhang et al., 2008; Yu et al., 2010)": a semicolon inside brackets separates citations,
    not clauses, so it reads as a comma."""
    softened: list[Token] = []
    depth = 0
    for tok in tokens:
        if tok.text in ("(", "["):
            depth += 1
        elif tok.text in (")", "]"):
            depth = max(0, depth - 1)
        elif depth and tok.text in (";", ":"):
            tok = Token(",", ",", tok.start)
        softened.append(tok)
    return softened


_EXCLUSION_PHRASE_MAX = 6


_AMOUNT = re.compile(r"^[~≈]?\d+(?:[.,·]\d+)?(?:%|-?fold)?$")


def _listed_amounts_dropped(tokens: list[Token]) -> list[Token]:
    """"X reduced A by 55%, B by 56% and C by 19%": the amounts of two or more objects of one verb
    are dropped, so that the objects read as the list they are (the amounts say how much, not what)."""
    runs: list[list[tuple[int, int]]] = []
    for i, token in enumerate(tokens):
        end = _amount_end(tokens, i) if token.low == "by" and i > 0 and tokens[i - 1].low not in lx.VERB_FORMS \
            and word_tests.is_content(tokens, i - 1) or token.low == "by" and i > 0 and tokens[i - 1].text == ")" else None
        if end is None:
            continue
        joined = runs and not any(t.low in lx.VERB_FORMS for t in tokens[runs[-1][-1][1]:i])
        if joined:
            runs[-1].append((i, end))
        else:
            runs.append([(i, end)])
    dropped = {k for run in runs if len(run) >= 2 and any(t.low in lx.VERB_FORMS for t in tokens[:run[0][0]])
               for start, end in run for k in range(start, end)}
    return [t for k, t in enumerate(tokens) if k not in dropped] if dropped else tokens


def _amount_end(tokens: list[Token], by: int) -> int | None:
    """The end of "by 55 %", "by 2-fold", "by 30 percent" at ``by``."""
    k = by + 1
    if k < len(tokens) and _AMOUNT.match(tokens[k].text):
        unit = k + 1 < len(tokens) and tokens[k + 1].low in LISTED_AMOUNT_UNITS
        if unit or tokens[k].text.endswith(AMOUNT_ENDINGS):
            return k + 2 if unit else k + 1
    return None


def _drop_exclusions(tokens: list[Token]) -> list[Token]:
    """Remove a contrasted exclusion inserted in a phrase: "p300, not pCAF, led to Y" and
    "overexpression of A, but not B, reduced Y" state the claim of A alone; the insert would
    otherwise split the subject from its verb (and its "not" would read as a negation)."""
    kept: list[Token] = []
    i, n = 0, len(tokens)
    while i < n:
        k = i + 1 + (i + 1 < n and tokens[i + 1].low == "but")
        if tokens[i].text == "," and k < n and tokens[k].low == "not" and i > 0 \
                and word_tests.is_content(tokens, i - 1):
            end = phrases.phrase_right(tokens, k + 1)
            if end < n and tokens[end].low in lx.LIST_CONJUNCTIONS:
                end = phrases.phrases_right(tokens, k + 1)[1]  # "but not B or C, ..."
            if k + 1 < end and _without_bracket(tokens, k + 1, end) <= k + 1 + _EXCLUSION_PHRASE_MAX and (
                    end >= n or tokens[end].text in (",", ")", "(") or tokens[end].text in HARD_BOUNDARY):
                # "A, but not B lysosomal localization": the contrast shares its process with A
                if not _own_process(tokens, i):
                    kept.extend(tokens[_shared_process_start(tokens, k + 1, end):end])
                i = end + 1 if end < n and tokens[end].text == "," else end
                continue
        if tokens[i].low == "but" and i + 3 < n and tokens[i + 1].low == "not" and i > 0 \
                and word_tests.is_content(tokens, i - 1):
            # without commas: "wild-type but not mutant X reduced Y", "A but not B reduced Y"
            if tokens[i + 2].text.islower() and word_tests.is_content(tokens, i + 3) \
                    and tokens[i - 1].text.islower() and tokens[i - 1].low not in lx.VERB_FORMS:
                i += 3  # contrasted modifiers of one noun
                continue
            end = phrases.phrase_right(tokens, i + 2)
            if i + 2 < end < n and end - i - 2 <= _EXCLUSION_PHRASE_MAX and tokens[end].low in lx.VERB_FORMS \
                    and lx.VERB_FORMS[tokens[end].low][2] in ("s", "ed", "base"):
                i = end
                continue
        kept.append(tokens[i])
        i += 1
    return kept


def _own_process(tokens: list[Token], comma: int) -> bool:
    """Does the phrase before ``comma`` name a process of its own ("the production of A", "A
    production"), which a contrasted process after it ("but not B secretion") does not replace?"""
    start = phrases.phrase_left(tokens, comma - 1)
    return any(states.process_word(t.low) or t.low in PLACING_NOUNS or t.low == "of"
               for t in tokens[start:comma]) or (start > 0 and tokens[start - 1].low == "of")


def _without_bracket(tokens: list[Token], start: int, end: int) -> int:
    """The end of the phrase start..end before the brackets that close it ("B (Fig. 3)")."""
    core = end
    while core > start and tokens[core - 1].text in (")", "]"):
        opening = phrases.skip_parens_left(tokens, core - 1)
        if opening >= core - 1:
            break
        core = opening
    return core


def _shared_process_start(tokens: list[Token], start: int, end: int) -> int:
    """Where the process words ending an excluded phrase start ("but not B or C lysosomal
    localization": "lysosomal localization", which A shares); ``end`` when the phrase ends in no
    process of an entity (its release, uptake, localization)."""
    core = _without_bracket(tokens, start, end)
    last = tokens[core - 1].low if core > start else ""
    if not (states.process_word(last) or last in PLACING_NOUNS) or last in lx.DETRIMENT_WORDS:
        return end
    first = core - 1
    while first - 1 > start and tokens[first - 1].text.isalpha() and tokens[first - 1].text.islower():
        first -= 1
    return first if first > start else end


def _listed_long_forms_as_names(tokens: list[Token], defined: dict[str, str]) -> list[Token]:
    """A long form with a list conjunction, right before its short form in brackets, is one token, a
    name as it stands: the "and" of "signal transducer and activator of transcription 3 (STAT3)"
    joins no list. A short form that lists several ("estrogen and progesterone receptors (ER, PR)")
    keeps its long form's list."""
    joined: list[Token] = []
    for k, token in enumerate(tokens):
        bracketed = tokens[k + 1].text if token.text == "(" and tokens[k + 2:k + 3] and tokens[k + 2].text == ")" else ""
        words = defined[bracketed].lower().split() if bracketed in defined and "," not in bracketed else []
        if lx.LIST_CONJUNCTIONS.intersection(words) and len(words) <= len(joined) \
                and [t.low for t in joined[-len(words):]] == words:
            joined[-len(words):] = [naming.as_one_name(joined[-len(words):])]
        joined.append(token)
    return joined


def _prepared_tokens(text: str) -> list[Token]:
    """The tokens of a sentence as the scan reads them: listed amounts, dashed asides, bracketed
    semicolons and contrasted exclusions dealt with."""
    return _drop_exclusions(_soften_bracketed_boundaries(_dash_asides_as_commas(_listed_amounts_dropped(tokenize(text)))))


def constructions_read(sentence: str) -> list[str]:
    """The names of the constructions that read a claim in ``sentence``, in reading order: what the
    check of constructions.toml's examples asks."""
    read: list[str] = []
    _extract_claims(_prepared_tokens(undo_typesetting(sentence)), read.append)
    return read


def extract_annotations(sentence: str, abbreviations: dict[str, str] | None = None) -> list[Annotation]:
    """The proto-role annotations stated in ``sentence`` (one per claim; negated claims dropped).

    ``abbreviations`` (short → long form, e.g. from ``find_abbreviations`` over the whole document)
    are added to those the sentence defines itself; an entity named by a short form is reported
    under its long form with the short form as alias.
    """
    known = dict(abbreviations or {})
    known.update(find_abbreviations(sentence))
    text = undo_typesetting(sentence)
    defined = find_abbreviations(text)
    for short, long in defined.items():
        # a short form defined after a name that held another one: "element (CRE)-binding protein (CREB)"
        known.setdefault(short, long)
    tokens = _listed_long_forms_as_names(_prepared_tokens(text), defined)
    annotations: list[Annotation] = []
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
        if claim.construction == "context":
            continue
        confidence = _CONFIDENCE[claim.construction] * (_HEDGE_CONFIDENCE if claim.hedged else 1.0) \
            * (_ANAPHOR_CONFIDENCE if claim.resolved else 1.0)
        subjects = _with_bracketed_members(tokens, claim.subjects, states.shared_heads(tokens, claim.subjects))
        objects = _with_bracketed_members(tokens, claim.objects, states.shared_heads(tokens, claim.objects))
        processes = states.shared_process(tokens, [span for span, _ in objects])
        unsure = states.trailing_process(tokens, [span for span, _ in objects])
        paired = _respective(tokens, claim, [span for span, _ in subjects], len(objects))
        for subject_index, (subject_span, subject_head) in enumerate(subjects):
            subject = naming.entity(tokens, subject_span, "subject", known)
            if subject is None or (claim.construction == "state" and not subject.state
                                   and not states.treated_group(tokens, subject_span)):
                continue  # "X shows Y" is causal only for a state X ("X-deficient mice show Y")
            subject.polarity *= subject_head * claim.subject_polarity
            for index, (object_span, object_head) in enumerate(objects):
                if (paired is not None and (subject_index, index) not in paired) or index in unsure:
                    continue
                obj = naming.entity(tokens, _site_owner(tokens, object_span, claim), "object", known)
                if obj is not None and processes[index] is not None:
                    obj = _with_process(tokens, object_span, obj, processes[index])
                if obj is None or obj.name.lower() == subject.name.lower():
                    continue
                obj.polarity *= object_head
                if claim.construction == "nominal" and index > 0 \
                        and naming.leading_change(tokens, object_span) is not None:
                    # "down-regulation of A and reduction in B by X": B's own head is the change
                    obj.polarity *= claim.polarity
                if claim.object_suffix and not obj.state and \
                        not obj.name.lower().endswith(claim.object_suffix.lower()):
                    obj.name = f"{obj.name} {claim.object_suffix}"
                    obj.aliases = [f"{alias} {claim.object_suffix}" for alias in obj.aliases]
                annotation = _annotation(subject, obj, _object_polarity(tokens, claim, object_span), sentence,
                                         round(confidence, 3), claim.hedged)
                if annotation is None:
                    continue
                key = (annotation.subject.lower(), annotation.subject_change,
                       annotation.object.lower(), annotation.object_change)
                by_claim[claim_index].append(annotation)
                if key not in seen:
                    seen.add(key)
                    annotations.append(annotation)
    derived = [means for claim, found in zip(claims, by_claim) if claim.means_of is not None
               for means in implied.means_claims(found, by_claim[claim.means_of])]
    for means in derived:
        key = (means.subject.lower(), means.subject_change, means.object.lower(), means.object_change)
        if key not in seen:
            seen.add(key)
            annotations.append(means)
    return annotations
