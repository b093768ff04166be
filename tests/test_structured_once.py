"""What an ask works out once a decision instead of once a candidate or a choice, and that it
still offers what the brute force offers (tests/structured_oracle.py) at every decision of
random matches: a choice's values telling a later choice what it asks again, steady parts of a
`when:`, a steady choice of tests, a comparison several choices test, a list-less value read
from a table. The generated code is checked for the work done once.
"""
from __future__ import annotations

import random
import re

import ruledsl

from structured_oracle import same_answers, strict


# -- a choice's values telling a later choice what it asks again (candidates.Known) ----------------

KNOWN = """\
name: Known
players: 2
deck: {order: [A, K, Q, J, 10, 9, 8, 7, 6, 5, 4, 3, 2]}
zones:
  hand: {owner: player, visible: owner}
  pile: {visible: all}
counters:
  open: {start: true, scope: hand}
functions:
  fits(c): rank(c) == rank(last(pile)) or suit(c) == suit(last(pile))
  playable(p): any(fits(c) for c in hand(p))
hand:
  - deal: {to: each, count: 5}
  - deal: {to: pile, count: 1}
  - turns:
      until: count(hand(player)) == 0 or count(deck) == 0
      turn:
        - ask:
            who: player
            choices:
              play: {each: c in hand(player), when: open and fits(c) and rank(c) != '2', do: move c to pile; open = not open}
              draw: {when: not playable(player) or not open, do: move last(deck) to hand(player); open = true}
              wait: {when: "any(fits(d) for d in hand(player))", do: open = not open}
after_hand:
  - end_match: seats
"""


def test_a_later_choice_reads_what_a_choices_values_found_and_offers_what_the_brute_force_offers(tmp_path):
    """`playable(player)` and `any(fits(d) …)` ask again what the play choice's loop tested on every
    card (fits(c), its first part): `_l` reads it from a flag — or, where the loop did not run
    (`open` false), works it out — and offers what `_e` offers at every decision."""
    path = tmp_path / "known.yaml"
    path.write_text(KNOWN, encoding="utf-8")
    game = ruledsl.load_game(path)
    source = game.program(2).source
    listing = source[source.index("def _l0"):source.index("def _a0")]
    assert listing.count(" is None:") == 2          # both later choices read the flag (or work it out)
    rng, checked, closed = random.Random(5), 0, 0
    for seed in range(12):
        st = game.new_initial_state(seed=seed)
        while st.current_player() >= 0:
            assert same_answers(st, strict(path)) is not False
            checked += 1
            closed += st.evaluate("not open") is True
            st.apply_action(rng.choice(st.legal_actions()))
    assert checked > 100 and closed > 10          # both ways: the loop run, and not


# -- steady parts worked out once, before the values (candidates.Planner.steady/hoist) ------------

STEADY = """\
name: Steady
players: 2
deck: {order: [A, K, Q, J, 10, 9, 8, 7, 6, 5, 4, 3, 2]}
zones:
  hand: {owner: player, visible: owner}
  pile: {visible: all}
counters:
  wish: {start: none, scope: hand}
functions:
  upcard(): last(pile)
  fits(c, p): "rank(c) == rank(upcard()) or suit(c) == (wish if wish != none else suit(upcard())) or count(hand(p)) > 6"
hand:
  - deal: {to: each, count: 5}
  - deal: {to: pile, count: 1}
  - turns:
      until: count(hand(player)) == 0 or count(deck) == 0
      turn:
        - ask:
            who: player
            choices:
              play: {each: c in hand(player), when: "fits(c, player)", do: "move c to pile; wish = suit(c) if rank(c) == 'J' else none"}
              draw: {do: move last(deck) to hand(player)}
after_hand:
  - end_match: seats
"""


def test_the_steady_parts_of_a_when_are_worked_out_once_each_and_offer_what_the_brute_force_offers(tmp_path):
    """`fits(c)` reads the top card through a function (`upcard()`) three times, the hand and `wish`
    twice: each is worked out once before the loop over the hand (a function's body holding a
    call is not taken for one that reads the value), and nothing in the loop reads a zone; `_l`
    offers what `_e` offers at every decision."""
    path = tmp_path / "steady.yaml"
    path.write_text(STEADY, encoding="utf-8")
    game = ruledsl.load_game(path)
    source = game.program(2).source
    listing = source[source.index("def _l0"):source.index("def _a0")]
    before, loop = re.split(r"\n *for _v\w+ in \w+:\n", listing, maxsplit=1)     # the loop statement
    loop = loop[:loop.index("return")]
    assert "st.zones" not in loop and "st.cv" not in loop     # the top card, the hand, wish: before it
    assert before.count("[-1]") == 1 and before.count("st.cv[") == 1
    rng, checked = random.Random(3), 0
    for seed in range(8):
        st = game.new_initial_state(seed=seed)
        while st.current_player() >= 0:
            assert same_answers(st, strict(path)) is True
            checked += 1
            st.apply_action(rng.choice(st.legal_actions()))
    assert checked > 100


