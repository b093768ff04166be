"""What one player may see: zones by their visibility, the trick, counters, cards everyone knows;
and what an event tells each player.

`seen` is the one place that decides what a player sees now; the observation dict and the
observation tensor (runtime/tensor.py) are both written from what it gives, so neither can show
more. `event_seen` is the one place that decides what an event tells a player.
"""
from __future__ import annotations

import attrs

from . import knowledge
from .helpers import SEAT_NAMES
from .show import show

HIDDEN = object()        # a counter's value the player may not see


@attrs.frozen
class Seen:
    """What `player` may know now, as the engine's own values (cards are Cards)."""

    zones: dict          # name → one (cards seen, count, all seen) per instance: one for a shared
                         # zone, one per seat or team (by their number), or per number (`count:`)
    counters: dict       # name → one value (or HIDDEN) per instance, as zones
    trick: tuple         # (seat, cards, or None when played face down and not by `player`, count)


def seen(st, player: int | None) -> Seen:
    """What `player` may know; with None, a spectator's: only what every seat may know (no zone
    is its own, no face-down play its own, no counter kept for it)."""
    zone_sights, counter_sights = sights(st.prog, player)
    public = knowledge.public(st) if player is None else knowledge.shown(st, player)
    zones = {name: tuple(_zone(st.zones[slot], visible, public if shows else 0) for slot, visible, shows in row)
             for name, row in zone_sights.items()}
    counters = {name: tuple(st.cv[slot] if visible else HIDDEN for slot, visible in row)
                for name, row in counter_sights.items()}
    return Seen(zones, counters, trick_seen(st, player))


def trick_seen(st, player: int | None) -> tuple:
    """The trick as `player` sees it: (seat, cards or None, count) per play; a face-down play's
    cards only its player knows."""
    return tuple((seat, tuple(cards) if up or seat == player else None, len(cards)) for seat, cards, up in st.trick)


def sights(prog, player: int | None) -> tuple[dict, dict]:
    """Which zones and counters `player` sees, decided once per program and seat: per zone, for
    each instance (one for a shared zone, one per seat or team), its slot in the state's zones,
    whether the seat sees its cards, and whether it sees those of them it was shown (a hidden
    zone of a kind its owner sees, as another's hand: not a shared stock, not a `visible: nobody`
    pile); per counter the seat may know of, for each instance its slot and whether it sees it."""
    made = prog.__dict__.setdefault("sights", {})
    if player in made:
        return made[player]
    layout, spec = prog.layout, prog.ruleset.zones
    zones = {}
    for name, (owner, base) in layout.zones.items():
        visible = spec[name].visible
        mine = layout.team_of[player] if owner == "team" and player is not None else player
        shows = visible == "owner" and owner != "shared"
        zones[name] = tuple((base + i, visible == "all" or (shows and i == mine), shows)
                            for i in range(layout.instances(name)))
    counters = {}
    for name, (per, base) in layout.counters.items():
        visible = prog.ruleset.counters[name].visible
        if visible == "nobody" or (visible == "owner" and per == "game"):
            continue
        mine = layout.team_of[player] if per == "team" and player is not None else player
        counters[name] = tuple((base + i, visible == "all" or i == mine) for i in range(layout.owners(per)))
    made[player] = zones, counters
    return made[player]


def _zone(cards, visible: bool, public: int) -> tuple:
    """A zone as one seat sees it: every card, or the cards it was shown there (in a zone its
    owner sees, as a hand; a `visible: nobody` pile shows none), with its size. The cards shown
    are in deck order, not where they lie: where a card sits among hidden ones (a card named in
    an answer, drawn earlier than the rest) is nothing the table shows."""
    return (tuple(cards) if visible else tuple(sorted(c for c in cards if public >> c & 1))), len(cards), visible


