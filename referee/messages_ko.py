"""The referee's rulings in Korean: a template for each breach, the words for a hand's result
and for who leads. The game's terms come from the table (``terms.py``, docs/terms.md): a
template writes ``{t_lone}`` where 단독 플레이 stands, and each particle after a placeholder
takes the form its word needs (``{t_upcard}을(를)`` is 업카드를)."""

from __future__ import annotations

from typing import Final

TEMPLATES: Final[dict[str, str]] = {
    "not_in_deck": "{card}은(는) 이 게임의 {size}장 덱에 없는 카드입니다.",
    "upcard_in_hand": "{card}은(는) {t_upcard}이므로 {seat}의 {t_cards_held}에 있을 수 없습니다.",
    "twice_in_hand": "{card}이(가) {seat}의 {t_cards_held}에 두 번 적혀 있습니다.",
    "dealt_twice": "{card}이(가) {other}와(과) {seat}의 {t_cards_held}에 모두 적혀 있습니다.",
    "bid_after_throw_in": "{seat}이(가) {t_deal}이(가) 무효가 된 뒤에 {t_bid}했습니다.",
    "bid_sitting_out": (
        "{seat}이(가) {t_bid}했지만, {t_partner}인 {partner}이(가) {t_lone}을(를) 하므로 이번 "
        "{t_deal}에서 빠져 있어야 합니다."
    ),
    "bid_sitting_out_for_defender": (
        "{seat}이(가) {t_bid}했지만, {t_partner}인 {partner}이(가) {t_defend_alone}을(를) "
        "하므로 이번 {t_deal}에서 빠져 있어야 합니다."
    ),
    "contract_defender_sitting_out": (
        "적힌 계약에서는 {seat}이(가) {t_defend_alone}을(를) 한다고 했지만, {t_partner}인 "
        "{partner}이(가) {t_lone}을(를) 하므로 이번 {t_deal}에서 빠져 있어야 합니다."
    ),
    "bid_after_trump": "{seat}이(가) {t_trump}이(가) 이미 정해진 뒤에 {t_bid}했습니다.",
    "bid_turn": "{seat}이(가) {t_bid}했지만 {turn}의 차례였습니다.",
    "dealer_must_call": (
        "{t_dealer}인 {seat}이(가) 두 번째 {t_round}에서 {t_pass}했지만, {t_stick_the_dealer} "
        "규칙에서는 {t_dealer}이(가) {t_trump}을(를) 정해야 합니다."
    ),
    "dealer_must_take": (
        "{t_dealer}인 {seat}이(가) 두 번째 {t_round}에서 {t_pass}했지만, 이 규칙에서는 아무도 "
        "부르지 않으면 {t_dealer}이(가) {t_upcard}을(를) 가져가고 그 {t_suit}이(가) "
        "{t_trump}이(가) 됩니다."
    ),
    "no_going_alone": "{seat}이(가) {t_lone}을(를) 선언했지만 이 규칙에는 {t_lone}이(가) 없습니다.",
    "must_hold_order": (
        "{seat}이(가) {suit} 카드 없이 {suit}을(를) {t_order_up}했습니다. 이 규칙에서는 그 "
        "{t_suit}({t_left_bower} 포함)를 가지고 있어야 {t_order_up}할 수 있습니다."
    ),
    "must_hold_call": (
        "{seat}이(가) {suit} 카드 없이 {suit}을(를) 불렀습니다. 이 규칙에서는 그 "
        "{t_suit}({t_left_bower} 포함)를 가지고 있어야 부를 수 있습니다."
    ),
    "must_hold_unseen": (
        "{seat}이(가) 적히지 않은 {t_upcard}이(가) 될 수 있는 어느 {t_suit}의 카드도 없이 "
        "{t_order_up}했습니다. 이 규칙에서는 그 {t_suit}({t_left_bower} 포함)를 가지고 있어야 "
        "{t_order_up}할 수 있습니다."
    ),
    "order_in_round_two": (
        "{seat}이(가) 두 번째 {t_round}에서 {t_order_up}했습니다. {t_upcard}이(가) 엎어진 "
        "뒤에는 다른 {t_suit}을(를) 부르거나 {t_pass}만 할 수 있습니다."
    ),
    "partner_must_go_alone": (
        "{t_dealer}의 {t_partner}인 {seat}이(가) {t_lone} 없이 {t_order_up}했습니다. 이 "
        "규칙에서는 {t_dealer}의 {t_partner}이(가) {t_order_up}하면 {t_lone}을(를) 해야 합니다."
    ),
    "call_in_round_one": (
        "{seat}이(가) 첫 번째 {t_round}에서 {suit}을(를) 불렀습니다. 첫 번째 {t_round}에서는 "
        "{t_upcard}을(를) {t_order_up}하거나 {t_pass}만 할 수 있습니다."
    ),
    "dealer_must_take_not_call": (
        "{t_dealer}인 {seat}이(가) {suit}을(를) 불렀지만, 이 규칙에서는 아무도 부르지 않으면 "
        "{t_dealer}이(가) {t_upcard}({upcard})를 가져가야 합니다."
    ),
    "dealer_must_take_unseen_upcard": (
        "{t_dealer}인 {seat}이(가) {suit}을(를) 불렀지만, 이 규칙에서는 아무도 부르지 않으면 "
        "{t_dealer}이(가) {t_upcard}을(를) 가져가야 합니다."
    ),
    "turned_down_suit": (
        "{seat}이(가) 엎어진 {t_upcard}의 {t_suit}인 {suit}을(를) 불렀습니다. 그 {t_suit}은(는) "
        "두 번째 {t_round}에서 부를 수 없습니다."
    ),
    "joker_dealer_first": (
        "{seat}이(가) {t_bid}했지만, {t_joker}이(가) {t_upcard}이면 {t_dealer}인 {turn}이(가) "
        "먼저 {t_trump}을(를) 정합니다."
    ),
    "joker_dealer_names": (
        "{t_joker}이(가) {t_upcard}이면 {t_dealer}인 {seat}이(가) {t_trump} {t_suit}을(를) "
        "정해야 합니다."
    ),
    "defend_before_trump": (
        "{seat}이(가) {t_trump}이(가) 정해지기 전에 {t_defend_alone}을(를) 선언했습니다."
    ),
    "no_defend_alone": (
        "{seat}이(가) {t_defend_alone}을(를) 선언했지만 이 규칙에는 {t_defend_alone}이(가) "
        "없습니다."
    ),
    "defend_by_maker": (
        "{seat}은(는) {t_trump}을(를) 정한 편이므로 {t_defend_alone}을(를) 할 수 없습니다."
    ),
    "defend_needs_loner": (
        "{seat}이(가) {t_defend_alone}을(를) 선언했지만, 이 규칙에서는 {t_lone}을(를) 하는 "
        "{t_maker}을(를) 상대로만 {t_defend_alone}을(를) 할 수 있습니다."
    ),
    "defend_twice": (
        "{seat}이(가) {t_defend_alone}을(를) 선언했지만 {other}이(가) 이미 "
        "{t_defend_alone}을(를) 하고 있습니다."
    ),
    "defend_again": "{seat}은(는) 이미 {t_defend_alone}을(를) 선언했는데 다시 선언했습니다.",
    "contract_joker_makers": (
        "적힌 계약에서는 {maker}이(가) {t_trump}을(를) 정했지만, {t_joker}이(가) {t_upcard}이면 "
        "{t_dealer}인 {dealer}이(가) {t_trump}을(를) 정하고 {t_dealer}의 팀이 {t_maker}이(가) "
        "됩니다."
    ),
    "contract_stuck_takes": (
        "적힌 계약에서는 {t_dealer}인 {maker}이(가) {suit}을(를) {t_trump}(으)로 정했지만, 이 "
        "규칙에서는 아무도 부르지 않으면 {t_dealer}이(가) {t_upcard}({upcard})를 가져가야 "
        "합니다."
    ),
    "contract_passed_upcard": (
        "적힌 계약에서는 {maker}이(가) {t_upcard}의 {t_suit}인 {suit}을(를) {t_trump}(으)로 "
        "정했지만, {maker}은(는) 첫 번째 {t_round}에서 {t_pass}했고 {t_upcard}이(가) 엎어진 "
        "뒤에는 그 {t_suit}을(를) 부를 수 없습니다."
    ),
    "contract_after_pass": (
        "적힌 계약에서는 {maker}이(가) {t_trump}을(를) 정했지만, {maker}은(는) 두 번째 "
        "{t_round}에서 이미 {t_pass}했습니다."
    ),
    "contract_skipped_upcard": (
        "적힌 계약에서는 {maker}이(가) {t_upcard}의 {t_suit}인 {suit}을(를) {t_trump}(으)로 "
        "정했지만, 첫 번째 {t_round}에서 뒤의 자리가 차례 없이 {t_bid}해 {maker}의 차례는 "
        "지나갔고 {t_upcard}이(가) 엎어진 뒤에는 그 {t_suit}을(를) 부를 수 없습니다."
    ),
    "contract_after_skip": (
        "적힌 계약에서는 {maker}이(가) {t_trump}을(를) 정했지만, 두 번째 {t_round}에서 뒤의 "
        "자리가 차례 없이 {t_bid}해 {maker}의 차례는 이미 지나갔습니다."
    ),
    "contract_turned_down": (
        "적힌 계약에서는 {suit}이(가) {t_trump}이지만, {t_bid} 내용으로는 {t_upcard}이(가) "
        "엎어졌고 그 {t_suit}은(는) 두 번째 {t_round}에서 부를 수 없습니다."
    ),
    "redeal_off": (
        "{seat}이(가) {t_poor_hand_redeal}을(를) 요청했지만 이 규칙에는 "
        "{t_poor_hand_redeal}이(가) 없습니다."
    ),
    "redeal_late": (
        "{seat}이(가) 첫 번째 {t_bid} {t_round}이(가) 끝난 뒤에 {t_poor_hand_redeal}을(를) "
        "요청했습니다."
    ),
    "redeal_face": (
        "{seat}이(가) {spoiler}을(를) 가지고 {t_poor_hand_redeal}을(를) 요청했습니다. 나쁜 "
        "패에는 에이스, 킹, 퀸, 잭, {t_joker}이(가) 없어야 합니다."
    ),
    "redeal_trump": (
        "{seat}이(가) {t_upcard}와(과) 같은 {t_suit}인 {spoiler}을(를) 가지고 "
        "{t_poor_hand_redeal}을(를) 요청했습니다. 이 규칙에서는 나쁜 패에 그 {t_suit}도 "
        "없어야 합니다."
    ),
    "contract_after_throw_in": (
        "계약이 적혀 있지만 {t_bid} 내용으로는 {t_deal}이(가) 무효가 되었습니다."
    ),
    "play_before_trump": "{seat}이(가) {t_trump}이(가) 정해지기 전에 {card}을(를) 냈습니다.",
    "play_after_throw_in": ("{seat}이(가) {card}을(를) 냈지만 {t_deal}은(는) 무효가 되었습니다."),
    "pickup_required": (
        "{t_dealer}이(가) {t_upcard}을(를) 가져가지 않았다고 적혀 있지만, 이 규칙에서는 "
        "{t_dealer}이(가) 가져가야 합니다."
    ),
    "discard_without_pickup": (
        "버린 카드({card})가 적혀 있지만 {t_dealer}은(는) {t_upcard}을(를) 가져가지 않았습니다."
    ),
    "discard_before_trump": (
        "{t_dealer}인 {seat}이(가) {t_bid}이(가) 끝나기 전에 {card}을(를) 버렸습니다. "
        "{t_dealer}은(는) {t_upcard}을(를) 가져간 뒤에만 카드를 버립니다."
    ),
    "discard_no_upcard": (
        "{t_dealer}인 {seat}이(가) {card}을(를) 버렸지만 이 게임은 카드를 모두 나눠 주고 "
        "한 장도 뒤집어 놓지 않으므로 버릴 카드가 없습니다."
    ),
    "discard_after_throw_in": (
        "{t_dealer}인 {seat}이(가) {card}을(를) 버렸지만 {t_deal}이(가) 무효가 되어 "
        "{t_dealer}은(는) {t_upcard}을(를) 가져가지 않았습니다."
    ),
    "discard_upcard": (
        "{t_dealer}인 {seat}이(가) {t_upcard} {card}을(를) 버렸습니다. 이 규칙에서는 "
        "{t_dealer}이(가) 가져간 {t_upcard}을(를) 버릴 수 없습니다."
    ),
    "discard_dealt_elsewhere": (
        "{t_dealer}인 {seat}이(가) {other}에게 나눠 준 {card}을(를) 버렸습니다."
    ),
    "discard_not_in_hand": (
        "{t_dealer}인 {seat}이(가) 자기 {t_cards_held}에 없는 {card}을(를) 버렸습니다."
    ),
    "play_sitting_out": (
        "{seat}이(가) {card}을(를) 냈지만, {t_partner}인 {partner}이(가) {t_lone}을(를) 하므로 "
        "이번 {t_deal}에서 빠져 있어야 합니다."
    ),
    "play_sitting_out_for_defender": (
        "{seat}이(가) {card}을(를) 냈지만, {t_partner}인 {partner}이(가) {t_defend_alone}을(를) "
        "하므로 이번 {t_deal}에서 빠져 있어야 합니다."
    ),
    "play_twice": "{seat}이(가) {trick_nth} {t_trick}에 두 번 냈습니다.",
    "wrong_lead_any_trump": (
        "{seat}이(가) {trick_nth} {t_trick}을(를) {t_lead}했지만, 앞 {t_trick}을(를) 이긴 "
        "자리가 {t_lead}하며 적히지 않은 {t_upcard}이(가) 무엇이든 {seat}은(는) 앞 "
        "{t_trick}을(를) 이기지 못했습니다."
    ),
    "trick_too_long": "{trick_nth} {t_trick}에 플레이하는 사람 수보다 많은 카드가 나왔습니다.",
    "hand_too_long": "{seat}이(가) {size}장보다 많은 카드를 냈습니다.",
    "play_turn": "{seat}이(가) {card}을(를) 냈지만 {turn}의 차례였습니다.",
    "trick_closed_early": "{trick_nth} {t_trick}이(가) {seat}이(가) 내기 전에 끝났습니다.",
    "played_twice": "{seat}이(가) 이번 {t_deal}에서 이미 나온 {card}을(를) 냈습니다.",
    "upcard_turned_down": "{seat}이(가) 엎어져서 쓰이지 않는 {t_upcard} {card}을(를) 냈습니다.",
    "upcard_taken": "{seat}이(가) {t_dealer}({dealer})가 가져간 {t_upcard} {card}을(를) 냈습니다.",
    "discarded": "{seat}이(가) {t_dealer}이(가) 버린 {card}을(를) 냈습니다.",
    "upcard_not_theirs": (
        "{seat}이(가) {t_dealer}만 가져갈 수 있는 {t_upcard} {card}을(를) 냈습니다."
    ),
    "wrong_lead_loner_unknown": (
        "{seat}이(가) 첫 번째 {t_trick}을(를) {t_lead}했지만, 누가 {t_trump}을(를) 정하고 "
        "{t_lone}을(를) 했든 {seat}의 {t_lead}이(가) 아니었습니다."
    ),
    "dealt_elsewhere": "{seat}이(가) {other}에게 나눠 준 {card}을(를) 냈습니다.",
    "passed_elsewhere": "{seat}이(가) {other}에게 건네진 {card}을(를) 냈습니다.",
    "not_in_hand": "{seat}이(가) 자기 카드({hand})에 없는 {card}을(를) 냈습니다.",
    # 6인 유커와 비드 유커: 비딩, 트럼프 선언, 카드 교환.
    "auction_bid_in_turn_up": (
        "{seat}이(가) {t_auction}처럼 {t_bid}했지만({action}) 이 게임은 {t_upcard}을(를) "
        "뒤집습니다. {t_order_up}하거나 {t_suit}을(를) 부르거나 {t_pass}만 할 수 있습니다."
    ),
    "bid_turn_up_in_auction": (
        "{seat}이(가) {t_upcard}을(를) 뒤집는 게임처럼 {t_bid}했지만({action}) 이 "
        "{t_auction}에서는 {t_trick} 수를 {t_bid}하거나 {t_pass}만 할 수 있습니다."
    ),
    "bid_after_auction": "{seat}이(가) {t_auction}이(가) 끝난 뒤에 {t_bid}했습니다.",
    "dealer_must_bid": (
        "{t_dealer}인 {seat}이(가) 아무도 {t_bid}하지 않은 채 {t_pass}했지만, "
        "{t_stick_the_dealer} 규칙에서는 {t_dealer}이(가) {least} 이상을 {t_bid}해야 합니다."
    ),
    "alone_on_bid": (
        "{seat}이(가) {t_lone}(으)로 {t_bid}했지만, 이 {t_auction}에서는 {t_lone}을(를) "
        "{t_moon}(으)로 {t_bid}합니다. 이 {t_bid}은(는) {t_partner}와(과) 함께하는 "
        "{t_bid}(으)로 남습니다."
    ),
    "bid_below_min": (
        "{seat}이(가) {bid}을(를) {t_bid}했지만 이 규칙에서 가장 낮은 {t_bid}은(는) {least}입니다."
    ),
    "bid_above_hand": (
        "{seat}이(가) {bid}을(를) {t_bid}했지만 한 {t_deal}의 {t_trick}은(는) {size}개뿐입니다."
    ),
    "lone_bid_off": "{seat}이(가) 이 규칙에 없는 {bid}을(를) {t_bid}했습니다.",
    "bid_no_trump_off": (
        "{seat}이(가) {bid}을(를) {t_bid}했지만 이 규칙에서는 그 {t_no_trump}을(를) 허용하지 "
        "않습니다."
    ),
    "bid_not_higher": (
        "{seat}이(가) {bid}을(를) {t_bid}했지만 지금까지 가장 높은 {t_bid}인 {high}보다 "
        "높지 않습니다."
    ),
    "declare_early": "{seat}이(가) {t_auction}이(가) 끝나기 전에 {t_trump}을(를) 선언했습니다.",
    "declare_early_other": (
        "{seat}이(가) {t_auction}이(가) 끝나기 전에 {t_trump}을(를) 선언했습니다."
    ),
    "declare_not_maker": (
        "{seat}이(가) {t_trump}을(를) 선언했지만 {t_auction}에서 이긴 {maker}이(가) 선언합니다."
    ),
    "declare_named": (
        "{seat}이(가) {t_trump}을(를) 다시 선언했지만 이긴 {t_bid}에서 이미 정했습니다."
    ),
    "declare_no_trump_off": (
        "{seat}이(가) 이 규칙에서 허용하지 않는 {no_trump}을(를) 선언했습니다."
    ),
    "play_before_declare": (
        "{seat}이(가) {maker}이(가) {t_trump}을(를) 선언하기 전에 {card}을(를) 냈습니다."
    ),
    "play_before_own_declare": "{seat}이(가) {t_trump}을(를) 선언하기 전에 {card}을(를) 냈습니다.",
    "contract_lone_bid_off": "적힌 계약은 이 규칙에 없는 {t_bid}입니다.",
    "contract_bid_range": "적힌 계약의 {t_trick} 수는 이 규칙에서 {t_bid}할 수 없습니다.",
    "contract_no_trump_off": "적힌 계약은 이 규칙에서 허용하지 않는 {t_no_trump}입니다.",
    "contract_other_trump": (
        "적힌 계약의 {t_trump}이(가) 이긴 {t_bid}에서 정한 {t_trump}와(과) 다릅니다."
    ),
    "contract_not_higher": ("적힌 계약은 적힌 {t_auction}의 가장 높은 {t_bid}보다 높지 않습니다."),
    "contract_auction_passed": (
        "적힌 계약에서는 {maker}이(가) {t_auction}에서 이겼지만, {maker}은(는) 더 "
        "{t_bid}할 차례가 없습니다."
    ),
    "contract_own_raise": (
        "적힌 계약에서는 {maker}이(가) 자기의 가장 높은 {t_bid}보다 높게 {t_bid}했지만, 자기 "
        "{t_bid}은(는) 다른 자리가 더 높게 {t_bid}한 뒤에만 올릴 수 있어 두 단계 이상 높아야 "
        "합니다."
    ),
    "exchange_no_moon_pass": (
        "{t_exchange}이(가) 적혀 있지만 이 규칙에서는 {t_moon}에서 카드를 넘기지 않습니다"
        " (moon_exchange가 0)."
    ),
    "exchange_not_given": (
        "{t_exchange}이(가) 적혀 있지만 이 규칙에서는 이번 {t_deal}에 {t_exchange}이(가) "
        "없습니다. {t_call_for_best}을(를) 하는 단독 {t_maker}나 {t_moon}만 카드를 "
        "교환합니다."
    ),
    "exchange_not_partner": (
        "{t_loner}인 {seat}의 {t_partner}이(가) 아닌 자리가 카드를 건넸습니다."
    ),
    "exchange_moon_count": (
        "{t_moon}에서 카드가 {count}장 건네졌지만 이 규칙에서는 {t_partner}이(가) "
        "{wanted}장을 건넵니다."
    ),
    "exchange_one_card": (
        "{seat}에게 카드가 {count}장 건네졌지만 {t_call_for_best}에서는 {t_partner} 한 명이 "
        "한 장을 건넵니다."
    ),
    "exchange_each_card": (
        "{t_partner} 한 명이 {seat}에게 두 장을 건넸지만 {t_call_for_best}에서는 "
        "{t_partner}마다 한 장까지만 건넵니다."
    ),
    "exchange_discard_count": (
        "{seat}이(가) {count}장을 받고 {laid}장을 내려놓았습니다. 받은 만큼 내려놓아야 합니다."
    ),
    "exchange_passed_laid_away": (
        "{seat}이(가) 건네받은 {card}을(를) 내려놓았지만, 내려놓을 카드는 건네받은 카드를 "
        "보기 전에 고릅니다."
    ),
    "passed_not_held": "{seat}이(가) 가지고 있지 않은 {card}을(를) 건넸습니다.",
    "laid_away_not_held": "{seat}이(가) 가지고 있지 않은 {card}을(를) 내려놓았습니다.",
    "exchanged_twice": "{card}이(가) {t_exchange}에서 두 번 건네지거나 내려놓아졌습니다.",
    "laid_away": ("{seat}이(가) {maker}이(가) {t_exchange}에서 내려놓은 {card}을(를) 냈습니다."),
    "laid_away_own": "{seat}이(가) {t_exchange}에서 자기가 내려놓은 {card}을(를) 냈습니다.",
    "beyond_exchange": (
        "{seat}이(가) 자기 카드({hand})에 없는 {card}을(를) 냈습니다. 적히지 않은 "
        "{t_exchange}(으)로 받을 수 있는 카드는 많아야 {count}장인데, 이미 그만큼 냈습니다."
    ),
}

