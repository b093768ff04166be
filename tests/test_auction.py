"""`auction:` — bidding up a ladder: `style: round` (each in turn; double and redouble; over when
all but one pass after a bid) and `style: duel` (two at a time; the challenger bids or passes,
the holder holds or passes; the next challenger comes in against the one left)."""
from __future__ import annotations

import random

import pytest

import ruledsl
from ruledsl.errors import RuleErrors
from ruledsl.explain.rulebook import explain

ROUND = """\
name: Round auction
players: 4
teams: partners
deck:
  pack: french-52
  order: [A, K, Q, J, 10, 9, 8, 7, 6, 5, 4, 3, 2]
zones:
  hand: {owner: player, visible: owner}
  won: {owner: team, visible: all}
counters:
  contract: {start: none, scope: hand}
  declarer: {start: none, scope: hand}
  doubling: {start: 0, scope: hand}
  heard: {start: "[]", scope: hand}
hand:
  - deal: {to: each, count: 13}
  - auction:
      who: order(dealer)
      bids: "[[level, strain] for level in range(1, 8) for strain in [C, D, H, S, 'NT']]"
      double: true
      bid: contract
      by: declarer
      doubled: doubling
      calls: heard
  - when: contract == none
    redeal:
  - tricks: {leader: next(declarer), follow: suit, won: won}
after_hand:
  - end_match: "[p for p in seats if count(won(p)) >= 26]"
summary:
  contract: contract
  calls: len(heard)
"""

DUEL = """\
name: Duel auction
players: 3
deck:
  pack: piquet-32
  order: [A, 10, K, Q, J, 9, 8, 7]
zones:
  hand: {owner: player, visible: owner}
  won: {owner: player, visible: all}
counters:
  game_value: {start: none, scope: hand}
  soloist: {start: none, scope: hand}
hand:
  - deal: {to: each, count: 10}
  - auction:
      who: order(next(dealer))
      style: duel
      bids: [18, 20, 22, 23, 24, 27, 30]
      bid: game_value
      by: soloist
  - when: soloist == none
    redeal:
  - tricks: {leader: next(dealer), follow: suit}
after_hand:
  - end_match: "[soloist]"
"""


