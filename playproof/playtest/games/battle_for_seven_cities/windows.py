"""Reaction windows: an attack waits for Defend City; a new past city may meet Sands of Time."""

from __future__ import annotations

from playproof.playtest.engine import Event
from playproof.playtest.games.battle_for_seven_cities.board import twin
from playproof.playtest.games.battle_for_seven_cities.common import discard_to, place_city, remove_cities
from playproof.playtest.games.battle_for_seven_cities.referee import Referee
from playproof.playtest.games.battle_for_seven_cities.state import Window


ANSWERS = {"defend": "DEFEND", "sands": "SANDS"}


def founded(eng: Referee, owner: str, pos: str, line: int) -> None:
    """Open a Sands of Time window when a city appears on a past tile over someone else's future city."""
    if pos[0] != "p":
        return
    rival = eng.s.board.owner(twin(pos))
    if rival is not None and rival != owner:
        eng.s.window = Window("sands", rival, owner, "SANDS", pos, line)


def attack(eng: Referee, player: str, card: str, pos: str, line: int) -> None:
    """Hold a Burn City or Hostile Takeover until its victim has had the chance to defend."""
    victim = eng.s.board.owner(pos)
    window = Window("defend", _defender(eng, victim, player) if victim else "", player, card, pos, line,
                    eng.s.pile)
    if victim is None:
        resolve(eng, window)
    else:
        eng.s.window = window


def any_defender(eng: Referee) -> bool:
    """Return True when any opponent of the attacker may play Defend City (the default; not with defend=owner)."""
    return eng.option("defend") == "any"


def _defender(eng: Referee, victim: str, attacker: str) -> str:
    """Return who is asked to defend: the victim, or (defend=any) the first opponent who may hold the card."""
    return next(iter(_defenders(eng, victim, attacker)), victim)


def _defenders(eng: Referee, victim: str, attacker: str, after: str | None = None) -> list[str]:
    """Return the opponents of the attacker who may hold Defend City, in seat order from the victim
    (only from the one after `after`); with defend=owner, just the victim."""
    if not any_defender(eng):
        return [victim] if after is None else []
    seats = eng.s.seats
    start = seats.index(victim)
    order = list(seats[start:] + seats[:start])
    if after is not None:
        order = order[order.index(after) + 1:]
    return [p for p in order if p != attacker
            and (eng.s.hands[p].known["DEFEND"] > 0 or eng.s.hands[p].unknown > 0)]


def pass_defence(eng: Referee) -> bool:
    """Ask the next opponent who may defend after a pass; return False when nobody is left to ask."""
    window = eng.s.window
    assert window is not None
    victim = eng.s.board.owner(window.pos)
    later = _defenders(eng, victim, window.actor, window.reactor) if window.kind == "defend" and victim else []
    if later:
        window.reactor = later[0]
    return bool(later)


def can_react(eng: Referee) -> bool:
    """Return True when the window's reactor may hold the answering card (and it would work)."""
    window = eng.s.window
    assert window is not None
    hand = eng.s.hands[window.reactor]
    if window.kind == "sands" and (eng.s.board.protected(window.pos) or eng.s.board.owner(window.pos) != window.actor):
        return False
    return hand.known[ANSWERS[window.kind]] > 0 or hand.unknown > 0


def addresses_window(eng: Referee, event: Event) -> bool:
    """Return True for an event that answers a reaction window (a Defend, Sands, or pass)."""
    if event.verb == "pass":
        return True
    return event.verb == "play" and event.args.split()[:1] in (["DEFEND"], ["SANDS"], ["defend"], ["sands"])


def close_window(eng: Referee) -> None:
    """Close the open window unanswered: a waiting attack now takes effect."""
    window = eng.s.window
    eng.s.window = None
    if window is not None and window.kind == "defend":
        resolve(eng, window)


def resolve(eng: Referee, window: Window) -> None:
    """Carry out a Burn City or Hostile Takeover (its card goes to the red pile, or where the log put it)."""
    discard_to(eng, window.pile, window.card)
    remove_cities(eng, window.pos)
    if window.card == "TAKEOVER":
        place_city(eng, window.actor, window.pos)
        founded(eng, window.actor, window.pos, window.line)


def defend(eng: Referee) -> None:
    """Cancel the waiting attack: the attacker's card goes to the blue pile instead."""
    window = eng.s.window
    assert window is not None
    eng.s.window = None
    eng.s.blue.add(window.card)
