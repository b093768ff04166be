"""Playing the matches of a run: a Job says what to play, `play` plays a range of its matches.

Match i of a job is determined by the job and i alone — the deals by the seed `seed + i`, the
bots' choices by a generator seeded with "seed:i" — so a run gives the same records whether its
matches are played in one process, in N, or on a cluster, in any order.
"""
from __future__ import annotations

import random
import time

import attrs

from .. import bots
from ..tools.simulate import MAX_ACTIONS, StepLimit, play_out
from .files import RuleFiles
from .records import MatchRecord, Tally, number
from .rules import rules_of


@attrs.frozen
class Job:
    files: RuleFiles
    players: int
    options: dict                 # --set values (text or values), as new_initial_state takes them
    lineup: tuple[str, ...]       # a bot spec per seat
    seed: int = 0
    rotate: bool = False          # match i moves the lineup round so seat i mod n holds lineup[0]
    detail: bool = True           # record everything analysis needs, else only the outcome

    def seats(self, index: int) -> tuple[str, ...]:
        if not self.rotate:
            return self.lineup
        k = index % self.players
        return self.lineup[len(self.lineup) - k:] + self.lineup[:len(self.lineup) - k]


@attrs.frozen
class Failure:
    """A match that failed in a worker; the caller plays it again locally to report it."""

    index: int
    message: str


_GAMES: dict = {}      # RuleFiles.digest -> (Game, rules): loaded once per process


def register(files: RuleFiles, game) -> None:
    """Use an already loaded game for these files in this process (and in forked workers)."""
    _GAMES[files.digest] = (game, rules_of(game.ruleset))


def loaded(files: RuleFiles):
    """(game, rules) for these files in this process: registered, inherited, or built from the texts."""
    if files.digest not in _GAMES:
        register(files, files.load())
    return _GAMES[files.digest]


def play(job: Job, start: int, stop: int) -> list:
    """Matches start..stop-1 of a job, as records; what fails becomes a Failure (worker side)."""
    game, rules = loaded(job.files)
    out = []
    for index in range(start, stop):
        try:
            out.append(play_match(game, rules, job, index))
        except Exception as exc:      # reported by the caller, who replays the match locally
            out.append(Failure(index, f"{type(exc).__name__}: {exc}"))
    return out


def timed(job: Job, start: int, stop: int) -> tuple[float, list]:
    """`play`, and the seconds it took (what the run's time left is estimated from)."""
    began = time.perf_counter()
    records = play(job, start, stop)
    return time.perf_counter() - began, records


def play_match(game, rules, job: Job, index: int) -> MatchRecord:
    """One match of a job, played to its end."""
    seed, lineup = job.seed + index, job.seats(index)
    rng = random.Random(f"{job.seed}:{index}")
    state = game.new_initial_state(seed=seed, players=job.players, options=job.options, record=job.detail)
    players = [None if spec == "random" else bots.make(spec) for spec in lineup]
    if not job.detail and not any(players):
        play_out(state, rng)
        return _outcome(state, index, seed, lineup, state.steps)
    tally = Tally(rules, job.players) if job.detail else None
    decisions = 0
    while True:
        if tally:
            tally.read(state.events)
        if state.is_terminal():
            break
        legal = state.legal_actions()       # none: the state raises the located error itself
        seat = state.current_player()
        if tally:
            tally.decision(seat, kind_of(state, legal), len(legal))
        bot = players[seat]
        if bot is None:
            state.apply_action_fast(rng.choice(legal))    # the random choice play_out makes
        else:
            state.apply_action(bot(state, rng))
        decisions += 1
        if decisions >= MAX_ACTIONS:
            raise StepLimit(f"the match did not end within {MAX_ACTIONS} actions")
    if tally:
        return tally.record(state, index, seed, lineup)
    return _outcome(state, index, seed, lineup, decisions)


def _outcome(state, index, seed, lineup, decisions) -> MatchRecord:
    """The record of a match played without details: who won, the payoffs, its length."""
    return MatchRecord(index, seed, lineup, tuple(state.winners or ()),
                       tuple(number(v) for v in state.returns()), state.hand_number, decisions)


def kind_of(state, legal: list) -> str:
    """A decision's kind, from the words its actions start with: `play`, `bid/pass`
    (the first and the last action, which differ when a choice has several)."""
    first = state.action_to_string(legal[0]).split(" ", 1)[0]
    last = state.action_to_string(legal[-1]).split(" ", 1)[0] if len(legal) > 1 else first
    return first if first == last else f"{first}/{last}"
