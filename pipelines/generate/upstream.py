"""The user's own LLM: any OpenAI-compatible chat-completions server (Ollama, vLLM, llama.cpp's server,
LM Studio, OpenAI), asked for a streamed completion. Nothing else in the service talks to it."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from dataclasses import dataclass

import httpx

CONNECT_TIMEOUT_S = 5.0


class UpstreamFailed(Exception):
    """The upstream could not be reached, refused the request, or sent something unreadable; the
    message says which, for `generation.fallback`."""


@dataclass(frozen=True)
class Upstream:
    base_url: str  # up to and including the API's version: "http://127.0.0.1:11434/v1"
    model: str
    api_key: str = ""
    timeout_s: float = 60.0

    @property
    def url(self) -> str:
        return self.base_url.rstrip("/") + "/chat/completions"

    def _headers(self) -> dict[str, str]:
        headers = {"Accept": "text/event-stream"}
        if self.api_key:
            headers["Authorization"] = f"Bearer {self.api_key}"
        return headers

    async def stream(self, messages: list[dict[str, str]], max_tokens: int) -> AsyncIterator[str]:
        """The completion's text as the upstream streams it. Raises UpstreamFailed; the caller bounds the
        whole answer's time."""
        body = {
            "model": self.model,
            "messages": messages,
            "stream": True,
            # The answer restates the sources; sampling would only add ways to misquote them.
            "temperature": 0,
            "max_tokens": max_tokens,
        }
        timeout = httpx.Timeout(self.timeout_s, connect=CONNECT_TIMEOUT_S)
        try:
            async with (
                httpx.AsyncClient(timeout=timeout) as client,
                client.stream("POST", self.url, json=body, headers=self._headers()) as response,
            ):
                if response.status_code != 200:
                    reason = await _reason(response)
                    raise UpstreamFailed(f"the LLM answered {response.status_code}: {reason}")
                finished = False
                async for line in response.aiter_lines():
                    text, ended = _event(line)
                    finished = finished or ended
                    if text:
                        yield text
                if not finished:
                    # llama.cpp's server, for one, ends the stream bare when the prompt overflows its
                    # context: an answer cut off there is not a whole answer.
                    raise UpstreamFailed("the LLM's stream ended before its answer did")
        except httpx.TimeoutException:
            raise UpstreamFailed("the LLM did not answer in time") from None
        except httpx.HTTPError as exc:
            raise UpstreamFailed(f"the LLM could not be reached ({type(exc).__name__})") from None


def _event(line: str) -> tuple[str | None, bool]:
    """The text one server-sent line carries (`data: {choices: [{delta: {content}}]}`), and whether it
    ends the answer (`data: [DONE]`, or a choice's `finish_reason`)."""
    if not line.startswith("data:"):
        return None, False  # a comment, an `event:` line, a blank
    payload = line[len("data:") :].strip()
    if payload == "[DONE]":
        return None, True
    try:
        event = json.loads(payload)
    except json.JSONDecodeError:
        raise UpstreamFailed("the LLM sent an event that is not JSON") from None
    if isinstance(event, dict) and "error" in event:
        raise UpstreamFailed(f"the LLM reported an error: {_message(event)}")
    try:
        choice = event["choices"][0] if event["choices"] else {}
        content = (choice.get("delta") or {}).get("content")
        finished = choice.get("finish_reason") is not None
    except (KeyError, TypeError, AttributeError, IndexError):
        raise UpstreamFailed("the LLM sent an event without choices") from None
    return (content if isinstance(content, str) and content else None), finished


async def _reason(response: httpx.Response) -> str:
    raw = (await response.aread())[:2_000]
    try:
        return _message(json.loads(raw))
    except (json.JSONDecodeError, UnicodeDecodeError):
        return raw.decode("utf-8", "replace").strip()[:200] or response.reason_phrase


def _message(body: object) -> str:
    error = body.get("error") if isinstance(body, dict) else None
    if isinstance(error, dict):
        return str(error.get("message") or error)[:200]
    return str(error or body)[:200]
