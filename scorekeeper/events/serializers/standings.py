"""Response shapes of the standings, a club's leaderboard and a player's record, with the
queries that pick them.
"""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from scorekeeper.events.selectors import LEADERBOARD_ORDER
from scorekeeper.events.serializers.players import MAX_ID


class StandingRowSerializer(serializers.Serializer[Any]):
    rank = serializers.IntegerField(
        allow_null=True, help_text="Null before any result: the rows are then in name order."
    )
    key = serializers.IntegerField(help_text="A player id, or a team id in team events.")
    guest = serializers.BooleanField(
        help_text="A substitute not entered in the event: their points, listed after the "
        "entrants with no rank."
    )
    name = serializers.CharField()
    players = serializers.ListField(child=serializers.CharField())
    active = serializers.BooleanField()
    played = serializers.IntegerField()
    wins = serializers.IntegerField(help_text="Games won; a Swiss event's bye counts as one.")
    losses = serializers.IntegerField()
    ties = serializers.IntegerField()
    points_for = serializers.IntegerField()
    points_against = serializers.IntegerField()
    byes = serializers.IntegerField()
    credit = serializers.IntegerField(help_text="Sit-out credit.")
    bonus = serializers.IntegerField(help_text="Loner bonus.")
    total = serializers.IntegerField()
    per_round = serializers.FloatField(
        allow_null=True, help_text="The total per round counted (null: no round counted yet)."
    )
    match_points = serializers.IntegerField()
    euchres = serializers.IntegerField()
    loners_made = serializers.IntegerField()
    best_game = serializers.IntegerField()
    head_to_head = serializers.IntegerField()
    buchholz = serializers.IntegerField(
        help_text="Swiss: the match points of every opponent faced (a bye counts the team's own)."
    )
    median_buchholz = serializers.IntegerField(
        help_text="Swiss: the Buchholz less the best and the worst opponent (of three or more)."
    )
    tie_break = serializers.CharField(allow_null=True)
    time_called = serializers.IntegerField(
        help_text="Games whose result stood as it was when time was called."
    )


class PrizeWinnerSerializer(serializers.Serializer[Any]):
    name = serializers.CharField()
    value = serializers.IntegerField()
    round = serializers.IntegerField(allow_null=True)


class SidePrizeSerializer(serializers.Serializer[Any]):
    kind = serializers.CharField()
    title = serializers.CharField(help_text="In the reader's language.")
    winners = PrizeWinnerSerializer(many=True)


class StandingsColumnSerializer(serializers.Serializer[Any]):
    field = serializers.CharField(help_text="The rows' field that holds the figure.")
    heading = serializers.CharField()
    short = serializers.CharField(help_text="The heading in a narrow table.")
    meaning = serializers.CharField(help_text="What the short heading stands for.")
    wide = serializers.BooleanField(
        help_text="Shown only where a table has room (not on a phone, not on the projector)."
    )


class StandingsSerializer(serializers.Serializer[Any]):
    event = serializers.IntegerField(source="event.id")
    teams = serializers.BooleanField(help_text="The rows are teams (fixed partners), not players.")
    hands = serializers.BooleanField(
        help_text="The tables enter hands: the rows' euchres and loners are counted from them "
        "(a night of final scores has none)."
    )
    credited = serializers.BooleanField(
        help_text="A bye earns credit (the event's sit-out credit): else every row's `credit` is 0."
    )
    ranked_by = serializers.CharField(
        help_text='What ranks, in words: "match points", "the bracket, then match points", '
        '"points with sit-out credit", "points per round counted" or "games won, then '
        'points".'
    )
    tie_breaks = serializers.ListField(child=serializers.CharField())
    tie_break_names = serializers.DictField(
        child=serializers.CharField(),
        help_text="Each of `tie_breaks` by its key, as the rows' `tie_break` names it, in the "
        "reader's language.",
    )
    columns = StandingsColumnSerializer(
        many=True,
        help_text="The figures only this event's format shows (a Swiss event's Buchholz), "
        "in the reader's language.",
    )
    rounds = serializers.IntegerField()
    waiting = serializers.IntegerField(help_text="Results entered, not yet confirmed.")
    rows = StandingRowSerializer(many=True)
    side_prizes = SidePrizeSerializer(many=True)


