"""The public face of the engine: a Game made from a rule file, and its initial states."""
from __future__ import annotations

import random
from fractions import Fraction
from pathlib import Path

from ..errors import RuleError, RuleErrors
from ..loader import load, parse_option_value
from ..source import Source, Span
from .program import Program
from .state import NOBODY, State


class OptionError(ValueError):
    """A bad option or player count from the caller (not from the rule file)."""


class Game:
    """A compiled rule file. Programs are compiled per player count and cached."""

    def __init__(self, ruleset):
        self.ruleset = ruleset
        self.name = ruleset.name
        self._programs: dict[int, Program] = {}
        players = ruleset.players
        self.min_players, self.max_players, self.default_players = players.min, players.max, players.default

    def program(self, players: int) -> Program:
        if not self.min_players <= players <= self.max_players:
            raise OptionError(f"{self.name} is for {self._range()} players, not {players}")
        if players not in self._programs:
            self._programs[players] = Program(self.ruleset, players)
        return self._programs[players]

    def _range(self) -> str:
        lo, hi = self.min_players, self.max_players
        return str(lo) if lo == hi else f"{lo} to {hi}"

    def options(self, overrides: dict | None = None) -> dict:
        """The option values: defaults, then the overrides (values or their text), checked."""
        specs = self.ruleset.options
        values = {name: spec.default for name, spec in specs.items()}
        for name, value in (overrides or {}).items():
            if name not in specs:
                from ..errors import did_you_mean
                hint = did_you_mean(name, specs)
                raise OptionError(f"unknown option '{name}'" + (f"; {hint}" if hint else
                                  f"; options: {', '.join(specs) or 'none'}"))
            values[name] = _convert(specs[name], value)
        return values

    def new_initial_state(self, seed: int = 0, players: int | None = None, options: dict | None = None,
                          *, dealer: int | None = None, counters: dict | None = None,
                          stacked: list | None = None, record: bool = False, start: bool = True) -> State:
        """A match at its first decision. `stacked` gives exact deals (scenarios); `counters`
        sets starting values (a match begun mid-way); `record` keeps an event log; `start=False`
        stops before the opening automatic steps run (`state.prog.advance(state)` runs them)."""
        n = self.default_players if players is None else players
        prog = self.program(n)
        st = State()
        st.prog, st.n, st.options = prog, n, self.options(options)
        st.zones = [[] for _ in range(prog.layout.zone_count)]
        st.cv = [None] * prog.layout.counter_count
        st.out = [False] * n
        st.live = n             # seats still in the match
        st.seed = seed
        st.dealer = random.Random(seed).randrange(n) if dealer is None else dealer
        st.leader = st.step_seat(st.dealer, prog.direction)
        st.pc, st.player, st.turn, st.trick, st.best = 0, NOBODY, st.dealer, (), -1
        st.hv, st.locals, st.asks = {}, {}, ()
        st.hand_no = st.deals = st.steps = 0
        st.winners, st.events = None, [] if record else None
        st.hands_scored, st.hand_values = 0, None
        st.stack = tuple(stacked) if stacked else None
        for index, start in prog.match_counters:
            st.cv[index] = start(st)
        if counters:
            _set_counters(st, prog, counters)
        if start:
            prog.advance(st)
        return st


def load_game(path: str | Path, roots=()) -> Game:
    """Load, check and compile a rule file; raise RuleErrors listing every problem. The bases
    it extends lie in the working directory, the file's repository or one of `roots`
    (files.trees)."""
    from ..checks import misspelt_options
    game = Game(load(path, roots))
    game.program(game.min_players)
    _probe(game)
    typos = misspelt_options(game)
    if typos:
        raise RuleErrors(typos)
    return game


def _probe(game: Game) -> None:
    """Start a match (seed 0) for every player count the file allows, up to its first decision,
    so that what fails in the opening automatic steps — above all a deal that needs more cards
    than the deck holds — is reported when the file is loaded, at the step that fails."""
    from ..expr import EvalError
    found: dict = {}
    for n in range(game.min_players, game.max_players + 1):
        st = None
        try:
            st = game.new_initial_state(seed=0, players=n, start=False)
            st.prog.advance(st)
        except RuleErrors as many:
            for exc in many.errors:
                found.setdefault((exc.span.path, exc.span.line, exc.span.col), exc)
        except RuleError as exc:
            found.setdefault((exc.span.path, exc.span.line, exc.span.col), exc)
        except Exception as exc:  # an expression failing at play time (EvalError), or worse
            span = getattr(exc, "span", None) if isinstance(exc, EvalError) else None
            if span is None and st is not None:
                span = getattr(st.prog.ops[st.pc], "span", None)
            if span is None or span.source is None:
                text = Path(game.ruleset.path).read_text(encoding="utf-8")
                span = Span(Source(game.ruleset.path, text), 1, 1)
            error = RuleError(span, str(exc) or type(exc).__name__,
                              f"this happens when a match of {n} players starts")
            found.setdefault((span.path, span.line, span.col), error)
    if found:
        raise RuleErrors(found.values())


def _convert(spec, value):
    if isinstance(value, str):
        value = parse_option_value(value)
    default = spec.default
    if isinstance(default, bool) != isinstance(value, bool):
        raise OptionError(f"option '{spec.name}' is true or false, not {value!r}")
    if isinstance(default, (int, Fraction)) and not isinstance(default, bool):
        if not isinstance(value, (int, Fraction)) or isinstance(value, bool):
            raise OptionError(f"option '{spec.name}' is a number, not {value!r}")
    if spec.choices and value not in spec.choices:
        raise OptionError(f"option '{spec.name}' must be one of "
                          f"{', '.join(str(c) for c in spec.choices)}, not {value}")
    if spec.min is not None and value < spec.min or spec.max is not None and value > spec.max:
        raise OptionError(f"option '{spec.name}' must be within {spec.min}..{spec.max}, not {value}")
    return value


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
