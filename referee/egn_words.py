"""A replayed EGN game read aloud, in English or Korean."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final

from .egn_format import SEATS, GameReplay
from .messages import ordinal, reason_words
from .terms import KOREAN_TERMS
from .verdict import Contract

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
        "level": "No winner yet: level at the top with {points} points, play goes on",
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
        "deal": "{nth} " + KOREAN_TERMS["t_deal"] + ", " + KOREAN_TERMS["t_dealer"] + " {dealer}",
        "order-up": "{maker}: {suit} 오더 업",
        "pick-up": "{maker}: {suit} 업카드 가져감",
        "call": "{maker}: {suit} 부름",
        "alone": ", " + KOREAN_TERMS["t_lone"],
        "defends": "; " + KOREAN_TERMS["t_defend_alone"] + ": {seat}",
        "no-trump": "트럼프를 정하지 않음",
        "maker-tricks": "메이커 {n}트릭",
        "award": "{reason}: {points}",
        "no-points": "{reason}: 점수 없음",
        "points": "{team} +{points}",
        "unfinished": "끝나지 않은 " + KOREAN_TERMS["t_deal"],
        "violation": "위반: {message}",
        "score": "점수 {score}",
        "final": "최종 점수 {score}",
        "winner": "승리: {team}",
        "no-winner": "아직 {target}점에 이른 팀이 없음",
        "level": "아직 승리 팀 없음: {points}점 동점으로 게임이 이어짐",
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
        deal_words = {"n": n, "nth": ordinal(n, lang), "dealer": seat(record["dealer"])}
        lines.append(words["deal"].format(**deal_words))
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
    best = max(result.final_score)
    if result.winner is None and best >= game.ruleset.target:
        # (teams level at the top, at or above the target: reached, but nobody has won)
        lines.append(words["level"].format(points=best))
    elif result.winner is None:
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
