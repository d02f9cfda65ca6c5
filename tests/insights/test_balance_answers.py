"""balance answers "is this card too cheap?": greedy bots by default, the varied card in every row, any spelling."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from playproof.balance.report import Run, random_note, text_lines, write_balance
from playproof.balance.stats import GameResult, Summary
from playproof.cli import cli


def _summary() -> Summary:
    """Four games of two players: Royal-Guard taken by the winner in three of them, by the loser in one."""
    summary = Summary(2)
    for index, (winner, guard) in enumerate([(0, [0]), (1, [1]), (0, [0, 1]), (1, [])]):
        summary.add(GameResult(index, [5, 3] if winner == 0 else [3, 5], [winner], 20, 4,
                               {"acquire Royal-Guard": guard, "harvest": [0, 1]} if guard else {"harvest": [0, 1]}))
    return summary


def test_the_varied_card_is_found_in_any_spelling_with_its_rates() -> None:
    run = Run("who-will-reign", "Court Cards[royal guard].cost_gold=1", 2, "greedy", _summary(), ("royal guard",))
    [(name, taken, take, rate)] = run.varied_components()
    # taken by 4 seats in 4 games of 2 seats: take rate 4/8; 3 of its 4 takers won
    assert (name, taken, take.value, rate.value) == ("acquire Royal-Guard", 4, 0.5, 0.75)
    assert any(line.startswith("  varied acquire Royal-Guard: taken in 50 % of seat-games, takers win 75.0 %")
               for line in text_lines(run))
    data = run.to_dict()
    # (1.95996 * .5 + .84162 * sqrt(.1875)) / .25 = 5.3777; squared 28.92: 29 games, 4 played: 25 more
    assert data["varied_components"][0]["takers_win_rate"]["advice"]["text"] == "needs about 25 more takes"


def test_random_bots_carry_a_note_and_greedy_none() -> None:
    assert random_note("random").startswith("note: random bots test the rules, not the balance")
    assert random_note("greedy") == "" and random_note("random,greedy") == ""


def test_html_names_the_cut_and_keeps_every_row_elsewhere(tmp_path: Path) -> None:
    summary = Summary(2)
    summary.add(GameResult(0, [5, 3], [0], 20, 4, {f"card {i}": [0] for i in range(30)}))
    runs = [Run("demo", "as printed", 2, "greedy", summary)]
    page = write_balance(runs, tmp_path / "b.html").read_text(encoding="utf-8")
    assert "Top 25 of 30 components or moves" in page
    data = json.loads(write_balance(runs, tmp_path / "b.json").read_text(encoding="utf-8"))
    assert len(data["runs"][0]["components"]) == 30


def test_balance_plays_greedy_bots_by_default_and_matches_the_row_in_any_spelling(tmp_path: Path) -> None:
    args = ["balance", "who-will-reign", "--players", "2", "--games", "4", "--vary",
            "Court Cards[royal-guard].cost_gold=1", "--report", str(tmp_path / "b.json")]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0, result.output
    assert "bots greedy" in result.output and "random bots test the rules" not in result.output
    data = json.loads((tmp_path / "b.json").read_text(encoding="utf-8"))
    assert data["runs"][0]["bots"] == "greedy" and data["runs"][0]["varied"] == ["royal-guard"]


def test_the_first_player_line_says_how_many_more_games_it_needs() -> None:
    summary = Summary(2)
    for index, winner in enumerate([0, 0, 1, 0]):  # 3 of 4: 75 % against 50 %, 29 games tell it: 25 more
        summary.add(GameResult(index, [1, 0] if winner == 0 else [0, 1], [winner], 10, 2))
    lines = text_lines(Run("demo", "as printed", 2, "greedy", summary))
    assert lines[2].startswith("  first player: 75.0 %") and lines[2].endswith("(needs about 25 more games)")


def test_balance_answers_as_pdf_carry_the_same_tables(tmp_path: Path) -> None:
    pypdfium2 = __import__("pytest").importorskip("pypdfium2")
    summary = _summary()
    summary.unfinished.append({"seed": 9, "reason": "no end after 50 moves", "last_moves": ["Ann: wait"],
                               "state": ""})
    path = write_balance([Run("demo", "as printed", 2, "random", summary, ())], tmp_path / "b.pdf")
    pdf = pypdfium2.PdfDocument(str(path))
    text = " ".join(" ".join(pdf[i].get_textpage().get_text_range().split()) for i in range(len(pdf)))
    assert "Seats: demo (as printed), 2 players: 4 finished game(s) (bots random)" in text
    assert "acquire Royal-Guard" in text and "Games that could not go on (1)" in text
    assert "random bots test the rules, not the balance" in text
    assert b"/BaseFont /Helvetica" not in path.read_bytes()
