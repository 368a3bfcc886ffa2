"""Through a real `memsvc serve` (uvicorn) process, with `memsvc keys` beside it on the same data."""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path

import httpx

from tests.servers import Server, created_key, memsvc


def test_real_server_auth_crud_and_restart(server: Server):
    key = created_key(server.data_dir)  # the CLI talks to the running service's store
    headers = {"Authorization": f"Bearer {key}"}
    with httpx.Client(base_url=server.url, timeout=30) as http:
        assert http.get("/v1/memories").status_code == 401
        assert (
            http.get("/v1/memories", headers={"Authorization": "Bearer svc_test_" + "x" * 43}).status_code
            == 401
        )
        created = http.post(
            "/v1/remember", json={"content": "Lena moved the launch to May."}, headers=headers
        )
        assert created.status_code == 201 and created.headers["X-RateLimit-Remaining"] == "99"
        memory = created.json()
        assert http.get("/v1/openapi/openapi.json").json()["info"]["title"] == "memsvc"

    server.stop()
    server.start()
    with httpx.Client(base_url=server.url, timeout=30) as http:
        got = http.get(f"/v1/memories/{memory['id']}", headers=headers)
        assert got.status_code == 200 and got.json() == memory

    listed = memsvc("keys", "list", data_dir=server.data_dir)
    assert listed.returncode == 0 and key[:14] in listed.stdout and key not in listed.stdout
    revoked = memsvc("keys", "revoke", key, data_dir=server.data_dir)
    assert revoked.returncode == 0, revoked.stderr
    with httpx.Client(base_url=server.url, timeout=30) as http:
        refused = http.get("/v1/memories", headers=headers)
        assert refused.status_code == 401 and refused.json()["error"]["code"] == "invalid_api_key"
        assert key not in refused.text


def test_real_server_answers_503_while_the_store_is_down(server: Server):
    headers = {"Authorization": f"Bearer {created_key(server.data_dir)}"}
    pid = int((server.data_dir / "falkordb.pid").read_text())
    with httpx.Client(base_url=server.url, timeout=30) as http:
        os.kill(pid, signal.SIGKILL)
        time.sleep(0.3)
        down = http.get("/v1/memories", headers=headers)
        assert down.status_code == 503 and down.headers["Retry-After"] == "1"
        assert down.json()["error"]["code"] == "store_unavailable"
        deadline = time.monotonic() + 30
        while (response := http.get("/v1/memories", headers=headers)).status_code != 200:
            assert response.status_code == 503
            assert time.monotonic() < deadline
            time.sleep(0.2)
        assert int((server.data_dir / "falkordb.pid").read_text()) != pid


def test_keys_cli_without_a_running_service(tmp_path: Path):
    data_dir = tmp_path / "data"
    key = created_key(data_dir)
    assert key.startswith("svc_test_") and len(key) >= 41
    again = memsvc("keys", "create", "--kind", "live", "--account", "cli", data_dir=data_dir)
    assert again.returncode == 0
    listed = memsvc("keys", "list", data_dir=data_dir).stdout
    assert listed.count(" cli ") == 2 and "live" in listed and "test" in listed
    assert memsvc("keys", "revoke", "key_nope", data_dir=data_dir).returncode == 1
    # --curl prints the address the service is told to use, not always 8080.
    curl = memsvc("keys", "create", "--curl", "--host", "0.0.0.0", "--port", "9191", data_dir=data_dir)
    assert "curl -s http://0.0.0.0:9191/v1/remember" in curl.stdout
    assert not (data_dir / "falkordb.sock").exists()  # its own server was stopped on exit
