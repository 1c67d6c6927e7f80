"""Entity spans: determiners trimmed, compounds kept, amounts and changes read off the name,
hyphenated names kept whole, short forms in parentheses kept as aliases, states without change."""

from __future__ import annotations

import pytest
from spacy.tokens import Doc

from engine.model.annotations import format_annotation
from engine.reading.parse import read_sentence, with_abbreviations
from engine.reading.parse.reader import read_doc
from engine.reading.parse.nlp import parsed
from engine.reading.parse.parsing import parser
from parse_reader_helpers import grounded_with, lines

UP, DOWN = "[change=increase]", "[change=decrease]"


def test_hyphenated_names_stay_one_token() -> None:
    assert [t.text for t in parser()("TNF-alpha-induced NF-kappaB activation")] == \
        ["TNF-alpha-induced", "NF-kappaB", "activation"]


def test_an_em_dash_splits_words() -> None:
    assert [t.text for t in parser()("Velk1—a kinase—and TNF-alpha")] == \
        ["Velk1", "—", "a", "kinase", "—", "and", "TNF-alpha"]


def test_names_tagged_as_pronouns_are_nouns() -> None:
    """The model tags "IL-6" here a pronoun; the repair makes it a name, and leaves "It" a pronoun."""
    assert parser()("Tarp reduced IL-6 and TNF levels.")[2].tag_ == "PRP"
    _, doc = next(parsed(["Tarp reduced IL-6 and TNF levels. It lowers Pomb."]))
    assert [(t.text, t.pos_) for t in doc if t.text in ("IL-6", "It")] == [("IL-6", "PROPN"), ("It", "PRON")]


