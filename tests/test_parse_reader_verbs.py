"""Causal verbs read from the dependency parse: exact claim sets on invented sentences."""

from __future__ import annotations

import pytest
from parse_reader_helpers import lines
from spacy.tokens import Doc

from engine.model.annotations import format_annotation
from engine.reading.parse.parsing import parser
from engine.reading.parse.reader import read_doc, read_sentence

UP, DOWN = "[change=increase]", "[change=decrease]"


@pytest.mark.parametrize("sentence, expected", [
    # a verb of modification the tagger read as a noun is parsed as a verb and keeps its meaning; a
    # verb of change opening the next member joins clauses, not objects
    ("GSK3 phosphorylates tau.", {f"{UP} GSK3 ==CAUSE=> {UP} tau phosphorylation"}),
    # symbols the model misread beside a verb of change are parsed again as names ("ERK1/2" had been
    # tagged an adjective, "LC3-II" an adverb, and the sentence read nothing)
    ("Fyn inhibits ERK1/2.", {f"{UP} Fyn ==CAUSE=> {DOWN} ERK1/2"}),
    ("mTORC1 blocks LC3-II.", {f"{UP} mTORC1 ==CAUSE=> {DOWN} LC3-II"}),
    # ... also beside a past verb of change, read as an adjective or with its object read as an adverb
    ("BDNF activated Nrf2.", {f"{UP} BDNF ==CAUSE=> {UP} Nrf2"}),
    ("SIRT1, a kinase, decreased miR-34a.", {f"{UP} SIRT1 ==CAUSE=> {DOWN} miR-34a"}),
    ("In microglia, Aβ42 reduced ERK1/2.", {f"{UP} Aβ42 ==CAUSE=> {DOWN} ERK1/2"}),
    # ... even where the model had taken the subject for what a verb of showing showed (the sign of
    # "inhibition of" had been lost with it)
    ("Recent work has shown that inhibition of the ATPase activity of Tarp1/Velk2 promotes degradation of Pomb.",
     {f"{DOWN} Velk2 ==CAUSE=> {DOWN} Pomb"}),
    # ... also where an aside stands between the symbol and the verb
    ("17-AAG, an Hsp90 inhibitor, reduced tau levels.",
     {f"{UP} 17-AAG ==CAUSE=> {DOWN} Hsp90", f"{UP} 17-AAG ==CAUSE=> {DOWN} tau"}),
    # ... and a present verb read as a name beside a symbol read as the verb
    ("Glycogen synthase kinase 3β phosphorylates tau.",
     {f"{UP} Glycogen synthase kinase 3β ==CAUSE=> {UP} tau phosphorylation"}),
    # ... but a multiple is no symbol: the participle keeps its reading without an object
    ("We found that Tarp expression increased 2-fold in neurons after exposure to Velk1.",
     {f"{UP} Velk1 ==CAUSE=> {UP} Tarp"}),
    ("TARP, induced 56-fold, encodes a kinase.", set()),
    # a full stop after a symbol ending in a capital ends the sentence, not the name
    ("Resveratrol activates PP2A.", {f"{UP} Resveratrol ==CAUSE=> {UP} PP2A"}),
    ("Curcumin prevents the activation of NF-κB.", {f"{UP} Curcumin ==CAUSE=> {DOWN} NF-κB"}),
    # ... and after a lone capital that ends the sentence, but not before a species' name
    ("Tarp was activated by Velk D.", {f"{UP} Velk D ==CAUSE=> {UP} Tarp"}),
    ("Pomb reduced Tarp in D. melanogaster.", {f"{UP} Pomb ==CAUSE=> {DOWN} Tarp"}),
    # a two-word name the model read apart ("velkin" as a verb, "1" as an apposition) is one name;
    # not one inside a longer name, nor a counted noun
    ("velkin D suppressed Pomb.", {f"{UP} velkin D ==CAUSE=> {DOWN} Pomb"}),
    ("Overexpression of Velkin 1 blocked Tarp.", {f"{UP} Velkin 1 ==CAUSE=> {DOWN} Tarp"}),
    ("Similarly, tarpase 1 can be inhibited by Pomb.", {f"{UP} Pomb ==CAUSE=> {DOWN} tarpase 1"}),
    ("TFEB at normal state is phosphorylated by Velk complex 1, which inhibits its activity.",
     {f"{UP} Velk complex 1 ==CAUSE=> {UP} TFEB phosphorylation", f"{UP} Velk complex 1 ==CAUSE=> {DOWN} TFEB"}),
    ("On day 3, Pomb reduced Tarp.", {f"{UP} Pomb ==CAUSE=> {DOWN} Tarp"}),
    # a past verb of change after the comma closing an aside on the subject, read as an adjective
    ("Velkamine, which inhibits Tarp, increased autophagy.",
     {f"{UP} Velkamine ==CAUSE=> {DOWN} Tarp", f"{UP} Velkamine ==CAUSE=> {UP} autophagy"}),
    ("velkase-3, which is expressed in neurons, impaired Tarp.", {f"{UP} velkase-3 ==CAUSE=> {DOWN} Tarp"}),
    # a second past verb after "and" read as an adjective of the first verb's object; not an adjective
    # after "and" with no verb before it
    ("Velkamine D reduced tauopathy and improved cognition in mice.",
     {f"{UP} Velkamine D ==CAUSE=> {DOWN} tauopathy", f"{UP} Velkamine D ==CAUSE=> {UP} cognition"}),
    ("Improper acidification and impaired proteolysis of substrates would compromise autophagy.",
     {f"{DOWN} substrates proteolysis ==CAUSE=> {DOWN} autophagy",
      f"{UP} Improper acidification ==CAUSE=> {DOWN} autophagy"}),
    # "increases" tagged a noun but given a subject is the verb beside the symbol it misread; a past
    # verb right after a symbol the model left without a subject (read as punctuation) is its verb
    ("α-synuclein increases Velk-II by activating autophagy.",
     {f"{UP} α-synuclein ==CAUSE=> {UP} Velk-II", f"{UP} α-synuclein ==CAUSE=> {UP} autophagy"}),
    ("velkase-3 downregulated TARP2.", {f"{UP} velkase-3 ==CAUSE=> {DOWN} TARP2"}),
    # a name of a word and its number is a name, not an amount, also where the number heads it
    ("Tarp was decreased by Velkin 1.", {f"{UP} Velkin 1 ==CAUSE=> {DOWN} Tarp"}),
    ("Tarpin 1 treatment resulted in reduced Pomb levels.", {f"{UP} Tarpin 1 ==CAUSE=> {DOWN} Pomb"}),
    # a verb joined to the misread one with an object of its own shares its subject: the repair may
    # stand, where no other word is read otherwise
    ("TARP2 suppresses VELK1 and improves memory.",
     {f"{UP} TARP2 ==CAUSE=> {DOWN} VELK1", f"{UP} TARP2 ==CAUSE=> {UP} memory"}),
    # a symbol before an experiment, hung on it as a number or a noun modifier, is what it acts on
    ("12-VK treatment reduced Tarp levels.", {f"{UP} 12-VK ==CAUSE=> {DOWN} Tarp"}),
    ("TARP2 inhibition reduced Pomb levels.", {f"{DOWN} TARP2 ==CAUSE=> {DOWN} Pomb"}),
    # a one-word subject the model read as an adjective before a past verb of change; not an adjective
    ("Pombamine impaired accuracy.", {f"{UP} Pombamine ==CAUSE=> {DOWN} accuracy"}),
    ("Similar reduced levels of Tarp.", set()),
    # a past verb of change read as an adjective after its subject and an adverb
    ("In cultured neurons, treatment with SIRT1 significantly suppressed BDNF levels.",
     {f"{UP} SIRT1 ==CAUSE=> {DOWN} BDNF"}),
    ("We found that AMPK impaired p62 in neurons.", {f"{UP} AMPK ==CAUSE=> {DOWN} p62"}),
    ("TREM2, which impaired APP, was studied.", {f"{UP} TREM2 ==CAUSE=> {DOWN} APP"}),
    ("PP2A dephosphorylates tau.", {f"{UP} PP2A ==CAUSE=> {DOWN} tau phosphorylation"}),
    # a plain verb after the examples of its plural subject, which the model read as a name
    ("Kinases such as GSK3 and CDK5 phosphorylate tau.",
     {f"{UP} GSK3 ==CAUSE=> {UP} tau phosphorylation", f"{UP} CDK5 ==CAUSE=> {UP} tau phosphorylation",
      f"{UP} Kinases ==CAUSE=> {UP} tau phosphorylation"}),
    ("TTBK2 phosphorylates KIF2A and antagonizes KIF2A-induced depolymerization.",
     {f"{UP} TTBK2 ==CAUSE=> {UP} KIF2A phosphorylation", f"{UP} KIF2A ==CAUSE=> {UP} depolymerization"}),
    # a verb of change the parser took for a noun before a compound participle it took for the verb
    ("Our data clearly demonstrate that statins inhibit IL-1-induced Tarp transcription via its cis-acting elements.",
     {f"{UP} statins ==CAUSE=> {DOWN} Tarp transcription", f"{UP} IL-1 ==CAUSE=> {UP} Tarp transcription"}),
    # verbs of removal and of keeping
    ("Tarp is cleared by microglia.", {f"{UP} microglia ==CAUSE=> {DOWN} Tarp"}),
    ("Autophagy removes aggregated proteins.", {f"{UP} Autophagy ==CAUSE=> {DOWN} aggregated proteins"}),
    ("Velk1 stabilizes microtubules.", {f"{UP} Velk1 ==CAUSE=> {UP} microtubules"}),
    ("Pomb delayed Tarp aggregation.", {f"{UP} Pomb ==CAUSE=> {DOWN} Tarp aggregation"}),
    # active verb, subject and object
    ("Melatonin suppresses cortical gliosis.", {f"{UP} Melatonin ==CAUSE=> {DOWN} cortical gliosis"}),
    # passive with an agent; coordinated agents each cause
    ("Ferritin is induced by hepcidin and interleukin-9.",
     {f"{UP} hepcidin ==CAUSE=> {UP} Ferritin", f"{UP} interleukin-9 ==CAUSE=> {UP} Ferritin"}),
    # coordinated objects; words of amount left out of the name
    ("Resveratrol reduced glucagon levels and hepatic lipogenesis.",
     {f"{UP} Resveratrol ==CAUSE=> {DOWN} glucagon", f"{UP} Resveratrol ==CAUSE=> {DOWN} hepatic lipogenesis"}),
    # a phrasal verb needs its particle, and reads its object's change
    ("Chronic stress leads to reduced hippocampal neurogenesis.",
     {f"{UP} Chronic stress ==CAUSE=> {DOWN} hippocampal neurogenesis"}),
    ("Chronic stress leads the field.", set()),
    # a verb whose object is the cause is turned round
    ("Axon regrowth requires kinesin.", {f"{UP} kinesin ==CAUSE=> {UP} Axon regrowth"}),
    # a relative clause's subject is the noun it describes, through an apposition
    ("Sestrin, a small protein that inhibits lipid synthesis, was measured.",
     {f"{UP} Sestrin ==CAUSE=> {DOWN} lipid synthesis"}),
    # ... also for the infinitive after a reporting passive in the clause; not a participle after "bound to"
    ("Tarp, which is inhibited by Pomb, accumulates.", {f"{UP} Pomb ==CAUSE=> {DOWN} Tarp"}),
    ("Tarp, which was not inhibited by Pomb, accumulates.", set()),
    # ... said of the event, not the noun: a verb whose number is not the noun's, an undoing of the change
    ("Zorimab caused the generation of fragments, which was blocked by Pomb.",
     {f"{UP} Zorimab ==CAUSE=> {UP} fragments generation"}),
    ("Oligomers inhibit proteasomal activity, which was blocked by antibodies.",
     {f"{UP} Oligomers ==CAUSE=> {DOWN} proteasomal"}),
    # a rescue of an abnormal thing lowers it
    ("Tau leads to abnormal trafficking that can be rescued by Pomb.",
     {f"{UP} Tau ==CAUSE=> {UP} abnormal trafficking", f"{UP} Pomb ==CAUSE=> {DOWN} abnormal trafficking"}),
    ("The expression of Tarp in muscles resulted in paralysis that could be suppressed by coexpression of Pomb.",
     {f"{UP} Tarp ==CAUSE=> {UP} paralysis", f"{UP} Pomb coexpression ==CAUSE=> {DOWN} paralysis"}),
    ("We studied the chaperone Pomb that was found to increase the activity of Tarp.",
     {f"{UP} Pomb ==CAUSE=> {UP} Tarp"}),
    ("Zorimab produces a behavior, which is bound to enhanced Tarp activity.",
     {f"{UP} Zorimab ==CAUSE=> {UP} behavior"}),
    # a signing adverb signs an unsigned verb; without one there is no claim
    ("Galanin negatively regulates food intake.", {f"{UP} Galanin ==CAUSE=> {DOWN} food intake"}),
    ("Galanin regulates food intake.", set()),
    # a relative clause on an apposition set after a clause hung on its head: which noun it renames
    # (the drug, or what the drug inhibits) is not known, so it names no cause
    ("Upregulation of autophagy can be accomplished using the drug rapamycin, which works by inhibiting Tarp "
     "(target of rapamycin), a pleiotropic molecule that negatively regulates autophagy, among other functions.",
     set()),
    ("Upregulation of growth can be accomplished using the drug zorimab, which works by inhibiting pomb, a "
     "molecule that negatively regulates growth, among other functions.",
     {f"{UP} zorimab ==CAUSE=> {DOWN} pomb", f"{UP} pomb ==CAUSE=> {DOWN} growth"}),
    # a subject the parser made the object of a past verb with its own subject stands for that subject
    ("Indeed, clioquinol countered disruption of autophagy by chloroquine in retinal cells, reduced Aβ42 "
     "accumulation in CHO cells and diminished amyloid misfolding in mice.",
     {f"{UP} clioquinol ==CAUSE=> {DOWN} Aβ42 accumulation", f"{UP} clioquinol ==CAUSE=> {DOWN} amyloid misfolding",
      f"{UP} chloroquine ==CAUSE=> {DOWN} autophagy"}),
    # a need for the subject's removal names the removal (less of the subject); a need for another
    # process is a need for the subject, as without it
    ("Aggregated Zorp requires autophagy for clearance.",
     {f"{UP} autophagy ==CAUSE=> {UP} Aggregated Zorp clearance"}),
    ("Zorp requires Kelp for activation.", {f"{UP} Kelp ==CAUSE=> {UP} Zorp"}),
    # a verb of origin names its cause after its particle; a participle said of a noun of change
    ("Inflammasome activation results from Zorp ligation.",
     {f"{UP} Zorp ligation ==CAUSE=> {UP} Inflammasome activation"}),
    ("An impairment of autophagy resulting from impaired Zorp fusion was observed.",
     {f"{DOWN} Zorp fusion ==CAUSE=> {DOWN} autophagy"}),
    ("A loss of Tarp leading to death of neurons was observed.", {f"{DOWN} Tarp ==CAUSE=> {UP} neurons death"}),
    ("Results from other studies differ.", set()),
    # an embedded verb shares its subject
    ("Ghrelin was shown to stimulate gastric motility.", {f"{UP} Ghrelin ==CAUSE=> {UP} gastric motility"}),
    # ... also where the parser hangs it on the passive verb of reporting as a clause of purpose
    ("Ghrelin has been demonstrated to stimulate gastric motility.",
     {f"{UP} Ghrelin ==CAUSE=> {UP} gastric motility"}),
    ("Zorimab has also been observed to reduce Tarp levels, and improve memory in aged mice.",
     {f"{UP} Zorimab ==CAUSE=> {DOWN} Tarp", f"{UP} Zorimab ==CAUSE=> {UP} memory"}),
    # a participle after its noun: the noun is the effect, the agent the cause
    ("Gliosis induced by kainate spreads quickly.", {f"{UP} kainate ==CAUSE=> {UP} Gliosis"}),
    # the object is the modified form, not the protein ("up-regulated X acetylation")
    ("Nocodazole up-regulated tubulin acetylation.", {f"{UP} Nocodazole ==CAUSE=> {UP} tubulin acetylation"}),
    # a modifying verb changes its object's modification, not its amount
    ("PP2A dephosphorylates the receptor.", {f"{UP} PP2A ==CAUSE=> {DOWN} receptor phosphorylation"}),
    ("Insulin is ubiquitylated through K63 linkages by the ligase.",
     {f"{UP} ligase ==CAUSE=> {UP} Insulin ubiquitination"}),
    ("Insulin can be ubiquitylated by both K48 and K63 linkages.", set()),
    # the treated hosts are not a cause, nor is a noun inside an "in" phrase
    ("Transgenic mice reduced food intake.", set()),
    ("Given that in animal models of obesity reducing leptin levels attenuates insulin resistance, there is interest.",
     set()),
    # a pronoun names nothing
    ("It strongly inhibits renin secretion.", set()),
    # a noun set beside a clause renames its event: what "an effect that ..." does is not its host's
    # (the change seen in the condition is the condition's, hosts.host_condition)
    ("In obesity, the acetylation of leptin is reduced — an effect that might contribute to the resistance of leptin.",
     {f"obesity ==CAUSE=> {DOWN} leptin acetylation"}),
    # a chain is read as its steps: the relative clause's cause is its antecedent, never the far end
    ("Excessive activation of Kv7 by soluble ROs triggers disproportionate efflux of Zn2+ into neurons, which "
     "leads to hyperpolarisation, fatigue, and loss of synapses.",
     {f"{UP} soluble ROs ==CAUSE=> {UP} Kv7", f"{UP} Kv7 ==CAUSE=> {UP} disproportionate efflux",
      f"{UP} disproportionate efflux ==CAUSE=> {UP} hyperpolarisation",
      f"{UP} disproportionate efflux ==CAUSE=> {UP} fatigue",
      f"{UP} disproportionate efflux ==CAUSE=> {DOWN} synapses"}),
    # after a lowering verb, "which" is the lowering for a verb of result or after "in turn"; for
    # another verb it may be Y or its lowering, whose signs clash: no claim
    ("Leptin inhibits AMPK, which results in reduced glucose uptake.",
     {f"{UP} Leptin ==CAUSE=> {DOWN} AMPK", f"{DOWN} AMPK ==CAUSE=> {DOWN} glucose uptake"}),
    ("Leptin inhibits AMPK, which in turn raises lipid synthesis.",
     {f"{UP} Leptin ==CAUSE=> {DOWN} AMPK", f"{DOWN} AMPK ==CAUSE=> {UP} lipid synthesis"}),
    ("Leptin inhibits AMPK, which impairs memory.", {f"{UP} Leptin ==CAUSE=> {DOWN} AMPK"}),
    # a second subject beside the pronoun is the relative clause's verb misread as a noun
    ("The reduction of Kelch levels in old brains, which mirrors enhanced Tarp1 activity, suggests a role for Tarp1.",
     set()),
    ("The model in which Kelch increased Tarp1 activity was tested.", {f"{UP} Kelch ==CAUSE=> {UP} Tarp1"}),
    # coordinated clauses with subjects of their own: a second subject the parse hung elsewhere
    # ("slices and VU0891") still stands between "and" and its verb, which is not the first one's
    ("Moreover, VU0233 potentiates neuronal currents in hippocampal brain slices and VU0891 reverses the "
     "memory deficits induced by scopolamine in a maze.",
     {f"{UP} VU0233 ==CAUSE=> {UP} neuronal currents", f"{UP} scopolamine ==CAUSE=> {UP} memory deficits",
      f"{UP} VU0891 ==CAUSE=> {DOWN} memory deficits"}),
    ("Velox raises Tarp1 and then strongly lowers Kelch.",
     {f"{UP} Velox ==CAUSE=> {UP} Tarp1", f"{UP} Velox ==CAUSE=> {DOWN} Kelch"}),
    # a named doer does what its infinitive of purpose says; a common noun's purpose is no claim,
    # nor is a passive's
    ("AMPK phosphorylates ULK1 to activate autophagy.",
     {f"{UP} AMPK ==CAUSE=> {UP} ULK1 phosphorylation", f"{UP} AMPK ==CAUSE=> {UP} autophagy"}),
    ("The Hsp70 system acts with the chaperonin TRiC to prevent aggregation of proteins.",
     {f"{UP} Hsp70 system ==CAUSE=> {DOWN} proteins aggregation"}),
    ("Neurons are heavily reliant on the removal of misfolded proteins to maintain homeostasis.", set()),
    ("Similarly, stimulation of microglia with the LXR agonist acts simultaneously to suppress inflammation.", set()),
    ("Neurons were treated with zorimab to inhibit Tarp.", set()),
    ("Although most studies are in agreement that nAChRs need to be activated to mediate their protective "
     "effects, mouse cortical neurons are protected by MLA.", set()),
    # a clause of consequence on what a change is of says what the change brings about; another
    # clause there is said of the thing
    ("Velk1 deficiency results in the dampening of the Tarp pathway, which subsequently elicits a compensatory "
     "Pomb response.", {"Velk1 deficiency ==CAUSE=> [change=decrease] Tarp pathway",
                        f"{DOWN} Tarp pathway ==CAUSE=> {UP} compensatory Pomb response"}),
    ("Zorimab causes activation of the Tarp kinases, which phosphorylate Pomb.",
     {f"{UP} Zorimab ==CAUSE=> {UP} Tarp kinases", f"{UP} Tarp kinases ==CAUSE=> {UP} Pomb phosphorylation"}),
    # a clause of consequence on what a harm is of is said of the harm
    ("Zorimab triggers dysfunction of Tarp signaling, which leads to memory loss.",
     {f"{UP} Zorimab ==CAUSE=> {UP} Tarp signaling dysfunction",
      f"{UP} Tarp signaling dysfunction ==CAUSE=> {UP} memory loss"}),
    # a participle hung on what a change is of is said of the change
    ("Impairment of 26S proteasome induced by tau can be prevented early in disease.",
     {f"{UP} tau ==CAUSE=> {DOWN} 26S proteasome"}),
    # a correlation the parser read as a clause names no doer
    ("The levels of SUMO1 correlated to decreased Mini-Mental State Examination scores.", set()),
    # the passive of a verb of making names its source after "from", its maker after "by"
    ("Nicotinic acid is synthesized from quinolinic acid in the liver.",
     {f"{UP} quinolinic acid ==CAUSE=> {UP} Nicotinic acid"}),
    ("Abeta, which is generated from APP by BACE1, aggregates in plaques.",
     {f"{UP} APP ==CAUSE=> {UP} Abeta", f"{UP} BACE1 ==CAUSE=> {UP} Abeta"}),
    ("Abeta is generated from APP by sequential cleavage.", {f"{UP} APP ==CAUSE=> {UP} Abeta"}),
    # not where a cell comes from, nor "derived from" (a strain, a species, a sequence)
    ("Tau is produced from neurons.", set()),
    ("Tarp is derived from the larkspur.", set()),
    # a clause on the kind a thing is said to be is said of the thing; not where the thing comes last
    ("Zorin is a kinase that promotes Tarp phosphorylation.", {f"{UP} Zorin ==CAUSE=> {UP} Tarp phosphorylation"}),
    ("One promising agent is the derivative zorimab, which increases the activity of Tarp.",
     {f"{UP} derivative zorimab ==CAUSE=> {UP} Tarp"}),
    # a describing word parsed as a subject names nothing
    ("Zorin binds pathological hyperphosphorylated Tarp and reduced its levels.", set()),
    # two bare processes share the "of" phrase after them
    ("Zorin promotes assembly and stabilization of Velk microtubules.",
     {f"{UP} Zorin ==CAUSE=> {UP} Velk microtubules assembly", f"{UP} Zorin ==CAUSE=> {UP} Velk microtubules stabilization"}),
])
def test_verb_claims(sentence: str, expected: set[str]) -> None:
    assert lines(sentence) == expected


