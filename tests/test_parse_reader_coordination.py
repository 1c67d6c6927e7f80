"""Coordination: verbs the tagger read as adjectives that open the next clause of a list ("X lowers
A, increasing B, C and D"; "X reduced A and improved B"), a subject misread with its verb as one
phrase ("X elevated levels of A and lowered B"), and the named members of a class ("proteins such as
A and B", "kinases, including A and B"): exact claim sets on invented sentences."""

from __future__ import annotations

import pytest
from parse_reader_helpers import lines

UP, DOWN = "[change=increase]", "[change=decrease]"


@pytest.mark.parametrize("sentence, expected", [
    # coordinated gerunds of means: each gerund's sign reaches every object of its own
    ("Spermidine clears Abeta from microglia by enhancing mitophagy, upregulating PINK1, parkin and TFEB, "
     "inhibiting mTORC1 and activating AMPK in vivo.",
     {f"{UP} Spermidine ==CAUSE=> {DOWN} Abeta",
      f"{UP} Spermidine ==CAUSE=> {UP} mitophagy", f"{UP} Spermidine ==CAUSE=> {UP} PINK1",
      f"{UP} Spermidine ==CAUSE=> {UP} parkin", f"{UP} Spermidine ==CAUSE=> {UP} TFEB",
      f"{UP} Spermidine ==CAUSE=> {DOWN} mTORC1", f"{UP} Spermidine ==CAUSE=> {UP} AMPK"}),
    ("Spermidine clears Abeta from microglia by enhancing mitophagy, downregulating PINK1, parkin and TFEB, "
     "inhibiting mTORC1 and activating AMPK in vivo.",
     {f"{UP} Spermidine ==CAUSE=> {DOWN} Abeta",
      f"{UP} Spermidine ==CAUSE=> {UP} mitophagy", f"{UP} Spermidine ==CAUSE=> {DOWN} PINK1",
      f"{UP} Spermidine ==CAUSE=> {DOWN} parkin", f"{UP} Spermidine ==CAUSE=> {DOWN} TFEB",
      f"{UP} Spermidine ==CAUSE=> {DOWN} mTORC1", f"{UP} Spermidine ==CAUSE=> {UP} AMPK"}),
    ("Cilostazol clears Abeta from astrocytes by promoting autophagy, upregulating beclin 1, ATG5 and LC3, "
     "downregulating mTORC1 and inducing cathepsin D in lysosomes.",
     {f"{UP} Cilostazol ==CAUSE=> {DOWN} Abeta", f"{UP} Cilostazol ==CAUSE=> {UP} autophagy",
      f"{UP} Cilostazol ==CAUSE=> {UP} beclin 1", f"{UP} Cilostazol ==CAUSE=> {UP} ATG5",
      f"{UP} Cilostazol ==CAUSE=> {UP} LC3", f"{UP} Cilostazol ==CAUSE=> {DOWN} mTORC1",
      f"{UP} Cilostazol ==CAUSE=> {UP} cathepsin D"}),
    # a participle clause of consequence whose gerund was read as an adjective of its first object
    ("Exercise lowers amyloid, increasing neprilysin, IDE and MMP9 and suppressing BACE1.",
     {f"{UP} Exercise ==CAUSE=> {DOWN} amyloid", f"{UP} Exercise ==CAUSE=> {UP} neprilysin",
      f"{UP} Exercise ==CAUSE=> {UP} IDE", f"{UP} Exercise ==CAUSE=> {UP} MMP9",
      f"{UP} Exercise ==CAUSE=> {DOWN} BACE1"}),
    # a second verb read as an adjective of a second object, or of a member after another verb
    ("Luteolin reduced levels of SIRT3 and improved memory.",
     {f"{UP} Luteolin ==CAUSE=> {DOWN} SIRT3", f"{UP} Luteolin ==CAUSE=> {UP} memory"}),
    ("Luteolin lowered tau, altered IL-6 and reduced TNF secretion.",
     {f"{UP} Luteolin ==CAUSE=> {DOWN} tau", f"{UP} Luteolin ==CAUSE=> {DOWN} TNF secretion"}),
    # parallel changes in one object list stay members
    ("Ketamine caused reduced BDNF and increased cortisol.",
     {f"{UP} Ketamine ==CAUSE=> {DOWN} BDNF", f"{UP} Ketamine ==CAUSE=> {UP} cortisol"}),
    # a passive clause names no doer of its gerunds
    ("Abeta is removed by promoting autophagy, upregulating beclin 1, ATG5 and LC3.", set()),
    # a denied clause states none of its gerunds
    ("Vitamin E did not lower amyloid, increasing neprilysin and IDE.", set()),
    # after a verb that changes nothing, a past form opening a member is an adjective of a list
    ("Patients with the mutation exhibited increased anxiety, increased production of cortisol and insomnia.", set()),
    ("Withdrawal symptoms include irritability, insomnia, and increased appetite.", set()),
    # after a verb in its base form, a base form opening the next member is the next verb
    ("Zorimab can upregulate endocytosis and enlarge endosomes.",
     {f"{UP} Zorimab ==CAUSE=> {UP} endocytosis", f"{UP} Zorimab ==CAUSE=> {UP} endosomes"}),
])
def test_coordinated_verbs_read_as_adjectives(sentence, expected):
    assert lines(sentence) == expected