class StatsSerializer(serializers.Serializer[Any]):
    games = serializers.IntegerField()
    events = serializers.IntegerField()
    wins = serializers.IntegerField(help_text="Confirmed games won (a bye is no game here).")
    points = serializers.IntegerField()
    points_against = serializers.IntegerField()
    hands = serializers.IntegerField()
    made = serializers.IntegerField(
        help_text="As maker: made, short of a march (a turn-up game's 3 or 4 of 5 tricks); under "
        "an auction, a bid, moon or loner made."
    )
    marched = serializers.IntegerField(
        help_text="As maker: took every trick of a turn-up game (none under an auction)."
    )
    euchred = serializers.IntegerField(help_text="As maker: euchred (under an auction, set).")
    euchres = serializers.IntegerField(help_text="As a defender: euchred the makers.")
    loners_tried = serializers.IntegerField()
    loners_made = serializers.IntegerField()
    best_game = serializers.IntegerField()


class LeaderRowSerializer(StatsSerializer):
    rank = serializers.IntegerField(allow_null=True, help_text="Null: too few nights to rank.")
    player = serializers.IntegerField()
    name = serializers.CharField()
    nights = serializers.IntegerField(help_text="Nights played.")
    counted = serializers.IntegerField(help_text="Nights the ladder counts.")
    ladder_points = serializers.FloatField(help_text="What the season's ladder ranks by.")
    per_night = serializers.FloatField(help_text="The ladder's figure per night played.")
    qualifies = serializers.BooleanField(help_text="Played the nights the season asks for.")


class LeaderboardQuerySerializer(serializers.Serializer[Any]):
    season = serializers.IntegerField(min_value=1, max_value=MAX_ID, required=False)
    order = serializers.ChoiceField(
        choices=[*LEADERBOARD_ORDER, "ladder"],
        required=False,
        help_text="Default: the season's ladder for a season, points otherwise.",
    )
    limit = serializers.IntegerField(min_value=1, max_value=500, default=100)


class HistorySerializer(serializers.Serializer[Any]):
    event = serializers.IntegerField()
    event_name = serializers.CharField()
    date = serializers.DateField()
    round = serializers.IntegerField()
    table = serializers.IntegerField()
    partners = serializers.ListField(child=serializers.CharField())
    opponents = serializers.ListField(child=serializers.CharField())
    points_for = serializers.IntegerField()
    points_against = serializers.IntegerField()
    won = serializers.BooleanField()
    tied = serializers.BooleanField()
    time_called = serializers.BooleanField(help_text="The result stood when time was called.")
    provenance = serializers.CharField(
        help_text="How the result came about: played, or the director's act (corrected, "
        "assigned, forfeited, entered-by-director, confirmed-by-director)."
    )
    director = serializers.CharField(
        allow_blank=True, help_text="The director who made it so (empty: played at the table)."
    )
    euchres = serializers.IntegerField()
    loners_made = serializers.IntegerField()


class PlayerRecordSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField(source="player.id")
    name = serializers.CharField(source="player.name")
    # A field named like Field.label: DRF's metaclass takes it off the class.
    label = serializers.CharField(source="player.label", allow_blank=True)  # type: ignore[assignment]
    shown = serializers.CharField(source="player.shown")
    club = serializers.IntegerField(source="player.club_id")
    stats = StatsSerializer()
    history = HistorySerializer(many=True)


class PlayerQuerySerializer(serializers.Serializer[Any]):
    season = serializers.IntegerField(min_value=1, max_value=MAX_ID, required=False)
    limit = serializers.IntegerField(min_value=1, max_value=200, default=50)
    offset = serializers.IntegerField(min_value=0, max_value=10**6, default=0)
