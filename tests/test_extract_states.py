"""The rule reader's states family (engine/reading/rules/states.py): claims of states and of carriers:
"X-deficient mice show Y", expression in carriers.

Each case lists every claim the sentence yields: none missing and none extra.
"""

from __future__ import annotations

import pytest

from claim_sets import assert_finds


CASES = [
    # states and deficiencies
    ("TIMP-2-deficient mice exhibit increased macrophage infiltration.",
     ["TIMP-2 deficiency ==CAUSE=> [change=increase] macrophage infiltration"]),
    # stimuli, recipients, verbs after nominal words, organisms lacking a gene
    ("Mice lacking TREM2 show increased amyloid plaques.",
     ["TREM2 deficiency ==CAUSE=> [change=increase] amyloid plaques"]),
    # what carriers of a condition show is associated with it, not its effect; an experiment's
    # carriers show the experiment's effect
    ("Post-mortem brains diagnosed with vascular dementia exhibited an increase in levels of CD44.", []),
    ("Subjects with multiple sclerosis displayed increased levels of IL-17.", []),
    ("Individuals suffering from Crohn's disease showed elevated calprotectin.", []),
    ("Rats with Nrf2 deletion displayed increased lipid peroxidation.",
     ["Nrf2 deficiency ==CAUSE=> [change=increase] lipid peroxidation"]),
    # signed effect nouns
    ("Curcumin has a neuroprotective effect against glutamate toxicity.",
     ["[change=increase] Curcumin ==CAUSE=> [change=decrease] glutamate toxicity"]),
    # comparatives, treated groups, source phrases, nominal means, role nouns with "at"
    ("Rapamycin-treated mice showed reduced tau pathology.",
     ["[change=increase] Rapamycin ==CAUSE=> [change=decrease] tau pathology"]),
    # a residue range with a typographic dash stays in the name; carriers receiving an agent
    ("Rats receiving memantine had lower caspase-3 levels than controls.",
     ["[change=increase] memantine ==CAUSE=> [change=decrease] caspase-3"]),
    # dose and route brackets, treated carriers and time phrases between the agent and the verb
    ("Rats deficient in Nrf2 had fewer surviving neurons.",
     ["Nrf2 deficiency ==CAUSE=> [change=decrease] surviving neurons"]),
    # carriers that express a gene show its effects
    ("Transgenic mice expressing APOE4 show memory deficits.",
     ["[change=increase] APOE4 ==CAUSE=> [change=decrease] memory"]),
    ("Neurons overexpressing SNCA exhibit increased apoptosis.",
     ["[change=increase] SNCA ==CAUSE=> [change=increase] apoptosis"]),
    # "dose dependently", "has long been recognized to", passive patients before a time phrase
    ("Lysosomal dysfunction has long been recognized to cause neurodegeneration.",
     ["[change=increase] Lysosomal dysfunction ==CAUSE=> neurodegeneration"]),
    # appositions opened by "another", asides of means ("X, by lowering Z, reduces Y")
    ("APOE4-expressing neurons displayed significantly higher tau phosphorylation.",
     ["[change=increase] APOE4 ==CAUSE=> [change=increase] tau phosphorylation"]),
    # coordinated state predicates share the carrier
    ("Mice expressing APP have an impaired UPS and show spatial memory deficits.",
     ["[change=increase] APP ==CAUSE=> [change=decrease] spatial memory",
      "[change=increase] APP ==CAUSE=> [change=decrease] UPS"]),
    # a cell type that expresses a product (weak claim)
    ("Reactive astrocytes express GFAP.",
     ["[change=increase] Reactive astrocytes ==CAUSE=> [change=increase] GFAP"]),
    ("TREM2 is expressed by microglia.",
     ["[change=increase] microglia ==CAUSE=> [change=increase] TREM2"]),
    # ... but a level of what they express says how much, not that they make it
    ("Reactive astrocytes express low levels of Tarp.", []),
    # a relative clause after a place phrase is about the head before the place
    ("Rats showed gliosis in the cortex and hippocampus that was reduced by minocycline.",
     ["[change=increase] minocycline ==CAUSE=> [change=decrease] gliosis"]),
    # a state named by a long form it defines a short form for is still a state
    ("Livers with hepatic steatosis syndrome (HSS) showed an increase in Krt9.",
     ["hepatic steatosis syndrome ==CAUSE=> [change=increase] Krt9"]),
    # a drug presented as given for a disorder lowers it
    ("Drenolol (Drenex; Fig. 2) was developed decades ago and marketed as a beta blocker for the treatment of gout.",
     ["[change=increase] Drenolol ==CAUSE=> [change=decrease] gout"]),
]


@pytest.mark.parametrize("sentence, expected", CASES, ids=[c[0][:40] for c in CASES])
def test_states(sentence: str, expected: list[str]) -> None:
    assert_finds(sentence, set(expected))
