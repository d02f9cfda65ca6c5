"""The Seven Sisters rule index (every rule the engine checks, by stable id) and its options."""

from __future__ import annotations

from typing import Mapping

from playproof.playtest.engine import Rule, RuleIndex

GAME_ID = "seven-sisters"

_RULES = [
    ("log-move-syntax", "A move is written in the game's vocabulary (see docs/rulings/seven-sisters.md).",
     "Log vocabulary"),
    ("log-actor", "Every move is made by a player of this game or by the table.", "Log vocabulary"),
    ("log-turn-order", "Only the player whose decision it is acts: goods and cards clockwise from the "
     "first player, gifts by the sister's favourite, buy-backs by the owner of removed servants.",
     "Flow of Play"),
    ("log-wrong-step", "A move belongs to the step of the round being played.", "Flow of Play"),
    ("setup-tile-order", "Tiles lie in numerical order; with the random-order variant each sister is "
     "placed exactly once.", "Game Preparation; Variant Game"),
    ("1-deal-six", "Each player is dealt six influence cards a round.", "Flow of Play 1"),
    ("1-card-exists", "A card is a pair of two different sisters or a wild card.", "Contents 3"),
    ("1-card-available", "No card is dealt or played more often than the deck holds it since the last "
     "shuffle.", "Flow of Play 1, 3"),
    ("2-flip-marker", "The first player flips a turn marker that is still face down.", "Flow of Play 2"),
    ("2-take-total", "Each player takes gold and fruit totalling the turn marker (or all that is "
     "left).", "Flow of Play 2"),
    ("2-take-supply", "Gold and fruit are finite: nobody takes more than the supply holds.",
     "Flow of Play 2"),
    ("3-card-in-hand", "A player plays a card from his own hand.", "Flow of Play 3"),
    ("3-five-cards", "Each player plays five of his six cards a round.", "Flow of Play 3"),
    ("3-card-action", "Actions A and B need a pair card, D and D2 a wild card; C suits any card.",
     "Flow of Play 3"),
    ("3-playable-stock", "Servants placed on a sister come from the player's playable stock.",
     "Flow of Play 3A, 3D"),
    ("3A-primary-two", "Action A places two servants on the primary (large) sister.", "Flow of Play 3A"),
    ("3A-third-secondary", "A third servant goes on the secondary (small) sister.", "Flow of Play 3A"),
    ("3A-fourth-servant", "A fourth servant, only after the third, goes on either pictured sister; "
     "never more than four.", "Flow of Play 3A"),
    ("3A-fruit-cost", "Each servant beyond two costs one fruit the player has.", "Flow of Play 3A"),
    ("3B-from-primary", "Action B moves two of the player's own servants off the primary sister.",
     "Flow of Play 3B"),
    ("3B-other-sister", "Action B moves them to a different sister.", "Flow of Play 3B"),
    ("3C-no-placement", "Action C places no servant on a sister.", "Flow of Play 3C"),
    ("3D-one-sister", "Action D places both servants on one sister of the player's choice.",
     "Flow of Play 3D"),
    ("3D2-own-servants", "Action D2 moves two of the player's own servants from one sister to another.",
     "Flow of Play 3D"),
    ("5-first-places", "In rounds 2-4 the first player places one servant from his reserve before the "
     "deal.", "Flow of Play 5"),
    ("scoring-favour", "A sister's favour goes to the player with most servants on her; ties go to "
     "the most Sloth favours, else to nobody.", "Scoring for Rounds 1-4; Sloth"),
    ("wrath-destination", "The Wrath marker never goes on Wrath nor stays where it is (not the same "
     "sister two rounds running).", "Wrath"),
    ("wrath-must-move", "Wrath's favourite must move the Wrath marker.", "Wrath"),
    ("wrath-tie", "A tie on Wrath moves the marker one sister to the right (from the last to Wrath).",
     "Wrath"),
    ("gifts-amounts", "Greed, Gluttony and Lust give 5 to their favourite and 2 to every other player "
     "influencing them (2 to all on a tie), as far as the supply or reserve allows.",
     "Greed; Gluttony; Lust; Scoring"),
    ("pride-choice", "Pride's favourite chooses the first player of the next round.", "Pride"),
    ("pride-first-player", "The first-player marker lies where Pride's favourite put it; a tie moves "
     "it one seat on.", "Pride"),
    ("envy-move", "Envy's favourite may move two servants from one other sister onto Envy.", "Envy"),
    ("buyback-ratio", "Removed servants return to playable for gold at 1 for 1, 3 for 2, 5 for 3, "
     "combinable.", "Scoring for Rounds 1-4"),
    ("buyback-limit", "A player buys back no more servants than were removed and pays only gold he "
     "has.", "Scoring for Rounds 1-4"),
    ("final-score", "Final score: a point per favour, 2 per full set of seven, 1 each for most gold, "
     "most fruit, most playable servants.", "Final Scoring"),
    ("final-winner", "Ties go to most Sloth favours, then to most servants on the sisters' tiles.",
     "Final Scoring"),
]

RULES = RuleIndex(GAME_ID, [Rule(f"{GAME_ID}/{slug}", summary, section)
                            for slug, summary, section in _RULES])

OPTIONS: Mapping[str, str] = {
    "random-order": "Variant: the sister tiles lie in a random order (Setup `order=...` or "
                    "`table: tile SISTER` lines).",
    "empty-is-tie": "Variant: nobody on Wrath or Pride counts as a tie (the marker moves on).",
    "pride-tie-anticlockwise": "Variant: a tie on Pride passes the first-player marker "
                               "anticlockwise instead of to the next seat clockwise.",
    "majority-ties": "Variant `majority-ties=none`: tied players for most gold, fruit or playable "
                     "servants score nothing; `majority-ties=sloth`: most Sloth favours breaks the tie, "
                     "else nobody scores (default `share`: each scores the point).",
    "reshuffle-every-round": "Variant: all influence cards are shuffled before every deal.",
    "rounds": "Variant `rounds=N`: play N rounds before the final scoring instead of the Rules "
              "sheet's number (at most one per turn marker).",
    "first": "Setup `first=PLAYER`: who holds the first-player marker in round 1.",
    "order": "Setup `order=SISTER SISTER ...`: the tile order of the random-order variant.",
    "markers": "Setup `markers=3 4 5 4`: the turn markers in the order they are flipped.",
}
