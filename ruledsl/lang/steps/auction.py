"""`auction:` — players bid up a ladder of bids until one holds the highest. Two forms:

    style: round    each in turn from the first: pass, a bid higher than the last one, and with
                    `double: true` double a bid of the other side or redouble a double of one's
                    own side; over once, after a bid, every other player has passed in a row
                    (or, with no bid, everyone has): a level-and-strain auction
    style: duel     two at a time: the first is the holder, the others challenge in order; the
                    challenger bids higher or passes, the holder holds (bids the same) or passes;
                    whoever passes drops out and the next challenger comes in against the one
                    left. If nobody bid, the one left may open at any bid, or pass

    start (the seats, the ladder) ─▶ HEAD: over? the counters are written, on to the next step
          │ else the player to move calls (a decision) ─▶ the call is taken ─▶ HEAD

The ladder (`bids:`) is any list of values, lowest first: numbers (18, 20, 22, …), level and
strain pairs ([1, C], … [7, 'NT']), texts. A bid is a place on it. The auction's whole state is
one immutable `Bidding` in a slot of the state (`st.vars`), replaced by each call, so clones
share it and the steps after the auction see it through the counters the step names.
"""
from __future__ import annotations

import attrs

from ...errors import RuleError
from ...expr.values import EvalError
from ...prose.document import Item
from ...prose.words import code
from ...runtime.show import show
from ..declare import REQUIRED, Expr, Expression, Flag, Key, Name, Step, StepKind, Text, Word
from ..declare import CounterName
from ...expr.types import A_LIST, INT, NONE, SEAT, SEATS, list_of, ANY
from .typed import Typed, either

STYLES = ("round", "duel")
MAX_BIDS = 100            # bids on a ladder (7 levels x 5 strains is 35): each is an integer action
WORDS = ("bid", "hold", "pass", "double", "redouble")     # the calls, as the actions spell them


@attrs.frozen(kw_only=True)
class Auction(Step):
    kind = "auction"
    who: Expr
    bids: Expr
    style: str = "round"
    double: bool = False
    prompt: str = ""
    bid: Name | None = None
    by: Name | None = None
    doubled: Name | None = None
    calls: Name | None = None


@attrs.frozen
class Bidding:
    """An auction under way (immutable: each call makes the next). `high` is the place on the
    ladder of the highest bid (-1: none yet) and `by` who made or holds it; in a duel `holder`
    is the seat being bid to and `challenger` the place in `seats` of the one bidding to it."""

    seats: tuple
    ladder: tuple
    style: str
    doubling: bool
    teams: tuple                 # each seat's team (who is "the other side")
    turn: int = 0                # round: the place in `seats` of the seat to call
    high: int = -1
    by: int = -1
    doubled: int = 0             # 1 doubled, 2 redoubled
    doubler: int = -1
    passes: int = 0              # round: passes in a row since the last bid, double or redouble
    holder: int = -1
    challenger: int = 1
    phase: str = "challenge"     # duel: challenge (the challenger calls), answer (the holder), open
    over: bool = False
    history: tuple = ()          # (seat, the call's word, the place of its bid or -1), in order

    def to_move(self) -> int:
        if self.style == "round":
            return self.seats[self.turn]
        return self.seats[self.challenger] if self.phase == "challenge" else self.holder


def start(seats, ladder, style: str, doubling: bool, teams: tuple, span) -> Bidding:
    """The auction at its first call (over already when nobody takes part)."""
    seats = tuple(seats)
    if len(set(seats)) != len(seats):
        raise EvalError("an auction's seats are each named once", span)
    ladder = tuple(tuple(v) if isinstance(v, list) else v for v in ladder)
    if not 1 <= len(ladder) <= MAX_BIDS:
        raise EvalError(f"an auction's ladder holds from 1 to {MAX_BIDS:,} bids, not {len(ladder):,}", span)
    b = Bidding(seats, ladder, style, doubling, teams)
    if not seats:
        return attrs.evolve(b, over=True)
    if style == "duel":
        b = attrs.evolve(b, holder=seats[0])
        if len(seats) == 1:
            b = attrs.evolve(b, phase="open")
    return b


