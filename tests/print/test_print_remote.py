"""Components from a URL: fetched from a local HTTP server (127.0.0.1 only), cached, used offline, never unsafe."""

from __future__ import annotations

import hashlib
import io
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from click.testing import CliRunner

from print_fixtures import CARD_LAYOUT, make_project, write_workbook
from playproof.cli import cli
from playproof.components.remote import CACHE

ROWS = [("name", "text", "count"), ("Gold", "Gain :gold: 2.", 3), ("Fruit", "Gain one fruit.", 2)]


class Site:
    """A tiny web server on 127.0.0.1: paths -> (status, body, headers); it records each request's headers."""

    def __init__(self) -> None:
        self.pages: dict[str, tuple[int, bytes, dict[str, str]]] = {}
        self.requests: list[tuple[str, dict[str, str]]] = []
        site = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:  # noqa: N802 (http.server's name)
                site.requests.append((self.path, dict(self.headers)))
                status, body, headers = site.pages.get(self.path, (404, b"no such page", {}))
                etag = hashlib.sha1(body).hexdigest()
                if status == 200 and self.headers.get("If-None-Match") == etag:
                    self.send_response(304)
                    self.end_headers()
                    return
                self.send_response(status)
                for key, value in {"ETag": etag, **headers}.items():
                    self.send_header(key, value)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args: object) -> None:
                """Keep the test's output quiet: the server's access log is not what is tested."""

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def url(self, path: str) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}{path}"

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def site():
    server = Site()
    yield server
    server.close()


def workbook_bytes(tmp_path: Path, rows) -> bytes:
    """Return an .xlsx holding a Cards sheet."""
    path = tmp_path / "remote.xlsx"
    write_workbook(path, {"Cards": rows})
    return path.read_bytes()


def remote_project(tmp_path: Path, url: str) -> Path:
    """Return a project whose layouts.toml names the components' address (and has no workbook of its own)."""
    project = make_project(tmp_path, layouts=CARD_LAYOUT.replace('[game]\npaper = "a4"',
                                                                  f'[game]\npaper = "a4"\n\n[data]\nurl = "{url}"'))
    (project / "components.xlsx").unlink()
    return project


def run(*args: str, env: dict[str, str] | None = None):
    return CliRunner().invoke(cli, list(args), env=env)


def test_build_and_check_read_the_workbook_from_its_address(site, tmp_path):
    site.pages["/sheet.xlsx"] = (200, workbook_bytes(tmp_path, ROWS), {})
    project = remote_project(tmp_path, site.url("/sheet.xlsx"))
    assert run("check", str(project)).exit_code == 0
    result = run("build", str(project), "-o", str(tmp_path / "out"))
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[-1] == "1 set(s), 5 copies, 2 page(s), 0 warning(s)"
    assert site.requests[-1][1].get("If-None-Match") == hashlib.sha1(site.pages["/sheet.xlsx"][1]).hexdigest()


def test_a_changed_sheet_is_fetched_again(site, tmp_path):
    site.pages["/sheet.xlsx"] = (200, workbook_bytes(tmp_path, ROWS), {})
    project = remote_project(tmp_path, site.url("/sheet.xlsx"))
    assert run("build", str(project), "-o", str(tmp_path / "out")).exit_code == 0
    site.pages["/sheet.xlsx"] = (200, workbook_bytes(tmp_path, ROWS[:2] + [("Fruit", "x", 20)]), {})
    result = run("build", str(project), "-o", str(tmp_path / "out"))
    assert result.stdout.splitlines()[-1].startswith("1 set(s), 23 copies")


def test_offline_the_last_copy_is_used_with_a_warning(site, tmp_path):
    site.pages["/sheet.xlsx"] = (200, workbook_bytes(tmp_path, ROWS), {})
    project = remote_project(tmp_path, site.url("/sheet.xlsx"))
    assert run("build", str(project), "-o", str(tmp_path / "out")).exit_code == 0
    site.close()
    result = run("build", str(project), "-o", str(tmp_path / "out"))
    assert result.exit_code == 0, result.output
    (warning,) = [line for line in result.stderr.splitlines() if line.startswith("warning:")]
    assert warning.startswith(f"warning: layouts.toml: could not fetch the components from {site.url('/sheet.xlsx')} (")
    assert "; using the copy fetched 20" in warning
    assert result.stdout.splitlines()[-1] == "1 set(s), 5 copies, 2 page(s), 1 warning(s)"
    offline = run("check", str(project), env={"PLAYPROOF_OFFLINE": "1"})
    assert offline.exit_code == 0 and "PLAYPROOF_OFFLINE is set" in offline.output


def test_no_copy_and_no_connection_is_one_error_line(site, tmp_path):
    project = remote_project(tmp_path, site.url("/missing.xlsx"))
    result = run("build", str(project), "-o", str(tmp_path / "out"))
    assert result.exit_code == 1
    assert result.output.splitlines()[-1] == (f"Error: could not fetch the components from {site.url('/missing.xlsx')} "
                                              "(HTTP 404 Not Found) and there is no earlier copy; check the address "
                                              "and the connection")
    assert not (tmp_path / "out").exists()


def test_a_sign_in_page_instead_of_a_workbook_is_refused(site, tmp_path):
    site.pages["/private.xlsx"] = (200, b"<!doctype html><title>Sign in</title>", {})
    project = remote_project(tmp_path, site.url("/private.xlsx"))
    result = run("check", str(project))
    assert result.exit_code == 1
    assert result.output.splitlines()[-1] == (f"Error: {site.url('/private.xlsx')} did not give an .xlsx workbook "
                                              "(publish the sheet to the web as Microsoft Excel (.xlsx), and check "
                                              "it is public)")


