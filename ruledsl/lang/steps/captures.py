"""`captures:` — fishing play: each turn lays one card and may capture by equal rank or by sum.

    first ─▶ the player to move holds cards? the play (a decision) ─▶ bonuses ─▶ after_play
          ─▶ the next seat …   no cards: refill steps, then play on if that gave some, else end

An action is (card, captured cards): `play 7C`, `play 7C take 7H`, `play 7C take 3D 4H`. The sum
captures of a whole hand are found in one search per decision (`captures_of`): the table's
valued cards sorted once, one table of reachable totals for every target, and a depth-first
search that only enters a branch that can still be completed — the work grows with the number
of captures found, however many cards lie on the table, and is capped (MAX_CAPTURES).
"""
from __future__ import annotations

import attrs

from ...errors import RuleError
from ...prose.document import Item
from ...prose.words import code, joined, plural
from ...expr.codegen import Frag
from ...expr.values import EvalError
from ...runtime import knowledge
from ...source import Span
from ..declare import REQUIRED, Construct, Expr, Expression, Flag, Items, Key, Name, Statements, \
    StatementsHolds, Step, StepKind, Steps, Text, Word, ZoneName
from ...expr.types import A_SEAT, CONDITION, SEAT
from .typed import card_problems, either, example, held_problems, typed_play

PREFER = ("none", "rank", "sum", "most")
MAX_CAPTURES = 10_000     # ways to capture offered in one turn; no real table comes near


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
    bonuses: tuple[Bonus, ...] = ()
    after_play: tuple = ()
    refill: tuple = ()


@attrs.frozen
class Spec:
    """What the runtime side of a captures step needs (and its one legality, `captures_of`)."""

    hand: int
    table: int
    rank: bool
    sum: bool
    optional: bool
    prefer: str
    ranks: tuple
    values: tuple
    span: object = attrs.field(eq=False)


# -- code ---------------------------------------------------------------------------------------

def compile_captures(step: Captures, c) -> None:
    w = c.w
    table = _zone(c, step.table, "table", step)
    pile_name = step.pile.text if step.pile is not None else "pile"
    pile = c.zone(pile_name)
    if pile is None or pile[0] == "shared":
        raise RuleError((step.pile or step).span, f"captures need a per-player or per-team "
                        f"zone for captured cards; '{pile_name}' is not one")
    spec = Spec(c.zone("hand")[1], table, step.rank, step.sum, step.optional, step.prefer, c.deck.rank_of,
                c.deck.values, step.span)
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
    w.line("card, taken = a")
    w.line("seat = st.turn")
    w.line(f"st.zones[{spec.hand} + seat].remove(card)")
    w.line(f"table = st.zones[{spec.table}]")
    w.line("st.played, st.captured = card, taken")
    with w.indented("if taken:"):
        with w.indented("for t in taken:"):
            w.line("table.remove(t)")
        owner = f"{w.const(c.layout.team_of)}[seat]" if pile[0] == "team" else "seat"
        w.line(f"st.zones[{pile[1]} + {owner}] += (card,) + taken")
        if c.ruleset.zones[step.pile.text if step.pile is not None else "pile"].visible != "all":     # laid face up, taken from the table
            w.line(f"{w.const(knowledge.show)}(st, (card,) + taken)")
        ranks = w.const(spec.ranks)
        w.line(f"st.capture_kind = 'rank' if _len(taken) == 1 and {ranks}[taken[0]] == {ranks}[card] else 'sum'")
        w.line("st.last_capturer = seat")
        c.emit("play", seat="seat", cards="[_str(card)]", taken="_card_names(taken)")
        with c.binding(player=Frag(src="seat", type=SEAT, atomic=True)):
            for bonus in step.bonuses:
                with w.at(bonus.when.span), w.indented(f"if {c.condition(bonus.when)}:"):
                    c.run(bonus.do)
                    c.emit("bonus", seat="seat", name=w.const(bonus.name))
    with w.indented("else:"):
        w.line("table.append(card)")
        w.line("st.capture_kind = None")
        c.emit("play", seat="seat", cards="[_str(card)]", taken="[]")
    w.line("st.player = NOBODY")
    with c.binding(player=Frag(src="seat", type=SEAT, atomic=True)):
        c.steps(step.after_play)
    w.line(f"st.turn = {c.next_seat('seat')}")
    _turn(c, d, spec, empty)


def _zone(c, name: Name | None, default: str, step) -> int:
    text = name.text if name is not None else default
    zone = c.zone(text)
    if zone is None or zone[0] != "shared":
        raise RuleError((name or step).span, f"'{text}' is not a zone of the table",
                        f"declare it: zones: {{{text}: {{visible: all}}}}")
    return zone[1]