@pytest.mark.parametrize("sentence, expected", [
    # "respectively" pairs the members off in order
    ("Aspirin and ibuprofen lowered fever and pain, respectively.",
     {f"{UP} Aspirin ==CAUSE=> {DOWN} fever", f"{UP} ibuprofen ==CAUSE=> {DOWN} pain"}),
    # counts that differ (a member the phrase reading missed) pair nothing
    ("Aspirin and ibuprofen lowered fever, pain and swelling, respectively.", set()),
    ("Activation of AMPK, SIRT1 and PKA are respectively responsible for glucose uptake and lipolysis.", set()),
])
def test_respectively_pairs_members_in_order(sentence: str, expected: set[str]) -> None:
    assert lines(sentence) == expected


def _parsed(words: list[str], heads: list[int], deps: list[str], pos: list[str]) -> Doc:
    tags = {"NOUN": "NN", "PROPN": "NNP", "VERB": "VBZ", "ADP": "IN", "PRON": "WDT", "PUNCT": ","}
    return Doc(parser().vocab, words=words, heads=heads, deps=deps, pos=pos, tags=[tags[p] for p in pos],
               lemmas=[w.lower() if w != "leads" else "lead" for w in words])


def test_a_relative_clause_on_the_root_of_a_verbless_parse_has_no_cause() -> None:
    """The sentence's own verb misread as a noun ("toxins triggers"): the parse hangs ", which leads
    to Y" on the root noun, which cannot be what "which" stands for."""
    words = ["Activation", "of", "Kv7", "by", "toxins", "triggers", "efflux", ",", "which", "leads", "to",
             "fatigue", "."]
    doc = _parsed(words, heads=[0, 0, 1, 2, 5, 3, 0, 0, 9, 0, 9, 10, 0],
                  deps=["ROOT", "prep", "pobj", "agent", "compound", "pobj", "appos", "punct", "nsubj", "relcl",
                        "prep", "pobj", "punct"],
                  pos=["NOUN", "ADP", "PROPN", "ADP", "NOUN", "NOUN", "NOUN", "PUNCT", "PRON", "VERB", "ADP",
                       "NOUN", "PUNCT"])
    assert not any("fatigue" in format_annotation(a) for a in read_doc(doc))
    # the same clause on a noun of a parse that has its verb is read
    words = ["Toxins", "raise", "efflux", ",", "which", "leads", "to", "fatigue", "."]
    doc = _parsed(words, heads=[1, 1, 1, 2, 5, 2, 5, 6, 1],
                  deps=["nsubj", "ROOT", "dobj", "punct", "nsubj", "relcl", "prep", "pobj", "punct"],
                  pos=["NOUN", "VERB", "NOUN", "PUNCT", "PRON", "VERB", "ADP", "NOUN", "PUNCT"])
    assert f"{UP} efflux ==CAUSE=> {UP} fatigue" in {format_annotation(a) for a in read_doc(doc)}


