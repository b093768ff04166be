"""Shared by the web table's tests: an app on a temporary database (in-process, through
Starlette's TestClient), a real `ruledsl serve` in a subprocess, and scripted players."""
from __future__ import annotations

import os
import random
import signal
import socket
import subprocess
import sys
import time
import warnings
from pathlib import Path

import pytest

pytest.importorskip("starlette", reason="the web extra is not installed: pip install '.[web]'")
with warnings.catch_warnings():
    warnings.simplefilter("ignore")          # the test client's choice of HTTP library
    from starlette.testclient import TestClient

import httpx  # noqa: E402

from ruledsl.web.app import create_app  # noqa: E402

ROOT = Path(__file__).parents[1]
FOLDERS = [ROOT / "games", ROOT / "examples"]


def client(db, folders=FOLDERS, **kw) -> TestClient:
    """A client of a fresh app (no pause before bots move, no rate limit unless given)."""
    kw = {"bot_pause": 0, "rate": 0, **kw}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return TestClient(create_app(folders, db, **kw), raise_server_exceptions=False)


def auth(token: str | None) -> dict:
    return {"Authorization": f"Bearer {token}"} if token else {}


def new_table(c, rules="kozel", players=3, seats=None, options=None, expect=201) -> dict:
    body = {"rules": rules, "players": players, "seats": seats or ["human"] * players}
    if options:
        body["options"] = options
    r = c.post("/api/tables", json=body)
    assert r.status_code == expect, r.text
    return r.json()


def new_table_in_play(c, **table) -> dict:
    """`new_table`, made again while its deal ends the match before anyone moves (as a rule file
    may: Kozel's Bura, three trumps dealt, wins the hand at once, so a match of a hand or two can
    be over when made — about one table in 160 at two hands)."""
    while True:
        made = new_table(c, **table)
        view = c.get(f"/api/tables/{made['id']}").json()
        if view["version"] or not view["over"]:
            return made


def tokens_of(made: dict) -> dict:
    return {s["seat"]: s["token"] for s in made["seats"]}


def wait_for(predicate, timeout=20.0, every=0.02):
    """Poll until `predicate()` gives something true (bots move on the server's own time)."""
    end = time.monotonic() + timeout
    while True:
        got = predicate()
        if got:
            return got
        if time.monotonic() > end:
            raise AssertionError("timed out waiting")
        time.sleep(every)


def play_out(c, table_id, tokens, rng, limit=5000, on_view=None) -> dict:
    """Scripted people: whoever holds the seat to move picks a random legal move, until the
    match is over (bots at the table move by themselves). Returns the last spectator view."""
    for _ in range(limit):
        view = c.get(f"/api/tables/{table_id}").json()
        if view["over"] or view["status"] != "playing":
            return view
        mover = view["to_move"]
        if mover not in tokens:
            time.sleep(0.005)
            continue
        mine = c.get(f"/api/tables/{table_id}", headers=auth(tokens[mover])).json()
        if on_view:
            on_view(mover, mine)
        r = c.post(f"/api/tables/{table_id}/actions", headers=auth(tokens[mover]),
                   json={"action": rng.choice(mine["legal"]), "version": mine["version"]})
        assert r.status_code == 200, r.text
        if on_view:
            on_view(mover, r.json())
    raise AssertionError("the match did not end")


# -- a real server -------------------------------------------------------------------------------

def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """`ruledsl serve` in a subprocess on a free loopback port."""

    def __init__(self, db, *args, folders=FOLDERS, tree=ROOT):
        self.db, self.port = db, free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        env = {**os.environ, "PYTHONPATH": str(tree)}          # the checkout whose ruledsl serves
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "ruledsl", "serve", *map(str, folders), "--port", str(self.port),
             "--db", str(db), *args], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        wait_for(self._up, timeout=60, every=0.1)

    def _up(self) -> bool:
        if self.proc.poll() is not None:
            raise AssertionError(f"the server stopped: {self.proc.stderr.read()}")
        try:
            return httpx.get(self.base + "/api/rules", timeout=2).status_code == 200
        except httpx.HTTPError:
            return False

    def kill(self) -> None:
        """As `kill -9` does: no chance to tidy up."""
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(10)

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()
        for stream in (self.proc.stdout, self.proc.stderr):
            stream.close()


def chromium():
    """Playwright's sync API and the system's Chromium, or a skip saying which is missing."""
    sync = pytest.importorskip("playwright.sync_api", reason="playwright is not installed: pip install '.[test]'")
    path = os.environ.get("RULEDSL_CHROMIUM", "/usr/bin/chromium")
    if not Path(path).exists():
        pytest.skip(f"no Chromium at {path}: install it (apt-get install chromium) to run the browser tests")
    return sync.sync_playwright, path


def rng(seed=0) -> random.Random:
    return random.Random(seed)
