"""Nothing hidden is ever sent (issue 30 §4): over many matches of every shipped game played
through the API by scripted clients — one per seat, and a spectator — every message the server
sends (each HTTP answer and each WebSocket push) holds no card its receiver may not know.

What a seat may know is the engine's rule (tests/test_leaks.py, test_determinize.py check the
engine itself): the cards of its observation and those it remembers (`knowledge.known`) at each
decision of the hand, and the cards the hand's events showed it — plays face up (or its own),
captures, reveals to all or to it, a secret choice only to its chooser, announcements and
summaries. A spectator may know only what every seat may know. Log lines are checked against
the hand they belong to; the rest of a message against the hand it shows (but for `asked`, the
rule file's own prompt to the seat to move).
"""
import random

import pytest

from webtools import FOLDERS, auth, client, new_table, tokens_of

from ruledsl.runtime import knowledge
from ruledsl.runtime.cards import known_card
from ruledsl.runtime.helpers import SEAT_NAMES

GAMES = sorted(FOLDERS[0].glob("*.yaml"))
EXAMPLES = sorted(FOLDERS[1].glob("*.yaml"))


class Knowledge:
    """Per seat and hand, the cards that seat may know (read from the server's own state)."""

    def __init__(self, players: int):
        self.n = players
        self.allowed: dict = {}             # (seat, hand) → set of card names
        self.seen = 0                       # events read
        self.hand = 0

    def add(self, seat, hand, cards) -> None:
        self.allowed.setdefault((seat, hand), set()).update(str(c) for c in cards)

    def update(self, st) -> None:
        """Take in the events since the last call, then the decision the match waits at."""
        for e in st.events[self.seen:]:
            self.event(e)
        self.seen = len(st.events)
        for seat in range(self.n):
            self.add(seat, st.hand_number, _cards_in(st.observation(seat)))
            self.add(seat, st.hand_number, _mask_cards(st, knowledge.known(st, seat)))

    def event(self, e: dict) -> None:
        kind = e["kind"]
        if kind == "hand":
            self.hand = e["number"]
            return
        for seat in range(self.n):
            if kind == "play":
                if not e.get("face_down") or e["seat"] == seat:
                    self.add(seat, self.hand, e["cards"])
                self.add(seat, self.hand, e.get("taken") or [])
            elif kind == "reveal" and ("to" not in e or seat in e["to"]):
                self.add(seat, self.hand, e["cards"])
            elif kind == "choice":
                said = e["action"] if e["seat"] == seat or "public" not in e else e["public"] or ""
                self.add(seat, self.hand, _words_cards(said))
            elif kind == "say":
                self.add(seat, self.hand, _words_cards(e["text"]))
            elif kind == "summary":
                for values in e["lines"].values():
                    for v in values:
                        self.add(seat, self.hand, _words_cards(str(v)))

    def may_know(self, seat, hand) -> set:
        if seat is not None:
            return self.allowed.get((seat, hand), set())
        every = [self.allowed.get((s, hand), set()) for s in range(self.n)]
        return set.intersection(*every)

    def check(self, message, seat, what: str) -> None:
        """Every card in `message` (a view, or a WebSocket message holding one) is one `seat`
        may know, in the hand each part belongs to."""
        view = message.get("view", message) if message.get("type") == "view" else message
        if not isinstance(view, dict) or "log" not in view:
            return
        shown = (view.get("view") or {}).get("hand_number", 0)
        for line in view["log"]:
            self._check(line, seat, line["hand"], what)
        # `asked` is the rule file's prompt to the seat to move (its own question, as the
        # terminal asks it): the cards it names are the rules' words, not the deal's.
        self._check({k: v for k, v in view.items() if k not in ("log", "asked")}, seat, shown, what)

    def _check(self, part, seat, hand, what) -> None:
        leaked = _strings_cards(part) - self.may_know(seat, hand)
        who = "a spectator" if seat is None else f"seat {SEAT_NAMES[seat]}"
        assert not leaked, f"{what}: {who} was sent {sorted(leaked)} in hand {hand}: {part}"


def _cards_in(value) -> set:
    return _strings_cards(value)


def _strings_cards(value) -> set:
    out = set()
    if isinstance(value, str):
        out |= _words_cards(value)
    elif isinstance(value, dict):
        for v in value.values():
            out |= _strings_cards(v)
    elif isinstance(value, list):
        for v in value:
            out |= _strings_cards(v)
    return out


def _words_cards(text: str) -> set:
    return {word for word in text.replace(",", " ").split() if known_card(word) is not None and
            str(known_card(word)) == word}


def _mask_cards(st, mask: int) -> list:
    deck = st.prog.deck.cards
    return [c for c in deck if mask >> c & 1]


