"""Embedding on ONNX Runtime against PyTorch: all-MiniLM-L6-v2 (the bundled copy, nothing downloaded)
exported once with ``torch.onnx`` into a data folder, in float32 and with int8 dynamic quantisation
(ONNX Runtime's ``quantize_dynamic``), timed against sentence-transformers on PyTorch with the same
thread count, and (``--scifact``) each path's SciFact hybrid nDCG@10 with the whole corpus embedded by it.

    HF_HUB_OFFLINE=1 .venv/bin/python bench/embedding_onnx.py export
    HF_HUB_OFFLINE=1 .venv/bin/python bench/embedding_onnx.py speed --texts 600 --threads 1 [--record]
    HF_HUB_OFFLINE=1 .venv/bin/python bench/embedding_onnx.py scifact --path onnx --index /tmp/scifact-onnx \
        > /tmp/scifact-onnx.json
    .venv/bin/python bench/embedding_onnx.py record-scifact /tmp/scifact-torch.json /tmp/scifact-onnx.json ...

The exported files go to ``data/onnx/`` (not committed; ``export`` makes them again).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from bench.embedding_int8 import sentences  # noqa: E402
from retrieval.embeddings import DEFAULT_MODEL, Embedder, ProgressCallback, resolve_model  # noqa: E402

EXPORT_FOLDER = REPO / "data" / "onnx" / DEFAULT_MODEL
FLOAT_MODEL = "model.onnx"
INT8_MODEL = "model_int8.onnx"
# sentence-transformers' setting for this model (sentence_bert_config.json): longer texts are cut
MAX_TOKENS = 256


def export(folder: Path = EXPORT_FOLDER) -> Path:
    """The bundled model's transformer as ONNX (dynamic batch and length), and its int8 form."""
    import torch
    from onnxruntime.quantization import QuantType, quantize_dynamic
    from transformers import AutoModel, AutoTokenizer

    folder.mkdir(parents=True, exist_ok=True)
    source = resolve_model(DEFAULT_MODEL)
    model = AutoModel.from_pretrained(source).eval()
    sample = AutoTokenizer.from_pretrained(source)(["a first sentence", "and a second, longer one"],
                                                   padding=True, return_tensors="pt")
    names = ["input_ids", "attention_mask", "token_type_ids"]
    axes = {name: {0: "batch", 1: "tokens"} for name in names}
    axes["last_hidden_state"] = {0: "batch", 1: "tokens"}
    class Hidden(torch.nn.Module):  # keyword arguments in, the token vectors out
        def __init__(self) -> None:
            super().__init__()
            self.model = model

        def forward(self, input_ids, attention_mask, token_type_ids):
            return self.model(input_ids=input_ids, attention_mask=attention_mask,
                              token_type_ids=token_type_ids).last_hidden_state

    with torch.no_grad():
        torch.onnx.export(Hidden().eval(), tuple(sample[name] for name in names), str(folder / FLOAT_MODEL),
                          input_names=names, output_names=["last_hidden_state"], dynamic_axes=axes,
                          opset_version=17, dynamo=False)
    quantize_dynamic(str(folder / FLOAT_MODEL), str(folder / INT8_MODEL), weight_type=QuantType.QInt8)
    return folder


