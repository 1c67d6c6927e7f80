"""Embedding speed and agreement: all-MiniLM-L6-v2 in float32 against PyTorch dynamic int8 quantisation
of its linear layers (no extra package; ONNX Runtime is not installed here), one thread each.

    HF_HUB_OFFLINE=1 .venv/bin/python bench/embedding_int8.py --texts 600

Prints texts per second for both and the cosine between each text's two vectors (1.0 = the same
vector). Quality on SciFact needs the whole corpus embedded again in int8 (not measured here).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from retrieval.embeddings import DEFAULT_MODEL, Embedder  # noqa: E402

SCIFACT = REPO.parent / "shared" / "data" / "scifact" / "corpus.jsonl"


def sentences(count: int) -> list[str]:
    from retrieval.documents import split_sentences

    found: list[str] = []
    with open(SCIFACT, encoding="utf-8") as lines:
        for line in lines:
            found.extend(split_sentences(" ".join(json.loads(line)["abstract"])))
            if len(found) >= count:
                return found[:count]
    return found


def rate(model, texts: list[str]):
    model.encode(texts[:32])  # warm-up
    started = time.perf_counter()
    vectors = model.encode(texts, batch_size=64, normalize_embeddings=True)
    return vectors, len(texts) / (time.perf_counter() - started)


def main() -> int:
    import torch

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--texts", type=int, default=600)
    args = parser.parse_args()
    texts = sentences(args.texts)
    torch.set_num_threads(1)
    model = Embedder(DEFAULT_MODEL)._loaded()
    full, full_rate = rate(model, texts)
    quantized = torch.quantization.quantize_dynamic(model, {torch.nn.Linear}, dtype=torch.qint8)
    small, small_rate = rate(quantized, texts)
    cosines = (full * small).sum(axis=1)
    print(json.dumps({"texts": len(texts), "float32_per_s": round(full_rate, 1), "int8_per_s": round(small_rate, 1),
                      "speed_up": round(small_rate / full_rate, 2), "cosine_mean": round(float(cosines.mean()), 4),
                      "cosine_min": round(float(cosines.min()), 4)}, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
