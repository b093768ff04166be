"""A rule file's expressions as words a player reads: why a move is not offered, a rule's label
in an analysis. The rulebook (rulebook.py) shows an author's expressions as written; what a player
is told never is (`draw` "is offered only when drawn is empty and (owed is more than 0, the
“draw when able” option is on or you cannot play)", not `drawn == [] and (owed > 0 or …)`).

Every shape of the language has its words, so nothing of the source shows through: comparisons
("is at least", "is in"), and/or/not, arithmetic ("plus", "divided by, rounded down"), a seat
("the player to the dealer's left", "you" for `player`), a counter or zone of a seat ("your
calls", "p's hand"), the built-ins ("the number of", "the highest of"), loops ("for every p in
the players still in the match"); a name of the file is its words (`draw_when_able` → "draw when
able"), a function of the file its words and its arguments' ("fits (7♥)"). A choice's value may
be left as `{}` to fill in at play time (`Spoken(…, value="c")`).
"""
from __future__ import annotations

from ..expr import ast
from .words import SEAT_WORDS, Words, joined, num, parsed

COMPARE = {"==": "is", "!=": "is not", "<": "is less than", "<=": "is at most", ">": "is more than",
           ">=": "is at least", "in": "is in", "not in": "is not in"}
NEGATED = {"==": "!=", "!=": "==", "<": ">=", "<=": ">", ">": "<=", ">=": "<", "in": "not in", "not in": "in"}
ARITHMETIC = {"+": "plus", "-": "minus", "*": "times", "/": "divided by", "//": "divided by, rounded down,",
              "%": "modulo"}
NAMES = {"trick": "the trick", "active": "the players still in the match", "seats": "the seats",
         "players": "the number of players", "trick_number": "the trick's number", "hand_number": "the hand's number",
         "tricks_played": "the tricks played", "played": "the cards played", "out": "the players out",
         "suits": "the suits", "captured": "the cards captured", "trick_winners": "the tricks' winners"}
OF = {"len": "the number of", "count": "the number of", "sum": "the total of", "max": "the highest of",
      "min": "the lowest of", "first": "the first of", "last": "the last of", "suit": "the suit of",
      "rank": "the rank of", "points": "the points of", "value": "the value of", "power": "the strength of",
      "sorted": "", "reversed": "", "unique": "", "suits_of": "the suits of", "team": "the team of",
      "members": "the players of", "partner": "the partner of", "name": ""}
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
POSSESSIVE = {"you": "your"}


