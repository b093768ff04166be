"""A table in play, in memory: its match (a State with its events), seats and what each seat
has been shown. It is made again from the store by replaying the logged actions from the seed
(the engine is deterministic), so the store's rows are the whole truth and this a cache.
"""
from __future__ import annotations

from ..bots import make
from ..errors import RuleError, RuleErrors
from ..runtime.helpers import SEAT_NAMES
from ..table.view import amount_runs
from .views import SeatLog, card_words, deck, make_view, picture

PLAYING, OVER, STOPPED = "playing", "over", "stopped"
TALK_SHOWN = 50                     # the latest messages of the table's talk in a view


class Seat:
    """Who sits at a seat: a person (their token's digest, the name they gave, and the bot
    standing in for them while they are away, if one is), an open seat, or a bot."""

    def __init__(self, kind: str, bot: str | None = None, token: str | None = None, name: str | None = None,
                 stand_in: str | None = None):
        self.kind, self.bot, self.token, self.name = kind, bot, token, name
        self.stand(stand_in)

    def stand(self, stand_in: str | None) -> None:
        """A bot plays this person's seat from now on (None: the person again)."""
        self.stand_in = stand_in
        spec = self.bot if self.kind == "bot" else stand_in
        self.player = make(spec) if spec else None             # the bot that moves here, if any


def seat_row(letter: str, kind: str, bot: str | None, present: int, name: str | None = None,
             stand_in: str | None = None) -> dict:
    """A seat as everyone may see it: who sits there, by the name they gave, and the bot playing
    for them while they are away (never their token)."""
    return {"seat": letter, "who": kind, **({"bot": bot} if kind == "bot" else {"here": present > 0}),
            **({"name": name} if name else {}), **({"stand_in": stand_in} if stand_in else {})}


class ReplayFailed(Exception):
    """The logged actions do not play again (the rule file changed, or fails): in words."""


class LiveTable:
    def __init__(self, record: dict, entry, seats: list[Seat]):
        self.id, self.record, self.entry, self.seats = record["id"], record, entry, seats
        self.status, self.note = record["status"], record["note"]
        self.state = None
        self.actions: list[tuple[int, str]] = []
        self.talk: list[tuple[int, str]] = []   # (seat, text): what the people seated here wrote
        self.logs: dict = {}                # seat (None: spectators) → SeatLog
        self.thinking: int | None = None    # the bot seat searching now
        self.present: dict = {}             # seat → connections open (hub.py)
        self.bot_task = None
        self.hinting = False                # a hint being searched (one at a time)
        self.generation = 0                 # changes so far: a view made since is still good
        self.views: dict = {}               # (seat, whole log) → (generation, view)

    # -- the match --------------------------------------------------------------------------------

    @property
    def version(self) -> int:
        """The number of actions taken: what a client names to act on the position it saw."""
        return len(self.actions)

    @property
    def players(self) -> int:
        return self.record["players"]

    def new_state(self):
        """The match at its start, as the table's record makes it."""
        r = self.record
        return self.entry.game().new_initial_state(seed=r["seed"], players=r["players"], options=r["options"],
                                                   record=True)

    def replay(self, actions: list[tuple[int, str]], upto: int | None = None):
        """A state with `actions` (or the first `upto` of them) taken again, each checked."""
        number = -1
        try:
            st = self.new_state()
            for number, (seat, text) in enumerate(actions[:upto]):
                if st.current_player() != seat:
                    raise ReplayFailed(f"action {number + 1} ({text}) was logged for seat {SEAT_NAMES[seat]}, "
                                       f"but seat {SEAT_NAMES[st.current_player()]} is to move")
                st.apply_action(text)
        except ValueError:                   # an illegal action (IllegalAction) or a bad option
            raise ReplayFailed(f"the logged actions no longer play (action {number + 1})") from None
        except (RuleError, RuleErrors) as exc:
            raise ReplayFailed(failure(exc)) from None
        return st

    def restore(self, actions: list[tuple[int, str]]) -> None:
        """The table as the store holds it. A stopped table is shown where it stopped: before
        the action its rule file failed on, if the others still play."""
        self.actions = list(actions)
        if self.status == STOPPED:
            try:
                self.state = self.replay(actions[:-1])
            except ReplayFailed:
                self.state = None
            return
        self.state = self.replay(actions)
        if self.state.is_terminal():
            self.status = OVER

    def mover(self) -> int | None:
        st = self.state
        if st is None or self.status != PLAYING or st.is_terminal():
            return None
        seat = st.current_player()
        return seat if seat >= 0 else None

    # -- what each seat is sent -------------------------------------------------------------------

    def log(self, seat: int | None) -> SeatLog:
        log = self.logs.get(seat)
        if log is None:
            log = self.logs[seat] = self.new_log(seat)
        log.read(self.state.events)
        return log

    def new_log(self, seat: int | None) -> SeatLog:
        """A SeatLog for `seat` that has read nothing yet."""
        return SeatLog(make_view(self.entry.ruleset, self.players, seat), card_words(self.state.prog))

    def changed(self) -> None:
        """Something a view shows has changed (a move, a bot thinking, someone arriving)."""
        self.generation += 1

    def view(self, seat: int | None, whole_log: bool = False) -> dict:
        """What `seat` (None: a spectator) is sent now (docs/web.md, GET /api/tables/ID): made
        once per change and seat, however many ask (the pushes, a page's GET after its move).
        Callers must not change it."""
        made = self.views.get((seat, whole_log))
        if made is None or made[0] != self.generation:
            made = self.views[seat, whole_log] = (self.generation, self._view(seat, whole_log))
        return made[1]

    def _view(self, seat: int | None, whole_log: bool) -> dict:
        if self.state is None:           # a table stopped before its match could be made again
            return {**self.meta(), "seat": SEAT_NAMES[seat] if seat is not None else None,
                    "deck": deck(self.entry.ruleset) if self.entry is not None else {"ranks": [], "suits": []},
                    "to_move": None, "asked": None, "legal": [], "legal_cards": [], "amounts": [], "thinking": None, "view": None, "last": None,
                    "log": [], "talk": self.talk_lines(), "over": False, "returns": None, "note": self.note}
        return build(self, self.state, seat, self.log(seat), whole_log)

    def talk_lines(self) -> list[dict]:
        """The table's talk, the latest messages: public to everyone at the table."""
        return [{"seat": SEAT_NAMES[seat], "text": text} for seat, text in self.talk[-TALK_SHOWN:]]

    def meta(self) -> dict:
        """The table as the lobby lists it: public to all."""
        r = self.record
        st = self.state
        title = self.entry.ruleset.name if self.entry is not None else r["rules"]
        return {"id": self.id, "rules": r["rules"], "title": title, "players": r["players"],
                "status": self.status, "created": r["created"], "version": self.version,
                "hand": st.hand_number if st is not None else 0,
                "next": r.get("next"),            # the same people's next match, once started
                "seats": [seat_row(SEAT_NAMES[i], s.kind, s.bot, self.present.get(i, 0), s.name, s.stand_in)
                          for i, s in enumerate(self.seats)]}


