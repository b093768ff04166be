"""The table as a player meets it (through `ruledsl run`, standard input as a pipe): what it
shows at 80 columns and wider, the commands at the prompt, seats by letter, the seed kept to
the end, saving and resuming, and nothing shown that the human's seat may not know."""
import io
import json
import os
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from rich.cells import cell_len
from rich.console import Console

import ruledsl
import shipped
from ruledsl import bots
from ruledsl.cli import main
from ruledsl.table import Table

ROOT = Path(__file__).parents[1]
GAMES = ROOT / "games"
GOLDEN = ROOT / "tests" / "golden" / "table_kozel_80.txt"
BOX = set("╭╮╰╯─│┌┐└┘├┤")


def run(*args, input="", columns=80, env=None):
    """`ruledsl run ARGS` with random opponents (unless ARGS name others): fast, and the same
    moves whatever the default bot is."""
    args = list(map(str, args)) + ([] if "--opponents" in args or "--resume" in args else ["--opponents", "random"])
    result = CliRunner(env={"COLUMNS": str(columns), **(env or {})}).invoke(main, ["run", *args], input=input)
    assert result.exit_code == 0, result.output
    return result.output


@pytest.fixture(autouse=True)
def in_tmp(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)          # nothing may be written here (saves go to the data folder)


def tokens(text: str) -> list[str]:
    return [t for t in text.split() if not set(t) <= BOX]


GAME_SETUPS = [("kozel", 3), ("kozel", 5), ("coteccio", 7), ("couillon", 4), ("cicera", 4),
               ("ciapano", 3), ("ciapano", 5)]


@pytest.mark.parametrize("game,players", GAME_SETUPS)
def test_nothing_wraps_mid_token_at_80_columns(game, players):
    """The same session at 80 and at 200 columns holds the same words in the same order (a word
    split by a wrap would differ), and no line is wider than the terminal."""
    moves = "1\n" * 40
    narrow = run(GAMES / f"{game}.yaml", "--seed", 4, "--players", players, input=moves, columns=80)
    wide = run(GAMES / f"{game}.yaml", "--seed", 4, "--players", players, input=moves, columns=200)
    assert tokens(narrow.split("Left the table")[0]) == tokens(wide.split("Left the table")[0])
    table_part = narrow.split("\n\n", 1)[1].split("to continue it:")[0]   # not the command to copy
    assert max(cell_len(line) for line in table_part.splitlines()) <= 80


def test_the_kozel_screen_at_80_columns_is_as_recorded():
    """A golden screen: the first hands of a Kozel match as a player sees them at 80 columns.
    After a deliberate change of the table's look: UPDATE_GOLDEN=1 python -m pytest tests/test_table.py"""
    out = run(GAMES / "kozel.yaml", "--seed", 11, input="1\n" * 12)
    out = re.sub(r"kozel-\d{8}-\d{6}", "kozel-<when>", out)      # a save is named by when it began
    if os.environ.get("UPDATE_GOLDEN"):
        GOLDEN.write_text(out, encoding="utf-8")
    assert out == GOLDEN.read_text(encoding="utf-8")
    assert "hand   " in out and "♥" in out and "│ chips A 9  B 9  C 9 │ pot 3" in out


def test_the_hand_is_grouped_by_suit_trumps_first():
    out = run(GAMES / "kozel.yaml", "--seed", 11, input="quit\n")
    trumps = re.search(r"trumps (.)", out).group(1)
    hand = re.search(r"^hand +(.*)$", out, re.M).group(1)
    groups = [g.split() for g in hand.split("   ")]
    suits = [{card[-1] for card in g} for g in groups]
    assert all(len(s) == 1 for s in suits)                    # one suit per group
    assert len({next(iter(s)) for s in suits}) == len(suits)  # each suit once
    if any(trumps in s for s in suits):
        assert trumps in suits[0]                             # trumps first


def test_a_written_pack_is_shown_with_its_own_letters_and_jokers_trumps_first():
    """examples/four-colours.yaml: suits R G B Y as letters (no French symbol), the jokers drawn
    as JK1 and grouped with the trumps, first; the table plays a whole hand of it."""
    out = run(ROOT / "examples" / "four-colours.yaml", "--seed", 3, input="quit\n")
    hand = re.search(r"^hand +(.*)$", out, re.M).group(1)
    cards = hand.split()
    assert len(cards) == 5 and all(re.fullmatch(r"[1-9][RGBY]|JK[12]", c) for c in cards), hand
    groups = [g.split() for g in hand.split("   ")]
    trumps = [g for g in groups if any(c.startswith("JK") or c.endswith("R") for c in g)]
    assert not trumps or groups[0] == trumps[0]            # hand 1: red is trumps, jokers with them
    assert not any(symbol in out for symbol in "♠♥♦♣")


