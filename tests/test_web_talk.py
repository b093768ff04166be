"""The table's talk (POST /api/tables/ID/talk, docs/web.md): what the people seated at a table
write, sent to everyone there (spectators too) in every view, kept with the table across a
restart; refused in words from a spectator, empty, too long or on several lines; capped."""
from webtools import auth, client, new_table_in_play, play_out, rng, tokens_of

from ruledsl.web import room
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
    monkeypatch.setattr(room, "MAX_TALK", 3)
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