def build(table: LiveTable, st, seat: int | None, log: SeatLog, whole_log: bool = False) -> dict:
    """The JSON for `seat` of `table` with its match at `st` (the table's own, or an earlier
    position of it when stepping through a finished match)."""
    view = log.view
    obs = st.observation(seat)
    mover = st.current_player() if st.current_player() >= 0 and table.status == PLAYING else None
    mine = mover is not None and mover == seat and table.seats[seat].stand_in is None
    out = {**table.meta(), "seat": SEAT_NAMES[seat] if seat is not None else None,
           "deck": deck(table.entry.ruleset),
           "to_move": SEAT_NAMES[mover] if mover is not None else None,
           "asked": st.asked() if mine else None,
           **legal_moves(st, view, mine),
           "thinking": SEAT_NAMES[table.thinking] if table.thinking is not None else None,
           "view": picture(view, obs, st.card_sort_key()),
           "teams": partnerships(st),
           "last": log.last,
           "log": log.lines if whole_log else log.recent(),
           "talk": table.talk_lines(),
           "over": st.is_terminal(), "note": table.note}
    if st.is_terminal():
        winners = st.winners or ()
        out["returns"] = [_number(r) for r in st.returns()]
        out["winners"] = [SEAT_NAMES[s] for s in winners]
        out["result"] = {"seats": view.seats, "lines": [{"label": k, "values": v} for k, v in
                                                        view.final_lines(obs, winners).items()]}
    else:
        out["returns"] = None
    return out


def partnerships(st) -> list[int] | None:
    """Each seat's team (1, 2, …) when the match is played in partnerships, else None: public."""
    layout = st.prog.layout
    return [t + 1 for t in layout.team_of] if layout.n_teams < st.n else None


def legal_moves(st, view, mine: bool) -> dict:
    """The legal moves' texts, in the order the terminal lists them (`legal`), and the cards of
    the hand each plays (`legal_cards`: what a click on cards makes; none for a bid or a call,
    even one that reads as a card), and the runs of moves that differ only by an amount
    (`amounts`: `raise 4` … `raise 200`, offered as one amount to choose) — empty unless the
    seat is to move."""
    if not mine:
        return {"legal": [], "legal_cards": [], "amounts": []}
    legal = st.legal_actions()
    texts = [st.action_to_string(a) for a in legal]
    cards = [st.action_cards(a) for a in legal]
    order = view.move_order(texts, cards, st.card_sort_key())
    texts = [texts[i] for i in order]
    return {"legal": texts, "legal_cards": [cards[i] for i in order],
            "amounts": [{"words": run.words, "least": run.least, "most": run.most} for run in amount_runs(texts)]}


def ordered_legal(st, view) -> list[str]:
    """The legal moves' texts, in the order the terminal lists them."""
    return legal_moves(st, view, True)["legal"]


def _number(value):
    return value if isinstance(value, (int, float)) else str(value)


def failure(exc: Exception) -> str:
    """A rule file failing in play, in one line for the players: where only. The message itself
    (which may hold values of the match, and a PlayError's names the seed) stays in the
    server's own log."""
    if isinstance(exc, RuleErrors):
        exc = exc.errors[0]
    error = getattr(exc, "error", exc)           # a PlayError's author's error
    if isinstance(error, RuleError):
        span = error.span
        name = str(span.path).replace("\\", "/").rsplit("/", 1)[-1]
        return f"the rule file fails in play at {name}, line {span.line}"
    return "the rule file fails in play"