@pytest.mark.parametrize("sentence, expected", [
    # a word of amount shared by coordinated names; not by describing words
    ("Zorimab reduced Tarp and p62 levels.",
     {f"{UP} Zorimab ==CAUSE=> {DOWN} Tarp", f"{UP} Zorimab ==CAUSE=> {DOWN} p62"}),
    ("Zorimab increased transcriptional and translational levels of Tarp.", {f"{UP} Zorimab ==CAUSE=> {UP} Tarp"}),
    # a member number inside a name before a process
    ("In Velk1 knockout mice, Tarp 3 activation is increased.",
     {f"Velk1 deficiency ==CAUSE=> {UP} Tarp 3 activation"}),
    # a class noun with its name apposed: the name
    ("The transcription factor TFEB raises Tarp.", {f"{UP} TFEB ==CAUSE=> {UP} Tarp"}),
    ("Pomb activates the adaptor protein ASC.", {f"{UP} Pomb ==CAUSE=> {UP} ASC"}),
    # a name the model tagged a pronoun
    ("Tarp reduced IL-6 and TNF levels.", {f"{UP} Tarp ==CAUSE=> {DOWN} IL-6", f"{UP} Tarp ==CAUSE=> {DOWN} TNF"}),
    ("The serum amyloid protein increases the expression of hepatic lipase.",
     {f"{UP} serum amyloid protein ==CAUSE=> {UP} hepatic lipase"}),
    ("High cortisol levels cause hypertension.", {f"{UP} cortisol ==CAUSE=> hypertension"}),
    ("Vitamin D prevents rickets.", {f"{UP} Vitamin D ==CAUSE=> {DOWN} rickets"}),
    # "its" stands for what the doer's process acts on (``pronouns.possessors``)
    ("The phosphorylation of tau increases its aggregation.",
     {f"{UP} tau phosphorylation ==CAUSE=> {UP} tau aggregation"}),
    # a slash joins the parts of one name
    ("Zinc activates the histidine/aspartate kinase.",
     {f"{UP} Zinc ==CAUSE=> {UP} histidine/aspartate kinase"}),
    # a mutation named after the gene it lies in, as when the gene is written before it
    ("Mutations in the Velk1 gene raise Tarp.", {f"{UP} Velk1 gene Mutations ==CAUSE=> {UP} Tarp"}),
    ("Mutations of Velk1 raise Tarp.", {f"{UP} Velk1 Mutations ==CAUSE=> {UP} Tarp"}),
    ("Mutations in patients raise Tarp.", {f"{UP} Mutations ==CAUSE=> {UP} Tarp"}),
    # a word of the mutation's kind is no name of its own: the mutations are still the gene's
    ("Pathogenic mutations in Velk1 raise Tarp.", {f"{UP} Velk1 mutations ==CAUSE=> {UP} Tarp"}),
    ("Tarp is lowered by homozygous mutations of Velk1.", {f"{UP} Velk1 mutations ==CAUSE=> {DOWN} Tarp"}),
    # a gene named by what it encodes, however the parser hangs the participle
    ("Mutations in the gene encoding Velk1 raise Tarp.", {f"{UP} Velk1 Mutations ==CAUSE=> {UP} Tarp"}),
    ("Inactivation of the gene coding for Velk1 raised Tarp.", {f"{DOWN} Velk1 ==CAUSE=> {UP} Tarp"}),
    ("Tarp is caused by a mutation in the gene coding for Velk1.", {f"{UP} Velk1 mutation ==CAUSE=> {UP} Tarp"}),
    # a change whose thing is named before it: "in" says where, not what changes
    ("Zorimab caused Tarp loss in the hippocampus.", {f"{UP} Zorimab ==CAUSE=> {UP} Tarp loss"}),
    ("Cysteine supplementation in the diet raised Velk1.", {f"{UP} Cysteine ==CAUSE=> {UP} Velk1"}),
    ("Zorimab worsened cognitive deficits in rodents.", {f"{UP} Zorimab ==CAUSE=> {UP} cognitive deficits"}),
    ("Zorimab caused a marked increase in Tarp.", {f"{UP} Zorimab ==CAUSE=> {UP} Tarp"}),
    # a substance class before one name; a count before a name
    ("The neurotransmitter acetylcholine increased Tarp.", {f"{UP} acetylcholine ==CAUSE=> {UP} Tarp"}),
    ("The antipsychotic drug azaperone reduced Tarp.", {f"{UP} azaperone ==CAUSE=> {DOWN} Tarp"}),
    ("Neurotransmitter release was increased by Pomb.",
     {f"{UP} Pomb ==CAUSE=> {UP} Neurotransmitter release"}),
    ("Two small molecules activate Tarp.", {f"{UP} small molecules ==CAUSE=> {UP} Tarp"}),
    # a process named after its owner
    ("Velk1 increases Tarp's aggregation.", {f"{UP} Velk1 ==CAUSE=> {UP} Tarp aggregation"}),
    ("Velk1 increases its aggregation.", set()),
    # an excess of X is more X
    ("Zorimab caused an excess of Tarp.", {f"{UP} Zorimab ==CAUSE=> {UP} Tarp"}),
    # "the use of X" applies X
    ("The use of Velk1 antagonists ameliorates Tarp loss.", {f"{UP} Velk1 antagonists ==CAUSE=> {DOWN} Tarp loss"}),
])
def test_entity_spans(sentence: str, expected: set[str]) -> None:
    assert lines(sentence) == expected


@pytest.fixture
def known_names() -> None:
    with grounded_with([
        ("Zorin's disease", "DOID", "DOID:4", "disease"),
        ("serotonin release", "GO", "GO:0001", "serotonin secretion"),
        ("ER stress-induced apoptosis", "GO", "GO:0002", "apoptosis in response to ER stress"),
        ("multiple sclerosis", "MESH", "D009103", "Multiple Sclerosis"),
        ("Tarp deficiency", "MESH", "D900002", "Tarp Deficiency"),
        ("quality of life", "MESH", "D011788", "Quality of Life"),
    ]):
        yield