def test_symbols_give_way_to_letters_under_no_color_and_ascii():
    plain = run(GAMES / "kozel.yaml", "--seed", 11, input="quit\n", env={"NO_COLOR": "1"})
    assert not set("♠♥♦♣") & set(plain) and re.search(r"^hand +\w+[SHDC]\b", plain, re.M)
    ascii_out = run(GAMES / "kozel.yaml", "--seed", 11, "--ascii", input="quit\n")
    assert ascii_out.isascii() and "+- Bidding Kozel" in ascii_out


class Session:
    """A Table driven directly: each answer's output is kept apart (what followed its prompt)."""

    def __init__(self, game, answers, *, seed=2, players=4, opponents=None, seat=0):
        self.game = shipped.game(game)
        self.console = Console(file=io.StringIO(), width=80, height=30)
        self.answers, self.replies, self.marks = list(answers), [], []
        st = self.game.new_initial_state(seed=seed, players=players, record=True)
        bot = opponents or bots.make("random")
        self.table = Table(self.game, st, seat, self.console, opponents=bot, opponents_spec=bot.spec,
                           seed=seed, symbols=False, read=self.read)

    def read(self, prompt):
        out = self.console.file.getvalue()
        if self.marks:
            self.replies.append(out[self.marks[-1]:])
        self.marks.append(len(out))
        if not self.answers:
            raise EOFError
        return self.answers.pop(0)

    def play(self):
        from ruledsl.table import Quit
        with pytest.raises(Quit):
            self.table.play()
        return self.replies


def test_help_why_last_score_and_rules_at_the_prompt():
    answers = ["help", "why play 9X", "why 1", "1", "1", "1", "last", "score", "rules", "", "q", "quit"]
    session = Session("ciapano", answers)
    replies = session.play()
    assert "rules       the rules of this game" in replies[0]
    assert " ".join(replies[1].split()) == "Not allowed: '9X' is not a card: cards are written rank then suit, e.g. QS, 10H, 7D."
    first = re.search(r"\[1\] (play \w+)", session.console.file.getvalue()).group(1)   # option 1
    assert replies[2].strip() == f"'{first}' is allowed now."
    last = replies[6].strip().splitlines()
    assert len(last) == 5 and all(" plays " in line for line in last[:4])
    assert re.fullmatch(r"trick \d+ → [A-D]( \(you\))?", last[4].strip())
    earlier = "".join(replies[:6])
    assert all(line in earlier for line in last)           # shown as it happened
    assert replies[7].strip().startswith("penalty A 0  B 0  C 0  D 0")
    assert "Players and seating" in replies[8] and "lines: Enter for more, q to go back" not in replies[8]
    assert "You to " in replies[10] and "[1] " in replies[10]       # after the pager: the table again


def test_end_of_input_inside_the_pager_leaves_the_table_cleanly():
    replies = Session("kozel", ["rules"], players=3).play()       # play() expects Quit
    assert len(replies) == 1 and "Players and seating" in replies[0]


def test_an_unknown_bot_is_a_usage_error():
    result = CliRunner().invoke(main, ["run", str(GAMES / "kozel.yaml"), "--opponents", "nosuch"])
    assert result.exit_code == 2 and "unknown bot 'nosuch'" in result.output


def test_hint_rates_every_option_with_an_interval_and_the_best_first():
    session = Session("ciapano", ["hint", "quit"])
    session.table.hint_floor = 30
    replies = session.play()
    options = dict(re.findall(r"\[(\d+)\] (play \S+)", session.console.file.getvalue()))
    header, units, *lines = replies[0].strip().splitlines()
    assert header == "Hint: every option tried in 30 sampled deals."
    assert units == "Its value to you this hand, ± a 95% interval:"
    rated = [re.fullmatch(r"\[(\d+)\] (play \S+) +([-+]\d+\.\d\d) ± (\d+\.\d\d)(  .*)?", line.strip()).groups()
             for line in lines]
    assert sorted(number for number, *_ in rated) == sorted(options) and len(rated) > 1
    assert all(options[number] == move for number, move, *_ in rated)
    values = [float(v) for _, _, v, _, _ in rated]
    assert values == sorted(values, reverse=True)
    verdicts = [(verdict or "").strip() for *_, verdict in rated]
    assert verdicts[0] == "best" and set(verdicts[1:]) <= {"", "as good, within the noise"}
    assert "play play" not in replies[0]


