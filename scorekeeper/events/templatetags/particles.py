"""`{% filter particles %}{% blocktranslate %}...{% endblocktranslate %}{% endfilter %}`: in
Korean, a name's particle the catalogue says in both forms ("{{ name }}을(를)") in the form
the name takes ("Ann을"), as the API's messages and the app's words say it.
`{{ story|unbroken }}`, `{% filter unbroken %}`: a word's bracket, middle dot or particle kept
on the word's line ("북(★)이", "Dora (demo director)가", "선수·라운드마다")."""

from __future__ import annotations

from django import template
from django.utils.safestring import SafeString, mark_safe

from scorekeeper import particles as korean

register = template.Library()


@register.filter(is_safe=True)
def particles(text: str) -> str:
    chosen = korean.particles_chosen(str(text))
    # (It only picks one of two forms the text already held: nothing to escape is added.)
    return mark_safe(chosen) if isinstance(text, SafeString) else chosen


@register.filter(is_safe=True)
def unbroken(text: str) -> str:
    kept = korean.unbroken(str(text))
    # (It only adds word joiners between letters and brackets: nothing to escape.)
    return mark_safe(kept) if isinstance(text, SafeString) else kept
