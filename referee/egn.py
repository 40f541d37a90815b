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
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, fields
from typing import Any, Final, TextIO

from .cards import JOKER, Card, Suit, card_of
from .check import check
from .errors import MalformedRecord, shown
from .jsontext import read_json
from .messages import reason_words
from .record import Record, parse_record
from .rules import Ruleset
from .scoring import game_winner
from .verdict import Contract, Verdict

FILE_TYPE: Final = "Euchre Game Notation"
MATCH_FILE_TYPE: Final = "Euchre Match Notation"
EGN_VERSION: Final = "1.4"
#: EGN records four-player turn-up games: four seats, five cards a hand.
SEATS: Final = 4
HAND_SIZE: Final = 5
BIDDING: Final = "EUCHRE_BIDDING"
TRICK_PLAY: Final = "TRICK_PLAY"
NO_LONE_DEFENDER: Final = -1

#: Round-1 words that make the upcard's suit trump; "Alone" also declares a lone hand.
_ORDER_WORDS: Final = {"order": False, "pickup": False, "call": False, "alone": True}
_SUIT_LETTERS: Final = {"c": Suit.CLUBS, "d": Suit.DIAMONDS, "h": Suit.HEARTS, "s": Suit.SPADES}
_LONER_LEADS: Final = {"LEFT_OF_DEALER": "left-of-dealer", "LEFT_OF_LONER": "left-of-loner"}
#: EGN rules the referee does not play; accepted only when switched off.
_UNSUPPORTED_SWITCHES: Final = (
    "farmers",
    "partners_best",
    "go_under",
    "allow_no_trump",
    "fast_break",
    "four_trick_tokens",
)


# ---------------------------------------------------------------------------------------------
# Games as the referee sees them


@dataclass(frozen=True, slots=True)
class EgnDeal:
    """One EGN deal turned into a hand record; ``path`` locates it in the file."""

    number: int
    path: str
    record: dict[str, Any]


@dataclass(frozen=True, slots=True)
class EgnGame:
    title: str
    players: tuple[str, ...]
    initial_score: tuple[int, ...]
    ruleset: Ruleset
    deals: tuple[EgnDeal, ...]


@dataclass(frozen=True, slots=True)
class DealReplay:
    deal: EgnDeal
    verdict: Verdict
    score: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class GameReplay:
    game: EgnGame
    deals: tuple[DealReplay, ...]
    final_score: tuple[int, ...]
    winner: int | None

    @property
    def ok(self) -> bool:
        return all(deal.verdict.ok for deal in self.deals)

    def to_json(self) -> dict[str, Any]:
        return {
            "deals": [
                {"verdict": deal.verdict.to_json(), "score": list(deal.score)}
                for deal in self.deals
            ],
            "final_score": list(self.final_score),
            "winner": self.winner,
        }


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
        raise MalformedRecord("metadata", "must be an object")
    ruleset_json = read_ruleset(metadata.get("ruleset", {}))
    ruleset = Ruleset.parse(ruleset_json, "metadata.ruleset")
    title = metadata.get("title", "")
    if not isinstance(title, str):
        raise MalformedRecord("metadata.title", "must be a string")
    players = _players(metadata.get("players"))
    initial_score = _initial_score(metadata.get("initialScore", [0, 0]), ruleset)
    if "deals" not in data:
        raise MalformedRecord("deals", "is required")
    raw_deals = data["deals"]
    if not isinstance(raw_deals, list):
        raise MalformedRecord("deals", "must be a list of deals")
    deals = tuple(_read_deal(deal, f"deals[{i}]", ruleset_json) for i, deal in enumerate(raw_deals))
    return EgnGame(title, players, initial_score, ruleset, deals)


def read_match(data: object) -> list[EgnGame]:
    """The games of an EGN match file (EMN): each ``games[i].gameData`` is an EGN game."""
    if not isinstance(data, dict) or data.get("fileType") != MATCH_FILE_TYPE:
        raise MalformedRecord("fileType", "must be {expected}", expected=shown(MATCH_FILE_TYPE))
    games = data.get("games")
    if not isinstance(games, list):
        raise MalformedRecord("games", "must be a list of games")
    result = []
    for i, game in enumerate(games):
        if not isinstance(game, dict):
            raise MalformedRecord(f"games[{i}]", "must be an object with gameData")
        try:
            result.append(read_game(game.get("gameData")))
        except MalformedRecord as error:
            raise error.at(f"games[{i}].gameData.{error.field}") from None
    return result


