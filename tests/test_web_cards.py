"""How the web table draws cards and moves, in a real browser (Playwright driving the system's
Chromium; skipped, saying why, where either is missing): a bid that reads as a card is a button,
a face-up card one move plays is clicked, a bet of any size is an amount, what the others played
since one's last move is marked, a capture's last play says what it took, seats fit a phone, a
card that came back is marked as arrived, a long pile is drawn as a pile."""
import re
import time

import pytest

from webpages import boxes, go_to_table, make_table, take_turn, watch_errors

pytestmark = pytest.mark.slow


def test_a_bid_that_reads_as_a_card_is_a_button_not_a_card_of_the_hand(browser, server):
    """Bridge's `bid 2H` names no card of the hand: in the auction no card is playable and the
    bids are buttons drawn as words; once play starts, the hand's cards are played by a click."""
    ctx = browser.new_context()
    page = ctx.new_page()
    errors = watch_errors(page)
    make_table(page, server, "bridge", ["you", "random", "random", "random"])
    go_to_table(page)
    page.wait_for_function("() => (document.querySelector('#status')?.textContent || '').includes('Your turn')", timeout=20_000)
    assert page.locator("#actions .move", has_text=re.compile(r"^bid 2")).count() == 5
    assert page.locator("#actions .move .card").count() == 0            # 2H is a bid, not a card drawn
    assert page.locator("#hand .card").count() == 13
    assert page.locator("#hand .card.playable").count() == 0
    version = page.get_attribute("body", "data-version")
    page.locator("#actions .move", has_text=re.compile(r"^bid 7")).first.click()   # the highest bid: play follows
    page.wait_for_function("v => document.body.dataset.version !== v", arg=version, timeout=10_000)
    said = page.locator("#log .log-line", has_text=re.compile(r"^A \(you\): bid 7"))
    assert said.count() == 1 and said.locator(".card").count() == 0              # words in the log too
    for _ in range(20):
        page.wait_for_function("() => (document.querySelector('#status')?.textContent || '').includes('Your turn')"
                               " || document.body.dataset.status !== 'playing'", timeout=20_000)
        if page.locator("#actions .move", has_text=re.compile(r"^(bid|pass|double|redouble)")).count() == 0:
            break
        take_turn(page)
    if page.locator("#hand .card").count() == 13 and page.locator("#hand .card.playable").count():
        version = page.get_attribute("body", "data-version")
        page.locator("#hand .card.playable").first.click()
        page.wait_for_function("v => document.body.dataset.version !== v", arg=version, timeout=10_000)
        assert page.locator("#hand .card").count() == 12
    assert not errors, errors
    ctx.close()


def test_a_face_up_card_outside_the_hand_that_one_move_plays_is_clicked_to_play_it(browser, server):
    """Patience has no hand: a card on the table that one move plays alone (home, or to an empty
    column) is a button; a click makes that move."""
    ctx = browser.new_context()
    page = ctx.new_page()
    errors = watch_errors(page)
    card = page.locator("#zones button.card.playable")
    for _ in range(150):
        if page.get_attribute("body", "data-status") != "playing":     # no table yet, or a deal played out
            make_table(page, server, "klondike", ["you"])
            go_to_table(page)
        page.wait_for_function("() => (document.querySelector('#status')?.textContent || '').includes('Your turn')"
                               " || document.body.dataset.status !== 'playing'", timeout=20_000)
        if card.count():
            break
        take_turn(page)
    move = card.first.get_attribute("title")
    version = page.get_attribute("body", "data-version")
    card.first.click()
    page.wait_for_function("v => document.body.dataset.version !== v", arg=version, timeout=10_000)
    verb, played = move.split(" ")                                  # home AC: drawn as home A♣
    said = re.sub(r"\s+", "", page.locator("#log .log-line").last.inner_text())
    assert said == "A(you):" + verb + played[:-1] + {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}[played[-1]]
    assert not errors, errors
    ctx.close()


