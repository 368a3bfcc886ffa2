"""An answer written by the user's LLM from the retrieved memories, a checked sentence at a time."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import aclosing
from dataclasses import dataclass, field
from datetime import date

from pipelines.generate.citations import Encode, Splitter, check
from pipelines.generate.prompt import Passage, messages
from pipelines.generate.upstream import Upstream, UpstreamFailed


@dataclass
class Written:
    """What the writing came to: the sentences kept, how many were dropped, and what went wrong."""

    model: str
    sentences: list[str] = field(default_factory=list)
    dropped: int = 0
    reason: str | None = None
    dropped_texts: list[str] = field(default_factory=list)  # for `reasoning`: what was left out


async def write(
    upstream: Upstream,
    question: str,
    passages: list[Passage],
    today: date,
    encode: Encode,
    max_tokens: int,
    into: Written,
) -> AsyncIterator[str]:
    """The LLM's sentences that cite a source supporting them (pipelines/generate/citations.py), as the
    upstream streams them; a time-out or a failure ends the answer, and `into` says why."""
    splitter = Splitter()

    async def kept(sentences: list[str]) -> list[str]:
        out = []
        for sentence in sentences:
            checked = await asyncio.to_thread(check, sentence, passages, encode)
            if checked.text is None:
                into.dropped += 1
                into.dropped_texts.append(sentence)
            else:
                into.sentences.append(checked.text)
                out.append(checked.text)
        return out

    try:
        # Closed, not left to the collector, when the reader stops early (a client's max_tokens, a
        # client gone): the upstream's connection ends there, and so does its generation.
        async with (
            asyncio.timeout(upstream.timeout_s),
            aclosing(upstream.stream(messages(question, passages, today), max_tokens)) as stream,
        ):
            async for chunk in stream:
                for sentence in await kept(splitter.feed(chunk)):
                    yield sentence
            for sentence in await kept(splitter.close()):
                yield sentence
    except TimeoutError:
        into.reason = f"the LLM did not finish within {upstream.timeout_s:g} s"
    except UpstreamFailed as exc:
        into.reason = str(exc)
    if not into.sentences and into.reason is None:
        into.reason = (
            f"none of the LLM's {into.dropped} sentences cites a source that supports it"
            if into.dropped
            else "the LLM wrote nothing"
        )
