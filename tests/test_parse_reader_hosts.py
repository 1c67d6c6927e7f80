"""The host of an experiment and what was done to it (engine/reading/parse/hosts.py): exact claim sets
on invented sentences."""

from __future__ import annotations

import pytest
from parse_reader_helpers import grounded_with, lines

UP, DOWN = "[change=increase]", "[change=decrease]"
LOST = "Velk1 deficiency ==CAUSE=>"


@pytest.mark.parametrize("sentence, expected", [
    # a marked host shows a change
    ("Velk1-deficient mice showed a decrease of Tarp.", {f"{LOST} {DOWN} Tarp"}),
    # a host that "had increased Y" shows it (not the perfect of "increase", with the host its cause)
    ("Velk1-deficient neurons had increased cell death.", {f"{LOST} {UP} cell death"}),
    ("Neurons had increased cell death.", set()),
    ("Velk1 knockout mice exhibited increased Tarp phosphorylation.", {f"{LOST} {UP} Tarp phosphorylation"}),
    ("Velk1 KO mice showed reduced Tarp.", {f"{LOST} {DOWN} Tarp"}),
    ("Velk1+/- females showed higher Tarp levels.", {f"{LOST} {UP} Tarp"}),
    ("Mice lacking Velk1 displayed lower Tarp levels.", {f"{LOST} {DOWN} Tarp"}),
    ("Mice deficient in Velk1 showed reduced Tarp.", {f"{LOST} {DOWN} Tarp"}),
    ("Velk1-overexpressing cells showed increased Tarp.", {f"{UP} Velk1 ==CAUSE=> {UP} Tarp"}),
    ("Animals receiving zorimab had significantly lower Tarp levels than controls.",
     {f"{UP} zorimab ==CAUSE=> {DOWN} Tarp"}),
    ("Mice treated with zorimab showed increased Tarp expression.", {f"{UP} zorimab ==CAUSE=> {UP} Tarp"}),
    ("Zorin-infected neurons showed reduced Tarp.", {f"{UP} Zorin ==CAUSE=> {DOWN} Tarp"}),
    # what was done to the hosts, said in a relative clause about them; one host is a case
    ("Mice that received zorimab showed reduced Tarp.", {f"{UP} zorimab ==CAUSE=> {DOWN} Tarp"}),
    ("Mice that were treated with zorimab showed reduced Tarp.", {f"{UP} zorimab ==CAUSE=> {DOWN} Tarp"}),
    ("Tarp increased in cells which were treated with zorimab.", {f"{UP} zorimab ==CAUSE=> {UP} Tarp"}),
    ("Tarp increased in cells exposed to zorimab but not to kestin.", {f"{UP} zorimab ==CAUSE=> {UP} Tarp"}),
    ("Tarp was reduced in neurons pretreated with zorimab.", {f"{UP} zorimab ==CAUSE=> {DOWN} Tarp"}),
    # a silencing tool the model reads as punctuation stays with its gene's name (``nlp`` rejoins it)
    ("Tarp levels were reduced in HEK cells transfected with ZOR shRNA confirming a reduction in Zor activity.",
     {f"{UP} ZOR shRNA ==CAUSE=> {DOWN} Tarp"}),
    # a tissue of a marked host
    ("Tarp was reduced in the brains of Velk1-deficient mice.", {f"{LOST} {DOWN} Tarp"}),
    ("Tarp was reduced in the hippocampus and the cortex of Velk1-deficient mice.", {f"{LOST} {DOWN} Tarp"}),
    ("Tarp was reduced in the hippocampus of mice treated with zorimab.", {f"{UP} zorimab ==CAUSE=> {DOWN} Tarp"}),
    ("A reduction in Tarp was found in the hippocampus of zorimab treated mice.",
     {f"{UP} zorimab ==CAUSE=> {DOWN} Tarp"}),
    ("Tarp was reduced in the hippocampus of vehicle treated mice.", set()),
    ("Tarp increased in AD brains, which correlated with memory.", {f"AD ==CAUSE=> {UP} Tarp"}),
    ("Mice whose neurons received zorimab showed reduced Tarp.", set()),
    ("One mouse that received zorimab showed reduced Tarp.", set()),
    # a marked host as the doer of a verb of change
    ("Velk1-/- mice have reduced Tarp.", {f"{LOST} {DOWN} Tarp"}),
    # a host that carries a gene's mutation
    ("Tau-A152T neurons had higher levels of Tarp than control neurons.", {f"Tau A152T mutation ==CAUSE=> {UP} Tarp"}),
    ("Tarp was reduced in PSEN1 A246E mutant neurons.", {f"PSEN1 A246E mutation ==CAUSE=> {DOWN} Tarp"}),
    ("Mutant neurons showed reduced Tarp.", set()),
    # an experiment done on a gene after "with"; not a trait or change the host merely has
    ("Mice with a conditional knockout of Velk1 showed reduced Tarp.", {f"{DOWN} Velk1 ==CAUSE=> {DOWN} Tarp"}),
    ("Mice with overexpression of Velk1 showed increased Tarp.", {f"{UP} Velk1 ==CAUSE=> {UP} Tarp"}),
    ("Patients with cognitive decline showed reduced Tarp.", set()),
    ("Mice with reduced Velk1 showed reduced Tarp.", set()),
    # what a marked host develops arises in it
    ("Velk1 knockout mice developed neurodegeneration.", {f"{LOST} neurodegeneration"}),
    ("Mice with a conditional deletion of Velk1 developed severe seizures.", {f"{DOWN} Velk1 ==CAUSE=> severe seizures"}),
    ("Velk1 knockout mice developed normally.", set()),
    ("Transgenic mice developed tangles.", set()),
    # a change seen in a marked host
    ("Tarp levels were decreased in Velk1-deficient neurons.", {f"{LOST} {DOWN} Tarp"}),
    ("Tarp was impaired in Velk1-deficient mice.", {f"{LOST} {DOWN} Tarp"}),
    ("Tarp expression was reduced in mice lacking Velk1.", {f"{LOST} {DOWN} Tarp"}),
    ("In Velk1-deficient mice, Tarp levels were reduced.", {f"{LOST} {DOWN} Tarp"}),
    ("Tarp levels were lower in Velk1-deficient mice.", {f"{LOST} {DOWN} Tarp"}),
    # "among" hosts, as "in"
    ("Tarp levels were lower among patients receiving zorimab.", {f"{UP} zorimab ==CAUSE=> {DOWN} Tarp"}),
    ("Tarp levels were lower among older patients.", set()),
    ("A decrease in Tarp was observed in Velk1 KO cells.", {f"{LOST} {DOWN} Tarp"}),
    ("We observed a reduction in Tarp levels in Velk1 KO astrocytes.", {f"{LOST} {DOWN} Tarp"}),
    ("There was a dramatic loss of Tarp in Velk1 KO cells.", {f"{LOST} {DOWN} Tarp"}),
    # a noun of change that a verb of change acts on is that verb's effect, seen in the host
    ("Zorimab suppressed Tarp production in cells overexpressing Velk1.",
     {f"{UP} Zorimab ==CAUSE=> {DOWN} Tarp production"}),
    ("The level of Tarp was upregulated in TDP- 43-deficient cells.",
     {f"TDP-43 deficiency ==CAUSE=> {UP} Tarp"}),
    # the members after a denied one are denied with it
    ("Velk1-depleted cells showed a decrease of Tarp, but not Zorin, Mab2, and Kest1.", {f"{LOST} {DOWN} Tarp"}),
    # the host is the place of another cause's effect, an unmarked host is no cause, a denial holds
    ("Zorimab reduced Tarp in Velk1-deficient mice.", {f"{UP} Zorimab ==CAUSE=> {DOWN} Tarp"}),
    ("Tarp in Velk1-deficient mice was reduced by zorimab.", {f"{UP} zorimab ==CAUSE=> {DOWN} Tarp"}),
    ("Tarp was reduced by zorimab in Velk1-deficient mice.", {f"{UP} zorimab ==CAUSE=> {DOWN} Tarp"}),
    ("Velk1 deficiency leads to accumulation of Tarp in neurons exposed to zorimab.",
     {f"{LOST} {UP} Tarp"}),
    ("Velk1−/− mice showed reduced Tarp.", {f"{LOST} {DOWN} Tarp"}),
    ("rTg4510 mice showed reduced Tarp.", set()),
    ("Vehicle-treated mice showed reduced Tarp.", set()),
    ("Velk1-deficient mice did not show reduced Tarp.", set()),
    ("Exposed neurons showed reduced Tarp.", set()),
    # a host made to express a gene ("transgenic") is marked by it; an unmarked one is not
    ("Transgenic mice expressing human Tarp showed reduced Pomb levels.", {f"{UP} human Tarp ==CAUSE=> {DOWN} Pomb"}),
    ("Neurons expressing Tarp showed reduced Pomb levels.", set()),
    # a change found by a method in a marked host
    ("Western blots revealed an increase in Tarp levels in Velk1-deficient mice.", {f"{LOST} {UP} Tarp"}),
    # a verb of showing read as a noun after its host is read again as the verb
    ("Tarp knockout mice display reduced Pomb levels.", {f"Tarp deficiency ==CAUSE=> {DOWN} Pomb"}),
    ("Tarp knockout mice exhibit heightened Pomb levels.", {f"Tarp deficiency ==CAUSE=> {UP} Pomb"}),
])
def test_host_claims(sentence: str, expected: set[str]) -> None:
    assert lines(sentence) == expected