class OnnxEmbedder(Embedder):
    """The same vectors as ``Embedder`` (mean of the token vectors under the attention mask, unit
    length), computed by ONNX Runtime from the exported model."""

    def __init__(self, file: Path, threads: int, batch_size: int = 64) -> None:
        super().__init__(DEFAULT_MODEL, batch_size)
        import onnxruntime
        from transformers import AutoTokenizer

        options = onnxruntime.SessionOptions()
        options.intra_op_num_threads = threads
        options.inter_op_num_threads = 1
        self._session = onnxruntime.InferenceSession(str(file), options, providers=["CPUExecutionProvider"])
        self._tokenizer = AutoTokenizer.from_pretrained(resolve_model(DEFAULT_MODEL))
        self._inputs = {i.name for i in self._session.get_inputs()}

    @property
    def dimension(self) -> int:
        return 384

    def embed(self, texts: Sequence[str], progress: ProgressCallback | None = None) -> np.ndarray:
        order = np.argsort([len(t) for t in texts], kind="stable")  # as Embedder: less padding per batch
        vectors = np.empty((len(texts), 384), dtype=np.float32)
        for start in range(0, len(texts), self.batch_size):
            batch = order[start:start + self.batch_size]
            vectors[batch] = self._batch([texts[i] for i in batch])
            if progress is not None:
                progress(min(start + self.batch_size, len(texts)), len(texts))
        return vectors

    def embed_queries(self, queries: Sequence[str]) -> np.ndarray:
        return self.embed(queries)

    def _batch(self, texts: list[str]) -> np.ndarray:
        tokens = self._tokenizer(texts, padding=True, truncation=True, max_length=MAX_TOKENS, return_tensors="np")
        feed = {name: tokens[name].astype(np.int64) for name in self._inputs}
        hidden = self._session.run(None, feed)[0]
        mask = tokens["attention_mask"][..., None].astype(np.float32)
        pooled = (hidden * mask).sum(axis=1) / np.maximum(mask.sum(axis=1), 1e-9)
        return pooled / np.maximum(np.linalg.norm(pooled, axis=1, keepdims=True), 1e-12)


def timed(embedder: Embedder, texts: list[str]) -> tuple[np.ndarray, float, float]:
    """Vectors, texts per second of wall time and per second of this process's CPU time."""
    embedder.embed(texts[:32])  # warm-up (and the model loaded)
    wall, cpu = time.perf_counter(), time.process_time()
    vectors = embedder.embed(texts)
    return vectors, len(texts) / (time.perf_counter() - wall), len(texts) / (time.process_time() - cpu)


def speed(count: int, threads: int) -> dict:
    import torch

    texts = sentences(count)
    torch.set_num_threads(threads)
    reference, torch_rate, torch_cpu_rate = timed(Embedder(DEFAULT_MODEL), texts)
    report: dict = {"texts": len(texts), "threads": threads,
                    "torch": {"per_s": round(torch_rate, 1), "per_cpu_s": round(torch_cpu_rate, 1)}}
    for label, file in (("onnx", FLOAT_MODEL), ("onnx_int8", INT8_MODEL)):
        vectors, rate, cpu_rate = timed(OnnxEmbedder(EXPORT_FOLDER / file, threads), texts)
        cosines = (vectors * reference).sum(axis=1)
        report[label] = {"per_s": round(rate, 1), "per_cpu_s": round(cpu_rate, 1),
                         "speed_up": round(rate / torch_rate, 2),
                         "cosine_to_torch_mean": round(float(cosines.mean()), 5),
                         "cosine_to_torch_min": round(float(cosines.min()), 5)}
        print(label, report[label], file=sys.stderr)
    return report


def scifact(path: str, index_dir: Path, threads: int) -> dict:
    """Embed the whole SciFact corpus by ``path`` (torch, onnx, onnx_int8) into an exact index and
    score hybrid nDCG@10 on the test claims, as bench/retrieval.py does."""
    import torch

    from retrieval.evaluation import evaluate, read_qrels, read_queries
    from retrieval.index import PaperIndex
    from retrieval.ingest import ingest_paths

    data = REPO.parent / "shared" / "data" / "scifact"
    torch.set_num_threads(threads)
    files = {"onnx": FLOAT_MODEL, "onnx_int8": INT8_MODEL}
    embedder = Embedder(DEFAULT_MODEL) if path == "torch" else OnnxEmbedder(EXPORT_FOLDER / files[path], threads)
    wall, cpu = time.perf_counter(), time.process_time()
    index = PaperIndex.build(ingest_paths([data / "corpus.jsonl"]).documents, index_dir, DEFAULT_MODEL, embedder=embedder)
    build = {"build_seconds": round(time.perf_counter() - wall, 1), "build_cpu_seconds": round(time.process_time() - cpu, 1)}
    result = evaluate(index, read_queries(data / "beir" / "queries.jsonl"), read_qrels(data / "beir" / "qrels" / "test.beir.tsv"))
    return {"path": path, "threads": threads, "passages": index.manifest.passages, **build,
            "ndcg@10": round(result.ndcg_at_10, 4), "recall@100": round(result.recall_at_100, 4)}


