"""Read a playtest log from text: forgiving (every bad line is reported) and exact (nothing guessed)."""

from __future__ import annotations

import re
from pathlib import Path

from playproof.errors import Location, PlayproofError, Problem
from playproof.playtest.engine import TABLE
from playproof.playtest.logjson import jsonl_to_text
from playproof.playtest.logmodel import Entry, EntryKind, Log, with_raw

HEADER = re.compile(r'\[([A-Za-z][\w-]*)\s+"((?:[^"\\]|\\.)*)"\]\s*(?:#\s?(.*))?$')
ELAPSED = re.compile(r"(\d+:\d+(?::\d+)?)(?:\s+|$)")
COMMENT = re.compile(r"(?:^|\s)#")
MARKER = re.compile(r"(==|--)\s*(.*?)\s*(==|--)$")
KEYWORD = re.compile(r"(reveal|undo|amend|note)\b\s*", re.IGNORECASE)
TARGET = re.compile(r"(\d+)\s*(:\s*)?")
MOVE = re.compile(r"([^:]*?)\s*:\s*(.*)$")
CANONICAL_MOVE = re.compile(r"(?:(\d+:[0-5]\d(?::[0-5]\d)?) )?"  # elapsed time
                            r"([^\W\d_](?:[\w .'-]*[\w.'-])?): "  # actor
                            r"([^\s#:A-Z]+)((?: [^\s#]+)*)")  # verb in lower case, arguments one space apart
"""A move written exactly as the writer renders it (most lines): read in one step."""
FAST_MOVE = re.compile(r"(?:(\d{1,17}:[0-5]\d|\d{1,14}:[0-5]\d:[0-5]\d) )?"  # elapsed time of at most 20 characters
                       r"(?!(?i:reveal|undo|amend|note)[ :])"  # an actor whose first word is not a keyword
                       r"([^\W\d_](?:[\w .'-]*[\w.'-])?): "
                       r"([^\s#:A-Z]+)((?: [^\s#]+)*)")
"""CANONICAL_MOVE with parse_line's checks of its groups folded in, for ASCII lines (where `lower()` and the
pattern's ignoring of case agree)."""
FAST_HEADER = re.compile(r'\[([A-Za-z][A-Za-z0-9_-]*) "([^"\\]*)"\]')
"""A header written exactly as the writer renders it (no escape, no comment): read in one step."""
KEYWORDS = frozenset(("reveal", "undo", "amend", "note"))
SURROGATE = re.compile("[\ud800-\udfff]")
"""A lone surrogate: not a character (a broken JSON \\u escape, or a non-UTF-8 byte in an argument)."""
MAX_LOG_BYTES = 16 * 1024 * 1024
"""The largest log file read (a long evening's log is under 100 kB; more is a wrong file, e.g. /dev/zero)."""
MAX_LOG_LINES = 100_000
"""The most lines a log may have (a game of thousands of moves stays far below)."""


_MOVES = (EntryKind.MOVE, EntryKind.AMEND)
_NOT_EVENTS = (EntryKind.BLANK, EntryKind.COMMENT, EntryKind.HEADER, EntryKind.ERROR)
"""Lines that may sit among the headers (a bad line does not end the header either)."""


class LineError(Exception):
    """A line that cannot be read; carries the 1-based column where reading failed."""

    def __init__(self, col: int, message: str) -> None:
        super().__init__(message)
        self.col = col
        self.message = message


def read_log(path: Path | str, name: str | None = None) -> Log:
    """Read a log file (text, or JSONL when it ends in .jsonl); unreadable files raise PlayproofError."""
    path = Path(path)
    try:
        # bytes decoded as they are: CRLF line ends stay in the raw lines (the round trip is exact); a byte-order
        # mark from Notepad is not part of line 1
        content = _read_limited(path).decode("utf-8-sig")
    except FileNotFoundError:
        raise PlayproofError(f"{path}: no such log file") from None
    except IsADirectoryError:
        raise PlayproofError(f"{path}: is a folder, not a log file") from None
    except UnicodeDecodeError as exc:
        line = exc.object[:exc.start].count(b"\n") + 1
        raise PlayproofError(f"{path}:{line}: not UTF-8 text (byte {exc.object[exc.start]:#04x}); "
                             "save the log as UTF-8") from None
    except OSError as exc:
        raise PlayproofError(f"{path}: cannot read log ({exc.strerror or exc})") from None
    if path.suffix.lower() == ".jsonl":
        return parse_jsonl(content, name or str(path))
    return parse_log(content, name or str(path))


