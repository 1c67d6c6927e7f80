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

A second group (``experiments and clauses``, written on 2026-11-29 before it was first run) puts the
same names in experiments that lower the cause ("Knockdown of X reduced Y": X lowered) and in clauses
around the verb (an aside on the subject, a second verb, a means); it is reported apart, so that the
first group's figure stays comparable with earlier runs. (After its first run, the second verb was put
in the first one's tense, "X reduces Y and improves memory"; it had always been "improved".)
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from engine.model.annotations import format_annotation  # noqa: E402
from bench.results import parts, write_results  # noqa: E402
from engine.reading.parse import read_sentence  # noqa: E402

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
# (construction, template, how the cause moves); {v} a verb in the present or the past, {p} its past
# participle, {a} the adjective of its sign ("increased" / "reduced"), {m} "improves" or "improved" in the
# verb's tense
SYMBOL_TEMPLATES = (
    ("direct", "{X} {v} {Y}.", 1),
    ("levels", "{X} {v} {Y} levels.", 1),
    ("expression of", "{X} {v} the expression of {Y}.", 1),
    ("adverb", "{X} significantly {v} {Y} in neurons.", 1),
    ("found that", "We found that {X} {v} {Y}.", 1),
    ("treatment with", "Treatment with {X} {v} {Y}.", 1),
    ("passive", "{Y} was {p} by {X}.", 1),
    ("fronted place", "In microglia, {X} {v} {Y}.", 1),
    ("apposition", "{X}, a kinase, {v} {Y}.", 1),
    ("overexpression", "Overexpression of {X} {v} {Y}.", 1),
)
CLAUSE_TEMPLATES = (
    ("knockdown", "Knockdown of {X} {v} {Y}.", -1),
    ("deficiency", "{X} deficiency {v} {Y} levels in mice.", -1),
    ("inhibitor of", "A selective inhibitor of {X} {v} {Y}.", -1),
    ("relative aside", "{X}, which is expressed in neurons, {v} {Y}.", 1),
    ("second verb", "{X} {v} {Y} and {m} memory.", 1),
    ("means", "{X} {v} {Y} by activating autophagy.", 1),
    ("after treatment", "{Y} levels were {p} after treatment with {X}.", 1),
    ("resulted in", "{X} treatment resulted in {a} {Y} levels.", 1),
)
GROUPS = {"symbols": SYMBOL_TEMPLATES, "experiments and clauses": CLAUSE_TEMPLATES}
TEMPLATES = SYMBOL_TEMPLATES + CLAUSE_TEMPLATES
UP, DOWN = "[change=increase]", "[change=decrease]"


def sentences(half: str, per_template: int, seed: int = 7,
              templates: tuple = SYMBOL_TEMPLATES) -> list[tuple[str, str, str, str, int, int]]:
    """(construction, sentence, cause, effect, how the cause moves, the effect's sign) for each drawn
    sentence of one half. Each group draws from its own seed, so that adding one changes no other."""
    draw = random.Random(f"{seed}-{half}" if templates is SYMBOL_TEMPLATES else f"{seed}-{half}-{templates[0][0]}")
    drawn = []
    for construction, template, moved in templates:
        for _ in range(per_template):
            cause, effect = draw.sample(NAMES[half], 2)
            sign, present, past = draw.choice(VERBS[half])
            verb = draw.choice((present, past))
            sentence = template.format(X=cause, Y=effect, v=verb, p=past, a="increased" if sign > 0 else "reduced",
                                       m="improved" if verb == past else "improves")
            drawn.append((construction, sentence, cause, effect, moved, sign))
    return drawn


def read(claims: set[str], cause: str, effect: str, sign: int, moved: int = 1) -> bool:
    """Is the sentence's one claim among ``claims``: the cause moved as ``moved`` says (raised, or
    lowered by an experiment: "X lowered", or the state "X deficiency", its own node by design), the
    effect changed by ``sign``, each named as written (a word of amount is no part of a name: "Y
    levels" names Y)?"""
    change = UP if sign > 0 else DOWN
    causes = [f"{UP} {cause}"] if moved > 0 else [f"{DOWN} {cause}", f"{cause} deficiency"]
    return any(f"{c} ==CAUSE=> {change} {effect}" in claims for c in causes)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--per-template", type=int, default=40, help="sentences per construction and half")
    parser.add_argument("--show-misses", action="store_true", help="print each sentence not read (tune half only)")
    args = parser.parse_args(argv)
    shares: dict[tuple[str, str], float] = {}
    for half in ("tune", "held-out"):
        for group, templates in GROUPS.items():
            by_construction: dict[str, list[bool]] = {}
            for construction, sentence, cause, effect, moved, sign in sentences(half, args.per_template,
                                                                                templates=templates):
                claims = {format_annotation(a) for a in read_sentence(sentence)}
                found = read(claims, cause, effect, sign, moved)
                by_construction.setdefault(construction, []).append(found)
                if args.show_misses and half == "tune" and not found:
                    print(f"  miss: {sentence}  {sorted(claims)}")
            total = [found for results in by_construction.values() for found in results]
            print(f"{half}, {group}: read {sum(total)} of {len(total)} ({100 * sum(total) / len(total):.1f} %)")
            shares[group, half] = 100 * sum(total) / len(total)
            for construction, results in by_construction.items():
                print(f"  {construction:16s} {sum(results):3d} / {len(results)}")
    if args.per_template == 40:  # the default draw is the one on record
        record_figures(shares, args.per_template)
    return 0


def record_figures(shares: dict[tuple[str, str], float], per_template: int) -> None:
    """The shares read per group and half, on record in bench/results/reader_grid.json (BENCHMARKS.md)."""
    figures = []
    for group, templates in GROUPS.items():
        figures.append({"figure": f"invented sentences read by the parse reader, {group} ({len(templates)} constructions)",
                        **parts(None, shares[group, "tune"], shares[group, "held-out"]), "unit": "%",
                        "note": f"{per_template * len(templates)} a half"})
    write_results("reader_grid", "Extraction", ".venv/bin/python bench/reader_grid.py", figures)


if __name__ == "__main__":
    raise SystemExit(main())
