"""The rule index of a declared game: one stable id per declared rule, citing its sheet and cell."""

from __future__ import annotations

from typing import Callable

from playproof.playtest.declared.model import CounterSpec, MoveSpec, Origin, TurnSpec, ZoneSpec
from playproof.playtest.declared.sheets import RawRow, name_key
from playproof.playtest.engine import Rule, RuleIndex


def move_rule(game_id: str, verb: str, check: str = "") -> str:
    """Return the id of a move's rule: `<game>/moves-<verb>` or `<game>/moves-<verb>-<check>`."""
    return f"{game_id}/moves-{name_key(verb)}" + (f"-{check}" if check else "")


def rule_index(game_id: str, zones: dict[str, ZoneSpec], counters: dict[str, CounterSpec],
               moves: dict[str, MoveSpec], turn: TurnSpec, rows: dict[str, list[RawRow]]) -> RuleIndex:
    """Return every rule the declared engine checks for these sheets."""
    found: list[Rule] = []
    texts = {(r.sheet, r.row): _row_text(r) for sheet in rows.values() for r in sheet}
    notes = {(r.sheet, r.row): r.text("note") or r.text("message") for sheet in rows.values() for r in sheet}

    def add(rule_id: str, summary: str, origin: Origin | None) -> None:
        text = f"{origin}: {texts.get((origin.sheet, origin.row), '')}" if origin else ""
        sentence = notes.get((origin.sheet, origin.row), "") if origin else ""
        sheet = rule_id.split("-", 1)[0].title()
        found.append(Rule(f"{game_id}/{rule_id}", f"{sentence} ({summary})" if sentence else summary,
                          str(origin) if origin else sheet, text))

    for zone in zones.values():
        if zone.capacity is not None:
            add(f"zones-{name_key(zone.name)}-capacity", f"{zone.name} holds at most {zone.capacity} components.",
                zone.origin)
        if zone.grid:
            add(f"zones-{name_key(zone.name)}-cell", f"a cell of {zone.name} holds one component.", zone.origin)
    for counter in counters.values():
        if not counter.internal and (counter.low is not None or counter.high is not None):  # a range to keep
            add(f"counters-{name_key(counter.name)}", f"{counter.name} stays within {counter_range(counter)}.",
                counter.origin)
    for move in moves.values():
        _move_rules(game_id, move, add)
    _turn_rules(turn, add)
    return RuleIndex(game_id, found)


def _move_rules(game_id: str, move: MoveSpec, add: Callable[[str, str, Origin | None], None]) -> None:
    """Add the rules of one move: itself, its zone, cost, condition, phase and limit."""
    verb, origin = move.verb, move.origin
    base = move_rule(game_id, move.rule_name or verb)[len(game_id) + 1:]
    who = {"turn": "the player whose turn it is", "any": "any player", "table": "the table"}[move.actor]
    add(base, f"{verb}: made by {who}" + (f", with a component of {', '.join(move.sets)}" if move.sets else "")
        + ".", origin)
    if move.sources and not move.bulk:
        add(f"{base}-from", f"{verb} takes a component that is in {' or '.join(move.sources)}.", origin)
    if move.count != (1, 1) and move.takes_component:
        add(f"{base}-count", f"{verb} takes {count_words(move.count)}.", origin)
    if move.dice:
        add(f"{base}-dice", f"{verb} rolls {', '.join(move.dice)}: one face of each.", origin)
    if move.derived:
        add(f"{base}-result", f"{verb} is worked out by the referee: a logged one must match.", origin)
    if move.due is not None and not move.derived:
        add(f"{base}-due", f"the table makes {verb} as soon as it is due.", origin)
    if move.cost:
        add(f"{base}-cost", f"{verb} costs what the sheet says, paid from {move.pay}.", origin)
    if move.amount:
        add(f"{base}-amount", f"the number {verb} states is what the sheet says.", origin)
    if move.record:
        add(f"{base}-record", f"a record of {' and '.join(move.sources)} names exactly what it holds.", origin)
    if move.condition:
        add(f"{base}-condition", f"{verb} is allowed only when its condition holds.", origin)
    if move.phase:
        add(f"{base}-phase", f"{verb} is made in the {move.phase} phase.", origin)
    if move.limit is not None:
        add(f"{base}-limit", f"{verb} at most {move.limit} time(s) a turn.", origin)


def _turn_rules(turn: TurnSpec, add: Callable[[str, str, Origin | None], None]) -> None:
    """Add the turn's and scoring's rules."""
    origins = turn.origins
    add("turn-order", "Players take turns in order; a move of a turn is made by the player whose turn it is.",
        origins.get("players"))
    if turn.actions is not None:
        add("turn-actions", f"A player makes at most {turn.actions} action(s) a turn.", origins.get("actions"))
    add("turn-end", "Nothing is played after the game has ended.", origins.get("end") or origins.get("end now"))
    add("moves-verbs", "Every move is one the Moves sheet declares, with the arguments it declares.", None)
    add("scoring-score", "A score the table records matches the Scoring sheet.", None)
    if turn.cooperative:
        add("scoring-winner", "The players win or lose together: a claimed result (`winner all` or `winner nobody`) "
            "is the one the win and lose conditions give.", origins.get("win") or origins.get("lose"))
    else:
        add("scoring-winner", "The winner the table records has the highest score (tie-break as declared).", None)


def count_words(count: tuple[int, int | None]) -> str:
    """Return how many components a move takes, in words."""
    low, high = count
    if high is None:
        return f"at least {low} component{'s' * (low != 1)}"
    if low == high:
        return f"{low} component{'s' * (low != 1)}"
    return f"{low} to {high} components" if low else f"at most {high} component{'s' * (high != 1)}"


def counter_range(counter: CounterSpec) -> str:
    """Return a counter's range as words: `min 0, max 20`, `min 0`."""
    parts = [f"min {counter.low}"] * (counter.low is not None) + [f"max {counter.high}"] * (counter.high is not None)
    return ", ".join(parts) or "any value"


def _row_text(row: RawRow) -> str:
    """Return a row's cells as `column=value` pairs, for a rule's text."""
    return "; ".join(f"{k}={v}" for k, v in row.values.items() if v is not None and k != "note")
