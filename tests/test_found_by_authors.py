"""What broke when an author wrote ten pagat games from the docs alone (issue 33 §2): each
mistake reproduced in a small rule file, with what it must give now."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

import ruledsl
import shipped
from ruledsl.errors import RuleErrors
from ruledsl.tools import checks
from ruledsl.tools.scenarios import run_file

ROOT = Path(__file__).parents[1]

HEAD = """\
name: Small
players: 2
deck:
  pack: french-52
  order: [A, K, Q, J, 10, 9, 8, 7, 6, 5, 4, 3, 2]
zones:
  hand: {owner: player, visible: owner}
  won: {owner: player, visible: all}
  pile: {visible: all}
"""
END = """\
after_hand:
  - end_match: active
"""


def load(tmp_path, text: str, name: str = "rules.yaml"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return ruledsl.load_game(path)


def errors(tmp_path, text: str) -> list[str]:
    with pytest.raises(RuleErrors) as info:
        load(tmp_path, text)
    return [f"{e.span.line}:{e.span.col}: {e.message}" + (f" | {e.hint}" if e.hint else "")
            for e in info.value.errors]


def test_a_summary_line_counts_cards_of_a_suit_bound_by_its_loop(tmp_path):
    """`cards(xs, s)` with `s` from the line's own comprehension: each suit's count (it once read
    the suit's cards before the loop had bound `s`, and failed at play time)."""
    game = load(tmp_path, HEAD + """\
counters:
  by_suit: {per: player, start: "[]", scope: hand}
hand:
  - deal: {to: each, count: 5}
  - tricks: {follow: suit}
  - do: by_suit(p) = [len(cards(won(p), s)) for s in suits] for p in seats
""" + END + """\
summary:
  by suit: "[len(cards(won(player), s)) for s in suits]"
  in do: by_suit(player)
""")
    for seed in range(3):
        st = game.new_initial_state(seed=seed, record=True)
        while not st.is_terminal():
            st.apply_action(st.legal_actions()[0])
        lines = next(e for e in st.events if e["kind"] == "summary")["lines"]
        assert lines["by suit"] == lines["in do"]          # the summary and a do: step agree
        counts = [[int(x) for x in re.findall(r"\d+", text)] for text in lines["by suit"]]
        assert counts == [[st.evaluate(f"count(c for c in won({p}) if suit(c) == {s})") for s in "SHDC"]
                          for p in (0, 1)]
        assert sum(map(sum, counts)) == 10


NO_ANSWER = "none of this ask's answers is open to the player asked: check the choices' `when:` and `each:` " \
    "(offer `pass` where the rules allow it)"
ASK_NOTHING = HEAD + """\
hand:
  - deal: {to: each, count: 5}
  - ask:
      who: next(dealer)
      choices:
        discard: {each: c in hand(player), when: rank(c) == 'Z', do: move c to pile}
  - tricks: {follow: suit}
""" + END


def test_an_ask_with_no_answer_open_is_an_error_at_the_ask(tmp_path):
    """An ask none of whose choices is open was passed over in silence."""
    assert errors(tmp_path, ASK_NOTHING) == [f"12:5: no legal action for the player to move | {NO_ANSWER}"]


def test_an_ask_with_no_answer_in_turns_is_not_an_endless_loop(tmp_path):
    """Inside `turns:` it surfaced as 'did not end within 100,000 turns', with a hint about until:."""
    text = HEAD + """\
hand:
  - deal: {to: each, count: 5}
  - turns:
      until: count(hand(player)) == 0
      turn:
        - ask:
            who: player
            choices:
              play: {each: c in hand(player), when: rank(c) == 'Z', do: move c to pile}
""" + END
    assert errors(tmp_path, text) == [f"15:11: no legal action for the player to move | {NO_ANSWER}"]


def test_an_ask_some_seats_answer_still_asks_them_in_turn(tmp_path):
    game = load(tmp_path, HEAD + """\
hand:
  - deal: {to: each, count: 2}
  - ask:
      who: order(next(dealer))
      choices:
        discard: {each: c in hand(player), do: move c to pile}
  - tricks: {follow: suit}
""" + END)
    st = game.new_initial_state(seed=1, dealer=0)
    assert st.current_player() == 1
    st.apply_action(st.legal_actions()[0])
    assert st.current_player() == 0 and st.asked() is not None


def test_one_type_error_in_a_function_a_choice_calls_is_one_error(tmp_path):
    """A mistake inside a function called by a choice's `when:` dropped the choice's `do:` from
    type inference: every later use of the counters it assigns was reported as none."""
    text = HEAD + """\
counters:
  bid: {start: none, scope: hand}
  bidder: {start: none, scope: hand}
functions:
  strong(p): points(p) > 3
hand:
  - deal: {to: each, count: 5}
  - ask:
      who: next(dealer)
      choices:
        bid: {each: "n in range(2, 5)", when: strong(player), do: bid = n; bidder = player}
        pass:
  - when: bid != none
    do: bid = bid + 1
  - when: bidder != none
    say: "{name(bidder)} bids {bid}"
  - tricks: {follow: suit, leader: "bidder if bidder != none else next(dealer)"}
""" + END
    assert errors(tmp_path, text) == ["14:21: `points()` takes cards; `p` is a seat | in strong(p) called at line 20"]


def test_a_type_error_in_a_steps_condition_keeps_its_statements_typing(tmp_path):
    text = HEAD + """\
counters:
  bid: {start: none, scope: hand}
hand:
  - deal: {to: each, count: 5}
  - when: points(dealer) > 1
    do: bid = 3
  - do: bid = bid + 1; bid = bid * 2
  - tricks: {follow: suit}
""" + END
    assert errors(tmp_path, text) == ["14:18: `points()` takes cards; `dealer` is a seat"]


def test_a_counter_named_like_a_built_in_function_is_warned_and_named_at_the_call(tmp_path):
    text = HEAD + """\
counters:
  last: {start: none, scope: hand}
hand:
  - deal: {to: each, count: 5}
  - do: last = last(hand(dealer))
  - tricks: {follow: suit}
""" + END
    assert errors(tmp_path, text) == [
        "14:16: the counter 'last' hides the built-in last() | rename the counter (e.g. 'last_value') to call "
        "the built-in; the counter itself is read as `last`"]
    game = load(tmp_path, text.replace("last = last(hand(dealer))", "last = hand(dealer)[-1]; last = last"))
    assert [(w.span.line, w.message) for w in checks.warnings(game)] == [
        (11, "counter 'last' has the name of the built-in function last(), which it hides: the file cannot call it")]


def test_a_counter_named_like_a_built_in_name_is_an_error(tmp_path):
    text = HEAD + """\
counters:
  winner: {start: none, scope: hand}
hand:
  - deal: {to: each, count: 5}
  - do: winner = dealer
  - tricks: {follow: suit}
""" + END
    assert errors(tmp_path, text) == [
        "11:3: counter 'winner' has the name of a built-in: `winner` would always read the built-in, never the "
        "counter | give the counter another name, such as 'winner_counter'"]


def test_the_deadwood_example_of_the_language_reference_computes_the_deadwood():
    """docs/language.md §7's deadwood line was `points(best_melds(…))`, a list of lists."""
    doc = (ROOT / "docs" / "language.md").read_text(encoding="utf-8")
    line = next(x for x in doc.splitlines() if "best_melds" in x and "# deadwood" in x)
    text = line.split("#")[0].strip()
    game = shipped.game("rummy")
    for seed in range(5):
        st = game.new_initial_state(seed=seed, players=2)
        hand = st.evaluate("hand(0)")
        melds = st.evaluate("best_melds(hand(0), 'run')")
        melded = [c for m in melds for c in m]
        left = [c for c in hand if c not in melded]
        assert st.evaluate(text, player=0) == st.evaluate("points(hand(0))") - sum(
            st.evaluate(f"points({c})") for c in melded)
        assert st.evaluate(text, player=0) == sum(st.evaluate(f"points({c})") for c in left)


def test_auto_end_of_hand_stops_at_the_next_hand_as_the_scenario_docs_say(tmp_path):
    """docs/scenarios.md said it stops at the hand's summary; the steps after a hand run at once,
    so the expectations see the next hand begun and the ended hand through `summary`."""
    doc = (ROOT / "docs" / "scenarios.md").read_text(encoding="utf-8")
    assert "see the *next* hand begun" in doc
    rules = tmp_path / "rules.yaml"
    rules.write_text(HEAD + """\
counters:
  taken: {per: player, start: 0, scope: hand}
  total: {per: player, start: 0}
hand:
  - deal: {to: each, count: 2}
  - tricks: {follow: suit}
  - do: taken(p) = count(won(p)) for p in seats; total(p) += taken(p) for p in seats
after_hand:
  - when: hand_number == 2
    end_match: active
summary:
  taken: taken(player)
""", encoding="utf-8")
    scenario = tmp_path / "s.yaml"
    scenario.write_text("""\
scenario: end of hand
ruleset: rules.yaml
players: 2
dealer: A
deals:
  - hand: {A: [AS, AH], B: [2S, 2H]}
steps:
  - auto: end_of_hand
  - expect:
      hand_number: 2
      summary: {taken: {A: 4, B: 0}}
      counters: {taken: {A: 0, B: 0}, total: {A: 4, B: 0}}
      terminal: false
""", encoding="utf-8")
    outcome = run_file(scenario)
    assert outcome.ok, outcome.failure
