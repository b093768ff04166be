"""The web table's JSON API (docs/web.md) as a client meets it: rule files, tables, seats and
their tokens, views, moves and every way a move is refused, bots moving on the server, joining,
time travel, the downloaded log replaying exactly, and a table that fails leaving the others
playing. Bad input has its own file (test_web_input.py), privacy too (test_web_privacy.py)."""
import json
import re
import sqlite3

import pytest

from webtools import FOLDERS, ROOT, auth, client, new_table, new_table_in_play, play_out, rng, tokens_of, wait_for

from ruledsl.tools.gamelog import restore


@pytest.fixture
def c(tmp_path):
    with client(tmp_path / "tables.sqlite") as c:
        yield c


def test_the_rule_files_served_with_their_players_and_options(c):
    rules = {r["name"]: r for r in c.get("/api/rules").json()}
    shipped = {p.stem for folder in FOLDERS for p in folder.glob("*.yaml")}
    assert set(rules) == shipped
    kozel = rules["kozel"]
    assert kozel["title"] == "Bidding Kozel" and kozel["players"] == {"min": 2, "max": 5, "default": 3}
    chips = next(o for o in kozel["options"] if o["name"] == "chips")
    assert chips["default"] == 10 and chips["min"] == 1 and chips["help"]
    assert str(ROOT) not in c.get("/api/rules").text            # names only, never the server's paths
    book = c.get("/api/rules/kozel").json()
    assert book["html"].startswith("<h2>Bidding Kozel</h2>") and "<table>" in book["html"]
    assert c.get("/api/rules/..%2Fgames%2Fkozel").status_code == 404


def test_a_table_gives_each_persons_seat_a_token_once_and_keeps_only_its_digest(c, tmp_path):
    made = new_table(c, seats=["human", "random", "human"])
    assert [s["seat"] for s in made["seats"]] == ["A", "C"]
    tokens = list(tokens_of(made).values())
    assert len(set(tokens)) == 2 and all(len(t) >= 32 for t in tokens)
    stored = (tmp_path / "tables.sqlite").read_bytes() + b"".join(
        p.read_bytes() for p in tmp_path.glob("tables.sqlite-*"))
    assert not any(t.encode() in stored for t in tokens)        # only SHA-256 digests are kept
    again = c.get(f"/api/tables/{made['id']}", headers=auth(tokens[0])).json()
    assert "token" not in json.dumps(again)


def test_a_seats_view_and_a_spectators(c):
    made = new_table(c, seats=["human", "human", "human"])
    tokens = tokens_of(made)
    spectator = c.get(f"/api/tables/{made['id']}").json()
    mover = spectator["to_move"]
    mine = c.get(f"/api/tables/{made['id']}", headers=auth(tokens[mover])).json()
    other = next(s for s in "ABC" if s != mover)
    theirs = c.get(f"/api/tables/{made['id']}", headers=auth(tokens[other])).json()
    assert mine["seat"] == mover and mine["legal"] and mine["asked"] == "lead"
    assert theirs["legal"] == [] and theirs["asked"] is None
    assert sum(map(len, mine["view"]["hand"])) == 4 and spectator["view"]["hand"] == []
    assert spectator["seat"] is None and spectator["legal"] == []
    assert {"to_move", "legal", "view", "log", "over", "returns"} <= set(mine)
    for view in (mine, theirs, spectator):
        assert view["over"] is False and view["returns"] is None
        assert any(line["text"].startswith("── Hand 1") for line in view["log"])
    played = {c for group in mine["view"]["hand"] for c in group}
    assert all(m.split()[1] in played for m in mine["legal"])


def test_partnerships_are_in_the_view_when_the_match_has_them(c):
    couillon = c.get(f"/api/tables/{new_table(c, rules='couillon', players=4)['id']}").json()
    kozel = c.get(f"/api/tables/{new_table(c)['id']}").json()
    assert couillon["teams"] == [1, 2, 1, 2]        # seats i and i + n/2 are partners
    assert kozel["teams"] is None


