"""Game logs (JSON Lines), their replay, and resuming a match from one.

The first line (the header) names the rule file (its path relative to the log, and a content
hash), options, players, seed, dealer, the human's seat and the opponents; then one line per
deal with the exact deck order and its digest, and one per action in canonical text. A log holds
every card as play goes: it is what `replay` checks and what `run --resume` continues from,
never something to show a player. The format is this module's alone (docs/cli.md, "Game logs").

A log is input, and may come from anyone: it is read as a stream of bounded lines (at most
MAX_BYTES in all), each record checked against its schema with the mistake said in words, and
the rule file it names is read only if it is a regular file inside the log's directory tree or a
directory given on the command line (front/files.py). Integrity: each deal's `digest` is a hash
of the header's seed, the hand's number and its cards, so that a changed seed or an edited deal
is caught and named. A log written before digests (no `format` in its header) still replays as
it always did: when its deals are not those its seed gives now, it was written by a version that
shuffled differently, and its own deals are used, with a warning.
"""
from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

from ..front.files import FileRefused, confined, read_confined
from ..game import load_game
from ..printable import printable

FORMAT = 2                  # the header's `format`: 2 has digests; a log without one is older
MAX_BYTES = 64 << 20        # a log's size: a thousand hands of any game are a few MB
MAX_LINE = 1 << 20          # one record's
MAX_DIGITS = 78             # a number in a log: as the language bounds them (256 bits)
MAX_TEXT = 10_000           # a text in a log (a path, an option's value, an action)


class ReplayError(Exception):
    """What is wrong with a log (or with replaying it), at its line; printable: a log's texts
    may hold any character."""

    def __init__(self, message: str):
        super().__init__(printable(message))


