"""WebSockets: every seat and spectator connected to a table is sent its new view after each
change of the table (a move, a bot thinking, someone arriving or leaving).

A connection opens with one message naming its seat, `{"token": TOKEN}` (or `{"token": null}`
for a spectator) — a token never travels in a URL, which servers log. After that the server
only sends; a client may send `{"type": "ping"}` (answered `{"type": "pong"}`). Each connection
has one writer that sends the latest view: a slow client skips views rather than holding up
the table, and views never arrive out of order.
"""
from __future__ import annotations

import asyncio
import json
import logging

from starlette.websockets import WebSocket, WebSocketDisconnect

from .guard import Bucket, Refused, parse

log = logging.getLogger("ruledsl.web")

HELLO_SECONDS = 10           # to send the opening message
SEND_SECONDS = 10            # to take one message, before the connection is dropped
MAX_MESSAGE = 4096           # bytes a client's message may hold
MESSAGES = (5.0, 20.0)       # a client's messages: per second on average, at once
STRIKES = 3                  # messages refused for flooding before the connection is closed
POLICY = 1008                # the close code for a client that broke the rules


class Connection:
    def __init__(self, ws: WebSocket, seat: int | None):
        self.ws, self.seat = ws, seat
        self.latest: dict | None = None
        self.ready = asyncio.Event()

    def put(self, message: dict | str) -> None:
        """Send `message` next (as JSON text), in place of any not sent yet."""
        self.latest = message if isinstance(message, str) else json.dumps(message, ensure_ascii=False)
        self.ready.set()

    async def writer(self) -> None:
        while True:
            await self.ready.wait()
            self.ready.clear()
            text, self.latest = self.latest, None
            if text is not None:
                await asyncio.wait_for(self.ws.send_text(text), SEND_SECONDS)


class Hub:
    def __init__(self, room):
        self.room = room
        self.tables: dict[str, set[Connection]] = {}
        room.listeners.append(self.changed)

    def changed(self, table) -> None:
        """Queue each connection of `table` its new view (made and written once per seat)."""
        texts: dict = {}
        for conn in self.tables.get(table.id, ()):
            if conn.seat not in texts:
                texts[conn.seat] = json.dumps({"type": "view", "view": table.view(conn.seat)}, ensure_ascii=False)
            conn.put(texts[conn.seat])

    async def serve(self, ws: WebSocket, table_id: str) -> None:
        await ws.accept()
        try:
            table = self.room.get(table_id)
            seat = self.room.seat_of(table, _bearer(await self._hello(ws)))
        except Refused as exc:
            await _refuse(ws, exc.message)
            return
        except (asyncio.TimeoutError, WebSocketDisconnect):
            await _refuse(ws, f"send {{\"token\": TOKEN}} (or null) within {HELLO_SECONDS} s")
            return
        conn = Connection(ws, seat)
        self.tables.setdefault(table.id, set()).add(conn)
        if seat is not None:
            table.present[seat] = table.present.get(seat, 0) + 1
        writer = asyncio.get_running_loop().create_task(conn.writer())
        self.room.notify(table)                 # its view, and the others see it arrive
        try:
            await self._listen(ws, conn, writer)
        finally:
            writer.cancel()
            self.tables[table.id].discard(conn)
            if not self.tables[table.id]:
                del self.tables[table.id]
            if seat is not None:
                table.present[seat] -= 1
            self.room.notify(table)

    async def _hello(self, ws: WebSocket) -> dict:
        text = await asyncio.wait_for(_receive(ws), HELLO_SECONDS)
        if text is None:
            raise Refused(400, f"a message may hold at most {MAX_MESSAGE} bytes")
        hello = parse(text)
        if not isinstance(hello, dict) or set(hello) - {"token"}:
            raise Refused(400, 'the first message must be {"token": TOKEN} (null for a spectator)')
        token = hello.get("token")
        if token is not None and not isinstance(token, str):
            raise Refused(400, "the token must be a text (or null for a spectator)")
        return hello

    async def _listen(self, ws: WebSocket, conn: Connection, writer: asyncio.Task) -> None:
        bucket, strikes = Bucket(*MESSAGES), 0
        receiving = asyncio.get_running_loop().create_task(_receive(ws))
        try:
            while True:
                done, _ = await asyncio.wait({receiving, writer}, return_when=asyncio.FIRST_COMPLETED)
                if writer in done:                  # the client stopped reading: let it go
                    writer.exception()
                    await _close(ws, POLICY)
                    return
                text = receiving.result()
                receiving = asyncio.get_running_loop().create_task(_receive(ws))
                if not bucket.take():
                    strikes += 1
                    if strikes > STRIKES:
                        await _refuse(ws, "too many messages: the connection is closed")
                        return
                    conn.put({"type": "error", "error": "too many messages: at most "
                              f"{MESSAGES[0]:g} a second; this one was ignored"})
                    continue
                conn.put(_answer(text))
        except (WebSocketDisconnect, RuntimeError):
            return
        finally:
            receiving.cancel()


def _answer(text: str | None) -> dict:
    if text is None:
        return {"type": "error", "error": f"a message may hold at most {MAX_MESSAGE} bytes"}
    try:
        message = parse(text)
    except Refused as exc:
        return {"type": "error", "error": exc.message}
    if message == {"type": "ping"}:
        return {"type": "pong"}
    return {"type": "error", "error": 'this socket takes only {"type": "ping"}; moves go to '
            "POST /api/tables/ID/actions"}


async def _receive(ws: WebSocket) -> str | None:
    """One message from the client, as text; None when it holds more than MAX_MESSAGE bytes."""
    message = await ws.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    data = message.get("text")
    if data is None:
        raw = message.get("bytes") or b""
        if len(raw) > MAX_MESSAGE:
            return None
        data = raw.decode("utf-8", "replace")
    return data if len(data.encode()) <= MAX_MESSAGE else None


def _bearer(hello: dict) -> str | None:
    token = hello.get("token")
    return f"Bearer {token}" if token else None


async def _refuse(ws: WebSocket, message: str) -> None:
    try:
        await ws.send_text(json.dumps({"type": "error", "error": message}))
    except Exception:                 # the client is gone already
        pass
    await _close(ws, POLICY)


async def _close(ws: WebSocket, code: int) -> None:
    try:
        await ws.close(code)
    except Exception:                 # closed already
        pass
