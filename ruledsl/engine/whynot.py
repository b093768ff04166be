"""Why an action is not legal now: the rule that excludes it, in a player's words.

Every reason is derived from the construct that decides legality — a `tricks` step's lead sizes
and follow rule, a `captures` step's settings and the deck's capture values, an `ask` choice's
`each` and `when` — never from text written for one game. The typed text is read here on its own
terms (words and cards), so an action that is not legal, or not even well formed, can still be
explained. The decision ops (Play, Capture, Ask) call these functions from their `why_not`.
"""
from __future__ import annotations

from .cards import SUIT_SYMBOLS, Card, split_card
from .flow import show

_BY_NAME = {name: Card(i) for i, name in enumerate(Card.names)}
NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
CARD_HINT = "cards are written rank then suit, e.g. QS, 10H, 7D"


class Typed:
    """A typed action read as tokens: ('card', Card) for cards of the pack, ('word', text) else."""

    def __init__(self, tokens):
        self.tokens = tokens

    @classmethod
    def read(cls, text: str) -> "Typed":
        tokens = []
        for raw in text.replace(",", " ").split():
            parts = split_card(raw) if len(raw) <= 3 else None
            card = _BY_NAME.get(parts[0] + parts[1]) if parts else None
            tokens.append(("card", card) if card is not None else ("word", raw))
        return cls(tokens)

    @property
    def first(self) -> str | None:
        kind, value = self.tokens[0] if self.tokens else (None, None)
        return value.lower() if kind == "word" else None


def number(n: int) -> str:
    return NUMBERS[n] if 0 <= n < len(NUMBERS) else str(n)


def either(items, word="or") -> str:
    items = list(items)
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} {word} {items[-1]}"


def suit_symbol(suit) -> str:
    return SUIT_SYMBOLS.get(suit, str(suit))


def example(st, predicate=lambda text: True) -> str:
    """A legal action's text to show as an example (the first that fits)."""
    for action in st.legal_actions():
        text = st.action_to_string(action)
        if predicate(text):
            return text
    return ""


def _card_problems(st, cards, place, absent=lambda xs: f"you do not hold {either(xs)}") -> str | None:
    """The named cards must exist in this game, be named once, and be in `place` (the hand)."""
    deck = st.prog.deck.by_name
    missing = [str(c) for c in cards if str(c) not in deck]
    if missing:
        return f"there is no {either(missing, 'and no')} in this game's deck"
    twice = [str(c) for i, c in enumerate(cards) if c in cards[:i]]
    if twice:
        return f"you named {twice[0]} twice"
    away = [str(c) for c in cards if c not in place]
    return absent(away) if away else None


def _not_on_table(cards) -> str:
    return f"{either(cards, 'and')} {'is' if len(cards) == 1 else 'are'} not on the table"


def _bad_word(tokens, allowed=()) -> str | None:
    for kind, value in tokens:
        if kind == "word" and value.lower() not in allowed:
            return f"'{value}' is not a card: {CARD_HINT}"
    return None


def _typed_play(op, st, text, how="", allowed=()):
    """A typed play: the tokens after 'play', and why the text is not a play (None if it is).
    `how` is what to write besides the example; `allowed` the words that may follow 'play'."""
    typed = Typed.read(text)
    if typed.first != "play":
        return [], f"you are to {op.describe(st)}: write {how}e.g. '{example(st)}'"
    rest = typed.tokens[1:]
    return rest, _bad_word(rest, allowed)


def _held_problems(st, hand, cards) -> str | None:
    """The cards to play must be named, exist in this game, be named once and be in `hand`."""
    if not cards:
        return f"name the card to play, e.g. '{example(st)}'"
    return _card_problems(st, cards, hand)


# -- tricks -----------------------------------------------------------------------------------

def lead_rule(sizes) -> str:
    """`lead: [1, 3]` → 'lead one card or three of one suit'."""
    multi = [number(k) for k in sorted(sizes) if k > 1]
    if 1 in sizes and multi:
        return f"lead one card or {either(multi)} of one suit"
    if multi:
        return f"lead {either(multi)} cards of one suit"
    return "lead one card"


