"""`memsvc bench load`, small: the scale run's table and plot, and the concurrent run's accounting.
The figures themselves come from the full run (see the README); this checks the harness measures."""

from __future__ import annotations

import random

from bench import load


def test_sizes_and_probes_are_reproducible():
    assert load.sizes_up_to(1_000) == [1_000]
    assert load.sizes_up_to(10_000) == [1_000, 10_000]
    assert load.sizes_up_to(2_500) == [1_000, 2_500]
    assert load.sizes_up_to(300) == [300]
    assert load.questions(random.Random(3), 5) == load.questions(random.Random(3), 5)
    assert all(c.endswith(".") for c in load.contexts(random.Random(3), 5))


async def test_a_small_scale_run_fills_measures_and_plots(tmp_path):
    result = await load.measure_scale(memories=120, probes=3)
    [row] = result["by_size"]
    assert row["memories"] == 123  # the fill, and the probes' single remembers
    for name in ("remember", "ask", "ask_first_event", "check", "graph", "compile"):
        assert 0 < row[name]["p50_ms"] <= row[name]["p95_ms"], name
    assert row["batch_memories_per_s"] > 0 and row["store_disk_mb"] > 0 and row["service_rss_mb"] > 0
    assert result["ingest_cost_growth"] == 1.0  # one size: the growth over itself
    assert result["ask_p95_ms"] == row["ask"]["p95_ms"]
    load.plot(result, str(tmp_path / "load.png"))
    assert (tmp_path / "load.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_the_concurrent_run_stores_what_it_acknowledged():
    result = load.measure_concurrent(clients=2, seconds=4)
    assert result["errors"] == {}
    assert result["remember"]["count"] > 0 and result["ask"]["count"] > 0
    assert result["acknowledged"] == result["remember"]["count"]
    assert result["stored"] == result["acknowledged"] and result["nothing_lost"]
