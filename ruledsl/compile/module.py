"""The generated module made runnable: its source compiled (with empty builtins, its constants
and the runtime's helpers as its only globals) and wrapped as a Program the State runs."""
from __future__ import annotations

import functools
import itertools
import linecache
import operator
import weakref

import attrs

from ..errors import RuleError
from ..source import Span
from ..expr import values
from ..runtime import dealing, failures, hand, helpers, history, knowledge
from ..runtime.seating import Seatings
from ..runtime.show import show, show_seats
from ..runtime.state import NOBODY, TERMINAL, State
from . import public
from .listing import place

MAX_REDEALS = 1000       # redeals of one hand in a row before the match is taken to be stuck
FILE_NUMBERS = itertools.count(1)     # each compiled file a name of its own, for linecache


@attrs.define
class Decision:
    """A decision point of the program (Program.decisions): what the runtime needs besides its
    generated functions (`_l{id}` legal actions, `_a{id}` apply, `_e{id}` every candidate with
    its reason); compile/program.py makes one for each decision it writes."""

    id: int
    kind: object          # the step kind's runtime side: text, why_not, describe (lang/steps)
    span: object
    spec: object          # what that side needs to know (sizes, choices, …)
    in_hand: bool = False  # among the hand's steps (not setup or after_hand): a search plays for the hand


def run(st, label) -> None:
    """The one loop that runs a program's blocks: each returns the next, or None at a decision
    (or the end). Program.run starts a match with it; a decision's apply goes on with it."""
    blocks = st.prog.blocks
    while label is not None:
        label = blocks[label](st)


# The runtime's helpers, as the generated code names them (expr/codegen.py: only our words).
HELPERS = {
    "_type": type, "_int": int, "_list": list, "_len": len, "_sum": sum, "_tuple": tuple, "_add": operator.add, "_range": range,
    "_iterable": helpers.iterable, "_compare": values.compare, "_show": show, "_show_seats": show_seats,
    "_new_hand": dealing.new_hand, "_deal": dealing.deal, "_move_cards": helpers.move_cards,
    "_move_zone": helpers.move_zone, "_reset_hand": hand.reset, "_run": run,
    "_reveal": helpers.reveal, "_out": helpers.out, "_trick_cards": helpers.trick_cards,
    "_set_out": helpers.set_out, "_sorted_seats": helpers.sorted_seats, "_str": str, "_any": any,
    "_card_names": lambda cards: [str(c) for c in cards], "_combinations": itertools.combinations, "_map": map,
    "_zip": zip, "_repeat": itertools.repeat,
    "_stuck": failures.stuck, "_located": failures.located, "_Exception": Exception, "_ValueError": ValueError,
    "_remember": history.remember,
    "_empty": [],       # the empty list a comparison is written with (operators.py): only compared, never kept
    "NOBODY": NOBODY, "TERMINAL": TERMINAL,      # st.player when nobody is to move; the match over
}


class Program:
    """The compiled match for one player count: the generated functions, by label and by
    decision, and the game's tables that the runtime reads (layout, deck, direction)."""

    def __init__(self, c, namespace: dict, source: str, spans: list, filename: str, expressions):
        rs = c.ruleset
        self.ruleset, self.n, self.layout, self.deck = rs, c.n, c.layout, c.deck
        self.direction, self.team_of = c.direction, c.layout.team_of
        self.orders = tuple(tuple((s + c.direction * i) % c.n for i in range(c.n)) for s in range(c.n))
        self.seatings = Seatings(c.direction)     # who is in: tables by the seats out
        self.counter_types = c.counter_types
        self.source, self.spans, self.filename = source, spans, filename
        self.constants = dict(c.w.values)          # name -> value
        self.span = c.limit_span
        self.blocks = _table(namespace, "_b", len(c.w.blocks))
        self.decisions = c.decisions
        self.legal = tuple(namespace[f"_l{d.id}"] for d in c.decisions)
        self.apply = tuple(namespace[f"_a{d.id}"] for d in c.decisions)
        namespace.update(_legal_of=self.legal, _apply_of=self.apply)      # what public.py's methods call
        self.state_class = _state_class(namespace)
        self.explain = tuple(namespace.get(f"_e{d.id}") for d in c.decisions)
        self.rollout = tuple(namespace.get(f"_p{d.id}") for d in c.decisions)     # or None
        self.start_match = namespace["_start_match"]
        self.returns = namespace["_returns"]
        self.entry = c.entry.label
        self.rankings = c.ranking.rankings
        self.ranking = namespace.get("_ranking")
        self.slots = c.slots
        self.hand_zone = c.layout.zones["hand"][1]
        self.void_bits = knowledge.width(c.deck)     # st.voids: each seat's mask this many bits up
        self.viewers = c.viewers                     # who sees each zone (runtime/knowledge.py)
        self.expressions = expressions      # (text, bound, locate) -> a compiled function
        self.game = None            # the Game it belongs to, for pickling states

    def hand_of(self, st, seat: int) -> list:
        return st.zones[self.hand_zone + seat]

    def ranking_now(self, st):
        """The card tables under the trumps as they are in `st`."""
        return self.ranking(st) if self.ranking is not None else self.rankings.get(None)

    def run(self, st, label) -> None:
        """Run automatic steps from `label` until a player must act or the match is over."""
        run(st, label)

    def evaluate(self, st, text: str, player: int | None = None, locate=None):
        """An expression of the language in state `st` (compiled on first use). A value it
        cannot work with (`rank(first(xs))` of an empty list) is a RuleError at the expression."""
        function = self.expressions(text, player is not None, locate)
        try:
            return function(st, player)
        except RuleError as exc:
            if isinstance(exc, values.EvalError) and not exc.located:
                exc.span, exc.located = _whole(text, locate), True
            raise
        except Exception as exc:                  # chained: a developer's traceback shows the line
            raise failures.not_computed(_whole(text, locate), exc) from exc


