"""/v1/search: the caller's memories ranked for a query, without a composed answer."""

from __future__ import annotations

from litestar import Controller, post

from app.auth import require_api_key
from app.content import require_json
from app.openapi import keyed_errors
from models.accounts import Caller
from models.search import SearchRequest, SearchResults
from pipelines.ask.search import search_memories
from pipelines.runtime.service import Services


class SearchController(Controller):
    path = "/v1"
    tags = ["search"]
    guards = [require_api_key]
    security = [{"bearer": []}]

    @post(
        "/search",
        status_code=200,
        guards=[require_json],
        summary="Search your memories, ranked, without an answer",
        responses=keyed_errors(415),
    )
    async def search(self, data: SearchRequest, caller: Caller, services: Services) -> SearchResults:
        """Ask's hybrid retrieval (vector, full-text, people and organizations, tags, links; the same
        time, speaker, identifier and feedback adjustments), best first, with each memory's sentence
        closest to the query. Every filter is applied inside the store's queries, within the caller's
        account; one call of the quota."""
        return await search_memories(services, caller.account_id, data)
