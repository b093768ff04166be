"""The server's memory on disk: one SQLite file (stdlib sqlite3, write-ahead log).

Every table is kept as what makes it again: its rule file (by the catalog's name, with the
file's hash when it was created), player count, options, seed and seats, then the actions in
order. The engine is deterministic, so replaying the actions from the seed gives the very
state the table was in (tables.py does it when the server starts).

Each accepted action is committed before it is answered, with the status it leaves the table
in (over, stopped) in the same transaction. In WAL mode with synchronous=NORMAL a
commit survives the process being killed at any moment (`kill -9`); only a power cut can lose
the last commits (synchronous=FULL would make each commit wait for the disk). Seat tokens are
kept only as their SHA-256: a copy of the file gives nobody a seat.
"""
from __future__ import annotations

import hashlib
import json
import sqlite3
import threading
import time
from pathlib import Path

VERSION = 2          # PRAGMA user_version of the layout below (2: tables.next, seats.name and .stand_in, messages)

SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id       TEXT PRIMARY KEY,
    rules    TEXT NOT NULL,              -- the catalog's name of the rule file
    sha256   TEXT NOT NULL,              -- the rule file's hash at creation
    players  INTEGER NOT NULL,
    options  TEXT NOT NULL,              -- JSON: the options set, as given
    seed     INTEGER NOT NULL,           -- never leaves the server
    created  REAL NOT NULL,
    status   TEXT NOT NULL DEFAULT 'playing',   -- playing, over, stopped
    note     TEXT,                       -- why a table stopped, in words
    next     TEXT                        -- the same people's next match, once one of them starts it
);
CREATE TABLE IF NOT EXISTS seats (
    table_id TEXT NOT NULL REFERENCES tables(id),
    seat     INTEGER NOT NULL,
    kind     TEXT NOT NULL,              -- person, open (a person's seat nobody has taken), bot
    bot      TEXT,                       -- the bot's spec
    token    TEXT,                       -- SHA-256 of the seat's token
    name     TEXT,                       -- the name its person gave, shown to everyone
    stand_in TEXT,                       -- the bot playing a person's seat while they are away
    PRIMARY KEY (table_id, seat)
);
CREATE TABLE IF NOT EXISTS actions (
    table_id TEXT NOT NULL REFERENCES tables(id),
    number   INTEGER NOT NULL,           -- 0, 1, … in the order taken
    seat     INTEGER NOT NULL,
    action   TEXT NOT NULL,              -- canonical text (state.action_to_string)
    PRIMARY KEY (table_id, number)
);
CREATE TABLE IF NOT EXISTS messages (
    table_id TEXT NOT NULL REFERENCES tables(id),
    number   INTEGER NOT NULL,           -- 0, 1, … in the order said
    seat     INTEGER NOT NULL,
    text     TEXT NOT NULL,              -- what a person at the table wrote, as written
    PRIMARY KEY (table_id, number)
);
"""


def digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


class StoreError(Exception):
    """The database could not be written (a full disk, a locked or broken file)."""


class Store:
    def __init__(self, path: str | Path):
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        # One connection, used under a lock (a test client may call from another thread).
        self.db = sqlite3.connect(str(path), isolation_level=None, check_same_thread=False)
        self.lock = threading.Lock()
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=NORMAL")
        self.db.execute("PRAGMA foreign_keys=ON")
        self.db.executescript(SCHEMA)
        for table, column in (("tables", "next"), ("seats", "name"), ("seats", "stand_in")):   # layout 1: kept as it is
            if column not in {row[1] for row in self.db.execute(f"PRAGMA table_info({table})")}:
                self.db.execute(f"ALTER TABLE {table} ADD COLUMN {column} TEXT")
        self.db.execute(f"PRAGMA user_version={VERSION}")

    def _write(self, statements) -> int:
        """Run (sql, args) pairs as one transaction, committed before returning; the rows the
        last one changed."""
        with self.lock:
            try:
                self.db.execute("BEGIN IMMEDIATE")
                for sql, args in statements:
                    changed = self.db.execute(sql, args).rowcount
                self.db.execute("COMMIT")
                return changed
            except sqlite3.Error as exc:
                if self.db.in_transaction:
                    self.db.execute("ROLLBACK")
                raise StoreError(f"the database could not be written ({exc})") from None

    def _read(self, sql: str, args=()) -> list:
        with self.lock:
            return self.db.execute(sql, args).fetchall()

    # -- writing ----------------------------------------------------------------------------------

    def create(self, table_id: str, rules: str, sha256: str, players: int, options: dict, seed: int,
               seats: list[tuple[str, str | None, str | None, str | None]], status: str = "playing",
               follows: str | None = None) -> None:
        """A new table and its seats, each (kind, bot spec, token digest, name); its status is `over`
        when its match ended before anyone moved (a deal can end a hand, and a match). With
        `follows`, it is that finished table's next match, recorded there in the same
        transaction."""
        statements = [("INSERT INTO tables (id, rules, sha256, players, options, seed, created, status) "
                       "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                       (table_id, rules, sha256, players, json.dumps(options), seed, time.time(), status))]
        statements += [("INSERT INTO seats (table_id, seat, kind, bot, token, name) VALUES (?, ?, ?, ?, ?, ?)",
                        (table_id, seat, *row)) for seat, row in enumerate(seats)]
        if follows is not None:
            statements.append(("UPDATE tables SET next = ? WHERE id = ?", (table_id, follows)))
        self._write(statements)

    def act(self, table_id: str, number: int, seat: int, action: str,
            status: str | None = None, note: str | None = None) -> None:
        """Action `number` of the table, and the status it leaves the table in when it ends the
        match or stops the table (`over`, or `stopped` with a note): one transaction, so no kill
        comes between a match's last action and its end."""
        statements = [("INSERT INTO actions (table_id, number, seat, action) VALUES (?, ?, ?, ?)",
                       (table_id, number, seat, action))]
        if status is not None:
            statements.append(("UPDATE tables SET status = ?, note = ? WHERE id = ?", (status, note, table_id)))
        self._write(statements)

    def say(self, table_id: str, number: int, seat: int, text: str) -> None:
        """Message `number` of the table's talk."""
        self._write([("INSERT INTO messages (table_id, number, seat, text) VALUES (?, ?, ?, ?)",
                      (table_id, number, seat, text))])

    def stand_in(self, table_id: str, seat: int, bot: str | None) -> None:
        self._write([("UPDATE seats SET stand_in = ? WHERE table_id = ? AND seat = ?", (bot, table_id, seat))])

    def rename(self, table_id: str, seat: int, name: str | None) -> None:
        self._write([("UPDATE seats SET name = ? WHERE table_id = ? AND seat = ?", (name, table_id, seat))])

    def finish(self, table_id: str) -> None:
        self._write([("UPDATE tables SET status = 'over' WHERE id = ?", (table_id,))])

    def claim(self, table_id: str, seat: int, token: str) -> bool:
        """An open seat taken by a person (their token's digest); False if it was not open."""
        return self._write([("UPDATE seats SET kind = 'person', token = ? WHERE table_id = ? AND seat = ? "
                             "AND kind = 'open'", (token, table_id, seat))]) == 1

    def stop(self, table_id: str, note: str) -> None:
        self._write([("UPDATE tables SET status = 'stopped', note = ? WHERE id = ?", (note, table_id))])

    # -- reading ----------------------------------------------------------------------------------

    def tables(self, status: str | None = None) -> list[dict]:
        sql = "SELECT id, rules, sha256, players, options, seed, created, status, note, next FROM tables"
        rows = self._read(sql + (" WHERE status = ?" if status else "") + " ORDER BY created",
                          (status,) if status else ())
        return [_table(row) for row in rows]

    def table(self, table_id: str) -> dict | None:
        rows = self._read("SELECT id, rules, sha256, players, options, seed, created, status, note, next "
                          "FROM tables WHERE id = ?", (table_id,))
        return _table(rows[0]) if rows else None

    def recent(self, limit: int) -> list[dict]:
        """The latest tables, newest first, as the lobby lists them: with their seats (without
        tokens) and the number of actions taken."""
        rows = self._read("SELECT t.id, t.rules, t.players, t.status, t.created, "
                          "(SELECT COUNT(*) FROM actions a WHERE a.table_id = t.id) "
                          "FROM tables t ORDER BY t.created DESC LIMIT ?", (limit,))
        out = {r[0]: {"id": r[0], "rules": r[1], "players": r[2], "status": r[3], "created": r[4],
                      "version": r[5], "seats": []} for r in rows}
        if out:
            marks = ", ".join("?" * len(out))
            for table_id, seat, *who in self._read(f"SELECT table_id, seat, kind, bot, name, stand_in FROM seats "
                                                   f"WHERE table_id IN ({marks}) ORDER BY seat", list(out)):
                out[table_id]["seats"].append((seat, *who))
        return list(out.values())

    def seats(self, table_id: str) -> list[dict]:
        rows = self._read("SELECT seat, kind, bot, token, name, stand_in FROM seats WHERE table_id = ? ORDER BY seat",
                          (table_id,))
        return [{"seat": s, "kind": k, "bot": b, "token": t, "name": n, "stand_in": i} for s, k, b, t, n, i in rows]

    def actions(self, table_id: str) -> list[tuple[int, str]]:
        return self._read("SELECT seat, action FROM actions WHERE table_id = ? ORDER BY number", (table_id,))

    def messages(self, table_id: str) -> list[tuple[int, str]]:
        return self._read("SELECT seat, text FROM messages WHERE table_id = ? ORDER BY number", (table_id,))

    def close(self) -> None:
        with self.lock:
            self.db.close()


def _table(row) -> dict:
    keys = ("id", "rules", "sha256", "players", "options", "seed", "created", "status", "note", "next")
    out = dict(zip(keys, row))
    out["options"] = json.loads(out["options"])
    return out
