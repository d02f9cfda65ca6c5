"""The Seven Sisters rule index (every rule the engine checks, by stable id) and its options."""

from __future__ import annotations

from typing import Mapping

from playproof.playtest.engine import Rule, RuleIndex

GAME_ID = "seven-sisters"

_RULES = [
    ("log-move-syntax", "A move is written in the game's vocabulary (see docs/rulings/seven-sisters.md).",
     "Log vocabulary", "That player may then choose one of the following actions."),
    ("log-actor", "Every move is made by a player of this game or by the table.", "Log vocabulary",
     "Each player takes: One player screen, corresponding to his player color."),
    ("log-turn-order", "Only the player whose decision it is acts: goods and cards clockwise from the "
     "first player, gifts by the sister's favourite, buy-backs by the owner of removed servants.",
     "Flow of Play", "Play then continues in a clockwise order, with each player in turn playing an "
     "Influence Card."),
    ("log-wrong-step", "A move belongs to the step of the round being played.", "Flow of Play",
     "Repeat steps 1-4 ... A total of four rounds are played and scored before final scoring."),
    ("setup-tile-order", "Tiles lie in numerical order; with the random-order variant each sister is "
     "placed exactly once.", "Game Preparation; Variant Game",
     "Place the 7 Sister tiles in a row in the middle of the table, in numerical order from left to right."),
    ("1-deal-six", "Each player is dealt six influence cards a round.", "Flow of Play 1",
     "Six cards are dealt to each player from the top of the Influence Deck."),
    ("1-card-exists", "A card is a pair of two different sisters or a wild card.", "Contents 3",
     "42 of these cards each have a picture of two sisters on them ... 13 cards with the icons of all "
     "sisters - these are \u201cwild cards\u201d"),
    ("1-card-available", "No card is dealt or played more often than the deck holds it since the last "
     "shuffle.", "Flow of Play 1, 3", "Shuffle the 55 Influence Cards and place them on the table."),
    ("2-flip-marker", "The first player flips a turn marker that is still face down.", "Flow of Play 2",
     "The first player (chosen randomly,) flips over one of the face down Turn Markers."),
    ("2-take-total", "Each player takes gold and fruit totalling the turn marker (or all that is "
     "left).", "Flow of Play 2", "each player may pick any combination of Gold or Fruit tokens that "
     "totals the number showing on the Turn Marker."),
    ("2-take-supply", "Gold and fruit are finite: nobody takes more than the supply holds.",
     "Flow of Play 2", "Gold and Fruit tokens are a finite supply. If, for example, there is no gold in "
     "the supply, then gold may not be chosen."),
    ("3-card-in-hand", "A player plays a card from his own hand.", "Flow of Play 3",
     "The first player chooses one of the influence cards from his hand and lays it on the table."),
    ("3-five-cards", "Each player plays five of his six cards a round.", "Flow of Play 3",
     "This continues until each player has played five of the six Influence Cards that were dealt to him."),
    ("3-card-action", "Actions A and B need a pair card, D and D2 a wild card; C suits any card.",
     "Flow of Play 3", "If the player chooses to play a \"Wild Card,\" he places two servants ... on the "
     "tile of the sister of his choice."),
    ("3-playable-stock", "Servants placed on a sister come from the player's playable stock.",
     "Flow of Play 3A, 3D", "Place two servants from his playable stock on the tile corresponding to "
     "the primary sister."),
    ("3-no-extra-servants", "After action B, C, D or D2 no fruit buys other servants: the turn is over.",
     "Flow of Play 3B, 3D", "His turn is then over. The player does not then have the option of paying "
     "a Fruit token to place other servants."),
    ("3A-primary-two", "Action A places two servants on the primary (large) sister.", "Flow of Play 3A",
     "Place two servants from his playable stock on the tile corresponding to the primary sister "
     "pictured on the card (the large picture.)"),
    ("3A-third-secondary", "A third servant goes on the secondary (small) sister.", "Flow of Play 3A",
     "The player may additionally choose to place one servant on the tile corresponding to the "
     "secondary sister pictured on that card (the small picture,)"),
    ("3A-fourth-servant", "A fourth servant, only after the third, goes on either pictured sister; "
     "never more than four.", "Flow of Play 3A", "A fourth servant may then be placed on either of the "
     "two sisters pictured."),
    ("3A-fruit-cost", "Each servant beyond two costs one fruit the player has, paid exactly.",
     "Flow of Play 3A", "but must pay one Fruit token to do so ... but the player must also pay an "
     "additional Fruit token to do so."),
    ("3B-from-primary", "Action B moves two of the player's own servants off the primary sister.",
     "Flow of Play 3B", "Remove two of his servants from the primary sister pictured."),
    ("3B-other-sister", "Action B moves them to a different sister.", "Flow of Play 3B",
     "and move them to a different sister."),
    ("3C-no-placement", "Action C places no servant on a sister.", "Flow of Play 3C",
     "The player does not place any servants on a sister's tile when choosing this option."),
    ("3C-three-servants", "Action C brings three servants from reserve to playable (all there are "
     "when fewer).", "Flow of Play 3C", "Take three servants from his reserve stock and add them to his "
     "playable stock."),
    ("3D-one-sister", "Action D places both servants on one sister of the player's choice.",
     "Flow of Play 3D", "he places two servants from his playable stock on the tile of the sister of "
     "his choice."),
    ("3D2-own-servants", "Action D2 moves two of the player's own servants from one sister to another.",
     "Flow of Play 3D", "he may move two of his servants from any sister's tile to any other sister's tile."),
    ("5-first-places", "In rounds 2-4 the first player places one servant from his reserve before the "
     "deal.", "Flow of Play 5", "The first player takes one servant from his reserve stock and places it "
     "on any of the seven sisters."),
    ("5-round-adds", "In rounds 2-4 each player adds two reserve servants to playable, the last player "
     "one.", "Flow of Play 5", "Each player adds two servants to their playable stock from their "
     "reserve stock, except the last player, who only adds one."),
    ("scoring-order", "The sisters are scored one after another, left to right along the row.",
     "Scoring for Rounds 1-4", "Starting with the first sister, and continuing in order, these steps "
     "are followed."),
    ("scoring-favour", "A sister's favour goes to the player with most servants on her; ties go to "
     "the most Sloth favours, else to nobody.", "Scoring for Rounds 1-4; Sloth",
     "If a player has the most servants influencing that sister, he gains a Sister's Favor Token."),
    ("wrath-destination", "The Wrath marker never goes on Wrath nor stays where it is (not the same "
     "sister two rounds running).", "Wrath", "may not place the token on Wrath. The Wrath marker may "
     "not be placed on the same sister in consecutive rounds."),
    ("wrath-must-move", "Wrath's favourite must move the Wrath marker.", "Wrath",
     "The player must move the Wrath Marker."),
    ("wrath-tie", "A tie on Wrath moves the marker one sister to the right (from the last to Wrath).",
     "Wrath", "If two or more players are tied with the most servants influencing Wrath ... then the "
     "Wrath marker moves one sister to the right."),
    ("gifts-amounts", "Greed, Gluttony and Lust give 5 to their favourite and 2 to every other player "
     "influencing them (2 to all on a tie), as far as the supply or reserve allows.",
     "Greed; Gluttony; Lust; Scoring", "The player who has the most servants influencing Greed receives "
     "five gold from the supply. All other players with at least one servant influencing Greed receive "
     "two gold."),
    ("pride-choice", "Pride's favourite chooses the first player of the next round.", "Pride",
     "The player who has the most servants influencing Pride chooses the first player for the next round."),
    ("pride-first-player", "The first-player marker lies where Pride's favourite put it; a tie moves "
     "it one spot to the right (the previous seat).", "Pride", "If there is a tie amongst players for "
     "the most servants influencing Pride ... the first player marker moves one spot to the right."),
    ("envy-move", "Envy's favourite may move two servants from another sister onto Envy.", "Envy",
     "The player who has the most servants influencing Envy may move any two servant tokens from one "
     "sister's tile to Envy."),
    ("envy-one-sister", "Both servants Envy's favourite moves come from the same sister's tile.", "Envy",
     "may move any two servant tokens from one sister's tile to Envy."),
    ("buyback-ratio", "Removed servants return to playable for gold at 1 for 1, 3 for 2, 5 for 3, "
     "combinable.", "Scoring for Rounds 1-4", "the player may pay one Gold token to return one servant "
     "to his playable stock; two Gold tokens to return three servants; or three Gold tokens to return "
     "five servants."),
    ("buyback-limit", "A player buys back no more servants than were removed and pays only gold he "
     "has.", "Scoring for Rounds 1-4", "Any servants that the player does not spend Gold on to return "
     "them to playable stock are placed in that player's reserve stock."),
    ("final-score", "Final score: a point per favour, 2 per full set of seven, 1 each for most gold, "
     "most fruit, most playable servants.", "Final Scoring", "Each player scores one point for each "
     "Favor Token they have acquired ... two points are scored for each full set."),
    ("final-winner", "Ties go to most Sloth favours, then to most servants on the sisters' tiles.",
     "Final Scoring", "If the scoring results in a tie, the player with the most Sloth Favor Tokens "
     "wins. If there is still a tie, the player with the most servants remaining on the Sisters' tiles "
     "wins."),
]

RULES = RuleIndex(GAME_ID, [Rule(f"{GAME_ID}/{slug}", summary, section, text)
                            for slug, summary, section, text in _RULES])

OPTIONS: Mapping[str, str] = {
    "random-order": "Variant: the sister tiles lie in a random order (Setup `order=...` or "
                    "`table: tile SISTER` lines).",
    "empty-is-tie": "Variant: nobody on Wrath or Pride counts as a tie (the marker moves on).",
    "pride-tie-clockwise": "Variant: a tie on Pride passes the first-player marker to the next seat "
                           "clockwise (the next player) instead of one spot to the right (the previous "
                           "seat).",
    "pride-tie-anticlockwise": "Variant (the default since the rulings of issue 16; kept so older logs "
                               "read the same): a tie on Pride passes the first-player marker one spot "
                               "to the right, the previous seat.",
    "no-final-pride": "Variant: in the final scoring Pride's favourite chooses no first player and a "
                      "tie leaves the marker where it is (the old ruling 14).",
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
