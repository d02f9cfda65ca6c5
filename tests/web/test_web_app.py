"""The web app's routes through Starlette's TestClient: recording, corrections, escaping, CSRF, token, pen."""

from __future__ import annotations

import html
import re
import warnings
from pathlib import Path
from typing import Iterator

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")
with warnings.catch_warnings():  # Starlette asks for httpx2 over httpx; either drives the app the same way
    warnings.filterwarnings("ignore", message=".*httpx2")
    from starlette.testclient import TestClient  # noqa: E402

from playproof.playtest.recorder import Recorder  # noqa: E402
from playproof.playtest.repl import handle  # noqa: E402
from playproof.playtest.store import Store  # noqa: E402
from playproof.web.app import create_app  # noqa: E402

ORIGIN = "http://127.0.0.1"


def client_of(app: object, origin: str | None = ORIGIN) -> TestClient:
    """Return a client of the app as a browser on this machine (its own cookies, its page's Origin)."""
    return TestClient(app, base_url=ORIGIN, headers={"Origin": origin} if origin else {}, follow_redirects=False)


@pytest.fixture
def app(tmp_path: Path, nim: str) -> Iterator[object]:
    asgi, _ = create_app(tmp_path / "s.db")
    yield asgi


def csrf_of(html: str) -> str:
    """Return the CSRF token a page gives its scripts."""
    found = re.search(r'<meta name="csrf" content="([0-9a-f]+)">', html)
    assert found, html[:400]
    return found.group(1)


def start(client: TestClient, game: str = "nim", players: str = "Ann, Ben", variant: str = "stones=7") -> int:
    """Start a session through the home page's form; return its id."""
    token = csrf_of(client.get("/").text)
    answer = client.post("/start", data={"csrf": token, "game": game, "players": players, "variant": variant,
                                         "timed": "1"})
    assert answer.status_code == 303, answer.text
    return int(answer.headers["location"].rsplit("/", 1)[1])


def post(client: TestClient, session: int, line: str) -> tuple[int, dict[str, object]]:
    """Post one line from the session's page; return the status and JSON answer."""
    token = csrf_of(client.get(f"/s/{session}").text)
    answer = client.post(f"/s/{session}/lines", json={"line": line}, headers={"X-Playproof-CSRF": token})
    return answer.status_code, answer.json()


def test_home_page_offers_the_games_and_sets_a_device_cookie(app: object) -> None:
    client = client_of(app)
    page = client.get("/")
    assert page.status_code == 200
    assert '<option value="seven-sisters" label="seven-sisters (built in)">' in page.text and "Start recording" in page.text
    assert "pp_device" in page.cookies
    assert "samesite=strict" in page.headers["set-cookie"].lower() and "httponly" in page.headers["set-cookie"].lower()


def test_a_session_started_on_the_page_offers_the_engines_moves(app: object, tmp_path: Path) -> None:
    client = client_of(app)
    session = start(client)
    page = client.get(f"/s/{session}").text
    assert "<b>Ann</b> to decide" in page
    assert [m for m in re.findall(r'data-line="([^"]+)"', page)] == ["Ann: take 1", "Ann: take 2", "Ann: take 3"]
    assert Store(tmp_path / "s.db").lines(session)[:2] == ['[Game "nim"]', '[Players "Ann, Ben"]']


def test_a_posted_line_is_stored_before_the_answer_with_its_verdict(app: object, tmp_path: Path) -> None:
    client = client_of(app)
    session = start(client)
    status, answer = post(client, session, "Ann: take 3")
    assert (status, answer["verdict"]) == (200, [f"✓ line {answer['line']}"])
    assert re.fullmatch(r"\d+:\d\d:\d\d Ann: take 3", Store(tmp_path / "s.db").lines(session)[-1])


def test_a_violation_is_shown_with_its_rule_id(app: object) -> None:
    client = client_of(app)
    session = start(client)
    status, answer = post(client, session, "Ben: take 3")
    assert status == 200
    assert answer["verdict"] == [f"✗ line {answer['line']} nim/1-turn-order: it is Ann's turn, not Ben's"]
    page = client.get(f"/s/{session}").text
    assert '<code>nim/1-turn-order</code> it is Ann&#x27;s turn, not Ben&#x27;s' in page


