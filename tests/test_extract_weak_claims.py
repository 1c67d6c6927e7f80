"""The rule reader's weak claims family (engine/reading/rules/weak_claims.py): weaker constructions:
needed for, effect nouns, involvement and association.

Each case lists every claim the sentence yields: none missing and none extra.
"""

from __future__ import annotations

import pytest

from claim_sets import assert_finds


CASES = [
    # other predicates of cause
    ("ADNP is essential for brain development.",
     ["[change=increase] ADNP ==CAUSE=> [change=increase] brain development"]),
    # signed effect nouns
    ("The inhibitory effect of Dkk1 on Wnt signalling was enhanced.",
     ["[change=increase] Dkk1 ==CAUSE=> [change=decrease] Wnt signalling"]),
    ("Estrogen exerts beneficial effects on cognition.",
     ["[change=increase] Estrogen ==CAUSE=> [change=increase] cognition"]),
    # association with a named change: weak claims; "and/or" coordinates
    ("Hepatic steatosis was associated with elevated ceramide synthesis and reduced insulin signalling.",
     ["[change=increase] Hepatic steatosis ==CAUSE=> [change=increase] ceramide synthesis",
      "[change=increase] Hepatic steatosis ==CAUSE=> [change=decrease] insulin signalling"]),
    ("Lower vitamin D levels correlated with increased bone resorption.",
     ["[change=decrease] vitamin D ==CAUSE=> [change=increase] bone resorption"]),
    ("Plasma leptin was inversely correlated with appetite.",
     ["[change=increase] Plasma leptin ==CAUSE=> [change=decrease] appetite"]),
    # a state after "after / following" is the condition of an intransitive change; a needed
    # thing's coordinated predicate shares its subject
    ("Netrin-1 is required for axon guidance and also promotes neurite outgrowth after injury.",
     ["[change=increase] Netrin-1 ==CAUSE=> [change=increase] neurite outgrowth",
      "[change=increase] Netrin-1 ==CAUSE=> [change=increase] axon guidance"]),
    # shielding, taking part, nouns of improvement
    ("Mutations in PARK2 have been implicated in juvenile parkinsonism.", []),  # no direction
    # "Y depends on X", "necessary and sufficient for", "rescue" restores goods and lowers harms
    ("SARM1 is necessary and sufficient for axon degeneration.",
     ["[change=increase] SARM1 ==CAUSE=> [change=increase] axon degeneration"]),
    # "is required / needed to VERB" keeps the subject in reach
    ("PS1 is required for lysosome acidification, which is needed to activate cathepsins.",
     ["[change=increase] lysosome acidification ==CAUSE=> [change=increase] cathepsins",
      "[change=increase] PS1 ==CAUSE=> [change=increase] lysosome acidification"]),
    # "X is an important step (during Y) for Z": X supports Z
    ("The inhibition of Krt9 during starvation via Plk7 is a crucial event during starvation for the induction of lipophagy.",
     ["[change=decrease] Krt9 ==CAUSE=> [change=increase] lipophagy"]),
    ("Krt9 binding is an essential step for vesicle fusion.",
     ["[change=increase] Krt9 binding ==CAUSE=> [change=increase] vesicle fusion"]),
]


@pytest.mark.parametrize("sentence, expected", CASES, ids=[c[0][:40] for c in CASES])
def test_weak_claims(sentence: str, expected: list[str]) -> None:
    assert_finds(sentence, set(expected))
