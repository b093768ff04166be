"""The packs: the built-in ones (written with the French suit letters), jokers, and packs written
out in the file with suits and ranks of their own."""
import pytest

import shipped

RULES = """
name: Packs
players: 2
deck:
  pack: PACK
  order: ORDER
hand:
  - deal: {to: each, count: 2}
after_hand:
  - end_match: active
"""


@pytest.mark.parametrize("pack, order, size", [
    ("french-52", "[A, K, Q, J, 10, 9, 8, 7, 6, 5, 4, 3, 2]", 52),
    ("piquet-32", "[A, K, Q, J, 10, 9, 8, 7]", 32),
    ("german-32", "[A, 10, K, Q, J, 9, 8, 7]", 32),
    ("italian-40", "[3, 2, A, K, Q, J, 7, 6, 5, 4]", 40),
    ("spanish-40", "[A, 3, K, Q, J, 7, 6, 5, 4, 2]", 40),
    ("spanish-48", "[A, K, Q, J, 9, 8, 7, 6, 5, 4, 3, 2]", 48),
])
def test_each_pack_has_its_cards(load_rules, pack, order, size):
    game = load_rules(RULES.replace("PACK", pack).replace("ORDER", order))
    st = game.new_initial_state(seed=1)
    cards = [c for zone in st.zones for c in zone]
    assert len(cards) == len(set(cards)) == size
    assert {str(c)[-1] for c in cards} == {"S", "H", "D", "C"}


def test_a_rank_the_pack_lacks_is_refused(load_rules):
    with pytest.raises(Exception, match="unknown rank '10'"):
        load_rules(RULES.replace("PACK", "italian-40").replace("ORDER", "[A, K, Q, J, 10, 7, 6, 5, 4, 3, 2]"))


POINTS = """
name: Hearts points
players: 4
deck:
  pack: french-52
  order: [A, K, Q, J, 10, 9, 8, 7, 6, 5, 4, 3, 2]
  points: {H: 1, QS: 13, AH: 2}
hand:
  - deal: {to: each, count: 13}
after_hand:
  - end_match: active
summary:
  points: points(hand(player))
"""


def test_points_by_suit_with_card_entries_first(load_rules):
    from ruledsl.explain.rulebook import explain
    game = load_rules(POINTS)
    st = game.new_initial_state(seed=3)
    deck = st.prog.deck
    assert [deck.points_of(deck.card(c)) for c in ("2H", "AH", "QS", "KS")] == [1, 2, 13, 0]
    assert deck.points_of(deck.cards) == 12 + 2 + 13
    text = explain(game.ruleset)
    assert "| every ♥ | 1 |" in text and "The whole deck holds 27 points." in text


def test_the_french_cards_keep_their_ids_in_every_pack(load_rules):
    """Card ids are given by name, the French pack's first: AS is 0, 2C is 51, as always, and
    an Italian or a jokered deck's French cards are the same ints."""
    from ruledsl.runtime.cards import Card
    assert [str(Card(i)) for i in (0, 12, 13, 51)] == ["AS", "2S", "AH", "2C"]
    game = load_rules(RULES.replace("PACK", "italian-40\n  jokers: 2").replace("ORDER", "[JK, A, K, Q, J, 7, 6, 5, 4, 3, 2]"))
    deck = game.new_initial_state().prog.deck
    assert int(deck.card("AS")) == 0 and int(deck.card("2C")) == 51
    assert [str(c) for c in deck.cards[-2:]] == ["JK1", "JK2"] and len(deck) == 42


WRITTEN = """
name: Written
players: 3
deck:
  pack:
    suits: {R: red, G: green, B: blue}
    ranks: [U, 10, 3, 1]
    names: {U: Unter}
  jokers: 1
  order: [JK, U, 10, 3, 1]
  points: {JK: 5, U: 2, G: 1, 1R: 4}
zones:
  won: {owner: player, visible: nobody}
hand:
  - deal: {to: each, count: 4}
  - tricks: {follow: suit, won: won}
after_hand:
  - end_match: active
summary:
  points: points(won(player))
"""


