"""The public face: a Game made from a rule file, and its initial states.

    game = load_game("my_game.yaml")               # read, checked, compiled (RuleErrors if not)
    state = game.new_initial_state(seed=7, players=3)

A Game compiles its rule file once per player count (compile/) and shares the programs with
every state; it pickles as its ruleset (a process compiles it again once, on first use).
"""
from __future__ import annotations

import hashlib
import pickle
import weakref
from pathlib import Path
from types import SimpleNamespace
from typing import NamedTuple

from .compile.program import compile_program
from .errors import OptionError, RuleError, RuleErrors, did_you_mean
from .lang.options import check_value, evaluation_order, show
from .front.load import load, misspelt_options
from .front.values import parse_option_value
from .runtime import deals as given_deals
from .runtime import hand, indices, tensor
from .runtime.dealing import first_dealer
from .runtime.failures import PlayError, located
from .runtime.helpers import step_seat
from .runtime.state import NOBODY, State

_GAMES: "weakref.WeakValueDictionary[str, Game]" = weakref.WeakValueDictionary()
OWNERS = {"player": "player", "team": "team", "shared": "table", "game": "table"}     # the file's word -> the API's


class ZoneInfo(NamedTuple):
    """A zone of the rule file, as tools need it (Game.zones)."""

    name: str
    owner: str          # "player" (one for each seat), "team" or "table" (one zone)
    visible: str        # "owner", "all" or "nobody"


class CounterInfo(NamedTuple):
    """A counter of the rule file, as tools need it (Game.counters)."""

    name: str
    owner: str          # "player", "team" or "table"
    visible: str        # "owner", "all" or "nobody"
    scope: str          # "match", or "hand": set to its start as each hand begins


class Game:
    """A compiled rule file. Programs are compiled per player count and kept."""

    def __init__(self, ruleset):
        self.ruleset = ruleset
        self.name = ruleset.name
        self._programs: dict = {}
        self._option_order = evaluation_order(ruleset.options)
        self._defaults: dict | None = None          # the options with no overrides, once
        players = ruleset.players
        self.min_players, self.max_players, self.default_players = players.min, players.max, players.default

    def program(self, players: int):
        """The compiled program for `players` players."""
        if not self.min_players <= players <= self.max_players:
            raise OptionError(f"{self.name} is for {self.player_range()} players, not {players}")
        prog = self._programs.get(players)
        if prog is None:
            prog = self._programs[players] = compile_program(self.ruleset, players)
            prog.game = self
        return prog

    def zones(self) -> tuple[ZoneInfo, ...]:
        """The rule file's zones, the built-in deck and hand first: name, owner, visibility."""
        return tuple(ZoneInfo(z.name, OWNERS[z.owner], z.visible) for z in self.ruleset.zones.values())

    def counters(self) -> tuple[CounterInfo, ...]:
        """The rule file's counters: name, owner, visibility, scope."""
        return tuple(CounterInfo(c.name, OWNERS[c.per], c.visible, c.scope) for c in self.ruleset.counters.values())

    def player_range(self) -> str:
        lo, hi = self.min_players, self.max_players
        return str(lo) if lo == hi else f"{lo} to {hi}"

    _range = player_range

    def options(self, overrides: dict | None = None) -> dict:
        """The option values: defaults (a default that follows other options computed from
        them), then the overrides (values or their text), checked."""
        if not overrides:
            if self._defaults is None:
                self._defaults = self._options({})
            return dict(self._defaults)
        return self._options(overrides)

    def _options(self, overrides: dict) -> dict:
        specs = self.ruleset.options
        overrides = dict(overrides or {})
        for name in overrides:
            if name not in specs:
                hint = did_you_mean(name, specs)
                raise OptionError(f"unknown option '{name}'" + (f"; {hint}" if hint else
                                  f"; options: {', '.join(specs) or 'none'}"))
        values: dict = {}
        for name in self._option_order:
            spec = specs[name]
            if name in overrides:
                value = overrides[name]
                values[name] = check_value(spec, parse_option_value(value) if isinstance(value, str) else value)
            elif spec.follows:
                values[name] = self._follow(spec, values, overrides)
            else:
                values[name] = spec.default
        return {name: values[name] for name in specs}

    def _follow(self, spec, values: dict, overrides: dict):
        """The default of `spec` worked out from the options before it, checked. Where it fails
        or gives a value the option does not allow, it is the rule file's error; or the command
        line's, when options set there make it so."""
        try:
            value = self.program(self.min_players).evaluate(SimpleNamespace(options=values), spec.default.text,
                                                            None, spec.default.locate)
            return check_value(spec, value)
        except RuleError as exc:
            problem = exc.message
            if not overrides:
                raise
        except OptionError as exc:
            problem = str(exc)
            if not overrides:
                raise RuleError(spec.default.span, f"the default {spec.default.text} of option '{spec.name}' "
                                f"gives {show(value)}, which the option does not allow: {problem}",
                                "change the default, its bounds, or the options it reads") from None
        raise OptionError(f"option '{spec.name}' follows {spec.default.text}, which fails with "
                          f"{', '.join(f'{k}={v if isinstance(v, str) else show(v)}' for k, v in overrides.items())}: "
                          f"{problem}") from None

    def new_initial_state(self, seed: int = 0, players: int | None = None, options: dict | None = None,
                          *, dealer: int | None = None, counters: dict | None = None,
                          deals: list | None = None, record: bool = False, start: bool = True) -> State:
        """A match at its first decision.

        `deals` gives the cards of the first hands by zone (see runtime/deals.py); `counters`
        sets starting values (a match begun mid-way); `record` keeps an event log in
        `state.events`; `start=False` stops before the opening steps run (`state.start()` runs
        them)."""
        n = self.default_players if players is None else players
        prog = self.program(n)
        st = object.__new__(prog.state_class)
        st.prog, st.n, st.options = prog, n, self.options(options)          # shared by clones: never changed
        st.zones = [[] for _ in range(prog.layout.zone_count)]
        st.cv = [None] * prog.layout.counter_count
        st.out, st.live, st.seed = [False] * n, n, seed
        st.seating = prog.seatings.of(st.out)
        if dealer is not None and not (isinstance(dealer, int) and 0 <= dealer < n):
            raise OptionError(f"dealer {dealer!r} is not a seat: seats are 0 to {n - 1}")
        st.dealer = first_dealer(seed, n) if dealer is None else dealer
        st.leader = step_seat(st, st.dealer, prog.direction)
        st.pc, st.player, st.turn, st.trick, st.best = 0, NOBODY, st.dealer, (), -1
        st.asks, st.vars = (), [None] * prog.slots
        st.hand_number = st.deals = st.steps_done = st.hands_scored = 0
        st.winners, st.hand_values, st.events = None, None, [] if record else None
        st._totals = None if self.ruleset.hand_value is None else (0,) * n
        st.given = given_deals.read(prog, deals) if deals else None
        st._legal, st.redeals = None, 0
        hand.reset(st)
        try:
            prog.start_match(st)
        except Exception as exc:
            raise located(st, exc) from None
        if counters:
            _set_counters(st, prog, counters)
        if start:
            st.start()
        return st

    # -- for learning: integer actions and tensors (runtime/indices.py, runtime/tensor.py) --------

    def num_distinct_actions(self, players: int | None = None) -> int:
        """The size of the integer action space for `players` players (default: the file's)."""
        return indices.coding(self._prog(players)).size

    def action_names(self, players: int | None = None) -> list[str]:
        """What each integer action stands for: a card (`QS`), `done`, a choice (`trump H`)."""
        return list(indices.coding(self._prog(players)).names)

    def observation_shape(self, players: int | None = None) -> tuple[int]:
        return (tensor.layout(self._prog(players)).size,)

    def observation_layout(self, players: int | None = None) -> tuple:
        """The sections of the observation tensor, in order: (name, size) each."""
        return tensor.layout(self._prog(players)).sections

    def _prog(self, players: int | None):
        return self.program(self.default_players if players is None else players)

    def __reduce__(self):
        return (_game, (self.ruleset, fingerprint(self.ruleset)))