def test_hidden_move_reveal_undo_and_amend_are_kept_as_corrections(app: object, tmp_path: Path) -> None:
    client = client_of(app)
    session = start(client)
    _, hidden = post(client, session, "take ?")
    assert hidden["verdict"] == [f"? line {hidden['line']} nim/2-take-limit: how many stones were taken is hidden "
                                 "(cannot tell yet)"]
    assert "Reveal 1 ?" in client.get(f"/s/{session}").text
    _, reveal = post(client, session, f"reveal {hidden['line']}: 2")
    assert reveal["verdict"] == [f"✓ line {reveal['line']}: line {hidden['line']} revealed"]
    _, slip = post(client, session, "Ben: take 3")
    _, undo = post(client, session, f"undo {slip['line']}")
    assert undo["verdict"] == [f"✓ line {undo['line']}: line {slip['line']} taken back"]
    _, move = post(client, session, "Ben: take 2")
    _, amend = post(client, session, f"amend {move['line']}: Ben: take 1")
    assert amend["verdict"] == [f"✓ line {amend['line']}: line {move['line']} amended"]
    page = client.get(f"/s/{session}").text
    assert f"taken back on line {undo['line']}" in page and f"amended on line {amend['line']}" in page
    assert Store(tmp_path / "s.db").lines(session)[-1].endswith(f"amend {move['line']}: Ben: take 1")


def test_undo_alone_takes_back_the_last_move(app: object) -> None:
    client = client_of(app)
    session = start(client)
    _, move = post(client, session, "Ann: take 1")
    _, undo = post(client, session, "undo")
    assert undo["verdict"] == [f"✓ line {undo['line']}: line {move['line']} taken back"]


def test_unreadable_empty_and_multiline_lines_are_refused_and_not_stored(app: object, tmp_path: Path) -> None:
    client = client_of(app)
    session = start(client)
    before = Store(tmp_path / "s.db").lines(session)
    assert post(client, session, "") == (400, {"error": "nothing to record: the line is empty"})
    assert post(client, session, "Ann: take 1\nBen: take 1")[0] == 400
    status, answer = post(client, session, "Dan: take 1")
    assert status == 400 and 'unknown actor "Dan"' in str(answer["error"])
    assert Store(tmp_path / "s.db").lines(session) == before


def test_user_text_is_escaped_in_notes_player_names_and_forms(app: object) -> None:
    client = client_of(app)
    session = start(client, "garden-party", "Ann, <script>alert(1)</script>", "")
    post(client, session, "note <script>alert(2)</script> & <b>bold</b>")
    page = client.get(f"/s/{session}").text
    assert "<script>alert" not in page and "<b>bold</b>" not in page
    assert "note &lt;script&gt;alert(2)&lt;/script&gt; &amp; &lt;b&gt;bold&lt;/b&gt;" in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    home = client.get("/").text
    assert "<script>alert" not in home and "&lt;script&gt;alert(1)&lt;/script&gt;" in home
    token = csrf_of(home)
    bad = client.post("/start", data={"csrf": token, "game": "nim", "players": '"><script>x</script>'})
    assert bad.status_code == 400 and "<script>x" not in bad.text and "&quot;&gt;&lt;script&gt;x" in bad.text


def test_a_game_with_no_referee_is_recorded_as_free_text(app: object, tmp_path: Path) -> None:
    client = client_of(app)
    session = start(client, "garden-party", "Ann, Ben", "")
    page = client.get(f"/s/{session}").text
    assert "no referee: type what was done" in page
    status, answer = post(client, session, "plants three roses")
    assert status == 200 and answer["verdict"] == [f"✓ line {answer['line']}"]
    assert Store(tmp_path / "s.db").lines(session)[-1].endswith("Ann: plants three roses")


def test_a_write_without_its_csrf_token_is_refused(app: object) -> None:
    client = client_of(app)
    session = start(client)
    answer = client.post(f"/s/{session}/lines", json={"line": "Ann: take 1"})
    assert answer.status_code == 403 and answer.json() == {"error": "refused: the page is out of date; reload it"}
    forged = client.post(f"/s/{session}/lines", json={"line": "Ann: take 1"}, headers={"X-Playproof-CSRF": "0" * 32})
    assert forged.status_code == 403