def test_hint_through_the_command_line_whatever_the_opponents(monkeypatch):
    monkeypatch.setattr("ruledsl.table.HINT_FLOOR", 20)
    out = run(GAMES / "ciapano.yaml", "--seed", 2, "--opponents", "random", input="hint\nquit\n")
    assert "every option tried in 20 sampled deals" in out and "best" in out


@pytest.mark.parametrize("seat", ["B", "b", "1"])
def test_seat_by_letter_or_number(seat):
    out = run(GAMES / "ciapano.yaml", "--seed", 2, "--players", 4, "--seat", seat, input="quit\n")
    assert "You are B." in out
    game = shipped.load(GAMES / "ciapano.yaml")
    st = game.new_initial_state(seed=2, players=4, record=True)
    hand = st.observation(1)["zones"]["hand"][1]["cards"]
    shown = re.search(r"^hand +(.*)$", out, re.M).group(1).replace("♠", "S").replace("♥", "H") \
        .replace("♦", "D").replace("♣", "C").split()
    assert sorted(shown) == sorted(hand)


def test_a_random_seed_is_shown_at_the_end_and_kept_in_the_log(tmp_path):
    log = tmp_path / "m.jsonl"
    out = run(GAMES / "ciapano.yaml", "--watch", "--players", 3, "--log", log)
    before, after = out.split("Match over", 1)
    assert "seed" not in before.lower()
    seed = int(re.search(r"Seed (\d+) \(--seed \1 deals this match again\)", after).group(1))
    header = json.loads(log.read_text().splitlines()[0])
    assert header["seed"] == seed
    again = run(GAMES / "ciapano.yaml", "--watch", "--players", 3, "--seed", seed)
    assert again == out


def test_a_game_left_mid_match_resumes_where_it_stopped(tmp_path, data_folder):
    first = run(GAMES / "ciapano.yaml", "--seed", 9, "--players", 4, "--seat", "C", input="1\n" * 5)
    name = re.search(r"to continue it:\n  ruledsl run --resume (\S+)\n", first).group(1)
    [log] = (data_folder / "saves").iterdir()
    assert log.name == f"{name}.jsonl" and name.startswith("ciapano-") and list(tmp_path.iterdir()) == []
    header = json.loads(log.read_text().splitlines()[0])
    assert header["seat"] == 2 and header["seed"] == 9 and not Path(header["ruleset"]).is_absolute()
    second = run("--resume", name, input="1\n" * 12)
    assert "Resumed at hand 1, after" in second and "You are" not in second
    # the same screen that the player left is the first one shown again
    left = first.rsplit("╭─", 1)[1].split("> ")[0]
    assert second.split("╭─", 1)[1].split("> ")[0] == left
    assert "End of hand 1" in second and f"ruledsl run --resume {name}\n" in second    # left again: the same save
    assert list((data_folder / "saves").iterdir()) == [log]
    replayed = CliRunner().invoke(main, ["replay", str(log), "--rules", str(GAMES)])
    assert replayed.exit_code == 0 and "replay exactly" in replayed.output
    deals = [json.loads(line) for line in log.read_text().splitlines() if '"deal"' in line]
    game = shipped.load(GAMES / "ciapano.yaml")
    fresh = game.new_initial_state(seed=9, players=4, record=True)
    assert deals[0]["deck"] == next(e["deck"] for e in fresh.events if e["kind"] == "hand")


def test_saves_live_in_the_data_folder_one_per_unfinished_match(tmp_path, data_folder):
    """Nothing is written for a match left before the player's first move; a match left later
    is one save (`run --resume` alone lists it), resumed and left again still one, and removed
    when the match ends. The current folder is never written to."""
    saves = data_folder / "saves"
    out = run(GAMES / "kozel.yaml", "--seed", 3, input="quit\n")
    assert "nothing is saved" in out and not saves.exists()
    listed = run("--resume")
    assert "No saved games" in listed and str(saves) in listed
    run(GAMES / "kozel.yaml", "--seed", 3, input="1\nquit\n")
    run(GAMES / "coteccio.yaml", "--seed", 4, input="1\nquit\n")
    coteccio, kozel = sorted(saves.iterdir())           # by name
    listed = run("--resume")
    assert re.search(rf"{kozel.stem} +kozel, 3 players, hand 1, \d+ moves, left ", listed)
    assert coteccio.stem in listed and listed.index(coteccio.stem) < listed.index(kozel.stem)   # the latest first
    out = run("--resume", kozel.stem, "--fast", input="1\n" * 3000)
    assert "Match over" in out and f"Its save, {kozel.stem}, is removed" in out
    assert list(saves.iterdir()) == [coteccio] and list(tmp_path.iterdir()) == []
    missing = CliRunner().invoke(main, ["run", "--resume", "kozel-19990101-000000"])
    assert missing.exit_code == 2 and "neither a saved game" in missing.output