# -- a steady choice between two tests, taken out of the loop (lang/steps/unswitch.py) ----------

SPLIT = """\
name: Split
players: 2
deck: {order: [A, K, Q, J, 10, 9, 8, 7, 6, 5, 4, 3, 2]}
zones:
  hand: {owner: player, visible: owner}
  pile: {visible: all}
counters:
  owed: {start: 0, scope: hand}
  wish: {start: none, scope: hand}
functions:
  fits(c): "rank(c) == '7' if owed > 0 else rank(c) == 'J' or (suit(c) == wish if wish != none else rank(c) == rank(last(pile)))"
  playable(p): any(fits(c) for c in hand(p))
hand:
  - deal: {to: each, count: 5}
  - deal: {to: pile, count: 1}
  - turns:
      until: count(hand(player)) == 0 or count(deck) == 0
      turn:
        - ask:
            who: player
            choices:
              play: {each: c in hand(player), when: "fits(c) and rank(c) != '2'",
                     do: "move c to pile; owed = 2 if rank(c) == '7' else 0; wish = suit(c) if rank(c) == 'J' else none"}
              draw: {when: not playable(player), do: move last(deck) to hand(player); owed = 0}
              pass: {when: "any(fits(d) for d in hand(player))", do: "wish = none if wish != none else H"}
after_hand:
  - end_match: seats
"""


def test_a_steady_choice_of_tests_is_made_once_and_offers_what_the_brute_force_offers(tmp_path):
    """`fits(c)` chooses its test by `owed > 0`, and within it by `wish != none`: the hand is looped
    over three times, under the steady tests, none of them in a loop; the later choices read the
    flag the loops keep; `_l` offers what `_e` offers at every decision, each way reached."""
    path = tmp_path / "split.yaml"
    path.write_text(SPLIT, encoding="utf-8")
    game = ruledsl.load_game(path)
    source = game.program(2).source
    listing = source[source.index("def _l0"):source.index("def _a0")]
    loops = re.split(r"\n *for _v\w+ in \w+:\n", listing)[1:]
    assert len(loops) == 3 + 2 and listing.count(" is None:") == 2     # (+ each `any` where no loop ran)
    for loop in loops[:3]:          # each card's test: no steady test left in it, no counter read
        test = loop.splitlines()[0].split("#")[0].strip()
        assert test.startswith("if ") and " if " not in test[3:] and "st.cv[" not in test, test
    rng, checked, ways = random.Random(7), 0, set()
    for seed in range(12):
        st = game.new_initial_state(seed=seed)
        while st.current_player() >= 0:
            assert same_answers(st, strict(path)) is True
            checked += 1
            ways.add((st.evaluate("owed > 0"), st.evaluate("wish != none")))
            st.apply_action(rng.choice(st.legal_actions()))
    assert checked > 100 and {(True, False), (False, True), (False, False)} <= ways


# -- a comparison several choices test, worked out once (lang/steps/known.py shared_tests) --------

SHARED = """\
name: Shared
players: 2
deck: {order: [A, K, Q, J, 10, 9, 8, 7, 6, 5, 4, 3, 2]}
zones:
  hand: {owner: player, visible: owner}
  pile: {visible: all}
counters:
  drawn: {start: "[]", scope: hand}
hand:
  - deal: {to: each, count: 3}
  - deal: {to: pile, count: 1}
  - turns:
      next: "player if drawn != [] else next(player)"
      until: count(hand(player)) == 0 or count(deck) == 0
      turn:
        - ask:
            who: player
            choices:
              play: {each: c in hand(player), when: "suit(c) == suit(last(pile)) and (drawn == [] or c in drawn)",
                     do: "move c to pile; drawn = []"}
              draw: {when: "drawn == [] and count(deck) > 0", do: "move last(deck) to hand(player); drawn = [last(hand(player))]"}
              keep: {when: "drawn != []", do: "drawn = []"}
after_hand:
  - end_match: seats
"""


