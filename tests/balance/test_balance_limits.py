"""Limits of simulate and balance: players, games (streamed), jobs, --vary values, a cluster that never answers."""

from __future__ import annotations

import itertools
import socket
import time

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from playproof.balance.cluster import reachable
from playproof.balance.runner import Plan, batches, engine_class
from playproof.balance.sweep import _cells, parse_vary, player_counts, vary_warnings
from playproof.cli import cli
from playproof.errors import PlayproofError
from playproof.limits import MAX_GAMES, MAX_PLAYERS


def test_a_billion_games_are_refused_before_a_batch_is_made() -> None:
    began = time.perf_counter()
    with pytest.raises(PlayproofError) as err:
        engine_class(Plan("who-will-reign", 2, 1_000_000_000_000))
    assert str(err.value) == (f"--games is 1,000,000,000,000: at most {MAX_GAMES:,} (games in one run); "
                              "see docs/limits.md")
    assert time.perf_counter() - began < 1


def test_batches_are_made_as_they_are_needed() -> None:
    first = list(itertools.islice(batches(MAX_GAMES * 1000), 3))  # a list of them would take many GB
    assert first == [(0, 50), (50, 50), (100, 50)]


def test_players_are_bounded_for_simulate_and_balance(nim: str) -> None:
    with pytest.raises(PlayproofError, match=f"--players is 100,000,000: at most {MAX_PLAYERS}"):
        engine_class(Plan(nim, 100_000_000, 1))
    with pytest.raises(PlayproofError, match=r'--players "2-100000000" is 100,000,000: at most 100 \(players'):
        player_counts("2-100000000")
    with pytest.raises(PlayproofError, match="expected a number"):
        player_counts("2-" + "9" * 5000)
    assert player_counts("2-4") == [2, 3, 4]


def test_vary_refuses_numbers_no_cell_holds_and_warns_about_negative_ones() -> None:
    with pytest.raises(PlayproofError, match=r'--vary "Cards\[Gold\].cost=1e400": inf is not a number a cell'):
        parse_vary("Cards[Gold].cost=1e400")
    with pytest.raises(PlayproofError, match="nan is not a number"):
        parse_vary("Cards[Gold].cost=nan")
    assert vary_warnings(parse_vary("Cards[Gold].cost=-2,3")) == [
        '--vary "Cards[Gold].cost=-2": a negative value (a cost or count below 0 rarely means anything)']
    assert parse_vary("Cards[Gold].cost=٣").values == ("٣",)  # a non-ASCII digit stays text (and is warned about)
    assert "is not a number" in vary_warnings(parse_vary("Cards[Gold].cost=٣"))[0]


def test_vary_refuses_the_column_rows_are_found_by() -> None:
    rows: list[list[object]] = [["name", "cost"], ["Gold", 2]]
    with pytest.raises(PlayproofError, match='"name" is the column rows are found by'):
        list(_cells(rows, parse_vary("Cards[Gold].name=Silver"), "cards.csv"))
    assert list(_cells(rows, parse_vary("Cards[Gold].cost=3"), "cards.csv")) == [(1, 1)]


def test_more_jobs_than_batches_is_a_warning_and_plays_on_fewer(nim: str) -> None:
    result = CliRunner().invoke(cli, ["simulate", nim, "--players", "2", "--games", "3", "--jobs", "64"])
    assert result.exit_code == 0, result.output
    assert "warning: --jobs 64: 3 game(s) make 1 batch(es) of at most 50; playing on 1 process(es)" in result.output
    assert "Traceback" not in result.output


def test_a_cluster_address_that_never_answers_is_refused_within_the_timeout() -> None:
    with socket.socket() as silent:  # listens but never accepts: like a host that drops packets, it never answers
        silent.bind(("127.0.0.1", 0))
        port = silent.getsockname()[1]
        with pytest.raises(PlayproofError, match=f"cannot reach the Ray cluster at 127.0.0.1:{port}"):
            reachable(f"127.0.0.1:{port}", seconds=0.5)  # bound, not listening: refused at once
    began = time.perf_counter()
    with pytest.raises(PlayproofError, match="within 1 s"):
        reachable("192.0.2.1:6379", seconds=1.0)  # TEST-NET: nothing answers
    assert time.perf_counter() - began < 5
    with pytest.raises(PlayproofError, match="expected HOST:PORT"):
        reachable("nowhere")


def _no_long_run(text: str) -> bool:
    """Keep a text unless click would read it as a number of games worth minutes (4 to MAX_GAMES)."""
    try:
        return not 3 < int(text.strip()) <= MAX_GAMES
    except ValueError:
        return True


@settings(max_examples=60, deadline=None)
@given(option=st.sampled_from(["--games", "--players", "--jobs", "--seed"]),
       value=st.one_of(st.integers(min_value=-10**30, max_value=3).map(str),  # a run of a few games, or a refusal:
                       st.integers(min_value=MAX_GAMES + 1, max_value=10**30).map(str),  # never a long run
                       st.text(alphabet="0123456789-+.e٣x ", min_size=1, max_size=12).filter(_no_long_run)))
def test_any_numeric_option_of_simulate_is_one_error_line_or_a_run(option: str, value: str) -> None:
    base = {"--games": "2", "--players": "2", "--jobs": "1", "--seed": "1"}
    args = ["simulate", "who-will-reign"] + [a for k, v in (base | {option: value}).items() for a in (k, v)]
    result = CliRunner().invoke(cli, args)
    assert "Traceback" not in result.output and not isinstance(result.exception, (MemoryError, OverflowError))
    if result.exit_code != 0:
        assert result.exit_code in (1, 2) and isinstance(result.exception, SystemExit)
        assert [line for line in result.output.splitlines() if line.startswith("Error:")], result.output


def test_more_jobs_than_any_machine_has_cores_is_refused(nim: str) -> None:
    result = CliRunner().invoke(cli, ["simulate", nim, "--players", "2", "--games", "3", "--jobs", "100000"])
    assert result.exit_code == 1
    assert result.output.splitlines()[-1] == ("Error: --jobs is 100,000: at most 256 (processes of one run); "
                                              "see docs/limits.md")
