"""`captures:` — fishing play: each turn lays one card and may capture by equal rank or by sum,
several groups at once (`several`), or build on table cards a value to take later (`builds`).

    first ─▶ the player to move holds cards? the play (a decision) ─▶ bonuses ─▶ after_play
          ─▶ the next seat …   no cards: refill steps, then play on if that gave some, else end

An action is (card, captured cards): `play 7C`, `play 7C take 7H`, `play 7C take 3D 4H`; or a
build, (card, the cards it is laid on, BUILD): `build 2C on 3D 4H`. Which are legal is
capture_search.py's (`captures_of`); the action's text and why one is not legal capturing.py's.
The builds on the table are records {cards, owner, value} in the counter `builds:` names.
"""
from __future__ import annotations

import attrs

from ...errors import RuleError
from ...prose.document import Item
from ...prose.words import code, joined, plural
from ...expr.codegen import Frag
from ...runtime import knowledge
from ...expr.records import Record
from ...source import Span
from ..declare import REQUIRED, Construct, CounterName, Expr, Expression, Flag, Items, Key, Name, Statements, \
    StatementsHolds, Step, StepKind, Steps, Text, Word, ZoneName
from ...expr.types import A_SEAT, CARD_LIST, CONDITION, INT, SEAT, list_of, record_of
from .capture_search import PREFER_WORDS, Spec, captures_of
from .capturing import CAPTURING

PREFER = ("none", "rank", "sum", "most")


@attrs.frozen
class Bonus:
    name: str
    when: Expr
    do: Statements
    span: Span = attrs.field(default=None, eq=False)     # where it is written (analysis names it)


@attrs.frozen(kw_only=True)
class Captures(Step):
    kind = "captures"
    first: Expr | None = None
    table: Name | None = None
    rank: bool = True
    sum: bool = False
    optional: bool = True
    prefer: str = "none"
    pile: Name | None = None
    several: bool = False
    builds: Name | None = None
    bonuses: tuple[Bonus, ...] = ()
    after_play: tuple = ()
    refill: tuple = ()


# -- code ---------------------------------------------------------------------------------------

def compile_captures(step: Captures, c) -> None:
    w = c.w
    table = _zone(c, step.table, "table", step)
    pile_name = step.pile.text if step.pile is not None else "pile"
    pile = c.zone(pile_name)
    if pile is None or pile[0] == "shared":
        raise RuleError((step.pile or step).span, f"captures need a per-player or per-team "
                        f"zone for captured cards; '{pile_name}' is not one")
    if step.several and step.prefer in ("rank", "sum"):     # reported, and the rest compiled
        c.errors.add(RuleError(step.keys.get("captures.prefer", step.span), f"prefer {step.prefer} chooses among "
                               "single captures; a card that takes several at once prefers most or none",
                               "write prefer: most, or drop several"))
    builds = c.table_counter(step.builds, "builds", list_of(BUILT)) if step.builds is not None else None
    spec = Spec(c.zone("hand")[1], table, step.rank, step.sum, step.optional, step.prefer, c.deck.rank_of,
                c.deck.values, step.span, step.several, builds)
    d = c.decision(CAPTURING, spec, step.span)
    first = c.seat(step.first, "`captures.first`") if step.first is not None else \
        c.next_seat("st.dealer")
    w.line(f"st.turn = {first}")
    refill, end = w.label(), w.label()
    _turn(c, d, spec, refill if step.refill else end)
    with w.elsewhere():
        w.function(f"_l{d.id}", "st")
        w.line(f"return {w.const(captures_of)}(st, {w.const(spec)}, False)")
        w.function(f"_e{d.id}", "st")
        w.line(f"return {w.const(captures_of)}(st, {w.const(spec)}, True)")
        _apply(c, d, step, spec, pile, refill if step.refill else end)
        if step.refill:
            # The player to move has no cards: the refill steps (a deal from the stock), then
            # play on if that gave them cards, else the play is over.
            w.place(refill)
            c.steps(step.refill)
            with w.indented(f"if st.zones[{spec.hand} + st.turn]:"):
                c.wait(d, "st.turn")
            w.goto(end)
    w.place(end)


def _turn(c, d, spec: Spec, empty) -> None:
    """The player to move plays if they hold cards; else on to `empty` (refill, or the end)."""
    with c.w.indented(f"if st.zones[{spec.hand} + st.turn]:"):
        c.wait(d, "st.turn")
    c.w.goto(empty)


