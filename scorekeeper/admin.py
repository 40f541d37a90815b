"""Admin for players, clubs, games and hands: reading is free, changes go through services."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.http import HttpRequest

from scorekeeper.models import ChangeLogEntry, Club, Game, Hand, Player, Seat


@admin.register(Club)
class ClubAdmin(admin.ModelAdmin[Club]):
    list_display = ["name", "created_at"]
    search_fields = ["name"]


class ReadOnlyInline(admin.TabularInline[Any, Any]):
    extra = 0
    can_delete = False

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class SeatInline(ReadOnlyInline):
    model = Seat
    fields = ["number", "player", "team"]


class HandInline(ReadOnlyInline):
    model = Hand
    fields = ["number", "dealer", "kind", "trump", "maker", "alone", "maker_tricks", "award"]


class ReadOnlyAdmin(admin.ModelAdmin[Any]):
    """Scores change only through the services, which keep the change log: the admin reads,
    and never adds, changes or deletes a game, a hand or a log entry."""

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(Player)
class PlayerAdmin(ReadOnlyAdmin):
    """Players change through the roster's services (a director's rename, merge and split),
    which keep its log."""

    list_display = ["name", "label", "club", "kind", "created_at"]
    list_filter = ["club", "kind"]
    search_fields = ["name"]


@admin.register(Game)
class GameAdmin(ReadOnlyAdmin):
    list_display = ["id", "preset", "status", "winner", "version", "club", "created_at"]
    list_filter = ["preset", "status", "club"]
    inlines = [SeatInline, HandInline]


@admin.register(Hand)
class HandAdmin(ReadOnlyAdmin):
    list_display = ["game", "number", "dealer", "kind", "maker", "maker_tricks", "award"]
    list_filter = ["kind"]


@admin.register(ChangeLogEntry)
class ChangeLogEntryAdmin(ReadOnlyAdmin):
    list_display = ["game", "hand_number", "action", "actor", "reason", "created_at"]
    list_filter = ["action"]
