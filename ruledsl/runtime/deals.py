"""`new_initial_state(deals=...)`: deals given by name, in the scenario files' shape.

    deals=[{"hand": {"A": "AS KS QS", "B": ["JH", "10H"]},   # a zone of each player: by seat
            "table": ["4C"],                                  # a zone of the table
            "deck": "7C 6C"},                                 # what comes off the deck next
           ...]                                               # one mapping per deal, in order

Seats are letters (A is seat 0) or numbers; a team's zone is given by team number, one of
numbered zones (`count:`) by its number; cards are a list or a space-separated text. The cards named go to their zones when the hand's deals reach
them; the rest come from the shuffle (runtime/dealing.py).
"""
from __future__ import annotations

from ..errors import OptionError
from .helpers import SEAT_NAMES


class DealError(OptionError):
    """A given deal that does not fit the game; `where` says which part: (deal index, zone,
    owner or None, card index or None)."""

    def __init__(self, message: str, where: tuple):
        super().__init__(message)
        self.where = where


def read(prog, deals) -> list[dict]:
    """The given deals as {zone index: cards}, checked against the game for its player count."""
    out = []
    for number, deal in enumerate(deals):
        if not isinstance(deal, dict):
            raise DealError(f"deal {number + 1} is not a mapping of zones to cards", (number, None, None, None))
        given: dict[int, tuple] = {}
        for zone, cards in deal.items():
            where = (number, zone, None, None)
            if zone not in prog.layout.zones:
                raise DealError(f"deal {number + 1}: unknown zone '{zone}'", where)
            owner, base = prog.layout.zones[zone]
            if owner == "shared":
                given[base] = _cards(prog, cards, where)
                continue
            if not isinstance(cards, dict):
                raise DealError(f"deal {number + 1}: zone '{zone}' is " + (
                    f"{prog.layout.instances(zone)} zones: give its cards by number, from 0"
                    if owner == "numbered" else
                    f"per {owner}: give its cards by {'seat' if owner == 'player' else 'team'}"), where)
            for who, held in cards.items():
                index = _owner(prog, owner, who, (number, zone, who, None))
                given[base + index] = _cards(prog, held, (number, zone, who, None))
        out.append(_copies(prog, given, number))
    return out


def _copies(prog, given: dict, number: int) -> dict:
    """Each card named once, or in a deck of several packs as often as it has copies: the k-th
    time a card is named it is its k-th copy."""
    deck, times = prog.deck, {}
    out = {}
    for zone, cards in given.items():
        named = []
        for c in cards:
            times[c] = times.get(c, 0) + 1
            copy = deck.copy(c, times[c])
            if copy is None:
                held = "twice" if deck.packs == 1 else f"{times[c]} times, and the deck holds {deck.packs}"
                raise DealError(f"deal {number + 1}: card {c} is dealt {held}", (number, None, None, None))
            named.append(copy)
        out[zone] = tuple(named)
    return out


def _owner(prog, owner: str, who, where) -> int:
    count = prog.layout.instances(where[1])
    if isinstance(who, str) and len(who.strip()) == 1 and who.strip().upper() in SEAT_NAMES[:count] \
            and owner == "player":
        return SEAT_NAMES.index(who.strip().upper())
    text = str(who).strip()
    if text.isdigit() and int(text) < count:
        return int(text)
    what = {"player": "seat", "team": "team"}.get(owner, f"zone of {where[1]}")
    names = f"A to {SEAT_NAMES[count - 1]} (or 0 to {count - 1})" if owner == "player" else f"0 to {count - 1}"
    raise DealError(f"deal {where[0] + 1}: '{who}' is not a {what} of this game: {what}s are {names}", where)


def _cards(prog, cards, where) -> tuple:
    items = cards.split() if isinstance(cards, str) else list(cards)
    out = []
    for i, item in enumerate(items):
        card = prog.deck.card(str(item))
        if card is None:
            raise DealError(f"deal {where[0] + 1}: '{item}' is not a card of this deck", (*where[:3], i))
        out.append(card)
    return tuple(out)