def test_csv_addresses_per_sheet(site, tmp_path):
    text = io.StringIO()
    text.write("name,text,count\nGold,Gain one.,4\n")
    site.pages["/cards.csv"] = (200, text.getvalue().encode(), {"Content-Type": "text/csv"})
    project = make_project(tmp_path, layouts=CARD_LAYOUT.replace(
        '[game]\npaper = "a4"', f'[game]\npaper = "a4"\n\n[data]\nurl = {{ Cards = "{site.url("/cards.csv")}" }}'))
    (project / "components.xlsx").unlink()
    result = run("build", str(project), "-o", str(tmp_path / "out"))
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[-1].startswith("1 set(s), 4 copies")


@pytest.mark.parametrize("url", ["file:///etc/passwd", "ftp://127.0.0.1/x.xlsx", "components.xlsx"])
def test_only_http_addresses_are_fetched(tmp_path, url):
    project = remote_project(tmp_path, url)
    result = run("check", str(project))
    assert result.exit_code == 1
    assert result.output.splitlines()[-1] == (f"Error: layouts.toml: [data] url must be an http:// or https:// "
                                              f"address, not {url!r}")


@pytest.mark.parametrize("scheme", ["file", "ftp"])
def test_a_redirect_away_from_http_is_not_followed(site, tmp_path, scheme):
    secret = tmp_path / "secret.xlsx"
    secret.write_bytes(workbook_bytes(tmp_path, ROWS))
    target = secret.as_uri() if scheme == "file" else "ftp://127.0.0.1/secret.xlsx"
    site.pages["/moved.xlsx"] = (302, b"", {"Location": target})
    project = remote_project(tmp_path / "p", site.url("/moved.xlsx"))
    result = run("check", str(project))
    assert result.exit_code == 1
    assert ("is not allowed" if scheme == "file" else "which is not an http(s) address") in result.output
    assert not list((project / CACHE).rglob("components.xlsx"))


def test_a_remote_row_cannot_reach_files_outside_the_project(site, tmp_path):
    outside = tmp_path / "outside.svg"
    outside.write_text('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>')
    layouts = CARD_LAYOUT + '\n[[sets.Cards.elements]]\ntype = "image"\nsrc = "{art}"\nx = "1mm"\ny = "1mm"\n' \
        'width = "5mm"\nheight = "5mm"\n'
    rows = [("name", "text", "art"), ("Gold", "a", "../../outside.svg")]
    site.pages["/sheet.xlsx"] = (200, workbook_bytes(tmp_path, rows), {})
    project = make_project(tmp_path / "p", layouts=layouts.replace(
        '[game]\npaper = "a4"', f'[game]\npaper = "a4"\n\n[data]\nurl = "{site.url("/sheet.xlsx")}"'))
    (project / "components.xlsx").unlink()
    result = run("build", str(project), "-o", str(tmp_path / "out"))
    assert result.exit_code == 1 and "outside" in result.output.splitlines()[-1]


def test_watch_asks_the_address_again_and_rebuilds_when_the_sheet_changed(site, tmp_path, monkeypatch):
    pytest.importorskip("watchfiles")
    import time

    from playproof.output.build import BuildOptions
    from playproof.output.watch import watch

    monkeypatch.setenv("PLAYPROOF_POLL_SECONDS", "5")
    site.pages["/sheet.xlsx"] = (200, workbook_bytes(tmp_path, ROWS), {})
    project = remote_project(tmp_path, site.url("/sheet.xlsx"))
    lines: list[str] = []
    stop = threading.Event()
    thread = threading.Thread(target=watch, args=(project, tmp_path / "out", BuildOptions(), lines.append, stop))
    thread.start()
    try:
        deadline = time.monotonic() + 30
        while not any(line.startswith("watching") for line in lines) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert lines[-1].endswith(f"; asking {site.url('/sheet.xlsx')} every 5 s")
        site.pages["/sheet.xlsx"] = (200, workbook_bytes(tmp_path, ROWS[:2] + [("Fruit", "x", 20)]), {})
        while not any(line.startswith("changed: http") for line in lines) and time.monotonic() < deadline:
            time.sleep(0.2)
        while not lines[-1].startswith("rebuilt") and time.monotonic() < deadline:
            time.sleep(0.1)
    finally:
        stop.set()
        thread.join(10)
    assert f"changed: {site.url('/sheet.xlsx')}" in lines and lines[-1].startswith("rebuilt in ")


def test_a_build_of_local_files_imports_no_network_modules(tmp_path):
    """urllib.request, http.client and ssl cost a build's start-up; only a project naming an address needs them."""
    import os
    import subprocess
    import sys

    root = Path(__file__).resolve().parents[2]
    script = (f"import sys; sys.path.insert(0, {str(root / 'benchmarks')!r}); import print_bench; "
              "from pathlib import Path; from playproof.output.build import build; "
              f"deck = print_bench.make_deck(Path({str(tmp_path)!r}), 9, 'csv', 'icons'); "
              f"build(deck, Path({str(tmp_path)!r}) / 'out'); "
              "print(sorted(m for m in ('ssl', 'http.client', 'urllib.request') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", script], cwd=root, capture_output=True, text=True, check=True,
                         env={**os.environ, "PYTHONPATH": str(root)})
    assert out.stdout.strip() == "[]"
