"""Actions as text: finding the legal action a person typed, and the error for an illegal one.

Why an action is not legal comes from its decision (the step kind that offers it: tricks,
captures, ask), never from text written for one game (lang/steps/*.py, `why_not`).
"""
from __future__ import annotations

from .cards import known_card


class IllegalAction(ValueError):
    """An action that is not legal now. The message starts with the rule that excludes it
    (`reason`, also kept on its own) and ends with the legal actions."""

    def __init__(self, message: str, legal: list[str], reason: str | None = None):
        super().__init__(message)
        self.legal = legal
        self.reason = reason


def normalize(text: str) -> tuple:
    """A typed action as a comparable key: words lower-cased, cards canonical, card order free."""
    words, cards = [], []
    for word in text.replace(",", " ").split():
        card = known_card(word)
        if card is not None:
            cards.append(str(card))
        else:
            words.append(word.lower())
            if cards:
                words.append(tuple(sorted(cards)))
                cards = []
    if cards:
        words.append(tuple(sorted(cards)))
    return tuple(words)


def find(st, action):
    """The legal action meant by `action` (a value, or text as a person types it), or None."""
    legal = st.legal_actions()
    if not isinstance(action, str):
        return action if action in legal else None
    want = normalize(action)
    return next((a for a in legal if normalize(st.action_to_string(a)) == want), None)


def illegal(st, action) -> IllegalAction:
    legal = [st.action_to_string(a) for a in st.legal_actions()]
    shown = action if isinstance(action, str) else _text(st, action)
    if not legal:
        return IllegalAction(f"'{shown}' is not possible: nobody is to move", legal)
    listing = ", ".join(legal[:30]) + (" …" if len(legal) > 30 else "")
    reason = _reason(st, action)
    if reason:
        return IllegalAction(f"{reason} — '{shown}' is not a legal action now; legal: {listing}", legal, reason)
    return IllegalAction(f"'{shown}' is not a legal action now; legal: {listing}", legal)


def why_not(st, action) -> str | None:
    """Why `action` (its text, or a value) is not legal now, in the words of the rule that
    excludes it; None when it is legal."""
    if st.is_terminal():
        return "the match is over"
    if st.player < 0:
        return "nobody is to move"
    if find(st, action) is not None:
        return None
    return _reason(st, action) or "that is not a legal action now"


def _reason(st, action) -> str | None:
    if st.player < 0:
        return None
    decision = st.prog.decisions[st.pc]
    return decision.kind.why_not(st, decision, action)


def _text(st, action) -> str:
    try:
        return st.action_to_string(action)
    except (TypeError, ValueError, IndexError, KeyError):     # a value that is no action of this decision
        return repr(action)
