"""The rule reader's nominals family (engine/reading/rules/nominals.py): nominalisations, modifications,
compounds ("X-induced Y") and role nouns ("D, an X inhibitor").

Each case lists every claim the sentence yields: none missing and none extra.
"""

from __future__ import annotations

import pytest

from claim_sets import assert_finds


CASES = [
    # nominalisations
    ("Inhibition of GSK3 by lithium was observed.",
     ["[change=increase] lithium ==CAUSE=> [change=decrease] GSK3"]),
    ("Autophagy induction by trehalose was confirmed.",
     ["[change=increase] trehalose ==CAUSE=> [change=increase] Autophagy"]),
    # the verb before "Y activation by Z" is the clause's own, no part of Y: Z activates Y
    ("Zorimab dose-dependently inhibited Velk activation by Tarp.",
     ["[change=increase] Zorimab ==CAUSE=> [change=decrease] Velk",
      "[change=increase] Tarp ==CAUSE=> [change=increase] Velk"]),
    ("Aβ-induced neuronal apoptosis was blocked by memantine.",
     ["[change=increase] Aβ ==CAUSE=> [change=increase] neuronal apoptosis",
      "[change=increase] memantine ==CAUSE=> [change=decrease] neuronal apoptosis"]),
    ("We measured the glutamate-mediated increase in calcium influx.",
     ["[change=increase] glutamate ==CAUSE=> [change=increase] calcium influx"]),
    ("We saw an insulin-dependent reduction of tau phosphorylation.",
     ["[change=increase] insulin ==CAUSE=> [change=decrease] tau phosphorylation"]),
    # a compound participle before a class noun is part of its name, not a claim
    ("Ouabain blocks calcium-dependent kinase IV in astrocytes.",
     ["[change=increase] Ouabain ==CAUSE=> [change=decrease] calcium-dependent kinase IV"]),
    ("Osmotic stress activates p38 and zinc-activated protein kinase 3.",
     ["[change=increase] Osmotic stress ==CAUSE=> [change=increase] p38",
      "[change=increase] Osmotic stress ==CAUSE=> [change=increase] zinc-activated protein kinase 3"]),
    ("Curcumin lowers stress-activated protein kinases 3/4.",
     ["[change=increase] Curcumin ==CAUSE=> [change=decrease] stress-activated protein kinases 3/4"]),
    ("Lactate-activated potassium channels lower excitability.",
     ["[change=increase] Lactate-activated potassium channels ==CAUSE=> [change=decrease] excitability"]),
    # a stage word before a process is no part of it; before a thing it is
    ("Lithium induced early autophagy.", ["[change=increase] Lithium ==CAUSE=> [change=increase] autophagy"]),
    ("Lithium increased late endosomes.", ["[change=increase] Lithium ==CAUSE=> [change=increase] late endosomes"]),
    # a process that is always of something names nothing alone
    ("mTORC1 suppresses the UPS by impeding the formation and assembly of proteasomal subunits.",
     ["[change=increase] mTORC1 ==CAUSE=> [change=decrease] UPS",
      "[change=increase] mTORC1 ==CAUSE=> [change=decrease] assembly of proteasomal subunits",
      "[change=decrease] assembly of proteasomal subunits ==CAUSE=> [change=decrease] UPS"]),
    # a participle opening a clause after a name is no part of it
    ("The oligomerization of mutant Huntingtin is inhibited by administration of Congo red starting at this age.",
     ["[change=increase] Congo red ==CAUSE=> [change=decrease] mutant Huntingtin oligomerization"]),
    # a dimension before "-dependent" describes the change; it causes nothing
    ("Estradiol prevents the sex-dependent loss of dendritic spines.",
     ["[change=increase] Estradiol ==CAUSE=> [change=increase] dendritic spines"]),
    # so does a place ("hippocampus-dependent memory" is memory that needs the hippocampus)
    ("Estradiol prevents the hippocampus-dependent loss of dendritic spines.",
     ["[change=increase] Estradiol ==CAUSE=> [change=increase] dendritic spines"]),
    ("Estradiol prevents the nicotine-dependent loss of dendritic spines.",
     ["[change=increase] Estradiol ==CAUSE=> [change=increase] dendritic spines",
      "[change=increase] nicotine ==CAUSE=> [change=decrease] dendritic spines"]),
    # a dimension before a change head describes it: the change is of what the head governs
    ("Ketamine caused an age-related increase in cortical glutamate.",
     ["[change=increase] Ketamine ==CAUSE=> [change=increase] cortical glutamate"]),
    ("Age-related macular degeneration increases falls.",
     ["[change=increase] Age-related macular degeneration ==CAUSE=> [change=increase] falls"]),
    # role nouns and appositions
    ("Donepezil, an acetylcholinesterase inhibitor, improves memory.",
     ["[change=increase] Donepezil ==CAUSE=> [change=decrease] acetylcholinesterase",
      "[change=increase] Donepezil ==CAUSE=> [change=increase] memory"]),
    ("Rolipram is a selective PDE4 inhibitor.",
     ["[change=increase] Rolipram ==CAUSE=> [change=decrease] PDE4"]),
    ("Resveratrol, a putative activator of SIRT1, was given.",
     ["[change=increase] Resveratrol ==CAUSE=> [change=increase] SIRT1"]),
    # describing words of a drug class are no part of its target's name
    ("Treatment of mice with a selective Zap70 inhibitor decreased neuronal death.",
     ["[change=decrease] Zap70 ==CAUSE=> [change=decrease] neuronal death"]),
    ("Potent Zap70 agonists raised neuronal death.",
     ["[change=increase] Zap70 ==CAUSE=> [change=increase] neuronal death"]),
    # what a modification does is no part of its name, nor a change of it ("inactivating" is no decrease)
    ("Zorimab increased the inactivating phosphorylation of Tarp.",
     ["[change=increase] Zorimab ==CAUSE=> [change=increase] Tarp phosphorylation"]),
    ("Zorimab causes inhibitory phosphorylation of Tarp.",
     ["[change=increase] Zorimab ==CAUSE=> [change=increase] Tarp phosphorylation"]),
    # where an amount is measured is no part of the name
    ("Zorimab increased Tarp surface expression.", ["[change=increase] Zorimab ==CAUSE=> [change=increase] Tarp"]),
    ("The presence of Zorin increased Tarp levels.", ["[change=increase] Zorin ==CAUSE=> [change=increase] Tarp"]),
    ("A bacterial Zap70 activator raised neuronal death.",
     ["[change=increase] Zap70 ==CAUSE=> [change=increase] neuronal death"]),
    ("The mTOR inhibitor rapamycin reduced tau levels.",
     ["[change=increase] rapamycin ==CAUSE=> [change=decrease] mTOR",
      "[change=increase] rapamycin ==CAUSE=> [change=decrease] tau"]),
    # manner adjectives, reported changes, long asides, purposes and particles
    ("An increase in serum IL-6 was observed after treatment with lipopolysaccharide.",
     ["[change=increase] lipopolysaccharide ==CAUSE=> [change=increase] serum IL-6"]),
    # stimuli, recipients, verbs after nominal words, organisms lacking a gene
    ("PKA-dependent phosphorylation of CREB increases BDNF transcription.",
     ["[change=increase] PKA ==CAUSE=> [change=increase] CREB phosphorylation",
      "[change=increase] CREB phosphorylation ==CAUSE=> [change=increase] BDNF transcription"]),
    # signed regulators; "sufficient to"
    ("PTEN is a negative regulator of Akt signalling.",
     ["[change=increase] PTEN ==CAUSE=> [change=decrease] Akt signalling"]),
    # comparatives, treated groups, source phrases, nominal means, role nouns with "at"
    ("Nicotine acts as an agonist at nAChRs.",
     ["[change=increase] Nicotine ==CAUSE=> [change=increase] nAChRs"]),
    # members apposed to a plural class, before any tense; "almost" is no cause
    ("Exposure to the calpain inhibitors, calpeptin or MDL28170, alone almost completely prevented "
     "spectrin cleavage.",
     ["[change=increase] calpeptin ==CAUSE=> [change=decrease] spectrin cleavage",
      "[change=increase] MDL28170 ==CAUSE=> [change=decrease] spectrin cleavage",
      "[change=increase] calpeptin ==CAUSE=> [change=decrease] calpain",
      "[change=decrease] calpain ==CAUSE=> [change=decrease] spectrin cleavage",
      "[change=increase] MDL28170 ==CAUSE=> [change=decrease] calpain"]),
    ("Slices were bathed in either caspase inhibitors, Z-VAD and Q-VD, or in buffer alone.",
     ["[change=increase] Z-VAD ==CAUSE=> [change=decrease] caspase",
      "[change=increase] Q-VD ==CAUSE=> [change=decrease] caspase"]),
    # "D-impaired Y" is less Y; restoring an impaired good raises it
    ("Hypoxia-impaired angiogenesis was restored by erythropoietin.",
     ["Hypoxia ==CAUSE=> [change=decrease] angiogenesis",
      "[change=increase] erythropoietin ==CAUSE=> [change=increase] angiogenesis"]),
    # the agent of "inhibition of X by D" is not itself lowered
    ("Inhibition of calpain by calpeptin reduced spectrin cleavage.",
     ["[change=increase] calpeptin ==CAUSE=> [change=decrease] spectrin cleavage",
      "[change=decrease] calpain ==CAUSE=> [change=decrease] spectrin cleavage",
      "[change=increase] calpeptin ==CAUSE=> [change=decrease] calpain"]),
    # a change nested in another's object is no claim of its own; durations and doses before "of"
    ("A marked reduction in the accumulation of lipofuscin was seen after two weeks of treatment "
     "with 5 mg/kg of rapamycin.",
     ["[change=increase] rapamycin ==CAUSE=> [change=decrease] lipofuscin"]),
    # a passive patient with a reduced relative: the head, not the relative's agent
    ("A rise in serum lactate was seen after metformin treatment.",
     ["[change=increase] metformin ==CAUSE=> [change=increase] serum lactate"]),
    # members of a role class named after its target, or beside "other"
    ("Blockers of L-type calcium channels, such as nifedipine, lower blood pressure.",
     ["[change=increase] nifedipine ==CAUSE=> [change=decrease] L-type calcium channels",
      "[change=increase] nifedipine ==CAUSE=> [change=decrease] blood pressure",
      "[change=decrease] L-type calcium channels ==CAUSE=> [change=decrease] blood pressure"]),
    # a describing word before the role noun leaves the members agents: never "less nifedipine"
    ("Selective blockers of L-type calcium channels, such as nifedipine, lower blood pressure.",
     ["[change=increase] nifedipine ==CAUSE=> [change=decrease] L-type calcium channels",
      "[change=increase] nifedipine ==CAUSE=> [change=decrease] blood pressure",
      "[change=decrease] L-type calcium channels ==CAUSE=> [change=decrease] blood pressure"]),
    ("Fluoxetine and other serotonin reuptake inhibitors relieve depression.",
     ["[change=increase] Fluoxetine ==CAUSE=> [change=decrease] serotonin reuptake",
      "[change=decrease] Fluoxetine ==CAUSE=> depression",
      "[change=increase] serotonin reuptake ==CAUSE=> depression"]),
    # efficacy before a gerund; risk factors
    ("Obesity is a major risk factor for type 2 diabetes and hypertension.",
     ["Obesity ==CAUSE=> type 2 diabetes", "Obesity ==CAUSE=> hypertension"]),
    # the change an agent makes ("inhibition of X by D", "inhibiting X by deleting D") is a cause too
    ("Inhibition of mTOR by deletion of raptor results in enhanced autophagy.",
     ["[change=decrease] mTOR ==CAUSE=> [change=increase] autophagy",
      "raptor deficiency ==CAUSE=> [change=decrease] mTOR",
      "raptor deficiency ==CAUSE=> [change=increase] autophagy"]),
    # a bracketed statistic after the verb; agents given to the carriers of a change
    ("A significant decrease in plasma cortisol was observed in rats treated with mifepristone.",
     ["[change=increase] mifepristone ==CAUSE=> [change=decrease] plasma cortisol"]),
    # subjects climb over several place and time phrases; a common misspelling
    ("Infusion of muscimol, a GABA agonist, into the CA1 region of the hippocampus impaired memory.",
     ["[change=increase] muscimol ==CAUSE=> [change=decrease] memory",
      "[change=increase] muscimol ==CAUSE=> [change=increase] GABA"]),
    # sign repairs: a reduced relative after a gerund, a participle after an apposition,
    # coordinated nominal heads, neutralization, carriers after a harm
    ("We saw a down-regulation of PPP2R2A expression and reduction in PP2A activity by ApoE4.",
     ["[change=increase] ApoE4 ==CAUSE=> [change=decrease] PP2A",
      "[change=increase] ApoE4 ==CAUSE=> [change=decrease] PPP2R2A"]),
    # coordinated passives share their patient; members apposed to a class before a comma and
    # a citation whose semicolon is no clause boundary; a name ending in the letter A
    ("The HDAC inhibitors, vorinostat and trichostatin A (Li et al., 2008; Yu et al., 2010), reduce tau levels.",
     ["[change=increase] vorinostat ==CAUSE=> [change=decrease] tau",
      "[change=increase] trichostatin A ==CAUSE=> [change=decrease] tau",
      "[change=decrease] HDAC ==CAUSE=> [change=decrease] tau",
      "[change=increase] trichostatin A ==CAUSE=> [change=decrease] HDAC",
      "[change=increase] vorinostat ==CAUSE=> [change=decrease] HDAC"]),
    # words split around a spaced hyphen by text extraction
    ("Aβ - induced toxicity was blocked by memantine.",
     ["[change=increase] Aβ ==CAUSE=> [change=increase] toxicity",
      "[change=increase] memantine ==CAUSE=> [change=decrease] toxicity"]),
    # a drug class before one name; modifiers inside a role apposition
    ("The antidiabetic drug metformin, a prototypical activator of AMPK, induced autophagy.",
     ["[change=increase] metformin ==CAUSE=> [change=increase] AMPK",
      "[change=increase] metformin ==CAUSE=> [change=increase] autophagy"]),
    # a substance class before one name, and not before what it qualifies
    ("The neurotransmitter acetylcholine increased Tarp.",
     ["[change=increase] acetylcholine ==CAUSE=> [change=increase] Tarp"]),
    ("The antibiotic rifampicin likewise raised Tarp.",
     ["[change=increase] rifampicin ==CAUSE=> [change=increase] Tarp"]),
    ("The chaperone HSP70 reduced Tarp aggregation.",
     ["[change=increase] HSP70 ==CAUSE=> [change=decrease] Tarp aggregation"]),
    ("Neurotransmitter release was increased by Pomb.",
     ["[change=increase] Pomb ==CAUSE=> [change=increase] Neurotransmitter release"]),
    ("Zorimab activates antioxidant systems.",
     ["[change=increase] Zorimab ==CAUSE=> [change=increase] antioxidant systems"]),
    ("Members of the chaperone family are raised by Pomb.",
     ["[change=increase] Pomb ==CAUSE=> [change=increase] chaperone family"]),
    # a short symbol after "transcription factor" ends the name, not a symbol of its own
    ("Tarp suppresses the transcription factor EB.",
     ["[change=increase] Tarp ==CAUSE=> [change=decrease] transcription factor EB"]),
    # how good a drug is says nothing of its target's name
    ("Zorimab and Pomb are effective autophagy inducers.",
     ["[change=increase] Zorimab ==CAUSE=> [change=increase] autophagy",
      "[change=increase] Pomb ==CAUSE=> [change=increase] autophagy"]),
    # typeset dashes and ligatures
    ("Glutamate–induced excitotoxicity was reduced by memantine.",
     ["[change=increase] Glutamate ==CAUSE=> [change=increase] excitotoxicity",
      "[change=increase] memantine ==CAUSE=> [change=decrease] excitotoxicity"]),
    # words broken across a line end
    ("Cholinesterase inhibitors such as donepezil and rivastigmine are prescribed.",
     ["[change=increase] donepezil ==CAUSE=> [change=decrease] Cholinesterase",
      "[change=increase] rivastigmine ==CAUSE=> [change=decrease] Cholinesterase"]),
    # modifications: verbs and nouns of (de)phosphorylation, (de)acetylation, methylation
    ("Dephosphorylation of CREB by protein phosphatase 1 was faster in aged rats.",
     ["[change=increase] protein phosphatase 1 ==CAUSE=> [change=decrease] CREB phosphorylation"]),
    ("The hyperphosphorylation of neurofilaments at Ser55 and Ser57 by CDK5 was measured.",
     ["[change=increase] CDK5 ==CAUSE=> [change=increase] neurofilaments phosphorylation"]),
    ("Histone methylation by SETD7 was observed in vitro.",
     ["[change=increase] SETD7 ==CAUSE=> [change=increase] Histone methylation"]),
    # a signed incidence of Y with an agent named after it
    ("We saw an increased frequency of rash and fever with velomide; and lower incidence of gout with drenolol.",
     ["[change=increase] velomide ==CAUSE=> [change=increase] rash",
      "[change=increase] velomide ==CAUSE=> [change=increase] fever",
      "[change=increase] drenolol ==CAUSE=> [change=decrease] gout"]),
    ("A higher incidence of headache was observed after velomide treatment.",
     ["[change=increase] velomide ==CAUSE=> [change=increase] headache"]),
    # members apposed to a class may carry citations
    ("Cells were treated with either lipophagy inhibitors, velomide [12] and drenolol B 2 [13], or with vehicle.",
     ["[change=increase] velomide ==CAUSE=> [change=decrease] lipophagy",
      "[change=increase] drenolol B 2 ==CAUSE=> [change=decrease] lipophagy"]),
    # a drug presented as given for a disorder lowers it
    ("Velomide, a drug approved for the treatment of psoriasis, lowers uric acid.",
     ["[change=increase] Velomide ==CAUSE=> [change=decrease] psoriasis",
      "[change=increase] Velomide ==CAUSE=> [change=decrease] uric acid"]),
    # a bracketed reference after the condition is no part of it
    ("We saw a marked increase in Krt9 expression with aging (Fig. 3b).",
     ["aging ==CAUSE=> [change=increase] Krt9"]),
    # the tool of an experiment is its agent; "with" after a partner noun or a caused change is not
    ("Inhibition of Velk1 with zorimab lowered Tarp levels.",
     ["[change=increase] zorimab ==CAUSE=> [change=decrease] Velk1",
      "[change=increase] zorimab ==CAUSE=> [change=decrease] Tarp"]),
    ("We saw no change after inhibition of the interaction of Velk1 with Tarp.", []),
    ("Zorin caused a marked inhibition of Tarp responses with Velk1 receptors.",
     ["[change=increase] Zorin ==CAUSE=> [change=decrease] Tarp responses"]),
    # the agent of a lost modification is its maker, not the loss's cause
    ("The mutation results in a loss of phosphorylation of CREB by PKA.",
     ["[change=increase] PKA ==CAUSE=> [change=increase] CREB phosphorylation",
      "mutation ==CAUSE=> [change=decrease] CREB phosphorylation"]),
]


@pytest.mark.parametrize("sentence, expected", CASES, ids=[c[0][:40] for c in CASES])
def test_nominals(sentence: str, expected: list[str]) -> None:
    assert_finds(sentence, set(expected))
