"""The web table in a real browser (Playwright driving the system's Chromium; skipped, saying
why, where either is missing): two people in two browser contexts — one makes the table in the
lobby and sends the other the invite link, who plays on a phone-sized screen — and a computer
player play a whole Kozel match through the pages; a page reloaded mid-match returns to its
seat; a finished match steps back; people name their seats and talk; a computer plays for
someone who left; a click on a card that may not be played says why in words; the hint ranks
every move. How cards and moves are drawn: test_web_cards.py."""
import re

import pytest

from webpages import boxes, go_to_table, make_table, take_turn, watch_errors

pytestmark = pytest.mark.slow


def test_two_people_and_a_bot_play_a_whole_kozel_match_then_the_next(browser, server):
    alice_ctx = browser.new_context(viewport={"width": 1280, "height": 860})
    bob_ctx = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    alice, bob = alice_ctx.new_page(), bob_ctx.new_page()
    errors = watch_errors(alice) + watch_errors(bob)
    while True:            # (a deal may end a two-hand match before anyone moves: Kozel's Bura twice)
        links = make_table(alice, server, "kozel", ["you", "human", "random"], {"hands": 2})
        assert list(links) == ["B"] and re.fullmatch(rf"{re.escape(server.base)}/t/[\w-]+#token=[\w-]+", links["B"])
        go_to_table(alice)
        if alice.get_attribute("body", "data-status") != "over" or alice.get_attribute("body", "data-version") != "0":
            break
    bob.goto(links["B"])
    for page, seat in ((alice, "A"), (bob, "B")):
        page.wait_for_selector("#hand .card")
        assert f"you are {seat}" in page.inner_text("#subtitle")
        assert "#token" not in page.url                         # the token leaves the address bar
    # At a phone's width nothing runs off the side, and the whole hand is on the first screen.
    assert bob.evaluate("() => document.documentElement.scrollWidth") <= 390
    for box in boxes(bob, "#hand .card"):                   # one read: a push may redraw the hand
        assert box["x"] >= 0 and box["x"] + box["width"] <= 390 and box["y"] + box["height"] <= 844
    moves = 0
    for _ in range(600):
        if alice.get_attribute("body", "data-status") == "over" and bob.get_attribute("body", "data-status") == "over":
            break
        made = take_turn(alice) + take_turn(bob)
        moves += made
        if moves == 10:                                          # a reload finds its seat again
            bob.reload()
            bob.wait_for_selector("#hand .card, #status:has-text('Match over')")
            assert "you are B" in bob.inner_text("#subtitle")
        if not made:
            alice.wait_for_timeout(50)
    assert moves > 10
    for page in (alice, bob):
        page.wait_for_selector("#over:not([hidden])")
        assert page.title() == "Bidding Kozel — ruledsl"
        assert "Match over" in page.inner_text("#status")
        assert "result" in page.inner_text("#over")
    total = int(alice.get_attribute("#step", "max"))
    alice.click("#back")                                         # time travel: one move back
    alice.wait_for_selector("#banner:not([hidden])")
    assert f"after move {total - 1} of {total}" in alice.inner_text("#banner")
    assert alice.get_attribute("#over a[download]", "href").endswith("/log")
    # Play again: Alice starts the next match; Bob's page offers it; each takes the same seat.
    finished = alice.url
    alice.click("#play-again")
    alice.wait_for_url(lambda url: url != finished and "/t/" in url)
    bob.click("#next-match")
    bob.wait_for_url(alice.url)
    for page, seat in ((alice, "A"), (bob, "B")):
        page.wait_for_selector("#hand .card, #status:has-text('Match over')")
        assert f"you are {seat}" in page.inner_text("#subtitle")
    assert not errors, errors
    alice_ctx.close()
    bob_ctx.close()


def test_people_name_their_seats_and_what_one_writes_the_others_read_as_text(browser, server):
    """Names and the table's talk: Bob's browser knows his name and gives it to the seat he
    takes; Alice types hers; each page shows the others by name. Alice writes, Bob and a
    spectator read it, as text even when it looks like HTML; only a seated person has the boxes
    to write in."""
    alice_ctx, bob_ctx, watcher_ctx = browser.new_context(), browser.new_context(), browser.new_context()
    alice, bob, watcher = alice_ctx.new_page(), bob_ctx.new_page(), watcher_ctx.new_page()
    errors = watch_errors(alice) + watch_errors(bob) + watch_errors(watcher)
    links = make_table(alice, server, "kozel", ["you", "human", "random"])
    go_to_table(alice)
    bob.goto(server.base + "/")
    bob.evaluate("() => localStorage.setItem('ruledsl:name', 'Bob')")     # named at an earlier table
    bob.goto(links["B"])
    watcher.goto(alice.url)
    for page in (alice, bob, watcher):
        page.wait_for_selector("body[data-status]")
    assert alice.is_visible("#talk-form") and bob.is_visible("#talk-form") and not watcher.is_visible("#talk-form")
    assert not watcher.is_visible("#name-form")
    alice.fill("#name-text", "Alice")
    alice.press("#name-text", "Enter")
    for page in (alice, bob, watcher):
        page.wait_for_selector(".seat[data-seat=A] .seat-who:text-matches('^Alice · ')")
        page.wait_for_selector(".seat[data-seat=B] .seat-who:text-matches('^Bob · ')")
    assert bob.input_value("#name-text") == "Bob"
    text = '<img src=x onerror="window.hacked=1"> good luck'
    alice.fill("#talk-text", text)
    alice.press("#talk-text", "Enter")
    for page in (alice, bob, watcher):
        page.wait_for_selector("#talk .talk-line")
        writer = "A Alice (you)" if page is alice else "A Alice"
        assert page.inner_text("#talk .talk-line") == f"{writer}: {text}"
        assert page.locator("#talk img").count() == 0 and not page.evaluate("() => window.hacked")
    assert alice.input_value("#talk-text") == ""
    assert not errors, errors
    for ctx in (alice_ctx, bob_ctx, watcher_ctx):
        ctx.close()