def record_speed(report: dict, command: str) -> None:
    """The speed comparison, on record in bench/results/embedding.json. Per CPU second is the fair
    figure on a shared machine: wall rates fall with whatever else runs on the cores."""
    from bench.results import write_results

    note = f"{report['texts']} SciFact sentences, {report['threads']} thread(s)"
    figures = [{"figure": "PyTorch float32 embedding rate per CPU second", "value": report["torch"]["per_cpu_s"],
                "unit": "texts/s", "note": f"{note}; {report['torch']['per_s']}/s wall"}]
    for label, name in (("onnx", "ONNX Runtime float32"), ("onnx_int8", "ONNX Runtime int8 (dynamic)")):
        found = report[label]
        figures.append({"figure": f"{name} embedding rate per CPU second", "value": found["per_cpu_s"],
                        "unit": "texts/s", "note": f"{note}; {found['per_s']}/s wall"})
        figures.append({"figure": f"{name}: mean cosine to the PyTorch vector", "value": found["cosine_to_torch_mean"],
                        "decimals": 4, "note": f"lowest {found['cosine_to_torch_min']}"})
    write_results("embedding", "Scale", command, figures)


QUALITY_NAMES = {"torch": "PyTorch float32", "onnx": "ONNX Runtime float32", "onnx_int8": "ONNX Runtime int8 (dynamic)"}


def record_scifact(reports: list[dict]) -> None:
    """Each saved ``scifact`` report's nDCG@10 and Recall@100 added to bench/results/embedding.json
    (a figure of the same name replaced); the speed figures there keep their own commit and date."""
    import datetime as dt

    from bench.results import RESULTS, Figure, Results, current_commit

    path = RESULTS / "embedding.json"
    results = Results.model_validate_json(path.read_text(encoding="utf-8"))
    commit, date = current_commit(), dt.datetime.now(dt.UTC).date().isoformat()
    added = []
    for report in reports:
        name = QUALITY_NAMES[report["path"]]
        note = (f"{report['passages']:,} passages embedded, {report['threads']} threads, "
                f"{report['build_cpu_seconds']:,.0f} CPU s ({report['build_seconds']:,.0f} s wall)")
        command = (f"HF_HUB_OFFLINE=1 .venv/bin/python bench/embedding_onnx.py scifact --path {report['path']} "
                   f"--index DIR --threads {report['threads']}")
        for label, key in (("nDCG@10", "ndcg@10"), ("Recall@100", "recall@100")):
            added.append(Figure(figure=f"SciFact hybrid {label}, corpus embedded by {name}", value=report[key],
                                decimals=3, note=note, command=command, commit=commit, date=date))
    names = {figure.figure for figure in added}
    results.figures = [f for f in results.figures if f.figure not in names] + added
    path.write_text(results.model_dump_json(indent=2, exclude_defaults=True) + "\n", encoding="utf-8")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("export")
    s = commands.add_parser("speed")
    s.add_argument("--texts", type=int, default=600)
    s.add_argument("--threads", type=int, default=1)
    s.add_argument("--record", action="store_true", help="write bench/results/embedding.json")
    s.add_argument("--from-report", type=Path, help="record this saved output of `speed` instead of measuring")
    q = commands.add_parser("scifact")
    q.add_argument("--path", choices=["torch", "onnx", "onnx_int8"], required=True)
    q.add_argument("--index", type=Path, required=True)
    q.add_argument("--threads", type=int, default=2)
    r = commands.add_parser("record-scifact", help="record saved `scifact` outputs in bench/results/embedding.json")
    r.add_argument("reports", type=Path, nargs="+")
    args = parser.parse_args()
    if args.command == "export":
        print(export())
    elif args.command == "speed":
        report = json.loads(args.from_report.read_text()) if args.from_report else speed(args.texts, args.threads)
        if args.record:
            record_speed(report, f"HF_HUB_OFFLINE=1 .venv/bin/python bench/embedding_onnx.py speed "
                                 f"--texts {report['texts']} --threads {report['threads']}")
        print(json.dumps(report, indent=2))
    elif args.command == "record-scifact":
        record_scifact([json.loads(report.read_text()) for report in args.reports])
    else:
        print(json.dumps(scifact(args.path, args.index, args.threads), indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
