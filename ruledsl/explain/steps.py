"""The prose of the steps: what each kind of step (deal, ask, do, if, …) says as a numbered item.

`Prose.step` gives a step's items (usually one; `if` with `else` gives two), with its `when:` and
`say:` worked in. The play's own kinds (tricks, captures, showdown) are written in play.py.
"""
from __future__ import annotations

import re

from ..errors import Collector
from ..expr.ast import ListExpr
from ..loader import read_steps
from ..model import Ruleset, Step
from ..yamlnodes import Map, Scalar
from . import play
from .document import Item, List
from .words import Words, cap, cards, code, flag, joined, literal_int, parsed, plain, setting, texts, uncap

FIXED = {"say": "",           # the message itself is the item: see _told
         "end_hand": "The hand ends here (what follows every hand still happens).",
         "redeal": "The hand is void: the cards are gathered, shuffled and dealt again by the same dealer."}
NAMING = {"eliminate": "Out of the match: {}.", "revive": "Back in the match: {}.",
          "end_match": "The match ends, won by {}."}
FACE = {"all": "face up ", "nobody": "face down ", "owner": ""}
SHORTFALL = {"rounds": "whole rounds of one card each are drawn while a whole round is possible.",
             "none": "nobody draws: those cards stay undrawn for the rest of the hand."}
GROUP_WORDS = r"\s*(\[|others|opponents|order|active|seats)"


class Prose:
    """Steps as items of a numbered list, for one ruleset."""

    def __init__(self, rs: Ruleset):
        self.rs = rs
        self.words = Words(rs.direction)

    def numbered(self, steps, start: int = 1) -> List:
        return List([item for step in steps for item in self.step(step)], ordered=True, start=start)

    def nested(self, node, what: str) -> list[Item]:
        """The items of steps written inside another step (then/else, hooks, refill)."""
        if node is None:
            return []
        return [item for step in read_steps(node, what, Collector()) for item in self.step(step)]

    def step(self, step: Step) -> list[Item]:
        items = self.items(step)
        head = items[0]
        if step.say is not None:
            head.text = _told(step, head)
        if step.when is not None:
            head.text = f"If {code(step.when.text)}: {uncap(head.text)}"
        return items

    def items(self, step: Step) -> list[Item]:
        if step.kind in FIXED:
            return [Item(FIXED[step.kind])]
        if step.kind in NAMING:
            return [Item(NAMING[step.kind].format(self.words.players(step.args.text)))]
        return KINDS.get(step.kind, other)(self, step)


def _told(step: Step, head: Item) -> str:
    """The head item with the step's message (`say:`) worked in."""
    said = f"The table is told: “{' '.join(step.say.text.split())}”."
    if step.kind == "say":
        return said
    if head.children and head.text.endswith(":"):
        # "… The answers:" / "In order:" lead into the list: the message goes before that.
        cut = head.text.rfind(". ") + 1
        return f"{head.text[:cut]} {said} {head.text[cut:].strip()}".strip()
    return f"{head.text} {said}"


def other(prose: Prose, step: Step) -> list[Item]:
    """A step kind this rulebook has no words for yet: its settings as written."""
    args = step.args
    if isinstance(args, Map):
        settings = "; ".join(f"{k.text}: {code(v.text) if isinstance(v, Scalar) else '…'}" for k, v in args.entries)
        return [Item(f"A {code(step.kind)} step ({settings}).")]
    return [Item(f"A {code(step.kind)} step" + (f": {code(args.text)}." if isinstance(args, Scalar) else "."))]


# -- dealing and drawing --------------------------------------------------------------------------

def deal(prose: Prose, step: Step) -> list[Item]:
    m = step.args
    to = " ".join(m.get("to").text.split())
    whom, order = _recipients(prose, m, to)
    into = f" into their {code(m.get('into').text)}" if m.get("into") is not None else ""
    text = f"Deal {cards(m.get('count'))} {whom}{into}{_packets(m, to)}{order}."
    if m.get("as") is not None:
        text += f" The cards dealt are remembered as {code(m.get('as').text)}."
    return [Item(text)]


