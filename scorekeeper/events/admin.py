"""Admin: a site administrator grants the director role here; the rest is for reading, since
events change only through the services (which keep the change log)."""

from __future__ import annotations

from django.contrib import admin

from scorekeeper.admin import ReadOnlyAdmin
from scorekeeper.events.models import (
    Director,
    Event,
    Result,
    ResultChange,
    RosterChange,
    Season,
    Table,
)


@admin.register(Director)
class DirectorAdmin(admin.ModelAdmin[Director]):
    list_display = ["user", "club", "created_at"]
    list_filter = ["club"]


@admin.register(RosterChange)
class RosterChangeAdmin(ReadOnlyAdmin):
    list_display = ["club", "action", "player", "other", "actor", "reason", "created_at"]
    list_filter = ["club", "action"]


@admin.register(Season)
class SeasonAdmin(ReadOnlyAdmin):
    list_display = ["name", "club", "starts_on", "ends_on", "ladder", "min_nights", "best_nights"]


@admin.register(Event)
class EventAdmin(ReadOnlyAdmin):
    list_display = ["name", "club", "date", "format", "preset", "status", "published"]
    list_filter = ["club", "format", "status"]


@admin.register(Table)
class TableAdmin(ReadOnlyAdmin):
    list_display = ["round", "number", "game"]


@admin.register(Result)
class ResultAdmin(ReadOnlyAdmin):
    list_display = ["table", "status", "points", "corrected"]
    list_filter = ["status"]


@admin.register(ResultChange)
class ResultChangeAdmin(ReadOnlyAdmin):
    list_display = ["event", "table", "action", "actor", "reason", "created_at"]
    list_filter = ["action"]
