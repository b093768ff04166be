"""The screenshots of docs/web.md, taken from a real server and the system's Chromium:

    python tests/web_screens.py docs

web-lobby.jpg (tables open, in play and finished), web-table.jpg (a Kozel table mid-trick,
desktop, the people named and a word said), web-table-phone.jpg (the same at a phone's width), web-over.jpg (a finished match
stepped back).
Needs the test extra, Pillow and /usr/bin/chromium.
"""
import sys
import tempfile
from pathlib import Path

import httpx
from PIL import Image
from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).parent))
from webtools import Server  # noqa: E402
from webpages import make_table, take_turn  # noqa: E402


def main(out: Path) -> None:
    raw = Path(tempfile.mkdtemp())            # the browser's PNGs, before they are made JPEGs in `out`
    server = Server(Path(tempfile.mkdtemp()) / "tables.sqlite", "--bot-pause", "0.3", "--rate", "0")
    http = httpx.Client(base_url=server.base)
    try:
        for seats, options in ((["open", "ismcts:0.5", "human"], {}), (["random"] * 4, {"hands": 1})):
            http.post("/api/tables", json={"rules": "ciapano" if len(seats) == 4 else "kozel",
                                           "players": len(seats), "seats": seats, "options": options})
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
            alice = browser.new_context(viewport={"width": 1280, "height": 860}, device_scale_factor=1).new_page()
            bob = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=2,
                                      is_mobile=True, has_touch=True).new_page()
            links = make_table(alice, server, "kozel", ["you", "human", "ismcts:0.5"])
            alice.click("#go")
            bob.goto(links["B"])
            for page in (alice, bob):
                page.wait_for_selector("#hand .card")
            for page, name in ((alice, "Alice"), (bob, "Bob")):    # names, and a word to the table
                page.fill("#name-text", name)
                page.press("#name-text", "Enter")
            bob.fill("#talk-text", "good luck, both!")
            bob.press("#talk-text", "Enter")
            for _ in range(40):                       # a few tricks in, A to play into a trick
                if "Your turn" in alice.inner_text("#status") and alice.locator("#trick .play").count() \
                        and not alice.locator("#trick.faded").count() and _ > 6:
                    break
                if not (take_turn(alice) or take_turn(bob)):
                    alice.wait_for_timeout(100)
            alice.mouse.move(5, 300)                  # no card raised by the pointer
            alice.wait_for_timeout(400)
            alice.screenshot(path=raw / "table.png")
            bob.wait_for_timeout(400)
            bob.screenshot(path=raw / "table-phone.png")
            while True:                               # a finished match of more than a few moves
                make_table(alice, server, "kozel", ["you", "random", "random"], {"hands": 1})
                alice.click("#go")
                while alice.get_attribute("body", "data-status") != "over":
                    if not take_turn(alice):
                        alice.wait_for_timeout(50)
                if int(alice.get_attribute("body", "data-version")) > 20:
                    break
            alice.wait_for_selector("#over:not([hidden])")
            for _ in range(3):
                alice.click("#back")
                alice.wait_for_timeout(150)
            alice.mouse.move(5, 300)
            alice.screenshot(path=raw / "over.png")
            alice.goto(server.base + "/")
            alice.wait_for_selector(".row")
            alice.screenshot(path=raw / "lobby.png", full_page=True)
            browser.close()
    finally:
        server.stop()
    for png in raw.glob("*.png"):       # JPEG: a third of the bytes; the felt's gradient stays smooth
        with Image.open(png) as image:
            image.convert("RGB").save(out / f"web-{png.stem}.jpg", quality=88, optimize=True, subsampling=0)
        png.unlink()

if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "docs"))
