"""The OpenAI-compatible surface: POST /v1/chat/completions and GET /v1/models, through the official
`openai` package against a real service, and through the test client for the finer points."""

from __future__ import annotations

import httpx
import openai
import pytest

from tests.conftest import auth, new_key
from tests.test_ask import NOTES, assert_well_cited

QUESTION = "Why was the mobile release postponed?"


@pytest.fixture
def corpus(client, headers):
    items = [{"content": text, "timestamp": ts} for text, ts in NOTES]
    assert client.post("/v1/remember/batch", json={"items": items}, headers=headers).status_code == 201


def chat(client, headers, messages, **extra):
    body = {"model": "memory", "messages": messages, **extra}
    return client.post("/v1/chat/completions", json=body, headers=headers)


def user(text: str) -> dict:
    return {"role": "user", "content": text}


@pytest.mark.parametrize("backend", ["falkordb"])
def test_the_openai_package_plain_streaming_models_and_errors(server, backend):
    from tests.servers import created_key

    key = created_key(server.data_dir)
    with httpx.Client(base_url=server.url, timeout=60, headers={"Authorization": f"Bearer {key}"}) as http:
        items = [{"content": text, "timestamp": ts} for text, ts in NOTES]
        assert http.post("/v1/remember/batch", json={"items": items}).status_code == 201
        asked = http.post("/v1/ask", json={"question": QUESTION}).json()
        deeper = http.post("/v1/ask", json={"question": QUESTION, "reasoning": True}).json()

    client = openai.OpenAI(base_url=f"{server.url}/v1", api_key=key, max_retries=0)
    assert [m.id for m in client.models.list()] == ["memory", "memory-reasoning"]
    assert client.models.retrieve("memory-reasoning").owned_by == "memsvc"

    completion = client.chat.completions.create(
        model="memory", messages=[{"role": "user", "content": QUESTION}], temperature=0.2, user="u1"
    )
    assert completion.object == "chat.completion" and completion.id.startswith("chatcmpl-")
    assert completion.choices[0].message.content == asked["text"]
    assert completion.choices[0].finish_reason == "stop"
    assert completion.model_extra["sources"] == asked["sources"]
    assert (
        completion.usage.total_tokens == completion.usage.prompt_tokens + completion.usage.completion_tokens
    )

    reasoned = client.chat.completions.create(
        model="memory-reasoning", messages=[{"role": "user", "content": QUESTION}]
    )
    assert reasoned.choices[0].message.content == deeper["text"]

    stream = client.chat.completions.create(
        model="memory",
        messages=[{"role": "user", "content": QUESTION}],
        stream=True,
        stream_options={"include_usage": True},
    )
    chunks = list(stream)
    assert all(c.object == "chat.completion.chunk" for c in chunks)
    assert len({c.id for c in chunks}) == 1
    assert chunks[0].choices[0].delta.role == "assistant"
    assert chunks[0].model_extra["sources"] == asked["sources"]
    text = "".join(c.choices[0].delta.content or "" for c in chunks if c.choices)
    assert text == asked["text"]
    assert [c.choices[0].finish_reason for c in chunks if c.choices][-1] == "stop"
    assert chunks[-1].choices == [] and chunks[-1].usage.completion_tokens > 0

    with pytest.raises(openai.NotFoundError) as unknown:
        client.chat.completions.create(model="gpt-4o", messages=[{"role": "user", "content": QUESTION}])
    assert unknown.value.code == "model_not_found"
    with pytest.raises(openai.NotFoundError):  # also before a stream starts
        client.chat.completions.create(
            model="gpt-4o", messages=[{"role": "user", "content": QUESTION}], stream=True
        )
    stranger = openai.OpenAI(base_url=f"{server.url}/v1", api_key="svc_test_" + "x" * 43, max_retries=0)
    with pytest.raises(openai.AuthenticationError) as refused:
        stranger.chat.completions.create(model="memory", messages=[{"role": "user", "content": QUESTION}])
    assert refused.value.code == "invalid_api_key"


def test_earlier_user_messages_steer_retrieval(client, headers, corpus):
    alone = chat(client, headers, [user("When is it?")]).json()
    assert alone["sources"] == [] and alone["choices"][0]["message"]["content"].startswith("I found nothing")

    conversation = [
        user("Tell me about Bob's birthday."),
        {"role": "assistant", "content": "Something about a release [1]."},
        user("When is it?"),
    ]
    answered = chat(client, headers, conversation).json()
    assert "March 3" in answered["choices"][0]["message"]["content"]
    assert "birthday" in answered["sources"][0]["snippet"]
    assert_well_cited({"text": answered["choices"][0]["message"]["content"], "sources": answered["sources"]})


def test_max_tokens_cuts_at_whole_sentences(client, headers, corpus):
    whole = chat(client, headers, [user(QUESTION)], max_tokens=4096).json()
    assert whole["choices"][0]["finish_reason"] == "stop"
    full = whole["choices"][0]["message"]["content"]
    first_sentence_tokens = whole["usage"]["completion_tokens"]
    cut = chat(client, headers, [user(QUESTION)], max_tokens=first_sentence_tokens - 1).json()
    assert cut["choices"][0]["finish_reason"] == "length"
    assert cut["usage"]["completion_tokens"] <= first_sentence_tokens - 1
    assert full.startswith(cut["choices"][0]["message"]["content"])
    newer = chat(client, headers, [user(QUESTION)], max_completion_tokens=first_sentence_tokens).json()
    assert newer["choices"][0]["finish_reason"] == "stop"


def test_bad_requests_get_the_error_body_and_count_one_call(client, headers, corpus):
    no_user = chat(client, headers, [{"role": "system", "content": "Be brief."}])
    assert no_user.status_code == 422 and no_user.json()["error"]["param"] == "messages"
    image = chat(client, headers, [{"role": "user", "content": [{"type": "image_url", "image_url": {}}]}])
    assert image.status_code == 422
    assert "only text content parts" in image.json()["error"]["message"]
    parts = chat(client, headers, [{"role": "user", "content": [{"type": "text", "text": QUESTION}]}])
    assert parts.status_code == 200 and parts.json()["sources"]
    long_question = chat(client, headers, [user("why " * 600)])
    assert long_question.status_code == 422 and long_question.json()["error"]["param"] == "messages"
    missing = client.post("/v1/chat/completions", json={"messages": [user(QUESTION)]}, headers=headers)
    assert missing.status_code == 422 and missing.json()["error"]["param"] == "model"
    unknown = chat(client, headers, [user(QUESTION)], model="memory-xl")
    assert unknown.status_code == 404 and unknown.json()["error"]["code"] == "model_not_found"
    assert client.get("/v1/models/memory-xl", headers=headers).status_code == 404

    before = int(client.get("/v1/models", headers=headers).headers["X-RateLimit-Remaining"])
    chat(client, headers, [user(QUESTION)], stream=True)
    assert int(client.get("/v1/models", headers=headers).headers["X-RateLimit-Remaining"]) == before - 2
    assert client.get("/v1/models").status_code == 401


def test_another_account_is_answered_from_its_own_memories(client, headers, corpus):
    other = auth(new_key(client))
    answered = chat(client, other, [user(QUESTION)]).json()
    assert answered["sources"] == []
    assert "postpone" not in answered["choices"][0]["message"]["content"]
