"""Game logs (JSON Lines), their replay, and resuming a match from one.

The first line names the rule file (its path relative to the log, and a content hash), options,
players, seed, dealer, the human's seat and the opponents; then one line per deal with the exact
deck order, and one per action in canonical text. A log holds every card as play goes: it is
what `replay` checks and what `run --resume` continues from, never something to show a player.

The rule file a log names is read only if it is a regular file inside the log's directory tree
or a directory given on the command line (files.py): a log is input, and may come from anyone.
"""
from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

from ..game import load_game
from ..front.files import FileRefused, confined, read_confined


class LogWriter:
    """Appends records as they happen and flushes each, so an interrupted game keeps its log.
    Without a path the records wait in memory until `save` (a game the player leaves)."""

    def __init__(self, path: str | None, header: dict | None = None, deals: int = 0):
        self.path = path
        self.records: list[dict] = []
        self.deals = deals                    # deals already in the log (a resumed match)
        self.file = open(path, "a" if header is None else "w", encoding="utf-8") if path else None
        if header is not None:
            self.write(header)

    @staticmethod
    def header(ruleset_path: str, log_path: str | None, *, options: dict, players: int, seed: int,
               dealer: int, seat: int | None, opponents: str) -> dict:
        where = Path(log_path).resolve().parent if log_path else Path.cwd()
        return {"type": "game", "ruleset": _relative(ruleset_path, where),
                "sha256": hashlib.sha256(Path(ruleset_path).read_bytes()).hexdigest(),
                "options": _plain(options), "players": players, "seed": seed, "dealer": dealer,
                "seat": seat, "opponents": opponents}

    def write(self, record: dict) -> None:
        self.records.append(record)
        if self.file:
            self.file.write(json.dumps(record, ensure_ascii=False) + "\n")
            self.file.flush()

    def event(self, event: dict) -> None:
        if event["kind"] == "hand":
            self.deals -= 1
            if self.deals < 0:                 # not yet logged
                self.write({"type": "deal", "hand": event["number"], "dealer": event["dealer"],
                            "deck": event["deck"]})

    def action(self, seat: int, text: str) -> None:
        self.write({"type": "action", "seat": seat, "action": text})

    def save(self, path: str) -> None:
        """Write the records kept in memory to `path`, the rule file named relative to it."""
        header = dict(self.records[0])
        header["ruleset"] = _relative(Path.cwd() / header["ruleset"], Path(path).resolve().parent)
        with open(path, "w", encoding="utf-8") as f:
            f.write(self.text([header] + self.records[1:]))

    def text(self, records: list[dict] | None = None) -> str:
        """The records kept in memory as the log's text (a whole log, for a download)."""
        return "".join(json.dumps(record, ensure_ascii=False) + "\n" for record in records or self.records)

    def close(self) -> None:
        if self.file:
            self.file.close()


class ReplayError(Exception):
    pass


class Replayed:
    """A logged match played again: its state now, its header, what was checked."""

    def __init__(self, game, state, header, actions, deals, warnings):
        self.game, self.state, self.header = game, state, header
        self.actions, self.deals, self.warnings = actions, deals, warnings


def restore(log_path: str, rules_dir: str | None = None) -> Replayed:
    """Play a log again, checking every deal and action; raise ReplayError at the first record
    that does not match the engine (or when the rule file it names may not be read)."""
    lines = Path(log_path).read_text(encoding="utf-8").splitlines()
    if not lines:
        raise ReplayError(f"{log_path}: the log is empty")
    header = _record(log_path, 1, lines[0])
    if header.get("type") != "game" or not isinstance(header.get("ruleset"), str):
        raise ReplayError(f"{log_path}:1: the first line must describe the game")
    game, warnings = _game(log_path, header, rules_dir)
    records = [(number, _record(log_path, number, line)) for number, line in enumerate(lines[1:], start=2)]
    try:
        return _replay(log_path, game, header, records, warnings)
    except _DealDiffers as differs:
        # Written by a version of ruledsl that shuffled differently: its own deals are the record.
        decks = [rec.get("deck") for _, rec in records if rec["type"] == "deal"]
        warnings.append(f"the deals are not those seed {header['seed']} gives now (the log was written by "
                        "another version of ruledsl): the logged deals are used")
        try:
            return _replay(log_path, game, header, records, warnings, [{"deck": d} for d in decks])
        except _DealDiffers:
            raise ReplayError(str(differs)) from None


class _DealDiffers(ReplayError):
    pass


def _replay(log_path, game, header, records, warnings, deals=None) -> Replayed:
    try:
        state = game.new_initial_state(seed=header["seed"], players=header["players"], deals=deals,
                                       options=header.get("options"), dealer=header["dealer"], record=True)
    except (KeyError, TypeError, ValueError) as exc:
        raise ReplayError(f"{log_path}:1: the game cannot be set up again ({exc})") from None
    seen = actions = 0
    for number, rec in records:
        if rec["type"] == "deal":
            dealt = [e for e in state.events if e["kind"] == "hand"]
            if seen >= len(dealt) or dealt[seen]["deck"] != rec.get("deck"):
                raise _DealDiffers(f"{log_path}:{number}: the deal of hand {rec.get('hand')} differs")
            seen += 1
        elif rec["type"] == "action":
            if state.current_player() != rec.get("seat"):
                raise ReplayError(f"{log_path}:{number}: seat {rec.get('seat')} acts, but it is "
                                  f"seat {state.current_player()}'s turn")
            try:
                state.apply_action(str(rec.get("action")))
            except ValueError as exc:
                raise ReplayError(f"{log_path}:{number}: {exc}") from None
            actions += 1
    return Replayed(game, state, header, actions, seen, warnings)


def _game(log_path: str, header: dict, rules_dir: str | None):
    """The rule file the log names, read only from the log's tree or `rules_dir` (where a log
    that moved finds it by its name)."""
    here = Path(log_path).resolve().parent
    named = header["ruleset"]
    roots = [here] + ([rules_dir] if rules_dir else [])
    candidates = [here / named] + ([Path(rules_dir) / Path(named).name] if rules_dir else [])
    refusal = None
    for candidate in candidates:
        try:
            real = confined(candidate, roots)
            data = read_confined(real, roots)
            break
        except FileRefused as exc:
            refusal = refusal or exc
    else:
        hint = "" if rules_dir else " (give the directory that holds it with --rules DIR)"
        raise ReplayError(f"{log_path}:1: the log's rule file cannot be read: {refusal}{hint}")
    warnings = []
    if hashlib.sha256(data).hexdigest() != header.get("sha256"):
        warnings.append(f"{named} has changed since the game was logged")
    return load_game(real), warnings


def _relative(path, where: Path) -> str:
    return Path(os.path.relpath(Path(path).resolve(), where)).as_posix()


def _record(path, number, line) -> dict:
    try:
        rec = json.loads(line)
    except json.JSONDecodeError as exc:
        raise ReplayError(f"{path}:{number}: not JSON ({exc.msg})") from None
    if not isinstance(rec, dict) or "type" not in rec:
        raise ReplayError(f"{path}:{number}: a record needs a 'type'")
    return rec


def _plain(options: dict) -> dict:
    return {k: (str(v) if hasattr(v, "denominator") and not isinstance(v, (int, bool)) else v)
            for k, v in options.items()}
