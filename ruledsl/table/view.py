"""What one seat sees, drawn: the status panel, the cards on the table, its hand, the events.

Every picture here is made from `state.observation(seat)` (which the engine derives from the
zones' visibility) and from events filtered for that seat — never from other seats' zones — and
the zones' owners and visibility come from the rule file as declared. What is shown is chosen
once, as plain values (`counter_items`, `size_items`, `table_items`, `hand_groups`, `played`,
`final_lines`): the terminal draws them here, the web table (ruledsl/web) sends them as JSON.
"""
from __future__ import annotations

from itertools import groupby

from attrs import define

from rich.console import Group
from rich.panel import Panel
from rich.text import Text

from ..expr.types import holds_seats, seat_fields
from ..runtime.observe import event_seen
from ..runtime.show import show_seats
from .render import GAP, Look, labelled, pack, row, summary_table, units

HAND = "hand"          # the zone a player holds (the deal's `to: each`)
MANY_AMOUNTS = 10      # this many moves differing only by a number are shown as one (a bet's size)


@define(frozen=True)
class AmountRun:
    """Options `start`…`stop - 1` (as listed) read `WORDS N` for N = `least`…`most` in turn."""
    start: int
    stop: int
    words: str
    least: int
    most: int


def amount_runs(texts: list[str], many: int = MANY_AMOUNTS) -> list[AmountRun]:
    """The runs of at least `many` consecutive options that differ only by a number counting up
    one at a time at their end (`raise 2`, `raise 3` … `raise 200`): a table offers them as one
    amount to choose rather than as hundreds of options."""
    runs, start = [], 0
    split = [text.rsplit(" ", 1) for text in texts]
    amount = [int(s[1]) if len(s) == 2 and s[1].isdigit() else None for s in split]
    for i in range(1, len(texts) + 1):
        goes_on = (i < len(texts) and amount[i] is not None and amount[i - 1] is not None
                   and split[i][0] == split[i - 1][0] and amount[i] == amount[i - 1] + 1)
        if not goes_on:
            if i - start >= many and amount[start] is not None:
                runs.append(AmountRun(start, i, split[start][0], amount[start], amount[i - 1]))
            start = i
    return runs


