"""A real `memsvc serve` (uvicorn) process for the tests, and the `memsvc` command line."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from bench.load import wait_healthy

BIN = Path(sys.executable).parent / "memsvc"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def memsvc(*args: str, data_dir: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [str(BIN), *args, "--data-dir", str(data_dir)],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "MEMSVC_LOG_LEVEL": "WARNING"},
    )


def created_key(data_dir: Path, account: str = "cli", kind: str = "test") -> str:
    """A key made by `memsvc keys create`, as an operator would (against the running service's store)."""
    done = memsvc("keys", "create", "--kind", kind, "--account", account, data_dir=data_dir)
    assert done.returncode == 0, done.stderr
    return next(line for line in done.stdout.splitlines() if line.startswith(f"svc_{kind}_"))


class Server:
    """`memsvc serve` on a free loopback port; `env` adds settings; its log goes to `log_path`."""

    def __init__(self, data_dir: Path, env: dict[str, str] | None = None):
        self.data_dir = data_dir
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.env = env or {}
        self.log_path = data_dir.parent / f"serve-{self.port}.log"
        self.proc: subprocess.Popen | None = None

    def start(self) -> None:
        env = {
            **os.environ,
            "MEMSVC_EMBEDDED_RESTART_DELAY": "1.5",
            "MEMSVC_LOG_LEVEL": "WARNING",
            **self.env,
        }
        self.data_dir.parent.mkdir(parents=True, exist_ok=True)
        with self.log_path.open("ab") as log:  # a file, not a pipe: a chatty log cannot block the server
            self.proc = subprocess.Popen(
                [str(BIN), "serve", "--port", str(self.port), "--data-dir", str(self.data_dir)],
                env=env,
                stdout=log,
                stderr=log,
            )
        try:
            wait_healthy(self.url, self.proc, timeout=90)
        except RuntimeError as exited:
            raise AssertionError(self.log_path.read_text()) from exited

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            self.proc.wait(30)


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    running = Server(tmp_path / "data")
    running.start()
    yield running
    running.stop()


@pytest.fixture(scope="module")
def module_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """One service for a module's tests (the models load once), each test with its own key."""
    running = Server(tmp_path_factory.mktemp("served") / "data")
    running.start()
    yield running
    running.stop()
