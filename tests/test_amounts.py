"""Moves that differ only by an amount (a bet of any size: `raise 4` … `raise 200`) are offered as
one amount to choose, at the terminal and on the web table (table/view.py `amount_runs`); and a
counter kept for one hand is drawn at the table when the file says `shown: true` (the bets)."""
import io

import pytest
from hypothesis import given, strategies as st
from rich.console import Console

import shipped
from ruledsl import bots
from ruledsl.table import Quit, Table
from ruledsl.table.view import MANY_AMOUNTS, amount_runs

WORDS = ["raise", "bet", "bid", "say"]


@st.composite
def listings(draw):
    """A list of options: stretches of `WORDS N` counting up from a random start, for random
    lengths, mixed with options that end in no number (`pass`, `bid 2H`)."""
    texts = []
    for _ in range(draw(st.integers(0, 6))):
        kind = draw(st.sampled_from(["count", "word", "card"]))
        if kind == "count":
            words, start = draw(st.sampled_from(WORDS)), draw(st.integers(0, 50))
            step = draw(st.sampled_from([1, 1, 1, 2]))
            texts += [f"{words} {start + i * step}" for i in range(draw(st.integers(1, 2 * MANY_AMOUNTS)))]
        else:
            texts.append("pass" if kind == "word" else f"bid {draw(st.integers(1, 7))}H")
    return texts


def plain_runs(texts, many):
    """Maximal stretches of options `W N`, `W N+1` … of one W, at least `many` long: by hand."""
    runs, i = [], 0
    while i < len(texts):
        j = i + 1
        parts = texts[i].rsplit(" ", 1)
        if len(parts) == 2 and parts[1].isdigit():
            while j < len(texts) and texts[j] == f"{parts[0]} {int(parts[1]) + j - i}":
                j += 1
            if j - i >= many:
                runs.append((i, j, parts[0], int(parts[1]), int(parts[1]) + j - i - 1))
        i = j
    return runs


@given(listings())
def test_the_runs_of_amounts_are_exactly_the_long_stretches_counting_up_by_one(texts):
    found = [(r.start, r.stop, r.words, r.least, r.most) for r in amount_runs(texts)]
    assert found == plain_runs(texts, MANY_AMOUNTS)
    for start, stop, words, least, most in found:
        assert texts[start:stop] == [f"{words} {n}" for n in range(least, most + 1)]


def test_short_or_gapped_stretches_and_card_like_words_stay_options():
    assert amount_runs([f"bid {n}" for n in range(1, MANY_AMOUNTS)]) == []          # one short
    assert amount_runs([f"bet {n}" for n in range(0, 40, 2)]) == []                  # not one by one
    assert amount_runs([f"bid {n}H" for n in range(1, 20)]) == []                    # a level and a suit
    run, = amount_runs(["fold", "call"] + [f"raise {n}" for n in range(4, 201)])
    assert (run.start, run.stop, run.words, run.least, run.most) == (2, 199, "raise", 4, 200)


def holdem_table(answers, seed=3):
    game = shipped.game("holdem")
    console = Console(file=io.StringIO(), width=100)
    st = game.new_initial_state(seed=seed, players=2, record=True)
    table = Table(game, st, 0, console, opponents=bots.make("random"), opponents_spec="random", seed=seed,
                  symbols=False, read=lambda prompt: answers.pop(0))
    return table, console


def test_the_terminal_lists_a_run_of_amounts_as_one_option_and_takes_an_amount_typed(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))      # the save on quitting goes there
    table, console = holdem_table(["raise 57", "quit"])
    first = table.st.legal_actions()
    with pytest.raises(Quit):
        table.play()
    out = console.file.getvalue()
    listing = out.split("You to", 1)[1].split(">", 1)[0]
    assert "raise 5 " not in listing and "raise 56" not in listing       # not one option per amount
    run, = amount_runs([table.st.action_to_string(a) for a in table.ordered(first)])
    assert f"[3–{run.stop}] raise {run.least}…{run.most}" in listing
    assert "A (you): raise 57" in out


def test_a_hand_counter_is_drawn_at_the_table_only_when_the_file_says_shown():
    game = shipped.game("holdem")
    counters = game.ruleset.counters
    assert counters["bet"].shown and counters["bet"].scope == "hand"
    assert counters["high"].shown is None and counters["high"].scope == "hand"
    table, console = holdem_table([])
    obs = table.st.observation(0)
    console.print(table.view.status(obs, "status", 100))
    status = console.file.getvalue()
    assert "bet A " in status and "put A " in status                 # `shown: true`: drawn
    assert "high" not in status and "street" not in status             # a hand's working figures: not
    assert "high" in obs["counters"]                                    # though no secret
