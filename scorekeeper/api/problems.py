"""RFC 9457 problem details for every error the API can give, naming the field at fault."""

from __future__ import annotations

import functools
import logging
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ParamSpec

from django.core.exceptions import DisallowedHost, RequestDataTooBig, TooManyFieldsSent
from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.urls import Resolver404, resolve
from django.utils.translation import get_language, gettext_lazy, gettext_noop
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt
from rest_framework import exceptions
from rest_framework.response import Response

import referee
from scorekeeper.api.parsers import BodyTooLarge
from scorekeeper.errors import DomainError, NotFound
from scorekeeper.particles import particles_chosen

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

PROBLEM_JSON = "application/problem+json"
logger = logging.getLogger(__name__)
_P = ParamSpec("_P")

# The field (or header) each kind of DRF error is about, when the error doesn't say.
_FIELD_OF: dict[type[exceptions.APIException], str] = {
    exceptions.ParseError: "body",
    exceptions.UnsupportedMediaType: "Content-Type",
    exceptions.NotAuthenticated: "Authorization",
    exceptions.AuthenticationFailed: "Authorization",
    exceptions.PermissionDenied: "Authorization",
    exceptions.NotAcceptable: "Accept",
    exceptions.MethodNotAllowed: "method",
    exceptions.NotFound: "path",
    # A limit reached: what was asked too often from the client (a join's code names it).
    exceptions.Throttled: "path",
    BodyTooLarge: "body",
}

#: DRF's own words for a wrong method or media type, which our catalogue says in Korean with
#: no particle after the value (DRF's own Korean fixes one: "text/plain"가); marked here so
#: that the catalogue keeps them.
DRF_WORDS = (
    gettext_noop('Method "{method}" not allowed.'),
    gettext_noop('Unsupported media type "{media_type}" in request.'),
)


def problem(
    status_code: int,
    *,
    title: str,
    detail: str,
    code: str,
    field: str | None = None,
    errors: list[dict[str, str]] | None = None,
    **extra: Any,
) -> dict[str, Any]:
    detail = particles_chosen(detail)
    body: dict[str, Any] = {
        "type": "about:blank",
        "title": title,
        "status": status_code,
        "detail": detail,
        "code": code,
        "field": field,
    }
    if errors is not None:
        errors = [{**error, "detail": particles_chosen(error["detail"])} for error in errors]
    body["errors"] = (
        errors if errors is not None else ([{"field": field, "detail": detail}] if field else [])
    )
    body.update(extra)
    return body


def _flatten(detail: Any, prefix: str = "") -> list[dict[str, str]]:
    """DRF's nested validation errors as a flat list of {field, detail}, paths like a[0].b."""
    if isinstance(detail, dict):
        found: list[dict[str, str]] = []
        for key, value in detail.items():
            name = "body" if key in ("non_field_errors", "detail") and not prefix else str(key)
            if key in ("non_field_errors", "detail") and prefix:
                path = prefix
            elif isinstance(key, int):
                path = f"{prefix}[{key}]"
            else:
                path = f"{prefix}.{name}" if prefix else name
            found.extend(_flatten(value, path))
        return found
    if isinstance(detail, list):
        if all(isinstance(item, str) for item in detail):
            return [{"field": prefix or "body", "detail": str(item)} for item in detail]
        found = []
        for index, item in enumerate(detail):
            if item:
                found.extend(_flatten(item, f"{prefix}[{index}]"))
        return found
    return [{"field": prefix or "body", "detail": str(detail)}]


#: The codes of our own a field's error keeps when DRF reports it inside a body (a field a
#: nested object does not have): any other is DRF's own, and the problem says `invalid`.
_OWN_CODES = frozenset({"not-a-field"})


def _own_code(detail: Any) -> str | None:
    """The code of the first error `_flatten` lists, if it is one of `_OWN_CODES`."""
    while isinstance(detail, dict | list):
        items = list(detail.values()) if isinstance(detail, dict) else detail
        detail = next((item for item in items if item), None)
    code = getattr(detail, "code", None)
    return code if code in _OWN_CODES else None


def _respond(body: dict[str, Any], headers: dict[str, str] | None = None) -> Response:
    return Response(body, status=body["status"], headers=headers, content_type=PROBLEM_JSON)


#: Every 401 says how to authenticate (RFC 9110): with a bearer token.
BEARER_CHALLENGE = "Bearer"


def problem_exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    if isinstance(exc, DomainError):
        return _respond(
            problem(
                exc.status,
                title=status_text(exc.status),
                detail=exc.detail,
                code=exc.code,
                field=exc.field,
                **exc.extra,
            ),
            {"WWW-Authenticate": BEARER_CHALLENGE} if exc.status == 401 else None,
        )
    if isinstance(exc, referee.MalformedRecord):
        return _respond(
            problem(
                400,
                title=status_text(400),
                detail=exc.detail_in(get_language() or "en"),
                code="malformed",
                field=exc.field,
            )
        )
    if isinstance(exc, RequestDataTooBig | TooManyFieldsSent):
        exc = BodyTooLarge()  # Django's own limit, met before ours: debug or not, a problem
    if isinstance(exc, Http404):
        exc = exceptions.NotFound()
    elif isinstance(exc, DjangoPermissionDenied):
        exc = exceptions.PermissionDenied()
    if not isinstance(exc, exceptions.APIException):
        return None
    headers: dict[str, str] = {}
    if exc.status_code == 401:
        headers["WWW-Authenticate"] = getattr(exc, "auth_header", None) or BEARER_CHALLENGE
    if wait := getattr(exc, "wait", None):
        headers["Retry-After"] = str(int(wait))
    if isinstance(exc, exceptions.ValidationError):
        errors = _flatten(exc.detail)
        first = errors[0] if errors else {"field": "body", "detail": _("invalid input")}
        body = problem(
            400,
            title=status_text(400),
            detail=f"{first['field']}: {first['detail']}",
            code=_own_code(exc.detail) or "invalid",
            field=first["field"],
            errors=errors,
        )
    else:
        detail = exc.detail if isinstance(exc.detail, str) else str(exc.detail)
        body = problem(
            exc.status_code,
            title=status_text(exc.status_code),
            detail=str(detail),
            code=str(getattr(exc.detail, "code", None) or exc.default_code),
            field=getattr(exc, "field", None) or _FIELD_OF.get(type(exc)),
        )
    return _respond(body, headers)


