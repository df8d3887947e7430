"""A scripted OpenAI-compatible chat endpoint on 127.0.0.1 (ephemeral port), for tests: each
request gets the next scripted step (an answer, an HTTP status, a stall or a raw body) and
is recorded, so a test can read back the prompts the client sent."""
from __future__ import annotations

import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


def answer(content: str | None, prompt_tokens: int = 100, completion_tokens: int = 50) -> dict:
    return {"content": content, "usage": (prompt_tokens, completion_tokens)}


def status(code: int, message: str = "scripted") -> dict:
    return {"status": code, "message": message}


def stall(seconds: float) -> dict:
    return {"stall": seconds}


def raw(body: bytes) -> dict:
    return {"raw": body}


def _completion(step: dict, n: int) -> dict:
    p, c = step["usage"]
    return {"id": f"chatcmpl-{n}", "object": "chat.completion", "created": 0, "model": "scripted",
            "choices": [{"index": 0, "finish_reason": "stop",
                         "message": {"role": "assistant", "content": step["content"]}}],
            "usage": {"prompt_tokens": p, "completion_tokens": c, "total_tokens": p + c}}


class ScriptedServer:
    """`with ScriptedServer(steps) as srv:` serves srv.base_url; srv.requests holds each
    request's JSON body; requests beyond the script get HTTP 500."""

    def __init__(self, steps: list[dict]):
        self.steps, self.requests, self.paths = list(steps), [], []
        self._lock = threading.Lock()
        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self._httpd.daemon_threads = True
        self._thread = threading.Thread(target=self._httpd.serve_forever, daemon=True)

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self._httpd.server_address[1]}/v1"

    def __enter__(self) -> "ScriptedServer":
        self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self._httpd.shutdown()
        self._httpd.server_close()

    def _next(self, body: dict, path: str) -> tuple[int, dict | None]:
        with self._lock:
            self.requests.append(body)
            self.paths.append(path)
            n = len(self.requests)
            return n, (self.steps.pop(0) if self.steps else None)

    def _handler(self):
        server = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):   # keep test output quiet
                pass

            def do_POST(self):
                length = int(self.headers.get("Content-Length", 0))
                body = json.loads(self.rfile.read(length) or b"{}")
                n, step = server._next(body, self.path)
                if step is None:
                    return self._send(500, json.dumps({"error": {"message": "script exhausted"}}).encode())
                if "stall" in step:
                    time.sleep(step["stall"])
                    return self._send(200, json.dumps(_completion(answer("late"), n)).encode())
                if "status" in step:
                    return self._send(step["status"], json.dumps({"error": {"message": step["message"]}}).encode())
                if "raw" in step:
                    return self._send(200, step["raw"])
                return self._send(200, json.dumps(_completion(step, n)).encode())

            def _send(self, code: int, payload: bytes):
                try:
                    self.send_response(code)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(payload)))
                    self.end_headers()
                    self.wfile.write(payload)
                except (BrokenPipeError, ConnectionResetError):   # the client gave up (timeout)
                    pass

        return Handler
