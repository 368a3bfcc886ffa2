"""POST /v1/feedback: a vote on an answer nudges the ranking of the memories it cited; a thumbs down
with a correction stores the correction as a memory that `corrects` them, so the next ask uses it."""

from __future__ import annotations

import logging

from graph import feedback as repo
from graph import memories as memory_repo
from models.errors import AuthenticationFailed, NotFound, ValidationFailed
from models.feedback import Feedback, FeedbackRequest, Rating
from models.memory import Link, LinkKind, Memory, RememberRequest
from pipelines.ingest import ingest
from pipelines.runtime.clock import from_ms, to_ms
from pipelines.runtime.ids import new_id
from pipelines.runtime.service import Services

CORRECTION_SOURCE = "feedback"
log = logging.getLogger(__name__)


async def give_feedback(services: Services, account_id: str, request: FeedbackRequest) -> Feedback:
    driver = services.driver
    if request.correction and request.rating is not Rating.down:
        raise ValidationFailed("A correction goes with rating 'down'.", param="correction")
    source_ids = list(dict.fromkeys(request.source_ids))
    known = await repo.existing_memories(driver, account_id=account_id, ids=source_ids)
    if missing := [i for i in source_ids if i not in known]:
        raise NotFound(f"No memory with id {missing[0]!r}.", param="source_ids")
    now = from_ms(to_ms(services.clock()))
    correction: Memory | None = None
    if request.correction:
        correction = await ingest.remember(
            services,
            account_id,
            RememberRequest(content=request.correction, source=CORRECTION_SOURCE, timestamp=now),
            extra_links=[Link(target_id=i, kind=LinkKind.corrects, score=1.0) for i in source_ids],
        )
    feedback = Feedback(
        id=new_id("fb"),
        question=request.question,
        answer=request.answer,
        rating=request.rating,
        correction=request.correction,
        source_ids=source_ids,
        correction_memory=correction,
        created_at=now,
    )
    properties = {
        "id": feedback.id,
        "question": feedback.question,
        "answer": feedback.answer,
        "rating": feedback.rating.value,
        "correction": feedback.correction,
        "correction_memory_id": correction.id if correction else None,
        "source_ids": source_ids,
        "created_ms": to_ms(now),
    }
    try:
        created = await repo.create_feedback(driver, account_id=account_id, feedback=properties)
    except Exception:
        await _undo(services, account_id, correction)
        raise
    if not created:  # the account vanished meanwhile
        await _undo(services, account_id, correction)
        raise AuthenticationFailed("The API key's account no longer exists.")
    return feedback


async def _undo(services: Services, account_id: str, correction: Memory | None) -> None:
    """Nothing half-written: the correction memory goes when its feedback could not be stored."""
    if correction is None:
        return
    try:
        await memory_repo.delete_memory(services.driver, account_id=account_id, id=correction.id)
    except Exception:  # the store is down: the error that brought us here is the one to report
        log.exception("could not remove correction memory %s", correction.id)
