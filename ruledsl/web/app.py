"""The ASGI application: the pages, the JSON API (docs/web.md) and the WebSocket, over the
room of tables. Every answer is JSON (or a page, a static file, a game log); every refusal is
a status with a sentence in `{"error": …}`.
"""
from __future__ import annotations

import contextlib
import json
import logging
from pathlib import Path

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles

from .. import bots
from ..explain.rulebook import explain
from . import finished
from .catalog import Catalog
from .guard import ACTION, CREATE, JOIN, NAME, SAY, STAND_IN, WHY, Limiter, Refused, read_json
from .hub import POLICY, Hub
from .room import MAX_BOT_ITERATIONS, MAX_BOT_SECONDS, Room
from .store import Store

log = logging.getLogger("ruledsl.web")
STATIC = Path(__file__).parent / "static"
HEADERS = {          # no script, style or connection but the server's own; pages never framed
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; frame-ancestors 'none'; "
                               "base-uri 'none'; form-action 'self'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}


def create_app(folders, db, *, rate: float = 20.0, bot_pause: float = 0.6, max_playing: int = 1000) -> Starlette:
    """The server for the rule files in `folders`, its tables in the SQLite file `db`; `rate`
    requests a second from one address (0: no limit); `bot_pause` seconds before a computer
    player moves, so that people can follow the play."""
    catalog = Catalog(folders)
    store = Store(db)
    room = Room(catalog, store, bot_pause=bot_pause, max_playing=max_playing)
    hub = Hub(room)
    api = Api(room, catalog)

    @contextlib.asynccontextmanager
    async def lifespan(app):
        room.start()
        yield
        room.close()
        store.close()

    routes = [
        Route("/", page("lobby.html")),
        Route("/t/{table}", page("table.html")),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
        Route("/api/rules", api.rules),
        Route("/api/bots", api.bots),
        Route("/api/rules/{name}", api.rulebook),
        Route("/api/tables", api.tables, methods=["GET", "POST"]),
        Route("/api/tables/{table}", api.view),
        Route("/api/tables/{table}/actions", api.act, methods=["POST"]),
        Route("/api/tables/{table}/join", api.join, methods=["POST"]),
        Route("/api/tables/{table}/again", api.again, methods=["POST"]),
        Route("/api/tables/{table}/talk", api.talk, methods=["POST"]),
        Route("/api/tables/{table}/name", api.name, methods=["POST"]),
        Route("/api/tables/{table}/stand-in", api.stand_in, methods=["POST"]),
        Route("/api/tables/{table}/back", api.back, methods=["POST"]),
        Route("/api/tables/{table}/why", api.why, methods=["POST"]),
        Route("/api/tables/{table}/hint", api.hint),
        Route("/api/tables/{table}/history", api.history),
        Route("/api/tables/{table}/log", api.log),
        WebSocketRoute("/api/tables/{table}/ws", lambda ws: hub.serve(ws, ws.path_params["table"])),
    ]
    app = Starlette(routes=routes, lifespan=lifespan, exception_handlers={
        Refused: refused, HTTPException: http_error, Exception: failed})
    app.state.room, app.state.catalog, app.state.store = room, catalog, store
    return Guarded(app, Limiter(rate))


def page(name: str):
    async def serve(request: Request):
        return FileResponse(STATIC / name, media_type="text/html", headers={"Cache-Control": "no-cache"})
    return serve


class Api:
    def __init__(self, room: Room, catalog: Catalog):
        self.room, self.catalog = room, catalog

    async def rules(self, request: Request):
        return JSONResponse(self.catalog.describe())

    async def bots(self, request: Request):
        return JSONResponse({"default": bots.DEFAULT, "bots": list(bots.BOTS), "max_seconds": MAX_BOT_SECONDS,
                             "max_iterations": MAX_BOT_ITERATIONS})

    async def rulebook(self, request: Request):
        entry = self.catalog.get(request.path_params["name"])
        if entry is None:
            raise Refused(404, "there is no rule file of that name here; GET /api/rules lists them")
        return JSONResponse({**entry.describe(), "html": explain(entry.ruleset, "html")})

    async def tables(self, request: Request):
        if request.method == "GET":
            return JSONResponse(self.room.listing())
        body = await read_json(request, CREATE)
        table, tokens = self.room.create(body)
        return JSONResponse({"id": table.id, "seats": tokens}, status_code=201)

    def _seat(self, request: Request):
        table = self.room.get(request.path_params["table"])
        return table, self.room.seat_of(table, request.headers.get("authorization"))

    async def view(self, request: Request):
        table, seat = self._seat(request)
        return JSONResponse(table.view(seat, whole_log=request.query_params.get("log") == "all"))

    async def act(self, request: Request):
        table, seat = self._seat(request)
        body = await read_json(request, ACTION)
        try:
            self.room.act(table, seat, body["action"], body.get("version"))
        except Refused as exc:
            if exc.extra.get("stale"):            # a move made on an old view: the new one with it
                exc.extra["view"] = table.view(seat)
            raise
        return JSONResponse(table.view(seat))

    async def join(self, request: Request):
        table = self.room.get(request.path_params["table"])
        body = await read_json(request, JOIN) if request.headers.get("content-length") not in (None, "0") else {}
        return JSONResponse(self.room.join(table, body.get("seat")), status_code=201)

    async def again(self, request: Request):
        table, seat = self._seat(request)
        following, made = self.room.again(table, seat)
        return JSONResponse({"id": following.id}, status_code=201 if made else 200)

    async def talk(self, request: Request):
        table, seat = self._seat(request)
        body = await read_json(request, SAY)
        return JSONResponse(self.room.say(table, seat, body["text"]), status_code=201)

    async def name(self, request: Request):
        table, seat = self._seat(request)
        body = await read_json(request, NAME)
        return JSONResponse(self.room.rename(table, seat, body["name"]))

    async def stand_in(self, request: Request):
        table, seat = self._seat(request)
        body = await read_json(request, STAND_IN)
        return JSONResponse(self.room.stand_in(table, seat, body["seat"]))

    async def back(self, request: Request):
        table, seat = self._seat(request)
        return JSONResponse(self.room.take_back(table, seat))

    async def why(self, request: Request):
        table, seat = self._seat(request)
        body = await read_json(request, WHY)
        return JSONResponse(self.room.why(table, seat, body["action"]))

    async def hint(self, request: Request):
        table, seat = self._seat(request)
        return JSONResponse(await self.room.hint(table, seat))

    async def history(self, request: Request):
        table, seat = self._seat(request)
        step = request.query_params.get("step", "0")
        if not step.isdigit() or len(step) > 9:
            raise Refused(400, "'step' must be a whole number of moves")
        return JSONResponse(finished.history(table, seat, int(step)))

    async def log(self, request: Request):
        table = self.room.get(request.path_params["table"])
        text = finished.download(table)
        name = f"{table.entry.name}-{table.id}.jsonl"
        return Response(text, media_type="application/jsonl",
                        headers={"Content-Disposition": f'attachment; filename="{name}"'})


async def refused(request: Request, exc: Refused):
    return JSONResponse(exc.body(), status_code=exc.status)


WORDS = {404: "there is nothing at this address", 405: "this address does not take that method"}


async def http_error(request: Request, exc: HTTPException):
    return JSONResponse({"error": WORDS.get(exc.status_code, "the request was refused")},
                        status_code=exc.status_code)


async def failed(request: Request, exc: Exception):
    log.exception("a request failed: %s %s", request.method, request.url.path)
    return JSONResponse({"error": "the server failed on this request; every table is kept as it was"},
                        status_code=500)


class Guarded:
    """The app behind the rate limit (HTTP requests and WebSocket connections, per address)
    and the security headers."""

    def __init__(self, app, limiter: Limiter):
        self.app, self.limiter = app, limiter
        self.state = app.state

    async def __call__(self, scope, receive, send):
        if scope["type"] not in ("http", "websocket"):
            return await self.app(scope, receive, send)
        client = (scope.get("client") or ("?", 0))[0]
        if not self.limiter.allow(client):
            if scope["type"] == "websocket":
                return await send({"type": "websocket.close", "code": POLICY})
            body = json.dumps({"error": "too many requests from your address: wait a moment and try again"}).encode()
            return await _answer(send, 429, body, [(b"retry-after", b"1")])

        async def with_headers(message):
            if message["type"] == "http.response.start":
                message.setdefault("headers", [])
                message["headers"] = list(message["headers"]) + [(k.lower().encode(), v.encode())
                                                                 for k, v in HEADERS.items()]
            await send(message)
        return await self.app(scope, receive, with_headers)


async def _answer(send, status: int, body: bytes, headers: list) -> None:
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
                            *headers]})
    await send({"type": "http.response.body", "body": body})
