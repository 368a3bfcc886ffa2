"""GET /v1/stats."""

from __future__ import annotations

import asyncio

from graph import stats as repo
from models.accounts import Caller, Usage
from models.stats import FeedbackStats, PipelineStats, Stats, UsageStats
from pipelines.runtime.service import Services


async def stats(services: Services, caller: Caller, usage: Usage) -> Stats:
    driver, account_id = services.driver, caller.account_id
    graph, links, feedback = await asyncio.gather(
        repo.graph_counts(driver, account_id=account_id),
        repo.link_counts(driver, account_id=account_id),
        repo.feedback_counts(driver, account_id=account_id),
    )
    return Stats(
        memories=graph.get("memory", 0),
        entities={kind: graph.get(kind, 0) for kind in ("person", "organization", "decision", "action_item")},
        links=links,
        tags=graph.get("tag", 0),
        usage=UsageStats(
            key_kind=caller.kind,
            today=usage.today,
            this_month=usage.this_month,
            limits={"daily": usage.daily_limit, "monthly": usage.monthly_limit},
            remaining=usage.remaining,
        ),
        pipeline=PipelineStats(backends=services.models.backends(), median_ms=services.timings.medians()),
        feedback=FeedbackStats(up=feedback.get("up", 0), down=feedback.get("down", 0)),
    )
