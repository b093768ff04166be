"""The same people's next match (POST /api/tables/ID/again, docs/web.md): once a match is over,
any person seated there starts it; everyone keeps their seat and token, the computer players
their bots, an untaken seat stays open; it is made once, recorded on the finished table for
every page there, and kept by the store across a restart (an older file gains the columns)."""
import json
import sqlite3
from contextlib import closing

from webtools import auth, client, new_table_in_play, play_out, rng, tokens_of

from ruledsl.web.store import Store


def _record(db, table_id) -> tuple:
    with closing(sqlite3.connect(db)) as store:
        row = store.execute("SELECT rules, players, options, next FROM tables WHERE id = ?", (table_id,)).fetchone()
        seats = store.execute("SELECT kind, bot, token FROM seats WHERE table_id = ? ORDER BY seat", (table_id,)).fetchall()
    return row[0], row[1], json.loads(row[2]), row[3], seats


def _again(c, table_id, token=None):
    return c.post(f"/api/tables/{table_id}/again", headers=auth(token))


def test_the_next_match_keeps_every_seat_its_person_or_bot_and_is_made_once(tmp_path):
    db = tmp_path / "tables.sqlite"
    with client(db) as c:
        made = new_table_in_play(c, seats=["human", "open", "human", "random"], players=4, options={"hands": 2})
        tid, tokens = made["id"], tokens_of(made)
        tokens["B"] = c.post(f"/api/tables/{tid}/join", json={"seat": "B"}).json()["token"]
        refused = _again(c, tid, tokens["A"])
        assert refused.status_code == 409 and refused.json()["error"] == "the match is not over yet"
        play_out(c, tid, tokens, rng(3))

        assert _again(c, tid).status_code == 403                       # a spectator starts nothing
        assert _again(c, tid, "not-a-token").status_code == 403
        first = _again(c, tid, tokens["C"])
        assert first.status_code == 201
        following = first.json()["id"]
        assert following != tid
        for seat in "AB":                                              # asked again: the one made
            r = _again(c, tid, tokens[seat])
            assert r.status_code == 200 and r.json() == {"id": following}
        assert c.get(f"/api/tables/{tid}").json()["next"] == following  # every page there offers it
        assert c.get(f"/api/tables/{tid}", headers=auth(tokens["B"])).json()["next"] == following

        old, new = _record(db, tid), _record(db, following)
        assert new[:3] == old[:3] and new[3] is None and old[3] == following   # game, players, options
        assert [(kind, bot) for kind, bot, _ in new[4]] == [("person", None)] * 3 + [("bot", "random")]
        assert new[4] == old[4]                                        # each seat's token digest kept
        for seat, token in tokens.items():                             # the same token, the same seat
            assert c.get(f"/api/tables/{following}", headers=auth(token)).json()["seat"] == seat
        # a new match: from its start (a bot may have moved already, a deal may have ended a hand)
        view = c.get(f"/api/tables/{following}").json()
        assert view["rules"] == "kozel" and view["next"] is None and view["version"] < 4
        end = play_out(c, following, tokens, rng(4))                   # and they play it
        assert end["over"]

    with client(db) as c:                                              # a restarted server keeps it
        assert c.get(f"/api/tables/{tid}").json()["next"] == following
        assert _again(c, tid, tokens["A"]).json() == {"id": following}


def test_a_seat_nobody_took_stays_open_at_the_next_match(tmp_path):
    with client(tmp_path / "tables.sqlite") as c:
        made = new_table_in_play(c, seats=["human", "random", "random"], options={"hands": 1})
        tid, tokens = made["id"], tokens_of(made)
        play_out(c, tid, tokens, rng(1))
        following = _again(c, tid, tokens["A"]).json()["id"]
        seats = c.get(f"/api/tables/{following}").json()["seats"]
        assert [s["who"] for s in seats] == ["person", "bot", "bot"]


OLD_LAYOUT = """
CREATE TABLE tables (id TEXT PRIMARY KEY, rules TEXT NOT NULL, sha256 TEXT NOT NULL, players INTEGER NOT NULL,
    options TEXT NOT NULL, seed INTEGER NOT NULL, created REAL NOT NULL, status TEXT NOT NULL DEFAULT 'playing', note TEXT);
CREATE TABLE seats (table_id TEXT NOT NULL REFERENCES tables(id), seat INTEGER NOT NULL, kind TEXT NOT NULL,
    bot TEXT, token TEXT, PRIMARY KEY (table_id, seat));
CREATE TABLE actions (table_id TEXT NOT NULL REFERENCES tables(id), number INTEGER NOT NULL, seat INTEGER NOT NULL,
    action TEXT NOT NULL, PRIMARY KEY (table_id, number));
INSERT INTO tables VALUES ('old', 'kozel', 'x', 3, '{}', 7, 0.0, 'over', NULL);
INSERT INTO seats VALUES ('old', 0, 'person', NULL, 'digest');
PRAGMA user_version=1;
"""


def test_a_file_of_the_first_layout_keeps_its_tables_and_gains_the_new_columns(tmp_path):
    db = tmp_path / "old.sqlite"
    with closing(sqlite3.connect(db)) as old:
        old.executescript(OLD_LAYOUT)
    store = Store(db)
    assert store.table("old")["next"] is None and store.table("old")["seed"] == 7
    assert store.seats("old") == [{"seat": 0, "kind": "person", "bot": None, "token": "digest", "name": None, "stand_in": None}]
    store.create("new", "kozel", "y", 3, {}, 8, [("bot", "random", None, None)] * 3, follows="old")
    assert store.table("old")["next"] == "new"
    store.close()
    with closing(sqlite3.connect(db)) as again:
        assert again.execute("PRAGMA user_version").fetchone() == (2,)