@pytest.mark.parametrize("sentence, expected", [
    # the subject and its verb read as one phrase: the noun before the participle is the doer of
    # both verbs, never the participle's object
    ("Luteolin elevated levels of SIRT3 and lowered oxidative stress.",
     {f"{UP} Luteolin ==CAUSE=> {UP} SIRT3", f"{UP} Luteolin ==CAUSE=> {DOWN} oxidative stress"}),
    ("Honokiol elevated levels of SIRT3, SOD2 and catalase, induced mitophagy and lowered oxidative stress.",
     {f"{UP} Honokiol ==CAUSE=> {UP} SIRT3", f"{UP} Honokiol ==CAUSE=> {UP} SOD2",
      f"{UP} Honokiol ==CAUSE=> {UP} catalase", f"{UP} Honokiol ==CAUSE=> {UP} mitophagy",
      f"{UP} Honokiol ==CAUSE=> {DOWN} oxidative stress"}),
    ("Fisetin increased levels of neprilysin and reduced amyloid plaques.",
     {f"{UP} Fisetin ==CAUSE=> {UP} neprilysin", f"{UP} Fisetin ==CAUSE=> {DOWN} amyloid plaques"}),
    # no name before the participle, or a participle with an object of its own: no misread subject
    ("Consistent with this model, limited proteolysis of the purified protein yielded two fragments.", set()),
    ("Rapamycin improved memory in APP mice such that memory was no longer different from controls.",
     {f"{UP} Rapamycin ==CAUSE=> {UP} memory"}),
    # a doer that is no name is no claim, and neither is the object's
    ("The treatment reduced levels of IL-6 and improved memory.", set()),
    # an ordinary changed subject keeps its reading
    ("The elevated levels of cortisol reduced BDNF and impaired memory.",
     {f"{UP} cortisol ==CAUSE=> {DOWN} BDNF", f"{UP} cortisol ==CAUSE=> {DOWN} memory"}),
])
def test_subject_misread_with_its_verb(sentence, expected):
    assert lines(sentence) == expected


