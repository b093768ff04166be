"""Nothing lost (issue 30 §5): `ruledsl serve` killed with SIGKILL in the middle of matches and
started again on the same --db shows every seat (and a spectator) exactly what it showed before,
and the matches play on to their end, bots included (a bot's turn pending when the server stops
is taken up after a restart: test_web_api.py)."""
import random

import httpx
import pytest

from webtools import Server, auth, wait_for


HTTP = httpx.Client(timeout=10)      # one client: a connection kept open, not one per request


def view(base, table, token=None):
    return HTTP.get(f"{base}/api/tables/{table}", headers=auth(token)).json()


def move(base, table, tokens, rng):
    """The person to move plays a random legal move; False when no person is to move."""
    mover = view(base, table)["to_move"]
    if mover not in tokens:
        return False
    mine = view(base, table, tokens[mover])
    r = HTTP.post(f"{base}/api/tables/{table}/actions", headers=auth(tokens[mover]),
                   json={"action": rng.choice(mine["legal"]), "version": mine["version"]})
    assert r.status_code == 200, r.text
    return True


def settled(v, tokens) -> bool:
    """Whether no bot's move is coming at the table seen as `v`: a person is to move, or it is over."""
    return v["over"] or v["to_move"] in tokens


@pytest.mark.slow
def test_a_killed_server_starts_again_with_every_table_where_it_was(tmp_path):
    db = tmp_path / "tables.sqlite"
    rng = random.Random(4)
    server = Server(db, "--bot-pause", "0", "--rate", "0")
    try:
        made = {}
        for rules, seats, options in (("kozel", ["human", "human", "random"], {"hands": 3}),
                                      ("ciapano", ["human", "random", "human", "human"], {"target": 8})):
            r = HTTP.post(f"{server.base}/api/tables", json={"rules": rules, "players": len(seats), "seats": seats,
                                                              "options": options})
            assert r.status_code == 201
            made[r.json()["id"]] = {s["seat"]: s["token"] for s in r.json()["seats"]}
        for table, tokens in made.items():
            played = 0
            while played < 12 and not view(server.base, table)["over"]:
                played += move(server.base, table, tokens, rng)
            # a bot's move may still be coming: its table is compared once it has come (a person
            # to move, or the match over); else the restarted server's bot moves before `after`
            wait_for(lambda: settled(view(server.base, table), tokens))
        before = {(t, s): view(server.base, t, tokens.get(s)) for t, tokens in made.items()
                  for s in [*tokens, None]}
        server.kill()                                   # SIGKILL: no shutdown, nothing flushed
        server = Server(db, "--bot-pause", "0", "--rate", "0")
        after = {(t, s): view(server.base, t, made[t].get(s)) for t, s in before}
        for key in before:
            for v in (before[key], after[key]):
                for seat in v["seats"]:
                    seat.pop("here", None)              # who is connected is not kept
            assert after[key] == before[key], key
        for table, tokens in made.items():              # and every match plays on to its end
            def over():
                if not move(server.base, table, tokens, rng):
                    return view(server.base, table)["over"]
                return False
            wait_for(over, timeout=120, every=0)
            assert view(server.base, table)["status"] == "over"
    finally:
        server.stop()
