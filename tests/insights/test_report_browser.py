"""The HTML report in a real browser (Debian's chromium via Playwright) at phone and desktop sizes.

Skipped outside CI when chromium or Playwright is missing (and saying so); in CI (CI=true) they fail instead.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Iterator

import pytest

from playproof.output.reports import write_reports
from playproof.playtest.audit import audit_file
from playproof.playtest.reportdata import session_report

CHROMIUM = Path("/usr/bin/chromium")
EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
SIZES = {"phone": (390, 844), "desktop": (1280, 900)}


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """A headless Debian chromium (skipped outside CI when missing; CI fails instead)."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        reason = "Python Playwright is not installed (pip install playwright)"
    else:
        reason = "" if CHROMIUM.exists() else f"{CHROMIUM} is missing (apt-get install -y chromium)"
    if reason:
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(f"browser tests cannot run in CI: {reason}")
        pytest.skip(f"browser tests skipped: {reason}")
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=["--no-sandbox"])
        yield chromium
        chromium.close()


@pytest.fixture(scope="module")
def page_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The HTML report of the Four Sisters example sessions (finished and unfinished, with mistakes)."""
    logs = sorted((EXAMPLES / "four-sisters" / "playtests").glob("*.log"))
    reports = [session_report(audit_file(log, rounds=True)) for log in logs]
    return write_reports(reports, "html", tmp_path_factory.mktemp("report") / "report.html")


@pytest.mark.parametrize("size", list(SIZES))
def test_report_reads_at_phone_and_desktop_sizes(browser: Any, page_file: Path, size: str, tmp_path: Path) -> None:
    width, height = SIZES[size]
    page = browser.new_page(viewport={"width": width, "height": height})
    page.goto(page_file.as_uri())
    assert page.evaluate("document.documentElement.scrollWidth") <= width  # only tables and charts scroll
    overflow = page.evaluate("[...document.querySelectorAll('table')].map(t => "
                             "getComputedStyle(t.parentElement).overflowX)")
    assert overflow and set(overflow) == {"auto"}
    scales = page.evaluate("[...document.querySelectorAll('svg[viewBox]')].map(s => "
                           "s.getBoundingClientRect().width / s.viewBox.baseVal.width)")
    assert scales and min(scales) >= 0.999  # a chart is never shrunk: its labels stay as legible as designed
    assert page.get_by_role("heading", name="What the playtests revealed").count() == 1
    shot = tmp_path / f"report-{size}.png"
    page.screenshot(path=str(shot), full_page=True)
    assert shot.stat().st_size > 20_000
    page.close()


def test_balance_page_reads_on_a_phone(browser: Any, tmp_path: Path) -> None:
    from playproof.balance.report import Run, write_balance
    from playproof.balance.stats import GameResult, Summary

    summary = Summary(2)
    for index in range(40):
        summary.add(GameResult(index, [5, 3], [index % 3 and 1], 20, 3,
                               {f"acquire A-Rather-Long-Card-Name-{i}": [0] for i in range(30)}, [[1, 0], [2, 3], [5, 3]]))
    runs = [Run("demo", f"Cards[Card {v}].cost=" + str(v), 2, "greedy", summary) for v in (1, 2)]
    page = browser.new_page(viewport={"width": 390, "height": 844}, is_mobile=True)
    page.goto(write_balance(runs, tmp_path / "b.html").as_uri())
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    scales = page.evaluate("[...document.querySelectorAll('svg')].map(s => s.getBoundingClientRect().width)")
    assert scales and max(scales) <= 390  # the chart scales with its viewBox instead of being cut
    page.close()


def test_a_chart_legend_stays_inside_its_drawing() -> None:
    from reportlab.graphics.shapes import Drawing

    from playproof.output.reports import charts

    charts.register_fonts()
    drawing = Drawing(charts.WIDTH, charts.HEIGHT)
    charts._legend(drawing, [f"a rather long part name {i}" for i in range(12)], 340, charts.HEIGHT - 40)
    low_x, low_y, high_x, high_y = drawing.getBounds()
    assert high_x <= charts.WIDTH and low_y >= 0  # one column of names cut to 18 characters: nothing cut off