def _recipients(prose: Prose, m: Map, to: str) -> tuple[str, str]:
    """To whom the cards go, and (when dealt to each player) who gets the first."""
    zones = prose.rs.zones
    if to == "each":
        return "to each player in the match", f", starting with {prose.words.starting(m.get('first'))}"
    if to in zones and zones[to].owner == "shared":
        return f"{FACE[zones[to].visible]}to the {code(to)} zone", ""
    return f"to {prose.words.seats(to)}", ""


def _packets(m: Map, to: str) -> str:
    """How many cards go at a time (said only where it is not plain)."""
    packet, count = m.get("packet"), m.get("count")
    n = literal_int(packet) if packet is not None else 1
    several = to == "each" or "[" in to
    if n == 1:
        return ", one at a time" if several else ""
    if (n is not None and n == literal_int(count)) or plain(packet) == plain(count):
        return ", in one packet each" if several else ""
    return f", {n} at a time" if n is not None else f", {code(packet.text)} at a time"


def draw(prose: Prose, step: Step) -> list[Item]:
    m, w = step.args, prose.words
    sources = texts(m.get("from"), ["deck"])
    into = f" in their {code(m.get('into').text)}" if m.get("into") is not None else ""
    shortfall = setting(m, "shortfall", "none")
    return [Item(f"Each player, one card at a time and starting with {w.starting(m.get('first'))}, draws from "
                 f"{joined([code(s) for s in sources], 'then from')} until they hold {cards(m.get('upto'))}{into}. "
                 f"If that cannot refill every hand, {SHORTFALL.get(shortfall, SHORTFALL['none'])}")]


# -- choices --------------------------------------------------------------------------------------

def ask(prose: Prose, step: Step) -> list[Item]:
    m, w = step.args, prose.words
    who = m.get("who").text
    single = not (isinstance(parsed(who), ListExpr) or re.match(GROUP_WORDS, who))
    asked = cap(w.seat(who)) if single else f"Each of {w.seats(who)} in turn"
    text = f"{asked} is asked to {' '.join(setting(m, 'prompt', 'choose').split())}."
    if m.get("until") is not None:
        names = [code(n) for n in texts(m.get("until"))]
        text += f" The asking stops as soon as someone answers {joined(names, 'or')}."
    choices = [choice(prose, key.text, value) for key, value in m.get("choices").entries]
    return [Item(text + " The answers:", choices)]


def choice(prose: Prose, name: str, node) -> Item:
    if not isinstance(node, Map):
        return Item(f"{code(name)}.")
    text = _choice_name(prose, name, node.get("each"))
    if node.get("when") is not None:
        text += f", offered only when {code(node.get('when').text)}"
    if flag(node, "secret", False):
        text += " (the others are not told which)"
    effects = prose.words.statements(node.get("do")) if node.get("do") is not None else []
    text += (": " + "; ".join(effects) + ".") if effects else "."
    then = prose.nested(node.get("then"), f"choice '{name}'")
    return Item(text + (" Then:" if then else ""), then, ordered=True)


def _choice_name(prose: Prose, name: str, each) -> str:
    """A choice as written, with the values it ranges over (`each: s in suits`)."""
    if each is None or " in " not in each.text:
        return code(name)
    var, seq = (part.strip() for part in each.text.split(" in ", 1))
    return f"{code(name + ' ' + var)}, for {prose.words.group(var, seq)}"


# -- statements and branches ----------------------------------------------------------------------

def do(prose: Prose, step: Step) -> list[Item]:
    parts = prose.words.statements(step.args)
    if len(parts) <= 2:
        return [Item(cap("; then ".join(parts)) + ".")]
    return [Item("In order:", [Item(cap(p) + ".") for p in parts], ordered=True)]


def move(prose: Prose, step: Step) -> list[Item]:
    m = step.args
    return [Item(f"Move {code(m.get('cards').text)} to {code(m.get('to').text)}.")]


def branch(prose: Prose, step: Step) -> list[Item]:
    items = [Item(f"If {code(step.args.text)}:", prose.nested(step.node.get("then"), "then"), ordered=True)]
    otherwise = prose.nested(step.node.get("else"), "else")
    if otherwise:
        items.append(Item("Otherwise:", otherwise, ordered=True))
    return items


KINDS = {"deal": deal, "draw": draw, "ask": ask, "do": do, "move": move, "if": branch,
         "tricks": play.tricks, "captures": play.captures, "showdown": play.showdown}