#: The titles of the statuses the API answers with, in the request's language.
STATUS_TITLES: dict[int, StrOrPromise] = {
    400: gettext_lazy("Bad Request"),
    401: gettext_lazy("Unauthorized"),
    403: gettext_lazy("Forbidden"),
    404: gettext_lazy("Not Found"),
    405: gettext_lazy("Method Not Allowed"),
    406: gettext_lazy("Not Acceptable"),
    409: gettext_lazy("Conflict"),
    412: gettext_lazy("Precondition Failed"),
    413: gettext_lazy("Content Too Large"),
    415: gettext_lazy("Unsupported Media Type"),
    422: gettext_lazy("Unprocessable Content"),
    431: gettext_lazy("Request Header Fields Too Large"),
    429: gettext_lazy("Too Many Requests"),
    500: gettext_lazy("Internal Server Error"),
    503: gettext_lazy("Service Unavailable"),
}


def status_text(code: int) -> str:
    from http import HTTPStatus

    if code in STATUS_TITLES:
        return str(STATUS_TITLES[code])
    try:
        return HTTPStatus(code).phrase
    except ValueError:
        return _("Error")


def problem_response(body: dict[str, Any]) -> JsonResponse:
    """A problem answered outside DRF, written as DRF writes its own: compact UTF-8."""
    return JsonResponse(
        body,
        status=body["status"],
        content_type=PROBLEM_JSON,
        json_dumps_params={"separators": (",", ":"), "ensure_ascii": False},
    )


def site_problem(
    status_code: int, *, code: str, detail: str, field: str | None = None
) -> JsonResponse:
    """A problem the site's own handlers answer (outside DRF), titled by its status."""
    return problem_response(
        problem(status_code, title=status_text(status_code), code=code, field=field, detail=detail)
    )


@csrf_exempt
def api_not_found(request: HttpRequest, *args: Any, **kwargs: Any) -> JsonResponse:
    path = request.path
    # Every API path ends with a slash but the referee's check, the spec's own path.
    unslashed = path.removesuffix("/")
    if unslashed != path and _resolves(unslashed):
        detail = _("No API resource at %(path)s. Did you mean %(other)s?") % {
            "path": path,
            "other": unslashed,
        }
    else:
        detail = _("No API resource at %(path)s. Note that API paths end with a slash.") % {
            "path": path
        }
    return site_problem(404, code="not_found", field="path", detail=detail)


def _resolves(path: str) -> bool:
    """Whether `path` is an API resource (a path the catch-all does not take, one with a line
    break in it say, is none)."""
    try:
        return resolve(path).func is not api_not_found
    except Resolver404:
        return False


def not_found(request: HttpRequest, exception: Exception) -> HttpResponse:
    if request.path.startswith("/api/"):
        return api_not_found(request)
    from django.views.defaults import page_not_found

    return page_not_found(request, exception)


def pages_not_found(page: Callable[_P, HttpResponse]) -> Callable[_P, HttpResponse]:
    """A page (HTML, not the API) answers Django's 404 for anything not found, so that an id
    which does not exist and one the visitor may not see look alike."""

    @functools.wraps(page)
    def wrapper(*args: _P.args, **kwargs: _P.kwargs) -> HttpResponse:
        try:
            return page(*args, **kwargs)
        except NotFound as error:
            raise Http404(error.detail) from None

    return wrapper


def csrf_failure(request: HttpRequest, reason: str = "") -> HttpResponse:
    if request.path.startswith("/api/"):
        return site_problem(
            403,
            code="csrf",
            field="Cookie",
            detail=_("CSRF check failed: %(reason)s") % {"reason": reason},
        )
    from django.views.csrf import csrf_failure as html_csrf_failure

    return html_csrf_failure(request, reason)


def bad_request(request: HttpRequest, exception: Exception) -> HttpResponse:
    """Django's 400 (a Host header not allowed, a body too large for Django's own limits):
    under /api/ a problem too."""
    if not request.path.startswith("/api/"):
        from django.views.defaults import bad_request as html_bad_request

        return html_bad_request(request, exception)
    if isinstance(exception, RequestDataTooBig | TooManyFieldsSent):
        return site_problem(
            413,
            code="body-too-large",
            field="body",
            detail=_("The request body is larger than the API takes."),
        )
    return site_problem(
        400,
        code="bad-request",
        field="Host" if isinstance(exception, DisallowedHost) else None,
        detail=_("This server does not answer for this host name.")
        if isinstance(exception, DisallowedHost)
        else _("The request could not be read."),
    )


def server_error(request: HttpRequest) -> HttpResponse:
    from scorekeeper.outage import is_outage, outage_response

    error = sys.exc_info()[1]
    if is_outage(error):
        assert error is not None
        return outage_response(request, error)
    if request.path.startswith("/api/"):
        return site_problem(
            500,
            code="server_error",
            detail=_("Something went wrong on our side; it has been logged."),
        )
    from django.views.defaults import server_error as html_server_error

    return html_server_error(request)
