"""The web table behind `ruledsl serve`: people and bots at one table, in their browsers
(docs/web.md). Needs the `web` extra (starlette, uvicorn, websockets).

    catalog.py  the rule files served, by name (never a path from a client)
    store.py    SQLite: tables, seats (token digests, names), options, seeds, the action log, the talk
    tables.py   a table in memory: its match replayed from the store, its seats
    views.py    what one seat or a spectator is sent (the terminal table's words)
    room.py     making and playing tables (and the next match); bots moving on the server
    people.py   seats taken, named and recognised by token; the talk; a computer standing in
    computers.py  the bots' searches and hints in worker threads
    finished.py a finished match stepped through, and its log
    hub.py      the WebSocket pushes
    guard.py    bodies checked in words, size and rate limits
    app.py      the Starlette app: pages, the JSON API, the WebSocket
    static/     the lobby and table pages (HTML, CSS, JavaScript; no build step)
"""
