"""Actions as text: parsing what a person types, and the error for an illegal action."""
from __future__ import annotations

from .cards import split_card


class IllegalAction(ValueError):
    """An action that is not legal now; the message lists the legal ones."""

    def __init__(self, message: str, legal: list[str]):
        super().__init__(message)
        self.legal = legal


def normalize(text: str) -> tuple:
    """A typed action as a comparable key: words lower-cased, cards canonical, card order free."""
    words, cards = [], []
    for word in text.replace(",", " ").split():
        parts = split_card(word)
        if parts and (len(word) <= 3):
            cards.append(parts[0] + parts[1])
        else:
            words.append(word.lower())
            if cards:
                words.append(tuple(sorted(cards)))
                cards = []
    if cards:
        words.append(tuple(sorted(cards)))
    return tuple(words)


def parse_action(st, text: str):
    """The legal action whose canonical text matches `text` (case and card order ignored)."""
    legal = st.legal_actions()
    want = normalize(text)
    for action in legal:
        if normalize(st.action_to_string(action)) == want:
            return action
    raise illegal(st, text)


def illegal(st, action) -> IllegalAction:
    legal = [st.action_to_string(a) for a in st.legal_actions()]
    shown = action if isinstance(action, str) else _safe_text(st, action)
    if not legal:
        return IllegalAction(f"'{shown}' is not possible: nobody is to move", legal)
    listing = ", ".join(legal[:30]) + (" …" if len(legal) > 30 else "")
    return IllegalAction(f"'{shown}' is not a legal action now; legal: {listing}", legal)


def _safe_text(st, action) -> str:
    try:
        return st.action_to_string(action)
    except Exception:
        return repr(action)
