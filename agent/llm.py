"""The LLM client, the only module importing `openai` (lazily): one chat call to an
OpenAI-compatible endpoint with a timeout, bounded seeded backoff on 429 / 5xx / timeouts,
and failures as data. Settings come in a frozen `LLMOptions`; the key is never shown."""
from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from typing import Callable, Mapping, Sequence

ENV_BASE_URL, ENV_KEY, ENV_MODEL = "OPENAI_BASE_URL", "OPENAI_API_KEY", "ARGUS_MODEL"
RETRY_STATUS = frozenset({408, 409, 429, 500, 502, 503, 504})


class LLMConfigError(Exception):
    """The environment does not name an endpoint, a model or a key; the message says which."""


@dataclass(frozen=True)
class LLMOptions:
    base_url: str
    model: str
    api_key: str = field(repr=False)     # repr=False: an Options printed in a log shows no key
    timeout_s: float = 120.0
    retries: int = 4                     # extra attempts after the first, on retryable failures
    backoff_s: float = 1.0
    backoff_max_s: float = 30.0
    seed: int = 0
    temperature: float = 0.2
    max_tokens: int = 4096


def options_from_env(env: Mapping[str, str], **overrides) -> LLMOptions:
    """Called at the edge (the CLI) only. A missing variable is a LLMConfigError."""
    missing = [k for k in (ENV_BASE_URL, ENV_KEY, ENV_MODEL) if not env.get(k)]
    if missing:
        raise LLMConfigError(f"--llm needs {', '.join(missing)} in the environment "
                             f"(an OpenAI-compatible endpoint, its key and the model name)")
    return LLMOptions(base_url=env[ENV_BASE_URL], model=env[ENV_MODEL], api_key=env[ENV_KEY], **overrides)


@dataclass(frozen=True)
class Usage:
    prompt_tokens: int = 0
    completion_tokens: int = 0
    total_tokens: int = 0

    def __add__(self, other: "Usage") -> "Usage":
        return Usage(self.prompt_tokens + other.prompt_tokens, self.completion_tokens + other.completion_tokens,
                     self.total_tokens + other.total_tokens)

    def as_dict(self) -> dict:
        return {"prompt_tokens": self.prompt_tokens, "completion_tokens": self.completion_tokens,
                "total_tokens": self.total_tokens}


@dataclass(frozen=True)
class Reply:
    """One chat call's outcome. `error` is empty on success; otherwise it is a one-line
    description fit to show the user (and never contains the key)."""
    text: str
    usage: Usage
    attempts: int
    error: str = ""
    finish_reason: str = ""
    kind: str = "ok"        # ok; empty or malformed (feedback for the model); failed (the endpoint)

    @property
    def ok(self) -> bool:
        return self.kind == "ok"

    def as_dict(self) -> dict:
        return {"kind": self.kind, "error": self.error, "attempts": self.attempts,
                "finish_reason": self.finish_reason, "usage": self.usage.as_dict()}


def backoff_delay(opts: LLMOptions, call: int, attempt: int) -> float:
    """Exponential in the attempt, capped, with up to 25% jitter drawn from the seed so a
    run's waits are reproducible."""
    jitter = random.Random(f"{opts.seed}:{call}:{attempt}").random() * 0.25
    return min(opts.backoff_max_s, opts.backoff_s * (2 ** attempt)) * (1.0 + jitter)


class Client:
    """A chat client over one endpoint. `sleep` is injected so tests do not wait."""

    def __init__(self, opts: LLMOptions, sleep: Callable[[float], None] = time.sleep):
        import openai   # lazy: nothing else in Argus needs it
        self._openai = openai
        self._opts = opts
        self._sleep = sleep
        self._calls = 0
        # max_retries=0: retries are ours, bounded and with seeded jitter.
        self._client = openai.OpenAI(api_key=opts.api_key, base_url=opts.base_url,
                                     timeout=opts.timeout_s, max_retries=0)

    def chat(self, messages: Sequence[dict]) -> Reply:
        call, self._calls = self._calls, self._calls + 1
        last = ""
        for attempt in range(self._opts.retries + 1):
            if attempt:
                self._sleep(backoff_delay(self._opts, call, attempt - 1))
            reply, retry = self._attempt(list(messages), attempt + 1)
            if reply is not None:
                return reply
            last = retry
        n = self._opts.retries + 1
        return Reply("", Usage(), n, error=f"no usable answer after {n} attempt{'s' if n > 1 else ''}; last: {last}",
                     kind="failed")

    def _attempt(self, messages: list[dict], n: int) -> tuple[Reply | None, str]:
        """(reply, "") when the call is over, (None, why) when it should be retried."""
        oa, o = self._openai, self._opts
        try:
            resp = self._client.chat.completions.create(model=o.model, messages=messages, seed=o.seed,
                                                        temperature=o.temperature, max_tokens=o.max_tokens)
        except oa.APITimeoutError:
            return None, f"no answer within {o.timeout_s:g} s"
        except oa.APIStatusError as err:
            why = f"HTTP {err.status_code}"
            if err.status_code in RETRY_STATUS:
                return None, why
            return Reply("", Usage(), n, error=self._scrub(f"{why}: {_short(err.message)}"), kind="failed"), ""
        except oa.APIConnectionError as err:
            return None, self._scrub(f"connection failed: {_short(str(err))}")
        except (oa.OpenAIError, ValueError) as err:   # a body that is not JSON or not a completion
            why = self._scrub(f"malformed answer: {_short(str(err))}")
            return Reply("", Usage(), n, error=why, kind="malformed"), ""
        return _reply_of(resp, n), ""

    def _scrub(self, text: str) -> str:
        return text.replace(self._opts.api_key, "***") if self._opts.api_key else text


def _short(text: str, limit: int = 200) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[:limit] + "..."


def _reply_of(resp, n: int) -> Reply:
    """A completion object, read defensively: an endpoint may omit any field."""
    u = getattr(resp, "usage", None)
    usage = Usage(int(getattr(u, "prompt_tokens", 0) or 0), int(getattr(u, "completion_tokens", 0) or 0),
                  int(getattr(u, "total_tokens", 0) or 0)) if u is not None else Usage()
    choices = getattr(resp, "choices", None)
    if not isinstance(choices, list) or not choices:
        return Reply("", usage, n, error="malformed answer: no choices", kind="malformed")
    choice = choices[0]
    message = getattr(choice, "message", None)
    text = getattr(message, "content", None)
    finish = str(getattr(choice, "finish_reason", "") or "")
    if not isinstance(text, str) or not text.strip():
        return Reply("", usage, n, error="empty answer", finish_reason=finish, kind="empty")
    return Reply(text, usage, n, finish_reason=finish)