@pytest.mark.parametrize("sentence, expected", [
    # a change seen where a clinical condition holds goes with the condition (a state's trigger)
    ("Tarp expression was decreased in the brains of AD patients.", {f"AD ==CAUSE=> {DOWN} Tarp"}),
    ("Tarp levels are increased in Zorin disease brains.", {f"Zorin disease ==CAUSE=> {UP} Tarp"}),
    ("Tarp levels are lower in the hippocampus of patients with schizophrenia.",
     {f"schizophrenia ==CAUSE=> {DOWN} Tarp"}),
    ("We observed a reduction of Tarp in the cortex of AD patients.", {f"AD ==CAUSE=> {DOWN} Tarp"}),
    # tissues listed with one owner, whom the parser hangs on the last of them
    ("Tarp levels were reduced in the hippocampus and the cortex of AD patients.", {f"AD ==CAUSE=> {DOWN} Tarp"}),
    ("Tarp was reduced in the entorhinal cortex, the middle temporal gyrus, and the superior frontal gyrus "
     "of AD subjects.", {f"AD ==CAUSE=> {DOWN} Tarp"}),
    ("Tarp was lower in the hippocampus and in neurons.", set()),
    # aged hosts have aging, which young ones lack
    ("Tarp levels were higher in aged mice than in young mice.", {f"aging ==CAUSE=> {UP} Tarp"}),
    ("Tarp and Pomb are repressed in the aged brain.",
     {f"aging ==CAUSE=> {DOWN} Tarp", f"aging ==CAUSE=> {DOWN} Pomb"}),
    ("Tarp levels were higher in aged mice than in AD mice.", set()),
    ("Tarp was not found in brains of similarly aged individuals.", set()),
    ("Tarp was reduced in brains of aged individuals.", {f"aging ==CAUSE=> {DOWN} Tarp"}),
    ("Tarp has been found to be reduced in postmortem Zorin disease brain.", {f"Zorin disease ==CAUSE=> {DOWN} Tarp"}),
    ("Tarp levels in Zorin disease brains were lower than in controls.", {f"Zorin disease ==CAUSE=> {DOWN} Tarp"}),
    ("Tarp levels in Velk1-deficient mice were lower.", {f"{LOST} {DOWN} Tarp"}),
    ("A loss of Tarp in AD brains has been reported.", {f"AD ==CAUSE=> {DOWN} Tarp"}),
    ("Reduced Tarp levels have been reported in patients with Zorin disease.", {f"Zorin disease ==CAUSE=> {DOWN} Tarp"}),
    ("AD patient cortical tissues have reduced levels of Tarp expression.", {f"AD ==CAUSE=> {DOWN} Tarp"}),
    ("Patients with Kestin syndrome showed reduced Tarp.", {f"Kestin syndrome ==CAUSE=> {DOWN} Tarp"}),
    ("Brains diagnosed with Zorin disease showed reduced Tarp.", {f"Zorin disease ==CAUSE=> {DOWN} Tarp"}),
    ("Tarp levels were increased in individuals affected by schizophrenia.", {f"schizophrenia ==CAUSE=> {UP} Tarp"}),
    ("Tarp was reduced in the cortex of patients suffering from AD.", {f"AD ==CAUSE=> {DOWN} Tarp"}),
    ("Tarp was increased in neurons affected by zorimab.", set()),
    # the subject of a verb of change raised to another verb
    ("Tarp tends to increase in AD.", {f"AD ==CAUSE=> {UP} Tarp"}),
    ("Tarp wants to increase in AD.", set()),
    # not where another cause is named, the host was treated, the place is a baseline, or nothing changed
    ("Tarp was reduced by zorimab in AD brains.", {f"{UP} zorimab ==CAUSE=> {DOWN} Tarp"}),
    ("Tarp was reduced in AD patients treated with zorimab.", {f"{UP} zorimab ==CAUSE=> {DOWN} Tarp"}),
    ("Tarp was higher in controls than in AD patients.", set()),
    ("Tarp levels were not changed in AD brains.", set()),
    # a modification seen there is no change of the amount; whose tissue it is names no condition
    ("Tarp is methylated in Zorin disease brains.", set()),
    ("Tarp was reduced in human Zorin disease brains.", {f"Zorin disease ==CAUSE=> {DOWN} Tarp"}),
    # a condition word alone names none; a cancer cell line is a kind of cell; a change named alone
    ("Tarp was increased early in disease.", set()),
    ("Tarp was increased in breast cancer cells.", set()),
    ("An intermediate reduction was observed in MCI.", set()),
    # what was done in a model of the condition is the finding, not the condition's
    ("Use of a Zorin activator enhanced survival in a model of Kestin disease.",
     {f"{UP} Zorin activator ==CAUSE=> {UP} survival"}),
    ("Overexpression of Tarp in AD mice was shown to reduce Pomb.", {f"{UP} Tarp ==CAUSE=> {DOWN} Pomb"}),
])
def test_condition_claims(sentence: str, expected: set[str]) -> None:
    assert lines(sentence) == expected


