"""`memsvc bench load`: how the service holds up as memories pile up, and under concurrent clients.

Scale run: through the real app (ASGI in-process: auth, quotas, pipeline, store) on the embedded store in
a fresh temporary directory, one account is filled with the seeded synthetic corpus (`bench/corpus.py`:
notes, chats and e-mails with recurring people, organizations, dates, decisions and action items) by
`remember/batch`, and at 1,000, 10,000 and (when asked) 100,000 memories it measures single `remember`,
ask, the first SSE event of a streamed ask (when the app sends it), search (unfiltered, and filtered to
memories naming one person), list and ask unfiltered and filtered to one end user (the memories are
spread over `users` user_ids, 100 by default), check, graph and compile latencies,
the batch throughput of the last stretch of filling, the service's and the store's memory, and the store's
size on disk.

Concurrent run: a real `memsvc serve` on loopback and several client processes mixing remember and ask
for a bounded time; throughput, p95, errors, and whether the memories stored equal those acknowledged.

Targets (issue "load", offline models, 2-core CPU) at 10,000: remember p50 ≤ 60 ms, ask p95 ≤ 150 ms,
check p95 ≤ 200 ms, ingest_cost_growth ≤ 1.3; at 100,000: ask p95 ≤ 250 ms. Search (issue "ask that uses
the graph"): p95 ≤ 80 ms at 10,000. Scoping (issue "memory lifecycle and scoping"): list and ask with a
user_id filter within 10% of the unfiltered figures at 10,000 memories over 100 users.
"""

from __future__ import annotations

import asyncio
import json
import multiprocessing
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from bench.corpus import ORGS, PEOPLE, TOPICS, WEEKDAYS, corpus
from bench.ingest import bench_settings, machine, payload, percentile, rss_mb

SIZES = (1_000, 10_000, 100_000)
BATCH = 100
STRETCH = 1_000  # the memories just before each size whose batch ingest time is measured


def sizes_up_to(memories: int) -> list[int]:
    return sorted({s for s in SIZES if s <= memories} | {memories})


def questions(rng: random.Random, count: int) -> list[str]:
    forms = [
        "What did {org} agree about the {topic}?",
        "When will {first} send the summary to {org}?",
        "Who joined the call with {org} about the {topic}?",
        "What was decided about the {topic}?",
        "What does {first} need to update before {day}?",
        "Which meetings did {person} attend about the {topic}?",
    ]
    return [_fill(rng, rng.choice(forms)) for _ in range(count)]


def contexts(rng: random.Random, count: int) -> list[str]:
    forms = [
        "{first} will send the summary to {org} by {day}.",
        "We decided to move the {topic} to next quarter.",
        "{org} declined to extend the pilot for the {topic}.",
        "The group rejected the new plan for the {topic}.",
    ]
    return [_fill(rng, rng.choice(forms)) for _ in range(count)]


def _fill(rng: random.Random, form: str) -> str:
    person = rng.choice(PEOPLE)
    return form.format(
        org=rng.choice(ORGS),
        topic=rng.choice(TOPICS),
        first=person.split()[0],
        person=person,
        day=rng.choice(WEEKDAYS),
    )


def _ms(started: float) -> float:
    return (time.perf_counter() - started) * 1000


def _summary(values: list[float]) -> dict[str, float]:
    return {"p50_ms": round(percentile(values, 0.5), 1), "p95_ms": round(percentile(values, 0.95), 1)}


def disk_mb(folder: Path) -> float:
    return sum(f.stat().st_size for f in folder.rglob("*") if f.is_file()) / 2**20


async def _timed(client: Any, headers: dict[str, str], calls: list[tuple[str, str, dict]]) -> list[float]:
    """Make each (method, path, keyword arguments) call in turn; the milliseconds of each."""
    latencies = []
    for method, path, kwargs in calls:
        started = time.perf_counter()
        response = await client.request(method, path, headers=headers, **kwargs)
        latencies.append(_ms(started))
        response.raise_for_status()
    return latencies