REASONS: Final = {
    "make": "{t_make}",
    "march": "{t_march_alone}",
    "lone-make": "{t_lone} {t_make}",
    "lone-march": "{t_lone} {t_march}",
    "euchre": "{t_euchre}",
    "lone-euchre": "{t_lone} {t_euchre}",
    "defend-alone-euchre": "{t_defend_alone} {t_euchre}",
    "renege": "{t_renege}",
    "thrown-in": "{t_thrown_in}",
    "bid-made": "{t_bid_made}",
    "bid-set": "{t_bid_set}",
    "moon-made": "{t_moon} {t_make}",
    "moon-set": "{t_moon} {t_set}",
    "loner-made": "{t_loner_bid} {t_make}",
    "loner-set": "{t_loner_bid} {t_set}",
}

LEADS: Final = {
    "left_of_dealer": "첫 번째 {t_trick}은(는) {t_dealer} 왼쪽 자리가 {t_lead}합니다",
    "left_of_loner": "이 규칙에서는 {t_loner}의 왼쪽 자리가 {t_lead}합니다",
    "canadian_loner": (
        "{t_canadian_loner} 규칙에서는 {t_order_up}하고 {t_lone}을(를) 하는 사람의 왼쪽 자리가 "
        "{t_lead}합니다"
    ),
    "won_last": "앞 {t_trick}을(를) 이긴 자리가 {t_lead}합니다",
    "maker_leads": "첫 번째 {t_trick}은(는) {t_maker}이(가) {t_lead}합니다",
}