def parse_jsonl(content: str, name: str = "<log>") -> Log:
    """Parse a JSONL twin into a log (through its text, so both forms are checked alike)."""
    text, problems = jsonl_to_text(content, name)
    log = parse_log(text, name)
    log.problems[:0] = problems
    return log


def _read_limited(path: Path) -> bytes:
    """Return a log file's bytes, refusing what is not a regular file or is larger than MAX_LOG_BYTES."""
    if path.exists() and not path.is_dir() and not path.is_file():
        raise PlayproofError(f"{path}: not a regular file (a device or pipe); give a log file")
    with path.open("rb") as handle:
        data = handle.read(MAX_LOG_BYTES + 1)
    if len(data) > MAX_LOG_BYTES:
        raise PlayproofError(f"{path}: larger than {MAX_LOG_BYTES // 2**20} MB, the largest log read "
                             "(see docs/limits.md)")
    return data


def parse_log(content: str, name: str = "<log>") -> Log:
    """Parse log text into entries, collecting a located problem for every bad line."""
    if content.count("\n") > MAX_LOG_LINES:
        raise PlayproofError(f"{name}: more than {MAX_LOG_LINES:,} lines, the most a log may have "
                             "(see docs/limits.md)")
    lines = content.split("\n")
    final_newline = lines[-1] == ""
    if final_newline:
        lines.pop()
    log = Log(name, final_newline=final_newline or not lines)
    seen_event = False
    entries, canonical, move = log.entries, FAST_MOVE.fullmatch, EntryKind.MOVE
    exact: set[str] | None = None  # the actors spelled as the header does (known at the first move: headers come first)
    todo: list[int] = []  # the entries check_references must look at: all but moves by those actors
    headers: set[str] = set()  # the header keys read so far (a key named again is parse_line's error)
    for number, raw in enumerate(lines, start=1):
        # parse_line's first steps, inlined for the common line: an ASCII move written as the writer renders it
        if not seen_event and raw.isascii() and (fast := FAST_HEADER.fullmatch(raw)) is not None and \
                fast.group(1) not in headers:  # and a header, or the blank line after the headers
            headers.add(fast.group(1))
            entries.append(Entry(number, EntryKind.HEADER, key=fast.group(1), value=fast.group(2)))
            todo.append(number - 1)
            continue
        if not raw:
            entries.append(Entry(number, EntryKind.BLANK))
            todo.append(number - 1)
            continue
        if raw.isascii() and (fast := canonical(raw)) is not None:
            elapsed, actor, verb, args = fast.groups()
            entries.append(Entry(number, move, elapsed or "", actor, verb, args[1:]))
            seen_event = True
            if exact is None:
                exact = _exact_actors(log)
            if actor not in exact:
                todo.append(number - 1)
            continue
        entry = parse_line(raw, number, log, header_allowed=not seen_event)
        if not seen_event:
            seen_event = entry.kind not in _NOT_EVENTS
            if entry.kind is EntryKind.HEADER:
                headers.add(entry.key)
        entries.append(entry)
        todo.append(number - 1)
    check_references(log, todo)
    return log


def parse_line(raw: str, number: int, log: Log, header_allowed: bool = True) -> Entry:
    """Parse one line; a bad line becomes an ERROR entry (raw kept) and a problem in the log."""
    if not raw.isascii() and (bad := SURROGATE.search(raw)) is not None:  # it cannot be printed, stored as UTF-8 or reported
        message = (f"U+{ord(bad.group()):04X} is a lone surrogate, not a character (a broken \\u escape or a "
                   "byte that is not UTF-8); remove it")
        log.problems.append(Problem(Location(log.name, line=number, col=bad.start() + 1), message))
        return Entry(number, EntryKind.ERROR, error=message, col=bad.start() + 1, text=SURROGATE.sub("\ufffd", raw))
    fast = CANONICAL_MOVE.fullmatch(raw)
    if fast is not None and fast.group(2).split(" ", 1)[0].lower() not in KEYWORDS and len(fast.group(1) or "") <= 20:
        elapsed, actor, verb, args = fast.groups()
        return Entry(number, EntryKind.MOVE, elapsed or "", actor, verb, args[1:])
    try:
        entry = _parse(raw.rstrip("\r"), number)
        if entry.kind is EntryKind.HEADER:
            _check_header(entry, log, header_allowed)
    except LineError as exc:
        log.problems.append(Problem(Location(log.name, line=number, col=exc.col), exc.message))
        return Entry(number, EntryKind.ERROR, error=exc.message, col=exc.col, text=raw)
    return with_raw(entry, raw)


