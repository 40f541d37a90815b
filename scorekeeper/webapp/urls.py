from django.urls import path, re_path

from scorekeeper.webapp import views

# Every screen of the app is the same shell page; the page's script picks the screen from
# the path. Keep these in step with APP_ROUTE in templates/webapp/sw.js.
urlpatterns = [
    path("", views.shell, name="app"),
    path("new/", views.shell, name="app-new"),
    path("referee/", views.shell, name="app-referee"),
    re_path(r"^g/[0-9a-f-]{36}/(?:(?:referee|log|share)/)?$", views.shell, name="app-game"),
    # Table mode: a club night's table on this phone; /t/<code> is a table card's short URL.
    re_path(r"^table/(?:(?:referee|log)/)?$", views.shell, name="app-table"),
    re_path(r"^t/[A-Za-z0-9]{1,12}/?$", views.shell, name="app-join"),
    path("rules/", views.rules, name="app-rules"),
    path("sw.js", views.service_worker, name="service-worker"),
    path("manifest.webmanifest", views.manifest, name="manifest"),
]
