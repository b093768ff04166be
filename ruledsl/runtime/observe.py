"""What one player may see: zones by their visibility, the trick, counters, revealed cards."""
from __future__ import annotations

from .helpers import SEAT_NAMES
from .show import show


def observation(st, player: int) -> dict:
    """A plain dict of everything `player` may know now, and nothing more."""
    prog = st.prog
    layout = prog.layout
    spec = prog.ruleset.zones
    revealed = st.revealed
    zones = {}
    for name, (owner, base) in layout.zones.items():
        visible = spec[name].visible
        if owner == "shared":
            zones[name] = _zone(st.zones[base], visible == "all", revealed)
            continue
        count = layout.owners(owner)
        mine = layout.team_of[player] if owner == "team" else player
        zones[name] = [_zone(st.zones[base + i],
                             visible == "all" or (visible == "owner" and i == mine), revealed)
                       for i in range(count)]
    counters = {}
    for name, (per, base) in layout.counters.items():
        visible = prog.ruleset.counters[name].visible
        if visible == "nobody" or (visible == "owner" and per == "game"):
            continue
        count = layout.owners(per)
        mine = layout.team_of[player] if per == "team" else player
        values = [_plain(st.cv[base + i]) if visible == "all" or i == mine else "?" for i in range(count)]
        counters[name] = values[0] if per == "game" else values
    return {
        "player": player,
        "to_move": st.player,
        "dealer": st.dealer,
        "leader": st.leader,
        "hand_number": st.hand_number,
        "out": [s for s in range(st.n) if st.out[s]],
        "zones": zones,
        "trick": [{"seat": seat, "cards": [str(c) for c in cards] if up or seat == player
                   else ["??"] * len(cards)}       # a face-down play: only its player knows it
                  for seat, cards, up in st.trick],
        "counters": counters,
        "legal": [st.action_to_string(a) for a in st.legal_actions()] if st.player == player else [],
    }


def _zone(cards, visible: bool, revealed: set) -> dict:
    if visible:
        return {"count": len(cards), "cards": [str(c) for c in cards]}
    shown = [str(c) for c in cards if c in revealed]
    return {"count": len(cards), "cards": shown} if shown else {"count": len(cards)}


def _plain(value):
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, int) and type(value) is not int and type(value) is not bool:
        return str(value)     # a Card
    if hasattr(value, "denominator") and getattr(value, "denominator", 1) != 1:
        return str(value)
    return value


def describe(st) -> str:
    """A one-screen text picture of the whole state (for debugging and --watch)."""
    prog = st.prog
    lines = [f"hand {st.hand_number}, dealer {SEAT_NAMES[st.dealer]}, to move: "
             f"{SEAT_NAMES[st.player] if st.player >= 0 else st.player}"]
    for name, (owner, base) in prog.layout.zones.items():
        if owner == "shared":
            lines.append(f"  {name}: {show(st.zones[base])}")
        else:
            for i in range(prog.layout.owners(owner)):
                lines.append(f"  {name}({SEAT_NAMES[i]}): {show(st.zones[base + i])}")
    if st.trick:
        lines.append("  trick: " + "  ".join(f"{SEAT_NAMES[s]}:{show(c)}" for s, c, _ in st.trick))
    return "\n".join(lines)
