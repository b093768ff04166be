"""The rule file as a whole: its top-level keys, the players, the result, the limits.

The sections with a module of their own: deck.py, zones.py, options.py, counters.py,
trumps.py, and the step kinds in steps/.
"""
from __future__ import annotations

import attrs

from ..errors import RuleError
from ..source import NOWHERE, Span
from . import builtins, walk
from .counters import COUNTER, Counter
from .declare import (REQUIRED, Construct, Entries, Expr, Expression, Functions, Key, Lines, Section, Sizes,
                      Steps, Text, Whole, Word)
from .deck import DECK, Deck
from .functions import Function, check as check_functions
from .options import OPTION, Option
from .trumps import TRUMPS, Trumps
from ..expr.types import A_NUMBER, A_SEAT, ANY
from .zones import ZONE, Zone

MAX_PLAYERS = 12
MAX_HANDS = 100_000     # limits.hands: what a match of random play gets through in seconds
MAX_TURNS = 1_000_000   # limits.turns


@attrs.frozen
class Players:
    min: int
    max: int
    default: int


@attrs.frozen
class Result:
    returns: Expr | None = None
    hand: Expr | None = None


@attrs.frozen
class Teams:
    """`teams:` as written: `partners` (always), `none`, or `{partners: [4, 6]}`."""

    word: str | None = None
    partners: tuple[int, ...] = ()


@attrs.frozen
class Limits:
    hands: int = 1000
    turns: int = 100_000


@attrs.frozen
class Ruleset:
    name: str
    description: str
    path: str
    players: Players
    teams: tuple[int, ...]            # the player counts that play in partnerships (seats i and i + n/2)
    direction: str
    deck: Deck
    zones: dict[str, Zone]
    options: dict[str, Option]
    counters: dict[str, Counter]
    trumps: Trumps | None
    functions: dict[str, Function]
    setup: tuple
    hand: tuple
    after_hand: tuple
    summary: tuple[tuple[str, Expr], ...]
    returns: Expr | None
    hand_value: Expr | None           # result.hand: what a hand was worth to each player
    max_hands: int
    max_turns: int = 100_000          # limits.turns: the most turns one `turns:` step may last
    decided_by: Expr | None = None    # the seat that makes `player`'s decisions (None: player)
    base: str | None = None           # the file this one extends, if any
    span: Span = attrs.field(default=NOWHERE, eq=False)


def _players(values: dict, spans: dict, reader) -> Players:
    if "players" in values:             # players: 4
        return Players(values["players"], values["players"], values["players"])
    lo, hi = values["min"], values["max"]
    if hi < lo:
        raise RuleError(spans["max"], f"players.max ({hi}) is below players.min ({lo})",
                        f"min is the fewest players, max the most: players: {{min: {hi}, max: {lo}}}")
    default = values["default"] if values["default"] is not None else lo
    if not lo <= default <= hi:
        raise RuleError(spans["default"], f"players.default ({default}) is outside {lo}..{hi}")
    return Players(lo, hi, default)


PLAYERS = Construct("players", Players, (
    Key("min", Whole(1, MAX_PLAYERS), REQUIRED, "the fewest players"),
    Key("max", Whole(1, MAX_PLAYERS), REQUIRED, "the most players"),
    Key("default", Whole(), None, "the count `run` uses (default: min)"),
), what="players", doc="a number, or {min, max, default}", short=Key("players", Whole(1, MAX_PLAYERS)),
    build=_players)

RESULT = Construct("result", Result, (
    Key("returns", Expression(A_NUMBER), None, "each player's payoff when the match is over "
        "(`player` is that player; default: 1 to each winner)"),
    Key("hand", Expression(A_NUMBER), None, "what the hand just played was worth to each player "
        "(`player` is that player), evaluated as it ends"),
), what="result", doc="returns: the final payoff per player; hand: what a hand was worth")

LIMITS = Construct("limits", Limits, (
    Key("hands", Whole(1, MAX_HANDS), 1000, "the most hands a match may last; more is an error"),
    Key("turns", Whole(1, MAX_TURNS), 100_000, "the most turns one `turns:` step may last; more is an error"),
), what="limits", doc="hands: the most hands a match may last; turns: the most turns of one `turns:` step")

TEAMS = Construct("teams", Teams, (
    Key("partners", Sizes("a player count", MAX_PLAYERS), REQUIRED,
        "the player counts that play in partnerships; every other count plays alone"),
), what="teams", doc="partners, none, or {partners: [4, 6]}: partnerships with those player counts only",
    short=Key("teams", Word(("partners", "none"), "team rule",
                            "teams are 'partners' (seats i and i + n/2), 'none', or {partners: [4, 6]}"), field="word"))
DIRECTIONS = Word(("clockwise", "anticlockwise"), "direction", "write clockwise or anticlockwise",
                  suggest=("clockwise", "anticlockwise"))


