"""What tools read of a game and its matches: `game.zones()` and `game.counters()`, and the event
log — every kind documented in docs/api.md, and `deal` events that name the zone and, in the
full log, the cards, which a seat is told only where it sees them."""
import re
from pathlib import Path

import shipped
from ruledsl.runtime.observe import event_seen

ROOT = Path(__file__).parents[1]
GAMES = sorted((ROOT / "games").glob("*.yaml"))


def test_zones_and_counters_say_owner_visibility_and_scope():
    couillon = shipped.load(ROOT / "games" / "couillon.yaml")
    zones = {z.name: z for z in couillon.zones()}
    assert list(zones)[:2] == ["deck", "hand"]
    assert zones["hand"] == ("hand", "player", "owner") and zones["tricks"].owner == "team"
    assert zones["deck"].owner == "table" and zones["tricks"].visible == "nobody"
    counters = {c.name: c for c in couillon.counters()}
    assert counters["score"] == ("score", "team", "all", "match")
    coteccio = shipped.load(ROOT / "games" / "coteccio.yaml")
    scopes = {c.name: (c.owner, c.scope) for c in coteccio.counters()}
    assert scopes["lives"] == ("player", "match") and "hand" in {scope for _, scope in scopes.values()}


def test_a_deal_names_its_zone_and_the_cards_each_seat_got():
    st = shipped.load(ROOT / "games" / "cicera.yaml").new_initial_state(seed=3, players=4, record=True)
    hands, table = [e for e in st.events if e["kind"] == "deal"]
    assert (hands["zone"], hands["count"], hands["visible"]) == ("hand", 12, "owner")
    assert sorted(hands["to"]) == [0, 1, 2, 3]
    for seat, cards in zip(hands["to"], hands["cards"]):
        assert cards == [str(c) for c in st.prog.hand_of(st, seat)]        # nobody has played yet
    assert (table["zone"], table["to"], table["visible"]) == ("table", [], "all")
    assert table["cards"] == [[str(c) for c in st.evaluate("table")]]


def test_a_seat_sees_only_the_cards_dealt_where_it_sees():
    st = shipped.load(ROOT / "games" / "cicera.yaml").new_initial_state(seed=3, players=4, record=True)
    hands, table = [e for e in st.events if e["kind"] == "deal"]
    seen = event_seen(hands, 2)
    for seat, cards in zip(seen["to"], seen["cards"]):
        assert (cards == [None] * 12) == (seat != 2)
    assert event_seen(table, 2) == table and event_seen(table, None) == table     # face up on the table
    assert all(cards == [None] * 12 for cards in event_seen(hands, None)["cards"])


def test_every_kind_of_event_is_documented():
    kinds = set()
    for path in GAMES:
        game = shipped.load(path)
        for players in (game.min_players, game.max_players):
            st = game.new_initial_state(seed=1, players=players, record=True)
            st.play_out(__import__("random").Random(1))
            kinds |= {e["kind"] for e in st.events}
    api = (ROOT / "docs" / "api.md").read_text(encoding="utf-8")
    documented = set(re.findall(r"^\| `(\w+)`(?:, `(\w+)`)? \|", api, re.M))
    documented = {k for pair in documented for k in pair if k}
    assert {"deal", "play", "trick", "choice", "summary", "end"} <= kinds
    assert kinds <= documented, kinds - documented
