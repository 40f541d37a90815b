"""Where the project's shared, read-only conformance material lives: ``../shared`` beside the repo."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]
SHARED = REPO.parent / "shared"


def shared_path(*parts: str) -> Path:
    path = SHARED.joinpath(*parts)
    if not path.exists():
        raise FileNotFoundError(
            f"conformance data missing: {path} (the shared/ folder must sit beside the repository)"
        )
    return path


def read_jsonl(*parts: str) -> Iterator[dict[str, Any]]:
    with shared_path(*parts).open(encoding="utf-8") as handle:
        for line in handle:
            if line.strip():
                yield json.loads(line)
