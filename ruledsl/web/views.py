"""What the server sends one seat (or a spectator) about a table: plain JSON, made only from
`state.observation(seat)` (None: a spectator's, what every seat may know) and the events as the
terminal table shows them to that seat (table/view.py's View). The state itself, the seed, the
deck order and the events' own fields never leave this module.

The events are read once per seat as they come (SeatLog): each becomes a line in words, tagged
with its hand, and the last trick completed is kept as that seat saw it.
"""
from __future__ import annotations

from ..runtime.helpers import SEAT_NAMES
from ..table.render import Look
from ..table.view import View

LOG_HANDS = 2          # a view carries the lines of the current hand and the one before


def make_view(ruleset, players: int, seat: int | None) -> View:
    """The terminal's View for `seat`, with cards as their plain names (QS), as JSON carries them."""
    deck = ruleset.deck
    return View(ruleset, players, seat, Look(deck.ranks, SEAT_NAMES, symbols=False, suits=deck.suits))


def card_words(prog) -> frozenset:
    """The names of the decisions whose value is a card or cards (`discard 7C`, `meld …`): in a
    decision's line of the log their cards are drawn; any other decision's words are words, even
    one that reads as a card (a bid's `2H`)."""
    out = set()
    for d in prog.decisions:
        for name, kind in d.kind.vocabulary(d):
            if kind is not None and (kind.has("card") or (kind.item is not None and kind.item.has("card"))):
                out.add(name)
    return frozenset(out)


class SeatLog:
    """The events as one seat may know them, in words, read as they come."""

    def __init__(self, view: View, card_words: frozenset = frozenset()):
        self.view, self.card_words = view, card_words
        self.lines: list[dict] = []        # {"hand": N, "text": …[, "cards": false]} or {"hand": N, "summary": …}
        self.seen = 0                      # events read so far
        self.hand = 0
        self.trick: list[dict] = []        # the plays of the trick in progress
        self.last: dict | None = None      # the last trick (or capture) completed

    def read(self, events: list) -> None:
        view = self.view
        while self.seen < len(events):
            e = events[self.seen]
            self.seen += 1
            kind = e["kind"]
            if kind == "hand":
                self.hand, self.trick, self.last = e["number"], [], None
            elif kind == "summary":
                self.lines.append({"hand": self.hand, "summary": summary(view, e)})
                continue
            elif kind == "play":
                play = {"seat": view.seats[e["seat"]], "cards": list(view.played(e))}
                if "taken" in e:           # a capture game: each play is complete in itself
                    self.last = {**play, "taken": list(e["taken"] or [])}
                else:
                    self.trick.append(play)
            elif kind == "trick":
                self.last, self.trick = {"plays": self.trick, "winner": view.seats[e["winner"]]}, []
            line = view.event(e)
            if line is not None:
                said = {"hand": self.hand, "text": line.plain.strip("\n")}
                if kind == "choice" and e["action"].split(" ", 1)[0] not in self.card_words:
                    said["cards"] = False      # a decision in words (`bid 2H`): no card drawn in it
                self.lines.append(said)

    def recent(self) -> list[dict]:
        """The lines of the current hand and the one before."""
        first = self.hand - LOG_HANDS + 1
        start = len(self.lines)
        while start > 0 and self.lines[start - 1]["hand"] >= first:
            start -= 1
        return self.lines[start:]


def summary(view: View, e: dict) -> dict:
    """A hand's summary (the rule file's `summary:` lines), one value per seat."""
    return {"title": f"End of hand {e['hand']}", "seats": view.seats,
            "lines": [{"label": label, "values": [str(v) for v in values]} for label, values in e["lines"].items()]}


def picture(view: View, obs: dict, sort_key) -> dict:
    """The table as `view`'s seat sees it: status, counters, sizes, cards on the table, the
    trick, its own hand grouped as the terminal groups it."""
    seats = view.seats
    name = (lambda s: seats[s] if isinstance(s, int) and 0 <= s < len(seats) else None)
    return {
        "hand_number": obs["hand_number"],
        "dealer": name(obs["dealer"]),
        "leader": name(obs["leader"]),
        "out": [seats[s] for s in obs["out"]],
        "counters": [_row(n, owners, [v.plain for v in values]) for n, owners, values in view.counter_items(obs)],
        "sizes": [_row(n, owners, values) for n, owners, values in view.size_items(obs)],
        "table": [{"label": label, "cards": list(cards), "hidden": hidden}
                  for label, cards, hidden in view.table_items(obs)],
        "trick": [{"seat": seats[t["seat"]], "cards": t["cards"]} for t in obs["trick"]],
        "hand": view.hand_groups(obs, sort_key),
    }


def _row(name: str, owners, values) -> dict:
    if owners is None:
        return {"name": name, "value": values[0]}
    return {"name": name, "owners": owners, "values": values}


def deck(ruleset) -> dict:
    """What a page needs to draw the cards of this game: its ranks and suits (public)."""
    return {"ranks": list(ruleset.deck.ranks), "suits": list(ruleset.deck.suits)}
