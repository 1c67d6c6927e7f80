"""Names a curated resource holds whole, a word of change and all: "low back pain" (MeSH), "low-density
lipoprotein" (ChEBI), "lower limb" (MeSH), "high-fat diet". Both readers keep such a word in the name
instead of reading it as a change of the rest: low back pain is no decrease of back pain.

Only resources that name things count. Phenotype ontologies (HP, EFO) name changes as terms
("decreased cardiac output", "impaired glucose tolerance"), which the readers read as changes. Without
a built grounding lexicon no name is curated, and the readers read as before. (The lexicon keeps its
own cache of look-ups.)
"""

from __future__ import annotations

import re

from engine.assembly.grounding import ground

NAMING_NAMESPACES = frozenset({"MESH", "CHEBI", "DOID", "MONDO", "GO", "HGNC", "FPLX"})
# Curated names that open with a word of change are short: "low back pain", "lower limb".
_LONGEST = 4


def opens_curated_name(words: list[str]) -> bool:
    """Whether the first two to four of ``words`` (the first a word of change) are a curated name."""
    return any(curated_name(" ".join(words[:n])) for n in range(2, min(_LONGEST, len(words)) + 1))


def curated_name(phrase: str) -> bool:
    """Whether ``phrase`` grounds to a thing whose standard name has the phrase's first word too: MeSH
    names "Low Back Pain" and "Lower Extremity" with it, but only lists "increased bone resorption" as
    another name of osteolysis, a change named as a condition."""
    first = phrase.split()[0].lower()
    return any(g.namespace in NAMING_NAMESPACES and first in _words(g.name) for g in ground(phrase))


def _words(name: str) -> set[str]:
    return set(re.split(r"[^a-z0-9]+", name.lower()))