@pytest.mark.parametrize("sentence, expected", [
    # a name a curated resource knows whole keeps the words the parser hung elsewhere
    ("Tarp causes Zorin's disease.", {f"{UP} Tarp ==CAUSE=> Zorin's disease"}),
    # (the progression of a disease is a harm, which worsening raises)
    ("Tarp worsened Zorin's disease progression.", {f"{UP} Tarp ==CAUSE=> {UP} Zorin's disease progression"}),
    ("Tarp is elevated in Zorin's disease.", {f"Zorin's disease ==CAUSE=> {UP} Tarp"}),
    # a deficiency a curated resource names is the state itself, not a fall of what it lacks
    ("Velk1 caused Tarp deficiency.", {f"{UP} Velk1 ==CAUSE=> Tarp deficiency"}),
    ("Velk1 reduced Tarp deficiency.", {f"{UP} Velk1 ==CAUSE=> {DOWN} Tarp deficiency"}),
    # a disease whose name opens with a word of evaluation keeps it
    ("Velk1 worsened multiple sclerosis.", {f"{UP} Velk1 ==CAUSE=> multiple sclerosis"}),
    ("Inhibition of Velk1 confers resistance to ER stress-induced apoptosis.",
     {f"{UP} ER stress ==CAUSE=> {UP} ER stress-induced apoptosis"}),
    # a curated name goes on past its head through the words the head governs
    ("Zorimab improved quality of life.", {f"{UP} Zorimab ==CAUSE=> {UP} quality of life"}),
    ("Treatment with zorimab led to an improvement in quality of life.",
     {f"{UP} zorimab ==CAUSE=> {UP} quality of life"}),
    # the last member of a list is named with the head it shares with the others
    ("Leptin reduced dopamine and serotonin release in the striatum.",
     {f"{UP} Leptin ==CAUSE=> {DOWN} dopamine release", f"{UP} Leptin ==CAUSE=> {DOWN} serotonin release"}),
])
def test_names_bounded_by_curated_names(known_names: None, sentence: str, expected: set[str]) -> None:
    assert lines(sentence) == expected


def test_without_a_curated_name_a_possessive_names_no_condition(known_names: None) -> None:
    assert lines("Tarp causes Kestin's disease.") == {f"{UP} Tarp ==CAUSE=> disease"}


def test_short_form_in_parentheses_is_an_alias() -> None:
    found = read_sentence("Brain natriuretic peptide (BNP) reduced blood pressure.")
    assert [(a.subject, a.subject_aliases) for a in found] == [("Brain natriuretic peptide", ["BNP"])]


def test_document_abbreviations_become_aliases() -> None:
    found = read_sentence("BNP reduced blood pressure.", {"BNP": "brain natriuretic peptide"})
    assert [(a.subject, a.subject_aliases) for a in found] == [("BNP", ["brain natriuretic peptide"])]
    assert with_abbreviations(found, None) == found


@pytest.mark.parametrize("sentence, expected", [
    # a member denied in its phrase names no side; "neither ... nor" names none
    ("In these cells, neither leptin nor resistin increased glucose uptake.", set()),
    ("Leptin reduced neither glucagon nor cortisol.", set()),
    ("The structural change, but not the oligomerization itself, impairs insulin clearance.", set()),
    # a decrease adjective before a list describes every member without a change word of its own
    ("Metformin treatment resulted in decreased glucagon secretion, hepatic gluconeogenesis, and lipid synthesis.",
     {f"{UP} Metformin ==CAUSE=> {DOWN} glucagon secretion", f"{UP} Metformin ==CAUSE=> {DOWN} hepatic gluconeogenesis",
      f"{UP} Metformin ==CAUSE=> {DOWN} lipid synthesis"}),
    # "treatment of <hosts> with X": X is given, the hosts are where
    ("Chronic treatment of obese rats with exendin-4 lowered blood pressure.",
     {f"{UP} exendin-4 ==CAUSE=> {DOWN} blood pressure"}),
    # ... also when the parser hangs "with" on the hosts; a drug named by its role is a member too
    ("Treatment of cultured cells with rapamycin, torin or AMPK activators induces autophagy in a TFEB-dependent manner.",
     {f"{UP} rapamycin ==CAUSE=> {UP} autophagy", f"{UP} torin ==CAUSE=> {UP} autophagy",
      f"{UP} AMPK activators ==CAUSE=> {UP} autophagy"}),
    ("In these experiments, treatment of cultured neurons with lithium or GSK3 inhibitors lowered tau phosphorylation.",
     {f"{UP} lithium ==CAUSE=> {DOWN} tau phosphorylation", f"{UP} GSK3 inhibitors ==CAUSE=> {DOWN} tau phosphorylation"}),
    ("In these experiments, treatment of cultured neurons with rapamycin did not reduce the levels of phosphorylated tau.",
     set()),
])
def test_denied_distributed_and_given(sentence: str, expected: set[str]) -> None:
    assert lines(sentence) == expected


