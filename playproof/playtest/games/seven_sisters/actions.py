"""Actions A, B, C, D and D2: each checks a played card's action and applies it to the table."""

from __future__ import annotations

from typing import Callable

from playproof.playtest.games.seven_sisters.data import WILD, GameData
from playproof.playtest.games.seven_sisters.moves import Play
from playproof.playtest.games.seven_sisters.state import Table

Finding = tuple[str, str]
"""(rule slug, message a player understands)"""


class ActionContext:
    """What an action needs: the data, the table, the acting seat and how to name things."""

    def __init__(self, data: GameData, table: Table, seat: int, player: str,
                 names: tuple[str, ...] = ()) -> None:
        self.data = data
        self.table = table
        self.seat = seat
        self.player = player
        self.names = names
        self.owners: tuple[int, ...] = ()
        self.source = "playable"
        self.found: list[Finding] = []
        self.base = data.n("action_a_servants")
        self.extra = data.n("action_a_extra")

    def acting(self, seat: int, player: str) -> ActionContext:
        """Return this context for another action, by another player."""
        self.seat, self.player, self.found = seat, player, []
        return self

    def name(self, sister: int) -> str:
        """Return a sister's name."""
        return self.data.sisters[sister]

    def flag(self, rule: str, message: str) -> None:
        """Record a broken rule."""
        self.found.append((rule, message))


def perform(ctx: ActionContext, play: Play) -> list[Finding]:
    """Check a play's action against its card, apply it as the table did, and return findings."""
    assert play.card is not None and play.action is not None
    wild = play.card == WILD
    # Actions A and B use the card's pictured sisters, D and D2 need a wild card; C suits any.
    if play.action in ("A", "B") and wild:
        ctx.flag("3-card-action", f"Action {play.action} needs a card with a primary sister; "
                 "a wild card allows C, D or D2")
    if play.action in ("D", "D2") and not wild:
        ctx.flag("3-card-action", f"Action {play.action} needs a wild card; {play.card} allows A, B or C")
    pair = None if wild else ctx.data.pairs[play.card]
    ctx.owners, ctx.source = play.owners, play.source
    if play.owners and play.action not in ("B", "D2"):
        ctx.flag("log-move-syntax", f"Only actions B and D2 move servants: action {play.action} names "
                 "no owners")
    if play.action == "A":
        _action_a(ctx, pair, play.targets, play.fruit)
    elif play.action == "C":
        _action_c(ctx, play.targets, play.count)
    else:
        _ACTIONS[play.action](ctx, pair, play.targets[:2])
        _extra_servants(ctx, play.action, play.targets[2:], play.fruit)
    if play.action == "C" and play.fruit:
        _extra_servants(ctx, "C", (), play.fruit)
    return ctx.found


def _action_a(ctx: ActionContext, pair: tuple[int, int] | None, targets: tuple[int, ...],
              paid: int | None) -> None:
    """Place two servants on the primary sister, a third on the secondary, a fourth on either."""
    base, extra = ctx.base, ctx.extra
    if pair is not None:
        _check_a_targets(ctx, pair, targets, base, base + extra)
    # "must pay one Fruit token to do so ... must also pay an additional Fruit token"
    cost = max(0, min(len(targets), base + extra) - base)
    paid = cost if paid is None else paid
    if paid != cost:
        ctx.flag("3A-fruit-cost", f"{ctx.player} places {len(targets)} servants, which costs {cost} "
                 f"fruit, and paid {paid}")
    elif cost > ctx.table.fruit[ctx.seat]:
        ctx.flag("3A-fruit-cost", f"{ctx.player} places {len(targets)} servants, which costs {cost} "
                 f"fruit, but has {ctx.table.fruit[ctx.seat]}")
    _place_all(ctx, targets)
    ctx.table.pay_fruit(ctx.seat, paid)


def _extra_servants(ctx: ActionContext, action: str, extra: tuple[int, ...], paid: int | None) -> None:
    """B, C, D and D2 end the turn: no fruit buys other servants (placed and paid as the table did)."""
    paid = len(extra) if paid is None else paid
    if not extra and not paid:
        return
    ctx.flag("3-no-extra-servants", f"After action {action} the turn is over: no fruit buys other "
             f"servants ({ctx.player} placed {len(extra)} more and paid {paid} fruit)")
    _place_all(ctx, extra)
    ctx.table.pay_fruit(ctx.seat, paid)


def _check_a_targets(ctx: ActionContext, pair: tuple[int, int], targets: tuple[int, ...],
                     base: int, most: int) -> None:
    """Check where action A's servants go."""
    primary, secondary = pair
    if len(targets) < base or targets[:base].count(primary) != base:
        ctx.flag("3A-primary-two", f"Action A first places {base} servants on {ctx.name(primary)}, "
                 "the card's primary sister")
    if len(targets) > base and targets[base] != secondary:
        ctx.flag("3A-third-secondary", f"The third servant of action A goes on {ctx.name(secondary)}, "
                 f"the card's secondary sister, not {ctx.name(targets[base])}")
    if len(targets) > most:
        ctx.flag("3A-fourth-servant", f"Action A places at most {most} servants, not {len(targets)}")
    elif len(targets) == most and targets[-1] not in pair:
        ctx.flag("3A-fourth-servant", f"The fourth servant goes on {ctx.name(primary)} or "
                 f"{ctx.name(secondary)}, not {ctx.name(targets[-1])}")


