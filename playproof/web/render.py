"""Server-side HTML of the table's pages; every piece of user text goes through `esc`."""

from __future__ import annotations

from html import escape
from itertools import groupby

from playproof.playtest.recorder import elapsed_text
from playproof.playtest.store import SessionInfo
from playproof.web.tables import LineView, View

SHOWN_OPEN = 24
"""With this many legal moves or fewer (or a single verb), every group of moves is open; more are folded by verb."""


def esc(text: object) -> str:
    """Return text escaped for HTML content and attribute values."""
    return escape(str(text), quote=True)


def page(title: str, body: str, csrf: str = "", body_attrs: str = "") -> str:
    """Return a complete page (phone-sized viewport, local CSS and script only)."""
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="csrf" content="{esc(csrf)}">
<title>{esc(title)}</title>
<link rel="stylesheet" href="/static/app.css">
<script src="/static/app.js" defer></script>
</head><body{body_attrs}>
{body}
</body></html>"""


def home(sessions: list[SessionInfo], games: list[str] | list[tuple[str, str]], csrf: str, error: str = "",
         form: dict[str, str] | None = None) -> str:
    """Return the home page: start a session, or resume a stored one."""
    values = form or {}
    return page("playproof at the table", f"""<header class="bar"><b>playproof</b> at the table</header>
<main>
<h1>Start a session</h1>
{_error(error)}
{_start_form(games, csrf, values)}
<h2>Sessions</h2>
{_session_list(sessions)}
</main>""", csrf)


def _error(error: str) -> str:
    """Return an error box, or nothing."""
    return f'<p class="error" role="alert">{esc(error)}</p>' if error else ""


def _start_form(games: list[str] | list[tuple[str, str]], csrf: str, values: dict[str, str]) -> str:
    """Return the form that starts a session."""
    def field(name: str, label: str, hint: str, required: bool = False, extra: str = "") -> str:
        need = " required" if required else ""
        return (f'<label>{esc(label)}<input name="{name}" value="{esc(values.get(name, ""))}" '
                f'placeholder="{esc(hint)}"{need}{extra}></label>')

    pairs = [(g, g) if isinstance(g, str) else g for g in games]  # (game id, how it is shown)
    options = "".join(f'<option value="{esc(g)}" label="{esc(label)}">' for g, label in pairs)
    timed = "" if values and not values.get("timed") else " checked"
    return f"""<form method="post" action="/start" class="start">
<input type="hidden" name="csrf" value="{esc(csrf)}">
{field("game", "Game", "seven-sisters, or your own game's name", True, ' list="games" autocapitalize="off"')}
<datalist id="games">{options}</datalist>
{field("players", "Players in seat order", "Ann, Ben, Cat", True)}
{field("variant", "Variant (optional)", "random-order, rounds=3")}
{field("setup", "Setup (optional)", "first=Ben")}
<label class="check"><input type="checkbox" name="timed" value="1"{timed}> Write elapsed times</label>
<button class="primary" type="submit">Start recording</button>
</form>"""


def _session_list(sessions: list[SessionInfo]) -> str:
    """Return the stored sessions, newest first, each a link to its page."""
    if not sessions:
        return "<p>No sessions yet.</p>"
    items = "".join(
        f'<li><a class="session" href="/s/{s.id}"><b>#{s.id} {esc(s.game)}</b> {esc(s.players)}'
        f'<small>{s.lines} lines · {"ended" if s.ended else "open"} · {esc(s.started)}</small></a></li>'
        for s in sessions)
    return f'<ul class="sessions">{items}</ul>'


def session_page(view: View, csrf: str, device: str, pen: str | None) -> str:
    """Return the recording page of a session (the live parts are refreshed from server-sent events)."""
    attrs = (f' data-session="{view.session}" data-device="{esc(device)}" data-pen="{esc(pen or "")}"'
             f' class="{"ended" if view.ended else ""}"')
    return page(f"#{view.session} {view.title}", f"""<header class="bar">
<a href="/" class="home" aria-label="All sessions">◀</a>
<span class="title">#{view.session} {esc(view.title)}</span>
<span id="live" class="live" title="live connection">●</span>
</header>
<div id="pen" class="pen" aria-live="polite"></div>
<main>
<section id="state" class="state">{state_html(view)}</section>
<form id="entry" class="entry" autocomplete="off">
<input id="line" name="line" list="completions" placeholder="Type any line" autocapitalize="off"
 enterkeyhint="send" aria-label="Line to record">