class LogWriter:
    """Appends records as they happen and flushes each, so an interrupted game keeps its log.
    Without a path the records wait in memory until `save` (a game the player leaves). With a
    `seed` (a log of this format) each deal is written with its digest."""

    def __init__(self, path: str | None, header: dict | None = None, deals: int = 0, seed: int | None = None):
        self.path = path
        self.records: list[dict] = []
        self.deals = deals                    # deals already in the log (a resumed match)
        self.seed = header["seed"] if header is not None else seed
        self.file = open(path, "a" if header is None else "w", encoding="utf-8") if path else None
        if header is not None:
            self.write(header)

    @staticmethod
    def header(ruleset_path: str, log_path: str | None, *, options: dict, players: int, seed: int,
               dealer: int, seat: int | None, opponents: str) -> dict:
        where = Path(log_path).resolve().parent if log_path else Path.cwd()
        return {"type": "game", "format": FORMAT, "ruleset": _relative(ruleset_path, where),
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
                record = {"type": "deal", "hand": event["number"], "dealer": event["dealer"], "deck": event["deck"]}
                if self.seed is not None:
                    record["digest"] = digest(self.seed, event["number"], event["deck"])
                self.write(record)

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


def digest(seed: int, hand: int, deck: list) -> str:
    """A deal's digest: its cards, the hand's number and the match's seed, hashed."""
    return hashlib.sha256(f"ruledsl deal {seed} {hand} {' '.join(deck)}".encode()).hexdigest()[:32]


class Replayed:
    """A logged match played again: its state now, its header, what was checked."""

    def __init__(self, game, state, header, actions, deals, warnings, logged=0):
        self.game, self.state, self.header = game, state, header
        self.actions, self.deals, self.warnings = actions, deals, warnings
        self.logged = logged      # of the deals, those whose hand events are still in state.events


def restore(log_path: str, rules_dir: str | None = None) -> Replayed:
    """Play a log again, checking every deal and action; raise ReplayError at the first record
    that is not what a log holds, or does not match the engine (or when the rule file it names
    may not be read)."""
    header = check_header(log_path, next(_records(log_path), None))
    game, warnings = _game(log_path, header, rules_dir)
    try:
        return _replay(log_path, game, header, warnings)
    except _DealDiffers as differs:
        if header.get("format") == FORMAT:      # its digests held: its own engine dealt otherwise
            warnings.append(f"the deals are not those seed {header['seed']} gives now (the log was written by "
                            "another version of ruledsl): the logged deals are used")
        else:
            warnings.append(f"the deals are not those seed {header['seed']} gives now: the log was written by "
                            "another version of ruledsl, or edited (it has no digests to tell); the logged deals "
                            "are used")
        decks = [{"deck": rec["deck"]} for _, rec in _records(log_path, skip=1) if rec["type"] == "deal"]
        try:
            return _replay(log_path, game, header, warnings, decks)
        except _DealDiffers:
            raise ReplayError(str(differs)) from None


def outline(log_path: str) -> tuple[dict, int, int]:
    """A log's header, checked, and how many actions and deals follow it, each record checked
    as `restore` checks it, without playing the match (`run --resume` lists the saves so)."""
    records = _records(log_path)
    header = check_header(log_path, next(records, None))
    actions = deals = 0
    for _, rec in records:
        actions += rec["type"] == "action"
        deals += rec["type"] == "deal"
    return header, actions, deals


class _DealDiffers(ReplayError):
    pass


def _replay(log_path, game, header, warnings, deals=None) -> Replayed:
    from ..lang.options import OptionError
    try:
        state = game.new_initial_state(seed=header["seed"], players=header["players"], deals=deals,
                                       options=header["options"], dealer=header["dealer"], record=True)
    except OptionError as exc:
        raise ReplayError(f"{log_path}:1: the game cannot be set up as the header says: {exc}") from None
    seen = actions = dropped = 0      # dropped: hand events of checked deals let go (memory)
    for number, rec in _records(log_path, skip=1):
        if rec["type"] == "deal":
            events = state.events
            hands = [i for i, e in enumerate(events) if e["kind"] == "hand"]
            if seen - dropped >= len(hands):
                raise ReplayError(f"{log_path}:{number}: a deal of hand {rec['hand']} where the match deals no hand")
            at = hands[seen - dropped]
            if events[at]["deck"] != rec["deck"]:
                raise _DealDiffers(f"{log_path}:{number}: the deal of hand {rec['hand']} differs")
            seen += 1
            dropped += seen - dropped - 1
            del events[:at]               # the match so far, checked: only this hand's events are kept
        else:
            if state.current_player() != rec["seat"]:
                raise ReplayError(f"{log_path}:{number}: seat {rec['seat']} acts, but it is "
                                  f"seat {state.current_player()}'s turn")
            try:
                state.apply_action(rec["action"])
            except ValueError as exc:
                raise ReplayError(f"{log_path}:{number}: {exc}") from None
            actions += 1
    return Replayed(game, state, header, actions, seen, warnings, seen - dropped)


# --- reading: bounded lines, each record checked -------------------------------------------------

def _records(log_path: str, skip: int = 0):
    """(line number, record) for each line of the log from line `skip + 1`, read as a stream:
    each checked as JSON and against its record's schema; a ReplayError says what is wrong.
    The header's seed checks each deal's digest (when the log has them)."""
    try:
        size = os.stat(log_path).st_size
    except OSError as exc:
        raise ReplayError(f"{log_path}: the log cannot be read ({exc.strerror})") from None
    if size > MAX_BYTES:
        raise ReplayError(f"{log_path}: the log is {size / 2**20:.0f} MB, more than a log may be "
                          f"({MAX_BYTES >> 20} MB)")
    header, deals = None, 0
    with open(log_path, "rb") as f:
        for number in range(1, MAX_BYTES + 2):
            raw = f.readline(MAX_LINE + 1)
            if not raw:
                if number == 1:
                    raise ReplayError(f"{log_path}: the log is empty")
                return
            if len(raw) > MAX_LINE:
                raise ReplayError(f"{log_path}:{number}: a line longer than {MAX_LINE >> 20} MB: not a game log")
            rec = _record(log_path, number, raw)
            if number == 1:
                header = rec
            if number > skip:
                if number > 1:
                    _check_record(log_path, number, rec, header, first=not deals)
                yield number, rec
            deals += rec["type"] == "deal"


def _record(path, number: int, raw: bytes) -> dict:
    if number == 1 and raw[:2] in (b"\xff\xfe", b"\xfe\xff"):
        raise ReplayError(f"{path}:1: the log is UTF-16 text; a game log is UTF-8")
    try:
        line = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise ReplayError(f"{path}:{number}: not UTF-8 text: not a game log") from None
    try:
        rec = json.loads(line, parse_int=_whole, parse_float=_fraction, parse_constant=_constant)
    except RecursionError:
        raise ReplayError(f"{path}:{number}: lists or objects nested too deeply: not a game log") from None
    except _Refused as exc:
        raise ReplayError(f"{path}:{number}: {exc}") from None
    except ValueError as exc:
        raise ReplayError(f"{path}:{number}: not JSON ({getattr(exc, 'msg', 'unreadable')})") from None
    if not isinstance(rec, dict) or not isinstance(rec.get("type"), str):
        raise ReplayError(f"{path}:{number}: a record is an object with a 'type'")
    return rec


class _Refused(ValueError):
    pass


def _whole(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise _Refused(f"a number of {len(text.lstrip('-')):,} digits, more than a log holds ({MAX_DIGITS})")
    return int(text)


def _fraction(text: str) -> float:
    raise _Refused(f"the number {text[:20]} is not whole: a log holds whole numbers")


def _constant(text: str) -> None:
    raise _Refused(f"{text} is not a number a log holds")


# --- the schema ----------------------------------------------------------------------------------

def _kind(value) -> str:
    """A JSON value as its kind is said to a person."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true or false"
    if isinstance(value, int):
        return f"the number {value}" if len(str(value)) <= 20 else "a number"
    if isinstance(value, str):
        return f"the text {json.dumps(value[:20] + ('…' if len(value) > 20 else ''), ensure_ascii=False)}"
    return "a list" if isinstance(value, list) else "an object"


def _whole_number(path, number, rec, key, low=None, high=None, none=False) -> None:
    value = rec.get(key)
    if value is None and none:
        return
    if not isinstance(value, int) or isinstance(value, bool):
        raise ReplayError(f"{path}:{number}: '{key}' must be a whole number{' or null' if none else ''}, "
                          f"not {_kind(value)}" + ("" if key in rec else " (it is missing)"))
    if (low is not None and value < low) or (high is not None and value > high):
        raise ReplayError(f"{path}:{number}: '{key}' is {value}: " + (
            f"it must be from {low} to {high}" if high is not None else f"it must be at least {low}"))


def _text(path, number, rec, key) -> None:
    value = rec.get(key)
    if not isinstance(value, str) or not value or len(value) > MAX_TEXT:
        raise ReplayError(f"{path}:{number}: '{key}' must be a text of 1 to {MAX_TEXT:,} characters, "
                          f"not {_kind(value) if not isinstance(value, str) else f'{len(value):,} characters'}")


HEADER = ("type", "format", "ruleset", "sha256", "options", "players", "seed", "dealer", "seat", "opponents")


def check_header(path, first) -> dict:
    """The header (line 1), checked: each field of the type the format gives it, in range."""
    if first is None:
        raise ReplayError(f"{path}: the log is empty")
    _, header = first
    if header.get("type") != "game":
        raise ReplayError(f"{path}:1: the first line must describe the game (a record of type 'game')")
    unknown = [key for key in header if key not in HEADER]
    if unknown:
        raise ReplayError(f"{path}:1: the header has an unknown field '{unknown[0]}'")
    if "format" in header and header["format"] != FORMAT:
        raise ReplayError(f"{path}:1: the log's format is {_kind(header['format'])}; this ruledsl reads format "
                          f"{FORMAT} (and logs without digests)")
    _text(path, 1, header, "ruleset")
    sha = header.get("sha256")
    if sha is not None and not (isinstance(sha, str) and len(sha) == 64 and all(c in "0123456789abcdef" for c in sha)):
        raise ReplayError(f"{path}:1: 'sha256' must be the rule file's hash (64 hexadecimal digits), not {_kind(sha)}")
    options = header.setdefault("options", {})
    if not isinstance(options, dict):
        raise ReplayError(f"{path}:1: 'options' must be an object of option names and values, not {_kind(options)}")
    for name, value in options.items():
        if not isinstance(value, (bool, int, str)) or (isinstance(value, str) and len(value) > MAX_TEXT):
            raise ReplayError(f"{path}:1: option '{name[:40]}' is {_kind(value)}: an option is a number, "
                              "true or false, or a text")
        if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 256:
            raise ReplayError(f"{path}:1: option '{name[:40]}' is a number past the bound of numbers "
                              "(256 bits, about 77 digits)")
    _whole_number(path, 1, header, "players", 1, 26)
    _whole_number(path, 1, header, "seed", -(1 << 63), (1 << 64) - 1)
    players = header["players"]
    _whole_number(path, 1, header, "dealer", 0, players - 1)
    _whole_number(path, 1, header, "seat", 0, players - 1, none=True)
    opponents = header.get("opponents")
    if opponents is not None:
        _text(path, 1, header, "opponents")
    return header


def _check_record(path, number: int, rec: dict, header: dict, first: bool) -> None:
    """A deal or an action record, checked; a deal's digest against the header's seed."""
    if rec["type"] == "action":
        _whole_number(path, number, rec, "seat", 0, header["players"] - 1)
        _text(path, number, rec, "action")
        return
    if rec["type"] != "deal":
        raise ReplayError(f"{path}:{number}: a record of type '{rec['type'][:40]}': a log holds deals and actions")
    _whole_number(path, number, rec, "hand", 1)
    deck = rec.get("deck")
    if not isinstance(deck, list) or len(deck) > MAX_TEXT or not all(isinstance(c, str) and len(c) <= 8 for c in deck):
        raise ReplayError(f"{path}:{number}: 'deck' must be the list of the deal's cards, not {_kind(deck)}")
    if header.get("format") != FORMAT:
        return
    if rec.get("digest") != digest(header["seed"], rec["hand"], deck):
        if first:             # the first deal: the seed it was recorded under is not the header's
            raise ReplayError(f"{path}:{number}: the deal of hand {rec['hand']} does not match its digest: the "
                              "header's seed (or this deal) was changed after the game was logged")
        raise ReplayError(f"{path}:{number}: the deal of hand {rec['hand']} does not match its digest: "
                          "the deal was edited after the game was logged")


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
        except (FileRefused, ValueError) as exc:      # ValueError: a path holding a NUL
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


def _plain(options: dict) -> dict:
    return {k: (str(v) if hasattr(v, "denominator") and not isinstance(v, (int, bool)) else v)
            for k, v in options.items()}