def test_moves_are_refused_in_words_for_every_reason(c):
    made = new_table(c, seats=["human", "human", "human"])
    tid, tokens = made["id"], tokens_of(made)
    view = c.get(f"/api/tables/{tid}").json()
    mover = view["to_move"]
    other = next(s for s in "ABC" if s != mover)
    url = f"/api/tables/{tid}/actions"
    legal = c.get(f"/api/tables/{tid}", headers=auth(tokens[mover])).json()["legal"]
    cases = [
        ({}, {"action": legal[0]}, 403, "needs a seat's token"),
        (auth("not-a-token"), {"action": legal[0]}, 403, "gives no seat at this table"),
        ({"Authorization": "Basic x"}, {"action": legal[0]}, 401, "Bearer"),
        (auth(tokens[other]), {"action": legal[0]}, 403, f"not your turn: {mover} is to move"),
        (auth(tokens[mover]), {"action": "play ZZ"}, 409, "not allowed: 'ZZ' is not a card"),
        (auth(tokens[mover]), {"action": legal[0], "version": 7}, 409, "the table has moved on"),
    ]
    for headers, body, status, words in cases:
        r = c.post(url, headers=headers, json=body)
        assert r.status_code == status and words in r.json()["error"], (body, r.text)
    stale = c.post(url, headers=auth(tokens[mover]), json={"action": legal[0], "version": 7}).json()
    assert stale["view"]["version"] == 0 and stale["view"]["legal"] == legal
    held = {card for card in "AS KS QS JS 10S 9S 8S 7S 6S AH KH QH JH 10H 9H 8H 7H 6H".split()}
    missing = next(card for card in held if f"play {card}" not in legal)
    r = c.post(url, headers=auth(tokens[mover]), json={"action": f"play {missing}"})
    assert r.status_code == 409 and r.json()["error"].startswith("not allowed:") and r.json()["legal"] == legal
    ok = c.post(url, headers=auth(tokens[mover]), json={"action": legal[0], "version": 0})
    assert ok.status_code == 200 and ok.json()["version"] == 1 and ok.json()["legal"] == []
    replayed = c.post(url, headers=auth(tokens[mover]), json={"action": legal[0], "version": 0})
    assert replayed.status_code in (403, 409)                  # the same move again changes nothing
    assert c.get(f"/api/tables/{tid}").json()["version"] == 1


def test_why_and_hint_answer_only_the_seat_to_move(c):
    made = new_table(c, seats=["human", "human", "human"])
    tid, tokens = made["id"], tokens_of(made)
    mover = c.get(f"/api/tables/{tid}").json()["to_move"]
    other = next(s for s in "ABC" if s != mover)
    assert c.post(f"/api/tables/{tid}/why", headers=auth(tokens[other]), json={"action": "play AS"}).status_code == 403
    legal = c.get(f"/api/tables/{tid}", headers=auth(tokens[mover])).json()["legal"]
    yes = c.post(f"/api/tables/{tid}/why", headers=auth(tokens[mover]), json={"action": legal[0]}).json()
    assert yes == {"action": legal[0], "allowed": True, "reason": None}
    no = c.post(f"/api/tables/{tid}/why", headers=auth(tokens[mover]), json={"action": "play"}).json()
    assert no["allowed"] is False and "name the card" in no["reason"]
    assert c.get(f"/api/tables/{tid}/hint", headers=auth(tokens[other])).status_code == 403
    hint = c.get(f"/api/tables/{tid}/hint", headers=auth(tokens[mover])).json()
    assert sorted(m["action"] for m in hint["moves"]) == sorted(legal)
    values = [m["value"] for m in hint["moves"]]
    assert values[0] == max(values) and hint["moves"][0]["tied"] and hint["units"] == "hand"
    assert [m["best"] for m in hint["moves"]] == [True] + [False] * (len(values) - 1)   # one best; others maybe as good
    assert hint["worlds"] <= hint["floor"] and hint["capped"] == (hint["worlds"] < hint["floor"])


def test_bots_play_on_the_server_to_the_end(c):
    made = new_table_in_play(c, seats=["random", "random", "random"], options={"hands": 2})
    assert made["seats"] == []
    tid = made["id"]
    view = wait_for(lambda: (v := c.get(f"/api/tables/{tid}").json())["over"] and v)
    assert view["status"] == "over" and view["winners"] and len(view["returns"]) == 3
    assert view["result"]["lines"][-1]["label"] == "result"
    assert view["version"] > 0 and view["to_move"] is None