def captures_of(st, spec: Spec, explain: bool) -> list:
    """The plays of the player to move: each card with every capture it makes, and without one
    where laying is allowed. With `explain`: every candidate with None or the rule excluding it
    (a card that must capture may not be simply laid)."""
    table = st.zones[spec.table]
    hand = st.zones[spec.hand + st.turn]
    ranks, values = spec.ranks, spec.values
    sums = _sum_captures(table, values, {values[c] for c in hand}, spec.span) if spec.sum else {}
    same_rank: dict = {}                     # rank -> the table's cards of that rank, one each
    if spec.rank:
        for t in table:
            if ranks[t] in same_rank:
                same_rank[ranks[t]].append((t,))
            else:
                same_rank[ranks[t]] = [(t,)]
    out: list = []
    prefer = spec.prefer if spec.prefer != "none" else None
    optional = spec.optional
    for card in hand:
        by_rank, by_sum = same_rank.get(ranks[card]), sums.get(values[card])
        takes = by_rank + by_sum if by_rank and by_sum else by_rank or by_sum     # read, never changed
        if not takes:
            out.append(((card, ()), None) if explain else (card, ()))
            continue
        if prefer and len(takes) > 1:
            takes, passed = _preferred(takes, card, ranks, prefer)
            if explain:
                reason = f"{card} must take {PREFER_WORDS[prefer]}: play {card} take " + \
                    " or ".join(" ".join(str(t) for t in take) for take in takes)
                out += [((card, t), reason) for t in passed]
        if optional:
            out.append(((card, ()), None) if explain else (card, ()))
        elif explain:
            out.append(((card, ()), f"you must capture when you can: {card} can take "
                                    f"{' '.join(str(t) for t in takes[0])}"))
        out += [((card, t), None) for t in takes] if explain else [(card, t) for t in takes]
        if len(out) > MAX_CAPTURES:
            raise EvalError(f"more than {MAX_CAPTURES:,} ways to capture at once", spec.span,
                            "the table holds too many cards that add up: lower the capture values")
    return out


PREFER_WORDS = {"rank": "a card of its own rank rather than a sum", "sum": "a sum rather than a card of its own rank",
                "most": "as many cards as it can"}


def _preferred(takes: list, card, ranks, prefer: str) -> tuple[list, list]:
    """The captures `prefer` ranks first, and those it passes over."""
    if prefer == "most":
        most = max(len(t) for t in takes)
        return [t for t in takes if len(t) == most], [t for t in takes if len(t) < most]
    by_rank = [t for t in takes if len(t) == 1 and ranks[t[0]] == ranks[card]]
    chosen = by_rank if prefer == "rank" else [t for t in takes if t not in by_rank]
    if not chosen:
        return takes, []
    return chosen, [t for t in takes if t not in chosen]


def _sum_captures(table, values, targets, span) -> dict:
    """For each target value: every set of two or more table cards whose values add up to it,
    in canonical order (by value, then card: the text never depends on the order cards were laid).

    One pass for all the targets: reach[i] is a bit mask of the totals that some subset of
    cards[i:] makes (bit k: total k), so the search never enters a branch that cannot be
    completed."""
    wanted = [t for t in targets if isinstance(t, int) and t > 0]
    if not wanted:
        return {}
    cards = sorted(t for t in table if values[t] is not None)
    cards.sort(key=values.__getitem__)       # stable: by value, then card
    vals = [values[c] for c in cards]
    n, full = len(cards), (1 << (max(wanted) + 1)) - 1
    reach = [1] * (n + 1)
    for i in range(n - 1, -1, -1):
        reach[i] = reach[i + 1] | ((reach[i + 1] << vals[i]) & full)
    found: dict = {}
    for target in wanted:
        out: list = []
        found[target] = out
        if reach[0] >> target & 1:
            for i in range(n):               # the first card, less than the target: others make up the rest
                v = vals[i]
                if v >= target:
                    break
                if reach[i + 1] >> (target - v) & 1:
                    _search(cards, vals, reach, i + 1, target - v, (cards[i],), out, span)
    return found


def _search(cards, vals, reach, start, rest, chosen, out, span) -> None:
    for i in range(start, len(cards)):
        v = vals[i]
        if v > rest:
            break
        if v == rest:
            out.append(chosen + (cards[i],))
            if len(out) > MAX_CAPTURES:
                raise EvalError(f"more than {MAX_CAPTURES:,} ways to capture at once", span,
                                "the table holds too many cards that add up: lower the capture values")
        elif reach[i + 1] >> (rest - v) & 1:
            _search(cards, vals, reach, i + 1, rest - v, chosen + (cards[i],), out, span)


