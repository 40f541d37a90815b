"""Every operation can answer with a problem document; say so in the schema."""

from __future__ import annotations

from typing import Any

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
    return result