def calls(b: Bidding) -> list:
    """The calls open to the player to move, as actions (word, place on the ladder or None)."""
    higher = [("bid", i) for i in range(b.high + 1, len(b.ladder))]
    if b.style == "duel":
        if b.phase == "answer":
            return [("hold", None), ("pass", None)]
        return [*higher, ("pass", None)]
    out = [*higher, ("pass", None)]
    me = b.seats[b.turn]
    if b.doubling and b.high >= 0:
        if b.doubled == 0 and b.teams[b.by] != b.teams[me]:
            out.append(("double", None))
        elif b.doubled == 1 and b.teams[b.doubler] != b.teams[me]:
            out.append(("redouble", None))
    return out


def call(b: Bidding, action) -> Bidding:
    """The auction after the player to move makes `action` (one of `calls(b)`)."""
    word, place = action
    me = b.to_move()
    b = attrs.evolve(b, history=b.history + ((me, word, -1 if place is None else place),))
    if b.style == "round":
        n = len(b.seats)
        if word == "bid":
            b = attrs.evolve(b, high=place, by=me, doubled=0, doubler=-1, passes=0)
        elif word == "double" or word == "redouble":
            b = attrs.evolve(b, doubled=b.doubled + 1, doubler=me, passes=0)
        else:
            b = attrs.evolve(b, passes=b.passes + 1)
        done = b.passes >= (n - 1 if b.high >= 0 else n)
        return attrs.evolve(b, turn=(b.turn + 1) % n, over=done)
    if b.phase == "open":                               # the one left, nobody having bid
        return attrs.evolve(b, high=place, by=me, over=True) if word == "bid" else attrs.evolve(b, over=True)
    if b.phase == "answer":
        if word == "hold":
            return attrs.evolve(b, by=me, phase="challenge")
        b = attrs.evolve(b, holder=b.seats[b.challenger])              # the holder drops out
    elif word == "bid":
        return attrs.evolve(b, high=place, by=me, phase="answer")
    return _next_challenger(b)


def _next_challenger(b: Bidding) -> Bidding:
    """The challenger (or the holder) passed: the next challenger comes in, or the auction ends."""
    nxt = b.challenger + 1
    if nxt < len(b.seats):
        return attrs.evolve(b, challenger=nxt, phase="challenge")
    if b.high >= 0:
        return attrs.evolve(b, by=b.holder, over=True)
    return attrs.evolve(b, challenger=nxt, phase="open")


def text(b: Bidding, action) -> str:
    word, place = action
    return word if place is None else f"{word} {said(b.ladder[place])}"


def said(bid) -> str:
    """A bid as the table says it: a value as shown, a list's items run together (3NT, 2C, 4S)."""
    return "".join(show(v) for v in bid) if isinstance(bid, tuple) else show(bid)


def _listed(value):
    return list(value) if isinstance(value, tuple) else value


def outcome(b: Bidding) -> tuple:
    """(the highest bid or None, its bidder or None, 0/1/2 doubled, the calls as [seat, call,
    its bid or None])."""
    won = b.high >= 0
    return (_listed(b.ladder[b.high]) if won else None, b.by if won else None, b.doubled if won else 0,
            [[seat, word, _listed(b.ladder[place]) if place >= 0 else None] for seat, word, place in b.history])


# -- code ---------------------------------------------------------------------------------------

