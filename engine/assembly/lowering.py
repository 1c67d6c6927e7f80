"""Names that state a lowering of an entity: "mTOR inhibitors", "inhibition of Akt", "Cdc37 siRNA",
"clearance of misfolded proteins", "knockout of NLRP3", "synapse loss"; and of a modification, by
the modification that undoes it: "tau dephosphorylation" is less tau phosphorylation.

Such a name is a *decrease of X*, not another entity: Integrate files it under X's node as a
decrease, and the cross-check of the two readers compares it with X read the other way round ("A
raises synapse loss" and "A lowers synapses" are one claim).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache
from pathlib import Path

from engine.assembly.entities import non_entity_reason
from engine.assembly.identity import RELATIONAL_ADJECTIVES
from engine.reading.language import lexicon
from engine.reading.language.data_files import word_set

# The word lists are data, in words.toml beside this file, each with a line on what it is for.
_WORDS = Path(__file__).with_name("words.toml")

# Words that name a lowering of the thing they follow ("X inhibition", "X inhibitors", "X siRNA") or
# precede with "of" ("inhibition of X"): the lexicon's decrease heads and RNA-interference reagents.
# Removing a thing lowers it too: "clearance of misfolded proteins" rising is misfolded proteins falling.
# So does losing it: "X deficiency" / "knockout of X" is less X, as "X knockdown" is (a loss-of-function
# experiment read as the decrease it is; bench/qa_eval.py: one more question answered, and right, per half).
REMOVAL_HEADS = word_set(_WORDS, "removal_heads")
_SILENCING_REAGENTS = word_set(_WORDS, "_silencing_reagents")
LOWERING_HEADS = frozenset({w.lower() for w in lexicon.DECREASE_HEADS | lexicon.DEFICIENCY_HEADS}
                           | _SILENCING_REAGENTS | REMOVAL_HEADS)
# Before a removal head an adjective names the route, not what is removed: "autophagic clearance" and
# "lysosomal degradation" rise with autophagy and lysosomes, where "Abeta clearance" lowers Abeta.
# (Before a decrease head it names what falls: "synaptic loss", "cognitive decline".)
_ROUTE_ADJECTIVE = re.compile(r"[a-z-]+(?:al|ic|ar)")
# A modification undone lowers the modification: "tau dephosphorylation" and "deacetylation of tau"
# are less tau phosphorylation / acetylation (the lexicon's modification nouns of sign -1).
_UNDOING = {noun: form for noun, (form, sign) in lexicon.MODIFICATION_NOUNS.items() if sign < 0}


def _head_patterns(heads: Iterable[str]) -> tuple[re.Pattern, re.Pattern]:
    """"CORE HEAD" and "HEAD of (the) CORE" for one of ``heads``."""
    words = "|".join(sorted(map(re.escape, heads), key=len, reverse=True))
    return (re.compile(rf"^(?P<core>.+?)[\s-]+(?P<head>{words})$", re.I),
            re.compile(rf"^(?P<head>{words})\s+of\s+(?:the\s+)?(?P<core>.+)$", re.I))


_UNDONE_SUFFIX, _UNDONE_PREFIX = _head_patterns(_UNDOING)
_LOWERING_SUFFIX, _LOWERING_PREFIX = _head_patterns(LOWERING_HEADS)


@lru_cache(maxsize=1 << 16)
def lowered_core(term: str) -> str | None:
    """The entity a lowering name is about ("mTOR" for "mTOR inhibitors"); None for other names and
    when what is left is no entity by itself ("cognitive decline": "cognitive" describes). Kept per
    name: the readers' cross-check asks it for every pair of claims of a sentence."""
    undone = _UNDONE_SUFFIX.match(term.strip()) or _UNDONE_PREFIX.match(term.strip())
    if undone is not None:
        core = undone.group("core").strip(" -")
        return f"{core} {_UNDOING[undone.group('head').lower()]}" if non_entity_reason(core) is None else None
    match = _LOWERING_SUFFIX.match(term.strip()) or _LOWERING_PREFIX.match(term.strip())
    if match is None:
        return None
    core = match.group("core").strip(" -")
    if match.group("head").lower() in REMOVAL_HEADS and _names_a_route(core):
        return None
    return core if non_entity_reason(core) is None else None


def _names_a_route(core: str) -> bool:
    last = core.split()[-1]
    return last in RELATIONAL_ADJECTIVES or bool(_ROUTE_ADJECTIVE.fullmatch(last))