def test_a_bet_of_any_size_is_chosen_as_an_amount_not_from_a_wall_of_buttons(browser, server):
    """Hold'em's raises (`raise 4` … `raise 200`) are one control: an amount out of the range
    is refused in words and plays nothing; one in it, typed, makes that move. On a phone the
    control and every seat stay inside the table."""
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page = ctx.new_page()
    errors = watch_errors(page)
    make_table(page, server, "holdem", ["you", "random"])
    go_to_table(page)
    amount = page.locator(".amount-move input.amount")
    for _ in range(40):            # until a turn with ten raises or more (the other may have bet most)
        page.wait_for_function("() => (document.querySelector('#status')?.textContent || '').includes('Your turn')", timeout=20_000)
        if amount.count():
            break
        take_turn(page)
    assert amount.count() == 1
    least, most = int(amount.get_attribute("min")), int(amount.get_attribute("max"))
    assert most - least >= 9 and page.locator("#actions .move").count() <= 4      # not one button an amount
    felt, = boxes(page, ".felt")
    for box in boxes(page, ".amount-move, .seat"):
        assert felt["x"] <= box["x"] and box["x"] + box["width"] <= felt["x"] + felt["width"], (box, felt)
    version = page.get_attribute("body", "data-version")
    amount.fill(str(most + 1))
    amount.press("Enter")
    assert page.wait_for_selector(".toast.error").inner_text() == \
        f"Not allowed: raise takes a whole number from {least} to {most}."
    assert page.get_attribute("body", "data-version") == version                 # nothing was played
    chosen = (least + most) // 2
    amount.fill(str(chosen))
    button = page.locator(".amount-move .move")
    assert button.inner_text() == f"raise {chosen}"
    button.click()
    page.wait_for_function("v => document.body.dataset.version !== v", arg=version, timeout=10_000)
    assert page.locator("#log .log-line", has_text=f"A (you): raise {chosen}").count() == 1
    assert not errors, errors
    ctx.close()


PILE = ".zone:has(.zone-label:text-is('discard')) .card"


def draw_and_discard(page) -> str:
    """A Rummy turn as a person plays it: draw from the stock, throw the first card that may be
    thrown. The card thrown."""
    version = page.get_attribute("body", "data-version")
    page.locator("#actions .move", has_text=re.compile(r"^draw$")).click()
    page.wait_for_function("v => document.body.dataset.version !== v", arg=version, timeout=10_000)
    version = page.get_attribute("body", "data-version")
    card = page.locator("#hand .card.playable").first
    thrown = card.get_attribute("data-card")
    card.click()                     # thrown at once, or (a card of a meld too) offered as moves
    page.wait_for_function("v => document.body.dataset.version !== v || [...document.querySelectorAll("
                           "'#actions .move')].some(m => m.textContent.startsWith('discard'))", arg=version)
    if page.get_attribute("body", "data-version") == version:
        page.locator("#actions .move", has_text=re.compile(r"^discard")).click()
        page.wait_for_function("v => document.body.dataset.version !== v", arg=version, timeout=10_000)
    return thrown


def marked(page, after: str) -> list[str]:
    """The discard pile's cards marked as just arrived, once the page shows version `after`."""
    page.wait_for_function("v => document.body.dataset.version === v", arg=after, timeout=10_000)
    return [c.get_attribute("data-card") for c in page.locator(f"{PILE}.arrived").all()]