@pytest.mark.parametrize("sentence, expected", [
    # typeset words are read as the words they are (a ligature hid the harm "deficits")
    ("Statins improve cognitive \ufb01xation de\ufb01cits in aged rats.",
     {f"{UP} Statins ==CAUSE=> {DOWN} cognitive fixation deficits"}),
    # a bracketed reference names authors, not entities
    ("Since orexin has been shown to induce arousal (Harada et al, 2001), sleep falls.",
     {f"{UP} orexin ==CAUSE=> {UP} arousal"}),
    ("Glucagon increases ketone bodies (Smith and Jones, 2009).", {f"{UP} Glucagon ==CAUSE=> {UP} ketone bodies"}),
    # what follows a dash restates the phrase before it; it adds no effects of its own
    ("Directly stimulating the vagus nerve leads to enhanced gastric emptying – either solid meals or liquid meals.",
     {f"{UP} vagus nerve ==CAUSE=> {UP} gastric emptying"}),
    # a gerund of a perturbation read as an adjective is a change word, not part of the name
    ("Directly activating autophagy leads to enhanced clearance of tau.",
     {f"{UP} autophagy ==CAUSE=> {UP} tau clearance"}),
    # ... and one the parse hung above the clause still acts on the subject after it
    ("Chronically inhibiting the pump leads to raised sodium.", {f"{DOWN} pump ==CAUSE=> {UP} sodium"}),
    # a verb read as an adjective ends the list of members: the rest are clauses, each verb with the
    # clause's subject and its own sign (``misread_clauses``)
    ("Sirtuins reduced lipolysis and facilitated oxidation of fatty acids.",
     {f"{UP} Sirtuins ==CAUSE=> {DOWN} lipolysis", f"{UP} Sirtuins ==CAUSE=> {UP} fatty acids oxidation"}),
    ("We found that both drugs and ACY-9 lowered cortisol, altered insulin, and reduced glucagon secretion.",
     {f"{UP} drugs ==CAUSE=> {DOWN} cortisol", f"{UP} ACY-9 ==CAUSE=> {DOWN} cortisol",
      f"{UP} drugs ==CAUSE=> {DOWN} glucagon secretion", f"{UP} ACY-9 ==CAUSE=> {DOWN} glucagon secretion"}),
    # ... but a form ("phosphorylated"), parallel change words and changes in a subject are members
    ("Improper folding and impaired clearance of insulin would compromise glucose uptake.",
     {f"{UP} Improper folding ==CAUSE=> {DOWN} glucose uptake", f"{DOWN} insulin clearance ==CAUSE=> {DOWN} glucose uptake"}),
    ("Stress raised cortisol and phosphorylated CREB.",
     {f"{UP} Stress ==CAUSE=> {UP} cortisol", f"{UP} Stress ==CAUSE=> {UP} CREB phosphorylation"}),
    # coordinated compounds share the head after them
    ("Leptin reduced dopamine and serotonin release in the striatum.",
     {f"{UP} Leptin ==CAUSE=> {DOWN} dopamine release", f"{UP} Leptin ==CAUSE=> {DOWN} serotonin release"}),
    # ... not a verb parsed into the phrase
    ("Acting as an agonist, galantamine improves synaptic transmission and decreases neurodegeneration.",
     {f"{UP} galantamine ==CAUSE=> {UP} synaptic transmission", f"{UP} galantamine ==CAUSE=> {DOWN} neurodegeneration"}),
    # a bracketed aside closed before the next member leaves it a member
    ("Leptin decreased lysosomal proteolysis (in cells) as well as autophagic proteolysis.",
     {f"{UP} Leptin ==CAUSE=> {DOWN} lysosomal proteolysis", f"{UP} Leptin ==CAUSE=> {DOWN} autophagic proteolysis"}),
    # ... but not a harm, which may be the last member's alone
    ("Treatment with the drug rescued anxiety and memory deficits in old mice.",
     {f"{UP} drug ==CAUSE=> {DOWN} memory deficits"}),
    # a gerund of removal the parser hung on the name before it acts on that name
    ("Tarp silencing increased the levels of Pomb and Kest1.",
     {f"{DOWN} Tarp ==CAUSE=> {UP} Pomb", f"{DOWN} Tarp ==CAUSE=> {UP} Kest1"}),
    # "in" after a process that makes its thing says where; a name the tagger read as a number is no amount
    ("Zorimab reduced Tarp production in astrocytes.", {f"{UP} Zorimab ==CAUSE=> {DOWN} Tarp production"}),
    ("Zorimab reduced IL-6 secretion in microglia.", {f"{UP} Zorimab ==CAUSE=> {DOWN} IL-6 secretion"}),
    # ... nor one it read as punctuation ("nAChRs" tagged a symbol and hung on the verb)
    ("Tarp release is mediated by the activation of alpha7 nAChRs (Dineley et al., 2001; Parri et al., 2011).",
     {f"{UP} alpha7 nAChRs ==CAUSE=> {UP} Tarp release"}),
    # a first member that is a change of its own shares no head, also as a later member of a list
    ("Zorimab rescued cholinergic dysfunction, neuronal loss and memory deficits.",
     {f"{UP} Zorimab ==CAUSE=> {DOWN} cholinergic dysfunction", f"{UP} Zorimab ==CAUSE=> {DOWN} neuronal loss",
      f"{UP} Zorimab ==CAUSE=> {DOWN} memory deficits"}),
    # "the regulation of X" leaves open which way X moves
    ("Sestrin promotes the regulation of mTOR.", set()),
    # a blend is named by what it holds, not as "mixture"
    ("Fever was prevented by a mixture of antioxidant drugs.", set()),
    ("These findings suggest that AMPK-mediated regulation of mTOR needs sestrin.", set()),
    # describing words of a drug class are no part of the name ("selective Zap70" is no entity)
    ("Treatment of mice with a selective Zap70 inhibitor decreased neuronal death.",
     {f"{UP} Zap70 inhibitor ==CAUSE=> {DOWN} neuronal death"}),
    ("Potent Zap70 agonists raised neuronal death.", {f"{UP} Zap70 agonists ==CAUSE=> {UP} neuronal death"}),
    # a compound participle set off by a spaced dash is the compound: the mediator acts on Z, not on Y
    ("Kelch mediates the Velox \u2013 induced increase in expression of Tarp1 in cells.",
     {f"{UP} Kelch ==CAUSE=> {UP} Tarp1", f"{UP} Velox ==CAUSE=> {UP} Tarp1"}),
    # a verb the tagger read as one, hung inside a subject's phrase, makes it a clause, not a name
    ("Some studies have shown that Abeta 40 protects neurons against Abeta 42- induced neuronal damage and "
     "is required for the viability of central neurons.",
     {f"{UP} Abeta 42 ==CAUSE=> {UP} neuronal damage", f"{UP} Abeta 40 ==CAUSE=> {DOWN} neuronal damage"}),
    # a short form in brackets inside a name is left out of it, not where the name is cut
    ("Aging may activate beta-amyloid (Ab) generation in the brain.",
     {"Aging ==CAUSE=> [change=increase] beta-amyloid generation"}),
    # where an amount is measured is no part of the name, nor is its presence
    ("Zorimab increased Tarp surface expression.", {f"{UP} Zorimab ==CAUSE=> {UP} Tarp"}),
    ("The presence of Zorin increased Tarp levels.", {f"{UP} Zorin ==CAUSE=> {UP} Tarp"}),
    ("Zorin presence raised Tarp.", {f"{UP} Zorin ==CAUSE=> {UP} Tarp"}),
    # what a modification does is no part of its name, nor a change of it; it stays a node of its own
    ("Zorimab increased the inhibitory phosphorylation of Tarp at Ser9.",
     {f"{UP} Zorimab ==CAUSE=> {UP} Tarp phosphorylation"}),
    ("Zorimab increased the inactivating phosphorylation of Tarp.", {f"{UP} Zorimab ==CAUSE=> {UP} Tarp phosphorylation"}),
    # a demonstrative and nothing else to name the thing points back; it names nothing here
    ("This pathway is inhibited by Velk1.", set()),
    # a bracketed pointer to a figure is no entity, and its full stop ends no sentence
    ("Downregulation of STAT3 (Fig. 3C) dramatically diminished YKL-40 mRNA expression (Fig. 3A).",
     {f"{DOWN} STAT3 ==CAUSE=> {DOWN} YKL-40"}),
    # a name tagged a number in a noun's place is a name; a quantifier and a class name nothing
    ("A few molecules, such as amyloid-β, can induce NLRP3 priming.", {f"{UP} amyloid-β ==CAUSE=> {UP} NLRP3 priming"}),
    # "that" opening a clause, hung on its subject by the model, points at nothing
    ("Recently we identify that palmitate activates the NLRC4 inflammasome in primary astrocytes.",
     {f"{UP} palmitate ==CAUSE=> {UP} NLRC4 inflammasome"}),
    # a unit is no agent
    ("Cells treated with 1 microM ADDLs for 6 h showed a significant increase in P-tau immunofluorescence.", set()),
    # "that" after a verb of saying opens a clause, even where the model hangs it on the subject
    ("Accumulating evidence indicates that autophagy may confer neuroprotection.",
     {f"{UP} autophagy ==CAUSE=> {UP} neuroprotection"}),
    # a process that is always of something names nothing alone; a shutdown lowers what it shuts
    ("Impaired VCP led to a reduction in the size and formation of SGs.", set()),
    ("Activation of the UPR causes a shutdown of global protein synthesis.",
     {f"{UP} UPR ==CAUSE=> {DOWN} global protein synthesis"}),
    # a stage word before a process is no part of it; before a thing it is ("late endosomes")
    ("Velk1 induced early autophagy.", {f"{UP} Velk1 ==CAUSE=> {UP} autophagy"}),
    ("Lithium increased the number of late endosomes.", {f"{UP} Lithium ==CAUSE=> {UP} late endosomes"}),
    # a change named as a phenomenon of its own; a duration is no cause
    ("Moreover, in brain slices, AβOs rapidly inhibited long-term potentiation (LTP) of synapses.",
     {f"{UP} AβOs ==CAUSE=> {DOWN} long-term potentiation"}),
    ("Filament formation requires 5–6 h to attain steady state.", set()),
    # a group of things is named by what it groups
    ("Okadaic acid can inhibit the phosphatase activity of the entire family of PP2A enzymes.",
     {f"{UP} Okadaic acid ==CAUSE=> {DOWN} PP2A enzymes"}),
    # a pointer and plain adjectives name nothing; a name the tagger took for an adjective does
    ("In contrast, GA significantly increased tau and its phosphorylated form in the medium.",
     {f"{UP} GA ==CAUSE=> {UP} tau"}),
    ("These tau oligomers potentiate neuronal damage.", {f"{UP} tau oligomers ==CAUSE=> {UP} neuronal damage"}),
    # a process gerund or noun of movement is named after what it acts on
    ("Addition of an equimolar concentration of Tau caused bundling of F-actin.",
     {f"{UP} Tau ==CAUSE=> {UP} F-actin bundling"}),
    ("Memantine has the ability to block the passage of calcium through the channel.",
     {f"{UP} Memantine ==CAUSE=> {DOWN} calcium passage"}),
    # an abrogation lowers what it abrogates; a number alone names nothing
    ("Abrogation of Tarp reduced Pomb.", {f"{DOWN} Tarp ==CAUSE=> {DOWN} Pomb"}),
    ("The three major ER stress sensors are IRE1 (inositol requiring 1; ERN1, signalling 1), PERK and ATF6.", set()),
    # a word of where stays with the process it is of; a gerund of using names what it uses
    ("mTORC1 also restrains autophagy by preventing nuclear translocation of TFEB.",
     {f"{UP} mTORC1 ==CAUSE=> {DOWN} TFEB nuclear translocation"}),
    ("Using the autophagy inhibitor 3-methyladenine (3-MA) led to an increase in soluble tau.",
     {f"{UP} 3-methyladenine ==CAUSE=> {DOWN} autophagy", f"{UP} 3-methyladenine ==CAUSE=> {UP} soluble tau"}),
    # a gerund of an act names the act with what it is done to, never the bare gerund; one of
    # raising or overexpressing names its entity moved; a verb of change names nothing
    ("It is concluded that preloading Tarp fluid before surgery could prevent the decrease of Pomb.",
     {f"{UP} preloading Tarp fluid ==CAUSE=> {UP} Pomb"}),
    ("Raising the levels of Tarp2 with Velk1 may enhance Pomb degradation.",
     {f"{UP} Tarp2 ==CAUSE=> {UP} Pomb degradation", f"{UP} Velk1 ==CAUSE=> {UP} Tarp2"}),
    ("Overexpressing Tarp had a similar effect in mice, decreasing Pomb levels.",
     {f"{UP} Tarp ==CAUSE=> {DOWN} Pomb"}),
    ("Velk1 has a role in preventing Pomb aggregation.", set()),
    # "following" read as an adjective of an object is the preposition of time
    ("Nuclear localization of NF-κB is increasing following exposure to IL-1β.",
     {f"{UP} IL-1β ==CAUSE=> {UP} NF-κB Nuclear localization"}),
])
def test_misread_phrases_name_nothing(sentence: str, expected: set[str]) -> None:
    assert lines(sentence) == expected