def _apply(c, d, step: Captures, spec: Spec, pile, empty) -> None:
    w = c.w
    c.apply_function(d)
    w.line("card, taken = a[0], a[1]")
    w.line("seat = st.turn")
    w.line(f"st.zones[{spec.hand} + seat].remove(card)")
    w.line(f"table = st.zones[{spec.table}]")
    w.line("st.played, st.captured = card, taken")
    if spec.builds is not None:
        with w.indented("if _len(a) == 3:"):          # a build: laid on the table, kept as a record
            w.line(f"{w.const(build)}(st, {w.const(spec)}, seat, card, taken)")
            c.emit("play", seat="seat", cards="[_str(card)]", taken="[]", on="_card_names(taken)",
                   built=f"st.cv[{spec.builds}][-1].value")
            w.line("taken = ()")
    with w.indented("if taken:"):
        with w.indented("for t in taken:"):
            w.line("table.remove(t)")
        if spec.builds is not None:
            w.line(f"{w.const(taken_builds)}(st, {spec.builds}, taken)")
        owner = f"{w.const(c.layout.team_of)}[seat]" if pile[0] == "team" else "seat"
        w.line(f"st.zones[{pile[1]} + {owner}] += (card,) + taken")
        if c.ruleset.zones[step.pile.text if step.pile is not None else "pile"].visible != "all":     # laid face up, taken from the table
            w.line(f"{w.const(knowledge.show)}(st, (card,) + taken)")
        ranks = w.const(spec.ranks)
        if spec.several or spec.builds is not None:
            w.line(f"st.capture_kind = {w.const(capture_kind)}(st, {w.const(spec)}, card, taken)")
        else:
            w.line(f"st.capture_kind = 'rank' if _len(taken) == 1 and {ranks}[taken[0]] == {ranks}[card] else 'sum'")
        w.line("st.last_capturer = seat")
        c.emit("play", seat="seat", cards="[_str(card)]", taken="_card_names(taken)")
        with c.binding(player=Frag(src="seat", type=SEAT, atomic=True)):
            for bonus in step.bonuses:
                with w.at(bonus.when.span), w.indented(f"if {c.condition(bonus.when)}:"):
                    c.run(bonus.do)
                    c.emit("bonus", seat="seat", name=w.const(bonus.name))
    with w.indented("elif _len(a) == 2:"):
        w.line("table.append(card)")
        w.line("st.capture_kind = None")
        c.emit("play", seat="seat", cards="[_str(card)]", taken="[]")
    w.line("st.player = NOBODY")
    with c.binding(player=Frag(src="seat", type=SEAT, atomic=True)):
        c.steps(step.after_play)
    w.line(f"st.turn = {c.next_seat('seat')}")
    _turn(c, d, spec, empty)


BUILT = record_of({"cards": CARD_LIST, "owner": SEAT, "value": INT})     # a build, as its counter holds it


def build(st, spec: Spec, seat: int, card, on) -> None:
    """`card` laid on the table cards `on` (loose ones and whole builds): a build of their
    values' total, the seat's, replacing the builds it is laid on."""
    builds = list(st.cv[spec.builds] or [])
    used = [b for b in builds if any(c in on for c in b.cards)]
    built = {c for b in used for c in b.cards}
    value = spec.values[card] + sum(b.value for b in used) + sum(spec.values[t] for t in on if t not in built)
    st.zones[spec.table].append(card)
    st.cv[spec.builds] = [b for b in builds if b not in used] + \
        [Record(("cards", "owner", "value"), (list(on) + [card], seat, value))]
    st.capture_kind = "build"


def taken_builds(st, counter: int, taken) -> None:
    """The builds among the cards taken leave the table (a build is taken whole)."""
    builds = st.cv[counter]
    if builds:
        st.cv[counter] = [b for b in builds if not any(c in taken for c in b.cards)]


def capture_kind(st, spec: Spec, card, taken) -> str:
    """How `card` captured: 'rank' (one card of its rank), 'sum' (cards, or a build, whose
    values add up to its value: a build's value is its cards') or 'several' (more groups)."""
    if len(taken) == 1 and spec.ranks[taken[0]] == spec.ranks[card]:
        return "rank"
    return "sum" if sum(spec.values[t] or 0 for t in taken) == spec.values[card] else "several"


def _zone(c, name: Name | None, default: str, step) -> int:
    text = name.text if name is not None else default
    zone = c.zone(text)
    if zone is None or zone[0] != "shared":
        raise RuleError((name or step).span, f"'{text}' is not a zone of the table",
                        f"declare it: zones: {{{text}: {{visible: all}}}}")
    return zone[1]


# -- explain ------------------------------------------------------------------------------------

OPTIONAL = {True: "Capturing is optional: a card may always simply be laid.",
            False: "A card that can capture must capture; a card that cannot is laid on the table."}
HOOKS = (("after_play", "After every turn:"),)