def test_a_computer_plays_for_someone_who_left_until_they_come_back(browser, server):
    """Bob leaves; Alice lets a computer play his seat; Bob comes back, is told a computer is
    playing for him, and takes his seat back."""
    alice_ctx, bob_ctx = browser.new_context(), browser.new_context()
    alice, bob = alice_ctx.new_page(), bob_ctx.new_page()
    errors = watch_errors(alice) + watch_errors(bob)
    links = make_table(alice, server, "kozel", ["you", "human", "random"], {"hands": 2})
    go_to_table(alice)
    bob.goto(links["B"])
    bob.wait_for_selector(".seat[data-seat=B] .seat-who:text-matches('you')")
    alice.wait_for_selector(".seat[data-seat=B] .seat-who:text-is('here')")
    assert alice.locator(".seat[data-seat=B] .seat-button").count() == 0       # Bob is here: no button
    bob.close()
    alice.click(".seat[data-seat=B] .seat-button:text-is('let a computer play')")
    alice.wait_for_selector(".seat[data-seat=B] .seat-who:text-matches('a computer plays')")
    bob = bob_ctx.new_page()
    errors += watch_errors(bob)
    bob.goto(alice.url)                                                  # his browser keeps his seat
    bob.wait_for_selector("#banner:not([hidden])")
    assert bob.inner_text("#banner") == "A computer player is playing for you until you take your seat back."
    assert bob.locator("#hand .card.playable").count() == 0 and bob.locator("#actions .move").count() == 0
    bob.click(".seat[data-seat=B] .seat-button:text-is('take my seat back')")
    bob.wait_for_selector("#banner", state="hidden")
    alice.wait_for_selector(".seat[data-seat=B] .seat-who:text-is('here')")
    assert not errors, errors
    alice_ctx.close()
    bob_ctx.close()


def test_the_lobby_says_how_many_play_each_game(browser, server):
    page = browser.new_page()
    page.goto(server.base + "/")
    assert page.inner_text("[data-rules=klondike] .game-players") == "1 player"
    assert page.inner_text("[data-rules=kozel] .game-players") == "2–5 players"
    page.close()


def test_a_card_that_may_not_be_played_says_why(browser, server):
    ctx = browser.new_context()
    page = ctx.new_page()
    errors = watch_errors(page)
    make_table(page, server, "ciapano", ["you", "random", "random", "random"])
    go_to_table(page)
    for _ in range(200):                                        # until a trick where some cards may not follow
        page.wait_for_function("() => (document.querySelector('#status')?.textContent || '').includes('Your turn')"
                               " || document.body.dataset.status !== 'playing'", timeout=20_000)
        if page.locator("#hand .card.unplayable").count():
            break
        take_turn(page)
    page.locator("#hand .card.unplayable").first.click()
    toast = page.wait_for_selector(".toast.error")
    assert re.match(r"Not allowed: .+\.", toast.inner_text()), toast.inner_text()
    assert "Your turn" in page.inner_text("#status")               # nothing was played
    page.click("#rules-button")
    assert page.wait_for_selector("#rules[open] .rules-body h2").inner_text() == "Ciapanò"
    assert not errors, errors
    ctx.close()


def test_a_hint_ranks_every_move_and_says_how_sure_it_is(browser, server):
    """The hint lists every legal move, best first, each with its interval; exactly one is the
    best, the others either 'as good, within the noise' or nothing; the head says how many
    sampled deals are behind the values; a move in the list plays it."""
    page = browser.new_page()
    errors = watch_errors(page)
    make_table(page, server, "ciapano", ["you", "random", "random", "random"])
    go_to_table(page)
    page.wait_for_function("() => (document.querySelector('#status')?.textContent || '').includes('Your turn')",
                           timeout=20_000)
    legal = page.locator("#hand .card.playable").count() or page.locator("#actions .move").count()
    page.click("#hint-button")
    page.wait_for_selector("#hint li", timeout=30_000)
    assert re.search(r"over \d+ sampled deals of the cards you cannot see", page.inner_text("#hint .hint-head"))
    lines = [li.inner_text().replace("\n", " ") for li in page.locator("#hint li").all()]
    assert len(lines) == min(legal, 8) and all(re.search(r"-?\d+(\.\d+)? ± \d", line) for line in lines), lines
    verdicts = [("best" if line.endswith(" best") else "as good" if "as good, within the noise" in line else "")
                for line in lines]
    assert verdicts[0] == "best" and verdicts.count("best") == 1, lines
    version = page.get_attribute("body", "data-version")
    page.locator("#hint li button").first.click()
    page.wait_for_function("v => document.body.dataset.version !== v", arg=version, timeout=10_000)
    assert not errors, errors
    page.close()
