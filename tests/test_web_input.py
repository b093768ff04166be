"""Bad input to the web table: malformed JSON, unknown fields, wrong types, oversize bodies,
floods of requests and of WebSocket messages. Each gets a 4xx (or a WebSocket error) with a
sentence of ours — never Python's own wording — and the server and every table go on."""
import json
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from webtools import auth, client, new_table, tokens_of

from ruledsl.web.guard import MAX_BODY
from ruledsl.web.hub import MESSAGES, STRIKES

PYTHON_WORDS = ("Traceback", "Expecting", "Error", "object has", "NoneType", "invalid literal", "(char ",
                "Exceeds", "unexpected keyword", "positional argument", "codec", "subscriptable", "not iterable")


def words_of_ours(r, status=None):
    assert 400 <= r.status_code < 500 if status is None else r.status_code == status, (r.status_code, r.text)
    error = r.json()["error"]
    assert isinstance(error, str) and error and not any(w in error for w in PYTHON_WORDS), error
    return error


@pytest.fixture(scope="module")
def c(tmp_path_factory):
    with client(tmp_path_factory.mktemp("db") / "t.sqlite") as c:
        yield c


@pytest.fixture(scope="module")
def table(c):
    made = new_table(c, seats=["human", "human", "human"])
    return made["id"], tokens_of(made)


@pytest.mark.parametrize("body, words", [
    (b"", "the body is empty"),
    (b"{", "not valid JSON (line 1, column 2)"),
    (b"\xff\xfe", "not UTF-8"),
    (b"[1, 2]", "must be a JSON object"),
    (b'{"rules": "kozel", "colour": "red"}', "unknown field 'colour'; the fields are: rules, players, options, seats"),
    (b'{"players": 3}', "the field 'rules' is missing"),
    (b'{"rules": 7}', "'rules' must be the name of a rule file"),
    (b'{"rules": "kozel", "players": "3"}', "'players' must be a whole number"),
    (b'{"rules": "kozel", "players": true}', "'players' must be a whole number"),
    (b'{"rules": "kozel", "players": 1e400}', "'players' must be a whole number"),
    (b'{"rules": "kozel", "players": ' + b"9" * 5000 + b"}", "a number JSON does not allow or too long"),
    (b'{"rules": "kozel", "players": NaN}', "a number JSON does not allow"),
    (b'{"rules": "kozel", "players": 9}', "Bidding Kozel is for 2 to 5 players, not 9"),
    (b'{"rules": "nope"}', "there is no rule file 'nope' here"),
    (b'{"rules": "../games/kozel"}', "there is no rule file '../games/kozel' here"),
    (b'{"rules": "kozel", "seats": ["human"]}', "give one seat per player: 3 players, 1 seats"),
    (b'{"rules": "kozel", "seats": ["human", "robot", "human"]}', "seat B: unknown bot 'robot'"),
    (b'{"rules": "kozel", "seats": ["human", "ismcts:600", "human"]}', "seat B: bots here think at most 5 s"),
    (b'{"rules": "kozel", "options": {"chips": 0}}', "chips"),
    (b'{"rules": "kozel", "options": {"chipz": 5}}', "unknown option 'chipz'"),
    (b'{"rules": "kozel", "options": {"chips": [1]}}', "'options' must be an object of option names to values"),
    (b'{"rules": "kozel", "seats": "human"}', "'seats' must be a list"),
    (b"[" * 100_00 + b"]" * 100_00, "too large"),
    (b"[" * 5000 + b"]" * 5000, None),
])
def test_a_bad_table_is_refused_in_words(c, body, words):
    r = c.post("/api/tables", content=body, headers={"Content-Type": "application/json"})
    error = words_of_ours(r)
    assert words is None or words in error, error


def test_an_oversize_body_is_refused_before_it_is_read(c, table):
    tid, tokens = table
    big = json.dumps({"action": "x" * (MAX_BODY + 10)}).encode()
    r = c.post(f"/api/tables/{tid}/actions", content=big, headers=auth(tokens["A"]))
    assert words_of_ours(r, 413) == f"the body is too large: at most {MAX_BODY} bytes"

    def chunks():                               # no Content-Length: counted as it arrives
        for _ in range(MAX_BODY // 1000 + 2):
            yield b" " * 1000
    r = c.post(f"/api/tables/{tid}/actions", content=chunks(), headers=auth(tokens["A"]))
    assert r.status_code == 413


@pytest.mark.parametrize("path, method", [
    ("/api/tables/nope", "GET"), ("/api/tables/nope/actions", "POST"), ("/api/nothing", "GET"),
    ("/api/tables", "DELETE"), ("/api/tables/x/ws", "GET"), ("/api/tables/%00", "GET"),
    ("/static/../../pyproject.toml", "GET"), ("/api/rules/%2e%2e", "GET"),
])
def test_unknown_addresses_and_methods_answer_in_words(c, path, method):
    r = c.request(method, path, json={})
    assert r.status_code in (400, 404, 405)
    if r.headers.get("content-type", "").startswith("application/json"):
        words_of_ours(r)
    assert "[project]" not in r.text


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(body=st.one_of(
    st.binary(max_size=300),
    st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=30),
                 lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4),
                 max_leaves=12).map(lambda v: json.dumps(v).encode()),
    st.fixed_dictionaries({}, optional={
        "rules": st.sampled_from(["kozel", "ciapano", "", "x" * 300]) | st.integers(),
        "players": st.integers(-3, 12) | st.text(max_size=3),
        "options": st.dictionaries(st.sampled_from(["chips", "stake", "hands", "closed_play", "zz"]),
                                   st.none() | st.booleans() | st.integers(-5, 50) | st.floats(-2, 2) | st.text(max_size=5)),
        "seats": st.lists(st.sampled_from(["human", "open", "random", "ismcts:0.1", "pimc@5", "x:", "@", ""]), max_size=6),
        "action": st.text(max_size=20), "version": st.integers(-2, 3) | st.text(max_size=2),
    }).map(lambda v: json.dumps(v).encode()),
), where=st.sampled_from(["/api/tables", "actions", "why", "join", "again", "talk", "name", "stand-in", "back"]))
def test_whatever_a_client_sends_it_gets_words_of_ours(c, table, body, where):
    tid, tokens = table
    path = where if where.startswith("/") else f"/api/tables/{tid}/{where}"
    r = c.post(path, content=body, headers=auth(tokens["A"] if where != "join" else None))
    if r.status_code < 400:                         # a good body, by chance: a table made or a move taken
        assert r.status_code in (200, 201)
        return
    words_of_ours(r)


