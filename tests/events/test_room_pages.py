"""The room's pages: the projector, "find your table", the tally cards and a round robin's
crosstable. Public once the event is published, in English or Korean, with seats named N, E,
S and W, and in the same number of queries however many players came."""

from __future__ import annotations

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from event_helpers import (
    LEVEL_BID_EUCHRE_GAME,
    Director,
    club_founded,
    join,
    ok,
    play_event,
    played_by_services,
    totals,
)

pytestmark = pytest.mark.django_db

KOREAN = {"HTTP_ACCEPT_LANGUAGE": "ko"}


def text(response) -> str:
    assert response.status_code == 200, response.status_code
    return response.content.decode()


@pytest.fixture
def night(director: Director) -> tuple[int, dict]:
    """A published progressive night of five: one round seated and played (one sits out)."""
    event = director.create_event(entry="totals", rounds_planned=3, ruleset="openspiel")
    director.add_players(event, "eve", "Dan", "Cat", "ben", "Ann")
    (seated,) = play_event(director, event, totals([10, 6]), rounds=1)
    director.publish(event)
    return event, seated


def seat_names(table: dict) -> dict[str, str]:
    return {"NESW"[s["seat"]]: s["name"] for s in table["seats"]}


def test_the_projector_shows_the_rounds_seating_and_the_standings(night, anon, director):
    event, seated = night
    page = text(anon.get(f"/events/{event}/projector/"))
    (table,) = seated["tables"]
    seats = seat_names(table)
    for seat, name in seats.items():
        assert re.search(rf"<dt>{seat}</dt><dd>{name}</dd>", page), seat
    assert f'<div class="dealer"><dt>N</dt><dd>{seats["N"]}</dd>' in page  # N deals first
    assert f"Sitting out: {seated['sit_outs'][0]}" in page
    assert "Round 1 of 3" in page and "Byes" in page
    assert "Credit" not in page  # a bye earns none this night
    standings = ok(anon.get(f"/api/v1/events/{event}/standings/"))["rows"]
    totals_shown = re.findall(r'<td class="num total">(\d+)</td>', page)
    assert totals_shown == [str(row["total"]) for row in standings]
    # It refreshes itself from a script file (the CSP allows no inline script).
    assert 'data-refresh="15"' in page and "events/projector.js" in page
    assert "<script>" not in page and "style=" not in page
    assert 'rel="icon"' in page
    assert f'href="/events/{event}/projector/"' in text(
        director.client.get(f"/events/{event}/manage/")
    )


def test_a_round_past_the_rounds_planned_is_shown_by_its_number_alone(director: Director, anon):
    event = director.create_event(entry="totals", rounds_planned=1, published=True)
    director.add_players(event, "Ann", "Ben", "Cat", "Dan")
    play_event(director, event, totals([10, 6]), rounds=1)
    director.next_round(event)  # one more than planned, as a night may play
    page = text(anon.get(f"/events/{event}/projector/"))
    assert "Round 2" in page and "Round 2 of 1" not in page


def test_a_night_closed_with_a_result_unconfirmed_says_both_on_the_projector(
    director: Director, anon
):
    event = director.create_event(entry="totals", rounds_planned=3, published=True)
    director.add_players(event, "Ann", "Ben", "Cat", "Dan")
    (table,) = director.next_round(event)["tables"]
    phone = join(table["join_code"])
    ok(phone.enter(by=phone.by_seat[0], points=[10, 6]), 201)
    waiting = '<small class="status">waiting for confirmation</small>'  # (at its table)
    page = text(anon.get(f"/events/{event}/projector/"))
    assert waiting in page and "the night is closed" not in page
    body = {"leave_open": True}
    ok(director.client.post(f"/api/v1/events/{event}/close/", body, format="json"))
    page = text(anon.get(f"/events/{event}/projector/"))
    assert waiting in page and "the night is closed" in page
    assert "이 밤은 마감됐습니다" in text(anon.get(f"/events/{event}/projector/", **KOREAN))


def test_the_projector_speaks_korean(night, anon):
    event, _ = night
    page = text(anon.get(f"/events/{event}/projector/", **KOREAN))
    assert '<html lang="ko">' in page and "순위" in page and "1번 테이블" in page
    assert "Standings" not in page


