"""`memsvc`: serve the API, and create, list and revoke API keys (with or without a running service)."""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
from pathlib import Path

from bench.embedding import add_arguments as embedding_arguments
from models.accounts import KeyKind
from models.settings import Settings
from pipelines.accounts import keys
from pipelines.accounts.admin import admin_store
from pipelines.runtime.clock import utc_now


def _settings(args: argparse.Namespace) -> Settings:
    settings = Settings()
    if getattr(args, "data_dir", None):
        settings = settings.model_copy(update={"graph_uri": f"falkordb+embedded://{Path(args.data_dir)}"})
    return settings


def _serve(args: argparse.Namespace) -> int:
    import uvicorn

    from app.main import create_app

    settings = _settings(args).model_copy(update={"host": args.host, "port": args.port})
    uvicorn.run(
        create_app(settings),
        host=settings.host,
        port=settings.port,
        log_level="info",
        timeout_graceful_shutdown=10,
    )
    return 0


def _mcp(args: argparse.Namespace) -> int:
    """The MCP server over stdio, for Claude Desktop and other local MCP clients: its tools call a
    running service's REST API (MEMSVC_BASE_URL) with MEMSVC_API_KEY. stdout carries the protocol, so
    everything else goes to stderr."""
    from app.mcp import build_server, over_network

    key = os.environ.get("MEMSVC_API_KEY", "").strip()
    if not key:
        print(
            "memsvc mcp: set MEMSVC_API_KEY (and MEMSVC_BASE_URL, default http://127.0.0.1:8080)",
            file=sys.stderr,
        )
        return 2
    base_url = os.environ.get("MEMSVC_BASE_URL") or "http://127.0.0.1:8080"
    build_server(over_network(base_url, key)).run("stdio")
    return 0


async def _keys_create(args: argparse.Namespace) -> int:
    settings = _settings(args)
    async with admin_store(settings) as driver:
        new_key = await keys.create_key(driver, utc_now, kind=KeyKind(args.kind), account_name=args.account)
    print(f"API key ({new_key.kind.value}, account {new_key.account_id}) — shown once, keep it safe:")
    print(new_key.api_key)
    if args.curl:
        base = f"http://{args.host}:{args.port}"
        print("\nTry it:")
        print(
            f"  curl -s {base}/v1/remember -H 'Authorization: Bearer {new_key.api_key}' "
            "-H 'Content-Type: application/json' -d '{\"content\": \"Ana decided to ship on Friday.\"}'"
        )
    return 0


async def _keys_list(args: argparse.Namespace) -> int:
    async with admin_store(_settings(args)) as driver:
        listed = await keys.list_keys(driver)
    print(f"{'id':<18} {'kind':<5} {'prefix':<15} {'account':<20} {'created':<20} revoked")
    for k in listed:
        account = k.account_name or k.account_id
        revoked = k.revoked_at.isoformat(timespec="seconds") if k.revoked_at else "-"
        print(
            f"{k.id:<18} {k.kind.value:<5} {k.prefix:<15} {account:<20} "
            f"{k.created_at.isoformat(timespec='seconds'):<20} {revoked}"
        )
    return 0


async def _keys_revoke(args: argparse.Namespace) -> int:
    async with admin_store(_settings(args)) as driver:
        revoked = await keys.revoke_key(driver, utc_now, args.key)
    if not revoked:
        print("no key matches", file=sys.stderr)
        return 1
    print("revoked " + ", ".join(revoked))
    return 0


def _bench_ingest(args: argparse.Namespace) -> int:
    from bench import ingest

    return ingest.main(args.single, args.batches, args.batch_size, args.json)


def _bench_files(args: argparse.Namespace) -> int:
    from bench import files

    return files.main(args.runs, args.json)


def _bench_load(args: argparse.Namespace) -> int:
    from bench import load

    return load.main(args.memories, args.probes, args.clients, args.seconds, args.json, args.plot, args.users)


def _bench_locomo(args: argparse.Namespace) -> int:
    from bench import locomo

    return locomo.main(args.data, args.json, args.limit, args.conversations, args.questions, args.answers)


def _bench_lead(args: argparse.Namespace) -> int:
    from bench import lead

    return lead.main(args.data, args.train, args.features, args.out, args.json)


def _bench_fusion(args: argparse.Namespace) -> int:
    from bench import fusion

    return fusion.main(args.data, args.conversations, args.features, args.out, args.json)


def _bench_embedding(args: argparse.Namespace) -> int:
    from bench import embedding

    return embedding.run(args)