@pytest.fixture
def known_diseases() -> None:
    # invented names a curated resource would hold as diseases (DOID's root "disease" itself)
    with grounded_with([("gorvitis", "DOID", "DOID:4", "disease"), ("pelmosis", "DOID", "DOID:4", "disease"),
                        ("GV", "DOID", "DOID:4", "disease")]):
        yield


@pytest.mark.parametrize("sentence, expected", [
    # a condition a curated resource names, beyond the list of condition words, against its absence
    ("Tarp levels were higher in gorvitis than in healthy controls.", {f"gorvitis ==CAUSE=> {UP} Tarp"}),
    ("Tarp was lower in patients with gorvitis than in controls.", {f"gorvitis ==CAUSE=> {DOWN} Tarp"}),
    # without a group to compare with, a difference of clinical groups may be a count or a change over time
    ("Tarp levels were elevated in gorvitis.", set()),
    ("Tarp was lower in patients with gorvitis.", set()),
    # every thing a noun of change names in its own phrase
    ("Expression of Tarp and Velk1 was higher in gorvitis than in healthy controls.",
     {f"gorvitis ==CAUSE=> {UP} Tarp", f"gorvitis ==CAUSE=> {UP} Velk1"}),
    ("There was increased expression of Tarp and Velk1 in AD brains.",
     {f"AD ==CAUSE=> {UP} Tarp", f"AD ==CAUSE=> {UP} Velk1"}),
    # compared with another condition, or with a group of its own, it says nothing of the condition
    ("Tarp was higher in patients with gorvitis than in patients with pelmosis.", set()),
    ("Gorvitis patients with the E4 allele had lower Tarp.", set()),
    ("Tarp was lower in gorvitis patients who smoked.", set()),
    # what came before the change is its cause, not the condition
    ("Patients with gorvitis had lower Tarp after surgery.", set()),
    # a symbol alone is ambiguous without its definition: only the list's symbols are read
    ("Tarp levels were higher in GV than in healthy controls.", set()),
])
def test_a_curated_condition(known_diseases: None, sentence: str, expected: set[str]) -> None:
    assert lines(sentence) == expected