def test_what_the_others_played_since_ones_last_move_is_marked(browser, server):
    """In Rummy the card one person throws onto the discard pile is marked on the other's page,
    and only that card; the thrower's own page marks nothing; once the other has played, the
    first sees the other's card marked and no longer its own."""
    alice_ctx, bob_ctx = browser.new_context(), browser.new_context()
    alice, bob = alice_ctx.new_page(), bob_ctx.new_page()
    errors = watch_errors(alice) + watch_errors(bob)
    links = make_table(alice, server, "rummy", ["you", "human"])
    go_to_table(alice)
    bob.goto(links["B"])
    for page in (alice, bob):
        page.wait_for_selector("#hand .card")
    first, second = (alice, bob) if "Your turn" in alice.inner_text("#status") else (bob, alice)
    lying = {c.get_attribute("data-card") for c in second.locator(PILE).all()}
    thrown = draw_and_discard(first)
    now = first.get_attribute("body", "data-version")
    assert marked(first, now) == []
    assert marked(second, now) == [thrown]
    assert {c.get_attribute("data-card") for c in second.locator(PILE).all()} == lying | {thrown}
    second.wait_for_function("() => (document.querySelector('#status')?.textContent || '').includes('Your turn')")
    answer = draw_and_discard(second)
    now = second.get_attribute("body", "data-version")
    assert marked(second, now) == []
    assert marked(first, now) == [answer]
    assert not errors, errors
    alice_ctx.close()
    bob_ctx.close()


def test_a_capture_games_last_play_says_what_it_took_and_seats_fit_a_phone(browser, server):
    """Cicera at a phone's width: the last play is labelled by what it did — 'took', with the
    cards taken, when the log says it took; 'taking nothing' when it did not — and each seat's
    badges (team, dealer) stay inside its box."""
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page = ctx.new_page()
    errors = watch_errors(page)
    make_table(page, server, "cicera", ["you", "random", "random", "random"])
    go_to_table(page)
    seen = set()
    for _ in range(60):
        page.wait_for_function("() => (document.querySelector('#status')?.textContent || '').includes('Your turn')"
                               " || document.body.dataset.status !== 'playing'", timeout=20_000)
        if page.get_attribute("body", "data-status") != "playing":
            break
        said = page.evaluate("""() => [document.querySelector('#trick .last-label')?.textContent || '',
            [...document.querySelectorAll('#log .log-line')].map(l => l.textContent).filter(t => / plays /.test(t)).pop() || '',
            [...document.querySelectorAll('#trick .play-seat')].map(p => p.textContent)]""")
        label, line, captions = said
        if label:
            took = ", takes" in line
            assert label.split(" ", 1)[0] == line.split(" ", 1)[0], (label, line)     # the same seat
            assert ("took" in label) == took and ("taking nothing" in label) == (not took), (label, line)
            assert captions == (["played", "taken"] if took else ["played"]), captions
            seen.add(took)
        inside = page.evaluate("""() => [...document.querySelectorAll('.seat')].every(s => {
            const r = s.getBoundingClientRect();
            return [...s.querySelectorAll('.dealer, .team, .seat-badge')].every(b => {
                const q = b.getBoundingClientRect();
                return q.left >= r.left && q.right <= r.right && q.top >= r.top && q.bottom <= r.bottom; }); })""")
        assert inside
        if seen == {True, False}:
            break
        take_turn(page)
    assert seen == {True, False}, seen
    assert not errors, errors
    ctx.close()


def test_a_card_that_left_a_zone_and_came_back_is_marked_as_arrived(browser, server):
    """The marks are gathered view by view: a pile's cards taken away and brought back while this
    seat waited (as a new deal brings back cards that lay on the pile) are marked, though the pile
    holds the same cards as at the seat's last move; the seat's own move marks nothing; a
    spectator sees only the last change. (Arrivals, run in the page on views as the server sends
    them.)"""
    page = browser.new_page()
    page.goto(server.base + "/")
    marks = page.evaluate("""async () => {
        const { Arrivals } = await import('/static/arrivals.js');
        const seen = (a, version, pile, seat = 'A') => {
            const [arrived] = a.see({ version, seat }, [{ label: 'pile', cards: pile }]);
            return [...(arrived.get('pile') || [])].sort(); };
        const a = new Arrivals(), out = [];
        out.push(seen(a, 1, ['KS']));
        a.ownMove(1);
        out.push(seen(a, 2, ['KS', 'QH']));          // our own card
        out.push(seen(a, 3, []));                    // the pile taken away
        out.push(seen(a, 4, ['KS', 'QH']));          // and brought back
        out.push(seen(a, 5, ['KS', 'QH', '7C']));    // more played onto it: the marks add up
        out.push(seen(a, 5, ['KS', 'QH', '7C']));    // the same view drawn again
        const watching = new Arrivals();
        seen(watching, 4, ['KS'], null);
        out.push(seen(watching, 5, ['KS', 'QH'], null));
        out.push(seen(watching, 6, ['KS', 'QH', '7C'], null));
        return out; }""")
    assert marks == [[], [], [], ["KS", "QH"], ["7C", "KS", "QH"], ["7C", "KS", "QH"], ["QH"], ["7C"]]
    page.close()