def play_why_not(op, st, action) -> str:
    cfg = op.cfg
    if isinstance(action, str):
        rest, problem = _typed_play(op, st, action, "play and the card, ")
        if problem:
            return problem
        cards = [value for kind, value in rest if kind == "card"]
    else:
        cards = list(action)
    hand = st.zones[cfg.hand + st.turn]
    problem = _held_problems(st, hand, cards)
    if problem:
        return problem
    r = cfg.trumps.ranking(st)
    trick = st.trick
    if not trick:
        if len(cards) not in cfg.sizes or any(r.suit[c] != r.suit[cards[0]] for c in cards):
            return lead_rule(cfg.sizes)
        return "that lead is not allowed now"
    led = trick[0][1]
    if len(cards) != len(led):
        if len(led) == 1:
            return "play one card: one card was led"
        return f"play as many cards as were led: {number(len(led))}"
    if len(led) > 1 or cfg.follow == "any":
        return "that play is not allowed now"
    card, led_suit = cards[0], r.suit[led[0]]
    held = [c for c in hand if r.suit[c] == led_suit]
    suit = f"{suit_symbol(led_suit)}" + (" (trumps)" if r.trump[led[0]] else "")
    demoted = st.prog.deck.suit_of[card] == led_suit and r.suit[card] != led_suit
    note = f" ({card} counts only as a trump now)" if demoted and r.trump[card] else ""
    if held and cfg.follow == "suit":
        return f"you must follow suit: you hold {suit}{note}"
    if held and cfg.follow == "suit_or_trump":
        if r.trump[led[0]]:
            return f"you must follow suit: you hold {suit}{note}"
        return f"you must follow suit or play a trump: you hold {suit}{note}"
    return "that play is not allowed now"


# -- captures ---------------------------------------------------------------------------------

def _unvalued_rule(deck) -> str:
    """How the deck's cards without a capture value capture, in the words a player knows."""
    unvalued = [r for r in deck.order if all(deck.values[c] is None for c in deck.cards if deck.rank_of[c] == r)]
    if set(unvalued) == {"K", "Q", "J"}:
        return "courts capture only a court of the same rank"
    return f"{either(unvalued)} have no capture value: they capture only a card of the same rank"


def capture_why_not(op, st, action) -> str:
    cfg = op.cfg
    if isinstance(action, str):
        rest, problem = _typed_play(op, st, action, allowed=("take",))
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
    problem = _held_problems(st, st.zones[cfg.hand + st.turn], played)
    if problem:
        return problem
    card = played[0]
    table = st.zones[cfg.table]
    if not taken:
        if not cfg.optional:
            takes = op.captures(card, table)
            if takes:
                return f"you must capture when you can: {card} can take {' '.join(str(t) for t in takes[0])}"
        return "that play is not allowed now"
    problem = _card_problems(st, list(taken), table, _not_on_table)
    if problem:
        return problem
    ranks, values = cfg.ranks, cfg.values
    same_rank = len(taken) == 1 and ranks[taken[0]] == ranks[card]
    if same_rank:
        if not cfg.rank:
            return "a card captures only by sum here, never one card of the same rank"
        return "that capture is not allowed now"
    deck = st.prog.deck
    if values[card] is None:
        if cfg.rank:
            return f"{_unvalued_rule(deck)}: {card} can take only a {ranks[card]}"
        return f"{card} has no capture value: it cannot capture"
    if len(taken) == 1:
        if cfg.rank and cfg.sum:
            return f"one card is taken only by a card of the same rank: {card} can take a {ranks[card]}, " \
                   f"or two or more cards adding up to {values[card]}"
        if cfg.rank:
            return f"a card captures only a card of the same rank: {card} can take a {ranks[card]}"
        return f"a capture by sum takes two or more cards adding up to {values[card]}"
    if not cfg.sum:
        return f"a card captures only one card of the same rank: {card} can take a {ranks[card]}"
    unvalued = [str(t) for t in taken if values[t] is None]
    if unvalued:
        return f"{either(unvalued, 'and')} {'has' if len(unvalued) == 1 else 'have'} no capture value: " \
               f"{'it is' if len(unvalued) == 1 else 'they are'} never part of a sum"
    total = sum(values[t] for t in taken)
    if total != values[card]:
        return f"the cards taken must add up to {values[card]}: {' '.join(str(t) for t in taken)} make {total}"
    return "that capture is not allowed now"