def test_an_unpublished_nights_room_pages_are_its_directors(director: Director, anon):
    event = director.create_event(entry="totals", rounds_planned=2)
    director.add_players(event, "Ann", "Ben", "Cat", "Dan")
    director.next_round(event)
    for path in ("projector/", "rounds/1/find/", "tally-cards/"):
        assert anon.get(f"/events/{event}/{path}").status_code == 404, path
        assert director.client.get(f"/events/{event}/{path}").status_code == 200, path
    assert director.client.get(f"/events/{event}/rounds/2/find/").status_code == 404
    # A progressive night has no crosstable.
    assert director.client.get(f"/events/{event}/crosstable/").status_code == 404


def test_find_your_table_lists_everyone_by_name_with_table_seat_and_partner(night, anon):
    event, seated = night
    page = text(anon.get(f"/events/{event}/rounds/1/find/"))
    names = re.findall(r"<tr><td>([^<]+)</td>", page)
    assert names == ["Ann", "ben", "Cat", "Dan", "eve"]
    (table,) = seated["tables"]
    seats = seat_names(table)
    partner = {"N": "S", "S": "N", "E": "W", "W": "E"}
    for seat, name in seats.items():
        row = re.search(rf"<tr><td>{name}</td>(.*?)</tr>", page, re.S).group(1)
        cells = re.findall(r"<td[^>]*>([^<]*)</td>", row)
        assert cells == ["1", seat, seats[partner[seat]]], (name, cells)
    bye = seated["sit_outs"][0]
    assert re.search(rf"<td>{bye}</td><td colspan=\"3\">sits out this round</td>", page)
    korean = text(anon.get(f"/events/{event}/rounds/1/find/", **KOREAN))
    assert "테이블 찾기" in korean and "이번 라운드 쉼" in korean


def test_the_round_sheet_names_seats_by_compass_and_marks_the_dealer(night, anon):
    event, seated = night
    page = text(anon.get(f"/events/{event}/rounds/1/sheet/"))
    assert "<th>N</th><th>E</th><th>S</th><th>W</th>" in page and "Seat 0" not in page
    seats = seat_names(seated["tables"][0])
    assert f'<td data-seat="N" class="dealer">{seats["N"]}</td>' in page


def test_in_korean_the_seats_are_the_table_apps_compass_words(night, anon):
    event, seated = night
    page = text(anon.get(f"/events/{event}/rounds/1/sheet/", HTTP_ACCEPT_LANGUAGE="ko"))
    assert "<th>북</th><th>동</th><th>남</th><th>서</th>" in page
    seats = seat_names(seated["tables"][0])
    assert f'<td data-seat="북" class="dealer">{seats["N"]}</td>' in page
    assert "파트너는 마주 앉습니다: 북과 남 대 동과 서." in page
    find = text(anon.get(f"/events/{event}/rounds/1/find/", HTTP_ACCEPT_LANGUAGE="ko"))
    assert '<td class="big dealer" data-label="자리">북</td>' in find and ">N<" not in find


def test_a_tally_card_for_each_player_with_a_running_total(director: Director, anon):
    event = director.create_event(entry="totals", rounds_planned=2)
    director.add_players(event, "Ann", "Ben", "Cat", "Dan")
    rounds = play_event(director, event, totals([10, 6], [7, 10]), rounds=2)
    director.publish(event)
    page = text(anon.get(f"/events/{event}/tally-cards/"))
    assert page.count('<article class="card tally-card">') == 4
    for name in ("Ann", "Ben", "Cat", "Dan"):
        card = re.search(rf"<h2>{name}</h2>(.*?)</article>", page, re.S).group(1)
        scored = []
        for rnd in rounds:
            (table,) = rnd["tables"]
            side = next(s["side"] for s in table["seats"] if s["name"] == name)
            scored.append([[10, 6], [7, 10]][rnd["number"] - 1][side])
        cells = [
            re.findall(r'<td class="num">(-?\d*)</td>', row)
            for row in re.findall(r"<tr><td class=\"num\">.*?</tr>", card, re.S)
        ]
        assert [c[1] for c in cells] == [str(scored[0]), str(scored[1])]  # points for
        assert [c[-1] for c in cells] == [str(scored[0]), str(scored[0] + scored[1])]
    assert "사용자" not in page
    korean = text(anon.get(f"/events/{event}/tally-cards/", **KOREAN))
    assert "합계" in korean and "상대" in korean


