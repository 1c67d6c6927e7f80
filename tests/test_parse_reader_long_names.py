"""Names the parse cuts or splits: long forms a short form defines, and a name set beside a role noun
("the GABA antagonist, bicuculline"): exact claim sets on invented sentences."""

from __future__ import annotations

import pytest
from parse_reader_helpers import lines

UP, DOWN = "[change=increase]", "[change=decrease]"


@pytest.mark.parametrize("sentence, expected", [
    # a long form with "of" inside is the name, not its opening words
    ("The mammalian target of rapamycin (mTOR) strongly inhibits autophagy.",
     {f"{UP} mammalian target of rapamycin ==CAUSE=> {DOWN} autophagy"}),
    # also inside a process named after it
    ("Zinc blocked the phosphorylation of signal transducer and activator of transcription 5 (STAT5).",
     {f"{UP} Zinc ==CAUSE=> {DOWN} signal transducer and activator of transcription 5 phosphorylation"}),
    # a single word is not taken for the opening of a long form: it may be another mention
    ("The protein strongly inhibits protein kinase C (PKC).",
     {f"{UP} protein ==CAUSE=> {DOWN} protein kinase C"}),
    # a name between commas after a role or kind noun is the same agent
    ("The protective effect is blocked by the GABA antagonist, bicuculline.",
     {f"{UP} GABA antagonist ==CAUSE=> {DOWN} protective effect",
      f"{UP} bicuculline ==CAUSE=> {DOWN} protective effect",
      f"{UP} bicuculline ==CAUSE=> {DOWN} GABA"}),  # the antagonist lowers what it antagonises
    ("Nicotine uptake is reduced in rats by the alpha7 antagonist, methyllycaconitine (MLA).",
     {f"{UP} alpha7 antagonist ==CAUSE=> {DOWN} Nicotine uptake",
      f"{UP} methyllycaconitine ==CAUSE=> {DOWN} Nicotine uptake"}),
    # members of an apposed list each name the agent; half of a shared compound ("time- and
    # dose-dependently") names nothing
    ("Stimulation of the M1 receptor by two agonists, carbachol and AF102B, time- and dose-dependently decreases "
     "tau phosphorylation in PC12 cells.",
     {f"{UP} M1 receptor ==CAUSE=> {DOWN} tau phosphorylation", f"{UP} agonists ==CAUSE=> {UP} M1 receptor",
      f"{UP} carbachol ==CAUSE=> {UP} M1 receptor", f"{UP} AF102B ==CAUSE=> {UP} M1 receptor"}),
    # after any other noun an apposition describes; it names no second cause
    ("Lithium, a small cation, reduces inositol levels.", {f"{UP} Lithium ==CAUSE=> {DOWN} inositol"}),
])
def test_long_and_apposed_names(sentence: str, expected: set[str]) -> None:
    assert lines(sentence) == expected