def compile_auction(step: Auction, c) -> None:
    w = c.w
    if step.double and step.style != "round":       # reported, and the rest compiled (its counters' types)
        c.errors.add(RuleError(step.keys.get("auction.double", step.span), "double and redouble belong to an "
                               "auction of style round", "drop `double:`, or write style: round"))
    seats = c.seats(step.who, "`auction.who`")
    ladder = c.atom(step.bids, A_LIST, "`auction.bids`")
    slot = c.slot()
    d = c.decision(BIDDING, Spec(step.prompt, step.style, step.double, slot), step.span)
    w.line(f"st.vars[{slot}] = {w.const(start)}({seats}, {c.w_src(ladder)}, {w.const(step.style)}, "
           f"{w.const(step.double)}, {w.const(c.layout.team_of)}, {w.const(step.span)})")
    _results(c, step, slot, ladder.type)
    head, end = w.label(), w.label()
    w.goto(head)
    w.place(head)
    with w.indented(f"if not st.vars[{slot}].over:"):
        c.wait(d, f"st.vars[{slot}].to_move()")
    w.goto(end)
    with w.elsewhere():
        w.function(f"_l{d.id}", "st")
        w.line(f"return {w.const(calls)}(st.vars[{slot}])")
        w.function(f"_e{d.id}", "st")
        w.line(f"return [(a, None) for a in {w.const(calls)}(st.vars[{slot}])]")
        c.apply_function(d)
        with w.indented("if st.events is not None:"):
            w.line(f"st.events.append({{'kind': 'choice', 'seat': st.vars[{slot}].to_move(), "
                   f"'action': {w.const(text)}(st.vars[{slot}], a)}})")
        w.line(f"st.vars[{slot}] = {w.const(call)}(st.vars[{slot}], a)")
        w.line("st.player = NOBODY")
        _results(c, step, slot, ladder.type)
        w.goto(head)
    w.place(end)


def _results(c, step: Auction, slot: int, ladder_type) -> None:
    """The auction so far into the counters the step names, after every call: what everyone
    heard (the table shows them, observations hold them)."""
    item = ladder_type.item if ladder_type.only("list") and ladder_type.item is not None else ANY
    wanted = [(step.bid, "bid", item | NONE), (step.by, "by", SEAT | NONE), (step.doubled, "doubled", INT),
              (step.calls, "calls", list_of(list_of(ANY)))]
    if not any(name is not None for name, _, _ in wanted):
        return
    out = c.w.temp()
    c.w.line(f"{out} = {c.w.const(outcome)}(st.vars[{slot}])")
    for i, (name, key, type_) in enumerate(wanted):
        if name is not None:
            c.w.line(f"st.cv[{c.table_counter(name, key, type_)}] = {out}[{i}]")


@attrs.frozen
class Spec:
    prompt: str
    style: str
    doubling: bool
    slot: int


# -- the runtime side ----------------------------------------------------------------------------

class Bidding_:
    """What the State asks of an auction's decision besides its generated functions."""

    @staticmethod
    def text(st, d, action) -> str:
        return text(st.vars[d.spec.slot], action)

    @staticmethod
    def cards(st, d, action) -> tuple:
        return ()                        # a call plays no card, even a bid that reads as one (2H)

    @staticmethod
    def describe(st, d) -> str:
        b = st.vars[d.spec.slot]
        if d.spec.prompt:
            return d.spec.prompt
        words = list(dict.fromkeys(word for word, _ in calls(b)))      # the calls open, in order
        said_high = said(b.ladder[b.high]) if b.high >= 0 else ""
        shown = {"bid": f"bid higher than {said_high}" if said_high else "bid", "hold": f"hold {said_high}"}
        parts = [shown.get(word, word) for word in words]
        return f"{', '.join(parts[:-1])}, or {parts[-1]}" if len(parts) > 2 else " or ".join(parts)

    @staticmethod
    def vocabulary(d) -> tuple:
        return tuple((w, None) for w in WORDS)

    @staticmethod
    def domain(prog, d, name: str) -> tuple:
        """The values of each call for the integer actions: a bid's place on the ladder."""
        return tuple(range(MAX_BIDS)) if name == "bid" else (None,)

    @staticmethod
    def spell(st, d, action) -> tuple:
        return (action,)

    @staticmethod
    def why_not(st, d, action) -> str | None:
        b = st.vars[d.spec.slot]
        offered = calls(b)
        if not isinstance(action, str):
            return None if action in offered else "that call is not open now"
        typed = Typed.read(action)
        words = [v for k, v in typed.tokens]
        word = str(words[0]).lower() if words else ""
        if word not in WORDS:
            return f"'{action}' is not a call: {either(sorted({w for w, _ in offered}))}"
        rest = " ".join(str(v) for v in words[1:])
        if word == "bid":
            return _why_not_bid(b, rest, offered)
        if rest:
            return f"'{word}' takes nothing after it"
        if (word, None) in offered:
            return None
        return _why_not_word(b, word)


