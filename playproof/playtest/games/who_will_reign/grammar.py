"""The tiny grammar of the `effect`, `requires` and `reward` columns of the workbook.

An effect is clauses separated by `;`. Card abilities:
  worth N if COND        the card is worth N crowns instead when COND holds
  plus N per SEL         +N crowns per counted thing      (minus N per SEL: -N)
  plus N if COND         +N crowns when COND holds        (minus N if COND: -N)
  gain gold|food N       gain N when the card is acquired
  on harvest|tax food|gold N   whenever its owner harvests / taxes, N more (may be negative)
  discount PATH N        court cards of PATH cost its owner N gold less
  sweep N                sweeping costs its owner N gold
  expel guest            when acquired, its owner may discard one of her Unwanted Guests
COND: `has CARD NAME` | `banner` | `guest`.
SEL: PATH | PATH+board | guest | guest-all | improved | paths | farm | village.
Moon effects: `each gain|lose food|gold N [per PATH] [unless PATH]`, `tribute food|gold N`,
`else <each ...>` (applies when the tribute is not paid) and `flood farm|village N`.
Banner requirements: `path PATH N` and `pay food|gold N`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

PATHS = ("might", "culture", "wisdom", "bounty")
RESOURCES = ("food", "gold")
LANDS = ("farm", "village")
SELECTORS = ("guest", "guest-all", "improved", "paths", "farm", "village")
TABLE_SELECTORS = ("guest-all", "improved", "farm", "village")
"""The selectors that count something beyond the owner's court, guests and banner (as does every `PATH+board`)."""


class GrammarError(ValueError):
    """An effect text that does not follow the grammar."""


@dataclass(frozen=True)
class Cond:
    """A condition on the owner's court: holds a card, bears a banner, or has a guest."""

    kind: str
    card: str = ""


@dataclass(frozen=True)
class Bonus:
    """Crowns added: `amount` per counted selector, or once when a condition holds."""

    amount: int
    per: str = ""
    cond: Cond | None = None


@dataclass(frozen=True)
class Ability:
    """A card's (or banner's) ability, parsed from its effect text."""

    worth: tuple[tuple[int, Cond], ...] = ()
    bonuses: tuple[Bonus, ...] = ()
    gain_gold: int = 0
    gain_food: int = 0
    harvest_food: int = 0
    tax_gold: int = 0
    discounts: tuple[tuple[str, int], ...] = ()
    sweep: int | None = None
    expel: bool = False
    counts_table: bool = field(init=False, default=False, compare=False, repr=False)
    """True when its crowns count something beyond its owner's court, guests and banner: the land or every
    sister's guests (derived from the bonuses)."""

    def __post_init__(self) -> None:
        """Derive whether the crowns count the table."""
        object.__setattr__(self, "counts_table", any(b.per in TABLE_SELECTORS or "+" in b.per for b in self.bonuses))


@dataclass(frozen=True)
class Each:
    """A moon's effect on every sister: gain (or lose) a resource, maybe per path card."""

    resource: str
    amount: int
    per: str = ""
    unless: str = ""


@dataclass(frozen=True)
class MoonEffect:
    """What a moon does: gains, an optional tribute with penalties, an optional flood."""

    each: tuple[Each, ...] = ()
    tribute: tuple[str, int] | None = None
    penalties: tuple[Each, ...] = ()
    flood: tuple[str, int] | None = None


@dataclass(frozen=True)
class Requirement:
    """A banner's requirement: path cards held in the court and resources paid."""

    paths: tuple[tuple[str, int], ...] = ()
    pay_gold: int = 0
    pay_food: int = 0


@dataclass
class _AbilityParts:
    """Mutable collector used while parsing an ability."""

    worth: list[tuple[int, Cond]] = field(default_factory=list)
    bonuses: list[Bonus] = field(default_factory=list)
    values: dict[str, int] = field(default_factory=dict)
    discounts: list[tuple[str, int]] = field(default_factory=list)
    sweep: int | None = None
    expel: bool = False


def clauses(text: str | None) -> list[list[str]]:
    """Split effect text into clauses of lower-case words."""
    if not text:
        return []
    return [c.lower().split() for c in str(text).split(";") if c.strip()]


def number(word: str) -> int:
    """Return a whole number from a word, or raise GrammarError."""
    try:
        return int(word)
    except ValueError:
        raise GrammarError(f'"{word}" is not a whole number') from None


def _choice(word: str, allowed: tuple[str, ...], what: str) -> str:
    """Return word if it is one of allowed, else raise GrammarError listing them."""
    if word not in allowed:
        raise GrammarError(f'unknown {what} "{word}" (expected one of: {", ".join(allowed)})')
    return word


def _cond(words: list[str]) -> Cond:
    """Parse a condition: `has CARD NAME`, `banner` or `guest`."""
    if words[:1] == ["has"] and len(words) > 1:
        return Cond("has", "-".join(words[1:]))
    if words in (["banner"], ["guest"]):
        return Cond(words[0])
    raise GrammarError(f'unknown condition "{" ".join(words)}" (expected: has CARD, banner, guest)')


