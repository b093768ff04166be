"""Values, settings and expressions as words.

Numbers and lists read as prose ("two", "aces, kings and queens", "10 2/3"); expressions are shown
as written (`floor(points(won(p)))`), except for a few common shapes that `Words` reads as words
("the player to the dealer's right", "each player `p` in the match").
"""
from __future__ import annotations

import re
from fractions import Fraction

from ..expr import parse_expression
from ..expr.ast import Assign, Call, Comprehension, ListExpr, Literal, Move, Name, Reveal, Shuffle

NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
                "eleven", "twelve")
RANK_PLURALS = {"A": "aces", "K": "kings", "Q": "queens", "J": "jacks"}
VISIBLE = {"owner": "its owner", "all": "everyone", "nobody": "nobody"}
SEAT_WORDS = {"dealer": ("the dealer", "the dealer's"), "leader": ("the leader", "the leader's"),
              "winner": ("the winner of the last trick", "the last trick winner's"),
              "player": ("the player", "the player's"),
              "last_capturer": ("the last player to capture", "the last capturer's")}
GROUPS = {"active": "each player {var} in the match", "seats": "each seat {var}", "teams()": "each team {var}"}
AROUND = {"others": "each player {var} other than {seat}", "opponents": "each opponent {var} of {seat}",
          "order": "each player {var} in play order from {seat}"}
EVERYONE = {"active": "the players still in the match", "seats": "every player"}


# -- numbers, lists, values -----------------------------------------------------------------------

def code(text) -> str:
    return f"`{' '.join(str(text).split())}`"


def num(value) -> str:
    if isinstance(value, Fraction) and value.denominator != 1:
        whole, rest = divmod(value.numerator, value.denominator)
        return f"{whole} {rest}/{value.denominator}" if whole else f"{rest}/{value.denominator}"
    return str(int(value)) if isinstance(value, Fraction) else str(value)


def number_word(n: int) -> str:
    return NUMBER_WORDS[n] if 0 <= n < len(NUMBER_WORDS) else str(n)


def joined(items, word="and") -> str:
    items = [str(i) for i in items]
    if not items:
        return ""
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} {word} {items[-1]}"


def plural(n, one, many=None) -> str:
    return one if n == 1 else (many or one + "s")


def cap(text: str) -> str:
    return text[:1].upper() + text[1:] if text else text


def uncap(text: str) -> str:
    return text[:1].lower() + text[1:]


def rank_plural(rank: str) -> str:
    return RANK_PLURALS.get(rank, rank + "s")


def option_text(value) -> str:
    if hasattr(value, "tree"):            # a default that follows other options
        return code(value.text)
    if isinstance(value, bool):
        return "true" if value else "false"
    return num(value) if isinstance(value, (int, Fraction)) else str(value)


def allowed(o) -> str:
    """The values an option accepts, in words."""
    if o.choices:
        return ", ".join(option_text(c) for c in o.choices)
    if isinstance(o.default, bool):
        return "true, false"
    if o.min is not None and o.max is not None:
        return f"{num(o.min)} to {num(o.max)}"
    if o.min is not None:
        return f"{num(o.min)} or more"
    if o.max is not None:
        return f"up to {num(o.max)}"
    return "any value"


# -- settings as written --------------------------------------------------------------------------

def literal_int(e) -> int | None:
    """The whole number an expression is, if it is just one (`5`, not `40 // players`)."""
    if e is not None and isinstance(e.tree, Literal) and type(e.tree.value) is int and \
            re.fullmatch(r"\s*\d+\s*", e.text):
        return e.tree.value
    return None


def cards(node) -> str:
    """A number of cards: "1 card", "5 cards", "`40 // players` cards"."""
    n = literal_int(node)
    return f"{n} {plural(n, 'card')}" if n is not None else f"{code(node.text)} cards"


# -- expressions ----------------------------------------------------------------------------------

def _nowhere(offset, width=1):
    return None


def parsed(text: str):
    """The syntax tree of an expression, or None if it does not parse."""
    try:
        return parse_expression(text, _nowhere)
    except Exception:
        return None


def _part(text: str, node) -> str:
    return text[node.offset:node.offset + node.width]


