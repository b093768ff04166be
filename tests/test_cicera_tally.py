"""Cicera's end-of-hand tally (RULES.md §3.1, §3.2, §3.3, §7) on piles set directly.

Each test plays a hand made of one `do:` step that puts the given cards in the two team piles
(the rest on the table, where nobody owns them: nobody captured last), followed by the rule
file's own steps from the end of play on — its gathering and scoring steps, as loaded from
games/cicera.yaml — then its summary and after_hand. Expected values are worked out by hand from
the rules. Team X is seats A and C (team 0), team Y is B and D (team 1).
"""
from pathlib import Path

import attrs
import pytest

from ruledsl import Game
from ruledsl.errors import Collector
from ruledsl.front.load import load, read_steps
from ruledsl.source import Source
from ruledsl.front.yamlnodes import read_yaml

RULES = load(Path(__file__).parents[1] / "games" / "cicera.yaml")
SCORING = RULES.hand[[s.kind for s in RULES.hand].index("captures") + 1:]     # the file's own steps
RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]


def suit(s, ranks=RANKS):
    return [r + s for r in ranks]


def tally(x, y, inplay=(0, 0), score=(0, 0), options=None):
    """Score a hand whose piles hold `x` and `y`; return (summary lines per team, the state).
    A second hand waits at its start (an ask), so the state after the first can be seen."""
    assert not set(x) & set(y)
    text = (f"- when: hand_number > 1\n  ask: {{who: dealer, choices: {{wait: }}}}\n"
            f"- do: move [{', '.join(x)}] to pile(0); move [{', '.join(y)}] to pile(1); move deck to table\n")
    errors = Collector()
    steps = read_steps(read_yaml(Source("tally.yaml", text)), "hand", errors)
    errors.check()
    game = Game(attrs.evolve(RULES, hand=steps + SCORING))
    st = game.new_initial_state(seed=0, options=options, dealer=0, record=True,
                                counters={"score": list(score), "inplay": list(inplay)})
    lines = next(e for e in st.events if e["kind"] == "summary")["lines"]
    return {label: (values[0], values[1]) for label, values in lines.items()}, st


def test_worked_example_5_full_hand():
    # §3.3.5: X 28 cards, swords A 2 3 5 9 Q, 10D, 3 in play; Y 24 cards, 7 swords, JH, 2 in play.
    x_spades = suit("S", ["A", "2", "3", "5", "9", "Q"])
    y_spades = suit("S", ["4", "6", "7", "8", "10", "J", "K"])
    x = x_spades + ["10D"] + suit("H", RANKS[:10]) + suit("C")[:11]                 # 6+1+10+11 = 28
    y = y_spades + ["JH", "QH", "KH"] + [c for c in suit("D") if c != "10D"] + ["QC", "KC"]  # 7+3+12+2 = 24
    assert len(x) == 28 and len(y) == 24
    lines, st = tally(x, y, inplay=(3, 2))
    assert lines["hand"] == ("10", "4")
    assert lines["most cards"] == ("2", "0") and lines["most spades"] == ("0", "1")
    assert lines["napula"] == ("3", "0")


def test_cards_26_26_scores_nothing():
    # §3.2.7: a 26-26 split scores nothing. X: spades and hearts; Y: diamonds and clubs.
    # X = swords 1 + napula 13 + Mata 1 + JH 1 = 16; Y = 10D 1.
    lines, _ = tally(suit("S") + suit("H"), suit("D") + suit("C"))
    assert lines["most cards"] == ("0", "0")
    assert lines["hand"] == ("16", "1")


def test_majorities_compare_only_captured_cards():
    # §3.2.8 and §7: the KS lies on the table, owned by nobody; 6 swords each is a tie (no point),
    # 25 cards against 12 is a majority although neither team has 27.
    x = suit("S", RANKS[:6]) + suit("H") + suit("C", RANKS[:6])          # 6 + 13 + 6 = 25
    y = suit("S", RANKS[6:12]) + suit("D", RANKS[:6])                    # 6 + 6 = 12
    lines, _ = tally(x, y)
    assert lines["spades"] == ("6", "6") and lines["most spades"] == ("0", "0")
    assert lines["cards"] == ("25", "12") and lines["most cards"] == ("2", "0")


@pytest.mark.parametrize("spades,napula", [
    (["A", "2"], 0),                          # §3.2.1: no napula without the 3
    (["2", "3", "4", "5"], 0),                # nor without the ace
    (["A", "2", "3"], 3),                     # A-2-3 alone is worth 3
    (["A", "2", "3", "4", "6", "7"], 4),      # the run stops at the missing 5
    (RANKS[:11], 11),                         # A to J: the J counts 11 (§3.2.2)
    (RANKS, 13),                              # all 13
])
def test_napula(spades, napula):
    lines, _ = tally(suit("S", spades), ["QD"])
    assert lines["napula"] == (str(napula), "0")


@pytest.mark.parametrize("spades,napula", [(RANKS, 10), (RANKS[:9], 9), (["A", "2"], 0)])
def test_napula_capped_at_10(spades, napula):
    lines, _ = tally(suit("S", spades), ["QD"], options={"napula_cap_10": True})
    assert lines["napula"] == (str(napula), "0")


def test_single_cards():
    # Mata (2S), 10D and JH are worth 1 each to the team holding them.
    lines, _ = tally(["2S", "JH"], ["10D"])
    assert lines["mata 2S"] == ("1", "0") and lines["JH"] == ("1", "0") and lines["10D"] == ("0", "1")
    # X: cards 2 (2 > 1) + spades 1 (1 > 0) + Mata 1 + JH 1 = 5; Y: 10D 1.
    assert lines["hand"] == ("5", "1")


def test_first_to_51_wins_and_ties_play_on():
    # §3.1 game end. X 41 + 10 = 51 alone: X wins.
    x = ["AS", "2S", "3S", "10D"] + suit("H")[:10]        # 14 cards, 3 spades, run A-3
    y = ["4S", "JH"]                                      # 2 cards, 1 spade
    # X = cards 2 + spades 1 + napula 3 + Mata 1 + 10D 1 = 8; Y = JH 1 (JH is not in x: x has AH-10H).
    lines, st = tally(x, y, inplay=(2, 0), score=(41, 40))
    assert lines["hand"] == ("10", "1")
    assert st.is_terminal() and st.winners == (0, 2)
    # Both at 51 or more and equal: another hand.
    _, st = tally(x, y, inplay=(2, 0), score=(45, 54))
    assert not st.is_terminal() and st.hand_number == 2
