"""LLM answers through the user's own upstream (pipelines/generate/, pipelines/ask/written.py): the
sentence splitter and the citation check, the upstream client, and ask, streaming and chat completions
against an OpenAI-compatible test double. tests/test_llm_server.py runs the same against a real server."""

from __future__ import annotations

import asyncio
import json
import re
import uuid
from collections.abc import Iterator
from datetime import date
from pathlib import Path

import pytest
from httpx_sse import connect_sse
from litestar.testing import TestClient

from app.main import create_app
from models.settings import Settings
from pipelines.ask.written import FROM_GRAPH, NO_LLM
from pipelines.generate.citations import Splitter, check, sentences
from pipelines.generate.prompt import Passage
from pipelines.generate.upstream import Upstream, UpstreamFailed
from tests.conftest import FakeClock, auth, new_key
from tests.llm_double import LLMDouble, Script

PRICING = Passage(
    1,
    "Standup 2 March: Lucia Romano will update the pricing page by March 7. Ravi is drafting the FAQ.",
    "Lucia Romano will update the pricing page by March 7.",
    date(2026, 3, 2),
    "note",
)
INVOICE = Passage(
    2,
    "Invoice INV-2041 from Northwind for $4,200 is due on 15 April.",
    "Invoice INV-2041 from Northwind for $4,200 is due on 15 April.",
    date(2026, 3, 4),
    "email",
)
CAT = Passage(
    1,
    "Yesterday I adopted a cat named Miso from the shelter.",
    "Yesterday I adopted a cat named Miso from the shelter.",
    date(2023, 5, 8),
    "chat",
    {"yesterday": "2023-05-07"},
)


def test_the_splitter_cuts_whole_sentences_however_the_text_streams():
    text = (
        "Lucia owns the pricing page. [1] Dr. Lee reviews it with J. Ortiz [2].\n"
        "- Ravi drafts the FAQ [1]\nThe invoice is $4,200 [2]"
    )
    expected = [
        "Lucia owns the pricing page. [1]",
        "Dr. Lee reviews it with J. Ortiz [2].",
        "- Ravi drafts the FAQ [1]",
        "The invoice is $4,200 [2]",
    ]
    assert list(sentences([text])) == expected
    assert list(sentences(list(text))) == expected  # a character at a time
    splitter = Splitter()
    assert splitter.feed("Lucia owns it.") == []  # whether markers follow is not known yet
    assert splitter.feed(" [1]") == []
    assert splitter.feed(" Next") == ["Lucia owns it. [1]"]


@pytest.mark.parametrize(
    ("sentence", "kept"),
    [
        # Supported, as the sources say it or in other words; markers end up before the full stop.
        ("Lucia Romano will update the pricing page by March 7 [1].", "…by March 7 [1]."),
        ("Lucia Romano updates the pricing page. [1]", "Lucia Romano updates the pricing page [1]."),
        ("The Northwind invoice is $4,200 [Memory 2].", "The Northwind invoice is $4,200 [2]."),
        # Of two sources cited, only the one that supports it stays; one that does not exist goes.
        ("The Northwind invoice INV-2041 is due on 15 April [1, 2].", "…due on 15 April [2]."),
        ("Lucia updates the pricing page [1][7].", "Lucia updates the pricing page [1]."),
        # A number the source does not state, a source that says something else, no real citation.
        ("Lucia Romano updates the pricing page by March 9 [1].", None),
        ("The Northwind invoice is $4,500 [2].", None),
        ("Ravi owns the Northwind contract renewal [2].", None),
        ("Lucia owns the pricing page [3].", None),
        ("Lucia owns the pricing page.", None),
        ("[1]", None),
    ],
)
def test_a_sentence_is_kept_only_with_a_citation_that_supports_it(sentence, kept):
    checked = check(sentence, [PRICING, INVOICE])
    if kept is None:
        assert checked.text is None
    elif kept.startswith("…"):
        assert checked.text is not None and checked.text.endswith(kept[1:])
    else:
        assert checked.text == kept


def test_dates_may_be_said_as_ingest_resolved_them():
    assert check("You adopted Miso on 7 May 2023 [1].", [CAT]).text == "You adopted Miso on 7 May 2023 [1]."
    assert check("You adopted Miso on 2023-05-07 [1].", [CAT]).text is not None
    assert check("You adopted Miso on 9 May 2023 [1].", [CAT]).text is None


def test_the_prompt_keeps_a_long_memory_s_best_sentence():
    long = " ".join(f"Filler sentence number {i} about nothing much." for i in range(60))
    passage = Passage(
        3, long + " The vault code is 4471. " + long, "The vault code is 4471.", date(2026, 1, 1), "note"
    )
    excerpt = passage.excerpt()
    assert "The vault code is 4471." in excerpt and len(excerpt) <= 720
    assert excerpt.startswith("… ") and excerpt.endswith(" …")
    assert passage.header() == "[3] written 2026-01-01 (note)"


@pytest.fixture
def double() -> Iterator[LLMDouble]:
    llm = LLMDouble().start()
    yield llm
    llm.stop()


