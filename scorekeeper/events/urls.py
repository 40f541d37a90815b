"""The events API under /api/v1/ and its printable pages and screens under /events/.

Grouped by what each URL names first (a club, a player, an event, a table, a night's pages):
a request is matched against its group's patterns only, not against every pattern before it
(a table's hand and the watchers' polls, the night's most frequent requests, are resolved in
a few steps)."""

from django.urls import URLPattern, URLResolver, include, path

from scorekeeper.events.api import brackets, clubs, events, privacy, remedies, repairs, tables
from scorekeeper.events.pages import (
    accounts,
    bracket,
    check_in,
    movement,
    printouts,
    restore,
    room,
    screens,
)

# The API: /api/v1/clubs/<club_id>/...
_CLUB: list[URLPattern | URLResolver] = [
    path("", clubs.ClubDetailView.as_view(), name="club"),
    path("players/", clubs.RosterView.as_view(), name="club-players"),
    path("players/log/", clubs.RosterLogView.as_view(), name="club-players-log"),
    path("directors/", clubs.DirectorInviteView.as_view(), name="club-directors"),
    path("seasons/", clubs.SeasonListView.as_view(), name="club-seasons"),
    path("seasons/<int:season_id>/", clubs.SeasonDetailView.as_view(), name="club-season"),
    path("leaderboard/", clubs.LeaderboardView.as_view(), name="club-leaderboard"),
    path("leaderboard.csv", clubs.LeaderboardCsvView.as_view(), name="club-leaderboard-csv"),
    path("events/", clubs.ClubEventListView.as_view(), name="club-events"),
]

# /api/v1/players/<player_id>/...
_PLAYER: list[URLPattern | URLResolver] = [
    path("", clubs.PlayerRecordView.as_view(), name="player"),
    path("merge/", clubs.PlayerMergeView.as_view(), name="player-merge"),
    path("split/", clubs.PlayerSplitView.as_view(), name="player-split"),
    path("erase/", privacy.PlayerEraseView.as_view(), name="player-erase"),
    path("export.json", privacy.PlayerExportView.as_view(), name="player-export"),
    path("export.csv", privacy.PlayerExportCsvView.as_view(), name="player-export-csv"),
]

# /api/v1/events/<event_id>/...
_EVENT: list[URLPattern | URLResolver] = [
    # First: the watchers' polls, the night's most frequent requests (each pattern tried before
    # the one that matches is a step, and a list entry, of every request's resolving).
    path("standings/", events.StandingsView.as_view(), name="event-standings"),
    path("rounds/", events.RoundListView.as_view(), name="event-rounds"),
    path("", events.EventDetailView.as_view(), name="event"),
    path("players/", events.EntrantListView.as_view(), name="event-players"),
    path(
        "players/<int:player_id>/",
        events.EntrantDetailView.as_view(),
        name="event-player",
    ),
    path("teams/", events.TeamListView.as_view(), name="event-teams"),
    path("seeds/", brackets.SeedsView.as_view(), name="event-seeds"),
    path("bracket/", brackets.BracketView.as_view(), name="event-bracket"),
    path("rounds/<int:number>/", events.RoundDetailView.as_view(), name="event-round"),
    path("rounds/<int:number>/time/", events.RoundTimeView.as_view(), name="event-time"),
    path("rounds/<int:number>/swap/", repairs.RoundSwapView.as_view(), name="event-swap"),
    path("rounds/<int:number>/late/", repairs.RoundLateView.as_view(), name="event-late"),
    path("close/", events.CloseView.as_view(), name="event-close"),
    path("reopen/", repairs.ReopenView.as_view(), name="event-reopen"),
    path(
        "join-limit/lift/",
        repairs.JoinLimitLiftView.as_view(),
        name="event-join-limit-lift",
    ),
    path("standings.csv", events.StandingsCsvView.as_view(), name="event-standings-csv"),
    path("results.csv", events.ResultsCsvView.as_view(), name="event-results-csv"),
    path("tally.csv", events.TallyCsvView.as_view(), name="event-tally-csv"),
    path("games.emn", events.EventEgnView.as_view(), name="event-egn"),
    path("log/", events.ChangeLogView.as_view(), name="event-log"),
    path("board/", remedies.BoardView.as_view(), name="event-board"),
    path(
        "teams/<int:team_id>/withdraw/",
        remedies.TeamWithdrawView.as_view(),
        name="event-team-withdraw",
    ),
]

