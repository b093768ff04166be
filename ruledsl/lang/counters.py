"""`counters:` — named values kept per player, per team or per game."""
from __future__ import annotations

import attrs

from ..source import NOWHERE, Span
from .declare import Construct, Expr, Expression, Flag, Key, Word
from ..expr.types import ANY

PER = ("player", "team", "game")
SCOPES = ("match", "hand")
VISIBLE = ("owner", "all", "nobody")


@attrs.frozen
class Counter:
    name: str
    per: str            # 'player', 'team' or 'game'
    start: Expr         # evaluated when the match (or, for scope: hand, each hand) begins
    scope: str          # 'match' or 'hand'
    visible: str        # 'all', 'owner' (a player's own, or their team's) or 'nobody'
    # Whether the table draws it: false never (a figure the rules keep for themselves), true
    # always; unsaid (None), as its scope says: a match's counters are drawn, a hand's are not.
    shown: bool | None = None
    span: Span = attrs.field(default=NOWHERE, eq=False)


COUNTER = Construct("counter", Counter, (
    Key("per", Word(PER, "counter owner", "per is player, team or game", suggest=PER), "game",
        "player, team, or omitted: one for the whole table"),
    Key("start", Expression(ANY), "0", "the starting value, an expression (evaluated when the match, "
        "or for scope: hand each hand, begins)"),
    Key("scope", Word(SCOPES, "counter scope", "scope is match or hand", suggest=SCOPES), "match",
        "match (kept across hands) or hand (reset to start when each hand begins)"),
    Key("visible", Word(VISIBLE, "visibility", "visible is owner, all or nobody", suggest=VISIBLE), "all",
        "who sees it: all, owner (each player their own, or their team's) or nobody"),
    Key("shown", Flag(), None, "false: a working figure of the rules, left out of what the table shows "
        "(the status, the score, state.observation; the observation tensor keeps it); true: a counter "
        "of scope hand shown in the table's status as well (the bets of a betting round)"),
), what="counter '{name}'", doc="named values per player, per team or per game", short="start")