@pytest.mark.parametrize("sentence, expected", [
    # an amount or change head governs every member of its object
    ("Urolithin raised the levels of PINK1, parkin and TFEB in mice.",
     {f"{UP} Urolithin ==CAUSE=> {UP} PINK1", f"{UP} Urolithin ==CAUSE=> {UP} parkin",
      f"{UP} Urolithin ==CAUSE=> {UP} TFEB"}),
    ("Urolithin caused a decrease in PINK1 and parkin.",
     {f"{UP} Urolithin ==CAUSE=> {DOWN} PINK1", f"{UP} Urolithin ==CAUSE=> {DOWN} parkin"}),
    # ... but not a phrase beside it with a change of its own
    ("Silencing of LCMT1 leads to a decrease of PP2A methylation and concomitant loss of PP2A dimers.",
     {f"{DOWN} LCMT1 ==CAUSE=> {DOWN} PP2A methylation", f"{DOWN} LCMT1 ==CAUSE=> {DOWN} PP2A dimers"}),
    ("Exercise resulted in lower levels of soluble tau and improvements in spatial memory.",
     {f"{UP} Exercise ==CAUSE=> {DOWN} soluble tau"}),
    ("Rapamycin prevented the loss of PINK1 and parkin in neurons.",
     {f"{UP} Rapamycin ==CAUSE=> {UP} PINK1", f"{UP} Rapamycin ==CAUSE=> {UP} parkin"}),
    # a word of amount shared by the members is the amount of each ("contents" is no name of its own)
    ("Zorimab induced deficits in dopamine and adrenaline contents.",
     {f"{UP} Zorimab ==CAUSE=> {DOWN} dopamine", f"{UP} Zorimab ==CAUSE=> {DOWN} adrenaline"}),
])
def test_members_of_a_governed_object(sentence, expected):
    assert lines(sentence) == expected


@pytest.mark.parametrize("sentence, expected", [
    # bare processes coordinated before one "of" phrase share it
    ("Oxidative stress activates transcription and translation of p62 in neurons.",
     {f"{UP} Oxidative stress ==CAUSE=> {UP} p62 transcription", f"{UP} Oxidative stress ==CAUSE=> {UP} p62 translation"}),
    ("LPS increased the expression and release of IL-1beta and TNF.",
     {f"{UP} LPS ==CAUSE=> {UP} IL-1beta", f"{UP} LPS ==CAUSE=> {UP} TNF",
      f"{UP} LPS ==CAUSE=> {UP} IL-1beta release", f"{UP} LPS ==CAUSE=> {UP} TNF release"}),
])
def test_processes_sharing_one_complement(sentence, expected):
    assert lines(sentence) == expected


@pytest.mark.parametrize("sentence, expected", [
    # the members named after a class are objects too; the class stays, as for "the drug, X"
    ("Rapamycin induces autophagy by activating regulatory proteins such as ATG5, ATG7 and LC3.",
     {f"{UP} Rapamycin ==CAUSE=> {UP} autophagy", f"{UP} Rapamycin ==CAUSE=> {UP} regulatory proteins",
      f"{UP} Rapamycin ==CAUSE=> {UP} ATG5", f"{UP} Rapamycin ==CAUSE=> {UP} ATG7",
      f"{UP} Rapamycin ==CAUSE=> {UP} LC3"}),
    ("Apigenin activated several kinases, including AMPK and ERK, in astrocytes.",
     {f"{UP} Apigenin ==CAUSE=> {UP} kinases", f"{UP} Apigenin ==CAUSE=> {UP} AMPK",
      f"{UP} Apigenin ==CAUSE=> {UP} ERK"}),
    # a member moves the way its class does
    ("Apigenin suppressed proinflammatory cytokines such as IL-1beta and TNF.",
     {f"{UP} Apigenin ==CAUSE=> {DOWN} proinflammatory cytokines", f"{UP} Apigenin ==CAUSE=> {DOWN} IL-1beta",
      f"{UP} Apigenin ==CAUSE=> {DOWN} TNF"}),
    ("Curcumin caused reduced cytokines, such as CXCL10 and CCL2, in microglia.",
     {f"{UP} Curcumin ==CAUSE=> {DOWN} cytokines", f"{UP} Curcumin ==CAUSE=> {DOWN} CXCL10",
      f"{UP} Curcumin ==CAUSE=> {DOWN} CCL2"}),
    # "like" right after a plural class, and a relative clause of "include"; not "like" after a name
    ("Zorimab lowers monoamines like serotonin and norepinephrine.",
     {f"{UP} Zorimab ==CAUSE=> {DOWN} monoamines", f"{UP} Zorimab ==CAUSE=> {DOWN} serotonin",
      f"{UP} Zorimab ==CAUSE=> {DOWN} norepinephrine"}),
    ("Tarp and Pomb are disrupted by toxic proteins like Velk1.",
     {f"{UP} toxic proteins ==CAUSE=> {DOWN} Tarp", f"{UP} toxic proteins ==CAUSE=> {DOWN} Pomb",
      f"{UP} Velk1 ==CAUSE=> {DOWN} Tarp", f"{UP} Velk1 ==CAUSE=> {DOWN} Pomb"}),
    ("Zorimab can produce effects that include tremor and mania.",
     {f"{UP} Zorimab ==CAUSE=> {UP} tremor", f"{UP} Zorimab ==CAUSE=> {UP} mania"}),  # "effects" is vague
    ("Zorimab lowers Tarp like Velk1 does.", {f"{UP} Zorimab ==CAUSE=> {DOWN} Tarp"}),
])
def test_named_members_of_a_class(sentence, expected):
    assert lines(sentence) == expected


