"""Fuzzing, issue 36: saved games and logs. A tampered header, a log that is not JSON of a game,
an edited deal or seed, a huge or endless stream: `replay` and `run --resume` refuse it in
words (exit 1), never a traceback, never a match that is not the one logged.
"""
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import fuzz_oracle
import shipped

FUZZ = settings.get_profile("fuzz")

@pytest.fixture(scope="module")
def logged(tmp_path_factory):
    """An unfinished logged match of Ciapanò (its rule file beside it), as records."""
    import json
    import shutil

    from click.testing import CliRunner

    from ruledsl.cli import main
    where = tmp_path_factory.mktemp("logs")
    shutil.copy(shipped.ROOT / "games" / "ciapano.yaml", where / "ciapano.yaml")
    log = where / "game.jsonl"
    result = CliRunner().invoke(main, ["run", str(where / "ciapano.yaml"), "--seed", "5", "--log", str(log),
                                       "--opponents", "random", "--fast"], input="1\n" * 30 + "quit\n")
    assert result.exit_code == 0, result.output
    return where, [json.loads(line) for line in log.read_text().splitlines()]


def _written(where, records=None, raw: bytes | None = None):
    import json
    path = where / "tampered.jsonl"
    path.write_bytes(raw if raw is not None else "".join(json.dumps(r) + "\n" for r in records).encode())
    return path


def _replayed(path, command=("replay",)):
    from click.testing import CliRunner

    from ruledsl.cli import main
    result = CliRunner().invoke(main, [*command, str(path)], input="quit\n")
    assert "Traceback" not in result.output and not fuzz_oracle.PYTHON_WORDING.search(result.output)
    return result


def _header(records, **changes):
    header = dict(records[0], **changes)
    return [header, *records[1:]]


HEADER_ATTACKS = [
    ({"players": "3"}, "'players' must be a whole number, not the text \"3\""),
    ({"options": [1, 2]}, "'options' must be an object of option names and values, not a list"),
    ({"seed": "1"}, "'seed' must be a whole number, not the text \"1\""),
    ({"seed": None}, "'seed' must be a whole number, not null"),
    ({"seed": [1]}, "'seed' must be a whole number, not a list"),
    ({"seat": 9}, "'seat' is 9: it must be from 0 to 3"),
    ({"seat": "B"}, "'seat' must be a whole number or null, not the text \"B\""),
    ({"opponents": 5}, "'opponents' must be a text of 1 to 10,000 characters, not the number 5"),
    ({"dealer": -1}, "'dealer' is -1: it must be from 0 to 3"),
    ({"format": 7}, "the log's format is the number 7; this ruledsl reads format 2 (and logs without digests)"),
    ({"extra": 1}, "the header has an unknown field 'extra'"),
    ({"options": {"target": 10 ** 78 - 1}}, "option 'target' is a number past the bound of numbers (256 bits, about 77 digits)"),
    ({"options": {"target": 10 ** 80}}, "a number of 81 digits, more than a log holds (78)"),
    ({"options": {"nosuch": 1}}, "the game cannot be set up as the header says: unknown option 'nosuch'; options: target, survivors, lowest_wins"),
    ({"players": 9}, "the game cannot be set up as the header says: Ciapanò is for 3 to 5 players, not 9"),
]


@pytest.mark.parametrize("changes,message", HEADER_ATTACKS, ids=[next(iter(c)) + str(i) for i, (c, _) in enumerate(HEADER_ATTACKS)])
@pytest.mark.parametrize("command", [("replay",), ("run", "--resume")])
def test_a_tampered_header_is_refused_saying_what_is_wrong_with_the_log(logged, changes, message, command):
    # The issue: Python's words, a traceback on resume, a seed blamed on the rule file's line 50,
    # a seat that seated nobody while the bots finished the match.
    where, records = logged
    path = _written(where, _header(records, **changes))
    result = _replayed(path, command)
    assert result.exit_code == 1
    assert result.stderr == f"error: {path}:1: {message}\n"


@pytest.mark.parametrize("raw,message", [
    (b'{"type": "game", "seed": ' + b"9" * 5000 + b"}\n", ":1: a number of 5,000 digits, more than a log holds (78)"),
    ('{"type": "game"}\n'.encode("utf-16"), ":1: the log is UTF-16 text; a game log is UTF-8"),
    (b'{"type": "game", "ruleset": "caf\xe9"}\n', ":1: not UTF-8 text: not a game log"),
    (b"[" * 100_000 + b"]" * 100_000 + b"\n", ":1: lists or objects nested too deeply: not a game log"),
    (b'{"type": "game", "seed": NaN}\n', ":1: NaN is not a number a log holds"),
    (b'{"type": "game", "seed": 1.5}\n', ":1: the number 1.5 is not whole: a log holds whole numbers"),
    (b"", ": the log is empty"),
    (b"[1, 2]\n", ":1: a record is an object with a 'type'"),
    (b'{"type": "game"\n', ":1: not JSON (Expecting ',' delimiter)"),
], ids=["big_integer", "utf16", "latin1", "nested_bomb", "nan", "fraction", "empty", "not_a_record", "not_json"])
def test_a_log_that_is_not_json_of_a_game_is_refused_in_words(logged, raw, message):
    where, _ = logged
    path = _written(where, raw=raw)
    result = _replayed(path)
    assert result.exit_code == 1
    assert result.stderr == f"error: {path}{message}\n"