@pytest.mark.parametrize("sentence, expected", [
    # a condition's adjective before the host names the condition
    ("Tarp levels are increased in diabetic patients.", {f"diabetes ==CAUSE=> {UP} Tarp"}),
    # a transgenic model of a condition against wild-type animals
    ("Tarp was higher in HD flies than in wild-type flies.", {f"HD ==CAUSE=> {UP} Tarp"}),
    # a change named with nothing it changes names no effect
    ("There was a marked improvement in patients with schizophrenia.", set()),
])
def test_condition_groups(sentence: str, expected: set[str]) -> None:
    assert lines(sentence) == expected


@pytest.mark.parametrize("sentence, expected", [
    # what a group has, of any kind, against groups said to be without it
    ("Tarp levels were higher in patients with a pacemaker than in patients without one.",
     {f"{UP} pacemaker ==CAUSE=> {UP} Tarp"}),
    ("Tarp levels were higher in programs with fellowships than in those without.",
     {f"{UP} fellowships ==CAUSE=> {UP} Tarp"}),
    ("Tarp was lower in towns with a Velk clinic than in towns without such a clinic.",
     {f"{UP} Velk clinic ==CAUSE=> {DOWN} Tarp"}),
    # against no group, or a group with something else, the trait says nothing
    ("Tarp levels were higher in patients with a pacemaker.", set()),
    ("Tarp levels were higher in patients with a pacemaker than in patients with a stent.", set()),
])
def test_a_trait_against_its_absence(sentence: str, expected: set[str]) -> None:
    assert lines(sentence) == expected