class Spoken:
    """Expressions of one rule file in words. `player`: how the seat `player` is called (the
    seat asked, told why: "you"); `value`: the name of a choice's value, written `{}` for the
    caller to fill in."""

    def __init__(self, ruleset, player: str = "the player", value: str | None = None):
        self.ruleset, self.player, self.value = ruleset, player, value
        self.seat_words = Words(ruleset.direction)
        self.owned = {name: spec.per for name, spec in ruleset.counters.items() if spec.per in ("player", "team")}
        self.owned.update({name: spec.owner for name, spec in ruleset.zones.items() if spec.owner in ("player", "team")})
        self.shared = {name for name, spec in ruleset.zones.items() if spec.owner == "shared"}

    def __call__(self, text: str, tree=None) -> str:
        """The condition `text` (or its node `tree`, a part of it) in words."""
        tree = parsed(text) if tree is None else tree
        return "a condition of the rules" if tree is None else self.condition(text, tree)

    def words(self, text: str, node) -> str:
        method = getattr(self, "_" + type(node).__name__.lower(), None)
        return method(text, node) if method else "a condition of the rules"

    def condition(self, text: str, node, holds: bool = True) -> str:
        """`node` where a yes or no is meant: a bare name, option or call says which ("drawn is
        true", "the “stakes” option is on")."""
        if isinstance(node, ast.BoolOp):
            return self._boolop(text, node)
        if isinstance(node, ast.Unary) and node.op == "not":
            return self.condition(text, node.operand, not holds)
        if isinstance(node, ast.Compare):
            return self._compare(text, node, negate=not holds)
        if isinstance(node, ast.Option):
            return f"{self.words(text, node)} is {'on' if holds else 'off'}"
        if isinstance(node, ast.Call) and (node.name == "holds" or node.name in ("any", "all") and node.args
                                           and isinstance(node.args[0], ast.Comprehension)):
            said = self.words(text, node)            # a statement already: "…for some p in …"
            return said if holds else f"it is not so that {said}"
        if isinstance(node, (ast.Name, ast.Call, ast.Index)):
            return f"{self.words(text, node)} is {'true' if holds else 'false'}"
        said = self.words(text, node)
        return said if holds else f"not ({said})"

    # -- leaves -----------------------------------------------------------------------------------

    def _literal(self, text, node) -> str:
        v = node.value
        if v is True or v is False:
            return "true" if v else "false"
        if v is None:
            return "none"
        if isinstance(v, str):
            return f"“{v}”"
        return num(v)

    def _cardlit(self, text, node) -> str:
        return node.text

    def _suitlit(self, text, node) -> str:
        deck = self.ruleset.deck
        return deck.cards_of.suit_name(node.text) if deck.pack == "written" else SUIT_NAMES.get(node.text, node.text)

    def _name(self, text, node) -> str:
        if node.name == self.value:
            return "{}"
        if node.name == "player":
            return self.player
        if node.name in self.shared:
            return "the " + node.name.replace("_", " ")
        if node.name in NAMES:
            return NAMES[node.name]
        if node.name in SEAT_WORDS:
            return SEAT_WORDS[node.name][0]
        return node.name.replace("_", " ")

    def _badword(self, text, node) -> str:
        return node.text

    def _option(self, text, node) -> str:
        return f"the “{node.name.replace('_', ' ')}” option"

    def _listexpr(self, text, node) -> str:
        return joined([self.words(text, item) for item in node.items]) if node.items else "nothing"

    # -- operators --------------------------------------------------------------------------------

    def _unary(self, text, node) -> str:
        if node.op == "-":
            return f"minus {self.words(text, node.operand)}"
        return self.condition(text, node.operand, holds=False)

    def _binary(self, text, node) -> str:
        return f"{self.words(text, node.left)} {ARITHMETIC[node.op]} {self.words(text, node.right)}"

    def _boolop(self, text, node) -> str:
        parts = []
        for side in (node.left, node.right):
            said = self.condition(text, side)
            same = isinstance(side, ast.BoolOp) and side.op == node.op
            parts.append(said if same or not isinstance(side, ast.BoolOp) else f"({said})")
        return f" {node.op} ".join(parts)

    def _compare(self, text, node, negate: bool = False) -> str:
        out = self.words(text, node.operands[0])
        for op, right in zip(node.ops, node.operands[1:]):
            op = NEGATED[op] if negate else op
            if isinstance(right, ast.ListExpr) and not right.items and op in ("==", "!="):
                out += " is empty" if op == "==" else " is not empty"
            elif isinstance(right, ast.Literal) and right.value is None and op in ("==", "!="):
                out += " is not set" if op == "==" else " is set"
            else:
                out += f" {COMPARE[op]} {self.words(text, right)}"
        return out

    def _ifelse(self, text, node) -> str:
        return f"{self.words(text, node.then)} if {self.words(text, node.cond)}, else {self.words(text, node.orelse)}"

    def _index(self, text, node) -> str:
        of = self.words(text, node.value)
        index = node.index
        if isinstance(index, ast.Unary) and index.op == "-" and isinstance(index.operand, ast.Literal):
            index = ast.Literal(offset=index.offset, width=index.width, value=-index.operand.value)
        if isinstance(index, ast.Literal) and type(index.value) is int:
            k = index.value
            place = {0: "first", 1: "second", 2: "third", -1: "last"}.get(k)
            if place:
                return f"the {place} of {of}"
        return f"item {self.words(text, node.index)} of {of}"

    # -- calls and loops --------------------------------------------------------------------------

    def _call(self, text, node) -> str:
        name, args = node.name, node.args
        said = [self.words(text, a) for a in args]
        if len(args) == 1 and isinstance(args[0], ast.Comprehension) and args[0].generator:
            return self._over(text, name, args[0])
        if name in ("left", "right", "next", "prev", "partner") and len(args) == 1:
            seat = self.seat_words.seat(" ".join(text[node.offset:node.offset + node.width].split()))
            if not seat.startswith("`"):
                return seat
            side = {"next": self.seat_words.next_side, "prev": self.seat_words.prev_side}.get(name, name)
            return f"{_possessive(said[0])} partner" if name == "partner" else \
                f"the player to {_possessive(said[0])} {side}"
        if name in self.owned and len(args) == 1:
            whose = said[0]
            if isinstance(args[0], ast.Literal) and type(args[0].value) is int:     # team 0, seat 2
                k = args[0].value
                whose = f"team {k + 1}" if self.owned[name] == "team" else f"player {chr(ord('A') + k)}"
            return f"{_possessive(whose)} {name.replace('_', ' ')}"
        if name in ("len", "count") and len(args) == 1 and _zone_like(args[0], self):
            return f"the number of cards in {said[0]}"
        if name == "holds" and len(args) == 2:
            return f"{said[0]} holds {said[1]}"
        if name in OF and len(args) == 1:
            return f"{OF[name]} {said[0]}".strip()
        if name in ("argmax", "argmin") and len(args) == 1:
            return f"the {'highest' if name == 'argmax' else 'lowest'} of {said[0]}"
        return f"{name.replace('_', ' ')} ({', '.join(said)})" if said else name.replace("_", " ")

    def _over(self, text, name: str, gen) -> str:
        """A built-in over a generator: any(…), all(…), max(…), count(…), …"""
        loop = self._loop(text, gen.loop)
        element = self.words(text, gen.element)
        if name == "any":
            return f"{element} for some {loop}"
        if name == "all":
            return f"{element} for every {loop}"
        if name in ("argmax", "argmin"):
            return f"the players with the {'highest' if name == 'argmax' else 'lowest'} {element}, of {loop}"
        if name == "count":
            return f"the number of {loop}"
        return f"{OF.get(name, name.replace('_', ' '))} {element} for each {loop}".strip()

    def _loop(self, text, loop) -> str:
        out = f"{loop.var} in {self.words(text, loop.seq)}"
        return out + (f" where {self.words(text, loop.cond)}" if loop.cond is not None else "")

    def _comprehension(self, text, node) -> str:
        element = self.words(text, node.element)
        return f"{element} for each {self._loop(text, node.loop)}"


