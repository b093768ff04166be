"""The built-in functions of seats and teams: neighbours, play orders, partners."""
from __future__ import annotations

from typing import Callable

from ...expr.codegen import Frag
from ...runtime import helpers
from ...expr.types import A_SEAT, A_TEAM, NONE, SEAT, SEAT_LIST, TEAM, TEXT, Type, list_of
from .base import Function, table


def _seat_step(delta: str):
    """left/right/next/prev: the next seat in the match `delta` from the argument."""
    def emit(c, g, args, node):
        s = c.atom(Frag(src=g.seat(c, args[0], node.args[0]), type=SEAT))
        table = "left" if g.step(delta) == 1 else "right"
        return Frag(src=f"st.seating.{table}[{c.src(s)}]", type=SEAT)
    return emit


def _state_helper(fn: Callable, gives: Type, seat_args: int = 1):
    """A runtime helper `fn(st, args…)`; the first `seat_args` arguments are seats, checked."""
    def emit(c, g, args, node):
        srcs = [g.seat(c, a, n) if i < seat_args else c.src(a) for i, (a, n) in enumerate(zip(args, node.args))]
        return Frag(src=c.call(fn, "st", *srcs), type=gives)
    return emit


def _order(c, g, args, node):
    """order(s): a new list (callers may keep it); a loop over it reads the seats' table."""
    s = c.src(c.atom(Frag(src=g.seat(c, args[0], node.args[0]), type=SEAT)))
    return Frag(src=f"_list(st.seating.orders[{s}])", type=SEAT_LIST, items=f"st.seating.orders[{s}]")


def _others(c, g, args, node):
    """others(s): as order(s) without s."""
    s = c.src(c.atom(Frag(src=g.seat(c, args[0], node.args[0]), type=SEAT)))
    return Frag(src=f"_list(st.seating.others[{s}])", type=SEAT_LIST, items=f"st.seating.others[{s}]")




def _team(c, g, args, node):
    return Frag(src=g.team(c, args[0], node.args[0]), type=TEAM)


def _members(c, g, args, node):
    return Frag(src=c.call(helpers.members, "st", g.team(c, args[0], node.args[0]), c.unit.const(g.team_of)),
                type=SEAT_LIST)


def _teams(c, g, args, node):
    teams = c.unit.const(tuple(range(g.n_teams)))
    return Frag(src=f"_list({teams})", type=list_of(TEAM), items=teams)



def _names(g):
    return tuple(helpers.SEAT_NAMES[i] for i in range(g.n))


def _partner(c, g, args, node):
    """The seat opposite; none when everyone plays alone (the player count has no partnerships)."""
    x = g.seat(c, args[0], node.args[0])
    if g.n_teams == g.n:
        return Frag(src="None", type=NONE)
    return Frag(src=f"{c.unit.const(tuple((i + g.n // 2) % g.n for i in range(g.n)))}[{x}]", type=SEAT)



FUNCTIONS = [
    Function("left", (("s", A_SEAT),), SEAT, "the next seat clockwise, among the players in the match",
             _seat_step("left")),
    Function("right", (("s", A_SEAT),), SEAT, "the next seat anticlockwise, among the players in the match",
             _seat_step("right")),
    Function("next", (("s", A_SEAT),), SEAT, "the next seat in the direction of play", _seat_step("next")),
    Function("prev", (("s", A_SEAT),), SEAT, "the previous seat in the direction of play", _seat_step("prev")),
    Function("order", (("s", A_SEAT),), SEAT_LIST, "the seats in the match in play order, starting at s",
             _order),
    Function("others", (("s", A_SEAT),), SEAT_LIST, "the seats in the match other than s, in play order after s",
             _others),
    Function("team", (("s", A_SEAT),), TEAM, "the team of seat s", _team),
    Function("partner", (("s", A_SEAT),), SEAT | NONE, "the seat opposite s; none when everyone plays alone",
             _partner),
    Function("opponents", (("s", A_SEAT),), SEAT_LIST, "the seats in the match not in s's team, in play order after s",
             _state_helper(helpers.opponents, SEAT_LIST)),
    Function("members", (("t", A_TEAM),), SEAT_LIST, "the seats of team t", _members),
    Function("teams", (), list_of(TEAM), "the team numbers", _teams),
    Function("name", (("s", A_SEAT),), TEXT, "a seat's display name (A, B, …)", table(_names, TEXT)),
]
