"""Helpers the CI scripts share: a free port, a `raven serve` process, the JSON API.

Standard library only, so that the scripts need nothing installed to drive the server.

As a command (for the bash scripts):
    python3 .ci/raven_ci.py free-port
    python3 .ci/raven_ci.py wait URL [SECONDS]        wait for URL/healthz to answer 200
    python3 .ci/raven_ci.py token URL USERNAME        sign up, print a new API token and its id
    python3 .ci/raven_ci.py alpaca-key URL USERNAME   sign up, print a new Alpaca-compatible API
                                                      key's id and secret (for /v2 and /v1beta1)
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request

PASSWORD = "correct horse battery"


def free_port() -> int:
    """A TCP port nobody listens on right now (the kernel's choice)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def request(base: str, method: str, path: str, body=None, headers=None, timeout=30.0):
    """One HTTP request; returns (status, parsed JSON body or None, headers)."""
    data = None if body is None else json.dumps(body).encode()
    all_headers = {"Accept": "application/json", **(headers or {})}
    if data is not None:
        all_headers["Content-Type"] = "application/json"
    req = urllib.request.Request(base + path, data=data, method=method, headers=all_headers)
    try:
        with urllib.request.urlopen(req, timeout=timeout) as response:
            status, raw, answer_headers = response.status, response.read(), response.headers
    except urllib.error.HTTPError as error:
        status, raw, answer_headers = error.code, error.read(), error.headers
    try:
        parsed = json.loads(raw) if raw else None
    except ValueError:
        parsed = None
    return status, parsed, answer_headers


def wait_healthy(base: str, seconds: float = 60.0, process: subprocess.Popen | None = None):
    """Polls /healthz until it answers 200; fails if the server exits or time runs out."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process is not None and process.poll() is not None:
            raise RuntimeError(f"raven serve exited with status {process.returncode}")
        try:
            if request(base, "GET", "/healthz", timeout=2)[0] == 200:
                return
        except OSError:
            pass
        time.sleep(0.1)
    raise RuntimeError(f"{base}/healthz did not answer within {seconds:.0f} s")


def sign_up_with_token(base: str, username: str) -> tuple[str, int]:
    """Creates the user, then a personal API token; returns (token, token id)."""
    status, body, _ = request(
        base, "POST", "/api/v1/auth/signup", {"username": username, "password": PASSWORD}
    )
    if status != 201:
        raise RuntimeError(f"sign-up answered {status}: {body}")
    status, body, _ = request(
        base,
        "POST",
        "/api/v1/auth/tokens",
        {"username": username, "password": PASSWORD, "name": "ci"},
    )
    if status != 201:
        raise RuntimeError(f"token creation answered {status}: {body}")
    return body["token"], body["id"]


def sign_up_with_alpaca_key(base: str, username: str) -> tuple[str, str]:
    """Creates the user, then an API key for the Alpaca-compatible API on their account;
    returns (key id, secret), as a bot sends them in APCA-API-KEY-ID and APCA-API-SECRET-KEY."""
    token, _ = sign_up_with_token(base, username)
    status, body, _ = request(
        base, "POST", "/api/v1/auth/api-keys", {"name": "ci"}, {"Authorization": f"Bearer {token}"}
    )
    if status != 201:
        raise RuntimeError(f"API key creation answered {status}: {body}")
    return body["keyId"], body["secret"]


class Server:
    """`raven serve` as a child process in its own process group, its output in a log file."""

    def __init__(self, binary: str, arguments: list[str], log_path: str):
        self.binary = binary
        self.arguments = arguments
        self.log_path = log_path
        self.process: subprocess.Popen | None = None

    def start(self) -> None:
        log = open(self.log_path, "ab")
        self.process = subprocess.Popen(
            [self.binary, "serve", *self.arguments],
            stdout=log,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
            start_new_session=True,
        )
        log.close()

    def signal_kill(self) -> None:
        """Sends SIGKILL and returns at once (safe from any thread)."""
        if self.process and self.process.returncode is None:
            try:
                os.kill(self.process.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass

    def kill(self) -> None:
        """SIGKILL: no shutdown handler runs, as when the machine loses the process."""
        if self.process and self.process.poll() is None:
            self.signal_kill()
            self.process.wait()

    def stop(self) -> None:
        """SIGTERM, then SIGKILL if it does not stop within 10 s."""
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.kill()


def main(argv: list[str]) -> int:
    command = argv[1] if len(argv) > 1 else ""
    if command == "free-port":
        print(free_port())
    elif command == "wait":
        wait_healthy(argv[2], float(argv[3]) if len(argv) > 3 else 60.0)
    elif command == "token":
        token, token_id = sign_up_with_token(argv[2], argv[3])
        print(token, token_id)
    elif command == "alpaca-key":
        key_id, secret = sign_up_with_alpaca_key(argv[2], argv[3])
        print(key_id, secret)
    else:
        print(__doc__, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
