"""The interactive recorder loop: prompt with whose turn it is, take lines and commands, show verdicts."""

from __future__ import annotations

from typing import Callable

from playproof.errors import PlayproofError
from playproof.playtest.recorder import Recorder, round_text
from playproof.playtest.replay import EngineFailure
from playproof.playtest.store import SessionHeld, StoreError

Read = Callable[[str], "str | None"]
Write = Callable[[str], None]
SHOWN_MOVES = 8

HELP = """Type a log line, e.g. `{example}` (or just the move, for the player to move).
Corrections: `undo` (last move), `undo N`, `amend N: Ann: verb args`, `reveal N: a, b`.
Also: `note TEXT`, `== Round 2 ==`, `-- Scoring --`, `# comment`.
A rules question or dispute: `? Ben: can I buy after playing?`, about a line `? 14 ...` or a rule `? RULE-ID ...`.
Commands: moves (every legal move), state, scores, help, end (finish the session; `end session` when the
game has a move called `end`, which `end` then records)."""
SESSION_END = ("end session", "end-session")
"""Always the command that finishes the session, even in a game where `end` is a move."""
COMMANDS = ("help", "moves", "state", "scores", "undo", "end")


def prompt_text(recorder: Recorder) -> str:
    """Return the prompt: whose decision it is and some of their legal moves."""
    decision = recorder.decision()
    if decision is None:
        return "game over (type `end` to finish the session)"
    moves = list(decision.moves)
    shown = " | ".join(moves[:SHOWN_MOVES])
    more = f" | ... {len(moves) - SHOWN_MOVES} more (type `moves`)" if len(moves) > SHOWN_MOVES else ""
    what = f" ({decision.prompt})" if decision.prompt else ""
    if not moves and recorder.engine.checks_rules:
        # a referee with nothing to list: e.g. the only moves take components the log never named (a skipped refill)
        return f"{decision.actor} to decide{what}: no move the referee can list (type the move as played)"
    return f"{decision.actor} to decide{what}: {shown}{more}"


def help_text(recorder: Recorder) -> list[str]:
    """Return the help, its example a legal move of this game now (else one of the seed games' lines)."""
    decision = recorder.decision()
    example = f"{decision.actor}: {decision.moves[0]}" if decision is not None and decision.moves else \
        "Ann: take 2"
    return HELP.format(example=example).split("\n")


def scores_text(recorder: Recorder) -> list[str]:
    """Return the current scores, one player per line, with their breakdown."""
    lines = []
    for player, parts in recorder.engine.score_breakdown().items():
        detail = ", ".join(f"{k} {v}" for k, v in parts.items() if k != "total")
        total = recorder.engine.scores().get(player, parts.get("total", 0))
        lines.append(f"{player}: {total}" + (f" ({detail})" if detail else ""))
    return lines


def state_text(recorder: Recorder) -> list[str]:
    """Return a description of the current state."""
    engine = recorder.engine
    label = round_text(engine.round_label())
    lines = [f"session {recorder.session}: {engine.title}, {len(recorder.log.entries)} lines"]
    summary = engine.summary()
    lines += [label] if label and not summary.lower().startswith(label.lower()) else []  # said once
    lines += [summary] if summary else []
    standing = [v for v in recorder.found if v.status.value == "violation"]
    return lines + [f"{len(standing)} violation(s) so far"]


def is_move_now(recorder: Recorder, word: str) -> bool:
    """Return True when a command word is also a legal move of the decision pending (it is recorded as the move)."""
    try:
        decision = recorder.decision()
    except Exception:  # an engine that cannot tell: the word stays a command  # noqa: BLE001
        return False
    return decision is not None and word in [m.lower() for m in decision.moves]


def ends_session(recorder: Recorder, text: str) -> bool:
    """Return True for the command that finishes the session (`end`, unless `end` is a move now)."""
    word = " ".join(text.strip().lower().split())
    return word in SESSION_END or (word == "end" and not is_move_now(recorder, word))


def handle(recorder: Recorder, text: str) -> list[str]:
    """Handle one input line: a command or a log line; return what to show."""
    word = text.strip().lower()
    if word in COMMANDS and is_move_now(recorder, word):
        said = f"`{word}` is a move now: recorded as a move (`end session` finishes the session)"
        return [said] + recorder.enter(text).lines()
    if word in ("help", "?"):
        return help_text(recorder)
    if word == "moves":
        decision = recorder.decision()
        return list(decision.moves) if decision else ["the game is over"]
    if word == "state":
        return state_text(recorder)
    if word == "scores":
        return scores_text(recorder)
    if word == "undo":
        return recorder.undo_last().lines()
    return recorder.enter(text).lines()


def run_repl(recorder: Recorder, read: Read, write: Write) -> bool:
    """Run the recorder until `end` (returns True) or end of input (returns False; the session stays open)."""
    write(f"Recording session {recorder.session} ({recorder.engine.title}); type `help` for help.")
    for warning in recorder.warnings():
        write(f"warning: {warning}")
    while True:
        text = read(_safe_prompt(recorder))
        if text is None:
            write(f"input ended; session {recorder.session} stays open (`playproof playtest resume "
                  f"{recorder.session}` goes on)")
            return False
        if not text.strip():
            continue
        if ends_session(recorder, text):
            try:
                _finish(recorder, write)
            except Exception as exc:  # the session is ended and stored whatever the engine does at the end
                write(f"Error: the {recorder.engine_class.game_id} engine failed at the end "
                      f"({exc.__class__.__name__}: {exc}); session {recorder.session} is ended and stored")
            return True
        before = _stored(recorder)
        try:
            for line in handle(recorder, text):
                write(line)
        except SessionHeld as exc:  # another recorder took the session over: this one must stop writing
            write(f"Error: {exc}")
            return False
        except StoreError as exc:  # the database refused the line: the table must type it again
            write(f"Error: {exc}; type the line again when the database works, the session goes on")
        except EngineFailure as exc:  # an engine bug must not end the session: what was typed is already stored
            write(f"Error: {exc}, the session goes on")
        except PlayproofError as exc:
            write(f"Error: {exc}")
        except Exception as exc:  # an engine bug must not end the session; only a line in the database counts
            stored = "stored" if before is not None and _stored(recorder) == (before or 0) + 1 else "NOT stored"
            write(f"Error: the {recorder.engine_class.game_id} engine failed ({exc.__class__.__name__}: {exc}); "
                  f"the line is {stored}, the session goes on")


def _stored(recorder: Recorder) -> int | None:
    """Return how many lines of the session are really in the database (None when it cannot tell)."""
    try:
        return recorder.store.count(recorder.session)
    except PlayproofError:
        return None


def _safe_prompt(recorder: Recorder) -> str:
    """Return the prompt, or a plain one when the engine fails to tell whose decision it is."""
    try:
        return prompt_text(recorder)
    except Exception as exc:  # an engine bug must not end the session
        return f"(the engine cannot tell whose decision it is: {exc.__class__.__name__}: {exc})"


def _finish(recorder: Recorder, write: Write) -> None:
    """End the session: show what an unfinished game leaves open and the scores."""
    for violation in recorder.end():
        write(f"✗ line {violation.line} {violation.rule}: {violation.message}")
    for line in scores_text(recorder):
        write(line)
    write(f"session {recorder.session} ended")