def _place_all(ctx: ActionContext, targets: tuple[int, ...]) -> None:
    """Place one playable servant per target, reporting a stock too small."""
    if ctx.source == "reserve":
        _place_from_reserve(ctx, targets)
        return
    if len(targets) > ctx.table.playable[ctx.seat]:
        ctx.flag("3-playable-stock", f"{ctx.player} places {len(targets)} servants but has only "
                 f"{ctx.table.playable[ctx.seat]} in the playable stock")
    board, seat, stock = ctx.table.board, ctx.seat, ctx.table.playable
    for sister in targets:
        if stock[seat]:
            stock[seat] -= 1
            board[sister][seat] += 1


def _place_from_reserve(ctx: ActionContext, targets: tuple[int, ...]) -> None:
    """Servants placed from the reserve break the rule once; they are placed as the table did."""
    if not targets:
        return
    ctx.flag("3-playable-stock", f"{ctx.player} places {len(targets)} servant"
             f"{'s' if len(targets) != 1 else ''} from the reserve; servants placed on a sister come "
             "from the playable stock")
    for sister in targets:
        ctx.table.place_from_reserve(ctx.seat, sister)


def _action_b(ctx: ActionContext, pair: tuple[int, int] | None, targets: tuple[int, ...]) -> None:
    """Move two of the player's servants from the primary sister to another sister."""
    if len(targets) < 2:
        ctx.flag("log-move-syntax", "write action B as `B FROM TO` (from the primary sister)")
        return
    source, target = targets
    if pair is not None and source != pair[0]:
        ctx.flag("3B-from-primary", f"Action B moves servants off {ctx.name(pair[0])}, the card's "
                 f"primary sister, not {ctx.name(source)}")
    _move_two(ctx, source, target, "3B-from-primary", "3B-other-sister")


def _move_two(ctx: ActionContext, source: int, target: int, own_rule: str, other_rule: str) -> None:
    """Move two of the player's own servants from one sister to a different one."""
    count = ctx.base
    owners = ctx.owners or (ctx.seat,)
    strangers = [o for o in dict.fromkeys(owners) if o != ctx.seat]
    have = ctx.table.board[source][ctx.seat]
    if len(owners) not in (1, count):
        ctx.flag(own_rule, f"{ctx.player} moves {count} servants, not {len(owners)}")
    elif strangers:  # "two of his servants": never another player's
        others = " and ".join(ctx.names[o] if o < len(ctx.names) else str(o) for o in strangers)
        ctx.flag(own_rule, f"{ctx.player} moves two of his own servants, not {others}'s")
    elif have < count:
        ctx.flag(own_rule, f"{ctx.player} has {have} servant{'s' if have != 1 else ''} on "
                 f"{ctx.name(source)}; moving needs {count} of his own")
    if source == target:
        ctx.flag(other_rule, f"The servants must move to a sister other than {ctx.name(source)}")
    for owner in (owners * count)[:count] if len(owners) == 1 else owners:
        ctx.table.move(owner, source, target, 1)  # as the table did it, one servant at a time


def _action_c(ctx: ActionContext, targets: tuple[int, ...], count: int | None) -> None:
    """Bring three servants from reserve to playable (fewer if the reserve runs short)."""
    if targets:
        ctx.flag("3C-no-placement", "Action C places no servant on a sister; write just `C`")
    # "Take three servants from his reserve stock ... If a player has no servants in his reserve
    # stock, he receives no benefit from this action."
    due = min(ctx.data.n("action_c_servants"), ctx.table.reserve[ctx.seat])
    if count is not None and count != due:
        ctx.flag("3C-three-servants", f"Action C brings {due} servant{'s' if due != 1 else ''} from "
                 f"{ctx.player}'s reserve, not {count}")
    ctx.table.call_up(ctx.seat, due if count is None else count)


def _action_d(ctx: ActionContext, pair: tuple[int, int] | None, targets: tuple[int, ...]) -> None:
    """Place two servants on one sister of the player's choice."""
    count = ctx.base
    if len(targets) < count:
        ctx.flag("log-move-syntax", "write action D as `D SISTER SISTER` (both servants on one sister)")
    elif len(set(targets)) != 1:
        ctx.flag("3D-one-sister", "Action D places both servants on the same sister")
    _place_all(ctx, targets)


def _action_d2(ctx: ActionContext, pair: tuple[int, int] | None, targets: tuple[int, ...]) -> None:
    """Move two of the player's servants from one sister to another."""
    if len(targets) < 2:
        ctx.flag("log-move-syntax", "write action D2 as `D2 FROM TO`")
        return
    _move_two(ctx, targets[0], targets[1], "3D2-own-servants", "3D2-own-servants")


_ACTIONS: dict[str, Callable[[ActionContext, tuple[int, int] | None, tuple[int, ...]], None]] = {
    "B": _action_b, "D": _action_d, "D2": _action_d2,
}
