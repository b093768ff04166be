"""Game logs (JSON Lines) and their replay.

The first line names the rule file (path and content hash), options, players, seed and dealer;
then one line per deal with the exact deck order, and one per action in canonical text.
`replay` re-runs the match and checks every deal and every action against the engine.
"""
from __future__ import annotations

import hashlib
import json
from pathlib import Path

from .game import load_game


def file_hash(path: str) -> str:
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


class LogWriter:
    """Appends records as they happen and flushes each, so an interrupted game keeps its log."""

    def __init__(self, path: str, ruleset_path: str, options: dict, players: int, seed: int, dealer: int):
        self.file = open(path, "w", encoding="utf-8")
        self.write({"type": "game", "ruleset": str(Path(ruleset_path).resolve()),
                    "sha256": file_hash(ruleset_path), "options": _plain(options),
                    "players": players, "seed": seed, "dealer": dealer})

    def write(self, record: dict) -> None:
        self.file.write(json.dumps(record, ensure_ascii=False) + "\n")
        self.file.flush()

    def event(self, event: dict) -> None:
        if event["kind"] == "hand":
            self.write({"type": "deal", "hand": event["number"], "dealer": event["dealer"],
                        "deck": event["deck"]})

    def action(self, seat: int, text: str) -> None:
        self.write({"type": "action", "seat": seat, "action": text})

    def close(self) -> None:
        self.file.close()


class ReplayError(Exception):
    pass


def replay(log_path: str) -> dict:
    """Replay a log; raise ReplayError at the first record that does not match the engine."""
    lines = Path(log_path).read_text(encoding="utf-8").splitlines()
    if not lines:
        raise ReplayError(f"{log_path}: the log is empty")
    header = _record(log_path, 1, lines[0])
    if header.get("type") != "game":
        raise ReplayError(f"{log_path}:1: the first line must describe the game")
    ruleset = header["ruleset"]
    warnings = []
    if Path(ruleset).exists() and file_hash(ruleset) != header.get("sha256"):
        warnings.append(f"{ruleset} has changed since the game was logged")
    game = load_game(ruleset)
    state = game.new_initial_state(seed=header["seed"], players=header["players"],
                                   options=header.get("options"), dealer=header["dealer"], record=True)
    seen = 0
    actions = 0
    for number, line in enumerate(lines[1:], start=2):
        rec = _record(log_path, number, line)
        deals = [e for e in state.events if e["kind"] == "hand"]
        if rec["type"] == "deal":
            if seen >= len(deals) or deals[seen]["deck"] != rec["deck"]:
                raise ReplayError(f"{log_path}:{number}: the deal of hand {rec['hand']} differs")
            seen += 1
        elif rec["type"] == "action":
            if state.current_player() != rec["seat"]:
                raise ReplayError(f"{log_path}:{number}: seat {rec['seat']} acts, but it is "
                                  f"seat {state.current_player()}'s turn")
            try:
                state.apply_action(rec["action"])
            except ValueError as exc:
                raise ReplayError(f"{log_path}:{number}: {exc}") from None
            actions += 1
    return {"actions": actions, "deals": seen, "terminal": state.is_terminal(),
            "winners": list(state.winners or ()), "warnings": warnings}


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