def test_resume_refuses_what_the_log_fixes():
    result = CliRunner().invoke(main, ["run", "--resume", str(GAMES / "kozel.yaml"), "--seed", "3"])
    assert result.exit_code == 2 and "--seed cannot be given with it" in result.output


CHOICES = """
name: Words
players: 2
deck: {pack: french-52, keep: [A, K], order: [A, K]}
zones:
  hand: {owner: player, visible: owner}
  won: {owner: player, visible: nobody}
counters:
  went_on: {per: player, start: 0}
hand:
  - deal: {to: each, count: 4}
  - ask:
      who: dealer
      prompt: go on or stop
      choices:
        play_on: {do: went_on(player) += 1}
        stop:
  - tricks: {leader: dealer, won: won}
"""


def test_actions_are_named_in_words_and_read_back(tmp_path):
    rules = tmp_path / "words.yaml"
    rules.write_text(CHOICES)
    dealer = ruledsl.load_game(rules).new_initial_state(seed=1).dealer
    out = run(rules, "--seed", 1, "--seat", dealer, input="play on\nquit\n")
    assert "[1] play on" in out and "play_on" not in out
    assert ": play on" in out and f"went on {'AB'[dealer]} 1" in out.split("play on", 2)[-1]


def _screen(game, st, seat) -> str:
    console = Console(file=io.StringIO(), width=80)
    table = Table(game, st, seat, console, opponents=None, opponents_spec="none", seed=0,
                  symbols=True, read=lambda p: "")
    table.option_texts = [st.action_to_string(a) for a in table.ordered(st.legal_actions())]
    table.show_turn()
    return console.file.getvalue()


@pytest.mark.parametrize("game,players", [("couillon", 4), ("cicera", 4), ("kozel", 3), ("coteccio", 5)])
def test_the_table_shows_nothing_hidden_from_the_human(game, players):
    """Two states that differ only in cards the human cannot see (one card swapped between two
    other hands) give the human the same observation and draw the same screen; the seat that
    holds them sees the difference."""
    game = shipped.load(GAMES / f"{game}.yaml")
    st = game.new_initial_state(seed=3, players=players, record=True)
    while st.current_player() != 0:
        st.apply_action(st.legal_actions()[0])
    other = st.clone()
    b, c = other.evaluate("hand(1)"), other.evaluate("hand(2)")      # the state's own lists
    b[0], c[0] = c[0], b[0]
    assert other.observation(0) == st.observation(0)
    assert _screen(game, st, 0) == _screen(game, other, 0)
    assert _screen(game, st, 1) != _screen(game, other, 1)


def test_your_own_secret_discard_is_shown_to_you_and_only_its_name_to_others():
    mine = run(GAMES / "ciapano.yaml", "--seed", 1, "--players", 3, input="1\n1\nquit\n")   # A deals
    card = re.search(r"^(?:> )?A \(you\): discard (\S+)$", mine, re.M).group(1)
    assert re.search(rf"^discard A \(you\) {card}$", mine, re.M)
    theirs = run(GAMES / "ciapano.yaml", "--seed", 5, "--players", 3, input="1\nquit\n")   # C deals
    assert re.search(r"^(?:> )?C: discard$", theirs, re.M) and not re.search(r"^discard C", theirs, re.M)


def test_a_bids_level_and_suit_are_drawn_alike_whether_or_not_they_name_a_card():
    """`bid 1C` (no card: the pack has no 1) is drawn as `bid 2C` (a card) is: the suit as a symbol."""
    from ruledsl.table.render import Look
    look = Look(["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2"], ["A", "B", "C", "D"],
                True, ["S", "H", "D", "C"])
    assert look.action("bid 1C").plain == "bid 1♣" and look.action("bid 2C").plain == "bid 2♣"
    assert look.action("bid 1NT").plain == "bid 1NT"
    assert look.words("1C and D", suits=False).plain == "1C and D"     # prose keeps its letters


def test_the_help_fits_80_columns_as_written():
    """Its lines are broken by hand: one wider than the terminal would be wrapped again, leaving a
    word alone on a line."""
    from ruledsl.table.commands import HELP
    assert max(len(line) for line in HELP.splitlines()) < 80
    out = run(GAMES / "kozel.yaml", "--seed", 1, input="help\nquit\n", columns=80)
    assert "\n> help\nAnswer with an option's number" in out          # a piped answer is echoed
    assert HELP.splitlines()[1] in out
