"""`zones:` — where cards lie, who owns each zone and who sees its cards."""
from __future__ import annotations

import attrs

from ..errors import RuleError
from ..source import NOWHERE, Span
from .declare import Construct, Key, Word

OWNERS = ("player", "team", "none", "shared")
VISIBILITY = ("owner", "all", "nobody")
BUILT_IN = ("deck", "trick")       # names a rule file may not give a zone


@attrs.frozen
class Zone:
    name: str
    owner: str          # 'player', 'team' or 'shared'
    visible: str        # 'owner', 'all' or 'nobody'
    span: Span = attrs.field(default=NOWHERE, eq=False)


def _build(values: dict, spans: dict, reader) -> Zone:
    if values["name"] in BUILT_IN:
        raise RuleError(values["span"], f"'{values['name']}' is a built-in zone and cannot be redeclared")
    return Zone(**values)


ZONE = Construct("zone", Zone, (
    Key("owner", Word(OWNERS, "zone owner", "owner is player, team or omitted", suggest=("player", "team"),
                      means={"none": "shared"}), "shared",
        "player (one per player), team (one per team), or omitted: one zone of the table"),
    Key("visible", Word(VISIBILITY, "visibility", "visible is owner, all or nobody", suggest=VISIBILITY), "nobody",
        "who sees its cards: owner (the owner, or the owner's team), all, or nobody (not even the owner)"),
), what="zone '{name}'", doc="where cards lie and who sees them", build=_build)

DEFAULT_ZONES = {"deck": Zone("deck", "shared", "nobody"), "hand": Zone("hand", "player", "owner")}