def test_a_flood_of_requests_is_slowed_and_the_server_goes_on(tmp_path):
    with client(tmp_path / "t.sqlite", rate=10) as c:
        answers = [c.get("/api/tables") for _ in range(120)]
        codes = [r.status_code for r in answers]
        assert codes[:40] == [200] * 40 and 429 in codes               # a burst of 4 × 10 a second
        slowed = answers[codes.index(429)]
        assert words_of_ours(slowed, 429).startswith("too many requests") and slowed.headers["retry-after"] == "1"
        time.sleep(0.5)
        assert c.get("/api/tables").status_code == 200                  # the bucket fills again


def test_websocket_pushes_each_seat_its_view(c):
    made = new_table(c, seats=["human", "human", "human"])
    tid, tokens = made["id"], tokens_of(made)
    mover = c.get(f"/api/tables/{tid}").json()["to_move"]
    with c.websocket_connect(f"/api/tables/{tid}/ws") as mine, c.websocket_connect(f"/api/tables/{tid}/ws") as watcher:
        mine.send_json({"token": tokens[mover]})
        watcher.send_json({"token": None})
        first = mine.receive_json()
        assert first["type"] == "view" and first["view"]["seat"] == mover and first["view"]["legal"]
        assert watcher.receive_json()["view"]["seat"] is None
        c.post(f"/api/tables/{tid}/actions", headers=auth(tokens[mover]), json={"action": first["view"]["legal"][0]})
        pushed = _next_view(mine, version=1)
        assert pushed["legal"] == [] and pushed["version"] == 1
        seen = _next_view(watcher, version=1)
        assert seen["view"]["hand"] == [] and seen["legal"] == []
        mine.send_json({"type": "ping"})
        assert _next(mine, "pong") == {"type": "pong"}


def _next(ws, kind):
    for _ in range(50):
        message = ws.receive_json()
        if message["type"] == kind:
            return message
    raise AssertionError(f"no {kind} message")


def _next_view(ws, version):
    for _ in range(50):
        message = ws.receive_json()
        if message["type"] == "view" and message["view"]["version"] >= version:
            return message["view"]
    raise AssertionError("no new view")


@pytest.mark.parametrize("hello, words", [
    ('{"token": "wrong"}', "this token gives no seat at this table"),
    ("not json", "not valid JSON"),
    ('{"token": 5}', "the token must be a text"),
    ('{"seat": "A"}', 'the first message must be {"token": TOKEN}'),
    ("x" * 5000, "a message may hold at most 4096 bytes"),
])
def test_a_bad_opening_message_is_refused_and_closed(c, table, hello, words):
    tid, _ = table
    with c.websocket_connect(f"/api/tables/{tid}/ws") as ws:
        ws.send_text(hello)
        answer = ws.receive_json()
        assert answer["type"] == "error" and words in answer["error"]
        assert ws.receive()["type"] == "websocket.close"


def test_a_flood_of_websocket_messages_is_refused_then_closed(c, table):
    tid, tokens = table
    with c.websocket_connect(f"/api/tables/{tid}/ws") as ws:
        ws.send_json({"token": tokens["B"]})
        assert ws.receive_json()["type"] == "view"
        for _ in range(int(MESSAGES[1]) + STRIKES + 5):
            ws.send_json({"type": "ping"})
        errors, closed = [], False
        for _ in range(200):
            message = ws.receive()
            if message["type"] == "websocket.close":
                closed = True
                break
            data = json.loads(message["text"])
            if data["type"] == "error":
                errors.append(data["error"])
        assert closed and errors and errors[-1] == "too many messages: the connection is closed"
        assert any(e.startswith("too many messages: at most 5 a second") for e in errors)
    assert c.get(f"/api/tables/{tid}").status_code == 200              # the table is untouched
    with c.websocket_connect(f"/api/tables/{tid}/ws") as ws:             # and takes new connections
        ws.send_json({"token": None})
        assert ws.receive_json()["type"] == "view"