def _check_header(entry: Entry, log: Log, allowed: bool) -> None:
    """A header comes before the first event and names each key once."""
    if not allowed:
        raise LineError(1, f"header [{entry.key}] after the first event; headers come first")
    first = log.header_line(entry.key)
    if first:
        raise LineError(2, f"duplicate header [{entry.key}] (first on line {first})")


def _parse(line: str, number: int) -> Entry:
    """Parse the text of one line (without its line ending)."""
    stripped = line.strip()
    if not stripped:
        return Entry(number, EntryKind.BLANK)
    if stripped.startswith("#"):
        return Entry(number, EntryKind.COMMENT, value=stripped[1:].strip())
    if stripped.startswith("["):
        return _parse_header(line, number)
    body, comment = _split_comment(line)
    indent = len(body) - len(body.lstrip())
    body = body.strip()
    elapsed = ""
    if match := ELAPSED.match(body):
        elapsed = _check_elapsed(match.group(1), indent + 1)
        indent += match.end()
        body = body[match.end():]
    if not body:
        raise LineError(indent + 1, "elapsed time without an event after it")
    entry = _parse_event(body, number, indent + 1)
    entry.elapsed, entry.comment = elapsed, comment
    return entry


def _parse_header(line: str, number: int) -> Entry:
    """Parse `[Key "value"]` with an optional trailing comment."""
    start = len(line) - len(line.lstrip())
    match = HEADER.match(line.strip())
    if match is None:
        raise LineError(start + 1, 'cannot read header: expected [Key "value"]')
    value = re.sub(r"\\(.)", r"\1", match.group(2))
    comment = match.group(3).rstrip() if match.group(3) is not None else None
    return Entry(number, EntryKind.HEADER, key=match.group(1), value=value, comment=comment)


def _split_comment(line: str) -> tuple[str, str | None]:
    """Split off a trailing comment: a `#` at the start or after whitespace."""
    match = COMMENT.search(line)
    if match is None:
        return line, None
    hash_at = match.end() - 1
    return line[:hash_at], line[hash_at + 1:].strip()


def _check_elapsed(text: str, col: int) -> str:
    """An elapsed time is h:mm:ss or mm:ss with minutes and seconds below 60."""
    if len(text) > 20:  # hours beyond any game's length (and int() refuses 4,300 digits)
        raise LineError(col, f"elapsed time {text[:20]}... is too long")
    parts = [int(p) for p in text.split(":")]
    if any(p >= 60 for p in parts[1:]):
        raise LineError(col, f"elapsed time {text} is not h:mm:ss or mm:ss (minutes and seconds below 60)")
    return text


def _parse_event(body: str, number: int, col: int) -> Entry:
    """Parse a marker, keyword line or move starting at column `col`."""
    if match := MARKER.match(body):
        return _parse_marker(match, number, col)
    if body.startswith("?") and (len(body) == 1 or body[1].isspace()):
        return _parse_question(body[1:], number, col + 1)
    if (match := KEYWORD.match(body)) and body.split()[0].lower() == match.group(1).lower():
        return _parse_keyword(match.group(1).lower(), body[match.end():], number, col + match.end())
    return _parse_move(body, number, col, EntryKind.MOVE)


QUESTION_LINE = re.compile(r"\s*(?:(\d{1,6})(?:\s+|$))?(?:([a-z0-9][\w.-]*/[\w.-]+)(?:\s+|$))?")
QUESTION_ACTOR = re.compile(r"([^\W\d_][\w .'-]{0,40}?)\s*:(?:\s+|$)(.*)$")


def _parse_question(rest: str, number: int, col: int) -> Entry:
    """Parse `? [line] [rule id] [Actor:] words`: a rules question or dispute at the table (engines ignore it)."""
    match = QUESTION_LINE.match(rest)
    assert match is not None  # every part of it is optional
    target, rule = int(match.group(1) or 0), match.group(2) or ""
    words = rest[match.end():].strip()
    actor = ""
    if found := QUESTION_ACTOR.match(words):
        actor, words = found.group(1).strip(), found.group(2).strip()
    if not (words or target or rule):
        raise LineError(col, "a question needs its words, a line or a rule, e.g. `? Ben: can I buy after playing?` "
                             "or `? 14`")
    return Entry(number, EntryKind.QUESTION, actor=actor, key=rule, value=words, target=target)


