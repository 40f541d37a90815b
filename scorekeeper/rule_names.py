"""What people call a ruleset: one home for the names pages show instead of preset keys.

The referee knows a preset by its key (`openspiel`); a page says "OpenSpiel rules", in the
reader's language. The table app's script has its own copy of these names (webapp i18n.js,
`preset.*`); keep the two in step.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any, Final

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

import referee

PRESET_NAMES: Final[Mapping[str, Promise]] = {
    "standard": _("Standard rules"),
    "uka": _("UKA rules"),
    "two-handed": _("Two-handed"),
    "three-handed": _("Three-handed"),
    "british": _("British rules (with the Benny)"),
    "openspiel": _("OpenSpiel rules"),
    "six-handed": _("Six-handed"),
    "bid-euchre": _("Bid Euchre"),
}


def ruleset_name(preset: str, ruleset: Mapping[str, Any] | None = None) -> str:
    """The preset's human name; "house rules" after it when the ruleset changes any of the
    preset's options (an unknown key is shown as it is, never hidden)."""
    name = str(PRESET_NAMES.get(preset, preset))
    base = referee.PRESETS.get(preset)
    if ruleset and base is not None and dict(ruleset) != base.to_json():
        return str(_("%(name)s, house rules") % {"name": name})
    return name


def preset_choices(players: Collection[int] = (4,)) -> list[tuple[str, str]]:
    """The presets for tables of these many players (a club night's four), as (key, name)
    for a form."""
    return [
        (key, str(PRESET_NAMES.get(key, key)))
        for key, rules in referee.PRESETS.items()
        if rules.players in players
    ]
