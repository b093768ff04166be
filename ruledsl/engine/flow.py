"""The control ops of a compiled program: jumps, statements, hands, the end of the match.

A program is a flat list of ops and a program counter. An automatic op's `run` returns the next
pc; a decision op's `run` names the player to move and returns None, and its `apply` returns the
next pc once an action is taken. Nested steps (if, ask's then, trick hooks) compile to jumps.
"""
from __future__ import annotations

import random

from ..errors import RuleError
from .state import TERMINAL, NOBODY


class Op:
    __slots__ = ("span",)

    def run(self, st):  # pragma: no cover - every op overrides it
        raise NotImplementedError


class Jump(Op):
    __slots__ = ("target",)

    def __init__(self, target=None):
        self.target = target

    def run(self, st):
        return self.target


class Branch(Op):
    """Go on when the condition holds, else jump to `target`."""

    __slots__ = ("cond", "target", "here")

    def __init__(self, cond, here, span):
        self.cond, self.here, self.span, self.target = cond, here, span, None

    def run(self, st):
        return self.here + 1 if self.cond(st) else self.target


class Exec(Op):
    """Run compiled statements (a `do:` step, a move)."""

    __slots__ = ("fn", "here")

    def __init__(self, fn, here, span):
        self.fn, self.here, self.span = fn, here, span

    def run(self, st):
        self.fn(st)
        return self.here + 1


class Fired(Op):
    """A step with a `when:` or a `say:` is running (its condition held): recorded as a "step"
    event with the step's place in its file, so analysis can count how often each rule fires.
    Costs one op only where such a step runs, and emits nothing unless the match records."""

    __slots__ = ("here",)

    def __init__(self, here, span):
        self.here, self.span = here, span

    def run(self, st):
        if st.events is not None:
            span = self.span
            st.emit("step", file=span.path, line=span.line, col=span.col)
        return self.here + 1


class Say(Op):
    """A message for the table: text with {expr} parts already compiled."""

    __slots__ = ("parts", "here")

    def __init__(self, parts, here, span):
        self.parts, self.here, self.span = parts, here, span

    def run(self, st):
        if st.events is not None:
            st.emit("say", text="".join(p if isinstance(p, str) else show(p(st)) for p in self.parts))
        return self.here + 1


MAX_REDEALS = 1000     # redeals of one hand in a row before the match is taken to be stuck


class NewHand(Op):
    """Gather every card into the deck, shuffle, reset the hand's counters."""

    __slots__ = ("here", "prog", "redeal")

    def __init__(self, here, prog, redeal=False):
        self.here, self.prog, self.redeal = here, prog, redeal

    def run(self, st):
        prog = self.prog
        if not self.redeal:
            st.hand_no += 1
            if st.hand_no > prog.max_hands:
                raise RuleError(prog.span, f"the match did not end within {prog.max_hands} hands",
                                getattr(prog, "limit_hint", None)
                                or "check the end_match conditions, or raise limits.hands")
        # A redeal that always happens would loop without a decision: count them per hand.
        redeals = st.hv.get("redeals", 0) + 1 if self.redeal else 0
        if redeals > MAX_REDEALS:
            raise RuleError(self.span, f"the hand was redealt {MAX_REDEALS} times in a row",
                            "check the condition of the redeal: some deal must be played")
        st.deals += 1
        st.zones = [[] for _ in st.zones]
        st.trick, st.best, st.hv = (), -1, {"redeals": redeals} if redeals else {}
        for index, start in prog.hand_counters:
            st.cv[index] = start(st)
        deck = list(prog.deck.cards)
        stacked = st.stack[st.deals - 1] if st.stack and st.deals <= len(st.stack) else None
        shuffle(deck, random.Random(st.seed * 1_000_003 + st.deals))
        st.zones[0] = prog.stacked_deck(deck, stacked, st) if stacked else deck
        if st.events is not None:
            st.emit("hand", number=st.hand_no, dealer=st.dealer, redeal=self.redeal,
                    deck=[str(c) for c in reversed(st.zones[0])])
        return self.here + 1


def shuffle(deck: list, rng: random.Random) -> None:
    """Fisher-Yates over getrandbits. It is our own, so deals never depend on the standard
    library's shuffle (today it matches random.Random.shuffle step for step, which a test
    checks); and it skips that method's per-card calls, a third of the cost of a new hand."""
    getrandbits = rng.getrandbits
    for i in range(len(deck) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        r = getrandbits(k)         # Random._randbelow_with_getrandbits: reject until below n
        while r >= n:
            r = getrandbits(k)
        deck[i], deck[r] = deck[r], deck[i]


class Summary(Op):
    """The end of a hand: its value for every seat (`result.hand`, kept on the state for bots
    and analysis), and the `summary:` lines for the hand summary shown at the table."""

    __slots__ = ("here", "lines", "value")

    def __init__(self, here, lines, value=None):
        self.here, self.lines, self.value = here, lines, value

    def run(self, st):
        st.hands_scored += 1
        if self.value is not None:
            values = []
            for seat in range(st.n):
                st.locals["player"] = seat
                values.append(self.value(st))
            st.hand_values = tuple(values)
        if st.events is not None:
            table = {}
            for label, fn in self.lines:
                row = []
                for seat in range(st.n):
                    st.locals["player"] = seat
                    row.append(show(fn(st)))
                table[label] = row
            st.emit("summary", hand=st.hand_no, lines=table,
                    values=None if self.value is None else list(st.hand_values))
        return self.here + 1


class SetOut(Op):
    """eliminate / revive: mark seats out of (or back in) the match."""

    __slots__ = ("here", "seats", "out")

    def __init__(self, here, seats, out, span):
        self.here, self.seats, self.out, self.span = here, seats, out, span

    def run(self, st):
        seats = self.seats(st)
        for seat in ([seats] if isinstance(seats, int) else seats):
            if st.out[seat] != self.out:
                st.out[seat] = self.out
                st.live += -1 if self.out else 1
                st.emit("out" if self.out else "back", seat=seat)
        return self.here + 1


class EndMatch(Op):
    __slots__ = ("winners", "teams", "end")

    def __init__(self, winners, teams, span):
        self.winners, self.teams, self.span, self.end = winners, teams, span, None

    def run(self, st):
        won = self.winners(st)
        won = [won] if isinstance(won, int) else list(won or ())
        st.winners = tuple(sorted(set(won)))
        st.emit("end", winners=st.winners)
        return self.end


class Terminal(Op):
    __slots__ = ()

    def run(self, st):
        st.player = TERMINAL
        return None


class Bind(Op):
    """Bind `player` to the seat whose turn it is (before a trick play's hooks)."""

    __slots__ = ("here",)

    def __init__(self, here):
        self.here = here

    def run(self, st):
        st.locals["player"] = st.turn
        st.player = NOBODY
        return self.here + 1


def show(value) -> str:
    """A value as the table shows it: cards as text, fractions as 1/3, lists space-separated."""
    if isinstance(value, (list, tuple)):
        return " ".join(show(v) for v in value)
    if value is None:
        return "-"
    if value is True or value is False:
        return "yes" if value else "no"
    return str(value)
