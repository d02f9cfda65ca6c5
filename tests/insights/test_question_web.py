"""A rules question recorded from the phone page: one tap on a move's `?` or on a finding's `?`."""

from __future__ import annotations

import re
import warnings
from pathlib import Path

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")
with warnings.catch_warnings():
    warnings.filterwarnings("ignore", message=".*httpx2")
    from starlette.testclient import TestClient  # noqa: E402

from playproof.playtest.store import Store  # noqa: E402
from playproof.web.app import create_app  # noqa: E402

ORIGIN = "http://127.0.0.1"


def _csrf(page: str) -> str:
    """Return the CSRF token a page gives its scripts."""
    found = re.search(r'<meta name="csrf" content="([0-9a-f]+)">', page)
    assert found, page[:400]
    return found.group(1)


def test_a_question_is_one_tap_on_a_move_or_a_finding(tmp_path: Path, nim: str) -> None:
    app, _ = create_app(tmp_path / "s.db")
    client = TestClient(app, base_url=ORIGIN, headers={"Origin": ORIGIN}, follow_redirects=False)
    started = client.post("/start", data={"csrf": _csrf(client.get("/").text), "game": "nim", "players": "Ann, Ben",
                                          "variant": "stones=7", "timed": "1"})
    session = int(started.headers["location"].rsplit("/", 1)[1])

    def post(line: str) -> dict[str, object]:
        token = _csrf(client.get(f"/s/{session}").text)
        answer = client.post(f"/s/{session}/lines", json={"line": line}, headers={"X-Playproof-CSRF": token})
        assert answer.status_code == 200, answer.text
        return answer.json()

    move = post("Ann: take 5")  # more than the take limit: a finding on this line
    page = client.get(f"/s/{session}").text
    assert 'data-fill="? "' in page  # the quick Question button
    assert f'data-send="? {move["line"]}"' in page  # the move's ?
    assert f'data-send="? {move["line"]} nim/2-take-limit"' in page  # the finding's ?
    asked = post(f"? {move['line']} nim/2-take-limit")
    assert asked["verdict"] == [f"recorded line {asked['line']}"]
    assert re.search(rf"\? {move['line']} nim/2-take-limit$", Store(tmp_path / "s.db").lines(session)[-1])


def test_a_question_typed_in_the_repl_is_recorded_and_stamped(tmp_path: Path, nim: str) -> None:
    from playproof.playtest.recorder import Recorder
    from playproof.playtest.repl import HELP, run_repl

    store = Store(tmp_path / "r.db")
    recorder = Recorder.start(store, nim, ["Ann", "Ben"])
    said: list[str] = []
    typed = iter(["Ann: take 3", "? 5 Ben: can Ann take three at once?", None])
    run_repl(recorder, lambda prompt: next(typed), said.append)
    assert "recorded line 6" in said
    assert re.fullmatch(r"\d+:\d\d:\d\d \? 5 Ben: can Ann take three at once\?", store.lines(1)[-1])
    assert "`? Ben: can I buy after playing?`" in HELP