def _why_not_bid(b: Bidding, typed: str, offered) -> str | None:
    places = [i for i, v in enumerate(b.ladder) if said(v).lower() == typed.replace(" ", "").lower()]
    if not typed:
        return f"say which bid, e.g. 'bid {said(b.ladder[max(b.high + 1, 0) % len(b.ladder)])}'"
    if not places:
        shown = ", ".join(said(v) for v in b.ladder[:12]) + (" …" if len(b.ladder) > 12 else "")
        return f"'{typed}' is not a bid here; the bids, lowest first: {shown}"
    if ("bid", places[0]) in offered:
        return None
    if b.style == "duel" and b.phase == "answer":
        return f"you are bid {said(b.ladder[b.high])}: hold it or pass"
    return f"a bid must be higher than {said(b.ladder[b.high])}"


def _why_not_word(b: Bidding, word: str) -> str:
    if word == "hold":
        return "only the player being bid to holds; bid or pass"
    if not b.doubling:
        return f"there is no {word} in this auction"
    if word == "double":
        if b.high < 0:
            return "there is no bid to double"
        if b.doubled:
            return "the bid is doubled already"
        return "you may double only a bid of the other side"
    if b.doubled != 1:
        return "you may redouble only a double of your side's bid"
    return "you may redouble only when the other side doubled"


BIDDING = Bidding_()


# -- explain ------------------------------------------------------------------------------------

def describe_auction(prose, step: Auction) -> list[Item]:
    who, bids = step.who.text, step.bids.text
    if step.style == "duel":
        text = (f"An auction, two at a time, among {prose.words.seats(who)}: the first holds, the others "
                "challenge in order. A challenger bids higher than the last bid or passes; the holder "
                "holds (says the same bid) or passes. Whoever passes drops out, and the next challenger "
                "bids to the one left. If nobody bid, the one left may open at any bid or pass.")
    else:
        text = (f"An auction: each of {prose.words.seats(who)} in turn, from the first, passes or bids "
                "higher than the last bid")
        text += (", doubles a bid of the other side, or redoubles the other side's double of their own "
                 "side's bid" if step.double else "") + ". A player who passed may call again. "
        text += "It ends when, after a bid, all the others have passed in a row, or when everyone passes."
    facts = [Item(f"The bids, lowest first: {code(bids)}.")]
    given = [(n, what) for n, what in ((step.bid, "the winning bid (none if everyone passed)"),
                                       (step.by, "who made it"), (step.doubled, "0, 1 doubled or 2 redoubled"),
                                       (step.calls, "every call, as [seat, call, its bid]")) if n is not None]
    if given:
        facts.append(Item("Then " + "; ".join(f"{code(n.text)} holds {what}" for n, what in given) + "."))
    return [Item(text, facts)]


AUCTION = StepKind("auction", Auction, "players bid up a ladder until one holds the highest bid (§6.6)", keys=(
    Key("who", Expression(SEATS), REQUIRED, "the bidders, in the order they come in",
        "the seats in the auction, e.g. who: order(next(dealer))"),
    Key("bids", Expression(A_LIST), REQUIRED, "the ladder of bids, lowest first: numbers, [level, strain] pairs, texts",
        "the bids lowest first, e.g. bids: [18, 20, 22, 23, 24, 27, 30]"),
    Key("style", Word(STYLES, "auction style", "style is round or duel", suggest=STYLES), "round",
        "round: each in turn, until all but one pass after a bid; duel: two at a time, the "
        "challenger bids or passes, the holder holds or passes, the next challenger comes in"),
    Key("double", Flag(), False, "round only: a bid may be doubled by the other side and redoubled"),
    Key("prompt", Text(), "", "what the player to call is asked, in words"),
    Key("bid", CounterName(), None, "a counter of the table that receives the winning bid (none: all passed)"),
    Key("by", CounterName(), None, "a counter of the table that receives the seat that won the auction"),
    Key("doubled", CounterName(), None, "a counter of the table that receives 0, 1 (doubled) or 2 (redoubled)"),
    Key("calls", CounterName(), None, "a counter of the table that receives every call, as [seat, call, "
        "its bid or none]: [[0, 'bid', [1, H]], [1, 'double', none], …]"),
), compile=compile_auction, describe=describe_auction)