def _first_event_ms(client: Any, headers: dict[str, str], question: str) -> float:
    """When the app sends the first event of a streamed ask: the app is called directly over ASGI in
    the test client's event loop, since the test client hands a response over only once its body is
    complete (it would time the whole stream). The stream is read to its end."""
    body = json.dumps({"question": question, "stream": True}).encode()
    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "POST",
        "scheme": "http",
        "path": "/v1/ask",
        "raw_path": b"/v1/ask",
        "root_path": "",
        "query_string": b"",
        "headers": [
            (b"host", b"testserver"),
            (b"content-type", b"application/json"),
            (b"content-length", str(len(body)).encode()),
            *((k.lower().encode(), v.encode()) for k, v in headers.items()),
        ],
        "client": ("127.0.0.1", 50000),
        "server": ("testserver", 80),
    }
    sent: list[tuple[float, bytes]] = []
    status: list[int] = []

    delivered, ended = [], asyncio.Event()

    async def receive() -> dict:
        if not delivered:
            delivered.append(True)
            return {"type": "http.request", "body": body, "more_body": False}
        await ended.wait()  # as a server does: the client is gone once the whole response is out
        return {"type": "http.disconnect"}

    async def send(message: dict) -> None:
        if message["type"] == "http.response.start":
            status.append(message["status"])
        elif message["type"] == "http.response.body":
            sent.append((time.perf_counter(), message.get("body", b"")))
            if not message.get("more_body", False):
                ended.set()

    with client.portal() as portal:
        started = time.perf_counter()
        portal.call(client.app, scope, receive, send)
    if status != [200]:
        raise RuntimeError(f"streamed ask answered {status}")
    first = next((at for at, chunk in sent if b"event:" in chunk), None)
    assert first is not None, "the stream sent no event"
    return (first - started) * 1000


def scoped(item: dict, index: int, users: int) -> dict:
    """The note as one of `users` end users' (round robin), or as the account's when `users` is 0."""
    return {**item, "user_id": f"user-{index % users}"} if users else item


async def measure_scale(memories: int, probes: int, seed: int = 11, users: int = 100) -> dict:
    from litestar.testing import AsyncTestClient

    from app.main import create_app

    rng = random.Random(seed)
    data_dir = Path(tempfile.mkdtemp(prefix="memsvc-load-"))
    sizes = sizes_up_to(memories)
    notes = iter(corpus(memories + probes * len(sizes) + 10, seed=seed))
    by_size = []
    try:
        async with AsyncTestClient(create_app(bench_settings(data_dir)), timeout=600) as client:
            services = client.app.state.services
            key = (await client.post("/v1/signup", json={"email": "load@example.com"})).json()["api_key"]
            headers = {"Authorization": f"Bearer {key}"}
            stored = 0
            for size in sizes:
                stretch_start = max(stored, size - STRETCH)
                stretch_seconds, stretch_count = 0.0, 0
                while stored < size:
                    count = min(BATCH, size - stored)
                    items = [scoped(payload(next(notes)), stored + i, users) for i in range(count)]
                    started = time.perf_counter()
                    response = await client.post("/v1/remember/batch", json={"items": items}, headers=headers)
                    response.raise_for_status()
                    if stored >= stretch_start:
                        stretch_seconds += time.perf_counter() - started
                        stretch_count += count
                    stored += count
                listed = (await client.get("/v1/memories", params={"limit": 100}, headers=headers)).json()
                ids = [m["id"] for m in listed["data"]]
                names = [*rng.sample(PEOPLE, 5), *rng.sample(ORGS, 5)]
                remember = await _timed(
                    client,
                    headers,
                    [
                        ("POST", "/v1/remember", {"json": scoped(payload(next(notes)), i, users)})
                        for i in range(probes)
                    ],
                )
                stored += probes
                ask = await _timed(
                    client,
                    headers,
                    [("POST", "/v1/ask", {"json": {"question": q}}) for q in questions(rng, probes)],
                )
                first_event = [_first_event_ms(client, headers, q) for q in questions(rng, probes)]
                search = await _timed(
                    client,
                    headers,
                    [("POST", "/v1/search", {"json": {"query": q}}) for q in questions(rng, probes)],
                )
                # A filter the candidate queries apply in the store: memories naming one person.
                search_filtered = await _timed(
                    client,
                    headers,
                    [
                        (
                            "POST",
                            "/v1/search",
                            {"json": {"query": q, "filters": {"people": [rng.choice(PEOPLE)]}}},
                        )
                        for q in questions(rng, probes)
                    ],
                )

                # One end user's memories (1% of them at 100 users): the filter applies in the store.
                def user() -> dict:
                    return {"user_id": f"user-{rng.randrange(users)}"} if users else {}

                page = {"limit": 20}
                list_all = await _timed(
                    client, headers, [("GET", "/v1/memories", {"params": page}) for _ in range(probes)]
                )
                list_user = await _timed(
                    client,
                    headers,
                    [("GET", "/v1/memories", {"params": page | user()}) for _ in range(probes)],
                )
                ask_user = await _timed(
                    client,
                    headers,
                    [
                        ("POST", "/v1/ask", {"json": {"question": q, "filters": user()}})
                        for q in questions(rng, probes)
                    ],
                )
                check = await _timed(
                    client,
                    headers,
                    [("POST", "/v1/check", {"json": {"context": c}}) for c in contexts(rng, probes)],
                )
                graph = await _timed(
                    client, headers, [("GET", f"/v1/graph/{rng.choice(ids)}", {}) for _ in range(probes)]
                )
                compile_ = await _timed(
                    client, headers, [("POST", f"/v1/compile/{rng.choice(names)}", {}) for _ in range(probes)]
                )
                embedded = services.store.embedded
                by_size.append(
                    {
                        "memories": stored,
                        "remember": _summary(remember),
                        "batch_memories_per_s": round(stretch_count / stretch_seconds, 1),
                        "ingest_ms_per_memory": round(stretch_seconds * 1000 / stretch_count, 1),
                        "ask": _summary(ask),
                        "ask_first_event": _summary(first_event),
                        "search": _summary(search),
                        "search_filtered": _summary(search_filtered),
                        "list": _summary(list_all),
                        "list_user": _summary(list_user),
                        "ask_user": _summary(ask_user),
                        "check": _summary(check),
                        "graph": _summary(graph),
                        "compile": _summary(compile_),
                        "service_rss_mb": round(rss_mb(os.getpid()), 1),
                        "store_rss_mb": round(rss_mb(embedded.pid), 1) if embedded and embedded.pid else None,
                        "store_disk_mb": round(disk_mb(data_dir), 1),
                    }
                )
                print(_row(by_size[-1]), flush=True)
            backends = services.models.backends()
            device = services.device
    finally:
        shutil.rmtree(data_dir, ignore_errors=True)
    first, last = by_size[0], by_size[-1]
    return {
        "machine": machine(),
        "device": device,
        "backends": backends,
        "probes": probes,
        "remember_p50_ms": last["remember"]["p50_ms"],
        "remember_p95_ms": last["remember"]["p95_ms"],
        "ask_p50_ms": last["ask"]["p50_ms"],
        "ask_p95_ms": last["ask"]["p95_ms"],
        "check_p95_ms": last["check"]["p95_ms"],
        "search_p95_ms": last["search"]["p95_ms"],
        "search_filtered_p95_ms": last["search_filtered"]["p95_ms"],
        "users": users,
        "list_p95_ms": last["list"]["p95_ms"],
        "list_user_p95_ms": last["list_user"]["p95_ms"],
        "ask_user_p95_ms": last["ask_user"]["p95_ms"],
        "ingest_cost_growth": round(last["ingest_ms_per_memory"] / first["ingest_ms_per_memory"], 2),
        "by_size": by_size,
    }


