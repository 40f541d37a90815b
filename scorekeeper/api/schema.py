"""The API's schema: every operation can answer with a problem document (said in the schema by
`add_problem_responses`), and the schema is served computed once (`SchemaView`)."""

from __future__ import annotations

import hashlib
import threading
from typing import Any, Final

from django.conf import settings
from django.http import HttpResponse
from django.utils import translation
from drf_spectacular.utils import extend_schema
from drf_spectacular.views import SpectacularAPIView
from rest_framework.authentication import SessionAuthentication
from rest_framework.renderers import JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response

from scorekeeper.api.limits import SchemaReads

PROBLEM_REF = {"$ref": "#/components/schemas/Problem"}


def add_problem_responses(
    result: dict[str, Any], generator: Any, request: Any, public: bool
) -> dict[str, Any]:
    for path in result.get("paths", {}).values():
        for method, operation in path.items():
            if method not in {"get", "post", "put", "patch", "delete"}:
                continue
            operation.setdefault("responses", {}).setdefault(
                "default",
                {
                    "description": "A problem (RFC 9457) naming the field at fault.",
                    "content": {"application/problem+json": {"schema": PROBLEM_REF}},
                },
            )
            body = operation.get("requestBody")
            if body and all(
                _needs_a_field(shape["schema"], result) for shape in body["content"].values()
            ):
                body["required"] = True  # (spectacular leaves a body of several shapes optional)
    return result


def exclusive_hand_shapes(
    result: dict[str, Any], generator: Any, request: Any, public: bool
) -> dict[str, Any]:
    """Each shape of a hand entry rules out the fields of the others (`fields_ruled_out`), so
    a body the schema takes is of one shape only, as the server reads it."""
    from scorekeeper.api.serializers import HAND_SHAPES, fields_ruled_out

    schemas = result.get("components", {}).get("schemas", {})
    for name, shape in HAND_SHAPES.items():
        for serializer in (shape.serializer, shape.amend_serializer):
            component = schemas.get(serializer.__name__.removesuffix("Serializer") + "Request")
            if component is not None:
                ruled_out = sorted(fields_ruled_out(name))
                component["not"] = {"anyOf": [{"required": [field]} for field in ruled_out]}
    return result


def _needs_a_field(shape: dict[str, Any], result: dict[str, Any]) -> bool:
    """Every form the body may take names a field it requires: no body is no such form."""
    if "$ref" in shape:
        shape = result["components"]["schemas"][shape["$ref"].rsplit("/", 1)[1]]
    if "oneOf" in shape:
        return all(_needs_a_field(one, result) for one in shape["oneOf"])
    return bool(shape.get("required"))


#: The schema as sent, by renderer and language: (body, content type, tag). A process makes
#: each once; a new version of the app is a new process.
_SENT: dict[tuple[str, str], tuple[bytes, str, str]] = {}
_MAKING = threading.Lock()
#: How long a client may keep the schema without asking again.
SCHEMA_MAX_AGE: Final = 3600


class SchemaView(SpectacularAPIView):
    """The OpenAPI schema, computed once per process and language and kept as sent (making it
    takes about a third of a second of a core); a client may keep it an hour, and one that
    sends its tag back is answered 304. Reads without signing in are limited per client."""

    authentication_classes = [SessionAuthentication]
    throttle_classes = [SchemaReads]

    @extend_schema(exclude=True)
    def get(self, request: Request, *args: Any, **kwargs: Any) -> HttpResponse:
        wanted = request.GET.get("lang")
        spoken = {code for code, _name in settings.LANGUAGES}
        language = wanted if wanted in spoken else translation.get_language() or "en"
        key = (type(request.accepted_renderer).__name__, language)
        sent = _SENT.get(key)
        if sent is None:
            with _MAKING:  # the other threads wait for the one making it
                sent = _SENT.get(key) or self._made(request, key, language)
        body, content_type, tag = sent
        if tag in {part.strip() for part in request.headers.get("If-None-Match", "").split(",")}:
            response = HttpResponse(status=304)
        else:
            response = HttpResponse(body, content_type=content_type)
        response["ETag"] = tag
        response["Cache-Control"] = f"public, max-age={SCHEMA_MAX_AGE}"
        response["Vary"] = "Accept, Accept-Language"
        return response

    def _made(
        self, request: Request, key: tuple[str, str], language: str
    ) -> tuple[bytes, str, str]:
        with translation.override(language):
            made = super()._get_schema_response(request)  # type: ignore[no-untyped-call]
            made.accepted_renderer = request.accepted_renderer
            made.accepted_media_type = request.accepted_media_type
            made.renderer_context = self.get_renderer_context()
            made.render()
        body = bytes(made.content)
        tag = f'"{hashlib.sha256(body).hexdigest()[:32]}"'
        _SENT[key] = (body, str(made["Content-Type"]), tag)
        return _SENT[key]

    def handle_exception(self, exc: Exception) -> Response:
        """A refusal (a 429 past the limit, say) is a problem document in JSON, as its content
        type says, whatever format the schema itself was asked in (YAML by default)."""
        self.request.accepted_renderer = JSONRenderer()
        self.request.accepted_media_type = JSONRenderer.media_type
        return super().handle_exception(exc)
