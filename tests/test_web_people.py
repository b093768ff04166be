"""The people at a table (docs/web.md): the names they give their seats (POST .../name), what
they write to the table (POST .../talk), shown to everyone there (spectators too) in every view
and the lobby, kept with the table across a restart and into the next match; refused in words
from a spectator, too long or on several lines; the talk capped. And a computer player standing
in for a person who is away (POST .../stand-in), until they take their seat back (.../back)."""
from webtools import auth, client, new_table_in_play, play_out, rng, tokens_of, wait_for

from ruledsl import bots
from ruledsl.web import people
from ruledsl.web.tables import TALK_SHOWN


def _say(c, table_id, token, text):
    return c.post(f"/api/tables/{table_id}/talk", headers=auth(token), json={"text": text})


def test_what_people_seated_write_reaches_everyone_at_the_table_and_is_kept(tmp_path):
    db = tmp_path / "tables.sqlite"
    with client(db) as c:
        made = new_table_in_play(c, seats=["human", "human", "random"], options={"hands": 1})
        tid, tokens = made["id"], tokens_of(made)
        assert c.get(f"/api/tables/{tid}").json()["talk"] == []
        said = _say(c, tid, tokens["A"], "  good luck <b>all</b>  ")
        assert said.status_code == 201 and said.json() == {"seat": "A", "text": "good luck <b>all</b>"}
        assert _say(c, tid, tokens["B"], "you too").status_code == 201
        talk = [{"seat": "A", "text": "good luck <b>all</b>"}, {"seat": "B", "text": "you too"}]
        for token in (tokens["A"], tokens["B"], None):                 # each seat and a spectator
            assert c.get(f"/api/tables/{tid}", headers=auth(token)).json()["talk"] == talk

        refusals = [(None, "hello", 403), (tokens["A"], "   ", 400), (tokens["A"], "x" * 201, 400),
                    (tokens["A"], "two\nlines", 400), (tokens["A"], 7, 400)]
        for token, text, status in refusals:
            r = _say(c, tid, token, text)
            assert r.status_code == status and r.json()["error"], (text, r.text)
        play_out(c, tid, tokens, rng(2))
        assert _say(c, tid, tokens["B"], "well played").status_code == 201    # after the match too
        talk.append({"seat": "B", "text": "well played"})

    with client(db) as c:                                              # a restarted server keeps it
        assert c.get(f"/api/tables/{tid}").json()["talk"] == talk


def test_a_tables_talk_is_capped(tmp_path, monkeypatch):
    monkeypatch.setattr(people, "MAX_TALK", 3)
    with client(tmp_path / "tables.sqlite") as c:
        made = new_table_in_play(c, seats=["human", "random", "random"])
        tid, token = made["id"], tokens_of(made)["A"]
        assert [_say(c, tid, token, f"m{i}").status_code for i in range(4)] == [201, 201, 201, 409]
        assert [m["text"] for m in c.get(f"/api/tables/{tid}").json()["talk"]] == ["m0", "m1", "m2"]


def test_a_view_carries_the_latest_messages_only(tmp_path):
    shown = TALK_SHOWN
    with client(tmp_path / "tables.sqlite") as c:
        made = new_table_in_play(c, seats=["human", "random", "random"])
        tid, token = made["id"], tokens_of(made)["A"]
        for i in range(shown + 5):
            assert _say(c, tid, token, f"m{i}").status_code == 201
        texts = [m["text"] for m in c.get(f"/api/tables/{tid}").json()["talk"]]
        assert texts == [f"m{i}" for i in range(5, shown + 5)]


def test_a_person_names_their_seat_for_everyone_and_keeps_it_into_the_next_match(tmp_path):
    db = tmp_path / "tables.sqlite"
    with client(db) as c:
        made = new_table_in_play(c, seats=["human", "human", "random"], options={"hands": 1})
        tid, tokens = made["id"], tokens_of(made)
        r = c.post(f"/api/tables/{tid}/name", headers=auth(tokens["B"]), json={"name": "  Bob   the  Builder "})
        assert r.status_code == 200 and r.json() == {"seat": "B", "name": "Bob the Builder"}
        for token in (tokens["A"], None):
            seats = c.get(f"/api/tables/{tid}", headers=auth(token)).json()["seats"]
            assert [s.get("name") for s in seats] == [None, "Bob the Builder", None]
        assert [s.get("name") for s in c.get("/api/tables").json()[0]["seats"]] == [None, "Bob the Builder", None]
        for token, name, status in [(None, "Eve", 403), (tokens["A"], "x" * 25, 400), (tokens["A"], "a\nb", 400),
                                    (tokens["A"], 3, 400)]:
            r = c.post(f"/api/tables/{tid}/name", headers=auth(token), json={"name": name})
            assert r.status_code == status and r.json()["error"], (name, r.text)
        play_out(c, tid, tokens, rng(6))
        following = c.post(f"/api/tables/{tid}/again", headers=auth(tokens["A"])).json()["id"]
        assert [s.get("name") for s in c.get(f"/api/tables/{following}").json()["seats"]] == [None, "Bob the Builder", None]
        c.post(f"/api/tables/{following}/name", headers=auth(tokens["B"]), json={"name": ""})     # none again
        assert "name" not in c.get(f"/api/tables/{following}").json()["seats"][1]

    with client(db) as c:                         # a restarted server: the lobby from the store, then the table
        assert [s.get("name") for s in c.get("/api/tables").json()[1]["seats"]] == [None, "Bob the Builder", None]
        assert c.get(f"/api/tables/{tid}").json()["seats"][1]["name"] == "Bob the Builder"


