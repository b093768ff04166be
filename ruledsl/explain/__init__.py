"""`ruledsl explain`: a rule file written out as rules a person reads.

The rulebook is generated from the model (`Ruleset`, its steps and their keys), never from text
written per game: players and seating, the deck with its rank, point and value tables, the table's
zones and the counters kept, the deal, the play, the scoring, the match, and the options with
their defaults (rulebook.py; the prose of each step in steps.py and play.py). Expressions are shown
as written (`floor(points(won(p)))`); a few common shapes read as words (words.py).

For a variant (a file with `extends:`) a last section lists what it changes: the merged ruleset
is compared with its base's, item by item and step by step (differences.py).

The text is built as a few kinds of blocks (headings, paragraphs, lists, tables) and rendered as
Markdown or as plain text (document.py).
"""
from __future__ import annotations

from ..loader import load
from ..model import Ruleset
from .differences import differences
from .document import render
from .names import builtins_text
from .rulebook import Rulebook

__all__ = ["builtins_text", "explain"]


def explain(ruleset: Ruleset, fmt: str = "md") -> str:
    """The rulebook of `ruleset` as Markdown (`md`) or plain text (`text`)."""
    blocks = Rulebook(ruleset).blocks()
    if ruleset.base:
        blocks += differences(load(ruleset.base), ruleset)
    return render(blocks, fmt)