@pytest.mark.parametrize("sentence, expected", [
    # the small model tags these "results" as a plural noun; the sentence is parsed with "leads to"
    ("Exposure of astrocytes to zinc results in reduced glutamate uptake.",
     {f"{UP} zinc ==CAUSE=> {DOWN} glutamate uptake"}),
    ("Overexpression of galanin in mice results in increased food intake.",
     {f"{UP} galanin ==CAUSE=> {UP} food intake"}),
    # the noun stays a noun: no claim
    ("The results in astrocytes were similar to those in neurons.", set()),
    ("Similar results in mice confirmed the finding.", set()),
])
def test_results_in_read_as_a_noun_is_parsed_as_the_verb(sentence: str, expected: set[str]) -> None:
    assert {format_annotation(a) for a in read_sentence(sentence)} == expected


@pytest.mark.parametrize("sentence, expected", [
    # the small model reads the verb as an adjective of the object and leaves the sentence no verb;
    # the sentence is parsed with the verb in the present
    ("Treatment with zorimab reduced Tarp.", {f"{UP} zorimab ==CAUSE=> {DOWN} Tarp"}),
    ("Treatment of mice with lithium reduced tau phosphorylation.",
     {f"{UP} lithium ==CAUSE=> {DOWN} tau phosphorylation"}),
    # an adjective in a sentence without a verb stays an adjective: no claim
    ("Mice with elevated Tarp levels.", set()),
    ("Levels of phosphorylated tau in neurons.", set()),
])
def test_a_change_verb_read_as_an_adjective_is_parsed_as_the_verb(sentence: str, expected: set[str]) -> None:
    assert {format_annotation(a) for a in read_sentence(sentence)} == expected


