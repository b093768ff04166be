"""Reading what a player typed, for the decision kinds' `why_not`: words and cards, and the
problems every kind shares (a card not in this game, named twice, not held).

Every reason comes from the construct that decides legality (a `tricks` step's lead sizes and
follow rule, a `captures` step's settings and the deck's capture values, an `ask` choice's
`each` and `when`), never from text written for one game.
"""
from __future__ import annotations

from ...runtime.cards import SUIT_SYMBOLS, known_card
from ...runtime.ranking import TRUMPS

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
            card = known_card(raw)
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
    return "trumps" if suit == TRUMPS else "no suit" if suit is None else SUIT_SYMBOLS.get(suit, str(suit))


def example(st, predicate=lambda text: True) -> str:
    """A legal action's text to show as an example (the first that fits)."""
    for action in st.legal_actions():
        text = st.action_to_string(action)
        if predicate(text):
            return text
    return ""


def card_problems(st, cards, place, absent=lambda xs: f"you do not hold {either(xs)}") -> str | None:
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


def bad_word(tokens, allowed=()) -> str | None:
    for kind, value in tokens:
        if kind == "word" and value.lower() not in allowed:
            return f"'{value}' is not a card: {CARD_HINT}"
    return None


def typed_play(st, text, describe: str, how="", allowed=()):
    """A typed play: the tokens after 'play', and why the text is not a play (None if it is).
    `how` is what to write besides the example; `allowed` the words that may follow 'play'."""
    typed = Typed.read(text)
    if typed.first != "play":
        return [], f"you are to {describe}: write {how}e.g. '{example(st)}'"
    rest = typed.tokens[1:]
    return rest, bad_word(rest, allowed)


def held_problems(st, hand, cards) -> str | None:
    """The cards to play must be named, exist in this game, be named once and be in `hand`."""
    if not cards:
        return f"name the card to play, e.g. '{example(st)}'"
    return card_problems(st, cards, hand)
