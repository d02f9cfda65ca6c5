"""Random legal games of Battle for Seven Cities: all finish and replay without a violation."""

from __future__ import annotations

import random

from playproof.playtest.engine import Event, Setup
from playproof.playtest.games.battle_for_seven_cities import ENGINE
from playproof.playtest.simulate import play_random_game

NAMES = ("Ann", "Ben", "Cat", "Dee", "Eve", "Fay")
GAMES = 500


def test_500_random_games_finish_and_replay_clean() -> None:
    rng = random.Random(2026)
    lengths, seven = [], 0
    for index in range(GAMES):
        players = NAMES[: 2 + index % 5]
        # short games keep the run fast; every tenth plays to the 7-city finish (or the default cap)
        options = {} if index % 10 == 0 else {"rounds": str(1 + index % 3)}
        setup = Setup(players, options, seed=index)
        engine, played = play_random_game(ENGINE, setup, random.Random(rng.randrange(1 << 30)))
        assert engine.is_over() and engine.s.winners
        replay = ENGINE(setup)
        assert [v for e in played for v in replay.apply(e)] == []
        assert replay.scores() == engine.scores()
        lengths.append(len(played))
        seven += max(engine.scores().values()) >= 7
    assert min(lengths) > 15 and seven > 0


def test_random_games_use_every_card_special_and_reaction() -> None:
    used: set[str] = set()
    for seed in range(40):
        setup = Setup(NAMES[: 3 + seed % 4], {}, seed=seed)
        _, played = play_random_game(ENGINE, setup, random.Random(seed))
        used |= {e.args.split()[0] for e in played if e.verb == "play"}
        used |= {e.verb for e in played}
    assert {"ATLANTIS", "RAIL", "WALL", "BURN", "EXPEDITION", "TAKEOVER", "METROPOLIS", "DEFEND", "REMOTE",
            "SANDS", "ARMY", "EMBASSY", "ENEMY", "place", "travel", "discard", "pass"} <= used


VERBS = ("tile", "clock", "first", "start", "draw", "discard", "points", "move", "travel", "build", "recycle",
         "end", "city", "winner", "play", "place", "pass")
WORDS = ("fA1", "pB2", "fZ9", "AP3", "BURN", "DEFEND", "SANDS", "RAIL", "?", "Ann", "Zed", "from", "city", "ne",
         "2", "x", "P3", "12:00")


def test_garbled_logs_never_crash_the_engine() -> None:
    for seed in range(60):
        rng = random.Random(seed)
        setup = Setup(NAMES[: 2 + seed % 3], {"rounds": "2"}, seed=seed)
        _, played = play_random_game(ENGINE, setup, random.Random(seed))
        events = list(played)
        for _ in range(rng.randint(1, 30)):  # drop, re-actor, re-argue or insert lines at random
            i = rng.randrange(len(events))
            actor = rng.choice(setup.players + ("table",))
            args = " ".join(rng.choice(WORDS) for _ in range(rng.randint(0, 4)))
            choice = rng.randrange(4)
            if choice == 0:
                events.pop(i)
            elif choice == 1:
                events[i] = Event(i, actor, events[i].verb, events[i].args)
            elif choice == 2:
                events[i] = Event(i, events[i].actor, events[i].verb, args)
            else:
                events.insert(i, Event(i, actor, rng.choice(VERBS), args))
        engine = ENGINE(setup)
        for event in events:
            engine.apply(event)
            engine.decision()


def check_invariants(engine, deck_total: int) -> None:
    """Every city token and every card is somewhere, exactly once."""
    s = engine.s
    for player in s.seats:
        on_board = sum(n for who, n in s.board.cities.values() if who == player)
        assert s.supply[player] + on_board == engine.data.cities_per_player
    in_hands = sum(h.size for h in s.hands.values())
    waiting = 1 if s.window is not None and s.window.kind == "defend" else 0  # an attack card awaiting Defend City
    assert s.deck.size + s.blue.size + s.red.size + in_hands + waiting == deck_total
    assert s.shield_supply + len(s.board.shields) == engine.data.shields
    assert len(s.board.rails) <= engine.data.railways and len(s.board.walls) <= engine.data.walls


def test_tokens_and_cards_are_conserved_in_random_games() -> None:
    for seed in range(40):
        setup = Setup(NAMES[: 2 + seed % 5], {"rounds": "4"}, seed=seed)
        _, played = play_random_game(ENGINE, setup, random.Random(seed))
        engine = ENGINE(setup)
        total = engine.s.deck.size
        for event in played:
            engine.apply(event)
            check_invariants(engine, total)