class Words:
    """Turns common expression shapes into words; anything else stays code."""

    def __init__(self, direction: str, alone: bool = False):
        self.next_side = "left" if direction == "clockwise" else "right"
        self.prev_side = "right" if direction == "clockwise" else "left"
        self.alone = alone              # a game of one player: seat 0 is "the player"

    def seat(self, text: str) -> str:
        t = " ".join(text.split())
        if self.alone and t == "0":
            return "the player"
        if t in SEAT_WORDS:
            return SEAT_WORDS[t][0]
        m = re.fullmatch(r"(left|right|next|prev|partner)\((\w+)\)", t)
        if m and m.group(2) in SEAT_WORDS:
            whose = SEAT_WORDS[m.group(2)][1]
            rel = {"next": self.next_side, "prev": self.prev_side}.get(m.group(1), m.group(1))
            return f"{whose} partner" if rel == "partner" else f"the player to {whose} {rel}"
        return code(t)

    def seats(self, text: str) -> str:
        """A seat or a list of seats: `[partner(dealer), dealer]` → "… and the dealer"."""
        tree = parsed(text)
        if isinstance(tree, ListExpr):
            parts = [self.seat(_part(text, item)) for item in tree.items]
            if all(not p.startswith("`") for p in parts):
                return joined(parts) + ", in that order"
        return self.seat(text)

    def starting(self, node) -> str:
        """Who starts (a `first:` or `leader:`): by default the player to the dealer's next side."""
        return self.seat(node.text) if node is not None else f"the player to the dealer's {self.next_side}"

    def group(self, var: str, seq: str, cond: str | None = None) -> str:
        """`p in others(winner) if c` → "each player `p` other than the winner … where `c`"."""
        s = " ".join(seq.split())
        m = re.fullmatch(r"(others|opponents|order)\((.+)\)", s)
        if s in GROUPS:
            out = GROUPS[s].format(var=code(var))
        elif m:
            out = AROUND[m.group(1)].format(var=code(var), seat=self.seat(m.group(2)))
        else:
            out = f"each {code(var)} in {code(s)}"
        return out + (f" where {code(cond)}" if cond else "")

    def players(self, text: str) -> str:
        """Who an `eliminate`/`end_match` names: `[p for p in active if c]` → "every player with c"."""
        t = " ".join(text.split())
        if t in EVERYONE:
            return EVERYONE[t]
        tree = parsed(t)
        described = _best(t, tree) or _every(t, tree)
        if described:
            return described
        if t.startswith("[") or "(" in t:
            return f"the players {code(t)}"
        return self.seat(t)

    def statements(self, stmts) -> list[str]:
        """Each statement of a `do:` (one text with `;`, or a list of them) as words."""
        return [self.statement(part.text, node) for part in stmts.parts for node in part.tree]

    def statement(self, text: str, node) -> str:
        said = self._seat_change(text, node)
        if said:
            return said
        said = _action(text, node)
        if said is None:
            return code(_part(text, node))
        if node.loop is None:
            return said
        cond = _part(text, node.loop.cond) if node.loop.cond is not None else None
        return said + f", for {self.group(node.loop.var, _part(text, node.loop.seq), cond)}"

    def _seat_change(self, text: str, node) -> str | None:
        """`dealer = right(dealer)` → "the deal passes to the player to the dealer's right"."""
        if not (isinstance(node, Assign) and node.op == "=" and node.loop is None
                and _part(text, node.target) in ("dealer", "leader")):
            return None
        seat = self.seat(_part(text, node.value))
        if seat.startswith("`"):
            return None
        return f"the deal passes to {seat}" if node.target.name == "dealer" else f"{seat} becomes the leader"


def _action(text: str, node) -> str | None:
    """An assignment, a move, a reveal or a shuffle as words (None for any other statement)."""
    if isinstance(node, Assign):
        target, value = code(_part(text, node.target)), code(_part(text, node.value))
        verb = {"=": f"set {target} to {value}", "+=": f"add {value} to {target}",
                "-=": f"subtract {value} from {target}", "*=": f"multiply {target} by {value}"}
        return verb.get(node.op, code(_part(text, node)))
    if isinstance(node, Move):
        return f"move {code(_part(text, node.cards))} to {code(_part(text, node.zone))}"
    if isinstance(node, Reveal):
        if node.to is not None:
            return f"show {code(_part(text, node.cards))} to {code(_part(text, node.to))} (the card stays where it is)"
        return f"show {code(_part(text, node.cards))} to everyone (the card stays where it is)"
    if isinstance(node, Shuffle):
        return f"shuffle {code(_part(text, node.zone))} (nobody knows the order of its cards afterwards)"
    return None


def _best(t: str, tree) -> str | None:
    """`argmax(score(p) for p in active)` → "the players with the highest `score(p)` …"."""
    if not (isinstance(tree, Call) and tree.name in ("argmax", "argmin") and len(tree.args) == 1
            and isinstance(tree.args[0], Comprehension) and _part(t, tree.args[0].loop.seq) in EVERYONE):
        return None
    gen = tree.args[0]
    most = "highest" if tree.name == "argmax" else "lowest"
    among = " among those still in the match" if _part(t, gen.loop.seq) == "active" else ""
    return f"the players with the {most} {code(_part(t, gen.element))}{among} (all who tie for it)"


def _every(t: str, tree) -> str | None:
    """`[p for p in active if c]` → "every player `p` with `c`"."""
    if not (isinstance(tree, Comprehension) and isinstance(tree.element, Name)
            and tree.element.name == tree.loop.var and _part(t, tree.loop.seq) in EVERYONE):
        return None
    where = _part(t, tree.loop.cond) if tree.loop.cond is not None else None
    return f"every player {code(tree.loop.var)}" + (f" with {code(where)}" if where else "")
