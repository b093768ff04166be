"""A study of one rule file: the runs `analyze` plays for it and the report made from them.

The main run plays `matches` matches with the chosen bots and records everything; the skill
runs (when the bots exist) seat a strong bot against random players and against a weaker
budget of itself. `compare` makes one study per rule file, with the same seeds, and runs all
their batches together so every core stays busy.
"""
from __future__ import annotations

import attrs

from . import skill as skill_runs
from .drama import drama
from .files import RuleFiles
from .metrics import RunInfo, choice, events, fairness, length, sides_of
from .play import Job, register
from .rules import rules_of
from .runner import Batch


@attrs.define
class Study:
    info: RunInfo
    main: Batch
    skill: list = attrs.Factory(list)      # (name, Batch) per skill run
    skill_note: str | None = None          # why skill is not measured, when it is not

    @classmethod
    def of(cls, path, game, *, players=None, options=None, lineup=None, seed=0, matches=100,
           skill=skill_runs.DEFAULT, skill_matches=10, think=2.0) -> Study:
        n = players or game.default_players
        files = RuleFiles.read(path)
        register(files, game)
        lineup = tuple(lineup or ("random",) * n)
        info = RunInfo(game.name, n, sides_of(n, game.ruleset.teams),
                       1 if game.ruleset.direction == "clockwise" else -1,
                       tuple(rules_of(game.ruleset)), lineup, think)
        job = Job(files, n, dict(options or {}), lineup, seed)
        study = cls(info, Batch(job, matches, game.name))
        if not skill or not skill_matches:
            study.skill_note = "not measured (no skill runs asked for)"
            return study
        try:
            runs = skill_runs.lineups(skill, n)
        except skill_runs.NotMeasured as exc:
            study.skill_note = f"not measured: {exc}"
            return study
        for name, bots in runs:
            job = Job(files, n, dict(options or {}), bots, seed, rotate=True)
            study.skill.append((name, Batch(job, skill_matches, f"{game.name}: {name}")))
        return study

    @property
    def batches(self) -> list[Batch]:
        return [self.main] + [batch for _, batch in self.skill]

    def report(self) -> dict:
        """Every figure of the study, as plain data with Estimates."""
        records, info = self.main.records, self.info
        return {"name": info.name, "players": info.players, "matches": len(records),
                "asked": self.main.count, "seed": self.main.job.seed, "bots": list(info.lineup),
                "teams": [list(side) for side in info.sides] if info.teams else None,
                "fairness": fairness(records, info), "length": length(records, info),
                "choice": choice(records), "events": events(records, info),
                "drama": drama(records, info.sides),
                "skill": {name: dict(skill_runs.skill(batch.records, info), matches=len(batch.records))
                          for name, batch in self.skill} or self.skill_note}
