"""The Four Sisters rule index: every rule the engine checks, by stable id, with the rulebook's words."""

from __future__ import annotations

from playproof.playtest.engine import Rule, RuleIndex

GAME_ID = "four-sisters"

# (slug, section, summary, the rulebook sentence(s) the rule checks, quoted from "How to Play:
# Four Sisters", 2005-12-11; several passages are joined by " ... ". "log-move" checks the log's
# own grammar, docs/rulings/four-sisters.md; its text is the rulebook's naming of cards and Rooms)
_RULES = [
    ("log-move", "Log",
        "A move uses the game's verbs with well-formed cards (7H, QS) and Rooms (B2).",
        "\"The Chateau: A 3x3 grid of Rooms\" \"Each player's Scheme consists of the 2-9 of their "
        "chosen suit, plus the Queen (considered as 0) and the Ace (considered as 1).\""),
    ("order-turn", "Order of Play",
        "Hearts takes the first turn; turns then pass clockwise.",
        "\"Hearts always goes first.\" \"Players sit in a circle, each opposite her partner.\""),
    ("order-step", "Order of Play",
        "A turn's moves follow steps 1-8: a pass first and then nothing but the Clock, Intrigue "
        "only at steps 2 and 6, one placement per turn.",
        "\"1. Choose to pass turn or not. If a player chooses to pass her turn, she must discard one "
        "card and then draw the top card in her Scheme as a replacement. Skip to step 8.\" \"3. If "
        "desired, place a card into an empty Room\""),
    ("scheme-arrange", "Scheme",
        "Each player arranges her own ten cards into a stack before play begins, and may not "
        "alter its order once play has begun.",
        "\"Each player arranges her cards into a face down stack, in any order, before the start of "
        "play.\" \"players may look through their Scheme, but not alter its order once play has "
        "begun.\""),
    ("scheme-draw", "Scheme",
        "Cards are drawn from the top of the Scheme: the arranged stack first, then cards "
        "put under it, in the order they went under.",
        "\"Scheme: Cards to be drawn into hand.\" \"draw the top card in her Scheme\" \"not alter its "
        "order once play has begun.\""),
    ("hand-card", "Hand",
        "A card placed, discarded or revealed must be in that player's hand.",
        "\"A player may place a card into play from her Hand\" \"A player may reveal and discard "
        "any number of cards from her Hand.\""),
    ("refill-three", "Order of Play 7",
        "Draw only to bring the hand back up to three cards (or the one replacement after "
        "a pass).",
        "\"7. Draw to refill Hand to three cards, if possible.\" \"draw the top card in her Scheme "
        "as a replacement.\""),
    ("pass-discard", "Order of Play 1",
        "Passing discards exactly one card to the Oubliette.",
        "\"If a player chooses to pass her turn, she must discard one card\""),
    ("intrigue-queen", "Order of Play 2",
        "Intrigue needs the player's own Queen revealed from hand; it then goes under her "
        "Scheme.",
        "\"A player may reveal her Queen from her hand to do the following\" \"The revealed Queen is "
        "then placed at the bottom of her Scheme.\""),
    ("intrigue-match", "Order of Play 2",
        "Intrigue swaps a card in the Chateau for a card in the Oubliette of the same "
        "suit or the same value.",
        "\"Exchange a card in the Chateau with a card of the same suit or the same value from the "
        "Oubliette.\""),
    ("place-empty-room", "Order of Play 3",
        "A card is placed into an empty Room of the Chateau.",
        "\"If desired, place a card into an empty Room according to the Hour or Introduction.\""),
    ("place-hour", "Order of Play 3",
        "By the Hour, the placed card's value is at most the Hour.",
        "\"A player may place a card into play from her Hand whose value is equal to or less than "
        "the current Hour.\""),
    ("introduce-total", "Order of Play 3",
        "By Introduction, the placed card's value is at most the total value of the cards "
        "discarded for it.",
        "\"She may then place a single card from her remaining Hand into play whose value is equal "
        "to or less than the total value of the discarded cards.\""),
    ("squander-whole-hand", "Order of Play 3",
        "Discarding without placing (a Squander) discards the whole hand.",
        "\"It is permissable for a player to discard her entire hand in this manner and play nothing "
        "(a move known as a Squander)\""),
    ("conflict-declare", "Order of Play 4",
        "A card placed beside opposing cards names one of them (sharing a side) as the "
        "Innocent; otherwise no Conflict.",
        "\"If any of the adjacent Rooms are occupied by opposing cards, then the Instigator has "
        "initiated a Conflict with a declared target among the adjacent opposing cards.\""),
    ("conflict-boost", "Order of Play 5",
        "Only the two players in a Conflict discard for it, in any order and any number of goes, "
        "before the cards are compared.",
        "\"Players with cards in Conflict may discard any number of cards. For each discarded card, "
        "that player adds 1 to the value of her card in Conflict.\" \"Compare the results.\""),
    ("conflict-tie", "Order of Play 5",
        "On a tie the defending player, and only she, accepts defeat or not.",
        "\"In the event of a tie, the defending player may choose to accept defeat or not. If not, "
        "then both the Instigator and the Innocent remain in play.\""),
    ("conflict-result", "Order of Play 5",
        "The lower modified value is defeated and goes under its owner's Scheme (+1 per "
        "touching friendly card, +1 per discard).",
        "\"For each adjacent friendly card, add 1 to the value of the card in Conflict.\" \"The card "
        "with the lowest modified value is defeated. It is removed to the bottom of that player's "
        "Scheme.\""),
    ("queens-conflict", "Queens and Conflict",
        "Queens fall only to Aces or Queens (any card in a Sabbath game); a Queen's "
        "victim goes to the Oubliette; a tie with a Queen defeats the other card.",
        "\"Queens may only be defeated by Aces or other Queens (except for Sabbath games, when any "
        "card may defeat a Queen).\" \"Whenever a Queen wins a Conflict, the defeated card is "
        "removed to the Oubliette.\" \"In the event of a tie with a Queen, the opposing card always "
        "loses (i.e. tied Queens, both lose).\""),
    ("queens-tie-send", "Queens and Conflict",
        "The loser of a tie with a Queen, and only she, sends her card to the Oubliette "
        "or under her Scheme.",
        "\"However, this card's player may chose whether to have her defeated card removed to the "
        "Oubliette or to the bottom of her Scheme.\""),
    ("storm-condition", "Storming the Oubliette",
        "A player may Storm only while all four Queens are in the Oubliette, once each "
        "time that happens.",
        "\"At any point in play, if all four Queens are in the Oubliette, each player may choose to "
        "immediately remove their highest value card from the Chateau\""),
    ("storm-highest", "Storming the Oubliette",
        "The Stormer removes her highest-value card in the Chateau.",
        "\"each player may choose to immediately remove their highest value card from the Chateau "
        "and place it into the Oubliette.\""),
    ("storm-take", "Storming the Oubliette",
        "She takes back only cards of her suit from the Oubliette, worth in total at most "
        "the removed card.",
        "\"Any player who can do this may search through the Oubliette and select any number of "
        "cards of her suit with total the value equal to or less than the card removed.\""),
    ("clock-advance", "Order of Play 8",
        "The Clock advances one Hour a turn, 6 rewinds to 1, and it stands still while "
        "all four Queens are in the Chateau.",
        "\"At the end of each turn, the clock is advanced one Hour. After the Hour has reached 6, "
        "the next increment rewinds the Clock back to 1 ... However, if all four Queens are in the "
        "Chateau, the Clock does not advance.\""),
    ("end-full-chateau", "Ending the Day",
        "The Day ends when the Chateau is full at the end of a turn; nothing is played "
        "after.",
        "\"The game ends if the Chateau is full at the end of any turn.\""),
    ("end-run-out", "Ending the Day",
        "A team whose two players were both unable to draw has lost the Day; nothing is played "
        "after.",
        "\"If a player's Scheme runs out, she is still considered playing, but is unable to draw. "
        "... However, if both players on any team are unable to draw, that team has lost the Day.\""),
    ("end-winner", "Ending the Day",
        "The team with the higher Chateau total (Queens count 10) wins the Day; a team "
        "that ran out loses it.",
        "\"Sum the values of all Younger and Elder cards in the Chateau. The team with the highest "
        "total has won the Day. For the purposes of this summation, Queens have a value of 10.\""),
]



def _quoted(passages: str) -> str:
    """Return quoted passages ("a" "b") as the plain text `a ... b` (the CLI adds the quotes)."""
    return " ... ".join(p.strip() for p in passages.strip().strip('"').split('" "'))


RULES = RuleIndex(GAME_ID, [Rule(f"{GAME_ID}/{slug}", summary, section, _quoted(text))
                            for slug, section, summary, text in _RULES])
