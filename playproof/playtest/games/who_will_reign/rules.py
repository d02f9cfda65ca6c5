"""The rule index of Who Will Reign?: every rule the engine checks, by stable id."""

from __future__ import annotations

from playproof.playtest.engine import Rule, RuleIndex

GAME_ID = "who-will-reign"


def _rule(slug: str, section: str, summary: str) -> Rule:
    """Return a rule of this game with its id built from section and slug."""
    return Rule(f"{GAME_ID}/{slug}", summary, section)


RULES = RuleIndex(GAME_ID, [
    _rule("setup-land-boards", "Setup",
          "Nine different land boards of the twelve are laid out before play begins."),
    _rule("setup-moons", "Setup",
          "A Moon revealed while the market row is first dealt is discarded and replaced, not resolved."),
    _rule("play-known-move", "Game Play",
          "A move uses a verb and arguments of the game's vocabulary, naming known cards, boards and sisters."),
    _rule("play-turn-order", "Game Play",
          "Only the sister whose turn it is acts; turns pass clockwise from the youngest sister."),
    _rule("play-harvest-or-tax-once", "Game Play",
          "Once per turn a sister may either harvest or tax, never both and never twice."),
    _rule("harvest-farms", "Harvest",
          "A harvest gives the food of every farm (its top improvement's apple), plus the sister's abilities."),
    _rule("tax-feed-villages", "Tax",
          "To tax, a sister first feeds every village on the board 1 food."),
    _rule("tax-villages", "Tax",
          "A tax gives the gold of every village (its top improvement's coin), plus the sister's abilities."),
    _rule("acquire-in-market", "Acquire Cards",
          "Only a card in the market row can be acquired."),
    _rule("acquire-cost", "Acquire Cards",
          "Acquiring a card costs the gold (and food) shown on it; a sister cannot pay more than she has."),
    _rule("acquire-placement", "Acquire Cards",
          "Court cards go to your court, improvements onto a land board, unwanted guests to a sister."),
    _rule("market-refill", "Acquire Cards",
          "An emptied market spot is refilled from the deck at once, before the turn goes on."),
    _rule("market-row", "Acquire Cards",
          "A market row recorded by the table holds the cards drawn into it and not yet taken."),
    _rule("market-deck-contents", "Acquire Cards",
          "A card drawn from the market deck must be one still in the deck."),
    _rule("sweep-cost", "Sweep the Market",
          "Sweeping the market row costs 3 gold."),
    _rule("sweep-whole-row", "Sweep the Market",
          "Market cards are discarded only by a sweep, which discards the whole row."),
    _rule("moons-removed", "Moons",
          "A resolved Moon is returned to the box and never drawn again."),
    _rule("moons-tribute", "Moons",
          "During a Moon's tribute each sister may pay once, only what she holds and no more than is still owed."),
    _rule("discard-pile", "Discard Pile",
          "A discard pile recorded by the table holds the cards discarded since the last reshuffle."),
    _rule("discard-source", "Discard Pile",
          "A card is discarded from where it lies: a sister's court or guests, the market row, a Moon of setup."),
    _rule("discard-reshuffle", "Discard Pile",
          "The discard pile is shuffled into a new market deck only when the deck has run out."),
    _rule("court-limit", "Replacing",
          "A court never holds more than 7 court cards; a new card beyond that must replace one."),
    _rule("court-replace", "Replacing",
          "Only a court card already in your court (not an Unwanted Guest) can be replaced."),
    _rule("improvements-board-type", "Village Improvements",
          "Village improvements go on villages and farm improvements on farms of the board."),
    _rule("improvements-no-lower", "Village Improvements",
          "An improvement may cover another only if the output does not decrease."),
    _rule("guests-other-sister", "Unwanted Guests",
          "An acquired Unwanted Guest is sent at once to another sister."),
    _rule("guests-expel", "Unwanted Guests",
          "A guest may be discarded only when acquiring a court card whose ability allows it."),
    _rule("banners-once", "Banners",
          "A sister takes up at most one Banner per game."),
    _rule("banners-available", "Banners",
          "A Banner is in play (not a first game without Banners) and not yet taken by another sister."),
    _rule("banners-requirement", "Banners",
          "To take up a Banner a sister meets the requirement on its top."),
    _rule("end-round", "Game End",
          "The game ends at the end of the round in which a court holds 7 court cards; no turns follow."),
    _rule("end-crowns", "Game End",
          "Crowns are the court cards' values (\"?\" cards and abilities included), Banners and Unwanted Guests."),
    _rule("end-winner", "Game End",
          "The sister with the most crowns wins."),
    _rule("table-resources", "Game Play",
          "A sister's food and gold recorded by the table match what her moves gave and cost."),
])
