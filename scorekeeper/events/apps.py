from django.apps import AppConfig


class EventsConfig(AppConfig):
    name = "scorekeeper.events"
    label = "events"
    verbose_name = "Clubs and tournaments"
    default_auto_field = "django.db.models.BigAutoField"
