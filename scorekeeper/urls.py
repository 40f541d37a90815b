from django.contrib import admin
from django.urls import include, path, re_path

from scorekeeper.api.problems import api_not_found

# The API first: a night's requests (a table's hands, the watchers' polls) are matched before
# the app's screens and the admin are tried.
urlpatterns = [
    path("", include("scorekeeper.events.urls")),
    path("", include("scorekeeper.api.urls")),
    path("", include("scorekeeper.webapp.urls")),
    path("admin/", admin.site.urls),
    # Keep last: anything else under /api/ answers a JSON 404, also with DEBUG on.
    re_path(r"^api(?:/.*)?$", api_not_found),
]

handler400 = "scorekeeper.api.problems.bad_request"
handler404 = "scorekeeper.api.problems.not_found"
handler500 = "scorekeeper.api.problems.server_error"
