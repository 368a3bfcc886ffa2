"""Where the local models run: `MEMSVC_DEVICE=auto|cpu|cuda` to a torch device name, and the one thread
that runs every torch call.

Why one thread: torch's CPU kernels run on OpenMP, and each thread that calls into torch gets its own
team of OpenMP workers. Once the workers of all teams outnumber the cores, GNU OpenMP stops spinning
between parallel regions and puts its workers to sleep after each one, and a forward pass is hundreds of
them: with the model used from two threads, a 20-token sentence took 12.7 ms instead of 6.7 ms on two
cores. Loading, tracing and every forward pass therefore happen on this thread; the callers wait for it
(or, at ingest, parse with spaCy meanwhile).
"""

from __future__ import annotations

import contextlib
import functools
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from typing import ParamSpec, TypeVar

import torch

P = ParamSpec("P")
R = TypeVar("R")

_here = threading.local()
_TORCH_THREAD = ThreadPoolExecutor(
    max_workers=1, thread_name_prefix="torch", initializer=lambda: setattr(_here, "torch", True)
)


def resolve_device(setting: str) -> str:
    if setting == "cuda" and not torch.cuda.is_available():
        raise RuntimeError("MEMSVC_DEVICE=cuda but no CUDA device is available")
    if setting == "auto":
        return "cuda" if torch.cuda.is_available() else "cpu"
    return setting


def submit_to_torch(fn: Callable[P, R], *args: P.args, **kwargs: P.kwargs) -> Future[R]:
    """`fn` on the torch thread, to wait for later; run at once when called from that thread."""
    if getattr(_here, "torch", False):
        done: Future[R] = Future()
        try:
            done.set_result(fn(*args, **kwargs))
        except BaseException as exc:
            done.set_exception(exc)
        return done
    return _TORCH_THREAD.submit(fn, *args, **kwargs)


@contextlib.contextmanager
def sharing_cores(until: threading.Event | None = None) -> Iterator[Callable[[], None]]:
    """For work on the torch thread that runs beside other CPU work (ingest's spaCy parse): torch keeps
    one core fewer for itself. On two cores, the forward pass then runs without OpenMP workers, whose
    spinning between parallel regions took the core that spaCy was parsing on (the models' stage per
    note 58 → 40 ms). Yields `adjust`, to call between chunks of the work: once `until` is set (the work
    beside is done) torch takes every core again, since a batch's parse ends before its forward pass
    does and its core would otherwise idle."""
    threads = torch.get_num_threads()

    def adjust() -> None:
        torch.set_num_threads(threads if until is not None and until.is_set() else max(1, threads - 1))

    adjust()
    try:
        yield adjust
    finally:
        torch.set_num_threads(threads)


def on_torch_thread(fn: Callable[P, R]) -> Callable[P, R]:
    """A decorator: the function always runs on the torch thread (the caller waits)."""

    @functools.wraps(fn)
    def run(*args: P.args, **kwargs: P.kwargs) -> R:
        return submit_to_torch(fn, *args, **kwargs).result()

    return run
