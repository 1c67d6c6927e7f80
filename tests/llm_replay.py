"""A small OpenAI-compatible server on 127.0.0.1 that replays scripted responses, for the tests of
the OpenAI backend and of what uses it.

It answers ``POST /v1/chat/completions`` from a file in tests/fixtures/llm_replay/: responses in the
OpenAI wire format (hand-written, since tests have no network), including broken JSON, schema-invalid
JSON, a slow reply that times out, 429 rate limits and 500 errors; a script may repeat its last
response for every later request (a model that always fails). It records every request, so the
tests also check what the client sends.
"""

from __future__ import annotations

import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

REPLAY_DIR = Path(__file__).parent / "fixtures" / "llm_replay"
SECRET = "sk-test-secret-never-logged"


class ReplayServer:
    def __init__(self) -> None:
        self.responses: list[dict] = []
        self.repeat_last = False  # a fixture's "repeat_last": its last response answers every later request
        self.requests: list[dict] = []
        self.headers: list[dict[str, str]] = []
        self._lock = threading.Lock()
        server = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802 (http.server's naming)
                length = int(self.headers.get("Content-Length", 0))
                body = json.loads(self.rfile.read(length) or b"{}")
                with server._lock:
                    server.requests.append(body)
                    server.headers.append({k.lower(): v for k, v in self.headers.items()})
                    if len(server.responses) == 1 and server.repeat_last:
                        step = server.responses[0]
                    else:
                        step = server.responses.pop(0) if server.responses else {
                            "status": 500, "body": {"error": {"message": "replay exhausted"}}}
                time.sleep(step.get("delay_s", 0))
                payload = json.dumps(step["body"]).encode()
                try:
                    self.send_response(step["status"])
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(payload)))
                    for name, value in step.get("headers", {}).items():
                        self.send_header(name, value)
                    self.end_headers()
                    self.wfile.write(payload)
                except (BrokenPipeError, ConnectionResetError):
                    pass  # the client gave up waiting (the timeout case)

            def log_message(self, *args: object) -> None:
                pass

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._server.daemon_threads = True
        self.url = f"http://127.0.0.1:{self._server.server_address[1]}/v1"
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)
        self._thread.start()

    def play(self, name: str) -> None:
        script = json.loads((REPLAY_DIR / f"{name}.json").read_text())
        self.responses, self.repeat_last = script["responses"], script.get("repeat_last", False)
        self.requests.clear()
        self.headers.clear()

    def close(self) -> None:
        self._server.shutdown()
        self._server.server_close()
