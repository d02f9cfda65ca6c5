"""The rules sheets of a workbook: which sheets and columns exist, read into rows with their cells."""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from typing import Any

from playproof.components.model import ComponentSet, Workbook
from playproof.components.reader import column_letter
from playproof.errors import Location, Problems
from playproof.playtest.declared.model import Origin

COLUMNS: dict[str, tuple[str, ...]] = {
    "Zones": ("zone", "owner", "visibility", "order", "capacity", "grid", "message", "note"),
    "Counters": ("counter", "owner", "start", "min", "max", "reset", "internal", "message", "note"),
    "Setup": ("set", "where", "zone", "each", "note"),
    "Moves": ("verb", "actor", "player", "phrase", "from", "to", "components", "takes", "where", "condition", "cost",
              "pay", "amount", "gain", "limit", "phase", "action", "ends turn", "next", "due", "derived", "result",
              "record", "dice", "message", "note"),
    "Turn": ("key", "value", "note"),
    "Phases": ("phase", "of", "who", "until", "note"),
    "Dice": ("die", "faces", "note"),
    "Scoring": ("part", "expression", "note"),
    "Values": ("name", "expression", "note"),
}
"""Every rules sheet and the columns it accepts (headers are read case-insensitively, `_` as a space)."""

REQUIRED: dict[str, tuple[str, ...]] = {
    "Zones": ("zone",), "Counters": ("counter",), "Setup": ("set", "zone"), "Moves": ("verb",),
    "Turn": ("key", "value"), "Scoring": ("part", "expression"), "Values": ("name", "expression"),
    "Phases": ("phase",), "Dice": ("die", "faces"),
}
MARKER_SHEET = "Moves"
"""A workbook with this sheet declares its rules."""

RULES_SHEETS = tuple(COLUMNS)

CHOICES: dict[tuple[str, str], tuple[str, ...]] = {
    ("Zones", "owner"): ("shared", "player"),
    ("Zones", "visibility"): ("public", "owner", "hidden"),
    ("Zones", "order"): ("unordered", "ordered"),
    ("Zones", "grid"): ("none", "square", "hex"),
    ("Counters", "owner"): ("player", "shared"),
    ("Counters", "reset"): ("never", "turn", "round"),
    ("Counters", "internal"): ("no", "yes"),
    ("Moves", "actor"): ("turn", "any", "table"),
    ("Moves", "player"): ("no", "yes"),
    ("Moves", "action"): ("yes", "no"),
    ("Moves", "next"): ("seat", "player", "first"),
    ("Moves", "derived"): ("no", "yes"),
    ("Moves", "record"): ("no", "yes"),
    ("Phases", "of"): ("turn", "round"),
    ("Phases", "who"): ("each", "together", "table"),
}
"""Columns whose cells take one of a few words; the first is the default for an empty cell."""

TURN_KEYS: dict[str, str] = {
    "players": "how many players: `2-4` or `3`",
    "actions": "how many action moves a player makes in a turn (empty: no limit)",
    "end turn": "`auto` (the turn passes once the actions are made) or `move` (a move with `ends turn` ends it)",
    "phases": "the phases of a turn in order, comma separated",
    "end": "the condition that ends the game (an expression)",
    "end at": "`now` (the game ends as soon as `end` holds) or `round` (at the end of that round)",
    "end now": "a second condition that ends the game at once, whatever `end at` says (an expression)",
    "tiebreak": "an expression per player; among tied scores the highest wins",
    "heuristic": "an expression per player: how well a player stands, for the greedy bot (default: score lead)",
    "turns each": "how many turns each player takes in a round (default 1)",
    "first player": "who begins each round: `fixed`, `clockwise` or `dealer left`",
    "order": "an expression per player: each round's turns go from its lowest value to its highest",
    "skip": "a condition per player: a player for whom it holds is skipped in the turn order (passed)",
    "cooperative": "`no` or `yes`: the players win or lose together",
    "round end": "a condition: the round goes on, lap after lap in the turn order, until it holds",
    "options": "the variant options the rules read with option('name'): `name: what it does; other: ...`",
    "win": "a cooperative game's condition for the players' win",
    "lose": "a cooperative game's condition for the players' loss",
}
TURN_CHOICES = {"end turn": ("move", "auto"), "end at": ("now", "round"),
                "first player": ("fixed", "clockwise", "dealer left"), "cooperative": ("no", "yes")}