def read_ruleset(value: object) -> dict[str, Any]:
    """EGN's rule flags as a referee ruleset object (see corpus README, "Reading EGN rulesets")."""
    if not isinstance(value, dict):
        raise MalformedRecord("metadata.ruleset", "must be an object of EGN rules")
    ruleset: dict[str, Any] = {"preset": "standard"}
    points: dict[str, int] = {}
    for rule, setting in value.items():
        field = f"metadata.ruleset.{rule}"
        if rule == "std":
            ruleset["stuck_dealer"] = "must-call" if _flag(setting, field) else "redeal"
        elif rule == "canadian":
            ruleset["partner_must_go_alone"] = _flag(setting, field)
        elif rule == "defend_alone":
            ruleset["defend_alone"] = _flag(setting, field)
        elif rule == "loner_lead":
            if not isinstance(setting, str) or setting not in _LONER_LEADS:
                raise MalformedRecord(field, "must be LEFT_OF_DEALER or LEFT_OF_LONER")
            ruleset["loner_lead"] = _LONER_LEADS[setting]
        elif rule == "min_rank":
            if _number(setting, field) not in (7, 9):
                raise MalformedRecord(field, "must be 9 (24 cards) or 7 (32 cards)")
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
        elif rule in _UNSUPPORTED_SWITCHES:
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
        raise MalformedRecord(field, "must be true or false")
    return value


