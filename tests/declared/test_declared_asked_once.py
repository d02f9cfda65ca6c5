"""The referee's per-line machinery asks no more than it must: the first due move is kept while nothing a due
condition reads changes, gains that are plain numbers are worked out once, and a log's project is looked for
once. Each is compared with the work done in full."""

from __future__ import annotations

import random
import shutil
from pathlib import Path

import pytest

from declared_helpers import EXAMPLES
from playproof.playtest import header
from playproof.playtest.declared import declared_engine, due, flow
from playproof.playtest.declared.checks import changes
from playproof.playtest.declared.play import Play
from playproof.playtest.engine import Event, Setup
from playproof.playtest.logparse import parse_log
from playproof.playtest.projectfind import ProjectNotFound
from playproof.playtest.replay import prepare
from playproof.playtest.simulate import simulate_games

WWR = EXAMPLES / "who-will-reign-declared"


def _engine(players: tuple[str, ...] = ("Ann", "Ben", "Cy")):  # type: ignore[no-untyped-def]
    """Return the declared Who Will Reign? once the table has set up (the first player to move)."""
    engine = declared_engine(WWR, "who-will-reign-declared")(Setup(players, seed=3))
    rng = random.Random(3)
    while (decision := engine.decision()) is not None and decision.actor == "table":
        verb, _, args = rng.choice(decision.moves).partition(" ")
        assert engine.apply(Event(1, decision.actor, verb, args)) == []
    return engine


