"""The arc of a game, worked out by hand from small score tables."""

from __future__ import annotations

from playproof.insights.arc import ArcTally, arc_of


def test_a_game_decided_in_round_three_of_five() -> None:
    # leaders by round: A, B, A, A, A -> lead changes A->B->A = 2; A leads from round 3 on
    rounds = [[3, 1], [4, 6], [9, 7], [12, 8], [15, 9]]
    arc = arc_of(rounds, [0])
    assert arc is not None
    assert (arc.lead_changes, arc.decided, arc.margin, arc.comeback) == (2, 3, 6, 2)
    assert arc.early_leader_won is False  # the first third of 5 rounds ends after round ceil(5/3) = 2: B led
    assert arc.text() == "decided at round 3 of 5, 2 lead change(s), margin 6"


def test_a_shared_lead_is_no_lead_change_and_counts_as_leading() -> None:
    # round 2 tied: the lead stays with A; B overtakes in round 3 and wins; B was co-leader from round 2
    arc = arc_of([[5, 2, 0], [6, 6, 1], [7, 9, 2]], [1])
    assert arc is not None and arc.lead_changes == 1 and arc.decided == 2 and arc.margin == 2
    assert arc.early_leader_won is False  # A led alone after round 1 (the first third of 3 rounds)


def test_no_rounds_no_arc_and_a_shared_win_has_margin_zero() -> None:
    assert arc_of([], [0]) is None
    arc = arc_of([[4, 4]], [0, 1])
    assert arc is not None and arc.margin == 0 and arc.decided == 1


def test_tally_sums_and_merges() -> None:
    one, two = ArcTally(), ArcTally()
    one.add(arc_of([[3, 1], [4, 6], [9, 7], [12, 8], [15, 9]], [0]))
    two.add(arc_of([[5, 0], [9, 1], [12, 3]], [0]))  # decided in round 1 of 3: a runaway
    one.merge(two)
    assert one.games == 2 and one.lead_changes.mean == 1.0 and one.runaway == 1
    assert abs(one.decided_share.mean - (3 / 5 + 1 / 3) / 2) < 1e-12
    assert one.early_leader().successes == 1 and one.early_leader().trials == 2