def _parse_marker(match: re.Match[str], number: int, col: int) -> Entry:
    """Parse `== Round 2 ==` (a round) or `-- Scoring --` (a phase)."""
    opening, label, closing = match.groups()
    if opening != closing:
        raise LineError(col, f"marker opens with {opening} but closes with {closing}")
    if not label:
        raise LineError(col, "marker without a label")
    verb = "round" if opening == "==" else "phase"
    return Entry(number, EntryKind.MARKER, verb=verb, value=label)


def _parse_keyword(word: str, rest: str, number: int, col: int) -> Entry:
    """Parse the rest of a `reveal`, `undo`, `amend` or `note` line."""
    if word == "note":
        return Entry(number, EntryKind.NOTE, value=rest.strip())
    match = TARGET.match(rest)
    if match is None:
        raise LineError(col, f"{word} needs a line number, e.g. `{_EXAMPLES[word]}`")
    if len(match.group(1)) > len(str(MAX_LOG_LINES)):  # no log has that line (int() refuses 4,300 digits)
        raise LineError(col, f"{word} names line {match.group(1)[:12]}..., past the last line a log may have")
    target = int(match.group(1))
    after = rest[match.end():]
    if word == "undo":
        if after.strip() or match.group(2):
            raise LineError(col + match.end(), "undo takes only a line number, e.g. `undo 15`")
        return Entry(number, EntryKind.UNDO, target=target)
    if not match.group(2):
        raise LineError(col + match.end(), f"{word} needs a colon after the line number, e.g. `{_EXAMPLES[word]}`")
    if word == "reveal":
        return _parse_reveal(after, number, target, col + match.end())
    amend = _parse_move(after.strip(), number, col + match.end(), EntryKind.AMEND)
    amend.target = target
    return amend


_EXAMPLES = {"reveal": "reveal 14: Wrath/Envy", "undo": "undo 15", "amend": "amend 16: Ann: play Greed"}


def _parse_reveal(rest: str, number: int, target: int, col: int) -> Entry:
    """Parse the comma-separated values of a reveal."""
    values = tuple(v.strip() for v in rest.split(","))
    if not rest.strip() or any(not v for v in values):
        raise LineError(col, "reveal needs values separated by commas, e.g. `reveal 14: Wrath/Envy, 3`")
    if any(v == "?" for v in values):
        raise LineError(col, "a reveal cannot reveal `?`")
    return Entry(number, EntryKind.REVEAL, target=target, values=values)


def _parse_move(body: str, number: int, col: int, kind: EntryKind) -> Entry:
    """Parse `Actor: verb args`."""
    match = MOVE.match(body)
    if match is None or not match.group(1):
        raise LineError(col, "cannot read this line: expected `Actor: verb args`, a `== Round ==` or "
                             "`-- Phase --` marker, reveal/undo/amend/note, a [Header] or a # comment")
    actor, rest = match.group(1), match.group(2).strip()
    if not rest:
        raise LineError(col + len(body), f'move has no verb after "{actor}:"')
    verb, _, args = rest.partition(" ")
    return Entry(number, kind, actor=actor, verb=verb.lower(), args=" ".join(args.split()))


def players_of(log: Log) -> list[str]:
    """Return the players named in the log's [Players] header, in seat order."""
    return [p.strip() for p in log.header.get("Players", "").split(",") if p.strip()]


def _actors(log: Log) -> dict[str, str]:
    """Return the log's actors by lower-case name: the players of its [Players] header and the table."""
    actors = {p.lower(): p for p in players_of(log)}
    actors[TABLE] = TABLE
    return actors


def _exact_actors(log: Log) -> set[str]:
    """Return the actors as the header spells them (none without players): their moves need no actor check."""
    actors = _actors(log)
    return set(actors.values()) if len(actors) > 1 else set()


def check_references(log: Log, indices: list[int] | None = None) -> None:
    """Check actors and the lines that reveal, undo and amend point at; bad lines become errors.

    `indices`: the entries to check, in order (default: all); the others must be moves by actors
    spelled as the header spells them, which need no check.
    """
    actors = _actors(log)
    exact = set(actors.values()) if len(actors) > 1 else set()
    state = _References(log.entries)
    move, amend = EntryKind.MOVE, EntryKind.AMEND
    for index in range(len(log.entries)) if indices is None else indices:
        entry = log.entries[index]
        kind = entry.kind
        if kind is move and entry.actor in exact:
            continue  # the common case: a move by an actor spelled as in the header
        try:
            if kind is EntryKind.QUESTION:
                entry = log.entries[index] = _check_question(entry, actors)
            if kind is move or kind is amend:
                _check_actor(entry, actors)
            if kind is EntryKind.REVEAL or kind is EntryKind.UNDO or kind is amend:
                _check_target(entry, state)
        except LineError as exc:
            log.problems.append(Problem(Location(log.name, line=entry.line, col=exc.col), exc.message))
            entry = log.entries[index] = Entry(entry.line, EntryKind.ERROR, error=exc.message, col=exc.col,
                                               text=entry.raw)
        state.add(entry)


