"""`ruledsl explain`: a rule file written out as rules a person reads.

The rulebook is generated from the model (`Ruleset`, its steps and their keys), never from text
written per game: players and seating, the deck with its rank, point and value tables, the table's
zones and the counters kept, the deal, the play, the scoring, the match, and the options with
their defaults. Expressions are shown as written (`floor(points(won(p)))`); a few common shapes
read as words ("the player to the dealer's right", "each player `p` in the match").

For a variant (a file with `extends:`) a last section lists what it changes: the merged ruleset
is compared with its base's, item by item and step by step.

The text is built as a few kinds of blocks (headings, paragraphs, lists, tables) and rendered as
Markdown or as plain text.
"""
from __future__ import annotations

import difflib
import re
import textwrap
from fractions import Fraction

import attrs

from .engine.cards import PACKS, SUIT_SYMBOLS, SUITS
from .errors import Collector
from .loader import load, read_steps
from .model import Ruleset, Step
from .yamlnodes import Map, Scalar, Seq

PACK_NAMES = {"french-52": "the French 52-card pack"}
RANK_PLURALS = {"A": "aces", "K": "kings", "Q": "queens", "J": "jacks"}
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
                "eleven", "twelve")
SEAT_WORDS = {"dealer": ("the dealer", "the dealer's"), "leader": ("the leader", "the leader's"),
              "winner": ("the winner of the last trick", "the last trick winner's"),
              "player": ("the player", "the player's"),
              "last_capturer": ("the last player to capture", "the last capturer's")}
VISIBLE = {"owner": "its owner", "all": "everyone", "nobody": "nobody"}


# -- blocks -------------------------------------------------------------------------------------

@attrs.define
class Item:
    text: str
    children: list = attrs.Factory(list)
    ordered: bool = False          # are the children numbered (steps) or bulleted (facts)?


@attrs.define
class Heading:
    level: int
    text: str


@attrs.define
class Para:
    text: str


@attrs.define
class List:
    items: list
    ordered: bool = False
    start: int = 1                 # the first number of an ordered list


@attrs.define
class Table:
    header: tuple
    rows: list


# -- the public face ----------------------------------------------------------------------------

def base_shown(rs: Ruleset) -> str:
    """The base file as the variant names it (relative to the variant), whatever the working directory."""
    import os
    return os.path.relpath(rs.base, os.path.dirname(rs.path) or ".")


def explain(ruleset: Ruleset, fmt: str = "md") -> str:
    """The rulebook of `ruleset` as Markdown (`md`) or plain text (`text`)."""
    blocks = Rulebook(ruleset).blocks()
    if ruleset.base:
        base = load(ruleset.base)
        blocks += differences(base, ruleset)
    return render_md(blocks) if fmt == "md" else render_text(blocks)


# -- words ----------------------------------------------------------------------------------------

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


def literal_int(node) -> int | None:
    """The whole number a scalar holds, if it is just one (`5`, not `40 // players`)."""
    if isinstance(node, Scalar) and re.fullmatch(r"\s*\d+\s*", node.text):
        return int(node.text)
    return None