@pytest.mark.parametrize("sentence, expected", [
    # a gerund naming a process after what undergoes it is the phrase's head, though read as a verb
    ("Insulin enhances Akt signaling in neurons.", {f"{UP} Insulin ==CAUSE=> {UP} Akt signaling"}),
    ("Tarp folding is aided by the chaperone Velk1.", {f"{UP} Velk1 ==CAUSE=> {UP} Tarp folding"}),
    ("Pomb impairs Tarp trafficking in neurons.", {f"{UP} Pomb ==CAUSE=> {DOWN} Tarp trafficking"}),
    # a change or an experiment named with nothing it is of names no side
    ("Upregulation can increase nicotine binding in neurons.", set()),
    ("Pomb raised Tarp levels, whereas knockdown lowered them.", {f"{UP} Pomb ==CAUSE=> {UP} Tarp"}),
    ("Application via microdialysis of KYNA to the striatum reduces dopamine.", set()),
    ("Optineurin binds LC3, and this association facilitates mitophagy.", set()),
    # a gerund of promoting names what it promotes
    ("Inducing autophagy with lithium reduces Tarp levels.",
     {f"{UP} autophagy ==CAUSE=> {DOWN} Tarp", f"{UP} lithium ==CAUSE=> {UP} autophagy"}),
    # ... nor a gerund of an experiment whose object the parse lost
    ("Eliminating Velk1 reduced Tarp levels in neurons.", set()),
    # form words joined before a name stay in it; other joined modifiers are left out with the first
    ("The level of nitrated and hyperphosphorylated tau was reduced by lithium.",
     {f"{UP} lithium ==CAUSE=> {DOWN} nitrated and hyperphosphorylated tau"}),
    ("Chronic and acute nicotine raised Tarp levels.", {f"{UP} nicotine ==CAUSE=> {UP} Tarp"}),
    # a rate of a process is the process's ("degradation rates of X"), an expression level X's own
    ("Pomb accelerated degradation rates of Tarp.", {f"{UP} Pomb ==CAUSE=> {UP} Tarp degradation"}),
    ("Pomb raised the expression levels of Tarp.", {f"{UP} Pomb ==CAUSE=> {UP} Tarp"}),
    # a dose names what is given, without its amount; an author names nothing
    ("Repeated doses of zorimab enhanced long-term learning.", {f"{UP} zorimab ==CAUSE=> {UP} long-term learning"}),
    ("Treatment with 10 mg/kg rapamycin reduced tau levels.", {f"{UP} rapamycin ==CAUSE=> {DOWN} tau"}),
    ("Longitudinal studies including that by Ide et al. all agree that Pomb raises Tarp.",
     {f"{UP} Pomb ==CAUSE=> {UP} Tarp"}),
    # a gerund of giving names what it gives, not the host; a reference number opens no name
    ("Treating cells with PGJ2 increased caspase activity.", {f"{UP} PGJ2 ==CAUSE=> {UP} caspase"}),
    ("Estradiol enhances Bcl-2. 90, 100 Estradiol also activates antioxidant systems.",
     {f"{UP} Estradiol ==CAUSE=> {UP} Bcl-2", f"{UP} Estradiol ==CAUSE=> {UP} antioxidant systems"}),
    # a determiner left as the head names nothing; a letter ending a name is the name's
    ("Many of these kinases are known to phosphorylate tau at sites associated with AD.", set()),
    ("Phosphorylation of Tarp by protein kinase A was reduced by Pomb.",
     {f"{UP} protein kinase A ==CAUSE=> {UP} Tarp Phosphorylation", f"{UP} Pomb ==CAUSE=> {DOWN} Tarp Phosphorylation"}),
    # a multiple says how much, never who
    ("Tarp levels were raised by 3-fold in mice by Pomb.", {f"{UP} Pomb ==CAUSE=> {UP} Tarp"}),
    ("Tarp levels were raised by 3-fold in mice.", set()),
])
def test_process_gerunds_bare_changes_and_multiples(sentence: str, expected: set[str]) -> None:
    assert lines(sentence) == expected