@pytest.mark.parametrize("sentence, expected", [
    # the last verb of a list, hung on the member before it, shares the list's doer
    ("The flavonoid fisetin shows antioxidant effects, improves synaptic function, reduces soluble amyloid, "
     "and partially attenuates the inflammation in this model.",
     {f"{UP} fisetin ==CAUSE=> {UP} synaptic function",
      f"{UP} fisetin ==CAUSE=> {DOWN} soluble amyloid",
      f"{UP} fisetin ==CAUSE=> {DOWN} inflammation"}),
    # a second infinitive, with or without its own "to", is done by the raised subject
    ("Rapamycin is known to reduce tau and to improve memory in mice.",
     {f"{UP} Rapamycin ==CAUSE=> {DOWN} tau", f"{UP} Rapamycin ==CAUSE=> {UP} memory"}),
    ("Deletion of TREM2 has been shown to reduce plaque load and neuritic dystrophy, and improve memory in aged mice.",
     {f"{DOWN} TREM2 ==CAUSE=> {DOWN} plaque load", f"{DOWN} TREM2 ==CAUSE=> {DOWN} neuritic dystrophy",
      f"{DOWN} TREM2 ==CAUSE=> {UP} memory"}),
    # the denial above the infinitive covers the verb that continues it
    ("Deletion of TREM2 has not been shown to reduce plaque load and neuritic dystrophy, and improve memory in aged mice.",
     set()),
])
def test_verbs_continuing_a_list_share_its_doer(sentence, expected):
    assert lines(sentence) == expected


@pytest.mark.parametrize("sentence", [
    "Zorp binds Kelp and inhibits the UPS.",  # the second verb joined to the first one's object
    "Zorp binds Kelp and impairs the UPS.",  # ... and tagged an adjective
])
def test_a_second_verb_joined_to_the_first_ones_object_shares_its_subject(sentence):
    assert lines(sentence) == {f"{UP} Zorp ==CAUSE=> {DOWN} UPS"}


@pytest.mark.parametrize("sentence, expected", [
    ("Zorimab increased the phosphorylation of Pomb, Tarp and Velk in neurons.",
     {f"{UP} Zorimab ==CAUSE=> {UP} Pomb phosphorylation", f"{UP} Zorimab ==CAUSE=> {UP} Tarp phosphorylation",
      f"{UP} Zorimab ==CAUSE=> {UP} Velk phosphorylation"}),
    ("Pomb inhibition promoted acetylation of Tarp and Velk, leading to decreased flux.",
     {f"{DOWN} Pomb ==CAUSE=> {UP} Tarp acetylation", f"{DOWN} Pomb ==CAUSE=> {UP} Velk acetylation",
      f"{DOWN} Pomb ==CAUSE=> {DOWN} flux"}),
    ("Zorimab reduced the phosphorylation of Pomb and the Tarp levels.",
     {f"{UP} Zorimab ==CAUSE=> {DOWN} Pomb phosphorylation"}),
    ("Zorimab was shown to decrease acetylation of Pomb, as well as Pomb-dependent transcription.",
     {f"{UP} Zorimab ==CAUSE=> {DOWN} Pomb acetylation"}),
    ("Zorimab increased the interaction of Pomb and Tarp.", {f"{UP} Zorimab ==CAUSE=> {UP} interaction"}),
])
def test_a_process_of_several_members_acts_on_each(sentence, expected):
    """A member with a change, a determiner, a word of amount or a process of its own stands beside
    the process; a process between its members ("interaction") is no process of each."""
    assert lines(sentence) == expected


