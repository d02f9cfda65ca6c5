"""Hostile requests to the table page: bodies capped while read, odd tokens and headers, deep JSON, stalled watchers."""

from __future__ import annotations

import asyncio
import re
import warnings
from pathlib import Path
from typing import Iterator

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")
from hypothesis import HealthCheck, example, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

with warnings.catch_warnings():
    warnings.filterwarnings("ignore", message=".*httpx2")
    from starlette.testclient import TestClient  # noqa: E402

from playproof.limits import MAX_BODY_BYTES, MAX_WATCHER_BACKLOG  # noqa: E402
from playproof.web.app import create_app  # noqa: E402
from playproof.web.bodycap import BodyCap  # noqa: E402
from playproof.web.hub import BEHIND, Hub  # noqa: E402
from test_web_app import client_of, csrf_of, start  # noqa: E402

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


def run(coroutine: object) -> object:
    """Run a coroutine to its end in a thread of its own (a browser test may leave this thread's loop running)."""
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


@pytest.fixture
def app(tmp_path: Path, nim: str) -> Iterator[object]:
    asgi, _ = create_app(tmp_path / "s.db")
    yield asgi


def _stored_lines(client: TestClient, session: int) -> str:
    """Return the session's stored log."""
    return client.get(f"/s/{session}/export.log").text


def test_a_body_declared_over_the_cap_is_refused_before_a_byte_is_read() -> None:
    reads: list[dict[str, object]] = []

    async def never_called(scope: object, receive: object, send: object) -> None:
        raise AssertionError("the app must not see a refused request")

    async def receive() -> dict[str, object]:
        reads.append({})
        return {"type": "http.request", "body": b"x" * 1024, "more_body": True}

    sent: list[dict[str, object]] = []

    async def send(message: dict[str, object]) -> None:
        sent.append(message)

    scope = {"type": "http", "method": "POST", "path": "/start",
             "headers": [(b"content-length", str(700 * 1024 * 1024).encode())]}
    run(BodyCap(never_called)(scope, receive, send))
    assert reads == [] and sent[0]["status"] == 413
    assert b"docs/limits.md" in sent[1]["body"]  # type: ignore[operator]


def test_a_body_growing_past_the_cap_stops_being_read_at_the_cap(app: object) -> None:
    client = client_of(app)
    session = start(client)
    token = csrf_of(client.get(f"/s/{session}").text)

    def chunks() -> Iterator[bytes]:  # no Content-Length: sent in chunks
        yield b'{"line": "Ann: take 1", "pad": "'
        for _ in range(200):
            yield b" " * 16384
        yield b'"}'
    answer = client.post(f"/s/{session}/lines", content=chunks(),
                         headers={"X-Playproof-CSRF": token, "Content-Type": "application/json"})
    assert answer.status_code == 413
    assert answer.json()["error"] == f"refused: a request body holds at most {MAX_BODY_BYTES:,} bytes; see docs/limits.md"
    assert "take" not in _stored_lines(client, session)


def test_an_endless_body_is_read_only_up_to_the_cap() -> None:
    reads = 0

    async def reads_everything(scope: object, receive: object, send: object) -> None:
        from starlette.requests import Request
        await Request(scope, receive).body()  # type: ignore[arg-type]

    async def receive() -> dict[str, object]:
        nonlocal reads
        reads += 1
        return {"type": "http.request", "body": b"x" * 16384, "more_body": reads < 1_000_000}

    async def send(message: dict[str, object]) -> None:
        raise AssertionError("the middleware itself answers nothing here: the app's handler does")

    with pytest.raises(Exception) as raised:
        run(BodyCap(reads_everything)({"type": "http", "method": "POST", "headers": []}, receive, send))
    assert raised.type.__name__ == "BodyTooLarge"
    assert reads == MAX_BODY_BYTES // 16384 + 1


def test_a_refused_write_is_refused_without_its_body_being_read(app: object) -> None:
    client = client_of(app, origin="http://evil.example")
    answer = client.post("/start", content=b"game=nim&" + b"x" * (MAX_BODY_BYTES * 4),
                         headers={"Content-Type": "application/x-www-form-urlencoded"})
    assert answer.status_code == 413  # declared too large: nothing read, whatever else is wrong


def test_a_body_nested_thousands_deep_is_one_refusal_not_a_traceback(app: object) -> None:
    client = client_of(app)
    session = start(client)
    token = csrf_of(client.get(f"/s/{session}").text)
    deep = b"[" * 30_000 + b"]" * 30_000
    answer = client.post(f"/s/{session}/lines", content=deep,
                         headers={"X-Playproof-CSRF": token, "Content-Type": "application/json"})
    assert answer.status_code == 400 and answer.json()["error"].startswith("send the line as JSON")