@dataclass(frozen=True)
class RawRow:
    """One row of a rules sheet: canonical column -> cell value, and where it is."""

    file: str
    sheet: str
    row: int
    values: dict[str, Any]
    letters: dict[str, str]

    def text(self, column: str) -> str:
        """Return a cell as stripped text ('' when empty)."""
        value = self.values.get(column)
        return "" if value is None else str(value).strip()

    def cell(self, column: str) -> str:
        """Return a cell's reference, e.g. `Moves!F7`."""
        return f"{self.sheet}!{self.letters.get(column, 'A')}{self.row}"

    def where(self, column: str | None = None) -> Location:
        """Return the location of the row (or of one of its cells) for a problem."""
        sheet = None if self.file.endswith(".csv") else self.sheet
        return Location(self.file, sheet=sheet, row=self.row, column=column)

    @property
    def origin(self) -> Origin:
        first = COLUMNS[self.sheet][0]
        return Origin(self.sheet, self.row, self.cell(first))


def canonical(header: str) -> str:
    """Return a header as the docs spell it: lower case, `_` read as a space."""
    return " ".join(header.strip().lower().replace("_", " ").split())



def component_sets(workbook: Workbook) -> dict[str, ComponentSet]:
    """Return the workbook's component sets (every sheet that is not a rules sheet)."""
    return {name: cset for name, cset in workbook.sets.items() if name not in RULES_SHEETS}


def read_rules(workbook: Workbook, problems: Problems) -> dict[str, list[RawRow]]:
    """Return each rules sheet's rows, recording unknown and missing columns."""
    found: dict[str, list[RawRow]] = {name: [] for name in RULES_SHEETS}
    for name in RULES_SHEETS:
        cset = workbook.sets.get(name)
        if cset is not None:
            found[name] = _rows(cset, problems)
    return found


def _rows(cset: ComponentSet, problems: Problems) -> list[RawRow]:
    """Read one rules sheet (its header checked against the accepted columns)."""
    accepted = COLUMNS[cset.name]
    mapping: dict[str, str] = {}
    letters: dict[str, str] = {}
    for index, header in enumerate(cset.columns):
        name = canonical(header)
        if name not in accepted:
            problems.error(cset.location(1, header), f'{cset.name}!{column_letter(index)}1: unknown column "{header}"'
                           f"{did_you_mean(name, accepted)} (columns: {', '.join(accepted)})")
            continue
        mapping[header], letters[name] = name, column_letter(index)
    for column in REQUIRED[cset.name]:
        if column not in letters:
            problems.error(cset.location(1), f'{cset.name}: no "{column}" column (columns: {", ".join(accepted)})')
    return [RawRow(cset.file, cset.name, row.row, {mapping[k]: v for k, v in row.fields.items() if k in mapping},
                   letters) for row in cset.rows]


def did_you_mean(name: str, known: Any) -> str:
    """Return `; did you mean "x"?` when a known name is close, else ''."""
    close = difflib.get_close_matches(name.lower(), [str(k).lower() for k in known], n=1, cutoff=0.6)
    if not close:
        return ""
    original = next(str(k) for k in known if str(k).lower() == close[0])
    return f'; did you mean "{original}"?'


def choice(row: RawRow, column: str, problems: Problems) -> str:
    """Return a one-of-a-few-words cell (its default when empty), recording a word not accepted."""
    words = CHOICES[(row.sheet, column)]
    text = row.text(column).lower()
    if not text:
        return words[0]
    if text not in words:
        problems.error(row.where(column), f'{row.cell(column)}: "{row.text(column)}" is not one of '
                       f"{', '.join(words)}{did_you_mean(text, words)}")
        return words[0]
    return text


def whole(row: RawRow, column: str, problems: Problems) -> int | None:
    """Return a cell holding a whole number (None when empty), recording anything else."""
    value = row.values.get(column)
    if value is None or (isinstance(value, str) and not value.strip()):
        return None
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, str) and value.strip().lstrip("-").isdigit():
        return int(value.strip())
    problems.error(row.where(column), f'{row.cell(column)}: "{value}" is not a whole number')
    return None


def name_key(name: Any) -> str:
    """Return the key a component is known by in logs: lower case, spaces and underscores as hyphens."""
    return "-".join(str(name).strip().lower().replace("_", " ").split())
