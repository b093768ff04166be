"""Driving the web table's pages as a person does (Playwright): make a table in the lobby, go to
it, take a turn, read boxes at one moment, collect a page's errors. The browser and the server
are fixtures (conftest.py: `browser`, `server`)."""
import re


def watch_errors(page):
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    return errors


def make_table(page, server, rules, seats, options=None):
    """In the lobby: choose the game, seat the players, set options, start. The invite links."""
    page.goto(server.base + "/")
    if page.locator(f".more-games:has([data-rules={rules}])").count():
        page.click(f".more-games:has([data-rules={rules}]) summary")
    page.click(f"[data-rules={rules}]")
    page.select_option("#players", str(len(seats)))
    for letter, choice in zip("ABCDE", seats):
        page.select_option(f"#seat-{letter}", choice)
    if options:
        page.click(".options summary")
        for name, value in options.items():
            page.fill(f"#option-{name}", str(value))
    page.click("#create")
    page.wait_for_selector("#go")
    return {link.get_attribute("aria-label")[-1]: link.input_value() for link in page.locator(".invite .link").all()}


def go_to_table(page) -> None:
    """From the lobby's 'Go to the table' to the table's page, drawn (waiting for the new page
    first: a wait begun on the lobby fails when its page goes away)."""
    page.click("#go")
    page.wait_for_url(re.compile(r".*/t/[^/]+$"))
    page.wait_for_selector("body[data-status]")


def boxes(page, selector) -> list[dict]:
    """The boxes of every element the selector finds, read at one moment (a push from the server
    redraws the page between two reads of a locator)."""
    return page.eval_on_selector_all(selector, "els => els.map(e => { const r = e.getBoundingClientRect();"
                                               " return {x: r.x, y: r.y, width: r.width, height: r.height}; })")


def take_turn(page) -> bool:
    """If it is this page's turn, make a move as a person would: a move button if one is
    offered, else a card that may be played. True if a move was made."""
    if page.get_attribute("body", "data-status") != "playing" or "Your turn" not in page.inner_text("#status"):
        return False
    assert page.title().startswith("● Your turn · ")      # the tab says so, for a page in the background
    version = page.get_attribute("body", "data-version")
    buttons = page.locator("#actions .move")
    if buttons.count():
        buttons.first.click()
    else:
        page.locator("#hand .card.playable").first.click()
        if page.get_attribute("body", "data-version") == version and page.locator("#actions .move").count():
            page.locator("#actions .move").first.click()       # a card that starts several moves
    page.wait_for_function("v => document.body.dataset.version !== v", arg=version, timeout=10_000)
    return True