def load(tmp_path, text, name="rules.yaml"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return ruledsl.load_game(path)


@pytest.fixture
def round_game(tmp_path):
    return load(tmp_path, ROUND)


@pytest.fixture
def duel_game(tmp_path):
    return load(tmp_path, DUEL)


def texts(st) -> list[str]:
    return [st.action_to_string(a) for a in st.legal_actions()]


def play(st, *calls):
    for call in calls:
        assert st.why_not(call) is None, (call, st.why_not(call))
        st.apply_action(call)


def test_round_each_in_turn_bids_higher_or_passes_and_doubles_the_other_side(round_game):
    st = round_game.new_initial_state(seed=1, dealer=0, record=True)
    assert st.current_player() == 0
    assert texts(st)[:3] == ["bid 1C", "bid 1D", "bid 1H"] and texts(st)[-1] == "pass" and len(texts(st)) == 36
    play(st, "bid 1H")
    assert "double" in texts(st) and "bid 1H" not in texts(st) and texts(st)[0] == "bid 1S"
    play(st, "double")
    assert texts(st)[-1] == "redouble"              # 2 is on the bidder's side
    play(st, "pass")
    assert "redouble" not in texts(st) and "double" not in texts(st)     # 3 doubled side; nothing left to double
    assert st.evaluate("contract") == [1, "H"] and st.evaluate("declarer") == 0 and st.evaluate("doubling") == 1
    play(st, "bid 2C")                             # 3's new bid clears the double
    assert st.evaluate("doubling") == 0 and st.evaluate("declarer") == 3
    play(st, "pass", "pass")
    assert st.current_player() == 2 and st.asked() == "bid higher than 2C, pass, or double"
    play(st, "pass")                                # three passes after a bid: over
    assert st.asked() == "lead" and st.current_player() == 0
    assert st.evaluate("contract") == [2, "C"] and st.evaluate("declarer") == 3
    assert st.evaluate("heard") == [[0, "bid", [1, "H"]], [1, "double", None], [2, "pass", None],
                                    [3, "bid", [2, "C"]], [0, "pass", None], [1, "pass", None], [2, "pass", None]]
    # the first of the winning side to name the final strain, as an expression over the calls
    assert st.evaluate("first(c[0] for c in heard if c[1] == 'bid' and team(c[0]) == team(declarer) "
                       "and c[2][1] == contract[1])") == 3
    said = [(e["seat"], e["action"]) for e in st.events if e["kind"] == "choice"]
    assert said[:2] == [(0, "bid 1H"), (1, "double")]


def test_what_a_bidder_is_asked_names_only_the_calls_open(round_game):
    st = round_game.new_initial_state(seed=1)
    assert st.asked() == "bid or pass"
    top = texts(st)[-2]                               # the ladder's highest bid
    play(st, top)
    assert st.asked() == "pass or double"             # nothing is higher than the top
    play(st, "double")
    assert st.asked() == "pass or redouble"


def test_round_passed_by_everyone_leaves_no_bid(round_game):
    st = round_game.new_initial_state(seed=2, dealer=1, record=True)
    play(st, "pass", "pass", "pass")
    assert st.current_player() == 0                  # the fourth may still open
    play(st, "pass")
    redeals = [e for e in st.events if e["kind"] == "hand" and e["redeal"]]
    assert len(redeals) == 1 and st.current_player() == 1 and st.evaluate("heard") == []


def test_round_why_not_names_the_rule(round_game):
    st = round_game.new_initial_state(seed=1, dealer=0)
    assert st.why_not("double") == "there is no bid to double"
    assert st.why_not("hold") == "only the player being bid to holds; bid or pass"
    assert st.why_not("bid 8C").startswith("'8C' is not a bid here; the bids, lowest first: 1C, 1D, 1H")
    assert st.why_not("shout") == "'shout' is not a call: bid or pass"
    play(st, "bid 3nt")
    assert st.why_not("bid 2S") == "a bid must be higher than 3NT"
    assert st.why_not("bid 3 NT") == "a bid must be higher than 3NT"
    assert st.why_not("redouble") == "you may redouble only a double of your side's bid"
    play(st, "pass")
    assert st.why_not("double") == "you may double only a bid of the other side"


def test_duel_challenger_bids_the_holder_holds_or_passes_the_next_comes_in(duel_game):
    st = duel_game.new_initial_state(seed=1, dealer=0)
    # order(next(dealer)): 1 holds, 2 challenges first, then 0
    assert st.current_player() == 2 and texts(st) == ["bid 18", "bid 20", "bid 22", "bid 23", "bid 24", "bid 27",
                                                      "bid 30", "pass"]
    play(st, "bid 20")
    assert st.current_player() == 1 and texts(st) == ["hold", "pass"] and st.asked() == "hold 20 or pass"
    play(st, "hold")
    assert st.current_player() == 2 and texts(st)[0] == "bid 22"
    play(st, "bid 23", "pass")                     # the holder drops out: 2 is left, 0 comes in
    assert st.current_player() == 0 and texts(st)[0] == "bid 24"
    assert st.evaluate("game_value") == 23 and st.evaluate("soloist") == 2
    play(st, "bid 24")
    assert st.current_player() == 2
    play(st, "hold", "pass")                       # 0 gives up: 2 holds 24
    assert st.evaluate("game_value") == 24 and st.evaluate("soloist") == 2 and st.asked() == "lead"
    assert st.why_not("hold") is not None


def test_duel_nobody_bid_the_one_left_may_open_or_pass(duel_game):
    st = duel_game.new_initial_state(seed=3, dealer=0, record=True)
    play(st, "pass")                               # 2 passes to 1; 0 comes in
    assert st.current_player() == 0
    play(st, "pass")
    assert st.current_player() == 1 and texts(st)[0] == "bid 18" and texts(st)[-1] == "pass"
    play(st, "bid 18")
    assert st.evaluate("game_value") == 18 and st.evaluate("soloist") == 1 and st.asked() == "lead"
    st = duel_game.new_initial_state(seed=3, dealer=0, record=True)
    play(st, "pass", "pass", "pass")
    assert any(e["kind"] == "hand" and e["redeal"] for e in st.events)


def test_random_auctions_end_and_agree_with_the_integer_actions_and_determinize(round_game, duel_game):
    for game in (round_game, duel_game):
        for seed in range(3):
            rng = random.Random(seed)
            st = game.new_initial_state(seed=seed)
            while not st.is_terminal() and st.steps < 300:
                seat = st.current_player()
                assert sorted(st.action_index(a) for a in st.legal_actions()) == st.legal_indices()
                d = st.determinize(seat, rng)
                assert d.legal_actions() == st.legal_actions() and d.asked() == st.asked()
                st.apply_action(rng.choice(st.legal_actions()))
            assert len(st.observation_tensor(0)) == len(game.new_initial_state(seed=0).observation_tensor(0))


def test_explain_says_how_each_auction_goes(round_game, duel_game):
    text = explain(round_game.ruleset)
    assert "An auction: each of" in text and "doubles a bid of the other side" in text
    assert "`contract` holds the winning bid" in text
    assert "two at a time" in explain(duel_game.ruleset)


def test_double_belongs_to_a_round(tmp_path):
    with pytest.raises(RuleErrors) as info:
        load(tmp_path, DUEL.replace("style: duel", "style: duel\n      double: true"))
    (error,) = info.value.errors
    assert error.message == "double and redouble belong to an auction of style round" and error.span.line == 17


def test_who_bids_may_not_depend_on_hidden_cards(tmp_path):
    """Whether a seat is in the auction is seen by all: a `who:` that reads a hand tells them."""
    from ruledsl.tools import checks
    game = load(tmp_path, DUEL.replace("who: order(next(dealer))", 'who: "[p for p in seats if holds(hand(p), AS)]"'))
    told = [w for w in checks.warnings(game) if "whether this question is asked depends on hand(p)" in w.message]
    assert len(told) == 1 and told[0].span.line == 15