<datalist id="completions">{completions_html(view)}</datalist>
<button class="primary" type="submit" id="record">Record</button>
<div class="quick">
<button type="button" data-action="undo-last">Undo last</button>
<button type="button" data-append=" ?" title="a face-down card: reveal it later">Hidden ?</button>
<button type="button" data-fill="note ">Note</button>
<button type="button" data-fill="? " title="a rules question or dispute">Question ?</button>
<button type="button" data-fill="== Round  ==" data-caret="9">Round</button>
<label class="check"><input type="checkbox" id="edit-first"> Edit before recording</label>
</div>
<p id="status" class="status" role="status"></p>
</form>
<section class="moves"><input id="search" type="search" placeholder="Search moves" aria-label="Search moves">
<div id="moves">{moves_html(view)}</div></section>
<section><h2>Log</h2><ol id="log" class="log" reversed>{log_html(view)}</ol></section>
<footer class="links">
<a href="/s/{view.session}/report" target="_blank">Report (HTML)</a>
<a href="/s/{view.session}/export.log" download>Export .log</a>
<a href="/s/{view.session}/export.jsonl" download>Export .jsonl</a>
<button type="button" data-action="end" class="danger">End session</button>
</footer>
</main>""", csrf, attrs)


def state_html(view: View) -> str:
    """Return whose turn it is, the per-turn timer, the engine's summary and the scores."""
    if view.ended:
        who = f"Session ended {esc(view.ended)}"
    elif view.actor is None:
        who = "The game is over — tap “End session” to close it"
    else:
        prompt = f" <small>({esc(view.prompt)})</small>" if view.prompt else ""
        who = f"<b>{esc(view.actor)}</b> to decide{prompt}"
    timer = (f'<span id="timer" class="timer" data-turn="{max(0.0, view.elapsed_now - view.last_elapsed):.1f}">'
             f'{elapsed_text(view.elapsed_now - view.last_elapsed)}</span>') if view.timed and not view.ended else ""
    scores = " · ".join(f"{esc(p)} {s}" for p, s in view.scores)
    said = view.round and not view.summary.lower().startswith(view.round.lower())  # a summary may open with it
    round_ = f'<span class="round">{esc(view.round)}</span>' if said else ""
    problem = f'<p class="error">{esc(view.problem)}</p>' if view.problem else ""
    return (f'<div class="who"><span class="actor">{who}</span>{timer}</div>{round_}'
            f'<div class="summary">{esc(view.summary)}</div><div class="scores">{scores}</div>{problem}')


def moves_html(view: View) -> str:
    """Return the legal moves as big buttons, grouped by verb (folded when there are many)."""
    if view.ended or view.actor is None:
        return ""
    if not view.moves:
        return f'<p class="hint">{esc(view.prompt or "No moves offered")}: type what {esc(view.actor)} did.</p>'
    grouped = [(verb, list(moves)) for verb, moves in groupby(sorted(view.moves, key=_verb), key=_verb)]
    opened = " open" if len(view.moves) <= SHOWN_OPEN or len(grouped) == 1 else ""
    groups = []
    for verb, listed in grouped:
        buttons = "".join(f'<button type="button" class="move" data-line="{esc(view.actor)}: {esc(m)}">'
                          f"{esc(m)}</button>" for m in listed)
        groups.append(f'<details data-verb="{esc(verb)}"{opened}><summary>{esc(verb)} '
                      f'<small>({len(listed)})</small></summary><div class="grid">{buttons}</div></details>')
    return "".join(groups)


def _verb(move: str) -> str:
    """Return a move's verb (its first word)."""
    return move.split(" ", 1)[0]


def completions_html(view: View) -> str:
    """Return the completion list of the free-text line: the legal moves of the player to decide."""
    if view.actor is None:
        return ""
    return "".join(f'<option value="{esc(view.actor)}: {esc(m)}">' for m in view.moves[:500])


def log_html(view: View) -> str:
    """Return the log, newest line first, each with its verdict and its corrections."""
    return "".join(_line_html(line) for line in reversed(view.lines) if line.kind != "blank")


def _line_html(line: LineView) -> str:
    """Return one line of the log."""
    classes = ["line", line.kind, {"✓": "ok", "✗": "bad", "?": "open"}.get(line.mark, "")]
    classes += ["undone"] if line.undone_by else []
    classes += ["amended"] if line.amended_by else []
    mark = f'<span class="mark" aria-label="verdict">{line.mark}</span>' if line.mark else '<span class="mark"></span>'
    notes = "".join(f'<div class="finding{" open" if f.open else ""}"><code>{esc(f.rule)}</code> {esc(f.message)}'
                    f'{" (cannot tell yet)" if f.open else ""}</div>' for f in line.findings)
    fixed = (f'<div class="fix">taken back on line {line.undone_by}</div>' if line.undone_by else "") + \
            (f'<div class="fix">amended on line {line.amended_by}</div>' if line.amended_by else "")
    return (f'<li value="{line.number}" class="{" ".join(c for c in classes if c)}" data-number="{line.number}">'
            f'{mark}<span class="no">{line.number}</span><span class="text">{esc(line.text)}</span>'
            f"{notes}{fixed}{_actions(line)}</li>")


def _actions(line: LineView) -> str:
    """Return the buttons of a move still in play: reveal its `?`, undo it, amend it, ask about it or its rules."""
    if not line.move:
        return ""
    reveal = (f'<button type="button" data-fill="reveal {line.number}: ">Reveal {line.hidden} ?</button>'
              if line.hidden else "")
    return (f'<div class="actions">{reveal}'
            f'<button type="button" data-send="undo {line.number}">Undo</button>'
            f'<button type="button" data-fill="amend {line.number}: {esc(line.move)}">Amend</button>'
            f'<button type="button" data-send="? {line.number}" title="a rules question about this move">?</button>'
            + "".join(f'<button type="button" data-send="? {line.number} {esc(f.rule)}" title="a question about this '
                      f'rule">? {esc(f.rule.split("/", 1)[-1])}</button>' for f in line.findings)
            + "</div>")


def fragments(view: View) -> dict[str, object]:
    """Return the live parts of the session page for a server-sent event."""
    return {"version": view.version, "state": state_html(view), "moves": moves_html(view),
            "completions": completions_html(view), "log": log_html(view), "ended": bool(view.ended),
            "turn": max(0.0, view.elapsed_now - view.last_elapsed) if view.timed and not view.ended else None}


def refused(message: str) -> str:
    """Return the page shown when a request is refused (no token, wrong host)."""
    return page("playproof: not allowed", f'<main><h1>Not allowed</h1><p class="error">{esc(message)}</p></main>')
