"""The 7 Wonders Leaders rule index: every rule the engine checks, by stable id, with the words it checks."""

from __future__ import annotations

from playproof.errors import PlayproofError
from playproof.playtest.engine import Rule, RuleIndex

GAME_ID = "7-wonders-leaders"

OPTIONS = {
    "semiramis": "add the blank Leader, as designed in the workbook, to the Leader pool",
    "sides": "which Wonder sides are dealt: any (default), A or B",
    "late-discards": "an Age's last cards are discarded after turn 6's follow-ups (Halikarnassos cannot take them)",
    "rome-stage-discount": "coins Rome B's stages 2 and 3 take off an extra Leader on top of the board's 2 (default 0)",
    "extra-purchases": "buying resources a city does not lack (for a chain, a free build, a discard) is allowed and paid",
}


def sides_option(value: str) -> str:
    """Return the `sides` option as A, B or any; raise on anything else."""
    side = value.strip().upper()
    if side not in ("A", "B", "ANY"):
        raise PlayproofError(f'7-wonders-leaders: option sides must be A, B or any, not "{value}"')
    return "any" if side == "ANY" else side


def whole_option(value: str, name: str) -> int:
    """Return a whole-number option; raise on anything else."""
    if not value.strip().isdigit():
        raise PlayproofError(f'7-wonders-leaders: option {name} must be a whole number, not "{value}"')
    return int(value)