def test_a_result_waiting_for_confirmation_is_marked_and_left_out_of_the_total(
    director: Director, anon
):
    """Entered and not yet confirmed, a result shows its points on the card, marked, and the
    running total (like the standings) counts only what is confirmed."""
    event = director.create_event(entry="totals", rounds_planned=2)
    director.add_players(event, "Ann", "Ben", "Cat", "Dan")
    (table,) = director.next_round(event)["tables"]
    phone = join(table["join_code"])
    ok(phone.enter(by=phone.by_seat[0], points=[10, 2]), 201)
    director.publish(event)
    page = text(anon.get(f"/events/{event}/tally-cards/"))
    name = phone.by_seat[0]
    card = re.search(rf"<h2>{name}</h2>(.*?)</article>", page, re.S).group(1)
    rows = re.findall(r"<tr><td class=\"num\">.*?</tr>", card, re.S)
    cells = [re.findall(r'<td class="num">(-?\d*)</td>', row) for row in rows]
    assert (cells[0][1], cells[0][-1]) == ("10", "0")  # 10 scored, the total unmoved
    assert "waiting for confirmation: not in the total yet" in rows[0]
    ok(phone.confirm(by=phone.by_seat[1]))
    page = text(anon.get(f"/events/{event}/tally-cards/"))
    card = re.search(rf"<h2>{name}</h2>(.*?)</article>", page, re.S).group(1)
    assert "not in the total yet" not in card
    assert re.findall(r'<td class="num">(-?\d*)</td>', card)[-1] == "10"


def test_a_six_handed_tally_card_names_two_partners(director: Director, anon):
    event = director.create_event(entry="totals", rounds_planned=1, ruleset="six-handed")
    director.add_players(event, "Ann", "Ben", "Cat", "Dan", "Eve", "Fay")
    play_event(director, event, totals([10, 6]), rounds=1)
    director.publish(event)
    page = text(anon.get(f"/events/{event}/tally-cards/"))
    assert "<th>Partners, opponents</th>" in page and "Partner," not in page


@pytest.fixture
def league(director: Director) -> int:
    event = director.create_event(format="round-robin", entry="totals", name="Pairs league")
    for name, players in {"Aces": ("Ann", "Abe"), "Bowers": ("Ben", "Bea")}.items():
        director.add_team(event, name, *players)
    director.add_team(event, "Callers", "Cat", "Cal")
    play_event(director, event, totals([10, 4], [10, 8], [6, 10]))
    director.publish(event)
    return event


def test_the_crosstable_reads_each_teams_games_totals_and_rank(league, anon):
    page = text(anon.get(f"/events/{league}/crosstable/"))
    standings = ok(anon.get(f"/api/v1/events/{league}/standings/"))["rows"]
    rows = re.findall(r'<tr><th scope="row">\d+\. (\w+)</th>(.*?)</tr>', page, re.S)
    assert [name for name, _ in rows] == ["Aces", "Bowers", "Callers"]
    scores = {}
    for i, (name, row) in enumerate(rows):
        cells = re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)
        games, figures = cells[:3], cells[3:]
        assert games[i] == ""  # a team does not play itself
        scores[name] = [re.findall(r"(\d+)\u2013(\d+)", g) for g in games]
        mine = next(r for r in standings if r["name"] == name)
        assert figures == [
            str(mine["wins"]),
            str(mine["losses"]),
            str(mine["points_for"]),
            f"<strong>{mine['match_points']}</strong>",
            str(mine["rank"]),
        ]
    # Each game is read both ways: Aces' score against Bowers is Bowers' against Aces turned.
    for a in range(3):
        for b in range(3):
            if a != b:
                assert scores[rows[a][0]][b] == [tuple(reversed(scores[rows[b][0]][a][0]))]
    korean = text(anon.get(f"/events/{league}/crosstable/", **KOREAN))
    assert "대진표" in korean and "팀" in korean


