"""The Four Sisters rule index: every rule the engine checks, by stable id."""

from __future__ import annotations

from playproof.playtest.engine import Rule, RuleIndex

GAME_ID = "four-sisters"

_RULES = [
    ("log-move", "Log",
        "A move uses the game's verbs with well-formed cards (7H, QS) and Rooms (B2)."),
    ("order-turn", "Order of Play",
        "Hearts takes the first turn; turns then pass clockwise."),
    ("order-step", "Order of Play",
        "A turn's moves follow steps 1-8: pass first or not at all, Intrigue only at "
        "steps 2 and 6, one placement per turn."),
    ("scheme-arrange", "Scheme",
        "Each player arranges her own ten cards into a stack before play begins, and may not "
        "alter its order once play has begun."),
    ("scheme-draw", "Scheme",
        "Cards are drawn from the top of the Scheme: the arranged stack first, then cards "
        "put under it, in the order they went under."),
    ("hand-card", "Hand",
        "A card placed, discarded or revealed must be in that player's hand."),
    ("refill-three", "Order of Play 7",
        "Draw only to bring the hand back up to three cards (or the one replacement after "
        "a pass)."),
    ("pass-discard", "Order of Play 1",
        "Passing discards exactly one card to the Oubliette."),
    ("intrigue-queen", "Order of Play 2",
        "Intrigue needs the player's own Queen revealed from hand; it then goes under her "
        "Scheme."),
    ("intrigue-match", "Order of Play 2",
        "Intrigue swaps a card in the Chateau for a card in the Oubliette of the same "
        "suit or the same value."),
    ("place-empty-room", "Order of Play 3",
        "A card is placed into an empty Room of the Chateau."),
    ("place-hour", "Order of Play 3",
        "By the Hour, the placed card's value is at most the Hour."),
    ("introduce-total", "Order of Play 3",
        "By Introduction, the placed card's value is at most the total value of the cards "
        "discarded for it."),
    ("squander-whole-hand", "Order of Play 3",
        "Discarding without placing (a Squander) discards the whole hand."),
    ("conflict-declare", "Order of Play 4",
        "A card placed beside opposing cards names one of them (sharing a side) as the "
        "Innocent; otherwise no Conflict."),
    ("conflict-boost", "Order of Play 5",
        "Only the two players in a Conflict discard for it, once each, the Instigator "
        "first."),
    ("conflict-tie", "Order of Play 5",
        "On a tie the defending player, and only she, accepts defeat or not."),
    ("conflict-result", "Order of Play 5",
        "The lower modified value is defeated and goes under its owner's Scheme (+1 per "
        "touching friendly card, +1 per discard)."),
    ("queens-conflict", "Queens and Conflict",
        "Queens fall only to Aces or Queens (any card in a Sabbath game); a Queen's "
        "victim goes to the Oubliette; a tie with a Queen defeats the other card."),
    ("queens-tie-send", "Queens and Conflict",
        "The loser of a tie with a Queen, and only she, sends her card to the Oubliette "
        "or under her Scheme."),
    ("storm-condition", "Storming the Oubliette",
        "A player may Storm only while all four Queens are in the Oubliette, once each "
        "time that happens."),
    ("storm-highest", "Storming the Oubliette",
        "The Stormer removes her highest-value card in the Chateau."),
    ("storm-take", "Storming the Oubliette",
        "She takes back only cards of her suit from the Oubliette, worth in total at most "
        "the removed card."),
    ("clock-advance", "Order of Play 8",
        "The Clock advances one Hour a turn, 6 rewinds to 1, and it stands still while "
        "all four Queens are in the Chateau."),
    ("end-full-chateau", "Ending the Day",
        "The Day ends when the Chateau is full at the end of a turn; nothing is played "
        "after."),
    ("end-run-out", "Ending the Day",
        "A team whose two Schemes are both empty at the end of a turn has lost the Day; "
        "nothing is played after."),
    ("end-winner", "Ending the Day",
        "The team with the higher Chateau total (Queens count 10) wins the Day; a team "
        "that ran out loses it."),
]

RULES = RuleIndex(GAME_ID, [Rule(f"{GAME_ID}/{slug}", summary, section)
                            for slug, section, summary in _RULES])
