from django.apps import AppConfig


class WebappConfig(AppConfig):
    name = "scorekeeper.webapp"
    label = "webapp"
    verbose_name = "Table app"
