"""`ruledsl validate`: load, compile and smoke-play rule files; report for people or for CI."""
from __future__ import annotations

import glob
import json
import random
import re
from pathlib import Path

import attrs

from .checks import warnings
from .errors import RuleError, RuleErrors
from .game import load_game
from .runtime.failures import PlayError
from .source import Source, Span

SCENARIO = re.compile(r"^ruleset\s*:", re.M)


@attrs.define
class Result:
    path: str
    errors: list = attrs.Factory(list)
    warnings: list = attrs.Factory(list)
    games: int = 0

    @property
    def ok(self) -> bool:
        return not self.errors


def expand(paths) -> list[str]:
    """Files as given; directories searched for *.yaml; globs expanded. Scenario files (a
    top-level `ruleset:`) are skipped wherever they come from: pre-commit passes every YAML file."""
    out: list[str] = []
    for p in paths:
        matches = sorted(glob.glob(p, recursive=True)) if any(ch in p for ch in "*?[") else [p]
        for m in matches:
            path = Path(m)
            if path.is_dir():
                out += [str(f) for f in sorted(path.rglob("*.y*ml")) if not _is_scenario(f)]
            elif not _is_scenario(path):
                out.append(str(path))
    return list(dict.fromkeys(out))


def missing(paths) -> list[str]:
    """The paths given literally (not globs) that do not exist: a mistake on the command line."""
    return [p for p in paths if not any(ch in p for ch in "*?[") and not Path(p).exists()]


def _is_scenario(path: Path) -> bool:
    try:
        return bool(SCENARIO.search(path.read_text(encoding="utf-8")))
    except OSError:
        return False


def validate_file(path: str, smoke: int = 5, strict: bool = False) -> Result:
    result = Result(path)
    try:
        game = load_game(path)
    except RuleErrors as errors:
        result.errors = errors.errors
        return result
    for players in range(game.min_players, game.max_players + 1):
        for g in range(smoke):
            error = smoke_game(game, players, seed=g)
            result.games += 1
            if error:
                result.errors.append(error)
                break
    found = warnings(game)
    if strict:                       # warnings as errors: they fail the file
        result.errors += [RuleError(w.span, w.message + " [--strict]", w.hint) for w in found]
    else:
        result.warnings = found
    return result


MAX_HAND_ACTIONS = 5_000      # far more than any real hand takes: a hand that does loops


def smoke_game(game, players: int, seed: int, max_steps: int = 200_000,
               max_hand_steps: int = MAX_HAND_ACTIONS, trace: list | None = None) -> RuleError | None:
    """One seeded random match with invariants checked after every step; the first failure.

    The moves are those `ruledsl run --watch --seed SEED` makes (random.Random(seed).choice among
    the legal actions), so a failure's hint is a command that plays the same match again, with a
    log for `ruledsl replay`. `trace` (a list) collects the moves' texts."""
    rng = random.Random(seed)
    where = f"(players={players}, seed={seed}"
    again = (f"to watch it happen: ruledsl run {game.ruleset.path} --watch --players {players} "
             f"--seed {seed} --log smoke.jsonl")
    st = None
    try:
        st = game.new_initial_state(seed=seed, players=players)
        total = len(st.prog.deck)
        hand, hand_start = st.hand_number, 0
        while not st.is_terminal():
            legal = st.legal_actions()
            if not legal:
                return _at(st, f"no legal action for the player to move {where}, step {st.steps})", hint=again)
            action = rng.choice(legal)
            if trace is not None:
                trace.append(st.action_to_string(action))
            st.apply_action(action)
            if cards_held(st) != total:
                return _at(st, f"cards are not conserved: {cards_held(st)} of {total} {where}, step {st.steps})",
                           hint=again)
            if st.hand_number != hand:
                hand, hand_start = st.hand_number, st.steps
            elif st.steps - hand_start > max_hand_steps:
                return _at(st, f"hand {hand} did not end within {max_hand_steps} actions {where}, "
                               f"step {st.steps})", hint=again)
            if st.steps > max_steps:
                return _at(st, f"the match did not end within {max_steps} actions {where}, step {st.steps})",
                           hint=again)
    except RuleErrors as many:
        return _more(many.errors[0], where, st, again)
    except PlayError as exc:
        return _more(exc.error, where, st, again)
    except RuleError as exc:
        return _more(exc, where, st, again)
    return None


def _more(exc: RuleError, where: str, st, again: str) -> RuleError:
    """An error raised while playing, with the seed and step that reach it and how to replay."""
    message = exc.message + f" {where}" + (f", step {st.steps})" if st is not None else ")")
    return RuleError(exc.span, message, f"{exc.hint}; {again}" if exc.hint else again)


def cards_held(st) -> int:
    """Every card of the state: in zones, on the trick, and still to come from a given deal."""
    queued = sum(len(q) for q in (st.stack or {}).values())
    return sum(len(z) for z in st.zones) + sum(len(e[1]) for e in st.trick) + queued


def _at(st, message: str, hint: str | None = None) -> RuleError:
    """An error of a smoke game, at the decision it stopped at (else the file's first line)."""
    span = st.prog.decisions[st.pc].span if st.player >= 0 and st.prog.decisions else st.prog.span
    if span is None or span.source is None:
        path = st.prog.ruleset.path
        span = Span(Source(path, Path(path).read_text(encoding="utf-8")), 1, 1)
    return RuleError(span, message, hint)


def report(results, fmt: str) -> str:
    """text: for people; json: one object per file; github: workflow annotations, one per
    problem (`::error file=…,line=…,col=…::message`), shown on the line in a pull request."""
    if fmt == "json":
        return json.dumps([{"path": r.path, "ok": r.ok, "games": r.games,
                            "errors": [e.to_dict() for e in r.errors],
                            "warnings": [w.to_dict() for w in r.warnings]} for r in results], indent=2)
    lines = []
    for r in results:
        if fmt == "github":
            lines += [_annotation(e) for e in sorted(r.errors + r.warnings, key=RuleError.sort_key)]
            continue
        if r.ok:
            lines.append(f"{r.path}: ok ({r.games} smoke games)"
                         + (f", {len(r.warnings)} warning{'s' * (len(r.warnings) > 1)}" if r.warnings else ""))
        if r.errors or r.warnings:
            lines.append(RuleErrors(r.errors + r.warnings).render(limit=len(r.errors) + len(r.warnings)))
    bad = sum(not r.ok for r in results)
    lines.append(f"{len(results) - bad} of {len(results)} rule files valid")
    return "\n".join(lines)


def _annotation(e: RuleError) -> str:
    level = "warning" if e.kind == "warning" else "error"
    s = e.span
    text = e.message + (f"\nhint: {e.hint}" if e.hint else "")
    return f"::{level} file={_escape(s.path, True)},line={s.line},col={s.col}::{_escape(text)}"


def _escape(text: str, prop: bool = False) -> str:
    """GitHub's workflow-command escaping (a property value also escapes ':' and ',')."""
    text = text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")
    return text.replace(":", "%3A").replace(",", "%2C") if prop else text