def _selector(word: str) -> str:
    """Validate a `per` selector: a path, a path+board, or a named count."""
    path = word.removesuffix("+board")
    if path in PATHS or word in SELECTORS:
        return word
    raise GrammarError(f'unknown count "{word}" (expected a path, PATH+board, or one of: {", ".join(SELECTORS)})')


def _bonus(sign: int, words: list[str]) -> Bonus:
    """Parse `plus|minus N per SEL` or `plus|minus N if COND`."""
    if len(words) < 4 or words[2] not in ("per", "if"):
        raise GrammarError(f'expected "{words[0]} N per COUNT" or "{words[0]} N if CONDITION"')
    amount = sign * number(words[1])
    if words[2] == "per":
        return Bonus(amount, per=_selector(words[3]))
    return Bonus(amount, cond=_cond(words[3:]))


def _ability_clause(words: list[str], parts: _AbilityParts) -> None:
    """Add one ability clause to the parts being collected."""
    head = words[0]
    if head == "worth" and len(words) >= 4 and words[2] == "if":
        parts.worth.append((number(words[1]), _cond(words[3:])))
    elif head in ("plus", "minus"):
        parts.bonuses.append(_bonus(1 if head == "plus" else -1, words))
    elif head == "gain" and len(words) == 3:
        key = "gain_" + _choice(words[1], RESOURCES, "resource")
        parts.values[key] = parts.values.get(key, 0) + number(words[2])
    elif head == "on" and len(words) == 4:
        _income_clause(words, parts)
    elif head == "discount" and len(words) == 3:
        parts.discounts.append((_choice(words[1], PATHS, "path"), number(words[2])))
    elif head == "sweep" and len(words) == 2:
        parts.sweep = number(words[1])
    elif words == ["expel", "guest"]:
        parts.expel = True
    else:
        raise GrammarError(f'unknown ability "{" ".join(words)}"')


def _income_clause(words: list[str], parts: _AbilityParts) -> None:
    """Parse `on harvest food N` or `on tax gold N`."""
    action = _choice(words[1], ("harvest", "tax"), "action")
    expected = "food" if action == "harvest" else "gold"
    if words[2] != expected:
        raise GrammarError(f'"on {action}" gives {expected}, not "{words[2]}"')
    key = "harvest_food" if action == "harvest" else "tax_gold"
    parts.values[key] = parts.values.get(key, 0) + number(words[3])


def parse_ability(text: str | None) -> Ability:
    """Parse a card's or banner's ability text."""
    parts = _AbilityParts()
    for words in clauses(text):
        _ability_clause(words, parts)
    return Ability(tuple(parts.worth), tuple(parts.bonuses), discounts=tuple(parts.discounts),
                   sweep=parts.sweep, expel=parts.expel, **parts.values)


def _each(words: list[str]) -> Each:
    """Parse `each gain|lose RES N [per PATH] [unless PATH]`."""
    if len(words) < 4 or words[1] not in ("gain", "lose"):
        raise GrammarError('expected "each gain|lose food|gold N"')
    amount = number(words[3]) * (1 if words[1] == "gain" else -1)
    rest = dict(zip(words[4::2], words[5::2]))
    if len(words) % 2 or set(rest) - {"per", "unless"}:
        raise GrammarError(f'unexpected "{" ".join(words[4:])}" (expected: per PATH, unless PATH)')
    per = _choice(rest["per"], PATHS, "path") if "per" in rest else ""
    unless = _choice(rest["unless"], PATHS, "path") if "unless" in rest else ""
    return Each(_choice(words[2], RESOURCES, "resource"), amount, per, unless)


def parse_moon(text: str | None) -> MoonEffect:
    """Parse a moon's effect text."""
    each: list[Each] = []
    penalties: list[Each] = []
    tribute = flood = None
    for words in clauses(text):
        if words[0] == "each":
            each.append(_each(words))
        elif words[0] == "else":
            penalties.append(_each(words[1:]))
        elif words[0] == "tribute" and len(words) == 3:
            tribute = (_choice(words[1], RESOURCES, "resource"), number(words[2]))
        elif words[0] == "flood" and len(words) == 3:
            flood = (_choice(words[1], LANDS, "land"), number(words[2]))
        else:
            raise GrammarError(f'unknown moon effect "{" ".join(words)}"')
    if penalties and tribute is None:
        raise GrammarError('"else" needs a "tribute" clause')
    return MoonEffect(tuple(each), tribute, tuple(penalties), flood)


def parse_requirement(text: str | None) -> Requirement:
    """Parse a banner's requirement text."""
    paths: list[tuple[str, int]] = []
    pay = {"gold": 0, "food": 0}
    for words in clauses(text):
        if words[0] == "path" and len(words) == 3:
            paths.append((_choice(words[1], PATHS, "path"), number(words[2])))
        elif words[0] == "pay" and len(words) == 3:
            pay[_choice(words[1], RESOURCES, "resource")] += number(words[2])
        else:
            raise GrammarError(f'unknown requirement "{" ".join(words)}" (expected: path PATH N, pay food|gold N)')
    return Requirement(tuple(paths), pay["gold"], pay["food"])