def fingerprint(ruleset) -> str:
    return hashlib.sha256(pickle.dumps(ruleset)).hexdigest()


def _game(ruleset, key: str) -> Game:
    """A Game from its pickled ruleset: the one this process already has, if any."""
    game = _GAMES.get(key)
    if game is None:
        game = _GAMES[key] = Game(ruleset)
    return game


def load_game(path: str | Path, roots=()) -> Game:
    """Load, check and compile a rule file; raise RuleErrors listing every problem. The bases
    it extends lie in the working directory, the file's repository or one of `roots`
    (files.trees)."""
    try:
        game = Game(load(path, roots))
        game.options()                  # the defaults that follow other options, worked out once
    except RuleError as error:
        raise RuleErrors([error]) from None
    _probe(game)
    typos = misspelt_options(game.ruleset, roots)
    if typos:
        raise RuleErrors(typos)
    return game


def _probe(game: Game) -> None:
    """Start a match (seed 0) for every player count the file allows, up to its first decision,
    so that what fails in the opening automatic steps — above all a deal that needs more cards
    than the deck holds — is reported when the file is loaded, at the step that fails."""
    found: dict = {}
    for n in range(game.min_players, game.max_players + 1):
        try:
            game.new_initial_state(seed=0, players=n)
        except RuleErrors as many:
            for exc in many.errors:
                found.setdefault((exc.span.path, exc.span.line, exc.span.col), exc)
        except PlayError as exc:
            found.setdefault((exc.span.path, exc.span.line, exc.span.col), exc.error)
    if found:
        raise RuleErrors(found.values())


def _set_counters(st, prog, counters: dict) -> None:
    for name, value in counters.items():
        if name not in prog.layout.counters:
            raise OptionError(f"unknown counter '{name}'")
        per, base = prog.layout.counters[name]
        if per == "game":
            st.cv[base] = value
        else:       # one value per owner: a list, or a mapping of some owners to values
            for i, v in (value.items() if isinstance(value, dict) else enumerate(value)):
                st.cv[base + i] = v
