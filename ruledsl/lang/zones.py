"""`zones:` — where cards lie, who owns each zone and who sees its cards."""
from __future__ import annotations

import attrs

from ..errors import RuleError
from ..source import NOWHERE, Span
from .declare import Construct, Key, Whole, Word

OWNERS = ("player", "team", "none", "shared")
MOST_NUMBERED = 64     # the most zones one numbered zone may have (a tableau's columns, a row of cells)
VISIBILITY = ("owner", "all", "nobody")
BUILT_IN = ("deck", "trick")       # names a rule file may not give a zone


@attrs.frozen
class Zone:
    name: str
    owner: str          # 'player', 'team', 'shared' or 'numbered' (`count:` zones of the table)
    visible: str        # 'owner', 'all' or 'nobody'
    count: int | None = None     # a numbered zone: how many, read `name(0)` … `name(count - 1)`
    span: Span = attrs.field(default=NOWHERE, eq=False)


def _build(values: dict, spans: dict, reader) -> Zone:
    if values["name"] in BUILT_IN:
        raise RuleError(values["span"], f"'{values['name']}' is a built-in zone and cannot be redeclared")
    if values["count"] is not None:
        name = values["name"]
        if values["owner"] != "shared":
            raise RuleError(spans["count"], f"zone '{name}' is per {values['owner']}: `count:` numbers zones "
                            "of the table, which no one owns", "remove `owner:` (or `count:`)")
        if values["visible"] == "owner":
            raise RuleError(spans["visible"], f"zone '{name}' belongs to no one: `visible: owner` shows it to "
                            "nobody", "visible: all (face up) or nobody (face down)")
        values = {**values, "owner": "numbered"}
    return Zone(**values)


ZONE = Construct("zone", Zone, (
    Key("owner", Word(OWNERS, "zone owner", "owner is player, team or omitted", suggest=("player", "team"),
                      means={"none": "shared"}), "shared",
        "player (one per player), team (one per team), or omitted: one zone of the table"),
    Key("visible", Word(VISIBILITY, "visibility", "visible is owner, all or nobody", suggest=VISIBILITY), "nobody",
        "who sees its cards: owner (the owner, or the owner's team), all, or nobody (not even the owner)"),
    Key("count", Whole(1, MOST_NUMBERED), None,
        "several zones of the table under one name, read name(0) … name(count - 1): a tableau's columns"),
), what="zone '{name}'", doc="where cards lie and who sees them", build=_build)

DEFAULT_ZONES = {"deck": Zone("deck", "shared", "nobody"), "hand": Zone("hand", "player", "owner")}
