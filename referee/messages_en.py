"""The referee's rulings in English: a template for each breach (its facts in braces), and
the words for a hand's result and for who leads."""

from __future__ import annotations

from typing import Final

TEMPLATES: Final[dict[str, str]] = {
    "not_in_deck": "{card_cap} is not in this game's {size}-card deck.",
    "upcard_in_hand": "{card_cap} is the upcard, so it cannot also be in {seat}'s hand.",
    "twice_in_hand": "{card_cap} is listed twice in {seat}'s hand.",
    "dealt_twice": "{card_cap} is reported in the hands of both {other} and {seat}.",
    "bid_after_throw_in": "{seat_cap} bid after the hand was thrown in.",
    "bid_sitting_out": (
        "{seat_cap} bid, but they sit out this hand because their partner, {partner}, is "
        "playing alone."
    ),
    "bid_sitting_out_for_defender": (
        "{seat_cap} bid, but they sit out this hand because their partner, {partner}, defends alone."
    ),
    "contract_defender_sitting_out": (
        "The contract names {seat} to defend alone, but they sit out this hand because their "
        "partner, {partner}, is playing alone."
    ),
    "bid_after_trump": "{seat_cap} bid after trump had already been made.",
    "bid_turn": "{seat_cap} bid, but it was {turn}'s turn to bid.",
    "dealer_must_call": (
        "{seat_cap}, the dealer, passed in the second round, but with stick the dealer the "
        "dealer must name trump."
    ),
    "dealer_must_take": (
        "{seat_cap}, the dealer, passed in the second round, but under these rules a dealer "
        "left with no call must take the upcard and play its suit as trump."
    ),
    "no_going_alone": "{seat_cap} went alone, but these rules have no going alone.",
    "must_hold_order": (
        "{seat_cap} ordered up {suit} without holding a {suit_one}: under these rules you "
        "must hold the suit (the left bower counts) to order it up."
    ),
    "must_hold_call": (
        "{seat_cap} called {suit} without holding a {suit_one}: under these rules you must "
        "hold the suit (the left bower counts) to call it."
    ),
    "must_hold_unseen": (
        "{seat_cap} ordered up without holding a card of any suit the unreported upcard "
        "could be: under these rules you must hold the suit (the left bower counts) to "
        "order it up."
    ),
    "order_in_round_two": (
        "{seat_cap} ordered up in the second round; once the upcard is turned down a player "
        "can only name another suit or pass."
    ),
    "partner_must_go_alone": (
        "{seat_cap}, the dealer's partner, ordered up without going alone; under these rules "
        "the dealer's partner who orders up must play alone."
    ),
    "call_in_round_one": (
        "{seat_cap} called {suit} in the first round; in the first round a player can only "
        "order up the upcard or pass."
    ),
    "dealer_must_take_not_call": (
        "{seat_cap}, the dealer, called {suit}; under these rules a dealer left with no call "
        "must take the upcard ({upcard}) instead."
    ),
    "dealer_must_take_unseen_upcard": (
        "{seat_cap}, the dealer, called {suit}; under these rules a dealer left with no call "
        "must take the upcard instead."
    ),
    "turned_down_suit": (
        "{seat_cap} called {suit}, the suit of the upcard that was turned down; that suit "
        "cannot be named in the second round."
    ),
    "joker_dealer_first": (
        "{seat_cap} bid, but with the joker turned up the dealer, {turn}, names trump first."
    ),
    "joker_dealer_names": (
        "{seat_cap}, the dealer, must name a trump suit when the joker is turned up."
    ),
    "defend_before_trump": "{seat_cap} declared to defend alone before anyone made trump.",
    "no_defend_alone": (
        "{seat_cap} declared to defend alone, but these rules do not allow defending alone."
    ),
    "defend_by_maker": "{seat_cap} is on the making side, so they cannot defend alone.",
    "defend_needs_loner": (
        "{seat_cap} declared to defend alone, but only a lone maker can be defended alone "
        "under these rules."
    ),
    "defend_twice": "{seat_cap} declared to defend alone, but {other} already defends alone.",
    "defend_again": ("{seat_cap} declared to defend alone again; they already defend alone."),
    "contract_joker_makers": (
        "The reported contract has {maker} making trump, but with the joker turned up the "
        "dealer, {dealer}, names trump and the dealer's team are the makers."
    ),
    "contract_stuck_takes": (
        "The reported contract has the dealer, {maker}, make {suit} trump, but under these "
        "rules a dealer left with no call must take the upcard ({upcard}) instead."
    ),
    "contract_passed_upcard": (
        "The reported contract has {maker} make {suit} trump, the upcard's suit, but "
        "{maker} passed in the first round, and once the upcard is turned down its suit "
        "cannot be named."
    ),
    "contract_after_pass": (
        "The reported contract has {maker} making trump, but {maker} had already passed in "
        "the second round."
    ),
    "contract_skipped_upcard": (
        "The reported contract has {maker} make {suit} trump, the upcard's suit, but "
        "{maker}'s turn in the first round went by when a seat after it bid out of turn, and "
        "once the upcard is turned down its suit cannot be named."
    ),
    "contract_after_skip": (
        "The reported contract has {maker} making trump, but {maker}'s turn in the second "
        "round went by when a seat after it bid out of turn."
    ),
    "contract_turned_down": (
        "The reported contract makes {suit} trump, but by the bidding the upcard was turned "
        "down, and its suit cannot be named in the second round."
    ),
    "redeal_off": "{seat_cap} asked for a redeal, but these rules have no poor-hand redeal.",
    "redeal_late": "{seat_cap} asked for a redeal after the first round of bidding.",
    "redeal_face": (
        "{seat_cap} asked for a redeal while holding {spoiler}; a poor hand has no ace, king, "
        "queen, jack or joker."
    ),
    "redeal_trump": (
        "{seat_cap} asked for a redeal while holding {spoiler}, a card of the upcard's suit; "
        "under these rules a poor hand also has no card of that suit."
    ),
    "contract_after_throw_in": (
        "A contract was reported, but by the bidding the hand was thrown in."
    ),
    "play_before_trump": "{seat_cap} played {card} before trump was made.",
    "play_after_throw_in": "{seat_cap} played {card}, but the hand was thrown in.",
    "pickup_required": (
        "The record says the dealer left the upcard, but under these rules the dealer must take it."
    ),
    "discard_without_pickup": (
        "A discard ({card}) was reported, but the dealer did not take the upcard."
    ),
    "discard_before_trump": (
        "{seat_cap}, the dealer, discarded {card} while the bidding was still open; the "
        "dealer discards only after taking the upcard."
    ),
    "discard_no_upcard": (
        "{seat_cap}, the dealer, discarded {card}, but this game deals every card and turns "
        "none up: there is no discard."
    ),
    "discard_after_throw_in": (
        "{seat_cap}, the dealer, discarded {card}, but the hand was thrown in, so the "
        "dealer took no upcard."
    ),
    "discard_upcard": (
        "{seat_cap}, the dealer, discarded the upcard, {card}; under these rules the dealer "
        "must keep the upcard it took."
    ),
    "discard_dealt_elsewhere": (
        "{seat_cap}, the dealer, discarded {card}, which was dealt to {other}."
    ),
    "discard_not_in_hand": (
        "{seat_cap}, the dealer, discarded {card}, which is not in the dealer's hand."
    ),
    "play_sitting_out": (
        "{seat_cap} played {card}, but they sit out this hand because their partner, "
        "{partner}, is playing alone."
    ),
    "play_sitting_out_for_defender": (
        "{seat_cap} played {card}, but they sit out this hand because their partner, "
        "{partner}, defends alone."
    ),
    "play_twice": "{seat_cap} played twice to trick {trick}.",
    "wrong_lead_any_trump": (
        "{seat_cap} led trick {trick}, but the winner of the last trick leads, and whatever "
        "the unreported upcard was, {seat} did not win it."
    ),
    "trick_too_long": "Trick {trick} has more plays than there are players in the hand.",
    "hand_too_long": "{seat_cap} played more than {size} cards.",
    "play_turn": "{seat_cap} played {card}, but it was {turn}'s turn to play.",
    "trick_closed_early": "Trick {trick} was closed before {seat} played to it.",
    "played_twice": "{seat_cap} played {card}, which had already been played in this hand.",
    "upcard_turned_down": (
        "{seat_cap} played {card}, the upcard, which was turned down and is out of play."
    ),
    "upcard_taken": (
        "{seat_cap} played {card}, the upcard, which the dealer ({dealer}) took into hand."
    ),
    "discarded": "{seat_cap} played {card}, which the dealer had discarded.",
    "upcard_not_theirs": (
        "{seat_cap} played {card}, the upcard, which only the dealer could have taken."
    ),
    "wrong_lead_loner_unknown": (
        "{seat_cap} led the first trick, but whoever made trump and went alone, it was "
        "not {seat}'s lead."
    ),
    "dealt_elsewhere": "{seat_cap} played {card}, which was dealt to {other}.",
    "passed_elsewhere": "{seat_cap} played {card}, which was passed to {other}.",
    "not_in_hand": "{seat_cap} played {card}, which is not among their cards ({hand}).",
    # Six-handed and Bid Euchre (spec v1.1): the auction, naming trump, the exchange.
    "auction_bid_in_turn_up": (
        "{seat_cap} bid as in an auction ({action}), but this game turns a card up: a "
        "player orders it up, calls a suit or passes."
    ),
    "bid_turn_up_in_auction": (
        "{seat_cap} bid as in a turn-up game ({action}), but in this auction a player bids a "
        "number of tricks or passes."
    ),
    "bid_after_auction": "{seat_cap} bid after the auction had ended.",
    "dealer_must_bid": (
        "{seat_cap}, the dealer, passed with no bid made, but with stick the dealer the "
        "dealer must bid at least {least}."
    ),
    "alone_on_bid": (
        "{seat_cap} bid alone, but in this auction a lone hand is bid as a moon; the bid "
        "stands as a partnership bid."
    ),
    "bid_below_min": "{seat_cap} bid {bid}, below the lowest bid these rules allow ({least}).",
    "bid_above_hand": "{seat_cap} bid {bid}, more tricks than a hand has ({size}).",
    "lone_bid_off": "{seat_cap} bid {bid}, a bid these rules do not have.",
    "bid_no_trump_off": "{seat_cap} bid {bid}, a no-trump these rules do not allow.",
    "bid_not_higher": (
        "{seat_cap} bid {bid}, which does not outbid the highest bid so far, {high}."
    ),
    "declare_early": "{seat_cap} named trump before the auction had ended.",
    "declare_early_other": "{seat_cap} named trump before the auction had ended.",
    "declare_not_maker": "{seat_cap} named trump, but {maker} won the auction and names it.",
    "declare_named": "{seat_cap} named trump again; their winning bid had already named it.",
    "declare_no_trump_off": ("{seat_cap} named {no_trump}, which these rules do not allow."),
    "play_before_declare": "{seat_cap} played {card} before {maker} had named trump.",
    "play_before_own_declare": "{seat_cap} played {card} before naming trump.",
    "contract_lone_bid_off": "The reported contract is a lone bid these rules do not have.",
    "contract_bid_range": (
        "The reported contract bids a number of tricks these rules do not allow."
    ),
    "contract_no_trump_off": "The reported contract is a no-trump these rules do not allow.",
    "contract_other_trump": (
        "The reported contract names another trump than the winning bid, which named its own."
    ),
    "contract_not_higher": (
        "The reported contract does not outbid the highest bid of the reported auction."
    ),
    "contract_auction_passed": (
        "The reported contract has {maker} winning the auction, but {maker} has no bid left in it."
    ),
    "contract_own_raise": (
        "The reported contract has {maker} outbidding their own highest bid, which they can do"
        " only over a higher bid from another seat, so by at least two steps."
    ),
    "exchange_not_given": (
        "An exchange was reported, but these rules give this hand none: only a lone maker "
        "calling for best, or a moon, exchanges cards."
    ),
    "exchange_no_moon_pass": (
        "An exchange was reported, but under these rules a moon passes no cards"
        " (moon_exchange is 0)."
    ),
    "exchange_not_partner": (
        "A card was passed by a seat that is not a partner of the lone player, {seat}."
    ),
    "exchange_moon_count": (
        "Cards passed for the moon: {count}; under these rules the partner passes {wanted}."
    ),
    "exchange_one_card": (
        "Cards passed to {seat}: {count}; calling for best, one partner passes one card."
    ),
    "exchange_each_card": (
        "A partner passed {seat} two cards; calling for best, each partner passes at most one."
    ),
    "exchange_discard_count": (
        "{seat_cap} was passed {count} and laid away {laid}; they lay away as many cards as "
        "they are passed."
    ),
    "exchange_passed_laid_away": (
        "{seat_cap} laid away {card}, a card passed to them, but they choose what to lay away "
        "before they see what is passed."
    ),
    "passed_not_held": "{seat_cap} passed {card}, which they do not hold.",
    "laid_away_not_held": "{seat_cap} laid away {card}, which they do not hold.",
    "exchanged_twice": "{card_cap} is passed or laid away twice in the exchange.",
    "laid_away": "{seat_cap} played {card}, which {maker} laid away in the exchange.",
    "laid_away_own": "{seat_cap} played {card}, which they had laid away in the exchange.",
    "beyond_exchange": (
        "{seat_cap} played {card}, which is not among their cards ({hand}); their exchange (not "
        "reported) brings them at most {count} more, and they have played that many already."
    ),
}

REASONS: Final = {
    "make": "a make",
    "march": "a march",
    "lone-make": "a lone make",
    "lone-march": "a lone march",
    "euchre": "a euchre",
    "lone-euchre": "a euchred loner",
    "defend-alone-euchre": "a euchre by a lone defender",
    "renege": "a renege",
    "thrown-in": "a thrown-in hand",
    "bid-made": "a made bid",
    "bid-set": "a set bid",
    "moon-made": "a made moon",
    "moon-set": "a set moon",
    "loner-made": "a made loner",
    "loner-set": "a set loner",
}

LEADS: Final = {
    "left_of_dealer": "the seat left of the dealer leads the first trick",
    "left_of_loner": "under these rules the seat left of the lone player leads",
    "canadian_loner": "with the Canadian loner rule the seat left of a loner who ordered up leads",
    "won_last": "the winner of the last trick leads",
    "maker_leads": "the maker leads the first trick",
}