def _whole(text: str, locate):
    """The span of a whole expression evaluated on its own (where `locate` places it, if given)."""
    return locate(0, len(text)) if locate else Span(None, 1, 1, max(1, len(text)))


def _state_class(namespace: dict) -> type:
    """The class of this program's states: State with the program's public methods (and, in a
    game where one seat decides for another, `current_player` the seat that decides)."""
    legal, apply = namespace["legal_actions"], namespace["apply_action"]
    legal.__doc__, apply.__doc__ = public.LEGAL_DOC, public.APPLY_DOC
    methods = {"__slots__": (), "__module__": State.__module__, "__doc__": State.__doc__,
               "legal_actions": legal, "apply_action": apply}
    decider = namespace.get("_decider")
    if decider is not None:
        def current_player(self) -> int:
            if self.player < 0:
                return self.player
            try:
                return decider(self)
            except Exception as exc:
                raise failures.located(self, exc) from None
        current_player.__doc__ = State.current_player.__doc__
        methods["current_player"] = current_player
    return type("State", (State,), methods)


def _table(namespace: dict, prefix: str, count: int) -> tuple:
    return tuple(namespace.get(f"{prefix}{i}") for i in range(count))


def namespace(c) -> dict:
    """The globals of a generated module: the helpers and its constants, no builtins."""
    namespace = {"__builtins__": {}, **HELPERS}
    namespace.update(c.w.values)
    return namespace


def assemble(c, expressions) -> Program:
    """Exec the module `c` (a program Compiler) wrote, and wrap it."""
    source, spans, _ = c.w.source([c.entry, c.hand, c.redeal, c.terminal])
    filename = f"<ruledsl program {next(FILE_NUMBERS)}: {c.ruleset.path}, {c.n} players>"
    names = namespace(c)
    limit = functools.partial(RuleError, c.limit_span, f"the match did not end within {c.ruleset.max_hands} hands",
                              c.limit_hint or "check the end_match conditions, or raise limits.hands")
    redeals = functools.partial(RuleError, c.redeal_span, f"the hand was redealt {MAX_REDEALS} times in a row",
                                "check the condition of the redeal: some deal must be played")
    names.update(_limit=limit, _redeals=redeals)
    exec(compile(source, filename, "exec"), names)
    program = Program(c, names, source, spans, filename, expressions)
    _show_in_tracebacks(program)
    return program


def _show_in_tracebacks(prog: Program) -> None:
    """Register the program's source with linecache, as attrs does for the code it writes: a
    traceback, pdb or a profiler going through a generated function shows its line, with the
    place in the rule file it was written for. The entry goes with the program."""
    lines = [f"{text}  # {span.path}:{place(span)}\n" if place(span) else f"{text}\n"
             for text, span in zip(prog.source.splitlines(), prog.spans)]
    show_in_tracebacks(prog.filename, lines, prog)


def show_in_tracebacks(filename: str, lines: list[str], owner) -> None:
    """`lines` are the source of code compiled as `filename`, for linecache as long as `owner`
    lives (the entry goes with it)."""
    linecache.cache[filename] = (sum(map(len, lines)), None, lines, filename)
    weakref.finalize(owner, linecache.cache.pop, filename, None)
