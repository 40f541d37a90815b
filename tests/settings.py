"""The settings the tests run with: the scorekeeper's own, and an event format only the tests
have (`tests/events/rotation_format.py`), registered as any new format is: a line here."""

from scorekeeper.settings import *  # noqa: F403
from scorekeeper.settings import EVENT_FORMATS

EVENT_FORMATS = [*EVENT_FORMATS, "tests.events.rotation_format.Rotation"]
