"""The events API under /api/v1/ and its printable pages and screens under /events/."""

from django.urls import path

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

V1 = "api/v1/"
CLUB = V1 + "clubs/<int:club_id>/"
EVENT = V1 + "events/<int:event_id>/"
TABLE = V1 + "tables/<int:table_id>/"
PLAYER = V1 + "players/<int:player_id>/"
# The pages and screens.
ACCOUNT = "events/account/"
RESET = "events/password-reset/"
NIGHT = "events/<int:event_id>/"

urlpatterns = [
    path(V1 + "clubs/", clubs.ClubListView.as_view(), name="clubs"),
    path(CLUB, clubs.ClubDetailView.as_view(), name="club"),
    path(CLUB + "players/", clubs.RosterView.as_view(), name="club-players"),
    path(CLUB + "players/log/", clubs.RosterLogView.as_view(), name="club-players-log"),
    path(CLUB + "directors/", clubs.DirectorInviteView.as_view(), name="club-directors"),
    path(V1 + "invites/", clubs.InviteListView.as_view(), name="invites"),
    path(
        V1 + "invites/<int:invite_id>/accept/",
        clubs.InviteAcceptView.as_view(),
        name="invite-accept",
    ),
    path(
        V1 + "invites/<int:invite_id>/decline/",
        clubs.InviteDeclineView.as_view(),
        name="invite-decline",
    ),
    path(CLUB + "seasons/", clubs.SeasonListView.as_view(), name="club-seasons"),
    path(CLUB + "seasons/<int:season_id>/", clubs.SeasonDetailView.as_view(), name="club-season"),
    path(CLUB + "leaderboard/", clubs.LeaderboardView.as_view(), name="club-leaderboard"),
    path(CLUB + "leaderboard.csv", clubs.LeaderboardCsvView.as_view(), name="club-leaderboard-csv"),
    path(CLUB + "events/", clubs.ClubEventListView.as_view(), name="club-events"),
    path(PLAYER, clubs.PlayerRecordView.as_view(), name="player"),
    path(PLAYER + "merge/", clubs.PlayerMergeView.as_view(), name="player-merge"),
    path(PLAYER + "split/", clubs.PlayerSplitView.as_view(), name="player-split"),
    path(PLAYER + "erase/", privacy.PlayerEraseView.as_view(), name="player-erase"),
    path(PLAYER + "export.json", privacy.PlayerExportView.as_view(), name="player-export"),
    path(PLAYER + "export.csv", privacy.PlayerExportCsvView.as_view(), name="player-export-csv"),
    path(V1 + "events/", events.EventListView.as_view(), name="events"),
    path(EVENT, events.EventDetailView.as_view(), name="event"),
    path(EVENT + "players/", events.EntrantListView.as_view(), name="event-players"),
    path(
        EVENT + "players/<int:player_id>/",
        events.EntrantDetailView.as_view(),
        name="event-player",
    ),
    path(EVENT + "teams/", events.TeamListView.as_view(), name="event-teams"),
    path(EVENT + "seeds/", brackets.SeedsView.as_view(), name="event-seeds"),
    path(EVENT + "bracket/", brackets.BracketView.as_view(), name="event-bracket"),
    path(EVENT + "rounds/", events.RoundListView.as_view(), name="event-rounds"),
    path(EVENT + "rounds/<int:number>/", events.RoundDetailView.as_view(), name="event-round"),
    path(EVENT + "rounds/<int:number>/time/", events.RoundTimeView.as_view(), name="event-time"),
    path(EVENT + "rounds/<int:number>/swap/", repairs.RoundSwapView.as_view(), name="event-swap"),
    path(EVENT + "rounds/<int:number>/late/", repairs.RoundLateView.as_view(), name="event-late"),
    path(EVENT + "close/", events.CloseView.as_view(), name="event-close"),
    path(EVENT + "reopen/", repairs.ReopenView.as_view(), name="event-reopen"),
    path(
        EVENT + "join-limit/lift/",
        repairs.JoinLimitLiftView.as_view(),
        name="event-join-limit-lift",
    ),
    path(EVENT + "standings/", events.StandingsView.as_view(), name="event-standings"),
    path(EVENT + "standings.csv", events.StandingsCsvView.as_view(), name="event-standings-csv"),
    path(EVENT + "results.csv", events.ResultsCsvView.as_view(), name="event-results-csv"),
    path(EVENT + "tally.csv", events.TallyCsvView.as_view(), name="event-tally-csv"),
    path(EVENT + "games.emn", events.EventEgnView.as_view(), name="event-egn"),
    path(EVENT + "log/", events.ChangeLogView.as_view(), name="event-log"),
    path(EVENT + "board/", remedies.BoardView.as_view(), name="event-board"),
    path(
        EVENT + "teams/<int:team_id>/withdraw/",
        remedies.TeamWithdrawView.as_view(),
        name="event-team-withdraw",
    ),
    path(V1 + "tables/join/", tables.JoinView.as_view(), name="tables-join"),
    path(V1 + "tables/device/", tables.DeviceView.as_view(), name="tables-device"),
    path(TABLE, tables.TableDetailView.as_view(), name="table"),
    path(TABLE + "code/", tables.TableCodeView.as_view(), name="table-code"),
    path(TABLE + "takeover/", tables.TableTakeoverView.as_view(), name="table-takeover"),
    path(
        TABLE + "confirmers/end/",
        tables.TableConfirmersEndView.as_view(),
        name="table-confirmers-end",
    ),
    path(TABLE + "hands/", tables.TableHandsView.as_view(), name="table-hands"),
    path(TABLE + "hands/<int:number>/", tables.TableHandView.as_view(), name="table-hand"),
    path(TABLE + "result/", tables.TableResultView.as_view(), name="table-result"),
    path(TABLE + "result/confirm/", tables.ResultConfirmView.as_view(), name="table-confirm"),
    path(TABLE + "result/dispute/", tables.ResultDisputeView.as_view(), name="table-dispute"),
    path(TABLE + "game.egn", tables.TableEgnView.as_view(), name="table-egn"),
    path(TABLE + "result/assign/", remedies.ResultAssignView.as_view(), name="table-assign"),
    path(TABLE + "result/forfeit/", remedies.ResultForfeitView.as_view(), name="table-forfeit"),
    path(TABLE + "result/cut/", remedies.ResultCutView.as_view(), name="table-cut"),
    path(
        TABLE + "seats/<int:seat>/substitute/",
        remedies.SeatSubstituteView.as_view(),
        name="table-substitute",
    ),
    path(
        TABLE + "seats/<int:seat>/absent/",
        remedies.SeatAbsentView.as_view(),
        name="table-absent",
    ),
    # Printable pages and the screens: Django templates (and a little script).
    path("events/", screens.index, name="events-index"),
    path("events/login/", screens.LoginView.as_view(), name="events-login"),
    path("events/logout/", accounts.LogoutView.as_view(), name="events-logout"),
    path(ACCOUNT, accounts.account, name="events-account"),
    path(
        ACCOUNT + "password/",
        accounts.PasswordChangeView.as_view(),
        name="events-password-change",
    ),
    path(
        ACCOUNT + "password/done/",
        accounts.PasswordChangeDoneView.as_view(),
        name="events-password-change-done",
    ),
    path(RESET, accounts.PasswordResetView.as_view(), name="events-password-reset"),
    path(
        RESET + "sent/",
        accounts.PasswordResetDoneView.as_view(),
        name="events-password-reset-done",
    ),
    path(
        RESET + "<uidb64>/<token>/",
        accounts.PasswordResetConfirmView.as_view(),
        name="events-password-reset-confirm",
    ),
    path("events/invites/", accounts.invite_create, name="events-invite-create"),
    path(
        "events/invites/<int:invite_id>/answer/",
        accounts.invite_answer,
        name="events-invite-answer",
    ),
    path(
        "events/clubs/<int:club_id>/settings/", accounts.club_settings, name="events-club-settings"
    ),
    path("events/invite/<str:token>/", accounts.invite_page, name="events-invite"),
    path("events/director/", screens.director_home, name="events-director"),
    path("events/restore/", restore.restore_page, name="events-restore"),
    path("events/table/", screens.table_page, name="events-table"),
    path(
        "events/clubs/<int:club_id>/leaderboard/",
        printouts.leaderboard_page,
        name="events-leaderboard",
    ),
    path("events/players/<int:player_id>/", printouts.player_page, name="events-player"),
    path(
        "events/players/<int:player_id>/erase/",
        printouts.player_erase_page,
        name="events-player-erase",
    ),
    path(NIGHT, screens.event_page, name="events-event"),
    path(NIGHT + "manage/", screens.manage, name="events-manage"),
    path(NIGHT + "manage/safety/", screens.manage_safety, name="events-manage-safety"),
    path(NIGHT + "manage/settings/", screens.manage_settings, name="events-manage-settings"),
    path(NIGHT + "check-in/", check_in.check_in_page, name="events-check-in"),
    path(NIGHT + "results/", printouts.results_page, name="event-results-page"),
    path(NIGHT + "bracket/", bracket.bracket_page, name="event-bracket-page"),
    path(NIGHT + "rounds/<int:number>/sheet/", printouts.round_sheet, name="round-sheet"),
    path(NIGHT + "cards/", printouts.table_cards, name="table-cards"),
    path(NIGHT + "projector/", room.projector, name="events-projector"),
    path(NIGHT + "rounds/<int:number>/find/", room.find_your_table, name="events-find-your-table"),
    path(NIGHT + "tally-cards/", room.tally_cards, name="events-tally-cards"),
    path(NIGHT + "movement/", movement.movement_cards, name="events-movement-cards"),
    path(NIGHT + "crosstable/", room.crosstable, name="events-crosstable"),
    path(NIGHT + "pairings/", room.pairings_page, name="events-pairings"),
    path(
        NIGHT + "rounds/<int:number>/cards/", printouts.round_table_cards, name="round-table-cards"
    ),
]
