"""`ruledsl explain --builtins`: the names and functions an expression may use.

The language's own are declared in lang/builtins.py; a game adds its zones, counters and options.
"""
from __future__ import annotations

from ..lang.builtins import FUNCTIONS, NAMES
from ..lang.ruleset import Ruleset


def builtins_text(ruleset: Ruleset | None = None) -> str:
    """The names and functions an expression may use: the language's, and a game's own."""
    own_zones = [z for z in (ruleset.zones if ruleset else {}) if z not in ("deck", "hand")]
    lines = ["names: " + " ".join(sorted([*NAMES, "player"])),
             "functions: " + " ".join(sorted(FUNCTIONS)),
             "zones: deck hand(p)" + "".join(f" {z}" if ruleset.zones[z].owner == "shared" else f" {z}(p)"
                                             for z in own_zones)]
    if ruleset is not None:
        lines.append("counters: " + (" ".join(c if s.per == "game" else f"{c}(p)" for c, s in ruleset.counters.items())
                                     or "none"))
        lines.append("options: " + (" ".join(f"option.{o}" for o in ruleset.options) or "none"))
    return "\n".join(lines) + "\n"