def _row(row: dict) -> str:
    return (
        f"{row['memories']:>7} memories: remember p50 {row['remember']['p50_ms']} ms, "
        f"batch {row['batch_memories_per_s']}/s, ask p95 {row['ask']['p95_ms']} ms "
        f"(first event {row['ask_first_event']['p95_ms']} ms), check p95 {row['check']['p95_ms']} ms, "
        f"graph p95 {row['graph']['p95_ms']} ms, compile p95 {row['compile']['p95_ms']} ms, "
        f"RSS {row['service_rss_mb']} MB + store {row['store_rss_mb']} MB, disk {row['store_disk_mb']} MB"
    )


# --- the concurrent run ------------------------------------------------------------------------------


def _client_process(url: str, key: str, worker: int, seconds: float, out: Any) -> None:
    """One client: remember twice, then ask once, until the time is up; latencies and acknowledged ids."""
    import httpx

    rng = random.Random(worker)
    notes = corpus(10_000, seed=100 + worker)
    results: dict[str, Any] = {"remember": [], "ask": [], "acknowledged": [], "errors": {}}
    headers = {"Authorization": f"Bearer {key}"}
    deadline = time.monotonic() + seconds
    n = 0
    with httpx.Client(base_url=url, timeout=120) as http:
        while time.monotonic() < deadline:
            kind = "ask" if n % 3 == 2 else "remember"
            started = time.perf_counter()
            if kind == "ask":
                response = http.post("/v1/ask", json={"question": questions(rng, 1)[0]}, headers=headers)
            else:
                response = http.post("/v1/remember", json=payload(notes[n]), headers=headers)
            elapsed = _ms(started)
            if response.status_code in (200, 201):
                results[kind].append(elapsed)
                if kind == "remember":
                    results["acknowledged"].append(response.json()["id"])
            else:
                results["errors"][str(response.status_code)] = (
                    results["errors"].get(str(response.status_code), 0) + 1
                )
            n += 1
    out.put(results)


