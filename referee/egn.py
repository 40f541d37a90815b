"""Euchre Game Notation (EGN, JSON form): reading games into hand records, replaying them
through the referee, and writing checked hands back out.

EGN records a game as deals; each deal has an ``initialState`` (dealer, upcard, maybe the
dealt cards), a bidding phase (``calls`` in turn from the dealer's left, ``isAlone``,
``aloneDefender``, ``discard``) and a trick phase (``tricks``: cards in the order they hit the
table, from the leader, sitting-out seats skipped). EGN never says who played a card: the
first leader is ``initialLead`` or the lead rules, and each later trick is led by the winner
of the one before, which is the referee's to say. Scores (``initialScore``) are by team:
team 0 is seats 0 and 2.
"""

from __future__ import annotations

import json
from typing import Any, TextIO

from .cards import JOKER, Card, Suit, card_of
from .check import check
from .egn_format import (
    BIDDING,
    EGN_VERSION,
    FILE_TYPE,
    HAND_SIZE,
    LONER_LEADS,
    MATCH_FILE_TYPE,
    NO_LONE_DEFENDER,
    ORDER_WORDS,
    SEATS,
    SUIT_LETTERS,
    TRICK_PLAY,
    UNSUPPORTED_SWITCHES,
    DealReplay,
    EgnDeal,
    EgnGame,
    GameReplay,
    play_order,
    sitting_out,
)
from .egn_words import render
from .egn_write import egn_card, egn_ruleset, game_to_egn, hand_to_egn
from .errors import MalformedRecord, shown, shown_key
from .jsontext import json_error, read_file, read_json
from .rules import Ruleset
from .scoring import game_winner
from .verdict import Verdict

__all__ = [
    "BIDDING",
    "EGN_VERSION",
    "FILE_TYPE",
    "MATCH_FILE_TYPE",
    "SEATS",
    "TRICK_PLAY",
    "DealReplay",
    "EgnDeal",
    "EgnGame",
    "GameReplay",
    "egn_card",
    "egn_ruleset",
    "game_to_egn",
    "hand_to_egn",
    "read_card",
    "read_game",
    "read_match",
    "read_ruleset",
    "render",
    "replay",
    "run",
]

# ---------------------------------------------------------------------------------------------
# Reading


def read_game(data: object) -> EgnGame:
    """An EGN game (parsed JSON) as hand records; raises ``MalformedRecord`` naming the field."""
    if not isinstance(data, dict):
        raise MalformedRecord("egn", "an EGN game must be a JSON object")
    file_type = data.get("fileType", FILE_TYPE)
    if file_type == MATCH_FILE_TYPE:
        raise MalformedRecord("fileType", "this is a match (EMN) file: replay its games one by one")
    if file_type != FILE_TYPE:
        raise MalformedRecord(
            "fileType",
            "must be {expected}, not {value}",
            expected=shown(FILE_TYPE),
            value=file_type,
        )
    metadata = data.get("metadata", {})
    if not isinstance(metadata, dict):
        raise MalformedRecord("metadata", "must be an object", given=metadata)
    ruleset_json = read_ruleset(metadata.get("ruleset", {}))
    ruleset = Ruleset.parse(ruleset_json, "metadata.ruleset")
    title = metadata.get("title", "")
    if not isinstance(title, str):
        raise MalformedRecord("metadata.title", "must be a string", given=title)
    players = _players(metadata.get("players"))
    initial_score = _initial_score(metadata.get("initialScore", [0, 0]), ruleset)
    if "deals" not in data:
        raise MalformedRecord("deals", "is required")
    raw_deals = data["deals"]
    if not isinstance(raw_deals, list):
        raise MalformedRecord("deals", "must be a list of deals", given=raw_deals)
    deals = tuple(_read_deal(deal, f"deals[{i}]", ruleset_json) for i, deal in enumerate(raw_deals))
    return EgnGame(title, players, initial_score, ruleset, deals)