@pytest.mark.parametrize("sentence, expected", [
    # the small model tags these present verbs a plural noun or an adjective; the sentence is parsed
    # with a verb of change of the same sign in their place
    ("Furthermore, extracellular oligomeric tau impairs memory and long-term potentiation (LTP) in mice",
     {f"{UP} extracellular oligomeric tau ==CAUSE=> {DOWN} memory",
      f"{UP} extracellular oligomeric tau ==CAUSE=> {DOWN} long-term potentiation"}),
    ("Heparin blocks Tau binding, and sodium chlorate inhibits HSPG sulfation.",
     {f"{UP} Heparin ==CAUSE=> {DOWN} Tau binding", f"{UP} sodium chlorate ==CAUSE=> {DOWN} HSPG sulfation"}),
    # the plain form after a plural subject, only for a verb that is never a noun
    ("IFNs upregulate AIM2 expression but they downregulate IL-1β expression.",
     {f"{UP} IFNs ==CAUSE=> {UP} AIM2", f"{UP} IFNs ==CAUSE=> {DOWN} IL-1β"}),
    # a noun stays a noun: no verb read into it
    ("Environmental stress triggers such as heat were studied.", set()),
    ("The calcium release channel was open.", set()),
])
def test_a_present_verb_read_as_a_noun_is_parsed_as_a_verb(sentence: str, expected: set[str]) -> None:
    assert {format_annotation(a) for a in read_sentence(sentence)} == expected


