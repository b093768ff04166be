"""The tables a server holds: made, found, joined and played on, each change saved before it
is answered and then announced (to the WebSocket hub, and to the computer players).

Every operation on a table runs on the event loop, one at a time, so no two changes of one
table interleave; the bots' searches run in worker threads (computers.py). A failure of one
table (its rule file failing in play, its log no longer replaying) stops that table only.
"""
from __future__ import annotations

import hashlib
import logging
import secrets

from .. import bots
from ..errors import RuleErrors
from ..lang.options import OptionError
from ..runtime.actions import IllegalAction
from ..runtime.helpers import SEAT_NAMES
from .computers import Computers
from .guard import Refused, _clip
from .people import OPEN, People
from .store import StoreError, digest
from .tables import OVER, PLAYING, STOPPED, LiveTable, ReplayFailed, Seat, failure, ordered_legal, seat_row

log = logging.getLogger("ruledsl.web")

MAX_BOT_SECONDS = 5.0            # a bot at this server thinks at most this long a move
MAX_BOT_ITERATIONS = 20_000
KEPT_FINISHED = 200              # finished tables kept in memory (the store keeps them all)
PERSON = "human"                 # the word of a person's seat in POST /api/tables (and OPEN)


class Room(People):
    def __init__(self, catalog, store, *, bot_pause: float = 0.6, max_playing: int = 1000, workers: int = 2):
        self.catalog, self.store, self.max_playing = catalog, store, max_playing
        self.tables: dict[str, LiveTable] = {}
        self.listeners: list = []            # called with a table after each change
        self.computers = Computers(self, pause=bot_pause, workers=workers)

    def start(self) -> None:
        """Every table in play made again from the store; the bots to move set going."""
        for record in self.store.tables(PLAYING):
            self.computers.schedule(self._load(record))

    def close(self) -> None:
        self.computers.close(self.tables.values())

    # -- finding tables ---------------------------------------------------------------------------

    def get(self, table_id) -> LiveTable:
        table = self.tables.get(table_id)
        if table is not None:
            return table
        record = self.store.table(table_id) if isinstance(table_id, str) and len(table_id) <= 40 else None
        if record is None:
            raise Refused(404, f"there is no table '{_clip(table_id)}'")
        return self._load(record)

    def _load(self, record: dict) -> LiveTable:
        self._forget_finished()
        entry = self.catalog.get(record["rules"])
        table = LiveTable(record, entry, [])
        self.tables[table.id] = table
        try:
            table.seats = [Seat(s["kind"], s["bot"], s["token"], s["name"], s["stand_in"]) for s in self.store.seats(table.id)]
            if entry is None:
                raise ReplayFailed(f"the rule file '{record['rules']}' is no longer served here")
            table.talk = self.store.messages(table.id)
            table.restore(self.store.actions(table.id))
            if table.status == OVER and record["status"] == PLAYING:     # ended as the server stopped
                self.store.finish(table.id)
        except (ReplayFailed, bots.BotSpecError, RuleErrors) as exc:
            self.stop(table, str(exc) if not isinstance(exc, RuleErrors) else failure(exc))
        return table

    def _forget_finished(self) -> None:
        finished = [t for t in self.tables.values() if t.status != PLAYING and not any(t.present.values())]
        for table in finished[:max(0, len(finished) - KEPT_FINISHED)]:
            del self.tables[table.id]

    def listing(self, limit: int = 100) -> list[dict]:
        """The latest tables for the lobby, newest first: those in memory as they are now, the
        others as the store keeps them (their hand unknown without replaying them)."""
        out = []
        for row in self.store.recent(limit):
            table = self.tables.get(row["id"])
            if table is not None:
                out.append(table.meta())
                continue
            entry = self.catalog.get(row["rules"])
            seats = [seat_row(SEAT_NAMES[i], kind, bot, 0, name, stand_in)
                     for i, kind, bot, name, stand_in in row.pop("seats")]
            out.append({**row, "title": entry.ruleset.name if entry else row["rules"], "hand": None, "seats": seats})
        return out

    # -- making and joining -------------------------------------------------------------------------

    def create(self, body: dict) -> tuple[LiveTable, list[dict]]:
        entry = self.catalog.get(body["rules"])
        if entry is None:
            raise Refused(400, f"there is no rule file '{_clip(body['rules'])}' here; GET /api/rules lists them")
        game = _game(entry)
        players = body.get("players", game.default_players)
        if not game.min_players <= players <= game.max_players:
            raise Refused(400, f"{game.name} is for {game.player_range()} players, not {players}")
        seats = _seats(body.get("seats") or [PERSON] + [bots.DEFAULT] * (players - 1), players)
        tokens = {i: secrets.token_urlsafe(24) for i, (kind, _) in enumerate(seats) if kind == "person"}
        table = self._open(entry, players, body.get("options") or {},
                           [Seat(kind, bot, digest(tokens[i]) if i in tokens else None) for i, (kind, bot) in enumerate(seats)])
        return table, [{"seat": SEAT_NAMES[i], "token": t} for i, t in tokens.items()]

    def again(self, table: LiveTable, seat: int | None) -> tuple[LiveTable, bool]:
        """The same people's next match, once this one is over: the same game, players and
        options, each person at the same seat with the same token, each computer player the
        same bot, a seat nobody took still open. Made once; asked again, the one made (and
        False). The finished table records it, so every page there can offer it."""
        if seat is None:
            raise Refused(403, "starting the next match needs a seat's token (Authorization: Bearer TOKEN)")
        if table.status == STOPPED:
            raise Refused(409, f"this table is stopped: {table.note}")
        if table.status != OVER:
            raise Refused(409, "the match is not over yet")
        if table.record.get("next") is not None:
            return self.get(table.record["next"]), False
        entry = self.catalog.get(table.record["rules"])
        if entry is None:
            raise Refused(409, f"the rule file '{table.record['rules']}' is no longer served here")
        following = self._open(entry, table.players, table.record["options"],
                               [Seat(s.kind, s.bot, s.token, s.name) for s in table.seats], follows=table.id)
        table.record["next"] = following.id
        self.notify(table)
        return following, True

    def _open(self, entry, players: int, options: dict, seats: list[Seat], follows: str | None = None) -> LiveTable:
        """A new table in play, saved, then announced (its first bot to move set going)."""
        try:
            _game(entry).options(options)
        except OptionError as exc:
            raise Refused(400, str(exc)) from None
        if sum(t.status == PLAYING for t in self.tables.values()) >= self.max_playing:
            raise Refused(503, f"this server holds {self.max_playing} tables in play: try again later")
        record = {"id": self._new_id(), "rules": entry.name, "players": players, "options": options,
                  "seed": secrets.randbelow(1 << 30), "status": PLAYING, "note": None, "next": None}
        table = LiveTable(record, entry, seats)
        try:
            table.restore([])
        except ReplayFailed as exc:             # the opening steps fail with these options
            raise Refused(422, str(exc)) from None
        self._save(self.store.create, table.id, entry.name, _sha256(entry.path), players, options, record["seed"],
                   [(s.kind, s.bot, s.token, s.name) for s in table.seats], table.status, follows)
        record["created"] = self.store.table(table.id)["created"]
        self.tables[table.id] = table
        self.changed(table)
        return table

    def _new_id(self) -> str:
        while True:
            table_id = secrets.token_urlsafe(6)
            if table_id not in self.tables and self.store.table(table_id) is None:
                return table_id

    # -- playing ----------------------------------------------------------------------------------

    def act(self, table: LiveTable, seat: int | None, text: str, version: int | None = None) -> None:
        """`seat` takes the action `text` (refused in words: not its turn, stale, illegal)."""
        self._can_move(table, seat)
        if version is not None and version != table.version:
            raise Refused(409, f"the table has moved on: you saw it after {version} moves, it is at "
                          f"{table.version} now", stale=True)
        self.apply(table, seat, text)

    def _can_move(self, table: LiveTable, seat: int | None) -> None:
        if table.status == STOPPED:
            raise Refused(409, f"this table is stopped: {table.note}")
        if table.status == OVER:
            raise Refused(409, "the match is over")
        if seat is None:
            raise Refused(403, "moving needs a seat's token (Authorization: Bearer TOKEN)")
        mover = table.mover()
        if mover != seat:
            raise Refused(403, "it is not your turn" + (f": {SEAT_NAMES[mover]} is to move" if mover is not None else ""))
        if table.seats[seat].stand_in is not None:
            raise Refused(409, "a computer player is playing for you: take your seat back first")

    def apply(self, table: LiveTable, seat: int, text: str) -> None:
        st = table.state
        try:
            action = st.parse_action(text)
        except IllegalAction as exc:
            reason = f"not allowed: {exc.reason}" if exc.reason else f"'{_clip(text)}' is not a legal move now"
            raise Refused(409, reason, legal=ordered_legal(st, table.log(seat).view)) from None
        canonical = st.action_to_string(action)
        status = note = None
        try:
            st.apply_action(action)
        except Exception as exc:                    # the rule file fails in play: this table stops
            log.error("table %s stopped at action %d: %s", table.id, table.version, exc)
            status, note = STOPPED, failure(exc)
        else:
            status = OVER if st.is_terminal() else None
        try:
            self.store.act(table.id, table.version, seat, canonical, status, note)
        except StoreError as exc:                   # not taken: the match as the store holds it
            log.error("%s", exc)
            table.state = table.replay(table.actions)
            raise not_saved() from None
        table.actions.append((seat, canonical))
        if status == STOPPED:                       # shown where it stopped, as after a restart
            table.status, table.note = STOPPED, note
            table.restore(table.actions)
        elif status == OVER:
            table.status = OVER
        self.changed(table)

    def why(self, table: LiveTable, seat: int | None, text: str) -> dict:
        """Why a move is not allowed now, for the seat to move (for another, it would tell about
        the mover's hand)."""
        self._can_move(table, seat)
        reason = table.state.why_not(text)
        return {"action": text, "allowed": reason is None, "reason": reason}

    async def hint(self, table: LiveTable, seat: int | None) -> dict:
        self._can_move(table, seat)
        return await self.computers.hint(table)

    def changed(self, table: LiveTable) -> None:
        """The match moved on (or a seat was taken): everyone is told, a bot to move moves."""
        self.notify(table)
        self.computers.schedule(table)

    def notify(self, table: LiveTable) -> None:
        """What a view shows has changed: the views are made again and pushed."""
        table.changed()
        for listener in self.listeners:
            listener(table)

    def stop(self, table: LiveTable, note: str) -> None:
        table.status, table.note = STOPPED, note
        try:
            self.store.stop(table.id, note)
        except StoreError:
            log.exception("table %s: its stop could not be saved", table.id)

    def _save(self, write, *args):
        try:
            return write(*args)
        except StoreError as exc:
            log.error("%s", exc)
            raise not_saved() from None


