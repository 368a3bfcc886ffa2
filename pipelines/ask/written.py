"""An answer written by the user's own LLM, where one is configured and asked for (`generate`): the
retrieved sources go to it as numbered passages, its sentences are checked against them as they stream
(pipelines/generate/), and the extractive answer stands in when it fails, times out or keeps nothing."""

from __future__ import annotations

from collections.abc import AsyncGenerator
from contextlib import aclosing

from models.ask import Answer, AskRequest, Generation
from pipelines.ask.compose import Composition, stored_dates
from pipelines.generate.prompt import Passage
from pipelines.generate.upstream import Upstream
from pipelines.generate.write import Written, write
from pipelines.runtime.clock import from_ms
from pipelines.runtime.service import Services

NO_LLM = "no LLM is configured (MEMSVC_LLM_BASE_URL)"
FROM_GRAPH = "answered from the graph: its list is read from the store as it stands"
NOTHING = "nothing was retrieved to write an answer from"


def wanted(services: Services, request: AskRequest) -> bool:
    """Whether this request asks for an LLM answer: its `generate`, else the service's default."""
    if request.generate is not None:
        return request.generate
    return services.settings.llm_configured and services.settings.llm_generate


def upstream(services: Services) -> Upstream | None:
    settings = services.settings
    if not settings.llm_configured:
        return None
    return Upstream(
        base_url=settings.llm_base_url.strip(),
        model=settings.llm_model,
        api_key=settings.llm_api_key.get_secret_value(),
        timeout_s=settings.llm_timeout_s,
    )


def passages(composition: Composition) -> list[Passage]:
    """The answer's sources as the LLM sees them, numbered as they are cited."""
    return [
        Passage(
            number=number,
            content=candidate.row["content"],
            snippet=source.snippet,
            written=from_ms(candidate.row["ts"]).date(),
            source=source.source,
            dates=stored_dates(candidate),
        )
        for number, (source, candidate) in enumerate(
            zip(composition.sources, composition.cited, strict=True), start=1
        )
    ]


def spaced(sentences: list[str]) -> list[str]:
    """The pieces a stream sends: one per sentence, the space before it included."""
    return [s if i == 0 else " " + s for i, s in enumerate(sentences)]


async def pieces(
    services: Services,
    request: AskRequest,
    composition: Composition,
    answer: Answer,
    from_graph: bool,
) -> AsyncGenerator[str]:
    """The answer's text a sentence at a time: the LLM's checked sentences, or the extractive answer's.
    `answer` is complete (its `text` and `generation`) once they are all read."""
    extractive = composition.sentences or [answer.text]
    llm = upstream(services)
    reason = NO_LLM if llm is None else FROM_GRAPH if from_graph else None
    if reason is None and not composition.cited:
        reason = NOTHING
    if llm is None or reason is not None:
        answer.generation = Generation(model=llm.model if llm else None, used=False, reason=reason)
        for piece in spaced(extractive):
            yield piece
        return
    into = Written(model=llm.model)
    first = True
    try:
        async with aclosing(
            write(
                llm,
                request.question,
                passages(composition),
                services.clock().date(),
                services.models.embedder.encode,
                services.settings.llm_max_tokens,
                into,
            )
        ) as sentences:
            async for sentence in sentences:
                yield sentence if first else " " + sentence
                first = False
    finally:
        # Also when the reader stops early (chat's max_tokens): what was kept so far is the answer.
        used = bool(into.sentences)
        answer.generation = Generation(model=llm.model, used=used, dropped=into.dropped, reason=into.reason)
        if used:
            answer.text = " ".join(into.sentences)
    if not used:
        for piece in spaced(extractive):
            yield piece
    if answer.reasoning is not None:
        answer.reasoning.append(
            f"Wrote the answer with {llm.model or 'the LLM'}: kept {len(into.sentences)} sentences, "
            f"dropped {into.dropped}" + (f"; {into.reason}." if into.reason else ".")
        )
        answer.reasoning.extend(
            f"Dropped (no supporting citation): {text!r}" for text in into.dropped_texts[:5]
        )