def read_match(data: object) -> list[EgnGame]:
    """The games of an EGN match file (EMN): each ``games[i].gameData`` is an EGN game."""
    if not isinstance(data, dict) or data.get("fileType") != MATCH_FILE_TYPE:
        raise MalformedRecord("fileType", "must be {expected}", expected=shown(MATCH_FILE_TYPE))
    games = data.get("games")
    if not isinstance(games, list):
        raise MalformedRecord("games", "must be a list of games", given=games)
    result = []
    for i, game in enumerate(games):
        if not isinstance(game, dict):
            raise MalformedRecord(f"games[{i}]", "must be an object with gameData", given=game)
        try:
            result.append(read_game(game.get("gameData")))
        except MalformedRecord as error:
            raise error.at(f"games[{i}].gameData.{error.field}") from None
    return result


def read_ruleset(value: object) -> dict[str, Any]:
    """EGN's rule flags as a referee ruleset object (see corpus README, "Reading EGN rulesets")."""
    if not isinstance(value, dict):
        raise MalformedRecord("metadata.ruleset", "must be an object of EGN rules", given=value)
    ruleset: dict[str, Any] = {"preset": "standard"}
    points: dict[str, int] = {}
    for rule, setting in value.items():
        field = f"metadata.ruleset.{shown_key(rule)}"
        if rule == "std":
            ruleset["stuck_dealer"] = "must-call" if _flag(setting, field) else "redeal"
        elif rule == "canadian":
            ruleset["partner_must_go_alone"] = _flag(setting, field)
        elif rule == "defend_alone":
            ruleset["defend_alone"] = _flag(setting, field)
        elif rule == "loner_lead":
            if not isinstance(setting, str) or setting not in LONER_LEADS:
                raise MalformedRecord(
                    field, "must be LEFT_OF_DEALER or LEFT_OF_LONER", given=setting
                )
            ruleset["loner_lead"] = LONER_LEADS[setting]
        elif rule == "min_rank":
            if _number(setting, field) not in (7, 9):
                raise MalformedRecord(field, "must be 9 (24 cards) or 7 (32 cards)", given=setting)
            if setting == 7:
                ruleset["deck"] = 32
        elif rule == "joker":
            if _flag(setting, field):
                ruleset["joker"] = True
        elif rule == "winning_score":
            if _number(setting, field) == 0:
                raise MalformedRecord(field, "games to a fixed number of deals are not supported")
            ruleset["target"] = setting
        elif rule == "num_deals":
            if _number(setting, field) != 0:
                raise MalformedRecord(field, "games to a fixed number of deals are not supported")
        elif rule == "num_players":
            if _number(setting, field) != SEATS:
                raise MalformedRecord(field, "only four-player EGN games are supported")
        elif rule == "loner_march_score":
            points["lone_march"] = _number(setting, field)
        elif rule == "loner_euchred_score":
            points["lone_euchre"] = _number(setting, field)
        elif rule in UNSUPPORTED_SWITCHES:
            if _flag(setting, field):
                raise MalformedRecord(field, "this EGN rule is not supported by the referee")
        else:
            raise MalformedRecord(field, "unknown EGN rule")
    if ruleset.pop("joker", False):
        if ruleset.get("deck") == 32:
            raise MalformedRecord(
                "metadata.ruleset.joker", "a joker with a 7-to-ace deck is not supported"
            )
        ruleset["deck"] = 25
    if points:
        ruleset["points"] = points
    return ruleset


def _flag(value: object, field: str) -> bool:
    if not isinstance(value, bool):
        raise MalformedRecord(field, "must be true or false", given=value)
    return value