def not_saved() -> Refused:
    """A write the store refused (a full disk, a database locked too long): nothing was taken."""
    return Refused(503, "the server could not save this; nothing changed: try again")


def _game(entry):
    """The rule file's game, or a refusal when it has errors (logged in full for the server)."""
    try:
        return entry.game()
    except RuleErrors as errors:
        log.error("%s cannot be played:\n%s", entry.path, errors.render())
        raise Refused(422, f"the rule file '{entry.name}' has errors and cannot be played") from None


def _seats(words: list[str], players: int) -> list[tuple[str, str | None]]:
    if len(words) != players:
        raise Refused(400, f"give one seat per player: {players} players, {len(words)} seats")
    out = []
    for i, word in enumerate(words):
        word = word.strip()
        if word.lower() in (PERSON, "person"):
            out.append(("person", None))
        elif word.lower() == OPEN:
            out.append((OPEN, None))
        else:
            try:
                bot = bots.make(word)
            except bots.BotSpecError as exc:
                raise Refused(400, f"seat {SEAT_NAMES[i]}: {exc} (or \"human\", \"open\")") from None
            budget = getattr(bot, "budget", None)
            if budget is not None and ((budget.seconds or 0) > MAX_BOT_SECONDS
                                       or (budget.iterations or 0) > MAX_BOT_ITERATIONS):
                raise Refused(400, f"seat {SEAT_NAMES[i]}: bots here think at most {MAX_BOT_SECONDS:g} s "
                              f"or {MAX_BOT_ITERATIONS} iterations a move")
            out.append(("bot", bot.spec if hasattr(bot, "spec") else word))
    return out


def _sha256(path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()