class View:
    def __init__(self, ruleset, players: int, viewer: int | None, look: Look, counter_types=None):
        self.rules, self.n, self.viewer, self.look = ruleset, players, viewer, look
        self.seats = list(look.seat_names[:players])
        # The counters whose values the type checker knows are seats (or lists of them): by name.
        # Those holding records with seats in some fields (a build's owner): name -> those fields.
        types = (counter_types or {}).items()
        self.of_seats = {name: None for name, t in types if holds_seats(t)}
        self.of_seats.update((name, seat_fields(t)) for name, t in types if seat_fields(t))

    # -- names ----------------------------------------------------------------------------------

    def name(self, seat) -> str:
        if not isinstance(seat, int) or seat < 0:
            return str(seat)
        return self.seats[seat] + (" (you)" if seat == self.viewer else "")

    def owners(self, owner: str, count: int, short: bool = False) -> list[str]:
        if owner == "team":
            return [f"team {i + 1}" for i in range(count)]
        if owner == "numbered":                   # the zones of `count:`, by their numbers
            return [str(i) for i in range(count)]
        return self.seats[:count] if short else [self.name(i) for i in range(count)]

    def seen_from(self) -> int:
        return self.viewer if self.viewer is not None else 0

    # -- the status panel -----------------------------------------------------------------------

    def status(self, obs: dict, title: str, width: int) -> Panel:
        """Counters, the sizes of the hands and piles, who is out and whose turn: one panel."""
        groups = self.counter_groups(obs) + self.size_groups(obs)
        if obs["out"]:
            groups.append([labelled("out ", Text(" ".join(self.seats[s] for s in obs["out"])))])
        mover = obs["to_move"]
        if isinstance(mover, int) and mover >= 0:
            turn = "your turn" if mover == self.viewer else f"{self.seats[mover]} to play"
            groups.append([Text(turn, style="bold cyan")])
        inner = max(20, width - 4)
        return Panel(Group(*pack(groups, inner, indent=2)), title=title, title_align="left",
                     width=width, padding=(0, 1))

    def counter_items(self, obs: dict, players: bool = True) -> list[tuple[str, list[str] | None, list[Text]]]:
        """The counters that last the match (without those kept per player unless `players`):
        (name, the short names of their owners or None for one value, the values drawn)."""
        items = []
        for name, value in obs["counters"].items():
            spec = self.rules.counters.get(name)
            if spec is not None and spec.scope == "hand" and not spec.shown:    # a hand's working figures
                continue
            if not players and spec is not None and spec.per == "player":
                continue
            label = name.replace("_", " ")          # a name of the file, in words
            if spec is not None and spec.per in ("player", "team") and isinstance(value, list):
                owners = self.owners(spec.per, len(value), short=True)
                items.append((label, owners, [self.value(name, v) for v in value]))
            else:
                items.append((label, None, [self.value(name, value)]))
        return items

    def counter_groups(self, obs: dict, players: bool = True) -> list[list[Text]]:
        return [units(name, owners, values) if owners is not None else [labelled(name + " ", values[0])]
                for name, owners, values in self.counter_items(obs, players)]

    def value(self, counter: str, value) -> Text:
        """A counter's value; seats by their names."""
        if counter not in self.of_seats:
            return self.look.value(value)
        return Text(show_seats(value, self.look.seat_names, self.of_seats[counter]))

    def size_items(self, obs: dict) -> list[tuple[str, list[str] | None, list[str]]]:
        """How many cards each seat (or team) holds per zone, and face-down shared piles: as
        counter_items, (label, owners or None, values)."""
        items = []
        for name, zone in obs["zones"].items():
            spec = self.rules.zones[name]
            label = name.replace("_", " ")
            if isinstance(zone, list):
                owners = self.owners(spec.owner, len(zone), short=True)
                items.append((f"{label} (cards)", owners, [str(z["count"]) for z in zone]))
            elif name != "deck" and zone["count"] and "cards" not in zone:
                items.append((label, None, [f"{zone['count']} face down"]))
        return items

    def size_groups(self, obs: dict) -> list[list[Text]]:
        return [units(label, owners, [Text(v) for v in values]) if owners is not None
                else [labelled(label + " ", Text(values[0]))] for label, owners, values in self.size_items(obs)]

    # -- the cards on the table -----------------------------------------------------------------

    def table_items(self, obs: dict) -> list[tuple[str, list[str], int]]:
        """The cards lying face up that this seat may see, besides its own hand: shared zones,
        then others' zones, as (label, cards, how many more lie there face down)."""
        out = []
        me = self.viewer          # a spectator (None) has no hand of its own: every shown card is listed
        for name, zone in obs["zones"].items():
            spec = self.rules.zones[name]
            if not isinstance(zone, list):
                if name != "deck" and zone.get("cards"):
                    out.append((name, zone["cards"], 0))
                continue
            for i, z in enumerate(zone):
                cards = z.get("cards")
                if not cards or (name == HAND and spec.owner == "player" and i == me):
                    continue
                out.append((f"{name} {self.owners(spec.owner, len(zone))[i]}", cards, z["count"] - len(cards)))
        return out

    def table_rows(self, obs: dict, width: int) -> list[Text]:
        """Shared face-up zones, any cards of others this seat may see, the trick."""
        look, out = self.look, []
        for label, cards, hidden in self.table_items(obs):
            body = [[look.card(c) for c in cards]] + ([[Text(f"+{hidden} face down", style="dim")]] if hidden else [])
            out += row(label, body, width)
        if obs["trick"]:
            plays = [[labelled(self.seats[t["seat"]] + " ", look.cards(t["cards"]))] for t in obs["trick"]]
            out += row("trick", plays, width)
        return out

    def hand_groups(self, obs: dict, sort_key) -> list[list[str]]:
        """The viewer's hand, suit by suit in the game's rank order (trumps first); none for a
        spectator or a game without hands."""
        zone = obs["zones"].get(HAND)
        if not isinstance(zone, list) or self.viewer is None:
            return []
        cards = sorted(zone[self.viewer].get("cards", []), key=sort_key)
        return [list(group) for _, group in groupby(cards, key=lambda c: sort_key(c)[0])]

    def hand(self, obs: dict, sort_key, width: int) -> list[Text]:
        zone = obs["zones"].get(HAND)
        if not isinstance(zone, list) or self.viewer is None:
            return []
        groups = [[self.look.card(c) for c in group] for group in self.hand_groups(obs, sort_key)]
        return row("hand", groups or [[Text("(empty)", style="dim")]], width)

    @staticmethod
    def move_order(texts: list[str], cards: list[list[str]], sort_key) -> list[int]:
        """The order to list moves in (positions in `texts`; `cards`: what each plays, from
        State.action_cards): moves that play cards as the hand is shown (fewest cards first, a
        play before the same play with a capture); other decisions keep the rule file's order."""
        if not all(cards):
            return list(range(len(texts)))
        return sorted(range(len(texts)), key=lambda i: (len(cards[i]), sorted(sort_key(c) for c in cards[i]),
                                                        len(texts[i])))

    def options(self, texts: list[str], width: int) -> list[Text]:
        """The numbered options; a run of amounts (`raise 2` … `raise 200`) is one item."""
        runs = {run.start: run for run in amount_runs(texts)}
        items, i = [], 0
        while i < len(texts):
            run = runs.get(i)
            if run:
                items.append(Text.assemble((f"[{i + 1}–{run.stop}] ", "cyan"), self.look.action(run.words),
                                           f" {run.least}…{run.most}", (f" (type {run.words} and the amount)", "dim")))
                i = run.stop
            else:
                items.append(Text.assemble((f"[{i + 1}] ", "cyan"), self.look.action(texts[i])))
                i += 1
        return pack([items], width, indent=2, sep=GAP)

    # -- what happened --------------------------------------------------------------------------

    def event(self, e: dict) -> Text | None:
        """One line for an event, as the viewer may know it (observe.event_seen); None for what it
        does not show."""
        e = event_seen(e, self.viewer)
        if e is None:
            return None
        kind, look = e["kind"], self.look
        if kind == "hand":
            again = " (redealt)" if e["redeal"] else ""
            return Text(f"\n── Hand {e['number']}{again} · dealer {self.name(e['dealer'])} ──", style="bold")
        if kind == "play":
            cards = self.played(e)
            verb = "shows" if e.get("showdown") else "plays"
            line = Text(f"{self.name(e['seat'])} {verb} ") + look.cards(cards)
            if e.get("face_down"):
                line += Text(" face down", style="dim")
            if e.get("taken"):
                line += Text(", takes ") + look.cards(e["taken"])
            if e.get("on"):                  # a build (captures with builds:)
                line += Text(f", builds {e['built']} on ") + look.cards(e["on"])
            if e.get("beat"):
                line += Text(" — beats", style="yellow")
            return line
        if kind == "trick":
            return Text(f"  trick {e['number']} → {self.name(e['winner'])}", style="dim")
        if kind == "choice":          # a secret choice: the others hear only its name
            return Text(f"{self.name(e['seat'])}: ") + look.action(e["action"])
        if kind == "say":
            return Text("» ") + look.words(e["text"])
        if kind == "bonus":
            return Text(f"» {e['name']}! ({self.name(e['seat'])})", style="bold yellow")
        if kind == "reveal":
            if "to" not in e:
                return Text("shown to all: ") + look.cards(e["cards"])
            if None in e["cards"]:              # shown to others: you saw that much, not the cards
                return Text(f"{len(e['cards'])} card(s) shown to {' '.join(self.name(s) for s in e['to'])}")
            return Text("shown to you: ") + look.cards(e["cards"])
        if kind == "shuffle":
            return Text(f"» {e['zone']} is shuffled")
        if kind == "out":
            return Text(f"» {self.name(e['seat'])} is out", style="bold")
        if kind == "back":
            return Text(f"» {self.name(e['seat'])} is back in", style="bold")
        return None

    def played(self, e: dict) -> list[str]:
        """The cards of a play event as the viewer may know them: another's face-down play as ??."""
        return ["??" if c is None else c for c in event_seen(e, self.viewer)["cards"]]

    def summary(self, e: dict):
        return summary_table(f"End of hand {e['hand']}", e["lines"], self.seats)

    def final_lines(self, obs: dict, winners) -> dict:
        """The match summary: one row per counter kept for each seat, and who won."""
        lines = {}
        for name, value in obs["counters"].items():
            spec = self.rules.counters.get(name)
            if spec is not None and spec.scope != "hand" and spec.per == "player" and isinstance(value, list):
                lines[name] = [self.value(name, v).plain for v in value]
        lines["result"] = ["wins" if s in winners else "out" if s in obs["out"] else "" for s in range(self.n)]
        return lines

    def final(self, obs: dict, winners) -> object:
        """The match summary drawn; the other counters (a team's, the game's) follow as the
        status shows them."""
        return summary_table("The match", self.final_lines(obs, winners), self.seats)

    def standings(self, obs: dict, width: int) -> list[Text]:
        """The counters that last the match, one labelled row each (for `score` and the end)."""
        return pack(self.counter_groups(obs), width, indent=2)
