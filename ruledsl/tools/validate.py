"""`ruledsl validate`: load, compile and smoke-play rule files; report for people or for CI.

Smoke play is quick by default: one seeded random match per player count, played to its end or
cut after QUICK_ACTIONS actions — past a hand's own limit, so a hand that never ends is still
found, at about 10 µs an action (0.1 s at most for a player count; the shipped files' matches
end well before). `--strict` plays DEEP matches per player count to their end, which also finds
a match that never ends (the `limits.hands` of the file), and makes warnings errors."""
from __future__ import annotations

import glob
import json
import random
from pathlib import Path

import attrs

from ..front import files
from .checks import warnings
from ..errors import RuleError, RuleErrors
from ..game import load_game
from ..runtime.failures import PlayError
from ..source import Source, Span


@attrs.define
class Result:
    path: str
    errors: list = attrs.Factory(list)
    warnings: list = attrs.Factory(list)
    games: int = 0

    @property
    def ok(self) -> bool:
        return not self.errors


def expand(paths, rule_files_only: bool = False) -> list[str]:
    """Files as given; directories searched for *.yaml and *.yml; globs expanded. Scenario files
    (a top-level `ruleset:`) are skipped wherever they come from; with `rule_files_only`, so is
    every file that does not look like a rule file (files.looks_like_rule_file): pre-commit
    passes every YAML file of a repository, workflows and configurations included."""
    out: list[str] = []
    for p in paths:
        matches = sorted(glob.glob(p, recursive=True)) if is_glob(p) else [p]
        for m in matches:
            path = Path(m)
            found = sorted(path.rglob("*.y*ml")) if path.is_dir() else [path]
            out += [str(f) for f in found if _wanted(f, rule_files_only)]
    return list(dict.fromkeys(out))


def is_glob(path: str) -> bool:
    """A pattern for `expand` rather than a path."""
    return any(ch in path for ch in "*?[")


def _wanted(path: Path, rule_files_only: bool) -> bool:
    """Whether to check `path`: not a scenario file and, if asked, a rule file. A file that
    cannot be read is checked, so that the reason is reported."""
    try:
        text = files.read_text(path)
    except files.FileRefused:
        return True
    return files.looks_like_rule_file(text) if rule_files_only else not files.is_scenario(text)


QUICK = 1                 # smoke matches per player count, by default
DEEP = 5                  # with --strict, each played to its end
QUICK_ACTIONS = 10_000    # where a quick smoke match is cut


def validate_file(path: str, smoke: int | None = None, strict: bool = False, roots=()) -> Result:
    """Load, compile and smoke-play one rule file: `smoke` matches per player count (default
    QUICK, or DEEP with `strict`), each cut after QUICK_ACTIONS unless `strict`; `roots` are
    directories its bases may lie in (those given on the command line)."""
    result = Result(path)
    try:
        game = load_game(path, roots)
    except RuleErrors as errors:
        result.errors = errors.errors
        return result
    failures: list[tuple[RuleError, list[int]]] = []
    smoke = smoke if smoke is not None else DEEP if strict else QUICK
    for players in range(game.min_players, game.max_players + 1):
        for g in range(smoke):
            error = smoke_game(game, players, seed=g, stop_after=None if strict else QUICK_ACTIONS)
            result.games += 1
            if error:
                _gather(failures, error, players)
                break
    result.errors += [_once(error, counts) for error, counts in failures]
    found = warnings(game)
    if strict:                       # warnings as errors: they fail the file
        result.errors += [RuleError(w.span, w.message + " [--strict]", w.hint) for w in found]
    else:
        result.warnings = found
    return result


def _gather(failures: list, error: RuleError, players: int) -> None:
    """Add the failure of a match of `players`, to the one already found at the same place with
    the same message (but for the match it names), if any."""
    for first, counts in failures:
        if (first.span, _bare(first.message)) == (error.span, _bare(error.message)):
            counts.append(players)
            return
    failures.append((error, [players]))


def _once(error: RuleError, counts: list[int]) -> RuleError:
    """One error for every player count it happens with; its hint replays the first."""
    if len(counts) > 1:         # the message ends in the match it names: "… step 7)"
        others = [str(n) for n in counts[1:]]
        also = " and ".join([", ".join(others[:-1]), others[-1]] if len(others) > 1 else others)
        error.message = error.message[:-1] + f"; the same with {also} players)"
    return error


def _bare(message: str) -> str:
    """A smoke failure's message without the match it names: `… (players=3, seed=0, step 7)`."""
    return message.rsplit(" (players=", 1)[0]


MAX_HAND_ACTIONS = 5_000      # far more than any real hand takes: a hand that does loops


def smoke_game(game, players: int, seed: int, max_steps: int = 200_000, max_hand_steps: int = MAX_HAND_ACTIONS,
               trace: list | None = None, stop_after: int | None = None) -> RuleError | None:
    """One seeded random match with invariants checked after every step; the first failure.
    `stop_after` actions (if given) end the check without a failure: a quick look.

    The match is recorded as the table records it, so every `say:` text and summary line met is
    rendered, and one that fails is a failure like the others (the events are dropped as they
    come: nothing reads them). The moves are those `ruledsl run --watch --opponents random --seed SEED` makes
    (random.Random(seed).choice among the legal actions), so a failure's hint is a command that
    plays the same match again, with a log for `ruledsl replay`. `trace` (a list) collects the
    moves' texts."""
    rng = random.Random(seed)
    where = f"(players={players}, seed={seed}"
    again = (f"to watch it happen: ruledsl run {game.ruleset.path} --watch --opponents random "
             f"--players {players} --seed {seed} --log smoke.jsonl")
    st = None
    try:
        st = game.new_initial_state(seed=seed, players=players, record=True)
        total = len(st.prog.deck)
        hand, hand_start = st.hand_number, 0
        while not st.is_terminal():
            action = rng.choice(st.legal_actions())     # none: a PlayError, at the decision
            if trace is not None:
                trace.append(st.action_to_string(action))
            st.apply_action(action)
            st.events.clear()
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
            if stop_after is not None and st.steps >= stop_after:
                break
    except RuleErrors as many:
        return _more(many.errors[0], where, st, again)
    except PlayError as exc:                     # the rules failed while playing: the author's error
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
    """text: for people; json: one JSON object per file, one per line (JSON Lines); github:
    workflow commands, one per problem (`::error file=…,line=…,endLine=…,col=…,endColumn=…,
    title=…::message`), which GitHub shows on the line in a pull request."""
    if fmt == "json":
        return "\n".join(json.dumps({"path": r.path, "ok": r.ok, "games": r.games,
                                      "errors": [e.to_dict() for e in r.errors],
                                      "warnings": [w.to_dict() for w in r.warnings]}, ensure_ascii=False)
                          for r in results)
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
    """A GitHub workflow command for one problem; the span underlines its text (the columns are
    1-based and inclusive), and the title names the check."""
    level = "warning" if e.kind == "warning" else "error"
    s = e.span
    where = {"file": s.path, "line": s.line, "endLine": s.line, "col": s.col,
             "endColumn": s.col + s.width - 1, "title": "ruledsl validate"}
    props = ",".join(f"{k}={_escape(str(v), True)}" for k, v in where.items())
    text = e.message + (f"\nhint: {e.hint}" if e.hint else "")
    return f"::{level} {props}::{_escape(text)}"


def _escape(text: str, prop: bool = False) -> str:
    """GitHub's workflow-command escaping (a property value also escapes ':' and ',')."""
    text = text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")
    return text.replace(":", "%3A").replace(",", "%2C") if prop else text
