"""Event formats as plug-ins: one module each (`progressive`, `round_robin`, `knockout`,
`party`, `swiss`), each a class implementing `base.EventFormat`, registered by its dotted path
in the `EVENT_FORMATS` setting. The rest of the events app asks an event's format
(`format_of(event)`) what to do, never compares its name.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from django.conf import settings
from django.core.signals import setting_changed
from django.utils.module_loading import import_string
from django.utils.translation import gettext as _

from referee import PRESETS
from scorekeeper.errors import Malformed
from scorekeeper.events.formats.base import EventFormat, EventLike
from scorekeeper.events.formats.options import OptionField
from scorekeeper.rule_names import preset_choices


@cache
def registered() -> dict[str, EventFormat]:
    """The formats of `settings.EVENT_FORMATS`, by name, in the order registered."""
    formats: dict[str, EventFormat] = {}
    for path in settings.EVENT_FORMATS:
        made: EventFormat = import_string(path)()
        if made.name in formats:
            raise ValueError(f"two event formats are named {made.name}")
        formats[made.name] = made
    _option_fields(formats)  # the formats agree on what each option is
    return formats


def format_named(name: str) -> EventFormat:
    """The format of this name, or a 400 naming the field `format`."""
    found = registered().get(name)
    if found is None:
        raise Malformed(
            _("the formats are: %(names)s") % {"names": ", ".join(registered())},
            code="bad-format",
            field="format",
        )
    return found


def format_of(event: EventLike) -> EventFormat:
    """The event's format. An event of a format this server does not have is a setting
    gone wrong, not a visitor's mistake."""
    found = registered().get(event.format)
    if found is None:
        raise LookupError(f"the event format {event.format!r} is not in EVENT_FORMATS")
    return found


def event_presets() -> list[tuple[str, str, str]]:
    """The presets an event can use, as (key, name, the formats that seat it, by name and
    space-separated) for the new-event form: six-handed only where a format seats six."""
    sizes = {name: kind.table_sizes for name, kind in registered().items()}
    seated = sorted({size for each in sizes.values() for size in each})
    return [
        (key, label, " ".join(name for name, each in sizes.items() if PRESETS[key].players in each))
        for key, label in preset_choices(seated)
    ]


def has_page(event: EventLike, key: str) -> bool:
    """The event's format has this page of its own (a crosstable, a bracket, ...)."""
    return any(page.key == key for page in format_of(event).pages)


def option_fields() -> dict[str, OptionField]:
    """Every format's options by name (each a top-level field of an event), the choices of
    an option several formats take put together (a whole number's bounds are the same in
    each: the API's schema gives one); `rounds_planned` is every event's."""
    return _option_fields(registered())


def _option_fields(formats: dict[str, EventFormat]) -> dict[str, OptionField]:
    fields: dict[str, OptionField] = {}
    for made in formats.values():
        for option in made.fields:
            seen = fields.get(option.name)
            if seen is None:
                fields[option.name] = option
                continue
            bounds = ("kind", "values", "minimum", "maximum") if option.kind == "int" else ("kind",)
            if any(getattr(seen, each) != getattr(option, each) for each in bounds):
                raise ValueError(f"the formats disagree on what {option.name} is")
            choices = dict(seen.choices)
            choices.update(
                (value, label) for value, label in option.choices if value not in choices
            )
            fields[option.name] = OptionField(
                **{**seen.__dict__, "choices": tuple(choices.items())}
            )
    return fields


def option_defaults() -> dict[str, Any]:
    """What an event shows for an option its format does not take: the option's default
    where it has one (as the events of earlier builds showed every format's options)."""
    return {name: option.default for name, option in option_fields().items()}


def _forget(*, setting: str, **kwargs: Any) -> None:
    if setting == "EVENT_FORMATS":
        registered.cache_clear()


setting_changed.connect(_forget)
