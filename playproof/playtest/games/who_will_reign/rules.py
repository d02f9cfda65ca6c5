"""The rule index of Who Will Reign?: every rule the engine checks, by stable id, with the rulebook's words."""

from __future__ import annotations

from playproof.playtest.engine import Rule, RuleIndex

GAME_ID = "who-will-reign"


def _rule(slug: str, section: str, summary: str, text: str) -> Rule:
    """Return a rule of this game with its id built from section and slug, quoting the rulebook."""
    return Rule(f"{GAME_ID}/{slug}", summary, section, text)


RULES = RuleIndex(GAME_ID, [
    _rule("setup-land-boards", "Setup",
          "Nine different land boards of the twelve are laid out before play begins.",
          "Shuffle the Land Boards. Deal out 9 to create a 3x3 grid in the center of the table to form the board."),
    _rule("setup-moons", "Setup",
          "A Moon revealed while the market row is first dealt is discarded and replaced, not resolved.",
          "(If you reveal any Moons, ignore, discard, and replace them with another card from the market deck.)"),
    _rule("play-known-move", "Game Play",
          "A move uses a verb and arguments of the game's vocabulary, naming known cards, boards and sisters.",
          "Every turn you may take the following actions in any order. - “Harvest” (gain food) OR “Tax” (gain "
          "gold) - Acquire cards from the market row - Sweep the market row"),
    _rule("play-turn-order", "Game Play",
          "Only the sister whose turn it is acts; turns pass clockwise from the youngest sister.",
          "The youngest sister plays first and play continues clockwise."),
    _rule("play-harvest-or-tax-once", "Game Play",
          "Once per turn a sister may either harvest or tax, never both and never twice.",
          "once per turn you can either gain food from harvesting the farms or gain gold from taxing the villages "
          "on the board. You cannot do both actions in the same turn."),
    _rule("harvest-farms", "Harvest",
          "A harvest gives the food of every farm (its top improvement's apple), plus the sister's abilities.",
          "If you harvest, you collect food from all of the FARMS. The amount produced by each farm is the number "
          "inside the red apple."),
    _rule("tax-feed-villages", "Tax",
          "To tax, a sister first feeds every village on the board 1 food.",
          "In order to tax the villages, you must first feed all the VILLAGES 1 food each."),
    _rule("tax-villages", "Tax",
          "A tax gives the gold of every village (its top improvement's coin), plus the sister's abilities.",
          "The amount of gold received from each village is the number inside the gold coin."),
    _rule("acquire-in-market", "Acquire Cards",
          "Only a card in the market row can be acquired.",
          "Buy from the market row by paying a card’s cost"),
    _rule("acquire-cost", "Acquire Cards",
          "Acquiring a card costs the gold (and food) shown on it; a sister cannot pay more than she has.",
          "Buy from the market row by paying a card’s cost, shown at top right corner of the card."),
    _rule("acquire-placement", "Acquire Cards",
          "Court cards go to your court, improvements onto a land board, unwanted guests to a sister.",
          "Add it to your court (Court Cards), a Land Board (Land Improvements), or send it to a sister "
          "(Unwanted Guests)."),
    _rule("market-refill", "Acquire Cards",
          "An emptied market spot is refilled from the deck at once, before the turn goes on.",
          "Replace the empty spot in the market row by drawing a new card from the deck."),
    _rule("market-row", "Acquire Cards",
          "A market row recorded by the table holds the cards drawn into it and not yet taken.",
          "Reveal the top 5 cards to form the market row."),
    _rule("market-deck-contents", "Acquire Cards",
          "A card drawn from the market deck must be one still in the deck.",
          "Replace the empty spot in the market row by drawing a new card from the deck."),
    _rule("sweep-cost", "Sweep the Market",
          "Sweeping the market row costs 3 gold.",
          "Pay 3 gold to discard all of the cards in the market row and replace them with 5 new cards from the "
          "market deck."),
    _rule("sweep-whole-row", "Sweep the Market",
          "Market cards are discarded only by a sweep, which discards the whole row.",
          "Pay 3 gold to discard all of the cards in the market row"),
    _rule("moons-removed", "Moons",
          "A resolved Moon is returned to the box and never drawn again.",
          "Resolved Moons are returned to the box, not discarded (so they are not put in the market deck a second "
          "time)."),
    _rule("moons-tribute", "Moons",
          "During a Moon's tribute each sister may pay once, only what she holds and no more than is still owed.",
          "Some moons give the sisters the option of paying food or gold together. When this happens, the sisters "
          "must freely negotiate about how much, if any, they are each willing to pay"),
    _rule("discard-pile", "Discard Pile",
          "A discard pile recorded by the table holds the cards discarded since the last reshuffle.",
          "Discarded Unwanted Guests and swept cards are placed in the discard pile."),
    _rule("discard-source", "Discard Pile",
          "A card is discarded from where it lies: a sister's court or guests, the market row, a Moon of setup.",
          "Discarded Unwanted Guests and swept cards are placed in the discard pile."),
    _rule("discard-reshuffle", "Discard Pile",
          "The discard pile is shuffled into a new market deck only when the deck has run out.",
          "If the market deck runs out of cards, shuffle the discard pile and use it as the market deck."),
    _rule("court-limit", "Replacing",
          "A court never holds more than 7 court cards; a new card beyond that must replace one.",
          "A sister may never have more than 7 cards in her court, so she might choose to replace a lower valued "
          "card."),
    _rule("court-replace", "Replacing",
          "Only a court card already in your court (not an Unwanted Guest) can be replaced.",
          "When a sister acquires a new Court Card she may, if she truly wishes, replace one of her existing Court "
          "Cards (not an Unwanted Guest) with the new card and discard the replaced one."),
    _rule("improvements-board-type", "Village Improvements",
          "Village improvements go on villages and farm improvements on farms of the board.",
          "she places it on top of a Village Board (any board that provides gold) of her choice. ... Farm "
          "Improvements ... must be placed on Farm Boards (any board that provides food)."),
    _rule("improvements-no-lower", "Village Improvements",
          "An improvement may cover another only if the output does not decrease.",
          "Village Improvements can be placed on top of other Village Improvements, as long as the gold provided "
          "does not decrease."),
    _rule("guests-other-sister", "Unwanted Guests",
          "An acquired Unwanted Guest is sent at once to another sister.",
          "Unwanted Guests are acquired by a sister, and immediately sent to any *other* sister of her choosing."),
    _rule("guests-expel", "Unwanted Guests",
          "A guest may be discarded only when acquiring a court card whose ability allows it.",
          "Some Court Cards allow sisters to discard an Unwanted Guest as soon as they are acquired; acquiring one "
          "is the only way sisters can get rid of Unwanted Guests."),
    _rule("banners-once", "Banners",
          "A sister takes up at most one Banner per game.",
          "Once per game during her turn, a sister may choose to take up one Banner"),
    _rule("banners-available", "Banners",
          "A Banner is in play (not a first game without Banners) and not yet taken by another sister.",
          "If this is your first game, however, consider playing without the Banners. ... It cannot be taken from "
          "her, nor can it be exchanged."),
    _rule("banners-requirement", "Banners",
          "To take up a Banner a sister meets the requirement on its top.",
          "To take up a Banner, a sister must meet the requirements on the top of the Banner card."),
    _rule("end-round", "Game End",
          "The game ends at the end of the round in which a court holds 7 court cards; no turns follow.",
          "At the end of the round in which any sister's court becomes filled with 7 Court Cards, the game is over."),
    _rule("end-crowns", "Game End",
          "Crowns are the court cards' values (\"?\" cards and abilities included), Banners and Unwanted Guests.",
          "each sister adds up the Crown values of all of the Court Cards in her court"),
    _rule("end-winner", "Game End",
          "The sister with the most crowns wins.",
          "the sister with the most Crowns wins"),
    _rule("table-resources", "Game Play",
          "A sister's food and gold recorded by the table match what her moves gave and cost.",
          "Each sister starts with 5 food and 5 gold."),
])