def describe_captures(prose, step: Captures) -> list[Item]:
    w = prose.words
    table = step.table.text if step.table is not None else "table"
    text = (f"Players take turns, starting with {w.starting(step.first)} and passing to the {w.next_side}: "
            f"each lays one card from their hand on the {code(table)}, and may capture with it.")
    facts = [Item(_ways(step.rank, step.sum))]
    if step.sum:
        facts += _valueless(prose.rs.deck)
    if step.several:
        facts.append(Item("A card may take several such groups at once, no card in two (an 8 takes an 8 and a 5 "
                          "with a 3)."))
    if step.builds is not None:
        facts.append(Item(f"Instead of capturing, a player may **build**: lay a valued card on loose table cards "
                          f"and builds whose values, with its own, make the value of another card they hold; the "
                          f"build stays on the table as one, is the builder's until someone builds on it, and is "
                          f"taken whole by a card of its value. The builds are kept in {code(step.builds.text)}."))
    if step.prefer != "none":
        facts.append(Item(f"A card that can capture in several ways must take {PREFER_WORDS[step.prefer]}."))
    facts += [Item(OPTIONAL[step.optional]), _pile(prose, step.pile.text if step.pile is not None else "pile")]
    facts += _bonuses(prose, step.bonuses) + prose.hooks(step, HOOKS)
    return [Item(text, facts + [_refill(prose, step.refill)])]


def _ways(rank: bool, by_sum: bool) -> str:
    ways = (["one table card of the same rank"] if rank else []) + \
           (["two or more table cards whose capture values add up to its own"] if by_sum else [])
    return f"A card captures {joined(ways, 'or')}." if ways else "Cards never capture."


def _valueless(deck) -> list[Item]:
    none = [r for r in deck.order if r not in deck.values] if deck.values else []
    if not none:
        return []
    return [Item(f"{joined(none)} {plural(len(none), 'has', 'have')} no capture value: "
                 "captured only by rank, never part of a sum.")]


def _pile(prose, pile: str) -> Item:
    zone = prose.rs.zones.get(pile)
    whose = "the capturer's team's" if zone is not None and zone.owner == "team" else "the capturer's"
    return Item(f"The captured cards and the card that took them go to {whose} {code(pile)} zone.")


def _bonuses(prose, bonuses) -> list[Item]:
    if not bonuses:
        return []
    items = [Item(f"**{b.name}** when {code(b.when.text)}: {'; '.join(prose.words.statements(b.do))}.")
             for b in bonuses]
    return [Item("After each capture these bonuses are checked, and every one that applies is "
                 "paid (`played`, `captured` and `capture_kind` describe the capture):", items)]


def _refill(prose, steps) -> Item:
    refill = prose.nested(steps)
    if not refill:
        return Item("The play is over when the player to move has no cards.")
    return Item("When the player to move has no cards:", refill + [
        Item("If that gave them cards play goes on; otherwise the play is over.")], ordered=True)


BONUS = Construct("bonus", Bonus, (
    Key("name", Text(), REQUIRED, "the bonus's name, for the table", "the bonus's name for the log, e.g. name: sweep"),
    Key("when", Expression(CONDITION), REQUIRED, "when it is paid (`played`, `captured`, `capture_kind` are set)",
        "the condition, e.g. when: count(table) == 0"),
    Key("do", StatementsHolds(), REQUIRED, "what it pays (`player` is the capturer)",
        "what it pays, e.g. do: sweeps(player) += 1"),
), what="a bonus", doc="a bonus checked after each capture")

CAPTURES = StepKind("captures", Captures, "a fishing game's turns: play a card, maybe capture (§9)", keys=(
    Key("first", Expression(A_SEAT), None, "who plays first (default `next(dealer)`)"),
    Key("table", ZoneName(), None, "the shared zone played to (default `table`)"),
    Key("rank", Flag(), True, "a card captures one table card of the same rank"),
    Key("sum", Flag(), False, "or two or more valued table cards summing to the card's value"),
    Key("optional", Flag(), True, "the card may simply be laid even when it could capture"),
    Key("prefer", Word(PREFER, "capture priority", f"prefer is one of: {', '.join(PREFER)}", suggest=PREFER), "none",
        "which of a card's captures it must make: rank (a card of its own rank rather than a sum), sum, "
        "most (as many cards as it can), or none (any)"),
    Key("pile", ZoneName(), None, "where captured cards go: the capturer's (or the team's) zone (default `pile`)"),
    Key("several", Flag(), False, "a card may take several groups at once (each a card of its rank or cards "
        "adding up to its value), no card in two"),
    Key("builds", CounterName(), None, "players may build: a counter of the table that keeps the builds "
        "(records of cards, owner and value); a build is taken whole by a card of its value"),
    Key("bonuses", Items(BONUS), (), "checked after each capture, all that apply are paid"),
    Key("after_play", Steps(), (), "steps after every turn (`player` is the one who played)"),
    Key("refill", Steps(), (), "steps run when the player to move has no cards (a deal from the stock)"),
), compile=compile_captures, describe=describe_captures)