def test_a_write_from_another_site_is_refused(app: object) -> None:
    client = client_of(app)
    session = start(client)
    token = csrf_of(client.get(f"/s/{session}").text)
    for headers in ({"Origin": "http://evil.example"}, {"Origin": "null"}):
        answer = client.post(f"/s/{session}/lines", json={"line": "Ann: take 1"},
                             headers={"X-Playproof-CSRF": token, **headers})
        assert answer.status_code == 403
        assert answer.json() == {"error": "refused: the request did not come from this server's page"}
    no_origin = client_of(app, origin=None)
    no_origin.cookies = client.cookies
    bare = no_origin.post(f"/s/{session}/lines", json={"line": "Ann: take 1"}, headers={"X-Playproof-CSRF": token})
    assert bare.status_code == 403
    referred = no_origin.post(f"/s/{session}/lines", json={"line": "Ann: take 1"},
                              headers={"X-Playproof-CSRF": token, "Referer": f"{ORIGIN}/s/{session}"})
    assert referred.status_code == 200


def test_a_csrf_token_belongs_to_its_device(app: object) -> None:
    ann, ben = client_of(app), client_of(app)
    session = start(ann)
    ben.get("/")
    answer = ben.post(f"/s/{session}/lines", json={"line": "Ann: take 1"},
                      headers={"X-Playproof-CSRF": csrf_of(ann.get(f"/s/{session}").text)})
    assert answer.status_code == 403


def test_loopback_serves_only_loopback_host_names(app: object) -> None:
    assert client_of(app).get("/", headers={"Host": "evil.example"}).status_code == 400
    assert client_of(app).get("/", headers={"Host": "localhost:8765"}).status_code == 200


def test_off_loopback_every_request_needs_the_access_token(tmp_path: Path) -> None:
    asgi, table = create_app(tmp_path / "s.db", host="0.0.0.0", token="s3cret-token")
    client = TestClient(asgi, base_url="http://192.168.1.20:8765", follow_redirects=False)
    refused = client.get("/")
    assert refused.status_code == 403 and "access token" in refused.text
    assert client.get("/?token=wrong").status_code == 403
    admitted = client.get("/?token=s3cret-token")
    assert (admitted.status_code, admitted.headers["location"]) == (303, "/")
    assert "samesite=strict" in admitted.headers["set-cookie"].lower()
    assert client.get("/").status_code == 200
    assert client.get("/static/app.js").status_code == 200


def test_a_random_token_is_made_off_loopback_and_none_on_loopback(tmp_path: Path) -> None:
    _, lan = create_app(tmp_path / "s.db", host="0.0.0.0")
    _, local = create_app(tmp_path / "s.db")
    assert lan.policy.token is not None and len(lan.policy.token) >= 20
    assert local.policy.token is None


def test_one_device_holds_the_pen_and_another_takes_over_explicitly(app: object) -> None:
    ann, ben = client_of(app), client_of(app)
    session = start(ann)
    ben_page = ben.get(f"/s/{session}").text
    ben_token = csrf_of(ben_page)
    refused = ben.post(f"/s/{session}/lines", json={"line": "Ann: take 1"}, headers={"X-Playproof-CSRF": ben_token})
    assert refused.status_code == 409 and "Take over" in refused.json()["error"]
    assert ben.post(f"/s/{session}/pen", headers={"X-Playproof-CSRF": ben_token}).status_code == 200
    assert ben.post(f"/s/{session}/lines", json={"line": "Ann: take 1"},
                    headers={"X-Playproof-CSRF": ben_token}).status_code == 200
    assert post(ann, session, "Ben: take 1")[0] == 409


def test_exports_are_the_stored_log_exactly(app: object, tmp_path: Path) -> None:
    client = client_of(app)
    session = start(client)
    post(client, session, "Ann: take 3")
    text = client.get(f"/s/{session}/export.log")
    assert text.text == Store(tmp_path / "s.db").text(session)
    assert text.headers["content-disposition"] == f'attachment; filename="session-{session}.log"'
    twin = client.get(f"/s/{session}/export.jsonl").text.splitlines()
    assert '"verb": "take"' in twin[-1] and len(twin) == len(Store(tmp_path / "s.db").lines(session))
    assert client.get(f"/s/{session}/export.exe").status_code == 404


def test_the_report_is_generated_on_request(app: object) -> None:
    client = client_of(app)
    session = start(client, "garden-party", "Ann, <i>Ben</i>", "")
    post(client, session, "note <script>alert(3)</script>")
    report = client.get(f"/s/{session}/report")
    assert report.status_code == 200 and "<html" in report.text.lower()
    assert "<script>alert(3)" not in report.text and "garden-party" in report.text