def observation(st, player: int | None) -> dict:
    """A plain dict of everything `player` may know now, and nothing more (None: a spectator):
    what the table draws, so without the counters marked `shown: false`."""
    view = seen(st, player)
    layout = st.prog.layout
    zones = {name: [_plain_zone(*z) for z in instances]
             for name, instances in view.zones.items()}
    zones = {name: z[0] if layout.zones[name][0] == "shared" else z for name, z in zones.items()}
    shown = st.prog.ruleset.counters
    counters = {name: _plain(v[0]) if layout.counters[name][0] == "game" else [_plain(x) for x in v]
                for name, v in view.counters.items() if shown[name].shown is not False}      # `shown: false`: not drawn
    return {
        "player": player,
        "to_move": st.current_player(),
        "dealer": st.dealer,
        "leader": st.leader,
        "hand_number": st.hand_number,
        "out": [s for s in range(st.n) if st.out[s]],
        "zones": zones,
        "trick": [{"seat": seat, "cards": ["??"] * count if cards is None else [str(c) for c in cards]}
                  for seat, cards, count in view.trick],
        "counters": counters,
        "legal": [st.action_to_string(a) for a in st.legal_actions()] if st.current_player() == player else [],
    }


def _plain_zone(cards, count: int, visible: bool) -> dict:
    return {"count": count, "cards": [str(c) for c in cards]} if visible or cards else {"count": count}


def _plain(value):
    if value is HIDDEN:
        return "?"
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, int) and type(value) is not int and type(value) is not bool:
        return str(value)     # a Card
    if hasattr(value, "denominator") and getattr(value, "denominator", 1) != 1:
        return str(value)
    return value


# Events whose every field any seat may know (the deal's order is not one of them: "hand").
PUBLIC_EVENTS = frozenset({"say", "bonus", "summary", "out", "back", "end"})


def event_seen(event: dict, seat: int | None) -> dict | None:
    """An event of `state.events` as `seat` learns of it (None: as someone at no seat, a watcher),
    or None when it learns nothing from it. The one rule for what an event tells whom: the table
    draws these, the OpenSpiel adapter's information states remember them. Kinds it does not
    know, and the analysis's "step" events (which steps ran), tell nobody anything."""
    kind = event["kind"]
    if kind in PUBLIC_EVENTS:
        return event
    if kind == "hand":                                   # who deals, never the deck's order
        return {k: v for k, v in event.items() if k != "deck"}
    if kind == "deal":             # how many cards went where; their faces where the seat sees them
        visible = event["visible"]
        seen = [cards if visible == "all" or (visible == "owner" and owner == seat) else [None] * len(cards)
                for owner, cards in zip(event["to"] or [None], event["cards"])]
        return dict(event, cards=seen)
    if kind == "trick":       # who took it; its cards, face-down plays among them, were shown as played
        return {k: v for k, v in event.items() if k != "cards"}
    if kind == "play":
        if event.get("face_down") and event["seat"] != seat:
            return dict(event, cards=[None] * len(event["cards"]))
        return event
    if kind == "choice":
        if event["seat"] != seat and "public" in event:  # a secret choice: its name at most
            return None if event["public"] is None else {"kind": "choice", "seat": event["seat"],
                                                         "action": event["public"], "secret": True}
        return event
    if kind == "reveal":
        if "to" in event and seat not in event["to"]:    # shown to others: how many, not which
            return {"kind": "reveal", "to": event["to"], "cards": [None] * len(event["cards"])}
        return event
    if kind == "shuffle":
        return {"kind": "shuffle", "zone": event["zone"]}
    return None


def describe(st) -> str:
    """A one-screen text picture of the whole state (for debugging and --watch)."""
    prog = st.prog
    lines = [f"hand {st.hand_number}, dealer {SEAT_NAMES[st.dealer]}, to move: "
             f"{SEAT_NAMES[st.player] if st.player >= 0 else st.player}"]
    for name, (owner, base) in prog.layout.zones.items():
        if owner == "shared":
            lines.append(f"  {name}: {show(st.zones[base])}")
        else:
            for i in range(prog.layout.instances(name)):
                whose = i if owner == "numbered" else SEAT_NAMES[i]
                lines.append(f"  {name}({whose}): {show(st.zones[base + i])}")
    if st.trick:
        lines.append("  trick: " + "  ".join(f"{SEAT_NAMES[s]}:{show(c)}" for s, c, _ in st.trick))
    return "\n".join(lines)
