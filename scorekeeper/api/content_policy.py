"""The Content-Security-Policy header (django-csp), written once for the site's policy rather
than built again for every answer.

django-csp builds the header from the settings on every response (copying each directive,
twice a response: the policy and the report-only one): about a quarter of what a night's
watcher's poll answered 304 costs. The site's policy is fixed for the process, so the header
it makes is kept, with the settings it was made from; an answer with its own policy (a view's
`csp_update`, ...) or a nonce is built by django-csp as before."""

from __future__ import annotations

from typing import Any

from csp.constants import HEADER, HEADER_REPORT_ONLY
from csp.middleware import CheckableLazyObject, CSPMiddleware
from csp.utils import build_policy
from django.conf import settings
from django.http import HttpRequest
from django.http.response import HttpResponseBase

#: What a view sets on its answer to change its policy (django-csp's decorators).
_OWN_POLICY = (
    "_csp_config",
    "_csp_update",
    "_csp_replace",
    "_csp_exempt",
    "_csp_config_ro",
    "_csp_update_ro",
    "_csp_replace_ro",
    "_csp_exempt_ro",
)


class SitePolicyMiddleware(CSPMiddleware):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # The settings the headers were built from, and the headers ("" for none).
        self._made_from: tuple[object, object] | None = None
        self._headers: tuple[str, str] = ("", "")

    def _site_headers(self) -> tuple[str, str]:
        policy = getattr(settings, "CONTENT_SECURITY_POLICY", None)
        report_only = getattr(settings, "CONTENT_SECURITY_POLICY_REPORT_ONLY", None)
        made_from = self._made_from
        if made_from is None or made_from[0] is not policy or made_from[1] is not report_only:
            # (Built anew whenever the settings are other objects: a test's override.)
            self._headers = (build_policy(), build_policy(report_only=True))
            self._made_from = (policy, report_only)
        return self._headers

    def process_response(
        self, request: HttpRequest, response: HttpResponseBase
    ) -> HttpResponseBase:
        if getattr(request, "_csp_nonce", None) is not None or any(
            hasattr(response, name) for name in _OWN_POLICY
        ):
            return super().process_response(request, response)
        if response.status_code in (404, 500) and settings.DEBUG:
            return response  # (Django's debug pages, as django-csp leaves them)
        csp, csp_ro = self._site_headers()
        path = request.path_info
        for header, value, name in (
            (HEADER, csp, "CONTENT_SECURITY_POLICY"),
            (HEADER_REPORT_ONLY, csp_ro, "CONTENT_SECURITY_POLICY_REPORT_ONLY"),
        ):
            if value and header not in response and not _excluded(path, name):
                response[header] = value
        # (No nonce was asked for: asking now, after the header is written, is an error.)
        request.csp_nonce = CheckableLazyObject(self._csp_nonce_post_response)  # type: ignore[attr-defined]
        return response


def _excluded(path: str, name: str) -> bool:
    policy = getattr(settings, name, None) or {}
    prefixes = policy.get("EXCLUDE_URL_PREFIXES") or ()
    return path.startswith(tuple(prefixes))
