"""The Battle for Seven Cities rule index: every rule the referee checks, by stable id, with the
rulebook sentence (prototype 13.2) it checks."""

from __future__ import annotations

from playproof.playtest.engine import Rule, RuleIndex

GAME_ID = "battle-for-seven-cities"

# (slug, section, summary, the rulebook's own words)
_RULES = [
    ("setup-past-deck", "Setting Up",
     "Past tile-groups come from the shuffled past deck, each once: three make the starting board "
     "and expeditions draw the rest from its top.",
     "Take 3 Past tiles and lay them out in a random order to create a board ... Place the remaining past "
     "tiles in a shuffled deck face down."),
    ("setup-player-count", "Setting Up",
     "Action cards whose badge asks for more players than are playing are removed before play.",
     "Sort through the Action Card deck and remove any cards that are above the current number of players."),
    ("setup-clock-cards", "Player Order",
     "Each player draws one clock card before play; no clock card is dealt twice.",
     "To determine player order each player will draw a card from the Clock deck."),
    ("order-first-player", "Player Order",
     "The player whose clock time is nearest to the starting time without being past it takes the "
     "time-shift card and plays first; play goes clockwise.",
     "Whoever's time is nearest to the current time without being past the current time will get the "
     "Time-Shift Card which indicates who plays first. Play is clockwise."),
    ("start-future-tile", "Starting positions",
     "In player order each player puts their token on any future tile; sharing a tile is allowed.",
     "Each player will then choose a starting tile in the future according to player order."),
    ("round-draw-three", "Starting a Round",
     "At the start of every round each player, in player order, draws 3 cards; draws happen only "
     "then and at the end of a turn.",
     "At the beginning of each round each player will draw 3 cards from the action card deck."),
    ("round-draw-pile", "Starting a Round",
     "A drawn card must still be in the draw pile; an empty draw pile is refilled by shuffling the "
     "blue discard pile.",
     "If the draw pile is empty, reshuffle the blue discard pile and place in the draw pile."),
    ("turn-active-player", "Playing a Turn",
     "Only the player whose turn it is plays cards, moves and builds; the others may only play "
     "reaction cards.",
     "The player with the Time-Shift Token will now start their turn. ... It does not have to be your turn "
     "to use a reaction card."),
    ("turn-card-in-hand", "Playing a Turn",
     "A card played or discarded must be in its player's hand.",
     "Play cards by using either the action points or special action on each card."),
    ("turn-extra-cards", "Playing a Turn",
     "At the end of a turn a player may draw one extra card per city built directly (Build or Remote "
     "Construction) on a future tile with the extra-card symbol, and no more.",
     "At the end of your turn if you have built a city on a future land tile you may draw one action card "
     "per city directly built on future land tiles."),
    ("round-hand-size", "Starting a Round",
     "A player's hand holds the cards they drew, less those played and discarded; a hand size the log "
     "records must match it.",
     "You may also choose to not use any or some of your cards and keep the unused cards till your next turn."),
    ("turn-hand-limit", "Playing a Turn",
     "At the end of a turn a player discards down to 2 cards (extra cards included), and no further.",
     "At the end of your turn you must discard down to 2 cards. This includes in additional cards drawn "
     "this turn."),
    ("ap-enough-points", "Using Action Points",
     "Moving, time travel and building are paid with action points of cards played this turn; "
     "points left at the end of the turn are lost.",
     "Action points are used for building cities, traveling across the map and moving between past and "
     "future. ... the remaining action points are lost at the end of your turn."),
    ("move-adjacent", "Moving",
     "A move goes from tile to touching tile within one era; the other era is reached by time travel.",
     "Moving to or through a tile costs the amount of action points written on each tile. ... Traveling to "
     "the past or future costs 1 action point and you land in the corresponding tile."),
    ("move-wall", "Tokens",
     "Nobody may move onto a walled tile with action points (only time travel or an Embassy gets there).",
     "to stop travel by action points for all 3 tiles. Players can travel to these tiles only with time "
     "travel or with the embassy card."),
    ("build-own-tile", "Building", "A player builds on the tile their token is on.",
     "You can build on any tiles that your Player Token is on"),
    ("build-empty-tile", "Building", "A city may only be built on a tile that has no city.",
     "provided there is not already a city on that tile."),
    ("build-no-past-sea", "Building",
     "No city may be built with action points on past light sea or past deep sea (tile types "
     "without a build cost).",
     "You cannot build on past sea and past deep sea tiles."),
    ("build-city-supply", "Building",
     "Every new city uses one of its owner's 14 city tokens; a player out of tokens may destroy one "
     "of their own cities to reuse its token, and only then.",
     "If you run out of City Tokens you may destroy one of your cities on any tile for no cost and build "
     "with that token."),
    ("cards-no-special", "Cards", "Just Action Points cards have no special action.",
     "Just Action Points: 4 Action Points. Don't spend it all in one place (no special action is printed)."),
    ("cards-atlantis", "Cards",
     "Build Atlantis builds a city on the empty past light sea tile under the player's token.",
     "Build a city on a past light sea tile that your player token is currently on, and that does not "
     "already have a city."),
    ("cards-railway", "Cards",
     "Build Railway places (or moves) a railway token over 3 tiles meeting at one corner, none with "
     "the wall; moving onto them is free.",
     "Place or move a Railway token onto any 3 tiles, that does not have a Wall token, to make the travel "
     "cost free for all 3 tiles."),
    ("cards-wall", "Cards",
     "Build Wall places (or moves) the wall over 3 tiles meeting at one corner, none with a railway.",
     "Place or move a Wall token on any 3 tiles, that does not have a Railway token, to stop travel by "
     "action points for all 3 tiles."),
    ("cards-burn", "Cards",
     "Burn City removes an opponent's city on the unprotected soil, forest or mountain tile under the "
     "player's token.",
     "Remove an opponent's city that is on an unprotected Soil, Forrest, or Mountain tile that your player "
     "token is currently on."),
    ("cards-expedition", "Cards",
     "Expedition, played with the token in the past, lays the top past tile-group touching the token's "
     "tile, overlapping nothing (the next future tile-group follows it); one city may be founded on its "
     "soil, forest or mountain.",
     "In the past place the top tile-group from the past tile-group deck and place it with at least 1 tile "
     "touching the tile your player token is currently on. You may now place a city on any Soil, Forrest, "
     "or Mountain tile on this tile-group."),
    ("cards-takeover", "Cards",
     "Hostile Takeover replaces an opponent's unprotected city, on a tile next to one of the player's "
     "cities, with the player's own city.",
     "Remove an opponent's city that is on an unprotected tile that is adjacent to a tile that has a city "
     "you own and replace it with your own city."),
    ("cards-metropolis", "Cards",
     "Metropolis (a reaction) adds a second city to a future tile with a single city of the player's "
     "that has at least 3 cities on the tiles around it; a metropolis is 2 city tokens.",
     "Build a second city on any future tile that has a city you own as long as there are at least 3 "
     "cities on surrounding tiles. ... If this city is taken over or destroyed remove both city tokens."),
    ("cards-defend", "Cards",
     "Defend City (a reaction) is played by an opponent of the player who has just played Burn City or "
     "Hostile Takeover, and cancels that card.",
     "If an opponent has played Hostile Takeover or Burn City, this will negate the effects of the card "
     "played, and the opponent will discard into the blue discard pile."),
    ("cards-remote", "Cards",
     "Remote Construction builds a city on an empty future tile next to the player's token in the future.",
     "Build a city on an adjacent future tile to your player token that does not already have a city."),
    ("cards-sands", "Cards",
     "Sands of Time (a reaction) removes an opponent's city just founded on a past tile whose future "
     "tile holds a city of the player's, unless a shield guards it.",
     "When an opponent builds a city on a past tile that corresponds to a future tile that has a city you "
     "own, remove the opponents city."),
    ("cards-army", "Cards",
     "Standing Army puts a shield from the supply on a tile without one; its cities can never be removed.",
     "Protect all cities on a tile by placing a shield token on it. Any cities on this tile are now "
     "protected and cannot be removed for the remainder of the game."),
    ("cards-army-limit", "Cards", "A player may have at most 3 shields on the board.",
     "A player may have a max of 3 shield tokens placed."),
    ("cards-embassy", "Cards",
     "Embassy moves one or two other players' tokens to one tile that holds a city of the player's.",
     "Move up to two other player tokens, to any single tile that has a city you own."),
    ("cards-enemy", "Cards",
     "The Enemy of my Enemy removes an opponent's unprotected city and puts a city of a third player "
     "(one with a token left) in its place.",
     "Remove an opponent's city that is on any unprotected tile and build another player's city of your "
     "choice on this tile."),
    ("cards-discard-pile", "Cards",
     "A card played for its points goes to the blue discard pile, a card played for its special action to the "
     "red one, a used reaction card to either; a card discarded at the end of a turn goes to the blue pile.",
     "Place this Card on the Blue Discard Pile. OR ... Place this Card on the Red Discard Pile. ... Once a "
     "player uses/places a reaction card it must go into one of the discard piles and cannot be taken back."),
    ("timeshift-copy-forward", "Ending a Round",
     "At the end of a round every past city is copied onto its future tile, replacing the cities "
     "there unless they are protected; an empty past tile removes nothing.",
     "Each city in the past will now also copy to the tile in the future replacing any cities in the "
     "future. If a city was destroyed in the past the blank tile will not remove the future city. If a "
     "future city is protected a past city will not replace it."),
    ("timeshift-pass-card", "Ending a Round",
     "At the end of a round the time-shift card passes to the next player counterclockwise, who "
     "draws first and plays first.",
     "Move the Time-Shift Token to the next player counterclockwise. All players will now each draw 3 "
     "additional cards in the new player order."),
    ("win-end-of-round", "Winning the Game",
     "The game ends at the end of a round in which a player has 7 or more cities on future tiles "
     "(or at the round cap); nothing is played after it.",
     "Gameplay ends whenever a player reaches 7 or more cities on future tiles at the end of a round."),
    ("win-most-cities", "Winning the Game",
     "The player with the most cities (past and future) wins; a tie goes to the most future cities on water.",
     "The player with the most cities wins the game! In the event of a tie the player with the most future "
     "cities built on water wins."),
    ("log-known-verb", "Log",
     "Every move uses the game's vocabulary with well-formed arguments (docs/rulings/battle-for-seven-cities.md).",
     "(playproof's log format, not the rulebook: the Moves table of docs/rulings/battle-for-seven-cities.md)"),
]

RULES = RuleIndex(GAME_ID, [Rule(f"{GAME_ID}/{slug}", summary, section, text)
                            for slug, section, summary, text in _RULES])
