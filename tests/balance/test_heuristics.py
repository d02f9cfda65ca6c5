"""The 7 Wonders Leaders and Four Sisters heuristics: what they count, and greedy playing to win with them."""

from __future__ import annotations

import random

import pytest

from playproof.balance.bots import play
from playproof.balance.runner import Plan, engine_class, run_local
from playproof.balance.stats import Rate
from playproof.playtest.engine import TABLE, Engine
from playproof.playtest.games.four_sisters import heuristic as sisters
from playproof.playtest.games.seven_wonders_leaders.heuristic import resolved, value


def match(game: str, players: int, a: str, b: str, games: int) -> Rate:
    """Return bot a's share of the wins against bot b, seats 1 and 2 swapped for half the games."""
    rest = ["random"] * (players - 2)
    first = run_local(Plan(game, players, games // 2, seed=1, bots=",".join([a, b, *rest])))
    second = run_local(Plan(game, players, games - games // 2, seed=10_001, bots=",".join([b, a, *rest])))
    return Rate(first.wins[0] + second.wins[1], games)


def _first_chooser(seed: int) -> Engine:
    """Return a 3-player 7 Wonders Leaders game in Age I where the first city is about to choose its card."""
    plan = Plan("7-wonders-leaders", 3, 1, seed=seed)
    engine = engine_class(plan)(plan.setup(0))
    rng = random.Random(seed)
    while (decision := engine.decision()) is not None:
        st = engine.st
        if st.phase == "turn" and st.turn == 2 and not st.choices and decision.actor != TABLE:
            return engine
        play(engine, decision.actor, rng.choice(decision.moves))
    raise AssertionError("the game ended before Age I's second turn")


def test_seven_wonders_values_the_play_chosen_before_the_turn_is_resolved() -> None:
    engine = _first_chooser(5)
    decision = engine.decision()
    assert decision is not None
    values = set()
    for move in decision.moves:
        probe = engine.clone()
        play(probe, decision.actor, move)
        assert probe.st.choices  # the other cities have not chosen: nothing is resolved yet
        values.add(probe.heuristic(decision.actor))
    assert len(values) > 1  # before, every play of the first city looked the same
    discard = next(m for m in decision.moves if m.startswith("discard "))
    probe = engine.clone()
    play(probe, decision.actor, discard)
    me = probe.st.players.index(decision.actor)
    coins = probe.st.cities[me].coins
    twin = resolved(probe.st)
    assert twin is not probe.st and probe.st.choices and probe.st.cities[me].coins == coins
    assert twin.cities[me].coins == coins + 3 and not twin.choices  # a discard pays 3 coins


def test_seven_wonders_counts_production_for_the_ages_left() -> None:
    engine = _first_chooser(7)
    st = engine.st
    before = value(st, 0)
    st.phase, st.age = "turn", 3  # the same city with one Age left to build in instead of three
    profile = st.cities[0].profile
    production = sum(profile.own.fixed) + len(profile.own.masks)
    assert production > 0 and all(c.profile.shields == profile.shields for c in st.cities)  # no conflict lead
    assert before - value(st, 0) == pytest.approx(3 * production)  # 1.5 points a resource for each Age gone


def test_seven_wonders_greedy_beats_random() -> None:
    rate = match("7-wonders-leaders", 3, "greedy", "random", 60)
    assert rate.interval[0] > 1 / 3, rate.text()


def test_four_sisters_greedy_beats_random() -> None:
    rate = match("four-sisters", 4, "greedy", "random", 60)
    assert rate.interval[0] > 1 / 4, rate.text()  # a team win is half a win for each partner


def test_four_sisters_keeping_bots_on_both_teams_still_end_the_day() -> None:
    # Two greedy bots on opposite teams stalled seed 9 with no patience (each ended her turns with
    # three cards and an empty Scheme) and seed 7 with a card in hand worth 1 (greedy's loop guard
    # then refused every placement), until the runner's 100,000-event cap
    summary = run_local(Plan("four-sisters", 4, 10, seed=1, bots="greedy,greedy,random"))
    assert summary.games == 10 and summary.moves.high < 1_000


def test_four_sisters_cards_count_until_the_day_drags_on() -> None:
    plan = Plan("four-sisters", 4, 1, seed=3)
    engine = engine_class(plan)(plan.setup(0))
    rng = random.Random(3)
    for _ in range(40):
        decision = engine.decision()
        assert decision is not None
        play(engine, decision.actor, rng.choice(decision.moves))
    ann = engine.setup.players[0]
    team = engine.seats[ann].team
    totals = engine.team_totals()
    lead = totals[team] - totals[engine.other_team(team)]
    short = sum((1 if s.team == team else -1) for s in engine.seats.values() if s.name in engine.short)
    cards = sum((1 if s.team == team else -1) * (sisters.HAND_WEIGHT * s.hand_count + s.scheme_count)
                for s in engine.seats.values())
    assert engine.turns_played < sisters.PATIENCE and cards
    expected = lead + sisters.CARDS_WEIGHT * cards - sisters.SHORT_PENALTY * short
    assert engine.heuristic(ann) == pytest.approx(expected)
    engine.turns_played = sisters.PATIENCE  # three times a usual Day: only the Chateau counts now
    assert engine.heuristic(ann) == pytest.approx(lead - sisters.SHORT_PENALTY * short)
