"""`shuffle ZONE` during a hand: it keeps the zone's cards, the same state shuffles the same way,
and afterwards nobody knows the zone's order — not even of the cards everyone saw go in (they
came from a face-up pile). Two states that differ only in the shuffled stock's order look the
same to every seat: observation, determinization, the table; and so do two states that differ
only in which of those cards a player then drew."""
import random

import pytest

from ruledsl.explain.rulebook import explain
from test_leaks import table_text

RULES = """
name: Shuffled stock
players: 3
deck:
  pack: piquet-32
  order: [A, K, Q, J, 10, 9, 8, 7]
zones:
  hand: {owner: player, visible: owner}
  pile: {visible: all}
hand:
  - deal: {to: each, count: 2}
  - deal: {to: pile, count: 6}
  - ask:
      who: dealer
      prompt: make a new stock
      choices:
        restock:
          do: move [c for c in pile if c != last(pile)] to deck; SHUFFLE
  - ask:
      who: dealer
      prompt: draw
      choices:
        draw: {do: move last(deck) to hand(dealer)}
  - ask:
      who: next(dealer)
      prompt: draw
      choices:
        draw: {do: move last(deck) to hand(next(dealer))}
after_hand:
  - end_match: active
"""


@pytest.fixture
def game(load_rules):
    return load_rules(RULES.replace("SHUFFLE", "shuffle deck"))


def restocked(game, seed=7):
    st = game.new_initial_state(seed=seed, record=True)
    st.apply_action("restock")
    return st


def turned_in(game, seed=7):
    """The pile's cards that the restock moves into the stock: everyone saw them."""
    return set(game.new_initial_state(seed=seed).zones[-1][:-1])


def reordered(st, swap):
    """A copy of `st` whose stock has two of its cards swapped."""
    other = st.clone()
    deck = other.zones[0]
    i, j = swap
    deck[i], deck[j] = deck[j], deck[i]
    return other


def stock_and_rest(st):
    return sorted(st.zones[0]), [sorted(z) for z in st.zones[1:]]


def test_the_shuffle_keeps_the_cards_and_is_deterministic(game, load_rules):
    unshuffled = load_rules(RULES.replace("; SHUFFLE", ""), name="kept.yaml")
    a, b = restocked(game), restocked(game)
    kept = restocked(unshuffled)
    assert stock_and_rest(a) == stock_and_rest(kept)          # the same cards everywhere
    assert a.zones[0] != kept.zones[0]                        # … in a new order
    assert a.zones == b.zones                                 # the same seed: the same shuffle
    orders = {tuple(restocked(game, seed).zones[0]) for seed in range(8)}
    assert len(orders) == 8


def test_each_shuffle_of_a_hand_has_its_own_seed(load_rules):
    twice = load_rules(RULES.replace("SHUFFLE", "shuffle deck; shuffle deck"))
    st = restocked(twice)
    once = restocked(load_rules(RULES.replace("SHUFFLE", "shuffle deck"), name="once.yaml"))
    assert sorted(st.zones[0]) == sorted(once.zones[0]) and st.zones[0] != once.zones[0]


def test_the_stocks_order_is_nobodys_to_know(game):
    st = restocked(game)
    known = turned_in(game)
    assert len(known) == 5 and known <= set(st.zones[0])
    other = reordered(st, (0, len(st.zones[0]) - 1))
    assert other.zones[0] != st.zones[0]
    for seat in range(3):
        assert st.observation(seat) == other.observation(seat)
        d1, d2 = st.determinize(seat, random.Random(3)), other.determinize(seat, random.Random(3))
        assert d1.zones == d2.zones, f"seat {seat} could tell the stock's order"
        assert known <= set(d1.zones[0])        # the stock still holds the cards known to be there