# -- the runtime side ---------------------------------------------------------------------------

class Capturing:
    """What the State asks of a captures step's decision besides its generated functions."""

    @staticmethod
    def text(st, d, action) -> str:
        card, taken = action
        return f"play {card}" + (" take " + " ".join(str(t) for t in taken) if taken else "")

    @staticmethod
    def describe(st, d) -> str:
        return "play a card (and capture)"

    @staticmethod
    def vocabulary(d) -> tuple:
        return ()                # cards only

    @staticmethod
    def spell(st, d, action) -> tuple:
        """The card played, then the cards taken one at a time (runtime/indices.py)."""
        card, taken = action
        return (card,) + tuple(sorted(taken))

    @staticmethod
    def why_not(st, d, action) -> str | None:
        spec = d.spec
        if isinstance(action, str):
            rest, problem = typed_play(st, action, Capturing.describe(st, d), allowed=("take",))
            if problem:
                return problem
            split = next((i for i, (k, v) in enumerate(rest) if k == "word"), len(rest))
            played = [v for _, v in rest[:split]]
            taken = [v for k, v in rest[split + 1:] if k == "card"]
            if split < len(rest) and not taken:
                return f"name the table cards to take after 'take', e.g. '{example(st, lambda t: ' take ' in t)}'"
        else:
            played, taken = [action[0]], list(action[1])
        if len(played) > 1:
            return "play one card a turn; to capture write e.g. 'play 7C take 7H'"
        problem = held_problems(st, st.zones[spec.hand + st.turn], played)
        if problem:
            return problem
        card, table = played[0], st.zones[spec.table]
        if not taken:
            reasons = dict(st.prog.explain[d.id](st))
            return reasons.get((card, ())) or "that play is not allowed now"
        problem = card_problems(st, list(taken), table, _not_on_table)
        if problem:
            return problem
        passed = next((why for (c, t), why in st.prog.explain[d.id](st) if c == card and set(t) == set(taken)), None)
        return passed or _shape(st, spec, card, taken)


def _shape(st, spec: Spec, card, taken) -> str:
    """Why cards on the table do not make a capture for `card`, from the capture settings."""
    ranks, values = spec.ranks, spec.values
    if len(taken) == 1 and ranks[taken[0]] == ranks[card]:
        if not spec.rank:
            return "a card captures only by sum here, never one card of the same rank"
        return "that capture is not allowed now"
    if values[card] is None:
        if spec.rank:
            return f"{_unvalued_rule(st.prog.deck)}: {card} can take only a {ranks[card]}"
        return f"{card} has no capture value: it cannot capture"
    if len(taken) == 1:
        if spec.rank and spec.sum:
            return f"one card is taken only by a card of the same rank: {card} can take a {ranks[card]}, " \
                   f"or two or more cards adding up to {values[card]}"
        if spec.rank:
            return f"a card captures only a card of the same rank: {card} can take a {ranks[card]}"
        return f"a capture by sum takes two or more cards adding up to {values[card]}"
    if not spec.sum:
        return f"a card captures only one card of the same rank: {card} can take a {ranks[card]}"
    unvalued = [str(t) for t in taken if values[t] is None]
    if unvalued:
        return f"{either(unvalued, 'and')} {'has' if len(unvalued) == 1 else 'have'} no capture value: " \
               f"{'it is' if len(unvalued) == 1 else 'they are'} never part of a sum"
    total = sum(values[t] for t in taken)
    if total != values[card]:
        return f"the cards taken must add up to {values[card]}: {' '.join(str(t) for t in taken)} make {total}"
    return "that capture is not allowed now"


def _not_on_table(cards) -> str:
    return f"{either(cards, 'and')} {'is' if len(cards) == 1 else 'are'} not on the table"


def _unvalued_rule(deck) -> str:
    """How the deck's cards without a capture value capture, in the words a player knows."""
    unvalued = [r for r in deck.order if all(deck.values[c] is None for c in deck.cards if deck.rank_of[c] == r)]
    if set(unvalued) == {"K", "Q", "J"}:
        return "courts capture only a court of the same rank"
    return f"{either(unvalued)} have no capture value: they capture only a card of the same rank"


CAPTURING = Capturing()


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
    Key("bonuses", Items(BONUS), (), "checked after each capture, all that apply are paid"),
    Key("after_play", Steps(), (), "steps after every turn (`player` is the one who played)"),
    Key("refill", Steps(), (), "steps run when the player to move has no cards (a deal from the stock)"),
), compile=compile_captures, describe=describe_captures)