def measure_concurrent(clients: int, seconds: float) -> dict:
    import httpx

    data_dir = Path(tempfile.mkdtemp(prefix="memsvc-concurrent-"))
    port = _free_port()
    url = f"http://127.0.0.1:{port}"
    env = {
        **os.environ,
        "MEMSVC_LOG_LEVEL": "WARNING",
        "MEMSVC_TEST_DAILY_LIMIT": str(10**9),
        "MEMSVC_TEST_MONTHLY_LIMIT": str(10**9),
    }
    memsvc = Path(sys.executable).parent / "memsvc"
    server = subprocess.Popen(
        [str(memsvc), "serve", "--port", str(port), "--data-dir", str(data_dir)],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        wait_healthy(url, server)
        key = httpx.post(f"{url}/v1/signup", json={"email": "concurrent@example.com"}).json()["api_key"]
        headers = {"Authorization": f"Bearer {key}"}
        context = multiprocessing.get_context("spawn")
        out = context.Queue()
        workers = [
            context.Process(target=_client_process, args=(url, key, w, seconds, out)) for w in range(clients)
        ]
        started = time.perf_counter()
        for worker in workers:
            worker.start()
        results = [out.get(timeout=seconds + 600) for _ in workers]
        for worker in workers:
            worker.join(60)
        elapsed = time.perf_counter() - started
        acknowledged = {i for r in results for i in r["acknowledged"]}
        stored = httpx.get(f"{url}/v1/stats", headers=headers, timeout=60).json()["memories"]
        remember = [v for r in results for v in r["remember"]]
        ask = [v for r in results for v in r["ask"]]
        errors: dict[str, int] = {}
        for r in results:
            for status, count in r["errors"].items():
                errors[status] = errors.get(status, 0) + count
        return {
            "clients": clients,
            "seconds": round(elapsed, 1),
            "requests_per_s": round((len(remember) + len(ask)) / elapsed, 1),
            "remember": {"count": len(remember), **_summary(remember)},
            "ask": {"count": len(ask), **_summary(ask)},
            "errors": errors,
            "acknowledged": len(acknowledged),
            "stored": stored,
            "nothing_lost": stored == len(acknowledged),
        }
    finally:
        server.terminate()
        server.wait(30)
        shutil.rmtree(data_dir, ignore_errors=True)


def _free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_healthy(url: str, server: subprocess.Popen, timeout: float = 120) -> None:
    """Until `memsvc serve` answers its health check; RuntimeError if it exits first."""
    import httpx

    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise RuntimeError("memsvc serve exited during start-up")
        try:
            if httpx.get(f"{url}/v1/health", timeout=2).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.3)
    raise TimeoutError("memsvc serve did not come up")


def plot(result: dict, path: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    rows = result["by_size"]
    sizes = [r["memories"] for r in rows]
    figure, axis = plt.subplots(figsize=(7, 4.5))
    for name, label in (
        ("remember", "remember p50"),
        ("ask", "ask p95"),
        ("check", "check p95"),
        ("graph", "graph p95"),
        ("compile", "compile p95"),
    ):
        measure = "p50_ms" if name == "remember" else "p95_ms"
        axis.plot(sizes, [r[name][measure] for r in rows], marker="o", label=label)
    axis.set_xscale("log")
    axis.set_xlabel("memories in the account")
    axis.set_ylabel("latency (ms)")
    axis.set_title(
        f"memsvc latency against store size ({result['machine']['cpus']} CPUs, {result['device']})"
    )
    axis.grid(True, which="both", alpha=0.3)
    axis.legend()
    figure.tight_layout()
    figure.savefig(path, dpi=110)


def main(
    memories: int,
    probes: int,
    clients: int,
    seconds: float,
    json_out: str | None,
    plot_out: str | None,
    users: int = 100,
) -> int:
    import asyncio

    result = asyncio.run(measure_scale(memories, probes, users=users))
    if clients > 0 and seconds > 0:
        result["concurrent"] = measure_concurrent(clients, seconds)
        c = result["concurrent"]
        print(
            f"concurrent: {c['clients']} client processes for {c['seconds']} s: "
            f"{c['requests_per_s']} requests/s, remember p95 {c['remember']['p95_ms']} ms, "
            f"ask p95 {c['ask']['p95_ms']} ms, errors {c['errors']}, "
            f"{c['stored']} stored of {c['acknowledged']} acknowledged"
        )
    print(
        f"at {result['by_size'][-1]['memories']}: remember p50 {result['remember_p50_ms']} ms, "
        f"ask p95 {result['ask_p95_ms']} ms, check p95 {result['check_p95_ms']} ms, "
        f"search p95 {result['search_p95_ms']} ms (filtered {result['search_filtered_p95_ms']} ms), "
        f"list p95 {result['list_p95_ms']} ms (one of {users} users {result['list_user_p95_ms']} ms), "
        f"ask p95 for one user {result['ask_user_p95_ms']} ms, "
        f"ingest_cost_growth {result['ingest_cost_growth']}"
    )
    if json_out:
        Path(json_out).write_text(json.dumps(result, indent=2))
    if plot_out:
        plot(result, plot_out)
    return 0
