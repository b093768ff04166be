"""`draw … as:` keeps the cards drawn in a counter; `show: true` shows them to everyone (the
opponent sees a card drawn from the stock while it lies in the drawer's hand), through the
zones' visibility: an observation shows exactly those cards."""

RULES = """
name: Shown draws
players: 2
deck:
  pack: french-52
  keep: [A, K, Q, J]
  order: [A, K, Q, J]
zones:
  won: {owner: player, visible: nobody}
counters:
  drawn: {start: "[]", visible: VISIBLE}
hand:
  - deal: {to: each, count: 2}
  - tricks:
      follow: any
      after_trick:
        - draw: {upto: 2, as: drawn, show: SHOW}
after_hand:
  - end_match: active
"""
HANDS = {0: "AS KS", 1: "AH KH"}


def start(dealt, show):
    # Dealer B: A leads; the stock is what the deal left, drawn from its end. The counter of
    # cards drawn is seen by everyone only when the cards are shown.
    rules = RULES.replace("SHOW", show).replace("VISIBLE", "all" if show == "true" else "nobody")
    return dealt(rules, 2, HANDS, dealer=1)


def test_the_cards_drawn_are_kept_and_shown(dealt):
    st = start(dealt, "true")
    stock = [str(c) for c in st.zones[0]]
    st.apply_action("play AS")
    st.apply_action("play AH")
    drawn = st.observation(0)["counters"]["drawn"]
    assert sorted(drawn) == sorted(stock[-2:])          # one each, from the top of the stock
    hands = st.observation(1)["zones"]["hand"]
    assert hands[0]["cards"] == [drawn[0]]              # A's draw, shown to B; A's KS stays hidden
    assert drawn[1] in hands[1]["cards"]


def test_without_show_the_drawn_cards_stay_hidden(dealt):
    st = start(dealt, "false")
    st.apply_action("play AS")
    st.apply_action("play AH")
    assert "drawn" not in st.observation(1)["counters"]
    assert len(st.evaluate("drawn")) == 2
    assert "cards" not in st.observation(1)["zones"]["hand"][0]


# Three players; A's first card is revealed to B alone, and the cards drawn are shown to SHOW.
SEATS_RULES = RULES.replace("players: 2", "players: 3").replace("VISIBLE", "nobody").replace(
    "  - tricks:", "  - do: reveal hand(0)[0] to [1]\n  - tricks:")
THREE = {0: "AS KS", 1: "AH KH", 2: "AD KD"}


def test_cards_revealed_or_drawn_are_shown_to_the_chosen_seats_only(dealt):
    """`reveal … to` and `draw … show: SEATS`: the seats named see the cards where they lie,
    the others see only the hand's size; a determinization keeps them where those seats know
    they are and is free to move them for the others."""
    import random
    st = dealt(SEATS_RULES.replace("SHOW", "winner"), 3, THREE, dealer=2)
    obs = [st.observation(s)["zones"]["hand"][0] for s in range(3)]
    assert obs[1]["cards"] == ["AS"] and "cards" not in obs[2]
    assert all(d.zones[1].count(st.prog.deck.card("AS")) for d in (st.determinize(1, random.Random(i))
                                                                   for i in range(10)))
    assert any(st.prog.deck.card("AS") not in d.zones[1] for d in (st.determinize(2, random.Random(i))
                                                                  for i in range(10)))
    for play in ("play KS", "play KH", "play KD"):          # A wins with the KS led
        st.apply_action(play)
    assert st.winner == 0
    drawn = {s: [str(c) for c in st.zones[1 + s][1:]] for s in range(3)}
    assert all(len(d) == 1 for d in drawn.values())
    assert [st.observation(0)["zones"]["hand"][s]["cards"] for s in (1, 2)] == [drawn[1], drawn[2]]
    seen_by_b = st.observation(1)["zones"]["hand"]
    assert seen_by_b[0]["cards"] == ["AS"] and "cards" not in seen_by_b[2]       # B saw A's AS, not C's draw


def test_the_table_tells_a_seat_not_shown_only_how_many(dealt, load_rules):
    from ruledsl.runtime.helpers import SEAT_NAMES
    from ruledsl.table.render import Look
    from ruledsl.table.view import View
    game = load_rules(SEATS_RULES.replace("SHOW", "false"))
    st = game.new_initial_state(players=3, deals=[{"hand": THREE}], dealer=2, record=True)
    (e,) = [e for e in st.events if e["kind"] == "reveal"]
    assert e["to"] == [1]
    views = [View(game.ruleset, 3, s, Look(game.ruleset.deck.ranks, SEAT_NAMES, symbols=False)) for s in range(3)]
    assert views[1].event(e).plain == "shown to you: AS"
    assert views[2].event(e).plain == "1 card(s) shown to B"


def test_a_reveal_to_everyone_is_a_reveal(dealt):
    st = dealt(SEATS_RULES.replace("[1]", "seats").replace("SHOW", "false"), 3, THREE, dealer=2)
    assert st.observation(2)["zones"]["hand"][0]["cards"] == ["AS"]


def test_show_naming_player_is_worked_out_for_each_drawer(dealt):
    """`show: left(player)`: each card drawn is shown to its drawer's left neighbour only."""
    st = dealt(SEATS_RULES.replace("SHOW", "left(player)").replace("  - do: reveal hand(0)[0] to [1]\n", ""),
               3, THREE, dealer=2)
    for play in ("play KS", "play KH", "play KD"):
        st.apply_action(play)
    drawn = {s: [str(c) for c in st.zones[1 + s][1:]] for s in range(3)}
    assert all(len(d) == 1 for d in drawn.values())
    for drawer in range(3):
        for seat in set(range(3)) - {drawer}:
            seen = st.observation(seat)["zones"]["hand"][drawer].get("cards", [])
            assert seen == (drawn[drawer] if seat == (drawer + 1) % 3 else []), (drawer, seat)


def test_explain_says_who_player_is_in_show(load_rules):
    from ruledsl.explain.rulebook import explain
    game = load_rules(SEATS_RULES.replace("SHOW", "left(player)"))
    words = " ".join(explain(game.ruleset, "md").split())
    assert "The cards each player draws are shown to `left(player)`, `player` being the drawer." in words
