"""Take the phone-sized screenshots of `playproof serve` shown in docs/playtest.md.

Run from the repository root with the web extra and Playwright installed and Debian's chromium
at /usr/bin/chromium: `python docs/screenshots/make_screenshots.py`. It serves a scratch database
on a free loopback port, records short sessions by tapping, and writes the PNGs beside this file.
"""

from __future__ import annotations

import re
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE.parents[1]), str(HERE.parents[1] / "tests" / "web")]

from playwright.sync_api import Page, sync_playwright  # noqa: E402
from webserve import CHROMIUM, CHROMIUM_ARGS, PHONE, Served, free_port  # noqa: E402


def start(page: Page, served: Served, game: str, players: str, variant: str = "") -> None:
    """Start a session from the home page's form."""
    page.goto(served.url + "/")
    page.fill("input[name=game]", game)
    page.fill("input[name=players]", players)
    page.fill("input[name=variant]", variant)
    page.click("text=Start recording")
    page.wait_for_selector("#live.on")


def record(page: Page, text: str) -> None:
    """Type a line and wait until the page says it is stored."""
    page.fill("#line", text)
    page.click("#record")
    page.locator("#status", has_text=re.compile("^Stored")).wait_for()


def tap(page: Page, move: str) -> None:
    """Tap a move's button and wait until it is stored."""
    page.evaluate("document.querySelector('#status').textContent = ''")
    page.locator("#moves button.move", has_text=move).first.click()
    page.locator("#status", has_text=re.compile("^Stored")).wait_for()


def shoot(page: Page, name: str) -> None:
    """Save the phone's screen."""
    page.screenshot(path=str(HERE / f"{name}.png"))
    print(f"wrote {HERE / name}.png")


def main() -> None:
    """Record the sessions and take the screenshots."""
    with tempfile.TemporaryDirectory() as folder, sync_playwright() as playwright:
        served = Served(Path(folder) / "s.db", free_port(), Path(folder) / "serve.log").start()
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            phone = browser.new_context(**PHONE).new_page()
            start(phone, served, "seven-sisters", "Ann, Ben, Cat")
            tap(phone, "first Ann")
            shoot(phone, "seed-game-moves")
            start(phone, served, "nim", "Ann, Ben", "stones=7")
            tap(phone, "take 3")
            record(phone, "Ann: take 2")
            record(phone, "Ben: take ?")
            record(phone, "note Ben hid his take behind his hand")
            phone.evaluate("document.querySelector('#status').textContent = ''")
            phone.locator("#log button", has_text="Reveal").first.click()
            phone.evaluate("window.scrollTo(0, 0)")
            shoot(phone, "recording")
            phone.evaluate("document.getElementById('log').scrollIntoView()")
            shoot(phone, "log-verdicts")
            watcher = browser.new_context(**PHONE).new_page()
            watcher.goto(phone.url)
            watcher.wait_for_selector("#take-over")
            shoot(watcher, "watching")
            phone.goto(served.url + "/")
            shoot(phone, "start")
        finally:
            browser.close()
            served.stop()


if __name__ == "__main__":
    main()
