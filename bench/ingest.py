"""`memsvc bench ingest`: single `remember` latency, batch throughput and memory, through the real app
(ASGI in-process: auth, quotas, pipeline, store) on the embedded store in a fresh temporary directory.

Targets (issue "pipeline", offline models, 2-core CPU): single remember p50 ≤ 60 ms for a ~100-word
note; batch ingest ≥ 50 memories/s; service memory ≤ 1.5 GB after the models are loaded.
"""

from __future__ import annotations

import contextlib
import json
import os
import platform
import shutil
import tempfile
import time
from pathlib import Path
from typing import TYPE_CHECKING

from bench.corpus import Note, corpus

if TYPE_CHECKING:
    from models.settings import Settings


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def payload(note: Note) -> dict:
    return {"content": note.content, "source": note.source, "timestamp": note.timestamp.isoformat()}


def machine() -> dict:
    """What a figure was measured on: the model's speed depends on the CPU's instructions (bfloat16)."""
    from pipelines.nlp.embed import native_bfloat16

    model = platform.processor() or platform.machine()
    with contextlib.suppress(OSError):
        names = [
            line for line in Path("/proc/cpuinfo").read_text().splitlines() if line.startswith("model name")
        ]
        model = names[0].partition(":")[2].strip() if names else model
    return {
        "cpus": os.cpu_count(),
        "processor": model,
        "native_bfloat16": native_bfloat16(),
        "python": platform.python_version(),
    }


def bench_settings(data_dir: Path) -> Settings:
    """A fresh embedded store, sign-up on, quotas out of the way."""
    from models.settings import Settings

    return Settings(
        graph_uri=f"falkordb+embedded://{data_dir}",
        log_level="WARNING",
        signup="on",
        test_daily_limit=10**9,
        test_monthly_limit=10**9,
    )


async def measure(single: int, batches: int, batch_size: int, warmup: int = 5) -> dict:
    from litestar.testing import AsyncTestClient

    from app.main import create_app

    data_dir = Path(tempfile.mkdtemp(prefix="memsvc-bench-"))
    settings = bench_settings(data_dir)
    notes = corpus(warmup + single + batches * batch_size)
    try:
        async with AsyncTestClient(create_app(settings)) as client:
            services = client.app.state.services
            rss_loaded = rss_mb(os.getpid())
            key = (await client.post("/v1/signup", json={"email": "bench@example.com"})).json()["api_key"]
            headers = {"Authorization": f"Bearer {key}"}
            for note in notes[:warmup]:  # first calls pay one-off costs (lazy imports, caches)
                (await client.post("/v1/remember", json=payload(note), headers=headers)).raise_for_status()
            latencies = []
            words = []
            for note in notes[warmup : warmup + single]:
                started = time.perf_counter()
                response = await client.post("/v1/remember", json=payload(note), headers=headers)
                latencies.append((time.perf_counter() - started) * 1000)
                response.raise_for_status()
                words.append(len(note.content.split()))
            rest = notes[warmup + single :]
            started = time.perf_counter()
            for i in range(batches):
                items = [payload(n) for n in rest[i * batch_size : (i + 1) * batch_size]]
                (
                    await client.post("/v1/remember/batch", json={"items": items}, headers=headers)
                ).raise_for_status()
            batch_seconds = time.perf_counter() - started
            embedded = services.store.embedded
            result = {
                "machine": machine(),
                "backends": services.models.backends(),
                "device": services.device,
                "note_words_mean": round(sum(words) / len(words), 1),
                "remember_single": {
                    "count": single,
                    "p50_ms": round(percentile(latencies, 0.5), 1),
                    "p95_ms": round(percentile(latencies, 0.95), 1),
                    "mean_ms": round(sum(latencies) / len(latencies), 1),
                },
                "remember_batch": {
                    "batches": batches,
                    "batch_size": batch_size,
                    "memories_per_s": round(batches * batch_size / batch_seconds, 1),
                },
                "memory_mb": {
                    "service_after_models_loaded": round(rss_loaded, 1),
                    "service_after_run": round(rss_mb(os.getpid()), 1),
                    "embedded_store": round(rss_mb(embedded.pid), 1) if embedded and embedded.pid else None,
                },
                "memories_stored": warmup + single + batches * batch_size,
            }
    finally:
        shutil.rmtree(data_dir, ignore_errors=True)
    return result


def report(result: dict) -> str:
    single, batch, memory = result["remember_single"], result["remember_batch"], result["memory_mb"]
    machine = result["machine"]
    return "\n".join(
        [
            f"machine: {machine['cpus']} CPUs, Python {machine['python']}, device {result['device']}",
            f"remember (single, ~{result['note_words_mean']:.0f} words): p50 {single['p50_ms']} ms, "
            f"p95 {single['p95_ms']} ms over {single['count']} calls",
            f"remember/batch ({batch['batch_size']} per call): {batch['memories_per_s']} memories/s",
            f"service RSS: {memory['service_after_models_loaded']} MB after models loaded, "
            f"{memory['service_after_run']} MB after the run; embedded store {memory['embedded_store']} MB",
        ]
    )


def main(single: int, batches: int, batch_size: int, json_out: str | None) -> int:
    import asyncio

    result = asyncio.run(measure(single, batches, batch_size))
    print(report(result))
    if json_out:
        Path(json_out).write_text(json.dumps(result, indent=2))
    return 0