def _asked(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Count the due conditions evaluated (by move name)."""
    asked: list[str] = []
    evaluate = due._due_targets

    def counting(state, spec):  # type: ignore[no-untyped-def]
        asked.append(spec.verb)
        return evaluate(state, spec)

    monkeypatch.setattr(due, "_due_targets", counting)
    return asked


def test_a_change_no_due_condition_reads_asks_none_again(monkeypatch: pytest.MonkeyPatch) -> None:
    engine = _engine()
    state = engine.state
    first = due.first_due(state)
    asked = _asked(monkeypatch)
    assert due.first_due(state) == first
    state.set_counter("food", "Ann", 11)  # no due condition reads food
    assert due.first_due(state) == first and asked == []


def test_a_change_a_due_condition_reads_asks_again(monkeypatch: pytest.MonkeyPatch) -> None:
    engine = _engine()
    state = engine.state
    assert due.first_due(state, derived_only=True) is None
    asked = _asked(monkeypatch)
    state.set_counter("tribute", "", 1)  # read by suffer and close (and reveal and reshuffle)
    found = due.first_due(state, derived_only=True)
    assert asked and set(asked) <= {"suffer", "close"}  # the others read no tribute: their kept answers stand
    monkeypatch.setattr(due, "CACHE", False)
    assert found == due.first_due(state, derived_only=True)


def test_the_kept_first_due_move_is_the_one_asked_afresh_in_random_games(monkeypatch: pytest.MonkeyPatch) -> None:
    engine_cls = declared_engine(EXAMPLES / "lantern-guild", "lantern-guild")
    engine = engine_cls(Setup(("Ann", "Ben"), seed=5))
    rng = random.Random(5)
    for _ in range(300):
        kept = [due.first_due(engine.state, d, p) for d, p in ((False, False), (True, False), (False, True))]
        monkeypatch.setattr(due, "CACHE", False)
        assert kept == [due.first_due(engine.state, d, p) for d, p in ((False, False), (True, False), (False, True))]
        monkeypatch.setattr(due, "CACHE", True)
        decision = engine.decision()
        if decision is None:
            break
        verb, _, args = rng.choice(decision.moves).partition(" ")
        assert engine.apply(Event(1, decision.actor, verb, args)) == []


def test_plain_number_gains_are_worked_out_once_and_give_the_same_changes() -> None:
    engine = _engine()
    state = engine.state
    spec = engine.game.rows_of("acquire")[0]
    assert ("set", 0) in spec.gain_constants and spec.gain_constants[("set", 0)] == 1  # tclosed = 1
    card = next(c for c in engine.game.comps.values() if c.set == "Court Cards")
    play = Play(spec, state.flow.current, comps=[card], turn=state.flow.current)
    folded = changes(state, play, 0)
    kept, spec.gain_constants, spec.gain_plan = spec.gain_constants, {}, None
    try:
        assert changes(state, play, 0) == folded
    finally:
        spec.gain_constants, spec.gain_plan = kept, None


def test_a_logs_project_is_looked_for_once(monkeypatch: pytest.MonkeyPatch) -> None:
    project = EXAMPLES / "tern-islands"
    engine = declared_engine(project, "tern-islands")
    text = next(iter(simulate_games(engine, 2, 1, 1))).log.replace("\n\n", f'\n[Project "{project}"]\n\n', 1)
    looked: list[str] = []
    locate = header.locate

    def counting(*args, **kwargs):  # type: ignore[no-untyped-def]
        looked.append(args[2])
        return locate(*args, **kwargs)

    monkeypatch.setattr(header, "locate", counting)
    replay = prepare(parse_log(text, "x.log"))
    assert looked == ["tern-islands"] and replay.setup.project == project.resolve()
    looked.clear()  # a header naming the game otherwise than the engine's id: looked for again by that id
    replay = prepare(parse_log(text.replace('[Game "tern-islands"]', '[Game "Tern-Islands"]'), "y.log"))
    assert looked == ["Tern-Islands", "tern-islands"] and replay.setup.project == project.resolve()


def test_the_project_of_a_log_with_none_stays_none(tmp_path: Path) -> None:
    text = '[Game "who-will-reign"]\n[Players "Ann, Ben"]\n\nAnn: harvest\n'
    replay = prepare(parse_log(text, "z.log"), base=tmp_path)
    assert replay.setup.project is None


def test_the_flow_asks_each_players_skip_once_while_it_looks(monkeypatch: pytest.MonkeyPatch) -> None:
    engine = declared_engine(EXAMPLES / "driftwood-auction", "driftwood-auction")(Setup(("Ann", "Ben", "Cy"), seed=1))
    state = engine.state
    for player in state.players:
        state.set_counter("passed", player, 1)  # everyone has passed: every lap of the round skips them all
    asked: list[str] = []
    skipped = flow._skipped

    def counting(state, player):  # type: ignore[no-untyped-def]
        asked.append(player)
        return skipped(state, player)

    monkeypatch.setattr(flow, "_skipped", counting)
    round_before = state.flow.round
    flow._seek(state)
    assert state.flow.round > round_before  # nobody could play: the round ended, as it did lap by lap
    assert asked[:3] == ["Ann", "Ben", "Cy"] and len(asked) <= 6  # once a look (this round's, the next's), not
    # once a lap (turns each: 30)


def test_a_folder_named_like_the_workbook_is_no_workbook(tmp_path: Path) -> None:
    from playproof.playtest.declared import _stamp, has_rules

    (tmp_path / "components.xlsx").mkdir()  # one stat tells a file from a folder (what is_file asked)
    (tmp_path / "Moves.csv").write_text("verb,actor\n")
    assert has_rules(tmp_path)  # read from the CSV sheets, as for a project with no workbook
    assert _stamp(tmp_path) == ((tmp_path / "Moves.csv").stat().st_mtime,)


def test_a_guard_every_player_reads_alike_is_asked_once(monkeypatch: pytest.MonkeyPatch) -> None:
    engine = _engine()
    spec = engine.game.rows_of("bless")[0]  # started and any(row, set == 'Moons') and blessed <= moons
    assert len(spec.due_guards) == 2  # `blessed` is each player's own: the third part is no guard
    state = engine.state
    state.zones["row"][""].items = [e for e in state.zones["row"][""].items if e[0].set != "Moons"]
    state.due_cache = {}
    held = due._holds
    asked: list[str] = []

    def counting(spec, ctx):  # type: ignore[no-untyped-def]
        asked.append(ctx.player)
        return held(spec, ctx)

    monkeypatch.setattr(due, "_holds", counting)
    assert due.due_targets(state, spec) == [] and asked == []  # no Moon in the row: nobody asked, player by player
    monkeypatch.setattr(due, "CACHE", False)
    assert due.due_targets(state, spec) == [] and len(asked) == 3


def test_a_real_project_path_is_resolved_once_a_linked_one_every_time(tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """declared_engine keeps the answer of resolving a path that is already real; a path through a symbolic link
    is resolved again each time, so a link moved to another project gives that project's rules."""
    resolved: list[str] = []
    resolve = Path.resolve

    def counting(self: Path, strict: bool = False) -> Path:
        resolved.append(str(self))
        return resolve(self, strict)

    real = (EXAMPLES / "tern-islands").resolve()
    link = tmp_path / "game"
    link.symlink_to(real)
    monkeypatch.setattr(Path, "resolve", counting)
    first = declared_engine(real, "tern-islands")
    assert declared_engine(real, "tern-islands") is first and declared_engine(link, "tern-islands") is first
    assert resolved.count(str(real)) <= 1 and resolved.count(str(link)) == 1
    link.unlink()
    link.symlink_to((EXAMPLES / "moss-garden").resolve())
    moved = declared_engine(link, "tern-islands").game.title
    assert moved == declared_engine(EXAMPLES / "moss-garden", "tern-islands").game.title != first.game.title
    assert resolved.count(str(link)) == 2


def test_a_project_found_before_is_not_taken_once_it_declares_no_rules(tmp_path: Path) -> None:
    """The folder a declared game's log found its project in is checked again for each log: once its workbook
    declares no rules, the log's project is not found (it is never audited without its rules)."""
    project = tmp_path / "tern-islands"
    shutil.copytree(EXAMPLES / "tern-islands", project)
    engine = declared_engine(project, "tern-islands")
    text = next(iter(simulate_games(engine, 2, 1, 1))).log.replace("\n\n", f'\n[Project "{project}"]\n\n', 1)
    assert prepare(parse_log(text, "x.log")).setup.project == project.resolve()
    (project / "components.xlsx").write_bytes(b"no workbook")
    with pytest.raises(ProjectNotFound):
        prepare(parse_log(text, "x.log"))
