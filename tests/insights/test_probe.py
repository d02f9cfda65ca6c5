"""probe finds rule holes in a small made-up game, each with its seed, its last moves and the rules involved."""

from __future__ import annotations

import json
import random
from pathlib import Path

from click.testing import CliRunner

from playproof.cli import cli
from crown_engine import Crown  # type: ignore[import-not-found]
from playproof.insights.probe import ProbeResult, component_findings, probe, probe_game
from playproof.playtest.engine import Decision, Engine, Event, Rule, RuleIndex, Setup, Violation


class Market(Engine):
    """Players buy Gold (or, from seed 10 on, may also buy Silver) until three buys; seed 3 never ends, seed 4 is
    stuck, seed 5 goes round in a circle of three states, seed 6 breaks the engine."""

    game_id, title, min_players, max_players = "market", "Market", 2, 2
    rules = RuleIndex("market", [Rule("market/1-three-buys", "the game ends after three buys", "1")])

    def __init__(self, setup: Setup) -> None:
        super().__init__(setup)
        self.buys, self.turn = 0, 0
        self.purse = {"Ann": {"gold": 1}, "Ben": {"gold": 1}}  # with seed 7 a buy costs gold nobody has
        self.none_yet = -1  # a counter that starts below zero is no hole

    def apply(self, event: Event) -> list[Violation]:
        """Take a buy (a `wait` buys nothing; with seed 5 the turn goes round three states)."""
        if self.setup.seed == 6:
            raise KeyError("till")
        self.buys += event.verb == "buy"
        if self.setup.seed == 7:
            self.purse[event.actor]["gold"] -= 1
        self.turn = (self.turn + 1) % 3 if self.setup.seed == 5 else self.turn + 1
        return []

    def decision(self) -> Decision | None:
        """Offer the moves of the seed's game."""
        if self.buys >= 3:
            return None
        moves = {3: ("wait",), 4: (), 5: ("wait",)}.get(self.setup.seed or 0, ("buy Gold",))
        if (self.setup.seed or 0) >= 10:
            moves = ("buy Gold", "buy Silver")
        return Decision(self.setup.players[self.turn % 2], moves)

    def is_over(self) -> bool:
        """Return whether three buys were made."""
        return self.buys >= 3

    def scores(self) -> dict[str, int]:
        """Score nothing."""
        return {p: 0 for p in self.setup.players}

    def finish(self) -> list[Violation]:
        """An unfinished game leaves the three buys open."""
        return [] if self.is_over() else [self.violation("1-three-buys", "fewer than three buys", 0)]

    def summary(self) -> str:
        """Say how many buys were made."""
        return f"{self.buys} buys, turn {self.turn}"


class First:
    """A bot that always takes the first legal move."""

    name = "first"

    def choose(self, engine: Engine, decision: Decision, rng: random.Random) -> str:
        """Return the first move."""
        return decision.moves[0]


def test_each_kind_of_hole_is_found_with_its_seed() -> None:
    result = probe(Market, 2, 6, seed=1, max_moves=30)  # seeds 1-6
    found = {(f.kind, f.seed) for f in result.findings}
    assert found == {("no end", 3), ("no legal move", 4), ("loop", 5), ("no end", 5), ("engine failure", 6)}
    stuck = next(f for f in result.findings if f.kind == "no legal move")
    assert stuck.message == "Ann has no legal move after 0 moves" and stuck.rules == ["market/1-three-buys"]
    endless = next(f for f in result.findings if f.seed == 3)
    assert endless.moves[-1] == "Ben: wait" and len(endless.moves) == 12 and endless.state == "0 buys, turn 30"
    loop = next(f for f in result.findings if f.kind == "loop")
    assert loop.message == "the same state came back 3 times by move 6"
    assert next(f for f in result.findings if f.seed == 6).message == "KeyError: 'till'"


def test_components_never_offered_or_never_taken(tmp_path: Path) -> None:
    (tmp_path / "Metals.csv").write_text("name,cost\nGold,3\nSilver,2\nLead,1\n", encoding="utf-8")
    (tmp_path / "Boards.csv").write_text("name\nMain board\n", encoding="utf-8")  # no board is ever offered
    result = ProbeResult("market", 2, 4, "first")
    for seed in range(10, 14):
        probe_game(Market, Setup(("Ann", "Ben"), {}, seed), [First(), First()], 50, result)
    findings = component_findings(tmp_path, result.offered, result.taken, 4, 2)
    assert [(f.kind, f.message) for f in findings] == [
        ("never offered", "Metals: 1 of 3 (Lead) never part of a player's legal move in 4 games of 2 players (can it "
                          "ever be taken?)"),
        ("never taken", "Metals: 1 of 3 (Silver) offered but never taken in 4 games of 2 players")]


def test_probe_command_exit_code_and_json(nim: str) -> None:
    result = CliRunner().invoke(cli, ["probe", nim, "--games", "3", "--format", "json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert (data["game"], data["games"], data["findings"]) == ("nim", 3, [])
    bad = CliRunner().invoke(cli, ["probe", nim, "--players", "9"])
    assert bad.exit_code == 1 and bad.output.startswith("Error: nim is for ")


def test_a_counter_that_goes_below_zero_is_found_once() -> None:
    result = probe(Market, 2, 1, seed=7, max_moves=30)
    assert [(f.kind, f.message, f.seed, f.moves) for f in result.findings] == [
        ("counter below zero", "purse.Ann.gold is -1 (it started at 1)", 7,
         ["Ann: buy Gold", "Ben: buy Gold", "Ann: buy Gold"])]


def test_a_kingmaker_in_the_last_round_is_found_by_playouts() -> None:
    result = probe(Crown, 3, 2, seed=1, kingmakers=True)  # seed 1: Cat cannot win; seed 2: she can
    assert [(f.kind, f.seed, f.message, f.moves) for f in result.findings] == [
        ("kingmaker", 1, "Cat can no longer win but decides who does at move 3: crown Ann -> Ann; crown Ben -> Ben",
         ["Ann: pass", "Ben: pass"])]
    assert probe(Crown, 3, 2, seed=1).findings == []  # only when asked


def test_a_recorded_session_with_a_kingmaker_is_reported(tmp_path: Path) -> None:
    log = tmp_path / "crowning.log"
    log.write_text('[Game "crown"]\n[Players "Ann, Ben, Cat"]\n\nAnn: pass\nBen: pass\nCat: crown Ben\n',
                   encoding="utf-8")
    out = tmp_path / "r.json"
    result = CliRunner().invoke(cli, ["report", str(log), "--kingmakers", "--engine", "crown_engine:Crown",
                                      "-o", str(out)])
    assert result.exit_code == 0, result.output
    [moment] = json.loads(out.read_text(encoding="utf-8"))["aggregate"]["insights"]["kingmakers"]
    assert (moment["player"], moment["move"]) == ("Cat", 3)
    assert moment["text"].endswith("crown Ann -> Ann; crown Ben -> Ben")


def test_probe_refuses_what_it_cannot_play(nim: str) -> None:
    runner = CliRunner()
    assert runner.invoke(cli, ["probe", nim, "--variant", "stonez=3"]).output.startswith(
        'Error: unknown option "stonez" for nim (known options: ')
    bots = runner.invoke(cli, ["probe", nim, "--bots", "cleverest"])
    assert bots.exit_code == 1 and bots.output.startswith("Error: ") and "cleverest" in bots.output
    assert runner.invoke(cli, ["probe", "no-such-game"]).output.startswith('Error: unknown game "no-such-game"')