def test_known_cards_were_kept_in_place_before_the_shuffle(load_rules):
    """The same rule without the shuffle: the stock's order is known (the pile turned over), and
    a determinization keeps it — the comparison above is one that can fail."""
    st = restocked(load_rules(RULES.replace("; SHUFFLE", "")))
    other = reordered(st, (len(st.zones[0]) - 2, len(st.zones[0]) - 1))     # two of the pile's cards
    d1, d2 = st.determinize(1, random.Random(3)), other.determinize(1, random.Random(3))
    assert d1.zones[0][-5:] == st.zones[0][-5:] and d1.zones != d2.zones


def test_which_shuffled_card_was_drawn_stays_hidden(game):
    st = restocked(game)
    other = reordered(st, (len(st.zones[0]) - 2, len(st.zones[0]) - 1))
    start = len(st.events), len(other.events)
    for s in (st, other):
        s.apply_action("draw")
    drawer = st.dealer
    assert st.zones[1 + drawer] != other.zones[1 + drawer]
    for seat in set(range(3)) - {drawer}:
        assert st.observation(seat) == other.observation(seat)
        assert table_text(st, seat, start[0]) == table_text(other, seat, start[1])
        d1, d2 = st.determinize(seat, random.Random(5)), other.determinize(seat, random.Random(5))
        assert d1.zones == d2.zones, f"seat {seat} could tell which card was drawn"
    mine = st.observation(drawer)["zones"]["hand"][drawer]["cards"]
    assert str(st.zones[1 + drawer][-1]) in mine


def test_a_card_shown_after_the_shuffle_stays_where_it_lies(load_rules):
    st = restocked(load_rules(RULES.replace("SHUFFLE", "shuffle deck; reveal last(deck)")))
    top = st.zones[0][-1]
    samples = [st.determinize(1, random.Random(seed)).zones[0] for seed in range(10)]
    assert all(d[-1] == top for d in samples)
    assert len({tuple(d[:-1]) for d in samples}) > 1


def test_determinizations_still_vary_the_shuffled_order(game):
    st = restocked(game)
    orders = {tuple(st.determinize(1, random.Random(seed)).zones[0]) for seed in range(10)}
    assert len(orders) > 1


def test_the_table_and_explain_say_so(game):
    st = game.new_initial_state(seed=7, record=True)
    seen = len(st.events)
    st.apply_action("restock")
    assert "» deck is shuffled" in table_text(st, 1, seen)
    words = " ".join(explain(game.ruleset, "md").split())
    assert "shuffle `deck` (nobody knows the order of its cards afterwards)" in words


def test_why_not_is_unaffected(game):
    st = restocked(game)
    assert st.why_not("restock") is not None
    assert st.why_not("draw") is None


TRICKS_RESHUFFLED = """
name: Tricks shuffled back
players: 2
deck:
  pack: piquet-32
  order: [A, K, Q, J, 10, 9, 8, 7]
zones:
  hand: {owner: player, visible: owner}
  won: {owner: player, visible: nobody}
hand:
  - deal: {to: each, count: 1}
  - tricks: {count: 1}
  - ask:
      who: dealer
      prompt: gather the trick
      choices:
        gather:
          do: move won(p) to deck for p in active; shuffle deck
after_hand:
  - end_match: active
"""


def test_a_trick_taken_face_up_and_shuffled_in_is_in_no_known_place(load_rules):
    """Everyone saw the trick's two cards; once they are shuffled into the stock nobody knows
    where they lie in it (the record of tricks taken must not keep them known in place)."""
    game = load_rules(TRICKS_RESHUFFLED)
    st = game.new_initial_state(seed=3)
    played = {c for hand in st.zones[1:3] for c in hand}         # each hand's one card
    for _ in range(2):
        st.apply_action(st.legal_actions()[0])
    assert st.action_to_string(st.legal_actions()[0]) == "gather"
    st.apply_action("gather")
    deck = st.zones[0]
    i, j = (k for k, c in enumerate(deck) if c in played)
    other = reordered(st, (i, j))
    for seat in range(2):
        d1, d2 = st.determinize(seat, random.Random(4)), other.determinize(seat, random.Random(4))
        assert d1.zones == d2.zones, f"seat {seat} could tell where the trick's cards lie"
        assert played <= set(d1.zones[0])       # but still that they are in the stock
