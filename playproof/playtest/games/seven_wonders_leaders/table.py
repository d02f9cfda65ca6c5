"""Chance events and logged consequences: boards, Leader and Age deals, draws, coins and scores."""

from __future__ import annotations

from collections import Counter

from playproof.playtest.games.seven_wonders_leaders.city import Hand
from playproof.playtest.games.seven_wonders_leaders.moves import MoveError, parse_tokens, split_city
from playproof.playtest.games.seven_wonders_leaders.scoring import LINES, breakdown
from playproof.playtest.games.seven_wonders_leaders.state import Finding, State, broken, coins


def names_list(text: str) -> list[str]:
    """Split `a, b, c` into names."""
    return [n.strip() for n in text.split(",") if n.strip()]


def deal_wonder(st: State, args: str, sides: str) -> list[Finding]:
    """Give a city its Wonder board and side."""
    city_name, rest = split_city(args, [c.name for c in st.cities])
    city = st.cities[st.index(city_name)]
    label = _board_label(st, rest)
    if label is None:
        raise MoveError(f'no Wonder board "{rest}" (boards: {", ".join(st.data.boards)})')
    board = st.data.boards[label]
    found = []
    if city.board is not None:
        found.append(broken("setup-wonder", f"{city.name} already has {city.board.label}"))
    if any(c.board is not None and c.board.name == board.name for c in st.cities if c is not city):
        found.append(broken("setup-wonder", f"{board.name} is already another city's board"))
    if sides not in ("any", board.side):
        found.append(broken("setup-wonder", f"this game plays side {sides} only"))
    city.board = board
    city.changed()
    return found


def _board_label(st: State, text: str) -> str | None:
    """Return the board key matching `Rhodos A` in any case."""
    wanted = " ".join(text.split()).lower()
    return next((k for k in st.data.boards if k.lower() == wanted), None)


def deal_leaders(st: State, player: str, names: list[str], limit: int, hand: Hand) -> list[Finding]:
    """Deal Leaders from the box into a hand (the first deal, or Rome B's draw)."""
    found = []
    for name in names:
        if name != "?" and name not in st.data.leaders:
            found.append(broken("move-syntax", f'no Leader named "{name}"'))
            continue
        if name != "?" and st.box[name] <= 0:
            rule = "leaders-deal" if limit else "draw-leaders"
            found.append(broken(rule, f"{name} is not among the Leaders in the box"))
        elif name != "?":
            st.box[name] -= 1
        hand.cards.append(name)
    if limit and hand.size() > limit:
        found.append(broken("leaders-deal", f"{player} holds {hand.size()} Leaders; {limit} are dealt"))
    return found


def deal_cards(st: State, player: str, names: list[str], hand: Hand, limit: int | None) -> list[Finding]:
    """Deal Age cards from the Age deck (Age III guilds within the players+2 quota)."""
    found = []
    deck = st.deck
    for name in names:
        if deck[name] > 0:
            deck[name] -= 1  # the common case, kept cheap for long replays
        else:
            found += _take_from_deck(st, name)
        hand.cards.append(name)
    if limit is not None and len(hand.cards) - hand.hidden_out > limit:  # (`Hand.size`)
        found.append(broken("setup-deal", f"{player} holds {hand.size()} cards; {limit} are dealt"))
    return found


def _take_from_deck(st: State, name: str) -> list[Finding]:
    """Remove one card from the Age deck, or report that it is not there."""
    if name == "?":
        return []
    if st.deck[name] > 0:
        st.deck[name] -= 1
        return []
    if st.age == 3 and name in st.data.guilds:
        if name in st.dealt_guilds:
            return [broken("setup-guilds", f"{name} was already dealt")]
        st.dealt_guilds.append(name)
        st.guilds_left -= 1
        if st.guilds_left < 0:
            return [broken("setup-guilds", f"more than {len(st.dealt_guilds) - 1} Guilds are dealt in Age III")]
        return []
    return [broken("setup-deal", f"{name} is not in the Age {st.age} deck")]


def check_coins(st: State, args: str) -> list[Finding]:
    """Compare a logged treasury with the derived one."""
    city_name, rest = split_city(args, [c.name for c in st.cities])
    if not rest.lstrip("-").isdigit():
        raise MoveError(f'coins needs a number, got "{rest}"')
    have = st.cities[st.index(city_name)].coins
    if int(rest) != have:
        return [broken("consequence-coins", f"{city_name} has {coins(have)}, not {rest}")]
    return []


def check_score(st: State, args: str) -> list[Finding]:
    """Compare a logged score (total or one line of the score sheet) with the derived one."""
    city_name, rest = split_city(args, [c.name for c in st.cities])
    parts = rest.split()
    line = parts[0].lower() if len(parts) == 2 else "total"
    if not parts or not parts[-1].lstrip("-").isdigit() or line not in LINES + ("total",):
        raise MoveError(f'score needs [line] and a number (lines: {", ".join(LINES)}), got "{rest}"')
    have = breakdown(st, st.index(city_name))[line]
    if int(parts[-1]) != have:
        return [broken("consequence-score", f"{city_name} scores {have} for {line}, not {parts[-1]}")]
    return []


def check_tokens(st: State, args: str) -> list[Finding]:
    """Compare the conflict tokens a city is logged to hold (any order) with the derived ones."""
    city_name, rest = split_city(args, [c.name for c in st.cities])
    claimed = parse_tokens(rest)
    have = st.cities[st.index(city_name)].tokens
    if sorted(claimed) != sorted(have):
        held = " ".join(f"{t:+d}" for t in sorted(have)) or "none"
        return [broken("consequence-tokens", f"{city_name} holds conflict tokens {held}, not {rest.strip()}")]
    return []


def check_winner(st: State, args: str, winners: list[str]) -> list[Finding]:
    """Compare the logged winner(s) with the rules' (most points, then most coins, else shared)."""
    claimed = names_list(args)
    unknown = [n for n in claimed if n not in st.players]
    if not claimed or unknown:
        raise MoveError(f'winner needs player names ({", ".join(st.players)}), got "{args}"')
    if sorted(claimed) != sorted(winners):
        return [broken("consequence-winner", f"the rules name {' and '.join(winners)} the winner, not {args}")]
    return []


def age_deck(st: State) -> Counter[str]:
    """Return the Age deck for the current Age and player count (guilds are dealt by quota)."""
    return st.data.deck(st.age, len(st.players))
