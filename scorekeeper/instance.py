"""What a club's laptop keeps of itself between starts, outside the code's own files: its
folder (INSTANCE_DIR, else `instance/` beside the code) and in it the secret key `serve` makes
on its first start. Read by the settings before Django starts, so nothing of Django here."""

from __future__ import annotations

import os
import secrets
from pathlib import Path

INSTANCE = Path(
    os.environ.get("INSTANCE_DIR") or Path(__file__).resolve().parent.parent / "instance"
)


def secret_key_path() -> Path:
    return INSTANCE / "secret_key"


def secret_key_made() -> str:
    """The laptop's own secret key, made on the first start (mode 0600) and kept for the next."""
    path = secret_key_path()
    if not path.exists():
        INSTANCE.mkdir(exist_ok=True)
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(descriptor, "w") as handle:
            handle.write(secrets.token_urlsafe(50))
    return path.read_text().strip()


def secret_key_kept() -> str:
    """The laptop's own secret key if `serve` has made one, else empty: a command run from a
    terminal (`manage.py restore`) signs as the server does without being told the key."""
    try:
        return secret_key_path().read_text().strip()
    except OSError:
        return ""