def _bench_understanding(args: argparse.Namespace) -> int:
    from bench import understanding

    return understanding.main(args.json, args.misses, args.corpus)


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(prog="memsvc", description="Self-hosted memory service.")
    commands = top.add_subparsers(dest="command", required=True)

    serve = commands.add_parser("serve", help="run the HTTP API")
    serve.add_argument("--host", default=os.environ.get("MEMSVC_HOST", "127.0.0.1"))
    serve.add_argument("--port", type=int, default=int(os.environ.get("MEMSVC_PORT", "8080")))
    serve.add_argument("--data-dir", help="embedded store directory (sets MEMSVC_GRAPH_URI)")
    serve.set_defaults(run=_serve)

    mcp = commands.add_parser("mcp", help="the MCP server over stdio, against a running service")
    mcp.set_defaults(run=_mcp)

    key_cmds = commands.add_parser("keys", help="manage API keys").add_subparsers(
        dest="action", required=True
    )
    create = key_cmds.add_parser("create", help="create a key and print it once")
    create.add_argument("--kind", choices=[k.value for k in KeyKind], default="test")
    create.add_argument("--account", help="account name: reuse it if it exists, else create it")
    create.add_argument("--data-dir")
    create.add_argument("--curl", action="store_true", help="also print a curl line to try the key")
    create.add_argument("--host", default=os.environ.get("MEMSVC_HOST", "127.0.0.1"), help="for --curl")
    create.add_argument(
        "--port", type=int, default=int(os.environ.get("MEMSVC_PORT", "8080")), help="for --curl"
    )
    create.set_defaults(run=lambda a: asyncio.run(_keys_create(a)))
    listing = key_cmds.add_parser("list", help="list keys (prefixes only)")
    listing.add_argument("--data-dir")
    listing.set_defaults(run=lambda a: asyncio.run(_keys_list(a)))
    revoke = key_cmds.add_parser("revoke", help="revoke a key by id, prefix or the key itself")
    revoke.add_argument("key")
    revoke.add_argument("--data-dir")
    revoke.set_defaults(run=lambda a: asyncio.run(_keys_revoke(a)))
    bench = commands.add_parser("bench", help="benchmarks").add_subparsers(dest="bench", required=True)
    ingest_bench = bench.add_parser("ingest", help="remember latency, batch throughput, memory")
    ingest_bench.add_argument("--single", type=int, default=200, help="single remember calls timed")
    ingest_bench.add_argument("--batches", type=int, default=5, help="batch calls")
    ingest_bench.add_argument("--batch-size", type=int, default=100)
    ingest_bench.add_argument("--json", help="write the figures to this file")
    ingest_bench.set_defaults(run=_bench_ingest)
    files_bench = bench.add_parser("files", help="remember/file: a 10-page PDF, a one-minute recording")
    files_bench.add_argument("--runs", type=int, default=3, help="timed uploads of each file")
    files_bench.add_argument("--json", help="write the figures to this file")
    files_bench.set_defaults(run=_bench_files)
    load_bench = bench.add_parser("load", help="latency and throughput from 1,000 to 100,000 memories")
    load_bench.add_argument("--memories", type=int, default=10_000, help="fill the account up to this many")
    load_bench.add_argument("--probes", type=int, default=50, help="timed calls of each kind at each size")
    load_bench.add_argument(
        "--users", type=int, default=100, help="spread the memories over this many user_ids (0: none)"
    )
    load_bench.add_argument("--clients", type=int, default=4, help="client processes in the concurrent run")
    load_bench.add_argument(
        "--seconds", type=float, default=30, help="length of the concurrent run (0: none)"
    )
    load_bench.add_argument("--json", help="write the figures to this file")
    load_bench.add_argument("--plot", help="draw latency against store size to this PNG")
    load_bench.set_defaults(run=_bench_load)
    locomo_bench = bench.add_parser("locomo", help="LoCoMo: retrieval recall, answer support, F1, latency")
    locomo_bench.add_argument("--data", required=True, help="folder of LoCoMo conversation files (*.json)")
    locomo_bench.add_argument("--json", help="write the figures to this file")
    locomo_bench.add_argument("--limit", type=int, default=10, help="sources asked for per question")
    locomo_bench.add_argument("--conversations", type=int, help="only the first N conversations")
    locomo_bench.add_argument("--questions", type=int, help="only the first N questions of each")
    locomo_bench.add_argument(
        "--answers", help="write each question, its gold answer and ask's, as JSON lines"
    )
    locomo_bench.set_defaults(run=_bench_locomo)
    fusion_bench = bench.add_parser("fusion", help="learn the fusion weights on LoCoMo, leave-one-out")
    fusion_bench.add_argument("--data", required=True, help="folder of LoCoMo conversation files (*.json)")
    fusion_bench.add_argument("--conversations", type=int, help="only the first N conversations")
    fusion_bench.add_argument("--features", help="keep the collected candidates here; reuse them if present")
    fusion_bench.add_argument("--out", help="write the weights learned on all conversations to this file")
    fusion_bench.add_argument("--json", help="write the figures to this file")
    fusion_bench.set_defaults(run=_bench_fusion)
    lead_bench = bench.add_parser("lead", help="learn the order ask reads sentences for a short answer")
    lead_bench.add_argument("--data", required=True, help="folder of LoCoMo conversation files (*.json)")
    lead_bench.add_argument(
        "--train", default="26,30,41", help="conversations (file stems) to learn from; the rest are reported"
    )
    lead_bench.add_argument("--features", help="keep the collected sentences here; reuse them if present")
    lead_bench.add_argument("--out", help="write the weights learned on the training conversations here")
    lead_bench.add_argument("--json", help="write the figures to this file")
    lead_bench.set_defaults(run=_bench_lead)
    embedding_bench = bench.add_parser(
        "embedding", help="the embedding models' speed and agreement on the CPU and a GPU"
    )
    embedding_arguments(embedding_bench)
    embedding_bench.set_defaults(run=_bench_embedding)
    understanding_bench = bench.add_parser(
        "understanding", help="per-class precision and recall on realistic notes, tuned and held out"
    )
    understanding_bench.add_argument("--json", help="write the figures to this file")
    understanding_bench.add_argument("--misses", action="store_true", help="print what was missed")
    understanding_bench.add_argument(
        "--corpus", help="another corpus of the same form (default: bench/data/understanding.json)"
    )
    understanding_bench.set_defaults(run=_bench_understanding)
    return top


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    return args.run(args)


if __name__ == "__main__":
    sys.exit(main())