def option_text(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return num(value) if isinstance(value, (int, Fraction)) else str(value)


def rank_plural(rank: str) -> str:
    return RANK_PLURALS.get(rank, rank + "s")


def _parse(text: str):
    from .expr import parse_expression
    try:
        return parse_expression(text, lambda offset, width=1: None)
    except Exception:
        return None


def _part(text: str, node) -> str:
    return text[node.offset:node.offset + node.width]


# -- seats, players, loops as words ---------------------------------------------------------

class Words:
    """Turns common expression shapes into words; anything else stays code."""

    def __init__(self, direction: str):
        self.next_side = "left" if direction == "clockwise" else "right"
        self.prev_side = "right" if direction == "clockwise" else "left"

    def seat(self, text: str) -> str:
        t = " ".join(text.split())
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
        tree = _parse(text)
        from .expr.ast import ListExpr
        if isinstance(tree, ListExpr):
            parts = [self.seat(_part(text, item)) for item in tree.items]
            if all(not p.startswith("`") for p in parts):
                return joined(parts) + ", in that order"
        return self.seat(text)

    def group(self, var: str, seq: str, cond: str | None = None) -> str:
        """`p in others(winner) if c` → "each player `p` other than the winner … where `c`"."""
        s = " ".join(seq.split())
        m = re.fullmatch(r"(others|opponents|order)\((.+)\)", s)
        if s == "active":
            out = f"each player {code(var)} in the match"
        elif s == "seats":
            out = f"each seat {code(var)}"
        elif s == "teams()":
            out = f"each team {code(var)}"
        elif m and m.group(1) == "others":
            out = f"each player {code(var)} other than {self.seat(m.group(2))}"
        elif m and m.group(1) == "opponents":
            out = f"each opponent {code(var)} of {self.seat(m.group(2))}"
        elif m:
            out = f"each player {code(var)} in play order from {self.seat(m.group(2))}"
        else:
            out = f"each {code(var)} in {code(s)}"
        return out + (f" where {code(cond)}" if cond else "")

    def players(self, text: str) -> str:
        """Who an `eliminate`/`end_match` names: `[p for p in active if c]` → "every player with c"."""
        t = " ".join(text.split())
        if t == "active":
            return "the players still in the match"
        if t == "seats":
            return "every player"
        tree = _parse(t)
        from .expr.ast import Call, Comprehension, Name
        if isinstance(tree, Call) and tree.name in ("argmax", "argmin") and len(tree.args) == 1 \
                and isinstance(tree.args[0], Comprehension) and _part(t, tree.args[0].loop.seq) in ("active", "seats"):
            gen = tree.args[0]
            most = "highest" if tree.name == "argmax" else "lowest"
            among = " among those still in the match" if _part(t, gen.loop.seq) == "active" else ""
            return f"the players with the {most} {code(_part(t, gen.element))}{among} " \
                   f"(all who tie for it)"
        if isinstance(tree, Comprehension) and isinstance(tree.element, Name) \
                and tree.element.name == tree.loop.var and _part(t, tree.loop.seq) in ("active", "seats"):
            where = _part(t, tree.loop.cond) if tree.loop.cond is not None else None
            return f"every player {code(tree.loop.var)}" + (f" with {code(where)}" if where else "")
        if t.startswith("[") or "(" in t:
            return f"the players {code(t)}"
        return self.seat(t)

    def statement(self, text: str, node) -> str:
        from .expr.ast import Assign, Move, Reveal
        loop = getattr(node, "loop", None)
        if isinstance(node, Assign) and node.op == "=" and loop is None and _part(text, node.target) in ("dealer", "leader"):
            seat = self.seat(_part(text, node.value))
            if not seat.startswith("`"):
                return f"the deal passes to {seat}" if node.target.name == "dealer" else f"{seat} becomes the leader"
        if isinstance(node, Assign):
            target, value = code(_part(text, node.target)), code(_part(text, node.value))
            verb = {"=": f"set {target} to {value}", "+=": f"add {value} to {target}",
                    "-=": f"subtract {value} from {target}", "*=": f"multiply {target} by {value}"}
            out = verb.get(node.op, code(_part(text, node)))
        elif isinstance(node, Move):
            out = f"move {code(_part(text, node.cards))} to {code(_part(text, node.zone))}"
        elif isinstance(node, Reveal):
            out = f"show {code(_part(text, node.cards))} to everyone (the card stays where it is)"
        else:
            return code(_part(text, node))
        if loop is not None:
            cond = _part(text, loop.cond) if loop.cond is not None else None
            out += f", for {self.group(loop.var, _part(text, loop.seq), cond)}"
        return out

    def statements(self, node) -> list[str]:
        """Each statement of a `do:` (one scalar with `;`, or a list of them) as words."""
        from .expr import parse_statements
        scalars = [node] if isinstance(node, Scalar) else list(node.items)
        out = []
        for scalar in scalars:
            text = scalar.text
            try:
                nodes = parse_statements(text, lambda offset, width=1: None)
            except Exception:
                out.append(code(text))
                continue
            out += [self.statement(text, n) for n in nodes]
        return out


# -- the rulebook -------------------------------------------------------------------------------

class Rulebook:
    def __init__(self, rs: Ruleset):
        self.rs = rs
        self.words = Words(rs.direction)

    def blocks(self) -> list:
        rs = self.rs
        out = [Heading(1, rs.name)]
        if rs.description:
            out.append(Para(" ".join(rs.description.split())))
        if rs.base:
            out.append(Para(f"A variant of {code(base_shown(rs))}: see “Differences from the base” at the end."))
        out += self.players() + self.deck() + self.table() + self.counters()
        out += self.programs() + self.match() + self.options()
        return out

    # -- players and seating --------------------------------------------------------------------

    def players(self) -> list:
        rs = self.rs
        p = rs.players
        if p.min == p.max:
            count = f"{number_word(p.min).capitalize()} players"
        else:
            count = f"{number_word(p.min).capitalize()} to {number_word(p.max)} players " \
                    f"({number_word(p.default)} unless the table chooses otherwise)"
        if rs.teams:
            n = p.min
            pairs = [f"{'ABCDEFGHIJKL'[i]} and {'ABCDEFGHIJKL'[i + n // 2]}" for i in range(n // 2)]
            teams = f"in {number_word(n // 2)} partnerships: partners sit opposite, " \
                    f"{joined(pairs, 'against')}"
        else:
            teams = "each playing alone"
        side = self.words.next_side
        lines = [
            f"{count}, {teams}.",
            f"Seats are lettered A, B, C … clockwise round the table. Play goes {rs.direction}: "
            f"dealing, play and the turn all pass to the {side}. The first dealer is drawn at random.",
        ]
        return [Heading(2, "Players and seating")] + [Para(line) for line in lines]

    # -- the deck -------------------------------------------------------------------------------

    def deck(self) -> list:
        d = self.rs.deck
        pack = PACKS.get(d.pack, d.ranks)
        removed = [r for r in pack if r not in d.ranks]
        size = len(d.ranks) * len(SUITS)
        what = PACK_NAMES.get(d.pack, f"the {d.pack} pack")
        if removed:
            what += f" without the {joined([rank_plural(r) for r in removed])}"
        suits = "\u00a0".join(SUIT_SYMBOLS[s] for s in SUITS)      # kept on one line
        out = [Heading(2, "The deck"),
               Para(f"{cap(what)}: {size} cards, {len(d.ranks)} ranks in each of the four suits ({suits})."),
               Para(f"Cards rank, from high to low: {' '.join(d.order)}.")]
        for name, order in d.orders.items():
            out.append(Para(f"The order {code(name)} (used by expressions such as `run`): {' '.join(order)}."))
        out += self.points() + self.values() + self.trumps()
        return out

    def points(self) -> list:
        d = self.rs.deck
        if not d.points:
            return []
        groups: dict = {}
        for key, value in d.points.items():
            groups.setdefault(value, []).append(key)
        rows = [(", ".join(keys), num(value)) for value, keys in sorted(groups.items(), key=lambda kv: -kv[0])]
        total = sum(_lookup(d.points, r + s) for r in d.ranks for s in SUITS)
        zero = [r for r in d.ranks if r not in d.points]
        note = f"Every other card counts 0. " if zero or any(len(k) > 2 for k in d.points) else ""
        return [Heading(3, "Card points"), Table(("cards", "points"), rows),
                Para(f"{note}The whole deck holds {num(total)} points.")]

    def values(self) -> list:
        d = self.rs.deck
        if not d.values:
            return []
        none = [r for r in d.order if r not in d.values]
        out = [Heading(3, "Capture values"),
               Table(("card",) + tuple(d.values), [("value",) + tuple(str(v) for v in d.values.values())])]
        if none:
            out.append(Para(f"{joined(none)} {'has' if len(none) == 1 else 'have'} no capture value: "
                            f"{'it captures' if len(none) == 1 else 'they capture'} only by rank and "
                            f"{'is' if len(none) == 1 else 'are'} never part of a sum."))
        return out

    def trumps(self) -> list:
        node = self.rs.trumps
        if not isinstance(node, Map):
            return [Para("There are no trumps.")] if self.has_tricks() else []
        out = [Heading(3, "Trumps")]
        suit = node.get("suit")
        if isinstance(suit, Scalar) and suit.text.strip() in SUITS:
            out.append(Para(f"{cap(SUIT_NAMES[suit.text.strip()])} are trumps."))
        elif suit is not None:
            out.append(Para(f"The trump suit is the suit {code(suit.text)} holds at the time "
                            "(none: no trumps). A trump beats any card of another suit."))
        promote = node.get("promote")
        items = []
        for entry in (promote.items if isinstance(promote, Seq) else ()):
            card, above, when = entry.get("card"), entry.get("above"), entry.get("when")
            text = f"{card.text} becomes a trump, ranking just above the trump {above.text}"
            items.append(Item(text + (f", while {code(when.text)}" if when is not None else "") + "."))
        if items:
            out.append(List(items))
            out.append(Para("A promoted card counts only as a trump: for following, leading and winning "
                            "it no longer belongs to its printed suit. Several promoted cards rank in "
                            "the order listed, the first highest."))
        return out

    def has_tricks(self) -> bool:
        rs = self.rs
        return any(s.kind in ("tricks", "showdown") for s in rs.setup + rs.hand + rs.after_hand)

    # -- zones and counters ---------------------------------------------------------------------

    def table(self) -> list:
        rows = []
        for zone in self.rs.zones.values():
            if zone.name == "deck":
                continue
            whose = {"player": "each player", "team": "each team", "shared": "the table"}[zone.owner]
            seen = VISIBLE[zone.visible] if zone.owner != "team" or zone.visible != "owner" else "the team"
            rows.append((code(zone.name), whose, seen))
        return [Heading(2, "Where the cards lie"),
                Para("Besides the deck (face down, where every hand starts), the cards lie in these "
                     "zones. How many cards each zone holds is always public."),
                Table(("zone", "one for", "seen by"), rows)]

    def counters(self) -> list:
        if not self.rs.counters:
            return []
        rows = []
        for c in self.rs.counters.values():
            per = {"player": "each player", "team": "each team", "game": "the table"}[c.per]
            kept = "reset every hand" if c.scope == "hand" else "the whole match"
            rows.append((code(c.name), per, code(c.start.text), kept))
        return [Heading(2, "What is counted"),
                Table(("counter", "one for", "starts at", "kept for"), rows)]

    # -- the programs ---------------------------------------------------------------------------

    def programs(self) -> list:
        rs = self.rs
        out = []
        if rs.setup:
            out += [Heading(2, "Before the first hand"), self.steps_list(rs.setup)]
        plays = [i for i, s in enumerate(rs.hand) if s.kind in ("tricks", "captures")]
        intro = Para("Before every hand all the cards are gathered into the deck and shuffled.")
        if not plays:
            return out + [Heading(2, "A hand"), intro, self.steps_list(rs.hand)]
        first, last = plays[0], plays[-1]
        out += [Heading(2, "The deal"), intro]
        if first:
            out.append(self.steps_list(rs.hand[:first]))
        out += [Heading(2, "The play"), self.steps_list(rs.hand[first:last + 1], start=first + 1)]
        if last + 1 < len(rs.hand):
            out += [Heading(2, "Scoring"), self.steps_list(rs.hand[last + 1:], start=last + 2)]
        return out

    def steps_list(self, steps, start: int = 1) -> List:
        items = []
        for step in steps:
            items += self.step(step)
        return List(items, ordered=True, start=start)

    def nested(self, node, what: str) -> list:
        """The items of steps written inside another step (then/else, hooks, refill)."""
        if node is None:
            return []
        out = []
        for step in read_steps(node, what, Collector()):
            out += self.step(step)
        return out

    def step(self, step: Step) -> list[Item]:
        items = getattr(self, "_" + step.kind, self._other)(step)
        head = items[0]
        if step.say is not None:
            said = f"The table is told: “{' '.join(step.say.text.split())}”."
            if step.kind == "say":
                head.text = said
            elif head.children and head.text.endswith(":"):
                # "… The answers:" / "In order:" lead into the list: the message goes before that.
                cut = head.text.rfind(". ") + 1
                head.text = f"{head.text[:cut]} {said} {head.text[cut:].strip()}".strip()
            else:
                head.text = f"{head.text} {said}"
        if step.when is not None:
            head.text = f"If {code(step.when.text)}: {head.text[:1].lower() + head.text[1:]}"
        return items

    def _other(self, step) -> list[Item]:
        """A step kind this rulebook has no words for yet: its settings as written."""
        args = step.args
        if isinstance(args, Map):
            settings = "; ".join(f"{k.text}: {code(plain(v)) if isinstance(v, Scalar) else '…'}"
                                 for k, v in args.entries)
            return [Item(f"A {code(step.kind)} step ({settings}).")]
        return [Item(f"A {code(step.kind)} step" + (f": {code(args.text)}." if isinstance(args, Scalar) else "."))]

    def _say(self, step) -> list[Item]:
        return [Item("")]

    def _deal(self, step) -> list[Item]:
        m, w = step.args, self.words
        n = literal_int(m.get("count"))
        count = f"{n} {plural(n, 'card')}" if n is not None else f"{code(m.get('count').text)} cards"
        to = " ".join(m.get("to").text.split())
        zones = self.rs.zones
        if to == "each":
            first = m.get("first")
            whom = "each player in the match"
            order = f", starting with {w.seat(first.text)}" if first is not None else \
                f", starting with the player to the dealer's {w.next_side}"
        elif to in zones and zones[to].owner == "shared":
            face = {"all": "face up ", "nobody": "face down ", "owner": ""}[zones[to].visible]
            whom, order = f"{face}to the {code(to)} zone", ""
        else:
            whom, order = w.seats(to), ""
        packet = m.get("packet")
        pn = literal_int(packet) if packet is not None else 1
        if packet is None or pn == 1:
            how = ", one at a time" if to == "each" or "[" in to else ""
        elif (pn is not None and pn == n) or plain(packet) == plain(m.get("count")):
            how = ", in one packet each" if to == "each" or "[" in to else ""
        elif pn is not None:
            how = f", {pn} at a time"
        else:
            how = f", {code(packet.text)} at a time"
        into = f" into their {code(m.get('into').text)}" if m.get("into") is not None else ""
        whom = whom if whom.startswith(("face", "to ")) else f"to {whom}"
        text = f"Deal {count} {whom}{into}{how}{order}."
        if m.get("as") is not None:
            text += f" The cards dealt are remembered as {code(m.get('as').text)}."
        return [Item(text)]

    def _draw(self, step) -> list[Item]:
        m, w = step.args, self.words
        given = m.get("from")
        sources = [given.text] if isinstance(given, Scalar) else [s.text for s in given.items] if given else ["deck"]
        first = w.seat(m.get("first").text) if m.get("first") is not None else \
            f"the player to the dealer's {w.next_side}"
        upto = literal_int(m.get("upto"))
        upto = f"{upto} {plural(upto, 'card')}" if upto is not None else f"{code(m.get('upto').text)} cards"
        into = f" in their {code(m.get('into').text)}" if m.get("into") is not None else ""
        text = (f"Each player, one card at a time and starting with {first}, draws from "
                f"{joined([code(s) for s in sources], 'then from')} until they hold {upto}{into}.")
        shortfall = m.get("shortfall").text if m.get("shortfall") is not None else "none"
        if shortfall == "rounds":
            text += " If that cannot refill every hand, whole rounds of one card each are drawn while a whole round is possible."
        else:
            text += " If that cannot refill every hand, nobody draws: those cards stay undrawn for the rest of the hand."
        return [Item(text)]

    def _ask(self, step) -> list[Item]:
        m, w = step.args, self.words
        who = m.get("who").text
        tree = _parse(who)
        from .expr.ast import ListExpr
        single = not (isinstance(tree, ListExpr) or re.match(r"\s*(\[|others|opponents|order|active|seats)", who))
        asked = cap(w.seat(who)) if single else f"Each of {w.seats(who)} in turn"
        prompt = m.get("prompt").text if m.get("prompt") is not None else "choose"
        text = f"{asked} {'is' if single else 'is'} asked to {' '.join(prompt.split())}."
        until = m.get("until")
        if until is not None:
            names = [until.text] if isinstance(until, Scalar) else [u.text for u in until.items]
            text += f" The asking stops as soon as someone answers {joined([code(n) for n in names], 'or')}."
        choices = [self.choice(key.text, value) for key, value in m.get("choices").entries]
        return [Item(text + " The answers:", choices)]

    def choice(self, name: str, node) -> Item:
        if not isinstance(node, Map):
            return Item(f"{code(name)}.")
        each, when, do = node.get("each"), node.get("when"), node.get("do")
        if each is not None and " in " in each.text:
            var, seq = each.text.split(" in ", 1)
            text = f"{code(name + ' ' + var.strip())}, for {self.words.group(var.strip(), seq.strip())}"
        else:
            text = code(name)
        if when is not None:
            text += f", offered only when {code(when.text)}"
        secret = node.get("secret")
        if secret is not None and secret.text.strip().lower() == "true":
            text += " (the others are not told which)"
        effects = self.words.statements(do) if do is not None else []
        text += (": " + "; ".join(effects) + ".") if effects else "."
        then = self.nested(node.get("then"), f"choice '{name}'")
        if then:
            text += " Then:"
        return Item(text, then, ordered=True)

    def _tricks(self, step) -> list[Item]:
        m, w = step.args if step.args is not None else Map((), step.span), self.words
        n = literal_int(m.get("count"))
        if m.get("count") is None:
            text = "Play tricks until the hands are empty."
        elif n is not None:
            text = f"Play {number_word(n)} {plural(n, 'trick')}."
        else:
            text = f"Play {code(m.get('count').text)} tricks."
        leader = w.seat(m.get("leader").text) if m.get("leader") is not None else \
            f"the player to the dealer's {w.next_side}"
        sizes = tuple(int(x.text) for x in m.get("lead").items) if isinstance(m.get("lead"), Seq) else (1,)
        follow = m.get("follow").text if m.get("follow") is not None else "suit"
        facts = [Item(f"{cap(leader)} leads to the first trick; the winner of each trick leads to the next. "
                      f"The turn passes to the {w.next_side}.")]
        if sizes != (1,):
            from .engine.whynot import lead_rule
            facts.append(Item(f"The leader may {lead_rule(sizes)}. Everyone else then plays as many cards as "
                              "were led, chosen freely (the follow rule below applies to single cards)."))
        facts.append(Item({
            "suit": "You must follow suit: a player holding a card of the suit led must play one; "
                    "a player who has none may play any card.",
            "suit_or_trump": "A player holding the suit led must play that suit or a trump; a player "
                             "without it may play any card. When trumps are led, a player holding a trump must play one.",
            "any": "Any card may be played: there is no need to follow suit.",
        }.get(follow, f"Follow rule: {code(follow)}.")))
        facts.append(Item(self.beating(sizes)))
        won = m.get("won").text if m.get("won") is not None else "won"
        zone = self.rs.zones.get(won)
        whose = "their team's" if zone is not None and zone.owner == "team" else "their"
        seen = f" (seen by {VISIBLE[zone.visible]})" if zone is not None else ""
        facts.append(Item(f"The trick's winner puts its cards in {whose} {code(won)} zone{seen}."))
        if m.get("open") is not None:
            facts.append(Item(f"Cards are played face up while {code(m.get('open').text)}; otherwise a play "
                              "that does not beat the best so far is placed face down."))
        for key, label in (("before_trick", "At the start of every trick:"),
                           ("before_play", "When a player is about to play (`player` is that player):"),
                           ("after_trick", "After every trick (`winner` is its winner):")):
            hooks = self.nested(m.get(key), key)
            if hooks:
                facts.append(Item(label, hooks, ordered=True))
        return [Item(text, facts)]

    def beating(self, sizes) -> str:
        trumps = isinstance(self.rs.trumps, Map)
        text = ("The highest trump played wins the trick; if there is none, the highest card of the suit led."
                if trumps else "The highest card of the suit led wins the trick.")
        if any(k > 1 for k in sizes):
            text = ("A card beats another of its suit that ranks lower" + (", and any trump beats any "
                    "card of another suit" if trumps else "") + ". A play beats the best play so far only "
                    "if its cards pair one-to-one with that play's cards, each beating its partner. The "
                    "trick goes to the last player who beat the best play so far, or to the leader if "
                    "nobody did. With single cards: " + text[:1].lower() + text[1:])
        return text

    def _captures(self, step) -> list[Item]:
        m, w = step.args if step.args is not None else Map((), step.span), self.words
        flag = lambda k, d: m.get(k).text.strip().lower() == "true" if m.get(k) is not None else d  # noqa: E731
        rank, by_sum, optional = flag("rank", True), flag("sum", False), flag("optional", True)
        first = w.seat(m.get("first").text) if m.get("first") is not None else \
            f"the player to the dealer's {w.next_side}"
        table = m.get("table").text if m.get("table") is not None else "table"
        text = (f"Players take turns, starting with {first} and passing to the {w.next_side}: each lays one "
                f"card from their hand on the {code(table)}, and may capture with it.")
        ways = []
        if rank:
            ways.append("one table card of the same rank")
        if by_sum:
            ways.append("two or more table cards whose capture values add up to its own")
        facts = [Item(f"A card captures {joined(ways, 'or')}." if ways else "Cards never capture.")]
        if by_sum and self.rs.deck.values:
            none = [r for r in self.rs.deck.order if r not in self.rs.deck.values]
            if none:
                facts.append(Item(f"{joined(none)} {'has' if len(none) == 1 else 'have'} no capture value: "
                                  "captured only by rank, never part of a sum."))
        facts.append(Item("Capturing is optional: a card may always simply be laid." if optional else
                          "A card that can capture must capture; a card that cannot is laid on the table."))
        pile = m.get("pile").text if m.get("pile") is not None else "pile"
        zone = self.rs.zones.get(pile)
        whose = "the capturer's team's" if zone is not None and zone.owner == "team" else "the capturer's"
        facts.append(Item(f"The captured cards and the card that took them go to {whose} {code(pile)} zone."))
        bonuses = m.get("bonuses")
        if isinstance(bonuses, Seq) and bonuses.items:
            items = []
            for b in bonuses.items:
                effects = "; ".join(self.words.statements(b.get("do")))
                items.append(Item(f"**{b.get('name').text}** when {code(b.get('when').text)}: {effects}."))
            facts.append(Item("After each capture these bonuses are checked, and every one that applies is "
                              "paid (`played`, `captured` and `capture_kind` describe the capture):", items))
        after = self.nested(m.get("after_play"), "after_play")
        if after:
            facts.append(Item("After every turn:", after, ordered=True))
        refill = self.nested(m.get("refill"), "refill")
        if refill:
            facts.append(Item("When the player to move has no cards:", refill + [
                Item("If that gave them cards play goes on; otherwise the play is over.")], ordered=True))
        else:
            facts.append(Item("The play is over when the player to move has no cards."))
        return [Item(text, facts)]

    def _showdown(self, step) -> list[Item]:
        m = step.args
        return [Item(f"The players of {code(m.get('among').text)}, in that order, play one automatic trick: "
                     f"each plays {code(m.get('play').text)}, and the winner (beating as in the tricks) is "
                     f"remembered as {code(m.get('as').text)}.")]

    def _do(self, step) -> list[Item]:
        parts = self.words.statements(step.args)
        if len(parts) <= 2:
            return [Item(cap("; then ".join(parts)) + ".")]
        return [Item("In order:", [Item(cap(p) + ".") for p in parts], ordered=True)]

    def _move(self, step) -> list[Item]:
        m = step.args
        return [Item(f"Move {code(m.get('cards').text)} to {code(m.get('to').text)}.")]

    def _if(self, step) -> list[Item]:
        items = [Item(f"If {code(step.args.text)}:", self.nested(step.node.get("then"), "then"), ordered=True)]
        otherwise = self.nested(step.node.get("else"), "else")
        if otherwise:
            items.append(Item("Otherwise:", otherwise, ordered=True))
        return items

    def _eliminate(self, step) -> list[Item]:
        return [Item(f"Out of the match: {self.words.players(step.args.text)}.")]

    def _revive(self, step) -> list[Item]:
        return [Item(f"Back in the match: {self.words.players(step.args.text)}.")]

    def _end_hand(self, step) -> list[Item]:
        return [Item("The hand ends here (what follows every hand still happens).")]

    def _redeal(self, step) -> list[Item]:
        return [Item("The hand is void: the cards are gathered, shuffled and dealt again by the same dealer.")]

    def _end_match(self, step) -> list[Item]:
        return [Item(f"The match ends, won by {self.words.players(step.args.text)}.")]

    # -- the match, options -----------------------------------------------------------------

    def match(self) -> list:
        rs = self.rs
        out = [Heading(2, "The match")]
        if rs.summary:
            out.append(Para("After each hand the table shows, for each player:"))
            out.append(List([Item(f"{label}: {code(node.text)}") for label, node in rs.summary]))
        if rs.after_hand:
            out.append(Para("Then, after every hand:"))
            out.append(self.steps_list(rs.after_hand))
        out.append(Para("Hands are played until a step says the match ends."
                        + (f" A match that has not ended after {rs.max_hands} hands is stopped as an error."
                           if rs.max_hands != 1000 else "")))
        if rs.returns is not None:
            out.append(Para(f"At the end every player gets the payoff {code(rs.returns.text)} "
                            "(where `player` is that player)."))
        else:
            out.append(Para("At the end each winner scores 1 and every other player 0."))
        return out

    def options(self) -> list:
        if not self.rs.options:
            return []
        rows = [(code(o.name), option_text(o.default), allowed(o), " ".join(o.help.split()))
                for o in self.rs.options.values()]
        return [Heading(2, "Options"),
                Para("A table may change these (`ruledsl run --set name=value`, or a variant's `options:`)."),
                Table(("option", "default", "allowed", "meaning"), rows)]


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


def _lookup(table, name):
    from .engine.cards import split_card
    rank, _ = split_card(name)
    return table.get(name, table.get(rank, 0))


# -- differences from the base ------------------------------------------------------------------

def plain(node):
    """A YAML node as comparable plain data (positions dropped)."""
    if isinstance(node, Map):
        return tuple((k.text, plain(v)) for k, v in node.entries)
    if isinstance(node, Seq):
        return tuple(plain(i) for i in node.items)
    if isinstance(node, Scalar):
        return " ".join(node.text.split())
    return node


def differences(base: Ruleset, rs: Ruleset) -> list:
    out = []
    if base.name != rs.name:
        out.append(Item(f"The name: {rs.name} (the base: {base.name})."))
    if base.description != rs.description:
        out.append(Item("The description is its own."))
    out += _players_diff(base, rs) + _deck_diff(base, rs) + _mapping_diff(base, rs)
    out += _options_diff(base, rs) + _programs_diff(base, rs)
    if base.max_hands != rs.max_hands:
        out.append(Item(f"The match is stopped after {rs.max_hands} hands (the base: {base.max_hands})."))
    if not out:
        out.append(Item("None: the rules are those of the base."))
    return [Heading(2, "Differences from the base"),
            Para(f"What this variant changes in {code(base_shown(rs))} ({base.name}):"), List(out)]


def _players_diff(base, rs) -> list:
    out = []
    bp, p = base.players, rs.players
    show = lambda x: str(x.min) if x.min == x.max else f"{x.min} to {x.max}, default {x.default}"  # noqa: E731
    if (bp.min, bp.max, bp.default) != (p.min, p.max, p.default):
        out.append(Item(f"Players: {show(p)} (the base: {show(bp)})."))
    if base.teams != rs.teams:
        out.append(Item("Partners play together." if rs.teams else "Everyone plays alone (the base has partners)."))
    if base.direction != rs.direction:
        out.append(Item(f"Play goes {rs.direction} (the base: {base.direction})."))
    return out


def _deck_diff(base, rs) -> list:
    out = []
    bd, d = base.deck, rs.deck
    if bd.ranks != d.ranks:
        added = [r for r in d.ranks if r not in bd.ranks]
        gone = [r for r in bd.ranks if r not in d.ranks]
        parts = ([f"adds the {joined([rank_plural(r) for r in added])}"] if added else []) + \
                ([f"leaves out the {joined([rank_plural(r) for r in gone])}"] if gone else [])
        out.append(Item(f"The deck {joined(parts)}: {len(d.ranks) * 4} cards (the base: {len(bd.ranks) * 4})."))
    if bd.order != d.order:
        out.append(Item(f"Cards rank, high to low: {' '.join(d.order)} (the base: {' '.join(bd.order)})."))
    for label, old, new in (("Card points", bd.points, d.points), ("Capture values", bd.values, d.values),
                            ("Named orders", bd.orders, d.orders)):
        for key in list(new) + [k for k in old if k not in new]:
            if old.get(key) != new.get(key):
                show = lambda v: "none" if v is None else (" ".join(v) if isinstance(v, tuple) else num(v))  # noqa: E731
                out.append(Item(f"{label}: {key} {show(new.get(key))} (the base: {show(old.get(key))})."))
    if plain(base.trumps) != plain(rs.trumps):
        out.append(Item("The trumps are different: see “Trumps” above."))
    return out


def _mapping_diff(base, rs) -> list:
    out = []
    for label, old, new, show in (
            ("zone", base.zones, rs.zones, lambda z: f"one for {z.owner}, seen by {VISIBLE[z.visible]}"),
            ("counter", base.counters, rs.counters,
             lambda c: f"per {c.per}, starts at {code(c.start.text)}, kept for the {c.scope}")):
        for name in new:
            if name not in old:
                out.append(Item(f"A new {label} {code(name)}: {show(new[name])}."))
            elif show(old[name]) != show(new[name]):
                out.append(Item(f"The {label} {code(name)}: {show(new[name])} (the base: {show(old[name])})."))
        for name in old:
            if name not in new:
                out.append(Item(f"The {label} {code(name)} is removed."))
    return out


def _options_diff(base, rs) -> list:
    out = []
    old, new = base.options, rs.options
    for name, o in new.items():
        if name not in old:
            out.append(Item(f"A new option {code(name)}, default {option_text(o.default)}"
                            + (f": {' '.join(o.help.split())}." if o.help else ".")))
            continue
        b = old[name]
        if b.default != o.default:
            out.append(Item(f"The option {code(name)} defaults to {option_text(o.default)} "
                            f"(the base: {option_text(b.default)})."))
        if (b.choices, b.min, b.max) != (o.choices, o.min, o.max):
            out.append(Item(f"The option {code(name)} allows {allowed(o)} (the base: {allowed(b)})."))
    for name in old:
        if name not in new:
            out.append(Item(f"The option {code(name)} is removed."))
    return out


def _programs_diff(base, rs) -> list:
    out = []
    book_old, book_new = Rulebook(base), Rulebook(rs)
    for label, old, new in (("Before the first hand", base.setup, rs.setup), ("The hand", base.hand, rs.hand),
                            ("After every hand", base.after_hand, rs.after_hand)):
        a, b = [plain(s.node) for s in old], [plain(s.node) for s in new]
        if a == b:
            continue
        changes = []
        for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(a=a, b=b, autojunk=False).get_opcodes():
            if tag == "replace" and i2 - i1 == j2 - j1:       # step by step: what it was, what it is
                for i, j in zip(range(i1, i2), range(j1, j2)):
                    changes.append(Item(f"Step {j + 1} changes. Now:", _prose(book_new, new[j])))
                    changes.append(Item(f"Before (base step {i + 1}):", _prose(book_old, old[i])))
                continue
            for i in range(i1, i2) if tag in ("replace", "delete") else ():
                changes.append(Item(f"Base step {i + 1} is gone:", _prose(book_old, old[i])))
            for j in range(j1, j2) if tag in ("replace", "insert") else ():
                changes.append(Item(f"Step {j + 1} is new:", _prose(book_new, new[j])))
        out.append(Item(f"{label}:", changes))
    if rs.summary != base.summary and [(k, plain(v)) for k, v in rs.summary] != \
            [(k, plain(v)) for k, v in base.summary]:
        out.append(Item("The hand summary shows: " + ", ".join(k for k, _ in rs.summary) + "."))
    if plain(rs.returns) != plain(base.returns):
        out.append(Item(f"The final payoff is {code(rs.returns.text) if rs.returns else 'a win of 1 for each winner'}."))
    return out


def _prose(book: Rulebook, step: Step) -> list[Item]:
    return book.step(step)


# -- rendering ----------------------------------------------------------------------------------

def render_md(blocks) -> str:
    out = []
    for block in blocks:
        if isinstance(block, Heading):
            out.append("#" * block.level + " " + block.text)
        elif isinstance(block, Para):
            out.append(block.text)
        elif isinstance(block, List):
            out.append("\n".join(_md_items(block.items, block.ordered, "", block.start)))
        elif isinstance(block, Table):
            rows = [block.header] + block.rows
            lines = ["| " + " | ".join(_cell(c) for c in row) + " |" for row in rows]
            lines.insert(1, "|" + "|".join("---" for _ in block.header) + "|")
            out.append("\n".join(lines))
    return "\n\n".join(out) + "\n"


def _cell(text: str) -> str:
    return str(text).replace("|", "\\|") or " "


def _md_items(items, ordered, indent, start=1) -> list[str]:
    lines = []
    for n, item in enumerate(items, start):
        marker = f"{n}. " if ordered else "- "
        lines.append(f"{indent}{marker}{item.text}")
        if item.children:
            lines += _md_items(item.children, item.ordered, indent + " " * len(marker))
    return lines


WIDTH = 100


def plain_text(text: str) -> str:
    return text.replace("**", "").replace("`", "")


def render_text(blocks) -> str:
    out = []
    for block in blocks:
        if isinstance(block, Heading):
            text = plain_text(block.text)
            out.append(text + "\n" + "=-~"[min(block.level, 3) - 1] * len(text))
        elif isinstance(block, Para):
            out.append(textwrap.fill(plain_text(block.text), WIDTH))
        elif isinstance(block, List):
            out.append("\n".join(_text_items(block.items, block.ordered, "", block.start)))
        elif isinstance(block, Table):
            rows = [tuple(plain_text(c) for c in block.header)] + \
                   [tuple(plain_text(c) for c in row) for row in block.rows]
            widths = [max(len(r[i]) for r in rows) for i in range(len(block.header))]
            lines = ["  ".join(c.ljust(w) for c, w in zip(row, widths)).rstrip() for row in rows]
            lines.insert(1, "  ".join("-" * w for w in widths))
            out.append("\n".join(lines))
    return "\n\n".join(out) + "\n"


def _text_items(items, ordered, indent, start=1) -> list[str]:
    lines = []
    for n, item in enumerate(items, start):
        marker = f"{n}. " if ordered else "- "
        lines.append(textwrap.fill(plain_text(item.text), WIDTH, initial_indent=indent + marker,
                                   subsequent_indent=indent + " " * len(marker)))
        if item.children:
            lines += _text_items(item.children, item.ordered, indent + " " * len(marker))
    return lines


# -- the names expressions may use ----------------------------------------------------------

def builtins_text(ruleset: Ruleset | None = None) -> str:
    """The names and functions an expression may use: the language's, and a game's own."""
    from .engine.program import Program
    from .expr import builtin_names
    rs = ruleset or _bare_ruleset()
    scope = Program(rs, rs.players.min).scope
    own_zones = [z for z in rs.zones if z not in ("deck", "hand")]
    generic_names = [n for n in scope.names() if n not in rs.zones and n not in rs.counters]
    generic_functions = sorted(set(builtin_names()) | {f for f in scope.functions})
    lines = ["names: " + " ".join(sorted(generic_names)),
             "functions: " + " ".join(generic_functions),
             "zones: deck hand(p)" + "".join(
                 f" {z}" if rs.zones[z].owner == "shared" else f" {z}(p)" for z in own_zones)]
    if ruleset is not None:
        lines.append("counters: " + (" ".join(c if s.per == "game" else f"{c}(p)" for c, s in rs.counters.items())
                                     or "none"))
        lines.append("options: " + (" ".join(f"option.{o}" for o in rs.options) or "none"))
    return "\n".join(lines) + "\n"


def _bare_ruleset() -> Ruleset:
    """The smallest ruleset: its scope holds exactly the language's own names."""
    from .model import DeckSpec, Players, ZoneSpec
    from .source import NOWHERE
    ranks = PACKS["french-52"]
    zones = {"deck": ZoneSpec("deck", "shared", "nobody", NOWHERE), "hand": ZoneSpec("hand", "player", "owner", NOWHERE)}
    return Ruleset(name="", description="", path="", players=Players(2, 2, 2), teams=False, direction="clockwise",
                   deck=DeckSpec("french-52", ranks, ranks, {}, {}, {}), zones=zones, options={}, counters={},
                   setup=(), hand=(), after_hand=(), summary=(), returns=None, max_hands=1000)