def test_a_name_hung_on_an_experiment_after_its_numbered_object_is_the_objects_conjunct() -> None:
    """"Knockdown of Velk 1 or Velk 2 reduces Tarp" with the second name hung on "Knockdown" (as the
    model hung "calpain 2" in a library sentence): it is the object's conjunct, knocked down too, even
    though the object's number stands between them."""
    words = ["Knockdown", "of", "Velk", "1", "or", "Velk", "2", "reduces", "Tarp", "."]
    pos = ["NOUN", "ADP", "PROPN", "NUM", "CCONJ", "PROPN", "NUM", "VERB", "PROPN", "PUNCT"]
    tags = {"NOUN": "NN", "ADP": "IN", "PROPN": "NNP", "NUM": "CD", "CCONJ": "CC", "VERB": "VBZ", "PUNCT": "."}
    doc = Doc(parser().vocab, words=words, heads=[7, 0, 1, 2, 0, 0, 5, 7, 7, 7],
              deps=["nsubj", "prep", "pobj", "nummod", "cc", "conj", "nummod", "ROOT", "dobj", "punct"],
              pos=pos, tags=[tags[p] for p in pos], lemmas=[w.lower() if w != "reduces" else "reduce" for w in words])
    assert {format_annotation(a) for a in read_doc(doc)} == {
        f"{DOWN} Velk 1 ==CAUSE=> {DOWN} Tarp", f"{DOWN} Velk 2 ==CAUSE=> {DOWN} Tarp"}


@pytest.mark.parametrize("sentence, expected", [
    ("Variants of Velk1 increase the risk of developing gout.", {f"{UP} Velk1 ==CAUSE=> {UP} gout"}),
    ("Velk1 increases the risk of having a stroke.", {f"{UP} Velk1 ==CAUSE=> stroke"}),
    ("Patients with periodontal disease are at higher risk of suffering from rheumatoid arthritis.",
     {"periodontal disease ==CAUSE=> rheumatoid arthritis"}),
    ("Having a usual physician reduces unmet medical needs.",
     {f"{UP} usual physician ==CAUSE=> {DOWN} unmet medical needs"}),
])
def test_a_gerund_of_onset_names_the_condition_come_to(sentence: str, expected: set[str]) -> None:
    """"the risk of developing AD" is the risk of AD: no node "developing AD", "risk" or "suffering"."""
    assert lines(sentence) == expected