def play_and_check(c, rules, players, seed, limit, every=7):
    """One match, every seat played by a random client that reads its view from its WebSocket;
    every push checked, and every `every` moves each seat's GET and a refused `why` too."""
    made = new_table(c, rules=rules, players=players, seats=["human"] * players)
    tid, tokens = made["id"], tokens_of(made)
    token = {seat: tokens[SEAT_NAMES[seat]] for seat in range(players)} | {None: None}
    table = c.app.state.room.tables[tid]
    known = Knowledge(players)
    rng = random.Random(seed)
    sockets = {}
    for seat in token:
        ws = c.websocket_connect(f"/api/tables/{tid}/ws").__enter__()
        ws.send_json({"token": token[seat]})
        sockets[seat] = ws
    try:
        known.update(table.state)
        for step in range(limit):
            views = {seat: _drain(ws, table.version, known, seat, f"{rules} push {step}")
                     for seat, ws in sockets.items()}
            if table.state.is_terminal() or table.status != "playing":
                break
            mover = table.state.current_player()
            if step % every == 0:
                for seat in token:
                    got = c.get(f"/api/tables/{tid}", headers=auth(token[seat]))
                    known.check(got.json(), seat, f"{rules} GET {step}")
                refused = c.post(f"/api/tables/{tid}/why", headers=auth(token[mover]), json={"action": "play AS"})
                known.check(refused.json(), mover, f"{rules} why {step}")
            r = c.post(f"/api/tables/{tid}/actions", headers=auth(token[mover]),
                       json={"action": rng.choice(views[mover]["legal"])})
            assert r.status_code == 200, r.text
            known.update(table.state)
            known.check(r.json(), mover, f"{rules} POST {step}")
    finally:
        for ws in sockets.values():
            ws.__exit__(None, None, None)
    return table


def _drain(ws, version, known, seat, what) -> dict:
    """The pushes up to the table's `version`, each checked; the last view."""
    while True:
        message = ws.receive_json()
        known.check(message, seat, what)
        if message["type"] == "view" and message["view"]["version"] >= version:
            return message["view"]


@pytest.fixture(scope="module")
def c(tmp_path_factory):
    with client(tmp_path_factory.mktemp("db") / "t.sqlite") as c:
        yield c


def test_a_match_with_face_down_plays_sends_nobody_a_card_it_may_not_know(c):
    table = play_and_check(c, "kozel-closed", 3, seed=1, limit=40)
    assert any(e["kind"] == "play" and e.get("face_down") for e in table.state.events)


@pytest.mark.slow
@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.stem)
def test_matches_of_every_game_send_nobody_a_card_it_may_not_know(c, path):
    """The fewest and the most players, a few hands each."""
    for seed, players in enumerate(sorted(set(_players(c, path.stem)))):
        table = play_and_check(c, path.stem, players, seed=seed, limit=150)
        assert table.state.is_terminal() or table.version == 150         # played on, never stopped


@pytest.mark.slow
@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_a_match_of_every_variant_sends_nobody_a_card_it_may_not_know(c, path):
    play_and_check(c, path.stem, _players(c, path.stem)[1], seed=2, limit=100)


def _players(c, name):
    rules = {r["name"]: r for r in c.get("/api/rules").json()}[name]
    return rules["players"]["min"], rules["players"]["max"]


def test_the_check_sees_a_card_sent_to_the_wrong_seat(c):
    """So that the tests above can fail: another seat's card, put into a view, is caught."""
    made = new_table(c, rules="kozel", players=3, seats=["human"] * 3)
    table = c.app.state.room.tables[made["id"]]
    known = Knowledge(3)
    known.update(table.state)
    view = c.get(f"/api/tables/{made['id']}", headers=auth(made["seats"][0]["token"])).json()
    known.check(view, 0, "honest")
    # a card of B's that neither A nor a spectator may know (the deal may have ended a hand and
    # shown cards: the current hand, and a card still hidden in it)
    hand = table.state.hand_number
    seen = known.may_know(0, hand) | known.may_know(None, hand)
    theirs = [str(card) for card in table.state.zones[table.state.prog.layout.zones["hand"][1] + 1]
              if str(card) not in seen]
    view["view"]["trick"] = [{"seat": "B", "cards": theirs[:1]}]
    with pytest.raises(AssertionError, match="seat A was sent"):
        known.check(view, 0, "leaky")
    with pytest.raises(AssertionError, match="a spectator was sent"):
        known.check({"log": [{"hand": hand, "text": f"B holds {theirs[0]}"}], "view": {"hand_number": hand}},
                    None, "leaky")
