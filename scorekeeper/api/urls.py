from csp.decorators import csp_update
from django.urls import path
from drf_spectacular.views import SpectacularSwaggerSplitView

from scorekeeper.api import views
from scorekeeper.api.schema import SchemaView

GAME = "api/v1/games/<uuid:game_id>/"

urlpatterns = [
    path("api/schema/", SchemaView.as_view(), name="schema"),
    # The split view serves Swagger UI's start-up script as a file: no inline script (the CSP);
    # Swagger UI does set inline styles, which this page alone allows.
    path(
        "api/docs/",
        csp_update({"style-src": ["'unsafe-inline'"]})(
            SpectacularSwaggerSplitView.as_view(url_name="schema")
        ),
        name="docs",
    ),
    path("api/v1/health/", views.HealthView.as_view(), name="health"),
    path("api/v1/rulesets/", views.RulesetListView.as_view(), name="rulesets"),
    path("api/v1/games/", views.GameCreateView.as_view(), name="games"),
    path("api/v1/demo/games/", views.DemoGameListView.as_view(), name="demo-games"),
    path(GAME, views.GameDetailView.as_view(), name="game"),
    path(GAME + "hands/", views.HandListView.as_view(), name="hands"),
    path(GAME + "hands/<int:number>/", views.HandDetailView.as_view(), name="hand"),
    path(GAME + "log/", views.GameLogView.as_view(), name="game-log"),
    path(GAME + "token/", views.GameTokenView.as_view(), name="game-token"),
    path("api/v1/referee/check", views.RefereeCheckView.as_view(), name="referee-check"),
]