def _zone_like(node, spoken) -> bool:
    """Whether `node` names a zone (whose count is of cards)."""
    name = node.name if isinstance(node, (ast.Name, ast.Call)) else None
    return name in spoken.shared or (name in spoken.owned and name in spoken.ruleset.zones)


def _possessive(who: str) -> str:
    if who in POSSESSIVE:
        return POSSESSIVE[who]
    return who + ("'" if who.endswith("s") else "'s")


def label(ruleset, template) -> str:
    """A `say:` text (a Template) as a label of the rule a person reads, the same each time it
    fires: a seat it names in words ("the winner of the last trick has won…"), any other
    `{expression}` (a number, cards: what changes from one time to the next) as "…"."""
    spoken = Spoken(ruleset)
    out = []
    for part in template.parts:
        if isinstance(part, str):
            out.append(part)
            continue
        tree = part.tree
        if isinstance(tree, ast.Call) and tree.name == "name" and len(tree.args) == 1:
            tree = tree.args[0]
        seat = isinstance(tree, ast.Name) and (tree.name == "player" or tree.name in SEAT_WORDS) or \
            isinstance(tree, ast.Call) and tree.name in ("left", "right", "next", "prev", "partner")
        out.append(spoken.words(part.text, tree) if seat else "…")
    return "".join(out)