def _collect(upstream: Upstream) -> str:
    async def run() -> str:
        return "".join([t async for t in upstream.stream([{"role": "user", "content": "hi"}], 50)])

    return asyncio.run(run())


def test_the_upstream_client_streams_and_says_what_went_wrong(double):
    double.script = Script(text="Hello there [1].")
    assert _collect(Upstream(double.base_url, "m", api_key="sk-test")) == "Hello there [1]."
    assert double.headers[-1]["Authorization"] == "Bearer sk-test"
    assert double.requests[-1] == {
        "model": "m",
        "messages": [{"role": "user", "content": "hi"}],
        "stream": True,
        "temperature": 0,
        "max_tokens": 50,
    }
    double.script = Script(status=503)
    with pytest.raises(UpstreamFailed, match="answered 503: model overloaded"):
        _collect(Upstream(double.base_url, "m"))
    double.script = Script(raw=["data: {not json"])
    with pytest.raises(UpstreamFailed, match="not JSON"):
        _collect(Upstream(double.base_url, "m"))
    double.script = Script(raw=['data: {"error": {"message": "context too long"}}'])
    with pytest.raises(UpstreamFailed, match="context too long"):
        _collect(Upstream(double.base_url, "m"))
    double.script = Script(raw=['data: {"choices": [{"delta": {"content": "Half an ans"}}]}'])
    with pytest.raises(UpstreamFailed, match="ended before its answer did"):
        _collect(Upstream(double.base_url, "m"))
    closed = double.base_url.rsplit(":", 1)[0] + ":9"  # the discard port: nothing listens
    with pytest.raises(UpstreamFailed, match="could not be reached"):
        _collect(Upstream(closed + "/v1", "m"))


NOTES = [
    "Standup: Lucia Romano will update the pricing page by March 7. Ravi Patel is drafting the partner FAQ.",
    "Invoice INV-2041 from Northwind for $4,200 is due on 15 April.",
    "Met Dana Whitfield from Acme Logistics. She wants weekly shipment reports starting in April.",
]


def _passages(prompt: str) -> dict[int, str]:
    """The numbered memories the service put in the prompt."""
    found = re.findall(r"^\[(\d+)\] written [^\n]*\n(.*?)(?=\n\n|\nQuestion:)", prompt, re.M | re.S)
    return {int(n): text for n, text in found}


def _citing(phrase: str, write: str, *extra: str):
    """A double's script: `write`, citing the memory whose text holds `phrase`, then `extra` sentences
    as they are (with `{n}`: that memory's number)."""

    def answer(body: dict) -> Script:
        prompt = body["messages"][-1]["content"]
        number = next(n for n, text in _passages(prompt).items() if phrase in text)
        return Script(
            text=" ".join([f"{write} [{number}].", *(e.replace("{n}", str(number)) for e in extra)])
        )

    return answer


@pytest.fixture
def llm_client(tmp_path: Path, double: LLMDouble) -> Iterator[TestClient]:
    settings = Settings(
        graph_uri=f"falkordb+embedded://{tmp_path / 'data'}",
        graph_name=f"t{uuid.uuid4().hex[:8]}",
        log_level="WARNING",
        llm_base_url=double.base_url + "/",
        llm_model="double-1",
        llm_api_key="sk-test",
        llm_timeout_s=2.0,
    )
    with TestClient(create_app(settings, clock=FakeClock()), raise_server_exceptions=False) as client:
        headers = auth(new_key(client))
        for note in NOTES:
            assert client.post("/v1/remember", json={"content": note}, headers=headers).status_code == 201
        client.headers.update(headers)
        yield client


def test_ask_keeps_the_llm_s_supported_sentences_and_drops_the_rest(llm_client, double):
    question = {"question": "Who is updating the pricing page?"}
    extractive = llm_client.post("/v1/ask", json={**question, "generate": False}).json()
    assert extractive["generation"] is None and not double.requests  # not asked: not called

    double.answer = _citing(
        "pricing page",
        "Lucia Romano is updating the pricing page, due March 7",
        "She will finish it by March 9 [1].",  # a day no memory states
        "Ravi helps her.",  # cites nothing
    )
    answer = llm_client.post("/v1/ask", json={**question, "reasoning": True}).json()
    number = next(i for i, s in enumerate(answer["sources"], 1) if "pricing page" in s["snippet"])
    assert answer["text"] == f"Lucia Romano is updating the pricing page, due March 7 [{number}]."
    assert answer["generation"] == {"model": "double-1", "used": True, "dropped": 2, "reason": None}
    assert answer["sources"] == extractive["sources"] and answer["answer"] == extractive["answer"]
    assert any("Dropped" in step and "March 9" in step for step in answer["reasoning"])
    prompt = double.requests[-1]["messages"][-1]["content"]
    assert "Question: Who is updating the pricing page?" in prompt and "Today is 2026-03-14." in prompt
    assert set(_passages(prompt)) == set(range(1, len(answer["sources"]) + 1))
    assert double.headers[-1]["Authorization"] == "Bearer sk-test"