def test_an_open_seat_is_taken_once(c):
    made = new_table(c, seats=["human", "open", "random"])
    tid = made["id"]
    listed = next(t for t in c.get("/api/tables").json() if t["id"] == tid)
    assert [s["who"] for s in listed["seats"]] == ["person", "open", "bot"]
    assert c.post(f"/api/tables/{tid}/join", json={"seat": "A"}).status_code == 409
    assert c.post(f"/api/tables/{tid}/join", json={"seat": "Q"}).status_code == 400
    got = c.post(f"/api/tables/{tid}/join", json={"seat": "B"})
    assert got.status_code == 201 and got.json()["seat"] == "B"
    again = c.post(f"/api/tables/{tid}/join", json={})
    assert again.status_code == 409 and again.json()["error"] == "no seat is open at this table"
    view = c.get(f"/api/tables/{tid}", headers=auth(got.json()["token"])).json()
    assert view["seat"] == "B"


def test_a_finished_match_steps_back_and_its_log_replays(c, tmp_path):
    made = new_table_in_play(c, seats=["human", "human", "random"], options={"hands": 2})
    tid, tokens = made["id"], tokens_of(made)
    assert c.get(f"/api/tables/{tid}/history?step=1").status_code == 409      # not over yet
    assert c.get(f"/api/tables/{tid}/log").status_code == 409
    seen = {}
    play_out(c, tid, tokens, rng(5), on_view=lambda seat, v: seen.setdefault((seat, v["version"]), v))
    end = c.get(f"/api/tables/{tid}").json()
    steps = end["version"]
    for (seat, version), live in list(seen.items())[:25]:
        back = c.get(f"/api/tables/{tid}/history?step={version}", headers=auth(tokens[seat])).json()
        assert back["step"] == version and back["steps"] == steps
        assert back["view"] == live["view"] and back["log"] == live["log"]
    assert c.get(f"/api/tables/{tid}/history?step={steps + 1}").status_code == 400
    assert c.get(f"/api/tables/{tid}/history?step=-1").status_code == 400
    log = c.get(f"/api/tables/{tid}/log")
    assert log.status_code == 200 and "attachment" in log.headers["content-disposition"]
    path = tmp_path / "match.jsonl"
    path.write_text(log.text)
    done = restore(str(path), str(ROOT / "games"))
    assert done.actions == steps and done.state.is_terminal() and not done.warnings
    assert [r for r in map(json.loads, log.text.splitlines()) if r["type"] == "action"][0]["seat"] in (0, 1, 2)


@pytest.mark.slow          # 3-19 s of CPU (measured 7 Dec): CI runs it, the everyday loop does not
def test_the_api_never_names_the_seed(c, tmp_path):
    made = new_table(c, seats=["human", "random", "random"], options={"hands": 1})
    tid = made["id"]
    seed = sqlite3.connect(tmp_path / "tables.sqlite").execute("SELECT seed FROM tables").fetchone()[0]
    texts = [c.get(f"/api/tables/{tid}", headers=auth(made["seats"][0]["token"])).text,
             c.get(f"/api/tables/{tid}").text, c.get("/api/tables").text]
    for text in texts:
        assert "seed" not in text and not re.search(rf"\b{seed}\b", text)


def test_a_computer_player_is_seen_thinking_then_moves(tmp_path):
    with client(tmp_path / "t.sqlite", bot_pause=0.05) as c:
        made = new_table(c, seats=["human", "ismcts@300", "human"])
        tid, tokens = made["id"], tokens_of(made)
        with c.websocket_connect(f"/api/tables/{tid}/ws") as ws:
            ws.send_json({"token": tokens["A"]})
            thinking = []
            for _ in range(200):
                view = c.get(f"/api/tables/{tid}").json()
                if view["to_move"] == "B" or view["version"] > 6:
                    break
                mover = view["to_move"]
                legal = c.get(f"/api/tables/{tid}", headers=auth(tokens[mover])).json()["legal"]
                c.post(f"/api/tables/{tid}/actions", headers=auth(tokens[mover]), json={"action": legal[0]})
            for _ in range(100):
                message = ws.receive_json()["view"]
                thinking.append(message["thinking"])
                if message["to_move"] != "B" and "B" in thinking:
                    break
            assert "B" in thinking and thinking[-1] is None