def test_a_long_pile_is_drawn_as_a_pile_with_its_top_card_whole(browser, server):
    """Mau-Mau's discard pile, once it holds more cards than a row shows: each card overlaps the
    one before it with its rank and suit still showing, the top (last) card alone is whole, also
    when the pile wraps to more rows, and the pile stays inside the table at a phone's width."""
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page = ctx.new_page()
    errors = watch_errors(page)
    make_table(page, server, "maumau", ["you", "random", "random"])
    go_to_table(page)
    # Measured as dealt, then with every rank made a 10 (the widest), then with the pile
    # lengthened (its cards copied under the top) until it wraps, as a long match's pile does:
    # all in one evaluate, so that no push redraws the pile in between.
    measure = """() => {
        const zone = document.querySelector('.zone-cards.stacked');
        if (!zone) return null;                        // no pile that long (yet, or any more: a new deal)
        const label = zone.parentElement.querySelector('.zone-label').textContent, dealt = zone.children.length;
        const cardWidth = parseFloat(getComputedStyle(zone).getPropertyValue('--card-w'));
        const seenAt = (card, share) => { const r = card.getBoundingClientRect();
            return document.elementFromPoint(r.left + r.width * share, r.top + r.height / 2)?.closest('.card') === card; };
        const shape = () => ({ width: document.documentElement.scrollWidth, cards: [...zone.querySelectorAll('.card')].map(c => {
            const r = c.getBoundingClientRect(), rank = c.querySelector('.rank').getBoundingClientRect(),
                  pip = c.querySelector('.pip').getBoundingClientRect();
            return { left: r.left, right: r.right, row: c.offsetTop, shown: Math.max(rank.right, pip.right),
                     seen: seenAt(c, .2) && seenAt(c, .8) }; }) });     // row: the layout's, not moved by an animation
        const dealtShape = shape();
        zone.querySelectorAll('.card .rank').forEach(r => { r.textContent = '10'; });
        const widest = shape();
        for (let i = 0; i < 3 * dealt; i++) zone.insertBefore(zone.children[i % dealt].cloneNode(true), zone.lastElementChild);
        return { label, dealt, cardWidth, shapes: [dealtShape, widest, shape()] }; }"""
    end = time.monotonic() + 120                       # the computer players are slow on a busy machine
    while (measured := page.evaluate(measure)) is None:
        assert time.monotonic() < end and page.get_attribute("body", "data-status") != "over", "no long pile"
        if not take_turn(page):
            page.wait_for_timeout(50)
    whole = measured["cardWidth"]
    assert measured["dealt"] > 8 and measured["label"].endswith(f"· {measured['dealt']}"), measured["label"]
    for shape, wraps in zip(measured["shapes"], (False, False, True)):
        cards = shape["cards"]
        top = cards[-1]
        assert top["seen"] and top["right"] - top["left"] >= whole - 1            # the top card whole
        for card in cards[:-1]:                   # each card under it: a strip showing its rank and suit
            assert card["seen"] and card["right"] - card["left"] <= whole / 2 + 1, (wraps, card)
            assert card["shown"] <= card["right"] + 1, (wraps, card)
        assert all(c["right"] <= 390 and c["left"] >= 0 for c in cards) and shape["width"] <= 390
        assert (len({c["row"] for c in cards}) > 1) == wraps          # the lengthened pile did wrap
    assert not errors, errors
    ctx.close()
