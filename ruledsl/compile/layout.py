"""Where each zone and counter of a game lives in the State's two flat lists (`st.zones`,
`st.cv`), at indices fixed for the player count: the generated code writes them in as constants."""
from __future__ import annotations


class Layout:
    """Where each zone and counter lives in the state's flat lists, for n players."""

    def __init__(self, ruleset, n: int):
        self.n = n
        self.n_teams = n // 2 if n in ruleset.teams else n
        self.team_of = tuple(s % self.n_teams for s in range(n))
        sizes = {"shared": 1, "game": 1, "player": n, "team": self.n_teams}
        self.zones, self.sizes, size = {}, {}, 0
        for name, spec in sorted(ruleset.zones.items(), key=lambda kv: kv[0] != "deck"):
            self.zones[name] = (spec.owner, size)
            self.sizes[name] = spec.count if spec.owner == "numbered" else sizes[spec.owner]
            size += self.sizes[name]
        self.zone_count = size
        self.counters, size = {}, 0
        for name, spec in ruleset.counters.items():
            self.counters[name] = (spec.per, size)
            size += sizes[spec.per]
        self.counter_count = size

    def owners(self, owner: str) -> int:
        return {"shared": 1, "game": 1, "player": self.n, "team": self.n_teams}[owner]

    def instances(self, zone: str) -> int:
        """How many zones the name `zone` stands for: one, one per player or team, or `count:`."""
        return self.sizes[zone]
