"""Rule-based extraction over hand-written sentences, one or more per construction."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from engine.__main__ import main
from engine.annotations import format_annotation, interpret
from engine.offline.extract import extract_annotations, find_abbreviations

def lines(sentence: str, abbreviations: dict[str, str] | None = None) -> set[str]:
    return {format_annotation(a) for a in extract_annotations(sentence, abbreviations)}


def assert_finds(sentence: str, expected: set[str]) -> None:
    """Exactly the expected annotations are found: none missing, none extra."""
    found = lines(sentence)
    assert found == expected, f"missing {sorted(expected - found)}; extra {sorted(found - expected)}"


CASES = [
    # active verbs of increase and decrease
    ("Cortisol increases blood pressure.",
     ["[change=increase] Cortisol ==CAUSE=> [change=increase] blood pressure"]),
    ("Lithium strongly inhibits GSK3 activity in neurons.",
     ["[change=increase] Lithium ==CAUSE=> [change=decrease] GSK3"]),
    ("Exercise has been shown to reduce oxidative stress.",
     ["[change=increase] Exercise ==CAUSE=> [change=decrease] oxidative stress"]),
    ("Microglial activation promotes the release of cytokines.",
     ["[change=increase] Microglial ==CAUSE=> [change=increase] cytokines release"]),
    ("Rapamycin upregulates the expression of LC3 in the hippocampus.",
     ["[change=increase] Rapamycin ==CAUSE=> [change=increase] LC3"]),
    # names headed by "factor" are names, unless only evaluative words precede it
    ("Chronic stress lowers nerve growth factor.",
     ["[change=increase] Chronic stress ==CAUSE=> [change=decrease] nerve growth factor"]),
    # passives
    ("Tau phosphorylation was inhibited by lithium.",
     ["[change=increase] lithium ==CAUSE=> [change=decrease] Tau phosphorylation"]),
    ("BDNF expression is increased by physical exercise.",
     ["[change=increase] physical exercise ==CAUSE=> [change=increase] BDNF"]),
    ("Neuronal apoptosis, which is induced by oxidative stress, was reduced.",
     ["[change=increase] oxidative stress ==CAUSE=> [change=increase] Neuronal apoptosis"]),
    # relative clauses and phrasal verbs
    ("Under stress, the body experiences elevated cortisol levels which increases blood pressure.",
     ["[change=increase] cortisol ==CAUSE=> [change=increase] blood pressure"]),
    ("Chronic inflammation leads to neuronal loss.",
     ["[change=increase] Chronic inflammation ==CAUSE=> [change=decrease] neuronal"]),
    ("Obesity contributes to insulin resistance.",
     ["obesity ==CAUSE=> [change=increase] insulin resistance".replace("obesity", "Obesity")]),
    # nominalisations
    ("Inhibition of GSK3 by lithium was observed.",
     ["[change=increase] lithium ==CAUSE=> [change=decrease] GSK3"]),
    ("Autophagy induction by trehalose was confirmed.",
     ["[change=increase] trehalose ==CAUSE=> [change=increase] Autophagy"]),
    ("Aβ-induced neuronal apoptosis was blocked by memantine.",
     ["[change=increase] Aβ ==CAUSE=> [change=increase] neuronal apoptosis",
      "[change=increase] memantine ==CAUSE=> [change=decrease] neuronal apoptosis"]),
    ("We measured the glutamate-mediated increase in calcium influx.",
     ["[change=increase] glutamate ==CAUSE=> [change=increase] calcium influx"]),
    ("We saw an insulin-dependent reduction of tau phosphorylation.",
     ["[change=increase] insulin ==CAUSE=> [change=decrease] tau phosphorylation"]),
    # states and deficiencies
    ("TIMP-2-deficient mice exhibit increased macrophage infiltration.",
     ["TIMP-2 deficiency ==CAUSE=> [change=increase] macrophage infiltration"]),
    ("Loss of PINK1 causes mitochondrial dysfunction.",
     ["PINK1 deficiency ==CAUSE=> [change=increase] mitochondrial dysfunction"]),
    ("XBP1 knockout reduces neuronal survival.",
     ["XBP1 deficiency ==CAUSE=> [change=decrease] neuronal survival"]),
    ("LRRK2 mutations cause Parkinson's disease.",
     ["LRRK2 mutation ==CAUSE=> Parkinson's disease"]),
    ("Smoking increases the risk of lung cancer.",
     ["Smoking ==CAUSE=> [change=increase] lung cancer"]),
    ("Metformin prevents dementia.",
     ["[change=decrease] Metformin ==CAUSE=> dementia"]),
    # changes written on the entities
    ("Knockdown of SIRT1 increased acetylated tau.",
     ["[change=decrease] SIRT1 ==CAUSE=> [change=increase] acetylated tau"]),
    ("Reduced insulin levels impair glucose uptake.",
     ["[change=decrease] insulin ==CAUSE=> [change=decrease] glucose uptake"]),
    ("Treatment with rapamycin decreased the levels of phosphorylated S6.",
     ["[change=increase] rapamycin ==CAUSE=> [change=decrease] phosphorylated S6"]),
    ("Selegiline prevents the loss of dopaminergic neurons.",
     ["[change=increase] Selegiline ==CAUSE=> [change=increase] dopaminergic neurons"]),
    # coordination
    ("BDNF and NGF reduce apoptosis.",
     ["[change=increase] BDNF ==CAUSE=> [change=decrease] apoptosis",
      "[change=increase] NGF ==CAUSE=> [change=decrease] apoptosis"]),
    ("Beclin 1 overexpression reduces amyloid burden and astrogliosis in the cortex.",
     ["[change=increase] Beclin 1 ==CAUSE=> [change=decrease] amyloid burden",
      "[change=increase] Beclin 1 ==CAUSE=> [change=decrease] astrogliosis"]),
    ("IL-1β, IL-6, and TNF-α activate microglia.",
     ["[change=increase] IL-1β ==CAUSE=> [change=increase] microglia",
      "[change=increase] IL-6 ==CAUSE=> [change=increase] microglia",
      "[change=increase] TNF-α ==CAUSE=> [change=increase] microglia"]),
    ("AICAR increased AMPK phosphorylation and reduced tau phosphorylation.",
     ["[change=increase] AICAR ==CAUSE=> [change=increase] AMPK phosphorylation",
      "[change=increase] AICAR ==CAUSE=> [change=decrease] tau phosphorylation"]),
    ("Overexpression of SIRT1 attenuated hyperglycemia, improved glucose tolerance and attenuated weight loss.",
     ["[change=increase] SIRT1 ==CAUSE=> [change=increase] glucose tolerance",
      "[change=increase] SIRT1 ==CAUSE=> [change=increase] weight",
      "[change=decrease] SIRT1 ==CAUSE=> hyperglycemia"]),
    ("Dyrk1A phosphorylates and activates ASK1.",
     ["[change=increase] Dyrk1A ==CAUSE=> [change=increase] ASK1 phosphorylation",
      "[change=increase] Dyrk1A ==CAUSE=> [change=increase] ASK1"]),
    ("Chlorpromazine, which is an antipsychotic, induces autophagy by inhibiting the Akt/mTOR pathway.",
     ["[change=increase] Chlorpromazine ==CAUSE=> [change=increase] autophagy",
      "[change=increase] Chlorpromazine ==CAUSE=> [change=decrease] Akt/mTOR pathway",
      "[change=decrease] Akt/mTOR pathway ==CAUSE=> [change=increase] autophagy"]),
    # other predicates of cause
    ("Autophagy requires ATG5.", ["[change=increase] ATG5 ==CAUSE=> [change=increase] Autophagy"]),
    ("ADNP is essential for brain development.",
     ["[change=increase] ADNP ==CAUSE=> [change=increase] brain development"]),
    ("AMPK negatively regulates mTOR.", ["[change=increase] AMPK ==CAUSE=> [change=decrease] mTOR"]),
    ("The aggregates interfere with axonal transport.",
     ["[change=increase] aggregates ==CAUSE=> [change=decrease] axonal transport"]),
    ("DNMT1 expression was increased after folic acid treatment.",
     ["[change=increase] folic acid ==CAUSE=> [change=increase] DNMT1"]),
    ("LAMP1 levels were reduced in TFEB-deficient astrocytes.",
     ["TFEB deficiency ==CAUSE=> [change=decrease] LAMP1"]),
    # role nouns and appositions
    ("Donepezil, an acetylcholinesterase inhibitor, improves memory.",
     ["[change=increase] Donepezil ==CAUSE=> [change=decrease] acetylcholinesterase",
      "[change=increase] Donepezil ==CAUSE=> [change=increase] memory"]),
    ("Rolipram is a selective PDE4 inhibitor.",
     ["[change=increase] Rolipram ==CAUSE=> [change=decrease] PDE4"]),
    ("Resveratrol, a putative activator of SIRT1, was given.",
     ["[change=increase] Resveratrol ==CAUSE=> [change=increase] SIRT1"]),
    ("The mTOR inhibitor rapamycin reduced tau levels.",
     ["[change=increase] rapamycin ==CAUSE=> [change=decrease] mTOR",
      "[change=increase] rapamycin ==CAUSE=> [change=decrease] tau"]),
    # members named after a class
    ("Lithium reduces pro-inflammatory cytokines such as IL-6 and TNF-α.",
     ["[change=increase] Lithium ==CAUSE=> [change=decrease] pro-inflammatory cytokines",
      "[change=increase] Lithium ==CAUSE=> [change=decrease] IL-6",
      "[change=increase] Lithium ==CAUSE=> [change=decrease] TNF-α"]),
    ("Tau is degraded by proteases, e.g., calpain and caspase-3.",
     ["[change=increase] calpain ==CAUSE=> [change=decrease] Tau",
      "[change=increase] caspase-3 ==CAUSE=> [change=decrease] Tau"]),
    ("Insulin activates several kinases, including AKT.",
     ["[change=increase] Insulin ==CAUSE=> [change=increase] AKT"]),
    # anaphora: "it" / "these drugs" take the previous subject; "this" the previous change's cause
    ("Administration of baclofen reduced spasticity. It also increased drowsiness.",
     ["[change=increase] baclofen ==CAUSE=> [change=increase] drowsiness",
      "[change=increase] baclofen ==CAUSE=> [change=decrease] spasticity"]),
    ("Donepezil and galantamine inhibit acetylcholinesterase. These drugs improve cognition.",
     ["[change=increase] Donepezil ==CAUSE=> [change=increase] cognition",
      "[change=increase] galantamine ==CAUSE=> [change=increase] cognition",
      "[change=increase] Donepezil ==CAUSE=> [change=decrease] acetylcholinesterase",
      "[change=increase] galantamine ==CAUSE=> [change=decrease] acetylcholinesterase"]),
    ("Mutations in PARK7 cause impairment of mitophagy. This can lead to increased apoptosis.",
     ["PARK7 mutation ==CAUSE=> [change=increase] apoptosis",
      "PARK7 mutation ==CAUSE=> [change=decrease] mitophagy"]),
    ("Zinc induces tau aggregation. This effect was blocked by clioquinol.",
     ["[change=increase] clioquinol ==CAUSE=> [change=decrease] tau aggregation",
      "[change=increase] Zinc ==CAUSE=> [change=increase] tau aggregation"]),
    # manner adjectives, reported changes, long asides, purposes and particles
    ("Pharmacological inhibition of PDE4 increases CREB phosphorylation.",
     ["[change=decrease] PDE4 ==CAUSE=> [change=increase] CREB phosphorylation"]),
    ("An increase in serum IL-6 was observed after treatment with lipopolysaccharide.",
     ["[change=increase] lipopolysaccharide ==CAUSE=> [change=increase] serum IL-6"]),
    ("Knockdown of TRPM2, in cultured cortical neurons, hippocampal slices, and isolated "
     "astrocytes, markedly reduces calcium influx.",
     ["[change=decrease] TRPM2 ==CAUSE=> [change=decrease] calcium influx"]),
    ("Ketone ester feeding is intended to slow down synapse loss.",
     ["[change=increase] Ketone ester feeding ==CAUSE=> [change=increase] synapse"]),
    # "of either the X or Y" keeps the head of change for both
    ("Inhibition of either the proteasome or autophagy induces neurotoxicity.",
     ["[change=decrease] proteasome ==CAUSE=> [change=increase] neurotoxicity",
      "[change=decrease] autophagy ==CAUSE=> [change=increase] neurotoxicity"]),
    # a name between commas after a describing phrase
    ("During the task, the muscarinic antagonist, scopolamine, impaired recall.",
     ["[change=increase] scopolamine ==CAUSE=> [change=decrease] recall"]),
    ("Conversely, deletion of the neuronal GEF, rin1, reduces rab5 activation and enhances fear memory.",
     ["[change=decrease] rin1 ==CAUSE=> [change=decrease] rab5",
      "[change=decrease] rin1 ==CAUSE=> [change=increase] fear memory"]),
    # enumerators, treatment lists, apposed names, "which" after a place phrase
    ("The effects of nicotine are blocked by (a) mecamylamine and (b) hexamethonium.",
     ["[change=increase] mecamylamine ==CAUSE=> [change=decrease] effects of nicotine",
      "[change=increase] hexamethonium ==CAUSE=> [change=decrease] effects of nicotine"]),
    ("Treatment of cells with tunicamycin, thapsigargin or MG132 induces autophagy.",
     ["[change=increase] tunicamycin ==CAUSE=> [change=increase] autophagy",
      "[change=increase] MG132 ==CAUSE=> [change=increase] autophagy",
      "[change=increase] thapsigargin ==CAUSE=> [change=increase] autophagy"]),
    ("Arc is degraded via the E3 ligase, UBE3A (Greer 2010).",
     ["[change=increase] UBE3A ==CAUSE=> [change=decrease] Arc",
      "[change=increase] E3 ligase ==CAUSE=> [change=decrease] Arc"]),
    ("Mice with conditional knockout of Atg7 in the central nervous system, which resulted in "
     "neurodegeneration, were studied.", ["Atg7 deficiency ==CAUSE=> neurodegeneration"]),
    # stimuli, recipients, verbs after nominal words, organisms lacking a gene
    ("IL-6 was upregulated in response to LPS.",
     ["[change=increase] LPS ==CAUSE=> [change=increase] IL-6"]),
    ("Administration of melatonin to mice reduced amyloid deposition.",
     ["[change=increase] melatonin ==CAUSE=> [change=decrease] amyloid deposition"]),
    ("PKA-dependent phosphorylation of CREB increases BDNF transcription.",
     ["[change=increase] PKA ==CAUSE=> [change=increase] CREB phosphorylation",
      "[change=increase] CREB phosphorylation ==CAUSE=> [change=increase] BDNF transcription",
      "[change=increase] PKA ==CAUSE=> [change=increase] BDNF transcription"]),
    ("Mice lacking TREM2 show increased amyloid plaques.",
     ["TREM2 deficiency ==CAUSE=> [change=increase] amyloid plaques"]),
    # "this" before an -s form is a pronoun subject; time phrases after the subject
    ("Insulin activates PI3K. This increases Akt activity, which in turn dampens FOXO signaling.",
     ["[change=increase] Akt ==CAUSE=> [change=decrease] FOXO signaling",
      "[change=increase] Insulin ==CAUSE=> [change=decrease] FOXO signaling",
      "[change=increase] Insulin ==CAUSE=> [change=increase] Akt",
      "[change=increase] Insulin ==CAUSE=> [change=increase] PI3K"]),
    ("Administration of salsalate after disease onset inhibited p300 activity.",
     ["[change=increase] salsalate ==CAUSE=> [change=decrease] p300"]),
    # "X inhibition with D": both the drug and the inhibited target are causes
    ("Syk inhibition with BAY61-3606 induced CREB phosphorylation.",
     ["[change=decrease] Syk ==CAUSE=> [change=increase] CREB phosphorylation",
      "[change=increase] BAY61-3606 ==CAUSE=> [change=increase] CREB phosphorylation"]),
    # signed effect nouns
    ("Curcumin has a neuroprotective effect against glutamate toxicity.",
     ["[change=increase] Curcumin ==CAUSE=> [change=decrease] glutamate toxicity"]),
    ("The inhibitory effect of Dkk1 on Wnt signalling was enhanced.",
     ["[change=increase] Dkk1 ==CAUSE=> [change=decrease] Wnt signalling"]),
    ("Estrogen exerts beneficial effects on cognition.",
     ["[change=increase] Estrogen ==CAUSE=> [change=increase] cognition"]),
    # signed regulators; "sufficient to"
    ("PTEN is a negative regulator of Akt signalling.",
     ["[change=increase] PTEN ==CAUSE=> [change=decrease] Akt signalling"]),
    ("Expression of mutant tau is sufficient to induce neurodegeneration.",
     ["tau mutation ==CAUSE=> neurodegeneration"]),
    # comparatives, treated groups, source phrases, nominal means, role nouns with "at"
    ("The levels of IL-1β were significantly higher in LPS-treated mice.",
     ["[change=increase] LPS ==CAUSE=> [change=increase] IL-1β"]),
    ("Rapamycin-treated mice showed reduced tau pathology.",
     ["[change=increase] Rapamycin ==CAUSE=> [change=decrease] tau pathology"]),
    ("Depletion of cholesterol from membranes reduced Aβ production.",
     ["[change=decrease] cholesterol ==CAUSE=> [change=decrease] Aβ production"]),
    ("Aβ causes tau hyperphosphorylation via activation of GSK3β.",
     ["[change=increase] Aβ ==CAUSE=> [change=increase] GSK3β",
      "[change=increase] GSK3β ==CAUSE=> [change=increase] tau hyperphosphorylation",
      "[change=increase] Aβ ==CAUSE=> [change=increase] tau hyperphosphorylation"]),
    ("Nicotine acts as an agonist at nAChRs.",
     ["[change=increase] Nicotine ==CAUSE=> [change=increase] nAChRs"]),
    # intransitive changes with a named condition
    ("GLUT4 translocation increased in the presence of insulin.",
     ["[change=increase] insulin ==CAUSE=> [change=increase] GLUT4 translocation"]),
    ("Tau levels decreased after rapamycin treatment.",
     ["[change=increase] rapamycin ==CAUSE=> [change=decrease] Tau"]),
    # abbreviation full stops are not sentence ends; "that" after a verb is a complementiser
    ("Lithium reduces tau phosphorylation (Smith et al. 2010). It also reduces amyloid load.",
     ["[change=increase] Lithium ==CAUSE=> [change=decrease] amyloid load",
      "[change=increase] Lithium ==CAUSE=> [change=decrease] tau phosphorylation"]),
    ("Blocking Syk (Fig. 3) further showed that Syk inhibition results in PKA activation.",
     ["[change=decrease] Syk ==CAUSE=> [change=increase] PKA"]),
    ("Conditional deletion of Atg5 or Atg7 causes neurodegeneration.",
     ["Atg5 deficiency ==CAUSE=> neurodegeneration",
      "[change=decrease] Atg7 ==CAUSE=> neurodegeneration"]),
    # participle asides, predicates after a passive, gerunds of removal, amounts, "results from"
    ("BDNF, acting through TrkB, promotes neuronal survival.",
     ["[change=increase] BDNF ==CAUSE=> [change=increase] neuronal survival"]),
    ("NF-κB is activated by TNF-α and induces IL-6 expression.",
     ["[change=increase] TNF-α ==CAUSE=> [change=increase] NF-κB",
      "[change=increase] NF-κB ==CAUSE=> [change=increase] IL-6",
      "[change=increase] TNF-α ==CAUSE=> [change=increase] IL-6"]),
    ("Knocking down LRRK2 reduced α-synuclein levels.",
     ["LRRK2 deficiency ==CAUSE=> [change=decrease] α-synuclein"]),
    ("Levels of Aβ42 were reduced by 40% in BACE1 knockout mice.",
     ["BACE1 deficiency ==CAUSE=> [change=decrease] Aβ42"]),
    ("Glutamate excitotoxicity results from overactivation of NMDA receptors.",
     ["[change=increase] NMDA receptors ==CAUSE=> [change=increase] Glutamate excitotoxicity"]),
    # object pronouns, place phrases after losses, loss-of-function
    ("APOE4 increases the risk of AD, whereas APOE2 decreases it.",
     ["[change=increase] APOE2 ==CAUSE=> [change=decrease] AD",
      "[change=increase] APOE4 ==CAUSE=> [change=increase] AD"]),
    ("Aβ binds the receptor RAGE and activates it.",
     ["[change=increase] Aβ ==CAUSE=> [change=increase] RAGE"]),
    ("Microglial activation contributes to neuronal loss in PD.",
     ["[change=increase] Microglial ==CAUSE=> [change=decrease] neuronal"]),
    ("Loss of function mutations in GRN cause frontotemporal dementia.",
     ["GRN deficiency ==CAUSE=> frontotemporal dementia"]),
    # counts: "the number of X" is a quantity of X and keeps X's noun
    ("BDNF increased the number of dendritic spines.",
     ["[change=increase] BDNF ==CAUSE=> [change=increase] dendritic spines"]),
    ("Dyrk1A phosphorylates a number of cytosolic proteins.",
     ["[change=increase] Dyrk1A ==CAUSE=> [change=increase] cytosolic proteins phosphorylation"]),
    # conditions named by their carriers
    ("The expression of SIRT1 was decreased in the brains of AD patients.",
     ["AD ==CAUSE=> [change=decrease] SIRT1"]),
    ("Tau phosphorylation was increased in APP transgenic mice.",
     ["[change=increase] APP ==CAUSE=> [change=increase] Tau phosphorylation"]),
    # a subject is not the object of a place preposition
    ("Moreover, overexpression of TFEB in astrocytes reduced tau levels.",
     ["[change=increase] TFEB ==CAUSE=> [change=decrease] tau"]),
    # ", which leads to" is about the preceding change
    ("Chronic stress suppresses neurogenesis, which leads to memory deficits.",
     ["[change=decrease] neurogenesis ==CAUSE=> [change=decrease] memory",
      "[change=increase] Chronic stress ==CAUSE=> [change=decrease] memory",
      "[change=increase] Chronic stress ==CAUSE=> [change=decrease] neurogenesis"]),
    # "which in turn" / ", in turn VERBing": the change of the middle term acts on the next one
    ("Cold exposure lowers leptin secretion, which in turn weakens satiety signaling.",
     ["[change=decrease] leptin secretion ==CAUSE=> [change=decrease] satiety signaling",
      "[change=increase] Cold ==CAUSE=> [change=decrease] satiety signaling",
      "[change=increase] Cold ==CAUSE=> [change=decrease] leptin secretion"]),
    ("That treatment reduces PDK1 activity, which subsequently attenuates S6K phosphorylation.",
     ["[change=decrease] PDK1 ==CAUSE=> [change=decrease] S6K phosphorylation"]),
    ("LKB1 activates AMPK, in turn inhibiting mTORC1 and stimulating ULK1.",
     ["[change=increase] AMPK ==CAUSE=> [change=decrease] mTORC1",
      "[change=increase] AMPK ==CAUSE=> [change=increase] ULK1",
      "[change=increase] LKB1 ==CAUSE=> [change=decrease] mTORC1",
      "[change=increase] LKB1 ==CAUSE=> [change=increase] AMPK",
      "[change=increase] LKB1 ==CAUSE=> [change=increase] ULK1"]),
    ("Ketamine blocks NMDA receptors, in turn reducing calcium influx.",
     ["[change=decrease] NMDA receptors ==CAUSE=> [change=decrease] calcium influx",
      "[change=increase] Ketamine ==CAUSE=> [change=decrease] NMDA receptors",
      "[change=increase] Ketamine ==CAUSE=> [change=decrease] calcium influx"]),
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
    ("Melatonin alone almost abolished the increase in lipid peroxidation.",
     ["[change=increase] Melatonin ==CAUSE=> [change=decrease] lipid peroxidation"]),
    # association with a named change: weak claims; "and/or" coordinates
    ("Hepatic steatosis was associated with elevated ceramide synthesis and reduced insulin signalling.",
     ["[change=increase] Hepatic steatosis ==CAUSE=> [change=increase] ceramide synthesis",
      "[change=increase] Hepatic steatosis ==CAUSE=> [change=decrease] insulin signalling"]),
    ("Lower vitamin D levels correlated with increased bone resorption.",
     ["[change=decrease] vitamin D ==CAUSE=> [change=increase] bone resorption"]),
    ("Plasma leptin was inversely correlated with appetite.",
     ["[change=increase] Plasma leptin ==CAUSE=> [change=decrease] appetite"]),
    ("Gabapentin and/or pregabalin reduce neuropathic pain.",
     ["[change=increase] Gabapentin ==CAUSE=> [change=decrease] neuropathic pain",
      "[change=increase] pregabalin ==CAUSE=> [change=decrease] neuropathic pain"]),
    # "treatment of CARRIERS with X" after a preposition or "by": the agent is X, not the carriers
    ("Caspase-3 activity increased sharply after treatment of PC12 cells with staurosporine.",
     ["[change=increase] staurosporine ==CAUSE=> [change=increase] Caspase-3"]),
    ("Neurite outgrowth was stimulated by exposure of cortical neurons to BDNF.",
     ["[change=increase] BDNF ==CAUSE=> [change=increase] Neurite outgrowth"]),
    # "D-impaired Y" is less Y; restoring an impaired good raises it
    ("Hypoxia-impaired angiogenesis was restored by erythropoietin.",
     ["Hypoxia ==CAUSE=> [change=decrease] angiogenesis",
      "[change=increase] erythropoietin ==CAUSE=> [change=increase] angiogenesis"]),
    ("Exercise restored diminished hippocampal neurogenesis.",
     ["[change=increase] Exercise ==CAUSE=> [change=increase] hippocampal neurogenesis"]),
    ("Melatonin blocked glucocorticoid-suppressed neurogenesis.",
     ["[change=increase] Melatonin ==CAUSE=> [change=increase] neurogenesis",
      "[change=increase] glucocorticoid ==CAUSE=> [change=decrease] neurogenesis"]),
    # a contact verb coordinated with a causal one shares the subject and the object
    ("In neurons, CaMKII interacts with and phosphorylates synapsin.",
     ["[change=increase] CaMKII ==CAUSE=> [change=increase] synapsin phosphorylation"]),
    ("Calcineurin, which binds to and inhibits NFAT kinases, was studied.",
     ["[change=increase] Calcineurin ==CAUSE=> [change=decrease] NFAT kinases"]),
    # a residue range with a typographic dash stays in the name; carriers receiving an agent
    ("Curcumin lowered Aβ1–42 but not Aβ1–40 in slices.",
     ["[change=increase] Curcumin ==CAUSE=> [change=decrease] Aβ1-42"]),
    ("Rats receiving memantine had lower caspase-3 levels than controls.",
     ["[change=increase] memantine ==CAUSE=> [change=decrease] caspase-3"]),
    # the agent of "inhibition of X by D" is not itself lowered
    ("Inhibition of calpain by calpeptin reduced spectrin cleavage.",
     ["[change=increase] calpeptin ==CAUSE=> [change=decrease] spectrin cleavage",
      "[change=decrease] calpain ==CAUSE=> [change=decrease] spectrin cleavage",
      "[change=increase] calpeptin ==CAUSE=> [change=decrease] calpain"]),
    # a stereo descriptor is no bracket: "(-)-X" names X
    ("(S)-ketamine rapidly reduced immobility, and (−)-huperzine A inhibits acetylcholinesterase.",
     ["[change=increase] ketamine ==CAUSE=> [change=decrease] immobility",
      "[change=increase] huperzine A ==CAUSE=> [change=decrease] acetylcholinesterase"]),
    # dose and route brackets, treated carriers and time phrases between the agent and the verb
    ("Tunicamycin (Calbiochem, St. Louis, MO) induced CHOP expression.",
     ["[change=increase] Tunicamycin ==CAUSE=> [change=increase] CHOP"]),
    ("Fluoxetine (10 mg/kg, i.p.) reduced immobility time.",
     ["[change=increase] Fluoxetine ==CAUSE=> [change=decrease] immobility time"]),
    ("Incubation of cells with trehalose for 6 h increased LC3 lipidation.",
     ["[change=increase] trehalose ==CAUSE=> [change=increase] LC3 lipidation"]),
    ("Application of forskolin to acute slices enhanced synaptic potentiation.",
     ["[change=increase] forskolin ==CAUSE=> [change=increase] synaptic potentiation"]),
    ("Spine formation was increased in cortical neurons treated with ketamine.",
     ["[change=increase] ketamine ==CAUSE=> [change=increase] Spine formation"]),
    ("Rats deficient in Nrf2 had fewer surviving neurons.",
     ["Nrf2 deficiency ==CAUSE=> [change=decrease] surviving neurons"]),
    ("Demyelination was accelerated in mice deficient in Cx32.",
     ["Cx32 deficiency ==CAUSE=> [change=increase] Demyelination"]),
    # floating quantifiers, "as well as", partners given in combination, doses, silencing tools
    ("Aspirin, ibuprofen and naproxen all lowered prostaglandin synthesis.",
     ["[change=increase] Aspirin ==CAUSE=> [change=decrease] prostaglandin synthesis",
      "[change=increase] naproxen ==CAUSE=> [change=decrease] prostaglandin synthesis",
      "[change=increase] ibuprofen ==CAUSE=> [change=decrease] prostaglandin synthesis"]),
    ("Exercise as well as caloric restriction enhanced insulin sensitivity.",
     ["[change=increase] Exercise ==CAUSE=> [change=increase] insulin sensitivity",
      "[change=increase] caloric restriction ==CAUSE=> [change=increase] insulin sensitivity"]),
    ("Metformin alone or in combination with exercise lowered HbA1c.",
     ["[change=increase] Metformin ==CAUSE=> [change=decrease] HbA1c",
      "[change=increase] exercise ==CAUSE=> [change=decrease] HbA1c"]),
    ("Low doses of naltrexone reduced fatigue.",
     ["[change=increase] naltrexone ==CAUSE=> [change=decrease] fatigue"]),
    ("Knockdown of Atg7 with shRNA increased p62 accumulation.",
     ["[change=decrease] Atg7 ==CAUSE=> [change=increase] p62 accumulation"]),
    ("Parkin siRNA enhanced mitochondrial fragmentation.",
     ["[change=decrease] Parkin ==CAUSE=> [change=increase] mitochondrial fragmentation"]),
    ("Silencing of PINK1 impaired mitophagy.",
     ["[change=decrease] PINK1 ==CAUSE=> [change=decrease] mitophagy"]),
    ("Overexpressing SOD2 in fibroblasts reduced superoxide levels.",
     ["[change=increase] SOD2 ==CAUSE=> [change=decrease] superoxide"]),
    # a participle clause opening the sentence belongs to the main clause's subject
    ("In addition to lowering blood glucose, metformin treatment also reduced body weight.",
     ["[change=increase] metformin ==CAUSE=> [change=decrease] blood glucose",
      "[change=increase] metformin ==CAUSE=> [change=decrease] body weight"]),
    ("Besides inducing sedation, clonidine was found to lower blood pressure.",
     ["[change=increase] clonidine ==CAUSE=> [change=increase] sedation",
      "[change=increase] clonidine ==CAUSE=> [change=decrease] blood pressure"]),
    # a caused change named by an infinitive
    ("Statin therapy caused LDL cholesterol to decline sharply.",
     ["[change=increase] Statin therapy ==CAUSE=> [change=decrease] LDL cholesterol"]),
    ("Cold exposure caused core temperature to fall.",
     ["[change=increase] Cold ==CAUSE=> [change=decrease] core temperature"]),
    # a change nested in another's object is no claim of its own; durations and doses before "of"
    ("A marked reduction in the accumulation of lipofuscin was seen after two weeks of treatment "
     "with 5 mg/kg of rapamycin.",
     ["[change=increase] rapamycin ==CAUSE=> [change=decrease] lipofuscin"]),
    # the change made by a means with an adverb before it
    ("Blocking autophagy by pharmacologically inhibiting Vps34 causes p62 to accumulate.",
     ["[change=decrease] autophagy ==CAUSE=> [change=increase] p62",
      "[change=decrease] Vps34 ==CAUSE=> [change=increase] p62"]),
    # a short form defined inside a compound name does not cut it
    ("PKA phosphorylates the cAMP response element (CRE)-binding protein in neurons.",
     ["[change=increase] PKA ==CAUSE=> [change=increase] cAMP response element-binding protein phosphorylation"]),
    ("MSK1 activates the transcription factor nuclear factor kappa B in microglia.",
     ["[change=increase] MSK1 ==CAUSE=> [change=increase] nuclear factor kappa B"]),
    # a passive patient with a reduced relative: the head, not the relative's agent
    ("The rise in cytosolic calcium evoked by glutamate was blunted by memantine.",
     ["[change=increase] memantine ==CAUSE=> [change=decrease] cytosolic calcium",
      "[change=increase] glutamate ==CAUSE=> [change=increase] cytosolic calcium"]),
    ("A rise in serum lactate was seen after metformin treatment.",
     ["[change=increase] metformin ==CAUSE=> [change=increase] serum lactate"]),
    # a state after "after / following" is the condition of an intransitive change; a needed
    # thing's coordinated predicate shares its subject
    ("Plasma lactate increased sharply following hypoxia.",
     ["hypoxia ==CAUSE=> [change=increase] Plasma lactate"]),
    ("Netrin-1 is required for axon guidance and also promotes neurite outgrowth after injury.",
     ["[change=increase] Netrin-1 ==CAUSE=> [change=increase] neurite outgrowth",
      "[change=increase] Netrin-1 ==CAUSE=> [change=increase] axon guidance"]),
    # "and thereby VERBed"; a non-restrictive "whose" clause between subject and verb
    ("Exercise raised irisin levels and thereby improved insulin sensitivity.",
     ["[change=increase] Exercise ==CAUSE=> [change=increase] insulin sensitivity",
      "[change=increase] Exercise ==CAUSE=> [change=increase] irisin"]),
    ("Sirt3, whose expression is induced by fasting, lowers ROS production.",
     ["[change=increase] Sirt3 ==CAUSE=> [change=decrease] ROS production",
      "[change=increase] fasting ==CAUSE=> [change=increase] Sirt3",
      "[change=increase] fasting ==CAUSE=> [change=decrease] ROS production"]),
    # members of a role class named after its target, or beside "other"
    ("Blockers of L-type calcium channels, such as nifedipine, lower blood pressure.",
     ["[change=increase] nifedipine ==CAUSE=> [change=decrease] L-type calcium channels",
      "[change=increase] nifedipine ==CAUSE=> [change=decrease] blood pressure",
      "[change=decrease] L-type calcium channels ==CAUSE=> [change=decrease] blood pressure"]),
    ("Fluoxetine and other serotonin reuptake inhibitors relieve depression.",
     ["[change=increase] Fluoxetine ==CAUSE=> [change=decrease] serotonin reuptake",
      "[change=decrease] Fluoxetine ==CAUSE=> depression",
      "[change=increase] serotonin reuptake ==CAUSE=> depression"]),
    # "impede" / "hamper" lower; "how" opens a clause, it names nothing
    ("These data suggest how presenilin mutations impede lysosomal acidification.",
     ["presenilin mutation ==CAUSE=> [change=decrease] lysosomal acidification"]),
    # exclusions without commas
    ("Expression of wild-type but not mutant SOD1 lowered oxidative damage.",
     ["[change=increase] wild-type SOD1 ==CAUSE=> [change=decrease] oxidative damage"]),
    ("Minocycline but not doxycycline reduced IL-6 release.",
     ["[change=increase] Minocycline ==CAUSE=> [change=decrease] IL-6 release"]),
    # a gerund's change is shared by its coordinated objects
    ("Silencing Nrf2 or Keap1 in the arsenite-treated hepatocytes markedly altered survival; "
     "reducing NLRP1 or ASC levels lowers IL-18 release.",
     ["[change=decrease] NLRP1 ==CAUSE=> [change=decrease] IL-18 release",
      "[change=decrease] ASC ==CAUSE=> [change=decrease] IL-18 release"]),
    # concessive adverbs between subject and verb
    ("Valproate did though enhance histone acetylation.",
     ["[change=increase] Valproate ==CAUSE=> [change=increase] histone acetylation"]),
    # efficacy before a gerund; risk factors
    ("Ketamine was effective in reducing suicidal ideation.",
     ["[change=increase] Ketamine ==CAUSE=> [change=decrease] suicidal ideation"]),
    ("Obesity is a major risk factor for type 2 diabetes and hypertension.",
     ["Obesity ==CAUSE=> type 2 diabetes", "Obesity ==CAUSE=> hypertension"]),
    # the object of a restrictive relative clause acts as the clause changed it
    ("Agents that block TRPV1 attenuate thermal hyperalgesia.",
     ["[change=decrease] TRPV1 ==CAUSE=> [change=decrease] thermal hyperalgesia"]),
    # how long or by which route a treatment was given is no part of the agent's name
    ("Chronic treatment with fluoxetine increases hippocampal neurogenesis.",
     ["[change=increase] fluoxetine ==CAUSE=> [change=increase] hippocampal neurogenesis"]),
    ("Long-term administration of clozapine lowered seizure threshold.",
     ["[change=increase] clozapine ==CAUSE=> [change=decrease] seizure threshold"]),
    ("In rats, acute and chronic caffeine administration improves working memory.",
     ["[change=increase] caffeine ==CAUSE=> [change=increase] working memory"]),
    # means clauses: the means' object acts on the result's object
    ("Lithium reduces tau phosphorylation by inhibiting GSK3.",
     ["[change=increase] Lithium ==CAUSE=> [change=decrease] GSK3",
      "[change=decrease] GSK3 ==CAUSE=> [change=decrease] tau phosphorylation",
      "[change=increase] Lithium ==CAUSE=> [change=decrease] tau phosphorylation"]),
    ("Rapamycin improves memory through reducing amyloid plaques.",
     ["[change=decrease] amyloid plaques ==CAUSE=> [change=increase] memory",
      "[change=increase] Rapamycin ==CAUSE=> [change=decrease] amyloid plaques",
      "[change=increase] Rapamycin ==CAUSE=> [change=increase] memory"]),
    # two-step chains within a sentence
    ("Insulin activates AKT, which inhibits GSK3.",
     ["[change=increase] Insulin ==CAUSE=> [change=decrease] GSK3",
      "[change=increase] AKT ==CAUSE=> [change=decrease] GSK3",
      "[change=increase] Insulin ==CAUSE=> [change=increase] AKT"]),
    ("Smoking causes emphysema, which increases mortality.",
     ["Smoking ==CAUSE=> [change=increase] mortality",
      "Smoking ==CAUSE=> [change=increase] emphysema",
      "[change=increase] emphysema ==CAUSE=> [change=increase] mortality"]),
    # shielding, taking part, nouns of improvement
    ("Estrogen protects neurons from oxidative stress and apoptosis.",
     ["[change=increase] Estrogen ==CAUSE=> [change=decrease] oxidative stress",
      "[change=increase] Estrogen ==CAUSE=> [change=decrease] apoptosis"]),
    ("Vitamin E protects against lipid peroxidation.",
     ["[change=increase] Vitamin E ==CAUSE=> [change=decrease] lipid peroxidation"]),
    ("Mutations in PARK2 have been implicated in juvenile parkinsonism.",
     ["PARK2 mutation ==CAUSE=> juvenile parkinsonism"]),
    ("Donepezil produced significant improvements in spatial memory.",
     ["[change=increase] Donepezil ==CAUSE=> [change=increase] spatial memory"]),
    # a change head after its modifiers is shared by the conjuncts after it
    ("Clozapine produced significant reductions in hallucinations, delusions and agitation.",
     ["[change=increase] Clozapine ==CAUSE=> [change=decrease] hallucinations",
      "[change=increase] Clozapine ==CAUSE=> [change=decrease] delusions",
      "[change=increase] Clozapine ==CAUSE=> [change=decrease] agitation"]),
    # carriers that express a gene show its effects
    ("Transgenic mice expressing APOE4 show memory deficits.",
     ["[change=increase] APOE4 ==CAUSE=> [change=decrease] memory"]),
    ("Neurons overexpressing SNCA exhibit increased apoptosis.",
     ["[change=increase] SNCA ==CAUSE=> [change=increase] apoptosis"]),
    # "the gene encoding X", "a form of X", reflexive "itself", "alone"
    ("A mutation in the gene encoding presenilin 1 causes an early-onset form of Alzheimer's disease.",
     ["presenilin 1 mutation ==CAUSE=> Alzheimer's disease"]),
    ("Reserpine itself lowered the levels of dopamine.",
     ["[change=increase] Reserpine ==CAUSE=> [change=decrease] dopamine"]),
    ("Protein folding is aided by molecular chaperones.",
     ["[change=increase] molecular chaperones ==CAUSE=> [change=increase] Protein folding"]),
    # a means phrase that modifies its targets
    ("CDK5 causes neurite retraction through the phosphorylation of tau and MAP1B.",
     ["[change=increase] CDK5 ==CAUSE=> [change=increase] tau phosphorylation",
      "[change=increase] CDK5 ==CAUSE=> [change=increase] MAP1B phosphorylation",
      "[change=increase] CDK5 ==CAUSE=> [change=increase] neurite retraction",
      "[change=increase] MAP1B phosphorylation ==CAUSE=> [change=increase] neurite retraction",
      "[change=increase] tau phosphorylation ==CAUSE=> [change=increase] neurite retraction"]),
    # both partners of an interaction belong to its name
    ("Lithium reduced the interaction between GSK3 and axin.",
     ["[change=increase] Lithium ==CAUSE=> [change=decrease] interaction between GSK3 and axin"]),
    # a condition opening the clause; genotypes written with "+/-" or "-/-"
    ("In TREM2-deficient mice, microglial proliferation was decreased.",
     ["TREM2 deficiency ==CAUSE=> [change=decrease] microglial proliferation"]),
    ("In Grn+/- mice, lysosomal protease expression was significantly increased.",
     ["Grn deficiency ==CAUSE=> [change=increase] lysosomal protease"]),
    # the change an agent makes ("inhibition of X by D", "inhibiting X by deleting D") is a cause too
    ("Inhibition of mTOR by deletion of raptor results in enhanced autophagy.",
     ["[change=decrease] mTOR ==CAUSE=> [change=increase] autophagy",
      "raptor deficiency ==CAUSE=> [change=decrease] mTOR",
      "raptor deficiency ==CAUSE=> [change=increase] autophagy"]),
    ("Activating AMPK by metformin lowers glucose output.",
     ["[change=increase] AMPK ==CAUSE=> [change=decrease] glucose output",
      "[change=increase] metformin ==CAUSE=> [change=decrease] glucose output"]),
    # an apposition with a relative clause ("X, a Y that inhibits Z, ...") is about X
    ("Resveratrol, a polyphenol that activates SIRT1, reduces inflammation.",
     ["[change=increase] Resveratrol ==CAUSE=> [change=increase] SIRT1",
      "[change=increase] Resveratrol ==CAUSE=> [change=decrease] inflammation"]),
    ("In Park2 knockout mice, ROS production is increased and ATP synthesis is reduced.",
     ["Park2 deficiency ==CAUSE=> [change=increase] ROS production",
      "Park2 deficiency ==CAUSE=> [change=decrease] ATP synthesis"]),
    # a lone adjective conjunct shares the next conjunct's noun
    ("Exercise enhanced spatial and contextual fear learning.",
     ["[change=increase] Exercise ==CAUSE=> [change=increase] spatial and contextual fear learning"]),
    ("Rapamycin induced a decrease in both soluble and insoluble phosphorylated tau levels.",
     ["[change=increase] Rapamycin ==CAUSE=> [change=decrease] soluble and insoluble phosphorylated tau"]),
    # "dose dependently", "has long been recognized to", passive patients before a time phrase
    ("Memantine dose dependently inhibited calcium influx.",
     ["[change=increase] Memantine ==CAUSE=> [change=decrease] calcium influx"]),
    ("Lysosomal dysfunction has long been recognized to cause neurodegeneration.",
     ["[change=increase] Lysosomal dysfunction ==CAUSE=> neurodegeneration"]),
    ("Cell viability following glucose deprivation was improved by pyruvate.",
     ["[change=increase] pyruvate ==CAUSE=> [change=increase] Cell viability"]),
    # appositions opened by "another", asides of means ("X, by lowering Z, reduces Y")
    ("Obesity, another risk factor of diabetes, has been found to upregulate TNF levels.",
     ["Obesity ==CAUSE=> [change=increase] TNF"]),
    ("Metformin, by activating AMPK, can indirectly reduce the production of glucose.",
     ["[change=increase] Metformin ==CAUSE=> [change=decrease] glucose"]),
    ("TFEB enhances lysosome biogenesis, in particular increasing the uptake of fibrils.",
     ["[change=increase] TFEB ==CAUSE=> [change=increase] fibrils uptake",
      "[change=increase] TFEB ==CAUSE=> [change=increase] lysosome biogenesis"]),
    ("APOE4-expressing neurons displayed significantly higher tau phosphorylation.",
     ["[change=increase] APOE4 ==CAUSE=> [change=increase] tau phosphorylation"]),
    # modifiers coordinated before a change head, clauses coordinated after an object list
    ("Clozapine caused robust and dose-dependent reductions in anxiety, tremor and agitation.",
     ["[change=increase] Clozapine ==CAUSE=> [change=decrease] tremor",
      "[change=increase] Clozapine ==CAUSE=> [change=decrease] agitation",
      "[change=increase] Clozapine ==CAUSE=> [change=decrease] anxiety"]),
    ("Scopolamine impaired accuracy or latency and cholinergic agonists improved accuracy.",
     ["[change=increase] cholinergic agonists ==CAUSE=> [change=increase] accuracy",
      "[change=increase] Scopolamine ==CAUSE=> [change=decrease] accuracy",
      "[change=increase] Scopolamine ==CAUSE=> [change=decrease] latency"]),
    ("Agonists improve spatial memory, and muscarinic antagonists and lesions impair memory.",
     ["[change=increase] muscarinic antagonists ==CAUSE=> [change=decrease] memory",
      "[change=increase] lesions ==CAUSE=> [change=decrease] memory"]),
    # "the (wild-type) protein" names the gene product just mentioned
    ("LRRK2 binds vesicles and the wild-type protein may protect neurons from apoptosis.",
     ["[change=increase] LRRK2 ==CAUSE=> [change=decrease] apoptosis"]),
    # "Y depends on X", "necessary and sufficient for", "rescue" restores goods and lowers harms
    ("Long-term potentiation depends on CaMKII.",
     ["[change=increase] CaMKII ==CAUSE=> [change=increase] Long-term potentiation"]),
    ("SARM1 is necessary and sufficient for axon degeneration.",
     ["[change=increase] SARM1 ==CAUSE=> [change=increase] axon degeneration"]),
    ("Overexpression of PGC1A rescued neuronal survival.",
     ["[change=increase] PGC1A ==CAUSE=> [change=increase] neuronal survival"]),
    ("Overexpression of PGC1A rescued memory deficits.",
     ["[change=increase] PGC1A ==CAUSE=> [change=increase] memory"]),
    # a bracketed statistic after the verb; agents given to the carriers of a change
    ("Lithium significantly diminished (p < 0.01) the levels of tau aggregates.",
     ["[change=increase] Lithium ==CAUSE=> [change=decrease] tau aggregates"]),
    ("A significant decrease in plasma cortisol was observed in rats treated with mifepristone.",
     ["[change=increase] mifepristone ==CAUSE=> [change=decrease] plasma cortisol"]),
    ("Plasma IL-6 was elevated in mice exposed to LPS.",
     ["[change=increase] LPS ==CAUSE=> [change=increase] Plasma IL-6"]),
    ("Memory was impaired in mice lacking CREB.",
     ["CREB deficiency ==CAUSE=> [change=decrease] Memory"]),
    # subjects climb over several place and time phrases; a common misspelling
    ("Treatment with forskolin (10 µM) on the axonal side for 24 h (Fig. 2) supressed tau missorting.",
     ["[change=increase] forskolin ==CAUSE=> [change=decrease] tau missorting"]),
    ("Infusion of muscimol, a GABA agonist, into the CA1 region of the hippocampus impaired memory.",
     ["[change=increase] muscimol ==CAUSE=> [change=decrease] memory",
      "[change=increase] muscimol ==CAUSE=> [change=increase] GABA"]),
    # coordinated state predicates share the carrier
    ("Mice expressing APP have an impaired UPS and show spatial memory deficits.",
     ["[change=increase] APP ==CAUSE=> [change=decrease] spatial memory",
      "[change=increase] APP ==CAUSE=> [change=decrease] UPS"]),
    # a cell type that expresses a product (weak claim)
    ("Reactive astrocytes express GFAP.",
     ["[change=increase] Reactive astrocytes ==CAUSE=> [change=increase] GFAP"]),
    ("TREM2 is expressed by microglia.",
     ["[change=increase] microglia ==CAUSE=> [change=increase] TREM2"]),
    # sign repairs: a reduced relative after a gerund, a participle after an apposition,
    # coordinated nominal heads, neutralization, carriers after a harm
    ("Vitamin E lowers lipid peroxidation, thereby preventing apoptosis induced by oxidative stress.",
     ["[change=increase] oxidative stress ==CAUSE=> [change=increase] apoptosis",
      "[change=increase] Vitamin E ==CAUSE=> [change=decrease] apoptosis",
      "[change=increase] Vitamin E ==CAUSE=> [change=decrease] lipid peroxidation"]),
    ("Estrogen lowers the expression of Bim, a pro-apoptotic factor, preventing neuronal death.",
     ["[change=increase] Estrogen ==CAUSE=> [change=decrease] neuronal death",
      "[change=increase] Estrogen ==CAUSE=> [change=decrease] Bim"]),
    ("We saw a down-regulation of PPP2R2A expression and reduction in PP2A activity by ApoE4.",
     ["[change=increase] ApoE4 ==CAUSE=> [change=decrease] PP2A",
      "[change=increase] ApoE4 ==CAUSE=> [change=decrease] PPP2R2A"]),
    ("IL-6 neutralization reduces the upregulation of STAT3.",
     ["[change=decrease] IL-6 ==CAUSE=> [change=decrease] STAT3"]),
    ("Rapamycin reversed the memory loss in transgenic mice overexpressing APP.",
     ["[change=increase] Rapamycin ==CAUSE=> [change=increase] memory"]),
    # coordinated passives share their patient; members apposed to a class before a comma and
    # a citation whose semicolon is no clause boundary; a name ending in the letter A
    ("Histone H3 is acetylated by CBP and deacetylated by HDAC3.",
     ["[change=increase] HDAC3 ==CAUSE=> [change=decrease] Histone H3 acetylation",
      "[change=increase] CBP ==CAUSE=> [change=increase] Histone H3 acetylation"]),
    ("The HDAC inhibitors, vorinostat and trichostatin A (Li et al., 2008; Yu et al., 2010), reduce tau levels.",
     ["[change=increase] vorinostat ==CAUSE=> [change=decrease] tau",
      "[change=increase] trichostatin A ==CAUSE=> [change=decrease] tau",
      "[change=decrease] HDAC ==CAUSE=> [change=decrease] tau",
      "[change=increase] trichostatin A ==CAUSE=> [change=decrease] HDAC",
      "[change=increase] vorinostat ==CAUSE=> [change=decrease] HDAC"]),
    ("Curcumin enhances the clearance of AD-relevant phosphorylated tau species.",
     ["[change=increase] Curcumin ==CAUSE=> [change=increase] clearance of AD-relevant phosphorylated tau species"]),
    # quoted terms, numerals in names
    ("The “isolation” membrane increases autophagosome formation.",
     ["[change=increase] isolation membrane ==CAUSE=> [change=increase] autophagosome formation"]),
    ("Metformin inhibits complex I.", ["[change=increase] Metformin ==CAUSE=> [change=decrease] complex I"]),
    # an abbreviated genus does not end the sentence; "down to" ends a phrase; "at least"
    ("The Sir2 gene in C. elegans was significantly upregulated in HD worms.",
     ["HD ==CAUSE=> [change=increase] Sir2"]),
    ("Rolipram suppressed missorting of MAPT down to 4.5% of dendrites.",
     ["[change=increase] Rolipram ==CAUSE=> [change=decrease] missorting of MAPT"]),
    # an infinitive of purpose after a prepositional object belongs to the clause subject
    ("NRF2 binds to the antioxidant response element to activate HMOX1 transcription.",
     ["[change=increase] NRF2 ==CAUSE=> [change=increase] HMOX1 transcription"]),
    ("Microglia act by secreting caspase-1 to activate IL-18.",
     ["[change=increase] caspase-1 ==CAUSE=> [change=increase] IL-18"]),
    # "is required / needed to VERB" keeps the subject in reach
    ("PS1 is required for lysosome acidification, which is needed to activate cathepsins.",
     ["[change=increase] lysosome acidification ==CAUSE=> [change=increase] cathepsins",
      "[change=increase] PS1 ==CAUSE=> [change=increase] cathepsins",
      "[change=increase] PS1 ==CAUSE=> [change=increase] lysosome acidification"]),
    ("The proteasome degrades normal, soluble tau.",
     ["[change=increase] proteasome ==CAUSE=> [change=decrease] normal soluble tau"]),
    # amounts inside an object, doses before a name, depleted carriers, changes after which Y rose
    ("Treatment with L-dopa induced a 40 – 49 % decrease in methylated PP2A.",
     ["[change=increase] L-dopa ==CAUSE=> [change=decrease] methylated PP2A"]),
    ("Treatment with 10 mM lithium reduced tau phosphorylation.",
     ["[change=increase] lithium ==CAUSE=> [change=decrease] tau phosphorylation"]),
    ("Autophagosome formation was enhanced in ATG7-depleted cells.",
     ["ATG7 deficiency ==CAUSE=> [change=increase] Autophagosome formation"]),
    ("LC3 levels increased after inhibition of mTOR.",
     ["[change=decrease] mTOR ==CAUSE=> [change=increase] LC3"]),
    # words split around a spaced hyphen by text extraction
    ("Syk up - regulation leads to a significant in - crease in tau.",
     ["[change=increase] Syk ==CAUSE=> [change=increase] tau"]),
    ("Aβ - induced toxicity was blocked by memantine.",
     ["[change=increase] Aβ ==CAUSE=> [change=increase] toxicity",
      "[change=increase] memantine ==CAUSE=> [change=decrease] toxicity"]),
    # the relative clause of an apposition after a copula is about the name
    ("One of these proteins is arc, a regulator of plasticity that promotes AMPA receptor endocytosis.",
     ["[change=increase] arc ==CAUSE=> [change=increase] AMPA receptor endocytosis"]),
    # a drug class before one name; modifiers inside a role apposition
    ("The antidiabetic drug metformin, a prototypical activator of AMPK, induced autophagy.",
     ["[change=increase] metformin ==CAUSE=> [change=increase] AMPK",
      "[change=increase] metformin ==CAUSE=> [change=increase] autophagy"]),
    # reference numbers glued to a word are dropped, gene numbers kept
    ("Apomorphine disrupts sensorimotor gating78,79 and activates sirt1.",
     ["[change=increase] Apomorphine ==CAUSE=> [change=decrease] sensorimotor gating",
      "[change=increase] Apomorphine ==CAUSE=> [change=increase] sirt1"]),
    # a relative clause after a place phrase is about the head before the place
    ("Rats showed gliosis in the cortex and hippocampus that was reduced by minocycline.",
     ["[change=increase] minocycline ==CAUSE=> [change=decrease] gliosis"]),
    # a shared change head survives a citation after the last conjunct
    ("Loss of PGC1A causes impairment of learning and memory (Smith et al., 2001; Lee, 2004).",
     ["PGC1A deficiency ==CAUSE=> [change=decrease] learning",
      "PGC1A deficiency ==CAUSE=> [change=decrease] memory"]),
    # class nouns before a symbol name the symbol; "the kinase" resolves to a phrase naming it
    ("The transcription factor NRF2 induces HMOX1 expression.",
     ["[change=increase] NRF2 ==CAUSE=> [change=increase] HMOX1"]),
    ("The kinase PKR phosphorylates eIF2α. The kinase also activates NF-κB.",
     ["[change=increase] PKR ==CAUSE=> [change=increase] eIF2α phosphorylation",
      "[change=increase] PKR ==CAUSE=> [change=increase] NF-κB"]),
    ("Valproate inhibits the deacetylase HDAC1. This deacetylase represses BDNF transcription.",
     ["[change=increase] HDAC1 ==CAUSE=> [change=decrease] BDNF transcription",
      "[change=increase] Valproate ==CAUSE=> [change=decrease] HDAC1"]),
    ("Okadaic acid prevented the dephosphorylation of CREB.",
     ["[change=increase] Okadaic acid ==CAUSE=> [change=increase] CREB phosphorylation"]),
    ("Insulin activates AKT, thereafter inhibiting GSK3.",
     ["[change=increase] Insulin ==CAUSE=> [change=decrease] GSK3",
      "[change=increase] Insulin ==CAUSE=> [change=increase] AKT"]),
    # typeset dashes and ligatures
    ("Sirtuin‐1 suppresses NF‐κB signalling and inﬂammation.",
     ["[change=increase] Sirtuin-1 ==CAUSE=> [change=decrease] NF-κB signalling",
      "[change=increase] Sirtuin-1 ==CAUSE=> [change=decrease] inflammation"]),
    ("Glutamate–induced excitotoxicity was reduced by memantine.",
     ["[change=increase] Glutamate ==CAUSE=> [change=increase] excitotoxicity",
      "[change=increase] memantine ==CAUSE=> [change=decrease] excitotoxicity"]),
    # words broken across a line end
    ("Copper enhances ag- gregation of synuclein in neurons.",
     ["[change=increase] Copper ==CAUSE=> [change=increase] synuclein aggregation"]),
    ("IL- 6 stimulates microglial pro- liferation.",
     ["[change=increase] IL-6 ==CAUSE=> [change=increase] microglial proliferation"]),
    ("Cholinesterase inhibitors such as donepezil and rivastigmine are prescribed.",
     ["[change=increase] donepezil ==CAUSE=> [change=decrease] Cholinesterase",
      "[change=increase] rivastigmine ==CAUSE=> [change=decrease] Cholinesterase"]),
    # modifications: verbs and nouns of (de)phosphorylation, (de)acetylation, methylation
    ("Calcineurin dephosphorylates synapsin at two sites.",
     ["[change=increase] Calcineurin ==CAUSE=> [change=decrease] synapsin phosphorylation"]),
    ("Histone H3 is deacetylated by HDAC2 in neurons.",
     ["[change=increase] HDAC2 ==CAUSE=> [change=decrease] Histone H3 acetylation"]),
    ("Dephosphorylation of CREB by protein phosphatase 1 was faster in aged rats.",
     ["[change=increase] protein phosphatase 1 ==CAUSE=> [change=decrease] CREB phosphorylation"]),
    ("The hyperphosphorylation of neurofilaments at Ser55 and Ser57 by CDK5 was measured.",
     ["[change=increase] CDK5 ==CAUSE=> [change=increase] neurofilaments phosphorylation"]),
    ("Histone methylation by SETD7 was observed in vitro.",
     ["[change=increase] SETD7 ==CAUSE=> [change=increase] Histone methylation"]),
    # a modified form named by its participle stays one name, after a verb too
    ("Nicotinamide reduced acetylated tubulin in axons.",
     ["[change=increase] Nicotinamide ==CAUSE=> [change=decrease] acetylated tubulin"]),
    ("Lowering acetylated histones impairs learning.",
     ["[change=decrease] acetylated histones ==CAUSE=> [change=decrease] learning"]),
    # an excluded alternative inserted in the subject ("A, not B, ...", "A, but not B, ...")
    ("Incubation with CBP, not GCN5, led to p53 acetylation.",
     ["[change=increase] CBP ==CAUSE=> [change=increase] p53 acetylation"]),
    ("Overexpression of MEF2A, but not MEF2C, suppressed dendritic growth.",
     ["[change=increase] MEF2A ==CAUSE=> [change=decrease] dendritic growth"]),
    # a raising participle glued to its "to" by text extraction
    ("Prolonged intake of velomide is knownto cause tremor.",
     ["[change=increase] velomide ==CAUSE=> [change=increase] tremor"]),
    ("Drenolol is shownto reduce blood pressure.",
     ["[change=increase] Drenolol ==CAUSE=> [change=decrease] blood pressure"]),
    # "aggravated" / "worsened" before a name mark a change of it
    ("Velomide causes aggravated tremor.",
     ["[change=increase] Velomide ==CAUSE=> [change=increase] tremor"]),
    # a comma list closed by "and" after a conjunct's own complement
    ("Velomide causes tremor, blurred vision, pain in the joints and insomnia.",
     ["[change=increase] Velomide ==CAUSE=> [change=increase] tremor",
      "[change=increase] Velomide ==CAUSE=> insomnia",
      "[change=increase] Velomide ==CAUSE=> [change=increase] blurred vision",
      "[change=increase] Velomide ==CAUSE=> [change=increase] pain"]),
    # a signed incidence of Y with an agent named after it
    ("We saw an increased frequency of rash and fever with velomide; and lower incidence of gout with drenolol.",
     ["[change=increase] velomide ==CAUSE=> [change=increase] rash",
      "[change=increase] velomide ==CAUSE=> [change=increase] fever",
      "[change=increase] drenolol ==CAUSE=> [change=decrease] gout"]),
    ("A higher incidence of headache was observed after velomide treatment.",
     ["[change=increase] velomide ==CAUSE=> [change=increase] headache"]),
    # a passive after "and" shares the subject of the clause's copular first predicate
    ("Wound closure in vivo is an inefficient process and is aided by growth peptides.",
     ["[change=increase] growth peptides ==CAUSE=> [change=increase] Wound closure"]),
    ("Damaged lipids are kept in vesicles and then degraded by peroxisomes.",
     ["[change=increase] peroxisomes ==CAUSE=> [change=decrease] Damaged lipids"]),
    # a verb of making names its precursor after "from" in the passive
    ("Velomin is synthesized from provelomin through a salvage cycle.",
     ["[change=increase] provelomin ==CAUSE=> [change=increase] Velomin"]),
    # a fronted condition opening a reported clause
    ("Our data (Fig. 2) revealed that in Plk7+/- mice, Qrx1 mRNA was markedly decreased in the cortex.",
     ["Plk7 deficiency ==CAUSE=> [change=decrease] Qrx1"]),
    # a state named by a long form it defines a short form for is still a state
    ("Livers with hepatic steatosis syndrome (HSS) showed an increase in Krt9.",
     ["hepatic steatosis syndrome ==CAUSE=> [change=increase] Krt9"]),
    # members apposed to a class may carry citations
    ("Cells were treated with either lipophagy inhibitors, velomide [12] and drenolol B 2 [13], or with vehicle.",
     ["[change=increase] velomide ==CAUSE=> [change=decrease] lipophagy",
      "[change=increase] drenolol B 2 ==CAUSE=> [change=decrease] lipophagy"]),
    # "a mutation in the gene encoding the X" and an adverb on a modifier after a determiner
    ("A mutation in the gene encoding the β3 pump subunit (PMP3) causes a genetically inherited form of ataxia.",
     ["β3 pump subunit mutation ==CAUSE=> ataxia"]),
    # a drug presented as given for a disorder lowers it
    ("Drenolol (Drenex; Fig. 2) was developed decades ago and marketed as a beta blocker for the treatment of gout.",
     ["[change=increase] Drenolol ==CAUSE=> [change=decrease] gout"]),
    ("Velomide, a drug approved for the treatment of psoriasis, lowers uric acid.",
     ["[change=increase] Velomide ==CAUSE=> [change=decrease] psoriasis",
      "[change=increase] Velomide ==CAUSE=> [change=decrease] uric acid"]),
    # an active verb after "and" shares the subject of the clause's copular first predicate
    ("Glucose is a known regulator of Plk7 and promotes Plk7 translocation to the nucleus.",
     ["[change=increase] Glucose ==CAUSE=> [change=increase] Plk7 translocation"]),
    ("Velomin aggregates were toxic to neurons and resulted in apoptosis.",
     ["[change=increase] Velomin aggregates ==CAUSE=> [change=increase] apoptosis"]),
    # carriers that respond to a stimulus: the stimulus is the cause
    ("Cortical neurons induce Krt9 expression upon mutant plk7 expression.",
     ["plk7 mutation ==CAUSE=> [change=increase] Krt9"]),
    ("Glioma cells upregulate Krt9 in response to IL-9.",
     ["[change=increase] IL-9 ==CAUSE=> [change=increase] Krt9"]),
    # the onset of a harm event is the cause of what it sets free
    ("Krt9 may be released upon neuronal death.",
     ["[change=increase] neuronal death ==CAUSE=> [change=increase] Krt9"]),
    # "X is an important step (during Y) for Z": X supports Z
    ("The inhibition of Krt9 during starvation via Plk7 is a crucial event during starvation for the induction of lipophagy.",
     ["[change=decrease] Krt9 ==CAUSE=> [change=increase] lipophagy"]),
    ("Krt9 binding is an essential step for vesicle fusion.",
     ["[change=increase] Krt9 binding ==CAUSE=> [change=increase] vesicle fusion"]),
    # a bracketed reference after the condition is no part of it
    ("We saw a marked increase in Krt9 expression with aging (Fig. 3b).",
     ["aging ==CAUSE=> [change=increase] Krt9"]),
]


@pytest.mark.parametrize("sentence, expected", CASES, ids=[c[0][:40] for c in CASES])
def test_constructions(sentence: str, expected: list[str]) -> None:
    assert_finds(sentence, set(expected))


@pytest.mark.parametrize("sentence", [
    "Rapamycin did not alter BDNF expression.",
    "Rapamycin did not increase BDNF expression.",
    "Lithium failed to reduce tau phosphorylation.",
    "Neither memantine nor donepezil reduced amyloid load.",
    "Tau phosphorylation was not inhibited by lithium.",
    "BDNF cannot activate TrkB in these cells.",
    "Aβ levels were increased.",
    "The increased levels of cortisol were measured.",
    "Microglia are found in the brain.",
    "Treatment with rapamycin (8 h) was performed.",
    "We sought to suppress their activity.",
    "GSK3 is involved in the regulation of glycogen synthesis.",
    "Cortisol was increased in wild-type mice.",
    "Tau levels decreased over the years.",
    "Insulin is a regulator of glucose.",
    "Ethanol had no detrimental effect on memory.",
    "Microglia play an important role in neuroinflammation.",
    "Ketamine was ineffective in reducing suicidal ideation.",
    "Risk factors for dementia were studied.",
    "A recent study blocking the conversion of testosterone found improvement.",
    "Cathepsins operate through signaling pathways to trigger apoptosis.",
    "IL-1 activates various cell types.",
    "Insulin increases several key factors.",
    "The kinases involved in tau phosphorylation were studied.",
    "The mice show increased anxiety.",
    "Phosphorylation of CREB at Ser133 was measured.",
    "The receptor promotes phagocytosis.",
    "These drugs reduce anxiety.",
    "In the hippocampus, synaptic density was reduced.",
    "ASK1 is a member of the mitogen-activated protein kinase kinase kinase family.",
    "We identified two deubiquitinating enzymes, including USP14.",
    "Plaque formation precedes neurofibrillary tangle formation.",
    "Expression varies depending on the cell type.",
    "The mutant had more potent activity as an ATF6 inhibitor.",
    "BDNF is expressed in the hippocampus.",
    "ASyn phosphorylation, or at least elevated levels of phosphorylated ASyn, contributes to PD.",
    "Processes that disturb protein folding in the ER cause ER stress.",
    "Apart from striatum decreased levels of GABA have been found in cortex.",
    "Their chronic treatment reduced pathological tau in the brain.",
    "Together with apoptotic protease activating factor 1 (Apaf-1), caspase-9 forms the apoptosome.",
    "Mecamylamine was developed 60 years ago and marketed as a ganglionic blocker.",
])
def test_no_claim(sentence: str) -> None:
    assert lines(sentence) == set()


def test_not_only_is_no_negation() -> None:
    assert "[change=increase] Aβ ==CAUSE=> [change=increase] oxidative stress" in lines(
        "Aβ not only increases oxidative stress but also impairs memory.")


def test_coordinated_nominal_heads_keep_their_own_direction() -> None:
    found = lines("We saw a down-regulation of PPP2R2A expression and reduction in PP2A activity by ApoE4.")
    assert "[change=increase] ApoE4 ==CAUSE=> [change=increase] PP2A" not in found


def test_an_object_is_not_the_next_clause_subject() -> None:
    found = lines("Scopolamine impaired accuracy or latency and cholinergic agonists improved accuracy.")
    assert "[change=increase] cholinergic agonists ==CAUSE=> [change=increase] accuracy" in found
    assert not any(line.startswith("[change=increase] latency") for line in found)


def test_references_and_times_are_no_entities() -> None:
    found = lines("Nicotine effects were blocked by DHβE but not by MLA, an α7 receptor antagonist (Table 5).")
    assert not any("Table" in line for line in found)
    found = lines("Rapamycin reduced tau levels in treated mice (Table 5).")
    assert found == {"[change=increase] Rapamycin ==CAUSE=> [change=decrease] tau"}


def test_an_unresolved_class_noun_is_no_entity() -> None:
    found = lines("Metformin lowers glucose. The kinase then phosphorylates ACC.")
    assert found == {"[change=increase] Metformin ==CAUSE=> [change=decrease] glucose"}


def test_an_excluded_alternative_is_no_cause() -> None:
    found = lines("Overexpression of MEF2A, but not MEF2C, suppressed dendritic growth.")
    assert found == {"[change=increase] MEF2A ==CAUSE=> [change=decrease] dendritic growth"}


def test_hedged_claims_are_kept_at_lower_confidence() -> None:
    plain = extract_annotations("Trehalose enhances autophagy.")
    hedged = extract_annotations("Trehalose may enhance autophagy.")
    suggested = extract_annotations("These data suggest that trehalose enhances autophagy.")
    assert len(plain) == len(hedged) == len(suggested) == 1
    assert not plain[0].hedged and hedged[0].hedged and suggested[0].hedged
    assert hedged[0].confidence < plain[0].confidence


def test_abbreviations_defined_in_the_text_link_to_long_forms() -> None:
    assert find_abbreviations("Amyloid beta (Aβ) and tumor necrosis factor alpha (TNF-α) rise; "
                              "ROS (reactive oxygen species) too.") == {
        "Aβ": "Amyloid beta", "TNF-α": "tumor necrosis factor alpha", "ROS": "reactive oxygen species"}
    # a member's number or Greek letter may be missing from the long form
    assert find_abbreviations("We blocked death-associated protein kinase (DAPK1) and tumour necrosis "
                              "factor (TNF-α).") == {"DAPK1": "death-associated protein kinase",
                                                     "TNF-α": "tumour necrosis factor"}
    [a] = extract_annotations("Aβ increases TNF-α release.", {"Aβ": "amyloid beta"})
    assert a.subject == "amyloid beta" and a.subject_aliases == ["Aβ"]
    annotations = extract_annotations("Brain-derived neurotrophic factor (BDNF) promotes neuronal survival.")
    assert annotations[0].subject_aliases == ["BDNF"]


def test_a_short_form_after_a_name_holding_another_is_an_alias() -> None:
    # "(GRE)-binding" is undone inside the name, and the outer short form still names it
    found = extract_annotations("Active Plk7 phosphorylates the transcription factor glucose response element (GRE)-binding "
                                "protein (GREBP), which leads to gene expression.")
    assert any(a.object == "glucose response element-binding protein phosphorylation"
               and a.object_aliases == ["GREBP phosphorylation"] for a in found)


def test_a_bracketed_symbol_names_a_described_gene_product() -> None:
    [a] = extract_annotations("The glutamate transporter (Slc9x) reduces excitotoxicity.")
    assert a.subject == "glutamate transporter" and a.subject_aliases == ["Slc9x"]
    # not after a name that is no gene product, nor a bracket that is no symbol
    [a] = extract_annotations("Hippocampal neurons (N2a) reduce memory.")
    assert a.subject_aliases == []
    [a] = extract_annotations("The glutamate transporter (2010) reduces excitotoxicity.")
    assert a.subject_aliases == []


def test_a_long_form_does_not_reach_back_over_a_clause() -> None:
    # letters found in order across a clause are no definition: no long form rather than a wrong one
    assert find_abbreviations("Plaques are clumps of small fragments named after beta-amyloid (Abeta).") == {}
    assert find_abbreviations("All agreed that the amyloid peptide (APT) is toxic.") == {"APT": "amyloid peptide"}
    assert find_abbreviations("The cytokine known as tumour necrosis factor (TNF) rises.") == {
        "TNF": "tumour necrosis factor"}
    # nor across an infinitive: the letters of "Zp40" lie in order from "ZRP" on
    assert find_abbreviations("ZRP undergoes cleavage to give peptide 40 (Zp40).") == {}
    assert find_abbreviations("The precursor is cut to release zeta peptide 40 (ZP40).") == {"ZP40": "zeta peptide 40"}


def test_a_disease_defined_with_its_short_form_stays_a_state() -> None:
    [a] = extract_annotations("Patients with vascular dementia (VaD) showed an increase in KLF9.")
    assert format_annotation(a) == "vascular dementia ==CAUSE=> [change=increase] KLF9"
    [b] = extract_annotations("Vascular dementia (VaD) lowers KLF9.")
    assert format_annotation(b) == "Vascular dementia ==CAUSE=> [change=decrease] KLF9"
    assert b.subject_aliases == ["VaD"]
    [c] = extract_annotations("Glial growth factor (GGF) raises KLF9.")
    assert format_annotation(c) == "[change=increase] Glial growth factor ==CAUSE=> [change=increase] KLF9"


def test_a_gerund_after_by_in_the_subject_is_part_of_the_cause() -> None:
    lines = [format_annotation(a) for a in extract_annotations("Inhibiting KLF9 by deleting its promoter causes gliosis.")]
    assert sorted(lines) == ["[change=decrease] KLF9 ==CAUSE=> [change=increase] gliosis",
                             "promoter deficiency ==CAUSE=> [change=increase] gliosis"]
    lines = [format_annotation(a) for a in extract_annotations(
        "Inhibiting KLF9 by genetically deleting parts of the ZNF12 complex causes gliosis.")]
    assert "[change=decrease] KLF9 ==CAUSE=> [change=increase] gliosis" in lines
    assert not any(line.startswith("[change=increase]") for line in lines)
    lines = [format_annotation(a) for a in extract_annotations("Raising KLF9 by blocking ZNF12 lowers gliosis.")]
    assert "[change=decrease] ZNF12 ==CAUSE=> [change=decrease] gliosis" in lines
    assert not any(line.startswith("[change=increase] ZNF12") for line in lines)


def test_a_gerund_change_made_with_a_tool_is_a_cause_too() -> None:
    lines = sorted(format_annotation(a) for a in extract_annotations(
        "Blocking KLF9 with a peptide increases gliosis."))
    assert lines == ["[change=decrease] KLF9 ==CAUSE=> [change=increase] gliosis",
                     "[change=increase] peptide ==CAUSE=> [change=increase] gliosis"]


def test_a_signed_regulation_of_y_by_x_is_a_claim() -> None:
    [a] = extract_annotations("These data show a negative feedback regulation of KLF9 by ZNF12.")
    assert format_annotation(a) == "[change=increase] ZNF12 ==CAUSE=> [change=decrease] KLF9"
    [b] = extract_annotations("We saw positive regulation of KLF9 by ZNF12.")
    assert format_annotation(b) == "[change=increase] ZNF12 ==CAUSE=> [change=increase] KLF9"
    assert not extract_annotations("The regulation of KLF9 by ZNF12 is complex.")


def test_a_to_b_conversion_is_one_name() -> None:
    lines = [format_annotation(a) for a in extract_annotations(
        "KLF9 speeds up the M1 to M2 transition, which lowers gliosis.")]
    assert "[change=increase] M1 to M2 transition ==CAUSE=> [change=decrease] gliosis" in lines
    lines = [format_annotation(a) for a in extract_annotations("ZNF12 accelerates the R1 to R2 conversion.")]
    assert lines == ["[change=increase] ZNF12 ==CAUSE=> [change=increase] R1 to R2 conversion"]


def test_which_after_a_clause_ending_in_its_own_change_is_that_change() -> None:
    [a] = extract_annotations("ZNF12 levels are markedly reduced, which contributes to increased KLF9.")
    assert format_annotation(a) == "[change=decrease] ZNF12 ==CAUSE=> [change=increase] KLF9"
    [b] = extract_annotations("ZNF12 levels were reduced, which induces gliosis.")
    assert format_annotation(b) == "[change=decrease] ZNF12 ==CAUSE=> [change=increase] gliosis"
    [c] = extract_annotations("ZNF12 is elevated, which leads to gliosis.")
    assert format_annotation(c) == "[change=increase] ZNF12 ==CAUSE=> [change=increase] gliosis"


def test_combined_with_ends_a_name() -> None:
    [a] = extract_annotations("Gliosis results from impaired KLF9 signalling combined with ageing.")
    assert a.subject == "KLF9 signalling" and a.subject_change == "decrease"


def test_which_after_a_negated_verb_is_the_failure_not_its_object() -> None:
    for sentence in ("The mutant receptor fails to activate glia, which leads to fibril deposition.",
                     "KLF9 does not activate glia, which leads to fibril deposition."):
        assert extract_annotations(sentence) == []
    lines = [format_annotation(a) for a in extract_annotations(
        "KLF9 activates glia, which leads to fibril deposition.")]
    assert "[change=increase] glia ==CAUSE=> [change=increase] fibril deposition" in lines


def test_expression_is_a_weak_claim() -> None:
    [a] = extract_annotations("Reactive astrocytes express GFAP.")
    assert a.confidence <= 0.5


def test_involvement_is_hedged_and_weak() -> None:
    [a] = extract_annotations("Calpain is involved in neuronal apoptosis.")
    assert a.hedged and a.confidence <= 0.5
    assert format_annotation(a) == "[change=increase] Calpain ==CAUSE=> [change=increase] neuronal apoptosis"


def test_association_needs_a_named_change_and_is_weak() -> None:
    [a] = extract_annotations("Smoking is associated with reduced lung function.")
    assert a.hedged and a.confidence <= 0.5
    assert not extract_annotations("Smoking is associated with emphysema.")
    assert not extract_annotations("The variants associated with increased risk were sequenced.")
    assert not extract_annotations("Cognitive decline was associated with statin treatment.")
    assert not extract_annotations("Fatigue was not associated with reduced sleep quality.")
    assert not extract_annotations("Fatigue was correlated with sleep quality.")


def test_a_correlation_with_a_trailing_change_head_is_weak() -> None:
    found = extract_annotations("Increased levels of Krt9 correlate to lipophagy induction.")
    assert [(a.subject, a.object, a.object_change) for a in found] == [("Krt9", "lipophagy", "increase")]
    assert found[0].confidence < 0.5
    # an unsigned object still claims nothing
    assert lines("Increased levels of Krt9 correlate to lipophagy rates.") == set()
def test_a_correlation_with_a_rise_named_after_its_thing_is_a_weak_claim() -> None:
    [a] = extract_annotations("Raised cortisol levels correlate to osteoclast activation.")
    assert a.hedged and a.confidence <= 0.5
    assert format_annotation(a) == "[change=increase] cortisol ==CAUSE=> [change=increase] osteoclast"
    [b] = extract_annotations("Leptin correlated with appetite stimulation.")
    assert format_annotation(b) == "[change=increase] Leptin ==CAUSE=> [change=increase] appetite"
    assert not extract_annotations("Fatigue correlates to sleep quality.")
    assert not extract_annotations("Fatigue is associated to sleep stimulation.")


def test_chains_stay_within_a_sentence_and_are_weaker() -> None:
    found = extract_annotations("Insulin activates AKT, which inhibits GSK3.")
    direct = {a.object: a.confidence for a in found if a.subject == "Insulin"}
    assert direct["GSK3"] < direct["AKT"]
    assert not any(a.subject == "Lithium" and "tau" in a.object for a in extract_annotations(
        "Lithium inhibits GSK3. GSK3 increases tau phosphorylation."))


def test_no_chain_when_which_is_ambiguous() -> None:
    found = lines("Elevated glucocorticoids decrease neurogenesis, which impairs memory.")
    assert not any(line.startswith("[change=increase] glucocorticoids") and "memory" in line
                   for line in found)


def test_junk_agents_are_dropped() -> None:
    found = lines("Cdk5 enhances STAT3 activation by binding to the promoter.")
    assert not any(line.startswith("[change=increase] binding") for line in found)
    found = lines("Compound 12 was identified as a selective PDE4 inhibitor (IC50 = 40 nM).")
    assert not any("IC50" in line for line in found)
    found = lines("Two compounds that inhibit MMP-9 reduced neuronal death.")
    assert not any("Two" in line for line in found)
    found = lines("Inhibition of calpain by calpeptin reduced spectrin cleavage.")
    assert "[change=decrease] calpeptin ==CAUSE=> [change=decrease] spectrin cleavage" not in found


def test_no_short_form_is_dropped_before_a_verb() -> None:
    found = lines("Soluble Abeta (sAbeta)-induces NLRP3 activation.")
    assert not any("Abeta-induces" in line for line in found)


def test_a_time_state_is_no_cause_of_an_active_verb() -> None:
    found = lines("Netrin-1 is required for axon guidance and also promotes neurite outgrowth after injury.")
    assert "[change=increase] Netrin-1 ==CAUSE=> [change=increase] neurite outgrowth" in found
    assert not any(line.startswith("injury") for line in found)


def test_a_caused_change_keeps_its_cause_over_a_condition() -> None:
    # the verb's subject causes the change; the state after it is when, not what
    found = lines("Mutations in PLX4 cause impairment of lipid transport pathways with ageing [12].")
    assert "PLX4 mutation ==CAUSE=> [change=decrease] lipid transport" in found
    assert not any(line.startswith("ageing") for line in found)
    found = lines("ATF9 is shown to induce transcriptional activation of KRN2 during hypoxia [7].")
    assert "[change=increase] ATF9 ==CAUSE=> [change=increase] KRN2" in found
    assert not any(line.startswith("hypoxia") for line in found)


def test_an_incidence_needs_a_signed_head_and_keeps_a_verbs_cause() -> None:
    assert lines("The frequency of rash with velomide was recorded.") == set()
    assert lines("There was no increased risk of gout with drenolol.") == set()
    found = lines("Velomide caused an increased risk of gout with age.")
    assert "[change=increase] Velomide ==CAUSE=> [change=increase] gout" in found
    assert not any(line.startswith("age") for line in found)


def test_only_verbs_of_making_name_a_precursor() -> None:
    assert lines("Velomin was reduced from day 3 on.") == set()
    assert lines("Velomin synthesized from day 3 on was measured.") == set()


def test_a_treatment_of_carriers_or_a_denied_use_claims_nothing() -> None:
    assert lines("Velomide was used for the treatment of cells.") == set()
    assert lines("Velomide was not approved for the treatment of gout.") == set()


def test_a_participle_before_a_name_after_and_is_no_verb_of_the_copula_subject() -> None:
    found = lines("Velomin is linked to loss of Krt9 and enhanced production of reactive nitrogen species.")
    assert not any(line.startswith("[change=increase] Velomin") and "nitrogen" in line for line in found)


def test_responding_carriers_are_no_cause() -> None:
    found = lines("Glioma cells upregulate Krt9 in response to IL-9.")
    assert not any(line.startswith("[change=increase] Glioma") for line in found)
    # without a stimulus the carriers stay the subject
    assert "[change=increase] Astrocytes ==CAUSE=> [change=increase] IL-9" in lines(
        "Astrocytes secrete IL-9 in the hippocampus.")


def test_that_after_a_noun_of_content_is_no_anaphor() -> None:
    found = lines("Oxidation of beta-velomin can cause misfolding. There is a suggestion that "
                  "beta-velomin, although normally kept within cells, may be released by ischemia.")
    assert "ischemia ==CAUSE=> [change=increase] beta-velomin" in found
    assert not any(line.startswith("ischemia") and "Oxidation" in line for line in found)


def test_a_state_during_a_gerund_is_no_cause() -> None:
    assert lines("Velomide acts by preserving ATP synthesis during cardiac hypoxia (Ruiz, 2004).") == set()


def test_passive_patient_is_not_the_relative_agent() -> None:
    found = lines("The rise in cytosolic calcium evoked by glutamate was blunted by memantine.")
    assert "[change=increase] memantine ==CAUSE=> [change=decrease] cytosolic calcium" in found
    assert not any("memantine ==CAUSE=> [change=decrease] glutamate" in line for line in found)


def test_nested_change_gives_one_sign() -> None:
    found = lines("A marked reduction in the accumulation of lipofuscin was seen after treatment with rapamycin.")
    assert found == {"[change=increase] rapamycin ==CAUSE=> [change=decrease] lipofuscin"}


def test_compound_scope_and_models_of_rescue() -> None:
    found = lines("Obesity is associated with reduced AMPK-mediated lipolysis, a chronic inflammation and impaired insulin signalling.")
    assert "[change=increase] AMPK ==CAUSE=> [change=increase] lipolysis" in found
    assert not any(line.startswith("[change=decrease] AMPK") for line in found)
    assert not any(line.startswith("[change=increase] AMPK") and "insulin" in line for line in found)
    found = lines("We then tested whether we could restore object memory in APP transgenic mice.")
    assert not any(line.startswith("[change=increase] APP") for line in found)
    found = lines("Fourth, statins and anomalies of ApoE are associated with reduced cholesterol synthesis.")
    assert "[change=increase] statins ==CAUSE=> [change=decrease] cholesterol synthesis" in found
    assert not any("Fourth" in line for line in found)
    found = lines("Genetic mutations and anomalies of PSEN1 are associated with deficient mitophagy.")
    assert not any(line.startswith("genetic") or line.startswith("Genetic") for line in found)


def test_silencing_tools_are_no_cause() -> None:
    for sentence in ("Inhibition of Atg7 by siRNA increased p62 levels.",
                     "Transfection of individual siRNAs blocked SUMOylation.",
                     "Knockdown of Atg7 with shRNA increased p62 accumulation."):
        assert not any("siRNA" in line or "shRNA" in line for line in lines(sentence))
    assert lines("Inhibition of Atg7 by siRNA increased p62 levels.") == {
        "[change=decrease] Atg7 ==CAUSE=> [change=increase] p62"}


@pytest.mark.parametrize("sentence, expected", [
    # the tool's target after "against", "targeting", "to": less of the target
    ("An siRNA against Rab7 blocked lysosomal fusion.",
     "[change=decrease] Rab7 ==CAUSE=> [change=decrease] lysosomal fusion"),
    ("Lysosomal fusion was blocked by siRNA against Rab7.",
     "[change=decrease] Rab7 ==CAUSE=> [change=decrease] Lysosomal fusion"),
    ("An shRNA targeting TFEB lowered cathepsin D levels.",
     "[change=decrease] TFEB ==CAUSE=> [change=decrease] cathepsin D"),
    ("Morpholinos to sox10 prevented pigment formation.",
     "[change=decrease] sox10 ==CAUSE=> [change=decrease] pigment formation"),
    # a transfected tool: the transfection is the means, the tool names the target
    ("Transfection of Rab7 siRNA reduced lysosomal fusion.",
     "[change=decrease] Rab7 ==CAUSE=> [change=decrease] lysosomal fusion"),
    ("Transfection with siRNA against Rab7 reduced lysosomal fusion.",
     "[change=decrease] Rab7 ==CAUSE=> [change=decrease] lysosomal fusion"),
    ("Transfection of TFEB increased lysosome biogenesis.",
     "[change=increase] TFEB ==CAUSE=> [change=increase] lysosome biogenesis"),
    # antibodies given as a cause block their target
    ("Antibodies against IL-17 reduced neutrophil infiltration.",
     "[change=decrease] IL-17 ==CAUSE=> [change=decrease] neutrophil infiltration"),
    ("Neutralizing antibodies to IL-17 lowered neutrophil infiltration.",
     "[change=decrease] IL-17 ==CAUSE=> [change=decrease] neutrophil infiltration"),
])
def test_tools_and_antibodies_lower_their_target(sentence: str, expected: str) -> None:
    assert lines(sentence) == {expected}


def test_raised_antibodies_are_no_blocked_target() -> None:
    assert lines("Vaccination raised antibodies against the spike protein.") == {
        "[change=increase] Vaccination ==CAUSE=> [change=increase] antibodies"}


@pytest.mark.parametrize("sentence, expected", [
    # the examples after a relative clause about a bare class name its members: they are the
    # agents of the clause's verb and of the main verb
    ("Compounds that inhibit GSK3, such as lithium and valproate, lower tau phosphorylation.",
     {"[change=increase] lithium ==CAUSE=> [change=decrease] GSK3",
      "[change=increase] valproate ==CAUSE=> [change=decrease] GSK3",
      "[change=increase] lithium ==CAUSE=> [change=decrease] tau phosphorylation",
      "[change=increase] valproate ==CAUSE=> [change=decrease] tau phosphorylation",
      "[change=decrease] GSK3 ==CAUSE=> [change=decrease] tau phosphorylation"}),
    ("Several agents that stimulate mitophagy, including urolithin A, have been described.",
     {"[change=increase] urolithin A ==CAUSE=> [change=increase] mitophagy"}),
    ("Kinases that phosphorylate tau, such as GSK3 and CDK5, promote aggregation.",
     {"[change=increase] GSK3 ==CAUSE=> [change=increase] tau phosphorylation",
      "[change=increase] CDK5 ==CAUSE=> [change=increase] tau phosphorylation",
      "[change=increase] GSK3 ==CAUSE=> [change=increase] aggregation",
      "[change=increase] CDK5 ==CAUSE=> [change=increase] aggregation"}),
])
def test_members_after_a_class_relative_clause_are_its_agents(sentence: str, expected: set[str]) -> None:
    assert_finds(sentence, expected)
    assert not any("mitophagy ==CAUSE=>" in line or "GSK3 ==CAUSE=> [change=increase] lithium" in line
                   for line in lines(sentence))


def test_members_named_after_the_main_object_belong_to_the_relative_class() -> None:
    # "including D" after the main object names drugs of the subject's class, not a pathology
    found = lines("Drugs that induce autophagy reduce amyloid pathology, including temsirolimus and trehalose.")
    assert found >= {"[change=increase] autophagy ==CAUSE=> [change=decrease] amyloid pathology",
                     "[change=increase] temsirolimus ==CAUSE=> [change=decrease] amyloid pathology",
                     "[change=increase] trehalose ==CAUSE=> [change=decrease] amyloid pathology",
                     "[change=increase] temsirolimus ==CAUSE=> [change=increase] autophagy",
                     "[change=increase] trehalose ==CAUSE=> [change=increase] autophagy"}
    assert not any("==CAUSE=> [change=decrease] temsirolimus" in line for line in found)
    # a lower-case plural after the object is a kind of the object
    assert lines("Drugs that inhibit GSK3 reduce tau pathology, including tangles.") == {
        "[change=decrease] GSK3 ==CAUSE=> [change=decrease] tau pathology",
        "[change=decrease] GSK3 ==CAUSE=> [change=decrease] tangles"}


def test_examples_of_a_common_plural_object_stay_with_the_object() -> None:
    # a named object: the example is one of the enzymes
    assert lines("Enzymes that activate Notch, such as ADAM10, promote differentiation.") >= {
        "[change=increase] ADAM10 ==CAUSE=> [change=increase] Notch",
        "[change=increase] ADAM10 ==CAUSE=> [change=increase] differentiation"}
    # "receptors, such as Notch": Notch is one of the receptors activated, not one of the enzymes
    # (what the enzymes do acts on differentiation through the activated receptor)
    assert lines("Enzymes that activate receptors, such as Notch, promote differentiation.") == {
        "[change=increase] Notch ==CAUSE=> [change=increase] differentiation"}


@pytest.mark.parametrize("sentence, expected", [
    # members set off by commas after a class subject act as the class does, whatever the tense
    ("Antioxidants, such as vitamin C and resveratrol, reduced lipid peroxidation.",
     {"[change=increase] vitamin C ==CAUSE=> [change=decrease] lipid peroxidation",
      "[change=increase] resveratrol ==CAUSE=> [change=decrease] lipid peroxidation",
      "[change=increase] Antioxidants ==CAUSE=> [change=decrease] lipid peroxidation"}),
    ("Proteasome inhibitors, such as bortezomib and MG132, increased ER stress.",
     {"[change=increase] bortezomib ==CAUSE=> [change=decrease] Proteasome",
      "[change=increase] MG132 ==CAUSE=> [change=decrease] Proteasome",
      "[change=increase] bortezomib ==CAUSE=> [change=increase] ER stress",
      "[change=increase] MG132 ==CAUSE=> [change=increase] ER stress",
      "[change=decrease] Proteasome ==CAUSE=> [change=increase] ER stress"}),
    ("Inhibitors, such as bortezomib and MG132, increased ER stress.",
     {"[change=increase] bortezomib ==CAUSE=> [change=increase] ER stress",
      "[change=increase] MG132 ==CAUSE=> [change=increase] ER stress"}),
])
def test_members_apposed_with_such_as_are_agents(sentence: str, expected: set[str]) -> None:
    assert_finds(sentence, expected)


def test_which_in_turn_carries_the_lowered_object_forward() -> None:
    # less ERK (what "this" did) lowers CREB phosphorylation: ERK raises it
    assert lines("This lowers ERK activity, which in turn reduces CREB phosphorylation.") == {
        "[change=decrease] ERK ==CAUSE=> [change=decrease] CREB phosphorylation"}


def test_treated_carriers_are_no_cause() -> None:
    found = lines("Caspase-3 activity increased sharply after treatment of PC12 cells with staurosporine.")
    assert found == {"[change=increase] staurosporine ==CAUSE=> [change=increase] Caspase-3"}


def test_a_list_of_classes_is_no_apposition() -> None:
    found = lines("Statin drugs, antioxidants and vitamins, which lowered mortality, were compared.")
    assert not any(line.startswith("[change=increase] antioxidants ==CAUSE=> [change=decrease] Statin")
                   for line in found)
    assert lines("Lithium alone almost abolished GSK3 activity.") == {
        "[change=increase] Lithium ==CAUSE=> [change=decrease] GSK3"}


def test_a_comma_list_before_a_new_clause_is_not_an_object() -> None:
    found = lines("During stress-induced autophagy, portions of the ER and protein aggregates are engulfed.")
    assert not any("portions" in line or "protein aggregates" in line for line in found)


def test_resolved_anaphora_lower_the_confidence() -> None:
    first, second = extract_annotations("Baclofen reduced spasticity. It also increased drowsiness.")
    assert second.subject == "Baclofen" and second.confidence < first.confidence


def test_anaphora_reach_back_one_sentence_only() -> None:
    found = lines("Baclofen reduced spasticity. Patients were followed for a year. It increased drowsiness.")
    assert not any("drowsiness" in line for line in found)


def test_signs_follow_interpretation() -> None:
    [a] = extract_annotations("XBP1 ablation increases autophagy.")
    assert (a.subject, interpret(a).relation, interpret(a).sign) == ("XBP1 deficiency", "triggers", 1)
    [b] = extract_annotations("Lithium inhibits GSK3.")
    assert (interpret(b).relation, interpret(b).sign) == ("influence", -1)


def test_annotations_carry_their_sentence() -> None:
    sentence = "Cortisol increases blood pressure."
    assert all(a.text == sentence for a in extract_annotations(sentence))


def test_runtime_per_sentence() -> None:
    sentence = ("Conversely, treatment with rapamycin (an mTOR inhibitor, 20 nM), a well-known autophagy "
                "inducer (12), increased the clearance of LC3-II and reduced alpha-synuclein aggregation "
                "at 48 h in SH-SY5Y cells and primary cortical neurons.")
    start = time.perf_counter()
    for _ in range(200):
        extract_annotations(sentence)
    assert (time.perf_counter() - start) / 200 < 0.01  # generous bound; the benchmark measures ~0.3 ms


def test_cli_sentence_and_jsonl(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["extract", "Lithium inhibits GSK3.", "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["annotations"][0]["object"] == "GSK3"
    source = tmp_path / "in.jsonl"
    source.write_text('{"sentence": "Cortisol increases blood pressure.", "id": 7}\nnot json\n'
                      '{"text": "no sentence"}\n', encoding="utf-8")
    assert main(["extract", "--input", str(source)]) == 1
    done = capsys.readouterr()
    [row] = [json.loads(line) for line in done.out.splitlines()]
    assert row["id"] == 7 and row["annotations"][0]["subject"] == "Cortisol"
    assert set(row["annotations"][0]) >= {"subject", "subject_change", "object", "object_change", "text"}
    assert "in.jsonl:2: not valid JSON" in done.err and "in.jsonl:3:" in done.err
    assert main(["extract"]) == 2 and "SENTENCE" in capsys.readouterr().err
    assert main(["extract", "Cortisol increases blood pressure."]) == 0
    assert "[change=increase] Cortisol ==CAUSE=> [change=increase] blood pressure" in capsys.readouterr().out


def test_dev_slice_smoke(shared_data: Path) -> None:
    """A small slice of real sentences: extraction runs and finds claims in most of them."""
    rows = [json.loads(line) for line in
            (shared_data / "hbp" / "relations_dev.jsonl").read_text(encoding="utf-8").split("\n")[:60] if line]
    with_claims = sum(1 for row in rows if extract_annotations(row["sentence"]))
    assert with_claims >= len(rows) // 3


def test_in_after_a_process_names_a_place_not_what_changed() -> None:
    # "an increase in Y": Y changed; "X accumulation in neurons": neurons are where X accumulated.
    assert lines("An increase in caspase activity was seen after staurosporine treatment.") == {
        "[change=increase] staurosporine ==CAUSE=> [change=increase] caspase"}
    assert lines("Quercetin lowered lipid accumulation in hepatocytes and reduced fibrosis in HD mice.") == {
        "[change=increase] Quercetin ==CAUSE=> [change=decrease] lipid accumulation in hepatocytes",
        "[change=increase] Quercetin ==CAUSE=> [change=decrease] fibrosis"}
    assert not any("astrocytes" in line.split("==CAUSE=>")[1]
                   for line in lines("Cholesterol accumulation in astrocytes rose after hypoxia."))


def test_a_coordinated_predicate_is_no_agent_of_the_nominal_before_it() -> None:
    # "reduced glucose levels" is metformin's next predicate, not a second agent inhibiting AMPK.
    assert lines("Metformin prevented the inhibition of AMPK by palmitate, reduced glucose levels and "
                 "improved memory.") == {
        "[change=increase] Metformin ==CAUSE=> [change=increase] AMPK",
        "[change=increase] palmitate ==CAUSE=> [change=decrease] AMPK",
        "[change=increase] Metformin ==CAUSE=> [change=decrease] glucose",
        "[change=increase] Metformin ==CAUSE=> [change=increase] memory"}


@pytest.mark.parametrize("sentence, expected", [
    # members listed in brackets after a class act (or are acted on) as the class is
    ("Tricyclic compounds (imipramine, clomipramine and desipramine) enhance mitophagy.",
     {"[change=increase] imipramine ==CAUSE=> [change=increase] mitophagy",
      "[change=increase] clomipramine ==CAUSE=> [change=increase] mitophagy",
      "[change=increase] desipramine ==CAUSE=> [change=increase] mitophagy",
      "[change=increase] Tricyclic compounds ==CAUSE=> [change=increase] mitophagy"}),
    ("The antipsychotic drugs (haloperidol and clozapine) are inducers of mitophagy.",
     {"[change=increase] haloperidol ==CAUSE=> [change=increase] mitophagy",
      "[change=increase] clozapine ==CAUSE=> [change=increase] mitophagy",
      "[change=increase] antipsychotic drugs ==CAUSE=> [change=increase] mitophagy"}),
    ("Kinase inhibitors (e.g., dasatinib) enhance mitophagy.",
     {"[change=increase] dasatinib ==CAUSE=> [change=increase] mitophagy"}),
    ("Mitophagy is enhanced by tricyclic compounds (imipramine and desipramine).",
     {"[change=increase] imipramine ==CAUSE=> [change=increase] Mitophagy",
      "[change=increase] desipramine ==CAUSE=> [change=increase] Mitophagy",
      "[change=increase] tricyclic compounds ==CAUSE=> [change=increase] Mitophagy"}),
    ("Rapamycin reduces inflammatory cytokines (IL-6 and TNF).",
     {"[change=increase] Rapamycin ==CAUSE=> [change=decrease] IL-6",
      "[change=increase] Rapamycin ==CAUSE=> [change=decrease] TNF",
      "[change=increase] Rapamycin ==CAUSE=> [change=decrease] inflammatory cytokines"}),
])
def test_members_in_brackets_after_a_class_share_its_claims(sentence: str, expected: set[str]) -> None:
    assert_finds(sentence, expected)


@pytest.mark.parametrize("sentence, not_agents", [
    # a short form, a citation, a measurement or a changed class is no list of members
    ("Tricyclic compounds (TCAs) enhance mitophagy.", {"TCAs"}),
    ("Tricyclic compounds (Smith and Jones, 2010) enhance mitophagy.", {"Smith", "Jones"}),
    ("Loss of kinases (PINK1 and LRRK2) impairs mitophagy.", {"PINK1", "LRRK2"}),
    ("Cytokine levels (IL-6 and TNF) rise after injury.", {"IL-6", "TNF"}),
])
def test_brackets_that_list_no_members_add_no_agents(sentence: str, not_agents: set[str]) -> None:
    agents = {a.subject for a in extract_annotations(sentence)}
    assert not agents & not_agents, f"{sorted(agents & not_agents)} read as members in {sentence!r}"


@pytest.mark.parametrize("sentence, expected", [
    # words of the mutation's kind do not hide whose mutation it is
    ("Familial mutations in PSEN1 increase amyloid production.",
     "PSEN1 mutation ==CAUSE=> [change=increase] amyloid production"),
    ("Missense mutations of LRRK2 have been shown to impair mitophagy in patient cells.",
     "LRRK2 mutation ==CAUSE=> [change=decrease] mitophagy"),
    # "the X pathway" of a process names the process
    ("Mutations in VPS35 impair the autophagy pathway.",
     "VPS35 mutation ==CAUSE=> [change=decrease] autophagy"),
])
def test_mutation_kinds_and_process_pathways(sentence: str, expected: str) -> None:
    assert expected in lines(sentence)


def test_a_gene_before_mutations_is_still_their_owner() -> None:
    assert lines("Tau mutations in neurons impair mitophagy.") == {
        "Tau mutation ==CAUSE=> [change=decrease] mitophagy"}


@pytest.mark.parametrize("sentence, expected, wrong", [
    # members of a role class or of the agent after "by" do not take the subject's change word
    ("Blockers of L-type calcium channels, such as nifedipine, lower blood pressure.",
     "[change=increase] nifedipine ==CAUSE=> [change=decrease] blood pressure",
     "[change=decrease] nifedipine ==CAUSE=> [change=decrease] blood pressure"),
    ("Inhibition of mTOR by specific inhibitors, such as torin1, induces autophagy.",
     "[change=increase] torin1 ==CAUSE=> [change=increase] autophagy",
     "[change=decrease] torin1 ==CAUSE=> [change=increase] autophagy"),
    # members of the changed class itself share its change
    ("Loss of cytokines, such as IL-6, impairs regeneration.",
     "[change=decrease] IL-6 ==CAUSE=> [change=decrease] regeneration",
     "[change=increase] IL-6 ==CAUSE=> [change=decrease] regeneration"),
    ("Reserpine causes depletion of dopamine and other amines like histamine.",
     "[change=increase] Reserpine ==CAUSE=> [change=decrease] histamine",
     "[change=increase] Reserpine ==CAUSE=> [change=increase] histamine"),
])
def test_example_members_take_the_change_of_their_own_class(sentence: str, expected: str, wrong: str) -> None:
    found = lines(sentence)
    assert expected in found and wrong not in found, sorted(found)


def test_a_phrase_of_an_earlier_clause_is_no_conjunct_subject() -> None:
    # "the control of growth" belongs to the clause of "is"; only "activated Rheb" inhibits
    found = lines("Rheb is a key protein in the control of growth and activated Rheb inhibits autophagy.")
    assert found == {"[change=increase] Rheb ==CAUSE=> [change=decrease] autophagy"}
    # a clause opened by "that" keeps its coordinated subject
    assert lines("It is known that IL-6 and TNF reduce neurogenesis.") == {
        "[change=increase] IL-6 ==CAUSE=> [change=decrease] neurogenesis",
        "[change=increase] TNF ==CAUSE=> [change=decrease] neurogenesis"}


@pytest.mark.parametrize("sentence, expected", [
    # an aside between free-standing dashes reads as one between commas
    ("A second kinase \u2014 DAPK1 \u2014 increases tau phosphorylation.",
     "[change=increase] DAPK1 ==CAUSE=> [change=increase] tau phosphorylation"),
    ("Rapamycin \u2013 an mTOR inhibitor \u2013 increases autophagy.",
     "[change=increase] Rapamycin ==CAUSE=> [change=decrease] mTOR"),
    # a name apposed to "another ..." is the subject; "in response to" ends the object
    ("Another ion channel, TRPV1, has also been implicated in NLRP1 activation in response to heat.",
     "[change=increase] TRPV1 ==CAUSE=> [change=increase] NLRP1"),
])
def test_dash_asides_and_apposed_names(sentence: str, expected: str) -> None:
    found = lines(sentence)
    assert expected in found, sorted(found)


@pytest.mark.parametrize("sentence, expected", [
    # a predicate role noun reaches past an aside to its subject: examples of a class, or an apposition
    ("Several statins, including simvastatin and lovastatin, are activators of mitophagy.",
     {"[change=increase] simvastatin ==CAUSE=> [change=increase] mitophagy",
      "[change=increase] lovastatin ==CAUSE=> [change=increase] mitophagy"}),
    ("Lithium, a mood stabiliser, is an inhibitor of GSK3.",
     {"[change=increase] Lithium ==CAUSE=> [change=decrease] GSK3"}),
])
def test_predicate_role_nouns_past_an_aside(sentence: str, expected: set[str]) -> None:
    found = lines(sentence)
    assert expected <= found, sorted(found)
