"""Load on the web table (docs/web.md): many tables played at once through the API by scripted
clients on loopback, against a real `ruledsl serve` (one process, as a user starts it).

    python benchmarks/web_load.py                      # 1, 10, 50 and 200 tables, 20 s each
    python benchmarks/web_load.py --tables 50 --seconds 60 --rules coteccio --players 5
    python benchmarks/web_load.py --tree /work/main --tree .     # two checkouts' servers, row by row

Every seat of every table is a person: a client that reads its view, then posts a random legal
move (GET then POST, on a kept-alive connection), and a WebSocket per seat receiving every push,
as a browser does. Reported per number of tables: moves a second the server sustains, the
latency of a move (the POST, answered once the move is committed to the database and applied)
at the median and 95th percentile, the server's CPU time per move (user + system, from /proc:
what a move costs whatever else the machine runs; 1000 / it is the moves a second one core
could take), and the server's memory per table (resident set size with the tables in play,
less the server's with one, per table). The clients run on the same machine, so they share its
cores with the server: moves a second and latencies are a floor, and depend on the load.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

import httpx
import websockets

sys.path.insert(0, str(Path(__file__).parents[1] / "tests"))
from webtools import Server  # noqa: E402


def cpu_seconds(pid: int) -> float:
    """User and system CPU time the process has used (from /proc: load-independent)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


class Table:
    """One table's people: their tokens, and their WebSockets draining pushes."""

    def __init__(self, http, base, rules, players, options):
        self.http, self.base, self.rules, self.players, self.options = http, base, rules, players, options
        self.sockets: list = []
        self.pushes = 0

    async def open(self) -> None:
        r = await self.http.post("/api/tables", json={"rules": self.rules, "players": self.players,
                                                      "seats": ["human"] * self.players, "options": self.options})
        r.raise_for_status()
        self.id = r.json()["id"]
        self.tokens = {s["seat"]: s["token"] for s in r.json()["seats"]}
        for token in self.tokens.values():
            ws = await websockets.connect(self.base.replace("http", "ws") + f"/api/tables/{self.id}/ws",
                                          max_size=None)
            await ws.send(json.dumps({"token": token}))
            self.sockets.append((ws, asyncio.get_running_loop().create_task(self._drain(ws))))

    async def _drain(self, ws) -> None:
        async for _ in ws:
            self.pushes += 1

    async def close(self) -> None:
        for ws, task in self.sockets:
            task.cancel()
            await ws.close()

    async def request(self, method: str, path: str, **kw):
        """A request, sent again if the kept-alive connection was closed under it (the server
        closes one idle for 5 s; a move sent twice is refused the second time as stale)."""
        for attempt in range(3):
            try:
                return await self.http.request(method, path, **kw)
            except (httpx.ReadError, httpx.RemoteProtocolError, httpx.WriteError):
                if attempt == 2:
                    raise

    async def play(self, rng, until: float, latencies: list) -> int:
        """Moves until `until` (a new match when one ends); returns the moves made."""
        moves = 0
        while time.perf_counter() < until:
            view = (await self.request("GET", f"/api/tables/{self.id}")).json()
            if view["over"] or view["status"] != "playing":
                await self.close()
                await self.open()
                continue
            seat = {"Authorization": f"Bearer {self.tokens[view['to_move']]}"}
            mine = (await self.request("GET", f"/api/tables/{self.id}", headers=seat)).json()
            start = time.perf_counter()
            r = await self.request("POST", f"/api/tables/{self.id}/actions", headers=seat,
                                   json={"action": rng.choice(mine["legal"]), "version": mine["version"]})
            latencies.append(time.perf_counter() - start)
            if r.status_code != 409:
                r.raise_for_status()
            moves += 1
        return moves


async def measure(base: str, pid: int, tables: int, seconds: float, rules: str, players: int, options: dict) -> dict:
    limits = httpx.Limits(max_connections=tables * 2, max_keepalive_connections=tables * 2)
    async with httpx.AsyncClient(base_url=base, timeout=60, limits=limits) as http:
        one = Table(http, base, rules, players, options)
        await one.open()
        await one.play(random.Random(0), time.perf_counter() + 1, [])       # warm: compiled, imported
        baseline = rss_mb(pid)
        others = [Table(http, base, rules, players, options) for _ in range(tables - 1)]
        await asyncio.gather(*(t.open() for t in others))
        everyone = [one] + others
        latencies: list = []
        start, cpu = time.perf_counter(), cpu_seconds(pid)
        until = start + seconds
        done = await asyncio.gather(*(t.play(random.Random(i), until, latencies) for i, t in enumerate(everyone)))
        elapsed, cpu = time.perf_counter() - start, cpu_seconds(pid) - cpu
        memory = rss_mb(pid)
        await asyncio.gather(*(t.close() for t in everyone))
    latencies.sort()
    return {"tables": tables, "moves": sum(done), "moves_per_s": sum(done) / elapsed,
            "cpu_ms": 1000 * cpu / max(1, sum(done)),
            "p50_ms": 1000 * statistics.median(latencies),
            "p95_ms": 1000 * latencies[int(0.95 * (len(latencies) - 1))],
            "pushes": sum(t.pushes for t in everyone),
            "rss_mb": memory, "kb_per_table": 1024 * (memory - baseline) / max(1, tables - 1)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, nargs="*", default=[1, 10, 50, 200])
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--rules", default="kozel")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--set", dest="sets", action="append", default=[], metavar="NAME=VALUE")
    parser.add_argument("--tree", action="append", default=[], metavar="CHECKOUT",
                        help="serve from this checkout (repeat to compare, alternating row by row)")
    args = parser.parse_args()
    options = dict(s.split("=", 1) for s in args.sets)
    print(f"machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f} at the start")
    print(f"{args.rules}, {args.players} players, every seat a scripted person with a WebSocket; "
          f"{args.seconds:g} s per row")
    trees = [Path(t).resolve() for t in args.tree] or [Path(__file__).resolve().parents[1]]
    print(f"{'tree':<12} {'tables':>7} {'moves':>7} {'moves/s':>8} {'p50 ms':>7} {'p95 ms':>7} {'pushes':>8} "
          f"{'CPU ms/move':>12} {'RSS MB':>7} {'KB/table':>9}")
    for tables in args.tables:
        for tree in trees:
            server = Server(Path(tempfile.mkdtemp()) / "tables.sqlite", "--rate", "0", "--bot-pause", "0", tree=tree)
            try:
                row = asyncio.run(measure(server.base, server.proc.pid, tables, args.seconds, args.rules,
                                          args.players, options))
            finally:
                server.stop()
            per_table = f"{row['kb_per_table']:>9.0f}" if tables > 1 else f"{'-':>9}"
            print(f"{tree.name[:12]:<12} {row['tables']:>7} {row['moves']:>7} {row['moves_per_s']:>8.0f} "
                  f"{row['p50_ms']:>7.1f} {row['p95_ms']:>7.1f} {row['pushes']:>8} {row['cpu_ms']:>12.2f} "
                  f"{row['rss_mb']:>7.0f} {per_table}")
    print(f"load average {os.getloadavg()[0]:.1f} at the end")


if __name__ == "__main__":
    main()