def _partnerships(teams: Teams, players: Players, span) -> tuple[int, ...]:
    """The player counts that play in partnerships: each even and one the file allows."""
    if teams.word == "partners":
        if players.min != players.max or players.min % 2:
            raise RuleError(span, "partnerships need one even player count",
                            "set 'players' to a single even number, such as 4, or say which counts play "
                            "in partnerships: teams: {partners: [4, 6]}")
        return (players.min,)
    for n in teams.partners:
        if n % 2 or not players.min <= n <= players.max:
            raise RuleError(span, f"teams.partners lists {n}, which is not an even player count of "
                            f"{players.min}..{players.max}", "partners sit opposite: list even counts the game allows")
    return tuple(sorted(set(teams.partners)))


def _hidden_names(zones: dict, counters: dict) -> list[RuleError]:
    """A zone or counter may not take the name of a built-in name (`winner`): reading the name
    would always give the built-in, never it. (One named like a built-in function, `last`, hides
    the function: a warning of `validate`, tools/checks.py.)"""
    return [RuleError(spec.span, f"{what} '{name}' has the name of a built-in: `{name}` would always read "
                      f"the built-in, never the {what}", f"give the {what} another name, such as '{name}_{what}'")
            for what, named in (("zone", zones), ("counter", counters))
            for name, spec in named.items() if name in builtins.NAMES]


def _ranked(values: dict) -> str | None:
    """What in the file ranks cards by the trick order, in words (None: nothing does): a
    tricks or showdown step, or trumps."""
    if values["trumps"] is not None:
        return "`trumps:`"
    for steps in (values["setup"], values["hand"], values["after_hand"]):
        for step in walk.every_step(steps):
            if step.kind in ("tricks", "showdown"):
                return f"the `{step.kind}` step at line {step.span.line}"
    return None


def _ruleset(values: dict, spans: dict, reader) -> Ruleset:
    players = values["players"]
    if players is None:
        raise RuleError(spans[""], "the rule file needs 'players'",
                        "for example 'players: {min: 3, max: 5}' or 'players: 4'")
    teams = _partnerships(values["teams"] or Teams(), players, spans["teams"])
    zones = {**reader.default_zones, **values["zones"]}
    for error in check_functions(values["functions"], zones, values["counters"], values["options"]):
        reader.errors.add(error)
    for error in _hidden_names(values["zones"], values["counters"]):
        reader.errors.add(error)
    deck = values["deck"]
    if deck is not None and not deck.order_given:
        ranking = _ranked(values)
        if ranking is not None:
            reader.errors.add(RuleError(spans["deck"], f"the deck needs `order:`: {ranking} ranks the cards by it",
                                        f"the ranks high to low, e.g. order: [{', '.join(deck.order)}]"))
    result = values["result"] or Result()
    limits = values["limits"] or Limits()
    return Ruleset(
        name=values["name"], description=values["description"], path=reader.path, players=players,
        teams=teams, direction=values["direction"], deck=values["deck"],
        zones=zones, options=values["options"], counters=values["counters"], trumps=values["trumps"],
        functions=values["functions"], setup=values["setup"], hand=values["hand"],
        after_hand=values["after_hand"], summary=values["summary"], returns=result.returns,
        hand_value=result.hand, max_hands=limits.hands, max_turns=limits.turns,
        decided_by=values["decided_by"], span=spans[""])


RULESET = Construct("the rule file", Ruleset, (
    Key("name", Text(), REQUIRED, "the game's name"),
    Key("description", Text(), "", "one paragraph about the game"),
    Key("extends", Text(), None, "a relative path to a base rule file; this file overrides what differs"),
    Key("players", Section(PLAYERS), None, "a number, or {min, max, default}"),
    Key("teams", Section(TEAMS), None, "partners, none, or {partners: [4, 6]} (partnerships with 4 or 6 players, "
        "everyone alone otherwise)"),
    Key("direction", DIRECTIONS, "clockwise", "the way dealing, play and rotation go"),
    Key("decided_by", Expression(A_SEAT), None, "the seat that makes the decisions of seat `player` (default: "
        "player itself), e.g. \"declarer if player == dummy else player\": the declarer plays the dummy's cards"),
    Key("deck", Section(DECK), REQUIRED, "the cards: pack, ranks, orders, points"),
    Key("zones", Entries(ZONE), {}, "where cards lie and who sees them"),
    Key("options", Entries(OPTION), {}, "named parameters with defaults"),
    Key("counters", Entries(COUNTER), {}, "named values per player, per team or per game"),
    Key("trumps", Section(TRUMPS), None, "the trump suit and promoted cards"),
    Key("functions", Functions(), {}, "named expressions with parameters, e.g. fits(c): suit(c) == suit(top())"),
    Key("setup", Steps(), (), "steps run once, before the first hand"),
    Key("hand", Steps(), REQUIRED, "the steps of one hand"),
    Key("after_hand", Steps(), (), "steps run after every hand"),
    Key("summary", Lines(ANY), (), "labelled per-player expressions shown after each hand"),
    Key("result", Section(RESULT), None, "returns: the final payoff per player"),
    Key("limits", Section(LIMITS), None, "hands: the most hands a match may last; turns: of one `turns:` step"),
), what="the rule file", doc="a card game", build=_ruleset)
