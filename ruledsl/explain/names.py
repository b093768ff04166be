"""`ruledsl explain --builtins`: the names and functions an expression may use.

The language's own come from the scope of a bare ruleset; a game adds its zones, counters and options.
"""
from __future__ import annotations

from ..engine.cards import PACKS
from ..engine.program import Program
from ..expr import builtin_names
from ..model import DeckSpec, Players, Ruleset, ZoneSpec
from ..source import NOWHERE


def builtins_text(ruleset: Ruleset | None = None) -> str:
    """The names and functions an expression may use: the language's, and a game's own."""
    rs = ruleset or _bare_ruleset()
    scope = Program(rs, rs.players.min).scope
    own_zones = [z for z in rs.zones if z not in ("deck", "hand")]
    generic_names = [n for n in scope.names() if n not in rs.zones and n not in rs.counters]
    generic_functions = sorted(set(builtin_names()) | set(scope.functions))
    lines = ["names: " + " ".join(sorted(generic_names)),
             "functions: " + " ".join(generic_functions),
             "zones: deck hand(p)" + "".join(f" {z}" if rs.zones[z].owner == "shared" else f" {z}(p)"
                                             for z in own_zones)]
    if ruleset is not None:
        lines.append("counters: " + (" ".join(c if s.per == "game" else f"{c}(p)" for c, s in rs.counters.items())
                                     or "none"))
        lines.append("options: " + (" ".join(f"option.{o}" for o in rs.options) or "none"))
    return "\n".join(lines) + "\n"


def _bare_ruleset() -> Ruleset:
    """The smallest ruleset: its scope holds exactly the language's own names."""
    ranks = PACKS["french-52"]
    zones = {"deck": ZoneSpec("deck", "shared", "nobody", NOWHERE),
             "hand": ZoneSpec("hand", "player", "owner", NOWHERE)}
    return Ruleset(name="", description="", path="", players=Players(2, 2, 2), teams=False, direction="clockwise",
                   deck=DeckSpec("french-52", ranks, ranks, {}, {}, {}), zones=zones, options={}, counters={},
                   setup=(), hand=(), after_hand=(), summary=(), returns=None, hand_value=None, max_hands=1000)
