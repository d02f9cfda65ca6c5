"""Listing a row's moves asks the leading parts of its condition that read nothing of the move once for the row
(buildmoves.condition_leads, legal._gate): a part that fails refuses the row, a bid's `amount OP value` parts pick
its numbers; the moves listed, and their order, are those checking each move lists."""

from __future__ import annotations

from pathlib import Path

import pytest

from declared_helpers import EXAMPLES, shortcuts_agree, write_project

from playproof.playtest.declared import checks, declared_engine, legal
from playproof.playtest.declared.engine import DeclaredEngine
from playproof.playtest.declared.expr import Names
from playproof.playtest.engine import Setup
from playproof.playtest.simulate import player_names

AUCTION = {
    "Cards": [("name", "points", "count"), ("Lot", 2, 6)],
    "Zones": [("zone", "owner", "visibility", "order"), ("deck", "shared", "hidden", "ordered"),
              ("block", "shared", "public", "unordered"), ("yard", "player", "public", "unordered")],
    "Counters": [("counter", "owner", "start", "min"), ("coins", "player", 9, 0), ("high", "shared", 0, "")],
    "Values": [("name", "expression"), ("rich", "coins > 5")],
    "Setup": [("set", "zone"), ("Cards", "deck")],
    "Moves": [("verb", "actor", "phrase", "from", "to", "components", "condition", "cost", "pay", "gain",
               "ends turn"),
              ("bid", "turn", "bid N", "", "", "", "count(deck) > 0 and amount > high and coins >= amount", "", "",
               "high = amount", "yes"),
              ("raise", "turn", "raise N", "", "", "", "high > 0 and 3 < amount and rich and amount < 7", "", "",
               "", "yes"),
              ("take", "turn", "", "deck", "yard", "Cards", "high >= 4", "", "", "high = 0; coins: 0 - 2", "yes"),
              ("bet", "turn", "bet N", "", "", "", "amount == 'x' or amount > 2", "", "", "", "yes"),
              ("pass", "turn", "", "", "", "", "", "", "", "", "yes")],
    "Turn": [("key", "value"), ("players", "2-3"), ("end turn", "move"), ("end", "round > 6")],
    "Scoring": [("part", "expression"), ("lots", "count(yard)")],
}
"""An auction whose rows lead their conditions with parts of every kind: read once (`count(deck) > 0`,
`high > 0`), a number's bounds either way round (`3 < amount`), a value (`rich`, which reads nothing of the move),
and an `or` (no leading part at all)."""


def _auction(tmp_path: Path) -> type[DeclaredEngine]:
    return declared_engine(write_project(tmp_path / "auction", AUCTION), "auction")


def test_leading_parts_are_those_read_once_or_bounding_the_number(tmp_path: Path) -> None:
    moves = _auction(tmp_path).game.moves
    assert [lead.test is not None for lead in moves["bid"].condition_leads] == [False, True, True]
    assert [(lead.test is not None, lead.amount_first) for lead in moves["raise"].condition_leads] == \
        [(False, True), (True, False), (False, True), (True, True)]  # `rich` reads nothing of the move
    assert len(moves["take"].condition_leads) == 1 and not moves["bet"].condition_leads
    assert all(spec.quiet for spec in moves.values())
    reef = declared_engine(EXAMPLES / "reef-divers", "reef-divers").game.moves
    assert len(reef["grab"].condition_leads) == 2  # `roll > 0 and not out_of_air`, not `card.depth <= roll`


def test_a_counter_called_amount_is_no_bound(tmp_path: Path) -> None:
    sheets = {k: list(v) for k, v in AUCTION.items()}
    sheets["Counters"] = sheets["Counters"] + [("amount", "shared", 4, "")]
    sheets["Moves"] = [sheets["Moves"][0], ("bid", "turn", "", "", "", "", "amount > high", "", "", "", "yes"),
                       sheets["Moves"][-1]]
    moves = declared_engine(write_project(tmp_path / "named", sheets), "named").game.moves
    assert [lead.test for lead in moves["bid"].condition_leads] == [None]  # read once: a counter like any