@pytest.mark.parametrize(
    ("script", "reason"),
    [
        (Script(status=500), "the LLM answered 500: model overloaded"),
        (
            Script(text="Lucia is updating the pricing page [1].", piece=3, delay_s=0.3),
            "did not finish within 2 s",
        ),
        (
            Script(text="Lucia is updating the pricing page. I hope that helps!"),
            "none of the LLM's 2 sentences",
        ),
    ],
)
def test_a_failing_slow_or_uncited_llm_falls_back_to_the_extractive_answer(
    llm_client, double, script, reason
):
    question = {"question": "Who is updating the pricing page?"}
    extractive = llm_client.post("/v1/ask", json={**question, "generate": False}).json()
    double.script = script
    answer = llm_client.post("/v1/ask", json=question).json()
    assert answer["text"] == extractive["text"] and answer["sources"] == extractive["sources"]
    assert answer["generation"]["used"] is False and reason in answer["generation"]["reason"]


def test_answers_from_the_graph_and_empty_retrievals_are_not_sent_to_the_llm(llm_client, double):
    listed = llm_client.post(
        "/v1/ask", json={"question": "What are Lucia Romano's open action items?"}
    ).json()
    assert listed["generation"] == {"model": "double-1", "used": False, "dropped": 0, "reason": FROM_GRAPH}
    nothing = llm_client.post("/v1/ask", json={"question": "What is the office wifi password?"}).json()
    assert nothing["sources"] == [] and nothing["generation"]["used"] is False
    assert not double.requests


def test_the_stream_sends_the_checked_sentences_as_they_come(llm_client, double):
    double.answer = _citing(
        "Northwind",
        "The Northwind invoice INV-2041 is for $4,200",
    )
    question = {"question": "How much is the Northwind invoice?", "stream": True}
    with connect_sse(llm_client, "POST", "/v1/ask", json=question) as source:
        events = [(event.event, json.loads(event.data)) for event in source.iter_sse()]
    names = [name for name, _ in events]
    assert names[0] == "sources" and names[-2:] == ["followups", "done"]
    deltas = [data["text"] for name, data in events if name == "delta"]
    done = events[-1][1]
    assert "".join(deltas) == done["text"] and done["text"].startswith(
        "The Northwind invoice INV-2041 is for $4,200 ["
    )
    assert done["generation"]["used"] is True


def test_chat_completions_write_with_the_llm_and_say_so(llm_client, double):
    double.answer = _citing("Dana", "Dana Whitfield wants weekly shipment reports from April")
    body = {"model": "memory", "messages": [{"role": "user", "content": "What does Dana want?"}]}
    completion = llm_client.post("/v1/chat/completions", json=body).json()
    content = completion["choices"][0]["message"]["content"]
    assert content.startswith("Dana Whitfield wants weekly shipment reports from April [")
    assert completion["generation"]["used"] is True
    off = llm_client.post("/v1/chat/completions", json={**body, "generate": False}).json()
    assert off["generation"] is None and not off["choices"][0]["message"]["content"].startswith(
        "Dana Whitfield wants"
    )
    chunks = []
    with connect_sse(llm_client, "POST", "/v1/chat/completions", json={**body, "stream": True}) as source:
        for event in source.iter_sse():
            if event.data != "[DONE]":
                chunks.append(json.loads(event.data))
    text = "".join(c["choices"][0]["delta"].get("content") or "" for c in chunks if c["choices"])
    assert text == content and chunks[-1]["generation"]["used"] is True

    # max_tokens keeps the whole sentences that fit, stops reading the LLM, and still says it wrote them.
    double.answer = _citing(
        "Dana",
        "Dana Whitfield wants weekly shipment reports",
        "Dana Whitfield works at Acme Logistics [{n}].",
    )
    whole = llm_client.post("/v1/chat/completions", json=body).json()["choices"][0]["message"]["content"]
    assert whole.endswith("Dana Whitfield works at Acme Logistics [" + whole[-3:])
    cut = llm_client.post("/v1/chat/completions", json={**body, "max_tokens": 14}).json()
    assert cut["choices"][0]["finish_reason"] == "length"
    assert cut["choices"][0]["message"]["content"].startswith(
        "Dana Whitfield wants weekly shipment reports ["
    )
    assert "Acme" not in cut["choices"][0]["message"]["content"] and cut["generation"]["used"] is True


def test_without_an_llm_generate_says_why_and_answers_extractively(client, headers):
    client.post("/v1/remember", json={"content": NOTES[0]}, headers=headers)
    question = {"question": "Who is updating the pricing page?"}
    plain = client.post("/v1/ask", json=question, headers=headers).json()
    asked = client.post("/v1/ask", json={**question, "generate": True}, headers=headers).json()
    assert plain["generation"] is None
    assert asked["generation"] == {"model": None, "used": False, "dropped": 0, "reason": NO_LLM}
    assert asked["text"] == plain["text"]
    bad = client.post("/v1/ask", json={**question, "generate": "sometimes"}, headers=headers)
    assert bad.status_code == 422 and bad.json()["error"]["param"] == "generate"
