"""The 7 Wonders Leaders rule index: every rule the engine checks, by stable id."""

from __future__ import annotations

from playproof.playtest.engine import Rule, RuleIndex

GAME_ID = "7-wonders-leaders"

_RULES = [
    ("move-syntax", "A move names a known verb, card, leader, player and resources.", "Log"),
    ("flow-out-of-turn", "Only the decision pending now may be made (phase, actor and verb).", "Flow"),
    ("flow-once-per-turn",
     "Each city makes one choice per turn; the Free City's comes from its controller.",
     "Flow"),
    ("setup-wonder", "Each city gets one distinct Wonder board; one side is played.", "Set-up"),
    ("setup-deal",
     "Age cards are dealt from that Age's deck for the player count, 7 to each hand.",
     "Set-up"),
    ("setup-guilds",
     "The Age III deck holds exactly players+2 Guilds, the Leaders guilds included.",
     "Set-up"),
    ("leaders-deal", "Each player is dealt 4 Leaders; the Free City gets none.", "Leader Phase"),
    ("leaders-draft-hand",
     "A drafted Leader comes from the hand received in this draft round.",
     "Leader Phase"),
    ("recruit-in-hand",
     "The Leader played in a Recruitment phase comes from the player's Leader hand.",
     "Recruitment Phase"),
    ("recruit-cost",
     "Recruiting pays the Leader's coin cost (after Rome and Maecenas) from coins held.",
     "Recruitment Phase"),
    ("play-in-hand", "The Age card played comes from the player's hand.", "Base 3"),
    ("build-duplicate", "A city never owns two structures of the same name.", "Base 3"),
    ("build-resources",
     "The resources of a cost are produced, bought or discounted; nothing is missing.",
     "Base 3"),
    ("build-coins",
     "Coin costs, purchases and bank buys are paid from coins held at the start of the turn.",
     "Base 4"),
    ("trade-supply",
     "Resources are bought only from a neighbour's board, brown and grey cards, as many as it produces.",
     "Base 4"),
    ("trade-bank", "Only Bilkis buys from the bank, one resource per turn.", "Bilkis"),
    ("build-free-olympia", "A free build needs Olympia A's second stage and is used once per Age.", "Base 8"),
    ("stage-available", "A Wonder stage is built only while the board has an unbuilt stage.", "Base 3"),
    ("salvage-discard",
     "A salvaged card is in the discard pile and is not a structure the city owns.",
     "Halicarnassus, Solomon"),
    ("courtesan-target",
     "The Courtesan goes on a Leader recruited in a neighbouring city.",
     "Courtesans Guild"),
    ("rome-extra-recruit",
     "Rome B's stages 2 and 3 recruit one more Leader from hand, paid as usual.",
     "Rome B"),
    ("draw-leaders", "Rome B's first stage draws 4 Leaders from those in the box.", "Rome B"),
    ("free-city-choice",
     "The Free City builds by chain when it can and discards only when it can build nothing.",
     "2 players"),
    ("consequence-coins", "A logged treasury agrees with the coins the rules give.", "Base 4"),
    ("consequence-score", "A logged score agrees with the scoring the rules give.", "End of Game"),
]

RULES = RuleIndex(GAME_ID, [Rule(f"{GAME_ID}/{slug}", summary, section) for slug, summary, section in _RULES])