def test_an_ended_session_takes_no_more_lines(app: object) -> None:
    client = client_of(app)
    session = start(client)
    token = csrf_of(client.get(f"/s/{session}").text)
    ended = client.post(f"/s/{session}/end", headers={"X-Playproof-CSRF": token})
    assert ended.status_code == 200 and ended.json()["ended"]
    status, answer = post(client, session, "Ann: take 1")
    assert status == 400 and "takes no more lines" in str(answer["error"])
    assert "Session ended" in client.get(f"/s/{session}").text


def test_an_unknown_session_is_a_404(app: object) -> None:
    client = client_of(app)
    assert client.get("/s/99").status_code == 404
    assert client.get("/s/99/events").status_code == 404


def test_a_session_goes_back_and_forth_between_the_page_and_the_repl(app: object, tmp_path: Path) -> None:
    client = client_of(app)
    session = start(client)
    post(client, session, "Ann: take 3")
    store = Store(tmp_path / "s.db")
    repl = Recorder(store, session, engine="playproof_nim:Nim")
    assert handle(repl, "take 1") == [f"✓ line {len(store.lines(session))}"]  # Ben, after Ann's take on the page
    status, refused = post(client, session, "Ann: take 3")
    assert status == 400 and "is being recorded elsewhere (a recorder, process" in str(refused["error"])
    repl.close()  # the terminal recorder quits: the page may write again
    view = client.get(f"/s/{session}/view").json()
    assert "Ben: take 1" in view["log"] and "<b>Ann</b> to decide" in view["state"]
    _, answer = post(client, session, "Ann: take 3")
    assert answer["verdict"] == [f"✓ line {answer['line']}"]
    assert Recorder(store, session, engine="playproof_nim:Nim").decision().moves == ("winner Ann",)


def test_the_event_stream_starts_with_the_devices_token_and_the_view(app: object) -> None:
    client = client_of(app)
    session = start(client)
    token = csrf_of(client.get(f"/s/{session}").text)
    with client.stream("GET", f"/s/{session}/events") as stream:
        assert stream.headers["content-type"].startswith("text/event-stream")
        lines = []
        for line in stream.iter_lines():
            lines.append(line)
            if line.startswith("event: view"):
                break
    assert lines[0] == "event: hello" and f'"csrf": "{token}"' in lines[1]


def test_pages_run_only_their_own_script_and_cannot_be_framed(app: object) -> None:
    client = client_of(app)
    session = start(client)
    page = client.get(f"/s/{session}")
    policy = page.headers["content-security-policy"]
    assert "script-src 'self'" in policy and "frame-ancestors 'none'" in policy
    assert "<script>" not in page.text and 'src="/static/app.js"' in page.text
    assert "frame-ancestors 'none'" in client.get(f"/s/{session}/report").headers["content-security-policy"]


@pytest.mark.parametrize("game, players", [("seven-sisters", "Ann, Ben, Cat"), ("four-sisters", "Ann, Ben, Cat, Dan"),
                                           ("battle-for-seven-cities", "Ann, Ben"), ("who-will-reign", "Ann, Ben"),
                                           ("7-wonders-leaders", "Ann, Ben, Cat")])
def test_every_seed_game_offers_its_moves_and_records_them(app: object, game: str, players: str) -> None:
    client = client_of(app)
    session = start(client, game, players, "")
    for _ in range(3):
        offered = re.findall(r'class="move" data-line="([^"]+)"', client.get(f"/s/{session}").text)
        assert offered, game
        status, answer = post(client, session, html.unescape(offered[0]))
        assert status == 200 and answer["verdict"] == [f"✓ line {answer['line']}"], (game, offered[0], answer)


def test_the_round_is_said_once_when_the_summary_opens_with_it() -> None:
    from playproof.web.render import state_html
    from playproof.web.tables import View

    def view(round_: str, summary: str) -> View:
        return View(1, "lake", "Lantern Lake", "Ann, Ben", (), "Ben", "Ben's turn", (), round_, summary,
                    (("Ann", 0), ("Ben", 0)), None, False, 0.0, 0.0)

    declared = state_html(view("round 1", "round 1, Ben to play"))
    assert declared.count("round 1") == 1 and 'class="round"' not in declared
    seed = state_html(view("Round 2", "Ann holds 3 cards"))
    assert '<span class="round">Round 2</span>' in seed
