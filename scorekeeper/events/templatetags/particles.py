"""`{% filter particles %}{% blocktranslate %}...{% endblocktranslate %}{% endfilter %}`: in
Korean, a name's particle the catalogue says in both forms ("{{ name }}을(를)") in the form
the name takes ("Ann을"), as the API's messages and the app's words say it."""

from __future__ import annotations

from django import template
from django.utils.safestring import SafeString, mark_safe

from scorekeeper.particles import particles_chosen

register = template.Library()


@register.filter(is_safe=True)
def particles(text: str) -> str:
    chosen = particles_chosen(str(text))
    # (It only picks one of two forms the text already held: nothing to escape is added.)
    return mark_safe(chosen) if isinstance(text, SafeString) else chosen
