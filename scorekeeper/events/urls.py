"""The events API under /api/v1/ and its printable pages and screens under /events/."""

from django.urls import path

from scorekeeper.events import pages, screens, views

V1 = "api/v1/"
CLUB = V1 + "clubs/<int:club_id>/"
EVENT = V1 + "events/<int:event_id>/"
TABLE = V1 + "tables/<int:table_id>/"

urlpatterns = [
    path(V1 + "clubs/", views.ClubListView.as_view(), name="clubs"),
    path(CLUB, views.ClubDetailView.as_view(), name="club"),
    path(CLUB + "members/", views.MemberListView.as_view(), name="club-members"),
    path(CLUB + "directors/", views.DirectorAddView.as_view(), name="club-directors"),
    path(CLUB + "seasons/", views.SeasonListView.as_view(), name="club-seasons"),
    path(CLUB + "leaderboard/", views.LeaderboardView.as_view(), name="club-leaderboard"),
    path(CLUB + "events/", views.ClubEventListView.as_view(), name="club-events"),
    path(V1 + "players/<int:player_id>/", views.PlayerRecordView.as_view(), name="player"),
    path(V1 + "events/", views.EventListView.as_view(), name="events"),
    path(EVENT, views.EventDetailView.as_view(), name="event"),
    path(EVENT + "players/", views.EntrantListView.as_view(), name="event-players"),
    path(
        EVENT + "players/<int:player_id>/",
        views.EntrantDetailView.as_view(),
        name="event-player",
    ),
    path(EVENT + "teams/", views.TeamListView.as_view(), name="event-teams"),
    path(EVENT + "rounds/", views.RoundListView.as_view(), name="event-rounds"),
    path(EVENT + "rounds/<int:number>/", views.RoundDetailView.as_view(), name="event-round"),
    path(EVENT + "standings/", views.StandingsView.as_view(), name="event-standings"),
    path(EVENT + "standings.csv", views.StandingsCsvView.as_view(), name="event-standings-csv"),
    path(EVENT + "results.csv", views.ResultsCsvView.as_view(), name="event-results-csv"),
    path(EVENT + "games.emn", views.EventEgnView.as_view(), name="event-egn"),
    path(EVENT + "log/", views.ChangeLogView.as_view(), name="event-log"),
    path(V1 + "tables/join/", views.JoinView.as_view(), name="tables-join"),
    path(TABLE, views.TableDetailView.as_view(), name="table"),
    path(TABLE + "code/", views.TableCodeView.as_view(), name="table-code"),
    path(TABLE + "takeover/", views.TableTakeoverView.as_view(), name="table-takeover"),
    path(TABLE + "hands/", views.TableHandsView.as_view(), name="table-hands"),
    path(TABLE + "hands/<int:number>/", views.TableHandView.as_view(), name="table-hand"),
    path(TABLE + "result/", views.TableResultView.as_view(), name="table-result"),
    path(TABLE + "result/confirm/", views.ResultConfirmView.as_view(), name="table-confirm"),
    path(TABLE + "result/dispute/", views.ResultDisputeView.as_view(), name="table-dispute"),
    path(TABLE + "game.egn", views.TableEgnView.as_view(), name="table-egn"),
    # Printable pages and the screens: Django templates (and a little script).
    path("events/", screens.index, name="events-index"),
    path("events/login/", screens.LoginView.as_view(), name="events-login"),
    path("events/director/", screens.director_home, name="events-director"),
    path("events/table/", screens.table_page, name="events-table"),
    path(
        "events/clubs/<int:club_id>/leaderboard/",
        pages.leaderboard_page,
        name="events-leaderboard",
    ),
    path("events/players/<int:player_id>/", pages.player_page, name="events-player"),
    path("events/<int:event_id>/", screens.event_page, name="events-event"),
    path("events/<int:event_id>/manage/", screens.manage, name="events-manage"),
    path("events/<int:event_id>/results/", pages.results_page, name="event-results-page"),
    path(
        "events/<int:event_id>/rounds/<int:number>/sheet/",
        pages.round_sheet,
        name="round-sheet",
    ),
    path(
        "events/<int:event_id>/rounds/<int:number>/cards/",
        pages.table_cards,
        name="table-cards",
    ),
]