# /api/v1/tables/<table_id>/...
_TABLE: list[URLPattern | URLResolver] = [
    path("", tables.TableDetailView.as_view(), name="table"),
    path("code/", tables.TableCodeView.as_view(), name="table-code"),
    path("takeover/", tables.TableTakeoverView.as_view(), name="table-takeover"),
    path(
        "confirmers/end/",
        tables.TableConfirmersEndView.as_view(),
        name="table-confirmers-end",
    ),
    path("hands/", tables.TableHandsView.as_view(), name="table-hands"),
    path("hands/<int:number>/", tables.TableHandView.as_view(), name="table-hand"),
    path("result/", tables.TableResultView.as_view(), name="table-result"),
    path("result/confirm/", tables.ResultConfirmView.as_view(), name="table-confirm"),
    path("result/dispute/", tables.ResultDisputeView.as_view(), name="table-dispute"),
    path("game.egn", tables.TableEgnView.as_view(), name="table-egn"),
    path("result/assign/", remedies.ResultAssignView.as_view(), name="table-assign"),
    path("result/forfeit/", remedies.ResultForfeitView.as_view(), name="table-forfeit"),
    path("result/cut/", remedies.ResultCutView.as_view(), name="table-cut"),
    path(
        "seats/<int:seat>/substitute/",
        remedies.SeatSubstituteView.as_view(),
        name="table-substitute",
    ),
    path(
        "seats/<int:seat>/absent/",
        remedies.SeatAbsentView.as_view(),
        name="table-absent",
    ),
]

# /api/v1/...
_API: list[URLPattern | URLResolver] = [
    # (The night's polls and its tables' writes first.)
    path("events/<int:event_id>/", include(_EVENT)),
    path("tables/<int:table_id>/", include(_TABLE)),
    path("clubs/<int:club_id>/", include(_CLUB)),
    path("players/<int:player_id>/", include(_PLAYER)),
    path("clubs/", clubs.ClubListView.as_view(), name="clubs"),
    path("invites/", clubs.InviteListView.as_view(), name="invites"),
    path(
        "invites/<int:invite_id>/accept/",
        clubs.InviteAcceptView.as_view(),
        name="invite-accept",
    ),
    path(
        "invites/<int:invite_id>/decline/",
        clubs.InviteDeclineView.as_view(),
        name="invite-decline",
    ),
    path("events/", events.EventListView.as_view(), name="events"),
    path("tables/join/", tables.JoinView.as_view(), name="tables-join"),
    path("tables/device/", tables.DeviceView.as_view(), name="tables-device"),
]

# Printable pages and the screens (Django templates and a little script): /events/<event_id>/...
_NIGHT: list[URLPattern | URLResolver] = [
    path("", screens.event_page, name="events-event"),
    path("manage/", screens.manage, name="events-manage"),
    path("manage/safety/", screens.manage_safety, name="events-manage-safety"),
    path("manage/settings/", screens.manage_settings, name="events-manage-settings"),
    path("check-in/", check_in.check_in_page, name="events-check-in"),
    path("results/", printouts.results_page, name="event-results-page"),
    path("bracket/", bracket.bracket_page, name="event-bracket-page"),
    path("rounds/<int:number>/sheet/", printouts.round_sheet, name="round-sheet"),
    path("cards/", printouts.table_cards, name="table-cards"),
    path("projector/", room.projector, name="events-projector"),
    path("rounds/<int:number>/find/", room.find_your_table, name="events-find-your-table"),
    path("tally-cards/", room.tally_cards, name="events-tally-cards"),
    path("movement/", movement.movement_cards, name="events-movement-cards"),
    path("crosstable/", room.crosstable, name="events-crosstable"),
    path("pairings/", room.pairings_page, name="events-pairings"),
    path("rounds/<int:number>/cards/", printouts.round_table_cards, name="round-table-cards"),
]

# /events/...
_PAGES: list[URLPattern | URLResolver] = [
    path("", screens.index, name="events-index"),
    path("login/", screens.LoginView.as_view(), name="events-login"),
    path("logout/", accounts.LogoutView.as_view(), name="events-logout"),
    path("account/", accounts.account, name="events-account"),
    path(
        "account/password/",
        accounts.PasswordChangeView.as_view(),
        name="events-password-change",
    ),
    path(
        "account/password/done/",
        accounts.PasswordChangeDoneView.as_view(),
        name="events-password-change-done",
    ),
    path("password-reset/", accounts.PasswordResetView.as_view(), name="events-password-reset"),
    path(
        "password-reset/sent/",
        accounts.PasswordResetDoneView.as_view(),
        name="events-password-reset-done",
    ),
    path(
        "password-reset/<uidb64>/<token>/",
        accounts.PasswordResetConfirmView.as_view(),
        name="events-password-reset-confirm",
    ),
    path("invites/", accounts.invite_create, name="events-invite-create"),
    path(
        "invites/<int:invite_id>/answer/",
        accounts.invite_answer,
        name="events-invite-answer",
    ),
    path("clubs/<int:club_id>/settings/", accounts.club_settings, name="events-club-settings"),
    path("invite/<str:token>/", accounts.invite_page, name="events-invite"),
    path("director/", screens.director_home, name="events-director"),
    path("restore/", restore.restore_page, name="events-restore"),
    path("table/", screens.table_page, name="events-table"),
    path(
        "clubs/<int:club_id>/leaderboard/",
        printouts.leaderboard_page,
        name="events-leaderboard",
    ),
    path("players/<int:player_id>/", printouts.player_page, name="events-player"),
    path(
        "players/<int:player_id>/erase/",
        printouts.player_erase_page,
        name="events-player-erase",
    ),
    path("<int:event_id>/", include(_NIGHT)),
]

urlpatterns = [
    path("api/v1/", include(_API)),
    path("events/", include(_PAGES)),
]