def _stand_in(c, table_id, token, letter):
    return c.post(f"/api/tables/{table_id}/stand-in", headers=auth(token), json={"seat": letter})


def _until_b_to_move(c, tid, token_a, rng):
    """A (a scripted person) plays until B is to move; the view then."""
    for _ in range(500):
        view = c.get(f"/api/tables/{tid}", headers=auth(token_a)).json()
        assert not view["over"]
        if view["to_move"] == "B":
            return view
        if view["to_move"] == "A":
            c.post(f"/api/tables/{tid}/actions", headers=auth(token_a),
                   json={"action": rng.choice(view["legal"]), "version": view["version"]})
    raise AssertionError("B never came to move")


def test_a_computer_plays_for_an_away_person_until_they_take_their_seat_back(tmp_path):
    db, moves = tmp_path / "tables.sqlite", rng(8)
    with client(db) as c:
        made = new_table_in_play(c, seats=["human", "human", "random"], options={"hands": 2})
        tid, tokens = made["id"], tokens_of(made)
        for token, letter, status in [(None, "B", 403), (tokens["A"], "C", 409), (tokens["A"], "Q", 400)]:
            r = _stand_in(c, tid, token, letter)
            assert r.status_code == status and r.json()["error"], r.text
        with c.websocket_connect(f"/api/tables/{tid}/ws") as ws:       # B is here: only B may
            ws.send_json({"token": tokens["B"]})
            ws.receive_json()
            r = _stand_in(c, tid, tokens["A"], "B")
            assert r.status_code == 409 and r.json()["error"] == "B is here: only B may hand their seat to a computer player"
        r = _stand_in(c, tid, tokens["A"], "B")                        # B has gone
        assert r.status_code == 200 and r.json() == {"seat": "B", "stand_in": bots.DEFAULT}
        assert _stand_in(c, tid, tokens["A"], "B").status_code == 409
        assert c.get(f"/api/tables/{tid}").json()["seats"][1]["stand_in"] == bots.DEFAULT

        view = _until_b_to_move(c, tid, tokens["A"], moves)            # the computer moves for B
        mine = c.get(f"/api/tables/{tid}", headers=auth(tokens["B"])).json()
        assert mine["legal"] == [] and mine["seat"] == "B"             # B still sees their seat
        r = c.post(f"/api/tables/{tid}/actions", headers=auth(tokens["B"]), json={"action": "pass"})
        assert r.status_code == 409 and r.json()["error"] == "a computer player is playing for you: take your seat back first"
        wait_for(lambda: c.get(f"/api/tables/{tid}").json()["version"] > view["version"])

        r = c.post(f"/api/tables/{tid}/back", headers=auth(tokens["B"]))
        assert r.status_code == 200 and "stand_in" not in c.get(f"/api/tables/{tid}").json()["seats"][1]
        assert c.post(f"/api/tables/{tid}/back", headers=auth(tokens["B"])).status_code == 409
        view = _until_b_to_move(c, tid, tokens["A"], moves)            # B plays again, nobody for them
        mine = c.get(f"/api/tables/{tid}", headers=auth(tokens["B"])).json()
        assert mine["legal"] and c.get(f"/api/tables/{tid}").json()["version"] == view["version"]
        assert _stand_in(c, tid, tokens["B"], "B").status_code == 200  # one's own seat, here or not

    with client(db) as c:                                              # a restarted server keeps it
        assert c.get(f"/api/tables/{tid}").json()["seats"][1]["stand_in"] == bots.DEFAULT
        wait_for(lambda: c.get(f"/api/tables/{tid}").json()["version"] > view["version"])
