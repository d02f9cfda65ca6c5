"""The table page knows the projects: declared games offered by name, refereed, found again when moved."""

from __future__ import annotations

import re
import shutil
import warnings
from pathlib import Path
from typing import Any, Iterator

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")
with warnings.catch_warnings():
    warnings.filterwarnings("ignore", message=".*httpx2")
    from starlette.testclient import TestClient  # noqa: E402

from playproof.playtest.catalog import games_in  # noqa: E402
from playproof.playtest.store import Store  # noqa: E402
from playproof.web.app import create_app  # noqa: E402
from webserve import PHONE, Served, free_port  # type: ignore[import-not-found]  # noqa: E402

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "declared" / "lantern-guild"
ORIGIN = "http://127.0.0.1"
LABEL = "lantern-guild (rules declared in its workbook)"


@pytest.fixture
def projects(tmp_path: Path) -> Path:
    """A folder holding a declared game, a folder that is no project, and a hidden one."""
    folder = tmp_path / "games"
    shutil.copytree(EXAMPLE, folder / "lantern-guild")
    (folder / "notes").mkdir()
    return folder


def client_of(app: object) -> TestClient:
    """Return a client of the app as a browser on this machine."""
    return TestClient(app, base_url=ORIGIN, headers={"Origin": ORIGIN}, follow_redirects=False)


def start(client: TestClient, game: str) -> Any:
    """Post the home page's form for a two-player game."""
    token = re.search(r'<meta name="csrf" content="([0-9a-f]+)">', client.get("/").text).group(1)  # type: ignore
    return client.post("/start", data={"csrf": token, "game": game, "players": "Ann, Ben", "timed": "1"})


def test_the_catalog_lists_bundled_then_declared_games(projects: Path) -> None:
    found = games_in(projects)
    assert found[0].game == "seven-sisters" and found[-1].label == LABEL
    assert found[-1].project == (projects / "lantern-guild").resolve()
    assert [c.game for c in games_in(projects / "lantern-guild")][-1] == "lantern-guild"  # the folder itself
    assert [c.game for c in games_in(None)] == [c.game for c in found[:-1]]


def test_the_page_offers_declared_games_and_has_no_folder_box(tmp_path: Path, projects: Path) -> None:
    asgi, _ = create_app(tmp_path / "s.db", projects=projects)
    page = client_of(asgi).get("/").text
    assert f'<option value="lantern-guild" label="{LABEL}">' in page
    assert 'name="project"' not in page


def test_a_declared_game_started_on_the_page_is_refereed(tmp_path: Path, projects: Path) -> None:
    asgi, _ = create_app(tmp_path / "s.db", projects=projects)
    client = client_of(asgi)
    answer = start(client, "lantern-guild")
    assert answer.status_code == 303, answer.text
    store = Store(tmp_path / "s.db")
    info = store.sessions()[0]
    header = store.text(info.id)
    store.close()
    assert info.project == str((projects / "lantern-guild").resolve())
    assert '[Referee "declared"]' in header and '[Content "' in header
    exported = client.get(f"/s/{info.id}/export.log").text
    assert '[Project "lantern-guild"]' in exported  # relative to --projects: portable


def test_a_moved_project_is_found_again_by_the_games_name(tmp_path: Path, projects: Path) -> None:
    asgi, table = create_app(tmp_path / "s.db", projects=projects)
    assert start(client_of(asgi), "lantern-guild").status_code == 303
    table.tables.close()
    moved = tmp_path / "moved"
    shutil.move(str(projects), moved)
    asgi, _ = create_app(tmp_path / "s.db", projects=moved)
    page = client_of(asgi).get("/s/1")
    assert page.status_code == 200 and "refill Wick" in page.text


@pytest.fixture
def served_projects(tmp_path: Path, projects: Path) -> Iterator[Served]:
    """`playproof serve --projects` over the folder of declared games."""
    server = Served(tmp_path / "sessions.db", free_port(), tmp_path / "serve.log",
                    ("--projects", str(projects))).start()
    yield server
    server.stop()


def test_choosing_a_declared_game_on_the_phone_page(browser: Any, served_projects: Served) -> None:
    context = browser.new_context(**PHONE)
    phone = context.new_page()
    try:
        phone.goto(served_projects.url + "/")
        labels = phone.eval_on_selector_all("#games option", "options => options.map(o => o.label)")
        assert LABEL in labels and phone.locator("input[name=project]").count() == 0
        phone.fill("input[name=game]", "lantern-guild")
        phone.fill("input[name=players]", "Ann, Ben")
        phone.click("text=Start recording")
        phone.wait_for_url(re.compile(r"/s/\d+$"))
        phone.wait_for_selector("#live.on")
        assert "Lantern Guild" in phone.inner_text("header .title")
        phone.fill("#line", "Ann: buy Star")
        phone.click("#record")
        phone.locator("#status", has_text=re.compile("^(Stored|Not stored)")).wait_for()
        verdict = phone.inner_text('#log li[data-number="9"]')
        assert "lantern-guild/moves-refill-due" in verdict  # refereed: the refill owed first, not a green tick
    finally:
        context.close()


def card_text(path: Path) -> str:
    """Return the text of a table card."""
    pdfium = pytest.importorskip("pypdfium2")
    return pdfium.PdfDocument(str(path))[0].get_textpage().get_text_range().replace("\r\n", " ").replace("\n", " ")


def test_a_loopback_table_card_says_phones_cannot_reach_it(tmp_path: Path) -> None:
    pytest.importorskip("segno")
    from playproof.web.server import _announce

    said: list[str] = []
    _announce("http://127.0.0.1:8765/", "127.0.0.1", tmp_path / "card.pdf", False, said.append)
    assert said[1] == (f"wrote {tmp_path / 'card.pdf'} (only this computer can open this address: phones cannot; "
                       "serve with --host 0.0.0.0 for them)")
    text = card_text(tmp_path / "card.pdf")
    assert "phones cannot" in text and "Scan with a phone" not in text
    _announce("http://192.168.1.20:8765/?token=abc", "0.0.0.0", tmp_path / "lan.pdf", False, said.append)
    assert "Scan with a phone on the same Wi-Fi" in card_text(tmp_path / "lan.pdf")


def test_serve_project_names_where_a_moved_session_project_is(tmp_path: Path, projects: Path) -> None:
    asgi, table = create_app(tmp_path / "s.db", projects=projects)
    assert start(client_of(asgi), "lantern-guild").status_code == 303
    table.tables.close()
    shutil.move(str(projects / "lantern-guild"), tmp_path / "elsewhere")  # not under --projects any more
    asgi, table = create_app(tmp_path / "s.db", projects=projects)
    lost = client_of(asgi).get("/s/1")
    assert lost.status_code == 400 and "cannot find the project of &quot;lantern-guild&quot;" in lost.text
    table.tables.close()
    asgi, _ = create_app(tmp_path / "s.db", projects=projects, project=tmp_path / "elsewhere")
    page = client_of(asgi).get("/s/1")
    assert page.status_code == 200 and "refill Wick" in page.text


def test_a_seed_games_own_workbook_under_projects_is_used(tmp_path: Path, projects: Path) -> None:
    shutil.copytree(Path(__file__).resolve().parents[2] / "examples" / "seven-sisters", projects / "seven-sisters")
    asgi, _ = create_app(tmp_path / "s.db", projects=projects)
    assert start(client_of(asgi), "seven-sisters").status_code == 303
    store = Store(tmp_path / "s.db")
    info = store.sessions()[0]
    store.close()
    assert info.project == str((projects / "seven-sisters").resolve())