def test_a_pack_written_out_has_its_own_suits_ranks_and_points(load_rules):
    from ruledsl.explain.rulebook import explain
    game = load_rules(WRITTEN)
    st = game.new_initial_state(seed=2)
    deck = st.prog.deck
    assert sorted(str(c) for zone in st.zones for c in zone) == sorted(
        [r + s for s in "RGB" for r in ("U", "10", "3", "1")] + ["JK1"])
    assert [deck.points_of(deck.card(c)) for c in ("JK1", "UB", "UG", "3G", "1R", "1B")] == [5, 2, 2, 1, 4, 0]
    assert st.evaluate("suits_of([UB, 1R, JK1])") == ["R", "B"]       # in the pack's order; a joker has none
    assert st.evaluate("suit(JK1)") is None
    text = explain(game.ruleset)
    assert "A pack of its own, with a joker (JK1: a card of no suit, rank JK): 13 cards, 4 ranks in each of " \
           "the three suits (R red, G green, B blue)." in text
    assert "U Unter" in text


def test_an_unpromoted_joker_is_a_suit_of_its_own(load_rules):
    """A joker that is not a trump follows nothing and is followed by nothing: led, it obliges
    no one (the other players hold no joker) and it wins."""
    game = load_rules(WRITTEN)
    st = game.new_initial_state(players=3, dealer=2, deals=[{"hand": {0: "JK1 UR 10R 3R", 1: "UG 10G 3G 1G",
                                                                       2: "UB 10B 3B 1B"}}])
    st.apply_action("play JK1")
    assert sorted(map(str, st.legal_actions())) == ["10G", "1G", "3G", "UG"]
    st.apply_action("play UG")
    st.apply_action("play UB")
    assert st.winner == 0


def test_a_written_pack_plays_pickles_and_numbers_its_actions(load_rules):
    """Cards beyond the French 52 pickle by name; the action integers and the observation
    tensor are the deck's own (13 cards, three suits), not the French pack's."""
    import pickle

    from ruledsl.runtime import indices
    from ruledsl.tools.simulate import play_out
    import random
    game = load_rules(WRITTEN)
    st = game.new_initial_state(seed=4)
    again = pickle.loads(pickle.dumps(st))
    assert [list(map(str, z)) for z in again.zones] == [list(map(str, z)) for z in st.zones]
    code = indices.coding(st.prog)
    assert code.names[:13] == [str(c) for c in st.prog.deck.cards] and code.done == 13
    assert play_out(st, random.Random(0)).is_terminal()


FISHING = """
name: Jokers fishing
players: 2
deck:
  pack: italian-40
  jokers: 2
  order: [JK, A, K, Q, J, 7, 6, 5, 4, 3, 2]
  values: {A: 1, 2: 2, 3: 3, 4: 4, 5: 5}
zones:
  table: {visible: all}
  pile: {owner: player, visible: nobody}
hand:
  - deal: {to: each, count: 2}
  - deal: {to: table, count: 3}
  - captures: {first: next(dealer), table: table, rank: true, sum: true, optional: true, pile: pile}
after_hand:
  - end_match: active
"""


def test_a_joker_captures_a_joker_by_rank_and_is_never_part_of_a_sum(load_rules):
    game = load_rules(FISHING)
    st = game.new_initial_state(players=2, dealer=1, deals=[{"hand": {0: "JK1 5S", 1: "AH 2H"},
                                                             "table": "JK2 2C 3D"}])
    legal = sorted(st.action_to_string(a) for a in st.legal_actions())
    assert legal == ["play 5S", "play 5S take 2C 3D", "play JK1", "play JK1 take JK2"]


def test_the_observation_tensor_has_a_place_for_each_card_of_a_written_pack_and_its_jokers():
    """examples/four-colours.yaml: 36 cards and 2 jokers, so each zone section is 38 cards and
    a count; the observer's own hand is marked card by card, the other hand only counted."""
    from pathlib import Path

    from ruledsl.runtime import indices
    game = shipped.load(Path(__file__).parents[1] / "examples" / "four-colours.yaml")
    layout = dict(game.observation_layout(2))
    assert layout["zone hand 0"] == layout["zone hand 1"] == 38 + 1
    st = game.new_initial_state(players=2, seed=1, deals=[{"hand": {0: "JK1 9R 1Y 5G 5B"}}])
    t, start = st.observation_tensor(0), 0
    for name, size in game.observation_layout(2):
        if name == "zone hand 0":
            break
        start += size
    card = indices.coding(st.prog).card
    mine = {i for i in range(38) if t[start + i]}
    assert mine == {card[st.prog.deck.card(c)] for c in ("JK1", "9R", "1Y", "5G", "5B")}
    assert not any(t[start + 39:start + 39 + 38])        # the other hand: its count only