def test_a_bid_checks_only_the_numbers_its_bounds_allow(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    engine = _auction(tmp_path)(Setup(player_names(2), {}, 1))
    asked: list[int | None] = []
    real = checks.check_rest

    def counted(state, play, line, quick=False, clean=True, led=False):  # type: ignore[no-untyped-def]
        if play.spec.verb == "bid":
            asked.append(play.amount)
        return real(state, play, line, quick, clean, led)

    monkeypatch.setattr(legal, "check_rest", counted)
    offer = engine.offer()
    assert offer is not None
    texts = [offer.text(k) for k in range(offer.count)]
    assert [t for t in texts if t.startswith("bid")] == [f"bid {n}" for n in range(1, 10)]
    assert asked == list(range(1, 10))  # 0 and 10-20 fail `amount > high` or `coins >= amount` unasked
    assert "take" not in " ".join(texts) and not [t for t in texts if t.startswith("raise")]  # high is 0


def test_a_leading_part_that_fails_refuses_the_row_unchecked(tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    engine = _auction(tmp_path)(Setup(player_names(2), {}, 1))
    verbs: list[str] = []
    monkeypatch.setattr(legal, "check_rest", lambda state, play, *a, **k: verbs.append(play.spec.verb) or [])
    monkeypatch.setattr(legal, "check", lambda state, play, *a, **k: verbs.append(play.spec.verb) or [])
    monkeypatch.setattr(legal, "check_condition", lambda state, play, *a, **k: verbs.append(play.spec.verb) or False)
    engine.offer()
    assert "take" not in verbs and "raise" not in verbs and "bet" in verbs  # `high >= 4`, `high > 0` fail


def test_a_cost_that_may_grow_too_large_keeps_each_move_checked(tmp_path: Path) -> None:
    sheets = {k: list(v) for k, v in AUCTION.items()}
    sheets["Moves"] = [sheets["Moves"][0], ("bid", "turn", "bid N", "", "", "", "amount > high", "high * 2", "coins",
                                            "", "yes"), sheets["Moves"][-1]]
    moves = declared_engine(write_project(tmp_path / "costly", sheets), "costly").game.moves
    assert moves["bid"].condition_leads and not moves["bid"].quiet  # arithmetic may overflow: checked one by one


def test_a_leading_part_left_uncertain_by_hidden_components_is_asked_move_by_move(tmp_path: Path) -> None:
    sheets = {k: list(v) for k, v in AUCTION.items()}
    sheets["Moves"] = [sheets["Moves"][0], ("bid", "turn", "bid N", "", "", "", "count(deck, points > 1) > 0 and "
                                            "amount > high", "", "", "", "yes"), sheets["Moves"][-1]]
    engine = declared_engine(write_project(tmp_path / "hidden", sheets), "hidden")(Setup(player_names(2), {}, 1))
    bid = engine.game.moves["bid"]
    bounds, led = legal._gate(engine.state, bid, engine.players[0]) or ((), False)
    assert len(bounds) == 1 and not led  # asked: `amount > 0`; the count visits the deck: each move asks it again
    engine.state.zones["deck"][""].unknown = 1  # a hidden move left the deck uncertain
    assert legal._gate(engine.state, bid, engine.players[0]) == ((), False)  # unasked: each move's check says it


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_games_of_the_auction_list_what_checking_every_move_lists(tmp_path: Path, seed: int,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    engine = _auction(tmp_path)(Setup(player_names(3), {}, seed))
    assert shortcuts_agree(engine, seed, monkeypatch, steps=60) > 0


def test_a_value_leads_only_when_what_it_reads_is_known(tmp_path: Path) -> None:
    from playproof.playtest.declared.buildmoves import condition_leads

    game = _auction(tmp_path).game
    compiled = game.moves["raise"].condition_parts
    names = Names({"deck": False, "block": False, "yard": True}, {"coins": True, "high": False},
                  {"rich": game.values["rich"]})
    assert len(condition_leads(compiled, names)) == 2  # `high > 0`, `3 < amount`: `rich` may read the move
    names.value_reads = {"rich": frozenset()}  # what the expression layer records (build.py)
    assert len(condition_leads(compiled, names)) == 4  # `rich` reads nothing of the move: `amount < 7` too
    names.value_reads = {"rich": frozenset({"amount"})}
    assert len(condition_leads(compiled, names)) == 2


def test_a_due_condition_asks_whom_it_is_for_before_the_zones(tmp_path: Path) -> None:
    from playproof.playtest.declared.buildmoves import flow_first
    from playproof.playtest.declared.expr import compile_expr
    from playproof.playtest.declared.state import Seen, Watching

    engine = declared_engine(EXAMPLES / "lantern-guild", "lantern-guild")(Setup(player_names(2), {}, 1))
    tidy = engine.game.moves["tidy"]  # `count(play) > 0 and player != current`
    assert tidy.due_flow_first is not None
    state, current = engine.state, engine.state.flow.current
    for player in engine.players:
        seen: Seen = ([], [], [])
        asked = tidy.due_flow_first(Watching(state, player, seen))
        assert bool(asked) == bool(tidy.due(Watching(state, player, ([], [], []))))
        assert (seen[0] == []) == (player == current)  # the player to move reads no zone: moves keep the answer
    names = Names({"play": True}, {"coins": True})
    for text, moves in (("count(play) > 0 and player != current", True),
                        ("player != current and count(play) > 0", False),  # already first
                        ("sum(play, coins) > 0 and player != current", False),  # a sum may grow too large
                        ("coins > 0 and player != current", True)):
        assert (flow_first(compile_expr(text, names), names) is not None) is moves, text