# (slug, summary, section, the rulebook's words). "Leaders:" quotes the Leaders rulebook, "Base:" the
# base game's rules it is played by ("The game is played according to the rules ... in the base game").
_RULES = [
    ("move-syntax",
     "A move names a known verb, card, leader, player and resources.",
     "Log",
     "Log format: 'Card and Leader names are written as in the workbook' (rulings page, Moves)."),
    ("flow-out-of-turn",
     "Only the decision pending now may be made (phase, actor and verb).",
     "Flow",
     "Leaders: 'OVERVIEW OF AN AGE 1. Recruitment Phase 2. Play the Age 3. Conflict Resolution'"),
    ("flow-once-per-turn",
     "Each city makes one choice per turn; the Free City's comes from its controller.",
     "Flow",
     "Base: 'Everyone secretly chooses one card from hand'; Leaders: 'each player will play one of their "
     "Leader cards.'"),
    ("setup-wonder",
     "Each city gets one distinct Wonder board; one side is played.",
     "Set-up",
     "Base: 'Each player gets a random Wonder board; the dealt Wonder card also decides side A or B'"),
    ("setup-deal",
     "Age cards are dealt from that Age's deck for the player count, 7 to each hand.",
     "Set-up",
     "Base: 'For N players, use all cards whose mark is <= N' ... 'Deal 7 cards to each player at the start "
     "of each Age.'"),
    ("setup-guilds",
     "The Age III deck holds exactly players+2 Guilds, the Leaders guilds included.",
     "Set-up",
     "Leaders: 'The rules for the Age III deck remain unchanged (meaning that the number of Guilds to be kept"
     " is still the same).'"),
    ("leaders-deal",
     "Each player is dealt 4 Leaders; the Free City gets none.",
     "Leader Phase",
     "Leaders: 'Each player is dealt a hand of 4 Leader cards' ... 'No Leader is given to the Free City.'"),
    ("pass-direction",
     "Hands pass left in Ages I and III, right in Age II, and right in the Leader draft.",
     "Flow",
     "Base: 'Age I and III hands pass left, Age II hands right'; Leaders: 'The 3 remaining cards are then "
     "handed to the player to their right.'"),
    ("leaders-draft-hand",
     "A drafted Leader comes from the hand received in this draft round.",
     "Leader Phase",
     "Leaders: 'Each player secretly chooses one card from the 3 received from the player to their left.'"),
    ("recruit-in-hand",
     "The Leader played in a Recruitment phase comes from the player's Leader hand.",
     "Recruitment Phase",
     "Leaders: 'During this phase, each player will play one of their Leader cards.'"),
    ("recruit-cost",
     "Recruiting pays the Leader's coin cost (after Rome and Maecenas) from coins held.",
     "Recruitment Phase",
     "Leaders: 'The player pays the coin cost of the Leader (the coins are returned to the bank)'"),
    ("play-in-hand",
     "The Age card played comes from the player's hand.",
     "Base 3",
     "Base: 'Everyone secretly chooses one card from hand'"),
    ("build-duplicate",
     "A city never owns two structures of the same name.",
     "Base 3",
     "Base: 'A player may never own two identical structures (same name)'"),
    ("build-resources",
     "The resources of a cost are produced, bought or discounted; nothing is missing.",
     "Base 3",
     "Base: 'Build the structure: pay its cost (coins to the bank, and/or resources produced or bought).'"),
    ("build-coins",
     "Coin costs, purchases and bank buys are paid from coins held at the start of the turn.",
     "Base 4",
     "Base: 'Coins must be held at the start of the turn; coins received from trading during a turn cannot be"
     " spent until the next turn.'"),
    ("trade-supply",
     "Resources are bought only from a neighbour's board, brown and grey cards, as many as it produces.",
     "Base 4",
     "Base: 'Only the neighbour's starting board resource, brown and grey cards can be bought'"),
    ("trade-unneeded",
     "Only missing resources are bought: none for a discard, a chain or a free build, none beyond the cost.",
     "Base 4",
     "Base: 'A player may buy missing resources only from the two adjacent neighbours'"),
    ("trade-bank",
     "Only Bilkis buys from the bank, one resource per turn.",
     "Bilkis",
     "Leaders: 'Bilkis allows the player to purchase any resource by paying 1 coin to the bank once per "
     "turn.'"),
    ("build-free-olympia",
     "A free build needs Olympia A's second stage and is used once per Age.",
     "Base 8",
     "Base: 'Olympia A stage 2: once per Age, build one structure without paying its cost.'"),
    ("stage-available",
     "A Wonder stage is built only while the board has an unbuilt stage.",
     "Base 3",
     "Base: 'Stages go strictly left to right, each once'"),
    ("stage-order",
     "Wonder stages are built in order: a stage only once every earlier stage of the board is built.",
     "Base 3",
     "Base: 'Stages go strictly left to right, each once'"),
    ("salvage-discard",
     "A salvaged card is in the discard pile and is not a structure the city owns.",
     "Halicarnassus, Solomon",
     "Leaders: 'the player can choose an Age card from the discard pile and put it in play for free.' Base: "
     "'(normal no duplicate structure rule applies)'"),
    ("courtesan-target",
     "The Courtesan goes on a Leader recruited in a neighbouring city.",
     "Courtesans Guild",
     "Leaders: 'the player must immediately place the Courtesan Token on one of the Leaders present in one "
     "neighboring city.'"),
    ("rome-extra-recruit",
     "Rome B's stages 2 and 3 recruit one more Leader from hand, paid as usual.",
     "Rome B",
     "Leaders: 'the player can immediately put in play an extra Leader (by paying 2 coins less than its "
     "printed cost).'"),
    ("draw-leaders",
     "Rome B's first stage draws 4 Leaders from those in the box.",
     "Rome B",
     "Leaders: 'the player immediately draws 4 Leader cards from those in the box and adds them to his or her"
     " hand of Leader cards.'"),
    ("free-city-choice",
     "The Free City builds by chain when it can and discards only when it can build nothing.",
     "2 players",
     "Base: 'it must use free chains when possible and may only discard for coins if it cannot build "
     "anything.'"),
    ("science-wild",
     "A wild symbol is chosen once, at the end, for a wild source the city owns.",
     "End of Game",
     "Base: 'Wild symbols (Scientists Guild, Babylon A stage 2 / B stage 3) are chosen at the end of the "
     "game.'"),
    ("consequence-coins",
     "A logged treasury agrees with the coins the rules give.",
     "Base 4",
     "Base: 'paying 2 coins per resource unit to the neighbour who owns it' ... 'Discard for 3 coins'"),
    ("consequence-tokens",
     "Logged conflict tokens agree with the conflicts the rules resolve.",
     "Base 5",
     "Base: 'More shields -> Victory token of the Age: +1 (Age I), +3 (Age II), +5 (Age III). Fewer -> Defeat"
     " token -1 (any Age). Equal -> no token.'"),
    ("consequence-score",
     "A logged score agrees with the scoring the rules give.",
     "End of Game",
     "Leaders: 'Each player totals the points of his or her civilization'"),
    ("consequence-winner",
     "A logged winner is who the rules name: most points, then most coins, else shared.",
     "End of Game",
     "Leaders: 'the player with the highest total is declared the winner.' Base: 'Highest total wins; tie -> "
     "most coins wins; still tied -> shared victory.'"),
]

RULES = RuleIndex(GAME_ID, [Rule(f"{GAME_ID}/{slug}", summary, section, text)
                            for slug, summary, section, text in _RULES])