def test_a_comparison_several_choices_test_is_worked_out_once_and_offers_what_the_brute_force_offers(tmp_path):
    """`drawn == []` (play's branch, draw's first part) and `drawn != []` (keep) are one
    comparison in `_l`, made before the choices; `_l` offers what `_e` offers at every decision,
    with and without a card just drawn, and every choice is taken."""
    path = tmp_path / "shared.yaml"
    path.write_text(SHARED, encoding="utf-8")
    game = ruledsl.load_game(path)
    source = game.program(2).source
    listing = source[source.index("def _l0"):source.index("def _a0")]
    assert listing.count("_empty") == 1, listing
    rng, checked, ways, taken = random.Random(7), 0, set(), set()
    for seed in range(8):
        st = game.new_initial_state(seed=seed)
        while st.current_player() >= 0:
            assert same_answers(st, strict(path)) is True
            checked += 1
            ways.add(st.evaluate("drawn == []"))
            action = rng.choice(st.legal_actions())
            taken.add(action[0])
            st.apply_action(action)
    assert checked > 100 and ways == {True, False} and taken == {0, 1, 2}


# -- a list less the value, asked for each value (lang/steps/less.py) -------------------------------

LESS = """\
name: Less
players: 2
deck:
  order: [K, Q, J, 10, 9, 8, 7, 6, 5, 4, 3, 2, A]
  orders: {run: [A, 2, 3, 4, 5, 6, 7, 8, 9, 10, J, Q, K]}
  points: {K: 10, Q: 10, J: 10, 10: 10, 9: 9, 8: 8, 7: 7, 6: 6, 5: 5, 4: 4, 3: 3, 2: 2, A: 1}
zones:
  hand: {owner: player, visible: owner}
  pile: {visible: all}
functions:
  deadwood(xs): "points(xs) - sum(points(m) for m in best_melds(xs, 'run'))"
  without(xs, c): "[d for d in xs if d != c]"
hand:
  - deal: {to: each, count: 10}
  - turns:
      until: count(deck) == 0
      turn:
        - do: move last(deck) to hand(player)
        - ask:
            who: player
            choices:
              knock: {each: c in hand(player), when: "deadwood(without(hand(player), c)) <= 30", do: move c to pile}
              shed: {each: c in hand(player), when: "points([d for d in hand(player) + pile if c != d]) > 60",
                     do: move c to pile}
              twice: {each: c in hand(player), when: "points([d for d in hand(player) + hand(player) if d != c]) % 3 == 0",
                      do: move c to pile}
              alone: {each: c in hand(player), do: move c to pile,
                      when: "sum(points(m) for m in best_melds([d for d in hand(player) if d == c], 'run')) == 0 and
                             points([d for d in hand(player) if d == c]) > 5"}
              plus: {each: c in hand(player), when: "points([d for d in hand(player) + [c] if d != c]) > 60",
                     do: move c to pile}
              other: {each: c in hand(player), when: "points([d for d in hand(player) if d != first(hand(player))]) >
                      40 + points(c)", do: move c to pile}
after_hand:
  - end_match: seats
"""


def test_a_list_less_each_value_is_read_from_a_table_and_offers_what_the_brute_force_offers(tmp_path):
    """The points, and the points of the best melds, of a list less the choice's card (through the
    file's functions, written inline, `c != d`, a list holding each card twice) are read from
    tables made once a decision; a list of the cards equal to it is not (it is no list less the
    card), nor a list less something else, nor less the card from a list that holds it again —
    and `_l` offers what `_e` offers at every decision of random matches."""
    path = tmp_path / "less.yaml"
    path.write_text(LESS, encoding="utf-8")
    game = ruledsl.load_game(path)
    source = game.program(2).source
    listing = source[source.index("def _l0"):source.index("def _a0")]
    assert listing.count(".melded_less(") == 1 and listing.count("POINTS_LESS") == 3
    assert listing.count(".best(") == 1                  # the cards equal to c: split as written
    rng, checked, taken = random.Random(7), 0, set()
    for seed in range(6):
        st = game.new_initial_state(seed=seed)
        while st.current_player() >= 0:
            assert same_answers(st, strict(path)) is True
            checked += 1
            taken |= {index for index, _ in st.prog.legal[st.pc](st)}
            st.apply_action(rng.choice(st.legal_actions()))
    assert checked > 100 and taken == set(range(6))
