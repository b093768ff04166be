"""`ruledsl explain --builtins`: the names and functions an expression may use; and the
tables of them in docs/language.md (tests/test_docs_builtins.py checks the doc matches).

The language's own are declared in lang/builtins/; a game adds its zones, counters and options.
"""
from __future__ import annotations

from ..lang.builtins import FUNCTIONS, NAMES
from ..lang.ruleset import Ruleset


def builtins_text(ruleset: Ruleset | None = None) -> str:
    """The names and functions an expression may use: the language's, and a game's own."""
    own_zones = [z for z in (ruleset.zones if ruleset else {}) if z not in ("deck", "hand")]
    lines = ["names: " + " ".join(sorted([*NAMES, "player"])),
             "functions: " + " ".join(sorted(FUNCTIONS)),
             "zones: deck hand(p)" + "".join(f" {z}" if ruleset.zones[z].owner == "shared" else
                                             f" {z}(i)" if ruleset.zones[z].owner == "numbered" else f" {z}(p)"
                                             for z in own_zones)]
    if ruleset is not None:
        lines.append("counters: " + (" ".join(c if s.per == "game" else f"{c}(p)" for c, s in ruleset.counters.items())
                                     or "none"))
        lines.append("options: " + (" ".join(f"option.{o}" for o in ruleset.options) or "none"))
    return "\n".join(lines) + "\n"


PLAYER_DOC = "the seat a step, a choice or a summary line is for, where one is bound"


def builtins_markdown() -> str:
    """The built-in names and functions as Markdown tables, from their declarations."""
    lines = ["| name | is | meaning |", "|---|---|---|"]
    names = [(n.name, n.type.words(), n.doc) for n in NAMES.values()] + [("player", "a seat", PLAYER_DOC)]
    lines += [f"| `{name}` | {kind} | {_cell(doc)} |" for name, kind, doc in sorted(names)]
    lines += ["", "| function | takes | gives | meaning |", "|---|---|---|---|"]
    for f in FUNCTIONS.values():
        takes = "; ".join(f"`{p}`: {t.words()}" for p, t in f.params)
        if f.generator != "no":
            takes = f"{takes} (or a generator)" if f.generator == "may" else "a generator"
        lines.append(f"| `{f.usage()}` | {takes or '—'} | {f.gives_words()} | {_cell(f.doc)} |")
    return "\n".join(lines) + "\n"


def _cell(text: str) -> str:
    return text.replace("|", "\\|")
