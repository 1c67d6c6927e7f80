"""How the parse reader holds up on names it was not written from: invented sentences, one claim each.

    HF_HUB_OFFLINE=1 .venv/bin/python bench/reader_grid.py [--per-template N] [--show-misses]

The small English model misreads biomedical symbols ("ERK1/2" tagged an adjective, "NF-κB" an adverb,
a verb beside them a noun), and a sentence so misread yields no claim. Each sentence here is one of
ten everyday constructions ("X reduced Y", "Y was reduced by X", "We found that X reduced Y",
"Treatment with X reduced Y", "X, a kinase, reduced Y" ...), filled with two names and a verb of
change drawn at random (seeded). A sentence counts as read when the parse reader states the one claim
it makes, with both names as written and its sign (for the constructions that name an amount or a
treatment, the cause's name and the effect's name and sign). Half the names and verbs were looked at
while the repairs were written (``tune``); the other half (``held-out``) were written afterwards and
never used to change the reader. The figure is the share read, per half and per construction.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from engine.annotations import format_annotation  # noqa: E402
from engine.parse_reader import read_sentence  # noqa: E402

NAMES = {
    "tune": ("NF-κB", "IL-1β", "Aβ42", "GSK-3β", "PGC-1α", "miR-34a", "p38 MAPK", "TNF-α", "ERK1/2", "SIRT1",
             "BDNF", "caspase-3", "Beclin 1", "LC3-II", "mTORC1", "PP2A", "17-AAG", "TREM2", "Hsp70", "ApoE4",
             "AMPK", "α-synuclein", "Nrf2", "HDAC6", "cathepsin D", "TFEB"),
    "held-out": ("STAT3", "IFN-γ", "Cdk5", "PI3K", "HIF-1α", "miR-132", "JNK1/2", "IL-6", "PSD-95", "CREB",
                 "GLP-1", "Rab7", "NLRP3", "ATG5", "LAMP2A", "PKCε", "6-OHDA", "TLR4", "Hsc70", "BACE1",
                 "DYRK1A", "Fyn", "TDP-43", "SOD1", "p62", "MMP-9"),
}
VERBS = {  # (sign, third person present, past)
    "tune": ((1, "increases", "increased"), (1, "enhances", "enhanced"), (1, "promotes", "promoted"),
             (1, "activates", "activated"), (1, "upregulates", "upregulated"), (1, "induces", "induced"),
             (1, "elevates", "elevated"), (1, "stimulates", "stimulated"),
             (-1, "decreases", "decreased"), (-1, "reduces", "reduced"), (-1, "inhibits", "inhibited"),
             (-1, "suppresses", "suppressed"), (-1, "attenuates", "attenuated"),
             (-1, "downregulates", "downregulated"), (-1, "impairs", "impaired"), (-1, "blocks", "blocked")),
    "held-out": ((1, "augments", "augmented"), (1, "potentiates", "potentiated"), (1, "triggers", "triggered"),
                 (1, "raises", "raised"), (1, "boosts", "boosted"), (1, "facilitates", "facilitated"),
                 (-1, "diminishes", "diminished"), (-1, "lowers", "lowered"), (-1, "abolishes", "abolished"),
                 (-1, "represses", "repressed"), (-1, "prevents", "prevented"), (-1, "weakens", "weakened")),
}
# (construction, template); {v} a verb in the present or the past, {p} its past participle
TEMPLATES = (
    ("direct", "{X} {v} {Y}."),
    ("levels", "{X} {v} {Y} levels."),
    ("expression of", "{X} {v} the expression of {Y}."),
    ("adverb", "{X} significantly {v} {Y} in neurons."),
    ("found that", "We found that {X} {v} {Y}."),
    ("treatment with", "Treatment with {X} {v} {Y}."),
    ("passive", "{Y} was {p} by {X}."),
    ("fronted place", "In microglia, {X} {v} {Y}."),
    ("apposition", "{X}, a kinase, {v} {Y}."),
    ("overexpression", "Overexpression of {X} {v} {Y}."),
)
UP, DOWN = "[change=increase]", "[change=decrease]"


def sentences(half: str, per_template: int, seed: int = 7) -> list[tuple[str, str, str, str, int]]:
    """(construction, sentence, cause, effect, sign) for each drawn sentence of one half."""
    draw = random.Random(f"{seed}-{half}")
    drawn = []
    for construction, template in TEMPLATES:
        for _ in range(per_template):
            cause, effect = draw.sample(NAMES[half], 2)
            sign, present, past = draw.choice(VERBS[half])
            verb = draw.choice((present, past))
            drawn.append((construction, template.format(X=cause, Y=effect, v=verb, p=past), cause, effect, sign))
    return drawn


def read(claims: set[str], cause: str, effect: str, sign: int) -> bool:
    """Is the sentence's one claim among ``claims``: the cause raised, the effect changed by ``sign``,
    each named as written (a word of amount is no part of a name: "Y levels" names Y)?"""
    change = UP if sign > 0 else DOWN
    return f"{UP} {cause} ==CAUSE=> {change} {effect}" in claims


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--per-template", type=int, default=40, help="sentences per construction and half")
    parser.add_argument("--show-misses", action="store_true", help="print each sentence not read (tune half only)")
    args = parser.parse_args(argv)
    for half in ("tune", "held-out"):
        by_construction: dict[str, list[bool]] = {}
        for construction, sentence, cause, effect, sign in sentences(half, args.per_template):
            claims = {format_annotation(a) for a in read_sentence(sentence)}
            found = read(claims, cause, effect, sign)
            by_construction.setdefault(construction, []).append(found)
            if args.show_misses and half == "tune" and not found:
                print(f"  miss: {sentence}  {sorted(claims)}")
        total = [found for results in by_construction.values() for found in results]
        print(f"{half}: read {sum(total)} of {len(total)} ({100 * sum(total) / len(total):.1f} %)")
        for construction, results in by_construction.items():
            print(f"  {construction:15s} {sum(results):3d} / {len(results)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