@pytest.mark.parametrize("sentence, expected", [
    # names set right after a plural class noun are members of it, each a cause of its own
    ("In neurons, the phosphatases PP2A and PP1 reduce tau phosphorylation.",
     {f"{UP} phosphatases ==CAUSE=> {DOWN} tau phosphorylation", f"{UP} PP2A ==CAUSE=> {DOWN} tau phosphorylation",
      f"{UP} PP1 ==CAUSE=> {DOWN} tau phosphorylation"}),
    ("Anti-apoptotic members BCL2 and BCLXL inhibit mitochondrial outer membrane permeabilization in neurons.",
     {f"{UP} Anti-apoptotic members ==CAUSE=> {DOWN} mitochondrial outer membrane permeabilization",
      f"{UP} BCL2 ==CAUSE=> {DOWN} mitochondrial outer membrane permeabilization",
      f"{UP} BCLXL ==CAUSE=> {DOWN} mitochondrial outer membrane permeabilization"}),
    ("In neurons, the phosphatases PP2A and PP1 do not reduce tau phosphorylation.", set()),
])
def test_names_set_after_a_class_noun(sentence, expected):
    assert lines(sentence) == expected


@pytest.mark.parametrize("sentence, expected", [
    # a passive joined to the verb before it, with no subject of its own, is said of that verb's subject
    ("Tarp is reduced in aged neurons and is restored by zorimab.",
     {f"{UP} zorimab ==CAUSE=> {UP} Tarp", f"aging ==CAUSE=> {DOWN} Tarp"}),
    ("Tarp was induced by Pomb and was blocked by Velk1.",
     {f"{UP} Pomb ==CAUSE=> {UP} Tarp", f"{UP} Velk1 ==CAUSE=> {DOWN} Tarp"}),
    ("Tau accumulates in neurons and is cleared by autophagy.", {f"{UP} autophagy ==CAUSE=> {DOWN} Tau"}),
    # ... also a participle with an agent joined to a passive, without an auxiliary of its own
    ("Misfolded proteins are retained in the ER and subsequently degraded by ERAD.",
     {f"{UP} ERAD ==CAUSE=> {DOWN} Misfolded proteins"}),
    # not when the first verb has an object or a verb of its own: the passive is said of its event
    ("Pomb induced Tarp phosphorylation in microglia and was mediated by Velk1.",
     {f"{UP} Pomb ==CAUSE=> {UP} Tarp phosphorylation"}),
    ("Pomb appears to act through Tarp and was abrogated by zorimab.", set()),
    # a passive that undoes the change before it moves against it by its own sign; not otherwise
    ("Tarp was reduced by Pomb and restored by Velk1.",
     {f"{UP} Pomb ==CAUSE=> {DOWN} Tarp", f"{UP} Velk1 ==CAUSE=> {UP} Tarp"}),
    ("Tarp increased in Velk1 mutant mice and was rescued by zorimab treatment.",
     {f"Velk1 mutation ==CAUSE=> {UP} Tarp"}),
    ("Tarp was altered by aging and restored by zorimab treatment.", set()),
])
def test_a_passive_joined_to_a_verb_shares_its_subject(sentence, expected):
    assert lines(sentence) == expected


@pytest.mark.parametrize("sentence, expected", [
    # the second "deficits" is joined to the nearest noun of the first phrase by the model
    ("Velk1 induced deficits in Tarp levels and deficits in Pomb levels.",
     {f"{UP} Velk1 ==CAUSE=> {DOWN} Tarp", f"{UP} Velk1 ==CAUSE=> {DOWN} Pomb"}),
    # and the first phrase hung on the verb, not on its object
    ("Velk1 induced dramatic deficits in the serotonin contents of the four brain areas "
     "tested and major deficits in Pomb levels.",
     {f"{UP} Velk1 ==CAUSE=> {DOWN} serotonin", f"{UP} Velk1 ==CAUSE=> {DOWN} Pomb"}),
])
def test_a_repeated_change_noun_is_a_parallel_of_the_first(sentence, expected):
    assert lines(sentence) == expected