#: The renege, told in parts: the play, then why the seat had to follow.
RENEGE: Final = {
    "played": (
        "{seat}이(가) {led}이(가) {t_lead}된 {t_trick}에 {card}을(를) 냈지만 {held}을(를) "
        "가지고 있었습니다"
    ),
    "shown_in": "({shown_in_nth} {t_trick}에서 냈습니다)",
    "led_left": ". {t_lead}된 {led_card}은(는) {trump}이(가) {t_trump}일 때 {t_left_bower}라서 {led}입니다",
    "led_joker": ". {t_lead}된 {t_joker}은(는) 가장 높은 {t_trump}라서 {led}입니다",
    "held_left": (
        ". {trump}이(가) {t_trump}이면 {held}은(는) {t_left_bower}라서 {trump}에 속하므로 그 "
        "카드를 내야 했습니다."
    ),
    "played_left": (
        ". {trump}이(가) {t_trump}이면 {card}은(는) {t_left_bower}라서 {trump}에 속하므로 "
        "{t_lead}된 {t_suit}을(를) 따른 것이 아닙니다."
    ),
    "held_joker": ". {t_joker}은(는) 가장 높은 {t_trump}이므로 그 카드를 내야 했습니다.",
    "follow": ". {t_lead}된 {t_suit}을(를) 따라야 했습니다.",
    "any_trump": (
        "{seat}이(가) {lead}(으)로 {t_lead}된 {t_trick}에 {card}을(를) 냈지만 {held}을(를) "
        "가지고 있었습니다. 적히지 않은 {t_upcard}이(가) 무엇이든 {which} {t_lead}된 "
        "{t_suit}이므로 {t_suit}을(를) 따라야 했습니다."
    ),
    "that_card": "그 카드는",
    "one_of_them": "그중 한 장은",
    "wrong_lead": "{seat}이(가) {trick_nth} {t_trick}을(를) {t_lead}했지만 {leader}의 {t_lead}였습니다({why}).",
    "contract": "적힌 계약({said})이 {t_bid} 내용({made})과 다릅니다.",
    "claim": "적힌 점수는 {claimed}이지만 {reason}의 점수는 {scored}입니다.",
}