def test_a_spectator_sees_every_card_shown_from_a_hand_seat_a_included():
    """Cards of a hand that every seat may see (Kozel's shown cards) are on a spectator's table,
    whichever seat holds them: a spectator has no hand of its own to leave out."""
    import random as _random

    import ruledsl
    from ruledsl.web.views import make_view, picture

    game = ruledsl.load_game(str(FOLDERS[0] / "kozel.yaml"))
    seen_in_a_hand = 0
    for seed in range(4):
        st, r = game.new_initial_state(seed=seed), _random.Random(seed)
        view = make_view(game.ruleset, st.n, None)
        while not st.is_terminal():
            obs = st.observation(None)
            shown = {c for i, z in enumerate(obs["zones"]["hand"]) for c in z.get("cards", [])}
            table = {c for item in picture(view, obs, st.card_sort_key())["table"]
                     if item["label"].startswith("hand ") for c in item["cards"]}
            assert table == shown
            seen_in_a_hand += bool(obs["zones"]["hand"][0].get("cards"))
            st.apply_action(r.choice(st.legal_actions()))
    assert seen_in_a_hand          # seat A did show cards in these matches


def test_the_cards_a_move_plays_come_from_the_engine_not_its_text(c):
    """Bridge's bids read as cards (`bid 2H`) but play none: `legal_cards` says so, and once play
    starts each move's cards are the card it plays."""
    made = new_table(c, rules="bridge", players=4, seats=["human"] * 4)
    tokens = tokens_of(made)

    def mine():
        seat = c.get(f"/api/tables/{made['id']}").json()["to_move"]
        return seat, c.get(f"/api/tables/{made['id']}", headers=auth(tokens[seat])).json()

    seat, view = mine()
    moves = dict(zip(view["legal"], view["legal_cards"]))
    assert "bid 2H" in moves and all(cards == [] for cards in moves.values())
    for call in ["bid 1C", "pass", "pass", "pass"]:
        r = c.post(f"/api/tables/{made['id']}/actions", headers=auth(tokens[seat]),
                   json={"action": call, "version": view["version"]})
        assert r.status_code == 200, r.text
        seat, view = mine()
    assert view["asked"] == "lead" and len(view["legal"]) == 13
    calls = [line for line in view["log"] if ": bid 1C" in line.get("text", "") or ": pass" in line.get("text", "")]
    assert len(calls) == 4 and all(line["cards"] is False for line in calls)      # drawn as words
    held = {card for group in view["view"]["hand"] for card in group}
    assert all(cards == [text.split()[1]] and cards[0] in held for text, cards in zip(view["legal"], view["legal_cards"]))


def test_a_decisions_line_in_the_log_draws_cards_only_when_its_value_is_cards(c):
    made = new_table(c, rules="rummy", players=2, seats=["human", "human"])
    tid, tokens = made["id"], tokens_of(made)
    seat = c.get(f"/api/tables/{tid}").json()["to_move"]
    r = c.post(f"/api/tables/{tid}/actions", headers=auth(tokens[seat]), json={"action": "draw"})
    discard = next(m for m in r.json()["legal"] if m.startswith("discard "))
    r = c.post(f"/api/tables/{tid}/actions", headers=auth(tokens[seat]), json={"action": discard})
    lines = {line["text"].split(": ", 1)[1]: line for line in r.json()["log"] if ": " in line.get("text", "")}
    assert lines["draw"]["cards"] is False and "cards" not in lines[discard]     # discard 7C: a card


def test_a_run_of_amounts_is_sent_as_one_and_any_amount_in_it_is_a_move(c):
    """Hold'em's raises of any size: the seat to move is told the run (`amounts`), which is
    exactly the legal moves `raise N` for N in it; a middle amount is accepted; a seat not to
    move, or a spectator, is sent none."""
    made = new_table(c, rules="holdem", players=2, seats=["human", "human"])
    tokens = tokens_of(made)
    seat = c.get(f"/api/tables/{made['id']}").json()["to_move"]
    other = next(s for s in tokens if s != seat)
    view = c.get(f"/api/tables/{made['id']}", headers=auth(tokens[seat])).json()
    run, = view["amounts"]
    raises = sorted(int(t.split()[1]) for t in view["legal"] if t.startswith(run["words"] + " "))
    assert raises == list(range(run["least"], run["most"] + 1)) and len(raises) >= 10
    assert c.get(f"/api/tables/{made['id']}", headers=auth(tokens[other])).json()["amounts"] == []
    assert c.get(f"/api/tables/{made['id']}").json()["amounts"] == []
    middle = f"{run['words']} {(run['least'] + run['most']) // 2}"
    r = c.post(f"/api/tables/{made['id']}/actions", headers=auth(tokens[seat]),
               json={"action": middle, "version": view["version"]})
    assert r.status_code == 200, r.text
    assert any(line.get("text", "").endswith(middle) for line in r.json()["log"])
