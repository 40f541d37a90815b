"""The scorekeeper's URLs plus the benchmarks' bare views: the floor a real endpoint stands on,
through the same middleware and server."""

from __future__ import annotations

from django.db import connection
from django.http import HttpRequest, HttpResponse, HttpResponseNotModified, JsonResponse
from django.urls import include, path
from django.views.decorators.csrf import csrf_exempt

handler400 = "scorekeeper.api.problems.bad_request"
handler404 = "scorekeeper.api.problems.not_found"
handler500 = "scorekeeper.api.problems.server_error"


@csrf_exempt
def bare_insert(request: HttpRequest) -> HttpResponse:
    """One INSERT (api_bench makes the table): the floor of any write."""
    body = request.body.decode() or "{}"
    with connection.cursor() as cursor:
        cursor.execute("INSERT INTO bench_insert (body) VALUES (%s) RETURNING id", [body])
        (row_id,) = cursor.fetchone()
    return JsonResponse({"id": row_id}, status=201)


@csrf_exempt
def bare_poll(request: HttpRequest, event: int) -> HttpResponse:
    """One narrow row read, answered 304 when the poll has its tag: the floor of a poll."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT standings_version FROM events_event WHERE id = %s", [event])
        row = cursor.fetchone()
    tag = f'"bare-{row[0] if row else 0}"'
    if request.headers.get("If-None-Match") == tag:
        return HttpResponseNotModified(headers={"ETag": tag})
    return JsonResponse({"version": row[0] if row else None}, headers={"ETag": tag})


urlpatterns = [
    path("bench/insert/", bare_insert),
    path("bench/poll/<int:event>/", bare_poll),
    path("", include("scorekeeper.urls")),
]