# -- ask --------------------------------------------------------------------------------------

def ask_why_not(op, st, action) -> str:
    seat = st.asks[-1][0]
    st.locals["player"] = seat
    names = {ch.name: i for i, ch in enumerate(op.choices)}
    offered = []
    for a in st.legal_actions():
        name = op.choices[a[0]].name
        if name not in offered:
            offered.append(name)
    if isinstance(action, str):
        typed = Typed.read(action)
        word = typed.first
        if word not in names:
            asked = f"you are asked to {op.prompt}: " if op.prompt else ""
            shown = f"'{typed.tokens[0][1]}'" if typed.tokens else "nothing"
            if not offered:
                return f"{asked}{shown} is not a choice here"
            return f"{asked}{shown} is not a choice here; answer {either(offered)}"
        ch = op.choices[names[word]]
        given = [str(v) for _, v in typed.tokens[1:]]
    else:
        ch = op.choices[action[0]]
        given = [] if action[1] is None else [show(action[1])]
    if ch.param is None:
        if given:
            return f"'{ch.name}' takes nothing after it: answer just '{ch.name}'"
        return _when_reason(op, st, ch, None) or f"'{ch.name}' is not open to you now"
    if not given:
        return f"'{ch.name}' needs a value, e.g. '{example(st, lambda t: t.split()[0] == ch.name)}'"
    if len(given) > 1:
        return f"'{ch.name}' takes one value, e.g. '{example(st, lambda t: t.split()[0] == ch.name)}'"
    wanted = given[0].upper()
    values = list(ch.values(st))
    match = [v for v in values if show(v).upper() == wanted]
    if not match:
        return _domain_reason(op, st, ch, given[0], values)
    return _when_reason(op, st, ch, match[0]) or f"'{ch.name} {given[0]}' is not open to you now"


def _domain_reason(op, st, ch, given, values) -> str:
    """The value is not in the choice's `each` list: say what that list is."""
    node = ch.src[0].get("each") if ch.src else None
    seq = node.text.split(" in ", 1)[1].strip() if node is not None and " in " in node.text else None
    hand = st.zones[st.prog.layout.zones["hand"][1] + st.asks[-1][0]]
    parts = split_card(given)
    card = _BY_NAME.get(parts[0] + parts[1]) if parts and len(given) <= 3 else None
    if card is not None and str(card) not in st.prog.deck.by_name:
        return f"there is no {card} in this game's deck"
    if card is not None and card not in hand and seq is not None and "hand(player)" in seq:
        return f"you do not hold {card}"
    choose = f"; choose from {' '.join(show(v) for v in values)}" if values else ""
    if seq is not None:
        return f"{given} is not one of `{seq}`{choose}"
    return f"'{ch.name} {given}' is not offered{choose}"


def _when_reason(op, st, ch, value) -> str | None:
    """The first part of the choice's `when` (split at its top-level `and`s) that is false."""
    if ch.src is None or ch.src[0].get("when") is None:
        return None
    node, scope_locals = ch.src[0].get("when"), ch.src[1]
    if ch.param is not None:
        st.locals[ch.param] = value
    try:
        from ..expr import parse_expression
        from ..expr.ast import BoolOp
        from ..expr.compiler import Compiler
        tree = parse_expression(node.text, node.locate)
        parts, stack = [], [tree]
        while stack:
            part = stack.pop()
            if isinstance(part, BoolOp) and part.op == "and":
                stack += [part.right, part.left]
            else:
                parts.append(part)
        for part in parts:
            code = Compiler(st.prog.scope, node.locate, scope_locals).expr(part)
            if not code(st):
                text = node.text[part.offset:part.offset + part.width]
                what = f"'{ch.name}'" if value is None else f"'{ch.name} {show(value)}'"
                return f"{what} is offered only when `{text}`, and that does not hold now"
    except Exception:   # an explanation must never break the table
        pass
    what = f"'{ch.name}'" if value is None else f"'{ch.name} {show(value)}'"
    return f"{what} is offered only when `{' '.join(node.text.split())}`, and that does not hold now"