def test_a_rewritten_parse_keeps_the_sentence_as_written() -> None:
    sentence = "Exposure of astrocytes to zinc results in reduced glutamate uptake."
    assert {a.text for a in read_sentence(sentence)} == {sentence}


@pytest.mark.parametrize("sentence, expected", [
    # words split at a line end are read whole: the verb, the modification and the compound name
    ("Pomb in- hibits the phosphoryla- tion of Tarp.", {f"{UP} Pomb ==CAUSE=> {DOWN} Tarp phosphorylation"}),
    ("Velk1 reduced calmodulin- dependent Tarp acti- vation.",
     {f"{UP} Velk1 ==CAUSE=> {DOWN} Tarp activation", f"{UP} calmodulin ==CAUSE=> {UP} Tarp activation"}),
    # typographic hyphens are hyphens; a verb glued to its "to" is split
    ("miR\u20109 inhibits Tarp in neurons.", {f"{UP} miR-9 ==CAUSE=> {DOWN} Tarp"}),
    ("Long-term treatment with zorimab is knownto cause Tarp loss.", {f"{UP} zorimab ==CAUSE=> {UP} Tarp loss"}),
])
def test_words_split_at_a_line_end_are_read_whole(sentence: str, expected: set[str]) -> None:
    assert {format_annotation(a) for a in read_sentence(sentence)} == expected


def test_which_after_what_an_experiment_removed_is_unsure() -> None:
    # the removed thing or its removal: "elevated" gives the readings opposite signs, so no claim
    found = lines("In these mice, deleting Velk1, which elevated Tarp, also increased Pomb.")
    assert not any("Tarp" in line for line in found)