class _References:
    """What earlier lines established: moves, amends, undos and values revealed so far.

    The moves are the log's own entries (line n is entry n - 1, checked before any later line
    names it): a line that failed its checks is an ERROR entry there, not a move.
    """

    def __init__(self, entries: list[Entry]) -> None:
        self.entries = entries
        self.amended: dict[int, int] = {}
        self.undone: dict[int, int] = {}
        self.revealed: dict[int, int] = {}

    def move(self, line: int) -> Entry | None:
        """Return the move or amend of an earlier line, or None when that line is not one."""
        entry = self.entries[line - 1] if 1 <= line <= len(self.entries) else None
        if entry is None or entry.line != line or entry.kind not in _MOVES:
            return None
        return entry

    def add(self, entry: Entry) -> None:
        """Record what a checked line establishes."""
        if entry.kind is EntryKind.AMEND:
            self.amended[entry.target] = entry.line
        if entry.kind is EntryKind.UNDO:
            undone = self.entries[entry.target - 1]
            original = undone.target if undone.kind is EntryKind.AMEND else entry.target
            for line in (original, self.amended.get(original, original)):
                self.undone[line] = entry.line
        if entry.kind is EntryKind.REVEAL:
            self.revealed[entry.target] = self.revealed.get(entry.target, 0) + len(entry.values)

    def hidden(self, line: int) -> int:
        """Return how many `?` of a move line are still to reveal."""
        return self.entries[line - 1].unknowns() - self.revealed.get(line, 0)


def _check_actor(entry: Entry, actors: dict[str, str]) -> Entry:
    """An actor is a player of the [Players] header (any letter case) or `table`."""
    if len(actors) == 1:
        return _respell(entry, TABLE) if entry.actor.lower() == TABLE else entry
    name = actors.get(entry.actor.lower())
    if name is None:
        known = ", ".join(a for a in actors.values() if a != TABLE)
        col = 1 + entry.raw.find(entry.actor) if entry.actor else 1
        raise LineError(col, f'unknown actor "{entry.actor}" (players: {known}; or {TABLE})')
    return _respell(entry, name)


def _check_question(entry: Entry, actors: dict[str, str]) -> Entry:
    """A question names an earlier line; words before a colon are its asker only when they name a player."""
    if entry.target >= entry.line:
        raise LineError(3, f"? {entry.target}: a question names an earlier line")
    if not entry.actor:
        return entry
    name = actors.get(entry.actor.lower())
    if name is None or name == TABLE:  # `? can I buy: ...` is a question, not a player's
        raw = entry.raw
        entry.value, entry.actor = f"{entry.actor}: {entry.value}".strip(), ""
        return with_raw(entry, raw)
    return _respell(entry, name)


def _respell(entry: Entry, actor: str) -> Entry:
    """Give a move its actor as the header spells it, keeping the line's raw text."""
    if entry.actor != actor:
        raw = entry.raw
        entry.actor = actor
        with_raw(entry, raw)
    return entry


def _check_target(entry: Entry, state: _References) -> None:
    """A correction or reveal points at an earlier move line that is still in play."""
    word, target = entry.kind.value, entry.target
    col = 1 + entry.raw.lower().find(word) + len(word) + 1
    if target >= entry.line:
        raise LineError(col, f"{word} {target} points at a later line; it must name an earlier move")
    named = state.move(target)
    if named is None:
        raise LineError(col, f"{word} {target}: line {target} is not a move")
    if target in state.undone:
        raise LineError(col, f"{word} {target}: line {target} was already undone on line {state.undone[target]}")
    if entry.kind is EntryKind.AMEND and named.kind is EntryKind.AMEND:
        raise LineError(col, f"amend {target}: line {target} is an amend; amend line "
                             f"{named.target} again instead")
    if entry.kind is EntryKind.REVEAL:
        _check_reveal(entry, state, col)


def _check_reveal(entry: Entry, state: _References, col: int) -> None:
    """A reveal fills `?` tokens that are still hidden, no more."""
    left = state.hidden(entry.target)
    if left == 0:
        raise LineError(col, f"reveal {entry.target}: line {entry.target} has no `?` left to reveal")
    if len(entry.values) > left:
        raise LineError(col, f"reveal {entry.target}: {len(entry.values)} values for {left} `?` on line {entry.target}")