def test_a_changed_seed_or_an_edited_deal_is_caught_by_its_digest(logged):
    # Each deal records a digest of the seed, the hand's number and its cards: a changed seed
    # (which used to replay, warning that another version had written it) or an edited deal is
    # refused and named.
    where, records = logged
    assert all("digest" in r for r in records if r["type"] == "deal") and records[0]["format"] == 2
    result = _replayed(_written(where, _header(records, seed=6)))
    assert result.exit_code == 1
    assert "tampered.jsonl:2: the deal of hand 1 does not match its digest: the header's seed (or this deal) " \
           "was changed after the game was logged" in result.stderr
    deals = [i for i, r in enumerate(records) if r["type"] == "deal"]
    assert len(deals) >= 2
    edited = [dict(r) for r in records]
    edited[deals[1]]["deck"] = edited[deals[1]]["deck"][::-1]
    result = _replayed(_written(where, edited))
    assert result.exit_code == 1
    assert (f"tampered.jsonl:{deals[1] + 1}: the deal of hand {edited[deals[1]]['hand']} does not match its digest: "
            "the deal was edited after the game was logged") in result.stderr


def test_a_log_is_read_as_a_bounded_stream(logged, monkeypatch):
    # A 112 MB log took 2.8 GB and a MemoryError traceback: a log past MAX_BYTES is refused
    # before it is read, and a replay keeps only the current hand's events.
    from ruledsl.tools import gamelog
    where, records = logged
    path = _written(where, records)
    done = gamelog.restore(str(path))
    assert done.deals >= 2 and [e["kind"] for e in done.state.events].count("hand") == 1
    monkeypatch.setattr(gamelog, "MAX_BYTES", path.stat().st_size - 1)
    with pytest.raises(gamelog.ReplayError) as info:
        gamelog.restore(str(path))
    assert str(info.value) == f"{path}: the log is 0 MB, more than a log may be (0 MB)"
    monkeypatch.setattr(gamelog, "MAX_LINE", 100)
    monkeypatch.setattr(gamelog, "MAX_BYTES", 1 << 20)
    with pytest.raises(gamelog.ReplayError) as info:
        gamelog.restore(str(path))
    assert str(info.value).startswith(f"{path}:1: a line longer than")


def test_a_resumed_log_names_a_bot_that_is_not_one(logged):
    where, records = logged
    path = _written(where, _header(records, opponents="nosuchbot"))
    result = _replayed(path, ("run", "--resume"))
    assert result.exit_code == 1
    assert result.stderr == f"error: {path}:1: the log's opponents 'nosuchbot' is not a computer player (see docs/bots.md)\n"


def test_an_older_log_without_digests_still_replays_and_resumes(logged):
    # docs/cli.md: logs written before digests replay as they always did.
    where, records = logged
    older = [{k: v for k, v in r.items() if k not in ("format", "digest")} for r in records]
    result = _replayed(_written(where, older))
    assert result.exit_code == 0 and "replay exactly" in result.output
    result = _replayed(_written(where, older), ("run", "--resume"))
    assert result.exit_code == 0, result.output


JSON_VALUES = st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=5),
                           lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner, max_size=3),
                           max_leaves=6)


@settings(FUZZ, max_examples=60)
@given(st.sampled_from(["players", "seed", "dealer", "seat", "opponents", "options", "ruleset", "sha256", "format"]),
       JSON_VALUES)
def test_any_value_in_a_header_field_replays_or_is_refused_in_words(logged, field, value):
    where, records = logged
    path = _written(where, _header(records, **{field: value}))
    result = _replayed(path)
    assert result.exit_code in (0, 1)
    if result.exit_code == 1:
        assert result.stderr.startswith(f"error: {path}:"), result.stderr


def test_a_log_action_with_control_bytes_is_refused_without_them(logged):
    where, records = logged
    actions = [i for i, r in enumerate(records) if r["type"] == "action"]
    tampered = [dict(r) for r in records]
    tampered[actions[0]]["action"] = "play \x1b]0;pwned\x07\x1b[2J"
    result = _replayed(_written(where, tampered))
    assert result.exit_code == 1
    fuzz_oracle.shows_no_control(result.output)
    assert "␛]0;pwned␇␛[2J" in result.output
