from django.apps import AppConfig


class ScorekeeperConfig(AppConfig):
    name = "scorekeeper"
    verbose_name = "Euchre scorekeeper"
    default_auto_field = "django.db.models.BigAutoField"
