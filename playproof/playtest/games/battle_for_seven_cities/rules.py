"""The Battle for Seven Cities rule index: every rule the referee checks, by stable id."""

from __future__ import annotations

from playproof.playtest.engine import Rule, RuleIndex

GAME_ID = "battle-for-seven-cities"

_RULES = [
    ("setup-past-deck", "Setting Up",
     "Past tile-groups come from the shuffled past deck, each once: three make the starting board "
     "and expeditions draw the rest from its top."),
    ("setup-player-count", "Setting Up",
     "Action cards whose badge asks for more players than are playing are removed before play."),
    ("setup-clock-cards", "Player Order",
     "Each player draws one clock card before play; no clock card is dealt twice."),
    ("order-first-player", "Player Order",
     "The player whose clock time is nearest to the starting time without being past it takes the "
     "time-shift card and plays first; play goes clockwise."),
    ("start-future-tile", "Starting positions",
     "In player order each player puts their token on any future tile; sharing a tile is allowed."),
    ("round-draw-three", "Starting a Round",
     "At the start of every round each player, in player order, draws 3 cards; draws happen only "
     "then and at the end of a turn."),
    ("round-draw-pile", "Starting a Round",
     "A drawn card must still be in the draw pile; an empty draw pile is refilled by shuffling the "
     "blue discard pile."),
    ("turn-active-player", "Playing a Turn",
     "Only the player whose turn it is plays cards, moves and builds; the others may only play "
     "reaction cards."),
    ("turn-card-in-hand", "Playing a Turn",
     "A card played or discarded must be in its player's hand."),
    ("turn-extra-cards", "Playing a Turn",
     "At the end of a turn a player may draw one extra card per city built directly (Build or Remote "
     "Construction) on a future tile with the extra-card symbol, and no more."),
    ("round-hand-size", "Starting a Round",
     "A player's hand holds the cards they drew, less those played and discarded; a hand size the log "
     "records must match it."),
    ("turn-hand-limit", "Playing a Turn",
     "At the end of a turn a player discards down to 2 cards (extra cards included), and no further."),
    ("ap-enough-points", "Using Action Points",
     "Moving, time travel and building are paid with action points of cards played this turn; "
     "points left at the end of the turn are lost."),
    ("move-adjacent", "Moving",
     "A move goes from tile to touching tile within one era; the other era is reached by time travel."),
    ("move-wall", "Tokens",
     "Nobody may move onto a walled tile with action points (only time travel or an Embassy gets there)."),
    ("build-own-tile", "Building", "A player builds on the tile their token is on."),
    ("build-empty-tile", "Building", "A city may only be built on a tile that has no city."),
    ("build-no-past-sea", "Building",
     "No city may be built with action points on past light sea or past deep sea (tile types "
     "without a build cost)."),
    ("build-city-supply", "Building",
     "Every new city uses one of its owner's 14 city tokens; a player out of tokens may destroy one "
     "of their own unprotected cities to reuse its token, and only then."),
    ("cards-no-special", "Cards", "Just Action Points cards have no special action."),
    ("cards-atlantis", "Cards",
     "Build Atlantis builds a city on the empty past light sea tile under the player's token."),
    ("cards-railway", "Cards",
     "Build Railway places (or moves) a railway token over 3 tiles meeting at one corner, none with "
     "the wall; moving onto them is free."),
    ("cards-wall", "Cards",
     "Build Wall places (or moves) the wall over 3 tiles meeting at one corner, none with a railway."),
    ("cards-burn", "Cards",
     "Burn City removes an opponent's city on the unprotected soil, forest or mountain tile under the "
     "player's token."),
    ("cards-expedition", "Cards",
     "Expedition lays the top past tile-group touching the player's tile, overlapping nothing (the "
     "next future tile-group follows it); one city may be founded on its soil, forest or mountain."),
    ("cards-takeover", "Cards",
     "Hostile Takeover replaces an opponent's unprotected city, on a tile next to one of the player's "
     "cities, with the player's own city."),
    ("cards-metropolis", "Cards",
     "Metropolis (a reaction) adds a second city to a future tile with a single city of the player's "
     "that has at least 3 cities on the tiles around it."),
    ("cards-defend", "Cards",
     "Defend City (a reaction) is played by the owner of a city an opponent has just burned or taken "
     "over, and cancels that card."),
    ("cards-remote", "Cards",
     "Remote Construction builds a city on an empty future tile next to the player's token in the future."),
    ("cards-sands", "Cards",
     "Sands of Time (a reaction) removes an opponent's city just founded on a past tile whose future "
     "tile holds a city of the player's, unless a shield guards it."),
    ("cards-army", "Cards",
     "Standing Army puts a shield from the supply on a tile without one; its cities can never be removed."),
    ("cards-army-limit", "Cards", "A player may have at most 3 shields on the board."),
    ("cards-embassy", "Cards",
     "Embassy moves one or two other players' tokens to one tile that holds a city of the player's."),
    ("cards-enemy", "Cards",
     "The Enemy of my Enemy removes an opponent's unprotected city and puts a city of a third player "
     "(one with a token left) in its place."),
    ("cards-discard-pile", "Cards",
     "A card played for its points goes to the blue discard pile, a card played for its special action to the "
     "red one, a used reaction card to either; a card discarded at the end of a turn goes to the blue pile."),
    ("timeshift-copy-forward", "Ending a Round",
     "At the end of a round every past city is copied onto its future tile, replacing the cities "
     "there unless they are protected; an empty past tile removes nothing."),
    ("timeshift-pass-card", "Ending a Round",
     "At the end of a round the time-shift card passes to the next player counterclockwise, who "
     "draws first and plays first."),
    ("win-end-of-round", "Winning the Game",
     "The game ends at the end of a round in which a player has 7 or more cities on future tiles "
     "(or at the round cap); nothing is played after it."),
    ("win-most-cities", "Winning the Game",
     "The player with the most future cities wins; a tie goes to the most future cities on water."),
    ("log-known-verb", "Log",
     "Every move uses the game's vocabulary with well-formed arguments (docs/rulings/battle-for-seven-cities.md)."),
]

RULES = RuleIndex(GAME_ID, [Rule(f"{GAME_ID}/{slug}", summary, section) for slug, section, summary in _RULES])