def _number(value: object, field: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise MalformedRecord(field, "must be a whole number")
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
            raise MalformedRecord(f"metadata.players[{i}]", 'must be a name or {"name": ...}')
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
        raise MalformedRecord(path, "must be a deal object")
    number = deal.get("dealNumber", 0)
    if isinstance(number, bool) or not isinstance(number, int):
        raise MalformedRecord(f"{path}.dealNumber", "must be a whole number")
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
        raise MalformedRecord(f"{path}.phases", "must be a list of phases")
    found: dict[str, tuple[str, dict[str, Any]]] = {}
    for i, phase in enumerate(value):
        phase_path = f"{path}.phases[{i}]"
        if not isinstance(phase, dict):
            raise MalformedRecord(phase_path, "must be a phase object")
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
        raise MalformedRecord(f"{path}.isAlone", "must be true or false")
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
        if word in _ORDER_WORDS:
            bid: dict[str, Any] = {"seat": seat, "action": "order-up"}
            named = None if upcard is None else upcard.suit
            declared_alone = _ORDER_WORDS[word]
        elif word in _SUIT_LETTERS:
            named = _SUIT_LETTERS[word]
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
            raise MalformedRecord(f"{path}[{seat}]", "must be a list of cards")
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
    sitting_out = _sitting_out(contract)
    if "initialLead" in phase:
        leader = _seat(phase["initialLead"], f"{path}.initialLead")
    else:
        leader = _leader_of_next_trick(record, path)
    for t, trick in enumerate(tricks):
        trick_path = f"{path}.tricks[{t}]"
        if not isinstance(trick, list) or not trick:
            raise MalformedRecord(trick_path, "must be a list of the cards played")
        order = _play_order(leader, sitting_out)
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


def _sitting_out(contract: Contract) -> frozenset[int]:
    seats = set()
    if contract.alone:
        seats.add((contract.maker + 2) % SEATS)
    if contract.defender_alone is not None:
        seats.add((contract.defender_alone + 2) % SEATS)
    return frozenset(seats)


def _play_order(leader: int, sitting_out: frozenset[int]) -> list[int]:
    """The leader, then each seat that plays, clockwise."""
    others = [(leader + k) % SEATS for k in range(1, SEATS)]
    return [leader, *(seat for seat in others if seat not in sitting_out)]


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
        with open(path, encoding="utf-8") as file:
            text = file.read()
    except OSError as error:
        stderr.write(f"{path}: cannot read the file: {error.strerror or error}\n")
        return 2
    except UnicodeDecodeError:
        stderr.write(f"{path}: not UTF-8 text\n")
        return 2
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        stderr.write(f"{path}: not JSON: {error.msg} (line {error.lineno}, column {error.colno})\n")
        return 2
    except (ValueError, RecursionError):
        try:
            data = read_json(text, "egn")
        except MalformedRecord as error:
            stderr.write(f"{path}: {_one_line(error.field)}: {_one_line(error.detail_in(lang))}\n")
            return 2
    try:
        result = replay(read_game(data), lang=lang)
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


# ---------------------------------------------------------------------------------------------
# Reading aloud

_WORDS: Final[dict[str, dict[str, str]]] = {
    "en": {
        "seat": "seat {seat}",
        "named": "seat {seat} ({name})",
        "team": "team {team} ({names})",
        "deal": "Deal {n}, dealt by {dealer}",
        "order-up": "{maker} ordered up {suit}",
        "pick-up": "{maker} picked up {suit}",
        "call": "{maker} called {suit}",
        "alone": ", alone",
        "defends": "; {seat} defends alone",
        "no-trump": "no trump made",
        "maker-tricks": "makers took {n} tricks",
        "award": "{reason}: {points}",
        "no-points": "{reason}: no points",
        "points": "{team} +{points}",
        "unfinished": "hand not finished",
        "violation": "violation: {message}",
        "score": "score {score}",
        "final": "Final score {score}",
        "winner": "Winner: {team}",
        "no-winner": "No team has reached {target} yet",
        "C": "clubs",
        "D": "diamonds",
        "H": "hearts",
        "S": "spades",
        "unknown-suit": "the upcard's suit (not reported)",
    },
    "ko": {
        "seat": "{seat}번 자리",
        "named": "{seat}번 자리({name})",
        "team": "{team}팀({names})",
        "deal": "{n}번째 딜, 딜러 {dealer}",
        "order-up": "{maker}: {suit} 오더 업",
        "pick-up": "{maker}: {suit} 업카드 가져감",
        "call": "{maker}: {suit} 부름",
        "alone": ", 혼자 하기",
        "defends": "; 혼자 수비: {seat}",
        "no-trump": "트럼프를 정하지 않음",
        "maker-tricks": "메이커 {n}트릭",
        "award": "{reason}: {points}",
        "no-points": "{reason}: 점수 없음",
        "points": "{team} +{points}",
        "unfinished": "끝나지 않은 핸드",
        "violation": "위반: {message}",
        "score": "점수 {score}",
        "final": "최종 점수 {score}",
        "winner": "승리: {team}",
        "no-winner": "아직 {target}점에 이른 팀이 없음",
        "C": "클럽",
        "D": "다이아몬드",
        "H": "하트",
        "S": "스페이드",
        "unknown-suit": "업카드의 무늬(적히지 않음)",
    },
}


def render(result: GameReplay, *, lang: str = "en") -> str:
    """The replay as lines a player reads: each deal, then the final score and winner."""
    words = _WORDS.get(lang, _WORDS["en"])
    game = result.game

    def seat(number: int) -> str:
        name = game.players[number]
        return words["named" if name else "seat"].format(seat=number, name=name)

    def team(number: int) -> str:
        seats = [s for s in range(SEATS) if game.ruleset.team_of(s) == number]
        names = " & ".join(game.players[s] or words["seat"].format(seat=s) for s in seats)
        return words["team"].format(team=number, names=names)

    def score(values: Sequence[int]) -> str:
        return words["score"].format(score=" - ".join(str(v) for v in values))

    lines = []
    for n, deal in enumerate(result.deals, start=1):
        record, verdict = deal.deal.record, deal.verdict
        lines.append(words["deal"].format(n=n, dealer=seat(record["dealer"])))
        lines.append("  " + _contract_words(record, verdict.contract, words, seat))
        if verdict.maker_tricks is not None:
            lines.append("  " + words["maker-tricks"].format(n=verdict.maker_tricks))
        if verdict.award is None:
            lines.append("  " + words["unfinished"])
        elif verdict.award.points:
            points = ", ".join(
                words["points"].format(team=team(t), points=p)
                for t, p in sorted(verdict.award.points.items())
            )
            lines.append(
                "  "
                + words["award"].format(
                    reason=reason_words(verdict.award.reason, lang), points=points
                )
            )
        else:
            lines.append(
                "  " + words["no-points"].format(reason=reason_words(verdict.award.reason, lang))
            )
        lines.extend(
            "  " + words["violation"].format(message=v.message) for v in verdict.violations
        )
        lines.append("  " + score(deal.score))
    lines.append(words["final"].format(score=" - ".join(str(v) for v in result.final_score)))
    if result.winner is None:
        lines.append(words["no-winner"].format(target=game.ruleset.target))
    else:
        lines.append(words["winner"].format(team=team(result.winner)))
    return "\n".join(lines) + "\n"


def _contract_words(
    record: Mapping[str, Any],
    contract: Contract | None,
    words: Mapping[str, str],
    seat: Callable[[int], str],
) -> str:
    if contract is None:
        return words["no-trump"]
    making = next(
        (
            bid
            for bid in record.get("bids", [])
            if bid["seat"] == contract.maker and bid["action"] in ("order-up", "call")
        ),
        None,
    )
    kind = "call"
    if making is not None and making["action"] == "order-up":
        kind = "pick-up" if contract.maker == record["dealer"] else "order-up"
    suit = words["unknown-suit"] if contract.trump is None else words[contract.trump.value]
    text = words[kind].format(maker=seat(contract.maker), suit=suit)
    if contract.alone:
        text += words["alone"]
    if contract.defender_alone is not None:
        text += words["defends"].format(seat=seat(contract.defender_alone))
    return text


# ---------------------------------------------------------------------------------------------
# Writing


def egn_card(card: Card) -> str:
    """A card as EGN writes it: rank, then the suit in lower case (``Th``); the joker is ``B``."""
    if card.suit is None:
        return "B"
    return card.rank + card.suit.value.lower()


def hand_to_egn(record: Mapping[str, Any], verdict: Verdict, *, deal_number: int) -> dict[str, Any]:
    """One EGN deal from a checked hand record. Raises ``MalformedRecord`` for a hand EGN
    cannot write down: bidding or plays out of turn, a redeal request, a table other than four."""
    hand = parse_record(dict(record))
    if hand.ruleset.players != SEATS:
        raise MalformedRecord("ruleset.players", "EGN records four-player games")
    state: dict[str, Any] = {"dealer": hand.dealer}
    if hand.upcard is not None:
        state["upCard"] = egn_card(hand.upcard)
    if hand.hands:
        state["playerCards"] = [
            [egn_card(card) for card in hand.hands.get(seat, [])] for seat in range(SEATS)
        ]
    phases: list[dict[str, Any]] = []
    if hand.bids is not None:
        phases.append(_bidding_phase(hand, verdict))
    elif hand.contract is not None:
        raise MalformedRecord(
            "bids", "EGN records the calls, and this record gives only a contract"
        )
    if hand.tricks:
        phases.append(_trick_phase(hand, verdict))
    for number, phase in enumerate(phases):
        phase["phaseNumber"] = number
    return {"dealNumber": deal_number, "initialState": state, "phases": phases}


def _bidding_phase(hand: Record, verdict: Verdict) -> dict[str, Any]:
    assert hand.bids is not None
    calls: list[str] = []
    alone = False
    defender = NO_LONE_DEFENDER
    for i, bid in enumerate(hand.bids):
        field = f"bids[{i}]"
        if bid.action == "defend-alone":
            defender = bid.seat
            continue
        if bid.action == "redeal":
            raise MalformedRecord(field, "EGN has no call for a poor-hand redeal")
        joker_naming = not calls and hand.upcard is JOKER and bid.action == "call"
        if bid.seat != (hand.dealer + 1 + len(calls)) % SEATS and not joker_naming:
            raise MalformedRecord(f"{field}.seat", "EGN lists calls in turn from the dealer's left")
        if bid.action == "pass":
            calls.append("Pass")
        elif bid.action == "order-up":
            calls.append("Order")
        else:
            assert bid.suit is not None
            calls.append(bid.suit.value.lower())
        alone = alone or bid.alone
    phase: dict[str, Any] = {"type": BIDDING, "calls": calls, "isAlone": alone}
    contract = verdict.contract
    if contract is not None and contract.defender_alone is not None:
        defender = contract.defender_alone
    if defender != NO_LONE_DEFENDER:
        phase["aloneDefender"] = defender
    if hand.discard is not None:
        phase["discard"] = egn_card(hand.discard)
    return phase


def _trick_phase(hand: Record, verdict: Verdict) -> dict[str, Any]:
    """The reported plays in EGN order; EGN cannot say who played, so the seats must be the
    ones a replay will give them: each trick clockwise from the last one's winner."""
    sitting_out = _sitting_out(verdict.contract) if verdict.contract else frozenset()
    for t, trick in enumerate(hand.tricks):
        if not trick:
            raise MalformedRecord(f"tricks[{t}]", "EGN has no empty tricks")
        leader = trick[0][0]
        if t > 0 and leader != verdict.tricks[t - 1].winner:
            raise MalformedRecord(f"tricks[{t}]", "EGN has each trick led by the last one's winner")
        order = _play_order(leader, sitting_out)
        if [seat for seat, _ in trick] != order[: len(trick)]:
            raise MalformedRecord(f"tricks[{t}]", "EGN lists a trick clockwise from its leader")
    return {
        "type": TRICK_PLAY,
        "initialLead": hand.tricks[0][0][0],
        "tricks": [[egn_card(card) for _, card in trick] for trick in hand.tricks],
    }


def game_to_egn(
    hands: Sequence[tuple[Mapping[str, Any], Verdict]],
    *,
    players: Sequence[str] = ("", "", "", ""),
    initial_score: Sequence[int] = (0, 0),
    title: str = "",
    description: str = "",
    date: str | None = None,
) -> dict[str, Any]:
    """A whole EGN game from checked hands (all under one ruleset) and the game's metadata."""
    rulesets = {Ruleset.parse(record.get("ruleset", "standard")) for record, _ in hands}
    if len(rulesets) > 1:
        raise MalformedRecord("ruleset", "every hand of an EGN game is played under one ruleset")
    ruleset = rulesets.pop() if rulesets else Ruleset.parse("standard")
    if len(players) != SEATS:
        raise MalformedRecord("players", "EGN names the {count} players by seat", count=SEATS)
    metadata: dict[str, Any] = {"title": title, "description": description}
    if date is not None:
        metadata["date"] = date
    metadata |= {
        "players": list(players),
        "initialScore": list(initial_score),
        "ruleset": egn_ruleset(ruleset),
    }
    return {
        "fileType": FILE_TYPE,
        "version": EGN_VERSION,
        "metadata": metadata,
        "deals": [
            hand_to_egn(record, verdict, deal_number=n) for n, (record, verdict) in enumerate(hands)
        ],
    }


def egn_ruleset(ruleset: Ruleset) -> dict[str, Any]:
    """A referee ruleset as EGN's rule flags; raises ``MalformedRecord`` for what EGN cannot say."""
    standard = Ruleset.parse("standard")
    if ruleset.stuck_dealer == "takes-upcard":
        raise MalformedRecord(
            "ruleset.stuck_dealer", "EGN has no rule for a dealer taking the upcard"
        )
    expressible = {
        "players",
        "deck",
        "target",
        "stuck_dealer",
        "defend_alone",
        "loner_lead",
        "partner_must_go_alone",
        "preset",
        "points",
    }
    for option in (f.name for f in fields(ruleset)):
        if option not in expressible and getattr(ruleset, option) != getattr(standard, option):
            raise MalformedRecord(f"ruleset.{option}", "EGN has no rule for this option")
    for point in (f.name for f in fields(ruleset.points)):
        if point in ("lone_march", "lone_euchre"):
            continue
        if getattr(ruleset.points, point) != getattr(standard.points, point):
            raise MalformedRecord(f"ruleset.points.{point}", "EGN has no rule for this point value")
    if ruleset.players != SEATS:
        raise MalformedRecord("ruleset.players", "EGN records four-player games")
    flags: dict[str, Any] = {
        "std": ruleset.stuck_dealer == "must-call",
        "canadian": ruleset.partner_must_go_alone,
        "loner_lead": {v: k for k, v in _LONER_LEADS.items()}[ruleset.loner_lead],
    }
    if ruleset.deck == 32:
        flags["min_rank"] = 7
    if ruleset.deck == 25:
        flags["joker"] = True
    if ruleset.defend_alone:
        flags["defend_alone"] = True
    if ruleset.target != standard.target:
        flags["winning_score"] = ruleset.target
    if ruleset.points.lone_march != standard.points.lone_march:
        flags["loner_march_score"] = ruleset.points.lone_march
    if ruleset.points.lone_euchre != standard.points.lone_euchre:
        flags["loner_euchred_score"] = ruleset.points.lone_euchre
    return flags