@pytest.mark.parametrize("header", ["X-Playproof-CSRF", "Cookie"])
def test_non_ascii_tokens_are_refused_not_a_server_error(app: object, header: str) -> None:
    client = client_of(app)
    session = start(client)
    value = "pp_device=é€" if header == "Cookie" else "é" * 32
    answer = client.post(f"/s/{session}/lines", json={"line": "Ann: take 1"},
                         headers={header: value.encode("utf-8"), "X-Playproof-CSRF": "é".encode("utf-8")})
    assert answer.status_code == 403


def test_a_non_ascii_access_token_is_refused_off_loopback(tmp_path: Path) -> None:
    asgi, _ = create_app(tmp_path / "s.db", host="0.0.0.0", token="s3cret-token")
    client = TestClient(asgi, base_url="http://192.168.1.20:8765", follow_redirects=False)
    assert client.get("/?token=%C3%A9%E2%82%AC").status_code == 403
    assert client.get("/", headers={"Cookie": "pp_token=é".encode("utf-8")}).status_code == 403


@SETTINGS
@given(body=st.binary(max_size=3000), kind=st.sampled_from(["application/json", "application/x-www-form-urlencoded",
                                                            "text/plain", ""]))
def test_any_body_to_any_write_is_an_answer_never_a_server_error(app: object, body: bytes, kind: str) -> None:
    client = client_of(app)
    token = csrf_of(client.get("/").text)
    for path in ("/start", "/s/1/lines", "/s/1/pen", "/s/1/end"):
        answer = client.post(path, content=body, headers={"X-Playproof-CSRF": token, "Content-Type": kind})
        assert answer.status_code < 500, (path, answer.text)


@SETTINGS
@given(value=st.text(max_size=60).filter(lambda t: "\r" not in t and "\n" not in t and "\x00" not in t),
       name=st.sampled_from(["X-Playproof-CSRF", "Origin", "Referer", "Host", "Cookie"]))
@example(value="[", name="Host")  # urlsplit refuses it: once a server error
@example(value="http://[", name="Referer")
@example(value="é", name="X-Playproof-CSRF")
def test_any_header_value_is_an_answer_never_a_server_error(app: object, value: str, name: str) -> None:
    client = client_of(app)
    client.get("/")
    raw = value.encode("utf-8")
    answer = client.post("/start", data={"game": "nim", "players": "Ann, Ben"}, headers={name: raw})
    assert answer.status_code < 500
    assert client.get("/", headers={name: raw}).status_code < 500


def test_a_stalled_watcher_is_cut_off_at_its_backlog_and_the_others_get_every_message() -> None:
    async def scene() -> tuple[list[str], list[str]]:
        hub = Hub()
        stalled, reading = hub.subscribe(1), hub.subscribe(1)
        got: list[str] = []
        for number in range(MAX_WATCHER_BACKLOG * 3):
            hub.publish(1, f"view {number}")
            got.append(reading.get_nowait())
        left = [stalled.get_nowait() for _ in range(stalled.qsize())]
        return got, left
    got, left = run(scene())
    assert got == [f"view {n}" for n in range(MAX_WATCHER_BACKLOG * 3)]
    assert len(left) <= MAX_WATCHER_BACKLOG and BEHIND in left


def test_a_project_path_too_long_for_the_system_is_a_refusal_not_a_server_error(app: object) -> None:
    client = client_of(app)
    token = csrf_of(client.get("/").text)
    answer = client.post("/start", data={"csrf": token, "game": "a" * 9000, "players": "Ann, Ben, Cat"})
    assert answer.status_code == 400  # the game box is looked up as a folder too: no project box any more
    assert re.search(r"\(9,\d{3} characters\): a path or a name in it is longer than the system allows$",
                     answer.json()["error"])


@pytest.mark.parametrize("path", ["/s/" + "9" * 5000, "/s/" + "9" * 5000 + "/events", "/s/" + "9" * 20 + "/view",
                                  "/s/١/view"])
def test_a_session_id_no_database_holds_is_a_404_not_a_server_error(app: object, path: str) -> None:
    assert client_of(app).get(path).status_code == 404


@settings(max_examples=50, deadline=None)
@given(token=st.text(max_size=40))
def test_any_access_token_off_loopback_is_refused_or_admitted_never_a_server_error(token: str) -> None:
    import tempfile
    from urllib.parse import quote

    with tempfile.TemporaryDirectory() as folder:
        asgi, _ = create_app(Path(folder) / "s.db", host="0.0.0.0", token="s3cret-token")
        client = TestClient(asgi, base_url="http://192.168.1.20:8765", follow_redirects=False)
        answer = client.get("/?token=" + quote(token, safe="", errors="surrogatepass"))
        assert answer.status_code in ((303,) if token == "s3cret-token" else (403,))
        assert client.get("/", headers={"Cookie": f"pp_token={token}".encode("utf-8", "surrogatepass")}).status_code < 500