def test_the_crosstable_bolds_the_game_its_winner_won_not_the_side_ahead(director: Director, anon):
    """A Bid Euchre game ends on a made bid or a set: won at 33-33 here, it is in bold in
    its winner's row only."""
    event = director.create_event(format="round-robin", ruleset="bid-euchre", name="Bidders")
    director.add_team(event, "Aces", "Ann", "Abe")
    director.add_team(event, "Bowers", "Ben", "Bea")
    table = director.next_round(event)["tables"][0]
    phone = join(table["join_code"])
    for body in LEVEL_BID_EUCHRE_GAME:
        ok(phone.post("hands/", body), 201)
    phone.settle()
    director.publish(event)
    page = text(anon.get(f"/events/{event}/crosstable/"))
    rows = dict(re.findall(r'<tr><th scope="row">\d+\. (\w+)</th>(.*?)</tr>', page, re.S))
    won = [name for name, row in rows.items() if 'class="won"' in row]
    assert won == [table["team_names"][1]] and "33\u201333" in rows[won[0]], page


def queries(call) -> int:
    with CaptureQueriesContext(connection) as captured:
        call()
    return len(captured)


def test_the_projector_and_the_room_pages_take_the_same_queries_at_any_size(
    django_user_model, anon
):
    actor, club = club_founded(django_user_model.objects.create_user("dora"))
    small = played_by_services(actor, club, players=8, rounds=2, name="Small")
    big = played_by_services(actor, club, players=22, rounds=4, name="Big")
    # The event and its club, the standings' queries (the absent players' seats among them),
    # the round's tables, seats and byes.
    most = {"projector/": 13, "rounds/2/find/": 9, "tally-cards/": 14}
    for path, limit in most.items():
        counts = {
            queries(lambda e=e, p=path: text(anon.get(f"/events/{e.pk}/{p}"))) for e in (small, big)
        }
        assert len(counts) == 1, (path, counts)
        assert counts.pop() <= limit, path


def test_the_crosstable_takes_the_same_queries_for_three_teams_and_for_six(
    director: Director, anon
):
    counts = set()
    for teams in (3, 6):
        event = director.create_event(format="round-robin", entry="totals", name=f"League {teams}")
        for t in range(teams):
            director.add_team(event, f"Team {t}", f"P{teams}-{t}a", f"P{teams}-{t}b")
        play_event(director, event, totals(*[[10, t % 9] for t in range(40)]))
        director.publish(event)
        counts.add(queries(lambda e=event: text(anon.get(f"/events/{e}/crosstable/"))))
    assert len(counts) == 1 and counts.pop() <= 16


def test_pages_name_the_rules_as_people_do(night, anon, director: Director):
    event, _ = night
    results = text(anon.get(f"/events/{event}/results/"))
    assert "OpenSpiel rules" in results and "openspiel" not in results
    assert "OpenSpiel 규칙" in text(anon.get(f"/events/{event}/results/", **KOREAN))
    assert 'rel="icon"' in text(anon.get("/events/"))  # every events page has the app's icon
    home = text(director.client.get("/events/director/"))
    # Each offered to the formats that seat it: six at a table on a progressive night only.
    assert re.search(
        r'<option value="uka" data-formats="progressive [^"]*">UKA rules</option>', home
    )
    assert '<option value="six-handed" data-formats="progressive">' in home
    assert 'value="two-handed"' not in home  # no event seats two
    house = director.create_event(ruleset={"preset": "standard", "target": 11}, rounds_planned=2)
    assert "Standard rules, house rules" in text(director.client.get(f"/events/{house}/manage/"))


def test_the_results_page_names_side_prizes_and_tie_breaks_in_korean(night, anon):
    event, _ = night
    english = text(anon.get(f"/events/{event}/results/"))
    assert "Highest single game:" in english and "head to head" in english
    korean = text(anon.get(f"/events/{event}/results/", **KOREAN))
    assert "한 게임 최고 점수:" in korean and "맞대결" in korean
    assert "Highest single game" not in korean and "Seats 0" not in korean


def test_the_table_cards_show_the_compass_and_speak_korean(night, director: Director):
    event, _ = night
    page = text(director.client.get(f"/events/{event}/cards/"))
    assert '<div class="cards">' in page and "N deals first" in page
    for seat in "NESW":
        assert f'<span class="{seat.lower()}">{seat}</span>' in page
    korean = text(director.client.get(f"/events/{event}/cards/", **KOREAN))
    assert "참가 코드" in korean and "1번 테이블" in korean and "Join code" not in korean
    sheet = text(director.client.get(f"/events/{event}/rounds/1/sheet/", **KOREAN))
    assert "1라운드" in sheet and "쉬는 선수:" in sheet