@pytest.mark.parametrize("sentence, expected", [
    ("Velk1 caused deficits in Tarp and Pomb levels.",
     {f"{UP} Velk1 ==CAUSE=> {DOWN} Tarp", f"{UP} Velk1 ==CAUSE=> {DOWN} Pomb"}),
    ("Velk1 caused an increase in insulin and glucagon secretion.",
     {f"{UP} Velk1 ==CAUSE=> {UP} insulin secretion", f"{UP} Velk1 ==CAUSE=> {UP} glucagon secretion"}),
    # a place after the amount says where it was measured
    ("Velk1 reduced serotonin levels of the four brain areas.", {f"{UP} Velk1 ==CAUSE=> {DOWN} serotonin"}),
    ("Velk1 reduced the Tarp contents in brain.", {f"{UP} Velk1 ==CAUSE=> {DOWN} Tarp"}),
    # a second subject after "or", hung on the first by the model, is the first one's object's conjunct
    ("Knockdown of either RelB or p50 significantly diminished YKL-40 expression.",
     {f"{DOWN} RelB ==CAUSE=> {DOWN} YKL-40", f"{DOWN} p50 ==CAUSE=> {DOWN} YKL-40"}),
    ("Knockdown of RelB or p50 significantly diminished YKL-40 expression.",
     {f"{DOWN} RelB ==CAUSE=> {DOWN} YKL-40", f"{DOWN} p50 ==CAUSE=> {DOWN} YKL-40"}),
    # a second object after "or", hung on the verb by the model, is the conjunct of the word before "or"
    ("We observed that nilvadipine inhibits NFkB activation in response to TNFα (Fig. 4A) or phorbol "
     "12-myristate 13-acetate (PMA) (Fig. 4B) by using a reporter cell line.",
     {f"{UP} nilvadipine ==CAUSE=> {DOWN} NFkB activation"}),
])
def test_a_change_of_names_sharing_one_head(sentence, expected):
    assert lines(sentence) == expected


@pytest.mark.parametrize("sentence, expected", [
    ("Velk1 improved physical and mental health.",
     {f"{UP} Velk1 ==CAUSE=> {UP} physical health", f"{UP} Velk1 ==CAUSE=> {UP} mental health"}),
    # the tagger takes the second adjective for a verb here
    ("Velk1 lowered systolic and diastolic blood pressure.",
     {f"{UP} Velk1 ==CAUSE=> {DOWN} systolic blood pressure", f"{UP} Velk1 ==CAUSE=> {DOWN} diastolic blood pressure"}),
    ("Velk1 reduced autophagic and lysosomal dysfunction.",
     {f"{UP} Velk1 ==CAUSE=> {DOWN} autophagic dysfunction", f"{UP} Velk1 ==CAUSE=> {DOWN} lysosomal dysfunction"}),
    # a denied member names no kind; an experiment's adjectives name no kind of its target
    ("We found that neck pain was negatively associated with physical but not mental HRQoL.",
     {f"{UP} neck pain ==CAUSE=> {DOWN} physical HRQoL"}),
    ("Genetic or pharmacological inhibition of Tarp impairs Pomb formation.",
     {f"{DOWN} Tarp ==CAUSE=> {DOWN} Pomb formation"}),
    # ... also as the object of a word of amount or change
    ("Velk1 was associated with lower rates of urinary and anorectal dysfunction.",
     {f"{UP} Velk1 ==CAUSE=> {DOWN} urinary dysfunction", f"{UP} Velk1 ==CAUSE=> {DOWN} anorectal dysfunction"}),
    # form words keep one name
    ("Velk1 reduced soluble and insoluble tau.", {f"{UP} Velk1 ==CAUSE=> {DOWN} soluble and insoluble tau"}),
])
def test_joined_adjectives_before_one_head_name_a_kind_each(sentence, expected):
    assert lines(sentence) == expected
