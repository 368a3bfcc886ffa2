"""A test double of an OpenAI-compatible chat-completions server: a real HTTP server on a free port that
streams a scripted answer (or an error, or nothing in time), and keeps the requests it was sent. The
real upstream is exercised in tests/test_llm_server.py (llama.cpp's server with SmolLM2)."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


@dataclass
class Script:
    """What the double does with the next request."""

    text: str = ""  # streamed in pieces of `piece` characters
    piece: int = 7
    status: int = 200
    delay_s: float = 0.0  # before each piece
    raw: list[str] | None = None  # server-sent lines sent as they are, instead of `text`


@dataclass
class LLMDouble:
    script: Script = field(default_factory=Script)
    requests: list[dict] = field(default_factory=list)
    headers: list[dict[str, str]] = field(default_factory=list)
    answer: Callable[[dict], Script] | None = None  # a script per request, when set
    server: ThreadingHTTPServer | None = None

    @property
    def base_url(self) -> str:
        assert self.server is not None
        return f"http://127.0.0.1:{self.server.server_address[1]}/v1"

    def start(self) -> LLMDouble:
        double = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: object) -> None:
                pass

            def do_POST(self) -> None:
                body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                double.requests.append(body)
                double.headers.append(dict(self.headers))
                script = double.answer(body) if double.answer else double.script
                if script.status != 200:
                    payload = json.dumps({"error": {"message": "model overloaded"}}).encode()
                    self.send_response(script.status)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(payload)))
                    self.end_headers()
                    self.wfile.write(payload)
                    return
                self.send_response(200)
                self.send_header("Content-Type", "text/event-stream")
                self.end_headers()
                lines = script.raw
                if lines is None:
                    pieces = [
                        script.text[i : i + script.piece] for i in range(0, len(script.text), script.piece)
                    ]
                    role = {"choices": [{"index": 0, "delta": {"role": "assistant"}}]}
                    lines = [f"data: {json.dumps(role)}"]
                    lines += [
                        f"data: {json.dumps({'choices': [{'index': 0, 'delta': {'content': p}}]})}"
                        for p in pieces
                    ]
                    lines.append("data: [DONE]")
                try:
                    for line in lines:
                        time.sleep(script.delay_s)
                        self.wfile.write(f"{line}\n\n".encode())
                        self.wfile.flush()
                except (BrokenPipeError, ConnectionResetError):
                    pass  # the service stopped reading: its time-out, or a client's max_tokens

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        return self

    def stop(self) -> None:
        if self.server is not None:
            self.server.shutdown()
            self.server.server_close()