def _number(value: object, field: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise MalformedRecord(field, "must be a whole number", given=value)
    if value < 0:
        raise MalformedRecord(field, "must be a whole number, 0 or more", given=value)
    return value


def _seat(value: object, field: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < SEATS:
        raise MalformedRecord(
            field, "must be a seat from 0 to {last}, not {value}", last=SEATS - 1, value=value
        )
    return value


def _players(value: object) -> tuple[str, ...]:
    if value is None:
        return ("",) * SEATS
    if not isinstance(value, list) or len(value) != SEATS:
        raise MalformedRecord(
            "metadata.players", "must list the {count} players by seat", count=SEATS
        )
    names = []
    for i, player in enumerate(value):
        name = player.get("name") if isinstance(player, dict) else player
        if not isinstance(name, str):
            raise MalformedRecord(
                f"metadata.players[{i}]", 'must be a name or {"name": ...}', given=player
            )
        names.append(name)
    return tuple(names)


def _initial_score(value: object, ruleset: Ruleset) -> tuple[int, ...]:
    teams = ruleset.team_count
    if not isinstance(value, list) or len(value) != teams:
        raise MalformedRecord(
            "metadata.initialScore", "must give the {count} teams' scores", count=teams
        )
    return tuple(_number(points, f"metadata.initialScore[{t}]") for t, points in enumerate(value))


def read_card(value: object, field: str, trump: Suit | None = None) -> Card:
    """A card as EGN writes it: ``Jc``, ``Th``, ``10h``, ``Nd`` (a nine), ``B`` (the joker),
    ``R``/``L`` (the bowers, once trump is known)."""
    if not isinstance(value, str) or not value.strip():
        raise MalformedRecord(
            field, "{value} is not a card (EGN writes rank then suit: Jc, Th)", value=value
        )
    text = value.strip()
    upper = text.upper()
    if upper in ("R", "L"):
        if trump is None:
            raise MalformedRecord(
                field, "{value} names a bower, but no call has made trump", value=text
            )
        return card_of("J" + (trump if upper == "R" else trump.partner).value)
    if upper[0] == "X" or (len(upper) == 2 and upper[1] == "X"):
        raise MalformedRecord(
            field, "{value} is an unknown card; a replay needs every card played", value=text
        )
    if len(upper) == 2 and upper[1] in "TNG":
        raise MalformedRecord(
            field, "{value} uses a generic suit (t, n, g), which cannot be replayed", value=text
        )
    if len(upper) == 2 and upper[0] == "N":
        text = "9" + text[1]
    card = Card.parse(text)
    if card is None:
        raise MalformedRecord(
            field, "{value} is not a card (EGN writes rank then suit: Jc, Th)", value=value
        )
    return card


def _read_deal(deal: object, path: str, ruleset_json: dict[str, Any]) -> EgnDeal:
    if isinstance(deal, str):
        raise MalformedRecord(
            path, "packed (binary) deals are not supported: unpack the file first"
        )
    if not isinstance(deal, dict):
        raise MalformedRecord(path, "must be a deal object", given=deal)
    number = deal.get("dealNumber", 0)
    if isinstance(number, bool) or not isinstance(number, int):
        raise MalformedRecord(f"{path}.dealNumber", "must be a whole number", given=number)
    state = deal.get("initialState")
    if not isinstance(state, dict):
        raise MalformedRecord(f"{path}.initialState", "is required: an object with the dealer")
    if "dealer" not in state:
        raise MalformedRecord(f"{path}.initialState.dealer", "is required")
    dealer = _seat(state["dealer"], f"{path}.initialState.dealer")
    record: dict[str, Any] = {"ruleset": ruleset_json, "dealer": dealer}
    upcard = None
    if state.get("upCard") is not None:
        upcard = read_card(state["upCard"], f"{path}.initialState.upCard")
        record["upcard"] = upcard.code
    bidding, play = _phases(deal.get("phases", []), path)
    named_trump = None
    if bidding is not None:
        bidding_path, bidding_phase = bidding
        named_trump = _read_bidding(bidding_phase, bidding_path, record, dealer, upcard)
    hands_key = "playerCards" if "playerCards" in state else "player_cards"
    hands = _read_hands(state.get(hands_key), f"{path}.initialState.{hands_key}", named_trump)
    if hands:
        record["hands"] = hands
    if play is not None:
        play_path, play_phase = play
        _read_tricks(play_phase, play_path, record)
    return EgnDeal(number, path, record)


def _phases(
    value: object, path: str
) -> tuple[tuple[str, dict[str, Any]] | None, tuple[str, dict[str, Any]] | None]:
    if not isinstance(value, list):
        raise MalformedRecord(f"{path}.phases", "must be a list of phases", given=value)
    found: dict[str, tuple[str, dict[str, Any]]] = {}
    for i, phase in enumerate(value):
        phase_path = f"{path}.phases[{i}]"
        if not isinstance(phase, dict):
            raise MalformedRecord(phase_path, "must be a phase object", given=phase)
        kind = phase.get("type")
        if kind not in (BIDDING, TRICK_PLAY):
            raise MalformedRecord(
                f"{phase_path}.type", "must be {one} or {other}", one=BIDDING, other=TRICK_PLAY
            )
        if kind in found:
            raise MalformedRecord(f"{phase_path}.type", "a deal has one {kind} phase", kind=kind)
        found[str(kind)] = (phase_path, phase)
    if TRICK_PLAY in found and BIDDING not in found:
        raise MalformedRecord(f"{path}.phases", "tricks need the bidding that made trump")
    return found.get(BIDDING), found.get(TRICK_PLAY)


def _read_bidding(
    phase: dict[str, Any], path: str, record: dict[str, Any], dealer: int, upcard: Card | None
) -> Suit | None:
    """Fill the record's bids and discard; return the trump the calls name, if any."""
    calls = phase.get("calls")
    if not isinstance(calls, list):
        raise MalformedRecord(f"{path}.calls", "is required: a list of calls")
    alone = phase.get("isAlone", False)
    if not isinstance(alone, bool):
        raise MalformedRecord(f"{path}.isAlone", "must be true or false", given=alone)
    bids: list[dict[str, Any]] = []
    trump: Suit | None = None
    making: dict[str, Any] | None = None
    for i, call in enumerate(calls):
        field = f"{path}.calls[{i}]"
        word = call.strip().lower() if isinstance(call, str) else None
        seat = (dealer + 1 + i) % SEATS
        if word == "pass":
            bids.append({"seat": seat, "action": "pass"})
            continue
        if word in ORDER_WORDS:
            bid: dict[str, Any] = {"seat": seat, "action": "order-up"}
            named = None if upcard is None else upcard.suit
            declared_alone = ORDER_WORDS[word]
        elif word in SUIT_LETTERS:
            named = SUIT_LETTERS[word]
            if i == 0 and upcard is JOKER:
                seat = dealer  # with the joker turned, the dealer names trump before any bid
            bid = {"seat": seat, "action": "call", "suit": named.value}
            declared_alone = False
        else:
            raise MalformedRecord(
                field, "{value} is not an EGN call (Pass, Order, or c d h s)", value=call
            )
        if making is None:
            making, trump = bid, named
            if alone or declared_alone:
                bid["alone"] = True
        bids.append(bid)
    if alone and making is None:
        raise MalformedRecord(f"{path}.isAlone", "is true, but no call made trump")
    defender = phase.get("aloneDefender", NO_LONE_DEFENDER)
    if defender != NO_LONE_DEFENDER:
        defender = _seat(defender, f"{path}.aloneDefender")
        if making is None:
            raise MalformedRecord(f"{path}.aloneDefender", "is set, but no call made trump")
        bids.insert(bids.index(making) + 1, {"seat": defender, "action": "defend-alone"})
    record["bids"] = bids
    if phase.get("discard") is not None:
        record["discard"] = read_card(phase["discard"], f"{path}.discard", trump).code
    return trump


def _read_hands(value: object, path: str, trump: Suit | None) -> dict[str, list[str]]:
    """Dealt cards by seat; empty hands, blanks and unknown (X) cards are left out."""
    if value is None:
        return {}
    if not isinstance(value, list) or len(value) != SEATS:
        raise MalformedRecord(path, "must list the {count} seats' dealt cards", count=SEATS)
    hands: dict[str, list[str]] = {}
    for seat, cards in enumerate(value):
        if not isinstance(cards, list):
            raise MalformedRecord(f"{path}[{seat}]", "must be a list of cards", given=cards)
        known = [
            read_card(card, f"{path}[{seat}][{i}]", trump).code
            for i, card in enumerate(cards)
            if not _unknown(card)
        ]
        if len(known) > HAND_SIZE:
            raise MalformedRecord(
                f"{path}[{seat}]",
                "a hand has at most {size} cards, not {count}",
                size=HAND_SIZE,
                count=len(known),
            )
        if known:
            hands[str(seat)] = known
    return hands


def _unknown(card: object) -> bool:
    """A blank or an EGN unknown card (``Xx``, ``Xc``, ``Jx``): a dealt card nobody saw."""
    if not isinstance(card, str):
        return False
    text = card.strip().upper()
    return not text or (len(text) == 2 and "X" in text)


def _read_tricks(phase: dict[str, Any], path: str, record: dict[str, Any]) -> None:
    """Give each EGN play its seat; the referee says who won each trick and so leads next."""
    tricks = phase.get("tricks")
    if not isinstance(tricks, list):
        raise MalformedRecord(f"{path}.tricks", "is required: a list of tricks")
    record["tricks"] = []
    if not tricks:
        return
    contract = _judge(record, path).contract
    if contract is None:
        raise MalformedRecord(f"{path}.tricks", "cards were played, but no call made trump")
    if contract.trump is None:
        raise MalformedRecord(
            f"{path}.tricks", "cards were played, but without the upcard the trump suit is unknown"
        )
    out = sitting_out(contract)
    if "initialLead" in phase:
        leader = _seat(phase["initialLead"], f"{path}.initialLead")
    else:
        leader = _leader_of_next_trick(record, path)
    for t, trick in enumerate(tricks):
        trick_path = f"{path}.tricks[{t}]"
        if not isinstance(trick, list) or not trick:
            raise MalformedRecord(trick_path, "must be a list of the cards played", given=trick)
        order = play_order(leader, out)
        record["tricks"].append(
            [
                {
                    "seat": order[p % len(order)],
                    "card": read_card(card, f"{trick_path}[{p}]", contract.trump).code,
                }
                for p, card in enumerate(trick)
            ]
        )
        if t + 1 < len(tricks):
            leader = _leader_of_next_trick(record, trick_path)


def _leader_of_next_trick(record: dict[str, Any], path: str) -> int:
    """Ask the referee who leads next: it closes every trick that has one after it, so an
    empty trick after the record's tricks gets the lead rules' or the last winner's seat."""
    probe = _judge(dict(record, tricks=[*record["tricks"], []]), path)
    leader = probe.tricks[-1].leader
    if leader is None or (record["tricks"] and probe.tricks[-2].winner is None):
        raise MalformedRecord(path, "no card of this trick counts, so no one won it to lead next")
    return leader


# ---------------------------------------------------------------------------------------------
# Replaying


def _judge(record: dict[str, Any], path: str, lang: str = "en") -> Verdict:
    """The referee's verdict on a record built from the deal at ``path``."""
    try:
        return check(record, lang=lang)
    except MalformedRecord as error:
        raise error.inside(path) from None


def replay(game: EgnGame, *, lang: str = "en") -> GameReplay:
    """Each deal's verdict and the running score, from ``initialScore``. The winner is the
    team the game ended with: after the first deal that leaves one team alone on top at or
    above the target (``game_winner``); deals recorded after it do not change it."""
    score = list(game.initial_score)
    winner = game_winner(game.ruleset, score)
    deals = []
    for deal in game.deals:
        verdict = _judge(deal.record, deal.path, lang)
        if verdict.award is not None:
            for team, points in verdict.award.points.items():
                score[team] += points
        if winner is None:
            winner = game_winner(game.ruleset, score)
        deals.append(DealReplay(deal, verdict, tuple(score)))
    return GameReplay(game, tuple(deals), tuple(score), winner)


def run(path: str, *, as_json: bool, lang: str, stdout: TextIO, stderr: TextIO) -> int:
    """``python -m referee egn FILE [--json] [--lang ko]``: 0 when every deal is clean, 1 when
    any has violations, 2 (one line on stderr) when the file cannot be read or replayed."""
    try:
        text = read_file(path)
    except MalformedRecord as error:  # (its detail names the file)
        stderr.write(f"{_one_line(error.detail_in(lang))}\n")
        return 2
    not_json = json_error(text)  # (only to say where text that is not JSON goes wrong)
    if not_json is not None:
        stderr.write(f"{path}: {_one_line(not_json.detail_in(lang))}\n")
        return 2
    try:
        # As a record is read: NaN is no JSON, and 1e999 or 5,000 digits are named where they stand.
        result = replay(read_game(read_json(text, "egn")), lang=lang)
    except MalformedRecord as error:
        stderr.write(f"{path}: {_one_line(error.field)}: {_one_line(error.detail_in(lang))}\n")
        return 2
    if as_json:
        json.dump(result.to_json(), stdout, ensure_ascii=False)
        stdout.write("\n")
    else:
        stdout.write(render(result, lang=lang))
    return 0 if result.ok else 1


def _one_line(text: str) -> str:
    return " ".join(text.split())
