"""What one seat sees, drawn: the status panel, the cards on the table, its hand, the events.

Every picture here is made from `state.observation(seat)` (which the engine derives from the
zones' visibility) and from events filtered for that seat — never from other seats' zones — and
the zones' owners and visibility come from the rule file as declared.
"""
from __future__ import annotations

from itertools import groupby

from rich.console import Group
from rich.panel import Panel
from rich.text import Text

from ..lang.types import holds_seats
from ..runtime.show import show_seats
from .render import GAP, Look, labelled, pack, row, summary_table, units

HAND = "hand"          # the zone a player holds (the deal's `to: each`)


class View:
    def __init__(self, ruleset, players: int, viewer: int | None, look: Look, counter_types=None):
        self.rules, self.n, self.viewer, self.look = ruleset, players, viewer, look
        self.seats = list(look.seat_names[:players])
        # The counters whose values the type checker knows are seats (or lists of them): by name.
        self.of_seats = {name for name, t in (counter_types or {}).items() if holds_seats(t)}

    # -- names ----------------------------------------------------------------------------------

    def name(self, seat) -> str:
        if not isinstance(seat, int) or seat < 0:
            return str(seat)
        return self.seats[seat] + (" (you)" if seat == self.viewer else "")

    def owners(self, owner: str, count: int, short: bool = False) -> list[str]:
        if owner == "team":
            return [f"team {i + 1}" for i in range(count)]
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

    def counter_groups(self, obs: dict, players: bool = True) -> list[list[Text]]:
        """The counters that last the match (without those kept per player unless `players`)."""
        groups = []
        for name, value in obs["counters"].items():
            spec = self.rules.counters.get(name)
            if spec is not None and spec.scope == "hand":      # a hand's working figures
                continue
            if not players and spec is not None and spec.per == "player":
                continue
            if spec is not None and spec.per in ("player", "team") and isinstance(value, list):
                owners = self.owners(spec.per, len(value), short=True)
                groups.append(units(name, owners, [self.value(name, v) for v in value]))
            else:
                groups.append([labelled(name + " ", self.value(name, value))])
        return groups

    def value(self, counter: str, value) -> Text:
        """A counter's value; seats by their names."""
        return Text(show_seats(value, self.look.seat_names)) if counter in self.of_seats else self.look.value(value)

    def size_groups(self, obs: dict) -> list[list[Text]]:
        """How many cards each seat (or team) holds per zone, and face-down shared piles."""
        groups = []
        for name, zone in obs["zones"].items():
            spec = self.rules.zones[name]
            if isinstance(zone, list):
                owners = self.owners(spec.owner, len(zone), short=True)
                groups.append(units(f"{name} (cards)", owners, [Text(str(z["count"])) for z in zone]))
            elif name != "deck" and zone["count"] and "cards" not in zone:
                groups.append([labelled(name + " ", Text(f"{zone['count']} face down"))])
        return groups

    # -- the cards on the table -----------------------------------------------------------------

    def table_rows(self, obs: dict, width: int) -> list[Text]:
        """Shared face-up zones, any cards of others this seat may see, the trick."""
        look, out = self.look, []
        me = self.seen_from()
        for name, zone in obs["zones"].items():
            spec = self.rules.zones[name]
            if not isinstance(zone, list):
                if name != "deck" and zone.get("cards"):
                    out += row(name, [[look.card(c) for c in zone["cards"]]], width)
                continue
            for i, z in enumerate(zone):
                cards = z.get("cards")
                if not cards or (name == HAND and spec.owner == "player" and i == me):
                    continue
                hidden = z["count"] - len(cards)
                body = [[look.card(c) for c in cards]] + ([[Text(f"+{hidden} face down", style="dim")]] if hidden else [])
                out += row(f"{name} {self.owners(spec.owner, len(zone))[i]}", body, width)
        if obs["trick"]:
            plays = [[labelled(self.seats[t["seat"]] + " ", look.cards(t["cards"]))] for t in obs["trick"]]
            out += row("trick", plays, width)
        return out

    def hand(self, obs: dict, sort_key, width: int) -> list[Text]:
        """The viewer's hand, suit by suit in the game's rank order (trumps first)."""
        zone = obs["zones"].get(HAND)
        if not isinstance(zone, list) or self.viewer is None:
            return []
        cards = sorted(zone[self.viewer].get("cards", []), key=sort_key)
        groups = [[self.look.card(c) for c in group] for _, group in groupby(cards, key=lambda c: sort_key(c)[0])]
        return row("hand", groups or [[Text("(empty)", style="dim")]], width)

    def options(self, texts: list[str], width: int) -> list[Text]:
        items = [Text.assemble((f"[{i + 1}] ", "cyan"), self.look.action(t)) for i, t in enumerate(texts)]
        return pack([items], width, indent=2, sep=GAP)

    # -- what happened --------------------------------------------------------------------------

    def event(self, e: dict) -> Text | None:
        """One line for an event, as the viewer may know it; None for what it does not show."""
        kind, look = e["kind"], self.look
        if kind == "hand":
            again = " (redealt)" if e["redeal"] else ""
            return Text(f"\n── Hand {e['number']}{again} · dealer {self.name(e['dealer'])} ──", style="bold")
        if kind == "play":
            cards = e["cards"]
            if e.get("face_down") and e["seat"] != self.viewer:       # closed play: hidden from you
                cards = ["??"] * len(cards)
            verb = "shows" if e.get("showdown") else "plays"
            line = Text(f"{self.name(e['seat'])} {verb} ") + look.cards(cards)
            if e.get("face_down"):
                line += Text(" face down", style="dim")
            if e.get("taken"):
                line += Text(", takes ") + look.cards(e["taken"])
            if e.get("beat"):
                line += Text(" — beats", style="yellow")
            return line
        if kind == "trick":
            return Text(f"  trick {e['number']} → {self.name(e['winner'])}", style="dim")
        if kind == "choice":          # a secret choice: the others hear only its name
            if e["seat"] != self.viewer and "public" in e:
                said = e["public"]
                if said is None:         # a choice the others may not even know was made
                    return None
            else:
                said = e["action"]
            return Text(f"{self.name(e['seat'])}: ") + look.action(said)
        if kind == "say":
            return Text("» ") + look.words(e["text"])
        if kind == "bonus":
            return Text(f"» {e['name']}! ({self.name(e['seat'])})", style="bold yellow")
        if kind == "reveal":
            if "to" not in e:
                return Text("shown to all: ") + look.cards(e["cards"])
            if self.viewer not in e["to"]:      # shown to others: you saw that much, not the cards
                return Text(f"{len(e['cards'])} card(s) shown to {' '.join(self.name(s) for s in e['to'])}")
            return Text("shown to you: ") + look.cards(e["cards"])
        if kind == "shuffle":
            return Text(f"» {e['zone']} is shuffled")
        if kind == "out":
            return Text(f"» {self.name(e['seat'])} is out", style="bold")
        if kind == "back":
            return Text(f"» {self.name(e['seat'])} is back in", style="bold")
        return None

    def summary(self, e: dict):
        return summary_table(f"End of hand {e['hand']}", e["lines"], self.seats)

    def final(self, obs: dict, winners) -> object:
        """The match summary: one row per counter kept for each seat, and who won; the other
        counters (a team's, the game's) follow as the status shows them."""
        lines = {}
        for name, value in obs["counters"].items():
            spec = self.rules.counters.get(name)
            if spec is not None and spec.scope != "hand" and spec.per == "player" and isinstance(value, list):
                lines[name] = [self.value(name, v).plain for v in value]
        lines["result"] = ["wins" if s in winners else "out" if s in obs["out"] else "" for s in range(self.n)]
        return summary_table("The match", lines, self.seats)

    def standings(self, obs: dict, width: int) -> list[Text]:
        """The counters that last the match, one labelled row each (for `score` and the end)."""
        return pack(self.counter_groups(obs), width, indent=2)
