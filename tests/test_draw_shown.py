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
